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
mod quantity;
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

use treaty_numbers::{Decimal, Lang};
use treaty_segment::{Paragraph, Topic};

use exemption::{class_exemptions, exemptions};
use quantity::quantity_findings;
use rate::is_most_favoured_nation;
use relative::rates_by_reference;
pub use technical::TreatyFacts;
use technical::{covered_classes, tier_rows, ParagraphCues, Residual};
use text::{outer_labels, sentence_ends_between};
use threshold::ordinal_day_periods;
use treaty_schema::{Conditions, Income, Kind, Trigger, Unit};
use words::words;

/// What a rule found in a paragraph, before it is placed in a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// Subparagraph label, empty when none.
    pub subparagraph: String,
    /// `rate` or `threshold`.
    pub kind: Kind,
    /// The value, a plain decimal.
    pub value: Decimal,
    /// Unit.
    pub unit: treaty_schema::Unit,
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
    /// The treaty articles whose rate a final provision sets for a first period ("the tax
    /// charged pursuant to paragraph 2 a) of Article 10 (Dividends) ... shall not exceed 10
    /// percent"); empty for the article's own numbers.
    pub modifies: Vec<String>,
    /// The number is in text an amendment deletes or replaces ("the words “20 per cent” shall
    /// be replaced by “15 per cent”"): the former wording, history rather than the treaty's.
    pub struck: bool,
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
    let mut findings = quantity_findings(paragraph, siblings, topic, lang);
    findings.extend(worded_findings(paragraph, siblings, topic, lang));
    let placed = place_tiers(findings, paragraph, topic, lang, facts);
    let mut findings = distinct_claims(placed, &paragraph.text, lang);
    // Japanese labels: markers a PDF extractor displaced and references left inline stand
    // among the items, so their nesting is not read from the labels alone.
    if !words(lang).japanese {
        cite_outer_labels(&mut findings, paragraph);
    }
    findings
}

/// Each finding in a nested list item cited by the item of the paragraph's own list it stands
/// in (see [`outer_labels`]).
fn cite_outer_labels(findings: &mut [Finding], paragraph: &Paragraph) {
    let outer = outer_labels(paragraph);
    for finding in findings.iter_mut().filter(|f| !f.subparagraph.is_empty()) {
        let index = paragraph.subparagraphs.iter().rposition(|s| {
            s.label == finding.subparagraph && s.local.start <= finding.clause.start
        });
        if let Some(label) = index.and_then(|i| outer.get(i)) {
            finding.subparagraph.clone_from(label);
        }
    }
}

/// The findings of rules that read a paragraph's words rather than its numbers: exemptions
/// ("shall be taxable only in"), rates given by reference to another article, and periods
/// counted by an ordinal day.
fn worded_findings(
    paragraph: &Paragraph,
    siblings: &[Paragraph],
    topic: Topic,
    lang: Lang,
) -> Vec<Finding> {
    let words = words(lang);
    let mut findings = Vec::new();
    let source_may_tax = topic == Topic::OtherIncome
        && siblings
            .iter()
            .any(|p| words.source_may_also_tax.is_match(&p.text));
    // "1. Royalties ... shall be taxable only in that other State. 2. However, such royalties
    // may be taxed in the Contracting State in which they arise ...": the next paragraph
    // takes back the first one's "only".
    let overridden = siblings
        .iter()
        .position(|p| p.span == paragraph.span)
        .and_then(|index| siblings.get(index + 1))
        .is_some_and(|next| {
            let opening = next.text.trim_start_matches(|c: char| !c.is_alphabetic());
            words.source_overrides.is_match(opening)
        });
    if is_rate_topic(topic) && !source_may_tax && !overridden {
        findings.extend(exemptions(paragraph, topic, lang));
        findings.extend(rates_by_reference(paragraph, siblings, topic, lang));
    } else if matches!(topic, Topic::Miscellaneous | Topic::EntitlementToBenefits) {
        // An article on exempt organizations or the like may exempt the classes it names.
        findings.extend(class_exemptions(paragraph, topic, lang));
    }
    // Japanese counts periods by ordinals in any provision (`効力を生ずる暦年の後十五年目の
    // 年`, tax sparing); in other languages an ordinal day outside these articles is a date.
    if matches!(topic, Topic::EntryIntoForce | Topic::Termination)
        || (words.japanese && !is_rate_topic(topic))
    {
        findings.extend(ordinal_day_periods(paragraph, topic, lang));
    }
    findings
}

/// A tier of a royalties or technical-services article has the topic of the class it
/// covers; a rate tier that covers fees for technical services and royalties (named both,
/// or royalties where the treaty makes the fees royalties) gives a row for each; a tier that
/// applies only once a most-favoured-nation clause is triggered says so.
fn place_tiers(
    findings: Vec<Finding>,
    paragraph: &Paragraph,
    topic: Topic,
    lang: Lang,
    facts: TreatyFacts,
) -> Vec<Finding> {
    if findings.is_empty() {
        // Most paragraphs state no number: their cues are not read.
        return findings;
    }
    let text = paragraph.text.as_str();
    let cues = ParagraphCues::of(paragraph, topic, lang);
    let mut placed: Vec<Finding> = Vec::with_capacity(findings.len());
    for mut finding in findings {
        let clause = &text[finding.clause.clone()];
        let covers = covered_classes(
            topic,
            text,
            paragraph,
            finding.clause.clone(),
            &finding.subparagraph,
            &cues,
            lang,
        );
        let residual = || Residual::of(&cues, clause, lang);
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
    placed
}

/// One finding per distinct claim in a clause: a rate, or a period or amount, repeated by the
/// same clause is one row ("exceed a period of 30 days ... for a period exceeding 30 days"),
/// the same number stated by two sentences is two, also where both stand in one
/// subparagraph, the clause of a number in a list item ("will have 60 days from the date on
/// which the Proceeding begins ... Within 60 days of the date on which the second member is
/// appointed"). A percentage threshold stated twice in a clause of a Latin-script text is
/// two tests ("at least 50 percent of the voting power and value (and at least 50 percent of
/// any disproportionate class of shares)"); Japanese restates its numbers within a clause
/// (`当該`), so there it is one.
fn distinct_claims(findings: Vec<Finding>, text: &str, lang: Lang) -> Vec<Finding> {
    let japanese = words(lang).japanese;
    let mut unique: Vec<Finding> = Vec::new();
    // The findings kept, by clause: only those of the same clause can be duplicates, so a
    // paragraph of thousands of numbers is not compared pairwise.
    let mut by_clause: std::collections::HashMap<(usize, usize), Vec<usize>> =
        std::collections::HashMap::new();
    for finding in findings {
        let kept = by_clause
            .entry((finding.clause.start, finding.clause.end))
            .or_default();
        let duplicate = kept.iter().map(|&index| &unique[index]).any(|u| {
            u.topic == finding.topic
                && u.clause == finding.clause
                && u.subparagraph == finding.subparagraph
                && u.kind == finding.kind
                && u.value == finding.value
                && u.unit == finding.unit
                && u.conditions == finding.conditions
                && u.struck == finding.struck
                && (u.kind == Kind::Rate
                    || japanese
                    || u.unit != Unit::Percent
                    || u.local == finding.local)
                && (u.kind == Kind::Rate
                    || japanese
                    || !sentence_ends_between(text, &u.local, &finding.local))
        });
        if !duplicate {
            kept.push(unique.len());
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
