//! Japanese: see [`crate::NormalizeWords`].

use crate::NormalizeWords;

pub(super) const NORMALIZE: NormalizeWords = NormalizeWords::EMPTY;
