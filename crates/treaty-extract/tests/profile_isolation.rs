//! Languages that do not leak (issue 24, point 4): installing extra Latin-script profiles
//! leaves the output of every corpus document byte-identical.
//!
//! A profile can be installed only before the first document, once per process, so the test
//! runs itself twice as child processes: once with the built-in profiles, once with a small
//! Spanish-like and a small German-like profile installed (Spanish shares many words with
//! Portuguese, German few with either; both are Latin-script, whose grammar and evidence read
//! every installed profile). Each child writes every corpus document's JSON; the parent
//! compares them byte for byte. PDFs are read through poppler's `pdftotext -layout`, as the
//! CLI reads them, where it is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use treaty_extract::{process_document, Settings};
use treaty_lang::{
    install, Identification, IdentityWords, KanjiStructure, Names, NormalizeWords, NumberWord,
    NumberWordKind, NumberWords, Profile, RuleWords, Script, StructureWords, TopicWords,
};

/// Set in a child: the folder to write the documents' JSON to.
const OUT: &str = "TREATY_ISOLATION_OUT";
/// Set in a child: `extra` to install the extra profiles first.
const PROFILES: &str = "TREATY_ISOLATION_PROFILES";
const TEST_NAME: &str = "installing_profiles_changes_no_corpus_document";

const fn w(word: &'static str, value: u64, kind: NumberWordKind) -> NumberWord {
    NumberWord { word, value, kind }
}

/// Spanish, as a user might first write it: lexicon, headings, a few rule words.
const SPANISH: Profile = Profile {
    code: "es",
    name: "Spanish",
    script: Script::Latin,
    ident: Identification {
        lexicon: &[
            "el",
            "la",
            "los",
            "las",
            "un",
            "una",
            "del",
            "al",
            "de",
            "en",
            "con",
            "por",
            "para",
            "que",
            "se",
            "su",
            "sus",
            "y",
            "o",
            "este",
            "esta",
            "otro",
            "otra",
            "será",
            "podrá",
            "pueden",
            "sin",
            "embargo",
            "estado",
            "estados",
            "contratante",
            "contratantes",
            "convenio",
            "impuesto",
            "impuestos",
            "sociedad",
            "residente",
            "residentes",
            "artículo",
            "apartado",
            "dividendos",
            "intereses",
            "cánones",
            "renta",
            "presente",
        ],
        marked_letters: "ñáéíóú",
        endings: &[
            "ción", "ciones", "mente", "dad", "os", "as", "es", "ado", "ada",
        ],
        heading_keywords: &["artículo"],
        ..Identification::EMPTY
    },
    numbers: NumberWords {
        words: &[
            w("cinco", 5, NumberWordKind::Ones),
            w("diez", 10, NumberWordKind::Teens),
            w("quince", 15, NumberWordKind::Teens),
            w("veinte", 20, NumberWordKind::Tens),
        ],
        connector: "y",
        thousands_separator: '.',
        percent_units: &[r"por\s+ciento"],
        day_units: &[r"d[ií]as?"],
        year_units: &[r"años?"],
        reference_words: &[r"art[íi]culos?", r"apartados?"],
        ..NumberWords::EMPTY
    },
    normalize: NormalizeWords::EMPTY,
    structure: StructureWords {
        preamble_end: &[r"han\s+acordado\s+lo\s+siguiente"],
        closing: &[r"en\s+fe\s+de\s+lo\s+cual"],
        article_heading: &["Artículo", "ARTÍCULO"],
        article_reference: &[r"[Aa]rtículos?"],
        contracting_state: &["Estado Contratante"],
        sentence_openers: &["el", "la", "los", "las"],
        title_stop_words: &["el", "la", "los", "las", "cuando", "si"],
        list_joiners: &["y", "o"],
        ..StructureWords::EMPTY
    },
    kanji: KanjiStructure::EMPTY,
    topics: TopicWords {
        titles: &[("dividendos", "dividends"), ("intereses", "interest")],
        ..TopicWords::EMPTY
    },
    rules: RuleWords {
        beneficial_owner: &["beneficiario efectivo"],
        gross_amount: &["del importe bruto"],
        ..RuleWords::EMPTY
    },
    names: Names::EMPTY,
    identity: IdentityWords::EMPTY,
};

/// German, as small.
const GERMAN: Profile = Profile {
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

/// Every corpus document: its name and its text (a PDF's through `pdftotext -layout`), or
/// `None` for PDFs where poppler is not installed.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let mut paths: Vec<PathBuf> = Vec::new();
    for folder in ["", "en", "ja", "md", "pdf"] {
        let Ok(entries) = std::fs::read_dir(root.join(folder)) else {
            continue;
        };
        paths.extend(entries.flatten().map(|e| e.path()).filter(|p| {
            p.is_file()
                && p.extension()
                    .is_some_and(|e| e == "txt" || e == "md" || e == "html" || e == "pdf")
        }));
    }
    paths.sort();
    let mut documents = Vec::new();
    for path in paths {
        let name = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('/', "__");
        let bytes = if path.extension().is_some_and(|e| e == "pdf") {
            match Command::new("pdftotext")
                .arg("-layout")
                .arg(&path)
                .arg("-")
                .output()
            {
                Ok(output) if output.status.success() => output.stdout,
                _ => continue,
            }
        } else {
            std::fs::read(&path).unwrap()
        };
        documents.push((name, bytes));
    }
    documents
}

/// In a child: install the profiles asked for, process every document, write its JSON.
fn child(out: &Path) {
    if std::env::var(PROFILES).as_deref() == Ok("extra") {
        install(&[SPANISH, GERMAN]).expect("installed before any document is read");
    }
    let documents = corpus();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((name, bytes)) = documents.get(index) else {
                    break;
                };
                let json = match process_document(name, bytes, &Settings::default()) {
                    Ok(report) => serde_json::to_string_pretty(&report).unwrap(),
                    Err(error) => format!("error: {error}"),
                };
                std::fs::write(out.join(format!("{name}.json")), json).unwrap();
            });
        }
    });
}

#[test]
fn installing_profiles_changes_no_corpus_document() {
    if let Some(out) = std::env::var_os(OUT) {
        child(Path::new(&out));
        return;
    }
    let base = std::env::temp_dir().join(format!("treaty-isolation-{}", std::process::id()));
    let exe = std::env::current_exe().unwrap();
    let mut outputs = Vec::new();
    for profiles in ["builtin", "extra"] {
        let out = base.join(profiles);
        std::fs::create_dir_all(&out).unwrap();
        let status = Command::new(&exe)
            .args(["--exact", TEST_NAME, "--nocapture", "--test-threads=1"])
            .env(OUT, &out)
            .env(PROFILES, profiles)
            .status()
            .unwrap();
        assert!(status.success(), "{profiles}: {status}");
        outputs.push(out);
    }
    let documents = corpus();
    assert!(
        documents.len() >= 40,
        "{} corpus documents",
        documents.len()
    );
    let mut changed = Vec::new();
    for (name, _) in &documents {
        let file = format!("{name}.json");
        let builtin = std::fs::read(outputs[0].join(&file)).unwrap();
        let extra = std::fs::read(outputs[1].join(&file)).unwrap();
        if builtin != extra {
            changed.push(name.clone());
        }
    }
    assert!(
        changed.is_empty(),
        "{} of {} documents changed with the extra profiles installed (compare {} and {}): {changed:?}",
        changed.len(),
        documents.len(),
        outputs[0].display(),
        outputs[1].display()
    );
    std::fs::remove_dir_all(&base).unwrap();
}
