//! The README tells the truth: where it shows output, the output is what the binary prints
//! on this repository, and its links point to files in the repository.
//!
//! When extraction changes rows or scores, these tests fail and print the lines to paste.

mod common;

use common::*;

fn readme() -> String {
    std::fs::read_to_string(workspace_root().join("README.md")).unwrap()
}

/// The lines of the first fenced code block in `language` after the line `heading`.
fn code_block(readme: &str, heading: &str, language: &str) -> Vec<String> {
    let section = &readme[readme
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("README has no {heading}"))..];
    let fence = format!("```{language}\n");
    let block = &section[section.find(&fence).unwrap() + fence.len()..];
    block[..block.find("```").unwrap()]
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn readme_example_rows_are_rows_of_the_real_output() {
    let readme = readme();
    let shown = code_block(&readme, "## What comes out", "csv");
    assert!(shown.len() >= 3, "{shown:?}");
    let doc = shown[1].split(',').next().unwrap().to_owned();
    let dir = tempfile::tempdir().unwrap();
    let input = corpus(&format!("{doc}.txt"));
    let output = treaty(
        &["run", input.to_str().unwrap(), "--out", "out", "-q"],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let rates = std::fs::read_to_string(dir.path().join("out/rates.csv")).unwrap();
    let real: Vec<&str> = rates.lines().collect();
    assert_eq!(shown[0], real[0], "the README's header is rates.csv's");
    let stale: Vec<&String> = shown[1..]
        .iter()
        .filter(|row| !real.contains(&row.as_str()))
        .collect();
    assert!(
        stale.is_empty(),
        "README rows not in the output of `treaty run corpus/{doc}.txt`:\n{}\n\nThe first rows now are:\n{}",
        stale
            .iter()
            .map(|row| row.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
        real[..real.len().min(shown.len())].join("\n")
    );
    // The README says these are the first rows.
    assert_eq!(shown[..], real[..shown.len()], "the first rows, in order");

    // The schema section names the same columns in the same order.
    let columns = "`doc, lang, topic, article, paragraph, subparagraph, kind, value, unit, condition, quote` (this order, always first), then `treaty, start, end, confidence, status, source, modifies, page`";
    assert!(readme.contains(columns));
    assert_eq!(
        real[0],
        "doc,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition,quote,treaty,start,end,confidence,status,source,modifies,page"
    );
}

#[test]
fn readme_check_sample_is_what_check_prints() {
    let shown = code_block(&readme(), "## Accuracy checks in CI", "text");
    let output = treaty(&["check"], &workspace_root());
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let printed = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let lines: Vec<&str> = printed.lines().collect();
    let stale: Vec<&String> = shown
        .iter()
        .filter(|line| !line.is_empty() && line.as_str() != "...")
        .filter(|line| !lines.contains(&line.as_str()))
        .collect();
    assert!(
        stale.is_empty(),
        "README lines that `treaty check` does not print:\n{}\n\n`treaty check` prints:\n{printed}",
        stale
            .iter()
            .map(|line| line.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn readme_links_and_documents_are_in_the_repository() {
    let root = workspace_root();
    let readme = readme();
    assert!(
        !readme.contains("../"),
        "the README points outside the repository"
    );
    // Markdown links to files.
    let mut targets: Vec<String> = readme
        .match_indices("](")
        .map(|(idx, _)| {
            let rest = &readme[idx + 2..];
            rest[..rest.find(')').unwrap()].to_owned()
        })
        .filter(|target| !target.starts_with("http") && !target.starts_with('#'))
        .collect();
    // Documents named in code spans.
    targets.extend(
        readme
            .split('`')
            .skip(1)
            .step_by(2)
            // (`.md` alone is an extension, not a document.)
            .filter(|span| span.ends_with(".md") && !span.contains(' ') && !span.starts_with('.'))
            .map(str::to_owned),
    );
    assert!(targets
        .iter()
        .any(|target| target == "docs/dataset-contract.md"));
    for target in &targets {
        assert!(
            root.join(target).exists(),
            "README names {target}, which is not in the repository"
        );
    }
    let contract = std::fs::read_to_string(root.join("docs/dataset-contract.md")).unwrap();
    assert!(contract.contains(
        "`doc, lang, topic, article, paragraph, subparagraph, kind, value, unit, condition, quote`"
    ));
}
