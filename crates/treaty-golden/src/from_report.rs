//! Records of the pipeline's own rows: the one mapping from a `rates.csv` row of the dataset
//! schema to the fixture record it is compared with.

use treaty_schema::RateRow;

use crate::records::RateRecord;

/// How much of a row's quote a record keeps: quotes are for reviewers and never compared.
const QUOTE_CHARS: usize = 160;

impl From<&RateRow> for RateRecord {
    fn from(row: &RateRow) -> Self {
        RateRecord {
            treaty: row.treaty,
            lang: row.lang.to_string(),
            topic: row.topic.as_str().to_string(),
            article: row.article.clone(),
            paragraph: row.paragraph.clone(),
            subparagraph: row.subparagraph.clone(),
            kind: row.kind.to_string(),
            value: row.value.to_string(),
            unit: row.unit.to_string(),
            condition: row.condition.clone(),
            quote: row.quote.chars().take(QUOTE_CHARS).collect(),
            source: Some(row.source.to_string()),
            modifies: Some(row.modifies.join(";")),
        }
    }
}
