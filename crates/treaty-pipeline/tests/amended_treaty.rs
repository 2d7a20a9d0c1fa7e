//! A protocol published on its own amends articles by number ("Subparagraph (a) of paragraph
//! 2 of Article 10 of the Convention shall be amended ..."): with the treaty it amends from
//! another document, found by parties and signature date, its articles take that treaty's
//! topics; without it, a warning says what is missing.

use std::sync::Arc;

use treaty_pipeline::link::{amended_treaty, treaties_of, LinkedTreaty};
use treaty_pipeline::{process_document, Settings};
use treaty_schema::DocumentReport;

const CONVENTION: &str = include_str!("data/linked/norway-chile-2001-convention.txt");
const PROTOCOL: &str = include_str!("data/linked/norway-chile-2010-protocol.txt");

fn report(doc: &str, text: &str, settings: &Settings) -> DocumentReport {
    process_document(doc, text.as_bytes(), settings).expect("a text document")
}

/// `topic article value unit measure` of each row.
fn rows(report: &DocumentReport) -> Vec<String> {
    report
        .rows
        .iter()
        .map(|row| {
            format!(
                "{} {} {} {} {}",
                row.topic.as_str(),
                row.article,
                row.value.as_str(),
                row.unit.as_str(),
                row.conditions
                    .measure
                    .map_or("-".to_string(), |m| m.as_str().to_string())
            )
        })
        .collect()
}

fn codes(report: &DocumentReport) -> Vec<&str> {
    report.warnings.iter().map(|w| w.code.as_str()).collect()
}

#[test]
fn a_protocol_names_the_date_of_the_treaty_it_amends() {
    let protocol = report("protocol", PROTOCOL, &Settings::default());
    let amends = protocol.treaties[0].amends.as_ref().expect("amends");
    assert_eq!(amends.date.as_deref(), Some("2001-03-05"));
    assert_eq!(&PROTOCOL[amends.start..amends.end], "5 March 2001");
    // Its own signature is not the treaty it amends; a convention amends none.
    assert_eq!(
        protocol.treaties[0]
            .signed
            .as_ref()
            .unwrap()
            .date
            .as_deref(),
        Some("2010-06-01")
    );
    let convention = report("convention", CONVENTION, &Settings::default());
    assert_eq!(convention.treaties[0].amends, None);
}

#[test]
fn the_date_amended_is_the_conventions_when_the_preamble_first_names_an_earlier_protocol() {
    // A second protocol names the first one before the convention it amended.
    let second = PROTOCOL.replace(
        "Desiring to amend the Convention between",
        "Desiring to amend the Protocol signed at Santiago on 20 January 2005 to the Convention between",
    );
    let protocol = report("protocol", &second, &Settings::default());
    let amends = protocol.treaties[0].amends.as_ref().expect("amends");
    assert_eq!(amends.date.as_deref(), Some("2001-03-05"));
    assert_eq!(&second[amends.start..amends.end], "5 March 2001");
}

#[test]
fn alone_the_articles_amended_by_number_have_no_topic_and_a_warning_says_so() {
    let protocol = report("protocol", PROTOCOL, &Settings::default());
    let rows = rows(&protocol);
    assert!(
        rows.contains(&"miscellaneous P1 6 months other".to_string()),
        "{rows:?}"
    );
    // A replacing article that states its subject keeps it.
    assert!(
        rows.contains(&"royalties P2 5 percent -".to_string()),
        "{rows:?}"
    );
    let warning = protocol
        .warnings
        .iter()
        .find(|w| w.code == "amended_article_topic_unknown")
        .expect("a warning");
    // It names the articles and the treaty to add.
    for named in ["P1 (modifies 10)", "P3 (modifies 5)", "2001-03-05"] {
        assert!(warning.message.contains(named), "{}", warning.message);
    }
}

#[test]
fn with_the_treaty_from_another_document_they_take_its_articles_topics() {
    let convention = report("convention", CONVENTION, &Settings::default());
    let known = treaties_of(&convention);
    assert_eq!(known.len(), 1);
    assert_eq!(known[0].parties, ["CL", "NO"]);
    let alone = report("protocol", PROTOCOL, &Settings::default());
    let treaty = amended_treaty(&alone, &known).expect("the convention fits");
    let settings = Settings {
        amended_treaty: Some(Arc::new(treaty.clone())),
        ..Settings::default()
    };
    let linked = report("protocol", PROTOCOL, &settings);
    let rows = rows(&linked);
    for expected in [
        "dividends P1 6 months holding_period",
        "dividends P1 10 percent min_holding",
        "royalties P2 5 percent -",
        "permanent_establishment P3 9 months pe_other",
    ] {
        assert!(rows.contains(&expected.to_string()), "{expected}: {rows:?}");
    }
    let codes = codes(&linked);
    assert!(codes.contains(&"amended_treaty_in_batch"), "{codes:?}");
    assert!(
        !codes.contains(&"amended_article_topic_unknown"),
        "{codes:?}"
    );
}

#[test]
fn only_a_treaty_of_the_same_parties_signed_that_day_fits_and_only_one() {
    let protocol = report("protocol", PROTOCOL, &Settings::default());
    let known = |text: &str, doc: &str| -> Vec<LinkedTreaty> {
        treaties_of(&report(doc, text, &Settings::default()))
    };
    let other_day = known(
        &CONVENTION.replace("5th day of March", "6th day of March"),
        "c",
    );
    assert!(amended_treaty(&protocol, &other_day).is_none());
    let other_party = known(
        &CONVENTION.replace("CHILE", "PERU").replace("Chile", "Peru"),
        "c",
    );
    assert!(amended_treaty(&protocol, &other_party).is_none());
    // The protocol's own document is never its treaty.
    let itself = known(CONVENTION, "protocol");
    assert!(amended_treaty(&protocol, &itself).is_none());
    // Two copies: which one is meant is a guess, so neither.
    let mut twice = known(CONVENTION, "a");
    twice.extend(known(CONVENTION, "b"));
    assert!(amended_treaty(&protocol, &twice).is_none());
    assert!(amended_treaty(&protocol, &twice[..1]).is_some());
}
