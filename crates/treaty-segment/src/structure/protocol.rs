//! Protocol points: numbered paragraphs, `Ad Article 14` points, Roman-numbered points, and
//! their alignment across language versions.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::Script;
use treaty_numbers::{parse_roman, Lang};

use super::lines::floor_char_boundary;
use super::paragraphs::{build_paragraphs, latin_paragraphs};
use super::vocabulary::{captured_number, GRAMMAR};
use crate::japanese_articles::paragraphs::japanese_paragraphs;
use crate::model::{Article, Paragraph, Version};
use crate::topic::{topic_from_content, Topic};

/// Where a protocol heading starts in `range`: a line (or OCR sentence) opening with the
/// word, or, in a script without spaces, the protocol word not used as a noun of a sentence
/// (`この議定書に署名`); where there is none, a line opening with a protocol's preamble.
pub(super) fn protocol_heading(text: &str, range: Range<usize>) -> Option<usize> {
    // The heading pattern gives the regex engine no literal to skip ahead with (it starts at
    // a line start or after a full stop); a heading's line holds its word, so the search
    // starts on the line of the word's first occurrence.
    let haystack = &text[range.clone()];
    // A line of a table of contents (`Protocol ------ of 30 April, 1984`) is no heading.
    let latin = GRAMMAR
        .protocol_heading_word
        .find(haystack)
        .and_then(|word| {
            let line_start = haystack[..word.start()].rfind('\n').map_or(0, |i| i + 1);
            GRAMMAR
                .protocol_heading
                .captures_iter(&haystack[line_start..])
                .filter_map(|c| c.get(1).map(|m| line_start + m.start()))
                .find(|&at| {
                    !crate::text_lines::is_contents_line(haystack, at)
                        && !continues_a_sentence(haystack, at)
                })
        })
        .map(|at| range.start + at);
    let glued = GRAMMAR.protocol_words.iter().filter_map(|protocol| {
        text[range.clone()]
            .match_indices(protocol.word)
            .map(|(at, _)| range.start + at)
            .find(|at| {
                let next = text[at + protocol.word.len()..].chars().next();
                let before = text[..*at].chars().next_back();
                next.is_some_and(|c| !protocol.not_followed_by.contains(c))
                    && before.is_none_or(|c| !protocol.not_preceded_by.contains(c))
            })
    });
    // A protocol whose heading was lost (OCR, or a heading set among the other language's
    // lines) still opens with its preamble on a line of its own.
    let preamble = GRAMMAR
        .protocol_preamble
        .as_ref()
        .and_then(|pattern| pattern.find(&text[range.clone()]))
        .map(|m| range.start + m.start());
    latin.into_iter().chain(glued).chain(preamble).min()
}

/// Whether the protocol word at `at` is a word of a sentence wrapped onto its line
/// ("... under paragraph 1 of the\n Protocol;"): punctuation that continues a sentence follows
/// it.
fn continues_a_sentence(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    let word_end = rest
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(rest.len());
    rest[word_end..].starts_with([';', ',', ')'])
}

/// The article a protocol point concerns (`Ad/Article 14`, `条約第二十四条`), if it names one;
/// the first where it names several; for an amending article, the article it modifies.
fn referenced_article(point: &Article) -> Option<u32> {
    // An amending article names the article it modifies in its instruction; its first
    // paragraph may quote the new text, which cites other articles.
    if let Some(modified) = point.modifies.first() {
        let digits: String = modified.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(number) = digits.parse() {
            return Some(number);
        }
    }
    referenced_articles(&point.paragraphs.first()?.text)
        .first()
        .copied()
}

/// The articles the first article reference in `text` names: one (`Article 14`), or each of a
/// list (`Articles 10, 11 and 12`), in the order written.
fn referenced_articles(text: &str) -> Vec<u32> {
    let Some(captures) = GRAMMAR.article_reference.captures(text) else {
        return Vec::new();
    };
    let Some(first) = captured_number(&captures) else {
        return Vec::new();
    };
    let mut numbers = vec![first];
    let mut rest = &text[captures.get(0).map_or(0, |m| m.end())..];
    while let Some(next) = GRAMMAR.article_list_next.captures(rest) {
        let number = next.get(1).and_then(|n| {
            let n = n.as_str();
            n.parse().ok().or_else(|| parse_roman(n))
        });
        if let Some(number) = number {
            if !numbers.contains(&number) {
                numbers.push(number);
            }
        }
        rest = &rest[next.get(0).map_or(rest.len(), |m| m.end())..];
    }
    numbers
}

/// An amending instrument in one language version is one in every version: where a version
/// holds only amending articles that name the articles they modify, another version read with
/// as many articles of its own and no amending ones (OCR damaged its amending instructions,
/// `条約第九条2を次のように改める`) has the same amending articles, in the same order. Its k-th
/// article takes the k-th one's number, `modifies` and topic (where that one has a topic).
pub(super) fn amend_as_other_versions(versions: &mut [Version]) {
    let amending = |version: &Version| {
        version.articles.is_empty()
            && !version.protocol.is_empty()
            && version
                .protocol
                .iter()
                .filter(|p| !p.modifies.is_empty())
                .count()
                * 2
                > version.protocol.len()
    };
    let Some(reference_index) = versions.iter().position(amending) else {
        return;
    };
    let reference: Vec<(String, Vec<String>, Topic)> = versions[reference_index]
        .protocol
        .iter()
        .map(|p| (p.number.clone(), p.modifies.clone(), p.topic))
        .collect();
    for version in versions.iter_mut() {
        if !version.protocol.is_empty() || version.articles.len() != reference.len() {
            continue;
        }
        version.protocol = std::mem::take(&mut version.articles);
        for (article, (number, modifies, topic)) in version.protocol.iter_mut().zip(&reference) {
            article.number.clone_from(number);
            article.modifies.clone_from(modifies);
            // The amended article's topic, known there, is surer than one read from the words
            // of a damaged text (a tax-sparing credit names dividends without being about them).
            if *topic != Topic::Miscellaneous {
                article.topic = *topic;
            }
        }
    }
}

/// OCR misprints protocol point numbers in one column (`5.` for point 4). Where another
/// language version numbers its points 1, 2, 3, ... cleanly, a point is renumbered after the
/// point there that concerns the same article (the k-th point on Article 23 here is the k-th
/// point on Article 23 there), and takes its topic.
pub(super) fn align_protocol_points(versions: &mut [Version]) {
    let clean = |version: &Version| {
        !version.protocol.is_empty()
            && version
                .protocol
                .iter()
                .enumerate()
                .all(|(index, point)| point.number == format!("P{}", index + 1))
    };
    let Some(reference_index) = versions.iter().position(clean) else {
        return;
    };
    let reference: Vec<(Option<u32>, String, Topic)> = versions[reference_index]
        .protocol
        .iter()
        .map(|p| (referenced_article(p), p.number.clone(), p.topic))
        .collect();
    for (index, version) in versions.iter_mut().enumerate() {
        if index == reference_index || clean(version) {
            continue;
        }
        // A point whose number already names a point on the same article keeps it; the others
        // take the first free point on their article.
        let mut used = vec![false; reference.len()];
        let mut unsettled = Vec::new();
        for (point_index, point) in version.protocol.iter().enumerate() {
            let article = referenced_article(point);
            match reference
                .iter()
                .position(|(a, number, _)| *number == point.number && *a == article)
            {
                Some(slot) if !used[slot] => used[slot] = true,
                _ => unsettled.push((point_index, article)),
            }
        }
        for (point_index, article) in unsettled {
            let Some(article) = article else { continue };
            if let Some(slot) =
                (0..reference.len()).find(|&i| !used[i] && reference[i].0 == Some(article))
            {
                used[slot] = true;
                let point = &mut version.protocol[point_index];
                point.number = reference[slot].1.clone();
                point.topic = reference[slot].2;
            }
        }
        version.protocol.sort_by_key(|p| {
            p.number
                .trim_start_matches('P')
                .parse::<u32>()
                .unwrap_or(u32::MAX)
        });
    }
}

/// Line starts numbered `I`, `II`, `III`, ... in sequence (a number may be skipped, as when
/// a point was repealed), with the value of each.
fn roman_numbered_points(text: &str, body: Range<usize>) -> Vec<(usize, u32)> {
    static ROMAN_LINE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?m)^[ \t]*([IVXL]{1,7})(?:\.[ \t]+|[ \t]*$)").unwrap());
    let mut points: Vec<(usize, u32)> = Vec::new();
    for captures in ROMAN_LINE.captures_iter(&text[body.clone()]) {
        let Some(value) = parse_roman(&captures[1]) else {
            continue;
        };
        let expected = points.last().map_or(1, |(_, last)| last + 1);
        if value == expected || (!points.is_empty() && value == expected + 1) {
            points.push((body.start + captures.get(0).unwrap().start(), value));
        }
    }
    points
}

/// Numbered points of a protocol, each given the topic of the article it concerns.
pub(super) fn protocol_points(
    text: &str,
    range: Range<usize>,
    lang: Lang,
    articles: &[Article],
) -> Vec<Article> {
    // The heading is its first word; `議定書` may be run into the text that follows it, and
    // the protocol's preamble may end with point 1's number (`...次の規定を協定した。1`).
    let heading_len = GRAMMAR
        .protocol_words
        .iter()
        .find(|p| text[range.clone()].starts_with(p.word))
        .map_or_else(
            || text[range.clone()].find(char::is_whitespace).unwrap_or(0),
            |p| p.word.len(),
        );
    let body = range.start + heading_len..range.end;
    let closing = GRAMMAR
        .closing
        .find(&text[body.clone()])
        .map_or(body.end, |m| body.start + m.start());
    let body = body.start..closing;
    // Points written `4. Ad/Artigo 14` (`Ad Article`) are told by that form, in whatever order
    // OCR left their numbers; other protocols are numbered paragraphs in sequence.
    // A point whose number OCR lost takes the number after the previous point's.
    let mut ad_points: Vec<(usize, u32)> = Vec::new();
    for captures in GRAMMAR.ad_point.captures_iter(&text[body.clone()]) {
        let previous = ad_points.last().map_or(0, |(_, n)| *n);
        let number = captures
            .get(1)
            .and_then(|n| n.as_str().parse().ok())
            .unwrap_or(previous + 1);
        ad_points.push((
            body.start + captures.get(0).map_or(0, |m| m.start()),
            number,
        ));
    }
    // Points numbered with Roman numerals at line starts (`XIII. Ad Article 10 ...`, or `I`
    // alone on its line above a heading), in sequence, whatever their text.
    let roman_points = roman_numbered_points(text, body.clone());
    let first_roman = roman_points.first().map(|(at, _)| *at);
    let paragraphs = match lang.profile().script {
        Script::Japanese => japanese_paragraphs(text, body.clone()),
        _ if roman_points.len() >= 3 => build_paragraphs(text, body.clone(), &roman_points, lang),
        _ if ad_points.len() >= 2 => build_paragraphs(text, body.clone(), &ad_points, lang),
        _ => latin_paragraphs(text, body.clone(), lang, false),
    };
    let first_point = if roman_points.len() >= 3 {
        first_roman
    } else {
        ad_points.first().map(|(at, _)| *at)
    };
    paragraphs
        .into_iter()
        .filter(|p| !p.unnumbered)
        // Text before the first `Ad` point is the protocol's preamble, not a point.
        .filter(|p| first_point.is_none_or(|first| p.span.end > first))
        .map(|point| {
            let point_text = &text[point.span.clone()];
            let referenced = referenced_articles(point_text);
            let topic = referenced
                .first()
                .and_then(|n| {
                    articles
                        .iter()
                        .find(|a| a.number == n.to_string())
                        .map(|a| a.topic)
                })
                .or_else(|| topic_from_content(point_text))
                .unwrap_or(Topic::Miscellaneous);
            let inner = match lang.profile().script {
                Script::Japanese => Vec::new(),
                _ => point_paragraphs(text, point.span.clone(), lang),
            };
            Article {
                modifies: referenced.iter().map(u32::to_string).collect(),
                number: format!("P{}", point.number),
                printed: point.number.clone(),
                title: String::new(),
                topic,
                inferred: false,
                span: point.span.clone(),
                paragraphs: if inner.len() >= 2 {
                    inner
                } else {
                    vec![Paragraph {
                        number: "1".to_string(),
                        unnumbered: true,
                        ..point
                    }]
                },
            }
        })
        .collect()
}

/// How far into a point's body its paragraph 1 may start.
const POINT_LEAD: usize = 400;

/// Paragraph 1 at a line start.
static FIRST_PARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^[ \t]*1(?:\.|[ \t]?[-–—])[ \t]+\p{Lu}").unwrap());

/// The numbered paragraphs of a protocol point, read after its heading line ("IX. En
/// relación con el artículo 26.\n...directrices:\n1. La autoridad ...\n2. Se aclara ..."),
/// the text before the first kept with it; empty when the point numbers no paragraphs.
fn point_paragraphs(text: &str, span: Range<usize>, lang: Lang) -> Vec<Paragraph> {
    let Some(line_end) = text[span.clone()].find('\n') else {
        return Vec::new();
    };
    let body = span.start + line_end + 1..span.end;
    // The lead before paragraph 1 is a sentence at most: numbers further on belong to
    // something the point runs into (a memorandum printed after the protocol).
    let lead_end = floor_char_boundary(text, (body.start + POINT_LEAD).min(body.end));
    if !FIRST_PARAGRAPH.is_match(&text[body.start..lead_end]) {
        return Vec::new();
    }
    let paragraphs = latin_paragraphs(text, body, lang, false);
    if paragraphs.iter().any(|p| p.unnumbered) {
        return Vec::new();
    }
    paragraphs
}

#[cfg(test)]
mod tests {
    use treaty_numbers::Lang;

    use super::amend_as_other_versions;
    use crate::model::{Article, Version};
    use crate::topic::Topic;

    fn article(number: &str, topic: Topic, modifies: &[&str]) -> Article {
        Article {
            number: number.to_string(),
            printed: String::new(),
            title: String::new(),
            topic,
            inferred: false,
            span: 0..0,
            paragraphs: Vec::new(),
            modifies: modifies.iter().map(|m| m.to_string()).collect(),
        }
    }

    fn version(lang: Lang, articles: Vec<Article>, protocol: Vec<Article>) -> Version {
        Version {
            lang,
            span: 0..0,
            articles,
            protocol,
            mli: Vec::new(),
        }
    }

    #[test]
    fn a_version_read_without_its_amending_instructions_amends_what_the_other_amends() {
        let amending = version(
            Lang::En,
            Vec::new(),
            vec![
                article("P1", Topic::Dividends, &["10"]),
                article("P2", Topic::Miscellaneous, &["11"]),
                article("P3", Topic::EntryIntoForce, &[]),
            ],
        );
        let damaged = version(
            Lang::Ja,
            vec![
                article("1", Topic::Dividends, &[]),
                article("2", Topic::Interest, &[]),
                article("3", Topic::Miscellaneous, &[]),
            ],
            Vec::new(),
        );
        let mut versions = [amending, damaged];
        amend_as_other_versions(&mut versions);
        let ja = &versions[1];
        assert!(ja.articles.is_empty());
        let got: Vec<(&str, Topic, Vec<String>)> = ja
            .protocol
            .iter()
            .map(|a| (a.number.as_str(), a.topic, a.modifies.clone()))
            .collect();
        assert_eq!(
            got,
            [
                ("P1", Topic::Dividends, vec!["10".to_string()]),
                // Its own topic where the other version's has none.
                ("P2", Topic::Interest, vec!["11".to_string()]),
                ("P3", Topic::EntryIntoForce, Vec::new()),
            ]
        );
    }

    #[test]
    fn a_version_of_another_shape_is_left_as_read() {
        let amending = version(
            Lang::En,
            Vec::new(),
            vec![article("P1", Topic::Dividends, &["10"])],
        );
        let convention = version(
            Lang::Ja,
            vec![
                article("1", Topic::PersonsCovered, &[]),
                article("2", Topic::TaxesCovered, &[]),
            ],
            Vec::new(),
        );
        let mut versions = [amending, convention];
        amend_as_other_versions(&mut versions);
        assert_eq!(versions[1].articles.len(), 2);
        assert!(versions[1].protocol.is_empty());
    }
}
