//! `beneficial_owners`: who must beneficially own the income (company, individual, pension
//! fund, government, central bank, bank, ...): the `beneficial_owner` condition of a rate
//! tier, one row per alternative ("if the beneficial owner is a company which holds at least
//! 10 per cent of the capital ... or a pension fund").
//!
//! The beneficiaries a clause names are read in `support::owner` (also for the exemptions,
//! whose rows stay `exemptions`' own); the tiers are read as `rate_tiers` reads them.

use treaty_schema::Conditions;

use super::support::context::ParagraphCtx;
use super::support::finding::Finding;
use super::support::reading::RateForm;

/// The rule's name.
pub(crate) const NAME: &str = "beneficial_owners";

/// True when a tier (the conditions of its alternatives) names who must own the income.
pub(crate) fn names_a_beneficiary(variants: &[Conditions]) -> bool {
    variants.iter().any(|c| c.beneficial_owner.is_some())
}

/// The rows of the rate tiers of a paragraph that name who must own the income.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    ctx.numbers()
        .rate_findings(RateForm::Tier, NAME, names_a_beneficiary)
}
