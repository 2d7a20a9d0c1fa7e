//! Matching actual rows against a fixture's expected rows.
//!
//! Rate rows are a multiset keyed by identity: treaty, lang, article, paragraph, topic, kind,
//! value and unit. A fixture may hold several rows with one identity that differ in condition
//! (three 0% interest tiers in one paragraph), or even rows that differ only in quote. Within
//! one identity group rows are paired in stages, each stage taking rows in canonical order:
//!
//! 1. equal condition and subparagraph: matched;
//! 2. equal subparagraph: changed (the condition differs);
//! 3. equal condition: changed (the subparagraph differs);
//! 4. any remaining pair: changed (both differ).
//!
//! Stages 2 and 3 only refine the "pair the rest in order" rule, so that a swapped pair of
//! conditions shows as two one-field changes rather than two two-field changes. What is left is
//! missing (expected) or unexpected (actual). A different value, unit or kind is a different
//! identity, so it shows as one missing and one unexpected row. Quotes are never compared.
//!
//! Both sides are sorted canonically first, so the result does not depend on input order.

use std::collections::BTreeMap;

use crate::records::{normalize_value, outline_order, rate_order, OutlineRecord, RateRecord};

/// The comparison of one document's actual output with its fixture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentComparison {
    /// The document name, as in `corpus/<doc>.txt` and `fixtures/<doc>/`.
    pub doc: String,
    /// How the rate rows compare.
    pub rates: RateComparison,
    /// How the outline rows compare.
    pub outline: OutlineComparison,
}

/// How one document's rate rows compare. Every list is in canonical order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RateComparison {
    /// Expected rows found exactly (as written in the fixture, with its quote).
    pub matched: Vec<RateRecord>,
    /// Expected rows found with a different condition or subparagraph.
    pub changed: Vec<Change>,
    /// Expected rows not found.
    pub missing: Vec<RateRecord>,
    /// Actual rows the fixture does not expect.
    pub unexpected: Vec<RateRecord>,
}

/// An expected rate row found with the same identity but other details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The row as the fixture states it.
    pub expected: RateRecord,
    /// The row as the program produced it.
    pub actual: RateRecord,
    /// The fields that differ, from `condition` and `subparagraph`, in that order.
    pub fields: Vec<&'static str>,
}

/// How one document's outline rows compare. Every list is in canonical order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OutlineComparison {
    /// How many expected articles were found with the same topic and paragraph count.
    pub matched: usize,
    /// Expected articles found with another topic or paragraph count.
    pub changed: Vec<OutlineChange>,
    /// Expected articles not found.
    pub missing: Vec<OutlineRecord>,
    /// Actual articles the fixture does not expect.
    pub unexpected: Vec<OutlineRecord>,
}

/// An expected article found under the same treaty, lang and number but with other details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutlineChange {
    /// The article as the fixture states it.
    pub expected: OutlineRecord,
    /// The article as the program produced it.
    pub actual: OutlineRecord,
    /// The fields that differ, from `topic` and `paragraphs`, in that order.
    pub fields: Vec<&'static str>,
}

/// Compares one document's actual rates and outline with its fixture.
///
/// See the module documentation of this crate for the matching rules.
pub fn compare_document(
    doc: &str,
    actual_rates: &[RateRecord],
    expected_rates: &[RateRecord],
    actual_outline: &[OutlineRecord],
    expected_outline: &[OutlineRecord],
) -> DocumentComparison {
    DocumentComparison {
        doc: doc.to_owned(),
        rates: compare_rates(actual_rates, expected_rates),
        outline: compare_outline(actual_outline, expected_outline),
    }
}

/// The fields that decide which rate rows can be paired at all.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct RateIdentity {
    treaty: usize,
    lang: String,
    article: String,
    paragraph: String,
    topic: String,
    kind: String,
    value: String,
    unit: String,
}

fn rate_identity(row: &RateRecord) -> RateIdentity {
    RateIdentity {
        treaty: row.treaty,
        lang: row.lang.trim().to_owned(),
        article: row.article.trim().to_owned(),
        paragraph: row.paragraph.trim().to_owned(),
        topic: row.topic.trim().to_owned(),
        kind: row.kind.trim().to_owned(),
        value: normalize_value(&row.value),
        unit: row.unit.trim().to_owned(),
    }
}

fn same_condition(expected: &RateRecord, actual: &RateRecord) -> bool {
    expected.condition.trim() == actual.condition.trim()
}

fn same_subparagraph(expected: &RateRecord, actual: &RateRecord) -> bool {
    expected.subparagraph.trim() == actual.subparagraph.trim()
}

/// Rows of one side of a group, each taken at most once.
type Pool<'a, T> = Vec<Option<&'a T>>;

/// Pairs the untaken rows of `expected` and `actual` that `accept` allows, each expected row
/// with the first acceptable actual row, and takes them out of both pools.
fn pair_stage<'a, T>(
    expected: &mut Pool<'a, T>,
    actual: &mut Pool<'a, T>,
    accept: impl Fn(&T, &T) -> bool,
) -> Vec<(&'a T, &'a T)> {
    let mut pairs = Vec::new();
    for expected_slot in expected.iter_mut() {
        let Some(expected_row) = *expected_slot else {
            continue;
        };
        let partner = actual.iter_mut().find(|actual_slot| {
            actual_slot.is_some_and(|actual_row| accept(expected_row, actual_row))
        });
        if let Some(actual_slot) = partner {
            if let Some(actual_row) = actual_slot.take() {
                pairs.push((expected_row, actual_row));
                *expected_slot = None;
            }
        }
    }
    pairs
}

/// Groups both sides by `key`, each group's rows in canonical `order`, so pairing does not
/// depend on input order.
fn group_pools<'a, T, K: Ord>(
    expected: &'a [T],
    actual: &'a [T],
    key: impl Fn(&T) -> K,
    order: impl Fn(&T, &T) -> std::cmp::Ordering,
) -> BTreeMap<K, (Pool<'a, T>, Pool<'a, T>)> {
    let sorted = |rows: &'a [T]| {
        let mut sorted_rows: Vec<&'a T> = rows.iter().collect();
        sorted_rows.sort_by(|left, right| order(left, right));
        sorted_rows
    };
    let mut groups: BTreeMap<K, (Pool<'a, T>, Pool<'a, T>)> = BTreeMap::new();
    for row in sorted(expected) {
        groups.entry(key(row)).or_default().0.push(Some(row));
    }
    for row in sorted(actual) {
        groups.entry(key(row)).or_default().1.push(Some(row));
    }
    groups
}

/// Compares rate rows; see the module documentation.
pub(crate) fn compare_rates(
    actual_rates: &[RateRecord],
    expected_rates: &[RateRecord],
) -> RateComparison {
    let groups = group_pools(expected_rates, actual_rates, rate_identity, rate_order);

    let mut comparison = RateComparison::default();
    for (mut expected_pool, mut actual_pool) in groups.into_values() {
        let exact = pair_stage(&mut expected_pool, &mut actual_pool, |expected, actual| {
            same_condition(expected, actual) && same_subparagraph(expected, actual)
        });
        comparison
            .matched
            .extend(exact.into_iter().map(|(expected, _)| expected.clone()));

        let mut changed_pairs = pair_stage(&mut expected_pool, &mut actual_pool, same_subparagraph);
        changed_pairs.extend(pair_stage(
            &mut expected_pool,
            &mut actual_pool,
            same_condition,
        ));
        changed_pairs.extend(pair_stage(&mut expected_pool, &mut actual_pool, |_, _| {
            true
        }));
        comparison
            .changed
            .extend(changed_pairs.into_iter().map(|(expected, actual)| {
                let mut fields = Vec::new();
                if !same_condition(expected, actual) {
                    fields.push("condition");
                }
                if !same_subparagraph(expected, actual) {
                    fields.push("subparagraph");
                }
                Change {
                    expected: expected.clone(),
                    actual: actual.clone(),
                    fields,
                }
            }));

        comparison
            .missing
            .extend(expected_pool.into_iter().flatten().cloned());
        comparison
            .unexpected
            .extend(actual_pool.into_iter().flatten().cloned());
    }

    comparison.matched.sort_by(rate_order);
    comparison.missing.sort_by(rate_order);
    comparison.unexpected.sort_by(rate_order);
    comparison.changed.sort_by(|left, right| {
        rate_order(&left.expected, &right.expected)
            .then_with(|| rate_order(&left.actual, &right.actual))
    });
    comparison
}

/// Compares outline rows by (treaty, lang, article): equal topic and paragraph count is a
/// match, anything else under the same key is a change; duplicate keys pair exact rows first,
/// then the rest in canonical order.
pub(crate) fn compare_outline(
    actual_outline: &[OutlineRecord],
    expected_outline: &[OutlineRecord],
) -> OutlineComparison {
    type OutlineKey = (usize, String, String);
    let key = |row: &OutlineRecord| -> OutlineKey {
        (
            row.treaty,
            row.lang.trim().to_owned(),
            row.article.trim().to_owned(),
        )
    };
    let same_topic = |expected: &OutlineRecord, actual: &OutlineRecord| {
        expected.topic.trim() == actual.topic.trim()
    };

    let groups = group_pools(expected_outline, actual_outline, key, outline_order);

    let mut comparison = OutlineComparison::default();
    for (mut expected_pool, mut actual_pool) in groups.into_values() {
        comparison.matched +=
            pair_stage(&mut expected_pool, &mut actual_pool, |expected, actual| {
                same_topic(expected, actual) && expected.paragraphs == actual.paragraphs
            })
            .len();
        let changed_pairs = pair_stage(&mut expected_pool, &mut actual_pool, |_, _| true);
        comparison
            .changed
            .extend(changed_pairs.into_iter().map(|(expected, actual)| {
                let mut fields = Vec::new();
                if !same_topic(expected, actual) {
                    fields.push("topic");
                }
                if expected.paragraphs != actual.paragraphs {
                    fields.push("paragraphs");
                }
                OutlineChange {
                    expected: expected.clone(),
                    actual: actual.clone(),
                    fields,
                }
            }));
        comparison
            .missing
            .extend(expected_pool.into_iter().flatten().cloned());
        comparison
            .unexpected
            .extend(actual_pool.into_iter().flatten().cloned());
    }

    comparison.missing.sort_by(outline_order);
    comparison.unexpected.sort_by(outline_order);
    comparison.changed.sort_by(|left, right| {
        outline_order(&left.expected, &right.expected)
            .then_with(|| outline_order(&left.actual, &right.actual))
    });
    comparison
}
