//! Thresholds: what a number other than a rate measures, and periods counted by an ordinal day.

use treaty_numbers::{Decimal, Lang, Unit};
use treaty_segment::{Paragraph, Topic};

use super::text::{clause_around, lower};
use super::words::{contains_any, ends_with_any, starts_with_any, words};
use super::Finding;
use treaty_schema::{Conditions, Kind, Measure};

/// What a threshold of an article with this topic measures.
pub(super) fn measure_for(topic: Topic, unit: &Unit, clause: &str, lang: Lang) -> Measure {
    let clause = lower(clause);
    let list = words(lang).list;
    let has = |words: &[&str]| contains_any(&clause, words);
    match topic {
        Topic::PermanentEstablishment => {
            // Services furnished through employees, even in connection with a construction
            // contract.
            if has(list.pe_employees) && has(list.pe_services_furnished) {
                Measure::PeServices
            } else if has(list.pe_construction) {
                Measure::PeConstruction
            } else if has(list.pe_services) {
                Measure::PeServices
            } else {
                Measure::PeOther
            }
        }
        // An amount of remuneration ("does not exceed ten thousand dollars") is no period.
        Topic::Employment | Topic::IndependentPersonalServices
            if matches!(unit, Unit::Currency(_) | Unit::Printed(_)) =>
        {
            Measure::Other
        }
        Topic::Employment | Topic::IndependentPersonalServices => {
            if *unit == Unit::Days {
                Measure::EmploymentDays
            } else {
                Measure::EmploymentPeriod
            }
        }
        // A profile that names immovable property tells the land-rich test (a share of the
        // value that immovable property makes up, the period looked back over) from a
        // substantial participation ("una participación de al menos el 25 por 100"), which
        // is a holding; a duration looked back over without immovable property is some other
        // limit. (Japanese reads the words next to the number instead: see
        // [`japanese_measure`].)
        Topic::CapitalGains | Topic::Capital
            if !list.immovable_property.is_empty() && !words(lang).japanese =>
        {
            let immovable = has(list.immovable_property);
            match unit {
                Unit::Percent if immovable => Measure::LandRichShare,
                Unit::Percent => Measure::MinHolding,
                _ if immovable && has(list.lookback) => Measure::LandRichLookback,
                _ => Measure::Other,
            }
        }
        Topic::CapitalGains => match unit {
            Unit::Percent => Measure::LandRichShare,
            _ if has(list.lookback) => Measure::LandRichLookback,
            _ => Measure::Other,
        },
        Topic::TeachersResearchers => Measure::TeacherStay,
        Topic::Students => match unit {
            Unit::Currency(_) => Measure::StudentAmount,
            _ => Measure::StudentStay,
        },
        Topic::Dividends | Topic::Interest | Topic::Royalties => match unit {
            Unit::Percent => Measure::MinHolding,
            _ if unit.is_duration() => Measure::HoldingPeriod,
            _ => Measure::Other,
        },
        Topic::MutualAgreement | Topic::AssociatedEnterprises => Measure::TimeLimit,
        // How soon a request for information is answered or acknowledged.
        Topic::ExchangeOfInformation if unit.is_duration() => Measure::TimeLimit,
        Topic::EntryIntoForce => Measure::EntryIntoForce,
        Topic::Termination => match unit {
            Unit::Years => Measure::EarliestTermination,
            _ => Measure::NoticePeriod,
        },
        _ => Measure::Other,
    }
}

/// The words around a duration name the window a permanent establishment's duration is
/// counted in (`before` and `after`: the text next to the number, unit included).
pub(super) fn is_counting_window(before: &str, after: &str, lang: Lang) -> bool {
    let list = words(lang).list;
    let before = lower(before);
    let after = lower(after);
    ends_with_any(before.trim_end(), list.counting_window_before)
        || starts_with_any(after.trim_start(), list.counting_window_after)
}

/// The measure of a Japanese threshold where the words next to the number tell more than the
/// article's topic, `None` to leave it to [`measure_for`].
pub(super) fn japanese_measure(
    topic: Topic,
    unit: &Unit,
    before: &str,
    after: &str,
    clause: &str,
    lang: Lang,
) -> Option<Measure> {
    let list = words(lang).list;
    let near = |words: &[&str]| contains_any(before, words) || contains_any(after, words);
    match topic {
        // A percentage in the permanent-establishment article (`受益に関する持分の五十パーセン
        // トを超える`, closely related enterprises) is no duration.
        Topic::PermanentEstablishment if *unit == Unit::Percent => Some(Measure::Other),
        // The land-rich share is of the value (`価値`) that immovable property (`不動産`) makes
        // up; `同種の株式等の総数の五パーセント以下` (listed shares) and the like are not.
        Topic::CapitalGains if *unit == Unit::Percent => Some(
            if near(list.immovable_property) || near(list.property_value) {
                Measure::LandRichShare
            } else {
                Measure::Other
            },
        ),
        // `当該譲渡に先立つ三百六十五日の期間`: the land-rich test's look-back; a number of
        // years before a gain (`先立つ十年の間`, former residents) is not it.
        Topic::CapitalGains if unit.is_duration() => {
            let lookback = contains_any(clause, list.lookback);
            Some(
                if lookback
                    && (*unit != Unit::Years || contains_any(clause, list.immovable_property))
                {
                    Measure::LandRichLookback
                } else {
                    Measure::Other
                },
            )
        }
        // `十二箇月の期間を通じて...要件を満たす`, `十二箇月の期間の総日数の半数以上の日において`:
        // how long an ownership test must have been met.
        Topic::EntitlementToBenefits if *unit == Unit::Months => Some(
            if starts_with_any(after.trim_start(), list.ownership_period_after)
                || contains_any(after, list.ownership_period_share)
            {
                Measure::HoldingPeriod
            } else {
                Measure::Other
            },
        ),
        // Interest and royalties have no holding periods (`直前の三課税年度において`).
        Topic::Interest | Topic::Royalties if unit.is_duration() => Some(Measure::Other),
        // The 183-day rule counts days in months; a number of years is some other limit.
        Topic::Employment if *unit == Unit::Years => Some(Measure::Other),
        _ => None,
    }
}

/// Japanese `当該六箇月の期間` ("the said six months"): a number named again after `当該`
/// refers back to a threshold stated before, so it is not a threshold of its own.
pub(super) fn is_back_reference(before: &str, lang: Lang) -> bool {
    ends_with_any(before.trim_end(), words(lang).list.back_reference)
}

/// The value of an ordinal: digits (`30th`, `30º`), an ordinal word of the profile, or
/// kanji numerals (`三十`).
pub(super) fn ordinal_value(word: &str, lang: Lang) -> Option<u64> {
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
pub(super) fn ordinal_day_periods(paragraph: &Paragraph, topic: Topic, lang: Lang) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let mut findings = Vec::new();
    let words = words(lang);
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
        let (subparagraph, clause) = clause_around(text, paragraph, number.start(), lang);
        findings.push(Finding {
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
        });
    }
    findings
}
