//! One row per treaty (`treaties.csv`): its identity and the headline numbers a consumer asks
//! for first, each naming the row of `rates.csv` it came from.
//!
//! Layering: where the treaty's own protocol (or an MLI provision) has rows for a topic, they
//! are the text that applies and stand in for the article's rows of that topic; an amending
//! protocol's rows are its own.

use std::collections::BTreeMap;

use crate::model::{DocumentReport, RateRow, TreatyReport, TreatyRow};
use crate::vocabulary::{Kind, Measure, Owner, Status, TaxesCovered, Trigger};
use treaty_numbers::Decimal;
use treaty_segment::Topic;

/// The `treaties.csv` rows of a report, in treaty order.
///
/// Linear in the number of rate rows: they are sorted out by treaty once, not read again for
/// every treaty (nor for every row: 8 MB of one rate phrase, 222,222 rows, took five minutes
/// when each row read its treaty's rows again).
pub fn treaty_rows(report: &DocumentReport) -> Vec<TreatyRow> {
    let mut by_treaty: BTreeMap<usize, Vec<&RateRow>> = BTreeMap::new();
    for row in &report.rows {
        by_treaty.entry(row.treaty).or_default().push(row);
    }
    report
        .treaties
        .iter()
        .map(|treaty| {
            let rows = by_treaty.get(&treaty.treaty).map_or(&[][..], Vec::as_slice);
            treaty_row(report, treaty, rows)
        })
        .collect()
}

/// `rows`: the report's rows of `treaty`, in report order.
fn treaty_row(report: &DocumentReport, treaty: &TreatyReport, rows: &[&RateRow]) -> TreatyRow {
    let party = |index: usize| treaty.states.get(index);
    let mut row = TreatyRow {
        doc: report.doc.clone(),
        treaty: treaty.treaty,
        instrument: treaty.instrument.as_str().to_string(),
        party1_alpha2: party(0).map(|p| p.alpha2.clone()),
        party1_alpha3: party(0).map(|p| p.alpha3.clone()),
        party1_printed: party(0).map(|p| p.printed.clone()),
        party2_alpha2: party(1).map(|p| p.alpha2.clone()),
        party2_alpha3: party(1).map(|p| p.alpha3.clone()),
        party2_printed: party(1).map(|p| p.printed.clone()),
        title: stated(treaty.title.clone()),
        signed: treaty.signed.as_ref().and_then(|s| s.date.clone()),
        signed_place: treaty.signed.as_ref().and_then(|s| stated(s.place.clone())),
        amends: treaty.amends.as_ref().and_then(|p| p.date.clone()),
        in_force: treaty
            .entry_into_force
            .as_ref()
            .and_then(|p| p.date.clone()),
        in_force_rule: treaty
            .entry_into_force
            .as_ref()
            .and_then(|p| stated(p.quote.clone())),
        effective_withholding: treaty
            .effective_withholding
            .as_ref()
            .and_then(|p| p.date.clone()),
        effective_other: treaty
            .effective
            .iter()
            .find(|e| e.taxes != TaxesCovered::WithheldAtSource)
            .and_then(|e| e.date.clone()),
        effective_clauses: stated(
            treaty
                .effective
                .iter()
                .map(|e| match &e.party_alpha3 {
                    Some(party) => format!("{} {party}: {}", e.taxes, e.quote),
                    None => format!("{}: {}", e.taxes, e.quote),
                })
                .collect::<Vec<_>>()
                .join(" | "),
        ),
        languages: stated(
            treaty
                .versions
                .iter()
                .map(|v| v.lang.as_str())
                .collect::<Vec<_>>()
                .join(";"),
        ),
        fragment: treaty.fragment,
        ..TreatyRow::default()
    };
    let rows = headline_rows(treaty, rows);
    fill_rates(&mut row, &rows);
    fill_thresholds(&mut row, &rows);
    row.transitional_rates = stated(transitional_rates(report, treaty, &rows));
    row
}

/// The rates final provisions set for a first period (`entry_into_force` rate rows, which name
/// their rate article in `modifies`), each as `dividends 10 (row_id)` with the income of the
/// article it names (`entry_into_force` where the document shows no such article), joined by
/// `; ` in text order.
fn transitional_rates(report: &DocumentReport, treaty: &TreatyReport, rows: &[&RateRow]) -> String {
    rows.iter()
        .filter(|r| r.topic == Topic::EntryIntoForce && r.kind == Kind::Rate)
        .map(|r| {
            let income = r
                .modifies
                .first()
                .and_then(|article| income_of_article(report, treaty, rows, article))
                // An article of no income the document shows: the row's own topic.
                .unwrap_or(r.topic)
                .as_str();
            format!("{income} {} ({})", r.value, r.row_id)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The income of the rate article numbered `article`: the treaty's own article of that number,
/// else what the treaty's rows that modify it are about (a protocol's), else the article of
/// that number of another treaty of the document (the convention a protocol is printed after).
fn income_of_article(
    report: &DocumentReport,
    treaty: &TreatyReport,
    rows: &[&RateRow],
    article: &str,
) -> Option<Topic> {
    let is_income = |topic: &Topic| {
        matches!(
            topic,
            Topic::Dividends | Topic::Interest | Topic::Royalties | Topic::TechnicalServices
        )
    };
    let heading = |treaty: &TreatyReport| {
        treaty
            .versions
            .first()
            .and_then(|v| v.articles.iter().find(|a| a.article == article))
            .map(|a| a.topic)
            .filter(is_income)
    };
    heading(treaty)
        .or_else(|| {
            rows.iter()
                .find(|r| is_income(&r.topic) && r.modifies.iter().any(|m| m == article))
                .map(|r| r.topic)
        })
        .or_else(|| report.treaties.iter().find_map(heading))
}

/// `None` for an empty text: the text does not state it.
fn stated(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

/// A dividend tier's conditions, each in a field of its own.
struct TierConditions {
    beneficial_owner: Option<String>,
    min_holding_pct: Option<Decimal>,
    holding_basis: Option<String>,
    holding_period_value: Option<Decimal>,
    holding_period_unit: Option<String>,
}

fn tier_conditions(row: &RateRow) -> TierConditions {
    let conditions = &row.conditions;
    TierConditions {
        beneficial_owner: conditions.beneficial_owner.map(|o| o.as_str().to_string()),
        min_holding_pct: conditions
            .min_holding
            .as_ref()
            .and_then(|h| h.percent.parse().ok()),
        holding_basis: conditions
            .min_holding
            .as_ref()
            .map(|h| h.basis.as_str().to_string()),
        holding_period_value: conditions
            .holding_period
            .as_ref()
            .and_then(|p| p.value.parse().ok()),
        holding_period_unit: conditions
            .holding_period
            .as_ref()
            .map(|p| p.unit.as_str().to_string()),
    }
}

/// The rows of `treaty` (`rows`: all its rows) in its first language version that state the
/// rate that applies: a treaty row that a protocol or MLI provision replaces
/// (`superseded_by`) gives way to the replacing row; protocol and MLI rows that replace
/// nothing are tiers of their own (a special rate for a class of payer "notwithstanding" the
/// article is a tier beside the article's, not instead of them). Only a replacing row of the same treaty counts: an amending protocol printed after the
/// convention in one file is a treaty of its own, with its own headline.
fn headline_rows<'a>(treaty: &TreatyReport, rows: &[&'a RateRow]) -> Vec<&'a RateRow> {
    let lang = treaty.versions.first().map(|v| v.lang);
    let rows: Vec<&RateRow> = rows
        .iter()
        .copied()
        .filter(|r| Some(r.lang) == lang)
        // Former wording an amendment replaces is history.
        .filter(|r| r.status != Status::Superseded)
        .collect();
    let own: std::collections::HashSet<&str> = rows.iter().map(|r| r.row_id.as_str()).collect();
    rows.iter()
        .copied()
        .filter(|r| {
            r.kind != Kind::Rate
                || r.superseded_by
                    .as_ref()
                    .is_none_or(|by| !own.contains(by.as_str()))
        })
        .collect()
}

fn fill_rates(row: &mut TreatyRow, rows: &[&RateRow]) {
    let rates = |topic: Topic| -> Vec<&RateRow> {
        rows.iter()
            .copied()
            .filter(|r| r.topic == topic && r.kind == Kind::Rate)
            .filter(|r| r.conditions.trigger != Some(Trigger::MostFavouredNation))
            .collect()
    };
    let dividends = rates(Topic::Dividends);
    let general_dividends = general(&dividends);
    if let Some(substantial) = substantial(&dividends, general_dividends) {
        let tier = tier_conditions(substantial);
        row.dividends_substantial_rate = Some(substantial.value.clone());
        row.dividends_substantial_beneficial_owner = tier.beneficial_owner;
        row.dividends_substantial_min_holding_pct = tier.min_holding_pct;
        row.dividends_substantial_holding_basis = tier.holding_basis;
        row.dividends_substantial_holding_period_value = tier.holding_period_value;
        row.dividends_substantial_holding_period_unit = tier.holding_period_unit;
        row.dividends_substantial_row = Some(substantial.row_id.clone());
    }
    if let Some(general) = general_dividends {
        row.dividends_general_rate = Some(general.value.clone());
        row.dividends_general_row = Some(general.row_id.clone());
    }
    let interest = rates(Topic::Interest);
    if let Some(general) = general(&interest) {
        row.interest_general_rate = Some(general.value.clone());
        row.interest_general_row = Some(general.row_id.clone());
    }
    row.interest_exempt = stated(exemptions(&interest));
    let royalties = rates(Topic::Royalties);
    if let Some(general) = general(&royalties).or_else(|| highest(&royalties)) {
        row.royalties_general_rate = Some(general.value.clone());
        row.royalties_general_row = Some(general.row_id.clone());
    }
    let fees = rates(Topic::TechnicalServices);
    if let Some(rate) = general(&fees).or_else(|| highest(&fees)) {
        row.technical_fees_rate = Some(rate.value.clone());
        row.technical_fees_row = Some(rate.row_id.clone());
    }
}

fn fill_thresholds(row: &mut TreatyRow, rows: &[&RateRow]) {
    // The measure's own article: a test of days in the independent-services article
    // ("183 days in any twelve-month period" for a fixed base) is not the employment
    // article's, though both count days of presence.
    let first = |measure: Measure, topic: Topic| {
        rows.iter().copied().find(|r| {
            r.kind == Kind::Threshold && r.conditions.measure == Some(measure) && r.topic == topic
        })
    };
    if let Some(found) = first(Measure::PeConstruction, Topic::PermanentEstablishment) {
        row.pe_construction_value = Some(found.value.clone());
        row.pe_construction_unit = Some(found.unit.as_str().to_string());
        row.pe_construction_row = Some(found.row_id.clone());
    }
    if let Some(found) = first(Measure::PeServices, Topic::PermanentEstablishment) {
        row.pe_services_value = Some(found.value.clone());
        row.pe_services_unit = Some(found.unit.as_str().to_string());
        row.pe_services_row = Some(found.row_id.clone());
    }
    if let Some(found) = first(Measure::EmploymentDays, Topic::Employment) {
        row.employment_days = Some(found.value.clone());
        row.employment_days_row = Some(found.row_id.clone());
    }
}

/// Beneficiaries too narrow for the headline's substantial-holding rate: a rate for them is a special
/// tier, not one a shareholder obtains by its holding.
const NARROW_OWNERS: [Owner; 5] = [
    Owner::PensionFund,
    Owner::Government,
    Owner::CentralBank,
    Owner::Bank,
    Owner::FinancialInstitution,
];

/// A tier for any shareholder: not for a narrow beneficiary nor a class of income.
fn owner_ok(row: &RateRow) -> bool {
    row.conditions
        .beneficial_owner
        .is_none_or(|o| !NARROW_OWNERS.contains(&o))
        && row.conditions.income.is_empty()
}

/// A tier a shareholder obtains by its holding: one for a company, or with a least holding.
fn by_holding(row: &RateRow) -> bool {
    row.conditions.min_holding.is_some()
        || matches!(
            row.conditions.beneficial_owner,
            Some(Owner::Company | Owner::CompanyNotPartnership)
        )
}

/// The rate for a substantial holding (direct investment): the lowest rate a shareholder
/// obtains (the first in text order among equals), among the general tier and the tiers of a
/// company or a holding, never one for a narrow beneficiary or a class of income (property
/// investment vehicles, branch profits). Where the article has one rate for all dividends,
/// that rate: a substantial holding obtains it too. `None` where every tier is for a narrow
/// beneficiary or a class of income. A rate whose clause
/// names no condition counts only in a paragraph that also holds the general tier or a
/// holding's tier (a ladder whose conditions were not read); alone in its paragraph it is a
/// conditional exemption ("as long as the other State does not tax dividends") or one of the
/// residence State, not a tier of the source State's.
fn substantial<'a>(rates: &[&'a RateRow], general: Option<&'a RateRow>) -> Option<&'a RateRow> {
    let paragraph = |r: &RateRow| (r.article.clone(), r.paragraph.clone());
    let ladders: Vec<(String, String)> = rates
        .iter()
        .copied()
        .filter(|r| owner_ok(r) && by_holding(r))
        .chain(general)
        .map(paragraph)
        .collect();
    let qualifies = |r: &&RateRow| {
        owner_ok(r)
            && (by_holding(r) || (r.condition.is_empty() && ladders.contains(&paragraph(r))))
    };
    rates
        .iter()
        .copied()
        .filter(qualifies)
        .chain(general)
        .min_by(|a, b| a.value.cmp(&b.value).then(a.start.cmp(&b.start)))
}

/// The highest rate that is not an exemption, for an article whose tiers are all classes of
/// income (`5 per cent` for copyright, `10 per cent` for patents): an exemption of one class
/// (copyright royalties) is never the general rate.
fn highest<'a>(rates: &[&'a RateRow]) -> Option<&'a RateRow> {
    rates
        .iter()
        .copied()
        .filter(|r| !r.value.is_zero())
        .max_by(|a, b| a.value.cmp(&b.value).then(b.start.cmp(&a.start)))
}

/// The rate in all other cases. The first unconditional rate in text order opens the
/// article's ladder of tiers (the main tiers come first; a later "60 per cent of the gross
/// amount" is a base, not a tier); within its paragraph, the unconditional tier whose clause
/// says "in all other cases" (in the row's language) is the general one where there is such a
/// tier (an earlier tier's conditions may stand in items the clause does not hold).
fn general<'a>(rates: &[&'a RateRow]) -> Option<&'a RateRow> {
    let unconditional = || {
        rates
            .iter()
            .copied()
            .filter(|r| r.condition.is_empty() && !is_one_class_of_a_list(r, rates))
    };
    let first = unconditional().min_by_key(|r| r.start)?;
    let says_other_cases = |r: &&RateRow| {
        let quote = r.quote.to_lowercase();
        r.lang
            .profile()
            .rules
            .all_other_cases
            .iter()
            .any(|words| quote.contains(words))
    };
    unconditional()
        .filter(|r| r.article == first.article && r.paragraph == first.paragraph)
        .filter(says_other_cases)
        .min_by_key(|r| r.start)
        .or(Some(first))
}

/// Whether `row` is one item of a list of income classes that share its rate ("(a) copyright
/// royalties, (b) payments for software, (c) ..., (d) payments with respect to broadcasting
/// ... shall be taxable only in that other State"): an item whose class the rules cannot
/// name is still one class, never the rate of all other cases. At least two other items of
/// its paragraph, each naming a class, make the list.
fn is_one_class_of_a_list(row: &RateRow, rates: &[&RateRow]) -> bool {
    if row.subparagraph.is_empty() {
        return false;
    }
    let items = || {
        rates.iter().filter(|r| {
            r.article == row.article
                && r.paragraph == row.paragraph
                && !r.subparagraph.is_empty()
                && r.subparagraph != row.subparagraph
                && r.value == row.value
        })
    };
    items().count() >= 2 && items().all(|r| !r.conditions.income.is_empty())
}

/// Who or what is exempt (rate 0): owners first, then income classes, each once.
fn exemptions(rates: &[&RateRow]) -> String {
    let mut names: Vec<String> = Vec::new();
    for rate in rates.iter().filter(|r| r.value.is_zero()) {
        let owner = rate.conditions.beneficial_owner.map(Owner::as_str);
        let income = rate.conditions.income.iter().map(|i| i.as_str());
        for name in owner.into_iter().chain(income) {
            if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
    }
    names.join(";")
}

/// A headline field as its CSV cell.
#[cfg(test)]
fn cell<T: ToString>(value: &Option<T>) -> String {
    value.as_ref().map_or_else(String::new, ToString::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row_id::{assign_row_ids, row_reference};
    use crate::vocabulary::Source;
    use treaty_lang::Lang;

    /// A report of one treaty with a dividend and an interest rate: the pipeline's report of
    /// "Article 10 Dividends 2. ... shall not exceed 15 per cent of the gross amount. Article
    /// 11 Interest 2. ... shall not exceed 10 per cent of the gross amount."
    fn report() -> DocumentReport {
        let json = include_str!("../tests/data/dividend_and_interest.json");
        let report: DocumentReport = serde_json::from_str(json).unwrap();
        assert_eq!((report.treaties.len(), report.rows.len()), (1, 2));
        report
    }

    /// How the rows were chosen before: every row of the report read again for each treaty.
    fn headline_rows_by_reading_again<'a>(
        report: &'a DocumentReport,
        treaty: &TreatyReport,
    ) -> Vec<&'a RateRow> {
        let rows: Vec<&RateRow> = report
            .rows
            .iter()
            .filter(|r| r.treaty == treaty.treaty)
            .collect();
        headline_rows(treaty, &rows)
    }

    fn treaty_rows_by_reading_again(report: &DocumentReport) -> Vec<TreatyRow> {
        report
            .treaties
            .iter()
            .map(|treaty| {
                let mut row = treaty_row(report, treaty, &[]);
                let rows = headline_rows_by_reading_again(report, treaty);
                fill_rates(&mut row, &rows);
                fill_thresholds(&mut row, &rows);
                row
            })
            .collect()
    }

    #[test]
    fn the_headline_is_what_reading_the_rows_again_found() {
        let base = report();
        let mut seed: u64 = 7;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as usize % n
        };
        let topics = [Topic::Dividends, Topic::Interest, Topic::Royalties];
        for _ in 0..300 {
            let mut report = base.clone();
            // Treaty 2 in English, treaty 3 in Portuguese; rows of treaty 4 have no treaty.
            for (treaty, lang) in [(2, Lang::En), (3, Lang::Pt)] {
                let mut other = base.treaties[0].clone();
                other.treaty = treaty;
                other.versions[0].lang = lang;
                report.treaties.push(other);
            }
            report.rows = (0..next(40))
                .map(|_| {
                    let mut row = base.rows[next(2)].clone();
                    row.treaty = 1 + next(4);
                    row.lang = [Lang::En, Lang::Pt][next(2)];
                    row.topic = topics[next(3)];
                    row.kind = Kind::ALL[next(2)];
                    row.source = Source::ALL[next(3)];
                    row.conditions.measure = Some(Measure::ALL[next(4)]);
                    row.value = next(20).to_string().parse().unwrap();
                    row.start = next(1000);
                    row.superseded_by = (next(3) == 0).then(|| "10.2@5".to_string());
                    row
                })
                .collect();
            assert_eq!(treaty_rows(&report), treaty_rows_by_reading_again(&report));
        }
    }

    #[test]
    fn two_hundred_thousand_rows_are_read_once() {
        // The shape of `rates-8MB.txt` (one rate phrase repeated): 222,222 rows took five
        // minutes when each row read the treaty's rows again (to ask whether a protocol
        // replaced its topic).
        let mut report = report();
        let dividend = report.rows[0].clone();
        let mut interest = report.rows[1].clone();
        interest.source = Source::Protocol;
        interest.value = "7".parse().unwrap();
        report.rows[1].superseded_by = Some(row_reference(&interest));
        let values: Vec<Decimal> = (5..15).map(|v| v.to_string().parse().unwrap()).collect();
        report.rows = (0..200_000)
            .map(|i| {
                let mut row = dividend.clone();
                row.value = values[i % 10].clone();
                row.start = i;
                row
            })
            .chain([report.rows[1].clone(), interest])
            .collect();
        assign_row_ids("d", &mut report.rows);
        let headline = &treaty_rows(&report)[0];
        assert_eq!(cell(&headline.dividends_substantial_rate), "5");
        assert_eq!(cell(&headline.dividends_general_rate), "5");
        assert_eq!(cell(&headline.dividends_general_row), "d:1:10.1@0");
        assert_eq!(cell(&headline.interest_general_rate), "7");
    }
}

/// The ladder of tiers: which tier is the general one, which the lowest a shareholder obtains.
#[cfg(test)]
mod ladder_tests {
    use super::*;
    use crate::row_id::assign_row_ids;
    use crate::vocabulary::{Income, Source};

    /// The pipeline's report of "Article 10 Dividends 2. ... the tax so charged shall not
    /// exceed 15 per cent of the gross amount."
    fn dividend_report() -> DocumentReport {
        serde_json::from_str(include_str!("../tests/data/dividend.json")).unwrap()
    }

    /// A dividend row of article 10 at `place` (`2.a`), with `value`, starting at `start`.
    fn tier(base: &RateRow, place: &str, value: &str, start: usize, quote: &str) -> RateRow {
        let mut row = base.clone();
        let (paragraph, subparagraph) = place.split_once('.').unwrap_or((place, ""));
        row.paragraph = paragraph.to_string();
        row.subparagraph = subparagraph.to_string();
        row.value = value.parse().unwrap();
        row.start = start;
        row.quote = quote.to_string();
        row.condition.clear();
        row.conditions = Default::default();
        row
    }

    fn owned_by(mut row: RateRow, owner: Owner) -> RateRow {
        row.conditions.beneficial_owner = Some(owner);
        row.condition = format!("beneficial_owner={}", owner.as_str());
        row
    }

    fn headline(rows: Vec<RateRow>) -> TreatyRow {
        let mut report = dividend_report();
        report.rows = rows;
        assign_row_ids("d", &mut report.rows);
        treaty_rows(&report).remove(0)
    }

    fn base() -> RateRow {
        dividend_report().rows.remove(0)
    }

    #[test]
    fn narrow_beneficiaries_and_lone_exemptions_are_not_the_lowest_dividend_rate() {
        let b = base();
        let row = headline(vec![
            owned_by(
                tier(&b, "2.a", "5", 10, "5 per cent if a company"),
                Owner::Company,
            ),
            tier(&b, "2.b", "15", 20, "15 per cent in all other cases"),
            owned_by(tier(&b, "3", "0", 30, "a pension fund"), Owner::PensionFund),
            owned_by(tier(&b, "4", "0", 40, "the Government"), Owner::Government),
            // "As long as the other State does not tax dividends": no condition read, alone
            // in its paragraph.
            tier(&b, "5", "0", 50, "shall be exempt as long as"),
        ]);
        assert_eq!(cell(&row.dividends_substantial_rate), "5");
        assert_eq!(cell(&row.dividends_general_rate), "15");
    }

    #[test]
    fn a_tier_whose_condition_was_not_read_still_counts_in_the_ladder() {
        let b = base();
        // "(b) When the recipient is a corporation, 10 percent": a tier of the ladder of
        // paragraph 2 whose condition the rules did not read.
        let row = headline(vec![
            tier(&b, "2.a", "15", 10, "15 percent of the gross amount"),
            tier(
                &b,
                "2.b",
                "10",
                20,
                "when the recipient is a corporation, 10 percent",
            ),
        ]);
        assert_eq!(cell(&row.dividends_substantial_rate), "10");
        assert_eq!(cell(&row.dividends_general_rate), "15");
    }

    #[test]
    fn a_protocol_rate_for_a_class_of_payer_does_not_replace_the_article() {
        let b = base();
        let mut special = owned_by(tier(&b, "1", "10", 90, "notwithstanding"), Owner::Company);
        special.article = "P9".to_string();
        special.source = Source::Protocol;
        let row = headline(vec![
            owned_by(tier(&b, "2.a", "5", 10, "5 per cent"), Owner::Company),
            tier(&b, "2.b", "15", 20, "15 per cent in all other cases"),
            special,
        ]);
        assert_eq!(cell(&row.dividends_substantial_rate), "5");
        assert_eq!(cell(&row.dividends_general_rate), "15");
    }

    #[test]
    fn a_tier_is_replaced_only_by_a_row_of_its_own_treaty() {
        let b = base();
        let mut replaced = tier(&b, "2.b", "15", 20, "15 per cent in all other cases");
        replaced.superseded_by = Some("10.2.b@500".to_string());
        let mut replacing = tier(&b, "2.b", "10", 500, "10 per cent");
        replacing.source = Source::Protocol;
        let row = headline(vec![replaced.clone(), replacing.clone()]);
        assert_eq!(cell(&row.dividends_general_rate), "10");
        // The replacing row in another treaty of the file (a protocol printed after it).
        replacing.treaty = 2;
        let row = headline(vec![replaced, replacing]);
        assert_eq!(cell(&row.dividends_general_rate), "15");
    }

    #[test]
    fn the_general_tier_is_the_one_for_all_other_cases_in_the_first_ladder() {
        let b = base();
        let row = headline(vec![
            // (a) 10 per cent in the cases of items (i) to (iv): conditions in the items.
            tier(
                &b,
                "2.a",
                "10",
                10,
                "10 per cent in any of the following cases",
            ),
            tier(&b, "2.b", "15", 20, "15 per cent in all other cases"),
            tier(
                &b,
                "3",
                "0",
                30,
                "exempt in all other respects as in all other cases",
            ),
        ]);
        assert_eq!(cell(&row.dividends_general_rate), "15");
        // Without such a tier, the first unconditional rate.
        let row = headline(vec![
            tier(&b, "2", "10", 10, "10 per cent"),
            tier(&b, "3", "5", 30, "5 per cent of the adjusted amount"),
        ]);
        assert_eq!(cell(&row.dividends_general_rate), "10");
    }

    #[test]
    fn an_item_of_a_list_of_income_classes_with_one_rate_is_not_the_general_rate() {
        let b = base();
        let item = |letter: &str, income: Option<Income>, start: usize| {
            let mut row = tier(
                &b,
                &format!("3.{letter}"),
                "0",
                start,
                "shall be taxable only in that other State",
            );
            row.topic = Topic::Royalties;
            if let Some(income) = income {
                row.condition = format!("income={}", income.as_str());
                row.conditions.income = vec![income];
            }
            row
        };
        let listed = vec![
            item("a", Some(Income::Copyright), 10),
            item("b", Some(Income::Software), 11),
            item("c", Some(Income::Patents), 12),
            // "(d) payments with respect to broadcasting": a class the rules do not name.
            item("d", None, 13),
        ];
        let row = headline(listed.clone());
        assert_eq!(cell(&row.royalties_general_rate), "");
        // The general rate of the article stays the general rate beside such a list.
        let mut general = tier(
            &b,
            "2",
            "10",
            5,
            "the tax so charged shall not exceed 10 per cent",
        );
        general.topic = Topic::Royalties;
        let row = headline([vec![general], listed].concat());
        assert_eq!(cell(&row.royalties_general_rate), "10");
        // An unconditioned item beside one class only is no list: it may be the general tier.
        let row = headline(vec![
            item("a", Some(Income::Copyright), 10),
            item("b", None, 11),
        ]);
        assert_eq!(cell(&row.royalties_general_rate), "0");
    }

    #[test]
    fn an_exemption_of_one_class_of_royalties_is_not_the_general_rate() {
        let b = base();
        let mut copyright = tier(&b, "3", "0", 10, "copyright royalties shall be exempt");
        copyright.topic = Topic::Royalties;
        copyright.condition = "income=copyright".to_string();
        let row = headline(vec![copyright.clone()]);
        assert_eq!(cell(&row.royalties_general_rate), "");
        let mut patents = tier(&b, "2", "10", 20, "10 per cent for patents");
        patents.topic = Topic::Royalties;
        patents.condition = "income=patents".to_string();
        let row = headline(vec![copyright, patents]);
        assert_eq!(cell(&row.royalties_general_rate), "10");
    }

    #[test]
    fn the_employment_test_is_the_employment_articles_and_a_window_is_no_pe_period() {
        let b = base();
        let threshold = |topic: Topic, measure: Measure, value: &str, start: usize| {
            let mut row = tier(&b, "1", value, start, "days");
            row.topic = topic;
            row.kind = Kind::Threshold;
            row.conditions.measure = Some(measure);
            row
        };
        let row = headline(vec![
            // "120 days in the calendar year" of the independent-services article comes first.
            threshold(
                Topic::IndependentPersonalServices,
                Measure::EmploymentDays,
                "120",
                10,
            ),
            threshold(Topic::Employment, Measure::EmploymentDays, "183", 20),
        ]);
        assert_eq!(cell(&row.employment_days), "183");
        // Only an independent-services test: no employment test is stated.
        let row = headline(vec![threshold(
            Topic::IndependentPersonalServices,
            Measure::EmploymentDays,
            "120",
            10,
        )]);
        assert_eq!(cell(&row.employment_days), "");
        // "more than 6 months in any twelve-month period": the 12 months are the window.
        let row = headline(vec![
            threshold(Topic::PermanentEstablishment, Measure::PePeriod, "12", 5),
            threshold(
                Topic::PermanentEstablishment,
                Measure::PeConstruction,
                "6",
                10,
            ),
        ]);
        assert_eq!(cell(&row.pe_construction_value), "6");
        assert_eq!(cell(&row.pe_construction_row), "d:1:10.1@10");
    }

    #[test]
    fn the_substantial_rate_is_the_single_rate_where_the_article_has_one() {
        let b = base();
        let row = headline(vec![tier(
            &b,
            "2",
            "15",
            10,
            "15 per cent of the gross amount",
        )]);
        assert_eq!(cell(&row.dividends_substantial_rate), "15");
        assert_eq!(cell(&row.dividends_substantial_min_holding_pct), "");
        // Only a pension fund's exemption: no rate a substantial holding obtains.
        let row = headline(vec![owned_by(
            tier(&b, "3", "0", 30, "a pension fund"),
            Owner::PensionFund,
        )]);
        assert_eq!(cell(&row.dividends_substantial_rate), "");
    }

    #[test]
    fn a_rate_for_a_first_period_is_listed_as_transitional_and_is_no_headline_rate() {
        let b = base();
        // "Notwithstanding ..., the tax charged pursuant to paragraph 2 a) of Article 10
        // (Dividends) on dividends paid before 1 January 1992 ... shall not exceed 10 percent."
        let mut first_period = tier(&b, "4", "10", 900, "shall not exceed 10 percent thereof");
        first_period.article = "32".to_string();
        first_period.topic = Topic::EntryIntoForce;
        first_period.modifies = vec!["10".to_string()];
        // A protocol's first-year interest rate, for an article the treaty's file does not
        // hold: its income is that of the protocol rows that modify the same article.
        let mut interest = tier(&b, "1", "0", 950, "interest ... shall be taxable only");
        interest.article = "P6".to_string();
        interest.topic = Topic::Interest;
        interest.source = Source::Protocol;
        interest.modifies = vec!["11".to_string()];
        let mut first_year = first_period.clone();
        first_year.start = 990;
        first_year.value = "7".parse().unwrap();
        first_year.modifies = vec!["11".to_string()];
        let mut unknown = first_period.clone();
        unknown.start = 995;
        unknown.modifies = vec!["7".to_string()];
        let row = headline(vec![
            owned_by(tier(&b, "2.a", "5", 10, "5 percent"), Owner::Company),
            tier(&b, "2.b", "15", 20, "15 percent in all other cases"),
            first_period,
            interest,
            first_year,
            unknown,
        ]);
        assert_eq!(cell(&row.dividends_substantial_rate), "5");
        assert_eq!(cell(&row.dividends_general_rate), "15");
        assert_eq!(
            cell(&row.transitional_rates),
            "dividends 10 (d:1:32.4@900); interest 7 (d:1:32.4@990); entry_into_force 10 (d:1:32.4@995)"
        );
        let none = headline(vec![tier(&b, "2", "15", 20, "15 percent")]);
        assert_eq!(cell(&none.transitional_rates), "");
    }
}
