//! Text in a language with no installed profile is refused and named, never read with a
//! neighbour's grammar; Portuguese and English text is read as before, and Spanish text, which
//! has a built-in profile, is read as Spanish.

use std::path::Path;

use treaty_segment::{segment, Config};

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/unsupported")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The corpus of the repository, and the 12 Spanish conventions beside it (`shared/`).
fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The message of the `unsupported_language` diagnostic, after checking that nothing was read.
fn refusal(text: &str) -> Option<String> {
    let (document, diagnostics) = segment(text, &Config::default());
    let refusal = diagnostics
        .iter()
        .find(|d| d.code == "unsupported_language")?;
    assert!(document.treaties.is_empty(), "{:?}", document.treaties);
    Some(refusal.message.clone())
}

/// The languages of the lookalikes with no profile, refused.
const REFUSED: [&str; 4] = ["gl.txt", "ca.txt", "it.txt", "fr.txt"];

#[test]
fn two_articles_in_a_neighbour_language_are_refused_and_named() {
    for (file, name) in [
        ("gl.txt", "Galician"),
        ("ca.txt", "Catalan"),
        ("it.txt", "Italian"),
        ("fr.txt", "French"),
    ] {
        let message = refusal(&data(file)).unwrap_or_else(|| panic!("{file} was read"));
        let expected = format!("the text looks {name}; no installed profile reads {name}");
        assert!(message.starts_with(&expected), "{file}: {message}");
        assert!(
            message
                .contains("not in a supported language (Portuguese, English, Japanese or Spanish)"),
            "{file}: {message}"
        );
    }
}

#[test]
fn one_article_is_enough() {
    for file in REFUSED {
        let text = data(file);
        let heading = |from: usize| from + text[from..].find("\nArt").expect("two articles");
        let first = &text[..heading(heading(0) + 1)];
        assert!(refusal(first).is_some(), "{file}: {first}");
    }
}

/// The languages of a document's versions, and its article count.
fn read_as(text: &str) -> (Vec<String>, usize) {
    let (document, diagnostics) = segment(text, &Config::default());
    assert!(
        !diagnostics.iter().any(|d| d.code == "unsupported_language"),
        "{diagnostics:?}"
    );
    let versions: Vec<_> = document
        .treaties
        .iter()
        .flat_map(|t| t.versions.iter())
        .collect();
    let mut langs: Vec<String> = versions.iter().map(|v| v.lang.to_string()).collect();
    langs.dedup();
    (langs, versions.iter().map(|v| v.articles.len()).sum())
}

#[test]
fn spanish_text_is_read_by_the_spanish_profile() {
    // The excerpt of two articles the lookalike refused while Spanish had no profile.
    let (langs, articles) = read_as(&data("es.txt"));
    assert_eq!(langs, ["es"]);
    assert_eq!(articles, 2);
    // Its first article alone.
    let text = data("es.txt");
    let heading = |from: usize| from + text[from..].find("\nArt").expect("two articles");
    let (langs, articles) = read_as(&text[..heading(heading(0) + 1)]);
    assert_eq!((langs, articles), (vec!["es".to_string()], 1));
}

#[test]
fn spanish_conventions_from_the_gazette_are_read_as_spanish() {
    let folder = workspace().join("corpus/es");
    let mut count = 0;
    for entry in std::fs::read_dir(&folder).unwrap().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        let (langs, articles) = read_as(&text);
        assert_eq!(langs, ["es"], "{:?}", entry.path());
        assert!(articles >= 20, "{:?}: {articles} articles", entry.path());
        count += 1;
    }
    assert!(count >= 12, "{count} Spanish conventions");
}

#[test]
fn portuguese_and_english_prints_are_read_as_before() {
    // Bilingual prints (one in two columns read across by OCR), and a text that quotes the
    // taxes of Spain and France by their Spanish and French names.
    for file in [
        "corpus/portugal-montenegro-2016-pt-en.txt",
        "corpus/brazil-denmark-1974-pt-en-ocr.txt",
        "corpus/canada-denmark-1997-en-web.txt",
    ] {
        let text = std::fs::read_to_string(workspace().join(file)).unwrap();
        assert_eq!(refusal(&text), None, "{file}");
        let (document, _) = segment(&text, &Config::default());
        assert!(
            document.treaties.iter().any(|t| !t.versions.is_empty()),
            "{file}"
        );
    }
    // The taxes of Spain and France named in their languages, in an English treaty.
    let english =
        std::fs::read_to_string(workspace().join("corpus/canada-denmark-1997-en-web.txt")).unwrap();
    let at = english
        .find("\n(b) in the case of")
        .expect("the taxes covered");
    let quoted = format!(
        "{}\n(c) in Spain: el Impuesto sobre la Renta de las Personas Físicas, el Impuesto sobre \
         Sociedades y el Impuesto sobre la Renta de no Residentes;\n(d) in France: l'impôt sur le \
         revenu, l'impôt sur les sociétés et la taxe sur les salaires;\n{}",
        &english[..at],
        &english[at..]
    );
    assert_eq!(refusal(&quoted), None);
}

#[test]
fn a_language_no_lookalike_knows_is_refused_and_named_by_the_detector() {
    let german = "Artikel 10\nDividenden\n1. Dividenden, die eine in einem Vertragsstaat ansässige \
        Gesellschaft an eine im anderen Vertragsstaat ansässige Person zahlt, können im anderen \
        Staat besteuert werden. 2. Diese Dividenden können jedoch auch in dem Vertragsstaat, in dem \
        die die Dividenden zahlende Gesellschaft ansässig ist, nach dem Recht dieses Staates \
        besteuert werden; die Steuer darf aber, wenn der Nutzungsberechtigte der Dividenden eine in \
        dem anderen Vertragsstaat ansässige Person ist, 15 vom Hundert des Bruttobetrags der \
        Dividenden nicht übersteigen.\n";
    let message = refusal(german).expect("refused");
    assert!(message.starts_with("the text looks German;"), "{message}");
}

/// The languages of a document's versions, the articles of each, and the messages of its
/// `unsupported_version` diagnostics.
fn versions_and_left_out(text: &str) -> (Vec<(String, usize)>, Vec<String>) {
    let (document, diagnostics) = segment(text, &Config::default());
    let versions = document
        .treaties
        .iter()
        .flat_map(|t| t.versions.iter())
        .map(|v| (v.lang.to_string(), v.articles.len()))
        .collect();
    let left_out = diagnostics
        .iter()
        .filter(|d| d.code == "unsupported_version")
        .map(|d| d.message.clone())
        .collect();
    (versions, left_out)
}

#[test]
fn a_version_in_a_language_without_profile_is_named_and_the_others_are_read() {
    // A bilingual print: a supported version, then the same treaty in a lookalike language
    // (the French half of a Japanese/French print, an Italian version beside an English one).
    let japanese = std::fs::read_to_string(
        workspace().join("corpus/ja/thailand--synthesizedtextforjapan-thailand-jp.txt"),
    )
    .unwrap();
    let english =
        std::fs::read_to_string(workspace().join("corpus/canada-denmark-1997-en-web.txt")).unwrap();
    for (text, other, lang, name) in [
        (&japanese, "fr.txt", "ja", "French"),
        (&english, "it.txt", "en", "Italian"),
    ] {
        let (alone, none) = versions_and_left_out(text);
        assert!(none.is_empty(), "{none:?}");
        let bilingual = format!("{text}\n\n{}", data(other));
        assert_eq!(refusal(&bilingual), None, "{other}: the document is read");
        let (versions, left_out) = versions_and_left_out(&bilingual);
        assert!(
            versions.iter().all(|(l, _)| l == lang),
            "{other}: {versions:?}"
        );
        assert_eq!(
            versions, alone,
            "{other}: the supported version is read as alone"
        );
        assert_eq!(left_out.len(), 1, "{other}: {left_out:?}");
        assert!(
            left_out[0].contains(&format!("the text looks {name}")),
            "{other}: {left_out:?}"
        );
    }
}

#[test]
fn bilingual_prints_of_two_profiles_leave_no_version_out() {
    for (file, languages) in [
        ("corpus/portugal-montenegro-2016-pt-en.txt", 2),
        ("corpus/brazil-denmark-1974-pt-en-ocr.txt", 2),
        ("corpus/japan-denmark-2017-ja-pdf.txt", 1),
    ] {
        let text = std::fs::read_to_string(workspace().join(file)).unwrap();
        let (versions, left_out) = versions_and_left_out(&text);
        assert!(left_out.is_empty(), "{file}: {left_out:?}");
        let mut langs: Vec<&str> = versions.iter().map(|(l, _)| l.as_str()).collect();
        langs.sort_unstable();
        langs.dedup();
        assert_eq!(langs.len(), languages, "{file}: {versions:?}");
    }
}
