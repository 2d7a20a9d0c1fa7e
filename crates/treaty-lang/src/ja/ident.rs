//! Japanese: see [`crate::Identification`].

use crate::Identification;

pub(super) const IDENT: Identification = Identification::EMPTY;
