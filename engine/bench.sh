#!/usr/bin/env bash
# The engine on OCR-heavy input, 1 worker against 2: wall time of engine/ray_driver.py (local
# Ray cluster started by the driver, page-range OCR tasks, merge), speed-up, pages per second
# and seconds of a core per page, each run with an empty OCR cache.
#
#   engine/bench.sh [INPUT...]        (default: corpus/scan, the two scanned PDFs)
#
# TREATY (default target/release/treaty) is the binary; DRIVER_OPTIONS (default
# "--split-pages 4 --pages-per-task 2") go to the driver; RUNS (default 1) runs per worker count
# (the fastest is kept). The fuzzing campaign's processes are paused (SIGSTOP) while it
# measures and resumed (SIGCONT) at the end, whatever happens. Anything else running on the
# machine makes the figures worse: check `uptime` first.
set -euo pipefail
cd "$(dirname "$0")/.."
treaty=${TREATY:-target/release/treaty}
options=${DRIVER_OPTIONS:---split-pages 4 --pages-per-task 2}
runs=${RUNS:-1}
if [ "$#" -eq 0 ]; then set -- corpus/scan; fi
[ -x "$treaty" ] || { echo "bench: no binary at $treaty (cargo build --release -p treaty-cli, or set TREATY)" >&2; exit 2; }
# The campaign's processes, by their executable (their command lines name it relative to
# fuzz/, so `pkill -f fuzz/target/...` finds none of them). Other processes of the machine, at
# whatever nice level, share its two cores with the benchmark (scheduler autogroups: a nice
# level counts only within its session), so they are paused, by process id.
fuzzers=$(for pid in $(pgrep -f 'x86_64-unknown-linux-gnu/release/' || true); do
    case "$(readlink "/proc/$pid/exe" 2>/dev/null)" in
        */fuzz/target/x86_64-unknown-linux-gnu/release/*) echo "$pid" ;;
    esac
done)
work=$(mktemp -d)
resume() {
    # shellcheck disable=SC2086
    [ -z "$fuzzers" ] || kill -CONT $fuzzers 2>/dev/null || true
    rm -rf "$work"
}
trap resume EXIT
# shellcheck disable=SC2086
[ -z "$fuzzers" ] || { kill -STOP $fuzzers; echo "paused the fuzzing campaign's processes:" $fuzzers; }

pages=0
while IFS= read -r path; do
    case "$path" in
        *.pdf|*.PDF) pages=$((pages + $(pdfinfo "$path" | awk '/^Pages:/ {print $2}'))) ;;
    esac
done < <("$treaty" list "$@")
echo "input: $* ($pages PDF pages), binary $treaty, driver options: $options, $(nproc) cores"

declare -A best
for workers in 1 2; do
    for run in $(seq "$runs"); do
        rm -rf "$work/cache" "$work/out" "$work/out.parts" "$work/ray"
        start=$(date +%s.%N)
        # shellcheck disable=SC2086
        RAY_TMPDIR="$work/ray" python3 engine/ray_driver.py "$@" --out "$work/out" --treaty "$treaty" \
            --workers "$workers" --ocr-cache "$work/cache" --quiet $options
        end=$(date +%s.%N)
        seconds=$(echo "$end - $start" | bc -l)
        read_pages=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["ocr"]["pages"])' "$work/out/run.json")
        printf 'workers %d, run %d: %.1f s, %d pages read by OCR\n' "$workers" "$run" "$seconds" "$read_pages"
        if [ -z "${best[$workers]:-}" ] || [ "$(echo "$seconds < ${best[$workers]}" | bc -l)" = 1 ]; then
            best[$workers]=$seconds
        fi
    done
done

echo
echo "| workers | wall time | pages per second | seconds of a core per page | speed-up |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for workers in 1 2; do
    t=${best[$workers]}
    printf '| %d | %.1f s | %.3f | %.1f | %.2f |\n' "$workers" "$t" \
        "$(echo "$pages / $t" | bc -l)" "$(echo "$t * $workers / $pages" | bc -l)" \
        "$(echo "${best[1]} / $t" | bc -l)"
done
