//! The JSON report, for tools and dashboards.
//!
//! The wire format is a pretty-printed object whose keys always come in the order below
//! (documents by name, rows in canonical order); rate rows are objects with the `rates.csv`
//! columns as keys, outline rows likewise with the `outline.csv` columns.
//!
//! ```text
//! {
//!   "documents": [
//!     {
//!       "doc": "...",
//!       "rates": {
//!         "matched": [row, ...],
//!         "changed": [{ "fields": ["condition"], "expected": row, "actual": row }, ...],
//!         "missing": [row, ...],
//!         "unexpected": [row, ...]
//!       },
//!       "outline": {
//!         "matched": 30,
//!         "changed": [{ "fields": ["paragraphs"], "expected": article, "actual": article }, ...],
//!         "missing": [article, ...],
//!         "unexpected": [article, ...]
//!       },
//!       "rate_score": score,
//!       "outline_score": score
//!     }
//!   ],
//!   "scores": {
//!     "per_document": [{ "name": "...", score fields }, ...],
//!     "per_language": [...],
//!     "per_topic": [...],
//!     "overall": score,
//!     "outline_overall": score
//!   }
//! }
//! ```
//!
//! A score is `{ "expected", "actual", "found", "exact", "precision", "recall", "f1",
//! "exact_precision", "exact_recall", "exact_f1", "agreement" }`: precision, recall and F1 of
//! found rows (the value in its place) and of exact rows (every compared field equal), and
//! for the found rows, per field, `{ "compared", "agree", "share" }` (`share` is `null` where
//! nothing was compared) under `subparagraph`, `condition`, `source` and `modifies`.
//! Rate rows have `source` and `modifies` keys where their fixture has those columns (and
//! always for produced rows).

use serde::Serialize;

use crate::compare::{Change, DocumentComparison, OutlineChange};
use crate::records::{OutlineRecord, RateRecord};
use crate::score::{outline_score, rate_score, Score, ScoreTable, Tally};
use crate::text::sorted_by_doc;

#[derive(Serialize)]
struct Report<'a> {
    documents: Vec<DocumentView<'a>>,
    scores: ScoresView<'a>,
}

#[derive(Serialize)]
struct DocumentView<'a> {
    doc: &'a str,
    rates: RatesView<'a>,
    outline: OutlineView<'a>,
    rate_score: ScoreView,
    outline_score: ScoreView,
}

#[derive(Serialize)]
struct RatesView<'a> {
    matched: &'a [RateRecord],
    changed: Vec<ChangeView<'a, RateRecord>>,
    missing: &'a [RateRecord],
    unexpected: &'a [RateRecord],
}

#[derive(Serialize)]
struct OutlineView<'a> {
    matched: usize,
    changed: Vec<ChangeView<'a, OutlineRecord>>,
    missing: &'a [OutlineRecord],
    unexpected: &'a [OutlineRecord],
}

#[derive(Serialize)]
struct ChangeView<'a, T> {
    fields: &'a [&'static str],
    expected: &'a T,
    actual: &'a T,
}

#[derive(Serialize)]
struct ScoresView<'a> {
    per_document: Vec<NamedScoreView<'a>>,
    per_language: Vec<NamedScoreView<'a>>,
    per_topic: Vec<NamedScoreView<'a>>,
    overall: ScoreView,
    outline_overall: ScoreView,
}

#[derive(Serialize)]
struct ScoreView {
    expected: usize,
    actual: usize,
    found: usize,
    exact: usize,
    precision: f64,
    recall: f64,
    f1: f64,
    exact_precision: f64,
    exact_recall: f64,
    exact_f1: f64,
    agreement: AgreementView,
}

#[derive(Serialize)]
struct AgreementView {
    subparagraph: TallyView,
    condition: TallyView,
    source: TallyView,
    modifies: TallyView,
}

#[derive(Serialize)]
struct TallyView {
    compared: usize,
    agree: usize,
    share: Option<f64>,
}

#[derive(Serialize)]
struct NamedScoreView<'a> {
    name: &'a str,
    #[serde(flatten)]
    score: ScoreView,
}

fn tally_view(tally: Tally) -> TallyView {
    TallyView {
        compared: tally.compared,
        agree: tally.agree,
        share: tally.share(),
    }
}

fn score_view(score: &Score) -> ScoreView {
    // The order of `Score::agreement` is that of `AGREEMENT_FIELDS`.
    let [subparagraph, condition, source, modifies] = score.agreement.map(tally_view);
    ScoreView {
        expected: score.expected,
        actual: score.actual,
        found: score.found,
        exact: score.exact,
        precision: score.precision(),
        recall: score.recall(),
        f1: score.f1(),
        exact_precision: score.exact_precision(),
        exact_recall: score.exact_recall(),
        exact_f1: score.exact_f1(),
        agreement: AgreementView {
            subparagraph,
            condition,
            source,
            modifies,
        },
    }
}

fn named_score_views(scores: &[(String, Score)]) -> Vec<NamedScoreView<'_>> {
    scores
        .iter()
        .map(|(name, score)| NamedScoreView {
            name,
            score: score_view(score),
        })
        .collect()
}

fn rate_change_view(change: &Change) -> ChangeView<'_, RateRecord> {
    ChangeView {
        fields: &change.fields,
        expected: &change.expected,
        actual: &change.actual,
    }
}

fn outline_change_view(change: &OutlineChange) -> ChangeView<'_, OutlineRecord> {
    ChangeView {
        fields: &change.fields,
        expected: &change.expected,
        actual: &change.actual,
    }
}

/// Renders the JSON report (pretty-printed, stable key order, ending in a newline).
///
/// The format is described in this crate's `json` module documentation: documents with their
/// rate and outline differences and scores, then the score table.
pub fn render_json(comparisons: &[DocumentComparison], table: &ScoreTable) -> String {
    let documents = sorted_by_doc(comparisons)
        .into_iter()
        .map(|comparison| DocumentView {
            doc: &comparison.doc,
            rates: RatesView {
                matched: &comparison.rates.matched,
                changed: comparison
                    .rates
                    .changed
                    .iter()
                    .map(rate_change_view)
                    .collect(),
                missing: &comparison.rates.missing,
                unexpected: &comparison.rates.unexpected,
            },
            outline: OutlineView {
                matched: comparison.outline.matched,
                changed: comparison
                    .outline
                    .changed
                    .iter()
                    .map(outline_change_view)
                    .collect(),
                missing: &comparison.outline.missing,
                unexpected: &comparison.outline.unexpected,
            },
            rate_score: score_view(&rate_score(&comparison.rates)),
            outline_score: score_view(&outline_score(&comparison.outline)),
        })
        .collect();
    let report = Report {
        documents,
        scores: ScoresView {
            per_document: named_score_views(&table.per_document),
            per_language: named_score_views(&table.per_language),
            per_topic: named_score_views(&table.per_topic),
            overall: score_view(&table.overall),
            outline_overall: score_view(&table.outline_overall),
        },
    };
    // Serializing structs of strings, integers and finite floats into a String cannot fail.
    let mut json =
        serde_json::to_string_pretty(&report).expect("the JSON report is always serializable");
    json.push('\n');
    json
}
