//! Word counts of a whole document, for fixes that decide with evidence from the document.
//!
//! A word is a maximal run of alphabetic characters (the Vietnamese letters U+1EA0..U+1EF9
//! do not count, since in these texts they are damaged quotation marks). A hyphenated pair
//! `a-b` is two words joined by one hyphen with no space. Counts are case-insensitive.
//!
//! Only the words a fix asks about are counted, and a word's length is checked before it is
//! lowercased and hashed, so counting stays cheap on large texts.

use std::collections::HashMap;

/// Whether `ch` belongs to a word.
pub(crate) fn is_word_char(ch: char) -> bool {
    ch.is_alphabetic() && !('\u{1EA0}'..='\u{1EF9}').contains(&ch)
}

/// Lowercases `word` into a new string.
pub(crate) fn lower(word: &str) -> String {
    word.to_lowercase()
}

/// The words (and hyphenated pairs) a fix wants counted, and their counts.
#[derive(Debug, Default)]
pub(crate) struct WordCounts {
    counts: HashMap<String, u64>,
    /// Bit `n` is set when some wanted key is `n` bytes long (63 stands for "63 or more").
    lengths: u64,
    wants_pairs: bool,
}

impl WordCounts {
    /// Asks for `word` (a single word or `a-b`) to be counted.
    pub(crate) fn want(&mut self, word: &str) {
        let key = lower(word);
        self.lengths |= 1 << key.len().min(63);
        self.wants_pairs |= key.contains('-');
        self.counts.entry(key).or_insert(0);
    }

    /// How often `word` occurs (0 if it was not asked for).
    pub(crate) fn get(&self, word: &str) -> u64 {
        self.counts.get(&lower(word)).copied().unwrap_or(0)
    }

    /// Subtracts one occurrence of `word` (for fragments that are not real occurrences).
    pub(crate) fn discount(&mut self, word: &str) {
        if let Some(count) = self.counts.get_mut(&lower(word)) {
            *count = count.saturating_sub(1);
        }
    }

    fn might_want(&self, len: usize) -> bool {
        self.lengths & (1 << len.min(63)) != 0
    }

    fn bump(&mut self, word: &str, scratch: &mut String) {
        if !self.might_want(word.len()) {
            return;
        }
        let key: &str = if word.bytes().all(|byte| byte.is_ascii_lowercase()) {
            word
        } else {
            scratch.clear();
            scratch.extend(word.chars().flat_map(char::to_lowercase));
            scratch
        };
        if let Some(count) = self.counts.get_mut(key) {
            *count += 1;
        }
    }

    /// Counts the wanted words in `text`.
    pub(crate) fn count_in(&mut self, text: &str) {
        if self.counts.is_empty() {
            return;
        }
        let mut scratch = String::new();
        let mut previous: Option<(usize, usize)> = None;
        for (start, end) in words(text) {
            let word = &text[start..end];
            self.bump(word, &mut scratch);
            if self.wants_pairs {
                if let Some((prev_start, prev_end)) = previous {
                    if prev_end + 1 == start && text.as_bytes()[prev_end] == b'-' {
                        self.bump(&text[prev_start..end], &mut scratch);
                    }
                }
                previous = Some((start, end));
            }
        }
    }
}

/// Byte ranges of the words of `text`.
pub(crate) fn words(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let bytes = text.as_bytes();
    let mut idx = 0;
    std::iter::from_fn(move || {
        // Skip to the next word character.
        let start = loop {
            if idx >= bytes.len() {
                return None;
            }
            let byte = bytes[idx];
            if byte.is_ascii_alphabetic() {
                break idx;
            }
            if byte < 0x80 {
                idx += 1;
                continue;
            }
            let ch = text[idx..].chars().next()?;
            if is_word_char(ch) {
                break idx;
            }
            idx += ch.len_utf8();
        };
        // Find its end.
        loop {
            if idx >= bytes.len() {
                break;
            }
            let byte = bytes[idx];
            if byte.is_ascii_alphabetic() {
                idx += 1;
                continue;
            }
            if byte < 0x80 {
                break;
            }
            let Some(ch) = text[idx..].chars().next() else {
                break;
            };
            if !is_word_char(ch) {
                break;
            }
            idx += ch.len_utf8();
        }
        Some((start, idx))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_wanted_words_and_pairs_case_insensitively() {
        // portugal-montenegro-2016-pt-en.txt
        let text = "qualquer ano-calendário; o Estado. ESTADO e estados, Estado-membro; \
                    estado-membro Contratanteồi";
        let mut counts = WordCounts::default();
        for word in ["estado", "ano-calendário", "estado-membro", "contratante", "nada"] {
            counts.want(word);
        }
        counts.count_in(text);
        assert_eq!(counts.get("Estado"), 4);
        assert_eq!(counts.get("ano-calendário"), 1);
        assert_eq!(counts.get("estado-membro"), 2);
        assert_eq!(counts.get("contratante"), 1, "damage letters end a word");
        assert_eq!(counts.get("nada"), 0);
        counts.discount("estado");
        assert_eq!(counts.get("estado"), 3);
    }

    #[test]
    fn words_are_alphabetic_runs() {
        let text = "第十条配当1一方の (a) não-residente";
        let found: Vec<&str> = words(text).map(|(start, end)| &text[start..end]).collect();
        assert_eq!(found, ["第十条配当", "一方の", "a", "não", "residente"]);
    }
}
