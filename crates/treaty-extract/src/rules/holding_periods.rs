//! `holding_periods`: a duration in a rate tier is how long the holding must last: a
//! `holding_period` condition of the tier (read with its conditions, `support::conditions`)
//! and a threshold row, except a first period of the treaty after which a rate changes
//! ("during the first five years for which this Convention has effect").

use treaty_schema::Measure;

use super::money_thresholds::is_money;
use super::support::context::ParagraphCtx;
use super::support::finding::Finding;

/// The rule's name.
pub(crate) const NAME: &str = "holding_periods";

/// The rows of the holding periods of a paragraph.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    ctx.numbers().threshold_findings(NAME, |measure, quantity| {
        measure == Measure::HoldingPeriod && !is_money(quantity)
    })
}
