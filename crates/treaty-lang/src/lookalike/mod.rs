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

mod ca;
mod es;
mod fr;
mod gl;
mod it;
mod language;

pub use language::{Lookalike, MAX_LOOKALIKES};

/// The languages recognized without a profile.
pub const LOOKALIKES: [Lookalike; 5] = [
    es::LOOKALIKE,
    gl::LOOKALIKE,
    ca::LOOKALIKE,
    it::LOOKALIKE,
    fr::LOOKALIKE,
];
