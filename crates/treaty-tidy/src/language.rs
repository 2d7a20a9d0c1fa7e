//! Language words: words of a language live in the language profiles (the folders of
//! `crates/treaty-lang/src/`) and nowhere else.
//!
//! - No literal outside the profiles holds kana or kanji.
//! - No literal of a pipeline stage holds a word of a profile's vocabulary, except in
//!   messages written for the user and in the dataset's snake_case codes. The literal parts of
//!   a `format!` template are checked like any literal; a literal that is a regular expression
//!   is checked by what it matches: `r"\bartig[oa]s?\b"` matches a profile word, so it is
//!   vocabulary however it is spelled.
//! - No literal outside the profiles names a profile's language (`"Portuguese"`): the report
//!   and the command line take it from the profile.
//!
//! Literals are every kind rustc has (byte strings, raw strings, C strings, chars) and the
//! literals a `concat!` joins, as rustc unescapes them. A comment `// tidy: not language
//! (<why>)` exempts the literals from its line to the next blank line, and `// tidy: file is
//! not language (<why>)` a whole file.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use ra_ap_rustc_lexer::TokenKind;
use regex::RegexBuilder;

use crate::literals::{exempt_lines, lex, Lexed};
use crate::source::{literal_value, tokens};
use crate::workspace::rust_files;

/// What the profiles hold: every Latin word of three letters or more in their data, and the
/// languages' names (the `name` of each profile).
#[derive(Debug, Default, Clone)]
pub struct ProfileData {
    /// Lower-case Latin words of three letters or more.
    pub vocabulary: BTreeSet<String>,
    /// The `name` of each profile, as written (`Portuguese`).
    pub language_names: BTreeSet<String>,
}

/// The profile folders of `crates/treaty-lang/src/` under `workspace` (`pt`, `en`, `ja`, ...,
/// and the data of languages known without a profile), found by listing it.
pub fn profile_folders(workspace: &Path) -> Vec<PathBuf> {
    let root = workspace.join("crates/treaty-lang/src");
    let Ok(entries) = fs::read_dir(&root) else {
        return Vec::new();
    };
    let mut folders: Vec<PathBuf> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    folders
}

impl ProfileData {
    /// Reads the profiles of the workspace at `workspace`.
    pub fn read(workspace: &Path) -> ProfileData {
        let mut data = ProfileData::default();
        for folder in profile_folders(workspace) {
            for file in rust_files(&folder) {
                if let Ok(text) = fs::read_to_string(&file) {
                    data.add_source(&text);
                }
            }
        }
        data
    }

    /// Adds the words and the language name of one profile source.
    pub fn add_source(&mut self, text: &str) {
        for literal in &lex(text).literals {
            self.vocabulary.extend(
                latin_words(&literal.text)
                    .into_iter()
                    .filter(|w| w.chars().count() >= 3),
            );
        }
        // `name: "Portuguese",` in a profile's definition.
        let tokens = tokens(text);
        for window in tokens.windows(3) {
            if window[0].text == "name" && window[1].kind == TokenKind::Colon {
                if let TokenKind::Literal { kind, .. } = window[2].kind {
                    if let Some(name) = literal_value(kind, window[2].text) {
                        self.language_names.insert(name);
                    }
                }
            }
        }
    }
}

/// Whether a character is kana or kanji (half-width katakana included).
pub fn is_kana_or_kanji(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0xFF66..=0xFF9F)
}

/// A `format!` template without its `{…}` placeholders (`{{` and `}}` are braces).
pub fn template_text(template: &str) -> String {
    let mut text = String::with_capacity(template.len());
    let mut chars = template.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                text.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                text.push('}');
            }
            '{' => {
                for skipped in chars.by_ref() {
                    if skipped == '}' {
                        break;
                    }
                }
                text.push(' ');
            }
            _ => text.push(c),
        }
    }
    text
}

/// The text of a literal without what is code in it: snake_case identifiers and keys (the
/// dataset's codes, `beneficial_owner=`, `income=`) and regex group names (`(?P<unit>`).
pub fn without_codes(text: &str) -> String {
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let group = ["(?P<", "(?<"].iter().find(|open| rest.starts_with(**open));
        if let Some(open) = group {
            let close = rest.find('>').unwrap_or(rest.len() - 1);
            kept.push_str(&rest[..open.len() - 1]);
            rest = &rest[close + 1..];
            continue;
        }
        let run = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if run == 0 {
            let c = rest.chars().next().unwrap_or(' ');
            kept.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let word = &rest[..run];
        // `income=`: a key of the dataset's `key=value` conditions.
        let key = rest[run..].starts_with('=') && word.bytes().all(|b| b.is_ascii_lowercase());
        let code = word.contains('_') && is_snake_case_code(word);
        if !key && !code {
            kept.push_str(word);
        }
        rest = &rest[run..];
    }
    kept
}

fn is_snake_case_code(text: &str) -> bool {
    text.contains('_')
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Latin words of a literal, lower case, with regex escapes (`\s`, `\b`, `\p{Lu}`) removed.
pub fn latin_words(text: &str) -> Vec<String> {
    let mut cleaned = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some('p' | 'P') = chars.next() {
                if chars.peek() == Some(&'{') {
                    for skipped in chars.by_ref() {
                        if skipped == '}' {
                            break;
                        }
                    }
                }
            }
            cleaned.push(' ');
            continue;
        }
        cleaned.push(c);
    }
    cleaned
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty() && !w.chars().any(is_kana_or_kanji))
        .map(str::to_lowercase)
        .collect()
}

/// Characters that make a literal worth reading as a regular expression.
const REGEX_SYNTAX: &[char] = &['\\', '[', '(', '|', '?', '*', '+', '{', '.'];

/// The profile word a literal matches when read as a regular expression, anchored at both
/// ends (`^(?:…)$`), if it parses as one. A pattern that also matches the word's letters
/// replaced by one repeated letter (`\w+`, `[a-z]{7}`) matches words in general, not that word.
pub fn pattern_word<'v>(literal: &str, vocabulary: &'v BTreeSet<String>) -> Option<&'v str> {
    if !literal.contains(REGEX_SYNTAX) || !literal.chars().any(char::is_alphabetic) {
        return None;
    }
    let regex = RegexBuilder::new(&format!("^(?:{literal})$"))
        .size_limit(1 << 20)
        .build()
        .ok()?;
    vocabulary
        .iter()
        .find(|word| {
            spellings(word)
                .iter()
                .any(|spelling| regex.is_match(spelling))
                && !['x', 'a', 'e', 'q'].iter().any(|&fill| {
                    let probe: String = word
                        .chars()
                        .map(|c| if c.is_alphabetic() { fill } else { c })
                        .collect();
                    spellings(&probe).iter().any(|p| regex.is_match(p))
                })
        })
        .map(String::as_str)
}

/// A lower-case word as a text may write it: lower case, capitalized, upper case.
fn spellings(word: &str) -> [String; 3] {
    let mut chars = word.chars();
    let capitalized = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    [word.to_string(), capitalized, word.to_uppercase()]
}

/// The language-word violations of one source file (`path` relative to the workspace), one
/// line each; vocabulary is checked when the file is in a pipeline stage (`stage`).
pub fn violations(path: &str, source: &str, stage: bool, profiles: &ProfileData) -> Vec<String> {
    let lexed = lex(source);
    violations_in(path, source, &lexed, stage, profiles)
}

/// [`violations`] of a source already lexed.
pub fn violations_in(
    path: &str,
    source: &str,
    lexed: &Lexed,
    stage: bool,
    profiles: &ProfileData,
) -> Vec<String> {
    let exempt = exempt_lines(source, lexed);
    let mut found = Vec::new();
    for literal in &lexed.literals {
        if exempt.contains(&literal.line) {
            continue;
        }
        if let Some(what) = literal_violation(&literal.text, literal.template, stage, profiles)
            .filter(|_| !literal.message || literal.text.chars().any(is_kana_or_kanji))
        {
            found.push(format!("{path}:{}: {what}", literal.line));
        }
    }
    found
}

/// What is wrong with one literal that is not a message, if anything.
fn literal_violation(
    literal: &str,
    template: bool,
    stage: bool,
    profiles: &ProfileData,
) -> Option<String> {
    if literal.chars().any(is_kana_or_kanji) {
        return Some(format!("kana or kanji in {literal:?}"));
    }
    let text = without_codes(&if template {
        template_text(literal)
    } else {
        literal.to_string()
    });
    // As the profile writes it: `Japanese`, not the script label `japanese`.
    if let Some(name) = profiles.language_names.iter().find(|name| {
        text.split(|c: char| !c.is_alphanumeric())
            .any(|word| word == name.as_str())
    }) {
        return Some(format!(
            "language name `{name}` in {text:?}: take it from the profile"
        ));
    }
    if !stage {
        return None;
    }
    if let Some(word) = latin_words(&text)
        .into_iter()
        .find(|word| profiles.vocabulary.contains(word))
    {
        return Some(format!("profile word `{word}` in {literal:?}"));
    }
    let word = pattern_word(literal, &profiles.vocabulary).filter(|_| !template)?;
    Some(format!(
        "pattern {literal:?} matches the profile word `{word}`"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Profile data for the planted violations: a few words and names, as the profiles give
    /// them.
    fn planted_profiles() -> ProfileData {
        ProfileData {
            vocabulary: ["artigo", "article", "dividends", "dividendos"]
                .into_iter()
                .map(String::from)
                .collect(),
            language_names: ["Portuguese".to_string()].into_iter().collect(),
        }
    }

    fn lines(found: &[String]) -> Vec<&str> {
        found.iter().map(|v| v.split(':').nth(1).unwrap()).collect()
    }

    /// Each planted violation is found, on its line, and nothing else is.
    #[test]
    fn planted_violations_are_found() {
        let source = r####"
fn pattern() -> String {
    let a = "\u{65e5}\u{672c}"; // line 3: kanji written as escapes
    let b = format!(r"(?i)\b{}\s+artigo", prefix); // line 4: a pattern built with format!
    let c = r#"(?i)\barticle\s"#; // line 5: a raw string
    let d = '\u{30a2}'; // line 6: a katakana char
    let e = "Portuguese"; // line 7: a language's name
    let f = b"dividendos"; // line 8: a byte string
    let g = concat!("divi", "dends"); // line 9: literals a concat! joins
    let h = r"\bartig[oa]s?\b"; // line 10: a pattern that matches a profile word
    let i = b"\xe6\x97\xa5"; // line 11: kanji as the bytes of its UTF-8
    a + b + c + d + e
}
"####;
        let found = violations(
            "crates/treaty-segment/src/planted.rs",
            source,
            true,
            &planted_profiles(),
        );
        assert_eq!(
            lines(&found),
            ["3", "4", "5", "6", "7", "8", "9", "10", "11"],
            "{found:#?}"
        );
        assert!(found[1].contains("profile word `artigo`"), "{}", found[1]);
        assert!(
            found[4].contains("language name `Portuguese`"),
            "{}",
            found[4]
        );
        assert!(
            found[5].contains("profile word `dividendos`"),
            "{}",
            found[5]
        );
        assert!(
            found[6].contains("profile word `dividends`"),
            "{}",
            found[6]
        );
        assert!(
            found[7].contains("matches the profile word `artigo`"),
            "{}",
            found[7]
        );
        assert!(found[8].contains("kana or kanji"), "{}", found[8]);
    }

    /// Messages, placeholders, exemptions, capture-group names, generic patterns and test
    /// modules are not violations; the same words elsewhere are.
    #[test]
    fn messages_and_exemptions_are_not_violations() {
        let source = r####"
fn messages(n: usize) -> Result<(), Error> {
    eprintln!("no article found");
    let m = Warning { message: format!("{n} dividends"), code: "dividends_tier" };
    let r = Failure { reason: "no artigo" };
    let group = caps.name("article");
    let template = format!("{article}{{artigo}}", article = n);
    let generic = r"(?i)\b\w+\b|[a-z]{7}|\d+(?:\.\d+)?";
    // tidy: not language (a message read by people)
    let exempt = "article";

    bail!("article {n}")
}

#[derive(Debug, thiserror::Error)]
enum Error {
    #[error("not an article")]
    NotArticle,
}

#[cfg(test)]
mod tests {
    const SAMPLE: &str = "Artigo 10 Dividends";
}
"####;
        let found = violations(
            "crates/treaty-extract/src/planted.rs",
            source,
            true,
            &planted_profiles(),
        );
        // Only the `{{artigo}}` of the template is text: braces escaped, not a placeholder.
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].contains(":7: profile word `artigo`"),
            "{}",
            found[0]
        );
        // Outside a stage, vocabulary is allowed; language names are not.
        let report =
            "fn name() -> &'static str { \"Portuguese\" }\nfn word() -> &'static str { \"article\" }\n";
        let found = violations(
            "crates/treaty-report/src/names.rs",
            report,
            false,
            &planted_profiles(),
        );
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].contains("language name `Portuguese`"),
            "{}",
            found[0]
        );
    }

    #[test]
    fn patterns_are_vocabulary_by_what_they_match() {
        let vocabulary = planted_profiles().vocabulary;
        assert_eq!(
            pattern_word(r"\bartig[oa]s?\b", &vocabulary),
            Some("artigo")
        );
        assert_eq!(
            pattern_word(r"(?i)ARTICLE|art\.", &vocabulary),
            Some("article")
        );
        assert_eq!(
            pattern_word(r"Divid(?:end)?os", &vocabulary),
            Some("dividendos")
        );
        for generic in [
            r"\w+",
            r"[a-z]{6}",
            r"\p{L}+",
            r"(?i)[a-z]+s?",
            r"\d+",
            "x.y",
        ] {
            assert_eq!(pattern_word(generic, &vocabulary), None, "{generic}");
        }
        // Not a regular expression: no match, no error.
        assert_eq!(pattern_word(r"artig(o", &vocabulary), None);
    }

    #[test]
    fn profiles_are_read_for_words_and_names() {
        let mut data = ProfileData::default();
        data.add_source("pub const P: Profile = Profile { name: \"Portuguese\", words: &[\"artigo\", \"de\"] };");
        assert!(data.vocabulary.contains("artigo"));
        assert!(data.vocabulary.contains("portuguese"));
        assert!(!data.vocabulary.contains("de"));
        assert_eq!(
            data.language_names,
            BTreeSet::from(["Portuguese".to_string()])
        );
    }
}
