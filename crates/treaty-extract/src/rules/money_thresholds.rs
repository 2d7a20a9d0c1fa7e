//! `money_thresholds`: an amount of money (a student's allowance, an artiste's earnings, a
//! claim below which no assistance is given) is a threshold in its currency. The number
//! finder reads the currency where the text names it; a bare currency word (`dollars`) is
//! read as the currency of the treaty's parties where the row is made (`crate::currency`).

use treaty_numbers::{Quantity, Unit};
use treaty_schema::Measure;

use super::support::context::ParagraphCtx;
use super::support::finding::Finding;

/// The rule's name.
pub(crate) const NAME: &str = "money_thresholds";

/// True when a quantity is an amount of money.
pub(crate) fn is_money(quantity: &Quantity) -> bool {
    matches!(quantity.unit, Unit::Currency(_) | Unit::Printed(_))
}

/// The rows of the amounts of money of a paragraph.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    ctx.numbers()
        .threshold_findings(NAME, |_: Measure, quantity| is_money(quantity))
}
