//! Edit lists: what one normalization pass changes, and how to apply it.
//!
//! A pass never builds its output text itself: it records replacements of byte ranges of its
//! input, in order and without overlap. [`apply`] then copies the unchanged stretches, writes
//! the replacements and builds the pass's [`OffsetMap`] at the same time, so every pass gets
//! an exact map for free.

use std::ops::Range;

use crate::offset_map::{MapBuilder, OffsetMap};

/// One replacement: `start..end` of the input becomes `repl_start..repl_end` of the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edit {
    start: usize,
    end: usize,
    repl_start: usize,
    repl_end: usize,
}

/// The replacements one pass makes, in input order.
#[derive(Debug, Default)]
pub(crate) struct Edits {
    items: Vec<Edit>,
    buffer: String,
}

impl Edits {
    /// Replaces `range` of the input with `with`.
    pub(crate) fn replace(&mut self, range: Range<usize>, with: &str) {
        let repl_start = self.buffer.len();
        self.buffer.push_str(with);
        self.items.push(Edit {
            start: range.start,
            end: range.end,
            repl_start,
            repl_end: self.buffer.len(),
        });
    }

    /// Replaces `range` of the input with one character.
    pub(crate) fn replace_char(&mut self, range: Range<usize>, with: char) {
        let mut utf8 = [0; 4];
        self.replace(range, with.encode_utf8(&mut utf8));
    }

    /// Deletes `range` of the input.
    pub(crate) fn delete(&mut self, range: Range<usize>) {
        self.replace(range, "");
    }

    /// Bytes of memory the edits hold (for the bounds the passes keep).
    #[cfg(test)]
    pub(crate) fn heap_bytes(&self) -> usize {
        self.items.capacity() * std::mem::size_of::<Edit>() + self.buffer.capacity()
    }

    /// Whether the pass changes nothing.
    pub(crate) fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Applies the edits to `text` (the pass's input).
    #[cfg(test)]
    pub(crate) fn apply(&self, text: &str) -> (String, OffsetMap) {
        let mut out = String::new();
        let map = self.apply_into(text, &mut out);
        (out, map)
    }

    /// Applies the edits to `text` (the pass's input), writing the result into `out` (cleared
    /// first; reusing its allocation spares large inputs a page fault per page and pass).
    ///
    /// Edits that overlap an earlier one or do not fall on character boundaries are bugs of
    /// the pass; they are skipped (and caught by a debug assertion in tests).
    pub(crate) fn apply_into(&self, text: &str, out: &mut String) -> OffsetMap {
        out.clear();
        // The output's exact length: reserving the input's length and every replacement's
        // besides costs three times the output where the edits delete most of the text.
        let removed: usize = self
            .items
            .iter()
            .map(|edit| edit.end.saturating_sub(edit.start))
            .sum();
        out.reserve((text.len() + self.buffer.len()).saturating_sub(removed));
        let mut builder = MapBuilder::default();
        let mut cursor = 0;
        for edit in &self.items {
            let valid = edit.start >= cursor
                && edit.start <= edit.end
                && edit.end <= text.len()
                && text.is_char_boundary(edit.start)
                && text.is_char_boundary(edit.end);
            debug_assert!(valid, "bad edit {edit:?} at cursor {cursor}");
            if !valid {
                continue;
            }
            out.push_str(&text[cursor..edit.start]);
            builder.push(cursor, 1, 1, edit.start - cursor);
            let replacement = &self.buffer[edit.repl_start..edit.repl_end];
            out.push_str(replacement);
            builder.push(edit.start, replacement.len(), edit.end - edit.start, 1);
            cursor = edit.end;
        }
        out.push_str(&text[cursor..]);
        builder.push(cursor, 1, 1, text.len() - cursor);
        builder.finish(text.len())
    }
}

/// Runs a pass on `text` and returns its output (for unit tests of single fixes).
#[cfg(test)]
pub(crate) fn run(
    pass: fn(&str, &mut crate::stats::FixStats) -> Edits,
    text: &str,
) -> (String, crate::stats::FixStats) {
    let mut stats = crate::stats::FixStats::default();
    let edits = pass(text, &mut stats);
    let (out, map) = edits.apply(text);
    map.check_invariants();
    (out, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apply_builds_text_and_map() {
        let text = "Articie 10";
        let mut edits = Edits::default();
        edits.replace(0..7, "Article");
        edits.replace_char(7..8, ' ');
        edits.delete(9..10);
        let (out, map) = edits.apply(text);
        map.check_invariants();
        assert_eq!(out, "Article 1");
        assert_eq!(map.span_to_original(0..7), 0..7);
        assert_eq!(map.span_to_original(8..9), 8..9);
        assert_eq!(map.to_original(9), 10);
    }
}
