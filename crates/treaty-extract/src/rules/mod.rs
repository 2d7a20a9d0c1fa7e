//! Rules that turn the words and numbers of a paragraph into typed rate and threshold
//! records.
//!
//! The rules read the wording of the OECD and UN model articles (and their Portuguese,
//! Spanish and Japanese renderings): a percentage "of the gross amount" in a dividends,
//! interest or royalties article is a rate cap; "holds at least 25 per cent of the capital" is
//! a holding threshold; "shall be taxable only in that other State" is a rate of 0.
//!
//! Every rule is a file named after it, listed in [`registry::RULES`], which runs them: a
//! paragraph is read once into a [`ParagraphCtx`] (its clauses cut, its numbers read), each
//! rule gives its rows from it in the registry's order, and every row names its rule. What
//! several rules read (the context, clauses, words, beneficiaries, holdings, income classes,
//! what a threshold measures) is in `support/`.

mod beneficial_owners;
mod branch_tax;
mod exemptions;
mod holding_periods;
mod holdings;
mod money_thresholds;
mod most_favoured_nation;
mod protocol_changes;
mod rate_tiers;
pub mod registry;
mod relative_rates;
mod support;
mod technical_fees;
#[cfg(test)]
mod tests;
mod thresholds;

use treaty_numbers::Lang;
use treaty_schema::{Kind, Source, Unit};
use treaty_segment::{Paragraph, Topic};

pub use protocol_changes::{replaced_tiers, ReplacedTier};
pub use support::conditions::is_rate_topic;
pub use support::context::ParagraphCtx;
pub use support::facts::TreatyFacts;
pub use support::finding::Finding;
use support::text::{outer_labels, sentence_ends_between};
use support::words::words;

/// Rates and thresholds of one paragraph of a treaty article with the given topic, knowing
/// nothing of the rest of its treaty (see [`paragraph_findings_in`]).
pub fn paragraph_findings(
    paragraph: &Paragraph,
    siblings: &[Paragraph],
    topic: Topic,
    lang: Lang,
) -> Vec<Finding> {
    paragraph_findings_in(
        paragraph,
        siblings,
        topic,
        lang,
        TreatyFacts::default(),
        Source::Treaty,
    )
}

/// Rates and thresholds of one paragraph of an article with the given topic, each naming the
/// rule that gives it.
///
/// `siblings` are the article's paragraphs, for clauses that refer to another paragraph
/// ("royalties within the meaning of subparagraph a) of paragraph 3"); `facts` what the
/// treaty says elsewhere that a tier depends on (a protocol that makes fees for technical
/// services royalties); `source` the instrument the article is in.
pub fn paragraph_findings_in(
    paragraph: &Paragraph,
    siblings: &[Paragraph],
    topic: Topic,
    lang: Lang,
    facts: TreatyFacts,
    source: Source,
) -> Vec<Finding> {
    let ctx = ParagraphCtx::new(paragraph, siblings, topic, lang, facts, source);
    for rule in registry::RULES {
        let found = (rule.apply)(&ctx);
        ctx.give(found);
    }
    let mut findings = distinct_claims(ctx.into_findings(), &paragraph.text, lang);
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
