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
//! original bytes. Markdown (declared with [`Markup::Markdown`]) loses its markup the same way
//! (see [`crate::markdown`]).
//!
//! Decoding also builds the [`OffsetMap`] from decoded offsets to input offsets.
//! Runs of characters with the same byte lengths share one segment, so the map stays small
//! even for a 64 MiB Shift_JIS file.

use encoding_rs::{CoderResult, Encoding};

use crate::offset_map::{MapBuilder, OffsetMap};

mod binary;
#[cfg(test)]
mod tests;

pub use binary::{BinaryFormat, BinaryReason};

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
    /// Markdown (a file named `.md` or `.markdown`): headings, bullets, emphasis, links,
    /// images, tables and HTML comments are removed (see [`crate::markdown`]).
    Markdown,
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
    /// feed, carriage return and form feed) were removed; see [`crate::stats::FixStats`].
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
    let mut stats = crate::stats::FixStats::default();
    let stray = crate::fixes::STRAY_CONTROLS(&decoded.text, &mut stats);
    if !stray.is_empty() {
        decoded = apply_pass(decoded, &stray);
        decoded.stray_controls = stats.stray_controls;
    }
    let html = match config.markup {
        Markup::Detect => crate::markup::looks_like_html(&decoded.text),
        Markup::Html => true,
        Markup::Plain | Markup::Markdown => false,
    };
    if config.markup == Markup::Markdown {
        let (edits, removed) = crate::markdown::strip_markdown(&decoded.text);
        if !edits.is_empty() {
            decoded = apply_pass(decoded, &edits);
            decoded.markup = removed;
        }
    }
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
    // Branch-free, so the compiler vectorizes it: this runs on every input. Counted in bytes
    // per chunk of 255 (no chunk's count can overflow one), so each vector lane holds a byte
    // rather than a usize: a sixth of the instructions.
    let c0_and_del = bytes
        .chunks(255)
        .map(|chunk| {
            let count = chunk.iter().fold(0u8, |count, &byte| {
                let c0 =
                    byte < 0x20 && byte != b'\t' && byte != b'\n' && byte != b'\r' && byte != 0x0C;
                count.wrapping_add(u8::from(c0 | (byte == 0x7F)))
            });
            usize::from(count)
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
