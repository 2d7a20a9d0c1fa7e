//! Effective rates: a protocol point or MLI provision that replaces a tier of a treaty article
//! ("subparagraph (a) of paragraph 2 of Article 10 shall be replaced by: (a) 5 per cent ...")
//! is the text that applies to that tier.
//!
//! - A replacing row that restates no condition carries the tier's conditions (the lead-in of
//!   the paragraph, or the rest of the subparagraph, still states them); where the tier is one
//!   row per alternative beneficiary, the replacing row is too.
//! - Each treaty row of the tier names the row that replaces it (`superseded_by`) and the rate
//!   that applies (`effective_rate`). The treaty row itself is kept: the text states it.
//!
//! Rows are layered within one language version: a protocol point or MLI provision over its
//! own treaty's articles, an amending protocol (a treaty of its own in the document) over the
//! convention printed before it; where several instruments replace one tier, the last in the
//! document applies.

use crate::rules::ReplacedTier;
use treaty_schema::row_id::row_reference;
use treaty_schema::{Conditions, Kind, RateRow, Source, Status};

/// The treaty rows a replacing row stands in for, and the place it takes (paragraph,
/// subparagraph).
type Replaced = (Vec<usize>, String, String);

/// The treaty rate rows of a tier `replacing` stands in for, with the place `replacing`
/// takes in the amended article (paragraph, subparagraph: the instruction's, else its own
/// items'): those of its own treaty, or, for an amending protocol printed
/// after the convention it amends, of the nearest treaty before it that has the tier.
fn replaced_rows(rows: &[RateRow], replacing: &RateRow, tier: &ReplacedTier) -> Replaced {
    let paragraph = tier
        .paragraph
        .clone()
        .unwrap_or_else(|| replacing.paragraph.clone());
    let subparagraph = tier
        .subparagraph
        .clone()
        .unwrap_or_else(|| replacing.subparagraph.clone());
    let of_paragraph = |row: &RateRow| {
        row.source == Source::Treaty
            && row.kind == Kind::Rate
            && row.status != Status::Superseded
            && row.treaty <= replacing.treaty
            && row.lang == replacing.lang
            && row.topic == replacing.topic
            && row.article == tier.article
            && row.paragraph == paragraph
    };
    let of_item = |row: &RateRow, item: &str| of_paragraph(row) && row.subparagraph == item;
    // The item of the same label; where the instruction names none and the paragraph it
    // replaces had no items, the whole paragraph.
    let item = if rows.iter().any(|r| of_item(r, &subparagraph)) {
        subparagraph.clone()
    } else if tier.subparagraph.is_none() {
        String::new()
    } else {
        return (Vec::new(), paragraph, subparagraph);
    };
    let Some(treaty) = rows
        .iter()
        .filter(|r| of_item(r, &item))
        .map(|r| r.treaty)
        .max()
    else {
        return (Vec::new(), paragraph, subparagraph);
    };
    let replaced = rows
        .iter()
        .enumerate()
        .filter(|(_, row)| row.treaty == treaty && of_item(row, &item))
        .map(|(index, _)| index)
        .collect();
    (replaced, paragraph, subparagraph)
}

/// How far from former wording (in bytes of the original) the words replacing it may be,
/// where a long clause's quotes are windows and cannot tell the clause.
const REPLACEMENT_REACH: usize = 300;

/// How many rows before and after former wording are searched for the words replacing it.
const REPLACEMENT_ROWS: usize = 32;

/// Links each row of former wording (`superseded`) to the row of the words that replace it
/// in the same clause: of the same paragraph, kind, topic and unit, the first after it that
/// no earlier former wording took ("“15 per cent” and “10 per cent” shall be replaced by
/// “12 per cent” and “8 per cent”" pairs them in order), else the nearest before it
/// ("substituting “10 per cent” for “15 per cent”"). A deletion without replacing words
/// links to nothing.
pub(crate) fn link_former_wording(rows: &mut [RateRow]) {
    let mut taken = vec![false; rows.len()];
    for former in 0..rows.len() {
        if rows[former].status != Status::Superseded || rows[former].superseded_by.is_some() {
            continue;
        }
        // Rows are in text order within a paragraph: the replacing words are among the
        // nearby rows, so the search is bounded (linear in the rows).
        let candidate = |index: &usize| !taken[*index] && replaces(&rows[*index], &rows[former]);
        let after = (former + 1..rows.len().min(former + 1 + REPLACEMENT_ROWS))
            .filter(candidate)
            .filter(|&index| rows[index].start >= rows[former].end)
            .min_by_key(|&index| rows[index].start);
        let before = || {
            (former.saturating_sub(REPLACEMENT_ROWS)..former)
                .filter(candidate)
                .filter(|&index| rows[index].end <= rows[former].start)
                .max_by_key(|&index| rows[index].start)
        };
        if let Some(index) = after.or_else(before) {
            taken[index] = true;
            let reference = row_reference(&rows[index]);
            let value = rows[index].value.clone();
            let old = &mut rows[former];
            old.effective_rate = (old.kind == Kind::Rate).then_some(value);
            old.superseded_by = Some(reference);
        }
    }
}

/// Whether `row` can be the words replacing the former wording `old`: current wording of
/// the same clause (a replacing row renumbered as the tier it replaces, `paragraph` 2 of
/// the amended article, is still of the clause), and the same kind of number.
fn replaces(row: &RateRow, old: &RateRow) -> bool {
    let windowed = |quote: &str| quote.starts_with('…') || quote.ends_with('…');
    let same_clause = if windowed(&row.quote) || windowed(&old.quote) {
        row.paragraph == old.paragraph && row.start.abs_diff(old.start) <= REPLACEMENT_REACH
    } else {
        row.quote == old.quote
    };
    row.status != Status::Superseded
        && row.treaty == old.treaty
        && row.lang == old.lang
        && row.article == old.article
        && row.topic == old.topic
        && row.kind == old.kind
        && row.unit == old.unit
        && same_clause
}

/// Layers the replacing rows (`replacing`: a row's index and the tiers its instruction names)
/// over the treaty rows they replace.
pub(crate) fn apply(rows: &mut Vec<RateRow>, replacing: &[(usize, Vec<ReplacedTier>)]) {
    // Further versions of a replacing row (one per further tier it replaces, or per further
    // alternative of a tier whose conditions it takes): (after which row, the copy).
    let mut copies: Vec<(usize, RateRow)> = Vec::new();
    // (treaty row, replacing row or copy) pairs.
    let mut links: Vec<(usize, RateRow)> = Vec::new();
    // How many replacing rows name each treaty row's tier.
    let mut named: Vec<usize> = vec![0; rows.len()];
    let mut matched: Vec<(usize, Vec<Replaced>)> = Vec::new();
    for (index, tiers) in replacing {
        let row = &rows[*index];
        let found: Vec<Replaced> = tiers
            .iter()
            .filter(|tier| row.modifies.is_empty() || row.modifies.contains(&tier.article))
            .map(|tier| replaced_rows(rows, row, tier))
            .filter(|(replaced, _, _)| !replaced.is_empty())
            .collect();
        for (replaced, _, _) in &found {
            for &t in replaced {
                named[t] += 1;
            }
        }
        if !found.is_empty() {
            matched.push((*index, found));
        }
    }
    for (index, found) in matched {
        let original = rows[index].clone();
        let mut versions: Vec<RateRow> = Vec::new();
        for (replaced, paragraph, subparagraph) in &found {
            let tier_versions = tier_versions(rows, &original, replaced, paragraph, subparagraph);
            for &t in replaced {
                let conditions = &rows[t].conditions;
                let owner = conditions.beneficial_owner;
                let same = tier_versions
                    .iter()
                    .find(|v| &v.conditions == conditions)
                    .or_else(|| {
                        tier_versions
                            .iter()
                            .find(|v| owner.is_some() && v.conditions.beneficial_owner == owner)
                    });
                // A tier replaced by several rows (one per alternative) links each of its rows
                // to the matching one; a tier replaced by one row links all of its rows to it.
                let chosen = match same {
                    Some(v) => Some(v),
                    None if named[t] == 1 => tier_versions.first(),
                    None => None,
                };
                // A later instrument replaces what an earlier one put in the tier.
                if let Some(v) = chosen {
                    links.retain(|(linked, _)| *linked != t);
                    links.push((t, v.clone()));
                }
            }
            for version in tier_versions {
                if !versions.contains(&version) {
                    versions.push(version);
                }
            }
        }
        let mut versions = versions.into_iter();
        if let Some(first) = versions.next() {
            rows[index] = first;
        }
        copies.extend(versions.map(|v| (index, v)));
    }
    for (t, by) in links {
        rows[t].superseded_by = Some(row_reference(&by));
        rows[t].effective_rate = Some(by.value.clone());
    }
    insert_copies(rows, &copies);
}

/// The versions of a replacing row for one replaced tier: numbered as the amended article
/// numbers the tier when it comes from an amending protocol (another treaty of the file);
/// where the row restates no condition, one per distinct conditions of the tier's rows.
fn tier_versions(
    rows: &[RateRow],
    original: &RateRow,
    replaced: &[usize],
    paragraph: &str,
    subparagraph: &str,
) -> Vec<RateRow> {
    let renumber = replaced.iter().all(|&t| rows[t].treaty != original.treaty);
    let mut place = original.clone();
    if renumber {
        place.paragraph = paragraph.to_string();
        place.subparagraph = subparagraph.to_string();
    }
    if original.conditions != Conditions::default() {
        return vec![place];
    }
    let mut versions: Vec<RateRow> = Vec::new();
    for &t in replaced {
        let conditions = &rows[t].conditions;
        if versions.iter().any(|v| &v.conditions == conditions) {
            continue;
        }
        let mut version = place.clone();
        version.condition = conditions.flatten();
        version.conditions = conditions.clone();
        versions.push(version);
    }
    versions
}

/// Puts each copy right after the row it was made from.
fn insert_copies(rows: &mut Vec<RateRow>, copies: &[(usize, RateRow)]) {
    if copies.is_empty() {
        return;
    }
    let mut layered = Vec::with_capacity(rows.len() + copies.len());
    for (index, row) in std::mem::take(rows).into_iter().enumerate() {
        layered.push(row);
        layered.extend(
            copies
                .iter()
                .filter(|(after, _)| *after == index)
                .map(|(_, copy)| copy.clone()),
        );
    }
    *rows = layered;
}

#[cfg(test)]
mod tests {
    use super::*;
    use treaty_lang::Lang;
    use treaty_schema::{Basis, Decimal, Holding, Owner, Period, Status, Unit};
    use treaty_segment::Topic;

    fn row(
        treaty: usize,
        article: &str,
        place: (&str, &str),
        value: &str,
        start: usize,
    ) -> RateRow {
        RateRow {
            doc: "d".into(),
            lang: Lang::En,
            topic: Topic::Dividends,
            article: article.into(),
            paragraph: place.0.into(),
            subparagraph: place.1.into(),
            kind: Kind::Rate,
            value: value.parse().unwrap(),
            unit: Unit::Percent,
            condition: String::new(),
            quote: String::new(),
            treaty,
            start,
            end: start + 2,
            confidence: 0.9,
            status: Status::Single,
            source: if article.starts_with('P') {
                Source::Protocol
            } else {
                Source::Treaty
            },
            modifies: if article.starts_with('P') {
                vec!["10".into()]
            } else {
                Vec::new()
            },
            page: None,
            ocr_confidence: None,
            superseded_by: None,
            effective_rate: None,
            conditions: Conditions::default(),
            row_id: String::new(),
            rule: "rate_tiers".into(),
        }
    }

    fn with(mut row: RateRow, owner: Owner, holding: bool) -> RateRow {
        row.conditions.beneficial_owner = Some(owner);
        if holding {
            row.conditions.min_holding = Some(Holding {
                percent: "10".into(),
                basis: Basis::Capital,
            });
            row.conditions.holding_period = Period::parse("365days");
        }
        row.condition = row.conditions.flatten();
        row
    }

    fn tier(paragraph: Option<&str>, subparagraph: Option<&str>) -> ReplacedTier {
        ReplacedTier {
            article: "10".into(),
            paragraph: paragraph.map(str::to_string),
            subparagraph: subparagraph.map(str::to_string),
        }
    }

    /// `(place, value, condition, superseded_by, effective_rate)` of each row.
    fn summary(rows: &[RateRow]) -> Vec<(String, String, String, String, String)> {
        rows.iter()
            .map(|r| {
                (
                    format!("{}.{}.{}", r.article, r.paragraph, r.subparagraph),
                    r.value.to_string(),
                    r.condition.clone(),
                    r.superseded_by.clone().unwrap_or_default(),
                    r.effective_rate
                        .as_ref()
                        .map_or(String::new(), Decimal::to_string),
                )
            })
            .collect()
    }

    fn s(a: &str, b: &str, c: &str, d: &str, e: &str) -> (String, String, String, String, String) {
        (a.into(), b.into(), c.into(), d.into(), e.into())
    }

    /// A protocol point of the treaty that replaces tier (a) without restating its
    /// conditions: the point's row takes them, one row per alternative, and each treaty row
    /// names the row that replaces it.
    #[test]
    fn a_bare_replacing_row_takes_the_tier_conditions_per_alternative() {
        let mut rows = vec![
            with(row(1, "10", ("2", "a"), "10", 100), Owner::Company, true),
            with(
                row(1, "10", ("2", "a"), "10", 100),
                Owner::PensionFund,
                true,
            ),
            row(1, "10", ("2", "b"), "15", 200),
            row(1, "P1", ("1", ""), "5", 900),
        ];
        apply(&mut rows, &[(3, vec![tier(Some("2"), Some("a"))])]);
        assert_eq!(
            summary(&rows),
            [
                s(
                    "10.2.a",
                    "10",
                    "beneficial_owner=company;min_holding=10%capital;holding_period=365days",
                    "P1.1@900",
                    "5"
                ),
                s(
                    "10.2.a",
                    "10",
                    "beneficial_owner=pension_fund;min_holding=10%capital;holding_period=365days",
                    "P1.1@900",
                    "5"
                ),
                s("10.2.b", "15", "", "", ""),
                s(
                    "P1.1.",
                    "5",
                    "beneficial_owner=company;min_holding=10%capital;holding_period=365days",
                    "",
                    ""
                ),
                s(
                    "P1.1.",
                    "5",
                    "beneficial_owner=pension_fund;min_holding=10%capital;holding_period=365days",
                    "",
                    ""
                ),
            ]
        );
    }

    /// An amending protocol (treaty 2) whose instruction names two places: its row is
    /// numbered as each place, with that tier's conditions; a later protocol (treaty 3)
    /// that restates the conditions supersedes it; a row of another tier is untouched.
    #[test]
    fn an_amending_protocol_is_numbered_as_the_tiers_it_replaces_and_the_last_one_applies() {
        let mut branch = row(1, "10", ("6", ""), "10", 300);
        branch
            .conditions
            .income
            .push(treaty_schema::Income::BranchProfits);
        branch.condition = branch.conditions.flatten();
        let mut rows = vec![
            with(row(1, "10", ("2", "a"), "10", 100), Owner::Company, true),
            row(1, "10", ("2", "b"), "15", 200),
            branch,
            row(2, "P5", ("1", ""), "5", 900),
            with(row(3, "P2", ("2", "a"), "0", 1500), Owner::Company, true),
        ];
        apply(
            &mut rows,
            &[
                (3, vec![tier(Some("2"), Some("a")), tier(Some("6"), None)]),
                (4, vec![tier(Some("2"), Some("a"))]),
            ],
        );
        let company = "beneficial_owner=company;min_holding=10%capital;holding_period=365days";
        assert_eq!(
            summary(&rows),
            [
                s("10.2.a", "10", company, "P2.2.a@1500", "0"),
                s("10.2.b", "15", "", "", ""),
                s("10.6.", "10", "income=branch_profits", "P5.6@900", "5"),
                s("P5.2.a", "5", company, "", ""),
                s("P5.6.", "5", "income=branch_profits", "", ""),
                s("P2.2.a", "0", company, "", ""),
            ]
        );
    }

    /// An instruction whose tier the treaty has no rate row for, or that names another
    /// article than the provision modifies, changes nothing.
    #[test]
    fn an_instruction_without_its_tier_changes_nothing() {
        let original = vec![
            row(1, "10", ("2", ""), "15", 100),
            row(1, "P1", ("1", ""), "5", 900),
        ];
        let mut rows = original.clone();
        apply(&mut rows, &[(1, vec![tier(Some("3"), None)])]);
        assert_eq!(rows, original);
        let mut other = tier(Some("2"), None);
        other.article = "11".into();
        apply(&mut rows, &[(1, vec![other])]);
        assert_eq!(rows, original);
    }

    /// A point that modifies several articles ("Ad Articles 11 and 10") replaces a tier of
    /// any of them, and none of an article it does not name.
    #[test]
    fn a_point_on_several_articles_replaces_a_tier_of_each() {
        let mut point = row(1, "P1", ("1", ""), "5", 900);
        point.modifies = vec!["11".into(), "10".into()];
        let original = vec![row(1, "10", ("2", ""), "15", 100), point];
        let mut rows = original.clone();
        apply(&mut rows, &[(1, vec![tier(Some("2"), None)])]);
        assert_eq!(
            summary(&rows),
            [
                s("10.2.", "15", "", "P1.1@900", "5"),
                s("P1.1.", "5", "", "", "")
            ]
        );
        let mut elsewhere = original.clone();
        elsewhere[1].modifies = vec!["11".into(), "12".into()];
        let unchanged = elsewhere.clone();
        apply(&mut elsewhere, &[(1, vec![tier(Some("2"), None)])]);
        assert_eq!(elsewhere, unchanged);
    }
}
