//! `treaty_numbers::find_quantities` in each language on arbitrary strings (bytes read as
//! UTF-8, invalid sequences replaced).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(broken) = treaty_testing::invariants::run_target("numbers", data) {
        panic!("{broken}");
    }
});
