//! Row ids: how the datasets name a rate row (`row_id`, `superseded_by`, the `_row` columns of
//! `treaties.csv`).

use std::collections::HashMap;

use crate::model::RateRow;

/// A row as the datasets refer to it: `<article>.<paragraph>[.<subparagraph>]@<start>`.
pub fn row_reference(row: &RateRow) -> String {
    let mut place = format!("{}.{}", row.article, row.paragraph);
    if !row.subparagraph.is_empty() {
        place.push('.');
        place.push_str(&row.subparagraph);
    }
    format!("{place}@{}", row.start)
}

/// Gives each row its `row_id`: `<doc>:<treaty>:` and its reference, with `#2`, `#3`, ...
/// on the second and later rows at the same place; `superseded_by` then names the replacing
/// row by its `row_id` (the first row at the reference it held). Rows must be final: the id
/// counts the rows before it.
pub fn assign_row_ids(doc: &str, rows: &mut [RateRow]) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut id_of_reference: HashMap<String, String> = HashMap::new();
    for row in rows.iter_mut() {
        let reference = row_reference(row);
        let id = format!("{doc}:{}:{reference}", row.treaty);
        let count = seen.entry(id.clone()).or_insert(0);
        *count += 1;
        row.row_id = if *count == 1 {
            id
        } else {
            format!("{id}#{count}")
        };
        id_of_reference
            .entry(reference)
            .or_insert_with(|| row.row_id.clone());
    }
    for row in rows.iter_mut() {
        if let Some(id) = row
            .superseded_by
            .as_ref()
            .and_then(|by| id_of_reference.get(by))
        {
            row.superseded_by = Some(id.clone());
        }
    }
}
