//! Languages that do not leak (issue 24, point 4; issue 27, point 3): the built-in Spanish
//! profile, and a profile installed beside it, leave the output of every Portuguese, English
//! and Japanese corpus document byte-identical.
//!
//! Profiles are chosen only before the first document, once per process, so the test runs
//! itself twice as child processes: once with the core profiles alone (Portuguese, English,
//! Japanese: `install_core_and(&[])`), once with the default ones (Spanish among them) and a
//! small German-like profile installed (Spanish shares many words with Portuguese, German few
//! with either; all are Latin-script, whose grammar and evidence read every profile taking
//! part). Each child writes every corpus document's JSON, the Spanish ones (`corpus/es`)
//! aside; the parent compares them byte for byte. PDFs are read through poppler's
//! `pdftotext -layout`, as the CLI reads them, where it is installed.

use std::path::{Path, PathBuf};
use std::process::Command;

use treaty_lang::{install, install_core_and, Lang};
use treaty_pipeline::{process_document, Settings};
use treaty_testing::profiles::GERMAN;

/// Set in a child: the folder to write the documents' JSON to.
const OUT: &str = "TREATY_ISOLATION_OUT";
/// Set in a child: `core` for the core profiles alone, `extra` for the default ones and a
/// German-like profile.
const PROFILES: &str = "TREATY_ISOLATION_PROFILES";
const TEST_NAME: &str = "installing_profiles_changes_no_corpus_document";

/// Every corpus document: its name and its text (a PDF's through `pdftotext -layout`), or
/// `None` for PDFs where poppler is not installed.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let mut paths: Vec<PathBuf> = Vec::new();
    // Every folder but `es`: the Portuguese, English and Japanese documents.
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
    match std::env::var(PROFILES).as_deref() {
        Ok("core") => {
            install_core_and(&[]).expect("installed before any document is read");
            assert_eq!(Lang::from_code("es"), None);
        }
        _ => {
            install(&[GERMAN]).expect("installed before any document is read");
            assert!(Lang::from_code("es").is_some_and(|es| !es.is_core()));
        }
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
    for profiles in ["core", "extra"] {
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
        let core = std::fs::read(outputs[0].join(&file)).unwrap();
        let extra = std::fs::read(outputs[1].join(&file)).unwrap();
        if core != extra {
            changed.push(name.clone());
        }
    }
    assert!(
        changed.is_empty(),
        "{} of {} documents changed with Spanish and a German-like profile installed (compare {} and {}): {changed:?}",
        changed.len(),
        documents.len(),
        outputs[0].display(),
        outputs[1].display()
    );
    std::fs::remove_dir_all(&base).unwrap();
}
