//! English: see [`crate::NumberWords`].

use crate::NumberWords;

pub(super) const NUMBERS: NumberWords = NumberWords::EMPTY;
