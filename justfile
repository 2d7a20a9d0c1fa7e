# Common tasks; each is a thin wrapper around cargo.

# Process the bundled corpus into output/.
run *ARGS:
    cargo run --release -p treaty-cli -- run {{ARGS}}

# Process the corpus and write the HTML review report (open output/report/index.html).
report:
    cargo run --release -p treaty-cli -- run --report

# All tests.
test:
    tools/test.sh

# Accuracy against the golden fixtures (the CI gate).
check:
    cargo run --release -p treaty-cli -- check

# Benchmarks (MB/s per stage and end to end).
bench:
    cargo bench -p treaty-bench

# Formatting and lints, as CI runs them.
lint:
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets -- -D warnings
