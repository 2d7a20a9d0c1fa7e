//! `treaty.csv`: whose treaty, which instrument, since when, compared field by field.

use serde::Deserialize;

use crate::error::GoldenError;
use crate::records::push_csv_line;

/// One treaty's identity, as the fixture states it or the program found it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct IdentityRecord {
    /// 1, 2, ... as in `outline.csv`.
    pub treaty: usize,
    /// `convention`, `protocol`, ...
    pub instrument: String,
    /// Alpha-3 codes joined by `;`, in the order the text names them.
    pub parties: String,
    /// `YYYY-MM-DD`, empty when the text states none.
    pub signed: String,
    /// As printed.
    pub signed_place: String,
    /// `YYYY-MM-DD`, empty when the text states no date.
    pub in_force: String,
    /// Informative, not compared.
    #[serde(default)]
    pub title: String,
}

/// The compared fields, in report order.
pub const IDENTITY_FIELDS: [&str; 5] = [
    "parties",
    "instrument",
    "signed",
    "signed_place",
    "in_force",
];

/// Parses a `treaty.csv`.
pub fn parse_treaty_csv(text: &str) -> Result<Vec<IdentityRecord>, GoldenError> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    reader
        .deserialize()
        .enumerate()
        .map(|(index, record)| {
            record.map_err(|error| GoldenError::Csv {
                line: index as u64 + 2,
                message: error.to_string(),
            })
        })
        .collect()
}

/// The columns of `treaty.csv`, in order.
pub const TREATY_FIXTURE_COLUMNS: [&str; 7] = [
    "treaty",
    "instrument",
    "parties",
    "signed",
    "signed_place",
    "in_force",
    "title",
];

/// Writes a `treaty.csv`, treaties in order (what `bless` writes).
pub fn write_treaty_csv(records: &[IdentityRecord]) -> String {
    let mut sorted: Vec<&IdentityRecord> = records.iter().collect();
    sorted.sort_by_key(|record| record.treaty);
    let mut out = String::new();
    push_csv_line(&mut out, TREATY_FIXTURE_COLUMNS);
    for record in sorted {
        let treaty = record.treaty.to_string();
        push_csv_line(
            &mut out,
            [
                treaty.as_str(),
                &record.instrument,
                &record.parties,
                &record.signed,
                &record.signed_place,
                &record.in_force,
                &record.title,
            ],
        );
    }
    out
}

/// Agreement per field over the treaties compared, and the disagreements.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IdentityTally {
    /// Per field of [`IDENTITY_FIELDS`]: (agreeing, compared).
    pub fields: [(usize, usize); 5],
    /// `doc treaty N field: expected X, found Y`.
    pub disagreements: Vec<String>,
}

impl IdentityTally {
    /// Compares one document's treaties. A field the fixture leaves empty is compared only
    /// for `parties`, `instrument` and `in_force` (a date the text does not state must not be
    /// invented); signature fields left empty are not compared.
    pub fn add(&mut self, doc: &str, produced: &[IdentityRecord], expected: &[IdentityRecord]) {
        for want in expected {
            let got = produced
                .iter()
                .find(|g| g.treaty == want.treaty)
                .cloned()
                .unwrap_or_default();
            let pairs = [
                (&want.parties, &got.parties, true),
                (&want.instrument, &got.instrument, true),
                (&want.signed, &got.signed, false),
                (&want.signed_place, &got.signed_place, false),
                (&want.in_force, &got.in_force, true),
            ];
            for (index, (want_value, got_value, always)) in pairs.into_iter().enumerate() {
                if want_value.is_empty() && !always {
                    continue;
                }
                self.fields[index].1 += 1;
                if want_value == got_value {
                    self.fields[index].0 += 1;
                } else {
                    self.disagreements.push(format!(
                        "{doc} treaty {} {}: expected {want_value:?}, found {got_value:?}",
                        want.treaty, IDENTITY_FIELDS[index]
                    ));
                }
            }
        }
    }

    /// The share of compared fields that agree (1 when nothing was compared).
    pub fn agreement(&self) -> f64 {
        crate::tally::agreement(&self.fields)
    }

    /// `parties 59/61, instrument 60/61, ...`.
    pub fn summary(&self) -> String {
        crate::tally::summary(&self.fields, &IDENTITY_FIELDS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURE: &str = "treaty,instrument,parties,signed,signed_place,in_force,title\n\
        1,convention,USA;JPN,2003-11-06,Washington,,\"Convention between the United States of America and Japan\"\n\
        2,protocol,USA;JPN,,,,\n";

    #[test]
    fn a_written_treaty_csv_is_the_fixture_it_was_read_from() {
        let records = parse_treaty_csv(FIXTURE).unwrap();
        assert_eq!(
            write_treaty_csv(&records),
            FIXTURE.replace(
                "\"Convention between the United States of America and Japan\"",
                "Convention between the United States of America and Japan"
            )
        );
        let mut reversed = records.clone();
        reversed.reverse();
        assert_eq!(
            parse_treaty_csv(&write_treaty_csv(&reversed)).unwrap(),
            records
        );
    }

    #[test]
    fn fields_agree_or_are_named() {
        let expected = parse_treaty_csv(FIXTURE).unwrap();
        assert_eq!(expected.len(), 2);
        let mut produced = expected.clone();
        produced[0].parties = "JPN;USA".to_string();
        produced[1].signed = "2013-01-24".to_string();
        let mut tally = IdentityTally::default();
        tally.add("us-japan", &produced, &expected);
        // The second treaty's signature is not in the fixture, so it is not compared.
        assert_eq!(tally.fields, [(1, 2), (2, 2), (1, 1), (1, 1), (2, 2)]);
        assert_eq!(
            tally.disagreements,
            ["us-japan treaty 1 parties: expected \"USA;JPN\", found \"JPN;USA\""]
        );
        assert!((tally.agreement() - 7.0 / 8.0).abs() < 1e-9);
    }

    #[test]
    fn a_missing_treaty_disagrees_on_every_field() {
        let expected = parse_treaty_csv(FIXTURE).unwrap();
        let mut tally = IdentityTally::default();
        tally.add("doc", &[], &expected[..1]);
        assert_eq!(tally.fields, [(0, 1), (0, 1), (0, 1), (0, 1), (1, 1)]);
    }

    #[test]
    fn a_malformed_row_names_its_line() {
        let error = parse_treaty_csv(
            "treaty,instrument,parties,signed,signed_place,in_force,title\nx,,,,,,\n",
        )
        .unwrap_err();
        assert!(error.to_string().contains('2'), "{error}");
    }
}
