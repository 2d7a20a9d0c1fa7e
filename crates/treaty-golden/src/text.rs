//! The human-readable report: per-document differences, then a score table.
//!
//! Documents are shown in name order and rows in canonical order, so two runs over the same
//! output give the same text. Colour is plain ANSI escapes, used only when asked for: missing
//! rows red, unexpected rows yellow, changed rows yellow with the expected value red and the
//! actual value green.

use crate::compare::DocumentComparison;
use crate::describe::{
    changed_values, describe_outline, describe_rate, outline_changed_values, show_field,
};
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

    let section = |out: &mut String, title: &str, count: usize| {
        if count > 0 {
            out.push_str(&format!(
                "{}\n",
                paint(color, BOLD, &format!("{title} ({count})"))
            ));
        }
    };
    let field_line = |out: &mut String, field: &str, expected: &str, actual: &str| {
        out.push_str(&format!(
            "      {field}: {} -> {}\n",
            paint(color, RED, show_field(expected)),
            paint(color, GREEN, show_field(actual))
        ));
    };

    section(out, "missing", rates.missing.len());
    for row in &rates.missing {
        out.push_str(&format!(
            "{}\n",
            paint(color, RED, &format!("  - {}", describe_rate(row, true)))
        ));
    }
    section(out, "unexpected", rates.unexpected.len());
    for row in &rates.unexpected {
        out.push_str(&format!(
            "{}\n",
            paint(color, YELLOW, &format!("  + {}", describe_rate(row, true)))
        ));
    }
    section(out, "changed", rates.changed.len());
    for change in &rates.changed {
        out.push_str(&format!(
            "{}\n",
            paint(
                color,
                YELLOW,
                &format!("  ~ {}", describe_rate(&change.expected, true))
            )
        ));
        for field in &change.fields {
            let (expected, actual) = changed_values(change, field);
            field_line(out, field, expected, actual);
        }
    }

    section(out, "outline missing", outline.missing.len());
    for row in &outline.missing {
        out.push_str(&format!(
            "{}\n",
            paint(color, RED, &format!("  - {}", describe_outline(row)))
        ));
    }
    section(out, "outline unexpected", outline.unexpected.len());
    for row in &outline.unexpected {
        out.push_str(&format!(
            "{}\n",
            paint(color, YELLOW, &format!("  + {}", describe_outline(row)))
        ));
    }
    section(out, "outline changed", outline.changed.len());
    for change in &outline.changed {
        out.push_str(&format!(
            "{}\n",
            paint(
                color,
                YELLOW,
                &format!("  ~ {}", describe_outline(&change.expected))
            )
        ));
        for field in &change.fields {
            let (expected, actual) = outline_changed_values(change, field);
            field_line(out, field, &expected, &actual);
        }
    }
}

fn render_scores(out: &mut String, table: &ScoreTable, color: bool) {
    let mut score_rows: Vec<(&str, &str, Score)> = Vec::new();
    score_rows.extend(
        table
            .per_document
            .iter()
            .map(|(name, score)| ("document", name.as_str(), *score)),
    );
    score_rows.extend(
        table
            .per_language
            .iter()
            .map(|(name, score)| ("language", name.as_str(), *score)),
    );
    score_rows.extend(
        table
            .per_topic
            .iter()
            .map(|(name, score)| ("topic", name.as_str(), *score)),
    );
    score_rows.push(("overall", "rates", table.overall));
    score_rows.push(("overall", "outline", table.outline_overall));

    let name_width = score_rows
        .iter()
        .map(|(_, name, _)| name.chars().count())
        .max()
        .unwrap_or(0)
        .max(4);
    out.push_str(&format!(
        "{}\n",
        paint(color, BOLD, "scores (precision = found / actual, recall = found / expected; found counts changed rows, exact does not)")
    ));
    out.push_str(&format!(
        "{:<8}  {:<name_width$}  {:>8}  {:>6}  {:>5}  {:>5}  {:>9}  {:>6}  {:>5}\n",
        "scope", "name", "expected", "actual", "found", "exact", "precision", "recall", "f1"
    ));
    for (scope, name, score) in score_rows {
        let f1 = score.f1();
        let f1_code = if f1 >= 1.0 {
            GREEN
        } else if f1 >= 0.8 {
            YELLOW
        } else {
            RED
        };
        let padded_name = format!("{name}{}", " ".repeat(name_width - name.chars().count()));
        out.push_str(&format!(
            "{scope:<8}  {padded_name}  {:>8}  {:>6}  {:>5}  {:>5}  {:>9.3}  {:>6.3}  {}\n",
            score.expected,
            score.actual,
            score.found,
            score.exact,
            score.precision(),
            score.recall(),
            paint(color, f1_code, &format!("{f1:>5.3}")),
        ));
    }
}
