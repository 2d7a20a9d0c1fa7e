//! States and territories by name: the names each profile prints, and the English names of
//! ISO 3166 (from `rust_iso3166`), found in a text and read as ISO codes.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::{Lang, Script};

use crate::words::alternation;

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
struct Matcher {
    /// Names of Latin-script profiles and ISO names, matched case-insensitively.
    latin: Regex,
    /// Names of kanji-script profiles.
    kanji: Regex,
    codes: HashMap<String, &'static str>,
}

static MATCHER: LazyLock<Matcher> = LazyLock::new(|| {
    let mut codes: HashMap<String, &'static str> = HashMap::new();
    let mut latin: Vec<String> = Vec::new();
    let mut kanji: Vec<String> = Vec::new();
    if Lang::all().any(|lang| lang.profile().names.iso_english_names) {
        for (name, code) in iso_english_names() {
            latin.push(name.clone());
            codes.entry(name.to_lowercase()).or_insert(code);
        }
    }
    for lang in Lang::all() {
        let profile = lang.profile();
        for (name, code) in profile.names.states {
            // A profile's own name wins over an ISO form of the same spelling.
            codes.insert(name.to_lowercase(), code);
            match profile.script {
                Script::Latin => latin.push(name.to_string()),
                Script::Japanese => kanji.push(name.to_string()),
            }
        }
    }
    // A typeset apostrophe is an apostrophe (`People’s Republic`).
    let latin = alternation(latin.iter().map(String::as_str)).replace('\'', "['\u{2019}]");
    let latin = format!("(?i)(?:{latin})");
    let kanji = format!("(?:{})", alternation(kanji.iter().map(String::as_str)));
    Matcher {
        latin: Regex::new(&latin).expect("state names"),
        kanji: Regex::new(&kanji).expect("state names"),
        codes,
    }
});

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
/// name must stand as whole words.
pub fn find_states(text: &str) -> Vec<NameMatch> {
    let matcher = &*MATCHER;
    let mut found = Vec::new();
    for (regex, needs_whole_words) in [(&matcher.latin, true), (&matcher.kanji, false)] {
        let mut at = 0;
        while let Some(m) = regex.find_at(text, at) {
            let whole_words =
                !is_word_char_before(text, m.start()) && !is_word_char_after(text, m.end());
            if whole_words || !needs_whole_words {
                let key = m.as_str().replace('\u{2019}', "'").to_lowercase();
                let code = matcher.codes.get(&key).copied();
                if let Some(state) = code.and_then(state) {
                    found.push(NameMatch {
                        range: m.range(),
                        state,
                    });
                }
                at = m.end();
            } else {
                at = next_char(text, m.start());
            }
            if at >= text.len() {
                break;
            }
        }
    }
    found.sort_by_key(|m| m.range.start);
    found
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
