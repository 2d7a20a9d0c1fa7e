//! Names of states and their currencies as a language prints them.

/// A state whose currency shares its name with others' (krone, franc, dollar), so that a bare
/// currency word ("4,000 kroner") can be read as the currency of the treaty party that uses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurrencyParty {
    /// A word of the state's name as printed, in lower case.
    pub name_word: &'static str,
    /// ISO 4217 code of its currency.
    pub code: &'static str,
    /// The currency family (`krone`, `franc`, `dollar`).
    pub family: &'static str,
}

/// Names of states and currencies.
#[derive(Debug, Clone, Copy)]
pub struct Names {}

impl Names {
    /// A profile part with nothing in it, to build a new profile from with `..Names::EMPTY`.
    pub const EMPTY: Names = Names {};
}
