//! Pages in vertical writing read from poppler's word boxes (`pdftotext -bbox`).
//!
//! A page set in vertical lines (Japanese 縦書き) comes out of `pdftotext -layout` as one text
//! line per column, but the item labels printed horizontally inside a column (`(a)`, `(ii)`,
//! tate-chu-yoko) are placed on lines of their own below the line they belong to, often
//! several lines down: `次の   又は   の規定` and, further on, a line `(a)   (b)`. Such a page
//! is read again from its word boxes: the words of each column in reading order (columns right
//! to left, words top to bottom), and each label put back into the column its box overlaps,
//! in the slot before the word its box starts at (`次の(a)又は(b)の規定`). poppler draws a
//! label's box one slot lower than the gap it fills, so the label goes before the first word
//! that starts below the middle of its box's upper half.

use std::path::Path;
use std::process::Command;
use std::sync::LazyLock;

use regex::Regex;

/// An item label as printed inside vertical text: `(a)`, `(ii)`, `(aa)`, `(1)`.
const LABEL_PATTERN: &str = r"\((?:[a-z]{1,4}|[0-9]{1,2})\)";

/// A word that is an item label.
static LABEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!("^{LABEL_PATTERN}$")).expect("label pattern"));

/// A line of `-layout` text that holds only item labels: a label put below its line.
static LABEL_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?m)^[ \t]*(?:{LABEL_PATTERN}[ \t]*)+$")).expect("label line")
});

/// One `<word>` of `pdftotext -bbox`: its box in points (y grows downwards) and its text.
#[derive(Debug, Clone, PartialEq)]
struct WordBox {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
    text: String,
}

impl WordBox {
    fn width(&self) -> f64 {
        self.x1 - self.x0
    }

    fn height(&self) -> f64 {
        self.y1 - self.y0
    }

    fn is_label(&self) -> bool {
        self.width() > self.height() && LABEL.is_match(&self.text)
    }
}

/// More words than this on one page is no treaty page; it is left as `-layout` read it, so the
/// column search stays within bounds.
const MAX_WORDS: usize = 20_000;

/// The pages (1-based) of a `-layout` text layer with a line of item labels only: the pages
/// whose labels may have left their vertical lines.
pub fn pages_with_displaced_labels(pages: &[&str]) -> Vec<u32> {
    pages
        .iter()
        .enumerate()
        .filter(|(_, page)| page.contains('(') && LABEL_LINE.is_match(page))
        .filter_map(|(index, _)| u32::try_from(index + 1).ok())
        .collect()
}

/// Each of `pages` of the PDF at `path` read from its word boxes, when the page is set in
/// vertical lines: `(page, text)`. Pages in horizontal lines are not returned. One
/// `pdftotext -bbox` call covers the range of the pages.
pub fn vertical_pages(
    path: &Path,
    pages: &[u32],
    max_bytes: u64,
    time: std::time::Duration,
) -> Result<Vec<(u32, String)>, String> {
    let (Some(&first), Some(&last)) = (pages.iter().min(), pages.iter().max()) else {
        return Ok(Vec::new());
    };
    let mut command = Command::new("pdftotext");
    command
        .args(["-bbox", "-f", &first.to_string(), "-l", &last.to_string()])
        .arg(path)
        .arg("-");
    let name = path
        .file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy();
    // The word boxes spell every word out with its coordinates: some ten times its text.
    let cap = max_bytes.saturating_mul(16);
    let done =
        crate::child::run_limited(command, "pdftotext", None, time, &format!("on {name}"), cap)?;
    if !done.status.is_some_and(|status| status.success()) {
        return Ok(Vec::new());
    }
    let xhtml = String::from_utf8_lossy(&done.stdout);
    Ok(xhtml
        .split("<page ")
        .skip(1)
        .zip(first..=last)
        .filter(|(_, number)| pages.contains(number))
        .filter_map(|(page, number)| Some((number, vertical_page_text(&words_of(page))?)))
        .collect())
}

/// The words of one page of `pdftotext -bbox` output.
fn words_of(page: &str) -> Vec<WordBox> {
    static WORD: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r#"<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>"#,
        )
        .expect("word pattern")
    });
    WORD.captures_iter(page)
        .take(MAX_WORDS + 1)
        .filter_map(|c| {
            let number = |i: usize| c[i].parse::<f64>().ok().filter(|n| n.is_finite());
            Some(WordBox {
                x0: number(1)?,
                y0: number(2)?,
                x1: number(3)?,
                y1: number(4)?,
                text: unescape(&c[5]),
            })
        })
        .filter(|w| w.width() >= 0.0 && w.height() >= 0.0 && !w.text.is_empty())
        .collect()
}

/// The five entities poppler writes in word text.
fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// A column of vertical text: its horizontal extent and its words and labels.
struct Column {
    x0: f64,
    x1: f64,
    items: Vec<WordBox>,
}

impl Column {
    fn overlap(&self, word: &WordBox) -> f64 {
        self.x1.min(word.x1) - self.x0.max(word.x0)
    }
}

/// The text of a page from its words, when most of its characters stand in vertical words
/// (taller than wide); `None` for a page in horizontal lines or with too many words.
fn vertical_page_text(words: &[WordBox]) -> Option<String> {
    if words.is_empty() || words.len() > MAX_WORDS {
        return None;
    }
    let chars = |w: &WordBox| w.text.chars().count();
    let (labels, others): (Vec<&WordBox>, Vec<&WordBox>) = words.iter().partition(|w| w.is_label());
    // A word of one character is square either way: the words of two or more say.
    let (vertical, horizontal): (Vec<&WordBox>, Vec<&WordBox>) = others
        .into_iter()
        .partition(|w| w.height() >= 0.9 * w.width());
    let tall: usize = vertical
        .iter()
        .filter(|w| chars(w) > 1)
        .map(|w| chars(w))
        .sum();
    let wide: usize = horizontal
        .iter()
        .filter(|w| chars(w) > 1)
        .map(|w| chars(w))
        .sum();
    if tall <= wide {
        return None;
    }
    // The band the columns' text fills; a short word outside it (a page number in the
    // bottom margin, square enough to pass for vertical) is no column's.
    // A word of the text stands within a character of the band (a paragraph number hangs
    // one character above its lines); the band is that of the clearly tall words (a page
    // number of two digits is about square).
    let body = vertical
        .iter()
        .filter(|w| chars(w) > 1 && w.height() >= 1.5 * w.width());
    let top = body.clone().map(|w| w.y0).fold(f64::INFINITY, f64::min);
    let bottom = body.clone().map(|w| w.y1).fold(f64::NEG_INFINITY, f64::max);
    let size = body.map(|w| w.width()).fold(0.0, f64::max);
    let (vertical, margin): (Vec<&WordBox>, Vec<&WordBox>) = vertical
        .into_iter()
        .partition(|w| w.y0 <= bottom + size && w.y1 >= top - size);
    let mut columns = columns_of(vertical);
    let mut rest: Vec<&WordBox> = horizontal;
    rest.extend(margin);
    for label in labels {
        let best = columns
            .iter_mut()
            .map(|c| (c.overlap(label), c))
            .filter(|(overlap, _)| *overlap > 0.0)
            .max_by(|a, b| a.0.total_cmp(&b.0));
        match best {
            Some((_, column)) => column.items.push(label.clone()),
            None => rest.push(label),
        }
    }
    let mut lines: Vec<String> = columns.iter_mut().map(column_text).collect();
    // Horizontal words of a vertical page (a running title, a page number), as lines top to
    // bottom after the columns.
    rest.sort_by(|a, b| a.y0.total_cmp(&b.y0).then(a.x0.total_cmp(&b.x0)));
    let mut row: Vec<&str> = Vec::new();
    let mut row_bottom = f64::NEG_INFINITY;
    for word in rest {
        if word.y0 >= row_bottom && !row.is_empty() {
            lines.push(row.join(" "));
            row.clear();
        }
        row.push(&word.text);
        row_bottom = row_bottom.max(word.y1);
    }
    if !row.is_empty() {
        lines.push(row.join(" "));
    }
    let mut text = lines.join("\n");
    text.push('\n');
    Some(text)
}

/// Vertical words grouped into columns, right to left: a word joins the column its box
/// overlaps by more than half the narrower of the two.
fn columns_of(mut vertical: Vec<&WordBox>) -> Vec<Column> {
    vertical.sort_by(|a, b| b.x1.total_cmp(&a.x1).then(a.y0.total_cmp(&b.y0)));
    let mut columns: Vec<Column> = Vec::new();
    for word in vertical {
        // Sorted by their right edge, a word can only overlap the columns opened last.
        let found =
            columns.iter_mut().rev().take(4).find(|c| {
                c.overlap(word) > 0.5 * (c.x1 - c.x0).min(word.width()).max(f64::EPSILON)
            });
        match found {
            Some(column) => {
                column.x0 = column.x0.min(word.x0);
                column.x1 = column.x1.max(word.x1);
                column.items.push(word.clone());
            }
            None => columns.push(Column {
                x0: word.x0,
                x1: word.x1,
                items: vec![word.clone()],
            }),
        }
    }
    columns.sort_by(|a, b| b.x1.total_cmp(&a.x1));
    columns
}

/// A column's text: its words top to bottom, each label in the slot before the first word
/// that starts below the middle of the label box's upper half; a space where two words stand
/// apart by most of a character (after a paragraph number), none between a label and a word
/// inside a sentence (`次の(a)又は(b)の規定`). A label that opens the line, or follows its
/// paragraph number, is the line's item label, written `(a) ` as items are.
fn column_text(column: &mut Column) -> String {
    let key = |w: &WordBox| {
        if w.is_label() {
            w.y0 - w.height() / 2.0
        } else {
            w.y0
        }
    };
    column.items.sort_by(|a, b| key(a).total_cmp(&key(b)));
    let size = column.x1 - column.x0;
    let mut text = String::new();
    let mut previous: Option<&WordBox> = None;
    // Whether only a paragraph number stands before this item.
    let mut line_start = true;
    for item in &column.items {
        let opens_item = line_start && item.is_label();
        if let Some(before) = previous {
            let apart = item.y0 - before.y1 > 0.8 * size;
            if opens_item || (apart && !before.is_label() && !item.is_label()) {
                text.push(' ');
            }
        }
        text.push_str(&item.text);
        if opens_item {
            text.push(' ');
        }
        line_start = line_start
            && !item.is_label()
            && item.text.chars().count() <= 3
            && item.text.chars().all(char::is_numeric);
        previous = Some(item);
    }
    text.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(x0: f64, y0: f64, x1: f64, y1: f64, text: &str) -> WordBox {
        WordBox {
            x0,
            y0,
            x1,
            y1,
            text: text.to_string(),
        }
    }

    /// Two columns of a vertical page as poppler boxes them (from a ministry PDF): the right
    /// one `A B(a)C(b)D`, each label's box one slot below its gap; the left one a paragraph
    /// number, a gap and its text.
    fn page() -> Vec<WordBox> {
        vec![
            word(444.6, 228.6, 458.5, 270.6, "AAA"),
            word(444.6, 284.6, 458.5, 312.6, "BB"),
            word(444.6, 326.8, 458.5, 340.7, "C"),
            word(444.6, 340.9, 458.5, 453.1, "DDDDDDDD"),
            word(434.4, 284.8, 455.3, 298.7, "(a)"),
            word(434.4, 327.0, 455.3, 341.0, "(b)"),
            word(414.4, 102.0, 428.4, 116.0, "2"),
            word(414.4, 130.0, 428.4, 200.0, "EEEEE"),
            word(404.4, 116.2, 425.3, 130.1, "(c)"),
            word(384.4, 110.0, 398.4, 140.0, "FF"),
            word(374.4, 110.2, 395.3, 124.1, "(d)"),
            word(300.0, 780.0, 330.0, 790.0, "12"),
            // A page number below the text, in the heading column's width.
            word(446.0, 800.5, 451.5, 811.6, "7"),
            word(440.0, 820.5, 451.6, 831.5, "17"),
        ]
    }

    #[test]
    fn labels_return_to_the_gap_before_the_word_their_box_starts_at() {
        let text = vertical_page_text(&page()).unwrap();
        assert_eq!(
            text,
            "AAA(a)BB(b)CDDDDDDDD\n2 (c) EEEEE\n(d) FF\n12\n7\n17\n"
        );
    }

    #[test]
    fn a_page_in_horizontal_lines_is_left_to_its_layout_reading() {
        let horizontal = vec![
            word(72.0, 100.0, 300.0, 112.0, "first line of text"),
            word(72.0, 120.0, 280.0, 132.0, "second line"),
            word(90.0, 140.0, 110.0, 152.0, "(a)"),
        ];
        assert_eq!(vertical_page_text(&horizontal), None);
        assert_eq!(vertical_page_text(&[]), None);
    }

    #[test]
    fn pages_with_a_line_of_labels_only_are_found() {
        let pages = [
            "text (a) in a line\n",
            "次の   又は   の規定\n          (a)      (b)\n",
            "(iv)\n",
            "(1) a paragraph\n",
        ];
        assert_eq!(pages_with_displaced_labels(&pages), vec![2, 3]);
    }

    #[test]
    fn word_boxes_are_read_with_their_entities() {
        let page = r#"<page width="595" height="842">
    <word xMin="1.5" yMin="2" xMax="3" yMax="40.25">A&amp;B&lt;</word>
    <word xMin="nan" yMin="2" xMax="3" yMax="4">bad</word>
    <word xMin="5" yMin="6" xMax="7" yMax="8"></word>"#;
        assert_eq!(words_of(page), vec![word(1.5, 2.0, 3.0, 40.25, "A&B<")]);
    }
}
