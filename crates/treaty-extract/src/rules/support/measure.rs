//! What a threshold measures: the article's topic, and the words next to the number.

use treaty_numbers::{Lang, Quantity, Unit};
use treaty_segment::Topic;

use super::conditions::{is_initial_period, is_rate_topic};
use super::holding::{is_ceiling, names_what_is_held};
use super::place::Place;
use super::text::lower;
use super::words::{contains_any, ends_with_any, starts_with_any, words};
use treaty_schema::Measure;

/// What the threshold `quantity` of `text` (a paragraph of an article with `topic`),
/// standing at `place`, measures; `holding` and `comparison` say whether the words around it
/// make it a holding or a test a person must pass.
pub(crate) fn threshold_measure(
    text: &str,
    topic: Topic,
    quantity: &Quantity,
    place: &Place<'_>,
    (holding, comparison): (bool, bool),
    lang: Lang,
) -> Measure {
    let (before, after) = (place.before, place.after);
    if comparison {
        Measure::Other
    } else if holding && is_rate_topic(topic) && is_ceiling(text, quantity.span.clone(), lang) {
        Measure::MaxHolding
    } else if holding
        && topic == Topic::EliminationDoubleTaxation
        && names_what_is_held(after, lang)
    {
        // The least holding a credit for the underlying tax, or an exemption of
        // dividends, requires: a holding like a rate tier's.
        Measure::MinHolding
    } else if topic == Topic::PermanentEstablishment
        && quantity.unit.is_duration()
        && is_counting_window(before, after, lang)
    {
        // "more than six months within any twelve-month period": the window the
        // duration is counted in, not a duration that makes a permanent establishment.
        Measure::PePeriod
    } else if quantity.unit.is_duration() && is_initial_period(topic, before, after, lang) {
        // "during the first five years for which this Convention has effect": when a rate
        // changes, not how long a holding lasted.
        Measure::Other
    } else {
        let japanese = words(lang)
            .japanese
            .then(|| {
                japanese_measure(
                    topic,
                    &quantity.unit,
                    before,
                    after,
                    place.clause_text,
                    lang,
                )
            })
            .flatten();
        japanese.unwrap_or_else(|| measure_for(topic, &quantity.unit, place.clause_text, lang))
    }
}

/// What a threshold of an article with this topic measures.
pub(crate) fn measure_for(topic: Topic, unit: &Unit, clause: &str, lang: Lang) -> Measure {
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
        // When a treaty enters into force or may be ended is a time; a share or an amount in
        // those articles (a rate of a first period, a protocol's points read into the last
        // article) measures something else.
        Topic::EntryIntoForce if unit.is_duration() => Measure::EntryIntoForce,
        Topic::Termination => match unit {
            Unit::Years => Measure::EarliestTermination,
            _ if unit.is_duration() => Measure::NoticePeriod,
            _ => Measure::Other,
        },
        _ => Measure::Other,
    }
}

/// The words around a duration name the window a permanent establishment's duration is
/// counted in (`before` and `after`: the text next to the number, unit included).
pub(crate) fn is_counting_window(before: &str, after: &str, lang: Lang) -> bool {
    let list = words(lang).list;
    let before = lower(before);
    let after = lower(after);
    ends_with_any(before.trim_end(), list.counting_window_before)
        || starts_with_any(after.trim_start(), list.counting_window_after)
}

/// The measure of a Japanese threshold where the words next to the number tell more than the
/// article's topic, `None` to leave it to [`measure_for`].
pub(crate) fn japanese_measure(
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
pub(crate) fn is_back_reference(before: &str, lang: Lang) -> bool {
    ends_with_any(before.trim_end(), words(lang).list.back_reference)
}
