//! Quotation marks that OCR read as Vietnamese letters.
//!
//! An OCR engine that knows Vietnamese can read the marks of a printed quotation mark (`“`,
//! `”`) as a vowel with stacked diacritics: a letter of the Latin Extended Additional block
//! U+1EA0..U+1EF9 (`ồ`, `Ạ`, `ỗ`, `ạ`, ...), as in `Contratanteồi designam`, `ỗẠenterprise`,
//! `&Ạỗresidente`, `propertyẠạ shall`. No byte-level encoding confusion produces these (they
//! are not the UTF-8, Windows-1252 or Mac bytes of a quotation mark in VISCII, TCVN3 or
//! Windows-1258), so the repair goes by what the mechanism leaves: every letter of that block
//! carries a Vietnamese tone mark, and Vietnamese writes exactly one tone mark per syllable, in
//! syllables of at most seven letters written in lower case after the first. A run of these
//! letters is a damaged quotation mark only where no Vietnamese syllable can explain it:
//! - two or more tone letters in a row (`ỗẠ`, `Ạạ`); or
//! - one tone letter in a "syllable" (the letters glued to it) that has another tone mark
//!   (`científicoại`), more than seven letters (`Contratanteồi`), or a capital after its first
//!   letter (`ỗThe`).
//!
//! So a Vietnamese word in a treaty (`Việt Nam`) or a Vietnamese text keeps its letters.
//! The damaged run takes along adjacent `¿` and `&` (`&Ạỗ`, `ạẠỗ¿`) and at most one stray `i`
//! on each side:
//! - after the run, an `i` followed by a word boundary (`ồi designam`);
//! - before the run, an `i` preceded by a word boundary, or an `i` ending a word when the
//!   document shows the word is really the word without it: `Contratanteiồi` becomes
//!   `Contratante"` because `Contratante` occurs elsewhere and `Contratantei` does not
//!   (away from damaged quotation marks, the word without the `i` must occur at least as
//!   often as the word with it).
//!
//! The whole run becomes one `"`.

use super::words::{is_word_char, WordCounts};
use crate::edits::Edits;
use crate::stats::FixStats;

fn is_damage_letter(ch: char) -> bool {
    ('\u{1EA0}'..='\u{1EF9}').contains(&ch)
}

fn is_damage_companion(ch: char) -> bool {
    is_damage_letter(ch) || ch == '¿' || ch == '&'
}

/// The longest Vietnamese syllable, in letters (`nghiêng`).
const MAX_SYLLABLE_LETTERS: usize = 7;

/// Whether `ch` carries a Vietnamese tone mark outside the U+1EA0 block: a vowel with a grave,
/// acute or tilde accent (Latin-1 and Latin Extended-A). A circumflex alone (`â`, `ê`, `ô`) is
/// no tone mark.
fn is_other_tone_letter(ch: char) -> bool {
    matches!(
        ch.to_lowercase().next().unwrap_or(ch),
        '\u{E0}'
            | '\u{E1}'
            | '\u{E3}'
            | '\u{E8}'
            | '\u{E9}'
            | '\u{EC}'
            | '\u{ED}'
            | '\u{F2}'
            | '\u{F3}'
            | '\u{F5}'
            | '\u{F9}'
            | '\u{FA}'
            | '\u{FD}'
            | '\u{129}'
            | '\u{169}'
    )
}

/// Whether the tone letters at `core_start..core_end` (with `¿`, `&`) can only be a damaged
/// quotation mark, because no Vietnamese syllable explains them (see the module docs).
fn only_damage_explains(text: &str, core_start: usize, core_end: usize) -> bool {
    let core = &text[core_start..core_end];
    let n_tone = core.chars().filter(|&ch| is_damage_letter(ch)).count();
    if n_tone != 1 || core.chars().count() != 1 {
        return true;
    }
    let is_letter = |ch: char| is_word_char(ch) || is_damage_letter(ch);
    let before: Vec<char> = text[..core_start]
        .chars()
        .rev()
        .take_while(|&ch| is_letter(ch))
        .take(MAX_SYLLABLE_LETTERS + 1)
        .collect();
    let after: Vec<char> = text[core_end..]
        .chars()
        .take_while(|&ch| is_letter(ch))
        .take(MAX_SYLLABLE_LETTERS + 1)
        .collect();
    let core_char = core.chars().next().expect("the core is one character");
    let syllable: Vec<char> = before
        .iter()
        .rev()
        .copied()
        .chain(std::iter::once(core_char))
        .chain(after.iter().copied())
        .collect();
    syllable.len() > MAX_SYLLABLE_LETTERS
        || syllable
            .iter()
            .any(|&ch| is_damage_letter(ch) && ch != core_char || is_other_tone_letter(ch))
        || syllable[1..].iter().any(|ch| ch.is_uppercase())
}

/// A damaged quotation mark found in the text.
struct Damage {
    start: usize,
    end: usize,
    /// A stray `i` just before `start` that ends the word `word_start..start`; taken only
    /// with evidence from the document.
    doubtful_i: Option<usize>,
}

/// Replaces damaged quotation marks with `"`; counts them in `stats.quote_damage`.
pub(crate) fn fix_quote_damage(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    let char_before = |idx: usize| text[..idx].chars().next_back();
    let char_at = |idx: usize| text[idx..].chars().next();
    let mut found: Vec<Damage> = Vec::new();
    let mut consumed = 0;
    // Every damage letter starts with E1 BA or E1 BB in UTF-8.
    for idx in memchr::memchr_iter(0xE1, bytes) {
        if idx < consumed || !char_at(idx).is_some_and(is_damage_letter) {
            continue;
        }
        let mut start = idx;
        while let Some(before) =
            char_before(start).filter(|&before| start > consumed && is_damage_companion(before))
        {
            start -= before.len_utf8();
        }
        let mut end = idx;
        while let Some(after) = char_at(end).filter(|&after| is_damage_companion(after)) {
            end += after.len_utf8();
        }
        if !only_damage_explains(text, start, end) {
            // A letter of a Vietnamese word: leave it, and look on after it.
            consumed = end;
            continue;
        }
        if char_at(end) == Some('i') && !char_at(end + 1).is_some_and(is_word_char) {
            end += 1;
        }
        let mut doubtful_i = None;
        if start > consumed && char_before(start) == Some('i') {
            let before_i = char_before(start - 1);
            if before_i.is_some_and(is_word_char) {
                doubtful_i = Some(start - 1);
            } else {
                start -= 1;
            }
        }
        found.push(Damage {
            start,
            end,
            doubtful_i,
        });
        consumed = end;
    }
    if found.is_empty() {
        return edits;
    }

    // Evidence for the doubtful stray `i`s: the word without the `i` must occur, and at
    // least as often as the word with it away from damaged quotation marks.
    let word_start = |end: usize| {
        let mut start = end;
        while let Some(ch) = char_before(start).filter(|&ch| is_word_char(ch)) {
            start -= ch.len_utf8();
        }
        start
    };
    let mut counts = WordCounts::default();
    let mut at_damage = WordCounts::default();
    for damage in &found {
        if let Some(i_pos) = damage.doubtful_i {
            let with_i = &text[word_start(i_pos)..i_pos + 1];
            counts.want(with_i);
            counts.want(&with_i[..with_i.len() - 1]);
            at_damage.want(with_i);
        }
    }
    counts.count_in(text);
    for damage in &found {
        if let Some(i_pos) = damage.doubtful_i {
            at_damage.count_in(&text[word_start(i_pos)..i_pos + 1]);
        }
    }

    for damage in &found {
        let mut start = damage.start;
        if let Some(i_pos) = damage.doubtful_i {
            let with_i = &text[word_start(i_pos)..i_pos + 1];
            let without_i = &with_i[..with_i.len() - 1];
            let clean_with_i = counts.get(with_i).saturating_sub(at_damage.get(with_i));
            let n_without_i = counts.get(without_i);
            if !without_i.is_empty() && n_without_i > 0 && n_without_i >= clean_with_i {
                start = i_pos;
            }
        }
        edits.replace(start..damage.end, "\"");
        stats.quote_damage += 1;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    fn fix(text: &str) -> String {
        run(fix_quote_damage, text).0
    }

    #[test]
    fn closing_quote_with_stray_i_after() {
        assert_eq!(
            fix("as expressões \"um Estado Contratante\" e o \"outro Estado Con- tratanteồi designam o Brasil"),
            "as expressões \"um Estado Contratante\" e o \"outro Estado Con- tratante\" designam o Brasil"
        );
        assert_eq!(
            fix("informação técnica, industrial, comercial ou científicoại mencionada no parágrafo 3"),
            "informação técnica, industrial, comercial ou científico\" mencionada no parágrafo 3"
        );
    }

    #[test]
    fn stray_i_before_is_taken_with_evidence_from_the_document() {
        let (fixed, stats) = run(
            fix_quote_damage,
            "a expressão \"empresa de um Estado Contratante\" e \"empresa do outro Estado \
             Contratanteiồi designam",
        );
        assert_eq!(
            fixed,
            "a expressão \"empresa de um Estado Contratante\" e \"empresa do outro Estado \
             Contratante\" designam"
        );
        assert_eq!(stats.quote_damage, 1);
        // The same OCR also left "Systemi (SAS)" once; "System" occurs as often.
        assert_eq!(
            fix("Airlines System (SAS) ... \"Scandinavian Airlines Systemi (SAS)\" ... fretada pela \
                 \"Scandinavian Airlines Systemiại as remunerações"),
            "Airlines System (SAS) ... \"Scandinavian Airlines Systemi (SAS)\" ... fretada pela \
             \"Scandinavian Airlines System\" as remunerações"
        );
    }

    #[test]
    fn stray_i_before_is_kept_without_evidence() {
        // Nothing else in this text says "Helsinki" is "Helsink" plus noise.
        assert_eq!(
            fix("the city of Helsinkiồi designates"),
            "the city of Helsinki\" designates"
        );
    }

    #[test]
    fn opening_quotes_with_companions() {
        assert_eq!(
            fix("the terms ỗẠenterprise of a Contracting State"),
            "the terms \"enterprise of a Contracting State"
        );
        assert_eq!(
            fix("c) the terms Ạỗa Contract mean Brazil or Denma"),
            "c) the terms \"a Contract mean Brazil or Denma"
        );
        assert_eq!(
            fix("Para os fins da presente Convenção, a expressão &Ạỗresidente de um Estado Contratante\""),
            "Para os fins da presente Convenção, a expressão \"residente de um Estado Contratante\""
        );
        assert_eq!(
            fix("Parágrafo 3 A expressãoạẠỗ¿or informações"),
            "Parágrafo 3 A expressão\"or informações"
        );
        assert_eq!(
            fix("Loans granted by 'ỗThe Industrialization Fund"),
            "Loans granted by '\"The Industrialization Fund"
        );
    }

    #[test]
    fn quote_between_words_and_before_space() {
        let (fixed, stats) = run(
            fix_quote_damage,
            "for more than six month The termỗẠpermanent establish ... 2. able propertyẠạ shall be \
             defined ... scientific experienceẠạ mentioned in",
        );
        assert_eq!(
            fixed,
            "for more than six month The term\"permanent establish ... 2. able property\" shall be \
             defined ... scientific experience\" mentioned in"
        );
        assert_eq!(stats.quote_damage, 3);
    }

    #[test]
    fn tone_letters_outside_the_block() {
        for ch in ['à', 'Á', 'ã', 'é', 'í', 'Ò', 'õ', 'ú', 'ý', 'ĩ', 'Ũ'] {
            assert!(is_other_tone_letter(ch), "{ch}");
        }
        for ch in ['â', 'ê', 'Ô', 'ç', 'a', 'ă', 'ư'] {
            assert!(!is_other_tone_letter(ch), "{ch}");
        }
    }

    #[test]
    fn vietnamese_words_keep_their_letters() {
        for text in [
            "the Socialist Republic of Việt Nam and Japan",
            "Cộng hòa Xã hội Chủ nghĩa Việt Nam; người nộp thuế",
            "Nguyễn Văn An, Bộ Tài chính",
        ] {
            let (fixed, stats) = run(fix_quote_damage, text);
            assert_eq!(fixed, text);
            assert_eq!(stats.quote_damage, 0);
        }
    }

    #[test]
    fn one_tone_letter_where_no_syllable_can_hold_it() {
        // Another tone mark in the word, a word too long, a capital inside.
        assert_eq!(fix("científicoại mencionada"), "científico\" mencionada");
        assert_eq!(fix("Copenhagenại in"), "Copenhagen\" in");
        assert_eq!(fix("by 'ỗThe Fund"), "by '\"The Fund");
    }

    #[test]
    fn leaves_text_without_damage_letters_alone() {
        let text = "Artigo 10 Dividendos 1. Os dividendos pagos por uma sociedade & Co. ¿Qué?";
        assert_eq!(fix(text), text);
    }
}
