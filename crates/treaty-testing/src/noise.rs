//! OCR-style damage: the mistakes a scanner makes on treaty prints, applied at random.

use crate::rng::SplitMix64;

/// Words at least this long may be broken by a line-end hyphen (`con- formidade`); shorter
/// words are rarely hyphenated by typesetters.
const MIN_HYPHENATED_WORD: usize = 8;

/// Returns `text` with OCR damage at about `rate` of its characters.
///
/// The damage: dropped and doubled characters, `rn` read as `m` and `m` as `rn`, `l`, `1`
/// and `I` confused with each other, and words broken by a kept line-end hyphen
/// (`conformidade` becomes `con- formidade`). Whitespace is never touched, so the line
/// structure survives, and non-Latin characters (Japanese) are only dropped or doubled.
///
/// ```
/// use treaty_testing::{add_ocr_noise, SplitMix64};
/// let text = "Os dividendos pagos por uma sociedade residente de um Estado Contratante";
/// assert_eq!(add_ocr_noise(text, 0.0, &mut SplitMix64::new(1)), text);
/// let damaged = add_ocr_noise(text, 0.2, &mut SplitMix64::new(1));
/// assert_ne!(damaged, text);
/// assert_eq!(damaged, add_ocr_noise(text, 0.2, &mut SplitMix64::new(1)), "same seed, same damage");
/// ```
pub fn add_ocr_noise(text: &str, rate: f64, rng: &mut SplitMix64) -> String {
    if rate <= 0.0 {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut damaged = String::with_capacity(text.len() + text.len() / 16);
    let mut char_idx = 0;
    while char_idx < chars.len() {
        let current = chars[char_idx];
        let previous = char_idx.checked_sub(1).map(|idx| chars[idx]);
        let starts_word = is_latin_letter(current) && !previous.is_some_and(is_latin_letter);
        if starts_word {
            let word_len = chars[char_idx..]
                .iter()
                .take_while(|&&c| is_latin_letter(c))
                .count();
            // Line ends fall about once per 60 characters, so a word is broken far less
            // often than a character is misread: a quarter of the character rate.
            if word_len >= MIN_HYPHENATED_WORD && rng.chance(rate / 4.0) {
                let cut = rng.between(3, word_len - 3);
                damaged.extend(&chars[char_idx..char_idx + cut]);
                damaged.push_str("- ");
                damaged.extend(&chars[char_idx + cut..char_idx + word_len]);
                char_idx += word_len;
                continue;
            }
        }
        if current.is_whitespace() || current.is_control() || !rng.chance(rate) {
            damaged.push(current);
            char_idx += 1;
            continue;
        }
        let next = chars.get(char_idx + 1).copied();
        match (current, rng.below(4)) {
            ('r', _) if next == Some('n') => {
                damaged.push('m');
                char_idx += 2;
                continue;
            }
            ('m', 0 | 1) => damaged.push_str("rn"),
            ('l', 0 | 1) => damaged.push(if rng.chance(0.5) { '1' } else { 'I' }),
            ('1', 0 | 1) => damaged.push(if rng.chance(0.5) { 'l' } else { 'I' }),
            ('I', 0 | 1) => damaged.push(if rng.chance(0.5) { 'l' } else { '1' }),
            (_, 0 | 2) => {}
            _ => {
                damaged.push(current);
                damaged.push(current);
            }
        }
        char_idx += 1;
    }
    damaged
}

/// Letters of the Latin script (ASCII and the Latin-1 and Latin Extended blocks), the ones
/// OCR confuses and typesetters hyphenate here.
fn is_latin_letter(c: char) -> bool {
    c.is_alphabetic() && (c as u32) < 0x250
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heavy_noise_makes_every_kind_of_damage() {
        let text =
            "Artigo 11 Juros 1. Os juros provenientes de um Estado Contratante e pagos a um \
                    residente do outro Estado Contratante, em conformidade com o firmado, \
                    incluindo o limite de 15 por cento. "
                .repeat(40);
        let damaged = add_ocr_noise(&text, 0.05, &mut SplitMix64::new(3));
        assert!(damaged.contains("- "), "a broken hyphenation");
        assert!(
            !text.contains("rn") && damaged.contains("rn"),
            "m read as rn"
        );
        // The original has no word mixing lowercase letters with `1` or `I`.
        let confused = damaged.split_whitespace().any(|word| {
            word.chars().any(|c| c.is_ascii_lowercase())
                && (word.contains('1') || word.contains('I'))
        });
        assert!(confused, "l, 1 and I confused");
        assert_ne!(damaged.len(), text.len());
        assert_eq!(damaged.lines().count(), text.lines().count());
    }

    #[test]
    fn japanese_text_is_only_dropped_or_doubled() {
        let text = "第十条配当一方の締約国の居住者である法人".repeat(50);
        let damaged = add_ocr_noise(&text, 0.1, &mut SplitMix64::new(9));
        assert_ne!(damaged, text);
        assert!(damaged.chars().all(|c| text.contains(c)), "{damaged}");
    }

    #[test]
    fn same_seed_same_damage() {
        let text = "Where a resident of Denmark derives income which may be taxed in Brazil";
        let first = add_ocr_noise(text, 0.1, &mut SplitMix64::new(5));
        let second = add_ocr_noise(text, 0.1, &mut SplitMix64::new(5));
        assert_eq!(first, second);
    }
}
