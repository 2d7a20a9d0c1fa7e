//! Small helpers for turning profile word lists into regex sources.

/// A regex source that never matches, for a language whose profile leaves a list empty. Never
/// case-folded, even inside `(?i:...)`: folding a class of every character takes milliseconds.
pub const NEVER: &str = r"(?-i:[^\s\S])";

/// A non-capturing alternation of literal words or phrases (escaped), longest first so that a
/// phrase wins over its prefix; [`NEVER`] when the list is empty, so that an empty profile
/// part finds nothing rather than everything.
pub fn literal_alternation<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    let mut words: Vec<&str> = words.into_iter().collect();
    if words.is_empty() {
        return NEVER.to_string();
    }
    words.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    words.dedup();
    let escaped: Vec<String> = words.iter().map(|word| escape(word)).collect();
    format!("(?:{})", escaped.join("|"))
}

/// A non-capturing alternation of regex fragments (not escaped); [`NEVER`] when empty.
pub fn pattern_alternation<'a>(patterns: impl IntoIterator<Item = &'a str>) -> String {
    let patterns: Vec<&str> = patterns.into_iter().collect();
    if patterns.is_empty() {
        return NEVER.to_string();
    }
    format!("(?:{})", patterns.join("|"))
}

/// Escapes regex metacharacters (the same set as `regex::escape`), so this crate needs no regex.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if r"\.+*?()|[]{}^$#&-~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternations() {
        assert_eq!(literal_alternation(["a", "a.b", "a"]), r"(?:a\.b|a)");
        assert_eq!(literal_alternation(std::iter::empty()), NEVER);
        assert_eq!(pattern_alternation([r"x\d", "y"]), r"(?:x\d|y)");
        assert_eq!(pattern_alternation(std::iter::empty()), NEVER);
    }
}
