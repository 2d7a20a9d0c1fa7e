#!/usr/bin/env python3
"""Print a text as a scanned PDF would carry it: pages of pixels, no text layer.

The text is laid out on A4 pages (200 dpi, a serif face for Latin script, IPA Gothic for
Japanese), slightly rotated, blurred and thresholded to black and white as a scanner leaves a page,
and saved as a PDF of images. Used to make the OCR test inputs in crates/treaty-cli/tests/data/scanned/ from
excerpts of corpus texts; the excerpt is written beside the PDF as the clean text the OCR'd
rows are compared with.

needs: python3-pil (pip install pillow), fonts-dejavu-core, fonts-ipafont-gothic
usage: scan-print.py SOURCE START_LINE END_LINE OUT_STEM   (lines 1-based, inclusive)
"""
import random
import sys

from PIL import Image, ImageDraw, ImageFilter, ImageFont

DPI = 200
WIDTH, HEIGHT = int(8.27 * DPI), int(11.69 * DPI)
MARGIN = int(0.8 * DPI)
LATIN_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
KANJI_FONT = "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf"


def is_kanji_script(text):
    return sum(1 for c in text if ord(c) > 0x3000) > len(text) // 4


def wrap(line, font, width, by_char):
    units = list(line) if by_char else line.split(" ")
    joiner = "" if by_char else " "
    out, current = [], ""
    for unit in units:
        candidate = current + joiner + unit if current else unit
        if font.getlength(candidate) <= width:
            current = candidate
        else:
            if current:
                out.append(current)
            current = unit
    out.append(current)
    return out


def main():
    source, start, end, stem = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    lines = open(source, encoding="utf-8").read().split("\n")[start - 1 : end]
    text = "\n".join(lines).strip() + "\n"
    open(stem + ".txt", "w", encoding="utf-8").write(text)
    kanji = is_kanji_script(text)
    font = ImageFont.truetype(KANJI_FONT if kanji else LATIN_FONT, 30 if kanji else 28)
    leading = 46 if kanji else 40
    printed = []
    for line in text.split("\n"):
        printed.extend(wrap(line, font, WIDTH - 2 * MARGIN, kanji) if line else [""])
    per_page = (HEIGHT - 2 * MARGIN) // leading
    rng = random.Random(7)
    pages = []
    for first in range(0, len(printed), per_page):
        page = Image.new("L", (WIDTH, HEIGHT), 255)
        draw = ImageDraw.Draw(page)
        for row, line in enumerate(printed[first : first + per_page]):
            draw.text((MARGIN, MARGIN + row * leading), line, font=font, fill=25)
        page = page.rotate(rng.uniform(-0.4, 0.4), fillcolor=255, resample=Image.BICUBIC)
        page = page.filter(ImageFilter.GaussianBlur(0.6))
        # Bilevel, as most scanned official texts are stored: small files, ragged glyph edges.
        pages.append(page.point(lambda v: 255 if v > 150 else 0).convert("1"))
    pages[0].save(stem + ".pdf", save_all=True, append_images=pages[1:], resolution=DPI)
    print(f"{stem}.pdf: {len(pages)} pages")


if __name__ == "__main__":
    main()
