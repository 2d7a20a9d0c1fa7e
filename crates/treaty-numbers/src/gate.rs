//! A fast, exact test that a pattern with Unicode word boundaries cannot match a text.
//!
//! The regex crate runs a Unicode `\b` on its fast automata only over ASCII text: on a text
//! with a single accented letter or typographic quote it falls back to an engine tens of times
//! slower. The same pattern with its Unicode word boundaries taken out matches wherever the
//! pattern does (an assertion taken out only lets more through) and runs on the fast automata
//! over any text. Where it finds nothing, the pattern finds nothing either; where it finds
//! something, the pattern itself is run. Most texts a rule reads hold none of its words.
//!
//! Before the stripped pattern, a gate may look for the literals of which every match holds one
//! (see [`required_literals`]): a literal search runs on the regex crate's vectorized
//! substring search, many times faster than the automata of a pattern whose leading words are
//! optional or case-insensitive (the share words' `first|last|second ... half of`).

use regex::Regex;
use regex_syntax::hir::literal::Extractor;
use regex_syntax::hir::{Hir, HirKind, Look};

/// `pattern` with its Unicode word-boundary assertions (`\b`, `\B`, `\<`, `\>` and the half
/// boundaries) replaced by the empty pattern, or `None` when it has none (or does not parse,
/// which compiling the pattern itself reports).
pub fn without_unicode_word_boundaries(pattern: &str) -> Option<String> {
    stripped_hir(pattern).map(|stripped| stripped.to_string())
}

/// [`without_unicode_word_boundaries`], as the parsed pattern.
fn stripped_hir(pattern: &str) -> Option<Hir> {
    let hir = regex_syntax::Parser::new().parse(pattern).ok()?;
    let mut removed = false;
    let stripped = strip(hir, &mut removed);
    removed.then_some(stripped)
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

/// Shorter literals are found too often in text to be worth a search of their own.
const SHORTEST_USEFUL_LITERAL: usize = 3;

/// More literals cost more to compile and search than the pattern's automata save.
const MOST_USEFUL_LITERALS: usize = 32;

/// Literals of which every match of `hir` contains one, when a useful set is known: the
/// literal prefixes of `hir` itself, of each tail of a concatenation (`half\s+of` in
/// `(?:one[- ])?half\s+of`), or of a part every match goes through (a group, a repetition of
/// at least once, a part of a concatenation), whichever set's shortest literal is longest.
/// The prefixes are regex-syntax's: every match of a part starts with one of them, so a text
/// without any of them holds no match.
fn required_literals(hir: &Hir) -> Option<Vec<Vec<u8>>> {
    let (tails, parts): (Vec<Hir>, Vec<&Hir>) = match hir.kind() {
        HirKind::Concat(subs) => (
            (1..subs.len())
                .map(|start| Hir::concat(subs[start..].to_vec()))
                .collect(),
            subs.iter().collect(),
        ),
        HirKind::Capture(capture) => (Vec::new(), vec![&capture.sub]),
        HirKind::Repetition(repetition) if repetition.min >= 1 => {
            (Vec::new(), vec![&repetition.sub])
        }
        _ => (Vec::new(), Vec::new()),
    };
    let shortest = |literals: &Vec<Vec<u8>>| literals.iter().map(Vec::len).min().unwrap_or(0);
    std::iter::once(literal_prefixes(hir))
        .chain(tails.iter().map(literal_prefixes))
        .chain(parts.into_iter().map(required_literals))
        .flatten()
        .filter(|literals| {
            shortest(literals) >= SHORTEST_USEFUL_LITERAL && literals.len() <= MOST_USEFUL_LITERALS
        })
        .max_by_key(shortest)
}

/// The literals every match of `hir` starts with, when regex-syntax knows a finite set of
/// them, none empty.
fn literal_prefixes(hir: &Hir) -> Option<Vec<Vec<u8>>> {
    let prefixes = Extractor::new().extract(hir);
    let literals = prefixes.literals()?;
    (!literals.is_empty() && literals.iter().all(|literal| !literal.is_empty()))
        .then(|| literals.iter().map(|l| l.as_bytes().to_vec()).collect())
}

/// A test that a text holds no match of a pattern with Unicode word boundaries: first that
/// it holds none of the literals every match holds, then that the pattern without its word
/// boundaries has no match.
pub struct Gate {
    literals: Option<regex::bytes::Regex>,
    stripped: Regex,
}

impl Gate {
    fn passes(&self, haystack: &str) -> bool {
        self.literals
            .as_ref()
            .is_none_or(|literals| literals.is_match(haystack.as_bytes()))
            && self.stripped.is_match(haystack)
    }
}

/// The gate of `pattern` (see [`Gate`]) without a literal test, or `None` when it has no
/// Unicode word boundary.
pub fn gate_of(pattern: &str) -> Result<Option<Gate>, regex::Error> {
    gate_with(pattern, false)
}

/// The gate of `pattern`, with the literal test when `literal_test` and a useful set of
/// literals is known. The literal test costs its own compilation: it is asked for by patterns
/// tried on every paragraph.
fn gate_with(pattern: &str, literal_test: bool) -> Result<Option<Gate>, regex::Error> {
    let Some(stripped) = stripped_hir(pattern) else {
        return Ok(None);
    };
    let literals = literal_test
        .then(|| required_literals(&stripped))
        .flatten()
        .map(|literals| {
            let alternation = literals
                .iter()
                .map(|literal| literal.iter().map(|b| format!(r"\x{b:02X}")).collect())
                .collect::<Vec<String>>()
                .join("|");
            regex::bytes::Regex::new(&format!("(?-u:{alternation})"))
        })
        .transpose()?;
    Ok(Some(Gate {
        literals,
        stripped: Regex::new(&stripped.to_string())?,
    }))
}

/// Whether `haystack` may hold a match of the pattern whose gate is `gate` (no gate: it may).
pub fn passes(gate: Option<&Gate>, haystack: &str) -> bool {
    gate.is_none_or(|gate| gate.passes(haystack))
}

/// A pattern and, when it has Unicode word boundaries, the gate that tells at ASCII speed that
/// a text holds no match of it.
pub struct Gated {
    regex: Regex,
    gate: Option<Gate>,
}

impl Gated {
    /// Compiles `pattern` and its gate.
    pub fn new(pattern: &str) -> Result<Gated, regex::Error> {
        Ok(Gated {
            regex: Regex::new(pattern)?,
            gate: gate_of(pattern)?,
        })
    }

    /// Compiles `pattern` and its gate with the literal test (see [`Gate`]), for a pattern
    /// tried on every paragraph.
    pub fn with_literal_test(pattern: &str) -> Result<Gated, regex::Error> {
        Ok(Gated {
            regex: Regex::new(pattern)?,
            gate: gate_with(pattern, true)?,
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
            let plain = Gated::new(pattern).expect("valid");
            let literal = Gated::with_literal_test(pattern).expect("valid");
            for gated in [plain, literal] {
                assert!(gated.gate.is_some(), "{pattern}");
                for text in texts {
                    if gated.regex().is_match(text) {
                        assert!(gated.may_match(text), "{pattern} on {text:?}");
                    }
                }
            }
        }
        // Every match holds `half` in some case: texts without it are told by the literals.
        let share = Gated::with_literal_test(patterns[0]).expect("valid");
        let literals = share.gate.as_ref().and_then(|g| g.literals.as_ref());
        assert!(literals.is_some_and(|l| l.is_match(b"HaLf") && !l.is_match(b"first shall")));
        assert!(!share.may_match("the first of one of the States"));
        assert!(share.may_match("the second HALF of"));
        let gated = Gated::new(r"(?i)\bhalf\s+of\b").expect("valid");
        assert!(!gated.may_match("a half-year"));
        assert!(gated.may_match("behalf of"));
        assert!(!gated.regex().is_match("behalf of"));
    }
}
