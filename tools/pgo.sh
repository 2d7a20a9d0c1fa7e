#!/usr/bin/env bash
# A profile-guided build of `treaty`, for the last few per cent of speed (about 8% less time per
# document on the bundled corpus): an instrumented build runs the corpus (every language and
# input kind), LLVM's profdata tool merges what it counted, and a second build uses that profile.
# Opt-in: ordinary builds (`cargo build --release`, the README's commands) never use a profile,
# so they print no profile warning, build on every platform and keep a user's RUSTC_WRAPPER.
# The profile is made here, for this compiler and this code, and never kept in git.
# Writes target/pgo/release/treaty (its own target folder: cargo rebuilds it whenever the
# profile's flags change). Needs the llvm-tools component (`rustup component add llvm-tools`,
# done here when missing). Options after the script go to both cargo builds.
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
RUSTFLAGS="${RUSTFLAGS:-} -Cprofile-generate=$counts" \
    cargo build --release -p treaty-cli --target-dir target/pgo-generate "$@"
target/pgo-generate/release/treaty run corpus --out "$out" --quiet --ocr never
profile=$PWD/target/pgo-generate/treaty.profdata
# Sparse: functions the run never entered are left out.
"$profdata" merge --sparse -o "$profile" "$counts"
# LLVM says when a function's profile does not match its code (-pgo-warn-mismatch); a
# profile made just above from this code should always match, so any such warning (another
# compiler's LLVM, a build that changed between the two steps) stops the script.
build_log=$(mktemp)
trap 'rm -rf "$counts" "$out" "$build_log"' EXIT
RUSTFLAGS="${RUSTFLAGS:-} -Cprofile-use=$profile -Cllvm-args=-pgo-warn-mismatch" \
    cargo build --release -p treaty-cli --target-dir target/pgo "$@" 2>&1 | tee "$build_log"
if grep -qiE "profile (data )?(hash )?mismatch|control flow change detected|profile data may be (out of date|corrupted)" "$build_log"; then
    echo "tools/pgo.sh: the profile does not match the code it was built for (see the warnings above)" >&2
    exit 1
fi
echo "target/pgo/release/treaty: built with the profile of a run over corpus/ ($(du -h "$profile" | cut -f1))"
