//! The text a source holds: its comments and its literals (string, raw string, byte string,
//! C string, char and byte literals, and the literals a `concat!` joins), each with whether
//! it is a message for the user, test code left out.

use std::collections::BTreeSet;

use ra_ap_rustc_lexer::{LiteralKind, TokenKind};

use crate::source::{literal_value, tokens, without_test_items, Token};

/// Macros whose string arguments are messages for the user, not vocabulary.
pub const MESSAGE_MACROS: &[&str] = &[
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
pub const MESSAGE_METHODS: &[&str] = &["expect", "context", "with_context"];

/// Struct fields whose value (a literal, a `format!`, or either in `Some(…)`) is a message
/// for the user: warnings, failures, and the note that explains a derived value.
pub const MESSAGE_FIELDS: &[&str] = &["message", "reason", "hint", "warning", "error", "derived"];

/// A literal's value, unescaped, and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Literal {
    /// The line it starts on.
    pub line: usize,
    /// Its value: what rustc makes of it (a `concat!`'s literals joined).
    pub text: String,
    /// In a message for the user.
    pub message: bool,
    /// The template of a `format!`: its `{…}` placeholders are not text.
    pub template: bool,
}

/// What the lexer found in a source: comments (with their line) and literals, test code left
/// out.
#[derive(Debug, Default)]
pub struct Lexed {
    /// Every comment, doc comments included.
    pub comments: Vec<(usize, String)>,
    /// Every literal with a text value.
    pub literals: Vec<Literal>,
}

/// Reads `source` with rustc's lexer.
pub fn lex(source: &str) -> Lexed {
    let all = tokens(source);
    let tokens = without_test_items(&all);
    let mut reader = Reader {
        tokens: &tokens,
        lexed: Lexed::default(),
        message_depths: Vec::new(),
        depth: 0,
        template_next: false,
    };
    let mut i = 0;
    while i < tokens.len() {
        i = reader.step(i);
    }
    reader.lexed
}

/// The state of one pass over a source's tokens.
struct Reader<'t, 'a> {
    tokens: &'t [Token<'a>],
    lexed: Lexed,
    /// Depths of the brackets opened by a message macro or method, innermost last.
    message_depths: Vec<usize>,
    depth: usize,
    /// Set by `format!(`: the next literal is its template.
    template_next: bool,
}

impl Reader<'_, '_> {
    fn kind(&self, i: usize) -> Option<TokenKind> {
        self.tokens.get(i).map(|t| t.kind)
    }

    fn ident(&self, i: usize) -> Option<&str> {
        self.tokens
            .get(i)
            .filter(|t| t.kind == TokenKind::Ident)
            .map(|t| t.text)
    }

    fn is_open(&self, i: usize) -> bool {
        matches!(
            self.kind(i),
            Some(TokenKind::OpenParen | TokenKind::OpenBracket | TokenKind::OpenBrace)
        )
    }

    /// Whether token `i` is preceded by `field:` (or `field: Some(`) for a message field.
    fn after_message_field(&self, i: usize) -> bool {
        let i = if i >= 2
            && self.ident(i - 2) == Some("Some")
            && self.kind(i - 1) == Some(TokenKind::OpenParen)
        {
            i - 2
        } else {
            i
        };
        i >= 2
            && self.kind(i - 1) == Some(TokenKind::Colon)
            && self
                .ident(i - 2)
                .is_some_and(|name| MESSAGE_FIELDS.contains(&name))
            && self.kind(i.wrapping_sub(3)) != Some(TokenKind::Colon)
    }

    /// Reads the token at `i`; returns the index of the next token to read.
    fn step(&mut self, i: usize) -> usize {
        let token = self.tokens[i];
        match token.kind {
            TokenKind::LineComment { .. } | TokenKind::BlockComment { .. } => {
                self.lexed
                    .comments
                    .push((token.line, token.text.to_string()));
            }
            TokenKind::Ident if token.text == "concat" && self.macro_call(i) => {
                return self.concat(i);
            }
            // `name!(`: a message macro, or `format!`, whose first literal is a template.
            TokenKind::Ident if self.macro_call(i) => {
                if MESSAGE_MACROS.contains(&token.text)
                    || (token.text == "format" && self.after_message_field(i))
                {
                    self.message_depths.push(self.depth + 1);
                }
                self.template_next = token.text == "format";
            }
            // `.expect(`, `.context(`, `.with_context(`.
            TokenKind::Ident
                if i > 0
                    && self.kind(i - 1) == Some(TokenKind::Dot)
                    && MESSAGE_METHODS.contains(&token.text)
                    && self.kind(i + 1) == Some(TokenKind::OpenParen) =>
            {
                self.message_depths.push(self.depth + 1);
            }
            // `#[error(`.
            TokenKind::Ident
                if token.text == "error"
                    && i >= 2
                    && self.kind(i - 1) == Some(TokenKind::OpenBracket)
                    && self.kind(i - 2) == Some(TokenKind::Pound) =>
            {
                self.message_depths.push(self.depth + 1);
            }
            TokenKind::OpenParen | TokenKind::OpenBracket | TokenKind::OpenBrace => self.depth += 1,
            TokenKind::CloseParen | TokenKind::CloseBracket | TokenKind::CloseBrace => {
                if self.message_depths.last() == Some(&self.depth) {
                    self.message_depths.pop();
                }
                self.depth = self.depth.saturating_sub(1);
            }
            TokenKind::Literal { kind, .. } => self.literal(i, kind),
            _ => {}
        }
        i + 1
    }

    /// Whether the identifier at `i` calls a macro: `name!(`, `name![` or `name!{`.
    fn macro_call(&self, i: usize) -> bool {
        self.kind(i + 1) == Some(TokenKind::Bang) && self.is_open(i + 2)
    }

    fn literal(&mut self, i: usize, kind: LiteralKind) {
        let text = self.tokens[i].text;
        let value = literal_value(kind, text).filter(|_| !self.range_bound(i));
        if let Some(text) = value {
            // `.name("state")`: a capture group's name is an identifier.
            let group_name = i >= 2
                && self.ident(i - 2) == Some("name")
                && self.kind(i - 1) == Some(TokenKind::OpenParen);
            let message =
                !self.message_depths.is_empty() || self.after_message_field(i) || group_name;
            self.lexed.literals.push(Literal {
                line: self.tokens[i].line,
                text,
                message,
                template: self.template_next,
            });
        }
        self.template_next = false;
    }

    /// `'\u{4E00}'..='\u{9FFF}'`: the bounds of a range of code points are the script's, not
    /// words.
    fn range_bound(&self, i: usize) -> bool {
        let dot = Some(TokenKind::Dot);
        (self.kind(i + 1) == dot && self.kind(i + 2) == dot)
            || (i >= 1
                && self.kind(i - 1) == Some(TokenKind::Eq)
                && self.kind(i.wrapping_sub(2)) == dot)
            || (i >= 2 && self.kind(i - 1) == dot && self.kind(i - 2) == dot)
    }

    /// `concat!(…)` at `i`: its literals joined into one literal, as the compiler joins them
    /// (`concat!("divi", "dends")` is `"dividends"`); returns the index after its closing
    /// bracket. A macro call or other token among the arguments reads as a space.
    fn concat(&mut self, i: usize) -> usize {
        let open = i + 2;
        let mut depth = 0usize;
        let mut text = String::new();
        // Set by a token that is not a literal of the concat itself: the next literal
        // follows a space.
        let mut gap = false;
        let mut end = self.tokens.len();
        for (k, token) in self.tokens.iter().enumerate().skip(open) {
            let joined = match token.kind {
                TokenKind::OpenParen | TokenKind::OpenBracket | TokenKind::OpenBrace => {
                    depth += 1;
                    None
                }
                TokenKind::CloseParen | TokenKind::CloseBracket | TokenKind::CloseBrace => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                    None
                }
                // Numbers are joined as written.
                TokenKind::Literal { kind, .. } if depth == 1 => {
                    Some(literal_value(kind, token.text).unwrap_or_else(|| token.text.to_string()))
                }
                TokenKind::Ident if depth == 1 && matches!(token.text, "true" | "false") => {
                    Some(token.text.to_string())
                }
                TokenKind::Comma if depth == 1 => continue,
                _ => None,
            };
            match joined {
                Some(value) => {
                    if std::mem::take(&mut gap) && !text.is_empty() {
                        text.push(' ');
                    }
                    text.push_str(&value);
                }
                None => gap = true,
            }
        }
        let message = !self.message_depths.is_empty() || self.after_message_field(i);
        self.lexed.literals.push(Literal {
            line: self.tokens[i].line,
            text,
            message,
            template: std::mem::take(&mut self.template_next),
        });
        end
    }
}

/// Lines exempted by a `// tidy: not language (<why>)` comment, from the comment to the next
/// blank line; every line when a comment says `// tidy: file is not language (<why>)`.
pub fn exempt_lines(source: &str, lexed: &Lexed) -> BTreeSet<usize> {
    let marked = |marker: &str| -> BTreeSet<usize> {
        lexed
            .comments
            .iter()
            .filter(|(_, text)| text.starts_with(marker))
            .map(|(line, _)| *line)
            .collect()
    };
    let lines: Vec<&str> = source.lines().collect();
    if !marked("// tidy: file is not language").is_empty() {
        return (1..=lines.len()).collect();
    }
    let starts = marked("// tidy: not language");
    let mut exempt = BTreeSet::new();
    let mut active = false;
    for (index, line) in lines.iter().enumerate() {
        if starts.contains(&(index + 1)) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(source: &str) -> Vec<String> {
        lex(source).literals.into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn concat_joins_its_literals() {
        assert_eq!(
            texts(r#"const A: &str = concat!("divi", "dends", 1, true);"#),
            ["dividends1true"]
        );
        assert_eq!(
            texts(r#"const A: &str = concat!("a", env!("B"), "c");"#),
            ["a c"]
        );
    }

    #[test]
    fn byte_and_raw_strings_are_literals() {
        assert_eq!(
            texts(
                r##"const A: &[u8] = b"divi"; const B: &str = r#"x\b"#; const C: &[u8] = br"y";"##
            ),
            ["divi", "x\\b", "y"]
        );
    }

    #[test]
    fn messages_templates_and_test_code_are_told() {
        let lexed = lex(
            "fn f() { eprintln!(\"a\"); let t = format!(\"{x}b\"); let w = W { message: \"c\" }; }\n#[cfg(test)]\nmod tests { const S: &str = \"d\"; }\n",
        );
        let summary: Vec<(&str, bool, bool)> = lexed
            .literals
            .iter()
            .map(|l| (l.text.as_str(), l.message, l.template))
            .collect();
        assert_eq!(
            summary,
            [
                ("a", true, false),
                ("{x}b", false, true),
                ("c", true, false)
            ]
        );
    }

    #[test]
    fn exemptions_are_read_from_comments_only() {
        let source = "// tidy: not language (tags)\nconst A: &str = \"x\";\n\nconst B: &str = \"// tidy: file is not language\";\n";
        let exempt = exempt_lines(source, &lex(source));
        assert_eq!(exempt, BTreeSet::from([1, 2]));
        let whole = "// tidy: file is not language (codes)\nconst A: &str = \"x\";\n";
        assert_eq!(exempt_lines(whole, &lex(whole)).len(), 2);
    }
}
