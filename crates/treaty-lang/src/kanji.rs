//! Grammar of treaties written in kanji and kana: heading and paragraph forms, item labels,
//! multilateral-instrument boxes. Read by the segmentation of [`crate::Script::Japanese`] texts.

/// Grammar of a kanji-script treaty.
#[derive(Debug, Clone, Copy)]
pub struct KanjiStructure {}

impl KanjiStructure {
    /// A profile part with nothing in it, for languages not written in kanji.
    pub const EMPTY: KanjiStructure = KanjiStructure {};
}
