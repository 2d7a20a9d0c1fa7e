//! The error type for reading fixture files.
//!
//! Every variant names the line of the CSV text it comes from, so a person editing a fixture
//! by hand can go straight to the mistake.

/// A fixture file that cannot be read.
///
/// Line numbers count from 1 and include the header line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GoldenError {
    /// The text has no header line at all.
    #[error("line 1: missing header, expected `{expected}`")]
    MissingHeader {
        /// The header the file should start with.
        expected: String,
    },
    /// The header names other columns, or the same columns in another order.
    #[error("line {line}: header is `{found}`, expected `{expected}`")]
    Header {
        /// Line of the header.
        line: u64,
        /// The header the file should start with.
        expected: String,
        /// The header the file starts with.
        found: String,
    },
    /// The CSV itself is malformed.
    #[error("line {line}: malformed CSV: {message}")]
    Csv {
        /// Line where the CSV reader gave up.
        line: u64,
        /// What the CSV reader reported.
        message: String,
    },
    /// A row has more or fewer fields than the header.
    #[error("line {line}: expected {expected} fields, found {found}")]
    FieldCount {
        /// Line of the row.
        line: u64,
        /// How many columns the header has.
        expected: usize,
        /// How many fields the row has.
        found: usize,
    },
    /// One field does not hold what its column requires.
    #[error("line {line}: column `{column}`: {problem}, found `{value}`")]
    Field {
        /// Line of the row.
        line: u64,
        /// Name of the column.
        column: &'static str,
        /// The field as written.
        value: String,
        /// What the column requires.
        problem: &'static str,
    },
}
