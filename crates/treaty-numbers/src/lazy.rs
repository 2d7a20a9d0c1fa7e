//! Per-language values built on first use.

use std::sync::{LazyLock, OnceLock};

use treaty_lang::{PerLang, Profile};

use crate::Lang;

/// A value per language (a compiled regex), built the first time that language needs it, so a
/// batch in one language does not pay for compiling the patterns of the others.
pub(crate) struct LazyPerLang<T> {
    cells: LazyLock<PerLang<OnceLock<T>>>,
    build: fn(&'static Profile) -> T,
}

impl<T> LazyPerLang<T> {
    /// Values that `build` makes from each language's profile.
    pub(crate) const fn new(build: fn(&'static Profile) -> T) -> Self {
        LazyPerLang {
            cells: LazyLock::new(|| PerLang::build(|_| OnceLock::new())),
            build,
        }
    }

    /// The value of `lang`, built now if it is the first call for `lang`.
    pub(crate) fn get(&self, lang: Lang) -> &T {
        self.cells[lang].get_or_init(|| (self.build)(lang.profile()))
    }
}
