//! Markdown read as text: markup removed as edits, so offsets still point into the `.md` file.
//!
//! PDF-to-Markdown converters and web exports leave treaties as Markdown. Read as plain text,
//! `## Article 5`, `- 1. The term` and `**Article 10**` put characters before the headings
//! and paragraph numbers that every later stage looks for at a line start. What is text and
//! what is markup is CommonMark's reading, by `pulldown-cmark`: every byte range it reports
//! as text (with the offsets of its offset iterator) is kept, and what lies between two of
//! them is markup, removed line by line so the text keeps its lines:
//!
//! - heading markers and closing `#`s, block quote markers, list bullets (an ordered list's
//!   `1.` is the treaty's paragraph number: it stays);
//! - emphasis, code span and link syntax (a link keeps its label, an autolink its address),
//!   backslash escapes, reference definitions; entities read as their characters;
//! - images (`![alt](url)`, with `data:` URIs of any length), whole;
//! - HTML comments and tags, inline or in HTML blocks (a block's text stays; `<br>` is a line
//!   break);
//! - thematic breaks and setext underlines, with their line break.
//!
//! White space between two pieces of text (indentation, trailing spaces) is not markup and
//! stays. Two things are read by line, as CommonMark itself does not read them: table rows
//! (a line starting with `|`: cells end with a tab, as HTML tables do; GitHub's tables would
//! drop the cells past the header's count) and their `|---|` delimiter rows, which go.
//!
//! Every change is an edit of the decoded text, so the pass map composes with the decoding
//! map. The parser reads in time linear in the input; so does everything here. The map keeps
//! one segment or two per edit, so the pass bounds its edits: markup denser than one piece per
//! [`EDIT_BYTES`] bytes over a long stretch (`\*\*\*...`) is removed in merged edits (see
//! [`Sink`]).

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use crate::edits::Edits;

/// Input bytes that pay for one edit of its own; see [`Sink`]. An edit costs its map about
/// 80 bytes (two segments) and the edit list 32, so 256 keeps both under half a byte per
/// input byte however dense the markup (32 let 16 MB of escapes take 245 MB).
const EDIT_BYTES: usize = 256;

/// How many edits of their own the pass may make beyond one per [`EDIT_BYTES`] bytes.
const EDIT_BURST: usize = 4096;

/// The longest an HTML tag in an HTML block may be before its `>`.
const MAX_TAG: usize = 2048;

/// The edits that turn Markdown `text` into the text a reader sees, and how many pieces of
/// markup they remove.
pub(crate) fn strip_markdown(text: &str) -> (Edits, u64) {
    let stripper = read(text);
    (stripper.sink.finish(), stripper.count)
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

/// Reads `text` with the parser and writes the edits: each piece it reads as text is kept,
/// and what lies between two pieces is markup ([`Stripper::markup`]).
fn read(text: &str) -> Stripper<'_> {
    let mut stripper = Stripper::new(text);
    // Whether each open list is ordered; how deep in images (whose alt text goes with them).
    let mut ordered: Vec<bool> = Vec::new();
    let mut in_image = 0usize;
    for (event, range) in Parser::new_ext(text, Options::empty()).into_offset_iter() {
        match event {
            Event::Start(Tag::List(first)) => ordered.push(first.is_some()),
            Event::End(TagEnd::List(_)) => {
                ordered.pop();
            }
            Event::Start(Tag::Image { .. }) => in_image += 1,
            Event::End(TagEnd::Image) => in_image = in_image.saturating_sub(1),
            _ if in_image > 0 => {}
            Event::Start(Tag::Item) if ordered.last() == Some(&true) => {
                stripper.item_number(range.start);
            }
            Event::Text(read) => {
                let same = text.get(range.clone()) == Some(&*read);
                stripper.piece(range, (!same).then_some(&*read));
            }
            Event::Code(_) => stripper.code(range),
            Event::SoftBreak | Event::HardBreak => {
                // A backslash before a line break makes it a hard one: it is markup.
                let backslash = text.as_bytes().get(range.start) == Some(&b'\\');
                stripper.piece(range.start + usize::from(backslash)..range.end, None);
            }
            Event::Html(_) | Event::InlineHtml(_) => stripper.html(range),
            Event::End(TagEnd::HtmlBlock) => stripper.in_comment = false,
            _ => {}
        }
    }
    stripper.finish();
    stripper
}

/// The line the edits have reached.
#[derive(Default)]
struct Line {
    /// Where it ends, before its line break (and a carriage return before that).
    end: usize,
    /// Where the next line starts (the text's length for the last line).
    next: usize,
    /// A thematic break, setext underline or table delimiter row: it goes whole.
    dropped: bool,
    /// Whether it is a table row (its text starts with `|`), once its first text is seen.
    row: Option<bool>,
    /// A table row's text start, and where the last pipe's edit ended.
    content_start: usize,
    pipe_end: usize,
}

struct Stripper<'t> {
    text: &'t str,
    sink: Sink,
    count: u64,
    /// Where the last piece of text ended: what follows, up to the next piece, is markup.
    at: usize,
    line: Line,
    /// Inside an HTML comment that an earlier line of an HTML block opened.
    in_comment: bool,
}

impl<'t> Stripper<'t> {
    fn new(text: &'t str) -> Stripper<'t> {
        let mut stripper = Stripper {
            text,
            sink: Sink::default(),
            count: 0,
            at: 0,
            line: Line::default(),
            in_comment: false,
        };
        stripper.start_line(0);
        stripper
    }

    /// Starts the line at `start`; a line that goes whole goes now.
    fn start_line(&mut self, start: usize) {
        let text = self.text;
        let next =
            memchr::memchr(b'\n', &text.as_bytes()[start..]).map_or(text.len(), |i| start + i + 1);
        let end = start
            + text[start..next]
                .trim_end_matches('\n')
                .trim_end_matches('\r')
                .len();
        let trimmed = text[start..end].trim();
        let dropped = is_rule_line(trimmed) || is_table_delimiter(trimmed);
        self.line = Line {
            end,
            next,
            dropped,
            ..Line::default()
        };
        if dropped && start < text.len() {
            // The line goes with its line break, so no empty line is left.
            self.write(start..next, "");
        }
    }

    /// Moves the line on to the one that holds `at`.
    fn reach(&mut self, at: usize) {
        while at >= self.line.next && self.line.next < self.text.len() {
            self.start_line(self.line.next);
        }
    }

    /// Records an edit: in text order, and none inside a line that goes whole.
    fn edit(&mut self, range: Range<usize>, with: &str) {
        self.reach(range.start);
        if self.line.dropped || range.start < self.sink.end() {
            return;
        }
        self.write(range, with);
    }

    fn write(&mut self, range: Range<usize>, with: &str) {
        self.sink.replace(self.text, range, with);
        self.count += 1;
    }

    /// A piece of text: what lies between it and the piece before is markup; the piece stays,
    /// or becomes `with` (an entity its character).
    fn piece(&mut self, range: Range<usize>, with: Option<&str>) {
        if range.end <= self.at {
            return;
        }
        let start = range.start.max(self.at);
        self.markup(self.at..start);
        match with {
            Some(with) => {
                self.reach(start);
                self.line.row.get_or_insert(false);
                self.edit(start..range.end, with);
            }
            None => self.keep(start..range.end),
        }
        self.at = range.end;
    }

    /// Markup: removed line by line, each part of a line that holds more than white space.
    /// White space after markup at the end of a line is the line's, kept as after text; but
    /// a line of markup alone goes whole, and so do a heading's closing hashes.
    fn markup(&mut self, gap: Range<usize>) {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let mut start = gap.start;
        for part in text[gap.clone()].split('\n') {
            let part_end = start + part.len();
            let mut end = start + part.trim_end_matches('\r').len();
            let content = text[start..end].trim_end();
            if !content.is_empty() {
                let line_end =
                    part_end < gap.end || bytes.get(part_end).is_none_or(|b| *b == b'\n');
                let line_start = start == 0 || bytes[start - 1] == b'\n';
                let closing = content.trim_start().bytes().all(|b| b == b'#');
                if line_end && !line_start && !closing {
                    end = start + content.len();
                }
                self.edit(start..end, "");
            }
            start = part_end + 1;
        }
    }

    /// Text kept as it is, but for the pipes of a table row.
    fn keep(&mut self, range: Range<usize>) {
        let text = self.text;
        let mut start = range.start;
        while start < range.end {
            self.reach(start);
            let end = range.end.min(self.line.next);
            if !self.line.dropped {
                if self.line.row.is_none() {
                    if let Some(first) = text[start..end].find(|c: char| !c.is_whitespace()) {
                        let row = text[start + first..].starts_with('|');
                        self.line.row = Some(row);
                        self.line.content_start = start + first;
                        self.line.pipe_end = start + first;
                    }
                }
                if self.line.row == Some(true) {
                    for pipe in memchr::memchr_iter(b'|', &text.as_bytes()[start..end]) {
                        self.pipe(start + pipe);
                    }
                }
            }
            start = end;
        }
    }

    /// A table row's pipe at `at`: removed with the spaces around it (a cell ends with a tab).
    fn pipe(&mut self, at: usize) {
        let bytes = self.text.as_bytes();
        let Line {
            end,
            content_start,
            pipe_end,
            ..
        } = self.line;
        if at >= end {
            return;
        }
        let last = self.text[at + 1..end].trim_start().is_empty();
        // The spaces before it, but not those the pipe before took (`| |`).
        let floor = pipe_end.max(self.sink.end());
        let mut from = at;
        while from > floor && bytes[from - 1] == b' ' {
            from -= 1;
        }
        let mut to = at + 1;
        while to < end && bytes[to] == b' ' {
            to += 1;
        }
        if at == content_start {
            self.edit(at..to, "");
        } else if last {
            self.edit(from..end, "");
        } else {
            self.edit(from..to, "\t");
        }
        self.line.pipe_end = to;
    }

    /// Keeps an ordered list item's number with its delimiter and the spaces after it
    /// (`1. `): in a treaty it is the paragraph's number.
    fn item_number(&mut self, start: usize) {
        let bytes = self.text.as_bytes();
        let start = start + bytes[start..].iter().take_while(|&&b| b == b' ').count();
        let digits = bytes[start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let delimiter = start + digits;
        if digits == 0 || !matches!(bytes.get(delimiter), Some(b'.' | b')')) {
            return;
        }
        let spaces = bytes[delimiter + 1..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        self.piece(start..delimiter + 1 + spaces, None);
    }

    /// A code span: its text between the backticks, without the one space CommonMark strips
    /// from each side.
    fn code(&mut self, range: Range<usize>) {
        let bytes = self.text.as_bytes();
        let ticks = bytes[range.clone()]
            .iter()
            .take_while(|&&b| b == b'`')
            .count();
        if 2 * ticks > range.len() {
            return;
        }
        let (mut start, mut end) = (range.start + ticks, range.end - ticks);
        let padding = |b: &u8| matches!(b, b' ' | b'\n');
        let body = &bytes[start..end];
        if body.len() >= 2
            && padding(&body[0])
            && padding(&body[body.len() - 1])
            && !body.iter().all(padding)
        {
            start += 1;
            end -= 1;
        }
        self.piece(start..end, None);
    }

    /// Inline HTML, or a line of an HTML block: its comments and tags are markup, `<br>` a
    /// line break, the rest (a block's text) text.
    fn html(&mut self, range: Range<usize>) {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let end = range.end;
        let (mut at, mut text_start) = (range.start, range.start);
        // Where the next `>` is, once looked for: a run of `<` is read once.
        let mut close: Option<usize> = None;
        while at < end {
            if self.in_comment {
                match memchr::memmem::find(&bytes[at..end], b"-->") {
                    Some(i) => {
                        (at, text_start) = (at + i + 3, at + i + 3);
                        self.in_comment = false;
                    }
                    None => return,
                }
                continue;
            }
            if bytes[at] != b'<' {
                at += 1;
                continue;
            }
            if bytes[at..end].starts_with(b"<!--") {
                self.piece(text_start..at, None);
                self.in_comment = true;
                at += 4;
                continue;
            }
            let opens =
                matches!(bytes.get(at + 1), Some(b) if b.is_ascii_alphabetic() || *b == b'/');
            let gt = match close {
                Some(gt) if gt > at => gt,
                _ => *close.insert(memchr::memchr(b'>', &bytes[at..end]).map_or(end, |i| at + i)),
            };
            if !opens || gt >= end || gt - at >= MAX_TAG {
                at += 1;
                continue;
            }
            self.piece(text_start..at, None);
            if is_line_break(&text[at..=gt]) {
                self.piece(at..gt + 1, Some("\n"));
            }
            (at, text_start) = (gt + 1, gt + 1);
        }
        self.piece(text_start..end, None);
    }

    /// The markup after the last piece of text, and the lines after it that go whole.
    fn finish(&mut self) {
        let len = self.text.len();
        self.markup(self.at..len);
        self.reach(len);
    }
}

/// `<br>`, `<br/>` or `<br />`.
fn is_line_break(tag: &str) -> bool {
    ["<br>", "<br/>", "<br />"]
        .iter()
        .any(|br| tag.eq_ignore_ascii_case(br))
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
    fn constructs_read_by_commonmark_that_were_read_wrong() {
        // Nested emphasis: the outer `***` stayed (no second run of three stars).
        let (text, _) = strip("***Article 10** and the Protocol*\n");
        assert_eq!(text, "Article 10 and the Protocol\n");
        // A code span holding a backtick: every run of backticks went, the text's own too.
        let (text, _) = strip("the field ``a`b`` and `c`\n");
        assert_eq!(text, "the field a`b and c\n");
        // A reference link and its definition: both stayed as printed.
        let source = "under [the Model][oecd] and [oecd]\n\n[oecd]: https://x.org \"OECD\"\n";
        let (text, map) = strip(source);
        assert_eq!(text, "under the Model and oecd\n\n\n");
        let at = text.find("Model").unwrap();
        assert_eq!(&source[map.span_to_original(at..at + 5)], "Model");
        // A star that opens and closes nothing is text (a footnote mark), and so is a lone
        // backtick; a star between words closed emphasis before.
        let (text, _) = strip("Article 5* applies, `quote and 5 * 3*\n");
        assert_eq!(text, "Article 5* applies, `quote and 5 * 3*\n");
        // An HTML block keeps its text, and a line break stays one.
        let (text, map) = strip("<div>\n15 per cent<br>of the <b>gross</b> amount\n</div>\n");
        assert_eq!(text, "\n15 per cent\nof the gross amount\n\n");
        map.check_invariants();
        // An entity is its character (in an HTML block it is raw HTML, as printed).
        let source = "profits &amp; gains\n";
        let (text, map) = strip(source);
        assert_eq!(text, "profits & gains\n");
        assert_eq!(map.span_to_original(8..9), 8..13);
    }

    #[test]
    fn tables_become_tab_separated_lines() {
        let (text, _) = strip("| Article | Rate |\n|---|---:|\n| 10 | 15 per cent |\n");
        assert_eq!(text, "Article\tRate\n10\t15 per cent\n");
        // Cells past the header's count stay (GitHub's tables drop them).
        let (text, _) = strip("| a | b |\n|---|---|\n| 1 | **2** | 3 |\n");
        assert_eq!(text, "a\tb\n1\t2\t3\n");
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
            "<div>\n<!-- a\n\nb",
            "```\ncode",
            "1.",
            "> ",
            "``",
            "a\r\n---\r\n",
        ] {
            let (text, map) = strip(source);
            assert!(text.len() <= source.len(), "{source:?}");
            let span = map.span_to_original(0..text.len());
            assert!(span.end <= source.len());
            map.check_invariants();
        }
    }

    #[test]
    fn a_line_of_heading_markers_is_the_heading_commonmark_reads() {
        // The second `#` and the closing `##` were read as markers too, and slicing between
        // them panicked; CommonMark reads `# # ##` as a heading of one `#`.
        for source in ["# # ##", "# # ##\n", "## # ###  \r\n", "# > ##", "#\t#\t#"] {
            let (text, map) = strip(source);
            assert!(text.len() < source.len(), "{source:?}: {text:?}");
            map.check_invariants();
        }
        let (text, _) = strip("# # ##\n## Article 5 ##\n# Dividends #\n");
        assert_eq!(text, "#\nArticle 5\nDividends\n");
    }

    #[test]
    fn a_link_label_loses_its_emphasis_and_the_edits_stay_in_order() {
        // A link in a link's label is the only link: the outer brackets are text.
        let source = "see [**Article 5** and *b*](https://x.org) or [[a](b)](c)";
        let (text, map) = strip(source);
        assert_eq!(text, "see Article 5 and b or [a](c)");
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

    #[test]
    fn links_nested_in_labels_read_as_the_innermost_link() {
        let depth = 10;
        let source = format!("{}a{}", "[".repeat(depth), "](b)".repeat(depth));
        let (text, map) = strip(&source);
        assert_eq!(
            text,
            format!("{}a{}", "[".repeat(depth - 1), "](b)".repeat(depth - 1))
        );
        map.check_invariants();
    }
}
