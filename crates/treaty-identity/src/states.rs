//! States and territories by name: the names each profile prints, and the English names of
//! ISO 3166 (from `rust_iso3166`), found in a text and read as ISO codes.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, Input, MatchKind};
use treaty_lang::{Lang, Script};

/// A state or territory, by its ISO codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct State {
    /// ISO 3166-1 alpha-2 code (for a former state, the code it had).
    pub alpha2: &'static str,
    /// ISO 3166-1 alpha-3 code (for a former state, the code it had).
    pub alpha3: &'static str,
    /// For a state that no longer exists, its ISO 3166-3 code (`CSHH`).
    pub former: Option<&'static str>,
    /// The ISO English short name.
    pub name: &'static str,
}

/// The state an alpha-2 code or an ISO 3166-3 code names.
pub fn state(code: &str) -> Option<State> {
    if code.len() == 4 {
        let former = rust_iso3166::iso3166_3::from_code(code)?;
        return Some(State {
            alpha2: former.former.alpha2,
            alpha3: former.former.alpha3,
            former: Some(former.code),
            name: former.former.name,
        });
    }
    let country = rust_iso3166::from_alpha2(code)?;
    Some(State {
        alpha2: country.alpha2,
        alpha3: country.alpha3,
        former: None,
        name: country.name,
    })
}

/// A state's name found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameMatch {
    /// Where the name is printed.
    pub range: Range<usize>,
    /// The state it names.
    pub state: State,
}

/// Every name of every installed profile, and the ISO English names, by lower-case spelling.
///
/// Aho-Corasick automata rather than one regex: a case-insensitive regex of some eight hundred
/// names took longer to compile and to build its DFA states on a first document than reading
/// several documents.
struct Matcher {
    /// Names of Latin-script profiles and ISO names, case-folded ([`fold_case`]) and matched
    /// in the case-folded text, each also with its apostrophes typeset (`People’s Republic`).
    latin: AhoCorasick,
    /// Names of kanji-script profiles.
    kanji: AhoCorasick,
    /// What makes a kanji-script name a language's (the profiles' `language_suffixes`).
    kanji_language_suffixes: Vec<&'static str>,
    codes: HashMap<String, &'static str>,
}

static MATCHER: LazyLock<Matcher> = LazyLock::new(|| {
    let mut codes: HashMap<String, &'static str> = HashMap::new();
    let mut latin: Vec<String> = Vec::new();
    let mut kanji: Vec<String> = Vec::new();
    let mut kanji_language_suffixes: Vec<&'static str> = Vec::new();
    let iso = if Lang::all().any(|lang| lang.profile().names.iso_english_names) {
        iso_english_names()
    } else {
        Vec::new()
    };
    for (name, code) in &iso {
        latin.push(name.clone());
        codes.entry(name.to_lowercase()).or_insert(code);
    }
    for lang in Lang::all() {
        let profile = lang.profile();
        for (name, code) in profile.names.states {
            // A profile's own name wins over an ISO form of the same spelling.
            codes.insert(name.to_lowercase(), code);
            match profile.script {
                Script::Latin => latin.push(name.to_string()),
                Script::Japanese => {
                    let folded = fold_kana_voicing(name);
                    codes.insert(folded.clone(), code);
                    kanji.push(folded);
                }
            }
        }
        if profile.script == Script::Japanese {
            kanji_language_suffixes.extend(profile.names.language_suffixes);
        }
    }
    // A state's federal form (the profiles' `federal_forms`) names that state; a name the
    // tables give outright keeps its own code.
    for lang in Lang::all() {
        let profile = lang.profile();
        let names = &profile.names;
        let iso_names = iso.iter().filter(|_| names.iso_english_names);
        let bases: Vec<(&str, &'static str)> = names
            .states
            .iter()
            .copied()
            .chain(iso_names.map(|(name, code)| (name.as_str(), *code)))
            .collect();
        for form in names.federal_forms {
            for (name, code) in &bases {
                let federal = form.replace("{}", name);
                let (key, list) = match profile.script {
                    Script::Latin => (federal.to_lowercase(), &mut latin),
                    Script::Japanese => (fold_kana_voicing(&federal), &mut kanji),
                };
                if !codes.contains_key(&key) {
                    codes.insert(key.clone(), code);
                    list.push(if profile.script == Script::Latin {
                        federal
                    } else {
                        key
                    });
                }
            }
        }
    }
    let latin: Vec<String> = latin
        .iter()
        .flat_map(|name| typeset_apostrophes(&fold_case(name)))
        .collect();
    let automaton = |names: &[String]| {
        AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(names)
            .expect("state names build an automaton")
    };
    Matcher {
        latin: automaton(&latin),
        kanji: automaton(&kanji),
        kanji_language_suffixes,
        codes,
    }
});

/// `text` with each character lower-cased where its lower case is one character of the same
/// length, so that an offset in the copy is the same offset in `text` (a character whose lower
/// case is longer or shorter, as `İ`, stays as it is, and matches only as printed).
/// `text` with the voicing marks of its kana taken off (`ブ`, `プ` and `フ` alike): OCR of a
/// Japanese scan confuses them (`プラジル`, `ブラシル` for `ブラジル`), and no two states'
/// names differ by them alone. Each character keeps its length, so offsets are the text's.
fn fold_kana_voicing(text: &str) -> String {
    use unicode_normalization::char::is_combining_mark;
    use unicode_normalization::UnicodeNormalization;
    // Kana lie in U+3041..U+30FF, whose UTF-8 starts with the byte 0xE3.
    if !text.as_bytes().contains(&0xE3) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if !matches!(c, '\u{3041}'..='\u{30FF}') {
                return c;
            }
            let mut parts = std::iter::once(c).nfd();
            // A kana's decomposition is its base and, when voiced, one combining mark.
            match (parts.next(), parts.next(), parts.next()) {
                (Some(base), Some(mark), None)
                    if is_combining_mark(mark) && base.len_utf8() == c.len_utf8() =>
                {
                    base
                }
                _ => c,
            }
        })
        .collect()
}

fn fold_case(text: &str) -> String {
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    text.chars()
        .map(|c| {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(l), None) if l.len_utf8() == c.len_utf8() => l,
                _ => c,
            }
        })
        .collect()
}

/// A name and its spellings with each of its apostrophes typeset (`’`) or not.
fn typeset_apostrophes(name: &str) -> Vec<String> {
    let mut spellings = vec![String::new()];
    for c in name.chars() {
        if c == '\'' {
            spellings = spellings
                .into_iter()
                .flat_map(|s| [format!("{s}'"), format!("{s}\u{2019}")])
                .collect();
        } else {
            spellings.iter_mut().for_each(|s| s.push(c));
        }
    }
    spellings
}

/// The ISO English short names and the long forms their brackets give (`Korea (Republic of)`
/// is `Korea` and `Republic of Korea`), and the names of former states; a short form two
/// states share is nobody's.
fn iso_english_names() -> Vec<(String, &'static str)> {
    let mut names: Vec<(String, &'static str)> = Vec::new();
    let mut short_forms: HashMap<String, Vec<&'static str>> = HashMap::new();
    for country in rust_iso3166::ALL {
        let code = country.alpha2;
        match country.name.split_once(" (") {
            Some((short, rest)) => {
                let qualifier = rest.trim_end_matches(')');
                // `Korea (Republic of)`, `Congo (Democratic Republic of the)`: a long form.
                let words: Vec<&str> = qualifier.split_whitespace().collect();
                let of_at = words.iter().rposition(|w| *w == "of");
                if of_at.is_some_and(|at| at + 2 >= words.len()) {
                    names.push((format!("{qualifier} {short}"), code));
                }
                short_forms.entry(short.to_string()).or_default().push(code);
            }
            None => names.push((country.name.to_string(), code)),
        }
    }
    for (short, owners) in short_forms {
        if owners.len() == 1 && !names.iter().any(|(name, _)| *name == short) {
            names.push((short, owners[0]));
        }
    }
    names.extend(former_names(&names));
    names.sort();
    names
}

/// The English names of ISO 3166-3's former states, by their four-letter codes: the whole name,
/// or the two parts of a name written `Short, Long Form`, except a part that is a current
/// state's name (a former state's head that a present state still bears) or a dangling
/// qualifier (`Upper Volta, Republic of`).
fn former_names(current: &[(String, &'static str)]) -> Vec<(String, &'static str)> {
    let is_current = |name: &str| {
        let spaced = name.replace('-', " ");
        current.iter().any(|(n, _)| *n == spaced)
    };
    let mut names = Vec::new();
    for former in rust_iso3166::iso3166_3::ALL {
        let parts: Vec<&str> = match former.name.split_once(", ") {
            None => vec![former.name],
            Some((head, tail)) => vec![head, tail],
        };
        for (index, part) in parts.iter().copied().enumerate() {
            let words: Vec<&str> = part.split_whitespace().collect();
            // A one-word second part is a qualifier (`Metropolitan`), not a name.
            let dangling = words.last().is_some_and(|w| *w == "of")
                || part.contains('(')
                || (words.len() == 1 && index > 0);
            if !dangling && !is_current(part) {
                names.push((part.to_string(), former.code));
            }
        }
    }
    names
}

/// Every state name in `text`, in text order, the longest at each position; a Latin-script
/// name must stand as whole words. A name may be broken over lines or spaced twice (a PDF's
/// layout): whitespace in the text is matched as the one space of a Latin name, and is left
/// out of a kanji name.
pub fn find_states(text: &str) -> Vec<NameMatch> {
    let matcher = &*MATCHER;
    let folded = fold_case(text);
    let voicing_folded = fold_kana_voicing(text);
    let mut found = Vec::new();
    for (automaton, script) in [
        (&matcher.latin, Script::Latin),
        (&matcher.kanji, Script::Japanese),
    ] {
        let source = if script == Script::Latin {
            folded.as_str()
        } else {
            voicing_folded.as_str()
        };
        let spaced = SpacedText::new(source, script);
        let haystack = spaced.text.as_str();
        let mut at = 0;
        while let Some(m) = automaton.find(Input::new(haystack).span(at..haystack.len())) {
            let range = spaced.original(m.range());
            let whole_words =
                !is_word_char_before(text, range.start) && !is_word_char_after(text, range.end);
            let language = script == Script::Japanese
                && matcher
                    .kanji_language_suffixes
                    .iter()
                    .any(|suffix| text[range.end..].starts_with(suffix));
            if language {
                at = m.end();
            } else if whole_words || script != Script::Latin {
                // Kanji-script names are keyed without voicing marks, as they were found.
                let named = if script == Script::Latin {
                    &text[range.clone()]
                } else {
                    &source[range.clone()]
                };
                let key = SpacedText::new(named, script)
                    .text
                    .replace('\u{2019}', "'")
                    .to_lowercase();
                let code = matcher.codes.get(&key).copied();
                if let Some(state) = code.and_then(state) {
                    found.push(NameMatch { range, state });
                }
                at = m.end();
            } else {
                at = next_char(haystack, m.start());
            }
            if at >= haystack.len() {
                break;
            }
        }
    }
    found.sort_by_key(|m| m.range.start);
    found
}

/// A text with each run of whitespace made one space (Latin script) or taken out (kanji
/// script), and where each of its bytes comes from.
struct SpacedText {
    text: String,
    /// The offset in the original text of each byte of `text`.
    origin: Vec<usize>,
}

impl SpacedText {
    fn new(source: &str, script: Script) -> SpacedText {
        let mut text = String::with_capacity(source.len());
        let mut origin = Vec::with_capacity(source.len());
        let mut in_space = false;
        for (at, c) in source.char_indices() {
            if c.is_whitespace() {
                if script == Script::Latin && !in_space {
                    text.push(' ');
                    origin.push(at);
                }
                in_space = true;
                continue;
            }
            in_space = false;
            text.push(c);
            origin.extend(at..at + c.len_utf8());
        }
        SpacedText { text, origin }
    }

    /// The range of the original text a non-empty range of `text` that starts and ends with
    /// no whitespace comes from.
    fn original(&self, range: Range<usize>) -> Range<usize> {
        self.origin[range.start]..self.origin[range.end - 1] + 1
    }
}

fn next_char(text: &str, at: usize) -> usize {
    text[at..]
        .chars()
        .next()
        .map_or(text.len(), |c| at + c.len_utf8())
}

fn is_word_char_before(text: &str, at: usize) -> bool {
    text[..at]
        .chars()
        .next_back()
        .is_some_and(char::is_alphanumeric)
}

fn is_word_char_after(text: &str, at: usize) -> bool {
    text[at..].chars().next().is_some_and(char::is_alphanumeric)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(text: &str) -> Vec<String> {
        find_states(text)
            .iter()
            .map(|m| format!("{} {}", m.state.alpha3, &text[m.range.clone()]))
            .collect()
    }

    #[test]
    fn long_forms_win_over_their_parts() {
        assert_eq!(
            codes("the Government of the People's Republic of China and the Republic of Korea"),
            ["CHN People's Republic of China", "KOR Republic of Korea"]
        );
        assert_eq!(
            codes("THE UNITED STATES OF AMERICA AND CANADA"),
            ["USA UNITED STATES OF AMERICA", "CAN CANADA"]
        );
        assert_eq!(
            codes("the Hong Kong Special Administrative Region of the People's Republic of China"),
            ["HKG Hong Kong Special Administrative Region of the People's Republic of China"]
        );
    }

    #[test]
    fn former_names_of_a_state_are_its_own_not_the_united_states() {
        assert_eq!(
            codes("the Government of Japan and the Government of the United States of Brazil"),
            ["JPN Japan", "BRA United States of Brazil"]
        );
        assert_eq!(
            codes("日本国とブラジル合衆国との間の条約"),
            ["JPN 日本国", "BRA ブラジル合衆国"]
        );
        // OCR of a scan confuses the voicing marks of kana: the name is still found.
        assert_eq!(
            codes("日本国とプラジル合衆国との間の条約、ブラシル合衆国"),
            ["JPN 日本国", "BRA プラジル合衆国", "BRA ブラシル合衆国"]
        );
        assert_eq!(codes("アメリカ合衆国"), ["USA アメリカ合衆国"]);
        assert_eq!(
            codes("Estados Unidos do Brasil e Estados Unidos da América"),
            [
                "BRA Estados Unidos do Brasil",
                "USA Estados Unidos da América"
            ]
        );
        assert_eq!(
            codes("the United States of Venezuela"),
            ["VEN United States of Venezuela"]
        );
    }

    #[test]
    fn no_two_japanese_state_names_differ_by_voicing_marks_alone() {
        let mut seen: HashMap<String, &str> = HashMap::new();
        for lang in Lang::all().filter(|l| l.profile().script == Script::Japanese) {
            for (name, code) in lang.profile().names.states {
                let folded = fold_kana_voicing(name);
                assert_eq!(folded.len(), name.len(), "{name}");
                if let Some(other) = seen.insert(folded, code) {
                    assert_eq!(other, *code, "{name}");
                }
            }
        }
    }

    #[test]
    fn names_match_in_any_case_and_with_typeset_apostrophes() {
        assert_eq!(
            codes("REPÚBLICA FEDERATIVA DO BRASIL E O REINO DA DINAMARCA"),
            [
                "BRA REPÚBLICA FEDERATIVA DO BRASIL",
                "DNK REINO DA DINAMARCA"
            ]
        );
        assert_eq!(
            codes("the People’s Republic of China"),
            ["CHN People’s Republic of China"]
        );
        // A character whose lower case has another length keeps its offsets: it is not folded.
        assert_eq!(fold_case("İ Canada").len(), "İ Canada".len());
        assert_eq!(codes("İ CANADA"), ["CAN CANADA"]);
    }

    #[test]
    fn a_name_broken_over_lines_is_one_name() {
        assert_eq!(
            codes(
                "the Hong Kong Special Administrative\n   Region of the People's Republic of China"
            ),
            ["HKG Hong Kong Special Administrative\n   Region of the People's Republic of China"]
        );
        assert_eq!(
            codes("THE UNITED KINGDOM OF GREAT BRITAIN AND\r\nNORTHERN  IRELAND and Japan"),
            [
                "GBR UNITED KINGDOM OF GREAT BRITAIN AND\r\nNORTHERN  IRELAND",
                "JPN Japan"
            ]
        );
        assert_eq!(
            codes("中華人民共和国香港\n特別行政区"),
            ["HKG 中華人民共和国香港\n特別行政区"]
        );
    }

    #[test]
    fn the_parts_of_a_state_are_not_other_states() {
        // Northern Ireland is part of the United Kingdom, not Ireland.
        assert_eq!(
            codes("Great Britain and Northern Ireland"),
            ["GBR Great Britain", "GBR Northern Ireland"]
        );
        // A language community of a federal state is named by its language, not a state.
        assert_eq!(
            codes("ベルギー王国のフランス語共同体及びドイツ語共同体"),
            ["BEL ベルギー王国"]
        );
        assert!(codes("日本語、フランス語及び英語により本書二通を作成した").is_empty());
        // A special administrative region named with its state is the region.
        assert_eq!(
            codes("el Reino de España y la Región Administrativa Especial de Hong Kong de la\nRepública Popular China"),
            [
                "ESP Reino de España",
                "HKG Región Administrativa Especial de Hong Kong de la\nRepública Popular China"
            ]
        );
        assert_eq!(
            codes("日本国政府及び中華人民共和国マカオ特別行政区政府"),
            ["JPN 日本国", "MAC 中華人民共和国マカオ特別行政区"]
        );
    }

    #[test]
    fn whole_words_only_in_latin_script() {
        assert_eq!(codes("Nigeria and Niger"), ["NGA Nigeria", "NER Niger"]);
        assert!(codes("Omanic Chadwick").is_empty());
        assert_eq!(
            codes("日本国とオーストラリアとの間の条約"),
            ["JPN 日本国", "AUS オーストラリア"]
        );
    }

    #[test]
    fn former_states_have_their_former_codes() {
        let found = find_states("the Union of Soviet Socialist Republics");
        assert_eq!(found[0].state.alpha3, "SUN");
        assert_eq!(found[0].state.former, Some("SUHH"));
        assert_eq!(
            codes("Czechoslovakia, Yugoslavia, Serbia and Montenegro, the German Democratic Republic, Zaire, the Netherlands Antilles"),
            ["CSK Czechoslovakia", "YUG Yugoslavia", "SCG Serbia and Montenegro", "DDR German Democratic Republic", "ZAR Zaire", "ANT Netherlands Antilles"]
        );
        // A former state's name part that is a current state's name is the current state.
        assert_eq!(codes("France, Yemen"), ["FRA France", "YEM Yemen"]);
        assert_eq!(
            codes("República Federativa do Brasil e o Reino da Dinamarca"),
            [
                "BRA República Federativa do Brasil",
                "DNK Reino da Dinamarca"
            ]
        );
        assert_eq!(
            codes("the Kingdom of the Netherlands in respect of the Netherlands Antilles"),
            ["NLD Kingdom of the Netherlands", "ANT Netherlands Antilles"]
        );
    }
}
