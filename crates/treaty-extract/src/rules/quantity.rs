//! The numbers of a paragraph as findings: each quantity's kind (a rate cap or a threshold),
//! the measure of a threshold or the conditions of a rate tier, a rate stated relative to
//! another, and one finding per alternative a tier names.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use treaty_numbers::{find_quantities, Decimal, Lang, Quantity, Unit};
use treaty_segment::{Paragraph, Topic};

use super::branch::is_branch_clause;
use super::holding::{either_basis, is_ceiling, is_comparison, is_holding, names_what_is_held};
use super::income::named_rate_classes;
use super::is_rate_topic;
use super::owner::{alternatives, first_named_owner};
use super::rate::fill_rate_conditions;
use super::relative::{is_relative_rate, plain_decimal, referenced_rate, referenced_text};
use super::technical::is_initial_period;
use super::text::{clause_around, lower, nested_items, quantities_within, words_around};
use super::threshold::{is_back_reference, is_counting_window, japanese_measure, measure_for};
use super::words::{contains_any, starts_with_any, words};
use super::Finding;
use treaty_schema::{Conditions, Kind, Measure};

/// The findings of every number in `paragraph` (an article with `topic`), in text order.
pub(super) fn quantity_findings(
    paragraph: &Paragraph,
    siblings: &[Paragraph],
    topic: Topic,
    lang: Lang,
) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let quantities = find_quantities(text, lang);
    // Most paragraphs state no number: the deleted spans only mark numbers, so they are not
    // searched for (an amendment's patterns scan every quoted paragraph).
    if quantities.is_empty() {
        return Vec::new();
    }
    let deleted = deleted_spans(text, lang);
    let reading = Reading {
        paragraph,
        siblings,
        topic,
        lang,
        text,
        quantities: &quantities,
    };
    quantities
        .iter()
        .filter(|quantity| !is_restated(quantity, &quantities, text, lang))
        .flat_map(|quantity| {
            let struck = deleted
                .iter()
                .any(|old| old.start <= quantity.span.start && quantity.span.end <= old.end);
            let mut findings = reading.findings_of(quantity);
            for finding in &mut findings {
                finding.struck = struck;
            }
            findings
        })
        .collect()
}

/// A number named again after the profile's back-reference word: `当該` ("the said") says so
/// by itself; an article ("the expiration of the six month period") only where the paragraph
/// stated the same quantity before ("six months prior written notice").
fn is_restated(quantity: &Quantity, quantities: &[Quantity], text: &str, lang: Lang) -> bool {
    is_back_reference(&text[..quantity.span.start], lang)
        && (words(lang).japanese
            || quantities.iter().any(|earlier| {
                earlier.span.end <= quantity.span.start
                    && earlier.value == quantity.value
                    && earlier.unit == quantity.unit
            }))
}

/// The spans of text an amendment deletes or replaces ("the words “15 per cent” shall be
/// deleted", "「百分の十五」を「百分の十」に改める"): numbers in them are the former wording, no
/// longer the treaty's. The deleted text is quoted, so a paragraph without quotation marks
/// has none.
fn deleted_spans(text: &str, lang: Lang) -> Vec<Range<usize>> {
    if !text.contains(['“', '"', '‘', '\'', '«', '「']) {
        return Vec::new();
    }
    words(lang)
        .deleted_text
        .iter()
        .flat_map(|pattern| pattern.captures_iter(text))
        .filter_map(|captures| captures.name("struck").map(|m| m.range()))
        .collect()
}

/// How far before a number in a final provision the article whose rate it sets may be named.
const RATE_ARTICLE_WINDOW: usize = 1500;

/// `10 (Dividends)`, `X (Dividends)`: an article's number and its title in brackets, in any
/// language.
static NUMBERED_TITLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(\d{1,3}|[IVXLC]{1,7})(?:\s?[A-Z])?\s*\(([^()\d]{3,60})\)").unwrap()
});

/// The rate article the text before a percentage in a final provision names by its number
/// and title ("the tax charged pursuant to paragraph 2 a) of Article 10 (Dividends) ... shall
/// not exceed 10 percent", "the reference in paragraph 2(a) of Article X (Dividends) ...
/// shall be read ... as “7 per cent”"): the percentage is a transitional rate of that
/// article, not a period. Its number in Arabic digits; the nearest such article wins.
fn named_rate_article(before: &str) -> Option<String> {
    let mut from = before.len().saturating_sub(RATE_ARTICLE_WINDOW);
    while !before.is_char_boundary(from) {
        from += 1;
    }
    NUMBERED_TITLE
        .captures_iter(&before[from..])
        .filter(|c| treaty_segment::topic::topic_from_title(&c[2]).is_some_and(is_rate_topic))
        .filter_map(|c| {
            let printed = &c[1];
            printed
                .parse::<u32>()
                .ok()
                .or_else(|| treaty_numbers::parse_roman(printed))
        })
        .last()
        .map(|number| number.to_string())
}

/// One paragraph being read, and its numbers.
struct Reading<'a> {
    paragraph: &'a Paragraph,
    siblings: &'a [Paragraph],
    topic: Topic,
    lang: Lang,
    text: &'a str,
    quantities: &'a [Quantity],
}

/// Where a number stands: its clause and the words on either side.
struct Place<'a> {
    subparagraph: String,
    clause: Range<usize>,
    clause_text: &'a str,
    before: &'a str,
    after: &'a str,
    /// The clause (or its Japanese item) is about a branch profits tax.
    branch: bool,
}

/// What a number is, before its alternatives are split: kind, value and conditions.
struct Claim {
    kind: Kind,
    value: Decimal,
    conditions: Conditions,
    /// How a value not printed as such was derived.
    derived: Option<String>,
    /// The article whose rate a final provision sets for a first period.
    modifies: Option<String>,
}

impl Reading<'_> {
    /// The findings of one number: one per alternative of its tier.
    fn findings_of(&self, quantity: &Quantity) -> Vec<Finding> {
        let place = self.place_of(quantity);
        let claim = self.relative(quantity, &place, self.claim(quantity, &place));
        let confidence =
            if quantity.unit_inferred || (claim.kind == Kind::Rate && !is_rate_topic(self.topic)) {
                0.6
            } else {
                0.9
            };
        self.variants(quantity, &place, &claim)
            .into_iter()
            .map(|conditions| Finding {
                subparagraph: place.subparagraph.clone(),
                kind: claim.kind,
                value: claim.value.clone(),
                unit: quantity.unit.clone(),
                conditions,
                local: quantity.span.clone(),
                clause: place.clause.clone(),
                confidence,
                unit_inferred: quantity.unit_inferred,
                topic: self.topic,
                derived: claim.derived.clone(),
                modifies: claim.modifies.iter().cloned().collect(),
                struck: false,
            })
            .collect()
    }

    fn place_of(&self, quantity: &Quantity) -> Place<'_> {
        let text = self.text;
        let (subparagraph, clause) =
            clause_around(text, self.paragraph, quantity.span.start, self.lang);
        let clause_text = &text[clause.clone()];
        let (before, after) = words_around(text, quantity.span.clone());
        let words = words(self.lang);
        // A Japanese item's rate sentence may leave the permanent establishment to the
        // sentence before it in the same item (`この(a)に規定する税の額は...`).
        let item_text = words
            .japanese
            .then(|| {
                self.paragraph.subparagraphs.iter().rev().find(|s| {
                    s.local.start <= quantity.span.start && quantity.span.start < s.local.end
                })
            })
            .flatten()
            .map(|s| &text[s.local.start..s.local.end.min(text.len())]);
        let branch = is_branch_clause(clause_text, self.lang)
            || item_text.is_some_and(|item| {
                is_branch_clause(item, self.lang)
                    && !contains_any(clause_text, words.list.dividends)
            });
        Place {
            subparagraph,
            clause,
            clause_text,
            before,
            after,
            branch,
        }
    }

    /// Whether the number is a rate cap or a threshold, and its conditions or measure.
    fn claim(&self, quantity: &Quantity, place: &Place<'_>) -> Claim {
        let (topic, lang) = (self.topic, self.lang);
        let (before, after) = (place.before, place.after);
        let percent = quantity.unit == Unit::Percent;
        let holding = percent && is_holding(before, after, lang);
        // A final provision may set a rate of a rate article for a first period.
        let transitional = (percent && topic == Topic::EntryIntoForce)
            .then(|| named_rate_article(&self.text[..quantity.span.start]))
            .flatten();
        let comparison = percent
            && !holding
            && (is_rate_topic(topic) || transitional.is_some())
            && is_comparison(before, after, lang);
        // A clause of a limitation-on-benefits or miscellaneous article may cap the rate of
        // the classes it names: "Any dividends, interest or royalties to which ... apply shall
        // be subject to tax at a rate that shall not exceed 15 percent of the gross amount".
        let capped_classes = if percent
            && !holding
            && matches!(topic, Topic::EntitlementToBenefits | Topic::Miscellaneous)
            && starts_with_any(lower(after).trim_start(), words(lang).list.gross_amount)
        {
            let clause_start = place.clause.start.min(quantity.span.start);
            named_rate_classes(&self.text[clause_start..quantity.span.start], lang)
        } else {
            Vec::new()
        };
        let rate = percent
            && !holding
            && !comparison
            && (is_rate_topic(topic)
                || transitional.is_some()
                || (place.branch && topic != Topic::EntitlementToBenefits)
                || !capped_classes.is_empty());
        let mut conditions = Conditions::default();
        if !capped_classes.is_empty() {
            conditions.income = capped_classes;
        } else if rate {
            let referenced = referenced_text(place.clause_text, self.siblings, lang);
            fill_rate_conditions(
                &mut conditions,
                place.clause_text,
                &referenced,
                self.text,
                topic,
                place.branch,
                self.quantities,
                quantity.span.clone(),
                lang,
            );
        } else {
            conditions.measure = Some(self.threshold_measure(quantity, place, holding, comparison));
        }
        Claim {
            kind: if rate { Kind::Rate } else { Kind::Threshold },
            value: quantity.value.clone(),
            conditions,
            derived: None,
            modifies: transitional.filter(|_| rate),
        }
    }

    /// What a threshold measures.
    fn threshold_measure(
        &self,
        quantity: &Quantity,
        place: &Place<'_>,
        holding: bool,
        comparison: bool,
    ) -> Measure {
        let (topic, lang) = (self.topic, self.lang);
        let (before, after) = (place.before, place.after);
        if comparison {
            Measure::Other
        } else if holding
            && is_rate_topic(topic)
            && is_ceiling(self.text, quantity.span.clone(), lang)
        {
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

    /// "50 per cent of the rate mentioned in subparagraph a) of paragraph 2": a rate stated
    /// relative to another; its value is derived from the rate referred to, or, where that
    /// cannot be found, it is a threshold of its own.
    fn relative(&self, quantity: &Quantity, place: &Place<'_>, claim: Claim) -> Claim {
        if claim.kind != Kind::Rate || !is_relative_rate(place.after, self.lang) {
            return claim;
        }
        let derived =
            referenced_rate(place.clause_text, self.siblings, self.lang).and_then(|base| {
                Some((
                    plain_decimal(base)?,
                    plain_decimal(quantity.value.to_f64() * base / 100.0)?,
                ))
            });
        match derived {
            Some((base, product)) => Claim {
                value: product,
                // tidy: not language (the note for the reader, in the datasets' English)
                derived: Some(format!(
                    "{} per cent of the {base} per cent rate the clause refers to",
                    quantity.value
                )),
                ..claim
            },
            None => Claim {
                kind: Kind::Threshold,
                conditions: Conditions {
                    measure: Some(Measure::RelativeRate),
                    ..Conditions::default()
                },
                ..claim
            },
        }
    }

    /// The conditions of each alternative the tier names: "c) 5 per cent ... if the
    /// beneficial owner of the dividends is: (i) a company ... which holds at least 10 per
    /// cent ...; (ii) a pension fund" gives one per item; "a company or a pension fund" one per
    /// owner; a holding of voting or issued shares one per basis.
    fn variants(&self, quantity: &Quantity, place: &Place<'_>, claim: &Claim) -> Vec<Conditions> {
        if claim.kind != Kind::Rate {
            return vec![claim.conditions.clone()];
        }
        let (text, lang) = (self.text, self.lang);
        let nested = if place.clause_text.trim_end().ends_with(':') && !place.branch {
            nested_items(self.paragraph, &place.clause, text)
        } else {
            Vec::new()
        };
        if !nested.is_empty() {
            return nested
                .iter()
                .flat_map(|item| {
                    let mut item_conditions = Conditions::default();
                    let item_text = &text[item.clone()];
                    fill_rate_conditions(
                        &mut item_conditions,
                        item_text,
                        "",
                        text,
                        self.topic,
                        false,
                        self.quantities,
                        quantity.span.clone(),
                        lang,
                    );
                    if let Some(owner) = first_named_owner(item_text, lang) {
                        item_conditions.beneficial_owner = Some(owner);
                    }
                    either_basis(vec![item_conditions], item_text, lang)
                })
                .collect();
        }
        // Where the holding the tier requires is printed, so that it goes to the
        // alternatives it follows.
        let clause = &place.clause;
        let holding_at = quantities_within(self.quantities, clause.clone())
            .iter()
            .filter(|q| q.unit == Unit::Percent && q.span != quantity.span)
            .find(|q| {
                let (before, after) = words_around(text, q.span.clone());
                is_holding(before, after, lang)
            })
            .map(|q| q.span.start - clause.start);
        either_basis(
            alternatives(
                claim.conditions.clone(),
                place.clause_text,
                holding_at,
                lang,
            ),
            place.clause_text,
            lang,
        )
    }
}
