//! Thresholds: what a number other than a rate measures, and periods counted by an ordinal day.

use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::{Lang, Unit};
use treaty_segment::{Paragraph, Topic};

use super::text::{clause_around, lower};
use super::Finding;
use crate::schema::{Conditions, Kind, Measure};

pub(super) fn measure_for(topic: Topic, unit: &Unit, clause: &str) -> Measure {
    let clause = lower(clause);
    let has = |words: &[&str]| words.iter().any(|w| clause.contains(w));
    match topic {
        Topic::PermanentEstablishment => {
            // `使用人その他の職員を通じてコンサルタントの役務又は...工事に係る契約に関連する
            // 監督の役務を提供する場合`: services furnished through employees, even in
            // connection with a construction contract.
            if has(&["使用人その他の職員"]) && has(&["役務を提供", "役務の提供"])
            {
                Measure::PeServices
            } else if has(&[
                "building site",
                "construction",
                "installation",
                "assembly",
                "obra",
                "estaleiro",
                "construção",
                "montagem",
                "建設",
                "据付け",
                "据付",
                "組立",
                "工事現場",
            ]) {
                Measure::PeConstruction
            } else if has(&["services", "serviços", "役務"]) {
                Measure::PeServices
            } else {
                Measure::PeOther
            }
        }
        Topic::Employment | Topic::IndependentPersonalServices => {
            if *unit == Unit::Days {
                Measure::EmploymentDays
            } else {
                Measure::EmploymentPeriod
            }
        }
        Topic::CapitalGains => match unit {
            Unit::Percent => Measure::LandRichShare,
            _ if has(&["preceding", "anteriores", "前"]) => Measure::LandRichLookback,
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
        Topic::EntryIntoForce => Measure::EntryIntoForce,
        Topic::Termination => match unit {
            Unit::Years => Measure::EarliestTermination,
            _ => Measure::NoticePeriod,
        },
        _ => Measure::Other,
    }
}

/// The measure of a Japanese threshold where the words next to the number tell more than the
/// article's topic, `None` to leave it to [`measure_for`].
pub(super) fn japanese_measure(
    topic: Topic,
    unit: &Unit,
    before: &str,
    after: &str,
    clause: &str,
) -> Option<Measure> {
    let near = |words: &[&str]| {
        words
            .iter()
            .any(|w| before.contains(w) || after.contains(w))
    };
    match topic {
        // A percentage in the permanent-establishment article (`受益に関する持分の五十パーセン
        // トを超える`, closely related enterprises) is no duration.
        Topic::PermanentEstablishment if *unit == Unit::Percent => Some(Measure::Other),
        // The land-rich share is of the value (`価値`) that immovable property (`不動産`) makes
        // up; `同種の株式等の総数の五パーセント以下` (listed shares) and the like are not.
        Topic::CapitalGains if *unit == Unit::Percent => Some(if near(&["不動産", "価値"]) {
            Measure::LandRichShare
        } else {
            Measure::Other
        }),
        // `当該譲渡に先立つ三百六十五日の期間`: the land-rich test's look-back; a number of
        // years before a gain (`先立つ十年の間`, former residents) is not it.
        Topic::CapitalGains if unit.is_duration() => {
            let lookback = clause.contains("先立つ") || clause.contains("前");
            Some(
                if lookback && (*unit != Unit::Years || clause.contains("不動産")) {
                    Measure::LandRichLookback
                } else {
                    Measure::Other
                },
            )
        }
        // `十二箇月の期間を通じて...要件を満たす`, `十二箇月の期間の総日数の半数以上の日において`:
        // how long an ownership test must have been met.
        Topic::EntitlementToBenefits if *unit == Unit::Months => Some(
            if after.trim_start().starts_with("の期間を通じ") || after.contains("総日数の半数以上")
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
pub(super) fn is_back_reference(before: &str) -> bool {
    before.trim_end().ends_with("当該")
}

/// "On the thirtieth day after", "後三十日目の日": a period counted by an ordinal day, which
/// the quantity parser rightly leaves alone elsewhere (`the thirtieth day of June` is a date).
pub(super) static ORDINAL_DAY_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:the\s+)?(?P<en>[a-z]+ieth|[a-z]+th|\d+(?:st|nd|rd|th))\s+day\s+(?:after|following|from)|(?:後|から)(?P<ja>[〇一二三四五六七八九十百千]+)(?P<ja_unit>日|箇月|年)目|(?P<pt>trigésimo|sexagésimo|nonagésimo|\d+º)\s+dia\s+(?:após|seguinte|a contar)").unwrap()
});

pub(super) fn ordinal_value(word: &str) -> Option<u64> {
    let word = word.to_lowercase();
    let digits: String = word.chars().take_while(|c| c.is_ascii_digit()).collect();
    if !digits.is_empty() {
        return digits.parse().ok();
    }
    let known = [
        ("fifteenth", 15),
        ("twentieth", 20),
        ("thirtieth", 30),
        ("fortieth", 40),
        ("fiftieth", 50),
        ("sixtieth", 60),
        ("ninetieth", 90),
        ("trigésimo", 30),
        ("sexagésimo", 60),
        ("nonagésimo", 90),
    ];
    known
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, value)| *value)
}

pub(super) fn ordinal_day_periods(paragraph: &Paragraph, topic: Topic, lang: Lang) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let mut findings = Vec::new();
    for captures in ORDINAL_DAY_AFTER.captures_iter(text) {
        let value = if let Some(japanese) = captures.name("ja") {
            treaty_numbers::parse_kanji_number(japanese.as_str())
        } else {
            captures
                .name("en")
                .or(captures.name("pt"))
                .and_then(|m| ordinal_value(m.as_str()))
        };
        let (Some(value), Some(number)) = (
            value,
            captures
                .name("ja")
                .or(captures.name("en"))
                .or(captures.name("pt")),
        ) else {
            continue;
        };
        // `後三箇月目の月` (the third month after), `後十五年目の年` (the fifteenth year after).
        let unit = match captures.name("ja_unit").map(|m| m.as_str()) {
            Some("箇月") => Unit::Months,
            Some("年") => Unit::Years,
            _ => Unit::Days,
        };
        let (subparagraph, clause) = clause_around(text, paragraph, number.start(), lang);
        findings.push(Finding {
            subparagraph,
            kind: Kind::Threshold,
            value: value.to_string(),
            unit: (&unit).into(),
            conditions: Conditions {
                measure: Some(measure_for(topic, &unit, &text[clause.clone()])),
                ..Conditions::default()
            },
            local: number.range(),
            clause,
            confidence: 0.8,
            unit_inferred: false,
            topic,
            derived: None,
        });
    }
    findings
}
