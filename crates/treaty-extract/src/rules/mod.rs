//! Rules that turn quantities in a paragraph into typed rate and threshold records.
//!
//! The rules read the wording of the OECD and UN model articles (and their Portuguese and
//! Japanese renderings): a percentage "of the gross amount" in a dividends, interest or
//! royalties article is a rate cap; "holds at least 25 per cent of the capital" is a holding
//! threshold; "shall be taxable only in that other State" is a rate of 0.

mod branch;
mod exemption;
mod holding;
mod income;
mod owner;
mod rate;
pub mod registry;
mod relative;
mod technical;
#[cfg(test)]
mod tests;
mod text;
mod threshold;
mod words;

use std::ops::Range;

use treaty_numbers::{find_quantities, Lang, Unit};
use treaty_segment::{Paragraph, Topic};

use crate::schema::{Conditions, Income, Kind, Measure, Trigger};
use branch::is_branch_clause;
use exemption::exemptions;
use holding::{either_basis, is_comparison, is_holding, is_upper_bound, names_what_is_held};
use owner::{alternatives, first_named_owner};
use rate::{fill_rate_conditions, is_most_favoured_nation};
use relative::{
    is_relative_rate, plain_decimal, rates_by_reference, referenced_rate, referenced_text,
};
pub use technical::TreatyFacts;
use technical::{covered_classes, is_initial_period, tier_rows, Residual};
use text::{clause_around, nested_items, words_around};
use threshold::{is_back_reference, japanese_measure, measure_for, ordinal_day_periods};
use words::{contains_any, words};

/// What a rule found in a paragraph, before it is placed in a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// Subparagraph label, empty when none.
    pub subparagraph: String,
    /// `rate` or `threshold`.
    pub kind: Kind,
    /// Plain decimal value.
    pub value: String,
    /// Unit.
    pub unit: crate::schema::Unit,
    /// Typed conditions.
    pub conditions: Conditions,
    /// Where the number (or the exempting phrase) is, in the paragraph's text.
    pub local: Range<usize>,
    /// The clause, in the paragraph's text.
    pub clause: Range<usize>,
    /// How sure the rule is.
    pub confidence: f32,
    /// True when the source printed no unit and the rule inferred it.
    pub unit_inferred: bool,
    /// The topic of the row: the article's, or the class of income a tier of a mixed article
    /// names (fees for technical services in a royalties article).
    pub topic: Topic,
    /// How a value not printed as such was derived ("50 per cent of the rate of
    /// subparagraph a)"), for a warning a reviewer reads.
    pub derived: Option<String>,
}

/// Topics whose percentages are withholding-rate caps.
pub fn is_rate_topic(topic: Topic) -> bool {
    matches!(
        topic,
        Topic::Dividends
            | Topic::Interest
            | Topic::Royalties
            | Topic::TechnicalServices
            | Topic::OtherIncome
    )
}

/// Rates and thresholds of one paragraph of an article with the given topic, knowing nothing
/// of the rest of its treaty (see [`paragraph_findings_in`]).
pub fn paragraph_findings(
    paragraph: &Paragraph,
    siblings: &[Paragraph],
    topic: Topic,
    lang: Lang,
) -> Vec<Finding> {
    paragraph_findings_in(paragraph, siblings, topic, lang, TreatyFacts::default())
}

/// Rates and thresholds of one paragraph of an article with the given topic.
///
/// `siblings` are the article's paragraphs, for clauses that refer to another paragraph
/// ("royalties within the meaning of subparagraph a) of paragraph 3"); `facts` what the
/// treaty says elsewhere that a tier depends on (a protocol that makes fees for technical
/// services royalties).
pub fn paragraph_findings_in(
    paragraph: &Paragraph,
    siblings: &[Paragraph],
    topic: Topic,
    lang: Lang,
    facts: TreatyFacts,
) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let mut findings: Vec<Finding> = Vec::new();
    let quantities = find_quantities(text, lang);
    let words = words(lang);
    // Numbers in the text an amendment deletes are no longer the treaty's.
    // (The deleted text is quoted: a paragraph without quotation marks has none.)
    let quoted = text.contains(['“', '"']);
    let deleted: Vec<std::ops::Range<usize>> = words
        .deleted_text
        .iter()
        .filter(|_| quoted)
        .flat_map(|pattern| pattern.captures_iter(text))
        .filter_map(|captures| captures.name("struck").map(|m| m.range()))
        .collect();
    for quantity in &quantities {
        if deleted
            .iter()
            .any(|old| old.start <= quantity.span.start && quantity.span.end <= old.end)
        {
            continue;
        }
        if words.japanese && is_back_reference(&text[..quantity.span.start], lang) {
            continue;
        }
        let (subparagraph, clause) = clause_around(text, paragraph, quantity.span.start, lang);
        let clause_text = &text[clause.clone()];
        let (before, after) = words_around(text, quantity.span.clone());
        // A Japanese item's rate sentence may leave the permanent establishment to the
        // sentence before it in the same item (`この(a)に規定する税の額は...`).
        let item_text = words
            .japanese
            .then(|| {
                paragraph.subparagraphs.iter().rev().find(|s| {
                    s.local.start <= quantity.span.start && quantity.span.start < s.local.end
                })
            })
            .flatten()
            .map(|s| &text[s.local.start..s.local.end.min(text.len())]);
        let branch = is_branch_clause(clause_text, lang)
            || item_text.is_some_and(|item| {
                is_branch_clause(item, lang) && !contains_any(clause_text, words.list.dividends)
            });
        let mut conditions = Conditions::default();
        let holding = quantity.unit == Unit::Percent && is_holding(before, after, lang);
        let comparison = quantity.unit == Unit::Percent
            && !holding
            && is_rate_topic(topic)
            && is_comparison(before, after, lang);
        let kind = if quantity.unit == Unit::Percent
            && !holding
            && !comparison
            && (is_rate_topic(topic) || (branch && topic != Topic::EntitlementToBenefits))
        {
            Kind::Rate
        } else {
            Kind::Threshold
        };
        if kind == Kind::Rate {
            let referenced = referenced_text(clause_text, siblings, lang);
            fill_rate_conditions(
                &mut conditions,
                clause_text,
                &referenced,
                text,
                topic,
                branch,
                &quantities,
                quantity.span.clone(),
                lang,
            );
        } else if comparison {
            conditions.measure = Some(Measure::Other);
        } else if holding && is_rate_topic(topic) && is_upper_bound(before, after, lang) {
            conditions.measure = Some(Measure::MaxHolding);
        } else if holding
            && topic == Topic::EliminationDoubleTaxation
            && names_what_is_held(after, lang)
        {
            // The least holding a credit for the underlying tax, or an exemption of
            // dividends, requires: a holding like a rate tier's.
            conditions.measure = Some(Measure::MinHolding);
        } else if quantity.unit.is_duration() && is_initial_period(topic, before, after, lang) {
            // "during the first five years for which this Convention has effect": when a rate
            // changes, not how long a holding lasted.
            conditions.measure = Some(Measure::Other);
        } else {
            let japanese = words
                .japanese
                .then(|| japanese_measure(topic, &quantity.unit, before, after, clause_text, lang))
                .flatten();
            conditions.measure = Some(
                japanese.unwrap_or_else(|| measure_for(topic, &quantity.unit, clause_text, lang)),
            );
        }
        // "50 per cent of the rate mentioned in subparagraph a) of paragraph 2": a rate
        // stated relative to another; its value is derived from the rate referred to.
        let mut value = quantity.value_text.clone();
        let mut derived = None;
        let mut kind = kind;
        if kind == Kind::Rate && is_relative_rate(after, lang) {
            match referenced_rate(clause_text, siblings, lang) {
                Some(base) => {
                    let product = quantity.value * base / 100.0;
                    // tidy: not language (the note for the reader, in the datasets' English)
                    derived = Some(format!(
                        "{} per cent of the {} per cent rate the clause refers to",
                        quantity.value_text,
                        plain_decimal(base)
                    ));
                    value = plain_decimal(product);
                }
                None => {
                    kind = Kind::Threshold;
                    conditions = Conditions {
                        measure: Some(Measure::RelativeRate),
                        ..Conditions::default()
                    };
                }
            }
        }
        // "c) 5 per cent ... if the beneficial owner of the dividends is: (i) a company ...
        // which holds at least 10 per cent ...; (ii) a pension fund": one row per item.
        let nested = if kind == Kind::Rate && clause_text.trim_end().ends_with(':') && !branch {
            nested_items(paragraph, &clause, text)
        } else {
            Vec::new()
        };
        let variants = if !nested.is_empty() {
            nested
                .iter()
                .flat_map(|item| {
                    let mut item_conditions = Conditions::default();
                    let item_text = &text[item.clone()];
                    fill_rate_conditions(
                        &mut item_conditions,
                        item_text,
                        "",
                        text,
                        topic,
                        false,
                        &quantities,
                        quantity.span.clone(),
                        lang,
                    );
                    if let Some(owner) = first_named_owner(item_text, lang) {
                        item_conditions.beneficial_owner = Some(owner);
                    }
                    either_basis(vec![item_conditions], item_text, lang)
                })
                .collect()
        } else if kind == Kind::Rate {
            // Where the holding the tier requires is printed, so that it goes to the
            // alternatives it follows.
            let holding_at = quantities
                .iter()
                .filter(|q| {
                    q.unit == Unit::Percent
                        && q.span != quantity.span
                        && clause.start <= q.span.start
                        && q.span.end <= clause.end
                })
                .find(|q| {
                    let (before, after) = words_around(text, q.span.clone());
                    is_holding(before, after, lang)
                })
                .map(|q| q.span.start - clause.start);
            either_basis(
                alternatives(conditions, clause_text, holding_at, lang),
                clause_text,
                lang,
            )
        } else {
            vec![conditions]
        };
        for conditions in variants {
            findings.push(Finding {
                subparagraph: subparagraph.clone(),
                kind,
                value: value.clone(),
                unit: quantity.unit.clone(),
                conditions,
                local: quantity.span.clone(),
                clause: clause.clone(),
                confidence: if quantity.unit_inferred
                    || (kind == Kind::Rate && !is_rate_topic(topic))
                {
                    0.6
                } else {
                    0.9
                },
                unit_inferred: quantity.unit_inferred,
                topic,
                derived: derived.clone(),
            });
        }
    }
    let source_may_tax = topic == Topic::OtherIncome
        && siblings
            .iter()
            .any(|p| words.source_may_also_tax.is_match(&p.text));
    if is_rate_topic(topic) && !source_may_tax {
        findings.extend(exemptions(paragraph, topic, lang));
        findings.extend(rates_by_reference(paragraph, siblings, topic, lang));
    }
    // Japanese counts periods by ordinals in any provision (`効力を生ずる暦年の後十五年目の
    // 年`, tax sparing); in other languages an ordinal day outside these articles is a date.
    if matches!(topic, Topic::EntryIntoForce | Topic::Termination)
        || (words.japanese && !is_rate_topic(topic))
    {
        findings.extend(ordinal_day_periods(paragraph, topic, lang));
    }
    // A tier of a royalties or technical-services article has the topic of the class it
    // covers; a rate tier that covers fees for technical services and royalties (named both,
    // or royalties where the treaty makes the fees royalties) gives a row for each.
    let mut placed: Vec<Finding> = Vec::with_capacity(findings.len());
    for mut finding in findings {
        let clause = &text[finding.clause.clone()];
        let covers = covered_classes(
            topic,
            text,
            paragraph,
            finding.clause.clone(),
            &finding.subparagraph,
            lang,
        );
        let residual = Residual::of(text, clause, lang);
        let (tier_topic, also_technical) =
            tier_rows(topic, covers, &finding.conditions, residual, facts);
        finding.topic = tier_topic;
        let technical_row = also_technical && finding.kind == Kind::Rate;
        if finding.topic == Topic::TechnicalServices || technical_row {
            finding
                .conditions
                .income
                .retain(|c| *c != Income::TechnicalServices);
        }
        if finding.kind == Kind::Rate && is_most_favoured_nation(clause, lang) {
            finding.conditions.trigger = Some(Trigger::MostFavouredNation);
        }
        let technical = technical_row.then(|| Finding {
            topic: Topic::TechnicalServices,
            ..finding.clone()
        });
        placed.push(finding);
        placed.extend(technical);
    }
    let findings = placed;
    // One row per distinct claim in a clause: a number repeated by the same clause is one row,
    // the same number stated by two sentences is two.
    let mut unique: Vec<Finding> = Vec::new();
    for finding in findings {
        let duplicate = unique.iter().any(|u| {
            u.topic == finding.topic
                && u.clause == finding.clause
                && u.subparagraph == finding.subparagraph
                && u.kind == finding.kind
                && u.value == finding.value
                && u.unit == finding.unit
                && u.conditions == finding.conditions
        });
        if !duplicate {
            unique.push(finding);
        }
    }
    unique
}

/// The tier of a treaty article that a protocol point or MLI provision replaces: the article,
/// paragraph and (where named) subparagraph of the instruction ("subparagraph (a) of
/// paragraph 2 of Article 10 shall be replaced by").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplacedTier {
    /// The treaty article (`10`).
    pub article: String,
    /// Its paragraph (`2`), when the instruction names one; else (a whole article replaced)
    /// the replacing text numbers its paragraphs as the article's.
    pub paragraph: Option<String>,
    /// Its subparagraph (`a`), when the instruction names one; else the replacing text's
    /// own items stand for the paragraph's.
    pub subparagraph: Option<String>,
}

/// The replacing instruction nearest before byte `at` of a provision's `text`, when there is
/// one: the tiers the number at `at` stands in for (one per place a list names: "paragraphs
/// 2(a) and 6 of Article X").
pub fn replaced_tiers(text: &str, at: usize, lang: Lang) -> Vec<ReplacedTier> {
    let Some(head) = text.get(..at) else {
        return Vec::new();
    };
    words(lang)
        .replaced_tier
        .iter()
        .flat_map(|pattern| pattern.captures_iter(head))
        .filter_map(|captures| {
            let whole = captures.get(0)?;
            let label = captures.name("label").map(|m| m.as_str().to_lowercase());
            let paragraph = captures.name("paragraph").map(|m| m.as_str().to_string());
            // The later instruction wins; at one end, the one that names the most (a
            // subparagraph of a paragraph of an article).
            let list = captures.name("list");
            let key = (
                whole.end(),
                paragraph.is_some() || list.is_some(),
                label.is_some(),
            );
            let article = captures.name("article")?.as_str();
            // `Article X`: articles are numbered in Arabic digits.
            let article = if article.chars().all(|c| c.is_ascii_digit()) {
                article.to_string()
            } else {
                treaty_numbers::parse_roman(article)
                    .map_or_else(|| article.to_string(), |n| n.to_string())
            };
            let places: Vec<(Option<String>, Option<String>)> = match list {
                Some(list) => PLACE
                    .captures_iter(list.as_str())
                    .map(|place| {
                        (
                            place.get(1).map(|m| m.as_str().to_string()),
                            place.get(2).map(|m| m.as_str().to_lowercase()),
                        )
                    })
                    .collect(),
                None => vec![(paragraph, label)],
            };
            let tiers = places
                .into_iter()
                .map(|(paragraph, subparagraph)| ReplacedTier {
                    article: article.clone(),
                    paragraph,
                    subparagraph,
                })
                .collect::<Vec<_>>();
            Some((key, tiers))
        })
        .max_by_key(|(key, _)| *key)
        .map(|(_, tiers)| tiers)
        .unwrap_or_default()
}

/// A place in a list of paragraphs: `2(a)`, `6`.
static PLACE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(\d{1,2})\s*(?:\(\s*([a-z])\s*\))?").expect("place pattern")
});
