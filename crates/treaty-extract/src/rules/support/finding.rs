//! What a rule finds in a paragraph, before it is placed in a document.

use std::ops::Range;

use treaty_numbers::Decimal;
use treaty_schema::{Conditions, Kind};
use treaty_segment::Topic;

/// What a rule found in a paragraph, before it is placed in a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The name of the rule that gives the row (`rate_tiers`, `exemptions`, ...: the names of
    /// `rules::registry::RULES`).
    pub rule: &'static str,
    /// Subparagraph label, empty when none.
    pub subparagraph: String,
    /// `rate` or `threshold`.
    pub kind: Kind,
    /// The value, a plain decimal.
    pub value: Decimal,
    /// Unit.
    pub unit: treaty_schema::Unit,
    /// Typed conditions.
    pub conditions: Conditions,
    /// Where the number (or the exempting phrase) is, in the paragraph's text.
    pub local: Range<usize>,
    /// The clause, in the paragraph's text.
    pub clause: Range<usize>,
    /// How sure the rule is.
    pub confidence: f32,
    /// True when the source printed no unit and the rule inferred it.
    pub unit_inferred: bool,
    /// The topic of the row: the article's, or the class of income a tier of a mixed article
    /// names (fees for technical services in a royalties article).
    pub topic: Topic,
    /// How a value not printed as such was derived ("50 per cent of the rate of
    /// subparagraph a)"), for a warning a reviewer reads.
    pub derived: Option<String>,
    /// The treaty articles whose rate a final provision sets for a first period ("the tax
    /// charged pursuant to paragraph 2 a) of Article 10 (Dividends) ... shall not exceed 10
    /// percent"); empty for the article's own numbers.
    pub modifies: Vec<String>,
    /// The number is in text an amendment deletes or replaces ("the words “20 per cent” shall
    /// be replaced by “15 per cent”"): the former wording, history rather than the treaty's.
    pub struck: bool,
    /// Where the finding stands among the paragraph's findings, whichever rule gave it.
    pub(crate) order: Order,
}

/// How a paragraph is read, in the order its findings are given: its numbers first, then
/// the clauses whose words (not a number) say a rate, then periods counted by an ordinal day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Pass {
    /// The paragraph's numbers, in text order.
    Numbers,
    /// Exempting phrases: rates of 0.
    Exemptions,
    /// Rates given as another paragraph's.
    References,
    /// Periods counted by an ordinal day.
    OrdinalDays,
}

/// The place of a finding among its paragraph's findings: the rows of a paragraph are given
/// in this order, whichever rule gives them and in whatever order the rules run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Order {
    /// How it was found.
    pub(crate) pass: Pass,
    /// Its number (the index of the quantity in the paragraph), or its place in its pass.
    pub(crate) at: usize,
    /// Which of the alternatives of its tier it is (one row per beneficiary, basis, item).
    pub(crate) variant: usize,
    /// True for the `technical_services` row a tier of royalties and technical fees adds
    /// after its own.
    pub(crate) copy: bool,
}

impl Order {
    /// The `variant`-th finding at `at` of `pass`.
    pub(crate) fn new(pass: Pass, at: usize, variant: usize) -> Order {
        Order {
            pass,
            at,
            variant,
            copy: false,
        }
    }
}
