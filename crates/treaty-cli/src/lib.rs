//! Library side of the `treaty` command: what the binary and the benchmarks share.
//!
//! The binary (`src/main.rs`) owns argument parsing and printing; this library owns the
//! Japanese dictionary provisioning, so benchmarks load it the same way.

#![deny(missing_docs)]

pub mod dictionary;
