//! Known gaps: accepted misses that do not fail a check, and the regressions they leave.
//!
//! `fixtures/<doc>/known-gaps.csv` lists, one per row, the expected rate rows the program is
//! known to miss (`missing`) or to get partly wrong (`changed`, holding the expected row), and
//! the rows it produces that the fixture does not have (`unexpected`, holding the produced
//! row). It works as a ratchet: a miss that is listed passes, a new one fails, and rewriting
//! the file from the current comparison ([`write_known_gaps_csv`]) drops the gaps that were
//! fixed.
//!
//! Each gap covers one row, matched on every field of the file (values compare as in the
//! comparison, so `15.0` covers `15`). A `changed` gap covers a changed row only. A `missing`
//! gap covers a missing row, or a changed row with the same expected row whose value and unit
//! are right, since finding a row with a wrong detail is progress over not finding it (a
//! wrong value is not, so it needs a `changed` gap). An `unexpected` gap covers an unexpected
//! row only: a rule that starts to produce a false rate fails the check.

use crate::compare::DocumentComparison;
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
/// The gap kind of an expected row found in its place with another value or detail.
const CHANGED: &str = "changed";
/// The gap kind of a produced row the fixture does not have.
const UNEXPECTED: &str = "unexpected";

/// The reasons [`write_known_gaps_csv`] writes until a reviewer writes the cause: what the
/// comparison found. They are rewritten with the finding of the day; any other reason is a
/// reviewer's and is kept.
const NOT_FOUND: &str = "not found";
const FOUND_WITH: &str = "found with ";
const NOT_IN_FIXTURE: &str = "not in the fixture";

/// One accepted miss from `known-gaps.csv`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KnownGap {
    /// `missing`, `changed` or `unexpected`.
    pub gap: String,
    /// The row the gap accepts (the expected row, or for `unexpected` the produced one); its
    /// quote is empty.
    pub record: RateRecord,
    /// Why the program misses the row, as a reviewer wrote it (or, until one does, what the
    /// comparison found: `not found`, `found with subparagraph: a -> b`).
    pub reason: String,
}

/// Parses the text of a `known-gaps.csv` file.
///
/// The columns are `gap,treaty,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition`;
/// `gap` must be `missing`, `changed` or `unexpected`, the other fields follow the rules of
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
            if ![MISSING, CHANGED, UNEXPECTED].contains(&gap.as_str()) {
                return Err(GoldenError::Field {
                    line: *line,
                    column: "gap",
                    value: gap,
                    problem: "expected `missing`, `changed` or `unexpected`",
                });
            }
            let mut record = rate_from_fields(*line, fields, 1)?;
            // The reason sits where a rates.csv has its quote; it is not part of the row.
            record.quote.clear();
            Ok(KnownGap {
                gap,
                record,
                reason: fields.get(11).cloned().unwrap_or_default(),
            })
        })
        .collect()
}

/// Writes the current missing, changed and unexpected rows of one document as
/// `known-gaps.csv` text.
///
/// Rows are in canonical rate order; a changed row is written as its expected row, an
/// unexpected row as produced. A reviewer's reason in `previous` is kept for as long as its
/// gap is listed, also when a `missing` gap becomes a `changed` one or back (the same expected
/// row, found now with a wrong value or no longer found: the cause is usually the same).
pub fn write_known_gaps_csv(comparison: &DocumentComparison, previous: &[KnownGap]) -> String {
    let mut out = String::new();
    push_csv_line(&mut out, GAP_COLUMNS.iter().copied());
    for (gap, row, found) in current_gaps(comparison) {
        let reason = reviewed_reason(previous, gap, row).unwrap_or(found);
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

/// Every gap of the comparison as `(kind, row, what the comparison found)`, in canonical
/// order.
fn current_gaps(comparison: &DocumentComparison) -> Vec<(&'static str, &RateRecord, String)> {
    let rates = &comparison.rates;
    let mut gaps: Vec<(&str, &RateRecord, String)> = rates
        .missing
        .iter()
        .map(|row| (MISSING, row, NOT_FOUND.to_owned()))
        .chain(rates.changed.iter().map(|change| {
            let found = format!("{FOUND_WITH}{}", describe_change(change));
            (CHANGED, &change.expected, found)
        }))
        .chain(
            rates
                .unexpected
                .iter()
                .map(|row| (UNEXPECTED, row, NOT_IN_FIXTURE.to_owned())),
        )
        .collect();
    gaps.sort_by(|left, right| rate_order(left.1, right.1).then_with(|| left.0.cmp(right.0)));
    gaps
}

/// The reason a reviewer wrote for this gap, if any: from a previous gap of the same kind and
/// row, or, where the previous file has no gap of this kind for the row (the miss changed
/// kind), from one of the other kind of miss (`missing` and `changed` both hold the expected
/// row).
fn reviewed_reason(previous: &[KnownGap], gap: &str, row: &RateRecord) -> Option<String> {
    let is_miss = |kind: &str| kind == MISSING || kind == CHANGED;
    let reviewed = |reason: &str| {
        !(reason.is_empty()
            || reason == NOT_FOUND
            || reason == NOT_IN_FIXTURE
            || reason.starts_with(FOUND_WITH))
    };
    let same_row: Vec<&KnownGap> = previous
        .iter()
        .filter(|known| gap_key(&known.record) == gap_key(row))
        .collect();
    let of_kind = |kind_matches: &dyn Fn(&str) -> bool| {
        same_row
            .iter()
            .filter(|known| kind_matches(&known.gap))
            .find(|known| reviewed(&known.reason))
            .map(|known| known.reason.clone())
    };
    if same_row.iter().any(|known| known.gap == gap) {
        return of_kind(&|kind| kind == gap);
    }
    if !is_miss(gap) {
        return None;
    }
    of_kind(&|kind| is_miss(kind))
}

/// The missing, changed and unexpected rate rows of one document that no known gap covers,
/// one human-readable line each, in canonical order (missing rows first, then changed, then
/// unexpected).
///
/// An empty list means the document passes the check.
pub fn regressions(comparison: &DocumentComparison, known: &[KnownGap]) -> Vec<String> {
    classify_misses(comparison, known).regressions
}

/// The missing, changed and unexpected rate rows of one document, split into those no known
/// gap covers (what a check fails on) and those a known gap covers (what it accepts).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Misses {
    /// Rows no known gap covers, and known gaps no row needs any more, one line each,
    /// prefixed by the document name: see [`regressions`].
    pub regressions: Vec<String>,
    /// Rows a known gap covers, one line each (`missing ...`, `changed ...: ...` or
    /// `unexpected ...`), without the document name.
    pub known: Vec<String>,
}

/// Splits the misses of one document by the known gaps; see [`regressions`].
pub fn classify_misses(comparison: &DocumentComparison, known: &[KnownGap]) -> Misses {
    let rates = &comparison.rates;
    let mut unused_gaps: Vec<Option<&KnownGap>> = known.iter().map(Some).collect();

    // Exact kinds first, so that a `missing` gap goes to the missing row it was written for
    // before a changed row may borrow it.
    let changed_covered: Vec<bool> = rates
        .changed
        .iter()
        .map(|change| take_gap(&mut unused_gaps, CHANGED, &change.expected))
        .collect();
    let missing_covered: Vec<bool> = rates
        .missing
        .iter()
        .map(|row| take_gap(&mut unused_gaps, MISSING, row))
        .collect();
    let changed_covered: Vec<bool> = rates
        .changed
        .iter()
        .zip(changed_covered)
        .map(|(change, covered)| {
            covered || (change.is_found() && take_gap(&mut unused_gaps, MISSING, &change.expected))
        })
        .collect();
    let unexpected_covered: Vec<bool> = rates
        .unexpected
        .iter()
        .map(|row| take_gap(&mut unused_gaps, UNEXPECTED, row))
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
    for (row, covered) in rates.missing.iter().zip(missing_covered) {
        sort(covered, format!("missing {}", describe_rate(row, false)));
    }
    for (change, covered) in rates.changed.iter().zip(changed_covered) {
        let expected = describe_rate(&change.expected, false);
        sort(
            covered,
            format!("changed {expected}: {}", describe_change(change)),
        );
    }
    for (row, covered) in rates.unexpected.iter().zip(unexpected_covered) {
        sort(covered, format!("unexpected {}", describe_rate(row, false)));
    }
    // A listed gap that no row needs any more: the rule that was missing now works, and the
    // gap would hide its next regression. The check fails until it is removed, so the list
    // only shrinks (`treaty check --update-gaps` rewrites it, keeping the others' reasons).
    for gap in unused_gaps.into_iter().flatten() {
        misses.regressions.push(format!(
            "{}: known gap no longer seen (remove it from known-gaps.csv): {} {}",
            comparison.doc,
            gap.gap,
            describe_rate(&gap.record, false)
        ));
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

/// Every field of `known-gaps.csv` but the gap kind and reason, as compared.
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
