//! Number words of the Latin-script profiles: `twelve`, `one hundred and eighty-three`, `cento e oitenta e três`.

use std::collections::HashMap;
use std::sync::LazyLock;

use treaty_lang::{NumberWordKind as WordKind, PerLang};

use treaty_lang::Lang;

/// Each language's number words by lower-case spelling: value and kind.
static WORDS: LazyLock<PerLang<HashMap<&'static str, (u64, WordKind)>>> = LazyLock::new(|| {
    PerLang::build(|profile| {
        profile
            .numbers
            .words
            .iter()
            .map(|word| (word.word, (word.value, word.kind)))
            .collect()
    })
});

/// The value of a scale word of any language (`million`, `mil`), 1 if it is none.
pub(crate) fn scale_value(word: &str) -> f64 {
    let lower = word.to_lowercase();
    Lang::all()
        .flat_map(|lang| lang.profile().numbers.words)
        .find(|entry| {
            entry.word == lower && matches!(entry.kind, WordKind::Scale | WordKind::LoneScale)
        })
        .map_or(1.0, |entry| entry.value as f64)
}

/// Value of a phrase of number words of any language with a profile.
///
/// Handles `six`, `twelve`, `thirty`, `one hundred and eighty-three`, `two thousand and
/// seventeen`, `seis`, `doze`, `trinta`, `dois`/`duas`, `três`, `cento e oitenta e três`,
/// `um`/`uma`, `dois mil`, in any letter case.
/// Words of two languages may not be mixed, and the words must be in a sensible order:
/// `six six`, `eighty hundred` and `twelve three` are `None`.
/// Articles (`a`, `an`) are not numbers: `a hundred` is `None`.
///
/// ```
/// assert_eq!(treaty_numbers::parse_number_words("one hundred and eighty-three"), Some(183));
/// assert_eq!(treaty_numbers::parse_number_words("cento e oitenta e três"), Some(183));
/// assert_eq!(treaty_numbers::parse_number_words("someone"), None);
/// ```
pub fn parse_number_words(s: &str) -> Option<u64> {
    let lower = s.to_lowercase();
    let tokens: Vec<&str> = lower
        .split(|ch: char| ch.is_whitespace() || ch == '-')
        .filter(|token| !token.is_empty())
        .collect();
    Lang::all().find_map(|lang| evaluate_tokens(&tokens, lang))
}

/// Adds up `tokens` read as number words of `lang`, checking the order of the words.
fn evaluate_tokens(tokens: &[&str], lang: Lang) -> Option<u64> {
    let connector = lang.profile().numbers.connector;
    let words = &WORDS[lang];
    let mut total: u64 = 0;
    let mut group: u64 = 0;
    // The kind of the last word in the current group (below the last scale word), if any.
    let mut last_kind: Option<WordKind> = None;
    let mut last_scale = u64::MAX;
    let mut n_number_words = 0;
    let mut after_connector = false;
    for (token_idx, &token) in tokens.iter().enumerate() {
        if token == connector {
            // A connector joins two number words: never first, last or doubled.
            if token_idx == 0 || token_idx + 1 == tokens.len() || after_connector {
                return None;
            }
            after_connector = true;
            continue;
        }
        after_connector = false;
        let &(value, kind) = words.get(token)?;
        n_number_words += 1;
        match kind {
            WordKind::Zero => {
                if tokens.len() != 1 {
                    return None;
                }
            }
            WordKind::Ones => {
                if !matches!(
                    last_kind,
                    None | Some(WordKind::Tens | WordKind::HundredMultiplier | WordKind::Hundreds)
                ) {
                    return None;
                }
                group += value;
            }
            WordKind::Teens | WordKind::Tens => {
                if !matches!(
                    last_kind,
                    None | Some(WordKind::HundredMultiplier | WordKind::Hundreds)
                ) {
                    return None;
                }
                group += value;
            }
            WordKind::HundredMultiplier => {
                // `hundred` follows a single digit word (`one hundred`, `nine hundred`) or a
                // teen, as years are said (`nineteen hundred and seventy-nine`).
                let multiplier = match last_kind {
                    Some(WordKind::Ones) => group < 10,
                    Some(WordKind::Teens) => (10..20).contains(&group),
                    _ => false,
                };
                if !multiplier {
                    return None;
                }
                group *= value;
            }
            WordKind::Hundreds => {
                if last_kind.is_some() {
                    return None;
                }
                group += value;
            }
            WordKind::Scale | WordKind::LoneScale => {
                if value >= last_scale {
                    return None;
                }
                // A bare `mil` is one thousand; English needs a number before `thousand`.
                let multiplier = match (group, kind) {
                    (0, WordKind::LoneScale) => 1,
                    (0, _) => return None,
                    (group, _) => group,
                };
                total = total.checked_add(multiplier.checked_mul(value)?)?;
                group = 0;
                last_scale = value;
                last_kind = None;
                continue;
            }
        }
        last_kind = Some(kind);
    }
    (n_number_words > 0).then_some(total + group)
}

#[cfg(test)]
mod tests {
    use super::parse_number_words;

    #[test]
    fn number_words_table() {
        let table: &[(&str, Option<u64>)] = &[
            ("zero", Some(0)),
            ("one", Some(1)),
            ("two", Some(2)),
            ("three", Some(3)),
            ("six", Some(6)),
            ("Six", Some(6)),
            // Years as they are said: a teen before `hundred`.
            ("nineteen hundred and seventy-nine", Some(1979)),
            ("fifteen hundred", Some(1500)),
            ("twenty hundred", None),
            ("hundred nineteen", None),
            ("ten", Some(10)),
            ("twelve", Some(12)),
            ("fifteen", Some(15)),
            ("twenty", Some(20)),
            ("twenty-five", Some(25)),
            ("twenty five", Some(25)),
            ("thirty", Some(30)),
            ("sixty", Some(60)),
            ("ninety", Some(90)),
            ("one hundred", Some(100)),
            ("one hundred and eighty-three", Some(183)),
            ("one hundred eighty-three", Some(183)),
            ("three hundred and sixty-five", Some(365)),
            ("two thousand", Some(2000)),
            ("two thousand and seventeen", Some(2017)),
            ("ten thousand", Some(10_000)),
            ("one million", Some(1_000_000)),
            ("um", Some(1)),
            ("uma", Some(1)),
            ("dois", Some(2)),
            ("duas", Some(2)),
            ("três", Some(3)),
            ("Três", Some(3)),
            ("tres", Some(3)),
            ("cinco", Some(5)),
            ("seis", Some(6)),
            ("dez", Some(10)),
            ("doze", Some(12)),
            ("dezasseis", Some(16)),
            ("dezesseis", Some(16)),
            ("vinte", Some(20)),
            ("vinte e cinco", Some(25)),
            ("trinta", Some(30)),
            ("cem", Some(100)),
            ("cento e oitenta e três", Some(183)),
            ("trezentos e sessenta e cinco", Some(365)),
            ("mil", Some(1000)),
            ("dois mil", Some(2000)),
            ("dois mil e dezessete", Some(2017)),
            ("", None),
            ("a", None),
            ("a hundred", None),
            ("hundred", None),
            ("thousand", None),
            ("someone", None),
            ("atone", None),
            ("umbrella", None),
            ("trintas", None),
            ("six six", None),
            ("twelve three", None),
            ("eighty hundred", None),
            ("twelve hundred", Some(1200)),
            ("and six", None),
            ("six and", None),
            ("six and and two", None),
            ("twenty e dois", None),
            ("vinte and dois", None),
            ("thousand million", None),
            ("cento cento", None),
            ("zero one", None),
            ("first", None),
        ];
        for &(input, expected) in table {
            assert_eq!(parse_number_words(input), expected, "input {input:?}");
        }
    }
}
