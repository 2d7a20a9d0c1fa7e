//! Names and messages printed to a terminal: control characters (and the bidirectional
//! controls that reorder a line) quoted as `ls` quotes them, so that a file name cannot forge
//! a line, retitle or clear the terminal, or hide its own end.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::Path;

/// Whether `c` must not reach a terminal raw: C0 and C1 controls, DEL, and the bidirectional
/// embeddings, overrides and isolates.
fn unsafe_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `c` as a shell escape inside `$'...'`: `\n`, `\t`, `\r`, `\033`, `\u202E`.
fn escaped(c: char, out: &mut String) {
    match c {
        '\n' => out.push_str("\\n"),
        '\t' => out.push_str("\\t"),
        '\r' => out.push_str("\\r"),
        c if u32::from(c) < 0x100 => {
            let _ = write!(out, "\\{:03o}", u32::from(c));
        }
        c => {
            let _ = write!(out, "\\u{:04X}", u32::from(c));
        }
    }
}

/// A name as `ls` shows it on a terminal: as it is when it holds no control character,
/// otherwise in single quotes with each control character as `$'\n'` (`'a'$'\n''b.txt'`),
/// which a shell reads back as the name.
pub fn quote(name: &str) -> Cow<'_, str> {
    if !name.chars().any(unsafe_char) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 8);
    let mut quoted = false;
    for c in name.chars() {
        if unsafe_char(c) {
            if quoted {
                out.push('\'');
                quoted = false;
            }
            out.push_str("$'");
            escaped(c, &mut out);
            out.push('\'');
        } else {
            if !quoted {
                out.push('\'');
                quoted = true;
            }
            if c == '\'' {
                out.push_str("'\\''");
            } else {
                out.push(c);
            }
        }
    }
    if quoted {
        out.push('\'');
    }
    Cow::Owned(out)
}

/// A path as [`quote`] shows it.
pub fn path(path: &Path) -> String {
    quote(&crate::path_text::path_text(path)).into_owned()
}

/// A message for one line of a terminal: its control characters written as escapes (`\n`,
/// `\033`), everything else as it is.
pub fn line(message: &str) -> Cow<'_, str> {
    if !message.chars().any(unsafe_char) {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len() + 8);
    for c in message.chars() {
        if unsafe_char(c) {
            escaped(c, &mut out);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_control_characters_are_quoted_as_ls_quotes_them() {
        assert_eq!(quote("plain name.txt"), "plain name.txt");
        assert_eq!(quote("a\nb.txt"), "'a'$'\\n''b.txt'");
        assert_eq!(quote("\u{1b}]0;x\u{7}"), "$'\\033'']0;x'$'\\007'");
        assert_eq!(quote("it's\r"), "'it'\\''s'$'\\r'");
        assert_eq!(quote("a\u{202e}b"), "'a'$'\\u202E''b'");
        assert_eq!(line("x\ny\u{1b}[2J"), "x\\ny\\033[2J");
    }
}
