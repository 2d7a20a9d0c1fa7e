//! Escaping: every piece of input text goes through one of these functions.
//!
//! Treaty texts and names come from files nobody vetted: they may hold markup (`<script>`),
//! ampersands, quotation marks, and invisible characters that change how a line reads (bidi
//! overrides such as U+202E, zero-width spaces, C0/C1 controls). None of them may reach the page
//! as markup or as an invisible character:
//!
//! - [`text_into`] escapes text for element content and shows invisible characters as visible
//!   placeholders (an empty element whose CSS draws `⟨RLO⟩`), so the DOM never holds them;
//! - [`attr`] escapes text for attribute values and short labels, writing invisible characters
//!   as `⟨U+202E⟩`;
//! - [`href_segment`] percent-encodes a path segment (a document name) for a link.

use std::fmt::Write as _;

/// What an invisible character is called on the page: a short name for the placeholder, or
/// `None` for a character that is shown as it is.
pub(crate) fn invisible_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\n' | '\t' => return None,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => "CTL",
        '\u{ad}' => "SHY",
        '\u{61c}' => "ALM",
        '\u{180e}' => "MVS",
        '\u{200b}' => "ZWSP",
        '\u{200c}' => "ZWNJ",
        '\u{200d}' => "ZWJ",
        '\u{200e}' => "LRM",
        '\u{200f}' => "RLM",
        '\u{2028}' => "LS",
        '\u{2029}' => "PS",
        '\u{202a}' => "LRE",
        '\u{202b}' => "RLE",
        '\u{202c}' => "PDF",
        '\u{202d}' => "LRO",
        '\u{202e}' => "RLO",
        '\u{2060}'..='\u{2064}' => "WJ",
        '\u{2066}' => "LRI",
        '\u{2067}' => "RLI",
        '\u{2068}' => "FSI",
        '\u{2069}' => "PDI",
        '\u{206a}'..='\u{206f}' => "FMT",
        '\u{feff}' => "BOM",
        '\u{fff9}'..='\u{fffb}' => "ANN",
        '\u{fffe}' | '\u{ffff}' => "NONCHAR",
        _ => return None,
    })
}

/// Appends `text` escaped for element content. Carriage returns are dropped (the HTML parser
/// would turn them into line feeds); other invisible characters become placeholders.
pub(crate) fn text_into(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(index) = rest.find(needs_escape_in_text) {
        out.push_str(&rest[..index]);
        let c = rest[index..].chars().next().unwrap_or(' ');
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\r' => {}
            _ => {
                let name = invisible_name(c).unwrap_or("CTL");
                let _ = write!(
                    out,
                    "<span class=\"cc\" data-c=\"{name}\" title=\"U+{:04X}\"></span>",
                    u32::from(c)
                );
            }
        }
        rest = &rest[index + c.len_utf8()..];
    }
    out.push_str(rest);
}

fn needs_escape_in_text(c: char) -> bool {
    matches!(c, '&' | '<' | '>' | '\r') || invisible_name(c).is_some()
}

/// `text` escaped for element content, as a new string.
#[cfg(test)]
pub(crate) fn text(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    text_into(&mut out, text);
    out
}

/// Appends `text` escaped for an attribute value (double-quoted) or a short label: markup
/// characters as entities, line feeds as `&#10;` (a line break in a tooltip), tabs and carriage
/// returns as spaces, other invisible characters as visible `⟨U+XXXX⟩`.
pub(crate) fn attr_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' => out.push_str("&#10;"),
            '\t' | '\r' => out.push(' '),
            c if invisible_name(c).is_some() => {
                let _ = write!(out, "⟨U+{:04X}⟩", u32::from(c));
            }
            c => out.push(c),
        }
    }
}

/// `text` escaped for an attribute value or a short label, as a new string.
pub(crate) fn attr(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    attr_into(&mut out, text);
    out
}

/// `segment` percent-encoded for use as one path segment of a relative link: everything but
/// ASCII letters, digits and `-._~` is encoded, so names with `#`, `?`, `%`, spaces or
/// non-ASCII characters link to the file of that name.
pub(crate) fn href_segment(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for byte in segment.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_escapes_markup_and_shows_invisible_characters() {
        assert_eq!(text("a<b>&\"c\" 'd'\r\n"), "a&lt;b&gt;&amp;\"c\" 'd'\n");
        let escaped = text("x\u{202e}y");
        assert!(escaped.starts_with("x<span class=\"cc\" data-c=\"RLO\" title=\"U+202E\">"));
        assert!(!escaped.contains('\u{202e}'));
        assert_eq!(text("日本語 ok"), "日本語 ok");
    }

    #[test]
    fn attributes_escape_quotes_and_never_hold_invisible_characters() {
        assert_eq!(
            attr("<script>\"x\"&'y'\u{2066}\n"),
            "&lt;script&gt;&quot;x&quot;&amp;&#39;y&#39;⟨U+2066⟩&#10;"
        );
    }

    #[test]
    fn href_segments_are_percent_encoded() {
        assert_eq!(href_segment("nl-china-en"), "nl-china-en");
        assert_eq!(
            href_segment("a b#c?d%e/日"),
            "a%20b%23c%3Fd%25e%2F%E6%97%A5"
        );
    }
}
