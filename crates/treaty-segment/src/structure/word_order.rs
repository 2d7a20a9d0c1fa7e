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
/// counts them, in one tight loop over the bytes (this runs on every text).
fn doubled_words(text: &str) -> usize {
    let bytes = text.as_bytes();
    // Whether a character at `at` that is not an ASCII letter is a letter, and its length.
    let other_letter = |at: usize| match bytes[at] {
        0x80.. => letter_at(text, at),
        _ => (false, 1),
    };
    let (mut words, mut doubled) = (0, 0);
    let mut previous: &[u8] = &[];
    let mut at = 0;
    while words < SAMPLE_WORDS {
        // To the next letter; ASCII bytes in a tight loop.
        while at < bytes.len() && !bytes[at].is_ascii_alphabetic() {
            let (letter, width) = other_letter(at);
            if letter {
                break;
            }
            at += width;
        }
        if at == bytes.len() {
            break;
        }
        let start = at;
        // Past the word.
        loop {
            while at < bytes.len() && bytes[at].is_ascii_alphabetic() {
                at += 1;
            }
            match (at < bytes.len()).then(|| other_letter(at)) {
                Some((true, width)) => at += width,
                _ => break,
            }
        }
        let word = &bytes[start..at];
        words += 1;
        doubled += usize::from(word == previous);
        previous = word;
    }
    doubled
}

/// Whether the character at `at` is alphabetic, and its length; ASCII read as a byte.
fn letter_at(text: &str, at: usize) -> (bool, usize) {
    let byte = text.as_bytes()[at];
    if byte.is_ascii() {
        (byte.is_ascii_alphabetic(), 1)
    } else {
        let c = text[at..].chars().next().expect("at a character boundary");
        (c.is_alphabetic(), c.len_utf8())
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
    fn a_short_text_says_nothing() {
        let order = word_order(&shuffled(PROSE, 40));
        assert!(!order.is_random(), "{order:?}");
    }
}
