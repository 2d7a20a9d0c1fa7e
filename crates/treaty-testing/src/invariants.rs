//! Invariants of each pipeline stage, checked on one input: the fuzz targets in `fuzz/` call
//! these on every input the fuzzer makes, and `crates/treaty-cli/tests/fuzz_replay.rs` calls
//! them on every saved crash input and on the committed set of interesting inputs, so the
//! fuzzer and `cargo test` check exactly the same things.
//!
//! Each check returns `Err` with a description of the first broken invariant; a panic in the
//! pipeline itself propagates (the fuzzer reports it as a crash, the replay test names the
//! file).
//!
//! ```
//! use treaty_testing::invariants;
//! let text = "Article 10\nDividends\n1. The tax so charged shall not exceed 15 per cent of the gross amount of the dividends.\n";
//! invariants::check_normalize(text.as_bytes()).unwrap();
//! invariants::check_numbers(text).unwrap();
//! invariants::check_segment(text).unwrap();
//! invariants::check_process_document(text.as_bytes()).unwrap();
//! ```

use std::collections::BTreeSet;
use std::ops::Range;

use treaty_normalize::{decode, normalize, Decoded, IngestConfig, Markup, OffsetMap};
use treaty_numbers::{find_quantities, Decimal, Lang};
use treaty_pipeline::{process_document, Settings};
use treaty_segment::{segment, Config as SegmentConfig};

/// The result of one check: `Err` names the broken invariant.
pub type Check = Result<(), String>;

/// Fails with a formatted message when `cond` is false.
macro_rules! ensure {
    ($cond:expr, $($arg:tt)+) => {
        if !$cond {
            return Err(format!($($arg)+));
        }
    };
}

/// Offsets of the original input that start or end a character: where each character of the
/// decoded text starts and ends in the input, which is how "character boundary" is defined
/// for every encoding, UTF-8 or not (bytes that decoding drops, such as stray control bytes,
/// lie between such boundaries).
fn original_boundaries(decoded: &Decoded, bytes: &[u8]) -> BTreeSet<usize> {
    let mut boundaries: BTreeSet<usize> = decoded
        .text
        .char_indices()
        .flat_map(|(idx, ch)| {
            let span = decoded.map.span_to_original(idx..idx + ch.len_utf8());
            [span.start, span.end]
        })
        .collect();
    boundaries.insert(bytes.len());
    boundaries
}

/// Checks an offset map from `text` to `bytes`: lengths, monotone and in bounds at every
/// offset, and every span of up to two characters maps to an ordered range inside the
/// original that starts and ends on character boundaries of the original.
fn check_map(map: &OffsetMap, text: &str, bytes: &[u8], boundaries: &BTreeSet<usize>) -> Check {
    ensure!(
        map.text_len() == text.len(),
        "map text_len {} != text length {}",
        map.text_len(),
        text.len()
    );
    ensure!(
        map.original_len() == bytes.len(),
        "map original_len {} != input length {}",
        map.original_len(),
        bytes.len()
    );
    let mut previous = 0;
    for offset in 0..=text.len() + 1 {
        let mapped = map.to_original(offset);
        ensure!(
            mapped >= previous,
            "map not monotone at {offset}: {mapped} < {previous}"
        );
        ensure!(
            mapped <= bytes.len(),
            "offset {offset} maps to {mapped}, past the input ({} bytes)",
            bytes.len()
        );
        previous = mapped;
    }
    ensure!(
        map.to_original(text.len()) == bytes.len(),
        "the end of the text maps to {}, not to the end of the input {}",
        map.to_original(text.len()),
        bytes.len()
    );
    let starts: Vec<usize> = text
        .char_indices()
        .map(|(idx, _)| idx)
        .chain([text.len()])
        .collect();
    for (idx, &start) in starts.iter().enumerate() {
        for &end in starts[idx..].iter().take(3) {
            let span = map.span_to_original(start..end);
            ensure!(
                span.start <= span.end && span.end <= bytes.len(),
                "span {:?} of the text maps to {span:?}, outside the input ({} bytes)",
                start..end,
                bytes.len()
            );
            ensure!(
                boundaries.contains(&span.start) && boundaries.contains(&span.end),
                "span {:?} of the text maps to {span:?}, not on character boundaries of the input",
                start..end
            );
        }
    }
    Ok(())
}

/// Decode and normalize `bytes`: never panics, and when the input is accepted the offset maps
/// of the decoded text and of the normalized text are sound (see `check_map`).
pub fn check_normalize(bytes: &[u8]) -> Check {
    let Ok(decoded) = decode(bytes, &IngestConfig::default()) else {
        return Ok(());
    };
    let boundaries = original_boundaries(&decoded, bytes);
    check_map(&decoded.map, &decoded.text, bytes, &boundaries)
        .map_err(|e| format!("decode: {e}"))?;
    let normalized = normalize(&decoded);
    check_map(&normalized.map, &normalized.text, bytes, &boundaries)
        .map_err(|e| format!("normalize: {e}"))
}

/// Markdown stripping (the decoding of a `.md` file) and normalization after it: never
/// panics, and when the input is accepted both offset maps are sound (see `check_map`), so
/// every span of a Markdown document still points at its own bytes.
pub fn check_markdown(bytes: &[u8]) -> Check {
    let config = IngestConfig {
        markup: Markup::Markdown,
        ..IngestConfig::default()
    };
    let Ok(decoded) = decode(bytes, &config) else {
        return Ok(());
    };
    let boundaries = original_boundaries(&decoded, bytes);
    check_map(&decoded.map, &decoded.text, bytes, &boundaries)
        .map_err(|e| format!("markdown: {e}"))?;
    let normalized = normalize(&decoded);
    check_map(&normalized.map, &normalized.text, bytes, &boundaries)
        .map_err(|e| format!("markdown, normalized: {e}"))
}

/// The choice of how a PDF page's text layer is read (letter spacing removed on the whole
/// page, on some lines, or not at all): only single spaces are removed, as many as it says,
/// every other character kept in order, and the scope says whether any was removed.
pub fn check_letter_spacing(page: &str) -> Check {
    let read = treaty_normalize::letter_spacing::remove_letter_spacing(page);
    ensure!(
        read.text.len() + read.removed == page.len(),
        "{} spaces said removed, but the text went from {} to {} bytes",
        read.removed,
        page.len(),
        read.text.len()
    );
    let without_spaces = |text: &str| text.chars().filter(|&c| c != ' ').collect::<String>();
    ensure!(
        without_spaces(&read.text) == without_spaces(page),
        "characters other than spaces changed"
    );
    ensure!(
        (read.removed == 0) == (read.scope.as_str() == "none"),
        "scope {} with {} spaces removed",
        read.scope.as_str(),
        read.removed
    );
    ensure!(
        !read.text.contains("  ") || page.contains("  "),
        "a space was removed from a run of spaces, leaving two"
    );
    Ok(())
}

/// Whether `value` is a plain decimal that reads back as itself through an `f64`.
fn exact(value: &Decimal) -> bool {
    value.as_str().parse::<Decimal>().as_ref() == Ok(value)
        && Decimal::from_f64(value.to_f64()).as_ref() == Some(value)
}

/// `find_quantities` in each language: spans non-empty, in bounds, on character boundaries,
/// in order and non-overlapping; every value a plain decimal that a float holds exactly (its
/// text reads back as itself through an `f64`).
pub fn check_numbers(text: &str) -> Check {
    for lang in [Lang::Pt, Lang::En, Lang::Ja] {
        let mut previous_end = 0;
        for quantity in find_quantities(text, lang) {
            let span = quantity.span.clone();
            ensure!(
                span.start < span.end && span.end <= text.len(),
                "{lang:?}: span {span:?} empty or outside the text ({} bytes)",
                text.len()
            );
            ensure!(
                text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
                "{lang:?}: span {span:?} not on character boundaries"
            );
            ensure!(
                span.start >= previous_end,
                "{lang:?}: span {span:?} overlaps or precedes the previous one (ends at {previous_end})"
            );
            previous_end = span.end;
            ensure!(
                exact(&quantity.value),
                "{lang:?}: value {} of {:?} does not read back as itself through a float",
                quantity.value,
                &text[span]
            );
        }
    }
    Ok(())
}

/// Checks a span of the segmented text: ordered, in bounds, on character boundaries.
fn check_span(what: &str, span: &Range<usize>, text: &str) -> Check {
    ensure!(
        span.start <= span.end && span.end <= text.len(),
        "{what}: span {span:?} outside the text ({} bytes)",
        text.len()
    );
    ensure!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what}: span {span:?} not on character boundaries"
    );
    Ok(())
}

/// `segment` with the default configuration: every span (version, article, paragraph,
/// diagnostic) in bounds and on character boundaries; every paragraph inside its article;
/// every subparagraph inside its paragraph's text; and each paragraph's text is a copy of the
/// normalized text: every character that is not whitespace (whitespace may be a separator
/// between pieces) is the character its piece map points to.
pub fn check_segment(text: &str) -> Check {
    let (document, diagnostics) = segment(text, &SegmentConfig::default());
    for diagnostic in &diagnostics {
        if let Some(span) = &diagnostic.span {
            check_span(&format!("diagnostic {}", diagnostic.code), span, text)?;
        }
    }
    for treaty in &document.treaties {
        for version in &treaty.versions {
            let name = format!("treaty {} {}", treaty.index, version.lang.as_str());
            check_span(&name, &version.span, text)?;
            for article in version
                .articles
                .iter()
                .chain(&version.protocol)
                .chain(&version.mli)
            {
                let name = format!("{name} article {:?}", article.number);
                check_span(&name, &article.span, text)?;
                for paragraph in &article.paragraphs {
                    let name = format!("{name} paragraph {:?}", paragraph.number);
                    check_span(&name, &paragraph.span, text)?;
                    ensure!(
                        article.span.start <= paragraph.span.start
                            && paragraph.span.end <= article.span.end,
                        "{name}: span {:?} not inside the article's {:?}",
                        paragraph.span,
                        article.span
                    );
                    for (local, ch) in paragraph.text.char_indices() {
                        if ch.is_whitespace() {
                            continue;
                        }
                        let at = paragraph.pieces.to_normalized(local);
                        ensure!(
                            text.get(at..).is_some_and(|rest| rest.starts_with(ch)),
                            "{name}: character {ch:?} at {local} of the paragraph text maps to {at}, where the text has {:?}",
                            text.get(at..).and_then(|rest| rest.chars().next())
                        );
                    }
                    for sub in &paragraph.subparagraphs {
                        let name = format!("{name} subparagraph {:?}", sub.label);
                        check_span(&name, &sub.local, &paragraph.text)?;
                        let span = paragraph.pieces.range_to_normalized(sub.local.clone());
                        check_span(&name, &span, text)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whitespace folded as in a row's quote: runs become one space, none at the edges.
fn fold(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The normalized text that came from `original` bytes: the characters whose origin lies in
/// the range (the map is monotone, so they are contiguous). `origins` holds each character's
/// offset in the normalized text and its origin, in order.
fn normalized_of<'a>(
    text: &'a str,
    origins: &[(usize, usize)],
    original: &Range<usize>,
) -> &'a str {
    let first = origins.partition_point(|&(_, at)| at < original.start);
    let last = origins.partition_point(|&(_, at)| at < original.end);
    if first >= last {
        return "";
    }
    let start = origins[first].0;
    let end = origins.get(last).map_or(text.len(), |&(idx, _)| idx);
    &text[start..end]
}

/// `process_document` end to end with the default settings and no Japanese tokenizer.
///
/// A refusal has a message. A report describes these bytes; every structure span and warning
/// span is in bounds and on character boundaries of the original. Every row's span is
/// non-empty, in bounds and on character boundaries of the original, and the number text it
/// covers, i.e. the normalized text that came from `bytes[start..end]` with its whitespace
/// folded, is contained in the row's quote. In a document of more than one language the
/// number's pieces may have text of the other language between them (two columns read
/// across, or lines of the two versions alternating), so there its first and last words are
/// words of the quote.
pub fn check_process_document(bytes: &[u8]) -> Check {
    let settings = Settings {
        ingest: IngestConfig::default(),
        tokenizers: None,
        amended_treaty: None,
    };
    let report = match process_document("fuzz", bytes, &settings) {
        Ok(report) => report,
        Err(error) => {
            ensure!(!error.to_string().is_empty(), "a refusal without a message");
            return Ok(());
        }
    };
    ensure!(
        report.bytes == bytes.len(),
        "report.bytes {} != {}",
        report.bytes,
        bytes.len()
    );
    let decoded = decode(bytes, &IngestConfig::default())
        .map_err(|e| format!("decode refused an input process_document accepted: {e}"))?;
    let original = OriginalSpans {
        len: bytes.len(),
        boundaries: original_boundaries(&decoded, bytes),
    };
    let in_original = |what: &str, start: usize, end: usize| original.check(what, start, end);
    let normalized = normalize(&decoded);
    for warning in &report.warnings {
        if let (Some(start), Some(end)) = (warning.start, warning.end) {
            in_original(&format!("warning {}", warning.code), start, end)?;
        }
    }
    for treaty in &report.treaties {
        for version in &treaty.versions {
            in_original(
                &format!("version {}", version.lang),
                version.start,
                version.end,
            )?;
            for article in version
                .articles
                .iter()
                .chain(&version.protocol)
                .chain(&version.mli)
            {
                let name = format!("{} article {:?}", version.lang, article.article);
                in_original(&name, article.start, article.end)?;
                for paragraph in &article.paragraphs {
                    let name = format!("{name} paragraph {:?}", paragraph.paragraph);
                    in_original(&name, paragraph.start, paragraph.end)?;
                    for sub in &paragraph.subparagraphs {
                        in_original(&format!("{name} ({})", sub.label), sub.start, sub.end)?;
                    }
                }
            }
        }
    }
    let origins: Vec<(usize, usize)> = normalized
        .text
        .char_indices()
        .map(|(idx, _)| (idx, normalized.map.to_original(idx)))
        .collect();
    // With one language, the text segmentation reads is the normalized text in order; with
    // more, each language's text is rebuilt from lines (or, in two-column print, word runs).
    let single_stream = report.languages.len() <= 1;
    for row in &report.rows {
        let name = format!(
            "row {} art {} ¶{} {} {} {}",
            row.lang, row.article, row.paragraph, row.kind, row.value, row.unit
        );
        ensure!(row.start < row.end, "{name}: empty span {}", row.start);
        in_original(&name, row.start, row.end)?;
        let from = NumberSource {
            normalized: &normalized.text,
            origins: &origins,
            single_stream,
        };
        from.check_in_quote(&name, row.start..row.end, &row.quote)?;
        ensure!(
            exact(&row.value),
            "{name}: value {} does not read back as itself through a float",
            row.value
        );
    }
    Ok(())
}

/// The input's length and the offsets of its character boundaries, to check spans against.
struct OriginalSpans {
    len: usize,
    boundaries: BTreeSet<usize>,
}

impl OriginalSpans {
    /// A span of the input named `what` is in bounds and on character boundaries.
    fn check(&self, what: &str, start: usize, end: usize) -> Check {
        ensure!(
            start <= end && end <= self.len,
            "{what}: span {:?} outside the input ({} bytes)",
            start..end,
            self.len
        );
        ensure!(
            self.boundaries.contains(&start) && self.boundaries.contains(&end),
            "{what}: span {:?} not on character boundaries of the input",
            start..end
        );
        Ok(())
    }
}

/// The normalized text a row's number came from, and how its languages were read.
struct NumberSource<'a> {
    normalized: &'a str,
    /// Each normalized character's offset and the original offset it maps to.
    origins: &'a [(usize, usize)],
    /// One language: the text segmentation read is the normalized text in order.
    single_stream: bool,
}

impl NumberSource<'_> {
    /// The number text of the original span `span` (the normalized text that came from it,
    /// whitespace folded) is in the row's quote; with more than one language, its first and
    /// last words are.
    fn check_in_quote(&self, name: &str, span: Range<usize>, quote: &str) -> Check {
        let number = fold(normalized_of(self.normalized, self.origins, &span));
        ensure!(
            !number.is_empty(),
            "{name}: no normalized text comes from {:?}",
            span
        );
        if self.single_stream {
            ensure!(
                quote.contains(&number),
                "{name}: the number text {number:?} (from {:?}) is not in the quote {:?}",
                span,
                quote
            );
        } else {
            // Lines or word runs of another language may lie between the pieces of the number.
            let first = number.split(' ').next().unwrap_or_default();
            let last = number.rsplit(' ').next().unwrap_or_default();
            ensure!(
                quote.contains(first) && quote.contains(last),
                "{name}: the number text {number:?} (from {:?}) does not start and end with words of the quote {:?}",
                span,
                quote
            );
        }
        Ok(())
    }
}

/// The check a fuzz target runs on its raw input.
pub type TargetCheck = fn(&[u8]) -> Check;

/// The fuzz targets (`fuzz/fuzz_targets/<name>.rs`) and the check each runs on its raw input:
/// the string targets read the bytes as UTF-8, replacing invalid sequences.
pub const TARGETS: [(&str, TargetCheck); 6] = [
    ("normalize", check_normalize),
    ("markdown", check_markdown),
    ("letter_spacing", |data| {
        check_letter_spacing(&String::from_utf8_lossy(data))
    }),
    ("numbers", |data| {
        check_numbers(&String::from_utf8_lossy(data))
    }),
    ("segment", |data| {
        check_segment(&String::from_utf8_lossy(data))
    }),
    ("process_document", check_process_document),
];

/// Runs the check of the fuzz target `name` on one raw input, as the target does.
pub fn run_target(name: &str, data: &[u8]) -> Check {
    match TARGETS.iter().find(|(target, _)| *target == name) {
        Some((_, check)) => check(data),
        None => Err(format!("no fuzz target named {name:?}")),
    }
}
