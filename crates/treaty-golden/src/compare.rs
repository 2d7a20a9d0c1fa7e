//! Matching actual rows against a fixture's expected rows.
//!
//! Rate rows are a multiset grouped by place: treaty, lang, article, paragraph, topic and kind.
//! A fixture may hold several rows in one place that differ in value or condition (three 0%
//! interest tiers in one paragraph), or even rows that differ only in quote. Within one group
//! rows are paired in stages, each stage taking rows in canonical order:
//!
//! 1. every compared field equal (value, unit, condition, subparagraph, and `source` and
//!    `modifies` where the fixture has them): matched;
//! 2. equal value and unit, equal subparagraph: changed;
//! 3. equal value and unit, equal condition: changed;
//! 4. equal value and unit: changed;
//! 5. equal condition and subparagraph, another value or unit: changed;
//! 6. equal condition, another value or unit: changed.
//!
//! A pair of stages 2 to 4 is a row *found* (today's measure: the number is right, a detail is
//! not); a pair of stages 5 and 6 is a *changed value*: the place and the condition say it is
//! the same provision, so it is shown as one row whose value changed rather than as one
//! missing and one unexpected row, but it does not count as found. Stages 2 and 3 only refine
//! "pair the rest in order", so that a swapped pair of conditions shows as two one-field
//! changes rather than two two-field changes. What is left is missing (expected) or unexpected
//! (actual). Quotes are never compared.
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
    /// Expected rows found in their place with another value, unit, condition, subparagraph,
    /// source or modifies.
    pub changed: Vec<Change>,
    /// Expected rows not found.
    pub missing: Vec<RateRecord>,
    /// Actual rows the fixture does not expect.
    pub unexpected: Vec<RateRecord>,
}

/// An expected rate row found in its place (treaty, lang, article, paragraph, topic, kind)
/// with other details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The row as the fixture states it.
    pub expected: RateRecord,
    /// The row as the program produced it.
    pub actual: RateRecord,
    /// The fields that differ, in the order of [`CHANGE_FIELDS`].
    pub fields: Vec<&'static str>,
}

/// The fields a [`Change`] can name, in the order it names them.
pub const CHANGE_FIELDS: [&str; 6] = [
    "value",
    "unit",
    "condition",
    "subparagraph",
    "source",
    "modifies",
];

impl Change {
    /// Whether the number itself is right (same value and unit): the row counts as found.
    /// A change of value or unit is shown as a change but is not a found row.
    pub fn is_found(&self) -> bool {
        number_agrees(&self.fields)
    }

    /// The expected and actual text of one of [`CHANGE_FIELDS`] (`source` and `modifies` read
    /// as empty where a row has none).
    pub fn values(&self, field: &str) -> (&str, &str) {
        (
            field_text(&self.expected, field),
            field_text(&self.actual, field),
        )
    }
}

/// Whether a pair whose differing fields are `fields` has the number right (value and unit).
pub(crate) fn number_agrees(fields: &[&str]) -> bool {
    !fields
        .iter()
        .any(|field| *field == "value" || *field == "unit")
}

/// The text of one of [`CHANGE_FIELDS`] of a row.
fn field_text<'a>(row: &'a RateRecord, field: &str) -> &'a str {
    match field {
        "value" => &row.value,
        "unit" => &row.unit,
        "subparagraph" => &row.subparagraph,
        "source" => row.source.as_deref().unwrap_or(""),
        "modifies" => row.modifies.as_deref().unwrap_or(""),
        _ => &row.condition,
    }
}

/// Whether `field` of an actual row agrees with the expected row. `source` and `modifies`
/// agree trivially where the fixture does not state them (`None`); values compare with
/// trailing fractional zeros removed.
pub(crate) fn field_agrees(expected: &RateRecord, actual: &RateRecord, field: &str) -> bool {
    match field {
        "value" => normalize_value(&expected.value) == normalize_value(&actual.value),
        "source" | "modifies" if field_of_layer(expected, field).is_none() => true,
        _ => field_text(expected, field).trim() == field_text(actual, field).trim(),
    }
}

/// `source` or `modifies` of a row, `None` where its fixture has no such column.
pub(crate) fn field_of_layer<'a>(row: &'a RateRecord, field: &str) -> Option<&'a str> {
    match field {
        "source" => row.source.as_deref(),
        _ => row.modifies.as_deref(),
    }
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

/// The fields that decide which rate rows can be paired at all: the place of a row and its
/// kind.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct RatePlace {
    treaty: usize,
    lang: String,
    article: String,
    paragraph: String,
    topic: String,
    kind: String,
}

fn rate_place(row: &RateRecord) -> RatePlace {
    RatePlace {
        treaty: row.treaty,
        lang: row.lang.trim().to_owned(),
        article: row.article.trim().to_owned(),
        paragraph: row.paragraph.trim().to_owned(),
        topic: row.topic.trim().to_owned(),
        kind: row.kind.trim().to_owned(),
    }
}

/// The fields that differ between a pair, in the order of [`CHANGE_FIELDS`].
fn differing_fields(expected: &RateRecord, actual: &RateRecord) -> Vec<&'static str> {
    CHANGE_FIELDS
        .into_iter()
        .filter(|field| !field_agrees(expected, actual, field))
        .collect()
}

/// Accepts a pair whose `fields` all agree.
fn same<'a>(fields: &'a [&'a str]) -> impl Fn(&RateRecord, &RateRecord) -> bool + 'a {
    move |expected, actual| {
        fields
            .iter()
            .all(|field| field_agrees(expected, actual, field))
    }
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

/// The pairing stages of rate rows after the exact one, most alike first; see the module
/// documentation.
const CHANGE_STAGES: [&[&str]; 5] = [
    &["value", "unit", "subparagraph"],
    &["value", "unit", "condition"],
    &["value", "unit"],
    &["condition", "subparagraph"],
    &["condition"],
];

/// Compares rate rows; see the module documentation.
pub(crate) fn compare_rates(
    actual_rates: &[RateRecord],
    expected_rates: &[RateRecord],
) -> RateComparison {
    let groups = group_pools(expected_rates, actual_rates, rate_place, rate_order);

    let mut comparison = RateComparison::default();
    for (mut expected_pool, mut actual_pool) in groups.into_values() {
        let exact = pair_stage(&mut expected_pool, &mut actual_pool, same(&CHANGE_FIELDS));
        comparison
            .matched
            .extend(exact.into_iter().map(|(expected, _)| expected.clone()));
        for stage in CHANGE_STAGES {
            let pairs = pair_stage(&mut expected_pool, &mut actual_pool, same(stage));
            comparison
                .changed
                .extend(pairs.into_iter().map(|(expected, actual)| Change {
                    expected: expected.clone(),
                    actual: actual.clone(),
                    fields: differing_fields(expected, actual),
                }));
        }
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
