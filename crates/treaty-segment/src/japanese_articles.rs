//! Articles and paragraphs of Japanese treaty text.
//!
//! Japanese treaties come in three layouts, and one reader serves all of them:
//! - headings on lines of their own (`第十条`, `第十条 配当`), paragraphs numbered at line
//!   starts (`1 一方の締約国の...`, full-width digits folded by normalize);
//! - PDF text with the heading, title and paragraph 1 run together (`第十条配当1一方の...`)
//!   and paragraph numbers glued to text that may itself start with a digit;
//! - vertical text reflowed by normalize, where `(1)` and `(a)` markers stand after the first
//!   column of the text they label.
//!
//! Consolidated texts (統合条文) print boxed provisions of the multilateral instrument (MLI)
//! between a treaty's articles; [`crate::mli`] finds them, and they are kept out of the
//! articles here.
//!
//! This module finds the headings and assembles the articles; [`titles`] reads a title run
//! together with the text, [`paragraphs`] the paragraphs, and [`grammar`] holds the words of
//! the language's profile that all of them read.

use std::ops::Range;

use treaty_numbers::parse_kanji_number;

use crate::mli::{self, MliBox};
use crate::model::{Article, Config};
use crate::structure::paragraphs::trim_end_offset;
use crate::topic::{topic_from_content, topic_from_title, Topic};

mod damaged;
pub(crate) mod grammar;
mod heading;
pub(crate) mod paragraphs;
mod titles;

use grammar::Grammar;
use heading::{heading_follows, is_digit_by_digit_kanji, Heading, MAX_STEP};
use paragraphs::paragraphs_of_pieces;
use titles::glued_title;

/// The suffix of an inserted article as written in the normalized number (`A`, `bis`).
fn suffix_of(printed: Option<&str>) -> Option<String> {
    let printed = printed?;
    if printed.len() == 1 && printed.bytes().all(|b| b.is_ascii_uppercase()) {
        return Some(printed.to_string());
    }
    // The datasets spell an inserted article's number with a Latin ordinal (`10bis`), whatever
    // the language: `の二` is the second article of that number.
    // tidy: not language (the dataset's spelling of article numbers)
    let latin = ["", "", "bis", "ter", "quater", "quinquies", "sexies"];
    parse_kanji_number(printed)
        .and_then(|n| latin.get(n as usize).copied())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// Treaty article headings in `range`, in sequence, outside MLI boxes; headings whose number
/// OCR damaged take theirs from the sequence ([`damaged`]).
fn headings(g: &Grammar, text: &str, range: Range<usize>, boxes: &[MliBox]) -> Vec<Heading> {
    let damaged = damaged::candidates(g, text, range.clone(), boxes);
    let mut headings: Vec<Heading> = Vec::new();
    for captures in g.heading.captures_iter(&text[range.clone()]) {
        let whole = captures.get(0).unwrap();
        let start = range.start + whole.start();
        if boxes.iter().any(|b| b.excludes_heading(start)) {
            continue;
        }
        // `第二条 対象となる租税 ……… 一三六三`: a table of contents lists the headings.
        if crate::text_lines::is_contents_line(text, start) {
            continue;
        }
        let Some(number) = parse_kanji_number(&captures[1]) else {
            continue;
        };
        // Kanji article numbers are written with units (`二十二`); digit by digit (`二二`),
        // one is OCR that lost a unit, and [`damaged`] reads it.
        if is_digit_by_digit_kanji(&captures[1]) {
            continue;
        }
        let treaty_next = headings.last().map_or(1, |h| u64::from(h.number) + 1);
        let last_start = headings.last().map_or(range.start, |h| h.start);
        if mli::is_part_heading(
            g,
            text,
            boxes,
            start,
            number,
            treaty_next,
            range.end,
            last_start,
        ) {
            continue;
        }
        let suffix = suffix_of(captures.get(2).map(|m| m.as_str()));
        if captures.get(2).is_some() && suffix.is_none() {
            continue;
        }
        let after = range.start + whole.end();
        if !heading_follows(g, text, after) {
            continue;
        }
        let acceptable = match headings.last() {
            None => true,
            Some(previous) => {
                let previous_number = u64::from(previous.number);
                // Each damaged heading between two found ones may stand for one more number.
                let damaged_between = damaged
                    .iter()
                    .filter(|d| d.start > previous.start && d.start < start)
                    .count() as u64;
                // A step that long only counts from a heading that starts its line.
                let reach = if at_line_start(text, start) {
                    MAX_STEP + damaged_between
                } else {
                    MAX_STEP
                };
                (number > previous_number && number <= previous_number + reach && suffix.is_none())
                    || (number == previous_number && suffix.is_some() && suffix != previous.suffix)
                    || (suffix.is_some() && number == previous_number + 1)
            }
        };
        if !acceptable {
            continue;
        }
        headings.push(Heading {
            start,
            after,
            number: number as u32,
            suffix,
            printed: whole.as_str().to_string(),
            inferred: false,
        });
    }
    damaged::place(g, damaged, &mut headings);
    headings
}

/// Whether `at` starts a line of `text`.
fn at_line_start(text: &str, at: usize) -> bool {
    at == 0 || text[..at].ends_with('\n')
}

/// The articles of a Japanese version and the MLI provisions printed among them.
pub(crate) fn japanese_articles(
    text: &str,
    range: Range<usize>,
    config: &Config<'_>,
) -> (Vec<Article>, Vec<Article>) {
    let g = Grammar::kanji();
    let tokenizer = config.tokenizers.and_then(|source| source.japanese().ok());
    let mut boxes = mli::boxes(g, text, range.clone());
    let headings = headings(g, text, range.clone(), &boxes);
    let heading_starts: Vec<usize> = headings.iter().map(|h| h.start).collect();
    mli::close_boxes(g, text, &mut boxes, &heading_starts, range.end);
    let mut articles = Vec::new();
    for (index, heading) in headings.iter().enumerate() {
        let end = headings.get(index + 1).map_or(range.end, |next| next.start);
        let (title, body_start) = if at_line_start(text, heading.start) {
            // A heading on its own line: the rest of the line, if short, is the title.
            let line_end = text[heading.after..end]
                .find('\n')
                .map_or(end, |i| heading.after + i);
            let rest = text[heading.after..line_end].trim();
            let next_line_end = text[(line_end + 1).min(end)..end]
                .find('\n')
                .map_or(end, |i| line_end + 1 + i);
            let next_line = text[(line_end + 1).min(end)..next_line_end].trim();
            let title_line = rest.is_empty()
                && (1..=20).contains(&next_line.chars().count())
                && !next_line.contains([g.comma, g.full_stop, ','])
                && next_line
                    .chars()
                    .next()
                    .is_some_and(|c| !c.is_ascii() && c != g.ordinal_mark);
            if title_line {
                // The title on the line after a bare heading (`第十条` / `配当` / `1`).
                (next_line.to_string(), (next_line_end + 1).min(end))
            } else if rest.chars().count() <= 30 && !rest.contains(g.full_stop) {
                (rest.to_string(), (line_end + 1).min(end))
            } else {
                glued_title(g, text, heading.after..end, tokenizer)
            }
        } else {
            glued_title(g, text, heading.after..end, tokenizer)
        };
        let pieces = mli::outside_boxes(body_start..end, &boxes);
        let paragraphs = paragraphs_of_pieces(g, text, &pieces);
        let content: String = pieces.iter().map(|r| &text[r.clone()]).collect();
        let topic = topic_from_title(&title)
            .or_else(|| topic_from_content(&content))
            .unwrap_or(Topic::Miscellaneous);
        let number = format!(
            "{}{}",
            heading.number,
            heading.suffix.as_deref().unwrap_or("")
        );
        articles.push(Article {
            number,
            printed: heading.printed.clone(),
            title,
            topic,
            inferred: heading.inferred,
            span: heading.start..trim_end_offset(text, heading.start..end),
            paragraphs,
            modifies: Vec::new(),
        });
    }
    let provisions = boxes
        .iter()
        .map(|b| b.to_article(g, text, &articles))
        .collect();
    (articles, provisions)
}

#[cfg(test)]
mod tests {
    use crate::{segment, Config};

    #[test]
    fn headings_with_arabic_numbers_and_line_start_paragraphs() {
        let text = "次のとおり協定した。\n第1条 対象となる者\nこの条約は、一方又は双方の締約国の居住者である者に適用する。\n第2条 対象となる租税\n1 この条約は、次の租税について適用する。\n2 この条約は、1に掲げる租税に加えて課される租税についても、適用する。\n第3条\n1 この条約の適用上、文脈により別に解釈すべき場合を除くほか、次の定義に従う。\n";
        let (doc, _) = segment(text, &Config::default());
        let articles = &doc.treaties[0].versions[0].articles;
        let got: Vec<(&str, &str, usize)> = articles
            .iter()
            .map(|a| (a.number.as_str(), a.topic.as_str(), a.paragraphs.len()))
            .collect();
        assert_eq!(
            got,
            [
                ("1", "persons_covered", 1),
                ("2", "taxes_covered", 2),
                ("3", "general_definitions", 1)
            ]
        );
    }

    #[test]
    fn mli_boxes_are_not_articles_and_name_the_article_they_modify() {
        let text = "次のとおり協定した。\n第九条\n1 一方の締約国の企業が他方の締約国の企業の経営、支配又は資本に直接又は間接に参加している場合。\n(注)次のBEPS防止措置実施条約第十七条1の規定は、協定第九条2の規定に代わる。\n第十七条 対応的調整\n1 一方の締約国が、他方の締約国において租税を課された利得を算入して租税を課する場合には、適当な調整を行う。\n第十条\n1 一方の締約国の居住者である法人が他方の締約国の居住者に支払う配当に対しては、当該他方の締約国において租税を課することができる。\n2 その租税の額は、当該配当の額の十パーセントを超えないものとする。\n";
        let (doc, _) = segment(text, &Config::default());
        let version = &doc.treaties[0].versions[0];
        let numbers: Vec<&str> = version.articles.iter().map(|a| a.number.as_str()).collect();
        assert_eq!(numbers, ["9", "10"]);
        assert_eq!(version.articles[1].topic.as_str(), "dividends");
        assert_eq!(version.mli.len(), 1);
        assert_eq!(version.mli[0].number, "MLI17");
        assert_eq!(version.mli[0].modifies, ["9"]);
        assert_eq!(version.mli[0].topic.as_str(), "associated_enterprises");
        // The box's paragraph is not the treaty article's.
        assert_eq!(version.articles[0].paragraphs.len(), 1);
    }
}
