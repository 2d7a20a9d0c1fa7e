//! A fast, exact test that a pattern with Unicode word boundaries cannot match a text.
//!
//! The regex crate runs a Unicode `\b` on its fast automata only over ASCII text: on a text
//! with a single accented letter or typographic quote it falls back to an engine tens of times
//! slower. The same pattern with its Unicode word boundaries taken out matches wherever the
//! pattern does (an assertion taken out only lets more through) and runs on the fast automata
//! over any text. Where it finds nothing, the pattern finds nothing either; where it finds
//! something, the pattern itself is run. Most texts a rule reads hold none of its words.

use regex::Regex;
use regex_syntax::hir::{Hir, HirKind, Look};

/// `pattern` with its Unicode word-boundary assertions (`\b`, `\B`, `\<`, `\>` and the half
/// boundaries) replaced by the empty pattern, or `None` when it has none (or does not parse,
/// which compiling the pattern itself reports).
pub fn without_unicode_word_boundaries(pattern: &str) -> Option<String> {
    let hir = regex_syntax::Parser::new().parse(pattern).ok()?;
    let mut removed = false;
    let stripped = strip(hir, &mut removed);
    removed.then(|| stripped.to_string())
}

fn strip(hir: Hir, removed: &mut bool) -> Hir {
    match hir.into_kind() {
        HirKind::Look(look) if is_unicode_word_look(look) => {
            *removed = true;
            Hir::empty()
        }
        HirKind::Repetition(mut repetition) => {
            let sub = std::mem::replace(&mut repetition.sub, Box::new(Hir::empty()));
            repetition.sub = Box::new(strip(*sub, removed));
            Hir::repetition(repetition)
        }
        HirKind::Capture(mut capture) => {
            let sub = std::mem::replace(&mut capture.sub, Box::new(Hir::empty()));
            capture.sub = Box::new(strip(*sub, removed));
            Hir::capture(capture)
        }
        HirKind::Concat(subs) => Hir::concat(subs.into_iter().map(|h| strip(h, removed)).collect()),
        HirKind::Alternation(subs) => {
            Hir::alternation(subs.into_iter().map(|h| strip(h, removed)).collect())
        }
        kind @ (HirKind::Empty | HirKind::Literal(_) | HirKind::Class(_) | HirKind::Look(_)) => {
            rebuild(kind)
        }
    }
}

/// A leaf as it was.
fn rebuild(kind: HirKind) -> Hir {
    match kind {
        HirKind::Empty => Hir::empty(),
        HirKind::Literal(literal) => Hir::literal(literal.0),
        HirKind::Class(class) => Hir::class(class),
        HirKind::Look(look) => Hir::look(look),
        _ => unreachable!("only leaves are rebuilt"),
    }
}

fn is_unicode_word_look(look: Look) -> bool {
    matches!(
        look,
        Look::WordUnicode
            | Look::WordUnicodeNegate
            | Look::WordStartUnicode
            | Look::WordEndUnicode
            | Look::WordStartHalfUnicode
            | Look::WordEndHalfUnicode
    )
}

/// The gate of `pattern`: the pattern without its Unicode word boundaries, compiled, or `None`
/// when it has none.
pub fn gate_of(pattern: &str) -> Result<Option<Regex>, regex::Error> {
    without_unicode_word_boundaries(pattern)
        .map(|stripped| Regex::new(&stripped))
        .transpose()
}

/// Whether `haystack` may hold a match of the pattern whose gate is `gate` (no gate: it may).
pub fn passes(gate: Option<&Regex>, haystack: &str) -> bool {
    gate.is_none_or(|gate| gate.is_match(haystack))
}

/// A pattern and, when it has Unicode word boundaries, the gate that tells at ASCII speed that
/// a text holds no match of it.
pub struct Gated {
    regex: Regex,
    gate: Option<Regex>,
}

impl Gated {
    /// Compiles `pattern` and its gate.
    pub fn new(pattern: &str) -> Result<Gated, regex::Error> {
        Ok(Gated {
            regex: Regex::new(pattern)?,
            gate: gate_of(pattern)?,
        })
    }

    /// False only when the pattern has no match anywhere in `haystack`.
    pub fn may_match(&self, haystack: &str) -> bool {
        passes(self.gate.as_ref(), haystack)
    }

    /// The pattern.
    pub fn regex(&self) -> &Regex {
        &self.regex
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_boundaries_are_taken_out_and_nothing_else() {
        assert_eq!(without_unicode_word_boundaries(r"(?-u:\b)a"), None);
        assert_eq!(without_unicode_word_boundaries(r"[\b]x"), None);
        let stripped = without_unicode_word_boundaries(r"(?i)\bhalf\s+of\b").expect("has \\b");
        let gate = Regex::new(&stripped).expect("valid");
        assert!(gate.is_match("onehalf ofx"));
        assert!(gate.is_match("HALF of"));
        assert!(!gate.is_match("half the"));
    }

    /// Wherever the pattern matches, the gate does; texts with letters in and out of ASCII
    /// beside the words.
    #[test]
    fn the_gate_lets_every_match_through() {
        let patterns = [
            r"(?i)\b(?:(?P<not>first|last|second)\s+)?(?P<share>(?:one[- ])?half)\s+of\b",
            r"(?i:(?:royalt|informaç)[^.;]*?\binclu(?:i|em)\b[^.;]*?serviços\s+técnicos)",
            r"\b(?:This|The)\s+(?:[Aa]rticle|[Pp]rotocol)\s+(?:provides|states)\b",
            r"\Bx|y\b",
        ];
        let texts = [
            "one half of the tax",
            "ſecond half of",
            "éhalf of",
            "half ofé",
            "royalties inclui serviços técnicos",
            "royalties éinclui serviços técnicos",
            "This Article provides",
            "This Articleprovides",
            "ax y",
            "x yé",
            "",
        ];
        for pattern in patterns {
            let gated = Gated::new(pattern).expect("valid");
            assert!(gated.gate.is_some(), "{pattern}");
            for text in texts {
                if gated.regex().is_match(text) {
                    assert!(gated.may_match(text), "{pattern} on {text:?}");
                }
            }
        }
        let gated = Gated::new(r"(?i)\bhalf\s+of\b").expect("valid");
        assert!(!gated.may_match("a half-year"));
        assert!(gated.may_match("behalf of"));
        assert!(!gated.regex().is_match("behalf of"));
    }
}
