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

/// A currency name several states share (krone, franc, dollar), as a language prints it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurrencyFamily {
    /// The family, as in [`CurrencyParty::family`].
    pub family: &'static str,
    /// Stems of the bare currency word, in lower case (`kron`, `coroa`).
    pub words: &'static [&'static str],
    /// Words that name one member of the family (`danish`, `us$`), in lower case: a name
    /// qualified by one is read as that currency by `treaty-numbers`.
    pub qualifiers: &'static [&'static str],
    /// A symbol of one member (`$`) that qualifies an amount written with it, glued to the
    /// number (`US$`, `$100`, not `dollars $`); empty when none.
    pub symbol: &'static str,
    /// The code a bare word is read as when no party of the treaty uses the family (`USD`);
    /// empty to leave the word as printed.
    pub default_code: &'static str,
}

/// Names of states and currencies.
#[derive(Debug, Clone, Copy)]
pub struct Names {
    /// States and territories as this language prints them, with their ISO 3166-1 alpha-2
    /// code, or for a state that no longer exists its ISO 3166-3 code (`CSHH`). Matched
    /// case-insensitively at word boundaries (Latin script) or as substrings (kanji script),
    /// longest first, so a long form (`People's Republic of China`) wins over a part of it.
    pub states: &'static [(&'static str, &'static str)],
    /// Whether the English short names of ISO 3166 (and their long forms, `Republic of
    /// Korea` from `Korea (Republic of)`) are names in this language too.
    pub iso_english_names: bool,
    /// What, right after a state's name, makes it a language's name (`フランス語`, French):
    /// a name followed by one names no state (a treaty's closing names its languages, a
    /// federal state its language communities). For the kanji script, whose names are found
    /// inside words.
    pub language_suffixes: &'static [&'static str],
    /// The federal forms of a state's name, `{}` standing for the name (`United States of
    /// {}`, `{}合衆国`): such a form names that state, never the United States of America
    /// (Brazil was the United States of Brazil until 1967, Venezuela of Venezuela until 1953).
    pub federal_forms: &'static [&'static str],
    /// States whose currency is of a shared family, by a word of their name as printed.
    pub currency_parties: &'static [CurrencyParty],
    /// Bare currency words of the shared families.
    pub currency_families: &'static [CurrencyFamily],
}

impl Names {
    /// A profile part with nothing in it, to build a new profile from with `..Names::EMPTY`.
    pub const EMPTY: Names = Names {
        states: &[],
        iso_english_names: false,
        language_suffixes: &[],
        federal_forms: &[],
        currency_parties: &[],
        currency_families: &[],
    };
}
