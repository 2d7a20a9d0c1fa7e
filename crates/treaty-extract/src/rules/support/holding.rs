//! Holding percentages: what tells a holding from a rate, its basis, and its bounds.

use std::ops::Range;

use treaty_lang::Lang;
use treaty_numbers::{find_quantities, Unit};

use super::text::{lower, words_around, MARKER_IN_WORD};
use super::words::{contains_any, ends_with_any, starts_with_any, words};
use treaty_schema::{Basis, Conditions};

/// The basis named in the words after a holding percentage ("of the capital").
pub(crate) fn holding_basis(after: &str, lang: Lang) -> Basis {
    let after = lower(after);
    let list = words(lang).list;
    if contains_any(&after, list.basis_voting) {
        Basis::VotingPower
    } else if contains_any(&after, list.basis_capital) {
        Basis::Capital
    } else if contains_any(&after, list.basis_value) {
        Basis::Value
    } else {
        Basis::Shares
    }
}

/// How far after a holding percentage its bases are read ("of the voting power or of the
/// capital of the company paying the dividends").
const BASES_REACH: usize = 80;

/// The bases a holding percentage at `span` of `text` is measured on: the one the words
/// after it name, or two where an "or" offers a second ("of the voting power or of the
/// capital"). "del capital con derecho de voto" is one basis, voting capital.
/// Japanese names the basis before the number, anywhere in the item: every basis it names.
pub(crate) fn holding_bases(text: &str, span: Range<usize>, lang: Lang) -> Vec<Basis> {
    let list = words(lang).list;
    let basis_words = [
        (list.basis_voting, Basis::VotingPower),
        (list.basis_capital, Basis::Capital),
    ];
    if words(lang).japanese {
        let named: Vec<Basis> = basis_words
            .into_iter()
            .filter(|(words, _)| contains_any(text, words))
            .map(|(_, basis)| basis)
            .collect();
        return if named.is_empty() {
            vec![Basis::Shares]
        } else {
            named
        };
    }
    let rest = &text[span.end..];
    let end = rest
        .char_indices()
        .nth(BASES_REACH)
        .map_or(rest.len(), |(i, _)| i);
    let after = lower(&rest[..end]);
    let mut named: Vec<(usize, Basis)> = basis_words
        .iter()
        .flat_map(|(words, basis)| {
            words
                .iter()
                .filter_map(|w| after.find(w).map(|at| (at, *basis)))
        })
        .collect();
    named.sort_by_key(|(at, _)| *at);
    match named.as_slice() {
        [(first_at, first), .., (last_at, last)]
            if first != last && contains_any(&after[*first_at..*last_at], list.or) =>
        {
            vec![*first, *last]
        }
        _ => vec![holding_basis(&rest[..end], lang)],
    }
}

/// The basis of a holding percentage: named after the number in Latin-script languages
/// ("25 per cent of the capital"), before it in Japanese (`議決権のある株式の十パーセント`).
pub(crate) fn holding_basis_around(before: &str, after: &str, lang: Lang) -> Basis {
    if !words(lang).japanese {
        return holding_basis(after, lang);
    }
    let start = before.char_indices().rev().nth(25).map_or(0, |(i, _)| i);
    // A marker dropped into a word (`議(a)決権`) does not hide it.
    let near: String = MARKER_IN_WORD
        .replace_all(&before[start..], "")
        .into_owned();
    let list = words(lang).list;
    if contains_any(&near, list.basis_voting) {
        Basis::VotingPower
    } else if contains_any(&near, list.basis_capital) {
        Basis::Capital
    } else {
        holding_basis(after, lang)
    }
}

/// `議決権のある株式又は発行済株式の少なくとも十パーセント`: a holding of either voting shares
/// or issued shares qualifies, so the tier has one row per basis.
pub(crate) fn either_basis(variants: Vec<Conditions>, clause: &str, lang: Lang) -> Vec<Conditions> {
    if !words(lang)
        .either_basis
        .is_match(&MARKER_IN_WORD.replace_all(clause, ""))
    {
        return variants;
    }
    let mut result = Vec::new();
    for conditions in variants {
        let voting = conditions
            .min_holding
            .as_ref()
            .is_some_and(|h| h.basis == Basis::VotingPower);
        result.push(conditions.clone());
        if voting {
            let mut shares = conditions;
            if let Some(holding) = shares.min_holding.as_mut() {
                holding.basis = Basis::Shares;
            }
            result.push(shares);
        }
    }
    result
}

/// True when the words after a holding percentage name what is held ("of the voting stock",
/// "of the capital"): "at least 15 per cent of the net profits" is a holding cue on a number
/// that is no holding. Japanese names what is held before the number, so its cue suffices.
pub(crate) fn names_what_is_held(after: &str, lang: Lang) -> bool {
    /// How far after the number the object may be named ("of the total issued shares").
    const NEAR: usize = 40;
    let list = words(lang).list;
    if words(lang).japanese {
        return true;
    }
    let after = lower(after);
    let after = after.trim_start();
    let end = after
        .char_indices()
        .nth(NEAR)
        .map_or(after.len(), |(at, _)| at);
    starts_with_any(after, list.holding_after)
        || contains_any(&after[..end], list.basis_voting)
        || contains_any(&after[..end], list.basis_capital)
}

/// How many characters before a holding percentage the words that make it a ceiling are read.
const NEGATION_REACH: usize = 80;

/// True when the holding percentage at `span` of `text` is an upper bound (see
/// [`is_upper_bound`]), its negating verb looked for further back than the words around the
/// number: "no posee directa o indirectamente más del 5 por ciento".
/// A percentage coordinated with a ceiling just before it ("más del 5 por ciento del capital
/// o del 5 por ciento de las acciones") is the same ceiling on another basis.
pub(crate) fn is_ceiling(text: &str, span: Range<usize>, lang: Lang) -> bool {
    if is_ceiling_itself(text, span.clone(), lang) {
        return true;
    }
    let before = &text[..span.start];
    let start = reach_start(before);
    if !is_coordinated(&before[start..], lang) {
        return false;
    }
    find_quantities(&before[start..], lang)
        .into_iter()
        .rev()
        .find(|q| q.unit == Unit::Percent)
        .is_some_and(|q| is_ceiling_itself(text, start + q.span.start..start + q.span.end, lang))
}

/// [`is_upper_bound`] with the words before the number read as far as [`NEGATION_REACH`].
fn is_ceiling_itself(text: &str, span: Range<usize>, lang: Lang) -> bool {
    let before = &text[..span.start];
    let (_, after) = words_around(text, span);
    is_upper_bound(&before[reach_start(before)..], after, lang)
}

/// Where the last [`NEGATION_REACH`] characters of `before` start.
fn reach_start(before: &str) -> usize {
    before
        .char_indices()
        .rev()
        .nth(NEGATION_REACH)
        .map_or(0, |(i, _)| i)
}

/// True when the words right before a number coordinate it with the one before ("o del",
/// "or"): the alternative joins the last word or the one before it.
fn is_coordinated(before: &str, lang: Lang) -> bool {
    let or = words(lang).list.or;
    let lowered = lower(before);
    let last: Vec<&str> = lowered.split_whitespace().rev().take(2).collect();
    last.iter().any(|word| or.iter().any(|o| o.trim() == *word))
}

/// True when a holding percentage is an upper bound ("but less than 25 per cent").
/// A "more than" whose verb is negated within a few words is one too ("no posee directa o
/// indirectamente más del 5 por ciento", "does not own more than 10 percent"); a "less than"
/// right after a negation is a floor ("not less than", "no menos del").
pub(crate) fn is_upper_bound(before: &str, after: &str, lang: Lang) -> bool {
    /// How many words before "more than" its negation may stand.
    const NEGATION_WINDOW: usize = 5;
    let list = words(lang).list;
    let before = lower(before);
    let before = before.trim_end();
    // The words before `word` at the end of `before`, the nearest last.
    let negated_within = |word: &str, window: usize| {
        let lead = &before[..before.len() - word.len()];
        let mut near: Vec<&str> = lead.split_whitespace().rev().take(window).collect();
        near.reverse();
        contains_any(&format!(" {} ", near.join(" ")), list.negation)
    };
    if let Some(less_than) = list
        .upper_bound_before
        .iter()
        .find(|w| before.ends_with(*w))
    {
        return !negated_within(less_than, 1);
    }
    if starts_with_any(lower(after).trim_start(), list.upper_bound_after) {
        return true;
    }
    list.comparison_before
        .iter()
        .filter(|w| !list.upper_bound_before.contains(w))
        .find(|w| before.ends_with(*w))
        .is_some_and(|more_than| negated_within(more_than, NEGATION_WINDOW))
}

/// True when a percentage in a rate article is a test a person must pass (a limitation on
/// benefits: "no more than 50 per cent of its gross income", "more than 50 per cent of its
/// liabilities"), not a rate: rates are "of the gross amount", never "more than".
pub(crate) fn is_comparison(before: &str, after: &str, lang: Lang) -> bool {
    let list = words(lang).list;
    let before = lower(before);
    let before = before.trim_end();
    let after = lower(after);
    let after = after.trim_start();
    if ends_with_any(before, list.exceeded_before)
        || ends_with_any(before, list.taxable_base_before)
    {
        return true;
    }
    if starts_with_any(after, list.gross_amount) {
        return false;
    }
    // Japanese puts the comparison after the number, and some words after it make a cap
    // after all (`を超えない`, does not exceed).
    (starts_with_any(after, list.comparison_after)
        && !starts_with_any(after, list.comparison_after_not))
        || ends_with_any(before, list.comparison_before)
}

/// How many words before an upper bound ("holding an interest of not more than 10 percent")
/// may name the holding.
const HOLDING_BOUND_WINDOW: usize = 8;

/// True when a percentage measures a holding rather than a tax rate: a holding cue just before
/// it ("holding 10 percent", "at least 10 percent") or after it ("of the capital"), or an upper
/// bound whose words name a holding ("holding an interest of not more than 10 percent").
pub(crate) fn is_holding(before: &str, after: &str, lang: Lang) -> bool {
    let list = words(lang).list;
    let before = lower(before);
    let after = lower(after);
    let trimmed = before.trim_end();
    let last_words: Vec<&str> = trimmed
        .split_whitespace()
        .rev()
        .take(HOLDING_BOUND_WINDOW)
        .collect();
    let cue_word = |w: &&str| list.holding_before.contains(w);
    let bounded_holding =
        ends_with_any(trimmed, list.upper_bound_before) && last_words.iter().any(cue_word);
    bounded_holding
        || list.holding_before.iter().any(|cue| {
            before.ends_with(cue)
                || trimmed.ends_with(cue)
                || last_words.iter().take(4).any(|w| w == cue)
        })
        || list
            .holding_after
            .iter()
            .any(|cue| after.trim_start().starts_with(cue) || after.starts_with(cue))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negated_more_than_bounds_a_holding_from_above() {
        let spanish = Lang::from_code("es").expect("the Spanish profile is installed");
        assert!(is_upper_bound(
            "el plan de pensiones no posee directa o indirectamente más del",
            " por ciento del capital",
            spanish
        ));
        assert!(is_upper_bound(
            "a pension fund that does not own more than",
            " percent of the capital",
            Lang::En
        ));
        // Without the negation, "more than" is a floor; a negated "less than" is one too.
        assert!(!is_upper_bound(
            "a company that owns more than",
            " percent of the capital",
            Lang::En
        ));
        assert!(!is_upper_bound(
            "una sociedad que posea no menos del",
            " por ciento del capital",
            spanish
        ));
    }
}
