//! Rates of 0: clauses that leave the source State no right to tax.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::{find_quantities, Lang, Unit};
use treaty_segment::{subparagraph_markers, Paragraph, Topic};

use super::holding::is_holding;
use super::income::income_classes;
use super::owner::{alternatives, beneficial_owners, first_named_owner};
use super::text::{
    clause_around, is_clause_break, ja_tolerant, japanese_list_items, lower, nested_items,
    words_around,
};
use super::Finding;
use crate::schema::{Basis, Conditions, Holding, Income, Kind, Owner};

pub(super) static EXEMPTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)(?:taxable|(?:may|shall)\s+be\s+taxed)\s+only\s+in\s+(?:that|the)\s+other\s+(?:contracting\s+)?state",
        r"|no\s+tax\s+shall\s+be\s+(?:levied|imposed|charged)",
        r"|(?:shall|should|will|are|is)\s+be\s+exempt(?:ed)?\s+from\s+(?:\p{Lu}\p{L}+\s+)?(?:tax|taxation)",
        r"|shall\s+not\s+levy\s+(?:a\s+|any\s+)?tax",
        r"|shall\s+not\s+be\s+taxed",
        r"|taxable\s+only\s+in\s+the\s+(?:contracting\s+)?state\s+of\s+which\s+the\s+(?:recipient|beneficial\s+owner)\s+is\s+a\s+resident",
        r"|shall\s+not\s+be\s+tax(?:ed|able)\s+in\s+(?:that|the)\s+(?:first-mentioned|contracting)\s+state",
        r"|(?:só|apenas|somente)\s+(?:podem|poderão|pode|poderá)\s+ser\s+tributad[oa]s?\s+(?:n[oe]ss?e\s+|no\s+)outro\s+estado",
        r"|(?:são|serão|ficam|ficarão)\s+isent[oa]s",
    ))
    .unwrap()
});

/// Japanese exempting phrases, tolerant of displaced markers.
pub(super) static JA_EXEMPTION: LazyLock<Regex> = LazyLock::new(|| {
    let tolerant = ja_tolerant;
    Regex::new(&format!(
        "{}|{}|{}|{}",
        tolerant("他方の締約国においてのみ租税を課することができる"),
        tolerant("租税を免除される"),
        tolerant("租税を免除する"),
        // `...他方の締約国においては、租税を課することができない` (the source State may
        // not tax); `いかなる租税も課することができず` (Article 10(5)) is not this.
        tolerant("においては、租税を課することができない")
    ))
    .unwrap()
});

/// Other income arising in the other State that it `may also tax` (the UN model's Article
/// 21(3)): the residence-only rule of paragraph 1 leaves the source State its right, so it is
/// no rate of 0.
pub(super) static JA_SOURCE_MAY_ALSO_TAX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"他方の締約(?:国|者)内において生ずるもの[^。]{0,40}においても租税を課することができる",
    )
    .unwrap()
});

/// `日本国においてのみ租税を課することができる`: the State named before the phrase.
pub(super) static JA_NAMED_STATE_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"([\p{Han}\p{Katakana}ー・]{2,12})においてのみ租税を課することができる").unwrap()
});

/// `クウェート内において生ずる`: where the income arises.
pub(super) static JA_ARISING_IN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"([\p{Han}\p{Katakana}ー・]{2,12})内において生ずる").unwrap());

/// "Taxable only in Canada", where the clause pays the income "to a resident of Canada".
pub(super) static NAMED_STATE_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"taxable\s+only\s+in\s+([A-Z][\p{L}]+)|só\s+(?:podem|poderão)\s+ser\s+tributad[oa]s\s+n[oa]\s+([A-Z][\p{L}]+)").unwrap()
});

/// "Taxable only in that State" is a rate of 0 only where that State is the residence State.
pub(super) static RESIDENCE_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)taxable\s+only\s+in\s+that\s+(?:contracting\s+)?state|só\s+(?:podem|poderão)\s+ser\s+tributad[oa]s\s+nesse\s+estado").unwrap()
});

/// `当該一方の締約国においてのみ租税を課することができる`, tolerant of displaced markers.
pub(super) static JA_RESIDENCE_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&ja_tolerant(
        "当該一方の締約国においてのみ租税を課することができる",
    ))
    .unwrap()
});

pub(super) static RESIDENT_SUBJECT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:of|by)\s+a\s+resident\s+of\s+a\s+contracting\s+state|de\s+um\s+residente\s+de\s+um\s+estado\s+contratante|一方の締約(?:国|者)の居住者").unwrap()
});

pub(super) static SOURCE_SUBJECT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)arising\s+in|paid\s+by\s+a\s+company\s+which\s+is\s+a\s+resident|provenientes\s+d|pagos\s+por\s+uma\s+sociedade|内において生ずる").unwrap()
});

pub(super) static PAID_BY_STATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)paid\s+by(?:\s+or\s+[a-z\s]+?)?\s+(?:a\s+contracting\s+state|the\s+government|that\s+state|the\s+state)|pagos\s+por,?(?:\s+ou\s+[\p{L}\s]+?,?)?\s+(?:um\s+estado\s+contratante|o\s+governo|esse\s+estado)|政府が支払う").unwrap()
});

/// Conditions of one exempted tier: its beneficiary, holding and holding period; one variant
/// per basis when the holding may be measured on either (voting power or capital, depending
/// on which State the paying company is resident in).
pub(super) fn tier_conditions(item: &str, topic: Topic, lang: Lang) -> Vec<Conditions> {
    let quantities = find_quantities(item, lang);
    let holding = quantities.iter().find(|q| {
        q.unit == Unit::Percent && {
            let (before, after) = words_around(item, q.span.clone());
            is_holding(before, after)
        }
    });
    let Some(holding) = holding else {
        return exemption_conditions(item, topic);
    };
    let lowered = lower(item);
    let mut bases: Vec<Basis> = Vec::new();
    if lowered.contains("voting") || lowered.contains("votos") || item.contains("議決権") {
        bases.push(Basis::VotingPower);
    }
    if lowered.contains("capital") || item.contains("資本") {
        bases.push(Basis::Capital);
    }
    if bases.is_empty() {
        bases.push(Basis::Shares);
    }
    let period = quantities
        .iter()
        .find(|q| q.unit.is_duration())
        .map(|q| format!("{}{}", q.value_text, q.unit.as_str()));
    let owner = beneficial_owners(item).first().copied();
    bases
        .into_iter()
        .map(|basis| Conditions {
            beneficial_owner: owner.clone(),
            min_holding: Some(Holding {
                percent: holding.value_text.clone(),
                basis,
            }),
            holding_period: period.clone(),
            ..Conditions::default()
        })
        .collect()
}

/// The conditions of an exempted class: one per beneficiary named (government, central bank,
/// pension fund, ...) and one for the income classes named, or a single empty one.
pub(super) fn exemption_conditions(clause_text: &str, topic: Topic) -> Vec<Conditions> {
    let owners = beneficial_owners(clause_text);
    let mut classes: Vec<Income> = income_classes(clause_text, topic);
    // Interest "paid by" a State is interest on its debt, whoever owns it.
    if topic == Topic::Interest
        && PAID_BY_STATE.is_match(clause_text)
        && !classes.contains(&Income::GovernmentDebt)
    {
        classes.push(Income::GovernmentDebt);
    }
    // The State, its central bank or its agencies that guarantee, insure or finance a debt
    // are not the interest's beneficiaries: the class of debt is the condition. Beneficiaries
    // are named only before it, in a clause of their own (`...が取得するもの及び...によって
    // 保証された債権に関し...`).
    let through_state = classes
        .iter()
        .any(|c| matches!(c, Income::GovernmentGuaranteed | Income::IndirectFinancing));
    let owners = if through_state {
        let debt = ["保証された債権", "保険の引受け", "間接融資に係る債権"]
            .iter()
            .filter_map(|p| clause_text.find(p))
            .min()
            .unwrap_or(clause_text.len());
        let before = &clause_text[..debt];
        match ["もの及び", "もの並びに"]
            .iter()
            .filter_map(|p| before.rfind(p))
            .max()
        {
            Some(split) => beneficial_owners(&before[..split]),
            None => Vec::new(),
        }
    } else {
        owners
    };
    let mut variants: Vec<Conditions> = owners
        .iter()
        .filter(|o| {
            !matches!(
                **o,
                Owner::Company | Owner::CompanyNotPartnership | Owner::Individual
            )
        })
        .map(|owner| Conditions {
            beneficial_owner: Some(*owner),
            ..Conditions::default()
        })
        .collect();
    if !classes.is_empty() {
        variants.push(Conditions {
            income: classes,
            ..Conditions::default()
        });
    }
    if variants.is_empty() {
        variants.push(Conditions::default());
    }
    variants
}

/// Rates of 0: clauses that leave the source State no right to tax.
pub(super) fn exemptions(paragraph: &Paragraph, topic: Topic, lang: Lang) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let mut findings = Vec::new();
    let mut matches: Vec<Range<usize>> = EXEMPTION.find_iter(text).map(|m| m.range()).collect();
    matches.extend(JA_EXEMPTION.find_iter(text).map(|m| m.range()));
    for captures in NAMED_STATE_ONLY.captures_iter(text) {
        let whole = captures.get(0).unwrap();
        let state = captures
            .get(1)
            .or(captures.get(2))
            .map_or("", |m| m.as_str());
        let (_, clause) = clause_around(text, paragraph, whole.start(), lang);
        // Whitespace folded: the source may wrap the line inside "resident of Canada".
        let clause_text = text[clause]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let residence = [
            format!("resident of {state}"),
            format!("residente do {state}"),
            format!("residente da {state}"),
        ];
        if residence.iter().any(|r| clause_text.contains(r.as_str())) {
            matches.push(whole.range());
        }
    }
    // `クウェート内において生ずる利子であって、日本国の...年金基金が受益者であるものに対
    // しては、日本国においてのみ租税を課することができる`: a State named as the only one
    // that may tax income arising in the other.
    for captures in JA_NAMED_STATE_ONLY.captures_iter(text) {
        let whole = captures.get(0).unwrap();
        let state = &captures[1];
        let (_, clause) = clause_around(text, paragraph, whole.start(), lang);
        let arising_elsewhere = JA_ARISING_IN
            .captures_iter(&text[clause])
            .any(|c| !c[1].ends_with(state) && !state.ends_with(&c[1]));
        if !state.contains("締約") && arising_elsewhere {
            matches.push(whole.range());
        }
    }
    matches.sort_by_key(|m| m.start);
    matches.dedup();
    for found in RESIDENCE_ONLY
        .find_iter(text)
        .chain(JA_RESIDENCE_ONLY.find_iter(text))
    {
        let (_, clause) = clause_around(text, paragraph, found.start(), lang);
        let clause_text = &text[clause];
        if RESIDENT_SUBJECT.is_match(clause_text) && !SOURCE_SUBJECT.is_match(clause_text) {
            matches.push(found.range());
        }
    }
    let first_subparagraph = paragraph.subparagraphs.first().map(|s| s.local.start);
    let all_phrases = matches.clone();
    for phrase in matches {
        // Japanese PDF text drops the markers of the list that follows into the exempting
        // phrase itself (`にお(a) (b) いてのみ`): each of those labels is one exempted tier.
        if lang == Lang::Ja {
            let labels: Vec<String> = subparagraph_markers(&text[phrase.clone()])
                .into_iter()
                .map(|(label, _)| label)
                .collect();
            if !labels.is_empty() {
                for (label, range) in japanese_list_items(text, phrase.end, &labels) {
                    for conditions in tier_conditions(&text[range.clone()], topic, lang) {
                        findings.push(Finding {
                            subparagraph: label.clone(),
                            kind: Kind::Rate,
                            value: "0".to_string(),
                            unit: crate::schema::Unit::Percent,
                            conditions,
                            local: phrase.clone(),
                            clause: range.clone(),
                            confidence: 0.7,
                            unit_inferred: false,
                            topic,
                            derived: None,
                        });
                    }
                }
                continue;
            }
        }
        // "...shall be taxable only in the other State if: (a) ...; (b) ...": the lead exempts,
        // each subparagraph names one class, so each gives its own row.
        // "(a) copyright royalties ...; and (b) royalties for software ...,\narising in a
        // Contracting State ... shall be taxable only in that other State": a closing line
        // after the last subparagraph applies to each of them.
        let last = paragraph.subparagraphs.last();
        // In a paragraph without line breaks (a source that lost them), a lead that ends with
        // a comma says the same: the sentence goes on after the list.
        // (when no item before the last states an exemption of its own).
        let lead_open = !text.trim_end().contains('\n')
            && first_subparagraph.is_some_and(|first| {
                text[..first].trim_end().ends_with(',')
                    && last.is_some_and(|sub| {
                        !all_phrases
                            .iter()
                            .any(|m| m.start > first && m.start < sub.local.start)
                    })
            });
        // The closing words stand on a line of their own: a line break that ends a clause
        // (not the source's wrapping inside the last item) comes between.
        let closing_line = last.is_some_and(|sub| {
            phrase.start > sub.local.start
                && (text[sub.local.start..phrase.start]
                    .match_indices('\n')
                    .any(|(i, _)| is_clause_break(text, sub.local.start + i))
                    || lead_open)
        });
        if closing_line || first_subparagraph.is_some_and(|first| phrase.start < first) {
            let lead = &text[..first_subparagraph.unwrap_or(0)];
            // Japanese introduces the list with `次の` ("the following"): `次のいずれかに該当
            // するものについては、...租税を免除する。(a) ...`.
            let japanese_list = lang == Lang::Ja && lead.contains("次の");
            if closing_line || lead.trim_end().ends_with(':') || japanese_list {
                let is_letter = |label: &str| label.len() == 1 && !matches!(label, "i" | "v" | "x");
                for (index, sub) in paragraph
                    .subparagraphs
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| is_letter(&s.label))
                {
                    // A Japanese item's own list (`(c) ...次のいずれかに該当する...居住者である
                    // 場合 (i) 銀行 (ii) 保険会社`) belongs to it.
                    let own_list_end = paragraph.subparagraphs[index + 1..]
                        .iter()
                        .take_while(|s| !is_letter(&s.label))
                        .map(|s| s.local.end)
                        .max();
                    let end = match own_list_end {
                        Some(list_end) if lang == Lang::Ja => list_end.max(sub.local.end),
                        _ => sub.local.end,
                    }
                    .min(text.len());
                    // The subparagraph's own lines, without a closing line that follows it
                    // (a line break where the source wrapped does not end the item).
                    // (Japanese items are cut where the segmenter says: their lines may
                    // start with the marker displaced after the first line.)
                    let end = if lang == Lang::Ja {
                        end
                    } else {
                        text[sub.local.start..end]
                            .match_indices('\n')
                            .map(|(i, _)| sub.local.start + i)
                            .find(|i| is_clause_break(text, *i))
                            .unwrap_or(end)
                    };
                    let clause = sub.local.start..end;
                    // A Japanese item may name several beneficiaries (`政府、...中央銀行又は
                    // ...機関`) or a holding (`...以上を所有する法人`): one row each.
                    let variants = if japanese_list {
                        tier_conditions(&text[clause.clone()], topic, lang)
                    } else {
                        exemption_conditions(&text[clause.clone()], topic)
                            .into_iter()
                            .take(1)
                            .collect()
                    };
                    for conditions in variants {
                        findings.push(Finding {
                            subparagraph: sub.label.clone(),
                            kind: Kind::Rate,
                            value: "0".to_string(),
                            unit: crate::schema::Unit::Percent,
                            conditions,
                            local: phrase.clone(),
                            clause: clause.clone(),
                            confidence: 0.8,
                            unit_inferred: false,
                            topic,
                            derived: None,
                        });
                    }
                }
                continue;
            }
        }
        let (subparagraph, clause) = clause_around(text, paragraph, phrase.start, lang);
        let clause_text = &text[clause.clone()];
        // "a) interest ... shall be exempt ... if the interest is paid to: (i) the State ...;
        // (ii) the central bank; (iii) a financial institution ...": the items of the nested
        // list name the exempted beneficiaries of tier a).
        let nested = nested_items(paragraph, &clause, text);
        if clause_text.trim_end().ends_with(':') && !nested.is_empty() {
            for item in nested {
                let item_text = &text[item.clone()];
                let mut conditions = exemption_conditions(item_text, topic)
                    .into_iter()
                    .next()
                    .unwrap_or_default();
                if let Some(owner) = first_named_owner(item_text) {
                    conditions.beneficial_owner = Some(owner);
                }
                findings.push(Finding {
                    subparagraph: subparagraph.clone(),
                    kind: Kind::Rate,
                    value: "0".to_string(),
                    unit: crate::schema::Unit::Percent,
                    conditions,
                    local: phrase.clone(),
                    clause: item,
                    confidence: 0.8,
                    unit_inferred: false,
                    topic,
                    derived: None,
                });
            }
            continue;
        }
        // "...shall not be taxed ... if the beneficial owner is a company which holds at
        // least 50 per cent of the capital": the holding conditions the exemption.
        let variants: Vec<Conditions> = tier_conditions(clause_text, topic, lang)
            .into_iter()
            .flat_map(|conditions| alternatives(conditions, clause_text))
            .collect();
        for conditions in variants {
            findings.push(Finding {
                subparagraph: subparagraph.clone(),
                kind: Kind::Rate,
                value: "0".to_string(),
                unit: crate::schema::Unit::Percent,
                conditions,
                local: phrase.clone(),
                clause: clause.clone(),
                confidence: 0.8,
                unit_inferred: false,
                topic,
                derived: None,
            });
        }
    }
    findings
}
