//! `headline.csv`: the rates a user looks up per treaty (`treaties.csv`), field by field.
//!
//! Each row is one headline field of one treaty of the document, written by reading the
//! clause: `treaty,field,value,condition,article,quote`. `value` is the rate in per cent, empty
//! where the treaty states no such rate; `condition` is the holding the lowest dividend rate
//! needs (`min_holding=10%capital;holding_period=6months`), empty on the other fields.
//! `article` and `quote` say where the value stands and are not compared.

use serde::Deserialize;

use crate::error::GoldenError;
use crate::records::push_csv_line;

/// The compared fields, in report order.
pub const HEADLINE_FIELDS: [&str; 5] = [
    "dividends_substantial",
    "dividends_general",
    "interest_general",
    "royalties_general",
    "technical_fees",
];

/// One headline field of one treaty, as the fixture states it or the program found it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct HeadlineRecord {
    /// 1, 2, ... as in `treaty.csv`.
    pub treaty: usize,
    /// One of [`HEADLINE_FIELDS`].
    pub field: String,
    /// The rate in per cent, empty when the treaty states none.
    pub value: String,
    /// For `dividends_substantial`: `min_holding=...;holding_period=...`.
    #[serde(default)]
    pub condition: String,
    /// Where the value stands (`10`, `P3`); informative.
    #[serde(default)]
    pub article: String,
    /// The clause around the value; informative.
    #[serde(default)]
    pub quote: String,
}

/// Parses a `headline.csv`; a field name outside [`HEADLINE_FIELDS`] is an error, so a typo
/// cannot leave a field unchecked.
pub fn parse_headline_csv(text: &str) -> Result<Vec<HeadlineRecord>, GoldenError> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    reader
        .deserialize()
        .enumerate()
        .map(|(index, record)| {
            let line = index as u64 + 2;
            let record: HeadlineRecord = record.map_err(|error| GoldenError::Csv {
                line,
                message: error.to_string(),
            })?;
            if !HEADLINE_FIELDS.contains(&record.field.as_str()) {
                return Err(GoldenError::Csv {
                    line,
                    message: format!(
                        "unknown headline field {:?} (one of {})",
                        record.field,
                        HEADLINE_FIELDS.join(", ")
                    ),
                });
            }
            Ok(record)
        })
        .collect()
}

/// The columns of `headline.csv`, in order.
pub const HEADLINE_FIXTURE_COLUMNS: [&str; 6] =
    ["treaty", "field", "value", "condition", "article", "quote"];

/// Writes a `headline.csv`: by treaty, then in [`HEADLINE_FIELDS`] order (what `bless` writes).
pub fn write_headline_csv(records: &[HeadlineRecord]) -> String {
    let field_place = |record: &HeadlineRecord| {
        HEADLINE_FIELDS
            .iter()
            .position(|field| *field == record.field)
            .unwrap_or(HEADLINE_FIELDS.len())
    };
    let mut sorted: Vec<&HeadlineRecord> = records.iter().collect();
    sorted.sort_by_key(|record| (record.treaty, field_place(record)));
    let mut out = String::new();
    push_csv_line(&mut out, HEADLINE_FIXTURE_COLUMNS);
    for record in sorted {
        let treaty = record.treaty.to_string();
        push_csv_line(
            &mut out,
            [
                treaty.as_str(),
                &record.field,
                &record.value,
                &record.condition,
                &record.article,
                &record.quote,
            ],
        );
    }
    out
}

/// A rate as compared: trailing fractional zeros removed (`15.0` is `15`).
fn canonical_value(value: &str) -> String {
    let value = value.trim();
    match value.split_once('.') {
        Some((whole, fraction)) => {
            let fraction = fraction.trim_end_matches('0');
            if fraction.is_empty() {
                whole.to_string()
            } else {
                format!("{whole}.{fraction}")
            }
        }
        None => value.to_string(),
    }
}

/// A condition as compared: its parts in order, a holding period in years written in
/// months (`1years` is `12months`: the same claim).
fn canonical_condition(condition: &str) -> String {
    condition
        .split(';')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| match part.split_once('=') {
            Some((key, value)) => {
                let value = value
                    .strip_suffix("years")
                    .and_then(|years| years.parse::<u32>().ok())
                    .map_or_else(
                        || value.to_string(),
                        |years| format!("{}months", years * 12),
                    );
                format!("{key}={value}")
            }
            None => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// Agreement per field over the treaties compared, and the disagreements.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HeadlineTally {
    /// Per field of [`HEADLINE_FIELDS`]: (agreeing, compared).
    pub fields: [(usize, usize); 5],
    /// `doc treaty N field: expected X, found Y`.
    pub disagreements: Vec<String>,
    /// Documents compared.
    pub documents: usize,
}

impl HeadlineTally {
    /// Compares one document's headline fields: every fixture row is one comparison, of the
    /// value and (for the lowest dividend rate, where a value is expected) the condition.
    pub fn add(&mut self, doc: &str, produced: &[HeadlineRecord], expected: &[HeadlineRecord]) {
        self.documents += 1;
        for want in expected {
            let Some(index) = HEADLINE_FIELDS.iter().position(|f| *f == want.field) else {
                continue;
            };
            let got = produced
                .iter()
                .find(|g| g.treaty == want.treaty && g.field == want.field)
                .cloned()
                .unwrap_or_default();
            let want_value = canonical_value(&want.value);
            let got_value = canonical_value(&got.value);
            let conditions = (
                canonical_condition(&want.condition),
                canonical_condition(&got.condition),
            );
            let condition_agrees = want_value.is_empty() || conditions.0 == conditions.1;
            self.fields[index].1 += 1;
            if want_value == got_value && condition_agrees {
                self.fields[index].0 += 1;
            } else {
                let show = |value: &str, condition: &str| {
                    if condition.is_empty() {
                        format!("{value:?}")
                    } else {
                        format!("{value:?} [{condition}]")
                    }
                };
                self.disagreements.push(format!(
                    "{doc} treaty {} {}: expected {}, found {}",
                    want.treaty,
                    want.field,
                    show(&want_value, &conditions.0),
                    show(&got_value, &conditions.1)
                ));
            }
        }
    }

    /// The share of compared fields that agree (1 when nothing was compared).
    pub fn agreement(&self) -> f64 {
        crate::tally::agreement(&self.fields)
    }

    /// `dividends_substantial 40/45, ...`.
    pub fn summary(&self) -> String {
        crate::tally::summary(&self.fields, &HEADLINE_FIELDS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "treaty,field,value,condition,article,quote\n";

    #[test]
    fn a_written_headline_csv_reads_back_sorted_by_treaty_and_field() {
        let record = |treaty: usize, field: &str, value: &str, quote: &str| HeadlineRecord {
            treaty,
            field: field.to_string(),
            value: value.to_string(),
            condition: String::new(),
            article: "10".to_string(),
            quote: quote.to_string(),
        };
        let records = vec![
            record(2, "technical_fees", "", ""),
            record(
                1,
                "interest_general",
                "10",
                "not exceed 10 per cent, \"gross\"",
            ),
            record(1, "dividends_substantial", "5", "5 per cent\nof the"),
        ];
        let text = write_headline_csv(&records);
        assert!(text.starts_with(HEADER), "{text}");
        let read = parse_headline_csv(&text).unwrap();
        assert_eq!(
            read,
            vec![records[2].clone(), records[1].clone(), records[0].clone()]
        );
    }

    #[test]
    fn values_and_the_lowest_rates_holding_are_compared_field_by_field() {
        let expected = parse_headline_csv(&format!(
            "{HEADER}1,dividends_substantial,5,min_holding=10%capital;holding_period=1years,10,5 per cent\n\
             1,dividends_general,15,,10,15 per cent\n\
             1,interest_general,10,,11,10 per cent\n\
             1,royalties_general,,,,\n\
             1,technical_fees,,,,\n"
        ))
        .unwrap();
        let produced = vec![
            HeadlineRecord {
                treaty: 1,
                field: "dividends_substantial".into(),
                value: "5.0".into(),
                condition: "min_holding=10%capital;holding_period=12months".into(),
                ..HeadlineRecord::default()
            },
            HeadlineRecord {
                treaty: 1,
                field: "dividends_general".into(),
                value: "10".into(),
                ..HeadlineRecord::default()
            },
            HeadlineRecord {
                treaty: 1,
                field: "interest_general".into(),
                value: "10".into(),
                ..HeadlineRecord::default()
            },
            HeadlineRecord {
                treaty: 1,
                field: "royalties_general".into(),
                value: "10".into(),
                ..HeadlineRecord::default()
            },
        ];
        let mut tally = HeadlineTally::default();
        tally.add("doc", &produced, &expected);
        assert_eq!(tally.fields, [(1, 1), (0, 1), (1, 1), (0, 1), (1, 1)]);
        assert_eq!(tally.agreement(), 0.6);
        assert_eq!(
            tally.disagreements,
            [
                "doc treaty 1 dividends_general: expected \"15\", found \"10\"",
                "doc treaty 1 royalties_general: expected \"\", found \"10\""
            ]
        );
    }

    #[test]
    fn a_wrong_holding_is_a_disagreement_and_an_unknown_field_an_error() {
        let expected = parse_headline_csv(&format!(
            "{HEADER}1,dividends_substantial,0,min_holding=25%capital,,\n"
        ))
        .unwrap();
        let produced = vec![HeadlineRecord {
            treaty: 1,
            field: "dividends_substantial".into(),
            value: "0".into(),
            condition: "min_holding=10%capital".into(),
            ..HeadlineRecord::default()
        }];
        let mut tally = HeadlineTally::default();
        tally.add("doc", &produced, &expected);
        assert_eq!(tally.fields[0], (0, 1));
        let error = parse_headline_csv(&format!("{HEADER}1,dividend_lowest,5,,,\n")).unwrap_err();
        assert!(
            error.to_string().contains("unknown headline field"),
            "{error}"
        );
    }
}
