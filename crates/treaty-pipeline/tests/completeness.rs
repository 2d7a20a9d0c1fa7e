//! A document's `status`: `complete` for a whole income-tax convention, `incomplete` with the
//! reasons when its capped incomes' rates or most of its articles are missing. Checked on real
//! conventions cut the way damaged or partial copies are cut.

use treaty_pipeline::{process_document, Settings};
use treaty_schema::DocumentReport;

fn report(doc: &str, text: &str) -> DocumentReport {
    process_document(doc, text.as_bytes(), &Settings::default()).expect("a text document")
}

/// Where article `number` of the first treaty's first version starts in the original text.
fn article_start(report: &DocumentReport, number: &str) -> usize {
    report.treaties[0].versions[0]
        .articles
        .iter()
        .find(|article| article.article == number)
        .unwrap_or_else(|| panic!("{}: no article {number}", report.doc))
        .start
}

fn check(doc: &str, text: &str) {
    let whole = report(doc, text);
    assert_eq!(
        (whole.status.as_str(), whole.status_reasons.clone()),
        ("complete", Vec::<String>::new()),
        "{doc}"
    );

    // A copy that ends before the dividend article: few articles, none of the three rates.
    let cut = &text[..article_start(&whole, "10")];
    let partial = report(doc, cut);
    assert_eq!(partial.status, "incomplete", "{doc}");
    let reasons = partial.status_reasons.join("\n");
    for lacking in [
        "articles found",
        "no dividends rate",
        "no interest rate",
        "no royalties rate",
    ] {
        assert!(
            reasons.contains(lacking),
            "{doc}: {lacking:?} not in {reasons}"
        );
    }

    // A copy that lost the royalty article only.
    let (from, to) = (article_start(&whole, "12"), article_start(&whole, "13"));
    let without_royalties = format!("{}{}", &text[..from], &text[to..]);
    let partial = report(doc, &without_royalties);
    assert_eq!(partial.status, "incomplete", "{doc}");
    assert_eq!(
        partial.status_reasons.len(),
        1,
        "{doc}: {:?}",
        partial.status_reasons
    );
    assert!(
        partial.status_reasons[0].starts_with("treaty 1 (")
            && partial.status_reasons[0].ends_with("): no royalties rate found"),
        "{doc}: {:?}",
        partial.status_reasons
    );
}

#[test]
fn a_convention_without_its_capped_rates_or_most_articles_is_incomplete() {
    check(
        "nl-ethiopia-en",
        include_str!("../../../corpus/en/nl-ethiopia-en.txt"),
    );
    check(
        "australia--synthesizedtextforjapan-australia-jp",
        include_str!("../../../corpus/ja/australia--synthesizedtextforjapan-australia-jp.txt"),
    );
}
