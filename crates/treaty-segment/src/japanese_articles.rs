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

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::parse_kanji_number;

use crate::mli::{self, MliBox};
use crate::structure::{build_paragraphs, paragraph, trim_end_offset};
use crate::topic::{title_phrases, topic_from_content, topic_from_title, Topic};
use crate::{Article, Config, Paragraph};

pub(crate) mod grammar;

use grammar::Grammar;

/// The suffix of an inserted article as written in the normalized number (`A`, `bis`).
fn suffix_of(printed: Option<&str>) -> Option<String> {
    let printed = printed?;
    if printed.len() == 1 && printed.bytes().all(|b| b.is_ascii_uppercase()) {
        return Some(printed.to_string());
    }
    let latin = ["", "", "bis", "ter", "quater", "quinquies", "sexies"];
    parse_kanji_number(printed)
        .and_then(|n| latin.get(n as usize).copied())
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

struct Heading {
    start: usize,
    after: usize,
    number: u32,
    suffix: Option<String>,
    printed: String,
}

/// Treaty article headings in `range`, in sequence, outside MLI boxes.
fn headings(g: &Grammar, text: &str, range: Range<usize>, boxes: &[MliBox]) -> Vec<Heading> {
    let mut headings: Vec<Heading> = Vec::new();
    for captures in g.heading.captures_iter(&text[range.clone()]) {
        let whole = captures.get(0).unwrap();
        let start = range.start + whole.start();
        if boxes.iter().any(|b| b.excludes_heading(start)) {
            continue;
        }
        let Some(number) = parse_kanji_number(&captures[1]) else {
            continue;
        };
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
        // Spaces may stand between a heading and its title; a line end makes it a heading.
        let rest = text[after..].trim_start_matches([' ', '\t']);
        let next = rest.chars().next();
        let at_line_end = next.is_none_or(|c| c == '\n');
        // `第二十一条7` refers to paragraph 7 of Article 21, but in text without titles
        // paragraph 1 follows its heading directly (`第二条1この条約は`).
        let paragraph_one = rest.starts_with('1')
            && rest[1..].chars().next().is_some_and(|c| {
                !c.is_ascii()
                    && !g.reference_followers.contains(&c)
                    && !g.is_article_or_paragraph_mark(c)
            });
        // `第十七条もつぱら教育...`: the heading of an article opening with `もつぱら`, not a
        // reference followed by `も`.
        let opens_text = g.body_starts.iter().any(|w| rest.starts_with(w));
        if !at_line_end
            && !paragraph_one
            && !opens_text
            && next.is_none_or(|c| c.is_ascii_digit() || g.reference_followers.contains(&c))
        {
            continue;
        }
        let acceptable = match headings.last() {
            None => true,
            Some(previous) => {
                let previous_number = u64::from(previous.number);
                (number > previous_number && number <= previous_number + 2 && suffix.is_none())
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
        });
    }
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
            inferred: false,
            span: heading.start..trim_end_offset(text, heading.start..end),
            paragraphs,
            modifies: String::new(),
        });
    }
    let provisions = boxes
        .iter()
        .map(|b| b.to_article(g, text, &articles))
        .collect();
    (articles, provisions)
}

/// The title run together with the text after a heading, and where the text starts. A title
/// is a short noun phrase: a candidate with a comma or a full stop is the text itself, and
/// one that starts with a digit is paragraph 1's number (`第十一条1一方の...`).
fn glued_title(
    g: &Grammar,
    text: &str,
    rest: Range<usize>,
    tokenizer: Option<&crate::JapaneseTokenizer>,
) -> (String, usize) {
    let title_len = japanese_title_len(g, &text[rest.clone()], tokenizer);
    let title = text[rest.start..rest.start + title_len].trim();
    // A title is a noun phrase; one ending in a particle (`ブラジルの居住者が`) is the
    // provision's first words, one starting with a digit paragraph 1's number.
    let ends_in_particle = title.ends_with(g.particles);
    if title.contains([g.comma, g.full_stop, ','])
        || title.chars().count() > 20
        || title.starts_with(|c: char| c == g.ordinal_mark || c.is_ascii_digit())
        || ends_in_particle
    {
        return (String::new(), rest.start);
    }
    (title.to_string(), rest.start + title_len)
}

/// Paragraphs of an article whose body is cut by MLI boxes: each piece is read on from the
/// numbers before it, and a piece that starts without a number continues the paragraph
/// before the box.
fn paragraphs_of_pieces(g: &Grammar, text: &str, pieces: &[Range<usize>]) -> Vec<Paragraph> {
    let mut result: Vec<Paragraph> = Vec::new();
    for piece in pieces {
        if text[piece.clone()].trim().is_empty() {
            continue;
        }
        let next_number = result
            .iter()
            .filter_map(|p| p.number.parse::<u32>().ok())
            .max()
            .map_or(1, |n| n + 1);
        let mut found = paragraphs_from(g, text, piece.clone(), next_number);
        if !result.is_empty() {
            if let Some(first) = found.first_mut() {
                if first.unnumbered {
                    // Continues the paragraph the box interrupted.
                    first.number = (next_number - 1).to_string();
                }
            }
        }
        result.extend(found);
    }
    result
}

/// Paragraphs of `body`, numbered from 1.
pub(crate) fn japanese_paragraphs(text: &str, body: Range<usize>) -> Vec<Paragraph> {
    paragraphs_from(Grammar::kanji(), text, body, 1)
}

/// Paragraphs of `body`, numbered from `first`.
pub(crate) fn paragraphs_from(
    g: &Grammar,
    text: &str,
    body: Range<usize>,
    first: u32,
) -> Vec<Paragraph> {
    let line_starts = line_start_paragraphs(g, text, body.clone(), first);
    // One number at a line start is not yet a layout: glued text may start a line too.
    let starts = if line_starts.len() >= 2 || (first > 1 && !line_starts.is_empty()) {
        line_starts
    } else if first == 1 {
        let bracketed = bracketed_paragraphs(g, text, body.clone());
        if bracketed.len() >= 2 {
            bracketed
        } else {
            glued_paragraphs(g, text, body.clone())
        }
    } else {
        Vec::new()
    };
    let mut paragraphs = build_paragraphs(text, body.clone(), &starts, g.lang);
    if starts
        .first()
        .is_some_and(|(at, _)| text[body.start..*at].trim().chars().count() > 0 && first > 1)
    {
        // Text before the first number in a later piece continues the interrupted paragraph.
        let lead_end = starts[0].0;
        let lead_start =
            body.start + (text[body.clone()].len() - text[body.clone()].trim_start().len());
        if let Some(first_paragraph) = paragraphs.first_mut() {
            // Rebuilt, so that its subparagraphs are found in its shortened text.
            let number = first_paragraph.number.clone();
            let span = starts[0].0..first_paragraph.span.end;
            *first_paragraph = paragraph(text, span, &number, first_paragraph.unnumbered, g.lang);
        }
        paragraphs.insert(
            0,
            paragraph(
                text,
                lead_start..trim_end_offset(text, lead_start..lead_end),
                &(first - 1).to_string(),
                true,
                g.lang,
            ),
        );
    }
    paragraphs
}

/// Paragraph numbers at line starts (`2 1の配当に対しては`): the expected next number (or the
/// one after it, when a number was lost), followed by a space or a Japanese character that
/// does not make it a reference.
fn line_start_paragraphs(
    g: &Grammar,
    text: &str,
    body: Range<usize>,
    first: u32,
) -> Vec<(usize, u32)> {
    let mut starts = Vec::new();
    let mut expected = first;
    let mut line_start = body.start;
    while line_start < body.end {
        let line_end = text[line_start..body.end]
            .find('\n')
            .map_or(body.end, |i| line_start + i);
        let line = &text[line_start..line_end];
        // `...次の規定を協定した。1` / `条約第四条1の規定に関し...`: the number of the next
        // paragraph printed at the end of the line before its text.
        let trailing = line.bytes().rev().take_while(u8::is_ascii_digit).count();
        if trailing > 0
            && trailing <= 2
            && trailing < line.len()
            && line[..line.len() - trailing].ends_with(g.full_stop)
            && line[line.len() - trailing..].parse() == Ok(expected)
            && line_end < body.end
        {
            starts.push((line_end - trailing, expected));
            expected += 1;
        }
        let real_line_start = line_start == 0 || text[..line_start].ends_with('\n');
        let digits = line.bytes().take_while(u8::is_ascii_digit).count();
        if real_line_start && digits > 0 && digits <= 2 {
            let number: u32 = line[..digits].parse().unwrap_or(0);
            let next = line[digits..].chars().next();
            // The number alone on its line (the text starts on the next) or before the text.
            let is_marker = next.is_none_or(|c| {
                c == ' '
                    || (!c.is_ascii()
                        && !g.reference_followers.contains(&c)
                        && !g.is_article_or_paragraph_mark(c))
            }) || opens_with_item(g, &line[digits..]);
            if is_marker && (number == expected || (number == expected + 1 && !starts.is_empty())) {
                starts.push((line_start, number));
                expected = number + 1;
            }
        }
        line_start = line_end + 1;
    }
    starts
}

/// A paragraph whose first words are its subparagraph (a)'s (`5(a) 一方の...`), unlike a
/// reference (`5(a)の規定`), which a particle follows.
pub(crate) fn opens_with_item(g: &Grammar, rest: &str) -> bool {
    let Some(inner) = rest.strip_prefix('(') else {
        return false;
    };
    let label = inner.bytes().take_while(u8::is_ascii_lowercase).count();
    if label == 0 || label > 4 || !inner[label..].starts_with(')') {
        return false;
    }
    inner[label + 1..]
        .chars()
        .next()
        .is_some_and(|c| c == ' ' || (!c.is_ascii() && !g.reference_followers.contains(&c)))
}

/// `(1)`, `(2)` paragraph markers of old treaties. In vertical text they stand after the
/// first column of their paragraph, so a paragraph starts after the sentence end or marker
/// before its marker.
fn bracketed_paragraphs(g: &Grammar, text: &str, body: Range<usize>) -> Vec<(usize, u32)> {
    static MARKER: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\((\d{1,2})\)").unwrap());
    static ITEM: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\((?:[a-z]{1,2}|[ivx]{1,6})\)").unwrap());
    let local = &text[body.clone()];
    let mut starts: Vec<(usize, u32)> = Vec::new();
    let mut expected = 1;
    let mut previous_marker_end = 0;
    for captures in MARKER.captures_iter(local) {
        let whole = captures.get(0).unwrap();
        let number: u32 = captures[1].parse().unwrap_or(0);
        // `(6)(7)`: a marker right after the previous paragraph's is a reference displaced
        // with it (`(7)の規定`); the next paragraph's marker follows its own first line.
        let right_after_paragraph = expected > 1
            && previous_marker_end > 0
            && whole.start() == previous_marker_end
            && starts.last().is_some();
        if number != expected || right_after_paragraph {
            previous_marker_end = whole.end();
            continue;
        }
        let stands_first = whole.start() == 0 || local[..whole.start()].ends_with('\n');
        let start = if stands_first {
            whole.start()
        } else {
            let stop = g.full_stop.len_utf8();
            let sentence = local[..whole.start()]
                .rfind(g.full_stop)
                .map_or(0, |i| i + stop);
            // A sentence that ends right before the marker is the paragraph itself.
            let sentence = if sentence == whole.start() {
                local[..sentence - stop]
                    .rfind(g.full_stop)
                    .map_or(0, |i| i + stop)
            } else {
                sentence
            };
            // Items of the paragraph before, whose `(a)` markers also stand after their
            // text, end before it: `...もの(h)「恒久的施設」については、...(3)`.
            let last_item = ITEM
                .find_iter(&local[..whole.start()])
                .filter(|m| m.end() < whole.start())
                .last()
                .map_or(0, |m| m.end());
            sentence
                .max(previous_marker_end)
                .max(last_item)
                .min(whole.start())
        };
        let start = if expected == 1 { 0 } else { start };
        if starts
            .last()
            .is_some_and(|(at, _)| body.start + start <= *at)
        {
            previous_marker_end = whole.end();
            continue;
        }
        starts.push((body.start + start, number));
        expected += 1;
        previous_marker_end = whole.end();
    }
    starts
}

/// Paragraph numbers glued to the text (`第十条配当1一方の...`, `41及び3の規定` is paragraph 4
/// starting `1及び3`): the expected next number is searched for, not the first digit run.
fn glued_paragraphs(g: &Grammar, text: &str, body: Range<usize>) -> Vec<(usize, u32)> {
    // Numbers in Japanese treaty prose are written in kanji; ASCII digits are paragraph
    // numbers, references to paragraphs (`この2の規定`, `1及び3`) or page furniture (removed
    // by normalize). A reference is told by the character before or after it.
    let mut starts: Vec<(usize, u32)> = Vec::new();
    let mut expected = 1u32;
    let mut cursor = body.start;
    while cursor < body.end {
        let wanted = expected.to_string();
        let Some(found) = text[cursor..body.end].find(&wanted) else {
            break;
        };
        let at = cursor + found;
        cursor = at + wanted.len();
        let before = text[..at].chars().next_back();
        // A footnote's reference digit run into the number after a sentence end
        // (`とみなす。13条約第六条` is footnote 1, then point 3): a smaller number before it.
        let footnote_mark = {
            let head = text[..at].trim_end_matches(|c: char| c.is_ascii_digit());
            let mark = &text[head.len()..at];
            !mark.is_empty()
                && head.ends_with(g.full_stop)
                && mark.parse::<u32>().is_ok_and(|mark| mark < expected)
        };
        if before.is_some_and(|c| c.is_ascii_digit() || g.reference_before.contains(&c))
            && at != body.start
            && !footnote_mark
        {
            continue;
        }
        let rest = &text[at + wanted.len()..];
        let next = rest.chars().next();
        // `1条` is article 1, but `1条約第...` is a point opening with `条約` (the treaty).
        let article_reference = rest.starts_with(g.article_mark)
            && !g.article_mark_words.iter().any(|w| rest.starts_with(w));
        if article_reference
            || next.is_some_and(|c| {
                (g.reference_followers.contains(&c) && c != ' ' && c != '(')
                    || c == '.'
                    || c == '%'
                    || c == g.paragraph_mark
            })
        {
            continue;
        }
        starts.push((at, expected));
        expected += 1;
    }
    if starts
        .first()
        .is_some_and(|(at, number)| *at != body.start && *number == 1)
    {
        // Text before paragraph 1 belongs to it.
        starts[0].0 = body.start;
    }
    starts
}
/// Length of the title at the start of a Japanese article (`配当1一方の...` -> `配当`).
fn japanese_title_len(
    g: &Grammar,
    rest: &str,
    tokenizer: Option<&crate::JapaneseTokenizer>,
) -> usize {
    let window: usize = rest.char_indices().nth(40).map_or(rest.len(), |(i, _)| i);
    // No title at all: paragraph 1 (`第十条1一方の...`) or the provision's first words
    // (`第十五条一方の締約国の...`) follow the heading directly, as in texts that print
    // titles beside the articles (vertical text) or not at all.
    let paragraph_one = rest.starts_with('1')
        && rest[1..]
            .chars()
            .next()
            .is_some_and(|c| !c.is_ascii() && !g.reference_followers.contains(&c));
    if paragraph_one || g.body_starts.iter().any(|w| rest.starts_with(w)) {
        return 0;
    }
    // Paragraph 1 ends the title when the article has numbered paragraphs.
    if let Some(at) = rest[..window].find(|c: char| c == '1' || c.is_whitespace()) {
        if at > 0
            && rest[..at].chars().count() <= 25
            && !rest[..at].contains(|c: char| c.is_ascii_digit())
        {
            return at;
        }
    }
    // A single-paragraph article: the title is a known title phrase (joined by 及び), or
    // ends where the words a provision starts with begin, on a token boundary when the
    // tokenizer is there to tell where tokens end.
    let known = known_title_prefix(g, &rest[..window]);
    if known > 0 {
        return known;
    }
    let boundaries: Vec<usize> = match tokenizer {
        Some(tokenizer) => tokenizer
            .tokenize(&rest[..window])
            .into_iter()
            .map(|t| t.span.start)
            .collect(),
        None => rest[..window].char_indices().map(|(i, _)| i).collect(),
    };
    for boundary in boundaries.into_iter().filter(|b| *b > 0) {
        if g.body_starts
            .iter()
            .any(|w| rest[boundary..].starts_with(w))
        {
            return boundary;
        }
    }
    0
}

/// Length of the longest run of known Japanese title phrases at the start of `text`
/// (`外交使節団及び領事機関`), 0 when none.
fn known_title_prefix(g: &Grammar, text: &str) -> usize {
    let mut end = 0;
    loop {
        let rest = &text[end..];
        let Some(phrase) = title_phrases(g.lang)
            .filter(|p| rest.starts_with(p))
            .max_by_key(|p| p.len())
        else {
            break;
        };
        end += phrase.len();
        let rest = &text[end..];
        match g
            .title_joiners
            .iter()
            .find(|joiner| rest.starts_with(**joiner))
        {
            Some(joiner) if title_phrases(g.lang).any(|p| rest[joiner.len()..].starts_with(p)) =>
            {
                end += joiner.len()
            }
            _ => break,
        }
    }
    end
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
        assert_eq!(version.mli[0].modifies, "9");
        assert_eq!(version.mli[0].topic.as_str(), "associated_enterprises");
        // The box's paragraph is not the treaty article's.
        assert_eq!(version.articles[0].paragraphs.len(), 1);
    }
}
