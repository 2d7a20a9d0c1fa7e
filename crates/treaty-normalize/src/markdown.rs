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
//!
//! Each line is read in time linear in its length, whatever it holds: what a `[` or a `<`
//! needs to know about the rest of the line (the `]` that closes it, the next `)` or `>`) and
//! how many runs of `*` and `_` a line has are found once per line, not looked for again at
//! every bracket or star. The map keeps one segment or two per edit, so the pass bounds its
//! edits: markup denser than one piece per [`EDIT_BYTES`] bytes over a long stretch
//! (`\*\*\*...`) is removed in merged edits (see [`Sink`]).

use std::ops::Range;

use crate::edits::Edits;

/// Input bytes that pay for one edit of its own; see [`Sink`]. An edit costs its map about
/// 80 bytes (two segments) and the edit list 32, so 256 keeps both under half a byte per
/// input byte however dense the markup (32 let 16 MB of escapes take 245 MB).
const EDIT_BYTES: usize = 256;

/// How many edits of their own the pass may make beyond one per [`EDIT_BYTES`] bytes.
const EDIT_BURST: usize = 4096;

/// How deep links inside a link's label are read (CommonMark allows none); deeper, a `[` is
/// text. Each level reads its label again, so the depth bounds the work per byte.
const MAX_LABEL_DEPTH: usize = 4;

/// The longest an HTML tag may be before its `>`.
const MAX_TAG: usize = 2048;

/// The edits that turn Markdown `text` into the text a reader sees, and how many pieces of
/// markup they remove.
pub(crate) fn strip_markdown(text: &str) -> (Edits, u64) {
    let stripper = read(text);
    (stripper.sink.finish(), stripper.count)
}

fn read(text: &str) -> Stripper<'_> {
    let mut stripper = Stripper {
        text,
        sink: Sink::default(),
        count: 0,
        in_comment: false,
    };
    let mut line_start = 0;
    while line_start < text.len() {
        let line_end = memchr::memchr(b'\n', &text.as_bytes()[line_start..])
            .map_or(text.len(), |i| line_start + i);
        stripper.line(line_start, line_end);
        line_start = line_end + 1;
    }
    stripper
}

/// The pass's edits, with a bound on how many stay apart.
///
/// Every edit costs the map a segment or two, and every map composed with it as many again,
/// so markup as dense as `\*\*\*...` (an edit per two bytes) would cost some hundred bytes of
/// memory per byte of input. An edit stays apart (its text maps exactly) while the budget
/// lasts: [`EDIT_BURST`] edits, plus one per [`EDIT_BYTES`] bytes of input read. Past it, an
/// edit is merged with the one before: the text between them goes into the replacement, so
/// the output is the same and only the map is coarser there. A treaty in Markdown (a few
/// hundred edits in 50 KB) never comes near the bound.
struct Sink {
    edits: Edits,
    /// The last edit, not yet recorded: the next one may be merged with it.
    pending: Option<Range<usize>>,
    /// Its replacement.
    with: String,
    /// The budget, in bytes of input: an edit of its own costs [`EDIT_BYTES`].
    credit: usize,
    /// How many edits were recorded.
    kept: usize,
}

impl Default for Sink {
    fn default() -> Self {
        Sink {
            edits: Edits::default(),
            pending: None,
            with: String::new(),
            credit: EDIT_BURST * EDIT_BYTES,
            kept: 0,
        }
    }
}

impl Sink {
    /// Where the last edit ends (0 before the first).
    fn end(&self) -> usize {
        self.pending.as_ref().map_or(0, |pending| pending.end)
    }

    /// Replaces `range` of `text` with `with`; edits come in text order, without overlap.
    fn replace(&mut self, text: &str, range: Range<usize>, with: &str) {
        let last_end = self.end();
        // `Edits::apply_into` would skip such an edit; it is a bug of the pass.
        debug_assert!(range.start >= last_end, "edit {range:?} before {last_end}");
        if range.start < last_end {
            return;
        }
        self.credit = (self.credit + (range.end - last_end)).min(EDIT_BURST * EDIT_BYTES);
        match &mut self.pending {
            Some(pending) if self.credit < EDIT_BYTES => {
                self.with.push_str(&text[pending.end..range.start]);
                self.with.push_str(with);
                pending.end = range.end;
            }
            _ => {
                self.flush();
                self.pending = Some(range);
                self.with.push_str(with);
                self.credit -= EDIT_BYTES.min(self.credit);
            }
        }
    }

    fn flush(&mut self) {
        if let Some(pending) = self.pending.take() {
            self.edits.replace(pending, &self.with);
            self.with.clear();
            self.kept += 1;
        }
    }

    /// How many edits the pass makes.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.kept + usize::from(self.pending.is_some())
    }

    fn finish(mut self) -> Edits {
        self.flush();
        self.edits
    }
}

struct Stripper<'t> {
    text: &'t str,
    sink: Sink,
    count: u64,
    /// Inside an HTML comment opened on an earlier line.
    in_comment: bool,
}

impl Stripper<'_> {
    fn delete(&mut self, start: usize, end: usize) {
        if start < end {
            self.sink.replace(self.text, start..end, "");
            self.count += 1;
        }
    }

    fn replace(&mut self, range: Range<usize>, with: &str) {
        self.sink.replace(self.text, range, with);
        self.count += 1;
    }

    fn line(&mut self, start: usize, end: usize) {
        let text = self.text;
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
            let (content, closing) = self.block_markers(start, end);
            let mut index = LineIndex::new(text, start, end);
            self.inline(&mut index, content, closing.start, 0);
            self.delete(closing.start, closing.end);
            return;
        }
        let mut index = LineIndex::new(text, start, end);
        self.inline(&mut index, cursor, end, 0);
    }

    /// Removes the heading, quote and bullet markers at the line start; returns where the
    /// content starts and the closing hashes of a heading (an empty range at the line end
    /// when there are none), which the caller removes after the content's own edits.
    fn block_markers(&mut self, start: usize, end: usize) -> (usize, Range<usize>) {
        let text = self.text;
        let bytes = text.as_bytes();
        let mut at = start;
        while at < end && (bytes[at] == b' ' || bytes[at] == b'\t') {
            at += 1;
        }
        let indent_end = at;
        let mut closing = end..end;
        // Read when a heading marker first needs it, once per line.
        let mut tail: Option<Tail> = None;
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
                let tail = tail.get_or_insert_with(|| Tail::of(text, start, end));
                if let Some(closing_start) = tail.closing(bytes, next) {
                    closing = closing_start..end;
                }
            }
            at = next;
        }
        // Markers may run into the closing hashes of a line of nothing else (`# # ##`: the
        // second `#` and the `##` read as markers too); the line is then an empty heading.
        closing.start = closing.start.max(at);
        // Markers and the indentation before them go in one edit, so the content starts the
        // line.
        if at > indent_end {
            self.delete(start, at);
        }
        (at, closing)
    }

    /// Removes inline markup between `start` and `end` of one line; `depth` is how many link
    /// labels the range is inside.
    fn inline(&mut self, index: &mut LineIndex, start: usize, end: usize, depth: usize) {
        let text = self.text;
        let bytes = text.as_bytes();
        let table_row = text[start..end].trim_start().starts_with('|');
        // Counted when a star or underscore first needs them.
        let mut runs: Option<Runs> = None;
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
                b'<' => at = self.tag(index, at, end),
                b'!' if rest.starts_with("![") => match index.link(at + 1, end) {
                    Some((_, link_end)) => {
                        self.delete(at, link_end);
                        at = link_end;
                    }
                    None => at += 1,
                },
                b'[' if depth < MAX_LABEL_DEPTH => match index.link(at, end) {
                    Some((label_end, link_end)) => {
                        self.delete(at, at + 1);
                        // The label may hold emphasis of its own, removed before the target
                        // so that the edits stay in text order.
                        self.inline(index, at + 1, label_end, depth + 1);
                        self.delete(label_end, link_end);
                        at = link_end;
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
                    if flanks_a_word(text, at, at + run, start, end)
                        && runs
                            .get_or_insert_with(|| Runs::of(&bytes[start..end]))
                            .another(byte, run)
                    {
                        self.delete(at, at + run);
                    }
                    at += run;
                }
                b'|' if table_row => at = self.pipe(start, at, end),
                _ => {
                    at += rest.chars().next().map_or(1, char::len_utf8);
                }
            }
        }
    }

    /// An HTML tag or autolink at `at` (a `<` before `end`): removes it and returns where
    /// reading goes on.
    fn tag(&mut self, index: &mut LineIndex, at: usize, end: usize) -> usize {
        let tag_len = index.tag_len(self.text, at, end);
        if tag_len == 0 {
            return at + 1;
        }
        let tag = &self.text[at..at + tag_len];
        if tag.starts_with("<http") || tag.starts_with("<mailto:") {
            self.delete(at, at + 1);
            self.delete(at + tag_len - 1, at + tag_len);
        } else {
            let line_break = tag.eq_ignore_ascii_case("<br>")
                || tag.eq_ignore_ascii_case("<br/>")
                || tag.eq_ignore_ascii_case("<br />");
            self.replace(at..at + tag_len, if line_break { "\n" } else { "" });
        }
        at + tag_len
    }

    /// A table row's pipe at `at`: removed with the spaces around it (a cell ends with a
    /// tab); returns where reading goes on.
    fn pipe(&mut self, start: usize, at: usize, end: usize) -> usize {
        let text = self.text;
        let bytes = text.as_bytes();
        // Read from the pipe outwards, only as far as the white space next to it goes (not
        // to the line's far end at every pipe).
        let first = text[start..at].trim_end().is_empty();
        let last = text[at + 1..end].trim_start().is_empty();
        // The spaces before it, but not those the pipe before took (`| |`).
        let floor = start.max(self.sink.end());
        let mut from = at;
        while from > floor && bytes[from - 1] == b' ' {
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
            self.replace(from..to, "\t");
        }
        to
    }
}

/// The end of a line as a heading's closing hashes need it: where the line ends without its
/// trailing white space, where the hashes before that end start, and where the text before
/// those hashes ends without its white space (`## Article 5 ##  `).
struct Tail {
    trimmed_end: usize,
    hashes: usize,
    text_end: usize,
}

impl Tail {
    fn of(text: &str, start: usize, end: usize) -> Tail {
        let trimmed_end = start + text[start..end].trim_end().len();
        let hashes = start + text[start..trimmed_end].trim_end_matches('#').len();
        let text_end = start + text[start..hashes].trim_end().len();
        Tail {
            trimmed_end,
            hashes,
            text_end,
        }
    }

    /// Where the closing hashes (with the white space before them) start, for a heading whose
    /// text starts at `next`: at least one `#` after a space or tab, after the text's start.
    /// The same as reading `text[next..end]` from its end, without reading it again for
    /// every marker of a line of markers (`# # # ...`).
    fn closing(&self, bytes: &[u8], next: usize) -> Option<usize> {
        (self.hashes < self.trimmed_end
            && self.hashes > next
            && matches!(bytes[self.hashes - 1], b' ' | b'\t'))
        .then_some(self.text_end.max(next))
    }
}

/// What the inline markup of one line needs to know about the rest of the line, found once
/// per line so that no `[` or `<` reads the line to its end again.
struct LineIndex {
    /// Where the line starts in the text; the offsets below are relative to it.
    start: usize,
    /// Where the line ends.
    end: usize,
    /// The `[`s whose matching `]` has a `(` right after it, by position.
    links: Vec<LinkIndex>,
    /// The first `>` at or after `gt_from` (the line's end when there is none): tags are
    /// looked up in text order, so the line is read once for all of them.
    gt_from: usize,
    gt: usize,
}

/// A `[` (`open`), its matching `]` (`close`, followed by `(`) and the first `)` after that
/// (`paren`; the line's length when there is none), relative to the line start.
#[derive(Clone, Copy)]
struct LinkIndex {
    open: u32,
    close: u32,
    paren: u32,
}

impl LineIndex {
    fn new(text: &str, start: usize, end: usize) -> LineIndex {
        let line = &text.as_bytes()[start..end];
        let links = if memchr::memchr(b'[', line).is_some() {
            link_index(line)
        } else {
            Vec::new()
        };
        LineIndex {
            start,
            end,
            links,
            // Nothing looked up yet.
            gt_from: usize::MAX,
            gt: 0,
        }
    }

    /// For `[label](target)` with its `[` at `open`, inside a range of the line that ends at
    /// `end`: where the label ends (the `]`) and where the whole ends. Labels and targets
    /// stay in the range; targets may be long (`data:` URIs).
    fn link(&self, open: usize, end: usize) -> Option<(usize, usize)> {
        let relative = u32::try_from(open - self.start).ok()?;
        let found = self
            .links
            .binary_search_by_key(&relative, |link| link.open)
            .ok()?;
        let link = self.links[found];
        let close = self.start + link.close as usize;
        let paren = self.start + link.paren as usize;
        // The `(` after the `]` and the `)` must be in the range too.
        (close + 1 < end && paren < end).then_some((close, paren + 1))
    }

    /// Length of an HTML tag at `at` (`<sup>`, `</p>`, `<br/>`, `<https://...>`) in a range
    /// of the line that ends at `end`, or 0 when it is not one (`<` in text: `a < b`).
    fn tag_len(&mut self, text: &str, at: usize, end: usize) -> usize {
        let bytes = text.as_bytes();
        let starts_tag =
            at + 1 < end && (bytes[at + 1].is_ascii_alphabetic() || bytes[at + 1] == b'/');
        if !starts_tag {
            return 0;
        }
        if !(self.gt_from <= at && at <= self.gt) {
            self.gt_from = at;
            self.gt = memchr::memchr(b'>', &bytes[at..self.end]).map_or(self.end, |i| at + i);
        }
        if self.gt < end && self.gt - at <= MAX_TAG {
            self.gt - at + 1
        } else {
            0
        }
    }
}

/// The links of a line (its bytes): each `[` whose matching `]` is followed by `(`, with the
/// first `)` after that, by position of the `[`. A `]` matches the last `[` before it that no
/// other `]` matched, as reading on from the `[` and counting brackets finds it.
fn link_index(line: &[u8]) -> Vec<LinkIndex> {
    let Ok(len) = u32::try_from(line.len()) else {
        // Longer than any input is allowed to be: read without links.
        return Vec::new();
    };
    let mut open: Vec<u32> = Vec::new();
    let mut links = Vec::new();
    for (at, &byte) in (0..len).zip(line) {
        match byte {
            b'[' => open.push(at),
            b']' => {
                if let Some(start) = open.pop() {
                    if line.get(at as usize + 1) == Some(&b'(') {
                        links.push(LinkIndex {
                            open: start,
                            close: at,
                            paren: len,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    // The links come in the order of their `]`, so one pass forward finds each `)`.
    let mut paren = 0;
    for link in &mut links {
        let from = link.close as usize + 2;
        if paren < from {
            paren = memchr::memchr(b')', &line[from..]).map_or(line.len(), |i| from + i);
        }
        link.paren = paren as u32;
    }
    links.sort_unstable_by_key(|link| link.open);
    links
}

/// The longest and second longest runs of `*` and of `_` in a range of a line.
struct Runs {
    star: (usize, usize),
    underscore: (usize, usize),
}

impl Runs {
    fn of(bytes: &[u8]) -> Runs {
        let mut runs = Runs {
            star: (0, 0),
            underscore: (0, 0),
        };
        let mut at = 0;
        while at < bytes.len() {
            let byte = bytes[at];
            let len = bytes[at..].iter().take_while(|&&b| b == byte).count();
            let longest = match byte {
                b'*' => &mut runs.star,
                b'_' => &mut runs.underscore,
                _ => {
                    at += len;
                    continue;
                }
            };
            if len > longest.0 {
                *longest = (len, longest.0);
            } else if len > longest.1 {
                longest.1 = len;
            }
            at += len;
        }
        runs
    }

    /// Whether the range holds the marker `byte` repeated `len` times at least twice
    /// (counted without overlap, as `str::matches` counts): two runs that long, or one twice
    /// that long.
    fn another(&self, byte: u8, len: usize) -> bool {
        let (longest, second) = if byte == b'*' {
            self.star
        } else {
            self.underscore
        };
        longest >= 2 * len || second >= len
    }
}

/// `***`, `---`, `___` (three or more, spaces allowed) or a setext underline `===`.
fn is_rule_line(line: &str) -> bool {
    let mut marks = line.bytes().filter(|b| *b != b' ' && *b != b'\t');
    let Some(mark) = marks.next() else {
        return false;
    };
    let mut count = 1;
    matches!(mark, b'*' | b'-' | b'_' | b'=')
        && marks.all(|b| {
            count += 1;
            b == mark
        })
        && count >= 3
}

/// A table's delimiter row: `|---|:--:|`.
fn is_table_delimiter(line: &str) -> bool {
    line.contains('|')
        && line.contains('-')
        && line
            .bytes()
            .all(|b| matches!(b, b'|' | b'-' | b':' | b' ' | b'\t'))
}

/// Whether the run of `*` or `_` at `run_start..run_end` may open or close emphasis: it
/// touches a word on one side and white space or the range's edge on the other. It does when
/// another such run of the same character is in the range too ([`Runs::another`]).
fn flanks_a_word(
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
    opens || closes
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

    #[test]
    fn a_line_of_heading_markers_alone_is_an_empty_heading() {
        // The second `#` and the closing `##` read as markers too: the closing hashes were
        // found before the content started, and slicing between them panicked.
        for source in ["# # ##", "# # ##\n", "## # ###  \r\n", "# > ##", "#\t#\t#"] {
            let (text, map) = strip(source);
            assert_eq!(text.trim_end(), "", "{source:?}");
            map.check_invariants();
        }
        let (text, _) = strip("# # ##\n## Article 5 ##\n# Dividends #\n");
        assert_eq!(text, "\nArticle 5\nDividends\n");
    }

    #[test]
    fn a_link_label_loses_its_emphasis_and_the_edits_stay_in_order() {
        // The label's edits came after the target's, which `Edits::apply_into` skips (and a
        // debug build stops at).
        let source = "see [**Article 5** and *b*](https://x.org) or [[a](b)](c)";
        let (text, map) = strip(source);
        assert_eq!(text, "see Article 5 and b or a");
        map.check_invariants();
        let at = text.find("Article 5").unwrap();
        assert_eq!(&source[map.span_to_original(at..at + 9)], "Article 5");
    }

    #[test]
    fn empty_table_cells_do_not_overlap_the_pipe_before() {
        for (source, expected) in [("| |", ""), ("|  |  |", "\t"), ("| a | | b |", "a\t\tb")] {
            let (text, map) = strip(source);
            assert_eq!(text, expected, "{source:?}");
            map.check_invariants();
        }
    }

    #[test]
    fn dense_markup_keeps_its_text_and_a_bounded_number_of_edits() {
        // `\*` repeated: an edit per two bytes, each a piece of the map and of every map
        // composed with it (16 MB of them took 2.3 GB).
        let escapes = 100_000;
        let source = format!("# Article 1\n{}\n", "\\*".repeat(escapes));
        let stripper = read(&source);
        assert_eq!(stripper.count, escapes as u64 + 1);
        let bound = EDIT_BURST + source.len() / EDIT_BYTES + 1;
        assert!(
            stripper.sink.kept <= bound,
            "{} > {bound}",
            stripper.sink.kept
        );
        let (text, map) = strip(&source);
        assert_eq!(text, format!("Article 1\n{}\n", "*".repeat(escapes)));
        map.check_invariants();
        // Within the allowance, every star still maps to its own byte.
        assert_eq!(&source[map.span_to_original(10..11)], "*");
        assert_eq!(map.to_original(10), 13);
        assert_eq!(map.to_original(1000), 12 + 2 * 990 + 1);
        // The edit list holds the text the merged edits keep (the stars, half the input) and
        // 32 bytes per edit, with room to grow of as much again: nothing per byte beyond.
        let bound = 2 * (source.len() / 2 + 32 * stripper.sink.len());
        let edits = stripper.sink.finish();
        assert!(
            edits.heap_bytes() <= bound,
            "{} bytes of edits for {} of input",
            edits.heap_bytes(),
            source.len()
        );
        // Ordinary Markdown keeps every edit apart: the map is exact.
        let ordinary = "## Article 10\n\n**Dividends** [a](b) `c` \\* <br>\n".repeat(200);
        let stripper = read(&ordinary);
        assert_eq!(stripper.sink.len() as u64, stripper.count);
    }

    /// How `[` found its link before: reading on to the `]` that closes it, then to the `)`.
    fn link_by_reading_on(rest: &str) -> Option<(usize, usize)> {
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
                _ => {}
            }
        }
        let label_end = label_end?;
        if bytes.get(label_end + 1) != Some(&b'(') {
            return None;
        }
        let close = rest[label_end + 2..].find(')')?;
        Some((label_end, label_end + 2 + close + 1))
    }

    /// Every string of `alphabet` up to `max` bytes long.
    fn all_strings(alphabet: &[u8], max: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..max {
            last = last
                .iter()
                .flat_map(|s| alphabet.iter().map(move |&b| format!("{s}{}", b as char)))
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    #[test]
    fn the_line_index_finds_the_links_that_reading_on_finds() {
        // Each `[`, for every end of its range, looked up in text order as `inline` does,
        // and inside a line that starts elsewhere in the text.
        for line in all_strings(b"[]()a", 7) {
            let text = format!("x\n{line}");
            let index = LineIndex::new(&text, 2, text.len());
            for (open, _) in text.match_indices('[') {
                for end in open + 1..=text.len() {
                    let expected = link_by_reading_on(&text[open..end])
                        .map(|(label, total)| (open + label, open + total));
                    assert_eq!(index.link(open, end), expected, "{line:?} {open} {end}");
                }
            }
        }
    }

    #[test]
    fn the_line_index_finds_the_tags_that_reading_on_finds() {
        let by_reading_on = |rest: &str| {
            let starts =
                matches!(rest.as_bytes().get(1), Some(b) if b.is_ascii_alphabetic() || *b == b'/');
            match rest.find('>') {
                Some(close) if starts && close <= MAX_TAG => close + 1,
                _ => 0,
            }
        };
        for line in all_strings(b"<a>/ ", 7) {
            let mut index = LineIndex::new(&line, 0, line.len());
            // In text order (the look-up `inline` makes), then backwards.
            let starts: Vec<usize> = line.match_indices('<').map(|(at, _)| at).collect();
            for &at in starts.iter().chain(starts.iter().rev()) {
                for end in at + 1..=line.len() {
                    let expected = by_reading_on(&line[at..end]);
                    assert_eq!(
                        index.tag_len(&line, at, end),
                        expected,
                        "{line:?} {at} {end}"
                    );
                }
            }
        }
        let long = format!(
            "<a{}> <b{}>",
            "x".repeat(MAX_TAG - 2),
            "x".repeat(MAX_TAG - 1)
        );
        let mut index = LineIndex::new(&long, 0, long.len());
        assert_eq!(index.tag_len(&long, 0, long.len()), MAX_TAG + 1);
        assert_eq!(index.tag_len(&long, MAX_TAG + 2, long.len()), 0);
    }

    #[test]
    fn runs_tell_a_second_marker_as_counting_matches_does() {
        for line in all_strings(b"*_a ", 8) {
            let runs = Runs::of(line.as_bytes());
            for (at, byte) in line
                .bytes()
                .enumerate()
                .filter(|(_, b)| matches!(b, b'*' | b'_'))
            {
                let len = line[at..].bytes().take_while(|&b| b == byte).count();
                let marker = &line[at..at + len];
                let expected = line.matches(marker).count() >= 2;
                assert_eq!(runs.another(byte, len), expected, "{line:?} {at}");
            }
        }
    }

    #[test]
    fn links_nested_in_labels_are_read_to_a_bounded_depth() {
        let depth = 10;
        let source = format!("{}a{}", "[".repeat(depth), "](b)".repeat(depth));
        let (text, map) = strip(&source);
        let kept = depth - MAX_LABEL_DEPTH;
        assert_eq!(
            text,
            format!("{}a{}", "[".repeat(kept), "](b)".repeat(kept))
        );
        map.check_invariants();
    }
}
