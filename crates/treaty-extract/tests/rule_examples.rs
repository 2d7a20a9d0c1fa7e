//! Every extraction rule with its examples, checked as snapshots.
//!
//! The rules are listed in `treaty_extract::rules::registry::RULES`; each rule's examples are in
//! `tests/rule_examples/<rule>/<lang>.txt`, one file per language the rule serves, and the rows
//! the pipeline gives for them in `tests/rule_examples/<rule>/<lang>.snap`, beside them.
//!
//! An example file holds clauses copied verbatim from the corpus texts, in blocks:
//!
//! ```text
//! === a short name for the example
//! source: nl-china-en.txt, Article 10, paragraph 2
//! heading: Article 10 | Dividends
//! 2. However, such dividends may also be taxed ...
//! ```
//!
//! `heading:` gives the lines printed before the clause in the source (the article heading
//! and title, `|` between lines), also verbatim; the clause is every line after it up to the
//! next `===`: the article's text from its first paragraph to the paragraph the example is
//! about, since a paragraph is numbered only after the paragraphs before it. A protocol point
//! or an MLI provision is numbered and tied to its article only within its whole document: an
//! example with `document: <article>` (`P9`, `MLI6`) instead of `heading:` runs the whole
//! corpus file the `source:` line names (which must hold the clause, copied verbatim) and
//! keeps the rows of that article's paragraph, in the example file's language. A clause from a Markdown text (a `source:` file ending in `.md`) is read as
//! Markdown. Lines starting with `#` before the first block are comments. Each example is
//! run alone through [`process_document`] as a small document (heading lines, then the
//! clause), and every row of the rule it gives (every row names its rule: the rows of other
//! rules are in their own snapshots) is written to the snapshot with every field that is
//! compared with the fixtures (topic, article, paragraph, subparagraph, kind, value, unit,
//! condition, source, modifies), the text of the number, and, for a tier a later instrument
//! replaces, the replacing row; an example that gives no row of the rule says `(no rows)`. A
//! row too many fails as a row too few does, and each language's examples of a rule must give
//! at least one row of it.
//!
//! A clause no corpus text has (the drafting of a kind of treaty, for a rule that no corpus
//! text of a language exercises) may be written for an example; its `source:` line says so.
//!
//! To add an example: write its block, run
//! `INSTA_UPDATE=always cargo test -p treaty-extract --test rule_examples`, read the `.snap`
//! diff against the clause, and list any wrong row in `tests/rule_examples/KNOWN_WRONG.md`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use treaty_extract::rules::registry::RULES;
use treaty_pipeline::{process_document, Settings};

/// One example clause.
struct Example {
    name: String,
    source: String,
    heading: Vec<String>,
    /// With `document:`, the article (`P9`, `MLI6`) whose paragraph the clause is, read in its
    /// whole corpus document.
    document: Option<String>,
    clause: String,
}

fn examples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// The blocks of an example file.
fn parse(text: &str, path: &Path) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("=== ") {
            examples.push(Example {
                name: name.trim().to_string(),
                source: String::new(),
                heading: Vec::new(),
                document: None,
                clause: String::new(),
            });
            continue;
        }
        let Some(example) = examples.last_mut() else {
            assert!(
                line.starts_with('#') || line.trim().is_empty(),
                "{}: text before the first `===` block: {line}",
                path.display()
            );
            continue;
        };
        if example.clause.is_empty() {
            if let Some(source) = line.strip_prefix("source: ") {
                example.source = source.trim().to_string();
                continue;
            }
            if let Some(article) = line.strip_prefix("document: ") {
                example.document = Some(article.trim().to_string());
                continue;
            }
            if let Some(heading) = line.strip_prefix("heading: ") {
                example.heading = heading.split(" | ").map(str::to_string).collect();
                continue;
            }
        }
        example.clause.push_str(line);
        example.clause.push('\n');
    }
    for example in &mut examples {
        let trimmed = example.clause.trim_end().to_string();
        example.clause = trimmed;
        assert!(
            !example.source.is_empty() && !example.clause.is_empty(),
            "{}: example `{}` needs a `source:` line and a clause",
            path.display(),
            example.name
        );
    }
    examples
}

/// The rows of `rule` one example gives, one line each, in the language `lang`; and how many.
fn render(example: &Example, lang: &str, rule: &str) -> (String, usize) {
    let file = example.source.split(',').next().unwrap_or_default().trim();
    let bytes: Vec<u8> = match &example.document {
        // The whole corpus document, which must hold the clause as it is copied here.
        Some(_) => {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../corpus")
                .join(file);
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(
                String::from_utf8_lossy(&bytes).contains(&example.clause),
                "example `{}`: the clause is not in {}",
                example.name,
                path.display()
            );
            bytes
        }
        None => {
            let mut document = String::new();
            for line in &example.heading {
                document.push_str(line);
                document.push('\n');
            }
            document.push_str(&example.clause);
            document.push('\n');
            document.into_bytes()
        }
    };
    let bytes = bytes.as_slice();
    // A clause from a Markdown text is read as Markdown, as the whole text is.
    let mut settings = Settings::default();
    if file.ends_with(".md") {
        settings.ingest.markup = treaty_normalize::Markup::Markdown;
    }
    let mut report = process_document("example", bytes, &settings)
        .unwrap_or_else(|e| panic!("example `{}`: {e}", example.name));
    if let Some(article) = &example.document {
        // The rows of the clause's paragraph, in the example's language.
        let paragraph = example
            .source
            .rsplit("paragraph ")
            .next()
            .unwrap_or_default()
            .trim()
            .to_string();
        report.rows.retain(|row| {
            row.lang.as_str() == lang && &row.article == article && row.paragraph == paragraph
        });
    }
    report.rows.retain(|row| row.rule == rule);
    let mut out = format!("=== {}\nsource: {}\n", example.name, example.source);
    if report.rows.is_empty() {
        out.push_str("(no rows)\n");
    }
    for row in &report.rows {
        // A line break inside a number (a Japanese line wrapped mid-word) stays on the line.
        let number = String::from_utf8_lossy(&bytes[row.start..row.end]).replace('\n', "\\n");
        let _ = write!(
            out,
            "{lang} {topic} art={article} par={paragraph} sub={sub} {kind} {value} {unit} \
             [{condition}] source={source} modifies={modifies} at=«{number}»",
            lang = row.lang.as_str(),
            topic = row.topic.as_str(),
            article = row.article,
            paragraph = row.paragraph,
            sub = if row.subparagraph.is_empty() {
                "-"
            } else {
                &row.subparagraph
            },
            kind = row.kind.as_str(),
            value = row.value,
            unit = row.unit,
            condition = row.condition,
            source = row.source.as_str(),
            modifies = if row.modifies.is_empty() {
                "-".to_string()
            } else {
                row.modifies.join(";")
            },
        );
        if let Some(by) = &row.superseded_by {
            let rate = row
                .effective_rate
                .as_ref()
                .map_or("?", |rate| rate.as_str());
            let _ = write!(out, " superseded_by={by} effective_rate={rate}");
        }
        out.push('\n');
    }
    (out, report.rows.len())
}

/// Runs every example of a rule, one snapshot per language.
fn check(rule: &str) {
    let entry = RULES
        .iter()
        .find(|r| r.name == rule)
        .unwrap_or_else(|| panic!("rule `{rule}` is not in the registry"));
    // The example files none of whose examples gives a row of the rule.
    let mut without_rows = Vec::new();
    for lang in entry.languages {
        // A language whose profile this build does not have (the registry names it, its
        // examples are kept) is not read.
        if treaty_lang::Lang::from_code(lang).is_none() {
            continue;
        }
        let folder = examples_dir().join(entry.examples.trim_start_matches("tests/"));
        let path = folder.join(format!("{lang}.txt"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let examples = parse(&text, &path);
        assert!(!examples.is_empty(), "{}: no examples", path.display());
        let rendered: Vec<(String, usize)> =
            examples.iter().map(|e| render(e, lang, rule)).collect();
        let rows: usize = rendered.iter().map(|(_, rows)| rows).sum();
        let rendered: String = rendered
            .into_iter()
            .map(|(text, _)| text)
            .collect::<Vec<_>>()
            .join("\n");
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(&folder);
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.set_description(format!("{}: {}", entry.name, entry.description));
        settings.set_input_file(&path);
        settings.bind(|| insta::assert_snapshot!(lang.to_string(), rendered));
        if rows == 0 {
            without_rows.push(path.display().to_string());
        }
    }
    assert!(
        without_rows.is_empty(),
        "no example gives a row of the rule `{rule}`: {without_rows:?}"
    );
}

macro_rules! rule_tests {
    ($($rule:ident),* $(,)?) => {
        $(
            #[test]
            fn $rule() {
                check(stringify!($rule));
            }
        )*
        /// Every rule of the registry has its test here.
        #[test]
        fn every_registered_rule_is_tested() {
            let tested: Vec<&str> = vec![$(stringify!($rule)),*];
            let registered: Vec<&str> = RULES.iter().map(|r| r.name).collect();
            assert_eq!(tested, registered);
        }
    };
}

rule_tests!(
    rate_tiers,
    beneficial_owners,
    relative_rates,
    exemptions,
    holdings,
    holding_periods,
    money_thresholds,
    thresholds,
    protocol_changes,
    branch_tax,
    technical_fees,
    most_favoured_nation,
);
