//! Number words, decimal and thousands separators, and unit words (per cent, days, currencies).

/// Number words, decimal and thousands separators, and unit words (per cent, days, currencies).
#[derive(Debug, Clone, Copy)]
pub struct NumberWords {}

impl NumberWords {
    /// A profile part with nothing in it, to build a new profile from with `..NumberWords::EMPTY`.
    pub const EMPTY: NumberWords = NumberWords {};
}
