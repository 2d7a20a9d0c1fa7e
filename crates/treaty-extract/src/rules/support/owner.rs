//! Beneficiaries a clause names (government, pension fund, company, ...), and the alternatives of a tier.

use treaty_lang::Lang;

use super::text::{lower, PARENTHETICAL};
use super::words::{contains_any, words};
use treaty_schema::{Conditions, Owner};

/// Beneficiaries named in a clause, in the table's order.
pub(crate) fn beneficial_owners(clause: &str, lang: Lang) -> Vec<Owner> {
    named_owners(clause, lang)
        .into_iter()
        .map(|(owner, _)| owner)
        .collect()
}

/// The beneficiary a list item names first (`a financial institution owned or controlled by
/// the Government`: a financial institution).
pub(crate) fn first_named_owner(item: &str, lang: Lang) -> Option<Owner> {
    named_owners(item, lang)
        .into_iter()
        .min_by_key(|&(_, at)| at)
        .map(|(owner, _)| owner)
}

/// Beneficiaries named in a clause, in the table's order, each with where it is first named
/// (in the lower-cased clause).
pub(crate) fn named_owners(clause: &str, lang: Lang) -> Vec<(Owner, usize)> {
    // Words in brackets qualify (`agency (including a financial institution) wholly owned by
    // that Government`); they do not name another beneficiary.
    let raw = lower(clause);
    let clause = lower(&PARENTHETICAL.replace_all(clause, " "));
    let mut owners = Vec::new();
    let words = &words(lang).list.owners;
    let checks: [(Owner, &[&str]); 8] = [
        (Owner::CompanyNotPartnership, words.company_not_partnership),
        (Owner::PensionFund, words.pension_fund),
        (Owner::CentralBank, words.central_bank),
        (Owner::Government, words.government),
        (Owner::FinancialInstitution, words.financial_institution),
        (Owner::Bank, words.bank),
        (Owner::Company, words.company),
        (Owner::Individual, words.individual),
    ];
    for (owner, phrases) in checks {
        // "A company (other than a partnership)", "the Bank of Arcadia (Central Bank)": these
        // brackets do name the beneficiary.
        let haystack = if matches!(owner, Owner::CompanyNotPartnership | Owner::CentralBank) {
            &raw
        } else {
            &clause
        };
        // Named where the unbracketed text names it; placed where the full text does.
        let named = phrases.iter().any(|p| haystack.contains(p));
        // Placed only once named: most clauses name few of the beneficiaries.
        let first = || phrases.iter().filter_map(|p| raw.find(p)).min();
        if let Some(at) = named.then(first).flatten() {
            // A central bank is also a bank; a company other than a partnership is a company.
            let subsumed = (owner == Owner::Bank
                && owners.iter().any(|(o, _)| *o == Owner::CentralBank))
                || (owner == Owner::Company
                    && owners
                        .iter()
                        .any(|(o, _)| *o == Owner::CompanyNotPartnership));
            if !subsumed {
                owners.push((owner, at));
            }
        }
    }
    owners
}

/// One row per beneficiary when a tier names alternatives ("if the beneficial owner is a
/// pension fund or a company which holds at least 10 per cent of the capital").
///
/// The holding (with its period) belongs to the alternatives it follows: a relative clause
/// after the whole list ("a company or a pension fund which holds at least 10 per cent ...
/// for a period of 365 days") is shared by every alternative; one between two alternatives
/// ("a company which holds at least 10 per cent ..., or a pension fund") is the nearest
/// one's before it. `holding_at` is where the holding's number is in the clause; where it is
/// not known, or the language puts a modifier before its noun (Japanese), the holding is the
/// company's.
pub(crate) fn alternatives(
    conditions: Conditions,
    clause: &str,
    holding_at: Option<usize>,
    lang: Lang,
) -> Vec<Conditions> {
    let named = named_owners(clause, lang);
    let joined_by_or = contains_any(&lower(clause), words(lang).list.or);
    let is_other = |o: Owner| {
        matches!(
            o,
            Owner::PensionFund | Owner::Government | Owner::CentralBank
        )
    };
    let is_company = |o: Owner| matches!(o, Owner::Company | Owner::CompanyNotPartnership);
    let has_other = named.iter().any(|&(o, _)| is_other(o));
    let has_company = named.iter().any(|&(o, _)| is_company(o));
    if !joined_by_or || !has_other || !has_company || conditions.min_holding.is_none() {
        return vec![conditions];
    }
    // The alternatives in the table's order, the company first.
    let company = named
        .iter()
        .copied()
        .find(|&(o, _)| is_company(o))
        .unwrap_or((Owner::Company, 0));
    let mut listed = vec![company];
    listed.extend(named.iter().copied().filter(|&(o, _)| is_other(o)));
    let holders: Vec<Owner> = match holding_at.filter(|_| !words(lang).japanese) {
        Some(at) if listed.iter().all(|&(_, named_at)| named_at < at) => {
            listed.iter().map(|&(o, _)| o).collect()
        }
        Some(at) => listed
            .iter()
            .filter(|&&(_, named_at)| named_at < at)
            .max_by_key(|&&(_, named_at)| named_at)
            .map(|&(o, _)| vec![o])
            .unwrap_or_else(|| vec![company.0]),
        None => vec![company.0],
    };
    listed
        .iter()
        .map(|&(owner, _)| {
            if holders.contains(&owner) {
                Conditions {
                    beneficial_owner: Some(owner),
                    ..conditions.clone()
                }
            } else {
                Conditions {
                    beneficial_owner: Some(owner),
                    min_holding: None,
                    max_holding: None,
                    holding_period: None,
                    ..conditions.clone()
                }
            }
        })
        .collect()
}
