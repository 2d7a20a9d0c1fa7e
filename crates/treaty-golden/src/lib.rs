//! Golden fixtures for treaty extraction: read and write the hand-written fixture files,
//! compare a program's output with them, score the result and report it.
//!
//! Everything works on strings: the CLI reads `fixtures/<doc>/rates.csv`,
//! `fixtures/<doc>/outline.csv` and `fixtures/<doc>/known-gaps.csv`, builds [`RateRecord`]s
//! and [`OutlineRecord`]s from the program's output, and hands both here.
//!
//! - [`parse_rates_csv`], [`parse_outline_csv`], [`parse_known_gaps_csv`] read fixture text;
//!   [`write_rates_csv`], [`write_outline_csv`], [`write_known_gaps_csv`] write it in canonical
//!   order, so rewritten fixtures diff cleanly.
//! - [`compare_document`] pairs actual rows with expected rows into a [`DocumentComparison`]:
//!   matched, changed (same place, another value, condition, subparagraph, source or
//!   modifies), missing and unexpected.
//! - [`score_table`] computes precision, recall and F1 ([`Score`]) of found rows and of exact
//!   rows, and the agreement of found rows field by field, per document, language and topic;
//!   [`regressions`] lists the missing, changed and unexpected rows no [`KnownGap`] accepts.
//! - [`render_text`], [`render_json`] and [`render_junit`] format the result.
//!
//! # Matching
//!
//! Rate rows are a multiset grouped by place: treaty, lang, article, paragraph, topic and kind.
//! Within one place, rows equal in every compared field (value, unit, condition,
//! subparagraph, and `source` and `modifies` where the fixture has them; values compare with
//! trailing fractional zeros removed, so `15.0` is `15`) are matched; remaining rows with the
//! same value and unit are paired as changes (preferring pairs that share the subparagraph,
//! then the condition, then any) and count as found; then rows with the same condition are
//! paired as changes of value, which do not count as found; what is left is missing or
//! unexpected. Quotes are never compared. Outline rows match on treaty, lang and article and
//! compare topic and paragraph count; titles are not compared.
//!
//! # Example
//!
//! ```
//! use treaty_golden::{compare_document, parse_rates_csv, regressions, score_table};
//!
//! let expected = parse_rates_csv(
//!     "treaty,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition,quote\n\
//!      1,en,dividends,10,2,a,rate,5,percent,beneficial_owner=company,5 per cent\n\
//!      1,en,dividends,10,2,b,rate,15,percent,,15 per cent\n",
//! )?;
//! let mut actual = expected.clone();
//! actual[0].condition.clear();
//! actual[1].value = "15.0".to_owned();
//!
//! let comparison = compare_document("example", &actual, &expected, &[], &[]);
//! assert_eq!(comparison.rates.matched.len(), 1);
//! assert_eq!(comparison.rates.changed[0].fields, ["condition"]);
//!
//! let table = score_table(&[comparison.clone()]);
//! assert_eq!((table.overall.found, table.overall.exact), (2, 1));
//! assert_eq!(table.overall.f1(), 1.0);
//! assert_eq!(table.overall.exact_f1(), 0.5);
//! assert_eq!(
//!     regressions(&comparison, &[]),
//!     ["example: changed en art 10 ¶2 (a) dividends rate 5 percent [beneficial_owner=company]: \
//!       condition: beneficial_owner=company -> (empty)"]
//! );
//! # Ok::<(), treaty_golden::GoldenError>(())
//! ```

#![deny(missing_docs)]

mod compare;
mod describe;
mod error;
mod from_report;
mod gaps;
mod headline;
mod identity;
mod json;
mod junit;
mod records;
mod score;
mod tally;
mod text;

#[cfg(test)]
mod tests;

pub use compare::{
    compare_document, Change, DocumentComparison, OutlineChange, OutlineComparison, RateComparison,
    CHANGE_FIELDS,
};
pub use error::GoldenError;
pub use gaps::{
    classify_misses, parse_known_gaps_csv, regressions, write_known_gaps_csv, KnownGap, Misses,
};
pub use headline::{
    parse_headline_csv, write_headline_csv, HeadlineRecord, HeadlineTally, HEADLINE_FIELDS,
    HEADLINE_FIXTURE_COLUMNS,
};
pub use identity::{
    parse_treaty_csv, write_treaty_csv, IdentityRecord, IdentityTally, IDENTITY_FIELDS,
    TREATY_FIXTURE_COLUMNS,
};
pub use json::render_json;
pub use junit::{render_junit, JunitGate};
pub use records::{
    parse_outline_csv, parse_rates_csv, write_outline_csv, write_rates_csv, OutlineRecord,
    RateRecord,
};
pub use score::{
    outline_score, rate_score, score_table, Score, ScoreTable, Tally, AGREEMENT_FIELDS,
};
pub use text::render_text;
