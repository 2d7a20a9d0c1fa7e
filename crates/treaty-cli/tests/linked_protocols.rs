//! `treaty run` over a folder holding a convention and a protocol that amends it by article
//! numbers: the protocol waits for the batch's treaties, takes the topics of the articles it
//! amends from the convention, and is written after the other documents, the same with any
//! number of workers.

mod common;

use std::path::Path;

use common::{text, treaty, workspace_root};

fn linked_data(name: &str) -> std::path::PathBuf {
    workspace_root()
        .join("crates/treaty-pipeline/tests/data/linked")
        .join(name)
}

/// The inputs, named so that the protocol sorts before the convention it amends.
fn inputs(dir: &Path) {
    let inputs = dir.join("in");
    std::fs::create_dir_all(&inputs).unwrap();
    std::fs::copy(
        linked_data("norway-chile-2010-protocol.txt"),
        inputs.join("a-protocol.txt"),
    )
    .unwrap();
    std::fs::copy(
        linked_data("norway-chile-2001-convention.txt"),
        inputs.join("b-convention.txt"),
    )
    .unwrap();
}

#[test]
fn a_protocol_takes_its_topics_from_the_convention_in_the_same_run() {
    let dir = tempfile::tempdir().unwrap();
    inputs(dir.path());
    let run = treaty(
        &["run", "in", "--out", "one", "--quiet", "--jobs", "1"],
        dir.path(),
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let rates = std::fs::read_to_string(dir.path().join("one/rates.csv")).unwrap();
    let protocol_rows: Vec<&str> = rates
        .lines()
        .filter(|l| l.starts_with("a-protocol,"))
        .collect();
    assert!(
        protocol_rows.iter().any(|l| l.starts_with(
            "a-protocol,en,dividends,P1,2,a,threshold,6,months,measure=holding_period,"
        )),
        "{rates}"
    );
    assert!(
        !protocol_rows.iter().any(|l| l.contains(",miscellaneous,")),
        "{rates}"
    );
    // Written after the convention, although its name sorts first.
    let first_protocol = rates.find("\na-protocol,").unwrap();
    let last_convention = rates.rfind("\nb-convention,").unwrap();
    assert!(last_convention < first_protocol, "{rates}");
    let treaties = std::fs::read_to_string(dir.path().join("one/treaties.csv")).unwrap();
    assert!(
        treaties
            .lines()
            .any(|l| l.starts_with("a-protocol,1,protocol,") && l.contains(",2001-03-05,")),
        "{treaties}"
    );
    let warnings = std::fs::read_to_string(dir.path().join("one/warnings.jsonl")).unwrap();
    assert!(
        warnings.contains("\"amended_treaty_in_batch\""),
        "{warnings}"
    );

    let two = treaty(
        &["run", "in", "--out", "two", "--quiet", "--jobs", "2"],
        dir.path(),
    );
    assert!(two.status.success(), "{}", text(&two.stderr));
    for file in [
        "rates.csv",
        "articles.csv",
        "treaties.csv",
        "warnings.jsonl",
    ] {
        assert_eq!(
            std::fs::read(dir.path().join("one").join(file)).unwrap(),
            std::fs::read(dir.path().join("two").join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn alone_the_protocol_says_which_treaty_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    inputs(dir.path());
    let run = treaty(
        &["run", "in/a-protocol.txt", "--out", "out", "--quiet"],
        dir.path(),
    );
    assert!(run.status.success(), "{}", text(&run.stderr));
    let warnings = std::fs::read_to_string(dir.path().join("out/warnings.jsonl")).unwrap();
    assert!(
        warnings.contains("\"amended_article_topic_unknown\""),
        "{warnings}"
    );
    assert!(warnings.contains("signed 2001-03-05"), "{warnings}");
    let rates = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    assert!(
        rates.contains("a-protocol,en,miscellaneous,P1,2,a,threshold,6,months,"),
        "{rates}"
    );
}
