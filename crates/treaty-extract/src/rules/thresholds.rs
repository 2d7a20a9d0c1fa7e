//! `thresholds`: a number that is not a rate is a threshold with what it measures:
//! permanent-establishment months, 183 days, land-rich shares and look-backs, stays, time
//! limits, entry into force and termination periods, and periods counted by an ordinal day
//! ("on the thirtieth day after", `後三十日目の日`). Holdings, holding periods and amounts of
//! money are the rows of their own rules.
//!
//! What a threshold measures is read once for every rule, in `support::measure`.

use treaty_numbers::{Decimal, Lang, Unit};
use treaty_schema::{Conditions, Kind, Measure};
use treaty_segment::Topic;

use super::holdings::is_holding_measure;
use super::money_thresholds::is_money;
use super::support::conditions::is_rate_topic;
use super::support::context::ParagraphCtx;
use super::support::finding::{Finding, Order, Pass};
use super::support::measure::measure_for;
use super::support::words::words;

/// The rule's name.
pub(crate) const NAME: &str = "thresholds";

/// The rows of the thresholds of a paragraph that no other rule gives, and of its periods
/// counted by an ordinal day.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    let mut findings = ctx.numbers().threshold_findings(NAME, |measure, quantity| {
        !is_holding_measure(measure) && measure != Measure::HoldingPeriod && !is_money(quantity)
    });
    // Japanese counts periods by ordinals in any provision (`効力を生ずる暦年の後十五年目の
    // 年`, tax sparing); in other languages an ordinal day outside these articles is a date.
    if matches!(ctx.topic, Topic::EntryIntoForce | Topic::Termination)
        || (ctx.words.japanese && !is_rate_topic(ctx.topic))
    {
        findings.extend(ordinal_day_periods(ctx));
    }
    findings
}

/// The value of an ordinal: digits (`30th`, `30º`), an ordinal word of the profile, or
/// kanji numerals (`三十`).
fn ordinal_value(word: &str, lang: Lang) -> Option<u64> {
    let word = word.to_lowercase();
    let digits: String = word.chars().take_while(|c| c.is_ascii_digit()).collect();
    if !digits.is_empty() {
        return digits.parse().ok();
    }
    words(lang)
        .list
        .ordinals
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, value)| *value)
        .or_else(|| treaty_numbers::parse_kanji_number(&word))
}

/// "On the thirtieth day after", "後三十日目の日": a period counted by an ordinal day, which
/// the quantity parser rightly leaves alone elsewhere (`the thirtieth day of June` is a date).
fn ordinal_day_periods(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    let (text, topic, lang) = (ctx.text, ctx.topic, ctx.lang);
    let mut findings = Vec::new();
    let words = ctx.words;
    let mut all: Vec<regex::Captures> = words
        .ordinal_period
        .iter()
        .flat_map(|pattern| pattern.captures_iter(text))
        .collect();
    all.sort_by_key(|captures| captures.get(0).map_or(0, |m| m.start()));
    for captures in all {
        let Some(number) = captures.name("n") else {
            continue;
        };
        let Some(value) = ordinal_value(number.as_str(), lang).and_then(Decimal::from_whole) else {
            continue;
        };
        // `後三箇月目の月` (the third month after), `後十五年目の年` (the fifteenth year after).
        let unit = match captures.name("unit").map(|m| m.as_str()) {
            Some(unit) if words.list.ordinal_months.contains(&unit) => Unit::Months,
            Some(unit) if words.list.ordinal_years.contains(&unit) => Unit::Years,
            _ => Unit::Days,
        };
        let (subparagraph, clause) = ctx.clause_at(number.start());
        findings.push(Finding {
            rule: NAME,
            subparagraph,
            kind: Kind::Threshold,
            value,
            unit: unit.clone(),
            conditions: Conditions {
                measure: Some(measure_for(topic, &unit, &text[clause.clone()], lang)),
                ..Conditions::default()
            },
            local: number.range(),
            clause,
            confidence: 0.8,
            unit_inferred: false,
            topic,
            derived: None,
            modifies: Vec::new(),
            struck: false,
            order: Order::new(Pass::OrdinalDays, findings.len(), 0),
        });
    }
    findings
}
