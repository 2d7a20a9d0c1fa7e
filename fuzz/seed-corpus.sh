#!/usr/bin/env bash
# Seeds the fuzz corpora (fuzz/corpus/<target>/, git-ignored) from the texts in corpus/:
# each text is split at line ends into chunks of a few KB, so that one execution is fast;
# the byte targets also get some chunks in the legacy encodings the ingest stage detects
# (Windows-1252, Shift_JIS, EUC-JP, UTF-16 with a byte-order mark).
# Usage: fuzz/seed-corpus.sh   (from anywhere; existing corpus files are kept)
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Every text of the corpus: plain text, Spanish, Markdown from a PDF converter, and the text
# layer of the PDFs where pdftotext is installed.
texts=(../corpus/*.txt ../corpus/en/*.txt ../corpus/ja/*.txt ../corpus/es/*.txt ../corpus/md/*.md)
if command -v pdftotext > /dev/null; then
    for pdf in ../corpus/pdf/*.pdf; do
        pdftotext -layout "$pdf" "$work/$(basename "$pdf" .pdf).txt"
        texts+=("$work/$(basename "$pdf" .pdf).txt")
    done
fi

# split_into DIR BYTES: every text into chunks of at most BYTES bytes, cut at line ends.
split_into() {
    mkdir -p "$1"
    for text in "${texts[@]}"; do
        name=$(basename "$text")
        split -C "$2" -d -a 3 "$text" "$1/${name%.*}-"
    done
}

split_into "$work/4k" 4000
split_into "$work/1k" 1000

mkdir -p corpus/normalize corpus/numbers corpus/segment corpus/process_document \
    corpus/markdown corpus/letter_spacing
cp "$work"/1k/* corpus/numbers/
cp "$work"/4k/* corpus/segment/
cp "$work"/4k/* corpus/normalize/
cp "$work"/4k/* corpus/process_document/
# Markdown stripping: the Markdown pages in chunks, and plain texts (Markdown without markup).
for page in ../corpus/md/*.md; do
    split -C 2000 -d -a 3 "$page" "corpus/markdown/$(basename "$page" .md)-"
done
cp "$work"/1k/*-en-0[0-4]? corpus/markdown/ 2> /dev/null || true
# Letter spacing: Japanese pages as pdftotext -layout prints justified lines (a space between
# every two characters on some lines), and as they are.
python3 - "$work/1k" corpus/letter_spacing <<'PY'
import sys, pathlib
source, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for chunk in sorted(source.iterdir()):
    text = chunk.read_text(encoding="utf-8", errors="replace")
    if not any("\u3040" <= c <= "\u9fff" for c in text):
        continue
    spaced = "\n".join(" ".join(line) if i % 2 == 0 else line
                       for i, line in enumerate(text.split("\n")))
    (out / (chunk.name + ".spaced")).write_text(spaced, encoding="utf-8")
    (out / chunk.name).write_text(text, encoding="utf-8")
PY

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
# The shapes a hostile-input audit found problems with (issue 23): very long lines, one
# heading repeated, a text cut inside a UTF-8 sequence, control and invisible characters,
# numbers of hundreds of digits. Short, so libFuzzer mutates them at full speed.
audit="$work/audit"
mkdir -p "$audit"
python3 - "$audit" <<'PY'
import sys, pathlib
out = pathlib.Path(sys.argv[1])
shapes = {
    "long-line-rate": "Article 10\nDividends\n" + "the tax shall not exceed 10 per cent " * 50,
    "long-line-rate-pt": "Artigo 10\nDividendos\n" + "o imposto não excederá 10 por cento " * 50,
    "repeated-heading-one-line": "Article 1 " * 200,
    "repeated-heading-lines": "Article 10\n" * 150,
    "repeated-japanese-heading": "第十条\n配当\n" * 100,
    "control-characters": "Article 10\nDividends\n2. " + "".join(chr(c) for c in range(32) if c not in (10,)) + "\x7f the tax shall not exceed 5 per cent of the gross amount.\n",
    "invisible-characters": "Art\u00adicle 1\u200b0\nDivi\u2060dends\n2. the tax shall not exceed \ufeff15\u200d per cent\U000e0020\U000e0041 of the gross amount.\n",
    "huge-numbers": "Artigo 10\nDividendos\n2. o imposto não excederá 18446744073709551616 por cento do montante bruto dos dividendos.\n" + "Article 11\nInterest\n2. the tax shall not exceed " + "9" * 400 + " per cent of the gross amount.\n",
    "many-subparagraphs": "Article 12\nRoyalties\n2. the tax shall not exceed:\n" + "".join(f"({chr(97 + i % 26)}) {i} per cent of the gross amount;\n" for i in range(120)),
}
for name, text in shapes.items():
    (out / name).write_bytes(text.encode("utf-8"))
# Cut inside a UTF-8 sequence: the last character's bytes are incomplete.
for name, text in [("cut-inside-utf8-pt", "Artigo 10\n2. o imposto não excederá 15 por cento ção"),
                   ("cut-inside-utf8-ja", "第十条\n２　配当の額の十五パーセントを超えないもの")]:
    (out / name).write_bytes(text.encode("utf-8")[:-1])
PY
for target in corpus/*; do
    cp "$audit"/* "$target"/
done
for target in corpus/*; do
    echo "$target: $(find "$target" -type f | wc -l) files, $(du -sh "$target" | cut -f1)"
done
