//! Word counts of a whole document, for fixes that decide with evidence from the document.
//!
//! A word is a maximal run of alphabetic characters (the Vietnamese letters U+1EA0..U+1EF9
//! do not count, since in these texts they are damaged quotation marks). A hyphenated pair
//! `a-b` is two words joined by one hyphen with no space. Counts are case-insensitive (for a
//! handful of wanted words, only the lower-case, capitalized and upper-case spellings are
//! searched, which is what running text uses).
//!
//! Only the words a fix asks about are counted. Words are found 64 bytes at a time with bit
//! masks, and a 4096-bit filter on (length, first byte, last byte) turns most words away
//! before they are lower-cased and hashed, so counting stays cheap on large texts.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for short words (the rotate-xor-multiply scheme of rustc's FxHasher).
///
/// It does not resist crafted collisions; the worst a hostile file can do is slow its own
/// normalization down, and the sketch filter keeps most words away from the table anyway.
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
    /// A 4096-bit set of the [`sketch`]es of the wanted keys: most words of a text are not
    /// wanted, and this tells so without hashing them.
    sketches: Vec<u64>,
    wants_pairs: bool,
}

impl WordCounts {
    /// Asks for `word` (a single word or `a-b`) to be counted.
    pub(crate) fn want(&mut self, word: &str) {
        self.want_lower(&lower(word));
    }

    /// [`WordCounts::want`] for a word already in lower case.
    pub(crate) fn want_lower(&mut self, key: &str) {
        if self.counts.contains_key(key) {
            return;
        }
        if self.sketches.is_empty() {
            self.sketches = vec![0; SKETCH_BITS / 64];
        }
        let bit = sketch(key);
        self.sketches[bit / 64] |= 1 << (bit % 64);
        self.wants_pairs |= key.contains('-');
        self.counts.insert(key.to_owned(), 0);
    }

    /// How often `word` occurs (0 if it was not asked for).
    pub(crate) fn get(&self, word: &str) -> u64 {
        self.get_lower(&lower(word))
    }

    /// [`WordCounts::get`] for a word already in lower case.
    pub(crate) fn get_lower(&self, key: &str) -> u64 {
        self.counts.get(key).copied().unwrap_or(0)
    }

    /// Subtracts one occurrence of `word` (for fragments that are not real occurrences).
    #[cfg(test)]
    pub(crate) fn discount(&mut self, word: &str) {
        self.discount_lower(&lower(word));
    }

    /// [`WordCounts::discount`] for a word already in lower case.
    pub(crate) fn discount_lower(&mut self, key: &str) {
        if let Some(count) = self.counts.get_mut(key) {
            *count = count.saturating_sub(1);
        }
    }

    fn bump(&mut self, word: &str, scratch: &mut String) {
        // Most words are not wanted: tell from the raw word when its sketch is surely the
        // sketch of its lower case (ASCII, Latin-1 or CJK first and last characters).
        if let Some(bit) = raw_sketch(word.as_bytes()) {
            if !self.has_sketch(bit) {
                return;
            }
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
        if self.has_sketch(sketch(key)) {
            if let Some(count) = self.counts.get_mut(key) {
                *count += 1;
            }
        }
    }

    #[inline]
    fn has_sketch(&self, bit: usize) -> bool {
        self.sketches
            .get(bit / 64)
            .is_some_and(|bits| bits & (1 << (bit % 64)) != 0)
    }

    /// Counts the wanted words in `text`.
    pub(crate) fn count_in(&mut self, text: &str) {
        if self.counts.is_empty() {
            return;
        }
        if self.counts.len() <= FEW_KEYS {
            self.count_few_in(text);
            return;
        }
        let mut scratch = String::new();
        let mut previous: Option<(usize, usize)> = None;
        let bytes = text.as_bytes();
        for_each_word(text, |start, end| {
            self.bump(&text[start..end], &mut scratch);
            if self.wants_pairs {
                if let Some((prev_start, prev_end)) = previous {
                    if prev_end + 1 == start && bytes[prev_end] == b'-' {
                        self.bump(&text[prev_start..end], &mut scratch);
                    }
                }
                previous = Some((start, end));
            }
        });
    }
}

/// Size of the sketch filter of [`WordCounts`].
const SKETCH_BITS: usize = 4096;

/// A 12-bit summary of a lower-case word: its length, first and last byte.
fn sketch(word: &str) -> usize {
    let bytes = word.as_bytes();
    sketch_of(
        bytes.len(),
        bytes.first().copied().unwrap_or(0),
        bytes.last().copied().unwrap_or(0),
    )
}

#[inline]
fn sketch_of(len: usize, first: u8, last: u8) -> usize {
    let len = u32::try_from(len).unwrap_or(u32::MAX);
    let mixed = len.wrapping_mul(0x9E37_79B9)
        ^ u32::from(first).wrapping_mul(0x85EB_CA6B)
        ^ u32::from(last).wrapping_mul(0xC2B2_AE35);
    (mixed >> 20) as usize % SKETCH_BITS
}

/// The sketch of the lower case of `word`, computed from `word` itself when its first and last
/// characters are ASCII, Latin-1 or caseless CJK (lower-casing them changes at most those
/// bytes, in a known way); `None` otherwise.
///
/// This assumes lower-casing keeps the word's UTF-8 length, true for the letters of these
/// languages; a word with a letter like `İ` may be missed, which only weakens the evidence.
#[inline]
fn raw_sketch(word: &[u8]) -> Option<usize> {
    let len = word.len();
    let first = *word.first()?;
    let last = *word.last()?;
    let first_ok = first < 0x80 || first == 0xC3 || (0xE3..=0xE9).contains(&first);
    if !first_ok {
        return None;
    }
    let last = if last < 0x80 {
        last.to_ascii_lowercase()
    } else if len >= 2 && word[len - 2] == 0xC3 {
        if (0x80..=0x9E).contains(&last) && last != 0x97 {
            last + 0x20
        } else {
            last
        }
    } else if len >= 3 && (0xE3..=0xE9).contains(&word[len - 3]) {
        last
    } else {
        return None;
    };
    Some(sketch_of(len, first.to_ascii_lowercase(), last))
}

/// Length of the UTF-8 character starting with `byte` (1 for a stray continuation byte).
#[inline]
fn char_len(byte: u8) -> usize {
    match byte {
        0xF0..=0xFF => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

/// The length of the word character at `idx`, if there is one.
#[inline]
fn word_char_len(text: &str, idx: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let byte = *bytes.get(idx)?;
    if byte < 0x80 {
        return byte.is_ascii_alphabetic().then_some(1);
    }
    // Latin-1 letters (C3 80..C3 BF, except × and ÷) and the CJK ideographs U+5000..U+9FFF
    // (lead bytes E5..E9) without decoding.
    if byte == 0xC3 {
        let next = *bytes.get(idx + 1)?;
        return (next != 0x97 && next != 0xB7).then_some(2);
    }
    if (0xE5..=0xE9).contains(&byte) {
        return Some(3);
    }
    let ch = text.get(idx..)?.chars().next()?;
    is_word_char(ch).then(|| ch.len_utf8())
}

/// Up to this many wanted keys, [`WordCounts::count_in`] searches for each key instead of
/// walking all the words of the text.
const FEW_KEYS: usize = 8;

impl WordCounts {
    /// Counts a few wanted keys with a substring search per spelling (lower case, capitalized,
    /// upper case), keeping only hits with word boundaries on both sides.
    fn count_few_in(&mut self, text: &str) {
        let bytes = text.as_bytes();
        for (key, count) in &mut self.counts {
            let mut capitalized: String =
                key.chars().take(1).flat_map(char::to_uppercase).collect();
            capitalized.push_str(&key[key.chars().next().map_or(0, char::len_utf8)..]);
            let upper = key.to_uppercase();
            let mut spellings = vec![key.as_str(), capitalized.as_str(), upper.as_str()];
            spellings.sort_unstable();
            spellings.dedup();
            for spelling in spellings {
                if spelling.is_empty() {
                    continue;
                }
                for start in memchr::memmem::find_iter(bytes, spelling.as_bytes()) {
                    let end = start + spelling.len();
                    let boundary_before =
                        !text[..start].chars().next_back().is_some_and(is_word_char);
                    let boundary_after = !text[end..].chars().next().is_some_and(is_word_char);
                    if boundary_before && boundary_after {
                        *count += 1;
                    }
                }
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
#[inline]
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

/// Calls `f` with the byte range of every word of `text`, in order.
///
/// Runs of ASCII letters and non-ASCII bytes are found 64 bytes at a time with bit masks
/// (SWAR), which avoids a mispredicted branch at every word boundary; runs with non-ASCII
/// bytes are then split exactly, since they may hold punctuation such as `—` or `»`.
pub(crate) fn for_each_word(text: &str, mut f: impl FnMut(usize, usize)) {
    let bytes = text.as_bytes();
    let mut run_start: Option<usize> = None;
    let mut emit_run = |start: usize, end: usize| {
        if bytes[start..end].is_ascii() {
            f(start, end);
            return;
        }
        let mut idx = start;
        while idx < end {
            let Some(len) = word_char_len(text, idx) else {
                idx += char_len(bytes[idx]);
                continue;
            };
            let word_start = idx;
            idx += len;
            while idx < end {
                match word_char_len(text, idx) {
                    Some(len) => idx += len,
                    None => break,
                }
            }
            f(word_start, idx.min(end));
        }
    };
    for (block_idx, block) in bytes.chunks(64).enumerate() {
        let base = block_idx * 64;
        let mut mask = letterish_mask(block);
        let mut consumed = 0u32;
        while consumed < 64 {
            if let Some(start) = run_start {
                // Inside a run: it goes on over the low one bits.
                let ones = (!mask).trailing_zeros();
                if consumed + ones >= 64 || base + (consumed + ones) as usize >= bytes.len() {
                    break;
                }
                emit_run(start, base + (consumed + ones) as usize);
                run_start = None;
                mask >>= ones;
                consumed += ones;
            } else {
                if mask == 0 {
                    break;
                }
                let zeros = mask.trailing_zeros();
                consumed += zeros;
                mask >>= zeros;
                run_start = Some(base + consumed as usize);
            }
        }
    }
    if let Some(start) = run_start {
        emit_run(start, bytes.len());
    }
}

/// Bit `i` is set when byte `i` of `block` (at most 64 bytes) is an ASCII letter or not ASCII.
fn letterish_mask(block: &[u8]) -> u64 {
    let mut mask = 0u64;
    for (chunk_idx, chunk) in block.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        mask |= u64::from(letterish_bits(u64::from_le_bytes(word))) << (chunk_idx * 8);
    }
    mask
}

/// Bit `i` is set when byte `i` (little-endian) of `chunk` is an ASCII letter or not ASCII.
#[inline]
fn letterish_bits(chunk: u64) -> u8 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let non_ascii = chunk & HIGH;
    // Fold case, keep 7 bits; then `a`..=`z` is "at least 0x61 and not at least 0x7B", each
    // tested by an addition that sets the byte's high bit without carrying into the next.
    let low = (chunk | 0x2020_2020_2020_2020) & !HIGH;
    let at_least_a = low.wrapping_add(ONES * (0x80 - 0x61)) & HIGH;
    let past_z = low.wrapping_add(ONES * (0x80 - 0x7B)) & HIGH;
    let flags = (at_least_a & !past_z) | non_ascii;
    // Gather the eight high bits into one byte, byte 0 to bit 0.
    ((flags >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// Byte ranges of the words of `text`.
#[cfg(test)]
pub(crate) fn words(text: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    for_each_word(text, |start, end| found.push((start, end)));
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of `text` by a plain character loop, to check [`for_each_word`] against.
    fn words_by_chars(text: &str) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        let mut start = None;
        for (idx, ch) in text.char_indices().chain([(text.len(), ' ')]) {
            match (start, is_word_char(ch) && idx < text.len()) {
                (None, true) => start = Some(idx),
                (Some(word_start), false) => {
                    found.push((word_start, idx));
                    start = None;
                }
                _ => {}
            }
        }
        found
    }

    #[test]
    fn letterish_bits_classify_every_byte() {
        for byte in 0..=255u8 {
            for position in 0..8 {
                let mut chunk = [b'.'; 8];
                chunk[position] = byte;
                let bits = letterish_bits(u64::from_le_bytes(chunk));
                let expected = byte.is_ascii_alphabetic() || byte >= 0x80;
                assert_eq!(
                    bits,
                    u8::from(expected) << position,
                    "byte {byte:#x} at {position}"
                );
            }
        }
    }

    #[test]
    fn word_scan_agrees_with_a_character_loop() {
        let long_word = "a".repeat(150);
        for text in [
            "Estado Con- tratante; 1 - o imposto — «sociedade» e “AÇÃO” 第十条配当1一方の",
            long_word.as_str(),
            "x",
            "",
            "64 bytes of nothing but digits 0123456789012345678901234567890123456789 then words",
            "Contratanteiồi designam ×÷ 10³ ½ ﬁ",
        ] {
            assert_eq!(words(text), words_by_chars(text), "{text}");
        }
    }

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
        let found: Vec<&str> = words(text)
            .iter()
            .map(|&(start, end)| &text[start..end])
            .collect();
        assert_eq!(found, ["第十条配当", "一方の", "a", "não", "residente"]);
    }
}
