//! English and Portuguese number words: `twelve`, `one hundred and eighty-three`, `cento e oitenta e três`.

use crate::Lang;

/// The grammatical role of a number word, which decides what may follow it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WordKind {
    /// `zero`, only ever alone.
    Zero,
    /// 1 to 9.
    Ones,
    /// 10 to 19.
    Teens,
    /// 20, 30, ... 90.
    Tens,
    /// English `hundred`, which multiplies the ones before it.
    HundredMultiplier,
    /// Portuguese `cem`, `cento`, `duzentos`, ...: whole hundreds, added.
    Hundreds,
    /// `thousand`, `mil`, `million`, `milhões`: multiply everything since the previous one.
    Scale,
}

/// Every number word, with its value, kind and language.
/// The find regexes are built from this table, so a word added here is found in text too.
const NUMBER_WORDS: &[(&str, u64, WordKind, Lang)] = {
    #[allow(non_upper_case_globals)]
    const En: Lang = Lang::En;
    #[allow(non_upper_case_globals)]
    const Pt: Lang = Lang::Pt;
    use WordKind::{HundredMultiplier, Hundreds, Ones, Scale, Teens, Tens, Zero};
    &[
        ("zero", 0, Zero, En),
        ("one", 1, Ones, En),
        ("two", 2, Ones, En),
        ("three", 3, Ones, En),
        ("four", 4, Ones, En),
        ("five", 5, Ones, En),
        ("six", 6, Ones, En),
        ("seven", 7, Ones, En),
        ("eight", 8, Ones, En),
        ("nine", 9, Ones, En),
        ("ten", 10, Teens, En),
        ("eleven", 11, Teens, En),
        ("twelve", 12, Teens, En),
        ("thirteen", 13, Teens, En),
        ("fourteen", 14, Teens, En),
        ("fifteen", 15, Teens, En),
        ("sixteen", 16, Teens, En),
        ("seventeen", 17, Teens, En),
        ("eighteen", 18, Teens, En),
        ("nineteen", 19, Teens, En),
        ("twenty", 20, Tens, En),
        ("thirty", 30, Tens, En),
        ("forty", 40, Tens, En),
        ("fourty", 40, Tens, En),
        ("fifty", 50, Tens, En),
        ("sixty", 60, Tens, En),
        ("seventy", 70, Tens, En),
        ("eighty", 80, Tens, En),
        ("ninety", 90, Tens, En),
        ("hundred", 100, HundredMultiplier, En),
        ("thousand", 1000, Scale, En),
        ("million", 1_000_000, Scale, En),
        ("billion", 1_000_000_000, Scale, En),
        ("zero", 0, Zero, Pt),
        ("um", 1, Ones, Pt),
        ("uma", 1, Ones, Pt),
        ("dois", 2, Ones, Pt),
        ("duas", 2, Ones, Pt),
        ("três", 3, Ones, Pt),
        ("tres", 3, Ones, Pt),
        ("quatro", 4, Ones, Pt),
        ("cinco", 5, Ones, Pt),
        ("seis", 6, Ones, Pt),
        ("sete", 7, Ones, Pt),
        ("oito", 8, Ones, Pt),
        ("nove", 9, Ones, Pt),
        ("dez", 10, Teens, Pt),
        ("onze", 11, Teens, Pt),
        ("doze", 12, Teens, Pt),
        ("treze", 13, Teens, Pt),
        ("catorze", 14, Teens, Pt),
        ("quatorze", 14, Teens, Pt),
        ("quinze", 15, Teens, Pt),
        ("dezesseis", 16, Teens, Pt),
        ("dezasseis", 16, Teens, Pt),
        ("dezessete", 17, Teens, Pt),
        ("dezassete", 17, Teens, Pt),
        ("dezoito", 18, Teens, Pt),
        ("dezenove", 19, Teens, Pt),
        ("dezanove", 19, Teens, Pt),
        ("vinte", 20, Tens, Pt),
        ("trinta", 30, Tens, Pt),
        ("quarenta", 40, Tens, Pt),
        ("cinquenta", 50, Tens, Pt),
        ("cinqüenta", 50, Tens, Pt),
        ("sessenta", 60, Tens, Pt),
        ("setenta", 70, Tens, Pt),
        ("oitenta", 80, Tens, Pt),
        ("noventa", 90, Tens, Pt),
        ("cem", 100, Hundreds, Pt),
        ("cento", 100, Hundreds, Pt),
        ("duzentos", 200, Hundreds, Pt),
        ("duzentas", 200, Hundreds, Pt),
        ("trezentos", 300, Hundreds, Pt),
        ("trezentas", 300, Hundreds, Pt),
        ("quatrocentos", 400, Hundreds, Pt),
        ("quatrocentas", 400, Hundreds, Pt),
        ("quinhentos", 500, Hundreds, Pt),
        ("quinhentas", 500, Hundreds, Pt),
        ("seiscentos", 600, Hundreds, Pt),
        ("seiscentas", 600, Hundreds, Pt),
        ("setecentos", 700, Hundreds, Pt),
        ("setecentas", 700, Hundreds, Pt),
        ("oitocentos", 800, Hundreds, Pt),
        ("oitocentas", 800, Hundreds, Pt),
        ("novecentos", 900, Hundreds, Pt),
        ("novecentas", 900, Hundreds, Pt),
        ("mil", 1000, Scale, Pt),
        ("milhão", 1_000_000, Scale, Pt),
        ("milhao", 1_000_000, Scale, Pt),
        ("milhões", 1_000_000, Scale, Pt),
        ("milhoes", 1_000_000, Scale, Pt),
    ]
};

/// The word joining parts of a number: `one hundred and six`, `cento e seis`.
fn connector_for(lang: Lang) -> &'static str {
    match lang {
        Lang::Pt => "e",
        _ => "and",
    }
}

/// Number words of one language, for building a regex alternation.
pub(crate) fn number_words_of(lang: Lang) -> impl Iterator<Item = &'static str> {
    NUMBER_WORDS
        .iter()
        .filter(move |entry| entry.3 == lang)
        .map(|entry| entry.0)
}

/// Value of a phrase of English or Portuguese number words.
///
/// Handles `six`, `twelve`, `thirty`, `one hundred and eighty-three`, `two thousand and
/// seventeen`, `seis`, `doze`, `trinta`, `dois`/`duas`, `três`, `cento e oitenta e três`,
/// `um`/`uma`, `dois mil`, in any letter case.
/// Words of both languages may not be mixed, and the words must be in a sensible order:
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
    [Lang::En, Lang::Pt]
        .into_iter()
        .find_map(|lang| evaluate_tokens(&tokens, lang))
}

/// Adds up `tokens` read as number words of `lang`, checking the order of the words.
fn evaluate_tokens(tokens: &[&str], lang: Lang) -> Option<u64> {
    let connector = connector_for(lang);
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
        let &(_, value, kind, _) = NUMBER_WORDS
            .iter()
            .find(|entry| entry.0 == token && entry.3 == lang)?;
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
                // `hundred` follows a single digit word: `one hundred`, `nine hundred`.
                if last_kind != Some(WordKind::Ones) || group >= 10 {
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
            WordKind::Scale => {
                if value >= last_scale {
                    return None;
                }
                // A bare `mil` is one thousand; English needs a number before `thousand`.
                let multiplier = match (group, lang) {
                    (0, Lang::Pt) if value == 1000 => 1,
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
            ("twelve hundred", None),
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
