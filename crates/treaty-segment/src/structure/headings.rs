//! Article headings of Latin-script text (`Article 5`, `ARTIGO 10.º`, `Art. XII`) and the
//! titles that follow them.

use std::ops::Range;

use rustc_hash::FxHashMap;
use treaty_numbers::{parse_roman, Lang};

use super::paragraphs::{latin_paragraphs, trim_end_offset, LineStarts};
use super::vocabulary::GRAMMAR;
use crate::model::Article;
use crate::topic::{topic_from_content, topic_from_title, Topic};

/// A heading found in the text.
struct Heading {
    start: usize,
    /// Where the title (or the body) starts.
    after_number: usize,
    number: u32,
    suffix: String,
    printed: String,
}

/// A heading candidate before the sequence is chosen.
struct Candidate {
    heading: Heading,
    /// Whether it starts a line or follows a sentence end (else it may only continue a chain).
    at_boundary: bool,
    /// Whether it stands in quotation marks.
    quoted: bool,
}

/// Weight of a heading that opens a body of its own; a heading whose next candidate follows
/// on the next line (a table of contents, a list of articles) weighs [`LISTED_WEIGHT`].
const BODY_WEIGHT: f32 = 1.0;
const LISTED_WEIGHT: f32 = 0.05;

/// Bytes of body below which a heading directly followed by another counts as listed.
const LISTED_BODY: usize = 160;

/// What a sequence loses for each number it skips.
const SKIPPED_NUMBER: f32 = 0.4;

/// What a sequence loses by switching between heading styles.
const STYLE_SWITCH: f32 = 0.5;

/// How a heading is printed: Roman or Arabic number, heading word in capitals or not.
type Style = (bool, bool);

fn style_of(text: &str, heading: &Heading) -> Style {
    let roman = heading.printed.starts_with(['I', 'V', 'X', 'L', 'C']);
    let word = &text[heading.start..heading.after_number];
    let capitals = word
        .chars()
        .filter(|c| c.is_alphabetic())
        .take(4)
        .all(char::is_uppercase);
    (roman, capitals)
}

/// Largest forward step between consecutive headings (OCR may lose one or two).
const MAX_STEP: u32 = 3;

fn latin_headings(text: &str, range: Range<usize>) -> Vec<Heading> {
    let candidates = heading_candidates(text, range);
    best_heading_sequence(text, candidates)
}

/// Every match of the heading pattern that is not a reference, in text order.
fn heading_candidates(text: &str, range: Range<usize>) -> Vec<Candidate> {
    let mut candidates = Vec::new();
    // A line of megabytes (text whose line breaks were lost) is not scanned again for every
    // match on it.
    let mut lines = LineStarts::new(text, range.start);
    for captures in GRAMMAR.latin_heading.captures_iter(&text[range.clone()]) {
        let whole = captures.get(0).unwrap();
        let start = range.start + whole.start();
        let (number, printed) = heading_number(&captures);
        if number == 0 {
            continue;
        }
        // A heading starts a line or follows the end of a sentence (OCR runs lines together),
        // or a chapter title printed on its line (`II. Definitions Article 3`).
        let prefix = lines.prefix(start).trim_end();
        let at_boundary = prefix.is_empty()
            || prefix.ends_with(['.', ';', ':', '"', '”', '»', ')'])
            || prefix.chars().all(|c| !c.is_lowercase())
            || is_chapter_title(prefix);
        if is_capitals_reference(prefix) {
            continue;
        }
        let after = range.start + whole.end();
        let rest = text[after..range.end].trim_start_matches([' ', '\t']);
        // Two-column OCR glues headings to the end of the other column's fragment; there a
        // heading must continue the sequence and be followed by a capitalized title.
        let titled = rest.starts_with(|c: char| c.is_uppercase())
            || rest.starts_with("1. ")
            || rest.starts_with("1 - ");
        if !at_boundary && !titled {
            continue;
        }
        if is_followed_as_reference(rest) {
            continue;
        }
        candidates.push(Candidate {
            heading: Heading {
                start,
                after_number: after,
                number,
                suffix: heading_suffix(&captures),
                printed,
            },
            at_boundary,
            // A heading inside quotation marks is a quoted article (an amending protocol
            // quotes the articles it inserts).
            quoted: prefix.ends_with(['“', '"', '«', '‘']),
        });
    }
    // `Article -10` on a line of its own: OCR read a speck before the number.
    let marked = GRAMMAR
        .latin_heading_marked
        .captures_iter(&text[range.clone()]);
    for captures in marked {
        let whole = captures.get(0).unwrap();
        let number = captures[1].parse::<u32>().unwrap_or(0);
        if number == 0 {
            continue;
        }
        let start = range.start + whole.start() + whole.len() - whole.as_str().trim_start().len();
        candidates.push(Candidate {
            heading: Heading {
                start,
                after_number: range.start + whole.end(),
                number,
                suffix: String::new(),
                printed: captures[1].to_string(),
            },
            at_boundary: true,
            quoted: false,
        });
    }
    candidates.sort_by_key(|c| c.heading.start);
    candidates
}

/// The number of a heading match (0 if it reads as none) and the number as printed.
fn heading_number(captures: &regex::Captures<'_>) -> (u32, String) {
    let whole = captures.get(0).unwrap();
    if let Some(digits) = captures.get(1) {
        (
            digits.as_str().parse::<u32>().unwrap_or(0),
            whole
                .as_str()
                .split_once(char::is_whitespace)
                .map_or("", |x| x.1)
                .trim()
                .to_string(),
        )
    } else {
        let roman = captures.get(3).unwrap().as_str();
        (parse_roman(roman).unwrap_or(0), roman.to_string())
    }
}

/// "WITH REFERENCE TO ARTICLE 21" (a line in capitals counts as a heading's line): a
/// reference, unless a sentence ends first or a heading word of the other column stands
/// before it (`Artigo Article 2`).
fn is_capitals_reference(prefix: &str) -> bool {
    let previous_word = prefix
        .rsplit(char::is_whitespace)
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    let in_capitals = !prefix.is_empty() && prefix.chars().all(|c| !c.is_lowercase());
    in_capitals
        && !prefix.ends_with(['.', ';', ':', '"', '”', '»', ')'])
        && !GRAMMAR.heading_words.contains(&previous_word)
        && GRAMMAR
            .paragraph_reference_words
            .contains(&previous_word.as_str())
}

/// Whether what follows a heading match (`rest`, spaces trimmed) makes it a reference.
fn is_followed_as_reference(rest: &str) -> bool {
    // "Article 7 of this Convention", "Article 10, paragraph 2": references.
    let rest_lower: String = rest.chars().take(20).collect::<String>().to_lowercase();
    // A heading is followed by its title, a line break or a paragraph number; a word in
    // lower case continues a sentence ("Article 7 or Article 14, as the case may be").
    if rest.starts_with(',')
        || rest.starts_with(|c: char| c.is_lowercase())
        || GRAMMAR
            .heading_reference_followers
            .iter()
            .any(|w| rest_lower.starts_with(w))
    {
        return true;
    }
    // "Article X (Dividends) of the Convention": a bracketed title that a sentence goes on
    // after is a reference too.
    rest.strip_prefix('(')
        .and_then(|r| r.split_once(')'))
        .map(|(_, after)| after.trim_start_matches([' ', '\t']))
        .is_some_and(|after_title| after_title.starts_with(|c: char| c.is_lowercase() || c == ','))
}

/// The letter or word after a heading's number (`5-A`, `5 bis`), without its dashes and dot.
fn heading_suffix(captures: &regex::Captures<'_>) -> String {
    captures
        .get(2)
        .or_else(|| captures.get(4))
        .map_or(String::new(), |s| {
            s.as_str()
                .trim()
                .trim_start_matches('-')
                .trim_end_matches('.')
                .to_string()
        })
}

/// A chapter title printed before an article heading on its line (`II. Definitions`,
/// `Chapter III Taxation of Income`): a Roman or Arabic chapter number, perhaps after one
/// capitalized word, then a few words in title case (short connecting words aside).
fn is_chapter_title(prefix: &str) -> bool {
    let words: Vec<&str> = prefix.split_whitespace().collect();
    let is_number = |word: &str| {
        let number = word.trim_end_matches(['.', ')', ':']);
        !number.is_empty()
            && (number.chars().all(|c| c.is_ascii_digit())
                || number.chars().all(|c| matches!(c, 'I' | 'V' | 'X' | 'L')))
    };
    let title_start = match words.as_slice() {
        [first, ..] if is_number(first) => 1,
        [first, second, ..]
            if first.starts_with(|c: char| c.is_uppercase()) && is_number(second) =>
        {
            2
        }
        _ => return false,
    };
    let title = &words[title_start..];
    title.len() <= 8
        && title
            .iter()
            .any(|word| word.starts_with(|c: char| c.is_uppercase()) && word.chars().count() > 3)
        && title
            .iter()
            .all(|word| word.starts_with(|c: char| c.is_uppercase()) || word.chars().count() <= 3)
}

/// The sequence of headings that best explains the text: numbers rise by 1 to [`MAX_STEP`],
/// and a heading counts for little when the next candidate follows at once (a table of
/// contents lists every article before the articles themselves). Linear: the best sequence
/// ending in each number is kept.
/// Where an inserted article's suffix puts it after the article of its number: 0 for none,
/// 1 for `A` or the first of the profiles' suffixes (`bis`), 2 for `B` (`ter`), ...
fn suffix_rank(suffix: &str) -> u32 {
    let lower = suffix.to_lowercase();
    if let Some(index) = GRAMMAR.article_suffixes.iter().position(|s| *s == lower) {
        return index as u32 + 1;
    }
    match lower.as_bytes() {
        [letter @ b'a'..=b'z'] => u32::from(letter - b'a') + 1,
        _ => 0,
    }
}

/// The highest suffix rank a heading may have (`Z`).
const MAX_RANK: u32 = 26;

/// The best sequences found so far, by the number of the heading that ends them: for each
/// suffix rank and style of that number, the best score and the candidate that ends it. Looked
/// up for every candidate heading, so only the ends that exist are visited.
#[derive(Default)]
struct SequenceEnds(FxHashMap<u32, Vec<SequenceEnd>>);

#[derive(Clone, Copy)]
struct SequenceEnd {
    rank: u32,
    style: Style,
    score: f32,
    index: usize,
}

impl SequenceEnds {
    fn of_number(&self, number: u32) -> &[SequenceEnd] {
        self.0.get(&number).map_or(&[], Vec::as_slice)
    }

    /// The ends a heading of `number` and suffix `rank` may follow, with how many headings
    /// that step skips: an inserted article (`12A`, `10 bis`) follows the article of its
    /// number or an earlier insertion after it; an article follows any of the [`MAX_STEP`]
    /// numbers before it, inserted articles included.
    fn predecessors(&self, number: u32, rank: u32) -> impl Iterator<Item = (&SequenceEnd, u32)> {
        let inserted = self
            .of_number(number)
            .iter()
            .filter(move |end| end.rank < rank)
            .map(move |end| (end, rank - end.rank - 1));
        let earlier = (1..=MAX_STEP)
            .filter_map(move |step| number.checked_sub(step).map(|n| (n, step)))
            .flat_map(move |(n, step)| {
                // Skipping to an insertion also skips the article of its number.
                self.of_number(n)
                    .iter()
                    .filter(|end| end.rank <= MAX_RANK)
                    .map(move |end| (end, step - 1 + u32::from(rank > 0)))
            });
        inserted.chain(earlier)
    }

    /// Keeps a sequence ending with candidate `index` if it is the best for its number, rank
    /// and style.
    fn keep(&mut self, number: u32, rank: u32, style: Style, score: f32, index: usize) {
        let ends = self.0.entry(number).or_default();
        let at = match ends
            .iter()
            .position(|end| end.rank == rank && end.style == style)
        {
            Some(at) => at,
            None => {
                ends.push(SequenceEnd {
                    rank,
                    style,
                    score: f32::MIN,
                    index,
                });
                ends.len() - 1
            }
        };
        let end = &mut ends[at];
        if score > end.score {
            end.score = score;
            end.index = index;
        }
    }

    fn all(&self) -> impl Iterator<Item = &SequenceEnd> {
        self.0.values().flatten()
    }
}

fn best_heading_sequence(text: &str, candidates: Vec<Candidate>) -> Vec<Heading> {
    let weights: Vec<f32> = candidates
        .iter()
        .enumerate()
        .map(|(index, candidate)| {
            let next = candidates
                .get(index + 1)
                .map_or(text.len(), |n| n.heading.start);
            let body =
                &text[candidate.heading.after_number..next.max(candidate.heading.after_number)];
            let short = body.trim().len() < LISTED_BODY;
            let lines = if short {
                body.trim().lines().filter(|l| !l.trim().is_empty()).count()
            } else {
                usize::MAX
            };
            if candidate.quoted || (short && lines <= 1) {
                LISTED_WEIGHT
            } else {
                BODY_WEIGHT
            }
        })
        .collect();
    // Best score of a sequence ending with a heading of each number and style, and where it
    // ends. A sequence keeps one style of heading (`Article 5`, `ARTICLE 5`, `Article V`):
    // switching costs [`STYLE_SWITCH`], which keeps the headings of articles quoted by an
    // amending protocol (`Article XI ... is replaced by: Article XI`) out of its own sequence.
    let mut best = SequenceEnds::default();
    let mut previous: Vec<Option<usize>> = vec![None; candidates.len()];
    let mut score = vec![0.0_f32; candidates.len()];
    for (index, candidate) in candidates.iter().enumerate() {
        let number = candidate.heading.number;
        let rank = suffix_rank(&candidate.heading.suffix);
        let style = style_of(text, &candidate.heading);
        // Candidates are unique to one end, so the order of the ends does not decide ties.
        let before = best
            .predecessors(number, rank)
            .map(|(end, skipped)| {
                let switch = if end.style == style {
                    0.0
                } else {
                    STYLE_SWITCH
                };
                // Headings lost between two found ones are rarer than stray references.
                (
                    end.score - switch - skipped as f32 * SKIPPED_NUMBER,
                    end.index,
                )
            })
            .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        // A heading glued to other text only continues a sequence, one or two steps on.
        if !candidate.at_boundary {
            let continues = number == 1
                || (1..=2)
                    .filter_map(|step| number.checked_sub(step))
                    .any(|n| best.of_number(n).iter().any(|end| end.rank == 0));
            if !continues {
                continue;
            }
        }
        let (base, link) = match before {
            Some((s, i)) if s > 0.0 => (s, Some(i)),
            _ => (0.0, None),
        };
        score[index] = base + weights[index];
        previous[index] = link;
        best.keep(number, rank, style, score[index], index);
    }
    let Some(mut at) = best
        .all()
        .map(|end| (end.score, end.index))
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)))
        .map(|(_, index)| index)
    else {
        return Vec::new();
    };
    // The sequence runs backwards through `previous`; candidates are in text order, so
    // keeping the chosen ones in that order gives the headings in order.
    let mut chosen = vec![false; candidates.len()];
    chosen[at] = true;
    while let Some(before) = previous[at] {
        chosen[before] = true;
        at = before;
    }
    candidates
        .into_iter()
        .zip(chosen)
        .filter_map(|(candidate, kept)| kept.then_some(candidate.heading))
        .collect()
}

/// The title of a line that is a capitalized phrase in brackets and nothing else.
fn bracketed_title(line: &str) -> Option<&str> {
    let inner = line.strip_prefix('(')?.strip_suffix(')')?.trim();
    let words = inner.split_whitespace().count();
    (inner.starts_with(|c: char| c.is_uppercase())
        && !inner.contains(['(', ')'])
        && (1..=10).contains(&words))
    .then_some(inner)
}

/// Splits what follows a heading number into title and the start of the body.
fn latin_title(text: &str, after_number: usize, end: usize) -> (String, usize) {
    let line_end = text[after_number..end]
        .find('\n')
        .map_or(end, |i| after_number + i);
    let rest = &text[after_number..line_end];
    let rest_trimmed = rest
        .trim()
        .trim_start_matches(['-', '–', '—', ':', '.'])
        .trim();
    if rest_trimmed.is_empty() {
        // Title on its own line below the heading, if the next line is short and not a sentence.
        let mut cursor = line_end;
        while cursor < end && text[cursor..].starts_with('\n') {
            cursor += 1;
        }
        let next_end = text[cursor..end].find('\n').map_or(end, |i| cursor + i);
        let next = text[cursor..next_end].trim();
        let words = next.split_whitespace().count();
        let looks_like_title = words > 0
            && words <= 14
            && !next.ends_with(['.', ';', ':', ','])
            && !next.starts_with(|c: char| c.is_ascii_digit())
            && !next.starts_with('(');
        if looks_like_title {
            return (next.to_string(), next_end);
        }
        // A title in brackets on its own line: `(Dividends)`.
        if let Some(title) = bracketed_title(next) {
            return (title.to_string(), next_end);
        }
        return (String::new(), line_end);
    }
    // A title in brackets after the number: `Article 10 (Dividends)`.
    if let Some(title) = bracketed_title(rest_trimmed) {
        return (title.to_string(), line_end);
    }
    // Inline title (OCR runs heading, title and text together): words up to a sentence start,
    // after the punctuation that closes the number (`Artículo X. Dividendos.`).
    let offset = line_end - rest_trimmed.len() - (rest.len() - rest.trim_end().len());
    let mut title_end = offset;
    for (words, token) in text[offset..line_end]
        .split_inclusive(char::is_whitespace)
        .enumerate()
    {
        let word = token.trim();
        let key = word
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        let starts_upper = word.chars().next().is_some_and(char::is_uppercase);
        let starts_digit = word
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '(');
        if starts_digit
            || (starts_upper
                && GRAMMAR.title_stop_words.contains(&key.as_str())
                && (words > 0 || GRAMMAR.sentence_openers.contains(&key.as_str())))
            || words >= 9
        {
            break;
        }
        title_end += token.len();

        if word.ends_with(['.', ':']) {
            break;
        }
    }
    let title = text[offset..title_end]
        .trim()
        .trim_end_matches(['.', ':'])
        .to_string();
    (title, title_end)
}

pub(super) fn latin_articles(
    text: &str,
    range: Range<usize>,
    lang: Lang,
    interleaved: bool,
) -> Vec<Article> {
    let headings = latin_headings(text, range.clone());
    // (title, body start, end) of each article; a heading printed after its article's first
    // paragraphs takes them back from the article before.
    let mut bounds: Vec<(String, usize, usize)> = headings
        .iter()
        .enumerate()
        .map(|(index, heading)| {
            let end = headings.get(index + 1).map_or(range.end, |next| next.start);
            let (title, body_start) = latin_title(text, heading.after_number, end);
            (title, body_start.min(end), end)
        })
        .collect();
    let mut starts: Vec<usize> = headings.iter().map(|h| h.start).collect();
    for (index, start) in starts.iter_mut().enumerate().skip(1) {
        let (before, after) = bounds.split_at_mut(index);
        let previous = before.last_mut().expect("index is at least 1");
        let current = &mut after[0];
        if let Some(restart) =
            displaced_first_paragraphs(text, previous.1..previous.2, current.1..current.2)
        {
            previous.2 = restart;
            *start = restart;
            current.1 = restart;
        }
    }
    let mut articles = Vec::new();
    for ((heading, (title, body_start, end)), start) in headings.iter().zip(bounds).zip(starts) {
        let paragraphs = latin_paragraphs(text, body_start..end, lang, interleaved);
        let topic = topic_from_title(&title)
            .or_else(|| topic_from_content(&text[body_start..end]))
            .unwrap_or(Topic::Miscellaneous);
        articles.push(Article {
            number: format!("{}{}", heading.number, heading.suffix),
            printed: heading.printed.clone(),
            title,
            topic,
            inferred: false,
            span: start.min(heading.start)..trim_end_offset(text, start.min(heading.start)..end),
            paragraphs,
            modifies: Vec::new(),
        });
    }
    articles
}

/// Where the first paragraphs of an article start when a converter printed them before its
/// heading, at the end of the article before: the article's own numbering starts above 1, and
/// the article before restarts at `1.` after paragraphs of its own.
fn displaced_first_paragraphs(
    text: &str,
    previous: Range<usize>,
    current: Range<usize>,
) -> Option<usize> {
    let first_number = |body: Range<usize>| {
        line_start_paragraphs(text, body)
            .next()
            .map(|(_, number)| number)
    };
    let next = first_number(current).filter(|n| *n >= 2)?;
    let markers: Vec<(usize, u32)> = line_start_paragraphs(text, previous).collect();
    // The last restart at 1 after paragraphs of the article's own, numbered 1, 2, ... up to
    // just below the number the current article's text starts with.
    let restart = (1..markers.len()).rev().find(|&i| markers[i].1 == 1)?;
    let displaced: Vec<u32> = markers[restart..].iter().map(|m| m.1).collect();
    let in_sequence = displaced
        .iter()
        .zip(1..)
        .all(|(n, expected)| *n == expected);
    (in_sequence && displaced.len() as u32 + 1 == next).then_some(markers[restart].0)
}

/// Paragraph numbers (`1.`, `2.`) that open lines of `body`, with where they start.
fn line_start_paragraphs(
    text: &str,
    body: Range<usize>,
) -> impl Iterator<Item = (usize, u32)> + '_ {
    let start = body.start;
    text[body]
        .split_inclusive('\n')
        .scan(start, |at, line| {
            let line_start = *at;
            *at += line.len();
            Some((line_start, line))
        })
        .filter_map(|(line_start, line)| {
            let trimmed = line.trim_start();
            let digits: String = trimmed.chars().take_while(char::is_ascii_digit).collect();
            let rest = &trimmed[digits.len()..];
            let opens =
                rest.starts_with(". ") && rest[2..].trim_start().starts_with(char::is_uppercase);
            (!digits.is_empty() && digits.len() <= 2 && opens).then(|| {
                (
                    line_start + (line.len() - trimmed.len()),
                    digits.parse().unwrap_or(0),
                )
            })
        })
}
