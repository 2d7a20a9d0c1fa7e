//! Treaty grammar: preamble, closing and party formulas, article and protocol headings, paragraph and subparagraph markers, months, reference words.

/// Treaty grammar: preamble, closing and party formulas, article and protocol headings, paragraph and subparagraph markers, months, reference words.
#[derive(Debug, Clone, Copy)]
pub struct StructureWords {}

impl StructureWords {
    /// A profile part with nothing in it, to build a new profile from with `..StructureWords::EMPTY`.
    pub const EMPTY: StructureWords = StructureWords {};
}
