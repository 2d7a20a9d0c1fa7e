//! Precision, recall and F1 over compared rows, per document, language and topic, on two
//! measures, and how often each detail of a found row agrees with the fixture.
//!
//! - *Found* (`found`): the program located the right number (value, unit, kind) in the right
//!   place (treaty, lang, article, paragraph, topic); a changed condition or subparagraph still
//!   counts. This is the lenient measure the gate used first.
//! - *Exact* (`exact`): every compared field is equal as well: condition, subparagraph, and
//!   `source` and `modifies` where the fixture has them. A row with a wrong condition is a
//!   wrong row for a user, so CI gates on this measure.
//! - *Agreement*: for the found rows, the share whose subparagraph, condition, source and
//!   modifies agree, field by field, so a fall in exact F1 says which detail went wrong. The
//!   fields that decide whether a row is found at all are not listed, since they always agree.

use std::collections::BTreeMap;

use crate::compare::{
    field_agrees, field_of_layer, number_agrees, Change, DocumentComparison, OutlineComparison,
    RateComparison,
};
use crate::records::RateRecord;

/// The fields whose agreement is counted over found rows, in the order reports show them.
pub const AGREEMENT_FIELDS: [&str; 4] = ["subparagraph", "condition", "source", "modifies"];

/// How many found rows had a field compared, and how many of them agreed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Found rows whose field was compared (`source` and `modifies` only where the fixture
    /// has them).
    pub compared: usize,
    /// Of those, the rows whose field agrees.
    pub agree: usize,
}

impl Tally {
    /// `agree / compared`, or `None` when nothing was compared.
    pub fn share(&self) -> Option<f64> {
        (self.compared > 0).then(|| self.agree as f64 / self.compared as f64)
    }
}

/// Row counts for one scope of the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    /// Rows the fixtures expect.
    pub expected: usize,
    /// Rows the program produced.
    pub actual: usize,
    /// Expected rows found, exactly or changed (value and unit right).
    pub found: usize,
    /// Expected rows found exactly.
    pub exact: usize,
    /// Per-field agreement of the found rows, in the order of [`AGREEMENT_FIELDS`].
    pub agreement: [Tally; 4],
}

impl Score {
    /// `found / actual`: how many produced rows are right; 1.0 when nothing was produced.
    pub fn precision(&self) -> f64 {
        ratio(self.found, self.actual)
    }

    /// `found / expected`: how many expected rows were found; 1.0 when nothing was expected.
    pub fn recall(&self) -> f64 {
        ratio(self.found, self.expected)
    }

    /// The harmonic mean of precision and recall; 0.0 when both are 0.
    pub fn f1(&self) -> f64 {
        harmonic_mean(self.precision(), self.recall())
    }

    /// `exact / actual`: how many produced rows are right in every field.
    pub fn exact_precision(&self) -> f64 {
        ratio(self.exact, self.actual)
    }

    /// `exact / expected`: how many expected rows were found with every field right.
    pub fn exact_recall(&self) -> f64 {
        ratio(self.exact, self.expected)
    }

    /// The harmonic mean of exact precision and exact recall; what `--min-exact` gates on.
    pub fn exact_f1(&self) -> f64 {
        harmonic_mean(self.exact_precision(), self.exact_recall())
    }

    /// `(field, tally)` for each of [`AGREEMENT_FIELDS`].
    pub fn agreement_by_field(&self) -> impl Iterator<Item = (&'static str, Tally)> + '_ {
        AGREEMENT_FIELDS.into_iter().zip(self.agreement)
    }

    fn add(&mut self, other: Score) {
        self.expected += other.expected;
        self.actual += other.actual;
        self.found += other.found;
        self.exact += other.exact;
        for (tally, other_tally) in self.agreement.iter_mut().zip(other.agreement) {
            tally.compared += other_tally.compared;
            tally.agree += other_tally.agree;
        }
    }
}

fn ratio(numerator: usize, denominator: usize) -> f64 {
    if denominator == 0 {
        1.0
    } else {
        numerator as f64 / denominator as f64
    }
}

fn harmonic_mean(precision: f64, recall: f64) -> f64 {
    if precision + recall == 0.0 {
        0.0
    } else {
        2.0 * precision * recall / (precision + recall)
    }
}

/// Scores over a set of compared documents. Every list is sorted by name.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScoreTable {
    /// Rate scores of each document, by document name.
    pub per_document: Vec<(String, Score)>,
    /// Rate scores of each language, summed over documents.
    pub per_language: Vec<(String, Score)>,
    /// Rate scores of each topic, summed over documents.
    pub per_topic: Vec<(String, Score)>,
    /// Rate scores over everything.
    pub overall: Score,
    /// Outline scores over everything (articles instead of rate rows).
    pub outline_overall: Score,
}

/// Scores the given comparisons.
pub fn score_table(comparisons: &[DocumentComparison]) -> ScoreTable {
    let mut table = ScoreTable::default();
    let mut per_language: BTreeMap<String, Score> = BTreeMap::new();
    let mut per_topic: BTreeMap<String, Score> = BTreeMap::new();
    for comparison in comparisons {
        let document_score = rate_score(&comparison.rates);
        table
            .per_document
            .push((comparison.doc.clone(), document_score));
        table.overall.add(document_score);
        table
            .outline_overall
            .add(outline_score(&comparison.outline));
        for_each_row_score(&comparison.rates, |row, row_score| {
            per_language
                .entry(row.lang.clone())
                .or_default()
                .add(row_score);
            per_topic
                .entry(row.topic.clone())
                .or_default()
                .add(row_score);
        });
    }
    table
        .per_document
        .sort_by(|left, right| left.0.cmp(&right.0));
    table.per_language = per_language.into_iter().collect();
    table.per_topic = per_topic.into_iter().collect();
    table
}

/// The rate score of one document.
pub fn rate_score(rates: &RateComparison) -> Score {
    let mut score = Score::default();
    for_each_row_score(rates, |_, row_score| score.add(row_score));
    score
}

/// The outline score of one document: articles found under their number, and exact when
/// topic and paragraph count agree too. It has no field agreement.
pub fn outline_score(outline: &OutlineComparison) -> Score {
    let found = outline.matched + outline.changed.len();
    Score {
        expected: found + outline.missing.len(),
        actual: found + outline.unexpected.len(),
        found,
        exact: outline.matched,
        agreement: [Tally::default(); 4],
    }
}

/// What one pair of an expected and an actual row adds to a score: found when the number is
/// right, exact when every field is, and a tally of each detail for found rows.
fn pair_score(expected: &RateRecord, actual: &RateRecord, fields: &[&str]) -> Score {
    let mut score = Score {
        expected: 1,
        actual: 1,
        ..Score::default()
    };
    if !number_agrees(fields) {
        return score;
    }
    score.found = 1;
    score.exact = usize::from(fields.is_empty());
    for (tally, field) in score.agreement.iter_mut().zip(AGREEMENT_FIELDS) {
        let is_layer = field == "source" || field == "modifies";
        if is_layer && field_of_layer(expected, field).is_none() {
            continue;
        }
        tally.compared = 1;
        tally.agree = usize::from(field_agrees(expected, actual, field));
    }
    score
}

/// Calls `visit` with every row of `rates` and what it adds to a score. A change's expected and
/// actual rows share lang and topic (both are part of the place rows are paired in), so the
/// expected row stands for the pair.
fn for_each_row_score(rates: &RateComparison, mut visit: impl FnMut(&RateRecord, Score)) {
    let missing_score = Score {
        expected: 1,
        ..Score::default()
    };
    let unexpected_score = Score {
        actual: 1,
        ..Score::default()
    };
    for row in &rates.matched {
        visit(row, pair_score(row, row, &[]));
    }
    for Change {
        expected,
        actual,
        fields,
    } in &rates.changed
    {
        visit(expected, pair_score(expected, actual, fields));
    }
    for row in &rates.missing {
        visit(row, missing_score);
    }
    for row in &rates.unexpected {
        visit(row, unexpected_score);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_denominators_score_one() {
        let nothing = Score::default();
        assert_eq!(
            (nothing.precision(), nothing.recall(), nothing.f1()),
            (1.0, 1.0, 1.0)
        );
        let nothing_found = Score {
            expected: 3,
            actual: 2,
            found: 0,
            ..Score::default()
        };
        assert_eq!(
            (
                nothing_found.precision(),
                nothing_found.recall(),
                nothing_found.f1()
            ),
            (0.0, 0.0, 0.0)
        );
        let nothing_produced = Score {
            expected: 4,
            actual: 0,
            found: 0,
            ..Score::default()
        };
        assert_eq!(
            (nothing_produced.precision(), nothing_produced.recall()),
            (1.0, 0.0)
        );
    }

    #[test]
    fn f1_is_harmonic_mean() {
        let score = Score {
            expected: 10,
            actual: 5,
            found: 4,
            exact: 2,
            ..Score::default()
        };
        assert_eq!(score.precision(), 0.8);
        assert_eq!(score.recall(), 0.4);
        assert!((score.f1() - 2.0 * 0.8 * 0.4 / 1.2).abs() < 1e-12);
    }
}
