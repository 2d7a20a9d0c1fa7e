//! `treaty diff`, `check`, `bless`: golden fixtures as a CI gate.
//!
//! Fixtures live in `<fixtures>/<doc>/outline.csv`, `rates.csv`, `treaty.csv` and
//! `headline.csv` (see `fixtures/README.md`); `bless` writes all four, and `check` names the
//! documents that lack one, and what of them went unchecked;
//! `known-gaps.csv` beside them lists the expected rows the program is known to miss or get
//! wrong and the rows it produces that the fixture does not have, so `check` fails on a new
//! one (a regression) while the known ones are still reported and scored. A check that
//! compares no document at all is an error: a misspelt `--fixtures` must not pass CI.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use treaty_golden::{
    classify_misses, parse_headline_csv, parse_known_gaps_csv, parse_rates_csv, parse_treaty_csv,
    render_json, render_junit, render_text, score_table, write_headline_csv, write_known_gaps_csv,
    write_outline_csv, write_rates_csv, write_treaty_csv, DocumentComparison, HeadlineTally,
    IdentityRecord, IdentityTally, JunitGate, Misses, RateRecord, ScoreTable,
};
use treaty_normalize::IngestConfig;
use treaty_pipeline::link::{self, LinkedTreaty};
use treaty_pipeline::Settings;
use treaty_schema::DocumentReport;

use crate::fixture_compare::{
    actual_of, compare_with_expected, read_expected, short_quote, Actual,
};
use crate::inputs::{collect, Input};
use crate::output::write_atomic;

/// Report formats.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// Readable report, coloured on a terminal.
    Text,
    /// JSON for machines.
    Json,
}

/// Options shared by `diff` and `check`.
#[derive(Args)]
pub struct ReportArgs {
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Also write a JUnit XML report (one test case per document) to this file.
    #[arg(long)]
    pub junit: Option<PathBuf>,
    /// Fail when the overall F1 of found rate rows (the value in its place) is below this.
    #[arg(long, default_value_t = 0.0)]
    pub min_f1: f64,
    /// Fail when the overall F1 of exact rate rows (every compared field equal) is below this.
    #[arg(long, default_value_t = 0.0)]
    pub min_exact: f64,
    /// Fail when the share of `treaty.csv` fields (parties, instrument, signature date and
    /// place, entry into force) that agree is below this.
    #[arg(long, default_value_t = 0.0)]
    pub min_identity: f64,
    /// Fail when the share of `headline.csv` fields (the headline rates of `treaties.csv`:
    /// lowest and general dividend rate, interest, royalties, technical fees) that agree is
    /// below this.
    #[arg(long, default_value_t = 0.0)]
    pub min_headline: f64,
    /// Print only the summary line.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Arguments of `treaty diff`.
#[derive(Args)]
pub struct DiffArgs {
    /// Actual results: an output folder of `treaty run`, or per-document JSON files.
    pub actual: PathBuf,
    /// Expected results: a fixtures folder (one sub-folder per document).
    pub expected: PathBuf,
    #[command(flatten)]
    pub report: ReportArgs,
}

/// Arguments of `treaty check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Files or folders to process. Default: corpus/
    pub inputs: Vec<PathBuf>,
    /// The fixtures folder.
    #[arg(long, default_value = "fixtures")]
    pub fixtures: PathBuf,
    /// Rewrite each document's known-gaps.csv to the rows missed, changed and unexpected now
    /// (after fixing a miss, or when accepting a new one: review the change like any other).
    #[arg(long)]
    pub update_gaps: bool,
    /// Also write the comparison as an HTML page to this file, with a page per document in
    /// docs/ beside it that the page links to (see `treaty report`).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    #[command(flatten)]
    pub report: ReportArgs,
}

/// Arguments of `treaty bless`.
#[derive(Args)]
pub struct BlessArgs {
    /// The documents (files) whose fixtures to rewrite.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// The fixtures folder.
    #[arg(long, default_value = "fixtures")]
    pub fixtures: PathBuf,
    /// Do not ask for confirmation.
    #[arg(long)]
    pub yes: bool,
}

/// The compared documents, in document order, with their misses split by the known gaps.
#[derive(Default)]
struct Compared {
    comparisons: Vec<DocumentComparison>,
    misses: Vec<Misses>,
    /// Documents with no fixture folder, not compared.
    without_fixture: Vec<String>,
    /// Parties, instrument and dates against the `treaty.csv` fixtures.
    identity: IdentityTally,
    /// Headline rates against the `headline.csv` fixtures.
    headline: HeadlineTally,
    /// Per kind of fixture file ([`FIXTURE_KINDS`]), the documents whose fixture folder
    /// lacks it: what of them was not checked.
    without_kind: BTreeMap<&'static str, Vec<String>>,
}

/// Each fixture file `check` reads (but `known-gaps.csv`, which may be absent), and what goes
/// unchecked without it.
const FIXTURE_KINDS: [(&str, &str); 4] = [
    ("rates.csv", "rate rows"),
    ("outline.csv", "articles"),
    ("treaty.csv", "treaty identity"),
    ("headline.csv", "headline rates"),
];

/// Compares every document that has a fixture folder, rewriting its `known-gaps.csv` first
/// when `update_gaps` is set.
fn compare_all(
    actual: &BTreeMap<String, Actual>,
    fixtures: &Path,
    update_gaps: bool,
) -> anyhow::Result<Compared> {
    let mut compared = Compared::default();
    for (doc, produced) in actual {
        let dir = fixtures.join(doc);
        if !dir.is_dir() {
            compared.without_fixture.push(doc.clone());
            continue;
        }
        let expected = read_expected(&dir)?;
        let comparison = compare_with_expected(doc, produced, &expected);
        if let Some(identity) = &expected.identity {
            compared.identity.add(doc, &produced.identity, identity);
        }
        if let Some(headline) = &expected.headline {
            compared.headline.add(doc, &produced.headline, headline);
        }
        for (kind, present) in [
            expected.has_rates,
            expected.has_outline,
            expected.identity.is_some(),
            expected.headline.is_some(),
        ]
        .into_iter()
        .enumerate()
        .map(|(index, present)| (FIXTURE_KINDS[index].0, present))
        {
            if !present {
                compared
                    .without_kind
                    .entry(kind)
                    .or_default()
                    .push(doc.clone());
            }
        }
        let document_misses = if update_gaps {
            // The gaps written now accept every current miss and unexpected row.
            let gaps = write_known_gaps_csv(&comparison, &expected.gaps);
            write_atomic(&dir.join("known-gaps.csv"), gaps.as_bytes())?;
            classify_misses(&comparison, &parse_known_gaps_csv(&gaps)?)
        } else {
            classify_misses(&comparison, &expected.gaps)
        };
        compared.misses.push(document_misses);
        compared.comparisons.push(comparison);
    }
    if compared.comparisons.is_empty() {
        anyhow::bail!("{}", nothing_compared(fixtures, actual.len()));
    }
    Ok(compared)
}

/// Why no document was compared: most often a misspelt `--fixtures`.
fn nothing_compared(fixtures: &Path, n_documents: usize) -> String {
    let folder = fixtures.display();
    if fixtures.is_dir() {
        format!(
            "0 documents compared: {folder} has no fixture folder for any of the {n_documents} documents (fixtures/<doc>/ is named after the input file)"
        )
    } else {
        format!("0 documents compared: the fixtures folder {folder} does not exist")
    }
}

/// Compares, prints the report and decides the exit status.
fn report_and_exit(
    actual: BTreeMap<String, Actual>,
    fixtures: &Path,
    args: &ReportArgs,
    update_gaps: bool,
) -> anyhow::Result<ExitCode> {
    let compared = compare_all(&actual, fixtures, update_gaps)?;
    let table = score_table(&compared.comparisons);
    if !args.quiet {
        let report = match args.format {
            Format::Text => render_text(
                &compared.comparisons,
                &table,
                std::io::stdout().is_terminal(),
            ),
            Format::Json => render_json(&compared.comparisons, &table),
        };
        std::io::stdout().lock().write_all(report.as_bytes())?;
    }
    if let Some(path) = &args.junit {
        let gate = JunitGate {
            misses: &compared.misses,
            min_f1: args.min_f1,
            min_exact: args.min_exact,
        };
        let junit = render_junit(&compared.comparisons, &table, &gate);
        write_atomic(path, junit.as_bytes())?;
    }
    for doc in &compared.without_fixture {
        eprintln!(
            "treaty: {doc}: no fixture in {}, not compared",
            fixtures.display()
        );
    }
    Ok(print_summary_and_gate(&compared, &table, args))
}

/// The summary line, the regressions and the thresholds on stderr; exit 1 when any fails.
fn print_summary_and_gate(compared: &Compared, table: &ScoreTable, args: &ReportArgs) -> ExitCode {
    let failures: Vec<&String> = compared
        .misses
        .iter()
        .flat_map(|misses| &misses.regressions)
        .collect();
    let overall = &table.overall;
    eprintln!(
        "{} documents compared: rate rows precision {:.3} recall {:.3} F1 {:.3}, exact rows precision {:.3} recall {:.3} F1 {:.3}; articles F1 {:.3}; {} regressions",
        compared.comparisons.len(),
        overall.precision(),
        overall.recall(),
        overall.f1(),
        overall.exact_precision(),
        overall.exact_recall(),
        overall.exact_f1(),
        table.outline_overall.f1(),
        failures.len()
    );
    for failure in &failures {
        eprintln!("regression: {failure}");
    }
    let (identity_compared, headline_compared) = print_agreement(compared, args);
    let gates_missed = gates_failed(compared, table, args, identity_compared, headline_compared);
    if !failures.is_empty() || gates_missed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The agreement on treaty identity and headline rates, and the fixtures missing, on stderr;
/// returns how many identity and headline fields were compared.
fn print_agreement(compared: &Compared, args: &ReportArgs) -> (usize, usize) {
    let identity = &compared.identity;
    let identity_compared: usize = identity.fields.iter().map(|(_, n)| n).sum();
    if identity_compared == 0 {
        eprintln!("treaty identity: not checked (no fixture has a treaty.csv)");
    } else {
        eprintln!(
            "treaty identity: {} (agreement {:.3})",
            identity.summary(),
            identity.agreement()
        );
    }
    if !args.quiet {
        for disagreement in &identity.disagreements {
            eprintln!("identity: {disagreement}");
        }
    }
    let headline = &compared.headline;
    let headline_compared: usize = headline.fields.iter().map(|(_, n)| n).sum();
    if headline_compared == 0 {
        eprintln!("headline rates: not checked (no fixture has a headline.csv)");
    } else {
        eprintln!(
            "headline rates: {} (agreement {:.3} over {} documents)",
            headline.summary(),
            headline.agreement(),
            headline.documents
        );
    }
    for (kind, what) in FIXTURE_KINDS {
        if let Some(docs) = compared.without_kind.get(kind) {
            eprintln!(
                "fixtures: {} of {} documents have no {kind}, so their {what} were not checked: {}",
                docs.len(),
                compared.comparisons.len(),
                docs.join(", ")
            );
        }
    }
    if !args.quiet {
        for disagreement in &headline.disagreements {
            eprintln!("headline: {disagreement}");
        }
    }
    (identity_compared, headline_compared)
}

/// The thresholds of `args` checked, each one missed said on stderr; whether any was.
fn gates_failed(
    compared: &Compared,
    table: &ScoreTable,
    args: &ReportArgs,
    identity_compared: usize,
    headline_compared: usize,
) -> bool {
    let (identity, headline, overall) = (&compared.identity, &compared.headline, &table.overall);
    let mut failed = false;
    // A gate on fields no fixture states would pass on nothing.
    for (compared_fields, minimum, flag, kind) in [
        (
            headline_compared,
            args.min_headline,
            "--min-headline",
            "headline.csv",
        ),
        (
            identity_compared,
            args.min_identity,
            "--min-identity",
            "treaty.csv",
        ),
    ] {
        if compared_fields == 0 && minimum > 0.0 {
            eprintln!(
                "treaty: {flag} {minimum:.3} gates {kind} fixtures, and no compared document has one"
            );
            failed = true;
        }
    }
    if headline.agreement() < args.min_headline {
        eprintln!(
            "treaty: agreement on headline rates {:.3} is below --min-headline {:.3}",
            headline.agreement(),
            args.min_headline
        );
        failed = true;
    }
    if identity.agreement() < args.min_identity {
        eprintln!(
            "treaty: agreement on treaty identity {:.3} is below --min-identity {:.3}",
            identity.agreement(),
            args.min_identity
        );
        failed = true;
    }
    for (measured, minimum, what, flag) in [
        (overall.f1(), args.min_f1, "F1 of found rows", "--min-f1"),
        (
            overall.exact_f1(),
            args.min_exact,
            "F1 of exact rows",
            "--min-exact",
        ),
    ] {
        if measured < minimum {
            eprintln!("treaty: {what} {measured:.3} is below {flag} {minimum:.3}");
            failed = true;
        }
    }
    failed
}

pub fn diff(args: DiffArgs) -> anyhow::Result<ExitCode> {
    let files: Vec<PathBuf> = if args.actual.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&args.actual)
            .with_context(|| format!("{}: cannot read", args.actual.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            // The run manifest is no document.
            .filter(|p| p.file_name().is_none_or(|name| name != "run.json"))
            .collect();
        files.sort();
        files
    } else {
        vec![args.actual.clone()]
    };
    let mut actual = BTreeMap::new();
    for file in files {
        let bytes =
            std::fs::read(&file).with_context(|| format!("{}: cannot read", file.display()))?;
        let report: DocumentReport = serde_json::from_slice(&bytes).with_context(|| {
            format!("{}: not a per-document JSON of treaty run", file.display())
        })?;
        actual.insert(report.doc.clone(), actual_of(&report));
    }
    if actual.is_empty() {
        anyhow::bail!(
            "{}: no per-document JSON files found",
            args.actual.display()
        );
    }
    report_and_exit(actual, &args.expected, &args.report, false)
}

/// Runs the pipeline in memory over the inputs, in parallel.
fn process_inputs(inputs: &[PathBuf]) -> anyhow::Result<Vec<DocumentReport>> {
    let settings = crate::batch::process::pipeline_settings(IngestConfig::default().max_bytes);
    let found = collect(inputs);
    if found.inputs.is_empty() {
        anyhow::bail!(
            "{}",
            crate::inputs::nothing_to_process(inputs, &found.skipped)
        );
    }
    // A pool of its own, as `run`'s (see `worker_pool`).
    let pool = crate::workers::worker_pool(crate::workers::job_count(None))?;
    let process = |input: &Input, settings: &Settings<'static>| match input {
        Input::File { path, doc } => {
            let bytes = crate::pdf::read_input(path)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
                .bytes;
            crate::batch::process::process_guarded(doc, Some(path), &bytes, settings, None)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
        }
        Input::Unreadable { path, reason } => Err(anyhow::anyhow!("{}: {reason}", path.display())),
    };
    let results: Vec<anyhow::Result<DocumentReport>> = pool.install(|| {
        found
            .inputs
            .par_iter()
            .map(|input| process(input, &settings))
            .collect()
    });
    let mut reports: Vec<DocumentReport> = results.into_iter().collect::<anyhow::Result<_>>()?;
    // Protocols whose treaty is another input: again, with its articles' topics.
    let known: Vec<LinkedTreaty> = reports.iter().flat_map(link::treaties_of).collect();
    for (report, input) in reports.iter_mut().zip(&found.inputs) {
        if let Some(treaty) = link::amended_treaty(report, &known) {
            let linked = Settings {
                amended_treaty: Some(std::sync::Arc::new(treaty.clone())),
                ..settings.clone()
            };
            *report = process(input, &linked)?;
        }
    }
    Ok(reports)
}

pub fn check(args: CheckArgs) -> anyhow::Result<ExitCode> {
    let reports = process_inputs(&crate::inputs::default_inputs(args.inputs.clone()))?;
    let actual = reports
        .iter()
        .map(|r| (r.doc.clone(), actual_of(r)))
        .collect();
    let code = report_and_exit(actual, &args.fixtures, &args.report, args.update_gaps)?;
    if let Some(file) = &args.html {
        let inputs = crate::inputs::default_inputs(args.inputs.clone());
        crate::report::write_check_html(file, &inputs, reports, &args.fixtures)?;
    }
    Ok(code)
}

/// What a person may have written in the fixtures in `dir` is kept in the `produced` rows
/// where the compared fields did not change: a row's quote, a headline's article and quote, a
/// treaty's title.
fn keep_written_fields(produced: &mut Actual, dir: &Path) -> anyhow::Result<()> {
    // A row the fixture already has keeps its quote, which a person may have written.
    if let Ok(text) = std::fs::read_to_string(dir.join("rates.csv")) {
        let fixture = parse_rates_csv(&text)
            .with_context(|| format!("{}", dir.join("rates.csv").display()))?;
        keep_quotes(&mut produced.rates, &fixture);
    }
    // A fixture's headline article and quote, and a treaty's title, are informative and
    // may be a person's: kept where the compared fields did not change.
    if let Ok(text) = std::fs::read_to_string(dir.join("headline.csv")) {
        let fixture = parse_headline_csv(&text)
            .with_context(|| format!("{}", dir.join("headline.csv").display()))?;
        for record in &mut produced.headline {
            if let Some(kept) = fixture.iter().find(|f| {
                f.treaty == record.treaty
                    && f.field == record.field
                    && f.value == record.value
                    && f.condition == record.condition
            }) {
                record.article.clone_from(&kept.article);
                record.quote.clone_from(&kept.quote);
            }
        }
    }
    if let Ok(text) = std::fs::read_to_string(dir.join("treaty.csv")) {
        let fixture = parse_treaty_csv(&text)
            .with_context(|| format!("{}", dir.join("treaty.csv").display()))?;
        for record in &mut produced.identity {
            if let Some(kept) = fixture.iter().find(|f| {
                IdentityRecord {
                    title: record.title.clone(),
                    ..(*f).clone()
                } == *record
            }) {
                record.title.clone_from(&kept.title);
            }
        }
    }
    Ok(())
}

pub fn bless(args: BlessArgs) -> anyhow::Result<ExitCode> {
    let reports = process_inputs(&args.inputs)?;
    let mut writes: Vec<(PathBuf, String)> = Vec::new();
    for report in &reports {
        let mut produced = actual_of(report);
        // New rows get a short quote: a fixture's quote only helps a reviewer find the clause.
        for row in &mut produced.rates {
            row.quote = short_quote(&row.quote, &row.value);
        }
        let dir = args.fixtures.join(&report.doc);
        keep_written_fields(&mut produced, &dir)?;
        for (name, contents) in [
            ("outline.csv", write_outline_csv(&produced.outline)),
            ("rates.csv", write_rates_csv(&produced.rates)),
            ("treaty.csv", write_treaty_csv(&produced.identity)),
            ("headline.csv", write_headline_csv(&produced.headline)),
        ] {
            let path = dir.join(name);
            let before = std::fs::read_to_string(&path).unwrap_or_default();
            if before != contents {
                write!(
                    std::io::stdout().lock(),
                    "{}",
                    treaty_normalize::unified_diff(&before, &contents)
                        .replace("--- original", &format!("--- {}", path.display()))
                        .replace(
                            "+++ normalized",
                            &format!("+++ {} (blessed)", path.display())
                        )
                )?;
                writes.push((path, contents));
            }
        }
    }
    if writes.is_empty() {
        eprintln!("fixtures already match the output");
        return Ok(ExitCode::SUCCESS);
    }
    if !args.yes {
        if !std::io::stdin().is_terminal() {
            anyhow::bail!(
                "{} fixture files would change; re-run with --yes to write them",
                writes.len()
            );
        }
        eprint!(
            "Fixtures are claims about the text: write {} files from the program's output? [y/N] ",
            writes.len()
        );
        let mut answer = String::new();
        std::io::stdin().read_line(&mut answer)?;
        if !matches!(answer.trim(), "y" | "Y" | "yes") {
            eprintln!("nothing written");
            return Ok(ExitCode::from(1));
        }
    }
    for (path, contents) in &writes {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        write_atomic(path, contents.as_bytes())?;
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Whether a produced row is a fixture row with every compared field equal (the quote is never
/// compared). A fixture without the `source` and `modifies` columns holds treaty rows.
fn same_row(produced: &RateRecord, fixture: &RateRecord) -> bool {
    let source = |row: &RateRecord| row.source.clone().unwrap_or_else(|| "treaty".to_string());
    let modifies = |row: &RateRecord| row.modifies.clone().unwrap_or_default();
    produced.treaty == fixture.treaty
        && produced.lang == fixture.lang
        && produced.topic == fixture.topic
        && produced.article == fixture.article
        && produced.paragraph == fixture.paragraph
        && produced.subparagraph == fixture.subparagraph
        && produced.kind == fixture.kind
        && produced.value == fixture.value
        && produced.unit == fixture.unit
        && produced.condition == fixture.condition
        && source(produced) == source(fixture)
        && modifies(produced) == modifies(fixture)
}

/// Gives each produced row that the fixture has unchanged (see [`same_row`]) the fixture's
/// quote, each fixture row once, so that `bless` rewrites only the rows that changed.
fn keep_quotes(rows: &mut [RateRecord], fixture: &[RateRecord]) {
    let mut used = vec![false; fixture.len()];
    for row in rows.iter_mut() {
        if let Some(index) =
            (0..fixture.len()).find(|&index| !used[index] && same_row(row, &fixture[index]))
        {
            used[index] = true;
            row.quote.clone_from(&fixture[index].quote);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::short_quote;

    #[test]
    fn new_quotes_are_a_few_words_around_the_number() {
        let quote = "2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident and according to the laws of that State, but the tax so charged shall not exceed 15 per cent of the gross amount of the dividends.";
        let short = short_quote(quote, "15");
        assert!(
            short.contains("shall not exceed 15 per cent of the gross"),
            "{short}"
        );
        assert!(short.chars().count() <= 110, "{short}");
        assert!(quote.contains(&short));
        // Whole words at both ends.
        let at = quote.find(&short).unwrap();
        assert!(at == 0 || quote[..at].ends_with(' '), "{short}");
        let end = at + short.len();
        assert!(
            end == quote.len() || quote[end..].starts_with(' '),
            "{short}"
        );
        let words = short_quote("o imposto não excederá quinze por cento do montante bruto dos dividendos pagos pela sociedade residente", "15");
        assert!(words.starts_with("o imposto"), "{words}");
        assert_eq!(short_quote("十五パーセント", "15"), "十五パーセント");
    }
}
