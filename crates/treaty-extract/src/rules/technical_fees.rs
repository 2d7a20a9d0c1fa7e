//! `technical_fees`: fees for technical services as rows of their own.
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
use treaty_schema::{Conditions, Income, Kind};
use treaty_segment::{Paragraph, Topic};

use super::support::context::ParagraphCtx;
use super::support::facts::TreatyFacts;
use super::support::finding::Finding;
use super::support::text::lower;
use super::support::words::{contains_any, words};

/// The rule's name.
pub(crate) const NAME: &str = "technical_fees";

/// Places the rows the rules before have given in a royalties or technical-services article:
/// takes those whose topic the classes of their tier change (or that are fees for technical
/// services), and gives a `technical_services` row beside each rate tier that covers the fees
/// and royalties both.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    if !matches!(ctx.topic, Topic::Royalties | Topic::TechnicalServices) {
        return Vec::new();
    }
    let cues = ParagraphCues::of(ctx.paragraph, ctx.topic, ctx.lang);
    let mut placements = Vec::new();
    let taken = ctx.take(|finding| {
        let placement = Placement::of(ctx, &cues, finding);
        let changes = placement.topic == Topic::TechnicalServices
            || placement.topic != finding.topic
            || placement.technical_row;
        if changes {
            placements.push(placement);
        }
        changes
    });
    let mut placed = Vec::with_capacity(taken.len());
    for (mut finding, placement) in taken.into_iter().zip(placements) {
        finding.rule = NAME;
        finding.topic = placement.topic;
        if finding.topic == Topic::TechnicalServices || placement.technical_row {
            finding
                .conditions
                .income
                .retain(|c| *c != Income::TechnicalServices);
        }
        let technical = placement.technical_row.then(|| {
            let mut row = Finding {
                topic: Topic::TechnicalServices,
                ..finding.clone()
            };
            row.order.copy = true;
            row
        });
        placed.push(finding);
        placed.extend(technical);
    }
    placed
}

/// Where a row of a royalties or technical-services article goes.
struct Placement {
    /// Its topic: the class of income its tier covers.
    topic: Topic,
    /// A rate tier that also gives a `technical_services` row.
    technical_row: bool,
}

impl Placement {
    /// The placement of `finding`, a row of the paragraph of `ctx` whose cues are `cues`.
    fn of(ctx: &ParagraphCtx<'_>, cues: &ParagraphCues<'_>, finding: &Finding) -> Placement {
        let text = ctx.text;
        let clause = &text[finding.clause.clone()];
        let covers = covered_classes(
            ctx.topic,
            text,
            ctx.paragraph,
            finding.clause.clone(),
            &finding.subparagraph,
            cues,
            ctx.lang,
        );
        let residual = || Residual::of(cues, clause, ctx.lang);
        let (topic, also_technical) =
            tier_rows(ctx.topic, covers, &finding.conditions, residual, ctx.facts);
        Placement {
            topic,
            technical_row: also_technical && finding.kind == Kind::Rate,
        }
    }
}

/// The classes of income a tier covers: fees for technical services, royalties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Covers {
    technical: bool,
    royalties: bool,
}

/// Which of fees for technical services and royalties a tier of a royalties or
/// technical-services article covers: those its clause names; where it names neither ("15
/// per cent in all other cases"), those the lead of its list names (the item that opens a
/// nested list, then the paragraph's words before its first item). `None` for other
/// articles, and where nothing names either.
fn covered_classes(
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
struct ParagraphCues<'p> {
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
    fn of(paragraph: &'p Paragraph, topic: Topic, lang: Lang) -> ParagraphCues<'p> {
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
enum Residual {
    /// The paragraph has no "in all other cases" tier.
    NoneInParagraph,
    /// This tier is the paragraph's "in all other cases" tier.
    This,
    /// Another tier is.
    Another,
}

impl Residual {
    /// Where the clause stands in its paragraph, whose cues are `cues`.
    fn of(cues: &ParagraphCues, clause: &str, lang: Lang) -> Residual {
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
fn tier_rows(
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
