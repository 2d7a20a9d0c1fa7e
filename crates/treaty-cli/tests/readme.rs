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
    let columns = "`doc, lang, topic, article, paragraph, subparagraph, kind, value, unit, condition, quote` (this order, always first), then `treaty, start, end, confidence, status, source, modifies, page, ocr_confidence, row_id`";
    assert!(readme.contains(columns));
    assert_eq!(
        real[0],
        "doc,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition,quote,treaty,start,end,confidence,status,source,modifies,page,ocr_confidence,row_id"
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

/// The cells of the README table row that starts with `start`, trimmed, without the first.
fn table_row(readme: &str, start: &str) -> Vec<String> {
    let line = readme
        .lines()
        .find(|line| line.starts_with(start))
        .unwrap_or_else(|| panic!("README has no row {start}"));
    line.trim_matches('|')
        .split('|')
        .skip(1)
        .map(|cell| cell.trim().to_owned())
        .collect()
}

/// `P / R / F` of found rows and of exact rows, from the last line `treaty check` prints.
fn check_figures(folder: &str) -> (String, String) {
    let output = treaty(&["check", folder], &workspace_root());
    let printed = format!("{}{}", text(&output.stdout), text(&output.stderr));
    let summary = printed
        .lines()
        .find(|line| line.contains(" documents compared: "))
        .unwrap_or_else(|| panic!("`treaty check {folder}` printed no summary:\n{printed}"));
    let numbers: Vec<&str> = summary
        .split([' ', ',', ';'])
        .filter(|word| word.len() == 5 && word.starts_with(['0', '1']) && word.contains('.'))
        .collect();
    assert!(numbers.len() >= 6, "{summary}");
    (numbers[..3].join(" / "), numbers[3..6].join(" / "))
}

#[test]
fn readme_accuracy_figures_are_what_check_prints_for_each_folder() {
    let readme = readme();
    let found = table_row(&readme, "| rate rows against the fixtures");
    let exact = table_row(&readme, "| the same for exact rows");
    for (column, folder) in [(0, "corpus/ja"), (1, "corpus/en")] {
        let (found_now, exact_now) = check_figures(folder);
        assert_eq!(
            found[column], found_now,
            "found rows of `treaty check {folder}` in the README"
        );
        assert_eq!(
            exact[column], exact_now,
            "exact rows of `treaty check {folder}` in the README"
        );
    }
}

/// Copies a folder with its files (one level of subfolders deep is enough for the corpus).
fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

#[test]
fn readme_measuring_commands_work_after_the_default_run() {
    let readme = readme();
    let line = readme
        .lines()
        .find(|line| line.starts_with("Measured with `treaty run corpus/ja"))
        .expect("README says how the real treaties were measured");
    let commands: Vec<&str> = line
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| span.starts_with("treaty run corpus/"))
        .collect();
    assert_eq!(commands.len(), 2, "{line}");
    let dir = tempfile::tempdir().unwrap();
    for folder in ["ja", "en"] {
        copy_folder(
            &workspace_root().join("corpus").join(folder),
            &dir.path().join("corpus").join(folder),
        );
    }
    // The README's first command, then the ones of this section.
    let default = treaty(&["run", "-q"], dir.path());
    assert_eq!(default.status.code(), Some(0), "{}", text(&default.stderr));
    for command in commands {
        let args: Vec<&str> = command.split_whitespace().skip(1).collect();
        let output = treaty(&args, dir.path());
        assert_eq!(
            output.status.code(),
            Some(0),
            "`{command}` after `treaty run`: {}",
            text(&output.stderr)
        );
    }
}

/// The install line builds with the locked dependencies (without `--locked`, `cargo install`
/// resolves every dependency anew), and the two commands are the ones CI runs.
#[test]
fn readme_install_line_is_locked_and_ci_runs_the_readme_commands() {
    let readme = readme();
    let install: Vec<&str> = readme
        .lines()
        .filter(|line| {
            line.trim_start().starts_with("cargo install") && line.contains("crates/treaty-cli")
        })
        .collect();
    assert!(
        !install.is_empty(),
        "the README shows how to install the binary"
    );
    assert!(
        install.iter().all(|line| line.contains("--locked")),
        "{install:?}"
    );
    let ci = std::fs::read_to_string(workspace_root().join(".ci/run")).unwrap();
    for command in ["tools/test.sh", "cargo run --release -p treaty-cli -- run"] {
        assert!(readme.contains(command), "the README names {command}");
        assert!(ci.contains(command), ".ci/run runs {command}");
    }
}
