//! Tests over the real fixture files: round trips, comparisons against deliberately wrong
//! output, duplicate identities, known gaps and the three report formats.

use crate::records::rate_order;
use crate::*;

/// The four fixture folders: name, `rates.csv`, `outline.csv`.
const FIXTURES: [(&str, &str, &str); 4] = [
    (
        "brazil-denmark-1974-pt-en-ocr",
        include_str!("../../../fixtures/brazil-denmark-1974-pt-en-ocr/rates.csv"),
        include_str!("../../../fixtures/brazil-denmark-1974-pt-en-ocr/outline.csv"),
    ),
    (
        "canada-denmark-1997-en-web",
        include_str!("../../../fixtures/canada-denmark-1997-en-web/rates.csv"),
        include_str!("../../../fixtures/canada-denmark-1997-en-web/outline.csv"),
    ),
    (
        "japan-denmark-2017-ja-pdf",
        include_str!("../../../fixtures/japan-denmark-2017-ja-pdf/rates.csv"),
        include_str!("../../../fixtures/japan-denmark-2017-ja-pdf/outline.csv"),
    ),
    (
        "portugal-montenegro-2016-pt-en",
        include_str!("../../../fixtures/portugal-montenegro-2016-pt-en/rates.csv"),
        include_str!("../../../fixtures/portugal-montenegro-2016-pt-en/outline.csv"),
    ),
];

const PORTUGAL: &str = "portugal-montenegro-2016-pt-en";
const CANADA: &str = "canada-denmark-1997-en-web";
const JAPAN: &str = "japan-denmark-2017-ja-pdf";

fn fixture(doc: &str) -> (Vec<RateRecord>, Vec<OutlineRecord>) {
    let (_, rates_text, outline_text) = FIXTURES
        .iter()
        .find(|(name, _, _)| *name == doc)
        .expect("a fixture of that name");
    (
        parse_rates_csv(rates_text).unwrap(),
        parse_outline_csv(outline_text).unwrap(),
    )
}

fn n_data_lines(text: &str) -> usize {
    text.lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .count()
}

/// Finds the one row with the given place, kind and value.
fn find_rate<'a>(
    rows: &'a [RateRecord],
    lang: &str,
    article: &str,
    paragraph: &str,
    subparagraph: &str,
    kind: &str,
    value: &str,
) -> &'a RateRecord {
    let hits: Vec<&RateRecord> = rows
        .iter()
        .filter(|row| {
            (
                row.lang.as_str(),
                row.article.as_str(),
                row.paragraph.as_str(),
                row.subparagraph.as_str(),
                row.kind.as_str(),
                row.value.as_str(),
            ) == (lang, article, paragraph, subparagraph, kind, value)
        })
        .collect();
    assert_eq!(
        hits.len(),
        1,
        "{lang} {article} {paragraph} {subparagraph} {kind} {value}"
    );
    hits[0]
}

fn sorted(mut rows: Vec<RateRecord>) -> Vec<RateRecord> {
    rows.sort_by(rate_order);
    rows
}

/// A score's row counts: expected, actual, found, exact.
fn counts(score: Score) -> [usize; 4] {
    [score.expected, score.actual, score.found, score.exact]
}

fn assert_close(actual: f64, expected: f64) {
    assert!((actual - expected).abs() < 1e-12, "{actual} != {expected}");
}

// Round trips over the real fixtures.

#[test]
fn fixtures_round_trip_through_write() {
    for (doc, rates_text, outline_text) in FIXTURES {
        let rates = parse_rates_csv(rates_text).unwrap();
        assert_eq!(rates.len(), n_data_lines(rates_text), "{doc}");
        let written = write_rates_csv(&rates);
        let reparsed = parse_rates_csv(&written).unwrap();
        assert_eq!(
            sorted(reparsed.clone()),
            sorted(rates.clone()),
            "{doc}: rates lost or changed"
        );
        assert_eq!(
            reparsed,
            sorted(rates),
            "{doc}: written rates are not in canonical order"
        );
        assert_eq!(
            write_rates_csv(&reparsed),
            written,
            "{doc}: rates writing is not idempotent"
        );

        let outline = parse_outline_csv(outline_text).unwrap();
        assert_eq!(outline.len(), n_data_lines(outline_text), "{doc}");
        let written = write_outline_csv(&outline);
        let mut reparsed = parse_outline_csv(&written).unwrap();
        assert_eq!(
            write_outline_csv(&reparsed),
            written,
            "{doc}: outline writing is not idempotent"
        );
        let mut original = outline.clone();
        original.sort();
        reparsed.sort();
        assert_eq!(reparsed, original, "{doc}: outline rows lost or changed");
    }
}

#[test]
fn hand_written_fixtures_are_in_canonical_order_within_each_language() {
    // The fixtures list languages in order of appearance (pt before en), which the canonical
    // order does not keep; within one language the people who wrote them used reading order,
    // and the canonical order must agree with every one of them.
    for (doc, rates_text, outline_text) in FIXTURES {
        let rates = parse_rates_csv(rates_text).unwrap();
        let outline = parse_outline_csv(outline_text).unwrap();
        for lang in ["pt", "en", "ja"] {
            let file_rates: Vec<RateRecord> = rates
                .iter()
                .filter(|row| row.lang == lang)
                .cloned()
                .collect();
            assert_eq!(sorted(file_rates.clone()), file_rates, "{doc} {lang} rates");
            let file_outline: Vec<OutlineRecord> = outline
                .iter()
                .filter(|row| row.lang == lang)
                .cloned()
                .collect();
            let mut sorted_outline = file_outline.clone();
            sorted_outline.sort_by(crate::records::outline_order);
            assert_eq!(sorted_outline, file_outline, "{doc} {lang} outline");
        }
    }
    // Japan's files hold one language and quote nothing, so their canonical form is the file
    // itself, byte for byte.
    let (_, rates_text, outline_text) =
        FIXTURES.iter().find(|(name, _, _)| *name == JAPAN).unwrap();
    assert_eq!(
        write_rates_csv(&parse_rates_csv(rates_text).unwrap()),
        *rates_text
    );
    assert_eq!(
        write_outline_csv(&parse_outline_csv(outline_text).unwrap()),
        *outline_text
    );
}

#[test]
fn canonical_order_puts_languages_alphabetically_and_keeps_reading_order() {
    let (rates, outline) = fixture("brazil-denmark-1974-pt-en-ocr");
    let written = write_rates_csv(&rates);
    let lines: Vec<&str> = written.lines().collect();
    assert!(
        lines[1].starts_with("1,en,permanent_establishment,5,2,g,threshold,6,months,"),
        "{}",
        lines[1]
    );
    let portuguese_start = lines
        .iter()
        .position(|line| line.starts_with("1,pt,"))
        .unwrap();
    assert!(lines[portuguese_start..]
        .iter()
        .all(|line| line.starts_with("1,pt,")));
    // Within a language, P-points come after every article, and 4000 USD after 3 years.
    assert!(lines
        .last()
        .unwrap()
        .starts_with("1,pt,non_discrimination,P9,"));
    let three_years = lines
        .iter()
        .position(|line| line.starts_with("1,pt,students,21,2,,threshold,3,years"))
        .unwrap();
    assert!(lines[three_years + 1].starts_with("1,pt,students,21,2,,threshold,4000,USD"));

    let written_outline = write_outline_csv(&outline);
    let articles: Vec<&str> = written_outline
        .lines()
        .skip(1)
        .filter(|line| line.starts_with("1,en,"))
        .map(|line| line.split(',').nth(2).unwrap())
        .collect();
    let mut expected_articles: Vec<String> = (1..=31).map(|number| number.to_string()).collect();
    expected_articles.extend((1..=9).map(|number| format!("P{number}")));
    assert_eq!(articles, expected_articles);
}

// Comparisons.

#[test]
fn every_fixture_matches_itself() {
    for (doc, rates_text, outline_text) in FIXTURES {
        let rates = parse_rates_csv(rates_text).unwrap();
        let outline = parse_outline_csv(outline_text).unwrap();
        let comparison = compare_document(doc, &rates, &rates, &outline, &outline);
        assert_eq!(comparison.rates.matched.len(), rates.len(), "{doc}");
        assert!(
            comparison.rates.changed.is_empty()
                && comparison.rates.missing.is_empty()
                && comparison.rates.unexpected.is_empty()
        );
        assert_eq!(comparison.outline.matched, outline.len());
        let table = score_table(std::slice::from_ref(&comparison));
        assert_eq!(
            counts(table.overall),
            [rates.len(), rates.len(), rates.len(), rates.len()]
        );
        assert_eq!(table.overall.f1(), 1.0);
        assert!(regressions(&comparison, &[]).is_empty());
    }
}

/// Portugal's fixture with four deliberate mistakes: one value changed, one row removed, one
/// row added, one condition changed. Quotes are all altered and rows reversed, which must not
/// matter.
fn wrong_portugal_output() -> (
    Vec<RateRecord>,
    Vec<RateRecord>,
    RateRecord,
    RateRecord,
    RateRecord,
    RateRecord,
    RateRecord,
) {
    let (expected, _) = fixture(PORTUGAL);
    let mut actual = expected.clone();

    let wrong_value_idx = actual
        .iter()
        .position(|row| row == find_rate(&expected, "en", "10", "2", "b", "rate", "10"))
        .unwrap();
    let original_value_row = actual[wrong_value_idx].clone();
    actual[wrong_value_idx].value = "15".to_owned();
    let wrong_value_row = actual[wrong_value_idx].clone();

    let removed_row = find_rate(&expected, "pt", "13", "4", "", "threshold", "50").clone();
    actual.retain(|row| *row != removed_row);

    let added_row = RateRecord {
        treaty: 1,
        lang: "en".to_owned(),
        topic: "royalties".to_owned(),
        article: "12".to_owned(),
        paragraph: "2".to_owned(),
        subparagraph: "c".to_owned(),
        kind: "rate".to_owned(),
        value: "15".to_owned(),
        unit: "percent".to_owned(),
        condition: String::new(),
        quote: "15 per cent in all other cases".to_owned(),
        source: None,
        modifies: None,
    };
    actual.push(added_row.clone());

    let changed_condition_row = find_rate(&expected, "pt", "12", "2", "a", "rate", "5").clone();
    let changed_idx = actual
        .iter()
        .position(|row| *row == changed_condition_row)
        .unwrap();
    actual[changed_idx].condition = "income=copyright".to_owned();

    for row in &mut actual {
        row.quote = format!("program quote: {}", row.quote);
    }
    actual.reverse();
    (
        expected,
        actual,
        original_value_row,
        wrong_value_row,
        removed_row,
        added_row,
        changed_condition_row,
    )
}

#[test]
fn wrong_output_gives_exact_missing_unexpected_and_changed_lists() {
    let (
        expected,
        actual,
        original_value_row,
        wrong_value_row,
        removed_row,
        added_row,
        changed_condition_row,
    ) = wrong_portugal_output();
    assert_eq!(expected.len(), 38);
    assert_eq!(actual.len(), 38);
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);

    // Missing rows are the fixture's own rows.
    assert_eq!(comparison.rates.missing, vec![removed_row]);
    // Unexpected rows are the program's rows, quotes included.
    let mut expected_unexpected = added_row;
    expected_unexpected.quote = format!("program quote: {}", expected_unexpected.quote);
    assert_eq!(comparison.rates.unexpected, vec![expected_unexpected]);
    // A wrong value in the right place with the right condition is one changed row, not a
    // missing and an unexpected one; en sorts before pt.
    assert_eq!(comparison.rates.changed.len(), 2);
    let value_change = &comparison.rates.changed[0];
    assert_eq!(value_change.expected, original_value_row);
    assert_eq!(value_change.actual.value, wrong_value_row.value);
    assert_eq!(value_change.fields, vec!["value"]);
    assert!(!value_change.is_found());
    let change = &comparison.rates.changed[1];
    assert_eq!(change.expected, changed_condition_row);
    assert_eq!(change.actual.condition, "income=copyright");
    assert_eq!(change.fields, vec!["condition"]);
    assert!(change.is_found());
    assert_eq!(comparison.rates.matched.len(), 35);
    // Matched rows are reported as the fixture states them, with the fixture's quotes.
    assert!(comparison
        .rates
        .matched
        .iter()
        .all(|row| expected.contains(row)));

    let table = score_table(&[comparison]);
    assert_eq!(counts(table.overall), [38, 38, 36, 35]);
    assert_close(table.overall.precision(), 36.0 / 38.0);
    assert_close(table.overall.recall(), 36.0 / 38.0);
    assert_close(table.overall.f1(), 36.0 / 38.0);
    assert_eq!(
        table.per_document,
        vec![(PORTUGAL.to_owned(), table.overall)]
    );

    let language = |lang: &str| {
        table
            .per_language
            .iter()
            .find(|(name, _)| name == lang)
            .unwrap()
            .1
    };
    assert_eq!(table.per_language.len(), 2);
    assert_eq!(counts(language("en")), [19, 20, 18, 18]);
    assert_close(language("en").precision(), 0.9);
    assert_close(language("en").recall(), 18.0 / 19.0);
    assert_close(
        language("en").f1(),
        2.0 * 0.9 * (18.0 / 19.0) / (0.9 + 18.0 / 19.0),
    );
    assert_eq!(counts(language("pt")), [19, 18, 18, 17]);
    assert_close(language("pt").precision(), 1.0);
    assert_close(language("pt").recall(), 18.0 / 19.0);

    let topic = |name: &str| {
        table
            .per_topic
            .iter()
            .find(|(topic, _)| topic == name)
            .unwrap()
            .1
    };
    assert_eq!(counts(topic("dividends")), [6, 6, 5, 5]);
    assert_eq!(counts(topic("royalties")), [4, 5, 4, 3]);
    assert_eq!(counts(topic("capital_gains")), [2, 1, 1, 1]);
    assert_eq!(counts(topic("interest")), [8, 8, 8, 8]);
    let topic_names: Vec<&str> = table
        .per_topic
        .iter()
        .map(|(name, _)| name.as_str())
        .collect();
    let mut sorted_names = topic_names.clone();
    sorted_names.sort();
    assert_eq!(topic_names, sorted_names);
}

#[test]
fn exact_scores_and_agreement_count_every_field() {
    let (expected, actual, ..) = wrong_portugal_output();
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);
    let table = score_table(&[comparison]);
    // 35 of 38 rows exact: the changed value, the changed condition and the missing row are not.
    assert_close(table.overall.exact_precision(), 35.0 / 38.0);
    assert_close(table.overall.exact_recall(), 35.0 / 38.0);
    assert_close(table.overall.exact_f1(), 35.0 / 38.0);
    // Of the 36 found rows, one has another condition; none states source or modifies.
    let [subparagraph, condition, source, modifies] = table.overall.agreement;
    assert_eq!((subparagraph.agree, subparagraph.compared), (36, 36));
    assert_eq!((condition.agree, condition.compared), (35, 36));
    assert_eq!((source.compared, modifies.compared), (0, 0));
    assert_eq!(source.share(), None);
    // Per language the same counts, split: the changed condition is Portuguese.
    let portuguese = &table
        .per_language
        .iter()
        .find(|(name, _)| name == "pt")
        .unwrap()
        .1;
    assert_eq!(
        portuguese.agreement[1].agree + 1,
        portuguese.agreement[1].compared
    );
    assert_close(portuguese.exact_recall(), 17.0 / 19.0);
}

#[test]
fn value_compares_numerically_normalized() {
    let (expected, _) = fixture(PORTUGAL);
    let mut actual = expected.clone();
    for row in &mut actual {
        row.value = format!("{}.0", row.value);
    }
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);
    assert_eq!(comparison.rates.matched.len(), expected.len());
}

#[test]
fn wrong_outline_gives_exact_lists_and_score() {
    let (_, expected) = fixture(PORTUGAL);
    let mut actual = expected.clone();
    let position = |rows: &[OutlineRecord], lang: &str, article: &str| {
        rows.iter()
            .position(|row| row.lang == lang && row.article == article)
            .unwrap()
    };
    let removed = actual.remove(position(&actual, "pt", "30"));
    let paragraphs_idx = position(&actual, "en", "10");
    actual[paragraphs_idx].paragraphs = 4;
    let topic_idx = position(&actual, "en", "11");
    actual[topic_idx].topic = "dividends".to_owned();
    actual[topic_idx].title = "Titles are not compared".to_owned();
    let added = OutlineRecord {
        treaty: 1,
        lang: "en".to_owned(),
        article: "P1".to_owned(),
        topic: "miscellaneous".to_owned(),
        paragraphs: 1,
        title: String::new(),
    };
    actual.push(added.clone());
    actual.reverse();

    let comparison = compare_document(PORTUGAL, &[], &[], &actual, &expected);
    let outline = &comparison.outline;
    assert_eq!(outline.missing, vec![removed]);
    assert_eq!(outline.unexpected, vec![added]);
    let changed: Vec<(&str, &str, Vec<&str>)> = outline
        .changed
        .iter()
        .map(|change| {
            (
                change.expected.lang.as_str(),
                change.expected.article.as_str(),
                change.fields.clone(),
            )
        })
        .collect();
    assert_eq!(
        changed,
        vec![
            ("en", "10", vec!["paragraphs"]),
            ("en", "11", vec!["topic"])
        ]
    );
    assert_eq!(outline.matched, 57);
    let table = score_table(&[comparison]);
    assert_eq!(counts(table.outline_overall), [60, 60, 59, 57]);
    assert_close(table.outline_overall.precision(), 59.0 / 60.0);
    assert_eq!(table.overall, Score::default());
}

// Duplicate identities.

fn with_condition(row: &RateRecord, condition: &str) -> RateRecord {
    RateRecord {
        condition: condition.to_owned(),
        ..row.clone()
    }
}

#[test]
fn duplicate_identities_pair_exact_conditions_first() {
    let (fixture_rates, _) = fixture(PORTUGAL);
    // Three 0% interest rows in one paragraph, differing only in condition.
    let expected: Vec<RateRecord> = fixture_rates
        .iter()
        .filter(|row| row.lang == "pt" && row.article == "11" && row.paragraph == "3")
        .cloned()
        .collect();
    let conditions: Vec<&str> = expected.iter().map(|row| row.condition.as_str()).collect();
    assert_eq!(
        conditions,
        [
            "beneficial_owner=central_bank",
            "beneficial_owner=government",
            "income=government_debt"
        ]
    );

    // The program finds government and government_debt, calls central_bank "bank", and reports
    // government twice.
    let actual = vec![
        with_condition(&expected[0], "income=government_debt"),
        with_condition(&expected[0], "beneficial_owner=government"),
        with_condition(&expected[0], "beneficial_owner=government"),
        with_condition(&expected[0], "beneficial_owner=bank"),
    ];
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);
    let rates = &comparison.rates;
    assert_eq!(
        rates.matched,
        vec![expected[1].clone(), expected[2].clone()]
    );
    assert_eq!(rates.changed.len(), 1);
    assert_eq!(rates.changed[0].expected, expected[0]);
    assert_eq!(rates.changed[0].actual.condition, "beneficial_owner=bank");
    assert_eq!(rates.changed[0].fields, vec!["condition"]);
    assert!(rates.missing.is_empty());
    assert_eq!(
        rates.unexpected,
        vec![with_condition(&expected[0], "beneficial_owner=government")]
    );

    let table = score_table(&[comparison]);
    assert_eq!(counts(table.overall), [3, 4, 3, 2]);
    assert_close(table.overall.precision(), 0.75);
    assert_close(table.overall.recall(), 1.0);
    assert_close(table.overall.f1(), 2.0 * 0.75 / 1.75);
}

#[test]
fn identical_duplicate_rows_count_as_a_multiset() {
    let (fixture_rates, _) = fixture(CANADA);
    // Canada's Article 13(4) states two 25% holding thresholds with the same condition.
    let expected: Vec<RateRecord> = fixture_rates
        .iter()
        .filter(|row| row.article == "13" && row.paragraph == "4" && row.value == "25")
        .cloned()
        .collect();
    assert_eq!(expected.len(), 2);
    assert_eq!(expected[0].condition, expected[1].condition);

    let one_found = compare_document(CANADA, &expected[..1], &expected, &[], &[]);
    assert_eq!(
        (
            one_found.rates.matched.len(),
            one_found.rates.missing.len(),
            one_found.rates.unexpected.len()
        ),
        (1, 1, 0)
    );

    let three_found: Vec<RateRecord> = vec![
        expected[0].clone(),
        expected[0].clone(),
        expected[1].clone(),
    ];
    let comparison = compare_document(CANADA, &three_found, &expected, &[], &[]);
    assert_eq!(
        (
            comparison.rates.matched.len(),
            comparison.rates.missing.len(),
            comparison.rates.unexpected.len()
        ),
        (2, 0, 1)
    );
}

#[test]
fn leftover_rows_pair_by_subparagraph_then_condition() {
    let base = find_rate(&fixture(PORTUGAL).0, "en", "10", "2", "a", "rate", "5").clone();
    let row = |subparagraph: &str, condition: &str| RateRecord {
        subparagraph: subparagraph.to_owned(),
        condition: condition.to_owned(),
        ..base.clone()
    };
    let expected = vec![row("a", "income=one"), row("b", "income=two")];
    let actual = vec![row("b", "income=three"), row("c", "income=one")];
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);
    let pairs: Vec<(&str, &str, Vec<&str>)> = comparison
        .rates
        .changed
        .iter()
        .map(|change| {
            (
                change.expected.subparagraph.as_str(),
                change.actual.subparagraph.as_str(),
                change.fields.clone(),
            )
        })
        .collect();
    assert_eq!(
        pairs,
        vec![
            ("a", "c", vec!["subparagraph"]),
            ("b", "b", vec!["condition"])
        ]
    );

    let both_differ = compare_document(
        PORTUGAL,
        &[row("c", "income=three")],
        &[row("a", "income=one")],
        &[],
        &[],
    );
    assert_eq!(
        both_differ.rates.changed[0].fields,
        vec!["condition", "subparagraph"]
    );
}

// Known gaps.

fn gaps_text_with_reasons(rows: &[&str]) -> String {
    let mut text =
        "gap,treaty,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition,reason\n"
            .to_owned();
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}

fn gaps_text(rows: &[&str]) -> String {
    let mut text =
        "gap,treaty,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition\n"
            .to_owned();
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}

#[test]
fn a_known_gap_covers_exactly_one_missing_row() {
    let (expected, _) = fixture(CANADA);
    // The program misses both identical 25% thresholds of Article 13(4).
    let actual: Vec<RateRecord> = expected
        .iter()
        .filter(|row| !(row.article == "13" && row.value == "25"))
        .cloned()
        .collect();
    let comparison = compare_document(CANADA, &actual, &expected, &[], &[]);
    assert_eq!(comparison.rates.missing.len(), 2);

    let one_gap = parse_known_gaps_csv(&gaps_text(&[
        "missing,2,en,capital_gains,13,4,,threshold,25.0,percent,measure=min_holding",
    ]))
    .unwrap();
    assert_eq!(one_gap[0].record.quote, "");
    assert_eq!(
        regressions(&comparison, &one_gap),
        vec!["canada-denmark-1997-en-web: missing treaty 2 en art 13 ¶4 capital_gains threshold 25 percent [measure=min_holding]"]
    );

    let two_gaps = [one_gap[0].clone(), one_gap[0].clone()];
    assert!(regressions(&comparison, &two_gaps).is_empty());

    // A gap must agree on every field but the quote.
    let other_condition = parse_known_gaps_csv(&gaps_text(&[
        "missing,2,en,capital_gains,13,4,,threshold,25,percent,measure=other",
        "missing,2,en,capital_gains,13,4,,threshold,25,percent,measure=other",
    ]))
    .unwrap();
    let lines = regressions(&comparison, &other_condition);
    assert_eq!(rows_only(&lines).len(), 2);
    // And a gap no row needs is itself a regression: the list only shrinks.
    assert_eq!(lines.len(), 4);
    assert!(
        lines[2].starts_with(
            "canada-denmark-1997-en-web: known gap no longer seen (remove it from known-gaps.csv): missing treaty 2 en art 13 ¶4"
        ),
        "{lines:?}"
    );
}

/// The lines of missing, changed and unexpected rows, without those of stale known gaps.
fn rows_only(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|line| !line.contains(": known gap no longer seen"))
        .cloned()
        .collect()
}

#[test]
fn known_gap_kinds_and_the_ratchet() {
    let (expected, actual, ..) = wrong_portugal_output();
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);
    let all_lines = regressions(&comparison, &[]);
    assert_eq!(
        all_lines,
        vec![
            "portugal-montenegro-2016-pt-en: missing pt art 13 ¶4 capital_gains threshold 50 percent [measure=land_rich_share]",
            "portugal-montenegro-2016-pt-en: changed en art 10 ¶2 (b) dividends rate 10 percent: value: 10 -> 15",
            "portugal-montenegro-2016-pt-en: changed pt art 12 ¶2 (a) royalties rate 5 percent [income=copyright+films+software]: condition: income=copyright+films+software -> income=copyright",
            "portugal-montenegro-2016-pt-en: unexpected en art 12 ¶2 (c) royalties rate 15 percent",
        ]
    );

    // Writing the current gaps and reading them back accepts exactly the current misses.
    let written = write_known_gaps_csv(&comparison, &[]);
    assert_eq!(
        written,
        gaps_text_with_reasons(&[
            "changed,1,en,dividends,10,2,b,rate,10,percent,,found with value: 10 -> 15",
            "unexpected,1,en,royalties,12,2,c,rate,15,percent,,not in the fixture",
            "changed,1,pt,royalties,12,2,a,rate,5,percent,income=copyright+films+software,found with condition: income=copyright+films+software -> income=copyright",
            "missing,1,pt,capital_gains,13,4,,threshold,50,percent,measure=land_rich_share,not found",
        ])
    );
    let known = parse_known_gaps_csv(&written).unwrap();
    assert!(regressions(&comparison, &known).is_empty());
    assert_eq!(known[3].reason, "not found");

    // A reviewer's reason survives rewriting; a gap that was fixed drops out with it.
    let mut reviewed = known.clone();
    reviewed[3].reason = "the land-rich share is stated in the protocol".to_string();
    reviewed[1].reason = "a rule reads the other column".to_string();
    let rewritten = parse_known_gaps_csv(&write_known_gaps_csv(&comparison, &reviewed)).unwrap();
    assert_eq!(
        rewritten[3].reason,
        "the land-rich share is stated in the protocol"
    );
    assert_eq!(rewritten[1].reason, "a rule reads the other column");
    assert_eq!(rewritten[0].reason, "found with value: 10 -> 15");

    // Without one of them, exactly that one comes back.
    for (index, line) in [(3, 0), (0, 1), (2, 2), (1, 3)] {
        let without_one: Vec<KnownGap> = known
            .iter()
            .enumerate()
            .filter(|(gap_index, _)| *gap_index != index)
            .map(|(_, gap)| gap.clone())
            .collect();
        assert_eq!(
            regressions(&comparison, &without_one),
            vec![all_lines[line].clone()]
        );
    }

    // A `changed` gap does not accept a row that is now missing altogether ...
    let changed_instead = parse_known_gaps_csv(&gaps_text(&[
        "changed,1,en,dividends,10,2,b,rate,10,percent,",
        "changed,1,pt,royalties,12,2,a,rate,5,percent,income=copyright+films+software",
        "changed,1,pt,capital_gains,13,4,,threshold,50,percent,measure=land_rich_share",
    ]))
    .unwrap();
    assert_eq!(
        rows_only(&regressions(&comparison, &changed_instead)),
        vec![all_lines[0].clone(), all_lines[3].clone()]
    );
    // ... a `missing` gap accepts a row that is now found with a wrong detail, but not one
    // found with a wrong value ...
    let missing_instead = parse_known_gaps_csv(&gaps_text(&[
        "missing,1,en,dividends,10,2,b,rate,10,percent,",
        "missing,1,pt,royalties,12,2,a,rate,5,percent,income=copyright+films+software",
        "missing,1,pt,capital_gains,13,4,,threshold,50,percent,measure=land_rich_share",
    ]))
    .unwrap();
    assert_eq!(
        rows_only(&regressions(&comparison, &missing_instead)),
        vec![all_lines[1].clone(), all_lines[3].clone()]
    );
    // ... and an `unexpected` gap covers only the produced row it names.
    let unexpected_elsewhere = parse_known_gaps_csv(&gaps_text(&[
        "unexpected,1,en,royalties,12,2,c,rate,10,percent,",
        "unexpected,1,en,dividends,10,2,b,rate,10,percent,",
    ]))
    .unwrap();
    assert_eq!(
        rows_only(&regressions(&comparison, &unexpected_elsewhere)),
        all_lines
    );
}

#[test]
fn a_reviewed_reason_follows_a_miss_that_becomes_a_changed_value() {
    let (expected, actual, ..) = wrong_portugal_output();
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);
    // Before, the program did not find the English 10(2)(b) row at all, and a reviewer wrote
    // why; now it finds it with a wrong value: the gap becomes `changed`, the reason stays.
    let previous = parse_known_gaps_csv(&gaps_text_with_reasons(&[
        "missing,1,en,dividends,10,2,b,rate,10,percent,,OCR: the 10 reads as 15",
        "missing,1,pt,capital_gains,13,4,,threshold,50,percent,measure=land_rich_share,not found",
    ]))
    .unwrap();
    let rewritten = write_known_gaps_csv(&comparison, &previous);
    assert!(
        rewritten
            .contains("changed,1,en,dividends,10,2,b,rate,10,percent,,OCR: the 10 reads as 15\n"),
        "{rewritten}"
    );
    // A generated reason is not a reviewer's: it is rewritten with today's finding.
    let stale = parse_known_gaps_csv(&gaps_text_with_reasons(&[
        "changed,1,en,dividends,10,2,b,rate,10,percent,,found with value: 10 -> 12",
    ]))
    .unwrap();
    assert!(write_known_gaps_csv(&comparison, &stale)
        .contains("changed,1,en,dividends,10,2,b,rate,10,percent,,found with value: 10 -> 15\n"));
    // Nor is a reason lent across kinds where the row already had a gap of its kind.
    let both = parse_known_gaps_csv(&gaps_text_with_reasons(&[
        "changed,1,en,dividends,10,2,b,rate,10,percent,,found with condition: a -> b",
        "missing,1,en,dividends,10,2,b,rate,10,percent,,the second of two rows",
    ]))
    .unwrap();
    assert!(write_known_gaps_csv(&comparison, &both)
        .contains("changed,1,en,dividends,10,2,b,rate,10,percent,,found with value: 10 -> 15\n"));
    // A reviewer's reason is not lent to a produced row of the same fields.
    let for_missing = parse_known_gaps_csv(&gaps_text_with_reasons(&[
        "missing,1,en,royalties,12,2,c,rate,15,percent,,reviewed",
    ]))
    .unwrap();
    assert!(write_known_gaps_csv(&comparison, &for_missing)
        .contains("unexpected,1,en,royalties,12,2,c,rate,15,percent,,not in the fixture\n"));
}

#[test]
fn known_gaps_parse_errors_name_the_line() {
    let error = parse_known_gaps_csv(&gaps_text(&[
        "missing,1,en,dividends,10,2,b,rate,10,percent,",
        "fixed,1,en,dividends,10,2,b,rate,10,percent,",
    ]))
    .unwrap_err();
    assert_eq!(
        error,
        GoldenError::Field {
            line: 3,
            column: "gap",
            value: "fixed".to_owned(),
            problem: "expected `missing`, `changed` or `unexpected`"
        }
    );
}

// Reports.

fn two_document_comparisons() -> Vec<DocumentComparison> {
    let (expected, mut actual, ..) = wrong_portugal_output();
    let mut marked_up = actual[0].clone();
    marked_up.article = "12".to_owned();
    marked_up.subparagraph = "d".to_owned();
    marked_up.quote = "<b>R&D</b> \"royalties\" 'x'".to_owned();
    actual.push(marked_up);
    let (portugal_rates, portugal_outline) = (expected, fixture(PORTUGAL).1);
    let (japan_rates, japan_outline) = fixture(JAPAN);
    vec![
        compare_document(
            PORTUGAL,
            &actual,
            &portugal_rates,
            &portugal_outline,
            &portugal_outline,
        ),
        compare_document(
            JAPAN,
            &japan_rates,
            &japan_rates,
            &japan_outline,
            &japan_outline,
        ),
    ]
}

/// Checks that every element is closed in order, that attribute values and text hold no raw
/// `<`, and that every `&` starts an entity: enough to catch broken nesting and missed escapes.
fn assert_well_formed_xml(xml: &str) {
    let mut open_elements: Vec<String> = Vec::new();
    let mut rest = xml;
    if let Some(after_declaration) = rest.strip_prefix("<?xml") {
        rest = &after_declaration[after_declaration.find("?>").expect("closed declaration") + 2..];
    }
    while let Some(tag_start) = rest.find('<') {
        let text = &rest[..tag_start];
        assert!(!text.contains('>'), "raw > in text: {text}");
        assert_entities(text);
        let tag_end = rest[tag_start..].find('>').expect("closed tag") + tag_start;
        let tag = &rest[tag_start + 1..tag_end];
        assert!(!tag.contains('<'), "raw < inside a tag: {tag}");
        assert_entities(tag);
        let quote_count = tag.matches('"').count();
        assert_eq!(quote_count % 2, 0, "unbalanced attribute quotes: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open_elements.pop().as_deref(),
                Some(name),
                "mismatched close tag"
            );
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().unwrap().to_owned();
            open_elements.push(name);
        }
        rest = &rest[tag_end + 1..];
    }
    assert!(rest.trim().is_empty());
    assert!(open_elements.is_empty(), "unclosed: {open_elements:?}");
}

fn assert_entities(text: &str) {
    for (ampersand_idx, _) in text.match_indices('&') {
        let after = &text[ampersand_idx..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|entity| after.starts_with(entity)),
            "raw & in {text}"
        );
    }
}

#[test]
fn junit_has_one_testcase_per_document_and_a_failure_for_the_failing_one() {
    let comparisons = two_document_comparisons();
    let table = score_table(&comparisons);
    let misses: Vec<Misses> = comparisons
        .iter()
        .map(|comparison| classify_misses(comparison, &[]))
        .collect();
    let gate = JunitGate {
        misses: &misses,
        min_f1: 0.0,
        min_exact: 0.0,
    };
    let xml = render_junit(&comparisons, &table, &gate);
    assert_well_formed_xml(&xml);
    assert_eq!(xml.matches("<testsuite ").count(), 1);
    assert!(xml.contains(
        "<testsuite name=\"treaty-check\" tests=\"2\" skipped=\"0\" errors=\"0\" failures=\"1\""
    ));
    assert_eq!(suite_counts(&xml), (2, 1, 0));
    assert_eq!(xml.matches("<testcase ").count(), 2);
    assert_eq!(xml.matches("<failure ").count(), 1);

    let japan_case = &xml[xml.find(&format!("name=\"{JAPAN}\"")).unwrap()..];
    let japan_case = &japan_case[..japan_case.find("</testcase>").unwrap()];
    assert!(!japan_case.contains("<failure"));
    let portugal_case = &xml[xml.find(&format!("name=\"{PORTUGAL}\"")).unwrap()..];
    let portugal_case = &portugal_case[..portugal_case.find("</testcase>").unwrap()];
    assert!(portugal_case.contains(
        "message=\"5 rate rows missing, changed or unexpected, not listed in known-gaps.csv\""
    ));
    assert!(portugal_case.contains("missing pt art 13 ¶4 capital_gains threshold 50 percent"));
    assert!(portugal_case
        .contains("changed en art 10 ¶2 (b) dividends rate 10 percent: value: 10 -&gt; 15"));
    assert!(portugal_case.contains("unexpected en art 12 ¶2 (c) royalties rate 15 percent"));
    assert!(portugal_case.contains("exact f1 0.909"), "{portugal_case}");
    assert!(
        portugal_case.contains("condition: income=copyright+films+software -&gt; income=copyright")
    );
    // The unexpected row with markup in its quote is escaped.
    assert!(
        portugal_case.contains("&lt;b&gt;R&amp;D&lt;/b&gt; &quot;royalties&quot; &apos;x&apos;"),
        "{portugal_case}"
    );
    assert!(!xml.contains("<b>"));
}

#[test]
fn junit_agrees_with_the_gate_known_gaps_are_skipped_and_min_f1_is_a_test_case() {
    let comparisons = two_document_comparisons();
    let table = score_table(&comparisons);
    // Every miss of the failing document listed as a known gap: nothing fails.
    let portugal = comparisons.iter().find(|c| c.doc == PORTUGAL).unwrap();
    let gaps = parse_known_gaps_csv(&write_known_gaps_csv(portugal, &[])).unwrap();
    let misses: Vec<Misses> = comparisons
        .iter()
        .map(|comparison| {
            classify_misses(
                comparison,
                if comparison.doc == PORTUGAL {
                    &gaps
                } else {
                    &[]
                },
            )
        })
        .collect();
    assert!(misses.iter().all(|m| m.regressions.is_empty()));
    let xml = render_junit(
        &comparisons,
        &table,
        &JunitGate {
            misses: &misses,
            min_f1: 0.0,
            min_exact: 0.0,
        },
    );
    assert_well_formed_xml(&xml);
    assert!(
        xml.contains("tests=\"7\" skipped=\"5\" errors=\"0\" failures=\"0\""),
        "{xml}"
    );
    assert_eq!(suite_counts(&xml), (7, 0, 5));
    assert_eq!(xml.matches("<failure").count(), 0);
    assert_eq!(xml.matches("<skipped message=\"known gap").count(), 5);
    assert!(xml.contains(&format!(
        "name=\"{PORTUGAL}: missing pt art 13 ¶4 capital_gains threshold 50 percent [measure=land_rich_share]\""
    )));
    assert!(xml.contains(&format!(
        "name=\"{PORTUGAL}: unexpected en art 12 ¶2 (c) royalties rate 15 percent\""
    )));
    assert!(xml.contains("<property name=\"known_gaps\" value=\"5\"/>"));

    // A minimum F1 above the score is one more failing test case; so is a minimum exact F1,
    // each on its own measure.
    let gate = |min_f1: f64, min_exact: f64| {
        render_junit(
            &comparisons,
            &table,
            &JunitGate {
                misses: &misses,
                min_f1,
                min_exact,
            },
        )
    };
    let f1 = table.overall.f1();
    let exact_f1 = table.overall.exact_f1();
    assert!(exact_f1 < f1 - 0.01, "{exact_f1} {f1}");
    let xml = gate(f1 + 0.01, 0.0);
    assert_well_formed_xml(&xml);
    assert_eq!(suite_counts(&xml), (8, 1, 5), "{xml}");
    assert!(xml.contains(&format!(
        "<failure message=\"F1 {f1:.3} is below {:.3}\" type=\"min-f1\"",
        f1 + 0.01
    )));
    let xml = gate(f1 - 0.01, 0.0);
    assert_eq!(suite_counts(&xml), (8, 0, 5), "{xml}");
    // The found F1 passes a threshold the exact F1 does not.
    let xml = gate(0.0, f1 - 0.01);
    assert_well_formed_xml(&xml);
    assert_eq!(suite_counts(&xml), (8, 1, 5), "{xml}");
    assert!(xml.contains(&format!(
        "name=\"overall exact F1 of rate rows &gt;= {:.3}\" classname=\"treaty-check\">\n            <failure message=\"F1 {exact_f1:.3} is below {:.3}\" type=\"min-exact\"",
        f1 - 0.01,
        f1 - 0.01
    )), "{xml}");
    let xml = gate(f1 - 0.01, exact_f1 - 0.01);
    assert_eq!(suite_counts(&xml), (9, 0, 5), "{xml}");
}

/// The one test suite's tests, failures and skipped cases, as a JUnit reader reads them.
fn suite_counts(xml: &str) -> (usize, usize, usize) {
    let report = quick_junit::Report::deserialize_from_str(xml).expect("a JUnit report");
    assert_eq!(report.test_suites.len(), 1);
    let suite = &report.test_suites[0];
    assert_eq!(
        (report.tests, report.failures, report.skipped),
        (suite.tests, suite.failures, suite.skipped)
    );
    (suite.tests, suite.failures, suite.skipped)
}

#[test]
fn junit_escapes_markup_and_drops_what_xml_cannot_hold() {
    // A document name and a row quote with markup, quotes, control characters, a terminal
    // colour code and a noncharacter, all of which a file name or a fixture may hold.
    let doc = "a<b>&\"c\"'d'\u{1}\u{1b}[31m\u{ffff}";
    let mut comparisons = two_document_comparisons();
    comparisons[0].doc = doc.to_string();
    let misses: Vec<Misses> = comparisons
        .iter()
        .map(|comparison| {
            let mut misses = classify_misses(comparison, &[]);
            misses.known.push("gap <x> & \"y\"\u{8}".to_string());
            misses
                .regressions
                .push("quote </failure> end\u{0}".to_string());
            misses
        })
        .collect();
    let table = score_table(&comparisons);
    let xml = render_junit(
        &comparisons,
        &table,
        &JunitGate {
            misses: &misses,
            min_f1: 0.0,
            min_exact: 0.0,
        },
    );
    assert_well_formed_xml(&xml);
    assert!(
        !xml.contains("<b>") && !xml.contains("</failure> "),
        "{xml}"
    );
    for forbidden in ['\u{0}', '\u{1}', '\u{8}', '\u{1b}', '\u{ffff}'] {
        assert!(
            !xml.contains(forbidden),
            "U+{:04X} in {xml}",
            u32::from(forbidden)
        );
    }
    // A JUnit reader gets the names and texts back, less what XML cannot hold.
    let report = quick_junit::Report::deserialize_from_str(&xml).expect("a JUnit report");
    let cases = &report.test_suites[0].test_cases;
    let shown = "a<b>&\"c\"'d'\u{fffd}";
    let case = cases
        .iter()
        .find(|case| case.name.as_str() == shown)
        .unwrap_or_else(|| panic!("no test case named {shown:?} in {xml}"));
    match &case.status {
        quick_junit::TestCaseStatus::NonSuccess { description, .. } => {
            let description = description.as_deref().unwrap_or_default();
            assert!(
                description.ends_with("quote </failure> end"),
                "{description:?}"
            );
        }
        other => panic!("the document does not fail: {other:?}"),
    }
    let gap = format!("{shown}: gap <x> & \"y\"");
    assert!(
        cases.iter().any(|case| case.name.as_str() == gap),
        "no skipped case {gap:?} in {xml}"
    );
}

#[test]
fn text_report_is_deterministic_and_lists_every_difference() {
    let comparisons = two_document_comparisons();
    let table = score_table(&comparisons);
    let text = render_text(&comparisons, &table, false);
    let mut reversed = comparisons.clone();
    reversed.reverse();
    assert_eq!(render_text(&reversed, &score_table(&reversed), false), text);
    assert!(!text.contains('\x1b'));

    // Documents in name order.
    let japan_heading = text.find(&format!("== {JAPAN} ok")).unwrap();
    let portugal_heading = text.find(&format!("== {PORTUGAL} differs")).unwrap();
    assert!(japan_heading < portugal_heading);
    for expected_line in [
        "rates: 35 matched, 2 changed, 1 missing, 2 unexpected; outline: 60 matched, 0 changed, 0 missing, 0 unexpected",
        "missing (1)",
        "  - pt art 13 ¶4 capital_gains threshold 50 percent [measure=land_rich_share] — \"em mais de 50 %, de bens imobiliários situados no outro Estado Contratante\"",
        "unexpected (2)",
        "  + en art 12 ¶2 (c) royalties rate 15 percent — \"program quote: 15 per cent in all other cases\"",
        "changed (2)",
        "  ~ en art 10 ¶2 (b) dividends rate 10 percent — \"10 per cent of the gross amount of the dividends in all other cases\"",
        "      value: 10 -> 15",
        "  ~ pt art 12 ¶2 (a) royalties rate 5 percent [income=copyright+films+software] — \"5 % do montante bruto das royalties abrangidas pela definição constante da alíne…\"",
        "      condition: income=copyright+films+software -> income=copyright",
    ] {
        assert!(text.lines().any(|line| line == expected_line), "no line {expected_line:?} in\n{text}");
    }
    let score_line = |scope: &str, name: &str| {
        text.lines()
            .find(|line| line.split_whitespace().take(2).eq([scope, name]))
            .unwrap_or_else(|| panic!("no score line {scope} {name}"))
            .split_whitespace()
            .skip(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Counts; found precision, recall, F1; exact precision, recall, F1; agreement of found
    // rows on subparagraph, condition, source, modifies (- where the fixture has no column).
    assert_eq!(
        score_line("document", PORTUGAL),
        "38 39 36 35 0.923 0.947 0.935 0.897 0.921 0.909 1.000 0.972 - -"
    );
    assert_eq!(
        score_line("document", JAPAN),
        "38 38 38 38 1.000 1.000 1.000 1.000 1.000 1.000 1.000 1.000 - -"
    );
    assert_eq!(
        score_line("overall", "rates"),
        "76 77 74 73 0.961 0.974 0.967 0.948 0.961 0.954 1.000 0.986 - -"
    );
    assert_eq!(
        score_line("overall", "outline"),
        "93 93 93 93 1.000 1.000 1.000 1.000 1.000 1.000 - - - -"
    );
    assert!(text.lines().any(|line| line.starts_with("language  ja ")));
    assert!(text
        .lines()
        .any(|line| line.starts_with("topic     dividends ")));

    let colored = render_text(&comparisons, &table, true);
    assert!(colored.contains("\x1b[31m  - pt art 13 ¶4 capital_gains threshold 50 percent"));
    assert!(colored.contains("\x1b[33m  + en art 12 ¶2 (c) royalties rate 15 percent"));
    assert!(colored.contains("condition: \x1b[31mincome=copyright+films+software\x1b[0m -> \x1b[32mincome=copyright\x1b[0m"));
}

#[test]
fn text_report_shows_outline_differences() {
    let (_, expected) = fixture(JAPAN);
    let mut actual = expected.clone();
    actual[9].paragraphs = 7;
    let comparison = compare_document(JAPAN, &[], &[], &actual, &expected);
    let text = render_text(
        std::slice::from_ref(&comparison),
        &score_table(std::slice::from_ref(&comparison)),
        false,
    );
    assert!(text.contains("outline changed (1)\n  ~ ja art 10 dividends, 8 paragraphs — \"配当\"\n      paragraphs: 8 -> 7\n"), "{text}");
}

#[test]
fn json_report_has_stable_keys_and_scores() {
    let comparisons = two_document_comparisons();
    let table = score_table(&comparisons);
    let json = render_json(&comparisons, &table);
    let mut reversed = comparisons.clone();
    reversed.reverse();
    assert_eq!(render_json(&reversed, &score_table(&reversed)), json);

    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["documents"][0]["doc"], JAPAN);
    assert_eq!(value["documents"][1]["doc"], PORTUGAL);
    let portugal = &value["documents"][1];
    assert_eq!(portugal["rates"]["missing"].as_array().unwrap().len(), 1);
    assert_eq!(portugal["rates"]["unexpected"].as_array().unwrap().len(), 2);
    assert_eq!(portugal["rates"]["matched"].as_array().unwrap().len(), 35);
    assert_eq!(
        portugal["rates"]["changed"][0]["fields"],
        serde_json::json!(["value"])
    );
    assert_eq!(
        portugal["rates"]["changed"][1]["fields"],
        serde_json::json!(["condition"])
    );
    assert_eq!(
        portugal["rates"]["changed"][1]["actual"]["condition"],
        "income=copyright"
    );
    // Exact scores and the agreement of found rows, per document and overall.
    assert_eq!(portugal["rate_score"]["exact"], 35);
    assert_close(
        portugal["rate_score"]["exact_f1"].as_f64().unwrap(),
        70.0 / 77.0,
    );
    let agreement = &portugal["rate_score"]["agreement"];
    assert_eq!(agreement["condition"]["compared"], 36);
    assert_eq!(agreement["condition"]["agree"], 35);
    assert_close(
        agreement["condition"]["share"].as_f64().unwrap(),
        35.0 / 36.0,
    );
    assert_eq!(agreement["source"]["compared"], 0);
    assert!(agreement["source"]["share"].is_null());
    assert_close(
        value["scores"]["overall"]["exact_recall"].as_f64().unwrap(),
        73.0 / 76.0,
    );
    assert_eq!(value["scores"]["per_language"][0]["name"], "en");
    assert!(value["scores"]["per_topic"][0]["exact_f1"].is_f64());
    assert_eq!(portugal["outline"]["matched"], 60);
    assert_eq!(portugal["rate_score"]["found"], 36);
    assert_eq!(value["scores"]["overall"]["expected"], 76);
    assert_eq!(value["scores"]["overall"]["exact"], 73);
    assert_eq!(value["scores"]["outline_overall"]["f1"], 1.0);
    assert_eq!(value["scores"]["per_document"][1]["name"], PORTUGAL);

    // Keys come in declaration order, not alphabetically.
    let key_position = |key: &str| json.find(&format!("\"{key}\":")).unwrap();
    assert!(key_position("documents") < key_position("scores"));
    assert!(key_position("matched") < key_position("changed"));
    assert!(key_position("changed") < key_position("missing"));
    assert!(key_position("treaty") < key_position("lang"));
    assert!(key_position("expected") < key_position("actual"));
    assert!(json.ends_with("}\n"));
}

#[test]
fn source_and_modifies_are_compared_where_the_fixture_has_them() {
    let layered = "treaty,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition,quote,source,modifies\n\
1,en,interest,11,2,,rate,10,percent,,q,treaty,\n\
1,en,dividends,P3,2,a,rate,5,percent,,q,protocol,10\n";
    let mut expected = parse_rates_csv(layered).unwrap();
    expected.reverse();
    assert_eq!(expected[0].source.as_deref(), Some("protocol"));
    // Written back with the layer columns, since a row needs them.
    assert_eq!(write_rates_csv(&expected), layered);

    let mut actual = expected.clone();
    actual[0].modifies = Some("11".to_owned());
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);
    assert_eq!(comparison.rates.changed.len(), 1);
    assert_eq!(comparison.rates.changed[0].fields, vec!["modifies"]);
    assert_eq!(comparison.rates.changed[0].values("modifies"), ("10", "11"));
    let score = score_table(&[comparison]).overall;
    assert_eq!(counts(score), [2, 2, 2, 1]);
    let [_, _, source, modifies] = score.agreement;
    assert_eq!((source.agree, source.compared), (2, 2));
    assert_eq!((modifies.agree, modifies.compared), (1, 2));

    // A fixture without the columns is not compared on them.
    let mut plain = expected.clone();
    for row in &mut plain {
        row.source = None;
        row.modifies = None;
    }
    let comparison = compare_document(PORTUGAL, &actual, &plain, &[], &[]);
    assert_eq!(comparison.rates.matched.len(), 2);
    assert_eq!(score_table(&[comparison]).overall.agreement[3].compared, 0);
    assert!(!write_rates_csv(&plain).contains("source"));
}

#[test]
fn a_changed_value_pairs_only_in_its_place_and_with_its_condition() {
    let base = find_rate(&fixture(PORTUGAL).0, "en", "10", "2", "a", "rate", "5").clone();
    let row = |value: &str, condition: &str| RateRecord {
        value: value.to_owned(),
        condition: condition.to_owned(),
        ..base.clone()
    };
    // Same value first: the 5% row pairs with the 5% row of another condition; the 15% row
    // with the 10% row of its condition is a changed value.
    let expected = vec![row("5", "income=one"), row("15", "income=two")];
    let actual = vec![row("10", "income=two"), row("5", "income=three")];
    let comparison = compare_document(PORTUGAL, &actual, &expected, &[], &[]);
    let pairs: Vec<(&str, &str, Vec<&str>)> = comparison
        .rates
        .changed
        .iter()
        .map(|change| {
            (
                change.expected.value.as_str(),
                change.actual.value.as_str(),
                change.fields.clone(),
            )
        })
        .collect();
    assert_eq!(
        pairs,
        vec![("5", "5", vec!["condition"]), ("15", "10", vec!["value"])]
    );
    assert_eq!(counts(score_table(&[comparison]).overall), [2, 2, 1, 0]);

    // Another value with another condition, or in another paragraph, is no change.
    let elsewhere = RateRecord {
        paragraph: "3".to_owned(),
        ..row("15", "income=one")
    };
    let comparison = compare_document(
        PORTUGAL,
        &[row("10", "income=other"), elsewhere],
        &[row("15", "income=one")],
        &[],
        &[],
    );
    assert!(comparison.rates.changed.is_empty());
    assert_eq!(comparison.rates.missing.len(), 1);
    assert_eq!(comparison.rates.unexpected.len(), 2);
}
