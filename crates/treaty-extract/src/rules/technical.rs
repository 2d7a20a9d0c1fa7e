//! Fees for technical services as rows of their own.
//!
//! Treaties tax fees for technical services (the UN model's Article 12A, and the bilateral
//! variants "fees for technical services", "management or professional fees" and "fees for
//! included services") in four ways: an article of their own; a
//! royalties article whose title and tiers name both ("Royalties and fees for technical
//! services"); a royalties article whose definition, or a protocol point on it, makes the
//! fees royalties ("the provisions of paragraph 3 of Article 12 shall apply to payments ...
//! for technical assistance and technical services"); and, in any of these, tiers that change
//! after a first period. A consumer should not need to know which: every tier that covers
//! the fees gives a `technical_services` row, beside the `royalties` row where it covers both.

use std::cell::OnceCell;
use std::ops::Range;

use treaty_lang::Lang;
use treaty_segment::{Paragraph, Topic, Treaty, Version};

use super::text::lower;
use super::words::{contains_any, starts_with_any, words};
use treaty_schema::{Conditions, Income};

/// What a treaty as a whole says of fees for technical services, which a tier of one article
/// cannot see.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TreatyFacts {
    /// A royalties definition, or a protocol point on the royalties article, makes fees for
    /// technical services royalties (in any language version: the versions are one treaty,
    /// and an OCR version may have lost the clause).
    pub technical_fees_are_royalties: bool,
}

impl TreatyFacts {
    /// The facts of a treaty.
    pub fn of(treaty: &Treaty) -> TreatyFacts {
        TreatyFacts {
            technical_fees_are_royalties: treaty
                .versions
                .iter()
                .any(deems_technical_fees_royalties),
        }
    }
}

/// True when a paragraph of the version's royalties article, or of a protocol point or MLI
/// provision on it, makes fees for technical services royalties.
fn deems_technical_fees_royalties(version: &Version) -> bool {
    let words = words(version.lang);
    if words.technical_fees_deemed_royalties.is_empty() {
        return false;
    }
    let royalties_articles: Vec<&str> = version
        .articles
        .iter()
        .filter(|a| a.topic == Topic::Royalties)
        .map(|a| a.number.as_str())
        .collect();
    version
        .articles
        .iter()
        .chain(&version.protocol)
        .chain(&version.mli)
        .filter(|a| a.topic == Topic::Royalties)
        .flat_map(|a| &a.paragraphs)
        .any(|paragraph| {
            words.technical_fees_deemed_royalties.iter().any(|pattern| {
                pattern.may_match(&paragraph.text)
                    && pattern.captures_iter(&paragraph.text).any(|captures| {
                        let whole = lower(captures.get(0).map_or("", |m| m.as_str()));
                        // An article the clause names must be the royalties article.
                        let article_is_royalties = captures.name("article").is_none_or(|named| {
                            royalties_articles
                                .iter()
                                .any(|number| number.eq_ignore_ascii_case(named.as_str()))
                        });
                        !contains_any(&format!(" {whole} "), words.list.negation)
                            && article_is_royalties
                    })
            })
        })
}

/// The classes of income a tier covers: fees for technical services, royalties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Covers {
    pub(super) technical: bool,
    pub(super) royalties: bool,
}

/// Which of fees for technical services and royalties a tier of a royalties or
/// technical-services article covers: those its clause names; where it names neither ("15
/// per cent in all other cases"), those the lead of its list names (the item that opens a
/// nested list, then the paragraph's words before its first item). `None` for other
/// articles, and where nothing names either.
pub(super) fn covered_classes(
    topic: Topic,
    text: &str,
    paragraph: &Paragraph,
    clause: Range<usize>,
    label: &str,
    cues: &ParagraphCues,
    lang: Lang,
) -> Option<Covers> {
    if !matches!(topic, Topic::Royalties | Topic::TechnicalServices) {
        return None;
    }
    let at = |range: Range<usize>| text.get(range).unwrap_or("");
    named_classes(at(clause.clone()), lang)
        .or_else(|| {
            nested_lead(text, paragraph, clause.start, label)
                .and_then(|lead| named_classes(lead, lang))
        })
        .or_else(|| {
            let (lead_end, covers) = cues.lead?;
            (lead_end <= clause.start).then_some(covers).flatten()
        })
}

/// The classes of income `part` names, if it names any.
fn named_classes(part: &str, lang: Lang) -> Option<Covers> {
    let list = words(lang).list;
    let lowered = lower(part);
    let covers = Covers {
        technical: contains_any(&lowered, list.technical_fees),
        royalties: contains_any(&lowered, list.royalties),
    };
    (covers.technical || covers.royalties).then_some(covers)
}

/// What a paragraph's whole text says, read once for all the numbers in it (per number, a
/// paragraph of thousands of numbers would be read thousands of times).
pub(super) struct ParagraphCues<'p> {
    text: &'p str,
    lang: Lang,
    /// Whether the paragraph has an "in all other cases" tier, read when first asked (few
    /// tiers ask).
    has_all_other: OnceCell<bool>,
    /// Where the paragraph's lead (its text before its first subparagraph) ends, and the
    /// classes of income it names.
    lead: Option<(usize, Option<Covers>)>,
}

impl<'p> ParagraphCues<'p> {
    /// The cues of `paragraph` of `topic`; the lead's classes matter only in a royalties or
    /// technical-fees article.
    pub(super) fn of(paragraph: &'p Paragraph, topic: Topic, lang: Lang) -> ParagraphCues<'p> {
        let text = paragraph.text.as_str();
        let lead = paragraph
            .subparagraphs
            .first()
            .filter(|_| matches!(topic, Topic::Royalties | Topic::TechnicalServices))
            .map(|first| {
                let lead = text.get(..first.local.start).unwrap_or("");
                (first.local.start, named_classes(lead, lang))
            });
        ParagraphCues {
            text,
            lang,
            has_all_other: OnceCell::new(),
            lead,
        }
    }

    fn has_all_other(&self) -> bool {
        *self
            .has_all_other
            .get_or_init(|| contains_any(&lower(self.text), words(self.lang).list.all_other_cases))
    }
}

/// How a list item is labelled, to tell an item from the items of a list nested in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LabelStyle {
    Letter,
    Roman,
    Digit,
}

fn label_style(label: &str) -> LabelStyle {
    if !label.is_empty() && label.chars().all(|c| c.is_ascii_digit()) {
        LabelStyle::Digit
    } else if label == "i" || (label.len() > 1 && label.chars().all(|c| "ivxl".contains(c))) {
        LabelStyle::Roman
    } else {
        LabelStyle::Letter
    }
}

/// The item that opens the nested list an item at `start` belongs to ("(b) in the case of
/// royalties: (i) 10 per cent ...; (ii) ..."): the nearest item before it labelled in another
/// style, when that item ends with a colon.
fn nested_lead<'t>(
    text: &'t str,
    paragraph: &Paragraph,
    start: usize,
    label: &str,
) -> Option<&'t str> {
    if label.is_empty() {
        return None;
    }
    let style = label_style(label);
    let parent = paragraph
        .subparagraphs
        .iter()
        .filter(|s| s.local.start < start)
        .rev()
        .find(|s| label_style(&s.label) != style)?;
    let item = text.get(parent.local.start..parent.local.end.min(start))?;
    item.trim_end().ends_with(':').then_some(item)
}

/// Where a tier stands among its paragraph's tiers, for fees a treaty makes royalties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Residual {
    /// The paragraph has no "in all other cases" tier.
    NoneInParagraph,
    /// This tier is the paragraph's "in all other cases" tier.
    This,
    /// Another tier is.
    Another,
}

impl Residual {
    /// Where the clause stands in its paragraph, whose cues are `cues`.
    pub(super) fn of(cues: &ParagraphCues, clause: &str, lang: Lang) -> Residual {
        if contains_any(&lower(clause), words(lang).list.all_other_cases) {
            Residual::This
        } else if cues.has_all_other() {
            Residual::Another
        } else {
            Residual::NoneInParagraph
        }
    }
}

/// The topic of a tier's row, and whether it also gives a `technical_services` row: a tier
/// that covers both classes is a `royalties` row and a `technical_services` row, whichever
/// of the two the article's title put first. `residual` is read only where fees are deemed
/// royalties (it reads the whole paragraph).
pub(super) fn tier_rows(
    topic: Topic,
    covers: Option<Covers>,
    conditions: &Conditions,
    residual: impl FnOnce() -> Residual,
    facts: TreatyFacts,
) -> (Topic, bool) {
    let deemed = facts.technical_fees_are_royalties && takes_deemed_fees(conditions, residual);
    match covers {
        Some(Covers {
            technical: true,
            royalties: false,
        }) => (Topic::TechnicalServices, false),
        Some(Covers {
            technical: true,
            royalties: true,
        }) => (Topic::Royalties, true),
        Some(Covers {
            technical: false,
            royalties: true,
        }) => (Topic::Royalties, deemed),
        _ => (topic, topic == Topic::Royalties && deemed),
    }
}

/// A royalties tier that fees the treaty makes royalties fall under: the tier for know-how
/// (which the fees are often deemed to be), else the tier of every class of royalties (the
/// only tier that names no class, or the "in all other cases" tier where there is one: a
/// tier that names no class beside it has lost its class words).
fn takes_deemed_fees(conditions: &Conditions, residual: impl FnOnce() -> Residual) -> bool {
    conditions
        .income
        .iter()
        .any(|c| matches!(c, Income::KnowHow | Income::TechnicalServices))
        || (conditions.income.is_empty() && residual() != Residual::Another)
}

/// A duration in a tier of a royalties or technical-services article that counts the first
/// years of the treaty's application ("during the first five years for which this Convention
/// has effect ... and thereafter 15 per cent"), not how long a holding lasted.
pub(super) fn is_initial_period(topic: Topic, before: &str, after: &str, lang: Lang) -> bool {
    if !matches!(topic, Topic::Royalties | Topic::TechnicalServices) {
        return false;
    }
    let list = words(lang).list;
    let before = lower(before);
    let after = lower(after);
    contains_any(&before, list.initial_period_before)
        || starts_with_any(after.trim_start(), list.initial_period_after)
}
