#!/usr/bin/env bash
# The Debian packages the tests use, installed when missing: poppler-utils (pdftotext for PDF
# input, pdftoppm to render scanned pages) and tesseract-ocr with the languages of the
# installed profiles (eng, por, jpn, and jpn_vert for Japanese printed in vertical lines) and
# osd (orientation and script detection, to turn scanned pages upright) for OCR. Needs root and apt; otherwise it says what is
# missing and leaves it (the OCR tests then fail naming the packages).
set -euo pipefail
missing=""
command -v pdftotext >/dev/null 2>&1 || missing="$missing poppler-utils"
command -v tesseract >/dev/null 2>&1 || missing="$missing tesseract-ocr"
for code in eng por jpn jpn_vert osd; do
    tesseract --list-langs 2>/dev/null | grep -x "$code" >/dev/null || missing="$missing tesseract-ocr-${code//_/-}"
done
if [ -z "$missing" ]; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing:$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq $missing >/dev/null
else
    echo "missing Debian packages:$missing (install them as root for the PDF and OCR tests)" >&2
fi
