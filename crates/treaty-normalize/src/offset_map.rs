//! The offset map: from byte offsets in a derived text back to byte offsets in the original.
//!
//! A map is a sorted list of segments that tile the derived text.
//! Each segment is a run of `count` equal units: every unit covers `out_step` bytes of the
//! derived text and `in_step` bytes of the original.
//! An unchanged stretch of UTF-8 text is one segment with steps `1/1`; a replaced word is one
//! unit with its two lengths; a run of Shift_JIS kanji decoded to UTF-8 is one segment with
//! steps `3/2`.
//! So the memory a map needs grows with the number of edits and script changes, never with the
//! number of bytes.
//!
//! Offsets strictly inside a unit that is not `1/1` cannot be mapped exactly; they map to the
//! unit's start (for span starts) or end (for span ends), so a span always covers whole units.

use std::ops::Range;

/// One run of equal units; see the module documentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Segment {
    /// Where the run starts in the derived text.
    out_start: usize,
    /// Where the run starts in the original.
    in_start: usize,
    /// How many units the run has (at least 1).
    count: usize,
    /// Bytes per unit in the derived text (0 for a deletion).
    out_step: usize,
    /// Bytes per unit in the original (0 for an insertion).
    in_step: usize,
}

impl Segment {
    fn out_end(&self) -> usize {
        self.out_start + self.count * self.out_step
    }

    fn in_end(&self) -> usize {
        self.in_start + self.count * self.in_step
    }

    fn is_identity(&self) -> bool {
        self.out_step == 1 && self.in_step == 1
    }

    /// Original offset of `offset` (inside this segment), rounding down inside a unit.
    fn floor(&self, offset: usize) -> usize {
        if self.out_step == 0 {
            return self.in_start;
        }
        let unit = (offset.saturating_sub(self.out_start) / self.out_step).min(self.count);
        self.in_start + unit * self.in_step
    }

    /// Original offset of `offset` (inside this segment), rounding up inside a unit.
    fn ceil(&self, offset: usize) -> usize {
        if self.out_step == 0 {
            return self.in_end();
        }
        let unit = offset
            .saturating_sub(self.out_start)
            .div_ceil(self.out_step)
            .min(self.count);
        self.in_start + unit * self.in_step
    }
}

/// Maps byte offsets of a derived text (decoded or normalized) to byte offsets of the original
/// input.
///
/// Build one with [`OffsetMap::identity`], or get one from [`decode`](crate::decode) and
/// [`normalize`](crate::normalize).
///
/// ```
/// let normalized = treaty_normalize::normalize_bytes(
///     "Articie 10 Dividends".as_bytes(),
///     &treaty_normalize::IngestConfig::default(),
/// )
/// .unwrap();
/// assert_eq!(normalized.text, "Article 10 Dividends");
/// // "Article" was rewritten, so its span maps to the damaged word in the original.
/// assert_eq!(normalized.map.span_to_original(0..7), 0..7);
/// assert_eq!(normalized.map.span_to_original(11..20), 11..20);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffsetMap {
    segments: Vec<Segment>,
    text_len: usize,
    original_len: usize,
}

impl OffsetMap {
    /// The map of a text that is its own original (every offset maps to itself).
    pub fn identity(len: usize) -> OffsetMap {
        let mut builder = MapBuilder::default();
        builder.push(0, 1, 1, len);
        builder.finish(len)
    }

    /// Bytes of memory the map holds: a few tens per edit of the text, never per byte.
    pub fn heap_bytes(&self) -> usize {
        self.segments.capacity() * std::mem::size_of::<Segment>()
    }

    /// Length in bytes of the derived text this map starts from.
    pub fn text_len(&self) -> usize {
        self.text_len
    }

    /// Length in bytes of the original input this map points into.
    pub fn original_len(&self) -> usize {
        self.original_len
    }

    /// Maps an offset of the text (`0..=text_len`) to an offset of the original.
    ///
    /// The result is where the character starting at `offset` came from; text deleted just
    /// before it is skipped. The end of the text maps to the end of the original. Larger
    /// offsets are clamped. The function is monotone: a larger offset never maps lower.
    pub fn to_original(&self, offset: usize) -> usize {
        if offset >= self.text_len {
            return self.original_len;
        }
        match self.segment_containing(offset) {
            Some(segment) => segment.floor(offset).min(self.original_len),
            None => self.original_len,
        }
    }

    /// Maps a byte range of the text to the byte range of the original it came from.
    ///
    /// A range that cuts through a rewritten piece of text is widened to the whole piece, so
    /// for a range on character boundaries of the text the result is on character boundaries
    /// of the original when the original is UTF-8. Text deleted just before the start or just
    /// after the end is not included. An empty range maps to an empty range.
    pub fn span_to_original(&self, range: Range<usize>) -> Range<usize> {
        let start = self.to_original(range.start);
        if range.end <= range.start {
            return start..start;
        }
        let end = self.map_end(range.end.min(self.text_len)).max(start);
        start..end
    }

    /// Original offset just after the character that ends at `offset` (`offset > 0`).
    fn map_end(&self, offset: usize) -> usize {
        if offset == 0 {
            return self.to_original(0);
        }
        // The last segment that starts before `offset` is the one whose unit ends at or
        // covers `offset`; it is never empty, because the segments tile the text.
        let idx = self
            .segments
            .partition_point(|segment| segment.out_start < offset);
        let mut idx = idx.saturating_sub(1);
        while idx > 0 && self.segments[idx].out_step == 0 {
            idx -= 1;
        }
        match self.segments.get(idx) {
            Some(segment) => segment.ceil(offset).min(self.original_len),
            None => self.original_len,
        }
    }

    /// The non-empty segment whose text range contains `offset` (`offset < text_len`).
    fn segment_containing(&self, offset: usize) -> Option<&Segment> {
        let idx = self
            .segments
            .partition_point(|segment| segment.out_start <= offset)
            .checked_sub(1)?;
        let segment = &self.segments[idx];
        if segment.out_step > 0 && offset < segment.out_end() {
            return Some(segment);
        }
        // Only reached if a deletion sits at `offset` with nothing after it.
        self.segments[idx..]
            .iter()
            .find(|segment| segment.out_step > 0 && segment.out_end() > offset)
    }

    /// Composes two maps: `self` maps a middle text to the original, `inner` maps a later
    /// text to the middle text; the result maps the later text to the original.
    pub(crate) fn compose(&self, inner: &OffsetMap) -> OffsetMap {
        let mut builder = MapBuilder::default();
        for segment in &inner.segments {
            let lo = segment.in_start.min(self.text_len);
            let hi = segment.in_end().min(self.text_len);
            if segment.in_step == 0 {
                // Inserted text: it comes from nowhere, so it sits at a point of the original.
                builder.push(self.to_original(lo), segment.out_step, 0, segment.count);
            } else if segment.out_step == 0 {
                let start = self.to_original(lo);
                let end = if hi > lo {
                    self.map_end(hi).max(start)
                } else {
                    start
                };
                builder.push(start, 0, end - start, 1);
            } else if segment.is_identity() {
                self.compose_identity(lo, hi, &mut builder);
            } else {
                self.compose_units(segment, &mut builder);
            }
        }
        builder.finish_with(inner.text_len, self.original_len)
    }

    /// Pushes the image of the unchanged middle-text range `lo..hi`.
    fn compose_identity(&self, lo: usize, hi: usize, builder: &mut MapBuilder) {
        if hi <= lo {
            return;
        }
        let first = self
            .segments
            .partition_point(|segment| segment.out_end() <= lo);
        for outer in &self.segments[first..] {
            if outer.out_start >= hi {
                break;
            }
            if outer.out_step == 0 {
                continue;
            }
            let x = lo.max(outer.out_start);
            let y = hi.min(outer.out_end());
            if y <= x {
                continue;
            }
            if outer.is_identity() {
                builder.push(outer.in_start + (x - outer.out_start), 1, 1, y - x);
                continue;
            }
            let step = outer.out_step;
            let first_full = (x - outer.out_start).div_ceil(step);
            let last_full = (y - outer.out_start) / step;
            let unit_in = |unit: usize| outer.in_start + unit * outer.in_step;
            if first_full <= last_full {
                let head_end = outer.out_start + first_full * step;
                if x < head_end {
                    builder.push(unit_in(first_full - 1), head_end - x, outer.in_step, 1);
                }
                builder.push(
                    unit_in(first_full),
                    step,
                    outer.in_step,
                    last_full - first_full,
                );
                let tail_start = outer.out_start + last_full * step;
                if tail_start < y {
                    builder.push(unit_in(last_full), y - tail_start, outer.in_step, 1);
                }
            } else {
                // The piece lies strictly inside one unit: it maps to the whole unit.
                let start = outer.floor(x);
                let end = outer.ceil(y).max(start);
                builder.push(start, y - x, end - start, 1);
            }
        }
    }

    /// Pushes the image of a rewritten segment of the inner map, unit by unit.
    fn compose_units(&self, segment: &Segment, builder: &mut MapBuilder) {
        let lo = segment.in_start;
        let hi = segment.in_end();
        // Common case: the whole segment lies in one unchanged stretch of the middle text.
        let idx = self.segments.partition_point(|outer| outer.out_end() <= lo);
        if let Some(outer) = self.segments.get(idx) {
            if outer.is_identity() && outer.out_start <= lo && hi <= outer.out_end() {
                builder.push(
                    outer.in_start + (lo - outer.out_start),
                    segment.out_step,
                    segment.in_step,
                    segment.count,
                );
                return;
            }
        }
        for unit in 0..segment.count {
            let unit_lo = (lo + unit * segment.in_step).min(self.text_len);
            let unit_hi = (unit_lo + segment.in_step).min(self.text_len);
            let start = self.to_original(unit_lo);
            let end = if unit_hi > unit_lo {
                self.map_end(unit_hi).max(start)
            } else {
                start
            };
            builder.push(start, segment.out_step, end - start, 1);
        }
    }

    /// Checks the invariants (used by tests).
    #[cfg(test)]
    pub(crate) fn check_invariants(&self) {
        let mut out = 0;
        for segment in &self.segments {
            assert_eq!(
                segment.out_start, out,
                "segments must tile the text: {self:?}"
            );
            assert!(segment.count >= 1, "{self:?}");
            out = segment.out_end();
            assert!(segment.in_end() <= self.original_len, "{self:?}");
        }
        assert_eq!(out, self.text_len, "{self:?}");
    }
}

/// Builds a map segment by segment, merging runs of equal units.
#[derive(Default)]
pub(crate) struct MapBuilder {
    segments: Vec<Segment>,
    out_pos: usize,
}

impl MapBuilder {
    /// Appends `count` units of `out_step` text bytes and `in_step` original bytes, the first
    /// starting at original offset `in_start`.
    pub(crate) fn push(&mut self, in_start: usize, out_step: usize, in_step: usize, count: usize) {
        if count == 0 || (out_step == 0 && in_step == 0) {
            return;
        }
        // Deletions and insertions are single units: their lengths add up.
        let (out_step, in_step, count) = if out_step == 0 || in_step == 0 {
            (out_step * count, in_step * count, 1)
        } else {
            (out_step, in_step, count)
        };
        if let Some(last) = self.segments.last_mut() {
            if last.in_end() == in_start {
                let merged = if last.out_step == 0 && out_step == 0 {
                    last.in_step += in_step;
                    true
                } else if last.in_step == 0 && in_step == 0 {
                    last.out_step += out_step;
                    true
                } else if last.out_step == out_step && last.in_step == in_step {
                    last.count += count;
                    true
                } else {
                    false
                };
                if merged {
                    self.out_pos += out_step * count;
                    return;
                }
            }
        }
        self.segments.push(Segment {
            out_start: self.out_pos,
            in_start,
            count,
            out_step,
            in_step,
        });
        self.out_pos += out_step * count;
    }

    /// Finishes a map whose original is `original_len` bytes long; the text length is where
    /// the pushes ended.
    pub(crate) fn finish(self, original_len: usize) -> OffsetMap {
        let text_len = self.out_pos;
        self.finish_with(text_len, original_len)
    }

    fn finish_with(mut self, text_len: usize, original_len: usize) -> OffsetMap {
        debug_assert_eq!(self.out_pos, text_len);
        // A map lives as long as its document: the growth room of a long one (up to as
        // much again) is given back.
        self.segments.shrink_to_fit();
        OffsetMap {
            segments: self.segments,
            text_len,
            original_len,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "a" + unit(3 bytes -> 2 bytes) x2 + "bc", like ASCII and Shift_JIS kanji.
    fn strided() -> OffsetMap {
        let mut builder = MapBuilder::default();
        builder.push(0, 1, 1, 1);
        builder.push(1, 3, 2, 2);
        builder.push(5, 1, 1, 2);
        builder.finish(7)
    }

    #[test]
    fn identity_maps_every_offset_to_itself() {
        let map = OffsetMap::identity(10);
        for offset in 0..=10 {
            assert_eq!(map.to_original(offset), offset);
        }
        assert_eq!(map.span_to_original(2..5), 2..5);
        assert_eq!(map.to_original(99), 10);
    }

    #[test]
    fn strided_units_map_to_whole_units() {
        let map = strided();
        map.check_invariants();
        assert_eq!(map.text_len(), 9);
        assert_eq!(map.to_original(1), 1);
        assert_eq!(map.to_original(4), 3);
        assert_eq!(map.to_original(5), 3, "inside a unit rounds down");
        assert_eq!(map.span_to_original(4..7), 3..5);
        assert_eq!(map.span_to_original(5..6), 3..5, "inside a unit widens");
        assert_eq!(map.span_to_original(7..9), 5..7);
    }

    #[test]
    fn deletions_are_skipped_at_span_edges() {
        // Original "ab--cd", text "abcd": "--" deleted.
        let mut builder = MapBuilder::default();
        builder.push(0, 1, 1, 2);
        builder.push(2, 0, 2, 1);
        builder.push(4, 1, 1, 2);
        let map = builder.finish(6);
        map.check_invariants();
        assert_eq!(map.to_original(2), 4);
        assert_eq!(map.span_to_original(0..2), 0..2);
        assert_eq!(map.span_to_original(2..4), 4..6);
        assert_eq!(map.span_to_original(1..3), 1..5);
    }

    #[test]
    fn compose_follows_both_maps() {
        // Middle text: "a" + two 3-byte chars + "bc" (from strided()). Later text deletes
        // the first kanji and keeps the rest.
        let outer = strided();
        let mut builder = MapBuilder::default();
        builder.push(0, 1, 1, 1);
        builder.push(1, 0, 3, 1);
        builder.push(4, 1, 1, 5);
        let inner = builder.finish(9);
        let map = outer.compose(&inner);
        map.check_invariants();
        assert_eq!(map.text_len(), 6);
        assert_eq!(map.original_len(), 7);
        assert_eq!(map.span_to_original(0..1), 0..1);
        assert_eq!(map.span_to_original(1..4), 3..5);
        assert_eq!(map.span_to_original(4..6), 5..7);
    }

    #[test]
    fn compose_splits_units_cut_by_the_inner_map() {
        // The inner map replaces the last byte of the first kanji and the first of the
        // second: both pieces must map to whole units of the original.
        let outer = strided();
        let mut builder = MapBuilder::default();
        builder.push(0, 1, 1, 3);
        builder.push(3, 1, 2, 1);
        builder.push(5, 1, 1, 4);
        let inner = builder.finish(9);
        let map = outer.compose(&inner);
        map.check_invariants();
        assert_eq!(map.span_to_original(1..3), 1..3);
        assert_eq!(map.span_to_original(3..4), 1..5);
        let mut previous = 0;
        for offset in 0..=map.text_len() {
            let mapped = map.to_original(offset);
            assert!(mapped >= previous, "monotone at {offset}: {map:?}");
            previous = mapped;
        }
    }
}
