//! Japanese: see [`crate::Identification`].

use crate::ident::Identification;

pub(super) const IDENT: Identification = Identification::EMPTY;
