//! Phrases of the rate rules: caps, exemptions, beneficial owners, holdings, income classes, measures.

/// Phrases of the rate rules: caps, exemptions, beneficial owners, holdings, income classes, measures.
#[derive(Debug, Clone, Copy)]
pub struct RuleWords {}

impl RuleWords {
    /// A profile part with nothing in it, to build a new profile from with `..RuleWords::EMPTY`.
    pub const EMPTY: RuleWords = RuleWords {};
}
