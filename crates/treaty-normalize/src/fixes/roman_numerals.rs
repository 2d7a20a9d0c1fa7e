//! Roman numeral `II` misread by OCR in enumerations: `Il - `, `1l - `, `I1 — `, `ll - `,
//! `11 - `.
//!
//! An enumeration marker is a number (digits or a Roman numeral) after whitespace, then
//! spaces, a dash (`-`, `—`, `–`) and a space: `1 - o imposto`, `II - In the other State`. One of the
//! damaged forms is corrected to `II` when the nearest preceding marker is `1` or `I`, so the
//! list goes `1 - ... II - ...`. `11 - ` after `10 - ` in a Portuguese paragraph list is a real
//! eleven and stays.
//!
//! The forms with a letter (`Il`, `1l`, `I1`, `ll`) are not numbers at all, so they are also
//! corrected when no marker precedes them within [`LIST_WINDOW`] bytes (OCR lost the list's
//! `1 - `, as before `I1 — no que concerne` in brazil-denmark-1974-pt-en-ocr.txt). `11` needs
//! the preceding `1`, and within that window: a `1 - ` far away belongs to another list.

use crate::edits::Edits;
use crate::stats::FixStats;

/// How far back (in bytes) the previous marker of the same list may be.
const LIST_WINDOW: usize = 2000;

/// Damaged spellings of `II`.
const DAMAGED_TWO: [&str; 5] = ["Il", "1l", "I1", "ll", "11"];

/// The value of a marker token: digits or an upper-case Roman numeral.
fn marker_value(token: &str) -> Option<u32> {
    if token.bytes().all(|byte| byte.is_ascii_digit()) {
        return token.parse().ok();
    }
    let mut total = 0u32;
    let mut previous = 0u32;
    for byte in token.bytes().rev() {
        let value = match byte {
            b'I' => 1,
            b'V' => 5,
            b'X' => 10,
            b'L' => 50,
            b'C' => 100,
            _ => return None,
        };
        if value < previous {
            total = total.checked_sub(value)?;
        } else {
            total += value;
            previous = value;
        }
    }
    Some(total)
}

/// A dash of an enumeration marker at `idx`: its length in bytes.
fn dash_at(bytes: &[u8], idx: usize) -> Option<usize> {
    match bytes[idx..] {
        [b'-', ..] => Some(1),
        [0xE2, 0x80, 0x93 | 0x94, ..] => Some(3),
        _ => None,
    }
}

/// Corrects `II` in enumerations; counts them in `stats.roman_numerals`.
pub(crate) fn fix_roman_numerals(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    // (value, token start) of the nearest preceding marker.
    let mut previous: Option<(u32, usize)> = None;
    for idx in memchr::memchr2_iter(b'-', 0xE2, bytes) {
        let Some(dash_len) = dash_at(bytes, idx) else {
            continue;
        };
        let after = idx + dash_len;
        let spaced = idx > 0
            && matches!(bytes[idx - 1], b' ' | b'\t')
            && matches!(bytes.get(after), Some(b' ' | b'\t'));
        if !spaced {
            continue;
        }
        let token_end = bytes[..idx]
            .iter()
            .rposition(|&byte| byte != b' ' && byte != b'\t')
            .map_or(0, |pos| pos + 1);
        let token_start = bytes[..token_end]
            .iter()
            .rposition(|byte| !byte.is_ascii_alphanumeric())
            .map_or(0, |pos| pos + 1);
        let at_boundary = token_start == 0 || bytes[token_start - 1].is_ascii_whitespace();
        if token_start == token_end || !at_boundary {
            continue;
        }
        let token = &text[token_start..token_end];
        if DAMAGED_TWO.contains(&token) {
            let near = |start: usize| token_start - start <= LIST_WINDOW;
            let after_one = previous.is_some_and(|(value, start)| value == 1 && near(start));
            let list_lost = previous.is_none_or(|(_, start)| !near(start));
            if after_one || (token != "11" && list_lost) {
                edits.replace(token_start..token_end, "II");
                stats.roman_numerals += 1;
                previous = Some((2, token_start));
            } else {
                previous = marker_value(token).map(|value| (value, token_start));
            }
        } else if let Some(value) = marker_value(token) {
            previous = Some((value, token_start));
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    fn fix(text: &str) -> String {
        run(fix_roman_numerals, text).0
    }

    #[test]
    fn corrects_two_after_one() {
        // brazil-denmark-1974-pt-en-ocr.txt
        let (fixed, stats) = run(
            fix_roman_numerals,
            "b) in the case of Denma 1 - the income taxes\n\nIl - the communal in (her",
        );
        assert_eq!(
            fixed,
            "b) in the case of Denma 1 - the income taxes\n\nII - the communal in (her"
        );
        assert_eq!(stats.roman_numerals, 1);
        assert_eq!(
            fix("designa: 1 — no Brasil: o Ministro da Fazenda; 1l - na Dinamarca: o Ministro"),
            "designa: 1 — no Brasil: o Ministro da Fazenda; II - na Dinamarca: o Ministro"
        );
        assert_eq!(
            fix("g) the term ''nationals\" 1 - all individuals p State; 11 - all legal persons"),
            "g) the term ''nationals\" 1 - all individuals p State; II - all legal persons"
        );
        assert_eq!(fix("I - first ll - second"), "I - first II - second");
    }

    #[test]
    fn letter_forms_are_corrected_when_the_list_head_was_lost() {
        let text = "será aplicada pela primeira vez: que a Convenção entrar em vigor; I1 — no que concerne";
        assert_eq!(
            fix(text),
            "será aplicada pela primeira vez: que a Convenção entrar em vigor; II — no que concerne"
        );
    }

    #[test]
    fn eleven_after_ten_stays() {
        let text = "10 - O disposto no n.º 9 aplica-se.\n\n11 - As autoridades competentes podem";
        assert_eq!(fix(text), text);
        assert_eq!(fix("11 - alone at the start"), "11 - alone at the start");
        let far = format!("1 - first list {} 11 - another list", "words ".repeat(400));
        assert_eq!(fix(&far), far);
        // A letter form after a marker other than 1 is not II either.
        assert_eq!(
            fix("2 - segundo; Il - talvez onze"),
            "2 - segundo; Il - talvez onze"
        );
    }

    #[test]
    fn leaves_dashes_that_are_not_markers() {
        for text in [
            "DECRETO N.° 75.106 - DE 2 PROMULGA",
            "we'll - see",
            "1 - o imposto; anti-abuse ll-x",
            "Il faut - dit-il",
        ] {
            assert_eq!(fix(text), text);
        }
    }
}
