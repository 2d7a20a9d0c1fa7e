#!/usr/bin/env bash
# OCR speed: pages per second on one core, per language, on the scanned test PDFs
# (crates/treaty-cli/tests/data/scanned: 3 A4 pages each, 200 dpi bilevel scans, OCR'd at
# 300 dpi), with an empty OCR cache and one job, so a user can plan a batch.
# usage: tools/bench-ocr.sh   (after cargo build --release -p treaty-cli)
set -euo pipefail
cd "$(dirname "$0")/.."
treaty=target/release/treaty
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for lang in en pt ja; do
    pdf=crates/treaty-cli/tests/data/scanned/$lang-articles-10-12.pdf
    pages=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')
    start=$(date +%s.%N)
    TREATY_OCR_CACHE="$scratch/cache-$lang" "$treaty" run "$pdf" --out "$scratch/out-$lang" --jobs 1 -q
    end=$(date +%s.%N)
    echo "$lang: $pages pages in $(echo "$end - $start" | bc -l | cut -c1-5) s: $(echo "$pages / ($end - $start)" | bc -l | cut -c1-4) pages/s on one core"
done
