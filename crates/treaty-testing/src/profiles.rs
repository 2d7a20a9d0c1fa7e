//! Toy language profiles for tests: a profile written in a few lines, as a user adding a
//! language would start one. Tests install them beside the built-in profiles to show that a
//! language is one profile and that installing one changes nothing in the reading of the
//! others.

// tidy: file is not language (profiles for tests: their words are the point, as in treaty-lang)

use treaty_lang::{
    Identification, IdentityWords, KanjiStructure, Names, NormalizeWords, NumberWord,
    NumberWordKind, NumberWords, Profile, RuleWords, Script, StructureWords, TopicWords,
};

const fn w(word: &'static str, value: u64, kind: NumberWordKind) -> NumberWord {
    NumberWord { word, value, kind }
}

/// Italian, as a user might first write a profile: lexicon, headings, number words, a few
/// rule words. `crates/treaty-extract/tests/extra_language.rs` reads a treaty with it.
pub const ITALIAN: Profile = Profile {
    code: "it",
    name: "Italian",
    script: Script::Latin,
    ident: Identification {
        // Function words and frequent treaty words; words another profile shares ("dividendi"
        // is no one's, "che" no one's, "residente" Portuguese's and Spanish's) say nothing
        // between the two, as in any pair of profiles.
        lexicon: &[
            "il",
            "lo",
            "la",
            "gli",
            "le",
            "un",
            "una",
            "del",
            "della",
            "dei",
            "delle",
            "al",
            "alla",
            "di",
            "in",
            "nel",
            "nella",
            "con",
            "per",
            "che",
            "si",
            "e",
            "o",
            "questo",
            "questa",
            "detti",
            "altro",
            "sono",
            "può",
            "possono",
            "essere",
            "tuttavia",
            "stato",
            "stati",
            "contraente",
            "contraenti",
            "convenzione",
            "imposta",
            "imposte",
            "società",
            "residente",
            "residenti",
            "pagati",
            "beneficiario",
            "effettivo",
            "articolo",
            "paragrafo",
            "persone",
            "dividendi",
            "interessi",
            "canoni",
            "reddito",
            "redditi",
            "presente",
            "quando",
            "ambedue",
        ],
        marked_letters: "àèéìòù",
        endings: &["zione", "zioni", "ità", "mente", "ato", "ata", "ati", "ate"],
        heading_keywords: &["articolo"],
        ..Identification::EMPTY
    },
    numbers: NumberWords {
        words: &[
            w("cinque", 5, NumberWordKind::Ones),
            w("dieci", 10, NumberWordKind::Teens),
            w("quindici", 15, NumberWordKind::Teens),
            w("venti", 20, NumberWordKind::Tens),
        ],
        connector: "e",
        thousands_separator: '.',
        percent_units: &[r"per\s+cento"],
        day_units: &[r"giorni"],
        year_units: &[r"anni"],
        reference_words: &[r"articol[oi]", r"paragrafi?"],
        ..NumberWords::EMPTY
    },
    normalize: NormalizeWords::EMPTY,
    structure: StructureWords {
        preamble_end: &[r"hanno\s+convenuto\s+quanto\s+segue"],
        closing: &[r"in\s+fede\s+di\s+che"],
        article_heading: &["Articolo", "ARTICOLO"],
        article_reference: &[r"[Aa]rticol[oi]"],
        contracting_state: &["Stato contraente"],
        sentence_openers: &["il", "la", "i", "le", "gli"],
        title_stop_words: &["il", "la", "i", "le", "gli", "quando", "se"],
        list_joiners: &["e", "o"],
        ..StructureWords::EMPTY
    },
    kanji: KanjiStructure::EMPTY,
    topics: TopicWords {
        titles: &[
            ("soggetti", "persons_covered"),
            ("imposte considerate", "taxes_covered"),
            ("dividendi", "dividends"),
            ("interessi", "interest"),
            ("canoni", "royalties"),
            ("entrata in vigore", "entry_into_force"),
        ],
        ..TopicWords::EMPTY
    },
    rules: RuleWords {
        beneficial_owner: &["beneficiario effettivo"],
        gross_amount: &["dell'ammontare lordo"],
        ..RuleWords::EMPTY
    },
    names: Names::EMPTY,
    identity: IdentityWords::EMPTY,
};

/// German, as small: installed beside the built-in profiles by
/// `crates/treaty-extract/tests/profile_isolation.rs`, which checks it changes nothing in
/// the reading of the other languages.
pub const GERMAN: Profile = Profile {
    code: "de",
    name: "German",
    script: Script::Latin,
    ident: Identification {
        lexicon: &[
            "der",
            "die",
            "das",
            "und",
            "in",
            "im",
            "ist",
            "sind",
            "nicht",
            "ein",
            "eine",
            "des",
            "dem",
            "den",
            "zu",
            "von",
            "mit",
            "für",
            "auf",
            "oder",
            "wird",
            "werden",
            "kann",
            "können",
            "staat",
            "staates",
            "vertragsstaat",
            "vertragsstaaten",
            "abkommen",
            "artikel",
            "absatz",
            "dividenden",
            "zinsen",
            "lizenzgebühren",
            "steuer",
            "person",
        ],
        marked_letters: "äöüß",
        endings: &["ung", "ungen", "keit", "heit", "lich", "isch"],
        letter_groups: &["sch", "tz", "ck"],
        heading_keywords: &["artikel"],
        ..Identification::EMPTY
    },
    numbers: NumberWords {
        words: &[
            w("fünf", 5, NumberWordKind::Ones),
            w("zehn", 10, NumberWordKind::Teens),
            w("fünfzehn", 15, NumberWordKind::Teens),
        ],
        connector: "und",
        thousands_separator: '.',
        percent_units: &[r"(?:vom\s+Hundert|Prozent)"],
        day_units: &[r"Tagen?"],
        year_units: &[r"Jahren?"],
        reference_words: &[r"Artikels?", r"Absatz(?:es)?"],
        ..NumberWords::EMPTY
    },
    normalize: NormalizeWords::EMPTY,
    structure: StructureWords {
        preamble_end: &[
            r"wie\s+folgt\s+vereinbart",
            r"haben\s+Folgendes\s+vereinbart",
        ],
        closing: &[r"zu\s+Urkund\s+dessen"],
        article_heading: &["Artikel", "ARTIKEL"],
        article_reference: &[r"Artikels?"],
        contracting_state: &["Vertragsstaat"],
        sentence_openers: &["der", "die", "das"],
        title_stop_words: &["der", "die", "das", "wenn"],
        list_joiners: &["und", "oder"],
        ..StructureWords::EMPTY
    },
    kanji: KanjiStructure::EMPTY,
    topics: TopicWords {
        titles: &[("dividenden", "dividends"), ("zinsen", "interest")],
        ..TopicWords::EMPTY
    },
    rules: RuleWords {
        beneficial_owner: &["nutzungsberechtigte"],
        gross_amount: &["des Bruttobetrags"],
        ..RuleWords::EMPTY
    },
    names: Names::EMPTY,
    identity: IdentityWords::EMPTY,
};
