//! Tidy checks over the workspace's sources, in the spirit of rust-analyzer's `tidy.rs`.
//! `tests/tidy.rs` runs them on every crate under `crates/`; each check is a module here,
//! with unit tests that plant a violation in a small source and see it reported.
//!
//! - [`function_length`]: no function outside tests is longer than 100 lines.
//! - [`module_graph`]: the modules of a crate import one way, never in a circle.
//! - [`language`]: words of a language live in the language profiles and nowhere else.
//! - [`corpus_names`]: no source names a state, currency or agency of the corpus texts.
//!
//! Sources are read with rustc's own lexer (`ra-ap-rustc_lexer`) and literals unescaped with
//! rustc's unescaper (`rustc-literal-escaper`), so braces and paths in strings and comments
//! do not count, `"\u{65e5}"` is the kanji it is, and raw strings, byte strings and nested
//! comments are what rustc says they are. Test code (`#[cfg(test)]` items, `#[test]`
//! functions, `tests.rs`, `tests/`) is not checked.
//!
//! No other crate depends on this one.

pub mod corpus_names;
pub mod function_length;
pub mod language;
pub mod literals;
pub mod module_graph;
pub mod source;
pub mod workspace;
