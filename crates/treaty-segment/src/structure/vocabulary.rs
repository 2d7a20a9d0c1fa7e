//! The treaty grammar of every profile, compiled once.
//!
//! Latin-script patterns take the words of every Latin-script profile taking part in the
//! document at once: OCR of a bilingual print mixes its columns, and a heading printed once for
//! both (`Artigo Article 2`) must be read whatever language its line was given. The profiles
//! taking part are the built-in ones and any installed one the document shows
//! ([`crate::lang::Languages::of_document`]): one grammar is compiled per such set, so an
//! installed profile's words never reach the reading of a document in other languages.

use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::patterns::{literal_alternation, pattern_alternation};
use treaty_lang::{ProtocolWord, Script, StructureWords};
use treaty_numbers::gate::Gated;

use crate::lang::{current_languages, Languages};

/// The structure words of every profile taking part, in profile order.
fn all(languages: Languages) -> impl Iterator<Item = &'static StructureWords> + Clone {
    languages.iter().map(|lang| &lang.profile().structure)
}

/// The structure words of the Latin-script profiles taking part.
fn latin(languages: Languages) -> impl Iterator<Item = &'static StructureWords> + Clone {
    languages
        .iter()
        .filter(|lang| lang.profile().script == Script::Latin)
        .map(|lang| &lang.profile().structure)
}

fn compile(source: &str) -> Regex {
    Regex::new(source).unwrap_or_else(|error| panic!("a profile's structure pattern: {error}"))
}

/// Every word of one list field over some profiles, deduplicated, in profile order.
fn words<'a>(
    profiles: impl Iterator<Item = &'a StructureWords>,
    field: impl Fn(&StructureWords) -> &'static [&'static str],
) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for profile in profiles {
        for word in field(profile) {
            if !out.contains(word) {
                out.push(word);
            }
        }
    }
    out
}

/// Compiled grammar of all profiles.
pub(crate) struct Grammar {
    /// The formula that ends a preamble.
    pub preamble_end: Regex,
    /// Parts of that formula.
    pub preamble_part: Regex,
    /// Words of a preamble's line.
    pub preamble_context: Regex,
    /// A preamble concluding an instrument of its own ("desiring to conclude a Protocol"),
    /// `None` when no profile has one.
    pub instrument_preamble: Option<Regex>,
    /// The opening of a protocol signed with the treaty, at a line start.
    pub protocol_preamble: Option<Regex>,
    /// The formula before the signatures.
    pub closing: Regex,
    /// The article heading words of the Latin-script profiles, misreadings included, in lower
    /// case.
    pub heading_words: Vec<String>,
    /// The suffixes of inserted articles (`bis`, `ter`), in lower case, in the order they
    /// count.
    pub article_suffixes: Vec<String>,
    /// A phrase by which a text discusses a treaty's provisions instead of stating them.
    /// Gated: it is tried on the opening of every article.
    pub commentary: Gated,
    /// A phrase that amends another instrument.
    pub amendment: Regex,
    /// A reference to an article of the amended instrument (see
    /// [`StructureWords::amended_article`]).
    pub amended_article: Vec<Regex>,
    /// A Latin heading: number in group 1 (suffix in 2: `12A`, `12-A`, `10 bis`, `28 A.`) or
    /// Roman numeral in group 3 (suffix in 4: `XXVI-A`).
    pub latin_heading: Regex,
    /// A heading on a line of its own with a stray OCR mark before its number (`Article -10`),
    /// the number in group 1.
    pub latin_heading_marked: Regex,
    /// Article 1's heading: digits or Roman numeral in group 1; numbers of headings that
    /// enclose them in the groups after.
    pub first_heading: Regex,
    /// [`Grammar::first_heading`] with an ASCII word boundary after the number: it matches
    /// wherever that one does (and after a number glued to a non-ASCII letter, `1º`), and
    /// the regex engine can search for it with its fast automata.
    pub first_heading_ascii: Regex,
    /// An article reference; the number is the first group that matched.
    pub article_reference: Regex,
    /// The next number of a list of articles right after a reference (`, 11` and ` and 12` in
    /// "Articles 10, 11 and 12"), anchored at the start of the rest, the number in group 1.
    pub article_list_next: Regex,
    /// A protocol heading at a line or sentence start, the word in group 1.
    pub protocol_heading: Regex,
    /// The words of a protocol heading anywhere: where to start looking for one.
    pub protocol_heading_word: Regex,
    /// Protocol words of scripts without spaces.
    pub protocol_words: Vec<ProtocolWord>,
    /// A protocol point on an article (`4. Ad Article 14`), its number in group 1.
    pub ad_point: Regex,
    /// Party name patterns.
    pub parties: Vec<Regex>,
    /// "Contracting State" in every language.
    pub contracting_state: Vec<&'static str>,
    /// What follows a heading number when it is a reference.
    pub heading_reference_followers: Vec<&'static str>,
    /// Words that open a provision.
    pub sentence_openers: Vec<&'static str>,
    /// Words that end an inline title.
    pub title_stop_words: Vec<&'static str>,
    /// Month names.
    pub months: Vec<&'static str>,
    /// Words before a reference number.
    pub paragraph_reference_words: Vec<&'static str>,
    /// Endings of a list item's text (`; and`, `, and`).
    pub list_endings: Vec<String>,
    /// Words before a subparagraph marker that end the previous item (` and`, ` ou`).
    pub list_breaks: Vec<String>,
    /// Words after a glued item marker that make it a reference.
    pub item_reference_followers: Vec<&'static str>,
    /// Words that can close an item in scripts without line structure.
    pub item_closing_words: Vec<&'static str>,
    /// Characters that never open an item.
    pub item_continuation_chars: String,
    /// Characters (besides kanji and katakana) that can open an item.
    pub item_opening_chars: String,
}

/// The grammar of the profiles taking part in the document being read on this thread
/// ([`current_languages`]), compiled on first use.
pub(crate) static GRAMMAR: CurrentGrammar = CurrentGrammar;

/// Reads as the [`Grammar`] of the profiles taking part.
pub(crate) struct CurrentGrammar;

impl std::ops::Deref for CurrentGrammar {
    type Target = Grammar;

    fn deref(&self) -> &Grammar {
        grammar_of(current_languages())
    }
}

/// The grammar of every installed profile: that of every document while only the built-in
/// profiles are installed.
static ALL: LazyLock<&'static Grammar> =
    LazyLock::new(|| Box::leak(Box::new(build(Languages::all()))));

/// The grammars of other sets of profiles, compiled once each.
static OTHERS: std::sync::Mutex<Vec<(Languages, &'static Grammar)>> =
    std::sync::Mutex::new(Vec::new());

fn grammar_of(languages: Languages) -> &'static Grammar {
    if languages == Languages::all() {
        return &ALL;
    }
    let mut others = OTHERS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, grammar)) = others.iter().find(|(set, _)| *set == languages) {
        return grammar;
    }
    // At most one per subset of the installed profiles, and few in practice.
    let grammar: &'static Grammar = Box::leak(Box::new(build(languages)));
    others.push((languages, grammar));
    grammar
}

/// The sources of the article heading and reference patterns, from the profiles' words.
struct HeadingSources {
    /// The heading words, as an alternation.
    headings: String,
    first_heading: String,
    first_heading_ascii: String,
    article_reference: String,
}

fn heading_sources(languages: Languages) -> HeadingSources {
    let all = || all(languages);
    let latin = || latin(languages);
    let headings = literal_alternation(words(latin(), |s| s.article_heading));
    let misread = words(latin(), |s| s.article_heading_misread);
    let first_heading_words = literal_alternation(
        words(latin(), |s| s.article_heading)
            .into_iter()
            .chain(misread),
    );
    let around_headings = words(all(), |s| s.article_heading_around);
    // The same pattern with the word boundary after the number in Unicode (what the heading
    // means) and in ASCII (fast to search for).
    let first_heading_with = |boundary: &str| {
        let mut pattern =
            format!(r"(?m)^[ \t]*{first_heading_words}[ \t]+(\d{{1,3}}|[IVXL]{{1,6}}){boundary}");
        for around in &around_headings {
            pattern.push('|');
            pattern.push_str(around);
        }
        pattern
    };
    // Treaties numbered in Roman numerals refer to their articles so (`artículo XXI`).
    let mut article_reference = format!(
        r"{}[ \t]*(\d{{1,3}}|[IVXL]{{1,7}}(?-u:\b))",
        pattern_alternation(words(latin(), |s| s.article_reference))
    );
    for around in words(all(), |s| s.article_reference_around) {
        article_reference.push('|');
        article_reference.push_str(around);
    }
    HeadingSources {
        headings,
        first_heading: first_heading_with(r"\b"),
        first_heading_ascii: first_heading_with(r"(?-u:\b)"),
        article_reference,
    }
}

/// The profiles' `patterns` after `prefix` (flags, an anchor), `None` when no profile has one.
fn optional_pattern(prefix: &str, patterns: Vec<&'static str>) -> Option<Regex> {
    (!patterns.is_empty()).then(|| compile(&format!("{prefix}{}", pattern_alternation(patterns))))
}

fn build(languages: Languages) -> Grammar {
    let all = || all(languages);
    let latin = || latin(languages);
    let HeadingSources {
        headings,
        first_heading,
        first_heading_ascii,
        article_reference,
    } = heading_sources(languages);
    let suffixes = literal_alternation(words(latin(), |s| s.article_suffix));
    let joiners = words(all(), |s| s.list_joiners);
    let mut list_endings: Vec<String> = joiners.iter().map(|w| format!("; {w}")).collect();
    list_endings.extend(
        words(all(), |s| s.list_joiners_after_comma)
            .iter()
            .map(|w| format!(", {w}")),
    );
    Grammar {
        protocol_preamble: optional_pattern(r"(?im)^[ \t]*", words(all(), |s| s.protocol_preamble)),
        instrument_preamble: optional_pattern("(?i)", words(all(), |s| s.instrument_preamble)),
        preamble_end: compile(&format!(
            "(?i){}",
            pattern_alternation(words(all(), |s| s.preamble_end))
        )),
        preamble_part: compile(&format!(
            "(?i){}",
            pattern_alternation(words(all(), |s| s.preamble_part))
        )),
        preamble_context: compile(&format!(
            "(?i){}",
            literal_alternation(words(all(), |s| s.preamble_context))
        )),
        closing: compile(&format!(
            "(?i){}",
            pattern_alternation(words(all(), |s| s.closing))
        )),
        heading_words: words(latin(), |s| s.article_heading)
            .into_iter()
            .chain(words(latin(), |s| s.article_heading_misread))
            .map(|w| w.trim_end_matches('.').to_lowercase())
            .collect(),
        article_suffixes: words(latin(), |s| s.article_suffix)
            .into_iter()
            .map(str::to_lowercase)
            .collect(),
        commentary: Gated::new(&pattern_alternation(words(latin(), |s| s.commentary)))
            .unwrap_or_else(|error| panic!("a profile's structure pattern: {error}")),
        amendment: compile(&pattern_alternation(words(all(), |s| s.amendment))),
        // One regex per pattern: their group names repeat.
        amended_article: words(all(), |s| s.amended_article)
            .into_iter()
            .map(compile)
            .collect(),
        // ASCII word boundaries keep the regex on its fast engines over non-ASCII text; the
        // words around a heading are ASCII where it matters (the number and its suffix).
        latin_heading_marked: compile(&format!(
            r"(?m)^[ \t]*{headings}[ \t]+[-–—.,'·_~*][ \t]?(\d{{1,3}})[ \t]*$"
        )),
        latin_heading: compile(&format!(
            r"(?-u:\b){headings}[ \t]+(?:(\d{{1,3}})(-?[A-Z](?-u:\b)| ?{suffixes}(?-u:\b)| [A-Z]\.)?(?:[ \t]?\.?[ \t]?[º°]|\.(?:[ \t]|$))?|([IVXLC]{{1,7}})(-[A-Z])?(?-u:\b))"
        )),
        first_heading: compile(&first_heading),
        first_heading_ascii: compile(&first_heading_ascii),
        article_reference: compile(&article_reference),
        article_list_next: compile(&format!(
            r"^(?:[ \t]*,[ \t]*|[ \t]*,?[ \t]+(?:{})[ \t]+)(\d{{1,3}}|[IVXL]{{1,7}})(?-u:\b)",
            pattern_alternation(words(latin(), |s| s.list_joiners))
        )),
        // ASCII word boundary: a Unicode `\b` keeps the regex crate off its fast engines on
        // non-ASCII text, and this runs over every version's body.
        protocol_heading: compile(&format!(
            r"(?m)(?:^|[.:][ \t])[ \t]*({})(?-u:\b)",
            literal_alternation(words(latin(), |s| s.protocol_heading))
        )),
        protocol_heading_word: compile(&literal_alternation(words(latin(), |s| {
            s.protocol_heading
        }))),
        protocol_words: all().filter_map(|s| s.protocol_word).collect(),
        ad_point: compile(&format!(
            r"(?:(\d{{1,2}})\.\s+)?\b{}(?:/|\s)\s*{headings}",
            literal_alternation(words(latin(), |s| s.protocol_point_prefix))
        )),
        parties: words(all(), |s| s.party).into_iter().map(compile).collect(),
        contracting_state: words(all(), |s| s.contracting_state),
        heading_reference_followers: words(all(), |s| s.heading_reference_followers),
        sentence_openers: words(all(), |s| s.sentence_openers),
        title_stop_words: words(all(), |s| s.title_stop_words),
        months: words(all(), |s| s.months),
        paragraph_reference_words: words(all(), |s| s.paragraph_reference_words),
        list_endings,
        list_breaks: joiners.iter().map(|w| format!(" {w}")).collect(),
        item_reference_followers: words(all(), |s| s.item_reference_followers),
        item_closing_words: words(all(), |s| s.item_closing_words),
        item_continuation_chars: all().map(|s| s.item_continuation_chars).collect(),
        item_opening_chars: all().map(|s| s.item_opening_chars).collect(),
    }
}

/// The number of the first group of `captures` that matched: digits, a Roman numeral or a
/// kanji number.
pub(crate) fn captured_number(captures: &regex::Captures<'_>) -> Option<u32> {
    let text = captures.iter().skip(1).flatten().next()?.as_str();
    text.parse::<u32>()
        .ok()
        .or_else(|| treaty_numbers::parse_roman(text))
        .or_else(|| treaty_numbers::parse_kanji_number(text).and_then(|n| u32::try_from(n).ok()))
}
