#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/<target>/, git-ignored) from the texts in corpus/:
# each text is split at line ends into chunks of a few KB, so that one execution is fast;
# the byte targets also get some chunks in the legacy encodings the ingest stage detects
# (Windows-1252, Shift_JIS, EUC-JP, UTF-16 with a byte-order mark).
# Usage: fuzz/seed-corpus.sh   (from anywhere; existing corpus files are kept)
set -euo pipefail
cd "$(dirname "$0")"
texts=(../corpus/*.txt ../corpus/en/*.txt ../corpus/ja/*.txt)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# split_into DIR BYTES: every text into chunks of at most BYTES bytes, cut at line ends.
split_into() {
    mkdir -p "$1"
    for text in "${texts[@]}"; do
        split -C "$2" -d -a 3 "$text" "$1/$(basename "$text" .txt)-"
    done
}

split_into "$work/4k" 4000
split_into "$work/1k" 1000

mkdir -p corpus/normalize corpus/numbers corpus/segment corpus/process_document
cp "$work"/1k/* corpus/numbers/
cp "$work"/4k/* corpus/segment/
cp "$work"/4k/* corpus/normalize/
cp "$work"/4k/* corpus/process_document/

# Every tenth chunk of the four seed texts, re-encoded.
encoded="$work/encoded"
mkdir -p "$encoded"
for chunk in "$work"/4k/*-[0-9][0-9]0; do
    name=$(basename "$chunk")
    case "$name" in
        japan-*) iconv -c -f UTF-8 -t SHIFT_JIS "$chunk" > "$encoded/$name.sjis" || true
                 iconv -c -f UTF-8 -t EUC-JP "$chunk" > "$encoded/$name.eucjp" || true ;;
        *-ja-*|*-jp*) ;;
        *) iconv -c -f UTF-8 -t WINDOWS-1252 "$chunk" > "$encoded/$name.cp1252" || true ;;
    esac
    { printf '\xff\xfe'; iconv -f UTF-8 -t UTF-16LE "$chunk"; } > "$encoded/$name.utf16le"
    { printf '\xfe\xff'; iconv -f UTF-8 -t UTF-16BE "$chunk"; } > "$encoded/$name.utf16be"
done
cp "$encoded"/* corpus/normalize/
cp "$encoded"/* corpus/process_document/
for target in corpus/*; do
    echo "$target: $(find "$target" -type f | wc -l) files, $(du -sh "$target" | cut -f1)"
done
