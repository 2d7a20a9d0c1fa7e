//! Tidy checks over the workspace's sources, in the spirit of rust-analyzer's `tidy.rs`:
//! language-specific words live in the language profiles (the folders of
//! `crates/treaty-lang/src/`, found by listing it) and nowhere else.
//!
//! Sources are read with rustc's own lexer (`ra-ap-rustc_lexer`) and literals unescaped with
//! rustc's unescaper (`rustc-literal-escaper`), so `"\u{65e5}"` is checked as the kanji it is,
//! raw strings and nested comments are what rustc says they are, and `format!` templates are
//! checked outside their `{…}` placeholders.
//!
//! - No string or char literal outside the profiles holds kana or kanji.
//! - No string or char literal of a pipeline stage (`treaty-numbers`, `treaty-normalize`,
//!   `treaty-segment`, `treaty-identity`, `treaty-extract`) holds a word of a profile's
//!   vocabulary, except in messages written for the user (`eprintln!`, `#[error]`,
//!   `message: "..."`, `message: format!(...)`) and in the dataset's snake_case codes. The
//!   literal parts of a `format!` template are checked like any literal: a pattern built with
//!   `format!` is still vocabulary.
//! - No literal outside the profiles names a profile's language (`"Portuguese"`): the report
//!   and the command line take it from the profile.
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

use ra_ap_rustc_lexer::{tokenize, FrontmatterAllowed, LiteralKind, TokenKind};
use rustc_literal_escaper::{unescape_char, unescape_str};

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

/// Crates whose sources are pipeline stages, where vocabulary must come from the profiles.
const STAGES: &[&str] = &[
    "treaty-numbers",
    "treaty-normalize",
    "treaty-segment",
    "treaty-identity",
    "treaty-extract",
];

/// Macros whose string arguments are messages for the user, not vocabulary.
const MESSAGE_MACROS: &[&str] = &[
    "write",
    "writeln",
    "panic",
    "unreachable",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "eprintln",
    "eprint",
    "println",
    "print",
    "anyhow",
    "bail",
    "ensure",
];

/// Methods whose string arguments are messages for the user.
const MESSAGE_METHODS: &[&str] = &["expect", "context", "with_context"];

/// Struct fields whose value (a literal, a `format!`, or either in `Some(…)`) is a message
/// for the user: warnings, failures, and the note that explains a derived value.
const MESSAGE_FIELDS: &[&str] = &["message", "reason", "hint", "warning", "error", "derived"];

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

/// The profile folders of `crates/treaty-lang/src/` (`pt`, `en`, `ja`, ..., and the data of
/// languages known without a profile), found by listing it.
fn profile_folders() -> Vec<PathBuf> {
    let root = workspace().join("crates/treaty-lang/src");
    let mut folders: Vec<PathBuf> = fs::read_dir(&root)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", root.display()))
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    folders
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
            Some((relative, fs::read_to_string(&path).unwrap()))
        })
        .collect()
}

/// A string or char literal, unescaped, and where it stands.
#[derive(Debug)]
struct Literal {
    line: usize,
    text: String,
    /// In a message for the user.
    message: bool,
    /// The template of a `format!`: its `{…}` placeholders are not text.
    template: bool,
}

/// What the lexer found in a source: comments (with their line) and literals, test modules
/// (`#[cfg(test)] mod … { … }`) left out.
#[derive(Debug, Default)]
struct Lexed {
    comments: Vec<(usize, String)>,
    literals: Vec<Literal>,
}

/// A token with its text and line, whitespace dropped.
struct Token<'a> {
    kind: TokenKind,
    text: &'a str,
    line: usize,
}

fn tokens(source: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut line = 1;
    for token in tokenize(source, FrontmatterAllowed::No) {
        let text = &source[offset..offset + token.len as usize];
        if token.kind != TokenKind::Whitespace {
            out.push(Token {
                kind: token.kind,
                text,
                line,
            });
        }
        line += text.matches('\n').count();
        offset += token.len as usize;
    }
    out
}

/// The value of a string or char literal token, as rustc unescapes it.
fn literal_value(kind: LiteralKind, text: &str) -> Option<String> {
    let unescaped = |body: &str, unescape: fn(&str, &mut dyn FnMut(char))| {
        let mut value = String::new();
        unescape(body, &mut |c| value.push(c));
        value
    };
    match kind {
        LiteralKind::Str { .. } => {
            let body = text.strip_prefix('"')?.strip_suffix('"')?;
            Some(unescaped(body, |body, push| {
                unescape_str(body, |_, c| {
                    if let Ok(c) = c {
                        push(c)
                    }
                })
            }))
        }
        LiteralKind::Char { .. } => {
            let body = text.strip_prefix('\'')?.strip_suffix('\'')?;
            unescape_char(body).ok().map(String::from)
        }
        LiteralKind::RawStr { n_hashes: Some(n) } => {
            let hashes = "#".repeat(usize::from(n));
            let body = text
                .strip_prefix('r')?
                .strip_prefix(hashes.as_str())?
                .strip_prefix('"')?
                .strip_suffix(hashes.as_str())?
                .strip_suffix('"')?;
            Some(body.to_string())
        }
        _ => None,
    }
}

/// Reads `source` with rustc's lexer.
fn lex(source: &str) -> Lexed {
    let tokens = tokens(source);
    let mut lexed = Lexed::default();
    // Depths of the brackets opened by a message macro or method, innermost last.
    let mut message_depths: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    // Set by `format!(`: the next literal is its template.
    let mut template_next = false;
    let ident = |i: usize| {
        tokens
            .get(i)
            .filter(|t| t.kind == TokenKind::Ident)
            .map(|t| t.text)
    };
    let kind = |i: usize| tokens.get(i).map(|t| t.kind);
    let is_open = |k: Option<TokenKind>| {
        matches!(
            k,
            Some(TokenKind::OpenParen | TokenKind::OpenBracket | TokenKind::OpenBrace)
        )
    };
    // Whether token `i` is preceded by `field:` (or `field: Some(`) for a message field.
    let after_message_field = |i: usize| {
        let i = if i >= 2
            && ident(i - 2) == Some("Some")
            && kind(i - 1) == Some(TokenKind::OpenParen)
        {
            i - 2
        } else {
            i
        };
        i >= 2
            && kind(i - 1) == Some(TokenKind::Colon)
            && ident(i - 2).is_some_and(|name| MESSAGE_FIELDS.contains(&name))
            && kind(i.wrapping_sub(3)) != Some(TokenKind::Colon)
    };
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        match token.kind {
            TokenKind::LineComment { .. } | TokenKind::BlockComment { .. } => {
                lexed.comments.push((token.line, token.text.to_string()));
            }
            // `#[cfg(test)] mod name { … }`: skipped to its closing brace.
            TokenKind::Pound if is_test_module(&tokens, i) => {
                let open = (i..tokens.len())
                    .find(|&k| tokens[k].kind == TokenKind::OpenBrace)
                    .unwrap_or(tokens.len());
                let mut nesting = 0usize;
                let mut k = open;
                while k < tokens.len() {
                    match tokens[k].kind {
                        TokenKind::OpenBrace => nesting += 1,
                        TokenKind::CloseBrace => {
                            nesting -= 1;
                            if nesting == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    k += 1;
                }
                i = k + 1;
                continue;
            }
            // `name!(`: a message macro, or `format!`, whose first literal is a template.
            TokenKind::Ident if kind(i + 1) == Some(TokenKind::Bang) && is_open(kind(i + 2)) => {
                if MESSAGE_MACROS.contains(&token.text)
                    || (token.text == "format" && after_message_field(i))
                {
                    message_depths.push(depth + 1);
                }
                template_next = token.text == "format";
            }
            // `.expect(`, `.context(`, `.with_context(`.
            TokenKind::Ident
                if i > 0
                    && kind(i - 1) == Some(TokenKind::Dot)
                    && MESSAGE_METHODS.contains(&token.text)
                    && kind(i + 1) == Some(TokenKind::OpenParen) =>
            {
                message_depths.push(depth + 1);
            }
            // `#[error(`.
            TokenKind::Ident
                if token.text == "error"
                    && i >= 2
                    && kind(i - 1) == Some(TokenKind::OpenBracket)
                    && kind(i - 2) == Some(TokenKind::Pound) =>
            {
                message_depths.push(depth + 1);
            }
            TokenKind::OpenParen | TokenKind::OpenBracket | TokenKind::OpenBrace => depth += 1,
            TokenKind::CloseParen | TokenKind::CloseBracket | TokenKind::CloseBrace => {
                if message_depths.last() == Some(&depth) {
                    message_depths.pop();
                }
                depth = depth.saturating_sub(1);
            }
            TokenKind::Literal { kind: literal, .. } => {
                // `'\u{4E00}'..='\u{9FFF}'`: the bounds of a range of code points are the
                // script's, not words.
                let range_bound = (kind(i + 1) == Some(TokenKind::Dot)
                    && kind(i + 2) == Some(TokenKind::Dot))
                    || (i >= 1
                        && kind(i - 1) == Some(TokenKind::Eq)
                        && kind(i.wrapping_sub(2)) == Some(TokenKind::Dot))
                    || (i >= 2
                        && kind(i - 1) == Some(TokenKind::Dot)
                        && kind(i - 2) == Some(TokenKind::Dot));
                let value = literal_value(literal, token.text).filter(|_| !range_bound);
                if let Some(text) = value {
                    // `.name("state")`: a capture group's name is an identifier.
                    let group_name = i >= 2
                        && ident(i - 2) == Some("name")
                        && kind(i - 1) == Some(TokenKind::OpenParen);
                    lexed.literals.push(Literal {
                        line: token.line,
                        text,
                        message: !message_depths.is_empty() || after_message_field(i) || group_name,
                        template: template_next,
                    });
                }
                template_next = false;
            }
            _ => {}
        }
        i += 1;
    }
    lexed
}

/// Whether the tokens at `i` are `#[cfg(test)]` followed by a `mod`.
fn is_test_module(tokens: &[Token<'_>], i: usize) -> bool {
    let texts: Vec<&str> = tokens[i..]
        .iter()
        .filter(|t| {
            !matches!(
                t.kind,
                TokenKind::LineComment { .. } | TokenKind::BlockComment { .. }
            )
        })
        .take(8)
        .map(|t| t.text)
        .collect();
    texts.len() == 8
        && texts[..7] == ["#", "[", "cfg", "(", "test", ")", "]"]
        && (texts[7] == "mod" || texts[7] == "pub")
}

/// A `format!` template without its `{…}` placeholders (`{{` and `}}` are braces).
fn template_text(template: &str) -> String {
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

fn is_kana_or_kanji(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0xFF66..=0xFF9F)
}

/// The text of a literal without what is code in it: snake_case identifiers and keys (the
/// dataset's codes, `beneficial_owner=`, `income=`) and regex group names (`(?P<unit>`).
fn without_codes(text: &str) -> String {
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

/// What the profiles hold: every Latin word of three letters or more in their data, and the
/// languages' names (the `name` of each profile).
struct ProfileData {
    vocabulary: BTreeSet<String>,
    language_names: BTreeSet<String>,
}

fn profile_data() -> ProfileData {
    let mut files = Vec::new();
    for folder in profile_folders() {
        rust_files(&folder, &mut files);
    }
    let mut vocabulary = BTreeSet::new();
    let mut language_names = BTreeSet::new();
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        let lexed = lex(&text);
        for literal in &lexed.literals {
            vocabulary.extend(
                latin_words(&literal.text)
                    .into_iter()
                    .filter(|w| w.chars().count() >= 3),
            );
        }
        // `name: "Portuguese",` in a profile's definition.
        let tokens = tokens(&text);
        for window in tokens.windows(3) {
            if window[0].text == "name" && window[1].kind == TokenKind::Colon {
                if let TokenKind::Literal { kind, .. } = window[2].kind {
                    if let Some(name) = literal_value(kind, window[2].text) {
                        language_names.insert(name);
                    }
                }
            }
        }
    }
    ProfileData {
        vocabulary,
        language_names,
    }
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

/// The violations of one source file (`path` relative to the workspace), one line each.
fn violations(path: &str, source: &str, profiles: &ProfileData) -> Vec<String> {
    let stage = STAGES
        .iter()
        .any(|s| path.starts_with(&format!("crates/{s}/")));
    let lexed = lex(source);
    let exempt = exempt_lines(source);
    let mut found = Vec::new();
    let mut report = |line: usize, what: String| found.push(format!("{path}:{line}: {what}"));
    for literal in &lexed.literals {
        if exempt.contains(&literal.line) {
            continue;
        }
        if literal.text.chars().any(is_kana_or_kanji) {
            report(literal.line, format!("kana or kanji in {:?}", literal.text));
            continue;
        }
        if literal.message {
            continue;
        }
        let text = without_codes(&if literal.template {
            template_text(&literal.text)
        } else {
            literal.text.clone()
        });
        // As the profile writes it: `Japanese`, not the script label `japanese`.
        if let Some(name) = profiles.language_names.iter().find(|name| {
            text.split(|c: char| !c.is_alphanumeric())
                .any(|word| word == name.as_str())
        }) {
            report(
                literal.line,
                format!("language name `{name}` in {text:?}: take it from the profile"),
            );
            continue;
        }
        if !stage {
            continue;
        }
        if let Some(word) = latin_words(&text)
            .into_iter()
            .find(|word| profiles.vocabulary.contains(word))
        {
            report(
                literal.line,
                format!("profile word `{word}` in {:?}", literal.text),
            );
        }
    }
    let lines = lexed
        .literals
        .iter()
        .map(|l| (l.line, l.text.clone()))
        .chain(lexed.comments);
    for (line, text) in lines {
        let lower = text.to_lowercase();
        // File names of corpus texts (`brazil-denmark-1974-pt-en-ocr.txt`) are names of files.
        let without_files: String = lower
            .split(|c: char| c.is_whitespace() || c == '`' || c == '(' || c == ')')
            .filter(|token| {
                ![".txt", ".html", ".json", ".csv", ".md", ".pdf"]
                    .iter()
                    .any(|e| token.contains(e))
            })
            .collect::<Vec<_>>()
            .join(" ");
        for name in CORPUS_NAMES {
            let named = without_files.match_indices(name).any(|(at, _)| {
                let before = without_files[..at].chars().next_back();
                let after = without_files[at + name.len()..].chars().next();
                !before.is_some_and(char::is_alphanumeric)
                    && !after.is_some_and(char::is_alphanumeric)
                    || name.chars().any(is_kana_or_kanji)
            });
            if named {
                report(line, format!("corpus name `{name}` in {text:?}"));
            }
        }
    }
    found
}

#[test]
fn language_words_live_in_the_profiles() {
    let profiles = profile_data();
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
    let mut all: BTreeSet<String> = BTreeSet::new();
    let mut files_with_violations: BTreeSet<String> = BTreeSet::new();
    for (path, source) in checked_sources() {
        let found = violations(&path, &source, &profiles);
        if !found.is_empty() {
            files_with_violations.insert(path.clone());
        }
        all.extend(found);
    }
    let pending: BTreeSet<&str> = PENDING.iter().map(|(path, _)| *path).collect();
    let unexpected: Vec<&String> = all
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

/// Profile data for the planted violations: a few words and names, as the profiles give them.
fn planted_profiles() -> ProfileData {
    ProfileData {
        vocabulary: ["artigo", "article", "dividends"]
            .into_iter()
            .map(String::from)
            .collect(),
        language_names: ["Portuguese".to_string()].into_iter().collect(),
    }
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
    // line 7: a comment naming the treaty with Japan
    let e = "Portuguese"; // line 8: a language's name
    /* line 9: /* nested */ still a comment about Finland */
    a + b + c + d + e
}
"####;
    let found = violations(
        "crates/treaty-segment/src/planted.rs",
        source,
        &planted_profiles(),
    );
    let lines: Vec<&str> = found.iter().map(|v| v.split(':').nth(1).unwrap()).collect();
    assert_eq!(lines, ["3", "4", "5", "6", "8", "7", "9"], "{found:#?}");
    assert!(found[1].contains("profile word `artigo`"), "{}", found[1]);
    assert!(
        found[4].contains("language name `Portuguese`"),
        "{}",
        found[4]
    );
    assert!(found[5].contains("corpus name `japan`"), "{}", found[5]);
    assert!(found[6].contains("corpus name `finland`"), "{}", found[6]);
}

/// Messages, placeholders, exemptions, capture-group names and test modules are not
/// violations; the same words elsewhere are.
#[test]
fn messages_and_exemptions_are_not_violations() {
    let source = r####"
fn messages(n: usize) -> Result<(), Error> {
    eprintln!("no article found");
    let m = Warning { message: format!("{n} dividends"), code: "dividends_tier" };
    let r = Failure { reason: "no artigo" };
    let group = caps.name("article");
    let template = format!("{article}{{artigo}}", article = n);
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
    const SAMPLE: &str = "Artigo 10 Dividends, as agreed with Japan";
}
"####;
    let found = violations(
        "crates/treaty-extract/src/planted.rs",
        source,
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
fn profile_folders_are_found_by_listing() {
    let names: Vec<String> = profile_folders()
        .iter()
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for expected in ["en", "ja", "lookalike", "pt"] {
        assert!(names.iter().any(|n| n == expected), "{names:?}");
    }
}
