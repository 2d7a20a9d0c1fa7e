//! `treaty_segment::segment` with the default configuration on arbitrary strings (bytes read
//! as UTF-8, invalid sequences replaced).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(broken) = treaty_testing::invariants::run_target("segment", data) {
        panic!("{broken}");
    }
});
