//! The JUnit XML report, for CI systems that show test results.
//!
//! It says what the check's exit status says. One `<testsuite name="treaty-check">` holds,
//! in document name order:
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

/// Renders the JUnit XML report.
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
    let n_failures = documents
        .iter()
        .filter(|(_, misses)| !misses.regressions.is_empty())
        .count()
        + thresholds
            .iter()
            .filter(|threshold| threshold.fails())
            .count();
    let n_skipped: usize = documents.iter().map(|(_, misses)| misses.known.len()).sum();
    let n_thresholds = thresholds
        .iter()
        .filter(|threshold| threshold.is_set())
        .count();
    let n_tests = documents.len() + n_skipped + n_thresholds;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<testsuite name=\"{SUITE_NAME}\" tests=\"{n_tests}\" failures=\"{n_failures}\" errors=\"0\" skipped=\"{n_skipped}\">\n"
    ));
    for (comparison, misses) in documents {
        push_document(&mut out, comparison, misses);
    }
    for threshold in thresholds.iter().filter(|threshold| threshold.is_set()) {
        push_threshold(&mut out, threshold);
    }
    out.push_str(&format!(
        "  <system-out>{}</system-out>\n",
        escape_xml(&format!(
            "rates overall: {}\noutline overall: {}",
            describe_score(&table.overall),
            describe_score(&table.outline_overall)
        ))
    ));
    out.push_str("</testsuite>\n");
    out
}

/// The test case of one document, then a skipped test case per known gap it hit.
fn push_document(out: &mut String, comparison: &DocumentComparison, misses: &Misses) {
    let doc = escape_xml(&comparison.doc);
    let outline = &comparison.outline;
    out.push_str(&format!(
        "  <testcase classname=\"{SUITE_NAME}\" name=\"{doc}\">\n"
    ));
    out.push_str("    <properties>\n");
    for (name, value) in [
        ("known_gaps", misses.known.len()),
        ("unexpected_rate_rows", comparison.rates.unexpected.len()),
        ("missing_articles", outline.missing.len()),
        ("changed_articles", outline.changed.len()),
    ] {
        out.push_str(&format!(
            "      <property name=\"{name}\" value=\"{value}\"/>\n"
        ));
    }
    out.push_str("    </properties>\n");
    if !misses.regressions.is_empty() {
        let message = format!(
            "{} rate rows missing, changed or unexpected, not listed in known-gaps.csv",
            misses.regressions.len()
        );
        out.push_str(&format!(
            "    <failure type=\"regression\" message=\"{}\">{}</failure>\n",
            escape_xml(&message),
            escape_xml(&misses.regressions.join("\n"))
        ));
    }
    out.push_str(&format!(
        "    <system-out>{}</system-out>\n",
        escape_xml(&output_lines(comparison).join("\n"))
    ));
    out.push_str("  </testcase>\n");
    for gap in &misses.known {
        out.push_str(&format!(
            "  <testcase classname=\"{SUITE_NAME}.known-gaps\" name=\"{doc}: {}\">\n    <skipped message=\"known gap, listed in {doc}/known-gaps.csv\"/>\n  </testcase>\n",
            escape_xml(gap)
        ));
    }
}

/// The test case of one threshold, failing when the measure is below it.
fn push_threshold(out: &mut String, threshold: &Threshold) {
    out.push_str(&format!(
        "  <testcase classname=\"{SUITE_NAME}\" name=\"{} &gt;= {:.3}\">\n",
        threshold.name, threshold.minimum
    ));
    if threshold.fails() {
        out.push_str(&format!(
            "    <failure type=\"{}\" message=\"F1 {:.3} is below {:.3}\"/>\n",
            threshold.failure_type, threshold.measured, threshold.minimum
        ));
    }
    out.push_str("  </testcase>\n");
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

/// Escapes text for XML content and attribute values, replacing characters XML 1.0 cannot
/// hold (control characters other than tab, line feed and carriage return) with U+FFFD.
pub(crate) fn escape_xml(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\t' | '\n' | '\r' => escaped.push(character),
            control if (control as u32) < 0x20 => escaped.push('\u{fffd}'),
            '\u{fffe}' | '\u{ffff}' => escaped.push('\u{fffd}'),
            other => escaped.push(other),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_and_control_characters() {
        assert_eq!(
            escape_xml("a<b>&\"c\"'d'"),
            "a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;"
        );
        assert_eq!(escape_xml("tab\there\u{1}"), "tab\there\u{fffd}");
        assert_eq!(escape_xml("当該配当"), "当該配当");
    }
}
