//! A unified diff between the original and the normalized text (`treaty normalize --diff`).

use similar::{Algorithm, TextDiff};

/// Lines of context around each change.
const CONTEXT_LINES: usize = 2;

/// A unified diff (`--- original`, `+++ normalized`, `@@` hunks) of the two texts by line.
///
/// Returns an empty string when the texts are equal.
///
/// ```
/// let diff = treaty_normalize::unified_diff("Articie 10\nDividends\n", "Article 10\nDividends\n");
/// assert!(diff.contains("-Articie 10\n+Article 10\n"));
/// ```
pub fn unified_diff(original: &str, normalized: &str) -> String {
    if original == normalized {
        return String::new();
    }
    TextDiff::configure()
        .algorithm(Algorithm::Patience)
        .diff_lines(original, normalized)
        .unified_diff()
        .context_radius(CONTEXT_LINES)
        .header("original", "normalized")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_changed_lines_with_headers() {
        let original = "Artigo Articie 1\nPessoas visadas\n\nb) no caso da Dinamarca:\n";
        let normalized = "Artigo Article 1\nPessoas visadas\n\nb) no caso da Dinamarca:\n";
        let diff = unified_diff(original, normalized);
        assert!(
            diff.starts_with("--- original\n+++ normalized\n@@ -1,3 +1,3 @@\n"),
            "{diff}"
        );
        assert!(
            diff.contains("-Artigo Articie 1\n+Artigo Article 1\n Pessoas visadas\n"),
            "{diff}"
        );
        assert!(!diff.contains("Dinamarca"), "{diff}");
    }

    #[test]
    fn equal_texts_give_an_empty_diff() {
        assert_eq!(unified_diff("Artigo 1\n", "Artigo 1\n"), "");
    }
}
