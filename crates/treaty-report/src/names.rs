//! Names the pages show and link by: a document's page file name and link, a language's name,
//! a word safe in a class attribute.

use std::fmt::Write as _;

use percent_encoding::{percent_encode, NON_ALPHANUMERIC};
use treaty_schema::Lang;

use crate::escape;

/// The language's name in English, for headings: the profile's name, or the code itself for
/// a language no installed profile has.
pub(crate) fn language_name(lang: &str) -> &str {
    Lang::from_code(lang).map_or(lang, |lang| lang.profile().name)
}

/// A word safe in a class attribute: ASCII letters, digits, `_` and `-`, else `x`.
pub(crate) fn class_word(word: &str) -> String {
    let cleaned: String = word
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect();
    if cleaned.is_empty() {
        "x".to_string()
    } else {
        cleaned
    }
}

/// The file name of a document's page inside `docs/`, from its name, one per name: `%`, `.`,
/// path separators and control characters are percent-encoded (`a.b` gives `a%2Eb`), so the
/// page stays in the folder, two names never share a page (`a\nb` and `a_b`), and no name
/// reads as another's page suffix (`pm.versions`, `pm.2` beside `pm`). A stem longer than
/// [`MAX_STEM`] bytes is cut and ends with `%~` and a hash of the whole name, so the page's
/// file name stays under the usual limit of 255 bytes.
pub(crate) fn file_stem(doc: &str) -> String {
    let mut stem = String::with_capacity(doc.len());
    for c in doc.chars() {
        if matches!(c, '%' | '.' | '/' | '\\') || c.is_control() {
            // Each byte of the character (a C1 control has two); all are in the set.
            let mut bytes = [0; 4];
            stem.extend(percent_encode(
                c.encode_utf8(&mut bytes).as_bytes(),
                NON_ALPHANUMERIC,
            ));
        } else {
            stem.push(c);
        }
    }
    if stem.is_empty() {
        return "%~".to_string();
    }
    if stem.len() > MAX_STEM {
        let mut cut = MAX_STEM - 18;
        while !stem.is_char_boundary(cut) {
            cut -= 1;
        }
        stem.truncate(cut);
        let _ = write!(stem, "%~{:016x}", fnv1a(doc.as_bytes()));
    }
    stem
}

/// The longest page stem, in bytes: with `.NNNNN.versions.html` it stays under 255.
const MAX_STEM: usize = 200;

/// FNV-1a, 64 bits: a stable hash (the same in every run and version) for long page names.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The link to a document's page from the report folder.
pub(crate) fn document_href(doc: &str) -> String {
    format!("docs/{}.html", escape::href_segment(&file_stem(doc)))
}

#[cfg(test)]
mod tests {
    use super::{document_href, file_stem, MAX_STEM};

    #[test]
    fn a_link_to_a_page_decodes_to_the_file_the_page_is_written_to() {
        // Spaces, `#` (a fragment), `?` (a query), `%` (an escape of its own), non-ASCII,
        // a C1 control and `.`: the browser decodes the link once, to the file's name.
        for doc in [
            "a b#c?d%e",
            "50% #1",
            "xñü–é naïve",
            "αβγ δ",
            "a%2Eb.pdf",
            "x\u{85}y\tz",
        ] {
            let href = document_href(doc);
            assert!(href.bytes().all(|b| b.is_ascii_graphic()), "{href}");
            assert!(!href["docs/".len()..].contains(['#', '?', '/']), "{href}");
            let decoded = percent_encoding::percent_decode_str(&href)
                .decode_utf8()
                .unwrap();
            assert_eq!(decoded, crate::document_path(doc), "{doc:?}");
        }
        assert_eq!(
            document_href("a b#c%d.e"),
            "docs/a%20b%23c%2525d%252Ee.html"
        );
    }

    #[test]
    fn page_stems_are_one_per_name_and_never_read_as_a_page_suffix() {
        let names = [
            "a\nb",
            "a_b",
            "a/b",
            "a%2Fb",
            "pm",
            "pm.versions",
            "pm.2",
            "",
            "%~",
        ];
        let stems: Vec<String> = names.iter().map(|name| file_stem(name)).collect();
        let distinct: std::collections::BTreeSet<&String> = stems.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{stems:?}");
        for stem in &stems {
            assert!(!stem.contains(['.', '/', '\\', '\n']), "{stem}");
        }
        assert_eq!(file_stem("nl-china-en"), "nl-china-en");
        assert_eq!(file_stem("pm.versions"), "pm%2Eversions");
        // The side-by-side page of `pm` is `pm.versions.html`; `pm.versions` has its own.
        assert_ne!(
            format!("{}.html", file_stem("pm.versions")),
            "pm.versions.html"
        );
    }

    #[test]
    fn long_names_give_short_distinct_stems() {
        let long = "a".repeat(246);
        let other = format!("{}b", "a".repeat(245));
        let (stem, other_stem) = (file_stem(&long), file_stem(&other));
        assert!(stem.len() <= MAX_STEM, "{}", stem.len());
        assert_ne!(stem, other_stem);
        assert_eq!(stem, file_stem(&long));
        let wide = "日".repeat(100);
        assert!(file_stem(&wide).len() <= MAX_STEM);
    }
}
