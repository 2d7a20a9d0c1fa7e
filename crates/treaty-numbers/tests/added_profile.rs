//! A Latin-script language added only as a profile reads its own number words, units and
//! separators through the same code as the built-in ones: a few words of Spanish written
//! here, installed beside the core profiles in place of the built-in Spanish profile
//! (`tests/spanish.rs` reads the built-in one).
//!
//! Its own test binary: profiles can only be installed before any stage reads them.

use treaty_lang::{
    install_core_and, Identification, IdentityWords, Names, NormalizeWords, NumberWord,
    NumberWordKind, NumberWords, Profile, RuleWords, Script, StructureWords, TopicWords,
};
use treaty_numbers::{find_quantities, parse_number_words, Unit};

const fn w(word: &'static str, value: u64, kind: NumberWordKind) -> NumberWord {
    NumberWord { word, value, kind }
}

/// A few words of Spanish, enough for the clauses below.
const SPANISH: Profile = Profile {
    code: "es",
    name: "Spanish",
    script: Script::Latin,
    ident: Identification::EMPTY,
    numbers: NumberWords {
        words: &[
            w("cinco", 5, NumberWordKind::Ones),
            w("diez", 10, NumberWordKind::Teens),
            w("quince", 15, NumberWordKind::Teens),
            w("veinte", 20, NumberWordKind::Tens),
            w("ciento", 100, NumberWordKind::Hundreds),
            w("ochenta", 80, NumberWordKind::Tens),
            w("tres", 3, NumberWordKind::Ones),
            w("mil", 1000, NumberWordKind::LoneScale),
        ],
        connector: "y",
        thousands_separator: '.',
        percent_units: &[r"por\s+ciento"],
        day_units: &[r"d[ií]as?"],
        month_units: &[r"meses", "mes"],
        year_units: &[r"años?"],
        currency_units: &[r"euros?"],
        currency_names: &[("euro", "EUR")],
        reference_words: &[r"art[íi]culos?"],
        half_words: &["y medio"],
        ..NumberWords::EMPTY
    },
    normalize: NormalizeWords::EMPTY,
    structure: StructureWords::EMPTY,
    kanji: treaty_lang::KanjiStructure::EMPTY,
    topics: TopicWords::EMPTY,
    rules: RuleWords::EMPTY,
    names: Names::EMPTY,
    identity: IdentityWords::EMPTY,
};

#[test]
fn spanish_profile_flows_through_the_latin_finder() {
    let added = install_core_and(&[SPANISH]).expect("installed before any stage read a profile");
    let es = added[0];
    let text = "no podrá exceder del quince por ciento del importe bruto; durante ciento \
                ochenta y tres días; 4.000 euros; 7 y medio por ciento; el artículo 10 años";
    let found: Vec<(String, Unit, &str)> = find_quantities(text, es)
        .into_iter()
        .map(|q| (q.value.to_string(), q.unit, &text[q.span]))
        .collect();
    assert_eq!(
        found,
        [
            ("15".to_string(), Unit::Percent, "quince por ciento"),
            ("183".to_string(), Unit::Days, "ciento ochenta y tres días"),
            (
                "4000".to_string(),
                Unit::Currency("EUR".to_string()),
                "4.000 euros"
            ),
            ("7.5".to_string(), Unit::Percent, "7 y medio por ciento"),
        ]
    );
    assert_eq!(parse_number_words("ciento ochenta y tres"), Some(183));
    assert_eq!(parse_number_words("mil"), Some(1000));
}
