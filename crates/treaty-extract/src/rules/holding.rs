//! Holding percentages: what tells a holding from a rate, its basis, and its bounds.

use std::sync::LazyLock;

use regex::Regex;

use super::text::{lower, MARKER_IN_WORD};
use crate::schema::{Basis, Conditions};

pub(super) fn holding_basis(after: &str) -> Basis {
    let after = lower(after);
    if after.contains("voting") || after.contains("votos") || after.contains("議決権") {
        Basis::VotingPower
    } else if after.contains("capital") || after.contains("資本") {
        Basis::Capital
    } else if after.contains("value") || after.contains("valor") {
        Basis::Value
    } else {
        Basis::Shares
    }
}

/// The basis of a holding percentage: named after the number in English and Portuguese
/// ("25 per cent of the capital"), before it in Japanese (`議決権のある株式の十パーセント`).
pub(super) fn holding_basis_around(before: &str, after: &str) -> Basis {
    let japanese = after
        .chars()
        .find(|c| !c.is_whitespace())
        .is_some_and(|c| c >= '\u{3040}');
    if !japanese {
        return holding_basis(after);
    }
    let start = before.char_indices().rev().nth(25).map_or(0, |(i, _)| i);
    // A marker dropped into a word (`議(a)決権`) does not hide it.
    let near: String = MARKER_IN_WORD
        .replace_all(&before[start..], "")
        .into_owned();
    if near.contains("議決権") {
        Basis::VotingPower
    } else if near.contains("資本") {
        Basis::Capital
    } else {
        holding_basis(after)
    }
}

/// `議決権のある株式又は発行済株式の少なくとも十パーセント`: a holding of either voting shares
/// or issued shares qualifies, so the tier has one row per basis.
pub(super) fn either_basis(variants: Vec<Conditions>, clause: &str) -> Vec<Conditions> {
    static EITHER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"議決権のある株式又は(?:その)?(?:発行済株式|発行した全株式)").unwrap()
    });
    if !EITHER.is_match(&MARKER_IN_WORD.replace_all(clause, "")) {
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

/// True when a holding percentage is an upper bound ("but less than 25 per cent").
pub(super) fn is_upper_bound(before: &str, after: &str) -> bool {
    let before = lower(before);
    let before = before.trim_end();
    [
        "less than",
        "below",
        "not more than",
        "no more than",
        "menos de",
        "inferior a",
    ]
    .iter()
    .any(|cue| before.ends_with(cue))
        || after.trim_start().starts_with("未満")
}

/// True when a percentage in a rate article is a test a person must pass (a limitation on
/// benefits: "no more than 50 per cent of its gross income", "more than 50 per cent of its
/// liabilities"), not a rate: rates are "of the gross amount", never "more than".
pub(super) fn is_comparison(before: &str, after: &str) -> bool {
    let before = lower(before);
    let before = before.trim_end();
    let after = lower(after);
    let after = after.trim_start();
    if after.starts_with("of the gross amount") || after.starts_with("do montante bruto") {
        return false;
    }
    // Japanese puts the comparison after the number: `五十パーセントを超える部分` is a
    // test, `十パーセントを超えない` a cap.
    // `十五パーセントを超える率の租税を課することができない` (no tax at a rate above 15 per
    // cent) is a cap too.
    let japanese_test = (after.starts_with("を超える") || after.starts_with("をこえる"))
        && !after.starts_with("を超えない")
        && !after.starts_with("をこえない")
        && !after.starts_with("を超える率")
        && !after.starts_with("をこえる率");
    japanese_test
        || ["more than", "less than", "mais de", "menos de"]
            .iter()
            .any(|cue| before.ends_with(cue))
        || ["of its ", "of their ", "dos seus ", "das suas "]
            .iter()
            .any(|cue| after.starts_with(cue))
}

/// True when a percentage measures a holding rather than a tax rate.
pub(super) fn is_holding(before: &str, after: &str) -> bool {
    let before = lower(before);
    let after = lower(after);
    let before_cues = [
        "at least",
        "not less than",
        "pelo menos",
        "no mínimo",
        "holds",
        "holding",
        "detenha",
        "detiver",
        "possua",
        "own",
        "少なくとも",
    ];
    let after_cues = [
        "of the capital",
        "of the voting",
        "of the shares",
        "do capital",
        "dos votos",
        "das ações",
        "以上",
        "of the value",
        "do valor",
    ];
    before_cues.iter().any(|cue| {
        before.ends_with(cue)
            || before.trim_end().ends_with(cue)
            || before.rsplit(' ').take(4).any(|w| w == *cue)
    }) || after_cues
        .iter()
        .any(|cue| after.trim_start().starts_with(cue) || after.starts_with(cue))
}
