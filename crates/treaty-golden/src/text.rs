//! The human-readable report: per-document differences, then a score table.
//!
//! Documents are shown in name order and rows in canonical order, so two runs over the same
//! output give the same text. Colour is plain ANSI escapes, used only when asked for: missing
//! rows red, unexpected rows yellow, changed rows yellow with the expected value red and the
//! actual value green.

use crate::compare::DocumentComparison;
use crate::describe::{describe_outline, describe_rate, outline_changed_values, show_field};
use crate::score::{Score, ScoreTable};

const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const YELLOW: &str = "\x1b[33m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// Renders the text report, with ANSI colours when `color` is set.
pub fn render_text(comparisons: &[DocumentComparison], table: &ScoreTable, color: bool) -> String {
    let mut out = String::new();
    for comparison in sorted_by_doc(comparisons) {
        render_document(&mut out, comparison, color);
        out.push('\n');
    }
    render_scores(&mut out, table, color);
    out
}

/// The comparisons in document-name order.
pub(crate) fn sorted_by_doc(comparisons: &[DocumentComparison]) -> Vec<&DocumentComparison> {
    let mut sorted_comparisons: Vec<&DocumentComparison> = comparisons.iter().collect();
    sorted_comparisons.sort_by(|left, right| left.doc.cmp(&right.doc));
    sorted_comparisons
}

/// Whether a comparison shows any difference at all, unexpected rows included.
pub(crate) fn has_differences(comparison: &DocumentComparison) -> bool {
    let rates = &comparison.rates;
    let outline = &comparison.outline;
    !(rates.changed.is_empty()
        && rates.missing.is_empty()
        && rates.unexpected.is_empty()
        && outline.changed.is_empty()
        && outline.missing.is_empty()
        && outline.unexpected.is_empty())
}

fn paint(color: bool, code: &str, text: &str) -> String {
    if color {
        format!("{code}{text}{RESET}")
    } else {
        text.to_owned()
    }
}

fn render_document(out: &mut String, comparison: &DocumentComparison, color: bool) {
    let rates = &comparison.rates;
    let outline = &comparison.outline;
    let status = if has_differences(comparison) {
        paint(color, RED, "differs")
    } else {
        paint(color, GREEN, "ok")
    };
    out.push_str(&format!(
        "{} {status}\n",
        paint(color, BOLD, &format!("== {}", comparison.doc))
    ));
    out.push_str(&format!(
        "rates: {} matched, {} changed, {} missing, {} unexpected; outline: {} matched, {} changed, {} missing, {} unexpected\n",
        rates.matched.len(),
        rates.changed.len(),
        rates.missing.len(),
        rates.unexpected.len(),
        outline.matched,
        outline.changed.len(),
        outline.missing.len(),
        outline.unexpected.len(),
    ));
    render_rate_differences(out, comparison, color);
    render_outline_differences(out, comparison, color);
}

/// A section title with its count, only when there is something in it.
fn section(out: &mut String, color: bool, title: &str, count: usize) {
    if count > 0 {
        out.push_str(&format!(
            "{}\n",
            paint(color, BOLD, &format!("{title} ({count})"))
        ));
    }
}

/// One changed field, the expected value red and the actual green.
fn field_line(out: &mut String, color: bool, field: &str, expected: &str, actual: &str) {
    out.push_str(&format!(
        "      {field}: {} -> {}\n",
        paint(color, RED, show_field(expected)),
        paint(color, GREEN, show_field(actual))
    ));
}

fn render_rate_differences(out: &mut String, comparison: &DocumentComparison, color: bool) {
    let rates = &comparison.rates;
    section(out, color, "missing", rates.missing.len());
    for row in &rates.missing {
        let line = format!("  - {}", describe_rate(row, true));
        out.push_str(&format!("{}\n", paint(color, RED, &line)));
    }
    section(out, color, "unexpected", rates.unexpected.len());
    for row in &rates.unexpected {
        let line = format!("  + {}", describe_rate(row, true));
        out.push_str(&format!("{}\n", paint(color, YELLOW, &line)));
    }
    section(out, color, "changed", rates.changed.len());
    for change in &rates.changed {
        let line = format!("  ~ {}", describe_rate(&change.expected, true));
        out.push_str(&format!("{}\n", paint(color, YELLOW, &line)));
        for field in &change.fields {
            let (expected, actual) = change.values(field);
            field_line(out, color, field, expected, actual);
        }
    }
}

fn render_outline_differences(out: &mut String, comparison: &DocumentComparison, color: bool) {
    let outline = &comparison.outline;
    section(out, color, "outline missing", outline.missing.len());
    for row in &outline.missing {
        let line = format!("  - {}", describe_outline(row));
        out.push_str(&format!("{}\n", paint(color, RED, &line)));
    }
    section(out, color, "outline unexpected", outline.unexpected.len());
    for row in &outline.unexpected {
        let line = format!("  + {}", describe_outline(row));
        out.push_str(&format!("{}\n", paint(color, YELLOW, &line)));
    }
    section(out, color, "outline changed", outline.changed.len());
    for change in &outline.changed {
        let line = format!("  ~ {}", describe_outline(&change.expected));
        out.push_str(&format!("{}\n", paint(color, YELLOW, &line)));
        for field in &change.fields {
            let (expected, actual) = outline_changed_values(change, field);
            field_line(out, color, field, &expected, &actual);
        }
    }
}

/// The title of the score table: what each column counts.
const SCORES_TITLE: &str = "scores (precision = found / actual, recall = found / expected; found: the value in its place, exact: every compared field equal; exact_p, exact_r, exact_f1: precision, recall and F1 of exact rows; subparagraph, condition, source, modifies: share of found rows that agree on the field, - where none was compared)";

fn render_scores(out: &mut String, table: &ScoreTable, color: bool) {
    let mut score_rows: Vec<(&str, &str, Score)> = Vec::new();
    for (scope, scores) in [
        ("document", &table.per_document),
        ("language", &table.per_language),
        ("topic", &table.per_topic),
    ] {
        score_rows.extend(
            scores
                .iter()
                .map(|(name, score)| (scope, name.as_str(), *score)),
        );
    }
    score_rows.push(("overall", "rates", table.overall));
    score_rows.push(("overall", "outline", table.outline_overall));

    let name_width = score_rows
        .iter()
        .map(|(_, name, _)| name.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    out.push_str(&format!("{}\n", paint(color, BOLD, SCORES_TITLE)));
    out.push_str(&format!(
        "{:<8}  {:<name_width$}  {:>8}  {:>6}  {:>5}  {:>5}  {:>9}  {:>6}  {:>5}  {:>7}  {:>7}  {:>8}  {:>12}  {:>9}  {:>6}  {:>8}\n",
        "scope", "name", "expected", "actual", "found", "exact", "precision", "recall", "f1",
        "exact_p", "exact_r", "exact_f1", "subparagraph", "condition", "source", "modifies"
    ));
    for (scope, name, score) in score_rows {
        let padded_name = format!("{name}{}", " ".repeat(name_width - name.chars().count()));
        let shares: Vec<String> = score
            .agreement_by_field()
            .map(|(field, tally)| {
                let share = tally
                    .share()
                    .map_or("-".to_owned(), |share| format!("{share:.3}"));
                format!("{share:>width$}", width = field.len().max(6))
            })
            .collect();
        out.push_str(&format!(
            "{scope:<8}  {padded_name}  {:>8}  {:>6}  {:>5}  {:>5}  {:>9.3}  {:>6.3}  {}  {:>7.3}  {:>7.3}  {}  {}\n",
            score.expected,
            score.actual,
            score.found,
            score.exact,
            score.precision(),
            score.recall(),
            paint(color, f1_colour(score.f1()), &format!("{:>5.3}", score.f1())),
            score.exact_precision(),
            score.exact_recall(),
            paint(color, f1_colour(score.exact_f1()), &format!("{:>8.3}", score.exact_f1())),
            shares.join("  "),
        ));
    }
}

/// Green for a perfect F1, yellow from 0.8, red below.
fn f1_colour(f1: f64) -> &'static str {
    if f1 >= 1.0 {
        GREEN
    } else if f1 >= 0.8 {
        YELLOW
    } else {
        RED
    }
}
