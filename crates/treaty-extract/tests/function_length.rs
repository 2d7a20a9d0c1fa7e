//! No function of the extraction crate is longer than 100 lines (issue 24): a rule is a
//! function of its own, registered in `rules/registry.rs`, not a branch of a long one.
//!
//! Sources are read with rustc's lexer, so braces in strings, chars and comments do not
//! count.

use std::path::{Path, PathBuf};

use ra_ap_rustc_lexer::{tokenize, FrontmatterAllowed, TokenKind};

/// The longest a function may be, from its `fn` line to its closing brace.
const MAX_LINES: usize = 100;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot list {}: {error}", dir.display()))
        .flatten()
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each function of `source` with a body: its name, first line and number of lines.
fn functions(source: &str) -> Vec<(String, usize, usize)> {
    // (kind, text, line) of every token but whitespace and comments.
    let mut tokens = Vec::new();
    let (mut offset, mut line) = (0, 1);
    for token in tokenize(source, FrontmatterAllowed::No) {
        let text = &source[offset..offset + token.len as usize];
        let comment = matches!(
            token.kind,
            TokenKind::LineComment { .. } | TokenKind::BlockComment { .. }
        );
        if token.kind != TokenKind::Whitespace && !comment {
            tokens.push((token.kind, text, line));
        }
        line += text.matches('\n').count();
        offset += token.len as usize;
    }
    let mut found = Vec::new();
    for (index, (kind, text, line)) in tokens.iter().enumerate() {
        if *kind != TokenKind::Ident || *text != "fn" {
            continue;
        }
        let Some((_, name, _)) = tokens.get(index + 1) else {
            continue;
        };
        // The body opens at the first `{` before any `;` (a declaration has no body).
        let Some(open) = tokens[index..]
            .iter()
            .position(|(kind, _, _)| matches!(kind, TokenKind::OpenBrace | TokenKind::Semi))
            .map(|at| index + at)
            .filter(|&at| tokens[at].0 == TokenKind::OpenBrace)
        else {
            continue;
        };
        let mut depth = 0usize;
        for (kind, _, end_line) in &tokens[open..] {
            match kind {
                TokenKind::OpenBrace => depth += 1,
                TokenKind::CloseBrace => {
                    depth -= 1;
                    if depth == 0 {
                        found.push((name.to_string(), *line, end_line - line + 1));
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    found
}

#[test]
fn no_function_of_the_extraction_crate_is_over_100_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 10, "sources unread");
    let mut long = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        for (name, line, lines) in functions(&source) {
            if lines > MAX_LINES {
                long.push(format!(
                    "{}:{line}: fn {name} is {lines} lines",
                    file.strip_prefix(&src).unwrap().display()
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn lengths_are_counted_from_fn_to_its_closing_brace() {
    let source = "fn a() {\n    let s = \"}\"; // }\n}\nfn b();\nfn c() -> u8 {\n    {\n        1\n    }\n}\n";
    assert_eq!(
        functions(source),
        [("a".to_string(), 1, 3), ("c".to_string(), 5, 5)]
    );
}
