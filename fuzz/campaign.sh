#!/usr/bin/env bash
# The fuzzing campaign whose figures are in the README: one fuzzer process at a time, each
# target for a fixed number of executions, from the seed corpus (./seed-corpus.sh) plus
# whatever earlier runs added to it. Prints each target's final libFuzzer stats.
# Usage: fuzz/campaign.sh [TARGET RUNS MAX_LEN]...   (default: the README's campaign)
set -uo pipefail
cd "$(dirname "$0")"
[ -d corpus/normalize ] || ./seed-corpus.sh
cargo +nightly fuzz build --sanitizer none
bin=target/x86_64-unknown-linux-gnu/release
mkdir -p logs
if [ $# -eq 0 ]; then
    set -- segment 1100000 2048 process_document 1050000 2048 normalize 1050000 1024 numbers 7000000 256
fi
while [ $# -ge 3 ]; do
    target=$1 runs=$2 max_len=$3
    shift 3
    mkdir -p "artifacts/$target"
    nice -n 15 "$bin/$target" "corpus/$target" -dict=treaty.dict -max_len="$max_len" \
        -runs="$runs" -print_final_stats=1 -artifact_prefix="artifacts/$target/" \
        > "logs/$target.log" 2>&1
    echo "== $target (exit $?)"
    grep -a -E '^#[0-9]+.*DONE|^stat::(number_of_executed_units|average_exec_per_sec)' "logs/$target.log"
    ls "artifacts/$target"
done
