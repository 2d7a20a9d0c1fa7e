//! Portuguese: see [`crate::StructureWords`].

use crate::StructureWords;

pub(super) const STRUCTURE: StructureWords = StructureWords::EMPTY;
