//! Stages 1 and 2 of the treaty pipeline: ingest and normalize.
//!
//! Treaty texts arrive as bytes in some encoding, extracted from PDFs or OCR'd, with
//! mojibake, damaged quotation marks, words hyphenated across line breaks, OCR confusions in
//! headings and page numbers glued into sentences. This crate turns them into clean UTF-8
//! text and keeps, for every byte of the clean text, the byte of the input it came from.
//!
//! - [`decode`] refuses empty, binary and oversized input ([`IngestError`]; PDF, office
//!   documents and images are named, with the command that extracts their text), detects the
//!   encoding (byte-order marks, strict UTF-8, then `chardetng`), decodes, and removes the
//!   markup of HTML input: [`Decoded`].
//! - [`normalize`] applies the fixes (see [`FixStats`] for the list) and returns
//!   [`Normalized`]: the text, an [`OffsetMap`] to the original bytes, and what was fixed.
//! - [`normalize_bytes`] does both.
//! - [`unified_diff`] shows what normalization changed.
//!
//! The library never reads files and never prints: it receives bytes and returns values.
//!
//! ```
//! use treaty_normalize::{normalize_bytes, IngestConfig};
//!
//! let input = "Artigo Articie 1 Pessoas visadas\r\n\r\nde con- formidade com as expressões \
//!              \"um Estado Contratante\" e o \"outro Estado Contratanteiồi designam";
//! let normalized = normalize_bytes(input.as_bytes(), &IngestConfig::default()).unwrap();
//! assert_eq!(
//!     normalized.text,
//!     "Artigo Article 1 Pessoas visadas\n\nde conformidade com as expressões \
//!      \"um Estado Contratante\" e o \"outro Estado Contratante\" designam"
//! );
//! assert_eq!(normalized.stats.ocr_keywords, 1);
//! assert_eq!(normalized.stats.quote_damage, 1);
//!
//! // Spans of the normalized text point back into the input bytes.
//! let start = normalized.text.find("conformidade").unwrap();
//! let span = normalized.map.span_to_original(start..start + "conformidade".len());
//! assert_eq!(&input[span], "con- formidade");
//! ```
#![deny(missing_docs)]

mod diff;
mod edits;
mod fixes;
mod ingest;
pub mod letter_spacing;
mod markdown;
mod markup;
mod offset_map;
mod stats;

pub use diff::unified_diff;
pub use ingest::{decode, BinaryFormat, BinaryReason, Decoded, IngestConfig, IngestError, Markup};
pub use offset_map::OffsetMap;
pub use stats::FixStats;

/// Normalized text with its map back to the original bytes.
#[derive(Debug, Clone)]
pub struct Normalized {
    /// The normalized text.
    pub text: String,
    /// From byte offsets of `text` to byte offsets of the original input (before decoding:
    /// for Shift_JIS input, offsets into the Shift_JIS bytes).
    pub map: OffsetMap,
    /// The encoding the input was decoded from (see [`Decoded::encoding`]).
    pub encoding: &'static str,
    /// What the fixes changed.
    pub stats: FixStats,
}

/// Normalizes decoded text: applies every fix and composes the offset maps.
///
/// Fixes that find nothing to do cost one scan of the text and leave no trace in the map.
pub fn normalize(decoded: &Decoded) -> Normalized {
    let (text, map, stats) = apply_fixes(decoded);
    Normalized {
        text: text.unwrap_or_else(|| decoded.text.clone()),
        map: map.unwrap_or_else(|| decoded.map.clone()),
        encoding: decoded.encoding,
        stats,
    }
}

/// Every fix over `decoded`: the text and map when one changed something (`None`: the
/// decoded ones stand), and the counts.
fn apply_fixes(decoded: &Decoded) -> (Option<String>, Option<OffsetMap>, FixStats) {
    let mut stats = FixStats {
        markup: decoded.markup,
        stray_controls: decoded.stray_controls,
        ..FixStats::default()
    };
    // The current text once a fix changed it, and a spare buffer for the next fix's output:
    // the two swap, so a large text does not get a fresh allocation per fix.
    let mut text: Option<String> = None;
    let mut spare = String::new();
    let mut map: Option<OffsetMap> = None;
    let mut apply = |fix: fixes::Fix, stats: &mut FixStats| -> bool {
        let current = text.as_deref().unwrap_or(&decoded.text);
        let edits = fix(current, stats);
        if edits.is_empty() {
            return false;
        }
        let pass_map = edits.apply_into(current, &mut spare);
        map = Some(match map.take() {
            Some(earlier) => earlier.compose(&pass_map),
            None => pass_map,
        });
        let next = std::mem::take(&mut spare);
        if let Some(previous) = text.replace(next) {
            spare = previous;
        }
        true
    };
    for _ in 0..fixes::MOJIBAKE_ROUNDS {
        if !apply(fixes::MOJIBAKE, &mut stats) {
            break;
        }
    }
    for fix in fixes::FIXES {
        apply(fix, &mut stats);
    }
    let map = map.map(|map| decoded.map.compose(&map));
    (text, map, stats)
}

/// Decodes and normalizes `bytes`: [`decode`] then [`normalize`].
pub fn normalize_bytes(bytes: &[u8], config: &IngestConfig) -> Result<Normalized, IngestError> {
    let decoded = decode(bytes, config)?;
    let (text, map, stats) = apply_fixes(&decoded);
    // What no fix changed is moved, not copied: a copy of a long text's map and text would
    // double them at the peak.
    Ok(Normalized {
        text: text.unwrap_or(decoded.text),
        map: map.unwrap_or(decoded.map),
        encoding: decoded.encoding,
        stats,
    })
}
