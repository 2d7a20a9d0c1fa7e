//! Language identification for lines and words, over every language profile.
//!
//! Treaty text is formal and repetitive, so each profile's lexicon of function words and
//! treaty vocabulary, plus spelling cues (accents, `-ção`, `-tion`), tells the Latin-script
//! languages apart even on three-word OCR fragments, where general n-gram detectors guess.
//! Kanji-script languages are told by script alone. A text that no profile's words explain, or
//! that a language with no profile explains ([`treaty_lang::LOOKALIKES`]: Spanish beside
//! Portuguese), is reported as unsupported rather than given to the nearest profile. A profile
//! added with `install` takes part only in documents that show it ([`Languages`]).

use std::sync::LazyLock;

use rustc_hash::FxHashMap as HashMap;
use treaty_lang::{
    Identification, Lang, Lookalike, Script, LOOKALIKES, MAX_LANGUAGES, MAX_LOOKALIKES,
};

use crate::text_lines::lines_inclusive;

/// Evidence for each language in a piece of text, in log-odds-like points.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Scores {
    /// Evidence per language, indexed by [`Lang::index`].
    pub evidence: [f32; MAX_LANGUAGES],
    /// Latin-script words seen (numbers aside).
    pub words: u32,
    /// Of those, words in some profile's lexicon.
    pub known: u32,
    /// Words that only a language with no profile writes, per lookalike not installed (indexed
    /// as [`foreign_languages`]).
    pub foreign: [u32; MAX_LOOKALIKES],
}

impl Scores {
    /// The evidence for one language.
    pub fn of(&self, lang: Lang) -> f32 {
        self.evidence[lang.index()]
    }

    /// Evidence of kanji-script languages (characters of kana or kanji).
    pub fn kanji(&self) -> f32 {
        context().kanji.iter().map(|lang| self.of(*lang)).sum()
    }

    /// The two Latin-script languages with most evidence, best first (ties: profile order),
    /// without allocating: this runs several times per line.
    fn latin_top_two(&self) -> (Option<Evidence>, Option<Evidence>) {
        let mut best: Option<Evidence> = None;
        let mut second: Option<Evidence> = None;
        for lang in &context().latin {
            let evidence = self.of(*lang);
            if best.is_none_or(|(_, b)| evidence > b) {
                second = best;
                best = Some((*lang, evidence));
            } else if second.is_none_or(|(_, s)| evidence > s) {
                second = Some((*lang, evidence));
            }
        }
        (best, second)
    }
}

/// A language and its evidence.
type Evidence = (Lang, f32);

impl std::ops::AddAssign for Scores {
    fn add_assign(&mut self, other: Scores) {
        *self += &other;
    }
}

/// Adds evidence where it is kept (in a word cache) without copying it out first: this runs
/// on every word of every document.
impl std::ops::AddAssign<&Scores> for Scores {
    #[inline]
    fn add_assign(&mut self, other: &Scores) {
        for (mine, theirs) in self.evidence.iter_mut().zip(other.evidence) {
            *mine += theirs;
        }
        self.words += other.words;
        self.known += other.known;
        for (mine, theirs) in self.foreign.iter_mut().zip(other.foreign) {
            *mine += theirs;
        }
    }
}

/// The languages that take part in reading one document, a bit per [`Lang`] index.
///
/// The core profiles (pt, en, ja) take part in every document, all at once (a bilingual print's
/// columns are mixed by OCR, so its lines are told apart among all of them); a profile
/// installed beside them takes part only in documents that show it (see
/// [`Languages::of_document`]). So installing a profile changes nothing in the reading of a
/// document in other languages: not which words are evidence of which language (a word two
/// taking part share is evidence of neither), nor the structure grammar (`structure`'s
/// `vocabulary`), which is compiled from the profiles taking part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Languages(u16);

impl Languages {
    /// Every installed profile.
    pub fn all() -> Languages {
        *EVERY
    }

    /// True when `lang` takes part.
    pub fn contains(self, lang: Lang) -> bool {
        self.0 & 1 << lang.index() != 0
    }

    /// The languages taking part, in profile order.
    pub fn iter(self) -> impl Iterator<Item = Lang> + Clone {
        Lang::all().filter(move |lang| self.contains(*lang))
    }

    /// The languages that take part in reading `text`: the core profiles, and each
    /// installed one whose words (in its lexicon and no other installed one, or spelling no
    /// other writes) make [`TAKES_PART`] of the text's words or more, or, for a kanji-script
    /// profile, when the text has kanji-script text.
    pub fn of_document(text: &str) -> Languages {
        read_document(text).0
    }

    /// The set of `evidence` summed over a whole text among every installed profile.
    fn shown_by(evidence: Scores) -> Languages {
        let all = Languages::all();
        let words = evidence.words.max(1) as f32;
        let mut set = Languages(0);
        for lang in all.iter() {
            let shows = match lang.profile().script {
                // Evidence is 2 points a word of its lexicon alone, less for spelling.
                Script::Latin => evidence.of(lang) / 2.0 >= TAKES_PART * words,
                Script::Japanese => evidence.of(lang) > 20.0,
            };
            if lang.is_core() || shows {
                set.0 |= 1 << lang.index();
            }
        }
        set
    }
}

/// The languages that take part in reading `text` ([`Languages::of_document`]) and, when they
/// are the core profiles beside others installed (nearly every document), the evidence of
/// each of its lines (`text.split_inclusive('\n')`) among them: both come from one pass over
/// the words, each looked up once for the two sets of languages, so the lines need not be
/// read again.
pub fn read_document(text: &str) -> (Languages, Option<Vec<Scores>>) {
    let all = Languages::all();
    if all.iter().all(Lang::is_core) {
        return (all, None);
    }
    let core = CORE.languages;
    // The evidence among every profile is summed word by word over the whole text, in the
    // order a single sum would take (floating-point sums depend on it).
    let mut evidence = Scores::default();
    let lines = WORD_CACHES.with(|caches| {
        let mut caches = caches.borrow_mut();
        let cache = caches.paired.among([all, core]);
        lines_inclusive(text)
            .map(|line| {
                let mut line_core = Scores::default();
                for_each_token(line, |token| {
                    let [among_all, among_core] = cache.scores(token);
                    evidence += among_all;
                    line_core += among_core;
                });
                line_core
            })
            .collect::<Vec<_>>()
    });
    let languages = Languages::shown_by(evidence);
    let lines = (languages == core).then_some(lines);
    (languages, lines)
}

static EVERY: LazyLock<Languages> =
    LazyLock::new(|| Languages(Lang::all().fold(0, |set, lang| set | 1 << lang.index())));

/// The share of a text's words that must be an installed profile's own for it to take part
/// in reading the text: running treaty text has a fifth or more of its words in its
/// language's lexicon alone.
pub const TAKES_PART: f32 = 0.05;

/// What identification reads for one set of languages.
struct Context {
    languages: Languages,
    /// The Latin-script languages taking part.
    latin: Vec<Lang>,
    /// The kanji-script languages taking part.
    kanji: Vec<Lang>,
    /// For each lexicon word, the Latin-script languages taking part that have it (a bit
    /// per language). The lexicons are looked up for every word of every document: hash,
    /// not scan.
    lexicon: HashMap<&'static str, u16>,
    /// Spelling cues of each Latin-script language taking part.
    cues: Vec<(Lang, Cues)>,
    /// Heading keywords of the Latin-script languages taking part, lower case.
    heading_keywords: Vec<(&'static str, Lang)>,
}

impl Context {
    fn new(languages: Languages) -> Context {
        let latin: Vec<Lang> = languages
            .iter()
            .filter(|lang| lang.profile().script == Script::Latin)
            .collect();
        let kanji = languages
            .iter()
            .filter(|lang| lang.profile().script == Script::Japanese)
            .collect();
        let mut lexicon: HashMap<&'static str, u16> = HashMap::default();
        for lang in &latin {
            for word in lang.profile().ident.lexicon {
                *lexicon.entry(word).or_default() |= 1 << lang.index();
            }
        }
        let heading_keywords = latin
            .iter()
            .flat_map(|lang| {
                lang.profile()
                    .ident
                    .heading_keywords
                    .iter()
                    .map(move |word| (*word, *lang))
            })
            .collect();
        let cues = latin
            .iter()
            .map(|lang| (*lang, Cues::new(*lang, &latin)))
            .collect();
        Context {
            languages,
            latin,
            kanji,
            lexicon,
            cues,
            heading_keywords,
        }
    }
}

/// Every set of languages read so far, built once each.
static CONTEXTS: std::sync::Mutex<Vec<&'static Context>> = std::sync::Mutex::new(Vec::new());

/// The context of every installed profile: for every document where no profile beyond the
/// core ones is installed, and for deciding which take part.
static ALL: LazyLock<&'static Context> = LazyLock::new(|| context_of(Languages::all()));

/// The context of the core profiles: outside a document, where no profile beside them shows.
static CORE: LazyLock<&'static Context> = LazyLock::new(|| {
    let core = Lang::all()
        .filter(|lang| lang.is_core())
        .fold(0, |set, lang| set | 1 << lang.index());
    context_of(Languages(core))
});

fn context_of(languages: Languages) -> &'static Context {
    let mut contexts = CONTEXTS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = contexts.iter().find(|c| c.languages == languages) {
        return found;
    }
    // At most one per subset of the installed profiles, and few in practice: kept for the
    // life of the process.
    let context: &'static Context = Box::leak(Box::new(Context::new(languages)));
    contexts.push(context);
    context
}

thread_local! {
    /// The languages of the document being read on this thread, if one is.
    static CURRENT: std::cell::Cell<Option<&'static Context>> = const { std::cell::Cell::new(None) };
}

fn context() -> &'static Context {
    CURRENT.with(std::cell::Cell::get).unwrap_or_else(|| *CORE)
}

/// The languages taking part on this thread now: those of the document being read, or the
/// core ones (a profile beside them takes part only in a document that shows it).
pub fn current_languages() -> Languages {
    context().languages
}

/// Runs `read` with `languages` taking part (on this thread), as for one document.
pub fn within<T>(languages: Languages, read: impl FnOnce() -> T) -> T {
    let _guard = enter(languages);
    read()
}

/// Makes `languages` the ones taking part on this thread until the guard is dropped.
pub fn enter(languages: Languages) -> LanguagesGuard {
    let context = if languages == Languages::all() {
        *ALL
    } else {
        context_of(languages)
    };
    LanguagesGuard(CURRENT.with(|current| current.replace(Some(context))))
}

/// Restores the languages taking part before [`enter`] when dropped.
#[must_use]
pub struct LanguagesGuard(Option<&'static Context>);

impl Drop for LanguagesGuard {
    fn drop(&mut self) {
        CURRENT.with(|current| current.set(self.0));
    }
}

/// Heading keywords of the Latin-script languages taking part, lower case, with their
/// language.
pub(crate) fn heading_keywords() -> &'static [(&'static str, Lang)] {
    &context().heading_keywords
}

/// Spelling cues of one language that no other Latin-script language taking part shares (a
/// cue two languages share says nothing between them, as a word in two lexicons does not).
struct Cues {
    marked_letters: Vec<char>,
    endings: Vec<&'static str>,
    letter_groups: Vec<&'static str>,
    final_letter_groups: Vec<&'static str>,
}

impl Cues {
    fn new(lang: Lang, latin: &[Lang]) -> Cues {
        let profile = lang.profile();
        let others = || {
            latin
                .iter()
                .map(|lang| lang.profile())
                .filter(move |p| p.code != profile.code)
        };
        let own = |list: &'static [&'static str],
                   of: fn(&Identification) -> &'static [&'static str]| {
            list.iter()
                .copied()
                .filter(|cue| !others().any(|p| of(&p.ident).contains(cue)))
                .collect::<Vec<_>>()
        };
        Cues {
            marked_letters: profile
                .ident
                .marked_letters
                .chars()
                .filter(|c| !others().any(|p| p.ident.marked_letters.contains(*c)))
                .collect(),
            endings: own(profile.ident.endings, |i| i.endings),
            letter_groups: own(profile.ident.letter_groups, |i| i.letter_groups),
            final_letter_groups: own(profile.ident.final_letter_groups, |i| i.final_letter_groups),
        }
    }
}

/// A language with no installed profile, with the words and cues that tell it from every
/// installed Latin-script profile's language.
pub struct Foreign {
    /// Its data.
    pub lookalike: &'static Lookalike,
    words: Vec<&'static str>,
    marked_letters: Vec<char>,
    endings: Vec<&'static str>,
    letter_groups: Vec<&'static str>,
}

impl Foreign {
    /// True when the word (lower case, in no installed lexicon) is this language's evidence.
    fn explains(&self, word: &str) -> bool {
        self.words.contains(&word)
            || word.chars().any(|c| self.marked_letters.contains(&c))
            || self.endings.iter().any(|e| word.ends_with(e))
            || self.letter_groups.iter().any(|g| word.contains(g))
    }
}

/// The Latin-script lookalikes with no installed profile, with only the evidence that no
/// installed profile shares (a word in an installed lexicon never gets here; a marked letter,
/// an ending or a letter group an installed profile also has is dropped).
static FOREIGN: LazyLock<Vec<Foreign>> = LazyLock::new(|| {
    // Every installed profile, taking part or not: a language with a profile is read, not
    // refused.
    let installed: Vec<&Identification> = Lang::all()
        .filter(|lang| lang.profile().script == Script::Latin)
        .map(|lang| &lang.profile().ident)
        .collect();
    let shared_ending = |ending: &str| {
        installed.iter().any(|ident| {
            ident
                .endings
                .iter()
                .any(|own| ending.ends_with(own) || own.ends_with(ending))
        })
    };
    let shared_group = |group: &str| {
        installed.iter().any(|ident| {
            ident
                .letter_groups
                .iter()
                .chain(ident.final_letter_groups)
                .any(|own| group.contains(own) || own.contains(group))
        })
    };
    LOOKALIKES
        .iter()
        .filter(|lookalike| lookalike.script == Script::Latin)
        .filter(|lookalike| Lang::from_code(lookalike.code).is_none())
        .take(MAX_LOOKALIKES)
        .map(|lookalike| Foreign {
            lookalike,
            words: lookalike.ident.lexicon.to_vec(),
            marked_letters: lookalike
                .ident
                .marked_letters
                .chars()
                .filter(|c| !installed.iter().any(|i| i.marked_letters.contains(*c)))
                .collect(),
            endings: lookalike
                .ident
                .endings
                .iter()
                .copied()
                .filter(|e| !shared_ending(e))
                .collect(),
            letter_groups: lookalike
                .ident
                .letter_groups
                .iter()
                .copied()
                .filter(|g| !shared_group(g))
                .collect(),
        })
        .collect()
});

/// The languages with no profile that [`Scores::foreign`] counts words of, in its order.
pub fn foreign_languages() -> &'static [Foreign] {
    &FOREIGN
}

/// Evidence from one word (already lower-cased, stripped of punctuation).
pub fn word_scores(word: &str) -> Scores {
    word_scores_in(context(), word)
}

/// [`word_scores`] among the languages of `context`.
fn word_scores_in(context: &Context, word: &str) -> Scores {
    let mut scores = Scores::default();
    if word.is_empty() {
        return scores;
    }
    if word.chars().any(is_japanese_char) {
        let count = word.chars().filter(|c| is_japanese_char(*c)).count() as f32;
        for lang in &context.kanji {
            scores.evidence[lang.index()] = count;
        }
        return scores;
    }
    let known_by = context.lexicon.get(word).copied().unwrap_or(0);
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        scores.words = 1;
        scores.known = u32::from(known_by != 0);
    }
    // A word in one lexicon only is strong evidence; one in several says nothing.
    if known_by.count_ones() == 1 {
        scores.evidence[known_by.trailing_zeros() as usize] += 2.0;
    }
    if known_by != 0 {
        return scores;
    }
    if scores.words == 1 {
        for (count, foreign) in scores.foreign.iter_mut().zip(FOREIGN.iter()) {
            *count = u32::from(foreign.explains(word));
        }
    }
    // Spelling cues for words outside the lexicons.
    for (lang, cues) in &context.cues {
        let evidence = &mut scores.evidence[lang.index()];
        if word.chars().any(|c| cues.marked_letters.contains(&c)) {
            *evidence += 1.5;
        }
        if cues.endings.iter().any(|e| word.ends_with(e)) {
            *evidence += 0.7;
        }
        if cues.letter_groups.iter().any(|g| word.contains(g))
            || cues.final_letter_groups.iter().any(|g| word.ends_with(g))
        {
            *evidence += 0.5;
        }
    }
    scores
}

/// True for hiragana, katakana, CJK ideographs and Japanese punctuation.
pub fn is_japanese_char(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x3005..=0x3007 | 0x3001..=0x3003)
}

/// Lower-cases a token and strips the punctuation around it.
pub fn word_key(token: &str) -> std::borrow::Cow<'_, str> {
    let trimmed = token.trim_matches(|c: char| !c.is_alphanumeric());
    if trimmed
        .bytes()
        .all(|b| !b.is_ascii_uppercase() && b.is_ascii())
    {
        std::borrow::Cow::Borrowed(trimmed)
    } else {
        std::borrow::Cow::Owned(trimmed.to_lowercase())
    }
}

thread_local! {
    /// Evidence per word already scored on this thread, one cache per set of languages.
    /// Treaty vocabulary is small and repetitive, so most words are looked up, not scored
    /// again. Every document is first read with every profile (which take part) and then
    /// with its own set: with one cache for both, each switch emptied it, and every document
    /// scored its words afresh twice (a third of the pipeline's time).
    static WORD_CACHES: std::cell::RefCell<WordCaches> = Default::default();
}

/// The word caches of this thread.
#[derive(Default)]
struct WordCaches {
    /// Evidence among one set of languages, for the sets read lately.
    single: KeptCaches<1>,
    /// Evidence among every profile and among the core ones, for [`read_document`].
    paired: KeptCaches<2>,
}

/// The caches of the sets of languages read lately, most recent last.
struct KeptCaches<const N: usize>(Vec<WordCache<N>>);

impl<const N: usize> Default for KeptCaches<N> {
    fn default() -> Self {
        KeptCaches(Vec::new())
    }
}

impl<const N: usize> KeptCaches<N> {
    /// Sets of languages whose caches are kept: the set of every profile and the few sets
    /// a batch's documents take part in.
    const KEPT: usize = 4;

    /// The cache for `languages`, made (and the least recently used one dropped) when none
    /// is kept.
    fn among(&mut self, languages: [Languages; N]) -> &mut WordCache<N> {
        match self.0.iter().position(|c| c.languages == languages) {
            Some(last) if last + 1 == self.0.len() => {}
            Some(index) => {
                let cache = self.0.remove(index);
                self.0.push(cache);
            }
            None => {
                if self.0.len() >= Self::KEPT {
                    self.0.remove(0);
                }
                self.0.push(WordCache::among(languages));
            }
        }
        self.0.last_mut().expect("a cache was just kept")
    }
}

/// Tokens as printed (punctuation trimmed, case kept) and their evidence among `N` sets of
/// languages, so that the common case costs one lookup and no lower-casing.
///
/// Laid out for the lookup that runs on every token of every line: short tokens are stored
/// inline, so a lookup follows no pointer, and a token holds the index of its evidence among
/// the few distinct values rather than the evidence itself, so the table stays small enough
/// for the processor's caches.
struct WordCache<const N: usize> {
    /// The languages the evidence is scored among, and what identification reads for them.
    languages: [Languages; N],
    contexts: [&'static Context; N],
    short: HashMap<ShortToken, u16>,
    long: HashMap<String, u16>,
    /// The distinct evidence values the tokens point to.
    distinct: Vec<[Scores; N]>,
    /// Where each distinct value is in `distinct`, by its bits.
    positions: HashMap<[[u32; EVIDENCE_BITS]; N], u16>,
}

/// The words of a [`Scores`] value, as the cache keys it.
const EVIDENCE_BITS: usize = MAX_LANGUAGES + 2 + MAX_LOOKALIKES;

/// A token of up to 15 bytes, zero-padded, its length in the last byte.
#[derive(Clone, Copy, PartialEq, Eq)]
struct ShortToken([u8; 16]);

impl ShortToken {
    const MAX_LEN: usize = 15;

    fn new(token: &str) -> Option<ShortToken> {
        let bytes = token.as_bytes();
        if bytes.len() > Self::MAX_LEN {
            return None;
        }
        let mut inline = [0; 16];
        inline[..bytes.len()].copy_from_slice(bytes);
        inline[Self::MAX_LEN] = bytes.len() as u8;
        Some(ShortToken(inline))
    }
}

impl std::hash::Hash for ShortToken {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let (low, high) = self.0.split_at(8);
        state.write_u64(u64::from_le_bytes(low.try_into().expect("8 bytes")));
        state.write_u64(u64::from_le_bytes(high.try_into().expect("8 bytes")));
    }
}

impl<const N: usize> WordCache<N> {
    /// An empty cache for the evidence among `languages`.
    fn among(languages: [Languages; N]) -> WordCache<N> {
        WordCache {
            languages,
            contexts: languages.map(context_of),
            short: HashMap::default(),
            long: HashMap::default(),
            distinct: Vec::new(),
            positions: HashMap::default(),
        }
    }

    /// Bound on the tokens kept: a pathological input (random words) must not grow the cache
    /// forever.
    const MAX_TOKENS: usize = 200_000;

    /// The evidence of `token` among each set of languages, as kept in the cache (a
    /// reference: the caller adds it up without copying it).
    fn scores(&mut self, token: &str) -> &[Scores; N] {
        let trimmed = trim_to_word(token);
        let short = ShortToken::new(trimmed);
        let found = match &short {
            Some(short) => self.short.get(short),
            None => self.long.get(trimmed),
        };
        if let Some(&position) = found {
            return &self.distinct[usize::from(position)];
        }
        let key = word_key(trimmed);
        let scores = self.contexts.map(|context| word_scores_in(context, &key));
        if self.short.len() + self.long.len() >= Self::MAX_TOKENS
            || self.distinct.len() > usize::from(u16::MAX)
        {
            *self = WordCache::among(self.languages);
        }
        let position = self.position_of(scores);
        match short {
            Some(short) => self.short.insert(short, position),
            None => self.long.insert(trimmed.to_string(), position),
        };
        &self.distinct[usize::from(position)]
    }

    fn position_of(&mut self, scores: [Scores; N]) -> u16 {
        let bits = scores.map(|scores| {
            let mut bits = [0; EVIDENCE_BITS];
            for (bit, evidence) in bits.iter_mut().zip(scores.evidence) {
                *bit = evidence.to_bits();
            }
            bits[MAX_LANGUAGES] = scores.words;
            bits[MAX_LANGUAGES + 1] = scores.known;
            bits[MAX_LANGUAGES + 2..].copy_from_slice(&scores.foreign);
            bits
        });
        let next = u16::try_from(self.distinct.len()).expect("bounded by the caller");
        let position = *self.positions.entry(bits).or_insert(next);
        if position == next {
            self.distinct.push(scores);
        }
        position
    }
}

/// A token without the punctuation around it. Most tokens are bare words: two byte tests.
#[inline]
fn trim_to_word(token: &str) -> &str {
    let bytes = token.as_bytes();
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last))
            if first.is_ascii_alphanumeric() && last.is_ascii_alphanumeric() =>
        {
            token
        }
        _ => token.trim_matches(|c: char| !c.is_alphanumeric()),
    }
}

/// Calls `each` on the whitespace-separated tokens of a text, as `split_whitespace` would
/// give them, reading bytes without decoding characters (this runs on every line).
fn for_each_token<'a>(text: &'a str, mut each: impl FnMut(&'a str)) {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let width = space_width(text, at);
        if width > 0 {
            at += width;
            continue;
        }
        let start = at;
        at += char_width(bytes[at]);
        while at < bytes.len() {
            let byte = bytes[at];
            if byte > b' ' && byte < 0x80 {
                at += 1;
            } else if space_width(text, at) > 0 {
                break;
            } else {
                at += char_width(byte);
            }
        }
        each(&text[start..at]);
    }
}

/// The length of the whitespace character at `at`, or 0. Only a few lead bytes can start a
/// whitespace character outside ASCII; others are not decoded.
fn space_width(text: &str, at: usize) -> usize {
    match text.as_bytes()[at] {
        b'\t'..=b'\r' | b' ' => 1,
        0xC2 | 0xE1 | 0xE2 | 0xE3 => text[at..]
            .chars()
            .next()
            .filter(|c| c.is_whitespace())
            .map_or(0, char::len_utf8),
        _ => 0,
    }
}

/// The length of the character whose first byte is `byte`.
fn char_width(byte: u8) -> usize {
    match byte {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

/// [`word_scores`] of a token, through the per-thread cache.
pub fn token_scores(token: &str) -> Scores {
    let languages = current_languages();
    WORD_CACHES.with(|caches| caches.borrow_mut().single.among([languages]).scores(token)[0])
}

/// Sum of word evidence over a text.
pub fn text_scores(text: &str) -> Scores {
    // One borrow of the cache per text, not per word: this runs on every line.
    let languages = current_languages();
    WORD_CACHES.with(|caches| {
        let mut caches = caches.borrow_mut();
        let cache = caches.single.among([languages]);
        let mut total = Scores::default();
        for_each_token(text, |token| total += &cache.scores(token)[0]);
        total
    })
}

/// The language of a line, if the evidence says anything.
pub fn line_language(text: &str) -> Option<Lang> {
    language_of(text_scores(text))
}

/// The language some evidence points to, if any.
pub fn language_of(scores: Scores) -> Option<Lang> {
    let context = context();
    let latin_total: f32 = context.latin.iter().map(|lang| scores.of(*lang)).sum();
    for lang in &context.kanji {
        let evidence = scores.of(*lang);
        if evidence > 2.0 && evidence >= latin_total {
            return Some(*lang);
        }
    }
    // Evidence is never negative: the best is zero only when all are.
    let (best, evidence) = scores.latin_top_two().0?;
    (evidence != 0.0).then_some(best)
}

/// True when a Latin-script line carries strong evidence of two languages, as the lines of a
/// two-column print read across do.
pub fn is_mixed(text: &str) -> bool {
    is_mixed_scores(text_scores(text))
}

/// [`is_mixed`] on evidence already summed.
pub fn is_mixed_scores(scores: Scores) -> bool {
    let (Some((_, high)), Some((_, low))) = scores.latin_top_two() else {
        return false;
    };
    low >= 4.0 && low >= 0.2 * high
}

/// Labels every token of a mixed line with a Latin-script language, by a Viterbi search over
/// the languages that charges for each switch, so one ambiguous word does not split a
/// fragment.
pub fn label_tokens(tokens: &[&str]) -> Vec<Lang> {
    const SWITCH_COST: f32 = 2.5;
    let states = &context().latin;
    let (Some(first_token), false) = (tokens.first(), states.is_empty()) else {
        return Vec::new();
    };
    let emissions: Vec<Scores> = tokens.iter().map(|t| token_scores(t)).collect();
    let first = token_scores(first_token);
    let mut cost: Vec<f32> = states.iter().map(|lang| -first.of(*lang)).collect();
    let mut back: Vec<Vec<usize>> = Vec::with_capacity(tokens.len());
    back.push((0..states.len()).collect());
    for emission in &emissions[1..] {
        let mut next = vec![0f32; states.len()];
        let mut from = vec![0usize; states.len()];
        for (state, lang) in states.iter().enumerate() {
            // The cheapest other state to switch from (ties: profile order).
            let switch = (0..states.len())
                .filter(|other| *other != state)
                .map(|other| (other, cost[other] + SWITCH_COST))
                .fold(None, |best: Option<(usize, f32)>, candidate| match best {
                    Some(b) if b.1 <= candidate.1 => Some(b),
                    _ => Some(candidate),
                });
            let (source, total) = match switch {
                Some((other, switch)) if switch < cost[state] => (other, switch),
                _ => (state, cost[state]),
            };
            next[state] = total - emission.of(*lang);
            from[state] = source;
        }
        cost = next;
        back.push(from);
    }
    let mut state = (0..states.len()).fold(0, |best, index| {
        if cost[index] < cost[best] {
            index
        } else {
            best
        }
    });
    let mut labels = vec![states[0]; tokens.len()];
    for index in (0..tokens.len()).rev() {
        labels[index] = states[state];
        state = back[index][state];
    }
    labels
}

/// The language with no profile that explains most words of a text, with the share of the
/// text's words it explains (none when no lookalike explains any).
pub fn foreign_language(evidence: &Scores) -> Option<(&'static Lookalike, f32)> {
    let (foreign, count) = FOREIGN.iter().zip(evidence.foreign).fold(
        None,
        |best: Option<(&Foreign, u32)>, (foreign, count)| match best {
            Some((_, most)) if most >= count => best,
            _ => Some((foreign, count)),
        },
    )?;
    (count > 0).then(|| {
        (
            foreign.lookalike,
            count as f32 / evidence.words.max(1) as f32,
        )
    })
}

/// Fewer Latin-script words than this say nothing of a text's language.
const FEW_WORDS: u32 = 30;

/// The share of a text's words that a language with no profile must explain (words no
/// installed profile's lexicon has, spelling no installed profile writes) for the text to be
/// taken for it. Measured with the lookalikes of `treaty-lang`: running treaty text in one of
/// them gives its own language 0.17 (Galician, whose treaty words are Portuguese ones) to 0.52
/// (French), each of the 12 Spanish conventions of `shared/corpus/es` 0.33 to 0.36; no
/// Portuguese or English corpus document gives any lookalike more than 0.003 (OCR of a
/// bilingual print).
const FOREIGN_SHARE: f32 = 0.05;

/// Why a text is in no supported language, or `None` when it is in one: a text where a
/// language with no profile explains enough words is in that language, however many words it
/// shares with a profile's (Spanish, Galician and Catalan with Portuguese); a text where the
/// profiles' lexicons explain few words is in none of theirs, and is named, where it can be,
/// by a general detector (whatlang).
pub fn unsupported_language(text: &str, evidence: &Scores) -> Option<String> {
    if evidence.kanji() > 20.0 || evidence.words < FEW_WORDS {
        return None;
    }
    let (known, words) = (evidence.known, evidence.words);
    // tidy: not language (the failure message)
    let not_supported = format!(
        "the text is not in a supported language ({})",
        supported_names()
    );
    let foreign = foreign_language(evidence);
    if let Some((lookalike, share)) = foreign.filter(|(_, share)| *share >= FOREIGN_SHARE) {
        let name = lookalike.name;
        return Some(format!(
            "the text looks {name}; no installed profile reads {name} ({not_supported}): {:.0}% of its {words} words are {name} and in no profile's lexicon",
            share * 100.0
        ));
    }
    // Function words and treaty vocabulary make up a third or more of running text in a
    // profile's language; a text where they are rare is in a language no profile covers.
    if (known as f32) >= 0.12 * words as f32 {
        return None;
    }
    let counts = format!("{known} of {words} words are in a language profile's lexicon");
    match detected_name(text) {
        Some(name) => Some(format!(
            "the text looks {name}; no installed profile reads {name} ({not_supported}): {counts}"
        )),
        None => Some(format!("{not_supported}: {counts}")),
    }
}

/// Why one language version of a document (the text of one stream) is in a language no
/// profile reads, as [`unsupported_language`] says it for a whole text; `None` when it is in
/// a supported one, and also when no language can be named (a stream of OCR noise beside the
/// versions of a scan is no version, and is left as it was).
pub fn unsupported_version(text: &str) -> Option<String> {
    let evidence = text_scores(text);
    if evidence.kanji() > 20.0 || evidence.words < FEW_WORDS {
        return None;
    }
    if let Some((_, share)) = foreign_language(&evidence) {
        if share >= FOREIGN_SHARE {
            // A stream can hold lines of two versions (an OCR'd page whose halves were read
            // as one): only one the lookalike dominates is left out.
            return (share >= FOREIGN_VERSION_SHARE)
                .then(|| unsupported_language(text, &evidence))
                .flatten();
        }
    }
    detected_name(text)?;
    unsupported_language(text, &evidence)
}

/// The share of a stream's words that a language with no profile must explain for the stream
/// to be a version in that language: the lookalikes' running treaty text gives 0.17
/// (Galician) to 0.52 (French), the French halves of the official scans 0.31 and 0.32; a
/// stream that mixes an English half with part of an Italian one, 0.13.
const FOREIGN_VERSION_SHARE: f32 = 0.2;

/// Whether a text has too few words in any script to say anything of its language.
pub fn says_nothing(text: &str) -> bool {
    let scores = text_scores(text);
    scores.words < FEW_WORDS && scores.kanji() <= 20.0
}

/// The name of a text's language as whatlang detects it, when it is sure and the language is
/// written in Latin letters and has no profile.
fn detected_name(text: &str) -> Option<&'static str> {
    let info = whatlang::detect(text)?;
    let name = info.lang().eng_name();
    let installed = Lang::all().any(|lang| lang.profile().name == name);
    (info.is_reliable() && info.script() == whatlang::Script::Latin && !installed).then_some(name)
}

/// The names of the languages with a profile, for messages: `Portuguese, English or Japanese`.
pub fn supported_names() -> String {
    let names: Vec<&str> = Lang::all().map(|lang| lang.profile().name).collect();
    match names.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_reading_gives_the_languages_and_each_lines_evidence_among_them() {
        let text = "ARTIGO 10\nDividendos\n1. Os dividendos pagos por uma sociedade residente\n\n\
                    ARTICLE 10\nDividends\n1. Dividends paid by a company which is a resident\n";
        let (languages, lines) = read_document(text);
        assert_eq!(languages, Languages::of_document(text));
        assert!(languages.iter().all(Lang::is_core), "{languages:?}");
        let lines = lines.expect("the core profiles read the text");
        let _core = enter(languages);
        let each: Vec<Scores> = text.split_inclusive('\n').map(text_scores).collect();
        assert_eq!(lines, each);
        let spanish = "Artículo 10\nDividendos\n1. Los dividendos pagados por una sociedad \
                       residente de un Estado contratante a un residente del otro Estado \
                       contratante pueden someterse a imposición en ese otro Estado.\n";
        let (languages, lines) = read_document(spanish);
        assert!(!languages.iter().all(Lang::is_core), "{languages:?}");
        assert_eq!(lines, None);
    }

    #[test]
    fn lines_in_each_language() {
        assert_eq!(
            line_language("A presente Convenção aplica-se às pessoas residentes"),
            Some(Lang::Pt)
        );
        assert_eq!(
            line_language("This Convention shall apply to persons who are residents"),
            Some(Lang::En)
        );
        assert_eq!(
            line_language("この条約は 一方又は双方の締約国の居住者である者に適用する"),
            Some(Lang::Ja)
        );
        assert_eq!(line_language("1974"), None);
    }

    #[test]
    fn two_column_ocr_line_is_split_at_the_column_seam() {
        // From brazil-denmark-1974-pt-en-ocr.txt: Portuguese and English read across.
        let line = "A presente Convenção se aplica às pessoas residentes de um ou de ambos This Convention shall apply to f os Estados Contratantes. the Contracting States.";
        assert!(is_mixed(line));
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let labels = label_tokens(&tokens);
        let english: Vec<&str> = tokens
            .iter()
            .zip(&labels)
            .filter(|(_, l)| **l == Lang::En)
            .map(|(t, _)| *t)
            .collect();
        let english = english.join(" ");
        assert!(
            english.starts_with("This Convention shall apply to"),
            "{english}"
        );
        assert!(english.ends_with("the Contracting States."), "{english}");
        assert!(!english.contains("Estados"), "{english}");
    }

    #[test]
    fn plain_line_is_not_mixed() {
        assert!(!is_mixed("The profits of an enterprise of a Contracting State shall be taxable only in that State"));
        assert!(!is_mixed("Os lucros de uma empresa de um Estado Contratante só podem ser tributados nesse Estado"));
    }

    #[test]
    fn tokens_are_those_of_split_whitespace() {
        for text in [
            "",
            "   ",
            "Artigo 10\u{A0}Dividendos\tpagos\u{3000}por\u{2003}uma",
            " (a) the\x0Bincome; ",
            "não\u{85}está",
            "única",
        ] {
            let mut tokens = Vec::new();
            for_each_token(text, |token| tokens.push(token));
            assert_eq!(
                tokens,
                text.split_whitespace().collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn words_lose_the_punctuation_around_them() {
        for token in ["(a)", "State,", "«dividendos»", "10%", "word", "—", "é."] {
            assert_eq!(
                trim_to_word(token),
                token.trim_matches(|c: char| !c.is_alphanumeric()),
                "{token}"
            );
        }
    }

    #[test]
    fn cached_evidence_is_the_word_evidence() {
        for token in [
            "Convenção,",
            "internationalisation",
            "the",
            "(a)",
            "impostos",
            "exactly15bytes!",
            "dezasseis_bytes",
            "この条約は",
            "",
        ] {
            let expected = word_scores(&word_key(token));
            // Scored, then looked up.
            assert_eq!(token_scores(token), expected, "{token}");
            assert_eq!(token_scores(token), expected, "{token}");
        }
    }
}
