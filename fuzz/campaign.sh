#!/usr/bin/env bash
# The fuzzing campaign whose figures are in the README: each target in turn for a fixed number
# of executions, from the seed corpus (./seed-corpus.sh) plus whatever earlier runs added to it.
# Prints each target's final libFuzzer stats and the executions summed over its workers.
# Usage: fuzz/campaign.sh [TARGET RUNS MAX_LEN]...   (default: the README's campaign)
# Environment:
#   JOBS=N                 N fuzzing processes per target sharing its corpus (libFuzzer reloads
#                          the folder, so each sees what the others find), RUNS/N executions
#                          each, distinct seeds; default 1.
#   BUILD_FLAGS="..."      extra `cargo fuzz build` flags, e.g. --no-trace-compares (about four
#                          times the executions a second on this pipeline, at the cost of
#                          comparison feedback: the dictionary supplies the treaty tokens).
set -uo pipefail
cd "$(dirname "$0")"
[ -d corpus/normalize ] || ./seed-corpus.sh
jobs=${JOBS:-1}
# shellcheck disable=SC2086 # BUILD_FLAGS is a list of flags
cargo +nightly fuzz build --sanitizer none ${BUILD_FLAGS:-}
bin=${CARGO_TARGET_DIR:-target}/x86_64-unknown-linux-gnu/release
mkdir -p logs
if [ $# -eq 0 ]; then
    set -- segment 5000000 2048 process_document 5000000 2048 normalize 1050000 1024 numbers 7000000 256 \
        markdown 1000000 2048 letter_spacing 1000000 2048
fi
while [ $# -ge 3 ]; do
    target=$1 runs=$2 max_len=$3
    shift 3
    mkdir -p "artifacts/$target"
    rm -f logs/"$target".*.log
    pids=()
    for worker in $(seq 1 "$jobs"); do
        nice -n 15 "$bin/$target" "corpus/$target" -dict=treaty.dict -max_len="$max_len" \
            -runs=$((runs / jobs)) -seed="$worker" -print_final_stats=1 \
            -artifact_prefix="artifacts/$target/" > "logs/$target.$worker.log" 2>&1 &
        pids+=($!)
    done
    status=0
    for pid in "${pids[@]}"; do
        wait "$pid" || status=$?
    done
    echo "== $target (workers: $jobs, exit $status)"
    for worker in $(seq 1 "$jobs"); do
        grep -a -E '^#[0-9]+.*DONE|^stat::(number_of_executed_units|average_exec_per_sec)' \
            "logs/$target.$worker.log"
    done
    total=$(cat logs/"$target".*.log | grep -a '^stat::number_of_executed_units' \
        | awk '{sum += $2} END {print sum + 0}')
    echo "executions in all: $total"
    ls "artifacts/$target"
done
