//! Where and when an instrument was signed: its closing formula (`Done at Ottawa, this 26th
//! day of September 1980`, `Feito em Lisboa, em 12 de julho de 2016`, `2008年1月31日に東京で`),
//! or a statement that it was signed (`signed at Washington on November 6, 2003`).

use std::ops::Range;

use treaty_lang::Lang;

use crate::dates::{find_dates, FoundDate};
use crate::words::GRAMMAR;

/// How far after a closing formula's opening its date may stand.
const DATE_REACH: usize = 400;

/// An instrument's signature.
#[derive(Debug, Clone, PartialEq)]
pub struct Signature {
    /// The date, where the formula gives one.
    pub date: Option<FoundDate>,
    /// The place as printed.
    pub place: Option<Range<usize>>,
    /// The formula, from its opening through its date.
    pub range: Range<usize>,
}

/// The first closing formula in `region`.
pub(crate) fn find(text: &str, lang: Lang, region: Range<usize>) -> Option<Signature> {
    let slice = text.get(region.clone())?;
    let grammar = &GRAMMAR[lang];
    if let Some(after_date) = &grammar.signature_after_date {
        // Kanji script: the date, then `に<place>で`.
        return find_dates(slice, lang).into_iter().find_map(|found| {
            let rest = &slice[found.range.end..];
            let captures = after_date.captures(rest)?;
            let place = captures
                .name("place")
                .map(|p| shift(p.range(), region.start + found.range.end));
            let end = region.start + found.range.end + captures.get(0)?.end();
            Some(Signature {
                range: region.start + found.range.start..end,
                date: Some(shift_date(found, region.start)),
                place,
            })
        });
    }
    let opening = grammar
        .signature
        .iter()
        .filter_map(|regex| regex.captures(slice))
        .min_by_key(|c| c.get(0).map_or(usize::MAX, |m| m.start()))?;
    let whole = opening.get(0)?;
    let place = opening
        .name("place")
        .map(|p| shift(trimmed(slice, p.range()), region.start));
    let reach_end = floor_boundary(slice, (whole.start() + DATE_REACH).min(slice.len()));
    let date = find_dates(&slice[whole.start()..reach_end], lang)
        .into_iter()
        .next()
        .map(|d| shift_date(d, region.start + whole.start()));
    let end = date
        .as_ref()
        .map_or(region.start + whole.end(), |d| d.range.end);
    Some(Signature {
        range: region.start + whole.start()..end,
        date,
        place,
    })
}

/// The first statement in `region` that the instrument was signed, with the date it gives.
pub(crate) fn find_statement(text: &str, lang: Lang, region: Range<usize>) -> Option<Signature> {
    let slice = text.get(region.clone())?;
    let grammar = &GRAMMAR[lang];
    let before = lang.profile().identity.date_before_verb;
    let dates = find_dates(slice, lang);
    for regex in &grammar.signed_statement {
        if before {
            for found in &dates {
                let Some(captures) = regex.captures(&slice[found.range.end..]) else {
                    continue;
                };
                let offset = region.start + found.range.end;
                return Some(Signature {
                    range: region.start + found.range.start..offset + captures.get(0)?.end(),
                    date: Some(shift_date(found.clone(), region.start)),
                    place: captures.name("place").map(|p| shift(p.range(), offset)),
                });
            }
        } else {
            for captures in regex.captures_iter(slice) {
                let whole = captures.get(0)?;
                let Some(found) = dates.iter().find(|d| d.range.start == whole.end()) else {
                    continue;
                };
                return Some(Signature {
                    range: region.start + whole.start()..region.start + found.range.end,
                    date: Some(shift_date(found.clone(), region.start)),
                    place: captures
                        .name("place")
                        .map(|p| shift(trimmed(slice, p.range()), region.start)),
                });
            }
        }
    }
    None
}

fn shift(range: Range<usize>, by: usize) -> Range<usize> {
    range.start + by..range.end + by
}

fn shift_date(found: FoundDate, by: usize) -> FoundDate {
    FoundDate {
        date: found.date,
        range: shift(found.range, by),
    }
}

/// `range` without the whitespace and punctuation at its ends.
fn trimmed(text: &str, range: Range<usize>) -> Range<usize> {
    let piece = &text[range.clone()];
    let start = range.start + (piece.len() - piece.trim_start().len());
    let end = range.start
        + piece
            .trim_end_matches(|c: char| c.is_whitespace() || c == ',')
            .len();
    start..end.max(start)
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signature(text: &str, lang: Lang) -> (String, String) {
        let found = find(text, lang, 0..text.len())
            .or_else(|| find_statement(text, lang, 0..text.len()))
            .expect("a signature");
        (
            found.date.map(|d| d.date.to_string()).unwrap_or_default(),
            found.place.map(|p| text[p].to_string()).unwrap_or_default(),
        )
    }

    #[test]
    fn closing_formulas_in_three_languages() {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            signature("IN WITNESS WHEREOF ... DONE at Washington in duplicate, in the English and French languages, this twenty-sixth day of September, 1980.", Lang::En),
            pair("1980-09-26", "Washington")
        );
        assert_eq!(
            signature(
                "Done in duplicate at The Hague, this 14th day of March 1994, in the",
                Lang::En
            ),
            pair("1994-03-14", "The Hague")
        );
        assert_eq!(
            signature(
                "Feito em Lisboa, em 12 de julho de 2016, em dois originais",
                Lang::Pt
            ),
            pair("2016-07-12", "Lisboa")
        );
        assert_eq!(
            signature("以上の証拠として…署名した。\n2008年1月31日にキャンベラで、英語及び日本語により本書二通を作成した。", Lang::Ja),
            pair("2008-01-31", "キャンベラ")
        );
        // Another instrument's date of signature is no closing.
        let text = "千九百六十八年二月三日に東京で署名された条約は、終了する。";
        assert_eq!(find(text, Lang::Ja, 0..text.len()), None);
    }

    #[test]
    fn statements_that_the_instrument_was_signed() {
        assert_eq!(
            signature(
                "the Convention signed at Washington on November 6, 2003, as amended",
                Lang::En
            )
            .0,
            "2003-11-06"
        );
        assert_eq!(
            signature(
                "2008年1月31日に署名された「所得に対する租税に関する…条約」",
                Lang::Ja
            )
            .0,
            "2008-01-31"
        );
    }
}
