//! Function length: no function outside tests is longer than [`MAX_LINES`] lines, from its
//! `fn` line to its closing brace, so a long procedure is read as named steps.
//!
//! Braces in strings, chars and comments do not count (rustc's lexer reads them); test code
//! (`#[cfg(test)]` items, `#[test]` functions) is not checked.

use ra_ap_rustc_lexer::TokenKind;

use crate::source::{code_tokens, matching_close};

/// The longest a function may be, from its `fn` line to its closing brace.
pub const MAX_LINES: usize = 100;

/// A function with a body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// The line of its `fn`.
    pub line: usize,
    /// Its number of lines, from the `fn` line to the closing brace's.
    pub lines: usize,
}

/// Each function of `source` with a body, outside test code, in order of their `fn`.
pub fn functions(source: &str) -> Vec<Function> {
    let tokens = code_tokens(source);
    let mut found = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        if token.kind != TokenKind::Ident || token.text != "fn" {
            continue;
        }
        // `fn(u8) -> u8` is a type, not a function.
        let Some(name) = tokens.get(index + 1).filter(|t| t.kind == TokenKind::Ident) else {
            continue;
        };
        // The body opens at the first `{` before any `;` (a declaration has no body).
        let Some(open) = tokens[index..]
            .iter()
            .position(|t| matches!(t.kind, TokenKind::OpenBrace | TokenKind::Semi))
            .map(|at| index + at)
            .filter(|&at| tokens[at].kind == TokenKind::OpenBrace)
        else {
            continue;
        };
        let close = matching_close(&tokens, open);
        found.push(Function {
            name: name.text.to_string(),
            line: token.line,
            lines: tokens[close].line - token.line + 1,
        });
    }
    found
}

/// The functions of `source` over [`MAX_LINES`] lines, as `path:line: fn name is N lines`.
pub fn violations(path: &str, source: &str) -> Vec<(String, String)> {
    functions(source)
        .into_iter()
        .filter(|f| f.lines > MAX_LINES)
        .map(|f| {
            (
                f.name.clone(),
                format!("{path}:{}: fn {} is {} lines", f.line, f.name, f.lines),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn function(name: &str, line: usize, lines: usize) -> Function {
        Function {
            name: name.to_string(),
            line,
            lines,
        }
    }

    #[test]
    fn lengths_are_counted_from_fn_to_its_closing_brace() {
        let source = "fn a() {\n    let s = \"}\"; // }\n}\nfn b();\nfn c() -> u8 {\n    {\n        1\n    }\n}\ntype F = fn(u8) -> u8;\n";
        assert_eq!(
            functions(source),
            [function("a", 1, 3), function("c", 5, 5)]
        );
    }

    #[test]
    fn a_planted_long_function_is_reported_and_a_short_one_is_not() {
        let body = "    step();\n".repeat(MAX_LINES - 2);
        let at_limit = format!("fn fits() {{\n{body}}}\n");
        assert!(violations("src/a.rs", &at_limit).is_empty());
        let long = format!("fn short() {{}}\nfn long() {{\n{body}    one_more();\n}}\n");
        let found = violations("src/a.rs", &long);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, "long");
        assert_eq!(found[0].1, "src/a.rs:2: fn long is 101 lines");
    }

    #[test]
    fn long_test_code_is_not_checked() {
        let body = "    step();\n".repeat(MAX_LINES + 5);
        let source = format!(
            "#[cfg(test)]\nmod tests {{\n    fn helper() {{\n{body}    }}\n}}\n#[test]\nfn case() {{\n{body}}}\n"
        );
        assert!(violations("src/a.rs", &source).is_empty());
    }
}
