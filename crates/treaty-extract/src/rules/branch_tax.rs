//! `branch_tax`: a rate on the profits of a permanent establishment (a branch profits tax)
//! is a rate with `income=branch_profits`, in whatever article or instrument it stands (the
//! rule runs after `protocol_changes`, so a protocol's branch tax is this rule's row).
//!
//! Whether a clause (or a Japanese item) taxes a branch's profits is read with the number's
//! place (`support::place`, `support::conditions::is_branch_clause`); a branch tax stated as
//! another paragraph's rate is `relative_rates`' row.

use super::support::context::ParagraphCtx;
use super::support::finding::Finding;
use super::support::reading::RateForm;

/// The rule's name.
pub(crate) const NAME: &str = "branch_tax";

/// The rows of the branch profits taxes of a paragraph.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    ctx.numbers()
        .rate_findings(RateForm::Branch, NAME, |_| true)
}
