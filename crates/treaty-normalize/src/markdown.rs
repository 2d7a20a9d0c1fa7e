//! Markdown read as text: markup removed as edits, so offsets still point into the `.md` file.
//!
//! PDF-to-Markdown converters and web exports leave treaties as Markdown. Read as plain text,
//! `## Article 5`, `- 1. The term` and `**Article 10**` put characters before the headings
//! and paragraph numbers that every later stage looks for at a line start. This pass removes,
//! line by line:
//!
//! - heading markers (`#` to `######`, and the closing `#`s), block quotes (`>`), list bullets
//!   (`-`, `*`, `+` before a space), so what follows starts the line;
//! - setext underlines (`===`, `---`) and thematic breaks (`***`, `___`);
//! - HTML comments (`<!-- image -->`, over several lines too) and inline HTML tags;
//! - images (`![alt](url)`, with `data:` URIs of any length), whole;
//! - link syntax (`[text](url)` keeps `text`; `<https://...>` autolinks keep the address);
//! - emphasis and code markers (`**`, `__`, `*`, `_` around words, backticks), backslash
//!   escapes;
//! - table pipes (cells end with a tab, as HTML tables do) and the `|---|` delimiter rows.
//!
//! Ordinary text is never rewritten: a `*` or `_` that does not open or close emphasis, a
//! `[` without a `](` after it (`[Compare: OECD Model | UN Model]`), and `|` outside a table
//! row stay as they are. Every change is an edit of the decoded text, so the pass map composes
//! with the decoding map.

use std::ops::Range;

use crate::edits::Edits;

/// The edits that turn Markdown `text` into the text a reader sees, and how many pieces of
/// markup they remove.
pub(crate) fn strip_markdown(text: &str) -> (Edits, u64) {
    let mut stripper = Stripper {
        edits: Edits::default(),
        count: 0,
        in_comment: false,
    };
    let mut line_start = 0;
    while line_start < text.len() {
        let line_end = memchr::memchr(b'\n', &text.as_bytes()[line_start..])
            .map_or(text.len(), |i| line_start + i);
        stripper.line(text, line_start, line_end);
        line_start = line_end + 1;
    }
    (stripper.edits, stripper.count)
}

struct Stripper {
    edits: Edits,
    count: u64,
    /// Inside an HTML comment opened on an earlier line.
    in_comment: bool,
}

impl Stripper {
    fn delete(&mut self, start: usize, end: usize) {
        if start < end {
            self.edits.delete(start..end);
            self.count += 1;
        }
    }

    fn line(&mut self, text: &str, start: usize, end: usize) {
        let line = text[start..end].trim_end_matches('\r');
        let end = start + line.len();
        let cursor;
        if self.in_comment {
            match line.find("-->") {
                Some(close) => {
                    self.delete(start, start + close + 3);
                    self.in_comment = false;
                    cursor = start + close + 3;
                }
                None => {
                    self.delete(start, end);
                    return;
                }
            }
        } else {
            let trimmed = line.trim();
            if is_rule_line(trimmed) || is_table_delimiter(trimmed) {
                // The line goes with its line break, so no empty line is left.
                let with_break = text[start..]
                    .find('\n')
                    .map_or(text.len(), |i| start + i + 1);
                self.delete(start, with_break);
                return;
            }
            let (content, closing) = self.block_markers(text, start, end);
            self.inline(text, content, closing.start);
            self.delete(closing.start, closing.end);
            return;
        }
        self.inline(text, cursor, end);
    }

    /// Removes the heading, quote and bullet markers at the line start; returns where the
    /// content starts and the closing hashes of a heading (an empty range at the line end
    /// when there are none), which the caller removes after the content's own edits.
    fn block_markers(&mut self, text: &str, start: usize, end: usize) -> (usize, Range<usize>) {
        let bytes = text.as_bytes();
        let mut at = start;
        while at < end && (bytes[at] == b' ' || bytes[at] == b'\t') {
            at += 1;
        }
        let indent_end = at;
        let mut closing = end..end;
        loop {
            let rest = &bytes[at..end];
            let hashes = rest.iter().take_while(|&&b| b == b'#').count();
            let marker = if (1..=6).contains(&hashes)
                && rest.get(hashes).is_none_or(|b| *b == b' ' || *b == b'\t')
            {
                hashes
            } else if matches!(rest.first(), Some(b'>'))
                || (matches!(rest.first(), Some(b'-' | b'*' | b'+'))
                    && matches!(rest.get(1), Some(b' ' | b'\t')))
            {
                1
            } else {
                0
            };
            if marker == 0 {
                break;
            }
            let mut next = at + marker;
            while next < end && (bytes[next] == b' ' || bytes[next] == b'\t') {
                next += 1;
            }
            // A heading's closing hashes go too (`## Article 5 ##`).
            if hashes > 0 {
                let content = text[next..end].trim_end();
                let without = content.trim_end_matches('#');
                if without.len() < content.len() && without.ends_with([' ', '\t']) {
                    closing = next + without.trim_end().len()..end;
                }
            }
            at = next;
        }
        // Markers and the indentation before them go in one edit, so the content starts the
        // line.
        if at > indent_end {
            self.delete(start, at);
        }
        (at, closing)
    }

    /// Removes inline markup between `start` and `end` of one line.
    fn inline(&mut self, text: &str, start: usize, end: usize) {
        let bytes = text.as_bytes();
        let table_row = text[start..end].trim_start().starts_with('|');
        let mut at = start;
        while at < end {
            let rest = &text[at..end];
            let byte = bytes[at];
            match byte {
                b'<' if rest.starts_with("<!--") => {
                    if let Some(close) = rest.find("-->") {
                        self.delete(at, at + close + 3);
                        at += close + 3;
                    } else {
                        self.delete(at, end);
                        self.in_comment = true;
                        return;
                    }
                }
                b'<' => {
                    let tag_len = html_tag_len(rest);
                    if tag_len > 0 {
                        let tag = &rest[..tag_len];
                        if tag.starts_with("<http") || tag.starts_with("<mailto:") {
                            self.delete(at, at + 1);
                            self.delete(at + tag_len - 1, at + tag_len);
                        } else {
                            let line_break = tag.eq_ignore_ascii_case("<br>")
                                || tag.eq_ignore_ascii_case("<br/>")
                                || tag.eq_ignore_ascii_case("<br />");
                            self.edits
                                .replace(at..at + tag_len, if line_break { "\n" } else { "" });
                            self.count += 1;
                        }
                        at += tag_len;
                    } else {
                        at += 1;
                    }
                }
                b'!' if rest.starts_with("![") => match link_parts(&rest[1..]) {
                    Some((_, total)) => {
                        self.delete(at, at + 1 + total);
                        at += 1 + total;
                    }
                    None => at += 1,
                },
                b'[' => match link_parts(rest) {
                    Some((label_end, total)) => {
                        self.delete(at, at + 1);
                        self.delete(at + label_end, at + total);
                        // The label may hold emphasis of its own.
                        self.inline(text, at + 1, at + label_end);
                        at += total;
                    }
                    None => at += 1,
                },
                b'\\' if rest.len() > 1 && rest.as_bytes()[1].is_ascii_punctuation() => {
                    self.delete(at, at + 1);
                    at += 2;
                }
                b'`' => {
                    let run = rest.bytes().take_while(|&b| b == b'`').count();
                    self.delete(at, at + run);
                    at += run;
                }
                b'*' | b'_' => {
                    let run = rest.bytes().take_while(|&b| b == byte).count();
                    if is_emphasis_marker(text, at, at + run, start, end) {
                        self.delete(at, at + run);
                    }
                    at += run;
                }
                b'|' if table_row => {
                    let first = text[start..at].trim().is_empty();
                    let last = text[at + 1..end].trim().is_empty();
                    // Spaces around the pipe go with it; a cell ends with a tab.
                    let mut from = at;
                    while from > start && bytes[from - 1] == b' ' {
                        from -= 1;
                    }
                    let mut to = at + 1;
                    while to < end && bytes[to] == b' ' {
                        to += 1;
                    }
                    if first {
                        self.delete(start, to);
                    } else if last {
                        self.delete(from, end);
                    } else {
                        self.edits.replace(from..to, "\t");
                        self.count += 1;
                    }
                    at = to;
                }
                _ => {
                    at += rest.chars().next().map_or(1, char::len_utf8);
                }
            }
        }
    }
}

/// `***`, `---`, `___` (three or more, spaces allowed) or a setext underline `===`.
fn is_rule_line(line: &str) -> bool {
    let compact: Vec<u8> = line.bytes().filter(|b| *b != b' ' && *b != b'\t').collect();
    compact.len() >= 3
        && (compact.iter().all(|b| *b == b'*')
            || compact.iter().all(|b| *b == b'-')
            || compact.iter().all(|b| *b == b'_')
            || compact.iter().all(|b| *b == b'='))
}

/// A table's delimiter row: `|---|:--:|`.
fn is_table_delimiter(line: &str) -> bool {
    line.contains('|')
        && line.contains('-')
        && line
            .bytes()
            .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t'))
}

/// Length of an HTML tag at the start of `rest` (`<sup>`, `</p>`, `<br/>`,
/// `<https://...>`), or 0 when it is not one (`<` in text: `a < b`).
fn html_tag_len(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let starts_tag = matches!(bytes.get(1), Some(b) if b.is_ascii_alphabetic() || *b == b'/');
    if !starts_tag {
        return 0;
    }
    match rest.find(['>', '\n']) {
        Some(close) if bytes[close] == b'>' && close <= 2048 => close + 1,
        _ => 0,
    }
}

/// For `[label](target)` at the start of `rest`: where the label ends (the `]`) and the length
/// of the whole. Labels and targets stay on one line; targets may be long (`data:` URIs).
fn link_parts(rest: &str) -> Option<(usize, usize)> {
    let bytes = rest.as_bytes();
    let mut depth = 0usize;
    let mut label_end = None;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    label_end = Some(i);
                    break;
                }
            }
            b'\n' => return None,
            _ => {}
        }
    }
    let label_end = label_end?;
    if bytes.get(label_end + 1) != Some(&b'(') {
        return None;
    }
    let target = &rest[label_end + 2..];
    let close = target.find([')', '\n'])?;
    (target.as_bytes()[close] == b')').then_some((label_end, label_end + 2 + close + 1))
}

/// Whether the run of `*` or `_` at `run_start..run_end` opens or closes emphasis: it touches
/// a word on one side and white space or the line's edge on the other, and another such run
/// of the same character is on the line.
fn is_emphasis_marker(
    text: &str,
    run_start: usize,
    run_end: usize,
    line_start: usize,
    line_end: usize,
) -> bool {
    let before = text[line_start..run_start].chars().next_back();
    let after = text[run_end..line_end].chars().next();
    let word = |c: Option<char>| c.is_some_and(|c| !c.is_whitespace());
    let space = |c: Option<char>| c.is_none_or(|c| c.is_whitespace() || c.is_ascii_punctuation());
    let opens = word(after) && space(before);
    let closes = word(before) && space(after);
    if !(opens || closes) {
        return false;
    }
    let marker = &text[run_start..run_end];
    let line = &text[line_start..line_end];
    line.matches(marker).count() >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(markdown: &str) -> (String, crate::OffsetMap) {
        let (edits, _) = strip_markdown(markdown);
        edits.apply(markdown)
    }

    #[test]
    fn headings_bullets_and_quotes_leave_their_content_at_the_line_start() {
        let (text, _) = strip("## Article 5\n\n## Permanent establishment\n\n- 1. The term\n  - (a) a place\n> 2. Quoted ##\n");
        assert_eq!(
            text,
            "Article 5\n\nPermanent establishment\n\n1. The term\n(a) a place\n2. Quoted ##\n"
        );
    }

    #[test]
    fn comments_images_and_links_go_and_spans_stay_in_the_file() {
        let source = "<!-- image -->\nText ![Image](data:image/png;base64,iVBORw0KGgo=) and [the Model](https://x.org/m) <!-- a\nlong note -->here.\n";
        let (text, map) = strip(source);
        // A comment over two lines leaves the line break between them.
        assert_eq!(text, "\nText  and the Model \nhere.\n");
        let at = text.find("Model").unwrap();
        let span = map.span_to_original(at..at + 5);
        assert_eq!(&source[span], "Model");
        let here = text.find("here").unwrap();
        assert_eq!(&source[map.span_to_original(here..here + 4)], "here");
    }

    #[test]
    fn emphasis_goes_but_ordinary_stars_and_brackets_stay() {
        let (text, _) = strip(
            "**Article 10** *Dividends* under_score 5 * 3\n[Compare: OECD Model | UN Model]\n",
        );
        assert_eq!(
            text,
            "Article 10 Dividends under_score 5 * 3\n[Compare: OECD Model | UN Model]\n"
        );
    }

    #[test]
    fn tables_become_tab_separated_lines() {
        let (text, _) = strip("| Article | Rate |\n|---|---:|\n| 10 | 15 per cent |\n");
        assert_eq!(text, "Article\tRate\n10\t15 per cent\n");
    }

    #[test]
    fn broken_markup_never_panics_and_keeps_a_sound_map() {
        for source in [
            "<!-- never closed\nArticle 1",
            "![x](",
            "[a](b",
            "**",
            "# ",
            "|",
            "- ",
            "\\",
            "<a",
            "é*é*",
            "## Article 1 #\r\n",
        ] {
            let (text, map) = strip(source);
            assert!(text.len() <= source.len(), "{source:?}");
            let span = map.span_to_original(0..text.len());
            assert!(span.end <= source.len());
        }
    }
}
