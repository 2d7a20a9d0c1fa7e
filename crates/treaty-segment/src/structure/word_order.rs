//! Whether a text's words are in random order: treaty words without a treaty's grammar (a
//! word salad), which has the vocabulary, the numbers and even stray headings of a treaty, so
//! that articles would be inferred from it and mined for rows.
//!
//! The test is how often a word follows itself. In words drawn at random, a word `w` of
//! frequency `p(w)` follows itself with probability `p(w)`, so the expected count of doubled
//! words is `Σ c(w)² / N` (`c(w)` the count of `w`, `N` of all words), whatever the words and
//! however they are drawn. In prose, grammar keeps a word from following itself ("the the"):
//! the language versions of the corpus, OCR included, have at most a quarter of the expected
//! count, word salads about all of it.

use rustc_hash::FxHashMap;

/// Words looked at: enough for the expected count to be large in any treaty, and a bound on
/// the cost of a large text.
const SAMPLE_WORDS: usize = 40_000;

/// Below this many expected doubled words, the sample says nothing.
const MIN_EXPECTED: f64 = 50.0;

/// The share of the expected doubled words from which the words are taken to be in random
/// order (the language versions of the corpus: at most 0.23; word salads: 0.93–1.0).
const RANDOM_SHARE: f64 = 0.6;

/// What the test found: the doubled words and how many random order would give.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct WordOrder {
    /// Words sampled.
    pub(crate) words: usize,
    /// Words that repeat the word before them.
    pub(crate) doubled: usize,
    /// How many random order would give.
    pub(crate) expected: f64,
}

impl WordOrder {
    /// Whether the words are in random order.
    pub(crate) fn is_random(&self) -> bool {
        self.expected >= MIN_EXPECTED && self.doubled as f64 >= RANDOM_SHARE * self.expected
    }
}

/// The test's figures for `text` when its words are in random order. Doubled words are
/// counted first, without counting each word: prose has too few of them for the test to find
/// random order whatever the words' counts, and that settles nearly every text.
pub(crate) fn random_word_order(text: &str) -> Option<WordOrder> {
    if (doubled_words(text) as f64) < RANDOM_SHARE * MIN_EXPECTED {
        return None;
    }
    Some(word_order(text)).filter(WordOrder::is_random)
}

/// The doubled words among the first [`SAMPLE_WORDS`] words of `text`, as [`word_order`]
/// counts them, without a branch per byte (this runs on every text): the letters of each block
/// of 64 bytes are read as a bit mask, eight bytes at a time, the characters outside ASCII
/// decoded one by one, and the words are the runs of set bits.
fn doubled_words(text: &str) -> usize {
    let bytes = text.as_bytes();
    let (mut words, mut doubled) = (0, 0);
    let mut previous: &[u8] = &[];
    // Counts the word `start..end`; true once the sample is full.
    let mut finish = |start: usize, end: usize, doubled: &mut usize| {
        let word = &bytes[start..end];
        words += 1;
        *doubled += usize::from(word == previous);
        previous = word;
        words == SAMPLE_WORDS
    };
    // Where the word being read started, when the last byte read was a letter.
    let mut word_start: Option<usize> = None;
    // Letter bits of a character outside ASCII that runs past the end of its block.
    let mut carried: u64 = 0;
    for (block_index, block) in bytes.chunks(64).enumerate() {
        let base = block_index * 64;
        let (letters, carry) = block_letters(text, base, block);
        let letters = letters | carried;
        carried = carry;
        // Runs of set bits: a word starts where a letter follows a non-letter, and ends at
        // the first non-letter after it.
        let before = (letters << 1) | u64::from(word_start.is_some());
        let mut starts = letters & !before;
        let valid = if block.len() == 64 {
            u64::MAX
        } else {
            (1u64 << block.len()) - 1
        };
        let mut ends = !letters & before & valid;
        loop {
            if let Some(start) = word_start {
                if ends == 0 {
                    break;
                }
                let end = base + ends.trailing_zeros() as usize;
                ends &= ends - 1;
                word_start = None;
                if finish(start, end, &mut doubled) {
                    return doubled;
                }
            } else {
                if starts == 0 {
                    break;
                }
                word_start = Some(base + starts.trailing_zeros() as usize);
                starts &= starts - 1;
            }
        }
    }
    if let Some(start) = word_start {
        finish(start, bytes.len(), &mut doubled);
    }
    doubled
}

/// The letters of a block of at most 64 bytes that starts at `base` in `text`: bit `i` is set
/// when byte `i` belongs to an alphabetic character. A character outside ASCII that runs past
/// the block's end gives its remaining bits as the second value, for the next block; its
/// continuation bytes at the block's start were set by the block before.
fn block_letters(text: &str, base: usize, block: &[u8]) -> (u64, u64) {
    let mut letters = 0u64;
    // Lead bytes of characters outside ASCII.
    let mut leads = 0u64;
    for (index, eight) in block.chunks(8).enumerate() {
        let mut padded = [0u8; 8];
        padded[..eight.len()].copy_from_slice(eight);
        let word = u64::from_le_bytes(padded);
        letters |= ascii_letter_bits(word) << (index * 8);
        leads |= lead_bits(word) << (index * 8);
    }
    let mut carry = 0u64;
    while leads != 0 {
        let at = leads.trailing_zeros() as usize;
        leads &= leads - 1;
        let (letter, width) = letter_at(text, base + at);
        if letter {
            let bits = ((1u128 << width) - 1) << at;
            letters |= bits as u64;
            carry |= (bits >> 64) as u64;
        }
    }
    (letters, carry)
}

/// Bit `i` set when byte `i` of `word` (little-endian) is an ASCII letter.
fn ascii_letter_bits(word: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Folded to lower case, and with the top bit cleared so that no sum below carries into
    // the next byte: every byte is at most 0x7F.
    let folded = (word & LOW7) | 0x2020_2020_2020_2020;
    let at_least_a = folded + 0x1F1F_1F1F_1F1F_1F1F; // top bit: byte >= b'a'
    let past_z = folded + 0x0505_0505_0505_0505; // top bit: byte > b'z'
    gather_top_bits(at_least_a & !past_z & !word & HIGH)
}

/// Bit `i` set when byte `i` of `word` starts a character outside ASCII (0xC0 or more;
/// continuation bytes are 0x80..=0xBF): both top bits set.
fn lead_bits(word: u64) -> u64 {
    gather_top_bits(word & (word << 1) & 0x8080_8080_8080_8080)
}

/// The top bit of each byte of `word` (the others clear) as the eight low bits.
fn gather_top_bits(word: u64) -> u64 {
    ((word >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Whether the character at `at` is alphabetic, and its length; ASCII read as a byte.
fn letter_at(text: &str, at: usize) -> (bool, usize) {
    let byte = text.as_bytes()[at];
    if byte.is_ascii() {
        (byte.is_ascii_alphabetic(), 1)
    } else {
        let c = text[at..].chars().next().expect("at a character boundary");
        (is_letter(c), c.len_utf8())
    }
}

/// `c.is_alphabetic()`, told without the standard library's table search for the accented
/// letters of Latin-script text (U+00C0 to U+00FF: all letters but `×` and `÷`), the
/// characters outside ASCII a treaty has most of.
fn is_letter(c: char) -> bool {
    match c {
        '\u{C0}'..='\u{FF}' => c != '\u{D7}' && c != '\u{F7}',
        _ => c.is_alphabetic(),
    }
}

/// Counts the doubled words of the first [`SAMPLE_WORDS`] words (runs of letters) of `text`.
pub(crate) fn word_order(text: &str) -> WordOrder {
    let mut counts: FxHashMap<&str, u32> = FxHashMap::default();
    let (mut words, mut doubled) = (0, 0);
    let mut previous = "";
    for word in letter_runs(text).take(SAMPLE_WORDS) {
        words += 1;
        doubled += usize::from(word == previous);
        *counts.entry(word).or_default() += 1;
        previous = word;
    }
    let expected = if words == 0 {
        0.0
    } else {
        counts
            .values()
            .map(|&count| f64::from(count) * f64::from(count))
            .sum::<f64>()
            / words as f64
    };
    WordOrder {
        words,
        doubled,
        expected,
    }
}

/// The runs of letters of `text` (the non-empty pieces of splitting it at every character that
/// is not alphabetic).
fn letter_runs(text: &str) -> impl Iterator<Item = &str> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let mut start = None;
        while at < text.len() {
            let (letter, width) = letter_at(text, at);
            match (letter, start) {
                (true, None) => start = Some(at),
                (false, Some(from)) => {
                    at += width;
                    return Some(&text[from..at - width]);
                }
                _ => {}
            }
            at += width;
        }
        start.map(|from| &text[from..])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accented_letters_are_told_as_the_standard_library_does() {
        for c in '\u{80}'..='\u{2FF}' {
            assert_eq!(is_letter(c), c.is_alphabetic(), "{c:?}");
        }
    }

    const PROSE: &str = "1. Dividends paid by a company which is a resident of a Contracting \
        State to a resident of the other Contracting State may be taxed in that other State. \
        2. However, such dividends may also be taxed in the Contracting State of which the \
        company paying the dividends is a resident and according to the laws of that State, \
        but if the beneficial owner of the dividends is a resident of the other Contracting \
        State, the tax so charged shall not exceed 15 per cent of the gross amount. ";

    /// The words of `text` in an order drawn by a linear congruential generator.
    fn shuffled(text: &str, n: usize) -> String {
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut state: u64 = 42;
        (0..n)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                words[(state >> 33) as usize % words.len()]
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn prose_is_not_in_random_order_and_its_words_shuffled_are() {
        let prose = PROSE.repeat(60);
        let order = word_order(&prose);
        assert!(order.expected > MIN_EXPECTED, "{order:?}");
        assert!(!order.is_random(), "{order:?}");
        let salad = shuffled(&prose, 6000);
        let order = word_order(&salad);
        assert!(order.is_random(), "{order:?}");
    }

    #[test]
    fn letter_runs_are_the_pieces_between_other_characters() {
        for text in [
            "",
            " ",
            "a",
            "État-membre, 10 %; über",
            "  tax  treaty.",
            "x1y",
            "—é—",
        ] {
            let expected: Vec<&str> = text
                .split(|c: char| !c.is_alphabetic())
                .filter(|word| !word.is_empty())
                .collect();
            assert_eq!(letter_runs(text).collect::<Vec<_>>(), expected, "{text:?}");
        }
    }

    #[test]
    fn the_first_count_of_doubled_words_settles_prose() {
        let prose = PROSE.repeat(60);
        assert_eq!(random_word_order(&prose), None);
        assert_eq!(doubled_words(&prose), word_order(&prose).doubled);
        let salad = shuffled(&prose, 6000);
        assert_eq!(random_word_order(&salad), Some(word_order(&salad)));
        assert_eq!(doubled_words(&salad), word_order(&salad).doubled);
        let accented = "é é, não não: État État 1 1 x";
        assert_eq!(doubled_words(accented), 3);
    }

    #[test]
    fn doubled_words_are_counted_as_the_letter_runs_give_them() {
        // Words of every width of character, doubled or not, across the 64-byte blocks the
        // count reads, and a text cut inside a character's block.
        let pieces = [
            "tax ",
            "tax ",
            "État ",
            "État",
            "—",
            "é",
            "é ",
            "1",
            " ",
            "über",
            "über ",
            "ǅ",
            "東京 ",
            "東京 ",
            "\u{1D400}\u{1D400} ",
            "\u{1D400}\u{1D400} ",
            "a",
            "(b) ",
            "\u{2014}\u{2014}",
            "xy",
            "xy\n",
        ];
        let mut state: u64 = 7;
        for length in 0..400 {
            let text: String = (0..length)
                .map(|_| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    pieces[(state >> 33) as usize % pieces.len()]
                })
                .collect();
            assert_eq!(doubled_words(&text), word_order(&text).doubled, "{text:?}");
        }
        let many = "tax tax ".repeat(SAMPLE_WORDS);
        assert_eq!(doubled_words(&many), word_order(&many).doubled);
    }

    #[test]
    fn a_short_text_says_nothing() {
        let order = word_order(&shuffled(PROSE, 40));
        assert!(!order.is_random(), "{order:?}");
    }
}
