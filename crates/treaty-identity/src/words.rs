//! Each profile's identity words, compiled once per language.

use regex::Regex;
use treaty_lang::{InstrumentKind, LazyPerLang, NumberWordKind, Profile, Script};

/// The compiled identity grammar of one language.
pub(crate) struct Grammar {
    /// Dates, each with the groups `d` (day), `m` (month), `y` (year) and `e` (a kanji
    /// calendar's era).
    pub dates: Vec<Regex>,
    /// Openings of signature formulas with a `place` group.
    pub signature: Vec<Regex>,
    /// The `に東京で、` after a kanji-script closing date, anchored at the date's end.
    pub signature_after_date: Option<Regex>,
    /// Statements that the instrument was signed.
    pub signed_statement: Vec<Regex>,
    /// Instrument words, longest first, with their kind.
    pub instruments: Vec<(InstrumentKind, Regex)>,
    /// A publisher's notes that a later instrument changed a provision.
    pub amendment_notes: Vec<Regex>,
}

/// The compiled grammar of every installed language.
pub(crate) static GRAMMAR: LazyPerLang<Grammar> = LazyPerLang::new(compile);

fn compile(profile: &Profile) -> Grammar {
    let words = &profile.identity;
    let (day, month, year) = date_parts(profile);
    let era = if words.eras.is_empty() {
        String::from("(?P<e>$^)")
    } else {
        format!(
            "(?P<e>{})",
            alternation(words.eras.iter().map(|(name, _)| *name))
        )
    };
    let dates = words
        .date_patterns
        .iter()
        .map(|pattern| {
            let source = pattern
                .replace("{D}", &day)
                .replace("{M}", &month)
                .replace("{Y}", &year)
                .replace("{E}", &era);
            Regex::new(&source).expect("profile date pattern")
        })
        .collect();
    let compile_all = |sources: &[&str]| -> Vec<Regex> {
        sources
            .iter()
            .map(|source| Regex::new(source).expect("profile identity pattern"))
            .collect()
    };
    let signature_after_date = (!words.signature_after_date.is_empty())
        .then(|| Regex::new(words.signature_after_date).expect("profile identity pattern"));
    let instruments = words
        .instruments
        .iter()
        .map(|entry| {
            let body = alternation(entry.words.iter().copied());
            let source = match profile.script {
                Script::Latin => format!(r"(?i)\b(?:{body})\b"),
                Script::Japanese => format!("(?:{body})"),
            };
            (
                entry.kind,
                Regex::new(&source).expect("profile instrument words"),
            )
        })
        .collect();
    Grammar {
        dates,
        signature: compile_all(words.signature),
        signature_after_date,
        signed_statement: compile_all(words.signed_statement),
        instruments,
        amendment_notes: compile_all(words.amendment_notes),
    }
}

/// The regex sources of a date's day, month and year in `profile`'s script.
fn date_parts(profile: &Profile) -> (String, String, String) {
    match profile.script {
        Script::Latin => {
            let cardinal = alternation(
                profile
                    .numbers
                    .words
                    .iter()
                    .filter(|w| !matches!(w.kind, NumberWordKind::Zero))
                    .map(|w| w.word),
            );
            let ordinal = alternation(profile.identity.ordinals.iter().map(|(w, _)| *w));
            let connector = regex::escape(profile.numbers.connector);
            // A phrase of number words (`vinte e sete`, `twenty-sixth`, `mil novecentos e
            // setenta e quatro`), read by `parse_number_words` and the ordinals.
            let word = if ordinal.is_empty() {
                format!("(?:{cardinal})")
            } else {
                format!("(?:{cardinal}|{ordinal})")
            };
            // Words may be written together (`twentyseventh`, `seventynine`): the separator
            // is optional, and `dates::number` splits such a run into its words.
            let phrase = format!(r"{word}(?:(?:\s+{connector}\s+|[\s-]*){word})*");
            let month = alternation(profile.structure.months.iter().copied());
            // Digits as OCR prints them: `l0th`, `1O`, `l986` (a letter l, I or O for a
            // digit beside a real one; `dates::number` reads them back).
            (
                format!(r"(?P<d>\d{{1,2}}|[lI]\d|\d[lIO]|{phrase})"),
                format!(r"(?P<m>{month})"),
                format!(r"(?P<y>\d{{4}}|[lI]\d{{3}}|\d{{2}}[lIO]\d|\d{{3}}[lIO]|{phrase})"),
            )
        }
        Script::Japanese => {
            let numerals: String = profile
                .numbers
                .numerals
                .iter()
                .map(|n| regex::escape(&n.ch.to_string()))
                .collect();
            let first = regex::escape(profile.identity.era_first_year);
            let number = |digits: usize| format!(r"\d{{1,{digits}}}|[{numerals}]+");
            (
                format!("(?P<d>{})", number(2)),
                format!("(?P<m>{})", number(2)),
                format!("(?P<y>{}|{first})", number(4)),
            )
        }
    }
}

/// An alternation of literal words, longest first so the longest wins at one position.
pub(crate) fn alternation<'a>(words: impl Iterator<Item = &'a str>) -> String {
    let mut words: Vec<&str> = words.filter(|w| !w.is_empty()).collect();
    words.sort_by_key(|w| std::cmp::Reverse(w.len()));
    words.dedup();
    words
        .iter()
        .map(|w| regex::escape(w))
        .collect::<Vec<_>>()
        .join("|")
}
