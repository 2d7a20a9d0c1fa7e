//! Corpus names: no source outside the profiles, code or comment, names a state, currency or
//! agency of the corpus texts, so the code stays about treaties in general. The names of
//! corpus files (`*.txt`, `*.pdf`, ...) are names of files, not of states.

use crate::language::is_kana_or_kanji;
use crate::literals::Lexed;

/// File extensions whose file names may hold a corpus name.
const FILE_EXTENSIONS: &[&str] = &[".txt", ".html", ".json", ".csv", ".md", ".pdf"];

/// The corpus-name violations of one lexed source (`path` relative to the workspace): each
/// literal or comment naming one of `names` (lower case), as `path:line: ...`.
pub fn violations(path: &str, lexed: &Lexed, names: &[&str]) -> Vec<String> {
    let texts = lexed
        .literals
        .iter()
        .map(|l| (l.line, l.text.as_str()))
        .chain(
            lexed
                .comments
                .iter()
                .map(|(line, text)| (*line, text.as_str())),
        );
    let mut found = Vec::new();
    for (line, text) in texts {
        let lower = text.to_lowercase();
        let without_files: String = lower
            .split(|c: char| c.is_whitespace() || c == '`' || c == '(' || c == ')')
            .filter(|token| !FILE_EXTENSIONS.iter().any(|e| token.contains(e)))
            .collect::<Vec<_>>()
            .join(" ");
        for name in names {
            if names_in(&without_files, name) {
                found.push(format!("{path}:{line}: corpus name `{name}` in {text:?}"));
            }
        }
    }
    found
}

/// Whether `text` holds `name` as a whole word (a kana or kanji name anywhere).
fn names_in(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
            || name.chars().any(is_kana_or_kanji)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::literals::lex;

    const NAMES: &[&str] = &["japan", "finland", "hong kong", "\u{65e5}\u{672c}\u{56fd}"];

    #[test]
    fn planted_names_are_found_in_code_and_comments() {
        let source = "// the treaty with Japan\nconst A: &[u8] = b\"Hong Kong\";\n/* /* nested */ Finland */\nconst B: &str = concat!(\"Fin\", \"land\");\nconst C: &str = \"\u{65e5}\u{672c}\u{56fd}\u{3068}\";\n";
        let found = violations("crates/a/src/x.rs", &lex(source), NAMES);
        let lines: Vec<&str> = found.iter().map(|v| v.split(':').nth(1).unwrap()).collect();
        assert_eq!(lines, ["2", "4", "5", "1", "3"], "{found:#?}");
        assert!(found[0].contains("`hong kong`"), "{}", found[0]);
    }

    #[test]
    fn file_names_words_and_test_code_are_not_names() {
        let source = "// see japan-finland-1990-en.txt\nconst A: &str = \"japanese\";\n#[cfg(test)]\nmod tests { const S: &str = \"Japan\"; }\n";
        assert!(violations("crates/a/src/x.rs", &lex(source), NAMES).is_empty());
    }
}
