//! Hostile Markdown (round 2 of the hostile-input audit): a line of heading markers alone
//! (F1, a panic) and one-line shapes that made each `[`, `<` or `*` read the rest of the
//! line again (F2, time growing with the square of the line). Each shape here is 200 KB,
//! which took from 22 to 61 seconds in a release build before; read in linear time, the
//! whole file takes well under a second in a debug build.

use treaty_normalize::{decode, normalize_bytes, IngestConfig, Markup};

fn markdown() -> IngestConfig {
    IngestConfig {
        markup: Markup::Markdown,
        ..IngestConfig::default()
    }
}

/// The text `source` reads as, with the map checked at every line start.
fn read(source: &str) -> String {
    let decoded = decode(source.as_bytes(), &markdown()).unwrap();
    let mut at = 0;
    for line in decoded.text.split_inclusive('\n') {
        assert!(decoded.map.to_original(at) <= source.len());
        at += line.len();
    }
    assert_eq!(decoded.map.text_len(), decoded.text.len());
    decoded.text
}

/// The reproducers' first lines: a heading, then a paragraph with a rate.
const HEAD: &str =
    "## Article 10\nDividends\n2. The tax so charged shall not exceed 15 per cent of the gross amount.\n";
const HEAD_READ: &str =
    "Article 10\nDividends\n2. The tax so charged shall not exceed 15 per cent of the gross amount.\n";

/// `unit` repeated to 200 KB after [`HEAD`], on one line.
fn shape(unit: &str) -> String {
    format!("{HEAD}{}\n", unit.repeat(200_000 / unit.len()))
}

#[test]
fn heading_markers_alone_read_as_the_heading_commonmark_reads() {
    // `md-heading-hashes-panic.md`: a panic. CommonMark reads a heading whose text is `#`
    // (the opening `#`, the text, the closing `##`).
    let source = "# # ##";
    assert_eq!(read(source), "#");
    let normalized = normalize_bytes(source.as_bytes(), &markdown()).unwrap();
    assert_eq!(normalized.text.trim(), "#");
    assert_eq!(read("# # ##\n# Article 1 #\n"), "#\nArticle 1\n");
}

#[test]
fn stars_that_open_nothing_on_one_long_line_stay() {
    // `md-emph-*.md`: each `*` may close emphasis (a word before it, a space after it) but
    // none opens one, so CommonMark reads every star as text.
    let source = shape("x* ");
    assert_eq!(read(&source), source.replacen("## ", "", 1));
}

#[test]
fn unclosed_brackets_tags_and_images_on_one_long_line_stay() {
    // `md-brackets-*.md`, `md-lt-*.md`, `md-img-*.md`, and a `[a](` with no `)`.
    for unit in ["[", "<a", "![", "[a](", "<!", "<http:"] {
        let source = shape(unit);
        assert_eq!(read(&source), source.replacen("## ", "", 1), "{unit:?}");
    }
}

#[test]
fn long_lines_of_closed_markup_go() {
    assert_eq!(
        read(&shape("[a](b) ")),
        format!("{HEAD_READ}{}\n", "a ".repeat(200_000 / 7))
    );
    assert_eq!(
        read(&shape("**a** ")),
        format!("{HEAD_READ}{}\n", "a ".repeat(200_000 / 6))
    );
    assert_eq!(
        read(&shape("<b>x</b>")),
        format!("{HEAD_READ}{}\n", "x".repeat(200_000 / 8))
    );
    // Links nested in links' labels, as deep as the line is long: a link holds no link, so
    // the innermost is the link and the brackets around it are text.
    let depth = 200_000 / 5;
    let nested = format!("{}a{}\n", "[".repeat(depth), "](b)".repeat(depth));
    assert_eq!(
        read(&nested),
        format!("{}a{}\n", "[".repeat(depth - 1), "](b)".repeat(depth - 1))
    );
    // A table row of many cells, and white space at its end.
    let cells = 200_000 / 4;
    let row = format!("{}{}\n", "|a".repeat(cells), "\t".repeat(cells));
    assert_eq!(
        read(&row),
        format!("a{}{}\n", "\ta".repeat(cells - 1), "\t".repeat(cells))
    );
    // A heading of heading markers, closed by a long run of hashes: its text is the `#`s
    // between the first and the closing run.
    let markers = format!("{}{}\n", "# ".repeat(50_000), "#".repeat(100_000));
    assert_eq!(read(&markers), format!("{}#\n", "# ".repeat(49_998)));
}

#[test]
fn dense_escapes_keep_the_maps_under_half_a_byte_per_input_byte() {
    // `md-escapes-16MB.md` (F12): `\*` repeated, an edit per two bytes. Its maps took 2.3 GB
    // for 16 MB (144 times the input), then, with edits merged past a budget, 245 MB.
    let source = format!("# Article 1\n{}\n", "\\*".repeat(2_000_000));
    let decoded = decode(source.as_bytes(), &markdown()).unwrap();
    assert_eq!(decoded.text.len(), "Article 1\n".len() + 2_000_000 + 1);
    let budget = source.len() / 2;
    assert!(
        decoded.map.heap_bytes() <= budget,
        "the decoded text's map holds {} bytes for {} bytes of input",
        decoded.map.heap_bytes(),
        source.len()
    );
    let normalized = normalize_bytes(source.as_bytes(), &markdown()).unwrap();
    assert!(
        normalized.map.heap_bytes() <= budget,
        "the normalized text's map holds {} bytes for {} bytes of input",
        normalized.map.heap_bytes(),
        source.len()
    );
    // The map stays sound: the heading maps to its place, the end to the end.
    assert_eq!(normalized.map.span_to_original(0..7), 2..9);
    assert_eq!(
        normalized.map.to_original(normalized.text.len()),
        source.len()
    );
}
