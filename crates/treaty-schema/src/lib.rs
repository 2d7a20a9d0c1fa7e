//! The dataset schema: every type other tools read, in one versioned module.
//!
//! Changing a field's name, type or meaning is a breaking change: bump [`SCHEMA_VERSION`]
//! and say so in the README. Adding an optional field is not.
//!
//! `rates.csv` columns are [`RATE_COLUMNS`]: the eleven of the dataset contract first, in
//! their fixed order, then extra columns. `articles.csv` columns are [`ARTICLE_COLUMNS`].

mod articles;
pub mod headline;
mod model;
pub mod row_id;
mod vocabulary;

pub use articles::{article_rows, paragraph_count};
pub use headline::treaty_rows;
pub use model::*;
pub use treaty_lang::Lang;
pub use treaty_numbers::{Decimal, Unit};
pub use vocabulary::{
    Basis, Income, Instrument, Kind, Measure, Owner, Source, Status, TaxesCovered, Trigger,
};
