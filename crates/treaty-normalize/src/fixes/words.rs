//! Word counts of a whole document, for fixes that decide with evidence from the document.
//!
//! A word is a maximal run of alphabetic characters (the Vietnamese letters U+1EA0..U+1EF9
//! do not count, since in these texts they are damaged quotation marks). A hyphenated pair
//! `a-b` is two words joined by one hyphen with no space. Counts are case-insensitive.
//!
//! Only the words a fix asks about are counted, and a word's length is checked before it is
//! lowercased and hashed, so counting stays cheap on large texts.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for short words (the rotate-xor-multiply scheme of rustc's FxHasher).
///
/// It does not resist crafted collisions; the worst a hostile file can do is slow its own
/// normalization down, and the length and first-byte filters keep most words away from the
/// table anyway.
#[derive(Default)]
struct WordHasher {
    hash: u64,
}

impl WordHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        for &byte in chunks.remainder() {
            self.add(u64::from(byte));
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

/// Whether `ch` belongs to a word.
pub(crate) fn is_word_char(ch: char) -> bool {
    match ch {
        'a'..='z' | 'A'..='Z' => true,
        // Latin-1 letters and the CJK ideographs: the common cases, without a table lookup.
        '\u{C0}'..='\u{FF}' => ch != '×' && ch != '÷',
        '\u{4E00}'..='\u{9FFF}' => true,
        '\u{1EA0}'..='\u{1EF9}' => false,
        _ => ch.is_alphabetic(),
    }
}

/// Lowercases `word` into a new string.
pub(crate) fn lower(word: &str) -> String {
    word.to_lowercase()
}

/// The words (and hyphenated pairs) a fix wants counted, and their counts.
#[derive(Debug, Default)]
pub(crate) struct WordCounts {
    counts: HashMap<String, u64, BuildHasherDefault<WordHasher>>,
    /// Bit `n` is set when some wanted key is `n` bytes long (63 stands for "63 or more").
    lengths: u64,
    /// A 256-bit set of the first bytes of the wanted keys.
    first_bytes: [u64; 4],
    wants_pairs: bool,
}

impl WordCounts {
    /// Asks for `word` (a single word or `a-b`) to be counted.
    pub(crate) fn want(&mut self, word: &str) {
        let key = lower(word);
        self.lengths |= 1 << key.len().min(63);
        if let Some(&first) = key.as_bytes().first() {
            self.first_bytes[usize::from(first >> 6)] |= 1 << (first & 63);
        }
        self.wants_pairs |= key.contains('-');
        self.counts.entry(key).or_insert(0);
    }

    /// How often `word` occurs (0 if it was not asked for).
    pub(crate) fn get(&self, word: &str) -> u64 {
        self.counts.get(&lower(word)).copied().unwrap_or(0)
    }

    /// Subtracts one occurrence of `word` (for fragments that are not real occurrences).
    pub(crate) fn discount(&mut self, word: &str) {
        if let Some(count) = self.counts.get_mut(&lower(word)) {
            *count = count.saturating_sub(1);
        }
    }

    /// A cheap filter: false when no wanted key has this length and first byte.
    fn might_want(&self, word: &str) -> bool {
        let Some(&first) = word.as_bytes().first() else {
            return false;
        };
        // Lower-casing keeps the UTF-8 length of the letters of these languages and the lead
        // byte of Latin-1 letters (`É` and `é` both start with C3); first bytes from C4 up
        // always pass. A letter whose lower case has another UTF-8 length (`İ`) can make a
        // word be missed, which only weakens the evidence.
        let first = first.to_ascii_lowercase();
        let first_ok =
            first >= 0xC4 || self.first_bytes[usize::from(first >> 6)] & (1 << (first & 63)) != 0;
        let len_ok = self.lengths & (1 << word.len().min(63)) != 0;
        first_ok && len_ok
    }

    fn bump(&mut self, word: &str, scratch: &mut String) {
        if !self.might_want(word) {
            return;
        }
        let key: &str = match lowercase_fast(word, scratch) {
            Lowercase::Already => word,
            Lowercase::Written => scratch,
            Lowercase::Unknown => {
                scratch.clear();
                scratch.extend(word.chars().flat_map(char::to_lowercase));
                scratch
            }
        };
        if let Some(count) = self.counts.get_mut(key) {
            *count += 1;
        }
    }

    /// Counts the wanted words in `text`.
    pub(crate) fn count_in(&mut self, text: &str) {
        if self.counts.is_empty() {
            return;
        }
        let mut scratch = String::new();
        let mut previous: Option<(usize, usize)> = None;
        for (start, end) in words(text) {
            let word = &text[start..end];
            self.bump(word, &mut scratch);
            if self.wants_pairs {
                if let Some((prev_start, prev_end)) = previous {
                    if prev_end + 1 == start && text.as_bytes()[prev_end] == b'-' {
                        self.bump(&text[prev_start..end], &mut scratch);
                    }
                }
                previous = Some((start, end));
            }
        }
    }
}

/// What [`lowercase_fast`] did.
enum Lowercase {
    /// The word has no upper-case letter.
    Already,
    /// The lower-cased word is in the scratch string.
    Written,
    /// The word has letters outside ASCII, Latin-1 and CJK: use the full Unicode mapping.
    Unknown,
}

/// Lower-cases words made of ASCII, Latin-1 and caseless CJK letters without the general
/// Unicode case tables (which dominate the time of counting otherwise).
fn lowercase_fast(word: &str, scratch: &mut String) -> Lowercase {
    let bytes = word.as_bytes();
    let mut has_upper = false;
    let mut idx = 0;
    while idx < bytes.len() {
        match bytes[idx] {
            byte @ 0x00..=0x7F => {
                has_upper |= byte.is_ascii_uppercase();
                idx += 1;
            }
            0xC3 => {
                // U+00C0..U+00DE are upper case (C3 80..C3 9E), except × (C3 97).
                let second = bytes.get(idx + 1).copied().unwrap_or(0);
                has_upper |= (0x80..=0x9E).contains(&second) && second != 0x97;
                idx += 2;
            }
            // Kana, CJK punctuation and ideographs have no case.
            0xE3..=0xE9 => idx += 3,
            _ => return Lowercase::Unknown,
        }
    }
    if !has_upper {
        return Lowercase::Already;
    }
    let mut buffer = std::mem::take(scratch).into_bytes();
    buffer.clear();
    let mut after_c3 = false;
    for &byte in bytes {
        let upper_latin1 = after_c3 && (0x80..=0x9E).contains(&byte) && byte != 0x97;
        buffer.push(if upper_latin1 {
            byte + 0x20
        } else {
            byte.to_ascii_lowercase()
        });
        after_c3 = byte == 0xC3;
    }
    // The mapping keeps UTF-8 valid (it only changes ASCII letters and Latin-1 continuation
    // bytes within their range), so this cannot fail; if it did, the full mapping is used.
    match String::from_utf8(buffer) {
        Ok(lowered) => {
            *scratch = lowered;
            Lowercase::Written
        }
        Err(_) => Lowercase::Unknown,
    }
}

/// Byte ranges of the words of `text`.
pub(crate) fn words(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let mut idx = 0;
    std::iter::from_fn(move || {
        // Skip to the next word character.
        let start = loop {
            if idx >= bytes.len() {
                return None;
            }
            let byte = bytes[idx];
            if byte.is_ascii_alphabetic() {
                break idx;
            }
            if byte < 0x80 {
                idx += 1;
                continue;
            }
            let ch = text[idx..].chars().next()?;
            if is_word_char(ch) {
                break idx;
            }
            idx += ch.len_utf8();
        };
        // Find its end.
        loop {
            if idx >= bytes.len() {
                break;
            }
            let byte = bytes[idx];
            if byte.is_ascii_alphabetic() {
                idx += 1;
                continue;
            }
            if byte < 0x80 {
                break;
            }
            let Some(ch) = text[idx..].chars().next() else {
                break;
            };
            if !is_word_char(ch) {
                break;
            }
            idx += ch.len_utf8();
        }
        Some((start, idx))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_wanted_words_and_pairs_case_insensitively() {
        // portugal-montenegro-2016-pt-en.txt
        let text = "qualquer ano-calendário; o Estado. ESTADO e estados, Estado-membro; \
                    estado-membro Contratanteồi";
        let mut counts = WordCounts::default();
        for word in [
            "estado",
            "ano-calendário",
            "estado-membro",
            "contratante",
            "nada",
        ] {
            counts.want(word);
        }
        counts.count_in(text);
        assert_eq!(counts.get("Estado"), 4);
        assert_eq!(counts.get("ano-calendário"), 1);
        assert_eq!(counts.get("estado-membro"), 2);
        assert_eq!(counts.get("contratante"), 1, "damage letters end a word");
        assert_eq!(counts.get("nada"), 0);
        counts.discount("estado");
        assert_eq!(counts.get("estado"), 3);
    }

    #[test]
    fn words_are_alphabetic_runs() {
        let text = "第十条配当1一方の (a) não-residente";
        let found: Vec<&str> = words(text).map(|(start, end)| &text[start..end]).collect();
        assert_eq!(found, ["第十条配当", "一方の", "a", "não", "residente"]);
    }
}
