//! The set of profiles in use, and [`Lang`], an index into it.

use std::ops::Index;
use std::sync::{LazyLock, OnceLock};

use crate::builtin::{BUILTIN, CORE};
use crate::profile::Profile;
use crate::validate::pattern_errors;

static PROFILES: OnceLock<Vec<Profile>> = OnceLock::new();

fn profiles() -> &'static [Profile] {
    PROFILES.get_or_init(|| BUILTIN.to_vec())
}

/// The most profiles that can be installed at once (evidence per language is kept in
/// fixed-size arrays on hot paths).
pub const MAX_LANGUAGES: usize = 8;

/// Why [`install`] refused a profile.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InstallError {
    /// Profiles were already read by some stage; they can only be added before.
    #[error(
        "language profiles were already in use; install extra profiles before the first document"
    )]
    AlreadyInUse,
    /// Two profiles share a code.
    #[error("a profile with language code `{0}` already exists")]
    DuplicateCode(&'static str),
    /// More profiles than a [`Lang`] can number.
    #[error("too many language profiles")]
    TooMany,
    /// A pattern of the profile does not compile, or lacks a named group a stage reads (the
    /// first such pattern, named by its field).
    #[error("{0}")]
    InvalidPattern(String),
}

/// Adds profiles beyond the built-in ones (Portuguese, English, Japanese, Spanish).
///
/// Must be called before any stage reads a profile, since stages compile their patterns once.
/// Returns the [`Lang`] of each added profile.
pub fn install(extra: &[Profile]) -> Result<Vec<Lang>, InstallError> {
    install_after(&BUILTIN, extra)
}

/// Installs the core profiles (Portuguese, English, Japanese) and `extra` only, without the
/// other built-in ones (Spanish): to compare a run without them with a default run, or to
/// leave a language out.
///
/// Must be called before any stage reads a profile, as [`install`]. Returns the [`Lang`] of
/// each profile of `extra`.
pub fn install_core_and(extra: &[Profile]) -> Result<Vec<Lang>, InstallError> {
    install_after(&CORE, extra)
}

fn install_after(first: &[Profile], extra: &[Profile]) -> Result<Vec<Lang>, InstallError> {
    let mut all = first.to_vec();
    for profile in extra {
        if all.iter().any(|p| p.code == profile.code) {
            return Err(InstallError::DuplicateCode(profile.code));
        }
        if let Some(error) = pattern_errors(profile).into_iter().next() {
            return Err(InstallError::InvalidPattern(error.to_string()));
        }
        all.push(*profile);
    }
    if all.len() > MAX_LANGUAGES {
        return Err(InstallError::TooMany);
    }
    let count = all.len();
    PROFILES.set(all).map_err(|_| InstallError::AlreadyInUse)?;
    Ok((first.len()..count).map(|i| Lang(i as u8)).collect())
}

/// A language the pipeline has a profile for.
///
/// A small copyable index; [`Lang::profile`] gives the profile. The core languages have
/// constants ([`Lang::Pt`], [`Lang::En`], [`Lang::Ja`]); the other built-in ones (Spanish,
/// found with [`Lang::from_code`]) and profiles added with [`install`] get the next indices.
/// Ordering follows the index, so the core order (pt, en, ja) is stable.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(u8);

#[allow(non_upper_case_globals)]
impl Lang {
    /// Portuguese.
    pub const Pt: Lang = Lang(0);
    /// English.
    pub const En: Lang = Lang(1);
    /// Japanese.
    pub const Ja: Lang = Lang(2);

    /// The language's profile.
    pub fn profile(self) -> &'static Profile {
        &profiles()[usize::from(self.0)]
    }

    /// The code used in the datasets (`pt`, `en`, `ja`, or an installed profile's).
    pub fn as_str(self) -> &'static str {
        self.profile().code
    }

    /// The language whose profile has this code.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::all().find(|lang| lang.as_str() == code)
    }

    /// Every language with a profile, in index order.
    pub fn all() -> impl Iterator<Item = Lang> + Clone {
        (0..profiles().len()).map(|i| Lang(i as u8))
    }

    /// The position of this language among the profiles, for tables indexed by language.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// True for a core profile (Portuguese, English, Japanese), which takes part in reading
    /// every document; false for the other built-in ones (Spanish) and those added with
    /// [`install`], which take part only in documents that show them.
    pub fn is_core(self) -> bool {
        usize::from(self.0) < CORE.len()
    }
}

impl std::fmt::Debug for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match profiles().get(usize::from(self.0)) {
            Some(profile) => f.write_str(profile.name),
            None => write!(f, "Lang({})", self.0),
        }
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Serialized as the profile's code (`"pt"`), the dataset contract's `lang` value.
impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Lang::from_code(&code).ok_or_else(|| {
            serde::de::Error::custom(format!("no language profile has the code `{code}`"))
        })
    }
}

/// One value per language, built once from the profiles: compiled regexes, automata, tables.
#[derive(Debug)]
pub struct PerLang<T>(Vec<T>);

impl<T> PerLang<T> {
    /// Builds a value for every language from its profile.
    pub fn build(mut make: impl FnMut(&'static Profile) -> T) -> Self {
        PerLang(Lang::all().map(|lang| make(lang.profile())).collect())
    }

    /// Every language with its value.
    pub fn iter(&self) -> impl Iterator<Item = (Lang, &T)> {
        self.0
            .iter()
            .enumerate()
            .map(|(i, value)| (Lang(i as u8), value))
    }
}

impl<T> Index<Lang> for PerLang<T> {
    type Output = T;
    fn index(&self, lang: Lang) -> &T {
        &self.0[lang.index()]
    }
}

/// A value per language (compiled regexes), built the first time that language needs it, so a
/// batch in one language does not pay for compiling the patterns of the others.
pub struct LazyPerLang<T> {
    cells: LazyLock<PerLang<OnceLock<T>>>,
    build: fn(&'static Profile) -> T,
}

impl<T> LazyPerLang<T> {
    /// Values that `build` makes from each language's profile.
    pub const fn new(build: fn(&'static Profile) -> T) -> Self {
        LazyPerLang {
            cells: LazyLock::new(|| PerLang::build(|_| OnceLock::new())),
            build,
        }
    }

    /// The value of `lang`, built now if it is the first call for `lang`.
    pub fn get(&self, lang: Lang) -> &T {
        self.cells[lang].get_or_init(|| (self.build)(lang.profile()))
    }
}

impl<T> Index<Lang> for LazyPerLang<T> {
    type Output = T;
    fn index(&self, lang: Lang) -> &T {
        self.get(lang)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_codes_round_trip() {
        for (lang, code) in [(Lang::Pt, "pt"), (Lang::En, "en"), (Lang::Ja, "ja")] {
            assert_eq!(lang.as_str(), code);
            assert_eq!(Lang::from_code(code), Some(lang));
        }
        assert_eq!(Lang::from_code("xx"), None);
        assert!(Lang::Pt < Lang::En && Lang::En < Lang::Ja);
    }

    #[test]
    fn per_lang_is_indexed_by_language() {
        let codes = PerLang::build(|p| p.code);
        assert_eq!(codes[Lang::Ja], "ja");
        assert_eq!(codes.iter().count(), Lang::all().count());
    }
}
