//! The text a document page shows: the original file decoded, and where normalization changed it.
//!
//! Spans in the per-document JSON are byte offsets into the original file. The page shows the
//! decoded original text (`display`), so every span is first mapped from original bytes to
//! `display` offsets ([`Source::to_display`]); for UTF-8 input the two are the same.
//!
//! Normalization is run again here exactly as the pipeline runs it ([`treaty_normalize`]'s
//! `decode` then `normalize`), and the normalized text is laid over the decoded text: every
//! stretch where the two differ is a [`Site`] (the original characters and their replacement),
//! found by walking the normalized text through its offset map. A page shows the normalized
//! text by default and the original characters of the sites when asked. Each site gets the kind
//! of fix that explains it, told from its shape ([`classify`]): the pipeline counts fixes but
//! does not say where each one applied.

use std::ops::Range;

use treaty_normalize::{decode, normalize, IngestConfig, OffsetMap};

/// Kinds of normalization fix a site can be shown as; the names are the pipeline's counter
/// names (`normalization` in the document JSON), plus `other` for a change no rule explains.
pub(crate) const FIX_KINDS: [&str; 14] = [
    "mojibake",
    "control_chars",
    "line_endings",
    "soft_hyphens",
    "nfc",
    "fullwidth",
    "quote_damage",
    "page_furniture",
    "japanese_layout",
    "ocr_keywords",
    "roman_numerals",
    "dehyphenation",
    "whitespace",
    "other",
];

/// One place where normalization changed the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Site {
    /// The original characters, as a range of [`Source::display`].
    pub display: Range<usize>,
    /// What normalization made of them.
    pub normalized: String,
    /// Index into [`FIX_KINDS`].
    pub kind: usize,
}

/// From original byte offsets to offsets of the decoded text.
enum Inverse {
    /// The decoded text is the input itself (UTF-8 without a byte-order mark).
    Identity,
    /// Runs of characters of equal byte lengths, as (display start, original start,
    /// display bytes per character, original bytes per character, characters).
    Runs(Vec<(usize, usize, usize, usize, usize)>),
}

/// The decoded original text of a document and the normalization sites laid over it.
pub(crate) struct Source {
    /// The original file decoded (no byte-order mark); what the page shows.
    pub display: String,
    /// Where normalization changed the text, in order, never overlapping.
    pub sites: Vec<Site>,
    /// Length of the original file in bytes.
    original_len: usize,
    inverse: Inverse,
    /// Why the text is not shown as the pipeline read it, when it is not.
    pub problem: Option<String>,
}

impl Source {
    /// Decodes and normalizes `bytes` as the pipeline does. Never fails: input the pipeline
    /// would refuse is shown decoded as lossy UTF-8, with a [`Source::problem`].
    pub fn new(bytes: &[u8]) -> Source {
        // HTML is told from the content, as the pipeline does for a file whose name does not
        // say (`.html` inputs normally start with a tag too).
        let config = IngestConfig {
            max_bytes: u64::MAX,
            ..IngestConfig::default()
        };
        match decode(bytes, &config) {
            Ok(decoded) => {
                let inverse = if decoded.text.as_bytes() == bytes {
                    Inverse::Identity
                } else {
                    Inverse::Runs(inverse_runs(&decoded.text, &decoded.map))
                };
                let normalized = normalize(&decoded);
                let mut source = Source {
                    display: decoded.text,
                    sites: Vec::new(),
                    original_len: bytes.len(),
                    inverse,
                    problem: None,
                };
                source.sites = find_sites(&source, &normalized.text, &normalized.map);
                source
            }
            Err(error) => Source {
                display: String::from_utf8_lossy(bytes).into_owned(),
                sites: Vec::new(),
                original_len: bytes.len(),
                inverse: Inverse::Identity,
                problem: Some(format!(
                    "the file cannot be read as the pipeline reads it ({error}); it is shown as UTF-8"
                )),
            },
        }
        .with_lossy_check(bytes)
    }

    /// A lossy UTF-8 display of a file that is not UTF-8 has other offsets than the file.
    fn with_lossy_check(mut self, bytes: &[u8]) -> Source {
        if matches!(self.inverse, Inverse::Identity) && self.display.len() != bytes.len() {
            self.inverse = Inverse::Runs(lossy_runs(bytes));
        }
        self
    }

    /// The display offset of original byte offset `offset`: the start of the character it
    /// falls in (or the next character, in bytes that decode to nothing).
    pub fn to_display(&self, offset: usize) -> usize {
        self.locate(offset, false)
    }

    /// The display offset of original byte offset `offset` used as the end of a span: the end
    /// of the character it falls in.
    pub fn to_display_end(&self, offset: usize) -> usize {
        self.locate(offset, true)
    }

    fn locate(&self, offset: usize, round_up: bool) -> usize {
        let offset = offset.min(self.original_len);
        match &self.inverse {
            Inverse::Identity => {
                let position = offset.min(self.display.len());
                if round_up {
                    ceil_boundary(&self.display, position)
                } else {
                    floor_boundary(&self.display, position)
                }
            }
            Inverse::Runs(runs) => {
                let index = runs.partition_point(|run| run.1 <= offset);
                let position = match index.checked_sub(1).and_then(|i| runs.get(i)) {
                    None => 0,
                    Some(&(d, o, d_step, o_step, count)) => {
                        let into = offset - o;
                        let unit = if o_step == 0 {
                            count
                        } else if round_up {
                            into.div_ceil(o_step).min(count)
                        } else {
                            (into / o_step).min(count)
                        };
                        d + unit * d_step
                    }
                };
                floor_boundary(&self.display, position)
            }
        }
    }

    /// Length of the original file in bytes.
    pub fn original_len(&self) -> usize {
        self.original_len
    }

    /// A display range for original span `start..end` (clamped, never reversed).
    pub fn span(&self, start: usize, end: usize) -> Range<usize> {
        let a = self.to_display(start);
        let b = self.to_display_end(end.max(start)).max(a);
        a..b
    }

    /// The index of the site that strictly contains display offset `position`, if any.
    pub fn site_around(&self, position: usize) -> Option<usize> {
        let index = self
            .sites
            .partition_point(|site| site.display.end <= position);
        self.sites
            .get(index)
            .filter(|site| site.display.start < position && position < site.display.end)
            .map(|_| index)
    }

    /// How many sites of each kind (indexed like [`FIX_KINDS`]).
    pub fn site_counts(&self) -> [usize; FIX_KINDS.len()] {
        let mut counts = [0; FIX_KINDS.len()];
        for site in &self.sites {
            counts[site.kind] += 1;
        }
        counts
    }
}

fn floor_boundary(text: &str, mut position: usize) -> usize {
    position = position.min(text.len());
    while !text.is_char_boundary(position) {
        position -= 1;
    }
    position
}

fn ceil_boundary(text: &str, mut position: usize) -> usize {
    position = position.min(text.len());
    while !text.is_char_boundary(position) {
        position += 1;
    }
    position
}

/// Runs that invert the decode map: each character of `text` with the original bytes it came
/// from, equal neighbours merged.
fn inverse_runs(text: &str, map: &OffsetMap) -> Vec<(usize, usize, usize, usize, usize)> {
    let mut runs: Vec<(usize, usize, usize, usize, usize)> = Vec::new();
    for (position, c) in text.char_indices() {
        let length = c.len_utf8();
        let original = map.span_to_original(position..position + length);
        let original_length = original.end - original.start;
        if let Some(last) = runs.last_mut() {
            let (d, o, d_step, o_step, count) = *last;
            if d_step == length
                && o_step == original_length
                && d + d_step * count == position
                && o + o_step * count == original.start
            {
                last.4 += 1;
                continue;
            }
        }
        runs.push((position, original.start, length, original_length, 1));
    }
    runs
}

/// Runs for input shown as lossy UTF-8: valid stretches map one to one, each invalid sequence
/// is one U+FFFD (3 bytes) standing for its bytes.
fn lossy_runs(bytes: &[u8]) -> Vec<(usize, usize, usize, usize, usize)> {
    let mut runs = Vec::new();
    let (mut display, mut original) = (0, 0);
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().len();
        if valid > 0 {
            runs.push((display, original, 1, 1, valid));
            display += valid;
            original += valid;
        }
        let invalid = chunk.invalid().len();
        if invalid > 0 {
            runs.push((display, original, 3, invalid, 1));
            display += 3;
            original += invalid;
        }
    }
    runs
}

/// Bytes skipped at a time where normalization changed nothing.
const BLOCK: usize = 32;

/// Walks the normalized text through its map and collects the stretches that differ from the
/// decoded text.
fn find_sites(source: &Source, normalized: &str, map: &OffsetMap) -> Vec<Site> {
    let display = source.display.as_str();
    let mut sites: Vec<Site> = Vec::new();
    // The open site: where it starts in `display` and in `normalized`.
    let mut open: Option<(usize, usize)> = None;
    let mut cursor = 0;
    let identity = matches!(source.inverse, Inverse::Identity);
    let mut close = |open: &mut Option<(usize, usize)>, end: usize, normalized_end: usize| {
        if let Some((start, normalized_start)) = open.take() {
            sites.push(Site {
                display: start..end,
                normalized: normalized[normalized_start..normalized_end].to_string(),
                kind: 0,
            });
        }
    };
    let mut position = 0;
    while position < normalized.len() {
        if identity && open.is_none() {
            // Skip, a block at a time, stretches the map leaves as they are: the block's ends
            // map to the cursor and the cursor plus its length, and its bytes are the same.
            let mut original = map.to_original(position);
            while original == cursor && position + BLOCK <= normalized.len() {
                let end = original + BLOCK;
                if end > display.len()
                    || map.to_original(position + BLOCK) != end
                    || normalized.as_bytes()[position..position + BLOCK]
                        != display.as_bytes()[original..end]
                {
                    break;
                }
                position += BLOCK;
                cursor = end;
                original = end;
            }
            // Equal bytes from equal boundaries: both texts are on a boundary or neither is.
            while !normalized.is_char_boundary(position) {
                position -= 1;
                cursor -= 1;
            }
            if position >= normalized.len() {
                break;
            }
        }
        let Some(c) = normalized[position..].chars().next() else {
            break;
        };
        let length = c.len_utf8();
        let original = map.span_to_original(position..position + length);
        let range = if identity {
            original.start.min(display.len())..original.end.min(display.len())
        } else {
            source.span(original.start, original.end)
        };
        let range = floor_boundary(display, range.start)..ceil_boundary(display, range.end);
        let clean =
            range.start >= cursor && display.get(range.clone()) == Some(c.encode_utf8(&mut [0; 4]));
        if range.start > cursor && open.is_none() {
            // Original text deleted just before this character.
            open = Some((cursor, position));
        }
        if clean {
            close(&mut open, range.start, position);
            cursor = range.end;
        } else {
            if open.is_none() {
                open = Some((cursor, position));
            }
            cursor = cursor.max(range.end);
        }
        position += length;
    }
    if cursor < display.len() && open.is_none() {
        open = Some((cursor, normalized.len()));
    }
    close(&mut open, display.len().max(cursor), normalized.len());
    for site in &mut sites {
        let before = display[..site.display.start].chars().next_back();
        let after = display[site.display.end..].chars().next();
        site.kind = classify(
            &display[site.display.clone()],
            &site.normalized,
            before,
            after,
        );
    }
    sites
}

/// Whether `c` is Japanese script or punctuation.
fn is_japanese(c: char) -> bool {
    matches!(u32::from(c),
        0x3000..=0x303F | 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF)
}

fn without_whitespace(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The kind of fix (index into [`FIX_KINDS`]) that explains turning `original` into
/// `normalized`, between the characters `before` and `after`.
pub(crate) fn classify(
    original: &str,
    normalized: &str,
    before: Option<char>,
    after: Option<char>,
) -> usize {
    let original_text = without_whitespace(original);
    let normalized_text = without_whitespace(normalized);
    let name = if original_text == normalized_text {
        whitespace_kind(original, normalized, before, after)
    } else {
        character_kind(original, &original_text, &normalized_text)
            .unwrap_or_else(|| removal_kind(original, &original_text, &normalized_text))
    };
    FIX_KINDS
        .iter()
        .position(|k| *k == name)
        .unwrap_or(FIX_KINDS.len() - 1)
}

/// The kind of a fix that changed only whitespace.
fn whitespace_kind(
    original: &str,
    normalized: &str,
    before: Option<char>,
    after: Option<char>,
) -> &'static str {
    let japanese_around = before.is_some_and(is_japanese) || after.is_some_and(is_japanese);
    if original.contains('\r') && original.replace('\r', "") == normalized {
        return "line_endings";
    }
    // `non- resident` -> `non-resident`: the hyphen stays, the break after it goes.
    if before == Some('-') && normalized.is_empty() && after.is_some_and(char::is_alphabetic) {
        return "dehyphenation";
    }
    // Japanese layout joins hard-wrapped lines (a line end removed outright) and removes
    // spaces at Japanese punctuation; the whitespace fix only collapses runs, trims line
    // ends and removes blank lines beyond one.
    let (lines_before, lines_after) = (
        original.matches('\n').count(),
        normalized.matches('\n').count(),
    );
    let lines_joined = lines_after == 0 && (1..3).contains(&lines_before);
    let spaces_removed = normalized.is_empty() && lines_before == 0;
    if (lines_joined && (normalized.is_empty() || japanese_around))
        || (spaces_removed && japanese_around)
    {
        return "japanese_layout";
    }
    "whitespace"
}

/// A full-width ASCII character as ASCII.
fn fold_fullwidth(c: char) -> char {
    match u32::from(c) {
        code @ 0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0).unwrap_or(c),
        _ => c,
    }
}

/// The kind of a fix that changed characters in place, if one explains the change (texts
/// without whitespace as `original_text` and `normalized_text`).
fn character_kind(
    original: &str,
    original_text: &str,
    normalized_text: &str,
) -> Option<&'static str> {
    if original.contains('\u{ad}') && original_text.replace('\u{ad}', "") == normalized_text {
        return Some("soft_hyphens");
    }
    let is_control = |c: char| {
        (c.is_control() && !c.is_whitespace()) || crate::escape::invisible_name(c).is_some()
    };
    if original.chars().any(is_control)
        && original_text
            .chars()
            .filter(|c| !is_control(*c))
            .collect::<String>()
            == normalized_text
    {
        return Some("control_chars");
    }
    if original.chars().any(|c| fold_fullwidth(c) != c)
        && original_text
            .chars()
            .map(fold_fullwidth)
            .collect::<String>()
            == normalized_text
    {
        return Some("fullwidth");
    }
    if original.contains('-')
        && original_text.replace('-', "") == normalized_text.replace('-', "")
        && original
            .split('-')
            .skip(1)
            .any(|rest| rest.starts_with(char::is_whitespace))
    {
        return Some("dehyphenation");
    }
    let quotes = |text: &str| {
        text.chars()
            .filter(|c| matches!(c, '"' | '“' | '”' | '\''))
            .count()
    };
    if quotes(normalized_text) > quotes(original_text) {
        return Some("quote_damage");
    }
    {
        use unicode_normalization::UnicodeNormalization;
        if original_text.nfc().collect::<String>() == normalized_text {
            return Some("nfc");
        }
    }
    if original
        .chars()
        .any(|c| matches!(c, 'Ã' | 'Â' | 'â' | 'Å' | 'Ä'))
        && original_text.chars().count() > normalized_text.chars().count()
    {
        return Some("mojibake");
    }
    None
}

/// The kind of a fix that removed text or changed words, when no fix of characters in place
/// explains the change.
fn removal_kind(original: &str, original_text: &str, normalized_text: &str) -> &'static str {
    if normalized_text.is_empty() {
        return "page_furniture";
    }
    // A page header or number removed next to a character another fix changed: the removal
    // is what the place is about.
    let folded: String = original_text.chars().map(fold_fullwidth).collect();
    if folded.len() > normalized_text.len()
        && (folded.ends_with(normalized_text) || folded.starts_with(normalized_text))
        && original.contains('\n')
    {
        return "page_furniture";
    }
    if !normalized_text.is_empty()
        && normalized_text
            .chars()
            .all(|c| matches!(c, 'I' | 'V' | 'X' | 'L' | 'C'))
        && original_text.chars().count() == normalized_text.chars().count()
    {
        return "roman_numerals";
    }
    if original_text.chars().all(char::is_alphanumeric)
        && normalized_text.chars().all(char::is_alphanumeric)
    {
        return "ocr_keywords";
    }
    "other"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(
        original: &str,
        normalized: &str,
        before: Option<char>,
        after: Option<char>,
    ) -> &'static str {
        FIX_KINDS[classify(original, normalized, before, after)]
    }

    #[test]
    fn kinds_are_told_from_the_shape_of_a_change() {
        assert_eq!(name("\r\n", "\n", Some('a'), Some('b')), "line_endings");
        assert_eq!(name("\n", "", Some('日'), Some('本')), "japanese_layout");
        assert_eq!(name("\n", "", Some(')'), Some('(')), "japanese_layout");
        assert_eq!(name("\n", " ", Some('a'), Some('b')), "whitespace");
        assert_eq!(name(" \n", "\n", Some('a'), Some('b')), "whitespace");
        assert_eq!(
            name(
                "\n# Page 2\n2 \n \nＢＥＰＳ",
                "BEPS",
                Some('。'),
                Some('防')
            ),
            "page_furniture"
        );
        assert_eq!(name(" ", "", Some('。'), Some('本')), "japanese_layout");
        assert_eq!(name("   ", " ", Some('a'), Some('b')), "whitespace");
        assert_eq!(
            name("\n\n\n\n", "\n\n", Some('日'), Some('本')),
            "whitespace"
        );
        assert_eq!(name("- ", "", Some('n'), Some('f')), "dehyphenation");
        assert_eq!(name("-\n", "", Some('n'), Some('f')), "dehyphenation");
        assert_eq!(name(" ", "", Some('-'), Some('r')), "dehyphenation");
        assert_eq!(name("ＡＢ１", "AB1", None, None), "fullwidth");
        assert_eq!(name("ồi", "\"", Some('e'), Some(' ')), "quote_damage");
        assert_eq!(name("e\u{301}", "é", None, None), "nfc");
        assert_eq!(name("Ã£", "ã", None, None), "mojibake");
        assert_eq!(
            name("- 12 -\n", "", Some('\n'), Some('A')),
            "page_furniture"
        );
        assert_eq!(name("Il", "II", Some(' '), Some(' ')), "roman_numerals");
        assert_eq!(name("Articie", "Article", None, Some(' ')), "ocr_keywords");
        assert_eq!(name("a\u{ad}", "a", None, None), "soft_hyphens");
        assert_eq!(name("\u{202e}", "", Some('a'), Some('b')), "control_chars");
        assert_eq!(name("§", "!", None, None), "other");
    }

    #[test]
    fn sites_cover_exactly_what_normalization_changed() {
        let input = "Articie 10\r\nDividends con- formidade\r\n";
        let source = Source::new(input.as_bytes());
        assert_eq!(source.display, input);
        let changed: Vec<(&str, &str, &str)> = source
            .sites
            .iter()
            .map(|site| {
                (
                    &source.display[site.display.clone()],
                    site.normalized.as_str(),
                    FIX_KINDS[site.kind],
                )
            })
            .collect();
        assert!(
            changed.contains(&("Articie", "Article", "ocr_keywords")),
            "{changed:?}"
        );
        assert!(
            changed.contains(&("- ", "", "dehyphenation")),
            "{changed:?}"
        );
        assert!(changed.iter().any(|c| c.2 == "line_endings"), "{changed:?}");
        // Outside the sites, the display text is the normalized text.
        let mut rebuilt = String::new();
        let mut cursor = 0;
        for site in &source.sites {
            rebuilt.push_str(&source.display[cursor..site.display.start]);
            rebuilt.push_str(&site.normalized);
            cursor = site.display.end;
        }
        rebuilt.push_str(&source.display[cursor..]);
        let normalized =
            treaty_normalize::normalize_bytes(input.as_bytes(), &IngestConfig::default())
                .map(|n| n.text)
                .unwrap_or_default();
        assert_eq!(rebuilt, normalized);
    }

    /// Every corpus text: the sites turn the display text into exactly the normalized text, and
    /// every site really changes something.
    #[test]
    fn sites_rebuild_the_normalized_text_of_every_corpus_text() {
        let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
        let mut files = Vec::new();
        for dir in [corpus.clone(), corpus.join("ja"), corpus.join("en")] {
            for entry in std::fs::read_dir(dir).expect("corpus") {
                let path = entry.expect("entry").path();
                if path.extension().is_some_and(|e| e == "txt") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() >= 41);
        for path in files {
            let bytes = std::fs::read(&path).expect("corpus file");
            let source = Source::new(&bytes);
            let expected = treaty_normalize::normalize_bytes(&bytes, &IngestConfig::default())
                .expect("text")
                .text;
            let mut rebuilt = String::with_capacity(expected.len());
            let mut cursor = 0;
            for site in &source.sites {
                assert!(site.display.start >= cursor, "{}", path.display());
                assert_ne!(
                    &source.display[site.display.clone()],
                    site.normalized,
                    "{}",
                    path.display()
                );
                rebuilt.push_str(&source.display[cursor..site.display.start]);
                rebuilt.push_str(&site.normalized);
                cursor = site.display.end;
            }
            rebuilt.push_str(&source.display[cursor..]);
            assert!(rebuilt == expected, "{}", path.display());
        }
    }

    #[test]
    fn offsets_of_legacy_encodings_map_to_the_decoded_text() {
        // "Convenção" in Windows-1252: ç and ã are one byte each in the file.
        let bytes = b"Conven\xe7\xe3o entre 15 por cento";
        let source = Source::new(bytes);
        assert_eq!(source.display, "Convenção entre 15 por cento");
        let start = bytes.windows(2).position(|w| w == b"15").unwrap_or(0);
        let span = source.span(start, start + 2);
        assert_eq!(&source.display[span], "15");
        let cedilla = source.span(6, 7);
        assert_eq!(&source.display[cedilla], "ç");
    }

    #[test]
    fn undecodable_input_is_shown_lossily_without_panicking() {
        let source = Source::new(b"");
        assert!(source.problem.is_some());
        let source = Source::new(b"abc\x00\xffdef");
        assert!(source.problem.is_some());
        let span = source.span(5, 8);
        assert_eq!(&source.display[span], "def");
        assert_eq!(
            source.span(100, 2),
            source.display.len()..source.display.len()
        );
    }
}
