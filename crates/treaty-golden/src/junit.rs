//! The JUnit XML report, for CI systems that show test results.
//!
//! One `<testsuite name="treaty-check">` holds one `<testcase>` per document, in name order.
//! A document fails when any expected rate row or article is missing or changed; the
//! `<failure>` element lists those rows. Unexpected rows and the document's scores go to
//! `<system-out>`. Known gaps are not consulted here: the report shows every miss.

use crate::compare::DocumentComparison;
use crate::describe::{describe_change, describe_outline, describe_outline_change, describe_rate};
use crate::score::{outline_score, rate_score, Score, ScoreTable};
use crate::text::sorted_by_doc;

/// The suite name CI dashboards group the documents under.
const SUITE_NAME: &str = "treaty-check";

/// Renders the JUnit XML report.
pub fn render_junit(comparisons: &[DocumentComparison], table: &ScoreTable) -> String {
    let sorted_comparisons = sorted_by_doc(comparisons);
    let n_failures = sorted_comparisons
        .iter()
        .filter(|comparison| !failure_lines(comparison).is_empty())
        .count();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<testsuite name=\"{SUITE_NAME}\" tests=\"{}\" failures=\"{n_failures}\" errors=\"0\" skipped=\"0\">\n",
        sorted_comparisons.len()
    ));
    for comparison in sorted_comparisons {
        out.push_str(&format!(
            "  <testcase classname=\"{SUITE_NAME}\" name=\"{}\">\n",
            escape_xml(&comparison.doc)
        ));
        let failures = failure_lines(comparison);
        if !failures.is_empty() {
            let rates = &comparison.rates;
            let outline = &comparison.outline;
            let message = format!(
                "{} missing, {} changed rate rows; {} missing, {} changed articles",
                rates.missing.len(),
                rates.changed.len(),
                outline.missing.len(),
                outline.changed.len()
            );
            out.push_str(&format!(
                "    <failure type=\"golden-mismatch\" message=\"{}\">{}</failure>\n",
                escape_xml(&message),
                escape_xml(&failures.join("\n"))
            ));
        }
        let mut output_lines = vec![
            format!("rates: {}", describe_score(&rate_score(&comparison.rates))),
            format!(
                "outline: {}",
                describe_score(&outline_score(&comparison.outline))
            ),
        ];
        output_lines.extend(
            comparison
                .rates
                .unexpected
                .iter()
                .map(|row| format!("unexpected {}", describe_rate(row, true))),
        );
        output_lines.extend(
            comparison
                .outline
                .unexpected
                .iter()
                .map(|row| format!("unexpected article {}", describe_outline(row))),
        );
        out.push_str(&format!(
            "    <system-out>{}</system-out>\n",
            escape_xml(&output_lines.join("\n"))
        ));
        out.push_str("  </testcase>\n");
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

/// The missing and changed rows of one document, one line each; empty when it passes.
fn failure_lines(comparison: &DocumentComparison) -> Vec<String> {
    let rates = &comparison.rates;
    let outline = &comparison.outline;
    let mut lines = Vec::new();
    lines.extend(
        rates
            .missing
            .iter()
            .map(|row| format!("missing {}", describe_rate(row, true))),
    );
    lines.extend(rates.changed.iter().map(|change| {
        format!(
            "changed {}: {}",
            describe_rate(&change.expected, true),
            describe_change(change)
        )
    }));
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
    lines
}

fn describe_score(score: &Score) -> String {
    format!(
        "expected {}, actual {}, found {}, exact {}, precision {:.3}, recall {:.3}, f1 {:.3}",
        score.expected,
        score.actual,
        score.found,
        score.exact,
        score.precision(),
        score.recall(),
        score.f1()
    )
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
