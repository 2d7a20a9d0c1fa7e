//! Markdown stripping + normalize on arbitrary bytes, with the offset-map invariants asserted.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(broken) = treaty_testing::invariants::run_target("markdown", data) {
        panic!("{broken}");
    }
});
