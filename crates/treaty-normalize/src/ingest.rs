//! Stage 1, ingest: refuse what is not text, detect the encoding and decode to UTF-8.
//!
//! The order of the checks: size and emptiness; the first bytes of known binary formats
//! (PDF, ZIP and the office documents built on it, old Word documents, images), which are
//! refused with the command that extracts their text; a byte-order mark (UTF-8, UTF-16LE,
//! UTF-16BE) decides the encoding outright; otherwise a large share of NUL bytes means binary
//! (or UTF-16 without a byte-order mark); strict UTF-8 is tried next, and only input that is
//! not valid UTF-8 goes to `chardetng` (which then chooses among Windows-1252, Shift_JIS,
//! EUC-JP and the other legacy encodings; it sees at most 16 KiB, from just before the first
//! non-ASCII byte).
//! After decoding, text with more than a few percent of control characters or replacement
//! characters is refused as binary. A few stray control bytes (a NUL here and there) do not
//! make a text binary: normalization removes them and counts them.
//!
//! HTML and XHTML input (told by its first tag, or declared with [`Markup::Html`]) is read
//! as text: the markup is removed (see [`crate::markup`]) and the map still points into the
//! original bytes.
//!
//! Decoding also builds the [`OffsetMap`] from decoded offsets to input offsets.
//! Runs of characters with the same byte lengths share one segment, so the map stays small
//! even for a 64 MiB Shift_JIS file.

use encoding_rs::{CoderResult, Encoding};

use crate::offset_map::{MapBuilder, OffsetMap};

/// Limits and input format for [`decode`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IngestConfig {
    /// Inputs longer than this many bytes are refused with [`IngestError::TooLarge`].
    pub max_bytes: u64,
    /// Whether the input is HTML (default: told from its first tag).
    pub markup: Markup,
}

impl Default for IngestConfig {
    /// 64 MiB; HTML told from the content.
    fn default() -> IngestConfig {
        IngestConfig {
            max_bytes: 64 * 1024 * 1024,
            markup: Markup::Detect,
        }
    }
}

/// Whether an input is HTML, whose markup is removed before normalization.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Markup {
    /// HTML when the text starts (after white space, an XML declaration and comments) with a
    /// doctype or one of the tags a browser sniffs for (`<html`, `<head`, `<body`, `<p`,
    /// `<div`, ...); plain text otherwise.
    #[default]
    Detect,
    /// HTML or XHTML, whatever it starts with (a file named `.html`, `.htm` or `.xhtml`).
    Html,
    /// Plain text, even if it looks like HTML.
    Plain,
}

/// Why an input was refused. The messages name the problem; the caller adds the file name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IngestError {
    /// The input has no bytes (or only a byte-order mark).
    #[error("the input is empty")]
    Empty,
    /// The input is not text.
    #[error("the input looks binary, not text: {reason}")]
    Binary {
        /// What gave it away.
        reason: BinaryReason,
    },
    /// The input is longer than [`IngestConfig::max_bytes`].
    #[error("the input is too large: {size} bytes, the limit is {limit} bytes")]
    TooLarge {
        /// Length of the input in bytes.
        size: u64,
        /// The configured limit in bytes.
        limit: u64,
    },
}

/// What showed that an input is binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BinaryReason {
    /// The input starts like a file of a known binary format.
    #[error("it is {}; {}", format.description(), format.advice("FILE"))]
    Format {
        /// The format.
        format: BinaryFormat,
    },
    /// Too many NUL bytes outside UTF-16 (UTF-16 is recognized only with a byte-order mark).
    #[error("{percent}% of its bytes are NUL (UTF-16 text needs a byte-order mark)")]
    NulBytes {
        /// Share of NUL bytes among all bytes, in percent (rounded up).
        percent: u8,
    },
    /// Too many control characters or undecodable bytes.
    #[error("{percent}% of its characters are control characters or undecodable bytes")]
    NotText {
        /// Share of such characters among all characters, in percent.
        percent: u8,
    },
}

/// A binary file format, told by the first bytes of a file ([`BinaryFormat::sniff`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BinaryFormat {
    /// A PDF document (`%PDF-`).
    Pdf,
    /// A Word document (DOCX: a ZIP archive with a `word/` part).
    Docx,
    /// An OpenDocument text (ODT: a ZIP archive whose `mimetype` says so).
    Odt,
    /// Any other ZIP archive (XLSX, EPUB, ...).
    Zip,
    /// An old Word document (`.doc`, an OLE compound file).
    Doc,
    /// A PNG image.
    Png,
    /// A JPEG image.
    Jpeg,
    /// A GIF image.
    Gif,
    /// A TIFF image.
    Tiff,
    /// A WebP image.
    Webp,
    /// A BMP image.
    Bmp,
}

impl BinaryFormat {
    /// Tells the format from the first bytes of a file (the first few kilobytes are enough),
    /// or `None` when they are not those of a known binary format.
    ///
    /// ```
    /// use treaty_normalize::BinaryFormat;
    /// assert_eq!(BinaryFormat::sniff(b"%PDF-1.7\n%\xE2\xE3"), Some(BinaryFormat::Pdf));
    /// assert_eq!(BinaryFormat::sniff(b"Article 10\nDividends"), None);
    /// ```
    pub fn sniff(bytes: &[u8]) -> Option<BinaryFormat> {
        let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
        // PDF readers accept junk before the header within the first kilobyte.
        if memchr::memmem::find(&head[..head.len().min(1024)], b"%PDF-").is_some() {
            return Some(BinaryFormat::Pdf);
        }
        if head.starts_with(b"PK\x03\x04")
            || head.starts_with(b"PK\x05\x06")
            || head.starts_with(b"PK\x07\x08")
        {
            // The first entry of an OpenDocument file is `mimetype`, stored uncompressed.
            // tidy: not language (a MIME type)
            return Some(
                if memchr::memmem::find(head, b"application/vnd.oasis.opendocument.text").is_some()
                {
                    BinaryFormat::Odt
                } else if memchr::memmem::find(head, b"word/").is_some() {
                    BinaryFormat::Docx
                } else {
                    BinaryFormat::Zip
                },
            );
        }
        let format = if head.starts_with(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1") {
            BinaryFormat::Doc
        } else if head.starts_with(b"\x89PNG\r\n\x1A\n") {
            BinaryFormat::Png
        } else if head.starts_with(b"\xFF\xD8\xFF") {
            BinaryFormat::Jpeg
        } else if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
            BinaryFormat::Gif
        } else if head.starts_with(b"II*\0") || head.starts_with(b"MM\0*") {
            BinaryFormat::Tiff
        } else if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
            BinaryFormat::Webp
        } else if head.starts_with(b"BM") && head.get(6..10) == Some(&[0, 0, 0, 0]) {
            // "BM", the file size, then four reserved bytes that are zero.
            BinaryFormat::Bmp
        } else {
            return None;
        };
        Some(format)
    }

    /// What the format is, with an article: `a PDF document`, `a PNG image`.
    pub fn description(self) -> &'static str {
        match self {
            BinaryFormat::Pdf => "a PDF document",
            BinaryFormat::Docx => "a Word document (DOCX)",
            BinaryFormat::Odt => "an OpenDocument text (ODT)",
            BinaryFormat::Zip => "a ZIP archive",
            BinaryFormat::Doc => "an old Word document (DOC)",
            BinaryFormat::Png => "a PNG image",
            BinaryFormat::Jpeg => "a JPEG image",
            BinaryFormat::Gif => "a GIF image",
            BinaryFormat::Tiff => "a TIFF image",
            BinaryFormat::Webp => "a WebP image",
            BinaryFormat::Bmp => "a BMP image",
        }
    }

    /// Whether the format is an image (its text needs OCR).
    pub fn is_image(self) -> bool {
        matches!(
            self,
            BinaryFormat::Png
                | BinaryFormat::Jpeg
                | BinaryFormat::Gif
                | BinaryFormat::Tiff
                | BinaryFormat::Webp
                | BinaryFormat::Bmp
        )
    }

    /// A shell command that writes the text of `input` to a text file beside it, and the
    /// Debian/Ubuntu package that has the program.
    ///
    /// ```
    /// use treaty_normalize::BinaryFormat;
    /// let (command, package) = BinaryFormat::Pdf.extraction_command("in/treaty.pdf");
    /// assert_eq!(command, "pdftotext -layout in/treaty.pdf in/treaty.txt");
    /// assert_eq!(package, "poppler-utils");
    /// ```
    pub fn extraction_command(self, input: &str) -> (String, &'static str) {
        let stem = input
            .rfind('.')
            .filter(|&dot| !input[dot..].contains('/'))
            .map_or(input, |dot| &input[..dot]);
        let (input_q, txt_q, stem_q) = (
            shell_quote(input),
            shell_quote(&format!("{stem}.txt")),
            shell_quote(stem),
        );
        match self {
            BinaryFormat::Pdf => (
                format!("pdftotext -layout {input_q} {txt_q}"),
                "poppler-utils",
            ),
            BinaryFormat::Docx | BinaryFormat::Odt => (
                format!("pandoc --wrap=none -t plain {input_q} -o {txt_q}"),
                "pandoc",
            ),
            BinaryFormat::Zip => (format!("unzip {input_q}"), "unzip"),
            BinaryFormat::Doc => (format!("antiword {input_q} > {txt_q}"), "antiword"),
            // tidy: not language (Debian package names)
            _ => (
                format!("tesseract {input_q} {stem_q} -l eng+por+jpn"),
                "tesseract-ocr, tesseract-ocr-por, tesseract-ocr-jpn",
            ),
        }
    }

    /// The advice for a file of this format named `input`: the command that extracts its
    /// text and where to get it.
    pub fn advice(self, input: &str) -> String {
        let (command, package) = self.extraction_command(input);
        // tidy: not language (advice for the user)
        let what = match self {
            BinaryFormat::Zip => "unpack it and process the text files inside",
            _ if self.is_image() => "run OCR on it first",
            _ => "extract its text first",
        };
        format!("{what}: `{command}` (Debian/Ubuntu: apt-get install {package})")
    }
}

/// Quotes a file name for a POSIX shell when it needs quoting.
fn shell_quote(name: &str) -> String {
    let plain = !name.is_empty()
        && name
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || b"-_./+,:@%".contains(&byte));
    if plain {
        name.to_owned()
    } else {
        format!("'{}'", name.replace('\'', "'\\''"))
    }
}

/// Bytes of the start of a file that [`BinaryFormat::sniff`] looks at.
const SNIFF_BYTES: usize = 4096;

/// The decoded input.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// The text, without byte-order mark (and without markup, for HTML input).
    pub text: String,
    /// The encoding it was decoded from, as named by `encoding_rs` (`"UTF-8"`, `"UTF-16LE"`,
    /// `"UTF-16BE"`, `"windows-1252"`, `"Shift_JIS"`, `"EUC-JP"`, ...).
    pub encoding: &'static str,
    /// From byte offsets of `text` to byte offsets of the input.
    pub map: OffsetMap,
    /// For HTML input, how many tags, comments and character references were removed or
    /// decoded; 0 for plain text.
    pub markup: u64,
    /// How many stray control bytes (NUL, ESC, DEL, ...: C0 controls other than tab, line
    /// feed, carriage return and form feed) were removed; see [`crate::FixStats`].
    pub stray_controls: u64,
}

/// Share of NUL bytes, in percent, above which input without a byte-order mark is binary.
const MAX_NUL_PERCENT: usize = 10;

/// Share of control or replacement characters, in percent, above which decoded text counts as
/// binary when there are more than [`MAX_STRAY_CHARACTERS`] of them. Text has none or a
/// handful; binary data decoded as text has more than 10%.
const MAX_NOT_TEXT_PERCENT: usize = 5;

/// How many control or replacement characters a short text may have whatever their share (a
/// cut character in a one-line file), up to [`MAX_NOT_TEXT_PERCENT_SHORT`].
const MAX_STRAY_CHARACTERS: usize = 16;

/// Share of control or replacement characters, in percent, above which any text is binary.
const MAX_NOT_TEXT_PERCENT_SHORT: usize = 25;

/// Detects the encoding of `bytes`, refuses binary input and decodes it to UTF-8.
///
/// Never panics. Undecodable byte sequences become U+FFFD (and count against the text when
/// deciding whether the input is binary). HTML input loses its markup (see [`Markup`]).
///
/// ```
/// use treaty_normalize::{decode, BinaryFormat, BinaryReason, IngestConfig, IngestError};
/// let decoded = decode(b"Artigo 10\n", &IngestConfig::default()).unwrap();
/// assert_eq!(decoded.encoding, "UTF-8");
/// let latin1 = decode(b"Conven\xe7\xe3o entre os Estados", &IngestConfig::default()).unwrap();
/// assert_eq!(latin1.text, "Convenção entre os Estados");
/// assert_eq!(latin1.map.span_to_original(6..10), 6..8); // "çã" were two bytes
/// assert_eq!(decode(b"", &IngestConfig::default()).unwrap_err(), IngestError::Empty);
/// assert_eq!(
///     decode(b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n", &IngestConfig::default()).unwrap_err(),
///     IngestError::Binary { reason: BinaryReason::Format { format: BinaryFormat::Pdf } }
/// );
/// let html = decode(b"<p>Article 10 &amp; 11</p>", &IngestConfig::default()).unwrap();
/// assert_eq!(html.text, "\nArticle 10 & 11\n");
/// assert_eq!(html.map.span_to_original(12..13), 14..19); // "&" was "&amp;"
/// ```
pub fn decode(bytes: &[u8], config: &IngestConfig) -> Result<Decoded, IngestError> {
    if bytes.is_empty() {
        return Err(IngestError::Empty);
    }
    let size = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if size > config.max_bytes {
        return Err(IngestError::TooLarge {
            size,
            limit: config.max_bytes,
        });
    }
    if let Some(format) = BinaryFormat::sniff(bytes) {
        return Err(IngestError::Binary {
            reason: BinaryReason::Format { format },
        });
    }
    let decoded = if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        decode_utf16(rest, 2, bytes.len(), false)
    } else if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        decode_utf16(rest, 2, bytes.len(), true)
    } else {
        let nul_bytes = memchr::memchr_iter(0, bytes).count();
        if nul_bytes * 100 > bytes.len() * MAX_NUL_PERCENT {
            return Err(IngestError::Binary {
                reason: BinaryReason::NulBytes {
                    percent: u8::try_from((nul_bytes * 100).div_ceil(bytes.len())).unwrap_or(100),
                },
            });
        }
        if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
            decode_utf8_lossy(rest, 3, bytes.len())
        } else if let Ok(text) = std::str::from_utf8(bytes) {
            Decoded {
                text: text.to_owned(),
                encoding: encoding_rs::UTF_8.name(),
                map: OffsetMap::identity(bytes.len()),
                markup: 0,
                stray_controls: 0,
            }
        } else if is_damaged_utf8(bytes) {
            decode_utf8_lossy(bytes, 0, bytes.len())
        } else {
            decode_legacy(bytes, detect_legacy(bytes))
        }
    };
    if decoded.text.is_empty() {
        return Err(IngestError::Empty);
    }
    let (not_text, percent) = not_text_share(&decoded.text);
    if percent > MAX_NOT_TEXT_PERCENT_SHORT
        || (percent > MAX_NOT_TEXT_PERCENT && not_text > MAX_STRAY_CHARACTERS)
    {
        return Err(IngestError::Binary {
            reason: BinaryReason::NotText {
                percent: u8::try_from(percent).unwrap_or(100),
            },
        });
    }
    let mut decoded = decoded;
    let mut stats = crate::FixStats::default();
    let stray = crate::fixes::STRAY_CONTROLS(&decoded.text, &mut stats);
    if !stray.is_empty() {
        decoded = apply_pass(decoded, &stray);
        decoded.stray_controls = stats.stray_controls;
    }
    let html = match config.markup {
        Markup::Detect => crate::markup::looks_like_html(&decoded.text),
        Markup::Html => true,
        Markup::Plain => false,
    };
    if html {
        let (edits, removed) = crate::markup::strip_markup(&decoded.text);
        if !edits.is_empty() {
            decoded = apply_pass(decoded, &edits);
            decoded.markup = removed;
        }
    }
    Ok(decoded)
}

/// Applies the edits of one pass over the decoded text, composing the maps.
fn apply_pass(decoded: Decoded, edits: &crate::edits::Edits) -> Decoded {
    let mut text = String::new();
    let pass_map = edits.apply_into(&decoded.text, &mut text);
    Decoded {
        text,
        map: decoded.map.compose(&pass_map),
        ..decoded
    }
}

/// How many characters are control characters (other than tab, line feed, carriage return
/// and form feed) or U+FFFD, and their percentage of all characters, rounded down.
fn not_text_share(text: &str) -> (usize, usize) {
    let bytes = text.as_bytes();
    // Branch-free, so the compiler vectorizes it: this runs on every input.
    let c0_and_del = bytes
        .iter()
        .map(|&byte| {
            let c0 = byte < 0x20 && byte != b'\t' && byte != b'\n' && byte != b'\r' && byte != 0x0C;
            usize::from(c0 | (byte == 0x7F))
        })
        .sum::<usize>();
    // C1 controls are encoded as C2 80..C2 9F. One right after another non-ASCII character
    // is UTF-8 read as Windows-1252 (`æ\u{97}¥`, what `日` becomes), which normalization
    // repairs: text, not binary.
    let c1 = memchr::memchr_iter(0xC2, bytes)
        .filter(|&idx| matches!(bytes.get(idx + 1), Some(0x80..=0x9F)))
        .filter(|&idx| idx == 0 || bytes[idx - 1] < 0x80)
        .count();
    let replacements = memchr::memmem::find_iter(bytes, "\u{FFFD}".as_bytes()).count();
    let not_text = c0_and_del + c1 + replacements;
    if not_text == 0 {
        return (0, 0);
    }
    (not_text, not_text * 100 / text.chars().count().max(1))
}

/// True when bytes are UTF-8 with a few invalid sequences (a file cut in the middle of a
/// character, a stray byte): valid multi-byte characters outnumber invalid sequences ten to
/// one. Text in a legacy encoding read as UTF-8 has almost no valid multi-byte characters.
fn is_damaged_utf8(bytes: &[u8]) -> bool {
    let mut valid_multibyte = 0usize;
    let mut invalid = 0usize;
    for chunk in bytes.utf8_chunks() {
        valid_multibyte += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += usize::from(!chunk.invalid().is_empty());
    }
    invalid > 0 && valid_multibyte >= 10 * invalid
}

/// UTF-8 after a byte-order mark: invalid sequences become U+FFFD.
fn decode_utf8_lossy(bytes: &[u8], skip: usize, original_len: usize) -> Decoded {
    let mut text = String::with_capacity(bytes.len());
    let mut builder = MapBuilder::default();
    builder.push(0, 0, skip, 1);
    let mut offset = skip;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        text.push_str(valid);
        builder.push(offset, 1, 1, valid.len());
        offset += valid.len();
        let invalid = chunk.invalid();
        if !invalid.is_empty() {
            text.push(char::REPLACEMENT_CHARACTER);
            builder.push(
                offset,
                char::REPLACEMENT_CHARACTER.len_utf8(),
                invalid.len(),
                1,
            );
            offset += invalid.len();
        }
    }
    Decoded {
        text,
        encoding: encoding_rs::UTF_8.name(),
        map: builder.finish(original_len),
        markup: 0,
        stray_controls: 0,
    }
}

/// UTF-16 after its byte-order mark; unpaired surrogates and an odd last byte become U+FFFD.
fn decode_utf16(bytes: &[u8], skip: usize, original_len: usize, big_endian: bool) -> Decoded {
    let mut text = String::with_capacity(bytes.len());
    let mut builder = MapBuilder::default();
    builder.push(0, 0, skip, 1);
    let unit_at = |idx: usize| -> Option<u16> {
        let pair = bytes.get(idx..idx + 2)?;
        Some(if big_endian {
            u16::from_be_bytes([pair[0], pair[1]])
        } else {
            u16::from_le_bytes([pair[0], pair[1]])
        })
    };
    let mut idx = 0;
    while idx < bytes.len() {
        let (ch, len) = match unit_at(idx) {
            None => (char::REPLACEMENT_CHARACTER, bytes.len() - idx),
            Some(high @ 0xD800..=0xDBFF) => match unit_at(idx + 2) {
                Some(low @ 0xDC00..=0xDFFF) => {
                    let scalar =
                        0x10000 + ((u32::from(high) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
                    (
                        char::from_u32(scalar).unwrap_or(char::REPLACEMENT_CHARACTER),
                        4,
                    )
                }
                _ => (char::REPLACEMENT_CHARACTER, 2),
            },
            Some(unit) => (
                char::from_u32(u32::from(unit)).unwrap_or(char::REPLACEMENT_CHARACTER),
                2,
            ),
        };
        text.push(ch);
        builder.push(skip + idx, ch.len_utf8(), len, 1);
        idx += len;
    }
    Decoded {
        text,
        encoding: if big_endian {
            encoding_rs::UTF_16BE.name()
        } else {
            encoding_rs::UTF_16LE.name()
        },
        map: builder.finish(original_len),
        markup: 0,
        stray_controls: 0,
    }
}

/// Bytes of a large input that chardetng sees: it runs at about 10 MB/s, far slower than
/// decoding, and a few kilobytes of non-ASCII text already tell the encoding.
const DETECTION_SAMPLE: usize = 16 * 1024;

/// Guesses the legacy encoding of `bytes` (which are not valid UTF-8) with chardetng.
///
/// Large inputs are sampled: [`DETECTION_SAMPLE`] bytes starting a little before the first
/// non-ASCII byte, since ASCII says nothing about the encoding.
fn detect_legacy(bytes: &[u8]) -> &'static Encoding {
    let first_non_ascii = bytes.iter().position(|&byte| byte >= 0x80).unwrap_or(0);
    // Everything before the first non-ASCII byte is ASCII, so any start there is a character
    // boundary in every ASCII-compatible encoding.
    let start = first_non_ascii.saturating_sub(1024);
    let end = bytes.len().min(start + DETECTION_SAMPLE);
    let mut detector = chardetng::EncodingDetector::new();
    detector.feed(&bytes[start..end], end == bytes.len());
    detector.guess(None, false)
}

/// A legacy encoding chosen by chardetng.
///
/// Single-byte encodings map one byte to one character. Well-formed Shift_JIS and EUC-JP
/// are decoded in one call; everything else goes through [`decode_byte_by_byte`].
fn decode_legacy(bytes: &[u8], encoding: &'static Encoding) -> Decoded {
    if encoding.is_single_byte() {
        let (text, _) = encoding.decode_without_bom_handling(bytes);
        if text.chars().count() == bytes.len() {
            let mut builder = MapBuilder::default();
            for (idx, ch) in text.chars().enumerate() {
                builder.push(idx, ch.len_utf8(), 1, 1);
            }
            return Decoded {
                text: text.into_owned(),
                encoding: encoding.name(),
                map: builder.finish(bytes.len()),
                markup: 0,
                stray_controls: 0,
            };
        }
    }
    if let Some(decoded) = decode_japanese_well_formed(bytes, encoding) {
        return decoded;
    }
    decode_byte_by_byte(bytes, encoding)
}

/// Any encoding, fed to the decoder one byte at a time outside ASCII runs, so every emitted
/// character is attributed to exactly the bytes that produced it (malformed ones included).
fn decode_byte_by_byte(bytes: &[u8], encoding: &'static Encoding) -> Decoded {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let ascii_fast = encoding.is_ascii_compatible();
    let mut text = String::with_capacity(bytes.len() * 3 / 2);
    let mut builder = MapBuilder::default();
    let mut buffer = [0u8; 64];
    let mut pending_start = 0;
    let mut pos = 0;
    while pos < bytes.len() {
        if ascii_fast && pending_start == pos && bytes[pos] < 0x80 {
            // With no pending lead byte, ASCII bytes are ASCII characters.
            let run = bytes[pos..]
                .iter()
                .position(|&byte| byte >= 0x80)
                .unwrap_or(bytes.len() - pos);
            let ascii = std::str::from_utf8(&bytes[pos..pos + run]).unwrap_or_default();
            text.push_str(ascii);
            builder.push(pos, 1, 1, ascii.len());
            pos += run;
            pending_start = pos;
            continue;
        }
        let mut src = &bytes[pos..pos + 1];
        pos += 1;
        let last = pos == bytes.len();
        loop {
            let (result, read, written, _) = decoder.decode_to_utf8(src, &mut buffer, last);
            src = &src[read.min(src.len())..];
            if written > 0 {
                let piece = std::str::from_utf8(&buffer[..written]).unwrap_or("\u{FFFD}");
                text.push_str(piece);
                builder.push(pending_start, piece.len(), pos - pending_start, 1);
                pending_start = pos;
            }
            if matches!(result, CoderResult::InputEmpty) {
                break;
            }
        }
    }
    if pending_start < bytes.len() {
        // Bytes at the end that produced nothing (only possible for stateful encodings).
        builder.push(pending_start, 0, bytes.len() - pending_start, 1);
    }
    Decoded {
        text,
        encoding: encoding.name(),
        map: builder.finish(bytes.len()),
        markup: 0,
        stray_controls: 0,
    }
}

/// Byte length of the Shift_JIS or EUC-JP character whose first byte is `lead`, for
/// well-formed input (the WHATWG decoders: every such sequence is one character).
fn japanese_unit_len(encoding: &'static Encoding, lead: u8) -> usize {
    if encoding == encoding_rs::SHIFT_JIS {
        match lead {
            0x81..=0x9F | 0xE0..=0xFC => 2,
            _ => 1,
        }
    } else {
        match lead {
            0x8F => 3,
            0x8E | 0xA1..=0xFE => 2,
            _ => 1,
        }
    }
}

/// Shift_JIS or EUC-JP input without a malformed byte: decoded in one call, and mapped by
/// walking the input characters (whose lengths the lead bytes tell) beside the output ones.
///
/// Returns `None` for other encodings, malformed input, or if the walk disagrees with the
/// decoder anywhere; the caller then decodes byte by byte.
fn decode_japanese_well_formed(bytes: &[u8], encoding: &'static Encoding) -> Option<Decoded> {
    if encoding != encoding_rs::SHIFT_JIS && encoding != encoding_rs::EUC_JP {
        return None;
    }
    let text = encoding.decode_without_bom_handling_and_without_replacement(bytes)?;
    let mut builder = MapBuilder::default();
    let mut pos = 0;
    for ch in text.chars() {
        let lead = *bytes.get(pos)?;
        let len = japanese_unit_len(encoding, lead);
        // An ASCII byte must have decoded to itself, anything else to a non-ASCII character.
        let agrees = if lead < 0x80 {
            u32::from(ch) == u32::from(lead)
        } else {
            !ch.is_ascii()
        };
        if !agrees || pos + len > bytes.len() {
            return None;
        }
        builder.push(pos, ch.len_utf8(), len, 1);
        pos += len;
    }
    if pos != bytes.len() {
        return None;
    }
    Some(Decoded {
        text: text.into_owned(),
        encoding: encoding.name(),
        map: builder.finish(bytes.len()),
        markup: 0,
        stray_controls: 0,
    })
}

#[cfg(test)]
mod damaged_utf8_tests {
    use super::*;

    #[test]
    fn utf8_cut_in_a_character_stays_utf8() {
        let text =
            "第十条配当1一方の締約国の居住者である法人が他方の締約国の居住者に支払う配当".repeat(3);
        let cut = &text.as_bytes()[..text.len() - 1];
        let decoded = decode(cut, &IngestConfig::default()).unwrap();
        assert_eq!(decoded.encoding, "UTF-8");
        assert!(decoded.text.starts_with("第十条配当1"));
        assert_eq!(decoded.map.to_original(3), 3);
    }

    #[test]
    fn windows_1252_is_not_taken_for_damaged_utf8() {
        let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode("A presente Convenção aplica-se às pessoas residentes de um ou de ambos os Estados Contratantes, não é?");
        let decoded = decode(&bytes, &IngestConfig::default()).unwrap();
        assert_eq!(decoded.encoding, "windows-1252");
        assert!(decoded.text.contains("Convenção"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> IngestConfig {
        IngestConfig::default()
    }

    #[test]
    fn default_limit_is_64_mib() {
        assert_eq!(config().max_bytes, 67_108_864);
    }

    #[test]
    fn utf8_with_bom_skips_the_bom_in_the_map() {
        let bytes = "\u{FEFF}Artigo 10.º".as_bytes();
        let decoded = decode(bytes, &config()).unwrap();
        assert_eq!(decoded.text, "Artigo 10.º");
        assert_eq!(decoded.encoding, "UTF-8");
        assert_eq!(decoded.map.span_to_original(0..6), 3..9);
        assert_eq!(decoded.map.to_original(decoded.text.len()), bytes.len());
    }

    #[test]
    fn utf16_big_endian_with_bom() {
        let mut bytes = vec![0xFE, 0xFF];
        for unit in "Article 10 — Dividends".encode_utf16() {
            bytes.extend_from_slice(&unit.to_be_bytes());
        }
        let decoded = decode(&bytes, &config()).unwrap();
        assert_eq!(decoded.text, "Article 10 — Dividends");
        assert_eq!(decoded.encoding, "UTF-16BE");
        // "—" is 3 bytes in UTF-8 and 2 in UTF-16.
        let dash = decoded.text.find('—').unwrap();
        assert_eq!(decoded.map.span_to_original(dash..dash + 3), 24..26);
    }

    #[test]
    fn utf16_odd_length_and_lone_surrogate_become_replacement() {
        let mut bytes = vec![0xFF, 0xFE];
        for unit in "Article 10".encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        bytes.extend_from_slice(&[0x00, 0xD8, b'B', 0, b'C']);
        let decoded = decode(&bytes, &config()).unwrap();
        assert_eq!(decoded.text, "Article 10\u{FFFD}B\u{FFFD}");
        assert_eq!(decoded.map.span_to_original(10..13), 22..24);
        assert_eq!(decoded.map.to_original(decoded.text.len()), bytes.len());
    }

    #[test]
    fn windows_1252_portuguese_from_the_corpus() {
        let snippet = "1. Na presente Convenção, a não ser que o contexto imponha uma \
                       interpretação diferente: a expressão “estabelecimento permanente” designa \
                       uma instalação fixa de negócios";
        let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(snippet);
        let decoded = decode(&bytes, &config()).unwrap();
        assert_eq!(decoded.encoding, "windows-1252");
        assert_eq!(decoded.text, snippet);
        let start = snippet.find("Convenção").unwrap();
        let span = decoded
            .map
            .span_to_original(start..start + "Convenção".len());
        assert_eq!(&bytes[span], b"Conven\xe7\xe3o");
    }

    #[test]
    fn japanese_fast_path_agrees_with_byte_by_byte_decoding() {
        // japan-denmark-2017-ja-pdf.txt, with half-width katakana and ASCII mixed in.
        let snippet = "第十条配当1一方の締約国の居住者である法人が(a) 十五パーセント ｶﾀｶﾅ 10 per cent\n\n22 二一配当";
        for encoding in [encoding_rs::SHIFT_JIS, encoding_rs::EUC_JP] {
            let (bytes, _, had_errors) = encoding.encode(snippet);
            assert!(!had_errors);
            let fast = decode_japanese_well_formed(&bytes, encoding).unwrap();
            let slow = decode_byte_by_byte(&bytes, encoding);
            assert_eq!(fast.text, snippet);
            assert_eq!(slow.text, snippet);
            assert_eq!(fast.map, slow.map, "{}", encoding.name());
        }
    }

    #[test]
    fn malformed_shift_jis_is_mapped_byte_by_byte() {
        // japan-denmark-2017-ja-pdf.txt, with a truncated character in the middle.
        let snippet = "第十条配当1一方の締約国の居住者である法人が他方の締約国の居住者に支払う配当に対しては、当該他方の締約国において租税を課することができる。";
        let (encoded, _, _) = encoding_rs::SHIFT_JIS.encode(snippet);
        let mut bytes = encoded.into_owned();
        let cut = encoding_rs::SHIFT_JIS.encode("第十条配当1一方の締").0.len();
        bytes.insert(cut, 0x88);
        bytes.insert(cut + 1, b'A');
        let decoded = decode_legacy(&bytes, encoding_rs::SHIFT_JIS);
        assert!(decoded.text.contains("\u{FFFD}A"), "{}", decoded.text);
        for word in ["一方の", "約国の居住者", "できる。"] {
            let start = decoded.text.find(word).unwrap();
            let span = decoded.map.span_to_original(start..start + word.len());
            let (back, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(&bytes[span]);
            assert_eq!(back, word);
        }
        assert_eq!(decoded.map.to_original(decoded.text.len()), bytes.len());
    }

    #[test]
    fn invalid_utf8_after_bom_is_replaced() {
        let decoded = decode(b"\xEF\xBB\xBFa n\xE3o ser", &config()).unwrap();
        assert_eq!(decoded.text, "a n\u{FFFD}o ser");
        assert_eq!(decoded.map.span_to_original(3..6), 6..7);
    }

    #[test]
    fn refuses_empty_and_bom_only() {
        assert_eq!(decode(b"", &config()).unwrap_err(), IngestError::Empty);
        assert_eq!(
            decode(b"\xEF\xBB\xBF", &config()).unwrap_err(),
            IngestError::Empty
        );
        assert_eq!(
            decode(b"\xFF\xFE", &config()).unwrap_err(),
            IngestError::Empty
        );
    }

    #[test]
    fn refuses_many_nul_bytes_outside_utf16() {
        let err = decode(b"Article 1\0\0\x01", &config()).unwrap_err();
        assert_eq!(
            err,
            IngestError::Binary {
                reason: BinaryReason::NulBytes { percent: 17 }
            }
        );
        assert_eq!(
            err.to_string(),
            "the input looks binary, not text: 17% of its bytes are NUL \
             (UTF-16 text needs a byte-order mark)"
        );
    }

    #[test]
    fn removes_a_few_stray_control_bytes_and_counts_them() {
        let text =
            "Article 10 Dividends\0 1. Dividends paid by a company which is a resident of a \
                    Contracting State\x1B to a resident of the other Contracting State";
        let decoded = decode(text.as_bytes(), &config()).unwrap();
        assert_eq!(decoded.text, text.replace(['\0', '\x1B'], ""));
        assert_eq!(decoded.stray_controls, 2);
        let start = decoded.text.find(" 1.").unwrap();
        assert_eq!(decoded.map.span_to_original(start..start + 3), 21..24);
    }

    #[test]
    fn refuses_random_bytes_without_nul_bytes() {
        // Bytes from a xorshift generator, NUL bytes left out: what a compressed stream looks
        // like once a few NUL bytes no longer give it away.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let bytes: Vec<u8> = std::iter::repeat_with(|| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .filter(|&byte| byte != 0)
        .take(4096)
        .collect();
        let err = decode(&bytes, &config()).unwrap_err();
        assert!(
            matches!(
                err,
                IngestError::Binary {
                    reason: BinaryReason::NotText { .. }
                }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn html_is_detected_or_declared() {
        let html = b"<!DOCTYPE html><p>Article 10</p>";
        assert_eq!(decode(html, &config()).unwrap().text, "\nArticle 10\n");
        let plain = IngestConfig {
            markup: Markup::Plain,
            ..config()
        };
        assert_eq!(
            decode(html, &plain).unwrap().text,
            "<!DOCTYPE html><p>Article 10</p>"
        );
        let fragment = b"Article 10<br>Dividends &amp; interest";
        assert_eq!(decode(fragment, &config()).unwrap().markup, 0);
        let declared = IngestConfig {
            markup: Markup::Html,
            ..config()
        };
        let decoded = decode(fragment, &declared).unwrap();
        assert_eq!(decoded.text, "Article 10\nDividends & interest");
        assert_eq!(decoded.markup, 2);
    }

    #[test]
    fn html_in_a_legacy_encoding_maps_to_the_encoded_bytes() {
        let html = "<html><body><p>Conven&ccedil;&atilde;o: 15 % do montante</p></body></html>";
        let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(html);
        let mut bytes = bytes.into_owned();
        bytes.splice(15..15, b"Artigo 10.\xBA ".iter().copied());
        let decoded = decode(&bytes, &config()).unwrap();
        assert_eq!(decoded.encoding, "windows-1252");
        assert_eq!(decoded.text, "\nArtigo 10.º Convenção: 15 % do montante\n");
        let start = decoded.text.find("10.º").unwrap();
        let span = decoded.map.span_to_original(start..start + "10.º".len());
        assert_eq!(&bytes[span], b"10.\xBA");
        let start = decoded.text.find("ção").unwrap();
        let span = decoded.map.span_to_original(start..start + "ção".len());
        assert_eq!(&bytes[span], b"&ccedil;&atilde;o");
    }

    #[test]
    fn refuses_control_character_soup() {
        let bytes: Vec<u8> = (0..400u32)
            .map(|idx| [1, 2, 3, b'a'][idx as usize % 4])
            .collect();
        assert_eq!(BinaryFormat::sniff(&bytes), None);
        let err = decode(&bytes, &config()).unwrap_err();
        assert!(
            matches!(
                err,
                IngestError::Binary {
                    reason: BinaryReason::NotText { percent: 75 }
                }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn refuses_too_large_before_reading() {
        let small = IngestConfig {
            max_bytes: 4,
            ..IngestConfig::default()
        };
        let err = decode(b"Artigo", &small).unwrap_err();
        assert_eq!(err, IngestError::TooLarge { size: 6, limit: 4 });
        assert_eq!(
            err.to_string(),
            "the input is too large: 6 bytes, the limit is 4 bytes"
        );
        assert!(decode(b"Arti", &small).is_ok());
    }
}
