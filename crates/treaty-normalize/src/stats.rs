//! Counters of what normalization fixed, one per fix.

/// How many times each fix changed the text.
///
/// Each counter counts occurrences (a repaired quotation mark, a joined word, a removed page
/// marker, a collapsed run of spaces), not bytes. [`FixStats::entries`] lists them in the order
/// the fixes run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FixStats {
    /// HTML tags, comments and character references removed or decoded (ingest, HTML input
    /// only).
    pub markup: u64,
    /// Stray C0 control characters (NUL, ESC, ... but not tab, line feed, carriage return or
    /// form feed) and DEL removed: bytes that do not belong in a text, rare enough that the
    /// input was still read as text.
    pub stray_controls: u64,
    /// UTF-8 characters that had been read as Windows-1252/Latin-1 (`nÃ£o`), repaired.
    pub mojibake: u64,
    /// Other control and invisible format characters removed (form feeds become line breaks).
    pub control_chars: u64,
    /// CRLF or CR line endings turned into LF.
    pub line_endings: u64,
    /// Soft hyphens (U+00AD) removed, with the line break after them when there is one.
    pub soft_hyphens: u64,
    /// Runs of characters recomposed to Unicode NFC.
    pub nfc: u64,
    /// Full-width ASCII characters (U+FF01..U+FF5E) folded to ASCII.
    pub fullwidth: u64,
    /// Quotation marks restored from OCR damage (`Contratanteồi`, `ỗẠenterprise`).
    pub quote_damage: u64,
    /// Page furniture removed (Japanese `21 二〇` page-number pairs, `Transcription` lines).
    pub page_furniture: u64,
    /// Japanese layout repairs: vertical one-character lines and hard line ends joined,
    /// spaces at Japanese punctuation removed.
    pub japanese_layout: u64,
    /// Structural keywords corrected (`Articie 10` -> `Article 10`), numbers OCR read with
    /// letters before a unit (`l0 per cent` -> `10 per cent`), and unit words of an unspaced
    /// script OCR damaged after a number.
    pub ocr_keywords: u64,
    /// Roman numerals corrected in enumerations (`Il - ` -> `II - `).
    pub roman_numerals: u64,
    /// Amendment markers of consolidated texts taken out (`1[15] per cent` -> `15 per cent`).
    pub amendment_markers: u64,
    /// Line-break hyphens resolved (`con- formidade` -> `conformidade`,
    /// `non- resident` -> `non-resident`).
    pub dehyphenation: u64,
    /// Whitespace fixes: odd spaces replaced, runs collapsed, trailing spaces and extra blank
    /// lines removed.
    pub whitespace: u64,
    /// Gaps between two columns of a two-column print kept as one tab (a page read across,
    /// with the columns' own line breaks; segmentation separates the columns there).
    pub column_gaps: u64,
}

impl FixStats {
    /// Every counter with its name, in a fixed order (the order the fixes run).
    pub fn entries(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("markup", self.markup),
            ("stray_controls", self.stray_controls),
            ("mojibake", self.mojibake),
            ("control_chars", self.control_chars),
            ("line_endings", self.line_endings),
            ("soft_hyphens", self.soft_hyphens),
            ("nfc", self.nfc),
            ("fullwidth", self.fullwidth),
            ("quote_damage", self.quote_damage),
            ("page_furniture", self.page_furniture),
            ("japanese_layout", self.japanese_layout),
            ("ocr_keywords", self.ocr_keywords),
            ("roman_numerals", self.roman_numerals),
            ("amendment_markers", self.amendment_markers),
            ("dehyphenation", self.dehyphenation),
            ("whitespace", self.whitespace),
            ("column_gaps", self.column_gaps),
        ]
    }

    /// The sum of all counters.
    pub fn total(&self) -> u64 {
        self.entries().iter().map(|(_, count)| count).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_in_a_fixed_order_and_sum_to_total() {
        let stats = FixStats {
            mojibake: 1,
            whitespace: 5,
            ..FixStats::default()
        };
        let entries = stats.entries();
        assert_eq!(entries.len(), 17);
        assert_eq!(entries[2], ("mojibake", 1));
        assert_eq!(entries[15], ("whitespace", 5));
        assert_eq!(stats.total(), 6);
    }
}
