//! Classes of income a clause names.

use treaty_lang::Lang;
use treaty_segment::Topic;

use super::owner::named_owners;
use super::text::lower;
use super::words::{contains_any, words};
use crate::schema::Income;

/// Classes of income a clause names, of those the article's topic has.
pub(super) fn income_classes(clause: &str, topic: Topic, lang: Lang) -> Vec<Income> {
    let named_lender = topic == Topic::Interest && names_lending_body(clause, lang);
    let clause = lower(clause);
    let words = &words(lang).list.income;
    let checks: Vec<(Income, &[&str])> = match topic {
        Topic::Royalties => vec![
            (Income::Copyright, words.copyright),
            (Income::Films, words.films),
            (Income::Software, words.software),
            (Income::Patents, words.patents),
            (Income::Trademarks, words.trademarks),
            (Income::Equipment, words.equipment),
            (Income::KnowHow, words.know_how),
            (Income::TechnicalServices, words.technical_services),
        ],
        Topic::Interest => vec![
            (Income::GovernmentDebt, words.government_debt),
            (Income::BankLoan, words.bank_loan),
            (Income::SaleOnCredit, words.sale_on_credit),
            (Income::ContingentInterest, words.contingent_interest),
            (Income::ExportCredit, words.export_credit),
            (Income::GovernmentGuaranteed, words.government_guaranteed),
            (Income::IndirectFinancing, words.indirect_financing),
            (Income::LatePaymentPenalty, words.late_payment_penalty),
        ],
        _ => Vec::new(),
    };
    let mut classes: Vec<Income> = checks
        .iter()
        .filter(|(class, phrases)| {
            contains_any(&clause, phrases) || (*class == Income::ExportCredit && named_lender)
        })
        .map(|(class, _)| *class)
        .collect();
    // Indirect financing listed with guaranteed and insured debt is part of that class.
    if classes.contains(&Income::GovernmentGuaranteed) {
        classes.retain(|c| *c != Income::IndirectFinancing);
    }
    classes
}

/// True when the clause names the body that makes, guarantees or insures the loan ("a loan
/// ... guaranteed or insured by the Eksportkreditraadet"): an export credit agency, whatever
/// language its name is in, unless the name is a beneficiary's (the Government, a bank) or a
/// Contracting State's.
fn names_lending_body(clause: &str, lang: Lang) -> bool {
    let words = words(lang);
    words
        .lending_body
        .iter()
        .flat_map(|pattern| pattern.captures_iter(clause))
        .filter_map(|captures| captures.name("body"))
        .any(|body| {
            named_owners(body.as_str(), lang).is_empty()
                && !contains_any(body.as_str(), words.list.contracting)
        })
}
