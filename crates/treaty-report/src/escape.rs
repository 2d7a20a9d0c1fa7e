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

use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// What an invisible character is called on the page: a short name for the placeholder, or
/// `None` for a character that is shown as it is.
///
/// Invisible are the C0 and C1 controls (tab and line feed aside), the line and paragraph
/// separators, the noncharacters U+FFFE and U+FFFF, and every code point of Unicode's
/// `Default_Ignorable_Code_Point` property (Unicode 16, `DerivedCoreProperties.txt`): format
/// characters such as the bidi controls and zero-width spaces, fillers, variation selectors,
/// tag characters (U+E0020–E007F, which can smuggle text that a reader does not see) and the
/// code points reserved as default-ignorable.
pub(crate) fn invisible_name(c: char) -> Option<&'static str> {
    Some(match c {
        '\n' | '\t' => return None,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}' => "CTL",
        '\u{ad}' => "SHY",
        '\u{34f}' => "CGJ",
        '\u{61c}' => "ALM",
        '\u{115f}' | '\u{1160}' | '\u{3164}' | '\u{ffa0}' => "HF",
        '\u{17b4}' | '\u{17b5}' => "KIV",
        '\u{180b}'..='\u{180d}' | '\u{180f}' => "FVS",
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
        '\u{2065}' => "DI",
        '\u{2066}' => "LRI",
        '\u{2067}' => "RLI",
        '\u{2068}' => "FSI",
        '\u{2069}' => "PDI",
        '\u{206a}'..='\u{206f}' => "FMT",
        '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}' => "VS",
        '\u{feff}' => "BOM",
        '\u{fff0}'..='\u{fff8}' => "DI",
        '\u{fff9}'..='\u{fffb}' => "ANN",
        '\u{1bca0}'..='\u{1bca3}' => "FMT",
        '\u{1d173}'..='\u{1d17a}' => "FMT",
        '\u{e0001}' | '\u{e0020}'..='\u{e007f}' => "TAG",
        '\u{e0000}'..='\u{e0fff}' => "DI",
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

/// What [`href_segment`] encodes: every byte but ASCII letters, digits and `-._~` (RFC 3986's
/// unreserved characters); `percent-encoding` encodes every non-ASCII byte as well.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// `segment` percent-encoded for use as one path segment of a relative link: everything but
/// ASCII letters, digits and `-._~` is encoded, so names with `#`, `?`, `%`, spaces or
/// non-ASCII characters link to the file of that name.
pub(crate) fn href_segment(segment: &str) -> String {
    utf8_percent_encode(segment, SEGMENT).to_string()
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

    /// Every code point of `Default_Ignorable_Code_Point` (the ranges of Unicode 16's
    /// `DerivedCoreProperties.txt`, copied here so a change to the function is checked against
    /// the standard, not against itself) is shown as a mark, in text and in attributes.
    #[test]
    fn every_default_ignorable_code_point_is_shown() {
        const DEFAULT_IGNORABLE: [(u32, u32); 17] = [
            (0xAD, 0xAD),
            (0x34F, 0x34F),
            (0x61C, 0x61C),
            (0x115F, 0x1160),
            (0x17B4, 0x17B5),
            (0x180B, 0x180F),
            (0x200B, 0x200F),
            (0x202A, 0x202E),
            (0x2060, 0x206F),
            (0x3164, 0x3164),
            (0xFE00, 0xFE0F),
            (0xFEFF, 0xFEFF),
            (0xFFA0, 0xFFA0),
            (0xFFF0, 0xFFF8),
            (0x1BCA0, 0x1BCA3),
            (0x1D173, 0x1D17A),
            (0xE0000, 0xE0FFF),
        ];
        for (first, last) in DEFAULT_IGNORABLE {
            for c in (first..=last).filter_map(char::from_u32) {
                assert!(
                    invisible_name(c).is_some(),
                    "U+{:04X} is not marked",
                    u32::from(c)
                );
                let shown = text(&format!("a{c}b"));
                assert!(
                    !shown.contains(c),
                    "U+{:04X} reaches the page",
                    u32::from(c)
                );
                assert!(shown.contains(&format!("title=\"U+{:04X}\"", u32::from(c))));
                assert!(!attr(&c.to_string()).contains(c));
            }
        }
        // Tag characters spelling "ab" after a flag: each becomes a TAG mark.
        let tagged = text("x\u{e0061}\u{e0062}\u{e007f}y");
        assert_eq!(tagged.matches("data-c=\"TAG\"").count(), 3);
        assert_eq!(attr("\u{e0061}"), "⟨U+E0061⟩");
        // Visible neighbours stay as they are.
        for c in [
            '\u{ac}',
            '\u{350}',
            '\u{3163}',
            '\u{fe10}',
            '\u{1d172}',
            'é',
            '語',
        ] {
            assert_eq!(invisible_name(c), None, "U+{:04X}", u32::from(c));
        }
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
