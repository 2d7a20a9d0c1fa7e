//! HTML and XHTML read as text: markup removed as edits, so offsets still point into the file.
//!
//! A treaty saved from a web page is HTML. Read as plain text, its `<p>` and `&#8217;` hide
//! headings and numbers from every later stage. This pass runs during ingest, on the decoded
//! text, and turns it into what a browser shows:
//!
//! - tags, comments, doctypes and XML declarations are removed;
//! - the contents of `<head>`-only and script-like elements (`title`, `style`, `script`,
//!   `template`, `noscript`, `iframe`, ...) are removed;
//! - block elements (`p`, `div`, `h1`, `li`, `tr`, ...) and `<br>` become line breaks, table
//!   cells end with a tab;
//! - line breaks inside running text become spaces (as a browser wraps them), except in
//!   `<pre>` and `<textarea>`, and white space between blocks goes;
//! - character references (`&amp;`, `&#8217;`, `&nbsp;`) are decoded.
//!
//! Every change is an edit of the decoded text, so the pass map composes with the decoding
//! map: a decoded `’` maps to the bytes of `&#8217;`, and the text of a paragraph maps to the
//! same bytes as in the file.
//!
//! Tokenizing is html5gum's, a WHATWG-compliant HTML tokenizer that reports the byte span of
//! every tag; script-like elements switch it into raw-text states as a browser would. There is
//! no tree construction: mis-nested tags do not matter when only text is kept.

use html5gum::{DefaultEmitter, Span, Token, Tokenizer};

use crate::edits::Edits;

/// Elements whose content is not text a reader sees.
const HIDDEN: [&[u8]; 10] = [
    b"title",
    b"style",
    b"script",
    b"template",
    b"noscript",
    b"iframe",
    b"noembed",
    b"noframes",
    b"object",
    b"svg",
];

/// Elements that start and end a block: their tags become line breaks.
// tidy: not language (HTML element names)
const BLOCKS: [&[u8]; 45] = [
    b"address",
    b"article",
    b"aside",
    b"blockquote",
    b"caption",
    b"center",
    b"dd",
    b"details",
    b"dialog",
    b"dir",
    b"div",
    b"dl",
    b"dt",
    b"fieldset",
    b"figcaption",
    b"figure",
    b"footer",
    b"form",
    b"h1",
    b"h2",
    b"h3",
    b"h4",
    b"h5",
    b"h6",
    b"header",
    b"hgroup",
    b"hr",
    b"legend",
    b"li",
    b"listing",
    b"main",
    b"menu",
    b"nav",
    b"ol",
    b"p",
    b"pre",
    b"section",
    b"summary",
    b"table",
    b"tbody",
    b"tfoot",
    b"thead",
    b"tr",
    b"ul",
    b"xmp",
];

/// Elements whose line breaks are kept.
const PREFORMATTED: [&[u8]; 4] = [b"pre", b"textarea", b"listing", b"xmp"];

/// Tags a browser's content sniffing takes for HTML (and a few more that open HTML files).
// tidy: not language (HTML element names)
const SNIFFED_TAGS: [&str; 23] = [
    "html", "head", "body", "script", "iframe", "h1", "h2", "h3", "h4", "h5", "h6", "div", "font",
    "table", "a", "style", "title", "b", "br", "p", "meta", "link", "center",
];

/// Whether `text` starts like an HTML or XHTML document: after white space, an XML
/// declaration and comments, a doctype `<!DOCTYPE html` or one of [`SNIFFED_TAGS`].
pub(crate) fn looks_like_html(text: &str) -> bool {
    let mut rest = text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{FEFF}');
    loop {
        if starts_with_ignore_case(rest, "<?xml") {
            let Some(end) = rest.find("?>") else {
                return false;
            };
            rest = rest[end + 2..].trim_start();
        } else if rest.starts_with("<!--") {
            let Some(end) = rest.find("-->") else {
                return false;
            };
            rest = rest[end + 3..].trim_start();
        } else {
            break;
        }
    }
    if starts_with_ignore_case(rest, "<!doctype html") {
        return true;
    }
    let Some(after_lt) = rest.strip_prefix('<') else {
        return false;
    };
    SNIFFED_TAGS.iter().any(|tag| {
        starts_with_ignore_case(after_lt, tag)
            && matches!(
                after_lt.as_bytes().get(tag.len()),
                Some(b' ' | b'>' | b'/' | b'\t' | b'\n' | b'\r' | b'\x0C')
            )
    })
}

fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.as_bytes()
        .get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix.as_bytes()))
}

/// The edits that turn HTML `text` into the text a reader sees, and how many tags, comments
/// and character references they remove or decode.
pub(crate) fn strip_markup(text: &str) -> (Edits, u64) {
    let mut emitter = DefaultEmitter::<usize>::new_with_span();
    emitter.naively_switch_states(true);
    let mut stripper = Stripper {
        text,
        edits: Edits::default(),
        cursor: 0,
        hidden: None,
        preformatted: 0,
        at_break: true,
        count: 0,
    };
    for token in Tokenizer::new_with_emitter(text, emitter) {
        let Ok(token) = token;
        match token {
            Token::StartTag(tag) => stripper.tag(tag.span, &tag.name, true, tag.self_closing),
            Token::EndTag(tag) => stripper.tag(tag.span, &tag.name, false, false),
            Token::Comment(comment) => stripper.markup(comment.span, None),
            Token::Doctype(doctype) => stripper.markup(doctype.span, None),
            Token::String(_) | Token::Error(_) => {}
        }
    }
    stripper.text_until(text.len());
    (stripper.edits, stripper.count)
}

struct Stripper<'t> {
    text: &'t str,
    edits: Edits,
    /// End of what has been handled.
    cursor: usize,
    /// The hidden element being skipped.
    hidden: Option<Vec<u8>>,
    /// Depth of preformatted elements.
    preformatted: usize,
    /// Whether the output so far ends with a line break (or is empty).
    at_break: bool,
    count: u64,
}

impl Stripper<'_> {
    /// A start tag (`start`) or an end tag.
    fn tag(&mut self, span: Span<usize>, name: &[u8], start: bool, self_closing: bool) {
        if !self.valid(span) {
            return;
        }
        // The text before the tag belongs to the state before it.
        self.text_until(span.start);
        let replacement = if let Some(hidden) = &self.hidden {
            if !start && name == hidden.as_slice() {
                self.hidden = None;
            }
            ""
        } else if HIDDEN.contains(&name) {
            if start && !self_closing {
                self.hidden = Some(name.to_vec());
            }
            ""
        } else {
            if PREFORMATTED.contains(&name) {
                if start {
                    self.preformatted += 1;
                } else {
                    self.preformatted = self.preformatted.saturating_sub(1);
                }
            }
            match name {
                b"br" => "\n",
                b"td" | b"th" if !start => "\t",
                _ if BLOCKS.contains(&name) => "\n",
                _ => "",
            }
        };
        self.markup(span, Some(replacement));
    }

    /// Replaces markup at `span` with `replacement` (nothing for `None`), after handling the
    /// text before it.
    fn markup(&mut self, span: Span<usize>, replacement: Option<&str>) {
        if !self.valid(span) {
            return;
        }
        self.text_until(span.start);
        let replacement = replacement.unwrap_or("");
        self.edits.replace(span.start..span.end, replacement);
        if replacement == "\n" {
            self.at_break = true;
        }
        self.count += 1;
        self.cursor = span.end;
    }

    /// Whether a span from the tokenizer can be used (it always can; this keeps a tokenizer
    /// bug from becoming a bad edit).
    fn valid(&self, span: Span<usize>) -> bool {
        self.cursor <= span.start
            && span.start < span.end
            && span.end <= self.text.len()
            && self.text.is_char_boundary(span.start)
            && self.text.is_char_boundary(span.end)
    }

    /// Handles the text from the cursor to `end`.
    fn text_until(&mut self, end: usize) {
        let start = self.cursor;
        if end <= start {
            return;
        }
        self.cursor = end;
        let piece = &self.text[start..end];
        if self.hidden.is_some() {
            self.edits.delete(start..end);
            return;
        }
        let preformatted = self.preformatted > 0;
        if !preformatted && piece.bytes().all(|byte| byte.is_ascii_whitespace()) {
            // White space between tags: nothing after a line break, one space elsewhere.
            if self.at_break {
                self.edits.delete(start..end);
            } else if piece != " " {
                self.edits.replace(start..end, " ");
            }
            return;
        }
        let bytes = piece.as_bytes();
        let mut idx = 0;
        while let Some(found) = memchr::memchr3(b'&', b'\r', b'\n', &bytes[idx..]) {
            idx += found;
            let at = start + idx;
            match bytes[idx] {
                b'&' => idx += self.reference(at, end),
                b'\r' if !preformatted => {
                    let len = if bytes.get(idx + 1) == Some(&b'\n') {
                        2
                    } else {
                        1
                    };
                    self.edits.replace(at..at + len, " ");
                    idx += len;
                }
                b'\n' if !preformatted => {
                    self.edits.replace(at..at + 1, " ");
                    idx += 1;
                }
                _ => idx += 1,
            }
        }
        self.at_break = preformatted && piece.ends_with('\n');
    }

    /// Decodes the character reference at `at` (a `&` before `end`), if it is one; returns
    /// how many bytes were handled.
    fn reference(&mut self, at: usize, end: usize) -> usize {
        // A reference is `&`, letters, digits or `#`, and maybe `;`: nothing after that can
        // change how it decodes, so it decodes alone as it does in place.
        let rest = &self.text.as_bytes()[at + 1..end];
        let mut len = 1 + rest
            .iter()
            .take(MAX_REFERENCE)
            .take_while(|byte| byte.is_ascii_alphanumeric() || **byte == b'#')
            .count();
        if self.text.as_bytes().get(at + len) == Some(&b';') && at + len < end {
            len += 1;
        }
        let candidate = &self.text[at..at + len];
        let decoded = decode_references(candidate);
        if decoded == candidate {
            return len;
        }
        // Legacy references end without `;` (`&copy2024` is `©2024`): what follows the
        // reference is the common tail of both, and the reference decodes to one character
        // at least.
        let max_tail = decoded.chars().count().saturating_sub(1);
        let tail: usize = candidate
            .chars()
            .rev()
            .zip(decoded.chars().rev())
            .take(max_tail)
            .take_while(|(left, right)| left == right)
            .map(|(left, _)| left.len_utf8())
            .sum();
        self.edits
            .replace(at..at + len - tail, &decoded[..decoded.len() - tail]);
        self.count += 1;
        len
    }
}

/// The longest character reference worth decoding (`&CounterClockwiseContourIntegral;` is
/// 33 bytes).
const MAX_REFERENCE: usize = 40;

/// The text of `candidate` with its character references decoded, as the tokenizer does in
/// running text.
fn decode_references(candidate: &str) -> String {
    let mut decoded = Vec::new();
    for token in Tokenizer::new(candidate) {
        let Ok(token) = token;
        if let Token::String(string) = token {
            decoded.extend_from_slice(&string.value);
        }
    }
    String::from_utf8(decoded).unwrap_or_else(|_| candidate.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Strips `html` and checks the map: returns the text.
    fn strip(html: &str) -> (String, crate::OffsetMap) {
        let (edits, _) = strip_markup(html);
        let (text, map) = edits.apply(html);
        map.check_invariants();
        (text, map)
    }

    #[test]
    fn sniffs_documents_and_fragments_that_start_with_markup() {
        for html in [
            "<!DOCTYPE html>\n<html><body><p>Article 10</p>",
            "  <html lang=\"en\">",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\">",
            "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\">",
            "<!-- saved from url=(0042) -->\n<HTML>",
            "<p>Article 10</p>",
            "\u{FEFF}<div class=treaty>",
        ] {
            assert!(looks_like_html(html), "{html}");
        }
        for text in [
            "Article 10\n<p> is a tag",
            "<abbr>",
            "<pre",
            "<!-- a comment and then text",
            "&Ạỗ",
            "",
        ] {
            assert!(!looks_like_html(text), "{text}");
        }
    }

    #[test]
    fn tags_go_blocks_break_lines_and_spans_stay_in_the_file() {
        let html = "<html><head><title>Canada - Denmark</title><style>p { margin: 0 }</style></head>\n<body>\n<h2>Article 10</h2>\n<p>2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax so charged shall not exceed:</p>\n<p>(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company (other than a partnership) which holds directly at least 10 per cent of the capital;</p></body></html>";
        let (text, map) = strip(html);
        assert_eq!(
            text,
            "\nArticle 10\n\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax so charged shall not exceed:\n\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company (other than a partnership) which holds directly at least 10 per cent of the capital;\n"
        );
        for needle in ["Article 10", "5 per cent", "10 per cent", "(other than"] {
            let start = text.find(needle).unwrap();
            let span = map.span_to_original(start..start + needle.len());
            assert_eq!(&html[span], needle);
        }
    }

    #[test]
    fn references_decode_and_map_to_their_source() {
        let html = "<p>Canada&#8217;s tax &amp; Denmark&rsquo;s tax: 15&nbsp;per&#x20;cent, &copy2024, AT&T, &notit; &#59;;</p>";
        let (text, map) = strip(html);
        assert_eq!(
            text,
            "\nCanada’s tax & Denmark’s tax: 15\u{A0}per cent, ©2024, AT&T, ¬it; ;;\n"
        );
        for (decoded, source) in [
            ("’", "&#8217;"),
            ("&", "&amp;"),
            ("\u{A0}", "&nbsp;"),
            ("©", "&copy"),
            ("¬", "&not"),
        ] {
            let start = text.find(decoded).unwrap();
            let span = map.span_to_original(start..start + decoded.len());
            assert_eq!(&html[span], source, "{decoded}");
        }
        let start = text.find("15\u{A0}per cent").unwrap();
        let span = map.span_to_original(start..start + "15\u{A0}per cent".len());
        assert_eq!(&html[span], "15&nbsp;per&#x20;cent");
        let semicolons = text.find(";;").unwrap();
        assert_eq!(
            &html[map.span_to_original(semicolons..semicolons + 2)],
            "&#59;;"
        );
    }

    #[test]
    fn preformatted_text_keeps_its_line_breaks_and_running_text_does_not() {
        let (text, _) = strip("<p>one\r\ntwo\nthree</p><pre>a\nb</pre><p>x<br>y<br/>z</p>");
        assert_eq!(text, "\none two three\n\na\nb\n\nx\ny\nz\n");
    }

    #[test]
    fn hidden_elements_and_comments_go_with_their_content() {
        let (text, _) = strip(
            "<script>if (a < b) { document.write(\"<p>no</p>\"); }</script><!-- <p>no</p> --><noscript><p>no</p></noscript><p>yes<template><p>no</p></template></p><svg><text>no</text></svg>",
        );
        assert_eq!(text, "\nyes\n");
    }

    #[test]
    fn table_cells_are_separated_and_rows_are_lines() {
        let (text, _) = strip(
            "<table><tr><td>FOR THE GOVERNMENT</td><td>FOR THE GOVERNMENT</td></tr>\n<tr><td>OF CANADA:</td><td>OF THE KINGDOM OF DENMARK:</td></tr></table>",
        );
        assert_eq!(
            text,
            "\n\nFOR THE GOVERNMENT\tFOR THE GOVERNMENT\t\n\nOF CANADA:\tOF THE KINGDOM OF DENMARK:\t\n\n"
        );
    }

    #[test]
    fn broken_markup_never_panics_and_keeps_a_sound_map() {
        for html in [
            "<p",
            "<p>unclosed &am",
            "<p>&",
            "</p></p></p>",
            "<p>a<!-- unclosed",
            "<p title='x>y'>z</p>",
            "<script>never closed",
            "<p>\u{0}\u{FFFD}é&#0;&#xD800;&#1114112;</p>",
            "<<<>>>",
        ] {
            let (text, map) = strip(html);
            assert_eq!(map.text_len(), text.len());
        }
    }
}
