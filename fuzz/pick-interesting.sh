#!/usr/bin/env bash
# Picks the committed replay set of a target from a minimized corpus: the 50 smallest inputs
# and 30 spread evenly over the sizes of the rest (real articles, not only fragments).
# Usage: fuzz/pick-interesting.sh TARGET MINIMIZED_DIR
#   (make MINIMIZED_DIR with: fuzz/target/.../release/TARGET -merge=1 MINIMIZED_DIR fuzz/corpus/TARGET)
set -euo pipefail
target=$1 minimized=$2
out="$(dirname "$0")/interesting/$target"
rm -rf "$out" && mkdir -p "$out"
mapfile -t by_size < <(ls -S -r "$minimized")
n=${#by_size[@]}
for ((i = 0; i < n && i < 50; i++)); do cp "$minimized/${by_size[i]}" "$out/"; done
if ((n > 50)); then
    for ((k = 1; k <= 30; k++)); do
        i=$((50 + (n - 51) * k / 30))
        cp "$minimized/${by_size[i]}" "$out/"
    done
fi
echo "$out: $(ls "$out" | wc -l) files, $(du -sb "$out" | cut -f1) bytes"
