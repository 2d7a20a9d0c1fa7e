//! The JUnit XML report, for CI systems that show test results.
//!
//! It says what the check's exit status says. One `<testsuite name="treaty-check">` (inside
//! `<testsuites>`, written by `quick-junit`, which escapes markup and drops the characters
//! XML cannot hold) holds, in document name order:
//!
//! - one `<testcase>` per document, which fails (`<failure type="regression">`, one line per
//!   row) exactly when the document has regressions: rate rows missing, changed or unexpected
//!   that no known gap covers. Its properties count the known gaps it hit, its unexpected rows
//!   and its article misses; scores (found and exact, and the agreement of found rows),
//!   unexpected rows and article misses go to `<system-out>`;
//! - one skipped `<testcase>` per known gap the document hit, named after the row, with the
//!   reason (`<skipped message="known gap, listed in known-gaps.csv"/>`);
//! - when a minimum F1 is set, one `<testcase>` for it, failing when the overall F1 of found
//!   rate rows is below it; likewise for a minimum exact F1 (F1 of exact rows).
//!
//! So `failures` is not zero exactly when the check exits 1.

use quick_junit::{NonSuccessKind, Property, Report, TestCase, TestCaseStatus, TestSuite};

use crate::compare::DocumentComparison;
use crate::describe::{describe_outline, describe_outline_change, describe_rate};
use crate::gaps::Misses;
use crate::score::{outline_score, rate_score, Score, ScoreTable};

/// The suite name CI dashboards group the documents under.
const SUITE_NAME: &str = "treaty-check";

/// What the check decided, beyond the comparisons: for each comparison (same order) its
/// misses split by the known gaps, and the minimum F1 of found and of exact rows (0 for none).
#[derive(Debug, Clone, Copy)]
pub struct JunitGate<'a> {
    /// The misses of each comparison, in the order of the comparisons.
    pub misses: &'a [Misses],
    /// The `--min-f1` of the check (F1 of found rows); `0.0` adds no test case.
    pub min_f1: f64,
    /// The `--min-exact` of the check (F1 of exact rows); `0.0` adds no test case.
    pub min_exact: f64,
}

/// One threshold test case: its name, the kind of its failure, the measured F1 and the minimum.
struct Threshold {
    name: &'static str,
    failure_type: &'static str,
    measured: f64,
    minimum: f64,
}

impl Threshold {
    fn is_set(&self) -> bool {
        self.minimum > 0.0
    }

    fn fails(&self) -> bool {
        self.is_set() && self.measured < self.minimum
    }
}

/// Renders the JUnit XML report: a `<testsuites>` element holding the one `<testsuite>`.
///
/// `gate.misses` must have one entry per comparison; a comparison without one is treated as
/// having no misses.
pub fn render_junit(
    comparisons: &[DocumentComparison],
    table: &ScoreTable,
    gate: &JunitGate<'_>,
) -> String {
    let none = Misses::default();
    let mut documents: Vec<(&DocumentComparison, &Misses)> = comparisons
        .iter()
        .enumerate()
        .map(|(idx, comparison)| (comparison, gate.misses.get(idx).unwrap_or(&none)))
        .collect();
    documents.sort_by(|left, right| left.0.doc.cmp(&right.0.doc));
    let thresholds = [
        Threshold {
            name: "overall F1 of rate rows",
            failure_type: "min-f1",
            measured: table.overall.f1(),
            minimum: gate.min_f1,
        },
        Threshold {
            name: "overall exact F1 of rate rows",
            failure_type: "min-exact",
            measured: table.overall.exact_f1(),
            minimum: gate.min_exact,
        },
    ];
    // The suite counts its tests, failures and skipped cases as they are added.
    let mut suite = TestSuite::new(SUITE_NAME);
    for (comparison, misses) in documents {
        suite.add_test_cases(document_cases(comparison, misses));
    }
    for threshold in thresholds.iter().filter(|threshold| threshold.is_set()) {
        suite.add_test_case(threshold_case(threshold));
    }
    suite.set_system_out(xml_text(&format!(
        "rates overall: {}\noutline overall: {}",
        describe_score(&table.overall),
        describe_score(&table.outline_overall)
    )));
    let mut report = Report::new(SUITE_NAME);
    report.add_test_suite(suite);
    // Writing into memory fails only on an I/O error, which a `Vec` never returns.
    report
        .to_string()
        .unwrap_or_else(|error| format!("<!-- the JUnit report cannot be written: {error} -->\n"))
}

/// The test case of one document, then a skipped test case per known gap it hit.
fn document_cases(comparison: &DocumentComparison, misses: &Misses) -> Vec<TestCase> {
    let doc = &comparison.doc;
    let outline = &comparison.outline;
    let status = if misses.regressions.is_empty() {
        TestCaseStatus::success()
    } else {
        let mut failure = TestCaseStatus::non_success(NonSuccessKind::Failure);
        failure
            .set_type("regression")
            .set_message(format!(
                "{} rate rows missing, changed or unexpected, not listed in known-gaps.csv",
                misses.regressions.len()
            ))
            .set_description(xml_text(&misses.regressions.join("\n")));
        failure
    };
    let mut case = TestCase::new(xml_text(doc), status);
    case.set_classname(SUITE_NAME);
    for (name, value) in [
        ("known_gaps", misses.known.len()),
        ("unexpected_rate_rows", comparison.rates.unexpected.len()),
        ("missing_articles", outline.missing.len()),
        ("changed_articles", outline.changed.len()),
    ] {
        case.add_property(Property::new(name, value.to_string()));
    }
    case.set_system_out(xml_text(&output_lines(comparison).join("\n")));
    let mut cases = vec![case];
    for gap in &misses.known {
        let mut skipped = TestCaseStatus::skipped();
        skipped.set_message(xml_text(&format!(
            "known gap, listed in {doc}/known-gaps.csv"
        )));
        let mut case = TestCase::new(xml_text(&format!("{doc}: {gap}")), skipped);
        case.set_classname(format!("{SUITE_NAME}.known-gaps"));
        cases.push(case);
    }
    cases
}

/// The test case of one threshold, failing when the measure is below it.
fn threshold_case(threshold: &Threshold) -> TestCase {
    let status = if threshold.fails() {
        let mut failure = TestCaseStatus::non_success(NonSuccessKind::Failure);
        failure
            .set_type(threshold.failure_type)
            .set_message(format!(
                "F1 {:.3} is below {:.3}",
                threshold.measured, threshold.minimum
            ));
        failure
    } else {
        TestCaseStatus::success()
    };
    let mut case = TestCase::new(
        format!("{} >= {:.3}", threshold.name, threshold.minimum),
        status,
    );
    case.set_classname(SUITE_NAME);
    case
}

/// `text` with the noncharacters U+FFFE and U+FFFF, which XML 1.0 cannot hold and
/// [`quick_junit::XmlString`] keeps, as U+FFFD (it drops the other characters XML cannot
/// hold, and escapes markup when the report is written).
fn xml_text(text: &str) -> String {
    text.replace(['\u{fffe}', '\u{ffff}'], "\u{fffd}")
}

/// Scores, unexpected rows and article misses of one document, one line each.
fn output_lines(comparison: &DocumentComparison) -> Vec<String> {
    let outline = &comparison.outline;
    let mut lines = vec![
        format!("rates: {}", describe_score(&rate_score(&comparison.rates))),
        format!("outline: {}", describe_score(&outline_score(outline))),
    ];
    lines.extend(
        comparison
            .rates
            .unexpected
            .iter()
            .map(|row| format!("unexpected {}", describe_rate(row, true))),
    );
    lines.extend(
        outline
            .missing
            .iter()
            .map(|row| format!("missing article {}", describe_outline(row))),
    );
    lines.extend(outline.changed.iter().map(|change| {
        format!(
            "changed article {}: {}",
            describe_outline(&change.expected),
            describe_outline_change(change)
        )
    }));
    lines.extend(
        outline
            .unexpected
            .iter()
            .map(|row| format!("unexpected article {}", describe_outline(row))),
    );
    lines
}

/// A score on one line: counts, found and exact precision, recall and F1, then the agreement
/// of found rows per field where any was compared.
fn describe_score(score: &Score) -> String {
    let mut text = format!(
        "expected {}, actual {}, found {}, exact {}, precision {:.3}, recall {:.3}, f1 {:.3}, exact precision {:.3}, exact recall {:.3}, exact f1 {:.3}",
        score.expected,
        score.actual,
        score.found,
        score.exact,
        score.precision(),
        score.recall(),
        score.f1(),
        score.exact_precision(),
        score.exact_recall(),
        score.exact_f1()
    );
    for (field, tally) in score.agreement_by_field() {
        if let Some(share) = tally.share() {
            text.push_str(&format!(
                ", {field} agrees {share:.3} ({} of {})",
                tally.agree, tally.compared
            ));
        }
    }
    text
}
