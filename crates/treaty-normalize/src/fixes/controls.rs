//! Line endings, control characters and soft hyphens.
//!
//! CRLF and lone CR become LF; a form feed (a page break in extracted PDF text) and the C1
//! NEL become LF too, but a form feed inside a Japanese sentence that runs on to the next
//! page goes (the page's last line already ended with a line feed). Other C0/C1 control characters and invisible format characters that
//! carry nothing for this text (zero-width space, word joiner, stray byte-order marks,
//! left-to-right and right-to-left marks) are removed. Tab stays (the whitespace pass turns it
//! into a space).
//!
//! A soft hyphen (U+00AD) is removed; when a line break follows it, the break goes too,
//! because a soft hyphen marks a word broken across lines.

use crate::edits::Edits;
use crate::stats::FixStats;

/// What to do with one character.
enum Action {
    Keep,
    /// Becomes a line feed (counted as a control character).
    LineFeed,
    Remove,
}

fn action(ch: char) -> Action {
    match ch {
        '\t' | '\n' => Action::Keep,
        '\u{0C}' | '\u{85}' => Action::LineFeed,
        '\0'..='\u{1F}' | '\u{7F}'..='\u{9F}' => Action::Remove,
        '\u{200B}' | '\u{200E}' | '\u{200F}' | '\u{2060}' | '\u{FEFF}' => Action::Remove,
        _ => Action::Keep,
    }
}

/// Bytes that may start a character this pass changes: C0 controls other than tab and line
/// feed, DEL, and the lead bytes of C1 controls and soft hyphen (C2), of the format characters
/// (E2) and of U+FEFF (EF).
const INTERESTING: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = byte != b'\t' as usize && byte != b'\n' as usize;
        byte += 1;
    }
    table[0x7F] = true;
    table[0xC2] = true;
    table[0xE2] = true;
    table[0xEF] = true;
    table
};

/// [`INTERESTING`] for eight bytes at once.
#[inline]
fn interesting_bytes(word: u64) -> u64 {
    use super::swar::{eq, lt};
    (lt(word, 0x20) & !eq(word, b'\t') & !eq(word, b'\n'))
        | eq(word, 0x7F)
        | eq(word, 0xC2)
        | eq(word, 0xE2)
        | eq(word, 0xEF)
}

/// Whether the form feed at `at` follows a line break after a Japanese letter that ends no
/// sentence and comes before a Japanese letter, on a line as full as the page's fullest: a
/// sentence cut by the page break. (A running title or page number printed last on a page is
/// a short line, and its page is not cut mid-sentence there.)
fn runs_on_to_next_page(text: &str, at: usize) -> bool {
    use super::japanese_layout::{is_japanese_letter, is_sentence_end};
    let Some(before) = text[..at].strip_suffix('\n') else {
        return false;
    };
    let next = text[at + 1..]
        .trim_start_matches([' ', '\t'])
        .chars()
        .next();
    if !next.is_some_and(is_japanese_letter) {
        return false;
    }
    let page_start = before.rfind('\u{0C}').map_or(0, |feed| feed + 1);
    let width = |line: &str| {
        line.trim_matches([' ', '\t', '\r', '\u{3000}'])
            .chars()
            .count()
    };
    let page = &before[page_start..];
    let fullest = page.lines().map(width).max().unwrap_or(0);
    let last_line = page.lines().next_back().unwrap_or("");
    let last = last_line
        .trim_end_matches([' ', '\t', '\r'])
        .chars()
        .next_back();
    last.is_some_and(|c| is_japanese_letter(c) && !is_sentence_end(c))
        && width(last_line) * 5 >= fullest * 4
}

/// Normalizes line endings, removes control characters and soft hyphens.
pub(crate) fn fix_controls(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    let mut idx = 0;
    while idx < bytes.len() {
        // Skip everything that cannot start an interesting character.
        match super::swar::find(&bytes[idx..], interesting_bytes, |byte| {
            INTERESTING[usize::from(byte)]
        }) {
            Some(offset) => idx += offset,
            None => break,
        }
        let byte = bytes[idx];
        let worth_decoding = match byte {
            0xC2 => matches!(bytes.get(idx + 1), Some(0x80..=0x9F | 0xAD)),
            0xE2 => matches!(
                bytes.get(idx + 1..idx + 3),
                Some([0x80, 0x8B | 0x8E | 0x8F] | [0x81, 0xA0])
            ),
            0xEF => bytes.get(idx + 1..idx + 3) == Some(&[0xBB, 0xBF]),
            _ => true,
        };
        if !worth_decoding {
            idx += 1;
            continue;
        }
        if byte == b'\r' {
            if bytes.get(idx + 1) == Some(&b'\n') {
                edits.delete(idx..idx + 1);
                idx += 2;
            } else {
                edits.replace(idx..idx + 1, "\n");
                idx += 1;
            }
            stats.line_endings += 1;
            continue;
        }
        let Some(ch) = text.get(idx..).and_then(|rest| rest.chars().next()) else {
            idx += 1;
            continue;
        };
        let end = idx + ch.len_utf8();
        if ch == '\u{AD}' {
            // Drop a following line break (or the spaces OCR left for it) too.
            let mut after = end;
            while matches!(bytes.get(after), Some(b' ' | b'\t')) {
                after += 1;
            }
            if bytes.get(after) == Some(&b'\r') {
                after += 1;
            }
            if bytes.get(after) == Some(&b'\n') {
                after += 1;
            }
            while matches!(bytes.get(after), Some(b' ' | b'\t')) {
                after += 1;
            }
            let next_is_letter = text
                .get(after..)
                .and_then(|rest| rest.chars().next())
                .is_some_and(char::is_alphabetic);
            let joined = if after > end && next_is_letter {
                after
            } else {
                end
            };
            edits.delete(idx..joined);
            stats.soft_hyphens += 1;
            idx = joined;
            continue;
        }
        match action(ch) {
            Action::Keep => {}
            // A Japanese sentence that runs on to the next page (`…利子の額の十` / form feed /
            // `パーセントを超えない…`): the page break, right after the page's last line
            // break, adds no blank line, so the layout fix joins the two lines as within a
            // page. Elsewhere a page break stays a blank line.
            Action::LineFeed if ch == '\u{0C}' && runs_on_to_next_page(text, idx) => {
                edits.delete(idx..end);
                stats.control_chars += 1;
            }
            Action::LineFeed => {
                edits.replace(idx..end, "\n");
                stats.control_chars += 1;
            }
            Action::Remove => {
                edits.delete(idx..end);
                stats.control_chars += 1;
            }
        }
        idx = end;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn crlf_and_cr_become_lf() {
        // canada-denmark-1997-en-web.txt with Windows and old Mac line endings.
        let (fixed, stats) = run(
            fix_controls,
            "(a) in the case of Canada:\r\n\r\n(i) in respect of tax withheld\r(ii) in respect",
        );
        assert_eq!(
            fixed,
            "(a) in the case of Canada:\n\n(i) in respect of tax withheld\n(ii) in respect"
        );
        assert_eq!(stats.line_endings, 3);
    }

    #[test]
    fn a_page_break_inside_a_japanese_sentence_adds_no_blank_line() {
        // `…the amount of the interest ten` / page break / `per cent shall not exceed…`.
        let cut = "\u{984D}\u{306E}\u{5341}\n\u{0C}\u{30D1}\u{30FC}\u{30BB}\u{30F3}\u{30C8}";
        let (fixed, _) = run(fix_controls, cut);
        assert_eq!(fixed, cut.replace('\u{0C}', ""));
        // After a sentence end, in Latin text, without the line break, or after a short last
        // line (a running title): a line break.
        for kept in [
            "\u{7B2C}\u{5341}\u{6761}\u{306E}\u{898F}\u{5B9A}\u{306B}\u{3088}\n\u{8B70}\u{5B9A}\u{66F8}\n\u{0C}\u{7B2C}",
            "\u{3059}\u{308B}\u{3002}\n\u{0C}\u{7B2C}",
            "of the\n\u{0C}gross amount",
            "\u{5341}\u{0C}\u{30D1}",
        ] {
            let (fixed, _) = run(fix_controls, kept);
            assert_eq!(fixed, kept.replace('\u{0C}', "\n"), "{kept:?}");
        }
    }

    #[test]
    fn removes_control_and_format_characters_keeps_tabs() {
        let (fixed, stats) = run(
            fix_controls,
            "FOR THE GOVERNMENT\tFOR THE\u{1} GOVERNMENT\u{200B}\u{FEFF}\u{0C}OF CANADA:\u{9D}",
        );
        assert_eq!(fixed, "FOR THE GOVERNMENT\tFOR THE GOVERNMENT\nOF CANADA:");
        assert_eq!(stats.control_chars, 5);
    }

    #[test]
    fn soft_hyphen_at_a_line_break_joins_the_word() {
        // brazil-denmark-1974-pt-en-ocr.txt with soft hyphens instead of hard ones.
        let (fixed, stats) = run(
            fix_controls,
            "de con\u{AD}\nformidade com o direito internacional, os re\u{AD}cursos na\u{AD} turais",
        );
        assert_eq!(
            fixed,
            "de conformidade com o direito internacional, os recursos naturais"
        );
        assert_eq!(stats.soft_hyphens, 3);
    }

    #[test]
    fn leaves_clean_text_alone() {
        let text = "Artigo 2.º\n\nImpostos visados\n\n1 - A presente Convenção aplica-se";
        let (fixed, stats) = run(fix_controls, text);
        assert_eq!(fixed, text);
        assert_eq!(stats, FixStats::default());
    }
}
