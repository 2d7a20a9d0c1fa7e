//! Japanese: see [`crate::KanjiStructure`].

use crate::KanjiStructure;

pub(super) const KANJI: KanjiStructure = KanjiStructure::EMPTY;
