//! Precision, recall and F1 over compared rows, per document, language and topic.
//!
//! A changed row counts as found: the program located the right number in the right place
//! and only a detail differs. `exact` counts matched rows alone, so the two can be told apart.

use std::collections::BTreeMap;

use crate::compare::{DocumentComparison, OutlineComparison, RateComparison};
use crate::records::RateRecord;

/// Row counts for one scope of the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    /// Rows the fixtures expect.
    pub expected: usize,
    /// Rows the program produced.
    pub actual: usize,
    /// Expected rows found, exactly or changed.
    pub found: usize,
    /// Expected rows found exactly.
    pub exact: usize,
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
        let precision = self.precision();
        let recall = self.recall();
        if precision + recall == 0.0 {
            0.0
        } else {
            2.0 * precision * recall / (precision + recall)
        }
    }

    fn add(&mut self, other: Score) {
        self.expected += other.expected;
        self.actual += other.actual;
        self.found += other.found;
        self.exact += other.exact;
    }
}

fn ratio(numerator: usize, denominator: usize) -> f64 {
    if denominator == 0 {
        1.0
    } else {
        numerator as f64 / denominator as f64
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
pub(crate) fn rate_score(rates: &RateComparison) -> Score {
    let mut score = Score::default();
    for_each_row_score(rates, |_, row_score| score.add(row_score));
    score
}

/// The outline score of one document.
pub(crate) fn outline_score(outline: &OutlineComparison) -> Score {
    let found = outline.matched + outline.changed.len();
    Score {
        expected: found + outline.missing.len(),
        actual: found + outline.unexpected.len(),
        found,
        exact: outline.matched,
    }
}

/// Calls `visit` with every row of `rates` and what it adds to a score. A change's expected and
/// actual rows share lang and topic (both are part of the identity), so the expected row stands
/// for the pair.
fn for_each_row_score(rates: &RateComparison, mut visit: impl FnMut(&RateRecord, Score)) {
    let matched_score = Score {
        expected: 1,
        actual: 1,
        found: 1,
        exact: 1,
    };
    let changed_score = Score {
        expected: 1,
        actual: 1,
        found: 1,
        exact: 0,
    };
    let missing_score = Score {
        expected: 1,
        ..Score::default()
    };
    let unexpected_score = Score {
        actual: 1,
        ..Score::default()
    };
    for row in &rates.matched {
        visit(row, matched_score);
    }
    for change in &rates.changed {
        visit(&change.expected, changed_score);
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
            exact: 0,
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
            exact: 0,
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
        };
        assert_eq!(score.precision(), 0.8);
        assert_eq!(score.recall(), 0.4);
        assert!((score.f1() - 2.0 * 0.8 * 0.4 / 1.2).abs() < 1e-12);
    }
}
