//! Branch profits taxes: rates on the profits of a permanent establishment.

use super::text::lower;

/// True when a rate caps the tax on the profits of a permanent establishment (a branch
/// profits tax) rather than on dividends, interest or royalties.
pub(super) fn is_branch_clause(clause: &str) -> bool {
    let lowered = lower(clause);
    let mentions_establishment = [
        "permanent establishment",
        "estabelecimento permanente",
        "estabelecimento estável",
        "branch",
        "sucursal",
    ]
    .iter()
    .any(|w| lowered.contains(w))
        || clause.contains("恒久的施設")
        || clause.contains("支店")
        // `この付加的な租税の額は...十パーセントを超えない`: the additional (branch) tax.
        || clause.contains("付加的な租税");
    let about_distributions = [
        "of the dividends",
        "dos dividendos",
        "of the interest",
        "dos juros",
        "of the royalties",
        "das royalties",
    ]
    .iter()
    .any(|w| lowered.contains(w))
        || clause.contains("配当の額")
        || clause.contains("利子の額")
        || clause.contains("使用料の額");
    mentions_establishment && !about_distributions
}
