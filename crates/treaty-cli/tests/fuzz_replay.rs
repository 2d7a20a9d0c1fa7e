//! Replays the fuzz targets' saved inputs through the same invariant checks the targets run
//! (`treaty_testing::invariants`), deterministically, with no fuzzing:
//!
//! - `fuzz/regressions/<target>/`: every input that once crashed a target or broke one of its
//!   invariants, kept after the fix;
//! - `fuzz/interesting/<target>/`: a small set from the fuzzer's minimized corpus (the
//!   smallest inputs that cover the most), so the harness itself runs in `cargo test`.
//!
//! A panic in the pipeline is caught and reported with the file that caused it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use treaty_testing::invariants::{run_target, TARGETS};

fn fuzz_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir`, sorted; none when it does not exist.
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

/// Runs every file of `fuzz/<kind>/<target>/` through its target's check; returns how many
/// ran and the failures.
fn replay(kind: &str) -> (usize, Vec<String>) {
    let mut ran = 0;
    let mut failures = Vec::new();
    for (target, _) in TARGETS {
        for path in files(&fuzz_dir().join(kind).join(target)) {
            let data = std::fs::read(&path).unwrap();
            ran += 1;
            let outcome = catch_unwind(AssertUnwindSafe(|| run_target(target, &data)));
            let name = path.strip_prefix(fuzz_dir()).unwrap_or(&path).display();
            match outcome {
                Ok(Ok(())) => {}
                Ok(Err(broken)) => failures.push(format!("{name}: {broken}")),
                Err(_) => failures.push(format!("{name}: panicked (see the message above)")),
            }
        }
    }
    (ran, failures)
}

#[test]
fn saved_crash_inputs_keep_every_invariant() {
    let (ran, failures) = replay("regressions");
    assert!(ran > 0, "no regression inputs under fuzz/regressions/");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn interesting_inputs_keep_every_invariant() {
    for (target, _) in TARGETS {
        assert!(
            !files(&fuzz_dir().join("interesting").join(target)).is_empty(),
            "no inputs under fuzz/interesting/{target}/"
        );
    }
    let (_, failures) = replay("interesting");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_unknown_target_is_an_error() {
    assert!(run_target("no-such-target", b"x").is_err());
}
