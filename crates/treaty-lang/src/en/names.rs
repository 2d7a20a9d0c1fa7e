//! English: see [`crate::Names`].

use crate::Names;

pub(super) const NAMES: Names = Names::EMPTY;
