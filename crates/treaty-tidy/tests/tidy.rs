//! The tidy test: every check of `treaty-tidy` run on every crate under `crates/`.
//!
//! - No function outside tests is longer than 100 lines (`src/`, `benches/`, `examples/`).
//! - No import circle between the modules of any crate (`src/`).
//! - Words of a language live in the profiles (`crates/treaty-lang/src/<folder>/`): no kana or
//!   kanji, no profile word in a pipeline stage, no language name, outside them.
//! - No source outside the profiles, code or comment, names a state, currency or agency of the
//!   corpus texts.
//!
//! Nothing is exempt but what a source says of itself (`// tidy: ...` comments, see
//! `treaty_tidy::language`): every finding fails the test.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use treaty_tidy::language::{profile_folders, ProfileData};
use treaty_tidy::literals::lex;
use treaty_tidy::source::is_test_path;
use treaty_tidy::workspace::{crates, sources, Crate};
use treaty_tidy::{corpus_names, function_length, language, module_graph};

/// States, currencies and agencies named in the corpus texts, lower case.
const CORPUS_NAMES: &[&str] = &[
    // States and places.
    "australia",
    "brazil",
    "brasil",
    "canada",
    "china",
    "denmark",
    "dinamarca",
    "estonia",
    "ethiopia",
    "finland",
    "france",
    "hong kong",
    "iceland",
    "indonesia",
    "ireland",
    "italy",
    "japan",
    "japão",
    "kenya",
    "kuwait",
    "latvia",
    "malawi",
    "malaysia",
    "mexico",
    "montenegro",
    "netherlands",
    "new zealand",
    "norway",
    "philippines",
    "portugal",
    "saudi",
    "singapore",
    "south africa",
    "spain",
    "sweden",
    "switzerland",
    "thailand",
    "emirates",
    "united kingdom",
    "viet nam",
    "vietnam",
    "austria",
    "bolivia",
    "india",
    "panama",
    "united states",
    "デンマーク",
    "日本国",
    "中華人民共和国",
    "英国",
    "オランダ",
    // Currencies.
    "krone",
    "kroner",
    "coroas",
    "franc",
    "yen",
    "rupiah",
    "ringgit",
    "baht",
    "kwacha",
    "birr",
    "renminbi",
    "euro",
    // Agencies and banks.
    "export development",
    "eksportkredit",
    "nationalbank",
    "jbic",
    "nippon export",
    "japan bank for international",
    "banco central do brasil",
    "people's bank",
];

/// Crates whose sources are pipeline stages, where vocabulary must come from the profiles
/// (`treaty-schema` and `treaty-pipeline` were parts of `treaty-extract`).
const STAGES: &[&str] = &[
    "treaty-numbers",
    "treaty-normalize",
    "treaty-segment",
    "treaty-identity",
    "treaty-extract",
    "treaty-schema",
    "treaty-pipeline",
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn all_crates() -> Vec<Crate> {
    let found = crates(&workspace());
    assert!(found.len() > 5, "crates unread: {found:?}");
    found
}

/// Fails naming everything a check found (one message may stand for several keys: a circle
/// for each of its modules).
fn assert_none_found(what: &str, found: &BTreeMap<String, String>) {
    let messages: BTreeSet<&String> = found.values().collect();
    assert!(
        messages.is_empty(),
        "{} {what}:\n{}",
        messages.len(),
        messages
            .iter()
            .map(|m| m.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    );
}

#[test]
fn functions_are_at_most_100_lines() {
    let mut found = BTreeMap::new();
    let mut read = 0;
    for krate in all_crates() {
        for (path, text) in sources(&krate, &["src", "benches", "examples"]) {
            if is_test_path(&path) {
                continue;
            }
            read += 1;
            let shown = format!("crates/{}/{path}", krate.name);
            for (name, message) in function_length::violations(&shown, &text) {
                found.insert(format!("{} {path} fn {name}", krate.name), message);
            }
        }
    }
    assert!(read > 100, "sources unread");
    assert_none_found(
        &format!("functions over {} lines", function_length::MAX_LINES),
        &found,
    );
}

#[test]
fn modules_import_one_way() {
    let mut found = BTreeMap::new();
    for krate in all_crates() {
        let graph = module_graph::crate_graph(&sources(&krate, &["src"]));
        assert!(!graph.is_empty(), "{}: no module read", krate.name);
        for circle in module_graph::circles(&graph) {
            let message = format!(
                "crates/{}: {} (the circle's modules: {})",
                krate.name,
                circle.path.join(" -> "),
                circle.modules.join(", ")
            );
            for module in &circle.modules {
                found.insert(format!("{} {module}", krate.name), message.clone());
            }
        }
    }
    assert_none_found(
        "modules in import circles (a module imports another when it names a path into it; \
         move what both need into a module below them, the dispatcher into their parent)",
        &found,
    );
}

/// Source files the language checks read: every crate's `src/`, test files aside, the
/// profiles' crate aside. Paths are relative to the workspace.
fn language_sources() -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    for krate in all_crates() {
        let stage = STAGES.contains(&krate.name.as_str());
        for (path, text) in sources(&krate, &["src"]) {
            let relative = format!("crates/{}/{path}", krate.name);
            if is_test_path(&relative) || relative.starts_with("crates/treaty-lang/src/") {
                continue;
            }
            out.push((relative, text, stage));
        }
    }
    out
}

#[test]
fn language_words_live_in_the_profiles() {
    let profiles = ProfileData::read(&workspace());
    assert!(
        profiles.vocabulary.contains("article") && profiles.vocabulary.contains("artigo"),
        "profiles unread"
    );
    assert!(
        profiles.language_names.contains("Portuguese")
            && profiles.language_names.contains("Japanese"),
        "profile names unread: {:?}",
        profiles.language_names
    );
    let mut found = BTreeMap::new();
    for (path, source, stage) in language_sources() {
        let lexed = lex(&source);
        let mut violations = language::violations_in(&path, &source, &lexed, stage, &profiles);
        violations.extend(corpus_names::violations(&path, &lexed, CORPUS_NAMES));
        for violation in violations {
            found.insert(violation.clone(), violation);
        }
    }
    assert_none_found("language words outside the profiles", &found);
}

#[test]
fn profile_folders_are_found_by_listing() {
    let names: Vec<String> = profile_folders(&workspace())
        .iter()
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for expected in ["en", "ja", "lookalike", "pt"] {
        assert!(names.iter().any(|n| n == expected), "{names:?}");
    }
}

/// The planted words of issue 45, with the real profiles: a byte string, a `concat!` and a
/// pattern that each spell a profile word are found in a stage.
#[test]
fn planted_words_are_found_with_the_real_profiles() {
    let profiles = ProfileData::read(&workspace());
    let source = "const A: &[u8] = b\"dividendos\";\nconst B: &str = concat!(\"divi\", \"dends\");\nconst C: &str = r\"\\bartig[oa]s?\\b\";\n";
    let found = language::violations(
        "crates/treaty-segment/src/planted.rs",
        source,
        true,
        &profiles,
    );
    let lines: Vec<&str> = found.iter().map(|v| v.split(':').nth(1).unwrap()).collect();
    assert_eq!(lines, ["1", "2", "3"], "{found:#?}");
    let clean = "const A: &[u8] = b\"\\x00\\x01\";\nconst B: &str = concat!(\"a\", \"_\", \"b\");\nconst C: &str = r\"\\d+(?:\\.\\d+)?\";\n";
    let found = language::violations(
        "crates/treaty-segment/src/planted.rs",
        clean,
        true,
        &profiles,
    );
    assert!(found.is_empty(), "{found:#?}");
}
