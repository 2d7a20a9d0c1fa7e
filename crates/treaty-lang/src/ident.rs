//! Words and spelling cues that tell the language from the others, and how much each weighs.

/// Words and spelling cues that tell the language from the others, and how much each weighs.
#[derive(Debug, Clone, Copy)]
pub struct Identification {}

impl Identification {
    /// A profile part with nothing in it, to build a new profile from with `..Identification::EMPTY`.
    pub const EMPTY: Identification = Identification {};
}
