//! Consolidated texts mark each amended passage with a footnote number glued to a bracket
//! (`1[15] per cent`): read through the markers, a treaty gives the rows and headline rates of
//! the same text without them. Checked on real treaties whose rates are marked the way a
//! consolidated edition marks them (the texts themselves are no consolidated editions: the
//! rule was written against the drafting convention, not against them).

use regex::Regex;
use treaty_pipeline::{process_document, Settings};
use treaty_schema::treaty_rows;
use treaty_schema::DocumentReport;

fn report(doc: &str, text: &str) -> DocumentReport {
    process_document(doc, text.as_bytes(), &Settings::default()).expect("a text document")
}

/// `text` with each percentage's number marked as amended by footnotes 1, 2, ...
fn marked(text: &str) -> String {
    let percentage = Regex::new(r"\b(\d+(?:\.\d+)?)( per cent| percent|%)").unwrap();
    let mut note = 0;
    percentage
        .replace_all(text, |captures: &regex::Captures| {
            note += 1;
            if note % 2 == 0 {
                // The bracket around the number alone, as most editions print it.
                format!("{note}[{}]{}", &captures[1], &captures[2])
            } else {
                // The bracket around the number and its unit.
                format!("{note}[{}{}]", &captures[1], &captures[2])
            }
        })
        .into_owned()
}

/// `topic article.paragraph value unit` of each row.
fn rows(report: &DocumentReport) -> Vec<String> {
    report
        .rows
        .iter()
        .map(|row| {
            format!(
                "{} {}.{} {} {}",
                row.topic.as_str(),
                row.article,
                row.paragraph,
                row.value.as_str(),
                row.unit.as_str()
            )
        })
        .collect()
}

fn assert_marked_text_reads_the_same(doc: &str, text: &str) {
    let plain = report(doc, text);
    let marked_text = marked(text);
    assert!(marked_text.contains("1["), "{doc}: no rate was marked");
    let through_markers = report(doc, &marked_text);
    let markers = through_markers
        .normalization
        .iter()
        .find(|count| count.fix == "amendment_markers")
        .map_or(0, |count| count.count);
    assert!(markers >= 2, "{doc}: {markers} markers read");
    assert_eq!(rows(&through_markers), rows(&plain), "{doc}");
    let headline = |report: &DocumentReport| {
        treaty_rows(report)
            .into_iter()
            .map(|t| {
                [
                    t.dividends_substantial_rate,
                    t.dividends_general_rate,
                    t.interest_general_rate,
                    t.royalties_general_rate,
                ]
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(headline(&through_markers), headline(&plain), "{doc}");
    assert!(
        headline(&plain).iter().flatten().any(Option::is_some),
        "{doc}: a treaty with headline rates"
    );
    // Each row's quote and span are still the printed bytes, markers included.
    for row in &through_markers.rows {
        assert!(
            marked_text.get(row.start..row.end).is_some(),
            "{doc}: {row:?}"
        );
    }
}

#[test]
fn amendment_markers_around_rates_read_as_the_rates_they_mark() {
    for (doc, text) in [
        (
            "nl-kenya-en",
            include_str!("../../../corpus/en/nl-kenya-en.txt"),
        ),
        (
            "nl-ethiopia-en",
            include_str!("../../../corpus/en/nl-ethiopia-en.txt"),
        ),
    ] {
        assert_marked_text_reads_the_same(doc, text);
    }
}
