//! The per-page choice of how a PDF text layer is read (letter spacing), with its invariants asserted.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(broken) = treaty_testing::invariants::run_target("letter_spacing", data) {
        panic!("{broken}");
    }
});
