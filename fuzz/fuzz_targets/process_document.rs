//! `treaty_pipeline::process_document` end to end on arbitrary bytes (no Japanese tokenizer).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(broken) = treaty_testing::invariants::run_target("process_document", data) {
        panic!("{broken}");
    }
});
