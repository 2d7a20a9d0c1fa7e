//! Languages the pipeline recognizes but cannot read: no profile, only the words that tell
//! each from the profiles' languages.
//!
//! Spanish, Galician and Catalan treaties share most of their treaty vocabulary with
//! Portuguese (`dividendos`, `residente`, `Estado`, `artigo`), and French and Italian ones
//! print `Article` headings as English does, so a profile's lexicon alone would take them for
//! its own language and read them with its grammar. Their function words and spelling do not
//! pass for Portuguese or English (`el`, `los`, `y`, `-ción`; `unha`, `non`, `dun`; `els`,
//! `amb`, `-ció`; `della`, `gli`, `che`; `les`, `des`, `est`), and in running treaty text they
//! make a tenth or more of the words: read by `treaty-segment`'s `lang` module, which refuses a
//! text where one of these languages explains that many words, and names it.
//!
//! A lookalike whose code is an installed profile's is not used: the profile reads it.

use crate::{Identification, Script};

mod ca;
mod es;
mod fr;
mod gl;
mod it;

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

/// The languages recognized without a profile.
pub const LOOKALIKES: [Lookalike; 5] = [
    es::LOOKALIKE,
    gl::LOOKALIKE,
    ca::LOOKALIKE,
    it::LOOKALIKE,
    fr::LOOKALIKE,
];
