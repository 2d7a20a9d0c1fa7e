//! A language added only as a profile gets the same repairs as the built-in ones: its OCR
//! keywords, units of damaged numbers and page words come from its profile.
//!
//! Its own test binary: profiles can only be installed before any stage reads them.

use treaty_lang::{
    install, Identification, IdentityWords, Names, NormalizeWords, NumberWords, Profile, RuleWords,
    Script, StructureWords, TopicWords,
};
use treaty_normalize::{normalize_bytes, IngestConfig};

/// A few words of German, enough for the repairs below.
const GERMAN: Profile = Profile {
    code: "de",
    name: "German",
    script: Script::Latin,
    ident: Identification::EMPTY,
    numbers: NumberWords::EMPTY,
    normalize: NormalizeWords {
        ocr_keywords: &["artikel"],
        ocr_number_units: &["tage", "tagen", "prozent"],
        page_words: &["Seite"],
        ..NormalizeWords::EMPTY
    },
    structure: StructureWords::EMPTY,
    kanji: treaty_lang::KanjiStructure::EMPTY,
    topics: TopicWords::EMPTY,
    rules: RuleWords::EMPTY,
    names: Names::EMPTY,
    identity: IdentityWords::EMPTY,
};

#[test]
fn german_profile_words_are_repaired_like_the_built_in_ones() {
    install(&[GERMAN]).expect("installed before any stage read a profile");
    let mut text = String::from("Artlkel 5\nDie Steuer darf l5 Prozent nicht übersteigen.\n");
    for page in 1..=3 {
        text.push_str(&format!(
            "Seite {page}\nWährend eines Zeitraums von l83 Tagen, Absatz {page}.\n"
        ));
    }
    let normalized = normalize_bytes(text.as_bytes(), &IngestConfig::default()).unwrap();
    assert!(
        normalized.text.starts_with("Artikel 5\n"),
        "{}",
        normalized.text
    );
    assert!(
        normalized.text.contains("15 Prozent"),
        "{}",
        normalized.text
    );
    assert!(normalized.text.contains("183 Tagen"), "{}", normalized.text);
    assert!(!normalized.text.contains("Seite"), "{}", normalized.text);
    assert_eq!(normalized.stats.page_furniture, 3);
}
