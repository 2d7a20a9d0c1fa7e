//! `rate_tiers`: a percentage of the gross amount in a dividends, interest, royalties or
//! other-income article is a withholding-rate cap; one row per tier (subparagraph, nested
//! item or alternative). A clause of another article that caps the rate of the classes it
//! names ("Any dividends, interest or royalties ... shall not exceed 15 percent of the gross
//! amount"), and a final provision that sets a rate article's rate for a first period, are
//! tiers too.
//!
//! What a number is (a rate or a threshold) is read once for every rule, in
//! `support::reading`; the conditions of a tier in `support::conditions`. The tiers whose
//! clause names who must own the income are `beneficial_owners`' rows.

use super::beneficial_owners::names_a_beneficiary;
use super::support::context::ParagraphCtx;
use super::support::finding::Finding;
use super::support::reading::RateForm;

/// The rule's name.
pub(crate) const NAME: &str = "rate_tiers";

/// The rows of the rate tiers of a paragraph that name no beneficiary.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    ctx.numbers()
        .rate_findings(RateForm::Tier, NAME, |variants| {
            !names_a_beneficiary(variants)
        })
}
