//! Whitespace: one space between words, one line break between lines, one blank line between
//! paragraphs.
//!
//! Tabs, no-break spaces, the ideographic space U+3000 and the other Unicode spaces become
//! a plain space; runs of spaces collapse to one; spaces at the start and end of lines go;
//! two or more line breaks (with only spaces between them) become one blank line; the text
//! starts with its first non-space character and ends with at most one line break.
//! U+2028 counts as a line break and U+2029 as a paragraph break.

use crate::edits::Edits;
use crate::FixStats;

/// A whitespace character at `idx`: its length and how many line breaks it stands for.
fn whitespace_at(bytes: &[u8], idx: usize) -> Option<(usize, usize)> {
    match bytes[idx..] {
        [b' ' | b'\t' | b'\r' | 0x0B, ..] => Some((1, 0)),
        [b'\n', ..] => Some((1, 1)),
        [0xC2, 0xA0, ..] => Some((2, 0)),
        // U+1680
        [0xE1, 0x9A, 0x80, ..] => Some((3, 0)),
        // U+2000..U+200A, U+202F
        [0xE2, 0x80, 0x80..=0x8A | 0xAF, ..] => Some((3, 0)),
        // U+2028, U+2029
        [0xE2, 0x80, 0xA8, ..] => Some((3, 1)),
        [0xE2, 0x80, 0xA9, ..] => Some((3, 2)),
        // U+205F
        [0xE2, 0x81, 0x9F, ..] => Some((3, 0)),
        // U+3000
        [0xE3, 0x80, 0x80, ..] => Some((3, 0)),
        _ => None,
    }
}

/// Bytes that may start a whitespace character: ASCII controls and space, and the lead bytes
/// of the Unicode spaces (C2, E1, E2, E3).
const MAY_START_SPACE: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte <= 0x20 {
        table[byte] = true;
        byte += 1;
    }
    table[0xC2] = true;
    table[0xE1] = true;
    table[0xE2] = true;
    table[0xE3] = true;
    table
};

/// Normalizes whitespace; counts changed runs in `stats.whitespace`.
pub(crate) fn fix_whitespace(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let bytes = text.as_bytes();
    let mut idx = 0;
    while idx < bytes.len() {
        // Skip to the next byte that may start whitespace.
        match bytes[idx..]
            .iter()
            .position(|&byte| MAY_START_SPACE[usize::from(byte)])
        {
            Some(offset) => idx += offset,
            None => break,
        }
        // The common case: one plain space between two words.
        if bytes[idx] == b' '
            && idx > 0
            && bytes
                .get(idx + 1)
                .is_some_and(|&next| !MAY_START_SPACE[usize::from(next)])
        {
            idx += 2;
            continue;
        }
        let start = idx;
        let mut line_breaks = 0;
        while idx < bytes.len() {
            match whitespace_at(bytes, idx) {
                Some((len, breaks)) => {
                    idx += len;
                    line_breaks += breaks;
                }
                None => break,
            }
        }
        if idx == start {
            idx += 1;
            continue;
        }
        let wanted = if start == 0 {
            ""
        } else if idx == bytes.len() {
            if line_breaks > 0 {
                "\n"
            } else {
                ""
            }
        } else {
            match line_breaks {
                0 => " ",
                1 => "\n",
                _ => "\n\n",
            }
        };
        if &text[start..idx] != wanted {
            edits.replace(start..idx, wanted);
            stats.whitespace += 1;
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn tabs_and_odd_spaces_become_one_space() {
        // canada-denmark-1997-en-web.txt (tab-separated signature block).
        let (fixed, stats) = run(
            fix_whitespace,
            "FOR THE GOVERNMENT\tFOR THE GOVERNMENT\nOF CANADA:\tOF THE REPUBLIC OF\n\tICELAND:",
        );
        assert_eq!(
            fixed,
            "FOR THE GOVERNMENT FOR THE GOVERNMENT\nOF CANADA: OF THE REPUBLIC OF\nICELAND:"
        );
        assert_eq!(stats.whitespace, 3);
        let (fixed, _) = run(
            fix_whitespace,
            "Artigo\u{A0}10.º\u{2003} Dividendos  1\u{202F}- Os dividendos　日本国",
        );
        assert_eq!(fixed, "Artigo 10.º Dividendos 1 - Os dividendos 日本国");
    }

    #[test]
    fn trailing_spaces_and_blank_lines() {
        let (fixed, stats) = run(
            fix_whitespace,
            "\n\n  Artigo 2.º  \n\n\n\nImpostos visados \n \n1 - A presente Convenção\u{2029}b)\n\n\n",
        );
        assert_eq!(
            fixed,
            "Artigo 2.º\n\nImpostos visados\n\n1 - A presente Convenção\n\nb)\n"
        );
        assert_eq!(stats.whitespace, 5);
    }

    #[test]
    fn clean_text_is_left_alone() {
        let text = "Artigo 2.º\n\nImpostos visados\n\n1 - A presente Convenção aplica-se.\n";
        let (fixed, stats) = run(fix_whitespace, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.whitespace, 0);
    }
}
