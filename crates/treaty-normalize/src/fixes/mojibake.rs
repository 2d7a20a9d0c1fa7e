//! Mojibake: UTF-8 text that was once read as Windows-1252 or Latin-1 (`nÃ£o` for `não`).
//!
//! The repair is general, not a table of known words: every character has a Windows-1252
//! byte (U+0080..U+00FF are their own Latin-1 byte; `€`, `‚`, `“`, ... have their cp1252
//! byte), and where a run of characters gives bytes that form valid multi-byte UTF-8, the run
//! is replaced by the characters those bytes encode.
//!
//! Some two-byte sequences also occur in correct text: `Ã»` is `Ã` before `»`, common in
//! upper-case Portuguese (`«INFORMAÇÃO»`). Sequences whose second character is punctuation
//! or a space of that kind are weak; they are repaired only when the same document has at
//! least [`MIN_STRONG`] strong sequences (three- or four-byte ones, or two-byte ones ending in
//! a character that never follows a letter in real text), which shows the document is
//! damaged.

use crate::edits::Edits;
use crate::stats::FixStats;

/// Strong sequences a document needs before weak ones are repaired.
const MIN_STRONG: usize = 2;

/// Windows-1252 bytes 0x80..=0x9F that are not Latin-1 C1 controls, by character.
const CP1252_HIGH: [(char, u8); 27] = [
    ('€', 0x80),
    ('‚', 0x82),
    ('ƒ', 0x83),
    ('„', 0x84),
    ('…', 0x85),
    ('†', 0x86),
    ('‡', 0x87),
    ('ˆ', 0x88),
    ('‰', 0x89),
    ('Š', 0x8A),
    ('‹', 0x8B),
    ('Œ', 0x8C),
    ('Ž', 0x8E),
    ('‘', 0x91),
    ('’', 0x92),
    ('“', 0x93),
    ('”', 0x94),
    ('•', 0x95),
    ('–', 0x96),
    ('—', 0x97),
    ('˜', 0x98),
    ('™', 0x99),
    ('š', 0x9A),
    ('›', 0x9B),
    ('œ', 0x9C),
    ('ž', 0x9E),
    ('Ÿ', 0x9F),
];

/// The Windows-1252 (or Latin-1) byte of `ch`, if it has one above ASCII.
fn cp1252_byte(ch: char) -> Option<u8> {
    match u32::from(ch) {
        code @ 0x80..=0xFF => u8::try_from(code).ok(),
        0x152..=0x2122 => CP1252_HIGH
            .iter()
            .find(|(high, _)| *high == ch)
            .map(|(_, byte)| *byte),
        _ => None,
    }
}

/// Whether a two-byte sequence ending in this character may be correct text.
fn is_weak_trail(ch: char) -> bool {
    matches!(
        ch,
        '\u{A0}'
            | '«'
            | '»'
            | '°'
            | '·'
            | '´'
            | '¨'
            | '¸'
            | '¯'
            | '‚'
            | '„'
            | '…'
            | '†'
            | '‡'
            | '‰'
            | '‹'
            | '›'
            | '‘'
            | '’'
            | '“'
            | '”'
            | '•'
            | '–'
            | '—'
            | '˜'
            | '™'
    )
}

/// One mojibake sequence found in the text.
struct Sequence {
    start: usize,
    end: usize,
    decoded: char,
    strong: bool,
}

/// The sequence starting at byte `start` of `text`, if the characters there spell UTF-8.
fn sequence_at(text: &str, start: usize) -> Option<Sequence> {
    let mut chars = text[start..].char_indices();
    let (_, first) = chars.next()?;
    let lead = cp1252_byte(first)?;
    let len = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let mut bytes = [lead, 0, 0, 0];
    let mut end = start + first.len_utf8();
    let mut last = first;
    for slot in bytes.iter_mut().take(len).skip(1) {
        let (_, ch) = chars.next()?;
        let byte = cp1252_byte(ch)?;
        if !(0x80..=0xBF).contains(&byte) {
            return None;
        }
        *slot = byte;
        end += ch.len_utf8();
        last = ch;
    }
    let decoded = std::str::from_utf8(&bytes[..len]).ok()?.chars().next()?;
    Some(Sequence {
        start,
        end,
        decoded,
        strong: len > 2 || !is_weak_trail(last),
    })
}

/// Repairs UTF-8 read as Windows-1252/Latin-1; counts repaired characters in
/// `stats.mojibake`.
pub(crate) fn fix_mojibake(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    // Every lead character (U+00C2..U+00F4) is encoded as C3 82..C3 B4 in UTF-8.
    let mut sequences: Vec<Sequence> = Vec::new();
    for idx in memchr::memchr_iter(0xC3, bytes) {
        let after_previous = sequences.last().is_none_or(|last| idx >= last.end);
        if after_previous && matches!(bytes.get(idx + 1), Some(0x82..=0xB4)) {
            if let Some(sequence) = sequence_at(text, idx) {
                sequences.push(sequence);
            }
        }
    }
    let n_strong = sequences.iter().filter(|sequence| sequence.strong).count();
    let allow_weak = n_strong >= MIN_STRONG;
    // One edit per character, so that the offset map stays exact inside a repaired run.
    for sequence in sequences
        .iter()
        .filter(|sequence| sequence.strong || allow_weak)
    {
        edits.replace_char(sequence.start..sequence.end, sequence.decoded);
        stats.mojibake += 1;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    /// The corpus text as a UTF-8 file read as Windows-1252 would show it.
    fn as_cp1252_mojibake(text: &str) -> String {
        encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(text.as_bytes())
            .0
            .into_owned()
    }

    #[test]
    fn repairs_portuguese_read_as_windows_1252() {
        // portugal-montenegro-2016-pt-en.txt
        let original = "A presente Convenção aplica-se às pessoas residentes de um ou de ambos \
                        os Estados Contratantes, a não ser que o contexto exija interpretação \
                        diferente; «imposto português».";
        let damaged = as_cp1252_mojibake(original);
        assert!(damaged.contains("ConvenÃ§Ã£o"), "{damaged}");
        let (fixed, stats) = run(fix_mojibake, &damaged);
        assert_eq!(fixed, original);
        // ç ã à ã ç ã ê and the two guillemets.
        assert_eq!(stats.mojibake, 9);
    }

    #[test]
    fn repairs_japanese_and_cp1252_punctuation() {
        // japan-denmark-2017-ja-pdf.txt, plus the curly quotes of canada-denmark-1997-en-web.txt.
        let original = "第十条配当1一方の締約国 (hereinafter referred to as “Canadian tax”);";
        let damaged = as_cp1252_mojibake(original);
        let (fixed, stats) = run(fix_mojibake, &damaged);
        assert_eq!(fixed, original);
        // Eleven kanji and kana, two curly quotes.
        assert_eq!(stats.mojibake, 13);
    }

    #[test]
    fn repairs_latin1_c1_controls() {
        // "Í" is C3 8D, which Latin-1 shows as "Ã" + U+008D.
        let (fixed, _) = run(fix_mojibake, "CAPÃ\u{8D}TULO I");
        assert_eq!(fixed, "CAPÍTULO I");
    }

    #[test]
    fn keeps_correct_upper_case_portuguese_before_guillemets() {
        // "Ã»" could be mojibake of "û", but there is no other evidence of damage.
        let text = "o termo «ORGANIZAÇÃO» e “AÇÃO” designam; A REPÚBLICA PORTUGUESA E O MONTENEGRO";
        let (fixed, stats) = run(fix_mojibake, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.mojibake, 0);
    }

    #[test]
    fn weak_sequences_are_repaired_in_a_damaged_document() {
        // "à" is C3 A0, shown as "Ã" + NBSP: weak alone, repaired next to strong damage.
        let (fixed, _) = run(fix_mojibake, "relativos Ã\u{A0} exploraÃ§Ã£o");
        assert_eq!(fixed, "relativos à exploração");
        let (alone, _) = run(fix_mojibake, "relativos Ã\u{A0} exploração");
        assert_eq!(alone, "relativos Ã\u{A0} exploração");
    }

    #[test]
    fn leaves_clean_corpus_text_alone() {
        let text = "Acordo de bitributação — Dinamarca — Decreto nº 75.106/1974 10³ Ã";
        let (fixed, stats) = run(fix_mojibake, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.mojibake, 0);
    }
}
