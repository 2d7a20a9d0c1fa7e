//! Branch profits taxes: rates on the profits of a permanent establishment.

use treaty_lang::Lang;

use super::text::lower;
use super::words::{contains_any, words};

/// True when a rate caps the tax on the profits of a permanent establishment (a branch
/// profits tax) rather than on dividends, interest or royalties.
pub(super) fn is_branch_clause(clause: &str, lang: Lang) -> bool {
    let lowered = lower(clause);
    let list = words(lang).list;
    contains_any(&lowered, list.establishment) && !contains_any(&lowered, list.distribution_amount)
}
