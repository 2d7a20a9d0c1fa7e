//! A Rust source as rustc's lexer reads it: tokens with their lines, literal values as rustc
//! unescapes them, and the items that are compiled for tests only.

use std::ops::Range;

use ra_ap_rustc_lexer::{tokenize, FrontmatterAllowed, LiteralKind, TokenKind};
use rustc_literal_escaper::{
    unescape_byte, unescape_byte_str, unescape_c_str, unescape_char, unescape_str, MixedUnit,
};

/// A token with its text and line, whitespace dropped.
#[derive(Debug, Clone, Copy)]
pub struct Token<'a> {
    /// What rustc's lexer says it is.
    pub kind: TokenKind,
    /// Its text in the source.
    pub text: &'a str,
    /// The 1-based line it starts on.
    pub line: usize,
}

impl Token<'_> {
    /// Whether the token is a comment (doc comments included).
    pub fn is_comment(&self) -> bool {
        matches!(
            self.kind,
            TokenKind::LineComment { .. } | TokenKind::BlockComment { .. }
        )
    }
}

/// Every token of `source` but whitespace, comments included, in order.
pub fn tokens(source: &str) -> Vec<Token<'_>> {
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

/// The tokens of `source` that are compiled outside tests: comments and test-only items
/// (see [`test_items`]) left out.
pub fn code_tokens(source: &str) -> Vec<Token<'_>> {
    let all: Vec<Token<'_>> = tokens(source)
        .into_iter()
        .filter(|t| !t.is_comment())
        .collect();
    without_test_items(&all)
}

/// `tokens` without the tokens of test-only items.
pub fn without_test_items<'a>(tokens: &[Token<'a>]) -> Vec<Token<'a>> {
    let skipped = test_items(tokens);
    let mut kept = Vec::with_capacity(tokens.len());
    let mut next = 0;
    for range in skipped {
        kept.extend_from_slice(&tokens[next..range.start.max(next)]);
        next = next.max(range.end);
    }
    kept.extend_from_slice(&tokens[next.min(tokens.len())..]);
    kept
}

/// The index ranges of `tokens` that are test code: an item under `#[cfg(test)]`,
/// `#[cfg(all(test, ...))]` or `#[test]`, from its first attribute to its `;` or closing
/// brace; the whole file under an inner `#![cfg(test)]`. Comments are looked through.
pub fn test_items(tokens: &[Token<'_>]) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if tokens[i].kind != TokenKind::Pound {
            i += 1;
            continue;
        }
        let Some((attribute_end, inner, test_only)) = attribute_at(tokens, i) else {
            i += 1;
            continue;
        };
        if test_only && inner {
            return std::iter::once(0..tokens.len()).collect();
        }
        if !test_only {
            i = attribute_end;
            continue;
        }
        let end = item_end(tokens, attribute_end);
        ranges.push(i..end);
        i = end;
    }
    ranges
}

/// The attribute starting at the `#` at `i`: the index after its `]`, whether it is an inner
/// attribute (`#![...]`), and whether it compiles its item for tests only.
fn attribute_at(tokens: &[Token<'_>], i: usize) -> Option<(usize, bool, bool)> {
    let significant: Vec<usize> = (i..tokens.len())
        .filter(|&k| !tokens[k].is_comment())
        .take(3)
        .collect();
    let inner = significant
        .get(1)
        .is_some_and(|&k| tokens[k].kind == TokenKind::Bang);
    let open = *significant.get(if inner { 2 } else { 1 })?;
    if tokens[open].kind != TokenKind::OpenBracket {
        return None;
    }
    let mut depth = 0usize;
    let mut words = Vec::new();
    for (k, token) in tokens.iter().enumerate().skip(open) {
        match token.kind {
            TokenKind::OpenBracket | TokenKind::OpenParen | TokenKind::OpenBrace => depth += 1,
            TokenKind::CloseBracket | TokenKind::CloseParen | TokenKind::CloseBrace => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return Some((k + 1, inner, is_test_only(&words)));
                }
            }
            _ if !token.is_comment() => words.push(token.text),
            _ => {}
        }
    }
    None
}

/// Whether the words of an attribute, brackets and commas aside (`cfg all test unix`), compile
/// its item for tests only: `test`, `cfg(test)`, or `cfg(all(..., test, ...))`.
fn is_test_only(words: &[&str]) -> bool {
    let words: Vec<&str> = words.iter().copied().filter(|w| *w != ",").collect();
    match words.as_slice() {
        ["test"] | ["cfg", "test"] => true,
        ["cfg", "all", rest @ ..] => rest.contains(&"test"),
        _ => false,
    }
}

/// The index after the item that starts at `i` (after its attribute): past its first `;` or
/// the closing brace of its first `{`, brackets and parentheses looked through.
fn item_end(tokens: &[Token<'_>], i: usize) -> usize {
    let mut depth = 0usize;
    let mut k = i;
    while k < tokens.len() {
        match tokens[k].kind {
            TokenKind::OpenParen | TokenKind::OpenBracket => depth += 1,
            TokenKind::CloseParen | TokenKind::CloseBracket => depth = depth.saturating_sub(1),
            TokenKind::Semi if depth == 0 => return k + 1,
            TokenKind::OpenBrace if depth == 0 => return matching_close(tokens, k) + 1,
            _ => {}
        }
        k += 1;
    }
    tokens.len()
}

/// The index of the brace that closes the `{` at `open` (the last token if none does).
pub fn matching_close(tokens: &[Token<'_>], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, token) in tokens.iter().enumerate().skip(open) {
        match token.kind {
            TokenKind::OpenBrace => depth += 1,
            TokenKind::CloseBrace => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    tokens.len().saturating_sub(1)
}

/// The value of a string, char, byte or byte-string literal token, as rustc unescapes it.
/// Bytes are read as UTF-8 (invalid sequences replaced), so `b"\xe6\x97\xa5"` is the kanji
/// it encodes. Numbers and malformed literals have no value.
pub fn literal_value(kind: LiteralKind, text: &str) -> Option<String> {
    match kind {
        LiteralKind::Str { .. } => {
            let body = text.strip_prefix('"')?.strip_suffix('"')?;
            let mut value = String::new();
            unescape_str(body, |_, c| value.extend(c));
            Some(value)
        }
        LiteralKind::ByteStr { .. } => {
            let body = text.strip_prefix("b\"")?.strip_suffix('"')?;
            let mut bytes = Vec::new();
            unescape_byte_str(body, |_, b| bytes.extend(b));
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
        LiteralKind::CStr { .. } => {
            let body = text.strip_prefix("c\"")?.strip_suffix('"')?;
            let mut bytes = Vec::new();
            unescape_c_str(body, |_, unit| match unit {
                Ok(MixedUnit::Char(c)) => {
                    bytes.extend_from_slice(c.get().encode_utf8(&mut [0; 4]).as_bytes())
                }
                Ok(MixedUnit::HighByte(b)) => bytes.push(b.get()),
                Err(_) => {}
            });
            Some(String::from_utf8_lossy(&bytes).into_owned())
        }
        LiteralKind::Char { .. } => {
            let body = text.strip_prefix('\'')?.strip_suffix('\'')?;
            unescape_char(body).ok().map(String::from)
        }
        LiteralKind::Byte { .. } => {
            let body = text.strip_prefix("b'")?.strip_suffix('\'')?;
            unescape_byte(body).ok().map(|b| char::from(b).to_string())
        }
        LiteralKind::RawStr { n_hashes: Some(n) } => raw_body(text, "r", n),
        LiteralKind::RawByteStr { n_hashes: Some(n) } => raw_body(text, "br", n),
        LiteralKind::RawCStr { n_hashes: Some(n) } => raw_body(text, "cr", n),
        _ => None,
    }
}

/// The body of a raw literal `<prefix>##"..."##` with `n` hashes.
fn raw_body(text: &str, prefix: &str, n: u8) -> Option<String> {
    let hashes = "#".repeat(usize::from(n));
    let body = text
        .strip_prefix(prefix)?
        .strip_prefix(hashes.as_str())?
        .strip_prefix('"')?
        .strip_suffix(hashes.as_str())?
        .strip_suffix('"')?;
    Some(body.to_string())
}

/// Whether a source path (relative, `/`-separated) is test code by its place: a `tests.rs`
/// module or a file under a `tests/` folder.
pub fn is_test_path(relative: &str) -> bool {
    relative.ends_with("/tests.rs")
        || relative.contains("/tests/")
        || relative.starts_with("tests/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(tokens: &[Token<'a>]) -> Vec<&'a str> {
        tokens.iter().map(|t| t.text).collect()
    }

    #[test]
    fn test_items_are_left_out_whatever_their_form() {
        let source = "fn a() {}\n#[cfg(test)]\nmod t { fn b() {} }\n#[cfg(all(test, unix))]\nfn c() {}\n#[test]\nfn d() {}\n#[cfg(test)]\nuse x::y;\nfn e() {}\n";
        let kept = code_tokens(source);
        let idents: Vec<&str> = kept
            .iter()
            .filter(|t| t.kind == TokenKind::Ident && t.text.len() == 1)
            .map(|t| t.text)
            .collect();
        assert_eq!(idents, ["a", "e"], "{:?}", texts(&kept));
    }

    #[test]
    fn other_cfg_items_are_kept() {
        for kept in [
            "#[cfg(unix)]",
            "#[cfg(not(test))]",
            "#[cfg(any(test, unix))]",
        ] {
            let source = format!("{kept}\nmod t {{ use crate::x; }}\n");
            assert!(texts(&code_tokens(&source)).contains(&"x"), "{kept}");
        }
        let inner = "#![cfg(test)]\nfn a() {}\n";
        assert!(code_tokens(inner).is_empty());
    }

    #[test]
    fn literals_are_unescaped_as_rustc_does() {
        let values: Vec<Option<String>> =
            tokens(r####"x "a\u{65e5}" b"\xe6\x97\xa5" r#"r"# br"b\d" 'c' b'd' c"e" 7"####)
                .iter()
                .filter_map(|t| match t.kind {
                    TokenKind::Literal { kind, .. } => Some(literal_value(kind, t.text)),
                    _ => None,
                })
                .collect();
        let expected = ["a\u{65e5}", "\u{65e5}", "r", "b\\d", "c", "d", "e"];
        let mut expected: Vec<Option<String>> =
            expected.iter().map(|s| Some(s.to_string())).collect();
        expected.push(None);
        assert_eq!(values, expected);
    }

    #[test]
    fn test_paths_are_told_by_their_place() {
        assert!(is_test_path("crates/a/src/x/tests.rs"));
        assert!(is_test_path("crates/a/src/tests/data.rs"));
        assert!(!is_test_path("crates/a/src/testing.rs"));
    }
}
