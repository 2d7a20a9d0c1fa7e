//! Known gaps: accepted misses that do not fail a check, and the regressions they leave.
//!
//! `fixtures/<doc>/known-gaps.csv` lists, one per row, the expected rate rows the program is
//! known to miss (`missing`) or to get partly wrong (`changed`, holding the expected row).
//! It works as a ratchet: a miss that is listed passes, a new one fails, and rewriting the file
//! from the current comparison ([`write_known_gaps_csv`]) drops the gaps that were fixed.
//!
//! Each gap covers one row, matched on every field but the quote (values compare as in the
//! comparison, so `15.0` covers `15`). A `changed` gap covers a changed row only. A `missing`
//! gap covers a missing row, or a changed row with the same expected row, since finding a row
//! with a wrong detail is progress over not finding it. Unexpected rows are never regressions.

use crate::compare::{Change, DocumentComparison};
use crate::describe::{describe_change, describe_rate};
use crate::error::GoldenError;
use crate::records::{
    normalize_value, push_csv_line, rate_from_fields, rate_order, read_table, RateRecord,
};

/// Columns of `known-gaps.csv`, in order; `reason` may be left out.
const GAP_COLUMNS: [&str; 12] = [
    "gap",
    "treaty",
    "lang",
    "topic",
    "article",
    "paragraph",
    "subparagraph",
    "kind",
    "value",
    "unit",
    "condition",
    "reason",
];

/// The gap kind of an expected row that is not found.
const MISSING: &str = "missing";
/// The gap kind of an expected row found with another condition or subparagraph.
const CHANGED: &str = "changed";

/// One accepted miss from `known-gaps.csv`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KnownGap {
    /// `missing` or `changed`.
    pub gap: String,
    /// The expected row the gap accepts; its quote is empty.
    pub record: RateRecord,
    /// Why the program misses the row, as a reviewer wrote it (or, until one does, what the
    /// comparison found: `not found`, `found with subparagraph: a -> b`).
    pub reason: String,
}

/// Parses the text of a `known-gaps.csv` file.
///
/// The columns are `gap,treaty,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition`;
/// `gap` must be `missing` or `changed`, the other fields follow the rules of
/// [`parse_rates_csv`](crate::parse_rates_csv).
pub fn parse_known_gaps_csv(text: &str) -> Result<Vec<KnownGap>, GoldenError> {
    let with_reason = text
        .trim_start_matches('\u{feff}')
        .lines()
        .next()
        .is_some_and(|header| header.trim_end().ends_with(",reason"));
    let columns = if with_reason {
        &GAP_COLUMNS[..]
    } else {
        &GAP_COLUMNS[..GAP_COLUMNS.len() - 1]
    };
    let rows = read_table(text, columns)?;
    rows.iter()
        .map(|(line, fields)| {
            let gap = fields[0].clone();
            if gap != MISSING && gap != CHANGED {
                return Err(GoldenError::Field {
                    line: *line,
                    column: "gap",
                    value: gap,
                    problem: "expected `missing` or `changed`",
                });
            }
            Ok(KnownGap {
                gap,
                record: rate_from_fields(*line, fields, 1)?,
                reason: fields.get(11).cloned().unwrap_or_default(),
            })
        })
        .collect()
}

/// Writes the current missing and changed rows of one document as `known-gaps.csv` text.
///
/// Rows are in canonical rate order; a changed row is written as its expected row.
pub fn write_known_gaps_csv(comparison: &DocumentComparison, previous: &[KnownGap]) -> String {
    let mut gaps: Vec<(&str, &RateRecord, String)> = comparison
        .rates
        .missing
        .iter()
        .map(|row| (MISSING, row, "not found".to_string()))
        .chain(comparison.rates.changed.iter().map(|change| {
            (
                CHANGED,
                &change.expected,
                format!("found with {}", describe_change(change)),
            )
        }))
        .collect();
    gaps.sort_by(|left, right| rate_order(left.1, right.1).then_with(|| left.0.cmp(right.0)));
    let mut out = String::new();
    push_csv_line(&mut out, GAP_COLUMNS.iter().copied());
    for (gap, row, found) in gaps {
        // A reviewer's reason stays as long as the gap does.
        let reason = previous
            .iter()
            .find(|known| {
                known.gap == gap && same_row(&known.record, row) && !known.reason.is_empty()
            })
            .map_or(found, |known| known.reason.clone());
        let treaty = row.treaty.to_string();
        push_csv_line(
            &mut out,
            [
                gap,
                treaty.as_str(),
                row.lang.as_str(),
                row.topic.as_str(),
                row.article.as_str(),
                row.paragraph.as_str(),
                row.subparagraph.as_str(),
                row.kind.as_str(),
                row.value.as_str(),
                row.unit.as_str(),
                row.condition.as_str(),
                reason.as_str(),
            ],
        );
    }
    out
}

/// The same expected row, the quote aside.
fn same_row(left: &RateRecord, right: &RateRecord) -> bool {
    left.treaty == right.treaty
        && left.lang == right.lang
        && left.topic == right.topic
        && left.article == right.article
        && left.paragraph == right.paragraph
        && left.subparagraph == right.subparagraph
        && left.kind == right.kind
        && normalize_value(&left.value) == normalize_value(&right.value)
        && left.unit == right.unit
        && left.condition == right.condition
}

/// The missing and changed rate rows of one document that no known gap covers, one
/// human-readable line each, in canonical order (missing rows first).
///
/// An empty list means the document passes the check.
pub fn regressions(comparison: &DocumentComparison, known: &[KnownGap]) -> Vec<String> {
    classify_misses(comparison, known).regressions
}

/// The missing and changed rate rows of one document, split into those no known gap covers
/// (what a check fails on) and those a known gap covers (what it accepts).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Misses {
    /// Rows no known gap covers, one line each, prefixed by the document name: see
    /// [`regressions`].
    pub regressions: Vec<String>,
    /// Rows a known gap covers, one line each (`missing ...` or `changed ...: ...`), without
    /// the document name.
    pub known: Vec<String>,
}

/// Splits the misses of one document by the known gaps; see [`regressions`].
pub fn classify_misses(comparison: &DocumentComparison, known: &[KnownGap]) -> Misses {
    let mut unused_gaps: Vec<Option<&KnownGap>> = known.iter().map(Some).collect();
    let changed_rows: Vec<&Change> = comparison.rates.changed.iter().collect();

    // Exact kinds first, so that a `missing` gap goes to the missing row it was written for
    // before a changed row may borrow it.
    let changed_covered: Vec<bool> = changed_rows
        .iter()
        .map(|change| take_gap(&mut unused_gaps, CHANGED, &change.expected))
        .collect();
    let missing_covered: Vec<bool> = comparison
        .rates
        .missing
        .iter()
        .map(|row| take_gap(&mut unused_gaps, MISSING, row))
        .collect();
    let changed_covered: Vec<bool> = changed_rows
        .iter()
        .zip(changed_covered)
        .map(|(change, covered)| covered || take_gap(&mut unused_gaps, MISSING, &change.expected))
        .collect();

    let mut misses = Misses::default();
    let mut sort = |covered: bool, line: String| {
        if covered {
            misses.known.push(line);
        } else {
            misses
                .regressions
                .push(format!("{}: {line}", comparison.doc));
        }
    };
    for (row, covered) in comparison.rates.missing.iter().zip(missing_covered) {
        sort(covered, format!("missing {}", describe_rate(row, false)));
    }
    for (change, covered) in changed_rows.into_iter().zip(changed_covered) {
        sort(
            covered,
            format!(
                "changed {}: {}",
                describe_rate(&change.expected, false),
                describe_change(change)
            ),
        );
    }
    misses
}

/// Takes the first unused gap of kind `gap` that covers `row`, and says whether there was one.
fn take_gap(unused_gaps: &mut [Option<&KnownGap>], gap: &str, row: &RateRecord) -> bool {
    let row_key = gap_key(row);
    let slot = unused_gaps.iter_mut().find(|slot| {
        slot.is_some_and(|known| known.gap == gap && gap_key(&known.record) == row_key)
    });
    match slot {
        Some(slot) => {
            *slot = None;
            true
        }
        None => false,
    }
}

/// Every field but the quote, as compared.
fn gap_key(row: &RateRecord) -> [String; 10] {
    [
        row.treaty.to_string(),
        row.lang.trim().to_owned(),
        row.topic.trim().to_owned(),
        row.article.trim().to_owned(),
        row.paragraph.trim().to_owned(),
        row.subparagraph.trim().to_owned(),
        row.kind.trim().to_owned(),
        normalize_value(&row.value),
        row.unit.trim().to_owned(),
        row.condition.trim().to_owned(),
    ]
}
