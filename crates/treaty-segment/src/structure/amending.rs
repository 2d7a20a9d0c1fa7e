//! Amending protocols: instruments whose articles amend the articles of another treaty
//! ("Paragraph 2 of Article X (Dividends) of the Convention shall be deleted and replaced by
//! the following: ...").
//!
//! Such an instrument is told by its articles, not by its title: when most of them name an
//! article of the amended treaty and use an amending phrase, its articles become protocol
//! articles `P<n>` that record the treaty article they modify, take that article's topic from
//! the bracketed title of the reference (or, where the reference has none, from the amended
//! convention when the document prints it before the protocol), and number their paragraphs
//! as the amended article does: the paragraph the instruction names, or the numbers of the
//! paragraphs it quotes ("shall be amended by adding the following: “5. Where ...").

use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::Lang;

use treaty_numbers::parse_roman;

use super::lines::captures_in_lines;
use super::paragraphs::build_paragraphs;
use super::vocabulary::GRAMMAR;
use crate::model::{Article, Subparagraph};
use crate::topic::{topic_from_title, Topic};

/// Where the instruction naming the amended article may start in a paragraph, after its
/// number.
const INSTRUCTION_WINDOW: usize = 12;

/// A reference to an article of the amended treaty.
struct AmendedArticle {
    /// The article number in Arabic digits, with its suffix (`10`, `29A`).
    article: String,
    paragraph: Option<String>,
    /// The subparagraph the instruction names ("Subparagraph (a) of paragraph 3").
    subparagraph: Option<String>,
    title: Option<String>,
    /// Where the reference starts in the searched text.
    start: usize,
}

fn first_reference(text: &str) -> Option<AmendedArticle> {
    GRAMMAR
        .amended_article
        .iter()
        .filter_map(|pattern| pattern.captures(text))
        .min_by_key(|c| c.get(0).map_or(usize::MAX, |m| m.start()))
        .and_then(|captures| {
            let printed = captures.name("article")?.as_str();
            let number = printed
                .parse::<u32>()
                .ok()
                .or_else(|| parse_roman(printed))?;
            let suffix = captures.name("suffix").map_or("", |s| s.as_str());
            Some(AmendedArticle {
                article: format!("{number}{suffix}"),
                paragraph: captures.name("paragraph").map(|p| p.as_str().to_string()),
                subparagraph: captures
                    .name("subparagraph")
                    .or(captures.name("sub"))
                    .map(|s| s.as_str().to_string()),
                title: captures.name("called").map(|t| t.as_str().to_string()),
                start: captures.get(0)?.start(),
            })
        })
}

/// `“5.   Where`: a numbered paragraph the instruction quotes, at a line start.
static QUOTED_PARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^[ \t]*[\x22“«][ \t]*(\d{1,2})\.[ \t]+\p{Lu}").unwrap());

/// A numbered paragraph at a line start, quoted or not (`6.   The competent`).
static NUMBERED_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?m)^[ \t]*[\x22“«]?[ \t]*(\d{1,2})\.[ \t]+[\p{Lu}\(\x22“]").unwrap()
});

/// "WITH REFERENCE TO PARAGRAPH 3 OF ARTICLE 10 (DIVIDENDS)", "Ad Article 11 (Interest)": a
/// reference to an article with its title in brackets, in any case.
static TITLED_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i:(?:{}))\s*[A-Z]?\s*\((?P<called>[^()]{{3,80}})\)",
        GRAMMAR.article_reference.as_str()
    ))
    .unwrap()
});

/// Where in a paragraph the article it concerns may be named: its opening words.
const POINT_OPENING: usize = 120;

/// The topic of a paragraph that opens by naming the article it concerns with the article's
/// title (the protocol points an amending article quotes, each on another article), when
/// the title names one.
fn point_topic(paragraph_text: &str) -> Option<(Topic, String)> {
    // The paragraph opens at its start, or, where it holds the instruction that quotes it,
    // at its quoted number.
    let quoted = QUOTED_PARAGRAPH.find(paragraph_text).map(|m| m.start());
    let captures = [Some(0), quoted].into_iter().flatten().find_map(|from| {
        let opening = &paragraph_text[from..];
        let opening_end = opening
            .char_indices()
            .nth(POINT_OPENING)
            .map_or(opening.len(), |(i, _)| i);
        TITLED_REFERENCE
            .captures(opening)
            .filter(|c| c.get(0).is_some_and(|m| m.start() <= opening_end))
    })?;
    let title: Vec<&str> = captures
        .name("called")?
        .as_str()
        .split_whitespace()
        .collect();
    let topic = topic_from_title(&title.join(" "))?;
    // The article's number, the first run of digits of the reference.
    let reference = captures.get(0)?.as_str();
    let number: String = reference
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    Some((topic, number))
}

/// Each paragraph of an article that concerns another topic than the article's.
fn point_topics(text: &str, article: &mut Article) {
    let topic = article.topic;
    for paragraph in &mut article.paragraphs {
        let Some((point, number)) = point_topic(&text[paragraph.span.clone()]) else {
            continue;
        };
        if point != topic {
            paragraph.topic = Some(point);
            paragraph.modifies = vec![number].into_iter().filter(|n| !n.is_empty()).collect();
        }
    }
}

/// The paragraphs an instruction of one paragraph adds or substitutes with their own numbers
/// ("Article 25 shall be amended by adding the following after paragraph 4: “5. ... 6. ...
/// 7. ...”"): the article's single paragraph split at them, the instruction going with the
/// first. Nothing when no quoted paragraph opens a line.
fn split_at_quoted_paragraphs(text: &str, article: &mut Article, lang: Lang) {
    let [paragraph] = article.paragraphs.as_slice() else {
        return;
    };
    let body = paragraph.span.clone();
    let Some(first) = QUOTED_PARAGRAPH.captures(&text[body.clone()]) else {
        return;
    };
    let Ok(mut expected) = first[1].parse::<u32>() else {
        return;
    };
    let first_at = body.start + first.get(0).map_or(0, |m| m.start());
    let mut starts = vec![(body.start, expected)];
    for (offset, captures) in captures_in_lines(&NUMBERED_LINE, &text[body.clone()], |b| b == b'.')
    {
        let at = body.start + offset + captures.get(0).map_or(0, |m| m.start());
        if at <= first_at || captures[1].parse::<u32>() != Ok(expected + 1) {
            continue;
        }
        expected += 1;
        starts.push((at, expected));
    }
    article.paragraphs = build_paragraphs(text, body, &starts, lang);
}

/// Turns the articles of an amending instrument into protocol articles; returns false (and
/// leaves them as they are) when they do not amend another treaty. `amended` holds the topics
/// of the convention's articles where the document prints the convention before.
pub(super) fn amending_articles(
    text: &str,
    articles: &mut [Article],
    amended: &[(String, Topic)],
    lang: Lang,
) -> bool {
    if GRAMMAR.amended_article.is_empty() || articles.len() < 2 {
        return false;
    }
    // An amending instrument amends from its first articles on; a treaty's first articles
    // (persons, taxes, definitions) never do, so two of them settle it cheaply.
    let reference_of = |article: &Article| {
        let body = &text[article.span.clone()];
        if GRAMMAR.amendment.is_match(body) {
            first_reference(body)
        } else {
            None
        }
    };
    if articles.iter().take(2).all(|a| reference_of(a).is_none()) {
        return false;
    }
    let references: Vec<Option<AmendedArticle>> = articles.iter().map(reference_of).collect();
    let amending = references.iter().filter(|r| r.is_some()).count();
    if amending < 2 || amending * 2 < articles.len() {
        return false;
    }
    for (article, reference) in articles.iter_mut().zip(references) {
        article.number = format!("P{}", article.number);
        // The line under an amending article's heading is its first instruction, not a title.
        if first_reference(&article.title).is_some() || GRAMMAR.amendment.is_match(&article.title) {
            article.title.clear();
        }
        let Some(reference) = reference else {
            point_topics(text, article);
            continue;
        };
        article.modifies = vec![reference.article.clone()];
        if let Some(topic) = reference.title.as_deref().and_then(topic_from_title) {
            article.topic = topic;
        } else if let Some((_, topic)) = amended
            .iter()
            .find(|(number, _)| *number == reference.article)
            .filter(|_| article.title.is_empty())
        {
            // The amended article's own title says more than the protocol's words, which
            // may be only the numbers it changes.
            article.topic = *topic;
        }
        split_at_quoted_paragraphs(text, article, lang);
        point_topics(text, article);
        for paragraph in &mut article.paragraphs {
            let body = &text[paragraph.span.clone()];
            let after_number = body
                .trim_start()
                .trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | '(' | ')'));
            let Some(instruction) = first_reference(after_number) else {
                continue;
            };
            if instruction.start <= INSTRUCTION_WINDOW && instruction.article == reference.article {
                if let Some(number) = instruction.paragraph {
                    paragraph.number = number;
                }
                // The instruction stands for the subparagraph it names, unless the paragraph
                // quotes items of its own.
                if let Some(label) = instruction.subparagraph {
                    if paragraph.subparagraphs.is_empty() {
                        paragraph.subparagraphs.push(Subparagraph {
                            label,
                            local: 0..paragraph.span.len(),
                        });
                    }
                }
            }
        }
    }
    true
}
