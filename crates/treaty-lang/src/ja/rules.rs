//! Japanese: see [`crate::RuleWords`].

use crate::RuleWords;

pub(super) const RULES: RuleWords = RuleWords::EMPTY;
