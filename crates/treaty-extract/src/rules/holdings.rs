//! `holdings`: a percentage of the capital, voting power or shares held is a holding: a
//! threshold row (`min_holding`, or `max_holding` for a ceiling: "but less than 25 per cent",
//! "does not own more than 10 percent"), never a rate. The tier it qualifies carries it as
//! its condition (`rate_tiers`, `beneficial_owners`, `exemptions`).
//!
//! What tells a holding from a rate, its basis and its bounds is read in `support::holding`;
//! the measure of a threshold in `support::measure`.

use treaty_schema::Measure;

use super::money_thresholds::is_money;
use super::support::context::ParagraphCtx;
use super::support::finding::Finding;

/// The rule's name.
pub(crate) const NAME: &str = "holdings";

/// True when a threshold measures a holding.
pub(crate) fn is_holding_measure(measure: Measure) -> bool {
    matches!(measure, Measure::MinHolding | Measure::MaxHolding)
}

/// The rows of the holdings of a paragraph.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    ctx.numbers().threshold_findings(NAME, |measure, quantity| {
        is_holding_measure(measure) && !is_money(quantity)
    })
}
