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

use treaty_numbers::{parse_kanji_number, parse_roman};

use super::lines::captures_in_lines;
use super::paragraphs::build_paragraphs;
use super::vocabulary::GRAMMAR;
use crate::model::{Article, Subparagraph};
use crate::topic::{topic_from_content, topic_from_title, Topic};

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
                .or_else(|| parse_roman(printed))
                .or_else(|| u32::try_from(parse_kanji_number(printed)?).ok())?;
            let suffix = captures.name("suffix").map_or("", |s| s.as_str());
            Some(AmendedArticle {
                article: format!("{number}{suffix}"),
                paragraph: captures.name("paragraph").map(|p| ascii_digits(p.as_str())),
                subparagraph: captures
                    .name("subparagraph")
                    .or(captures.name("sub"))
                    .map(|s| ascii_digits(s.as_str())),
                title: captures.name("called").map(|t| t.as_str().to_string()),
                start: captures.get(0)?.start(),
            })
        })
}

/// Full-width digits and letters (`２`, `ｂ`, printed in Japanese text) as ASCII ones.
fn ascii_digits(printed: &str) -> String {
    printed
        .chars()
        .map(|c| match c {
            '０'..='９' | 'ａ'..='ｚ' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect()
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
    let openings = || [Some(0), quoted].into_iter().flatten();
    let Some(captures) = openings().find_map(|from| {
        let opening = &paragraph_text[from..];
        let opening_end = opening
            .char_indices()
            .nth(POINT_OPENING)
            .map_or(opening.len(), |(i, _)| i);
        TITLED_REFERENCE
            .captures(opening)
            .filter(|c| c.get(0).is_some_and(|m| m.start() <= opening_end))
    }) else {
        return openings().find_map(|from| untitled_point_topic(&paragraph_text[from..]));
    };
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

/// The topic of a point whose opening line names the article it concerns without its title
/// ("14. With reference to paragraphs 5, 6 and 7 of Article 25 of the Convention:"): the
/// topic its words are about, and the article's number.
fn untitled_point_topic(point: &str) -> Option<(Topic, String)> {
    let heading_end = point.find(':').filter(|&end| end <= POINT_OPENING)?;
    let heading = &point[..heading_end];
    if heading.contains(['.', ';'])
        && !heading
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit() || c == '"' || c == '“')
    {
        return None;
    }
    let heading = heading.split_whitespace().collect::<Vec<_>>().join(" ");
    let number = GRAMMAR.article_reference.captures_iter(&heading).last()?;
    let number = number.iter().skip(1).flatten().next()?.as_str().to_string();
    let topic = topic_from_content(&point[heading_end + 1..])?;
    Some((topic, number))
}

/// Each paragraph of an article that concerns another topic than the article's.
fn point_topics(text: &str, article: &mut Article) {
    let topic = article.topic;
    // The final articles name other articles to say when those take effect ("Article XXVI A
    // (Assistance in Collection) shall have effect for claims ..."): that is still when.
    if matches!(topic, Topic::EntryIntoForce | Topic::Termination) {
        return;
    }
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

/// How far into a numbered paragraph its amending words may reach for it to be an
/// instruction of the protocol ("3. The Protocol of 2003 shall be amended by adding").
const INSTRUCTION_OPENING: usize = 250;

/// Whether a paragraph of an amending article is one of its instructions: amending words
/// in its opening sentence.
fn is_instruction(paragraph_text: &str) -> bool {
    let opening_end = paragraph_text
        .char_indices()
        .nth(INSTRUCTION_OPENING)
        .map_or(paragraph_text.len(), |(i, _)| i);
    let opening = &paragraph_text[..opening_end];
    let opening = opening
        .find(". ")
        .filter(|&end| end > 4)
        .map_or(opening, |end| &opening[..end]);
    GRAMMAR.amendment.is_match(opening)
}

/// Whether text ends by introducing a quotation ("... replaced by the following:", "shall
/// be read as follows: “").
fn introduces_quotation(text: &str) -> bool {
    text.trim_end()
        .trim_end_matches(['"', '“', '«'])
        .trim_end()
        .ends_with(':')
}

/// The paragraphs an amending article adds or substitutes, numbered as the amended article
/// numbers them: after an instruction that introduces a quotation ("Paragraphs 3 and 4 of
/// Article XVIII shall be deleted and replaced by the following: 3. ... 4. ...", "shall be
/// amended by adding the following paragraphs: 8. ... 9. ..."), the quoted numbered
/// paragraphs are paragraphs of their own, in their own sequence, until the article's next
/// instruction in its sequence. The instruction goes with the first paragraph it quotes.
/// Nothing changes when no instruction quotes numbered paragraphs.
fn split_at_quoted_paragraphs(
    text: &str,
    article: &mut Article,
    title_instructs: bool,
    lang: Lang,
) {
    let (Some(first), Some(last)) = (article.paragraphs.first(), article.paragraphs.last()) else {
        return;
    };
    let body = first.span.start..last.span.end;
    let numbered: Vec<(usize, u32)> = captures_in_lines(&NUMBERED_LINE, &text[body.clone()], b'.')
        .filter_map(|(offset, captures)| {
            let at = body.start + offset + captures.get(0)?.start();
            Some((at, captures[1].parse().ok()?))
        })
        .collect();
    let Some(&(first_numbered, _)) = numbered.first() else {
        return;
    };
    let before = &text[body.start..first_numbered];
    // Before the first number: the instruction of an article of one unnumbered paragraph,
    // whose first line may have been read as the article's title.
    let mut quoting =
        (title_instructs || GRAMMAR.amendment.is_match(before)) && introduces_quotation(before);
    let mut next_instruction = 1;
    let mut next_quoted: Option<u32> = None;
    let mut quoted_any = false;
    // Paragraph starts; the number of an instruction that quotes is its first quoted one,
    // which the instruction is awaiting until it comes.
    let mut starts: Vec<(usize, u32)> = Vec::new();
    let mut awaiting_first_quoted = false;
    for (index, &(at, number)) in numbered.iter().enumerate() {
        let end = numbered.get(index + 1).map_or(body.end, |next| next.0);
        let paragraph_text = &text[at..end];
        let after_number = paragraph_text
            .trim_start()
            .trim_start_matches(['"', '“', '«'])
            .trim_start()
            .trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
        // The article's own paragraphs are in their sequence; while a quotation runs, only an
        // instruction ends it.
        let instruction = is_instruction(after_number);
        if number == next_instruction && (instruction || !quoting) {
            starts.push((at, number));
            next_instruction += 1;
            quoting = instruction && introduces_quotation(paragraph_text);
            next_quoted = None;
            awaiting_first_quoted = true;
            continue;
        }
        if !quoting || next_quoted.is_some_and(|expected| expected != number) {
            continue;
        }
        quoted_any = true;
        if awaiting_first_quoted || starts.is_empty() {
            // The instruction (or the unnumbered text before) takes the first quoted number.
            match starts.last_mut() {
                Some(last) if awaiting_first_quoted => last.1 = number,
                _ => starts.push((body.start, number)),
            }
            awaiting_first_quoted = false;
        } else {
            starts.push((at, number));
        }
        next_quoted = Some(number + 1);
    }
    if quoted_any {
        article.paragraphs = build_paragraphs(text, body, &starts, lang);
    }
}

/// Most articles of an instrument that may amend with one of them (an amending article, one
/// more that OCR damaged, entry into force and termination).
const SHORT_INSTRUMENT_ARTICLES: usize = 4;

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
    if !amends_enough(&references) {
        return false;
    }
    for (article, reference) in articles.iter_mut().zip(references) {
        article.number = format!("P{}", article.number);
        // The line under an amending article's heading is its first instruction, not a title.
        let title_instruction = first_reference(&article.title);
        let title_instructs =
            title_instruction.is_some() || GRAMMAR.amendment.is_match(&article.title);
        if title_instructs {
            article.title.clear();
        }
        split_at_quoted_paragraphs(text, article, title_instructs, lang);
        let Some(reference) = reference else {
            point_topics(text, article);
            continue;
        };
        article.modifies = vec![reference.article.clone()];
        if let Some(title) = reference.title.as_deref() {
            // A title that names no topic of the model (Exempt Organizations) is not one of
            // them, whatever the words of the article are about.
            article.topic = topic_from_title(title).unwrap_or(Topic::Miscellaneous);
        } else if let Some((_, topic)) = amended
            .iter()
            .find(|(number, _)| *number == reference.article)
            .filter(|_| article.title.is_empty())
        {
            // The amended article's own title says more than the protocol's words, which
            // may be only the numbers it changes.
            article.topic = *topic;
        }
        // Paragraphs quoted into an article that the opening instruction names with its title
        // are that article's, whatever other articles they cite; points quoted into a
        // protocol each name their own.
        let body = &text[article.span.clone()];
        let instruction_end = body.find(':').unwrap_or(body.len());
        if reference.title.is_none() || reference.start > instruction_end {
            point_topics(text, article);
        }
        number_from_instructions(text, article, &reference, title_instruction);
    }
    true
}

/// Whether enough of the articles amend another treaty to make the instrument an amending one.
fn amends_enough(references: &[Option<AmendedArticle>]) -> bool {
    let amending = references.iter().filter(|r| r.is_some()).count();
    // A short protocol may amend one article and put itself into force; where OCR damaged the
    // words of one of its instructions (`shall he deleted`), fewer than half are seen to amend.
    if references.len() <= SHORT_INSTRUMENT_ARTICLES {
        amending > 0
    } else {
        amending >= 2 && amending * 2 >= references.len()
    }
}

/// Gives each paragraph of an amending article the number (and item) its opening instruction
/// names in the amended article.
fn number_from_instructions(
    text: &str,
    article: &mut Article,
    reference: &AmendedArticle,
    mut title_instruction: Option<AmendedArticle>,
) {
    for paragraph in &mut article.paragraphs {
        let body = &text[paragraph.span.clone()];
        let after_number = body
            .trim_start()
            .trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | '(' | ')'));
        // An instruction read as the title stands at the start of the first paragraph.
        let Some(instruction) = first_reference(after_number)
            .filter(|found| found.start <= INSTRUCTION_WINDOW)
            .or_else(|| title_instruction.take().filter(|_| paragraph.unnumbered))
        else {
            continue;
        };
        title_instruction = None;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_naming_its_article_without_a_title_is_about_its_words() {
        let point = "\u{201c}14. With reference to paragraphs 5, 6 and 7 of Article\n     25 of \
            the Convention:\n     (a) The arbitration panel shall consist of three members.\n     (b) \
            The determination of the arbitration panel shall be final.";
        let (topic, number) = untitled_point_topic(point).unwrap();
        assert_eq!(
            (topic.as_str(), number.as_str()),
            ("mutual_agreement", "25")
        );
        // A sentence that cites an article before a colon is no point heading.
        let sentence = "Dividends referred to in Article 10 are taxed. The following apply: the \
            arbitration panel shall decide.";
        assert!(untitled_point_topic(sentence).is_none());
        // Nor is an opening that names no article.
        assert!(untitled_point_topic("The following rules apply: arbitration.").is_none());
    }

    #[test]
    fn instructions_are_told_by_amending_words_in_their_opening_sentence() {
        assert!(is_instruction(
            "The Protocol of 2003 shall be amended by adding the following after paragraph 13:"
        ));
        assert!(!is_instruction(
            "Contributions made to a plan shall be deductible. The amounts shall be amended \
             each year."
        ));
        assert!(introduces_quotation(
            "shall be read as follows:\n  \u{201c}"
        ));
        assert!(!introduces_quotation("shall be deleted."));
    }
}
