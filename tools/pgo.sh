#!/usr/bin/env bash
# Regenerates pgo/treaty.profdata, the profile optimized builds use (see tools/rustc-pgo): an
# instrumented build runs the bundled corpus (every language and input kind), and LLVM's
# profdata tool merges what it counted. Run it after changes to the pipeline's hot paths; a
# stale profile only loses its effect on the functions that changed. Needs the llvm-tools
# component of the toolchain (`rustup component add llvm-tools`).
set -euo pipefail
cd "$(dirname "$0")/.."
sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    rustup component add llvm-tools
fi
counts=$(mktemp -d)
out=$(mktemp -d)
trap 'rm -rf "$counts" "$out"' EXIT
RUSTFLAGS="-Cprofile-generate=$counts" cargo build --release -p treaty-cli --target-dir target/pgo-generate
target/pgo-generate/release/treaty run corpus --out "$out" --quiet
mkdir -p pgo
# Sparse: functions the run never entered are left out (a third of the size).
"$profdata" merge --sparse -o pgo/treaty.profdata "$counts"
rustc -vV | sed -n 's/^LLVM version: //p' > pgo/llvm-version
echo "pgo/treaty.profdata: $(du -h pgo/treaty.profdata | cut -f1), for LLVM $(cat pgo/llvm-version)"
# Cargo does not see what the wrapper adds: optimized builds made before this profile are
# rebuilt only once they are removed.
cargo clean --release
