//! A Spanish/Portuguese bilingual print is separated by language as Portuguese/English prints
//! are (issue 27, point 3): a print made from two corpus texts, the dividends, interest and
//! royalties articles of a Spanish convention (`corpus/es/es-finland-2015.txt`) and of a
//! Portuguese one (`corpus/portugal-montenegro-2016-pt-en.txt`), interleaved line by line as a
//! two-column print read across gives them, is read as one treaty in two versions: every line
//! in the version of its language, each version with its own articles, titles and rates.

use std::path::Path;

use treaty_pipeline::{process_document, Settings};
use treaty_segment::{segment, Config};

fn corpus(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The non-empty lines of `text` from the line that starts with `from` to the line before the
/// one that starts with `to`.
fn block<'a>(text: &'a str, from: &str, to: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with(from))
        .unwrap_or_else(|| panic!("no line starts with {from}"));
    let end = start
        + lines[start..]
            .iter()
            .position(|l| l.starts_with(to))
            .unwrap_or_else(|| panic!("no line starts with {to}"));
    lines[start..end]
        .iter()
        .copied()
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// The print: each preamble, then article by article the Spanish and the Portuguese lines in
/// turn (a heading and the title on the line after it count as one line, as the two columns of
/// a print align headings), then each closing formula.
fn print() -> (String, Vec<String>, Vec<String>) {
    let spanish = corpus("es/es-finland-2015.txt");
    let portuguese = corpus("portugal-montenegro-2016-pt-en.txt");
    let mut es: Vec<Vec<&str>> = vec![block(&spanish, "El Reino de España", "CAPÍTULO I")];
    let mut pt: Vec<Vec<&str>> = vec![block(&portuguese, "A República Portuguesa e", "CAPÍTULO I")];
    for (n, next) in [(10, 11), (11, 12), (12, 13)] {
        es.push(block(
            &spanish,
            &format!("Artículo {n}."),
            &format!("Artículo {next}."),
        ));
        pt.push(block(
            &portuguese,
            &format!("Artigo {n}.º"),
            &format!("Artigo {next}.º"),
        ));
    }
    es.push(block(&spanish, "En fe de lo cual", "Hecho en"));
    pt.push(block(&portuguese, "Em testemunho do qual", "Feito em"));
    let rows = |lines: &[&str]| -> Vec<String> {
        let mut rows: Vec<String> = Vec::new();
        for line in lines {
            match rows.last_mut() {
                Some(last) if last.starts_with("Artigo ") && !last.contains('\n') => {
                    last.push_str("\n\n");
                    last.push_str(line);
                }
                _ => rows.push(line.to_string()),
            }
        }
        rows
    };
    let mut text = String::new();
    for (es_lines, pt_lines) in es.iter().zip(&pt) {
        let (es_rows, pt_rows) = (rows(es_lines), rows(pt_lines));
        for i in 0..es_rows.len().max(pt_rows.len()) {
            for row in [es_rows.get(i), pt_rows.get(i)].into_iter().flatten() {
                text.push_str(row);
                text.push_str("\n\n");
            }
        }
    }
    let owned = |blocks: &[Vec<&str>]| -> Vec<String> {
        blocks[1..blocks.len() - 1]
            .iter()
            .flatten()
            .map(|l| l.to_string())
            .collect()
    };
    (text, owned(&es), owned(&pt))
}

#[test]
fn a_spanish_portuguese_print_is_separated_by_language() {
    let (text, es_lines, pt_lines) = print();
    let (document, diagnostics) = segment(&text, &Config::default());
    assert!(
        !diagnostics.iter().any(|d| d.code == "unsupported_language"),
        "{diagnostics:?}"
    );
    assert_eq!(document.treaties.len(), 1, "{:?}", document.treaties);
    let versions = &document.treaties[0].versions;
    let langs: Vec<String> = versions.iter().map(|v| v.lang.to_string()).collect();
    assert_eq!(langs, ["es", "pt"]);
    let outline = |lang: &str| -> Vec<(String, String, usize)> {
        let version = versions.iter().find(|v| v.lang.as_str() == lang).unwrap();
        version
            .articles
            .iter()
            .map(|a| (a.number.clone(), a.title.clone(), a.paragraphs.len()))
            .collect()
    };
    let expected = |rows: [(&str, &str, usize); 3]| -> Vec<(String, String, usize)> {
        rows.iter()
            .map(|(n, t, p)| (n.to_string(), t.to_string(), *p))
            .collect()
    };
    assert_eq!(
        outline("es"),
        expected([
            ("10", "Dividendos", 5),
            ("11", "Intereses", 4),
            ("12", "Cánones", 4)
        ])
    );
    // The Portuguese title `Royalties` is an English word too: between lines of two other
    // languages it is read as English and lost to the article (in a Portuguese run it stays
    // with the run). It goes to neither the Spanish version nor the Portuguese one's text.
    assert_eq!(
        outline("pt"),
        expected([("10", "Dividendos", 5), ("11", "Juros", 7), ("12", "", 6)])
    );
    // Every line of an article went to the version of its language, and none to the other.
    let body = |lang: &str| -> String {
        let version = versions.iter().find(|v| v.lang.as_str() == lang).unwrap();
        version
            .articles
            .iter()
            .flat_map(|a| a.paragraphs.iter().map(|p| p.text.as_str()))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (es_body, pt_body) = (body("es"), body("pt"));
    let in_body = |body: &str, line: &str| {
        // A line's text without its paragraph number, whitespace folded.
        let folded = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let words: Vec<&str> = line.split_whitespace().skip(1).take(8).collect();
        folded(body).contains(&words.join(" "))
    };
    for line in es_lines.iter().filter(|l| l.len() > 60) {
        assert!(
            in_body(&es_body, line),
            "not in the Spanish version: {line}"
        );
        assert!(
            !in_body(&pt_body, line),
            "in the Portuguese version: {line}"
        );
    }
    for line in pt_lines.iter().filter(|l| l.len() > 60) {
        assert!(
            in_body(&pt_body, line),
            "not in the Portuguese version: {line}"
        );
        assert!(!in_body(&es_body, line), "in the Spanish version: {line}");
    }

    // The rates of each version, read by its own profile's words.
    let report = process_document("es-pt-print.txt", text.as_bytes(), &Settings::default())
        .expect("a text document");
    let dividends = |lang: &str| -> Vec<String> {
        report
            .rows
            .iter()
            .filter(|r| r.lang.as_str() == lang && r.topic.as_str() == "dividends")
            .filter(|r| r.kind.to_string() == "rate")
            .map(|r| r.value.to_string())
            .collect()
    };
    assert_eq!(dividends("es")[..2], ["5", "15"]);
    assert_eq!(dividends("pt")[..2], ["5", "10"]);
}
