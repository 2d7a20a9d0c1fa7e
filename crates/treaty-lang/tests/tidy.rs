//! Tidy checks over the workspace's sources, in the spirit of rust-analyzer's `tidy.rs`:
//! language-specific words live in the language profiles (`crates/treaty-lang/src/{pt,en,ja}`)
//! and nowhere else.
//!
//! - No string or char literal outside the profiles holds kana or kanji.
//! - No string or char literal of a pipeline stage (`treaty-numbers`, `treaty-normalize`,
//!   `treaty-segment`, `treaty-extract`) holds a word of a profile's vocabulary, except in
//!   messages written for the user (`format!`, `#[error]`, `message: "..."`) and in the
//!   dataset's snake_case codes.
//! - No source outside the profiles, code or comment, names a state, currency or agency of
//!   the corpus texts (the names of corpus files, `*.txt`, aside).
//!
//! Test code (`#[cfg(test)]` modules, `tests.rs`, `tests/`) is not checked: tests are where
//! sample sentences belong. Nor is `crates/treaty-lang/src/`, which is the profiles' crate.
//! A comment `// tidy: not language (<why>)` exempts the literals from its line to the next
//! blank line (HTML element names, advice naming shell commands), and `// tidy: file is not
//! language (<why>)` a whole file (the dataset's own vocabulary), so each exemption is written
//! down where it is made. Capture-group names (`.name("state")`) are identifiers.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

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

/// Crates whose sources are pipeline stages, where vocabulary must come from the profiles.
const STAGES: &[&str] = &[
    "treaty-numbers",
    "treaty-normalize",
    "treaty-segment",
    "treaty-identity",
    "treaty-extract",
];

/// Calls whose string arguments are messages for the user, not vocabulary.
const MESSAGE_CALLS: &[&str] = &[
    "format!(",
    "write!(",
    "writeln!(",
    "panic!(",
    "unreachable!(",
    "assert!(",
    "assert_eq!(",
    "debug_assert!(",
    "eprintln!(",
    "println!(",
    "#[error(",
    ".expect(",
    "anyhow!(",
    "bail!(",
    "context(",
    "with_context(",
];

/// Sources still holding vocabulary that has not moved into the profiles yet, with the reason.
/// The test fails when a listed file is clean, so the list only shrinks.
const PENDING: &[(&str, &str)] = &[];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Source files checked: every crate's `src/`, test files aside, profiles aside.
fn checked_sources() -> Vec<(String, String)> {
    let root = workspace();
    let mut files = Vec::new();
    let Ok(crates) = fs::read_dir(root.join("crates")) else {
        panic!("no crates/ under {}", root.display())
    };
    let mut crates: Vec<PathBuf> = crates.flatten().map(|e| e.path()).collect();
    crates.sort();
    for krate in crates {
        rust_files(&krate.join("src"), &mut files);
    }
    files
        .into_iter()
        .filter_map(|path| {
            let relative = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let profile = relative.starts_with("crates/treaty-lang/src/");
            let test_file = relative.ends_with("/tests.rs") || relative.contains("/tests/");
            if profile || test_file {
                return None;
            }
            let text = fs::read_to_string(&path).unwrap();
            Some((relative, without_test_module(&text)))
        })
        .collect()
}

/// The text before a trailing `#[cfg(test)] mod ... {` block.
fn without_test_module(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    for (index, line) in lines.iter().enumerate() {
        let next = lines.get(index + 1).map_or("", |l| l.trim());
        if line.trim() == "#[cfg(test)]" && next.contains("mod ") && next.ends_with('{') {
            return lines[..index].join("\n");
        }
    }
    text.to_string()
}

/// A literal and whether it stands in a message.
struct Literal {
    line: usize,
    text: String,
    message: bool,
}

/// Splits Rust source into its comments and its string and char literals.
fn scan(source: &str) -> (Vec<(usize, String)>, Vec<Literal>) {
    let chars: Vec<char> = source.chars().collect();
    let mut comments = Vec::new();
    let mut literals = Vec::new();
    let mut line = 1;
    let mut i = 0;
    // Depth of parentheses opened by a message call, if inside one.
    let mut message_depth: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let starts_with = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        if starts_with(i, "//") {
            let start = i;
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            comments.push((line, chars[start..i].iter().collect()));
            continue;
        }
        if starts_with(i, "/*") {
            let start = i;
            while i < chars.len() && !starts_with(i, "*/") {
                if chars[i] == '\n' {
                    line += 1;
                }
                i += 1;
            }
            comments.push((line, chars[start..i.min(chars.len())].iter().collect()));
            i += 2;
            continue;
        }
        if let Some(call) = MESSAGE_CALLS.iter().find(|call| starts_with(i, call)) {
            let len = call.chars().count();
            depth += 1;
            message_depth.push(depth);
            i += len;
            continue;
        }
        if c == '(' {
            depth += 1;
        } else if c == ')' {
            if message_depth.last() == Some(&depth) {
                message_depth.pop();
            }
            depth = depth.saturating_sub(1);
        }
        let identifier_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        // Raw strings: r"...", r#"..."#, br"...".
        if (c == 'r' || (c == 'b' && chars.get(i + 1) == Some(&'r'))) && !identifier_before {
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) == Some(&'"') {
                let start = j + 1;
                let close: String = std::iter::once('"')
                    .chain(std::iter::repeat_n('#', hashes))
                    .collect();
                let mut k = start;
                while k < chars.len() && !starts_with(k, &close) {
                    k += 1;
                }
                let message = !message_depth.is_empty() || is_message_field(&chars, i);
                line = push_literal(
                    &mut literals,
                    line,
                    &chars[start..k.min(chars.len())],
                    message,
                );
                i = k + close.chars().count();
                continue;
            }
        }
        if c == '"' {
            let mut k = i + 1;
            while k < chars.len() && chars[k] != '"' {
                k += if chars[k] == '\\' { 2 } else { 1 };
            }
            let message = !message_depth.is_empty() || is_message_field(&chars, i);
            line = push_literal(
                &mut literals,
                line,
                &chars[i + 1..k.min(chars.len())],
                message,
            );
            i = k + 1;
            continue;
        }
        if c == '\'' {
            // A char literal, not a lifetime: `'x'` or an escape.
            let end = if chars.get(i + 1) == Some(&'\\') {
                (i + 2..chars.len().min(i + 12)).find(|&k| chars[k] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            if let Some(end) = end {
                literals.push(Literal {
                    line,
                    text: chars[i + 1..end].iter().collect(),
                    message: false,
                });
                i = end + 1;
                continue;
            }
        }
        i += 1;
    }
    (comments, literals)
}

/// Records a string literal starting on `line`; returns the line it ends on.
fn push_literal(literals: &mut Vec<Literal>, line: usize, chars: &[char], message: bool) -> usize {
    let text: String = chars.iter().collect();
    let end_line = line + text.matches('\n').count();
    literals.push(Literal {
        line,
        text,
        message,
    });
    end_line
}

/// Whether the literal at `at` is the value of a `message:` or `reason:` field.
fn is_message_field(chars: &[char], at: usize) -> bool {
    let before: String = chars[at.saturating_sub(40)..at].iter().collect();
    let before = before.trim_end();
    before.ends_with("message:")
        || before.ends_with("reason:")
        || before.ends_with("hint:")
        || before.ends_with(".name(")
}

fn is_kana_or_kanji(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0xFF66..=0xFF9F)
}

/// Latin words of a literal, lower case, with regex escapes (`\s`, `\b`, `\p{Lu}`) removed.
fn latin_words(text: &str) -> Vec<String> {
    let mut cleaned = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('p' | 'P') if chars.peek() == Some(&'{') => {
                    for skipped in chars.by_ref() {
                        if skipped == '}' {
                            break;
                        }
                    }
                }
                _ => {}
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

/// Every Latin word of three letters or more in the profiles' data.
fn profile_vocabulary() -> BTreeSet<String> {
    let root = workspace().join("crates/treaty-lang/src");
    let mut files = Vec::new();
    for lang in ["pt", "en", "ja", "lookalike"] {
        rust_files(&root.join(lang), &mut files);
    }
    let mut words = BTreeSet::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        let (_, literals) = scan(&text);
        for literal in literals {
            words.extend(
                latin_words(&literal.text)
                    .into_iter()
                    .filter(|w| w.chars().count() >= 3),
            );
        }
    }
    words
}

/// Lines exempted by a `// tidy: not language` comment: from the comment to the next blank line.
fn exempt_lines(source: &str) -> BTreeSet<usize> {
    let mut exempt = BTreeSet::new();
    if source.contains("// tidy: file is not language") {
        return (1..=source.lines().count()).collect();
    }
    let mut active = false;
    for (index, line) in source.lines().enumerate() {
        if line.contains("// tidy: not language") {
            active = true;
        } else if line.trim().is_empty() {
            active = false;
        }
        if active {
            exempt.insert(index + 1);
        }
    }
    exempt
}

fn is_snake_case_code(text: &str) -> bool {
    text.contains('_')
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

#[test]
fn language_words_live_in_the_profiles() {
    let vocabulary = profile_vocabulary();
    assert!(
        vocabulary.contains("article") && vocabulary.contains("artigo"),
        "profiles unread"
    );
    let mut violations: BTreeSet<String> = BTreeSet::new();
    let mut files_with_violations: BTreeSet<String> = BTreeSet::new();
    for (path, source) in checked_sources() {
        let stage = STAGES
            .iter()
            .any(|s| path.starts_with(&format!("crates/{s}/")));
        let (comments, literals) = scan(&source);
        let exempt = exempt_lines(&source);
        let mut report = |line: usize, what: String| {
            violations.insert(format!("{path}:{line}: {what}"));
            files_with_violations.insert(path.clone());
        };
        for literal in &literals {
            if literal.text.chars().any(is_kana_or_kanji) {
                report(literal.line, format!("kana or kanji in {:?}", literal.text));
                continue;
            }
            if !stage
                || literal.message
                || is_snake_case_code(&literal.text)
                || exempt.contains(&literal.line)
            {
                continue;
            }
            for word in latin_words(&literal.text) {
                if vocabulary.contains(&word) {
                    report(
                        literal.line,
                        format!("profile word `{word}` in {:?}", literal.text),
                    );
                    break;
                }
            }
        }
        let lines: Vec<(usize, String)> = literals
            .iter()
            .map(|l| (l.line, l.text.clone()))
            .chain(comments)
            .collect();
        for (line, text) in lines {
            let lower = text.to_lowercase();
            // File names of corpus texts (`brazil-denmark-1974-pt-en-ocr.txt`) are names of files.
            let without_files: String = lower
                .split(|c: char| c.is_whitespace() || c == '`' || c == '(' || c == ')')
                .filter(|token| {
                    ![".txt", ".html", ".json", ".csv"]
                        .iter()
                        .any(|e| token.contains(e))
                })
                .collect::<Vec<_>>()
                .join(" ");
            for name in CORPUS_NAMES {
                let found = without_files.match_indices(name).any(|(at, _)| {
                    let before = without_files[..at].chars().next_back();
                    let after = without_files[at + name.len()..].chars().next();
                    !before.is_some_and(char::is_alphanumeric)
                        && !after.is_some_and(char::is_alphanumeric)
                        || name.chars().any(is_kana_or_kanji)
                });
                if found {
                    report(line, format!("corpus name `{name}` in {text:?}"));
                }
            }
        }
    }
    // `TIDY_SHOW_PENDING=1 cargo test -p treaty-lang --test tidy -- --nocapture` lists what is
    // left in the pending files too.
    if std::env::var_os("TIDY_SHOW_PENDING").is_some() {
        #[allow(clippy::print_stderr)] // asked for on the command line
        for violation in &violations {
            eprintln!("{violation}");
        }
    }
    let pending: BTreeSet<&str> = PENDING.iter().map(|(path, _)| *path).collect();
    let unexpected: Vec<&String> = violations
        .iter()
        .filter(|v| !pending.iter().any(|p| v.starts_with(&format!("{p}:"))))
        .collect();
    let cleaned: Vec<&&str> = pending
        .iter()
        .filter(|p| !files_with_violations.contains(**p))
        .collect();
    assert!(
        unexpected.is_empty() && cleaned.is_empty(),
        "{} language words outside the profiles:\n{}\n\nfiles listed as pending that are now clean (remove them from PENDING): {cleaned:?}",
        unexpected.len(),
        unexpected.iter().map(|v| v.as_str()).collect::<Vec<_>>().join("\n"),
    );
}

#[test]
fn the_scanner_finds_literals_and_messages() {
    let source = "let a = \"Article\"; // Article 5\nlet b = format!(\"article {}\", n);\nlet c = r\"(?i)\\bartigo\\s\";\n#[cfg(test)]\nmod tests {\n";
    let (comments, literals) = scan(source);
    assert_eq!(comments.len(), 1);
    let texts: Vec<(&str, bool)> = literals
        .iter()
        .map(|l| (l.text.as_str(), l.message))
        .collect();
    assert_eq!(
        texts,
        [
            ("Article", false),
            ("article {}", true),
            ("(?i)\\bartigo\\s", false)
        ]
    );
    assert_eq!(latin_words(&literals[2].text), ["i", "artigo"]);
    assert!(!without_test_module(source).contains("mod tests"));
}
