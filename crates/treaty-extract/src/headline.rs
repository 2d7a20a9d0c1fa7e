//! One row per treaty (`treaties.csv`): its identity and the headline numbers a consumer asks
//! for first, each naming the row of `rates.csv` it came from.
//!
//! Layering: where the treaty's own protocol (or an MLI provision) has rows for a topic, they
//! are the text that applies and stand in for the article's rows of that topic; an amending
//! protocol's rows are its own.

use crate::schema::{
    DocumentReport, Kind, Measure, Owner, RateRow, Source, TaxesCovered, TreatyReport, TreatyRow,
    Trigger,
};
use treaty_segment::Topic;

/// The `treaties.csv` rows of a report, in treaty order.
pub fn treaty_rows(report: &DocumentReport) -> Vec<TreatyRow> {
    report
        .treaties
        .iter()
        .map(|treaty| treaty_row(report, treaty))
        .collect()
}

fn treaty_row(report: &DocumentReport, treaty: &TreatyReport) -> TreatyRow {
    let party = |index: usize| treaty.states.get(index);
    let mut row = TreatyRow {
        doc: report.doc.clone(),
        treaty: treaty.treaty,
        instrument: treaty.instrument.as_str().to_string(),
        party1_alpha2: party(0).map(|p| p.alpha2.clone()).unwrap_or_default(),
        party1_alpha3: party(0).map(|p| p.alpha3.clone()).unwrap_or_default(),
        party1_printed: party(0).map(|p| p.printed.clone()).unwrap_or_default(),
        party2_alpha2: party(1).map(|p| p.alpha2.clone()).unwrap_or_default(),
        party2_alpha3: party(1).map(|p| p.alpha3.clone()).unwrap_or_default(),
        party2_printed: party(1).map(|p| p.printed.clone()).unwrap_or_default(),
        title: treaty.title.clone(),
        signed: treaty
            .signed
            .as_ref()
            .and_then(|s| s.date.clone())
            .unwrap_or_default(),
        signed_place: treaty
            .signed
            .as_ref()
            .map(|s| s.place.clone())
            .unwrap_or_default(),
        amends: treaty
            .amends
            .as_ref()
            .and_then(|p| p.date.clone())
            .unwrap_or_default(),
        in_force: treaty
            .entry_into_force
            .as_ref()
            .and_then(|p| p.date.clone())
            .unwrap_or_default(),
        in_force_rule: treaty
            .entry_into_force
            .as_ref()
            .map(|p| p.quote.clone())
            .unwrap_or_default(),
        effective_withholding: treaty
            .effective_withholding
            .as_ref()
            .and_then(|p| p.date.clone())
            .unwrap_or_default(),
        effective_other: treaty
            .effective
            .iter()
            .find(|e| e.taxes != TaxesCovered::WithheldAtSource)
            .and_then(|e| e.date.clone())
            .unwrap_or_default(),
        effective_clauses: treaty
            .effective
            .iter()
            .map(|e| match &e.party_alpha3 {
                Some(party) => format!("{} {party}: {}", e.taxes, e.quote),
                None => format!("{}: {}", e.taxes, e.quote),
            })
            .collect::<Vec<_>>()
            .join(" | "),
        languages: treaty
            .versions
            .iter()
            .map(|v| v.lang.as_str())
            .collect::<Vec<_>>()
            .join(";"),
        fragment: treaty.fragment,
        ..TreatyRow::default()
    };
    let rows = headline_rows(report, treaty);
    fill_rates(&mut row, &rows);
    fill_thresholds(&mut row, &rows);
    row
}

/// The rows of `treaty` in its first language version, with protocol rows standing in for
/// the article rows of the topics they cover.
fn headline_rows<'a>(report: &'a DocumentReport, treaty: &TreatyReport) -> Vec<&'a RateRow> {
    let lang = treaty.versions.first().map(|v| v.lang);
    let rows: Vec<&RateRow> = report
        .rows
        .iter()
        .filter(|r| r.treaty == treaty.treaty && Some(r.lang) == lang)
        .collect();
    let layered = |topic: Topic| {
        rows.iter()
            .any(|r| r.topic == topic && r.kind == Kind::Rate && r.source != Source::Treaty)
    };
    rows.iter()
        .copied()
        .filter(|r| r.source != Source::Treaty || r.kind != Kind::Rate || !layered(r.topic))
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
    if let Some(lowest) = lowest(&dividends) {
        row.dividends_lowest_rate = lowest.value.to_string();
        row.dividends_lowest_min_holding = lowest
            .conditions
            .min_holding
            .as_ref()
            .map(|h| format!("{}%{}", h.percent, h.basis))
            .unwrap_or_default();
        row.dividends_lowest_holding_period = lowest
            .conditions
            .holding_period
            .as_ref()
            .map_or_else(String::new, ToString::to_string);
        row.dividends_lowest_row = reference(lowest);
    }
    if let Some(general) = general(&dividends) {
        row.dividends_general_rate = general.value.to_string();
        row.dividends_general_row = reference(general);
    }
    let interest = rates(Topic::Interest);
    if let Some(general) = general(&interest) {
        row.interest_general_rate = general.value.to_string();
        row.interest_general_row = reference(general);
    }
    row.interest_exempt = exemptions(&interest);
    let royalties = rates(Topic::Royalties);
    if let Some(general) = general(&royalties).or_else(|| highest(&royalties)) {
        row.royalties_general_rate = general.value.to_string();
        row.royalties_general_row = reference(general);
    }
    let fees = rates(Topic::TechnicalServices);
    if let Some(rate) = general(&fees).or_else(|| highest(&fees)) {
        row.technical_fees_rate = rate.value.to_string();
        row.technical_fees_row = reference(rate);
    }
}

fn fill_thresholds(row: &mut TreatyRow, rows: &[&RateRow]) {
    let first = |measure: Measure| {
        rows.iter()
            .copied()
            .find(|r| r.kind == Kind::Threshold && r.conditions.measure == Some(measure))
    };
    if let Some(found) = first(Measure::PeConstruction) {
        row.pe_construction_value = found.value.to_string();
        row.pe_construction_unit = found.unit.as_str().to_string();
        row.pe_construction_row = reference(found);
    }
    if let Some(found) = first(Measure::PeServices) {
        row.pe_services_value = found.value.to_string();
        row.pe_services_unit = found.unit.as_str().to_string();
        row.pe_services_row = reference(found);
    }
    if let Some(found) = first(Measure::EmploymentDays) {
        row.employment_days = found.value.to_string();
        row.employment_days_row = reference(found);
    }
}

/// The lowest rate (the first in text order among equals).
fn lowest<'a>(rates: &[&'a RateRow]) -> Option<&'a RateRow> {
    rates.iter().copied().min_by(|a, b| a.value.cmp(&b.value))
}

fn highest<'a>(rates: &[&'a RateRow]) -> Option<&'a RateRow> {
    rates
        .iter()
        .copied()
        .max_by(|a, b| a.value.cmp(&b.value).then(b.start.cmp(&a.start)))
}

/// The rate in all other cases: the first unconditional rate in text order (the main
/// tiers come first; a later "60 per cent of the gross amount" is a base, not a tier).
fn general<'a>(rates: &[&'a RateRow]) -> Option<&'a RateRow> {
    rates
        .iter()
        .copied()
        .filter(|r| r.condition.is_empty())
        .min_by_key(|r| r.start)
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

/// `<article>.<paragraph>[.<subparagraph>]@<start>`.
fn reference(row: &RateRow) -> String {
    crate::effective::row_reference(row)
}
