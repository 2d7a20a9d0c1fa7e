//! [`Lookalike`]: what the pipeline knows of a language it cannot read.

use crate::ident::Identification;
use crate::profile::Script;

/// A language with no profile, known by the words that tell it from the profiles' languages.
#[derive(Debug, Clone, Copy)]
pub struct Lookalike {
    /// ISO 639-1 code (`es`).
    pub code: &'static str,
    /// English name, for messages (`Spanish`).
    pub name: &'static str,
    /// How the language is written.
    pub script: Script,
    /// Its function words and spelling cues. Only the `lexicon`, `marked_letters`, `endings`
    /// and `letter_groups` are read, and only where no installed profile shares them: a word
    /// in an installed profile's lexicon, or a cue of its spelling, is no evidence of a
    /// foreign language. The lexicon lists words the profiles' languages do not write (not
    /// `de`, `que`, `dividendos`).
    pub ident: Identification,
}

/// The most lookalikes (evidence for them is kept in fixed-size arrays on hot paths).
pub const MAX_LOOKALIKES: usize = 6;
