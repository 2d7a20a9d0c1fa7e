//! Numbers and quantities in tax-treaty text, in every language with a profile.
//!
//! The words of each language (number words, units, currency names, separators, the marks of
//! references and dates) are the `numbers` part of its `treaty_lang` profile; this crate holds
//! the two algorithms that read them, one per script: Latin (words separated by spaces) and
//! Japanese (numerals written in characters, units glued to them).
//!
//! The extraction stages need to know what a number in a clause is worth and what it counts:
//! `15 per cent`, `183 dias`, `十二箇月`, `US$ 4.000`.
//! This crate reads them, and nothing else; it knows no treaty structure.
//!
//! - [`find_quantities`] finds every percentage, duration and amount of money in a text, as
//!   [`Quantity`] values with a [`Unit`] and the byte span they came from.
//!   It skips numbers that are references, dates, ordinals or bare years.
//! - [`parse_kanji_number`], [`kanji_number_prefix_len`], [`parse_roman`] and
//!   [`parse_number_words`] read single numerals, for callers that parse headings
//!   (`第二十一条`, `(iv)`) or need a number on its own.
//!
//! Input is expected to be normalized already (NFC, full-width ASCII folded, whitespace
//! collapsed); OCR noise is tolerated where it is common.
//!
//! ```
//! use treaty_numbers::{find_quantities, Lang, Unit};
//!
//! let text = "o montante correspondente a US$ 4.000, durante 183 dias e 25 por cento";
//! let quantities = find_quantities(text, Lang::Pt);
//! let found: Vec<(&str, &str, &str)> = quantities
//!     .iter()
//!     .map(|q| (q.value.as_str(), q.unit.as_str(), &text[q.span.clone()]))
//!     .collect();
//! assert_eq!(
//!     found,
//!     [("4000", "USD", "US$ 4.000"), ("183", "days", "183 dias"), ("25", "percent", "25 por cento")]
//! );
//!
//! assert_eq!(treaty_numbers::parse_kanji_number("百八十三"), Some(183));
//! assert_eq!(find_quantities("十二箇月を超える", Lang::Ja)[0].unit, Unit::Months);
//! ```

#![deny(missing_docs)]

mod decimal;
mod digits;
pub mod gate;
mod japanese;
mod kanji;
mod latin;
mod quantity;
mod roman;
pub mod scan;
mod words;

#[cfg(test)]
mod tests;

pub use decimal::{Decimal, DecimalError, MAX_SIGNIFICANT_DIGITS};
pub use kanji::{kanji_number_prefix_len, kanji_numeral, parse_kanji_number};
pub use quantity::{Quantity, Unit};
pub use roman::parse_roman;
pub use words::parse_number_words;

pub use treaty_lang::Lang;
use treaty_lang::Script;

/// Every percentage, duration and amount of money in `text`, in order and non-overlapping.
///
/// `lang` picks the number words, units and separator conventions: in Portuguese `4.000` is four
/// thousand and `7,5` is seven and a half; in English the reverse.
/// Numbers that are not quantities are skipped: article and paragraph references, dates
/// (`27 de agosto de 1974`, `二千十七年十一月十一日`), ordinals (`the 183rd day`, `第十条`),
/// and years standing alone.
///
/// ```
/// use treaty_numbers::{find_quantities, Lang, Unit};
///
/// let text = "the tax so charged shall not exceed 15 per cent of the gross amount";
/// let quantities = find_quantities(text, Lang::En);
/// assert_eq!(quantities.len(), 1);
/// assert_eq!(quantities[0].value.as_str(), "15");
/// assert_eq!(quantities[0].unit, Unit::Percent);
/// assert_eq!(&text[quantities[0].span.clone()], "15 per cent");
/// ```
pub fn find_quantities(text: &str, lang: Lang) -> Vec<Quantity> {
    match lang.profile().script {
        Script::Japanese => japanese::find_japanese_quantities(text, lang),
        Script::Latin => latin::find_latin_quantities(text, lang),
    }
}
