//! Classes of income a clause names.

use treaty_lang::Lang;
use treaty_segment::Topic;

use super::owner::named_owners;
use super::text::lower;
use super::words::{contains_any, words};
use treaty_schema::Income;

/// Classes of income a clause names, of those the article's topic has.
pub(crate) fn income_classes(clause: &str, topic: Topic, lang: Lang) -> Vec<Income> {
    let named_lender = topic == Topic::Interest && names_lending_body(clause, lang);
    let words = &words(lang).list.income;
    let clause = without_exclusions(&lower(clause), words.excluded_after);
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

/// The clause without what it excludes: from each exclusion word ("other than", "con
/// exclusión de") to the bracket that closes the aside it opens, or else to the next comma,
/// semicolon or full stop ("(other than payments in respect of motion pictures and works on
/// film)", "(con exclusión de las películas cinematográficas)").
fn without_exclusions(clause: &str, exclusions: &[&str]) -> String {
    let mut cuts: Vec<(usize, usize)> = Vec::new();
    for word in exclusions {
        for (at, _) in clause.match_indices(word) {
            let before = &clause[..at];
            let in_aside = before.rfind('(') > before.rfind(')');
            let rest = &clause[at..];
            let end = if in_aside {
                rest.find(')')
            } else {
                rest.find([',', ';', '.'])
            };
            cuts.push((at, at + end.unwrap_or(rest.len())));
        }
    }
    if cuts.is_empty() {
        return clause.to_string();
    }
    cuts.sort_unstable();
    let mut kept = String::with_capacity(clause.len());
    let mut from = 0;
    for (start, end) in cuts {
        if start > from {
            kept.push_str(&clause[from..start]);
        }
        from = from.max(end);
    }
    kept.push_str(&clause[from.min(clause.len())..]);
    kept
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

/// The classes whose rate a clause of another article caps, as it names them (dividends,
/// interest, royalties, in that order).
pub(crate) fn named_rate_classes(clause: &str, lang: Lang) -> Vec<Income> {
    let named = &words(lang).list.named_classes;
    let clause = lower(clause);
    [
        (Income::Dividends, named.dividends),
        (Income::Interest, named.interest),
        (Income::Royalties, named.royalties),
    ]
    .into_iter()
    .filter(|(_, phrases)| contains_any(&clause, phrases))
    .map(|(class, _)| class)
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_a_clause_excludes_are_not_named() {
        let english = "copyright royalties in respect of the production of any literary, dramatic, musical or artistic work (other than payments in respect of motion pictures and works on film or videotape)";
        assert_eq!(
            income_classes(english, Topic::Royalties, Lang::En),
            vec![Income::Copyright]
        );
        let spanish = Lang::from_code("es").expect("the Spanish profile is installed");
        let clause = "los cánones pagados por el uso de un derecho de autor sobre una obra literaria o artística (con exclusión de las películas cinematográficas y de obras grabadas) solo se someten a imposición en ese Estado";
        assert_eq!(
            income_classes(clause, Topic::Royalties, spanish),
            vec![Income::Copyright]
        );
        // Where the films are included, they are named.
        let included =
            "derechos de autor sobre obras literarias, incluidas las películas cinematográficas";
        assert_eq!(
            income_classes(included, Topic::Royalties, spanish),
            vec![Income::Copyright, Income::Films]
        );
    }
}
