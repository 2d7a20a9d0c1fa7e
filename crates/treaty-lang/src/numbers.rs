//! Number words, decimal and thousands separators, and unit words (per cent, days, currencies).
//!
//! Read by `treaty-numbers`. Fields that are regex sources are fragments: the reader puts them
//! into its own patterns (anchors, case-insensitivity, alternation with the other languages).
//! A Latin-script language fills the word fields; a language written in kanji fills the numeral
//! and glued-unit fields. The quantity finder reads the fields of the language it was given;
//! the context fields marked "read for every language" are read from all profiles together,
//! because treaties are printed bilingual and OCR mixes the columns.

/// The grammatical role of a number word, which decides what may follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberWordKind {
    /// `zero`, only ever alone.
    Zero,
    /// 1 to 9.
    Ones,
    /// 10 to 19.
    Teens,
    /// 20, 30, ... 90.
    Tens,
    /// A word that multiplies the ones before it (`hundred`).
    HundredMultiplier,
    /// Whole hundreds, added (`cem`, `cento`, `duzentos`).
    Hundreds,
    /// Multiplies everything since the previous scale word (`thousand`, `milhões`); needs a
    /// number before it.
    Scale,
    /// A scale word that also stands alone for one of itself (`mil` is a thousand).
    LoneScale,
}

/// One number word of a language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberWord {
    /// The word in lower case.
    pub word: &'static str,
    /// What it is worth (a scale word: its multiplier).
    pub value: u64,
    /// What may follow it.
    pub kind: NumberWordKind,
}

/// What one numeral character contributes to a numeral written in characters (`十五`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumeralKind {
    /// A digit 0 to 9.
    Digit,
    /// A unit below ten thousand (ten, hundred, thousand): multiplies the digit before it and
    /// adds up within a group.
    SmallUnit,
    /// A unit of ten thousand and above: multiplies everything since the previous large unit.
    LargeUnit,
}

/// One numeral character of a language written in characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Numeral {
    /// The character.
    pub ch: char,
    /// Its value (a unit: its multiplier).
    pub value: u64,
    /// Its role.
    pub kind: NumeralKind,
}

/// Number words, decimal and thousands separators, and unit words (per cent, days, currencies).
#[derive(Debug, Clone, Copy)]
pub struct NumberWords {
    /// Number words, with value and kind; the finder of number phrases is built from them.
    pub words: &'static [NumberWord],
    /// The word joining the parts of a number (`one hundred and six`, `cento e seis`).
    pub connector: &'static str,
    /// The separator that groups thousands when it stands alone before three digits (`4.000`
    /// in Portuguese, `4,000` in English); the other of `.` and `,` is then decimal.
    pub thousands_separator: char,
    /// Regex fragments of percentage units after a number (`per cent`, `por cento`); `%` is
    /// read for every language.
    pub percent_units: &'static [&'static str],
    /// Regex fragments of units that count days.
    pub day_units: &'static [&'static str],
    /// Regex fragments of units that count months.
    pub month_units: &'static [&'static str],
    /// Regex fragments of units that count years.
    pub year_units: &'static [&'static str],
    /// Regex fragments of currency names after an amount (`Danish kroner`, `reais`); the
    /// currency code is then read with [`NumberWords::currency_qualifiers`] and
    /// [`NumberWords::currency_names`].
    pub currency_units: &'static [&'static str],
    /// Lower-case word parts that name one state's currency among several of the same name
    /// (`canad`, `danish`), with its ISO 4217 code. Read for every language, before
    /// [`NumberWords::currency_names`], so that `Canadian dollars` does not stop at `dollar`.
    pub currency_qualifiers: &'static [(&'static str, &'static str)],
    /// Lower-case word parts of currency names, with their ISO 4217 code (read for every
    /// language). A bare family name (`dollars`, `kroner`, `francs`) gets a provisional code,
    /// which `treaty-extract` reads again from the treaty's parties.
    pub currency_names: &'static [(&'static str, &'static str)],
    /// Regex fragments (case-sensitive) of words after an amount with a bare `$` before it that
    /// say which dollars (`$10,000 Canadian`); their code is read with
    /// [`NumberWords::currency_qualifiers`]. Read for every language.
    pub dollar_qualifiers: &'static [&'static str],
    /// Regex fragments of the currency word that may follow an amount with a `$` before it
    /// (`$100 dollars`). Read for every language.
    pub dollar_words: &'static [&'static str],
    /// Regex fragments of words right before a number that make it a reference, not a
    /// quantity (`Article 10`, `n.º 5`); each starts at a word boundary. Read for every
    /// language.
    pub reference_words: &'static [&'static str],
    /// Regex fragments of what follows `N days` when it is a date (`of the month`,
    /// `de julho`), after spaces. Read for every language.
    pub day_date_after: &'static [&'static str],
    /// Regex fragments of what follows a rate whose unit the source lost but which can only
    /// be a percentage (`of the gross amount`), after spaces. Read for every language.
    pub percent_context_after: &'static [&'static str],
    /// Phrases for a half after a whole number (`and a half`, `e meio`). Read for every
    /// language.
    pub half_words: &'static [&'static str],
    /// Regex patterns of a share of a whole written as a word, read as a percentage of that
    /// whole ("one-half of the total amount", "more than half of the beneficiaries"): the
    /// share in the named group `share`, with its value in per cent; a match whose group
    /// `not` takes part is no share.
    pub share_words: &'static [(&'static str, u32)],
    /// Regex fragments of words that make `one` + a year unit a named period, not a count
    /// (`um ano civil`, `um ano-calendário`): found in the unit itself or right after it.
    pub period_names: &'static [&'static str],
    /// Endings of percentage units that are abbreviations (`per cent.`): a dot right after
    /// one belongs to the unit when the sentence goes on.
    pub dotted_unit_ends: &'static [&'static str],
    /// Regex fragments of the words between a part and the whole it is counted in, whose
    /// period unit the part shares: `60 of the 120 months`, `três dos cinco anos`.
    pub part_of_whole: &'static [&'static str],
    /// Numeral characters of a language that writes numbers in characters (`十五`, `二〇一一`).
    pub numerals: &'static [Numeral],
    /// Letters OCR reads in place of a numeral, each with the numeral (`ナ` for `十`): before a
    /// per cent unit, where only a numeral can stand, they are read as the numeral.
    pub ocr_numeral_lookalikes: &'static [(char, char)],
    /// Literal units glued after a numeral that count per cent (`パーセント`).
    pub glued_percent_units: &'static [&'static str],
    /// Literal units glued after a numeral that count days.
    pub glued_day_units: &'static [&'static str],
    /// Literal units glued after a numeral that count months.
    pub glued_month_units: &'static [&'static str],
    /// Literal units glued after a numeral that count years.
    pub glued_year_units: &'static [&'static str],
    /// Literal currency units glued after a numeral (their code is read with
    /// [`NumberWords::currency_names`]).
    pub glued_currency_units: &'static [&'static str],
    /// Marks before a numeral that make it an ordinal (`第十条`).
    pub ordinal_prefixes: &'static [&'static str],
    /// Marks after a unit that make the number an ordinal (`三十日目`, the thirtieth day).
    pub ordinal_suffixes: &'static [&'static str],
    /// Marks ending a reference to an article, paragraph or item: ASCII digits glued after one
    /// are a paragraph number (`第二十一条7`), not a quantity.
    pub reference_ends: &'static [&'static str],
    /// Marks for the decimal point between numerals (`十二・五`, 12.5).
    pub decimal_points: &'static [&'static str],
    /// A prefix that reads the numeral after it as hundredths, a percentage (`百分の十五`).
    pub hundredths: &'static [&'static str],
    /// Words that start with a glued unit but are other words (`日本`, Japan; `年金`,
    /// pension): a unit found at their start is not one.
    pub unit_lookalikes: &'static [&'static str],
    /// A regex matched right before a count of days (ending at the number) that makes it a
    /// day of a month (`十一月十一日`), not a count.
    pub day_date_before: &'static str,
    /// A regex matched right before a count of years (ending at the number) that makes it a
    /// calendar year (`昭和二十三年`).
    pub year_date_before: &'static str,
    /// A regex matched right after a count of years that makes it a calendar year (a month
    /// follows: `二千十七年十一月`).
    pub year_date_after: &'static str,
}

impl NumberWords {
    /// A profile part with nothing in it, to build a new profile from with `..NumberWords::EMPTY`.
    pub const EMPTY: NumberWords = NumberWords {
        words: &[],
        connector: "",
        thousands_separator: ',',
        percent_units: &[],
        day_units: &[],
        month_units: &[],
        year_units: &[],
        currency_units: &[],
        currency_qualifiers: &[],
        currency_names: &[],
        dollar_qualifiers: &[],
        dollar_words: &[],
        reference_words: &[],
        day_date_after: &[],
        percent_context_after: &[],
        half_words: &[],
        share_words: &[],
        period_names: &[],
        dotted_unit_ends: &[],
        part_of_whole: &[],
        numerals: &[],
        ocr_numeral_lookalikes: &[],
        glued_percent_units: &[],
        glued_day_units: &[],
        glued_month_units: &[],
        glued_year_units: &[],
        glued_currency_units: &[],
        ordinal_prefixes: &[],
        ordinal_suffixes: &[],
        reference_ends: &[],
        decimal_points: &[],
        hundredths: &[],
        unit_lookalikes: &[],
        day_date_before: crate::patterns::NEVER,
        year_date_before: crate::patterns::NEVER,
        year_date_after: crate::patterns::NEVER,
    };
}
