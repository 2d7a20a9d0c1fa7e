//! From when the treaty has effect: the clauses of the entry-into-force article that say from
//! when it applies to taxes withheld at source, to other taxes, or to all taxes, per party
//! where the article gives each party its own clauses (`(a) in <a party>: (i) with respect
//! to taxes withheld at source, ...; (ii) with respect to other taxes, ...; (b) in <the other
//! party>: ...`), with the date a clause states where it states one (most state a rule:
//! "the first day of January next following ...").

use std::ops::Range;

use treaty_lang::Lang;
use treaty_segment::{Paragraph, Topic, Version};

use crate::dates::find_dates;
use crate::provisions::{clause_around, find_phrase, phrase_ranges, Provision};
use crate::states::{find_states, State};

/// Which taxes a clause of effect is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaxesCovered {
    /// Taxes withheld at source.
    WithheldAtSource,
    /// Taxes other than those withheld at source.
    Other,
    /// Every tax the treaty covers: the clause makes no difference.
    All,
}

/// A clause of effect.
#[derive(Debug, Clone, PartialEq)]
pub struct Effect {
    /// The taxes it is about.
    pub taxes: TaxesCovered,
    /// The party whose taxes it is about, where the article gives each its own clauses.
    pub party: Option<State>,
    /// The clause and the date it states.
    pub provision: Provision,
}

/// The clauses of effect of a language version's entry-into-force articles, in text order:
/// those of the first paragraph that has any.
pub(crate) fn effects(text: &str, version: &Version) -> Vec<Effect> {
    let lang = version.lang;
    // The first paragraph that says so: later ones are exceptions for some articles, or say
    // until when an earlier treaty keeps its effect.
    // An amending protocol's articles are its protocol articles.
    let articles = if version.articles.is_empty() {
        &version.protocol
    } else {
        &version.articles
    };
    let mut found = articles
        .iter()
        .filter(|a| a.topic == Topic::EntryIntoForce)
        .flat_map(|article| &article.paragraphs)
        .map(|paragraph| paragraph_effects(text, paragraph, lang))
        .find(|effects| !effects.is_empty())
        .unwrap_or_default();
    for effect in &mut found {
        effect.provision.date = text
            .get(effect.provision.range.clone())
            .and_then(|clause| find_dates(clause, lang).first().map(|f| f.date));
    }
    found
}

/// The clauses of effect of one paragraph.
fn paragraph_effects(text: &str, paragraph: &Paragraph, lang: Lang) -> Vec<Effect> {
    let words = lang.profile().identity;
    let own = paragraph.text.as_str();
    let withheld = find_phrase(own, words.withheld_at_source).is_some();
    let has_effect = find_phrase(own, words.has_effect).is_some();
    if !withheld && !has_effect {
        return Vec::new();
    }
    let to_text = |local: Range<usize>| paragraph.pieces.range_to_normalized(local);
    let mut items = items_of(paragraph);
    // A list that starts again (`(a) ... (b) ...`, then "Notwithstanding ...: (a) ...") is
    // about something else.
    if let Some(restart) = items
        .iter()
        .skip(1)
        .position(|item| item.level == 0 && item.label == items[0].label)
    {
        items.truncate(restart + 1);
    }
    if items.is_empty() {
        return clauses_of(own, lang)
            .into_iter()
            .map(|(taxes, local)| Effect {
                taxes,
                party: None,
                provision: provision(text, to_text(local)),
            })
            .collect();
    }
    let mut effects = Vec::new();
    // The party an item opened, with the level of that item: deeper items are its own.
    let mut party: Option<(State, usize)> = None;
    // The item whose clause holds the items below it (their level and where it ends).
    let mut covered_until = 0;
    for (index, item) in items.iter().enumerate() {
        if party.is_some_and(|(_, level)| item.level <= level) {
            party = None;
        }
        let body = &own[item.own.clone()];
        let opened = party_opening(body);
        if let Some(state) = opened {
            party = Some((state, item.level));
        }
        if item.own.start < covered_until {
            continue;
        }
        let has_deeper = items.get(index + 1).is_some_and(|n| n.level > item.level);
        let taxes = taxes_of(body, lang);
        let taxes = match taxes {
            Some(taxes) => taxes,
            // A heading of a party's items, or of a list of cases.
            None if has_deeper => continue,
            None if opened.is_none() && has_withholding_sibling(own, &items, index, lang) => {
                TaxesCovered::Other
            }
            None => TaxesCovered::All,
        };
        if opened.is_some() && has_deeper && taxes == TaxesCovered::All {
            continue;
        }
        covered_until = item.extent.end;
        effects.push(Effect {
            taxes,
            party: party.map(|(state, _)| state),
            provision: provision(text, to_text(item.extent.clone())),
        });
    }
    effects
}

/// Which taxes an item's own words are about, if they say.
fn taxes_of(body: &str, lang: Lang) -> Option<TaxesCovered> {
    let words = lang.profile().identity;
    if find_phrase(body, words.not_withheld_at_source).is_some() {
        Some(TaxesCovered::Other)
    } else if find_phrase(body, words.withheld_at_source).is_some() {
        Some(TaxesCovered::WithheldAtSource)
    } else {
        None
    }
}

/// Whether another item of the same party and level as item `index` is about taxes withheld
/// at source: the item is then the other taxes' case (`in respect of income tax and capital
/// gains tax, for any year of assessment ...`).
fn has_withholding_sibling(own: &str, items: &[Item], index: usize, lang: Lang) -> bool {
    let level = items[index].level;
    let is_withholding = |item: &Item| {
        item.level == level
            && taxes_of(&own[item.own.clone()], lang) == Some(TaxesCovered::WithheldAtSource)
    };
    let before = items[..index]
        .iter()
        .rev()
        .take_while(|item| item.level >= level)
        .any(is_withholding);
    let after = items[index + 1..]
        .iter()
        .take_while(|item| item.level >= level)
        .any(is_withholding);
    before || after
}

/// The state an item opens with: the only state named before the item's first colon, comma
/// or dash in a short opening (`in <state>:`, `In the case of <state> -`, `<state>について
/// は、`), or a state named in Latin script after at most [`PARTY_WORDS`] words (`in <state>
/// for taxable years ...`).
fn party_opening(body: &str) -> Option<State> {
    punctuated_opening(body).or_else(|| worded_opening(body))
}

/// The longest opening, label included, that names a party before its colon or comma.
const PARTY_OPENING: usize = 68;

fn punctuated_opening(body: &str) -> Option<State> {
    let end = body
        .char_indices()
        .find(|(_, c)| matches!(c, ':' | ',' | '、' | '，' | '：' | '-' | '–' | '—'))
        .map(|(i, _)| i)?;
    let opening = body[..end].trim();
    if opening.len() > PARTY_OPENING {
        return None;
    }
    match find_states(opening).as_slice() {
        [one] => Some(one.state),
        _ => None,
    }
}

fn worded_opening(body: &str) -> Option<State> {
    let first = find_states(body).into_iter().next()?;
    let before = body[..first.range.start].trim_start();
    let before = match before.split_once(char::is_whitespace) {
        Some((label, rest)) if label.ends_with(')') => rest,
        _ if before.ends_with(')') && !before.contains(char::is_whitespace) => "",
        _ => before,
    };
    let latin = |text: &str| {
        text.chars()
            .all(|c| c.is_ascii() || c.is_whitespace() || is_latin_letter(c))
    };
    let name = &body[first.range.clone()];
    (latin(before) && latin(name) && before.split_whitespace().count() <= PARTY_WORDS)
        .then_some(first.state)
}

/// The most words before the state an item opens with (`in the case of the`).
const PARTY_WORDS: usize = 5;

fn is_latin_letter(c: char) -> bool {
    c.is_alphabetic() && (c as u32) < 0x0250
}

/// The clauses of effect of a paragraph without items: one per phrase of taxes withheld at
/// source or of other taxes, or the clause saying the treaty has effect, for all taxes.
fn clauses_of(own: &str, lang: Lang) -> Vec<(TaxesCovered, Range<usize>)> {
    let words = lang.profile().identity;
    let mut clauses: Vec<(TaxesCovered, Range<usize>)> = Vec::new();
    let push = |clauses: &mut Vec<(TaxesCovered, Range<usize>)>, taxes, at| {
        let range = clause_around(own, at);
        if !clauses
            .iter()
            .any(|(_, r)| r.start < range.end && range.start < r.end)
        {
            clauses.push((taxes, range));
        }
    };
    for at in phrase_starts(own, words.not_withheld_at_source) {
        push(&mut clauses, TaxesCovered::Other, at);
    }
    for at in phrase_starts(own, words.withheld_at_source) {
        push(&mut clauses, TaxesCovered::WithheldAtSource, at);
    }
    if clauses.is_empty() {
        if let Some(at) = find_phrase(own, words.has_effect) {
            push(&mut clauses, TaxesCovered::All, at);
        }
    }
    clauses.sort_by_key(|(_, range)| range.start);
    clauses
}

/// Every start of one of `phrases` in `text`, case-insensitively.
fn phrase_starts(text: &str, phrases: &[&str]) -> Vec<usize> {
    let mut starts: Vec<usize> = phrase_ranges(text, phrases)
        .into_iter()
        .map(|range| range.start)
        .collect();
    starts.dedup();
    starts
}

fn provision(text: &str, range: Range<usize>) -> Provision {
    let slice = text.get(range.clone()).unwrap_or("");
    let trimmed_end = range.start + slice.trim_end().len();
    let start = range.start + (slice.len() - slice.trim_start().len());
    Provision {
        range: start.min(trimmed_end)..trimmed_end,
        date: None,
    }
}

/// A list item of a paragraph.
#[derive(Debug, Clone)]
struct Item {
    /// Its label (`a`, `ii`).
    label: String,
    /// How deep it is: 0 for the paragraph's outer list.
    level: usize,
    /// Its own words, up to the next item, in the paragraph's text.
    own: Range<usize>,
    /// It and the items below it.
    extent: Range<usize>,
}

/// Kinds of list labels: each kind is a level of its own, in the order a paragraph opens them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LabelKind {
    Letter,
    Roman,
    DoubleLetter,
    Digit,
}

fn label_kind(label: &str, previous_letter: Option<&str>) -> LabelKind {
    let roman = !label.is_empty() && label.bytes().all(|b| matches!(b, b'i' | b'v' | b'x'));
    let bytes = label.as_bytes();
    if bytes.first().is_some_and(u8::is_ascii_digit) {
        return LabelKind::Digit;
    }
    // `(i)` after `(h)` is a letter, as are `(v)` after `(u)` and `(x)` after `(w)`.
    let follows_letter = previous_letter
        .is_some_and(|p| p.len() == 1 && bytes.len() == 1 && p.as_bytes()[0] + 1 == bytes[0]);
    if roman && !follows_letter {
        LabelKind::Roman
    } else if bytes.len() == 2 && bytes[0] == bytes[1] {
        LabelKind::DoubleLetter
    } else {
        LabelKind::Letter
    }
}

/// The items of a paragraph with their levels: the kinds of label in the order the paragraph
/// first uses them (`(a)`, then `(i)`, then `(aa)`).
fn items_of(paragraph: &Paragraph) -> Vec<Item> {
    let subs = &paragraph.subparagraphs;
    let mut order: Vec<LabelKind> = Vec::new();
    let mut previous_letter: Option<&str> = None;
    let mut items: Vec<Item> = Vec::new();
    for sub in subs {
        let kind = label_kind(&sub.label, previous_letter);
        if kind == LabelKind::Letter {
            previous_letter = Some(sub.label.as_str());
        }
        let level = order.iter().position(|k| *k == kind).unwrap_or_else(|| {
            order.push(kind);
            order.len() - 1
        });
        items.push(Item {
            label: sub.label.clone(),
            level,
            own: sub.local.clone(),
            extent: sub.local.clone(),
        });
    }
    for index in 0..items.len() {
        let level = items[index].level;
        let end = items[index + 1..]
            .iter()
            .find(|later| later.level <= level)
            .map_or_else(
                || items.last().map_or(items[index].own.end, |l| l.own.end),
                |later| later.own.start,
            );
        items[index].extent = items[index].own.start..end.max(items[index].own.end);
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_roman_label_after_its_letter_is_a_letter() {
        assert_eq!(label_kind("i", Some("h")), LabelKind::Letter);
        assert_eq!(label_kind("i", Some("a")), LabelKind::Roman);
        assert_eq!(label_kind("ii", None), LabelKind::Roman);
        assert_eq!(label_kind("aa", None), LabelKind::DoubleLetter);
        assert_eq!(label_kind("2", None), LabelKind::Digit);
    }

    #[test]
    fn an_opening_naming_one_state_is_a_party() {
        assert_eq!(
            party_opening("(a) in the case of Japan: (i) with respect to").map(|s| s.alpha2),
            Some("JP")
        );
        assert_eq!(
            party_opening("b) in Malawi: in respect of taxes").map(|s| s.alpha2),
            Some("MW")
        );
        assert_eq!(
            party_opening("a) in the Netherlands for taxable years and periods").map(|s| s.alpha2),
            Some("NL")
        );
        assert_eq!(
            party_opening("(b) 日本国においては、この条約が").map(|s| s.alpha2),
            Some("JP")
        );
        assert!(
            party_opening("(ii) 第八条２に規定する日本国における事業税に類似する租税").is_none()
        );
        assert!(party_opening("(i) with respect to taxes withheld at source:").is_none());
        assert!(party_opening(
            "(a) in respect of tax withheld at source on amounts paid by residents of Japan"
        )
        .is_none());
    }
}
