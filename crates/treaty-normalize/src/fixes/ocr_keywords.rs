//! OCR confusions in structural keywords: `Articie 10`, `Artlcle 5`, `Artic1e 7`,
//! `ARTICIE 3`, `Artlgo 4`.
//!
//! Only a word that differs from a keyword of a profile (`Article(s)`, `Artigo(s)`) by the
//! letters OCR confuses with each other (`i`, `l`, `1`, `I`, `L`, `|`, `!` where the keyword has `i` or
//! `l`) is corrected, and only when a number or a Roman numeral follows it, so ordinary words
//! and truncated column fragments (`Artic The`) are never touched. The case of the word is
//! kept (`ARTICIE` becomes `ARTICLE`).

use std::sync::LazyLock;

use treaty_lang::Lang;

use crate::edits::Edits;
use crate::stats::FixStats;

/// The keywords of every profile, and how each is found: by its first two adjacent letters
/// that OCR does not confuse (`rt` of `article`, at offset 1), which are far rarer in text
/// than single letters. A keyword without such a pair is not repaired.
struct Keywords {
    words: Vec<&'static str>,
    /// (the two letters in lower case, their offset in the keyword).
    anchors: Vec<([u8; 2], usize)>,
}

static KEYWORDS: LazyLock<Keywords> = LazyLock::new(|| {
    let mut words: Vec<&'static str> = Lang::all()
        .flat_map(|lang| lang.profile().normalize.ocr_keywords.iter().copied())
        .filter(|word| word.is_ascii())
        .collect();
    words.sort_unstable();
    words.dedup();
    let mut anchors: Vec<([u8; 2], usize)> = words
        .iter()
        .filter_map(|word| {
            let bytes = word.as_bytes();
            let offset = bytes
                .windows(2)
                .position(|pair| pair.iter().all(|b| !matches!(b, b'i' | b'l')))?;
            Some(([bytes[offset], bytes[offset + 1]], offset))
        })
        .collect();
    anchors.sort_unstable();
    anchors.dedup();
    Keywords { words, anchors }
});

fn is_confusable(byte: u8) -> bool {
    matches!(byte, b'i' | b'l' | b'1' | b'I' | b'L' | b'|' | b'!')
}

/// The keyword `token` is a damaged spelling of, if any (never the keyword spelled right).
fn damaged_keyword(token: &[u8]) -> Option<&'static str> {
    KEYWORDS.words.iter().copied().find(|keyword| {
        keyword.len() == token.len()
            && !token.eq_ignore_ascii_case(keyword.as_bytes())
            && keyword.bytes().zip(token).all(|(want, &got)| {
                got.to_ascii_lowercase() == want
                    || (matches!(want, b'i' | b'l') && is_confusable(got))
            })
    })
}

/// The keyword in the case style of `token`.
fn in_case_of(keyword: &str, token: &[u8]) -> String {
    let mut letters = token
        .iter()
        .filter(|&&byte| byte.is_ascii_alphabetic() && !is_confusable(byte));
    if letters.all(u8::is_ascii_uppercase) {
        keyword.to_ascii_uppercase()
    } else if token[0].is_ascii_uppercase() {
        let mut capitalized = keyword.to_owned();
        capitalized[..1].make_ascii_uppercase();
        capitalized
    } else {
        keyword.to_owned()
    }
}

/// Whether a number or a Roman numeral starts after spaces at `idx`.
fn number_follows(bytes: &[u8], idx: usize) -> bool {
    let spaces = bytes[idx..]
        .iter()
        .take_while(|&&byte| byte == b' ' || byte == b'\t' || byte == b'\n')
        .count();
    if spaces == 0 {
        return false;
    }
    let rest = &bytes[idx + spaces..];
    match rest.first() {
        Some(byte) if byte.is_ascii_digit() => true,
        Some(_) => {
            let roman = rest
                .iter()
                .take_while(|byte| matches!(byte, b'I' | b'V' | b'X' | b'L' | b'C'))
                .count();
            roman > 0 && !rest.get(roman).is_some_and(u8::is_ascii_alphanumeric)
        }
        None => false,
    }
}

/// Corrects damaged keywords before numbers; counts them in `stats.ocr_keywords`.
pub(crate) fn fix_ocr_keywords(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    let mut next_free = 0;
    // Find each keyword's anchor pair in its four spellings and check the letters before it.
    let keywords = &*KEYWORDS;
    let mut starts: Vec<usize> = Vec::new();
    for &([first, second], offset) in &keywords.anchors {
        for pair in [
            [first, second],
            [first.to_ascii_uppercase(), second.to_ascii_uppercase()],
            [first.to_ascii_uppercase(), second],
            [first, second.to_ascii_uppercase()],
        ] {
            for pos in memchr::memmem::find_iter(bytes, &pair) {
                let Some(idx) = pos.checked_sub(offset) else {
                    continue;
                };
                let prefix_matches = keywords.words.iter().any(|word| {
                    word.len() > offset + 1
                        && word.as_bytes()[offset..offset + 2] == [first, second]
                        && bytes[idx..pos].eq_ignore_ascii_case(&word.as_bytes()[..offset])
                });
                if prefix_matches {
                    starts.push(idx);
                }
            }
        }
    }
    starts.sort_unstable();
    starts.dedup();
    for idx in starts {
        let at_word_start = idx == 0 || (!is_token_byte(bytes[idx - 1]) && bytes[idx - 1] < 0x80);
        if !at_word_start || idx < next_free {
            continue;
        }
        let len = bytes[idx..]
            .iter()
            .take_while(|&&byte| is_token_byte(byte))
            .count();
        let end = idx + len;
        let ends_word = bytes.get(end).is_none_or(|&byte| byte < 0x80);
        let damaged = damaged_keyword(&bytes[idx..end]);
        let number = damaged_number_after(bytes, end);
        if ends_word && (number_follows(bytes, end) || number.is_some()) {
            if let Some(keyword) = damaged {
                edits.replace(idx..end, &in_case_of(keyword, &bytes[idx..end]));
                stats.ocr_keywords += 1;
                next_free = end;
            }
        }
        let is_keyword = damaged.is_some()
            || keywords
                .words
                .iter()
                .any(|k| bytes[idx..end].eq_ignore_ascii_case(k.as_bytes()));
        if let (true, Some((range, digits))) = (is_keyword && ends_word, number) {
            edits.replace(range.clone(), &digits);
            stats.ocr_keywords += 1;
            next_free = range.end;
        }
    }
    edits
}

/// An article number after a keyword with letters OCR read for digits (`l0`, `1O`, `l4`, a
/// lone `l`): its range and the digits. A lone capital `I` is a Roman numeral and stays.
fn damaged_number_after(bytes: &[u8], idx: usize) -> Option<(std::ops::Range<usize>, String)> {
    let spaces = bytes[idx..]
        .iter()
        .take_while(|&&byte| byte == b' ' || byte == b'\t')
        .count();
    if spaces == 0 {
        return None;
    }
    let start = idx + spaces;
    let len = bytes[start..]
        .iter()
        .take_while(|byte| {
            byte.is_ascii_digit() || matches!(byte, b'l' | b'I' | b'|' | b'O' | b'o')
        })
        .count();
    let token = &bytes[start..start + len];
    let has_digit = token.iter().any(u8::is_ascii_digit);
    let has_letter = token.iter().any(|byte| !byte.is_ascii_digit());
    let ends = bytes
        .get(start + len)
        .is_none_or(|byte| !byte.is_ascii_alphanumeric());
    let lone_l = token == b"l";
    if len == 0 || len > 3 || !has_letter || !ends || !(has_digit || lone_l) {
        return None;
    }
    let digits = token
        .iter()
        .map(|byte| match byte {
            b'l' | b'I' | b'|' => '1',
            b'O' | b'o' => '0',
            digit => char::from(*digit),
        })
        .collect();
    Some((start..start + len, digits))
}

fn is_token_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'|' || byte == b'!'
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    fn fix(text: &str) -> String {
        run(fix_ocr_keywords, text).0
    }

    #[test]
    fn corrects_article_numbers_read_with_letters() {
        assert_eq!(fix("Artigo l0.º"), "Artigo 10.º");
        assert_eq!(fix("Articie l4\n"), "Article 14\n");
        assert_eq!(fix("Artigo l.º"), "Artigo 1.º");
        assert_eq!(fix("Article 1O"), "Article 10");
        // A Roman numeral and ordinary words stay.
        assert_eq!(fix("Article I"), "Article I");
        assert_eq!(fix("Article lower"), "Article lower");
    }

    #[test]
    fn corrects_keywords_before_numbers() {
        // brazil-denmark-1974-pt-en-ocr.txt
        let (fixed, stats) = run(
            fix_ocr_keywords,
            "Have agreed as follows: Artigo Articie 1 Pessoas visadas Personal scope",
        );
        assert_eq!(
            fixed,
            "Have agreed as follows: Artigo Article 1 Pessoas visadas Personal scope"
        );
        assert_eq!(stats.ocr_keywords, 1);
        assert_eq!(
            fix("of that enterprise and taxed ac Articie 10 Dividends 1. Dividends paid"),
            "of that enterprise and taxed ac Article 10 Dividends 1. Dividends paid"
        );
        assert_eq!(
            fix("Artlcle 5 Artic1e 7 ARTICIE 3 Artlgo 4"),
            "Article 5 Article 7 ARTICLE 3 Artigo 4"
        );
        assert_eq!(fix("ARTICIE XII"), "ARTICLE XII");
        assert_eq!(
            fix("the provisions of Artlcles 7 and 14"),
            "the provisions of Articles 7 and 14"
        );
    }

    #[test]
    fn leaves_keywords_without_numbers_and_other_words() {
        // Truncated column fragments of brazil-denmark-1974-pt-en-ocr.txt.
        for text in [
            "Artic The competent authorities",
            "provisions of this Articl to",
            "the Articie shall apply",
            "Article 10 Dividends",
            "artigo 7.º",
            "Artisan 5",
            "Particie 5",
            "Articie Il",
        ] {
            assert_eq!(fix(text), text);
        }
    }
}
