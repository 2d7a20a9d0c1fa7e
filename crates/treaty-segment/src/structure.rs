//! Treaties, articles, paragraphs and subparagraphs in a language stream.
//!
//! Headings are accepted only in sequence (the next article number, or a small gap that OCR
//! may cause), which is what keeps cross-references such as "Article 7" or `第七条の規定` from
//! being read as headings. Where a text prints no headings at all, article boundaries are
//! inferred from paragraph numbering restarts and content.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::{parse_kanji_number, parse_roman, Lang};

use crate::japanese_articles::{japanese_articles, japanese_paragraphs};
use crate::japanese_items::{inline_placement, japanese_subparagraphs, Placement};
use crate::stream::Stream;
use crate::topic::{topic_from_content, topic_from_title, Topic};
use crate::{Article, Config, Diagnostic, Paragraph, Subparagraph, Treaty, Version};

static PREAMBLE_END: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)have\s+agreed\s+as\s+follows|agreed\s+as\s+follows|acordaram\s+no\s+seguinte|acordam\s+no\s+seguinte|acordaram\s+o\s+seguinte|convieram\s+no\s+seguinte|acordaram\s+as\s+disposições\s+seguintes|次のとおり協定した").unwrap()
});
static PREAMBLE_PART: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)have\s+agreed|agreed\s+as|as\s+follows:|acordaram|no\s+seguinte:").unwrap()
});
static PREAMBLE_CONTEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)convention|agreement|government|convenção|acordo|governo").unwrap()
});
static CLOSING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)in\s+witness\s+whereof|em\s+fé\s+do\s+que|em\s+testemunho\s+do\s+que|em\s+testemunho\s+do\s+qual|em\s+fé\s+de\s+que|以上の証拠として").unwrap()
});
static LATIN_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:Artigo|ARTIGO|Article|ARTICLE|Art\.|ART\.)[ \t]+(?:(\d{1,3})(-?[A-Z]\b| ?bis\b| ?ter\b)?(?:[ \t]?\.?[ \t]?[º°]|\.(?:[ \t]|$))?|([IVXLC]{1,7})\b)").unwrap()
});
/// A paragraph number: `1.`, `1 -`, `1 —`, followed by a capitalized word (a list item of a
/// subparagraph, `1. the income tax;`, starts in lower case).
static LATIN_PARAGRAPH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(\d{1,2})(?:\.|[ \t]?[-–—]|(?P<bare>))[ \t]+[\p{Lu}\(\x22“«]").unwrap()
});
static SUBPARAGRAPH: LazyLock<Regex> = LazyLock::new(|| {
    // A letter item at a line start (or after the previous item's `;`) may have lost the space
    // after its marker (`e)interest`).
    Regex::new(r"(?m)(?:^|[ \t])\(?([a-z]{1,2}|[ivx]{1,6}|[IVX]{1,6})\)[ \t]|(?:^|;[ \t]+)\(?([a-z]|[ivx]{2,6})\)\p{Ll}")
        .unwrap()
});
pub(crate) static JA_SUBPARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\(([a-z]{1,2}|[ivx]{1,6})\)").unwrap());
/// Subparagraph markers (`(a)`, `(ii)`) in a text, with their labels and byte ranges.
/// Japanese PDF text places them after their item's text, or inside words.
pub fn subparagraph_markers(text: &str) -> Vec<(String, Range<usize>)> {
    JA_SUBPARAGRAPH
        .captures_iter(text)
        .filter_map(|c| Some((c[1].to_string(), c.get(0)?.range())))
        .collect()
}

static PROTOCOL: LazyLock<Regex> = LazyLock::new(|| {
    // ASCII word boundary: a Unicode `\b` keeps the regex crate off its fast engines on
    // non-ASCII text, and this runs over every version's body.
    Regex::new(r"(?m)(?:^|[.:][ \t])[ \t]*(PROTOCOLO|Protocolo|PROTOCOL|Protocol|ADDITIONAL PROTOCOL|Additional Protocol|Protocolo Adicional)(?-u:\b)").unwrap()
});

/// Where a protocol heading starts in `range`: a line (or OCR sentence) opening with the
/// word, or in Japanese `議定書` not used as a noun of a sentence (`この議定書に署名`).
fn protocol_heading(text: &str, range: Range<usize>) -> Option<usize> {
    let latin = PROTOCOL
        .captures(&text[range.clone()])
        .map(|c| range.start + c.get(1).map_or(0, |m| m.start()));
    let japanese = text[range.clone()]
        .match_indices("議定書")
        .map(|(at, _)| range.start + at)
        .find(|at| {
            let next = text[at + "議定書".len()..].chars().next();
            let before = text[..*at].chars().next_back();
            next.is_some_and(|c| {
                !matches!(c, 'に' | 'の' | 'を' | 'は' | 'が' | 'と' | 'で' | 'も')
            }) && before.is_none_or(|c| c != 'の' && c != 'こ')
        });
    match (latin, japanese) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
static AD_POINT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:(\d{1,2})\.\s+)?\bAd(?:/|\s)\s*(?:Artigo|Article|Art\.)").unwrap()
});
static ARTICLE_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:Artigos?|Articles?|artigos?|articles?|Art\.)[ \t]*(\d{1,3})|第([〇一二三四五六七八九十百]+)条",
    )
    .unwrap()
});
static PARTY_EN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:Government\s+of|in\s+the\s+case\s+of)\s+(?:the\s+)?((?:Republic|Kingdom|Federal\s+Republic|Federative\s+Republic|State|United\s+Kingdom)?\s?(?:of\s+)?(?:the\s+)?[A-Z][\p{L}-]+)").unwrap()
});
static PARTY_PT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:Governo d[aoe]|caso d[aoe]|[AO] República|[Ee]ntre a|[Ee] o) ((?:República|Reino)?[ \p{L}]*?(?:[A-Z][\p{L}]+))\b").unwrap()
});

/// One treaty's text within a stream.
struct Part {
    /// From the start of the preamble (or of the fragment) to the end of the part.
    range: Range<usize>,
    /// Where the articles start (after the preamble).
    body_start: usize,
    fragment: bool,
    parties: Vec<String>,
}

/// Finds the treaties of every stream and groups the language versions of each.
pub fn build_treaties(
    streams: &[Stream],
    config: &Config<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<Treaty> {
    // (first normalized offset, is fragment, main index, stream index, part)
    let mut found: Vec<(usize, bool, usize, usize, Part)> = Vec::new();
    for (stream_index, stream) in streams.iter().enumerate() {
        let mut main_index = 0;
        for part in split_treaties(&stream.text) {
            let first = stream.map.to_normalized(part.range.start);
            let fragment = part.fragment;
            found.push((
                first,
                fragment,
                if fragment { usize::MAX } else { main_index },
                stream_index,
                part,
            ));
            if !fragment {
                main_index += 1;
            }
        }
    }
    // Group: fragments each form a treaty; the k-th main part of each stream is treaty k.
    // (first normalized offset, is fragment, main index, (stream index, part) of each language)
    type Group = (usize, bool, usize, Vec<(usize, Part)>);
    let mut groups: Vec<Group> = Vec::new();
    for (first, fragment, main_index, stream_index, part) in found {
        let slot = groups
            .iter_mut()
            .find(|(_, is_fragment, index, _)| !fragment && !*is_fragment && *index == main_index);
        match slot {
            Some((group_first, _, _, members)) => {
                *group_first = (*group_first).min(first);
                members.push((stream_index, part));
            }
            None => groups.push((first, fragment, main_index, vec![(stream_index, part)])),
        }
    }
    groups.sort_by_key(|(first, _, _, _)| *first);
    let mut treaties = Vec::new();
    for (treaty_index, (_, fragment, _, members)) in groups.into_iter().enumerate() {
        let mut parties: Vec<String> = Vec::new();
        let mut versions = Vec::new();
        for (stream_index, part) in members {
            let stream = &streams[stream_index];
            for party in &part.parties {
                if !parties.contains(party) {
                    parties.push(party.clone());
                }
            }
            versions.push(segment_version(stream, &part, config, diagnostics));
        }
        // A few lines taken for another language (a foreign editorial note, a quoted name)
        // are not a language version of the treaty.
        let has_structure =
            |v: &Version| !v.articles.is_empty() || !v.protocol.is_empty() || !v.mli.is_empty();
        if versions.iter().any(has_structure) {
            versions.retain(has_structure);
        }
        borrow_topics_across_versions(&mut versions);
        align_protocol_points(&mut versions);
        treaties.push(Treaty {
            index: treaty_index + 1,
            parties,
            fragment,
            versions,
        });
    }
    treaties
}

/// The article a protocol point concerns (`Ad/Article 14`, `条約第二十四条`), if it names one.
fn referenced_article(point: &Article) -> Option<u32> {
    let text = &point.paragraphs.first()?.text;
    ARTICLE_REFERENCE.captures(text).and_then(|c| {
        c.get(1)
            .and_then(|d| d.as_str().parse::<u32>().ok())
            .or_else(|| {
                c.get(2)
                    .and_then(|k| parse_kanji_number(k.as_str()))
                    .map(|n| n as u32)
            })
    })
}

/// OCR misprints protocol point numbers in one column (`5.` for point 4). Where another
/// language version numbers its points 1, 2, 3, ... cleanly, a point is renumbered after the
/// point there that concerns the same article (the k-th point on Article 23 here is the k-th
/// point on Article 23 there), and takes its topic.
fn align_protocol_points(versions: &mut [Version]) {
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

/// An untitled article whose content named no topic takes the topic of the same article in
/// another language version of the treaty (OCR may keep a title in one column only).
fn borrow_topics_across_versions(versions: &mut [Version]) {
    let known: Vec<(usize, String, Topic)> = versions
        .iter()
        .enumerate()
        .flat_map(|(index, version)| {
            version
                .articles
                .iter()
                .filter(|a| a.topic != Topic::Miscellaneous && !a.number.is_empty())
                .map(move |a| (index, a.number.clone(), a.topic))
        })
        .collect();
    for (index, version) in versions.iter_mut().enumerate() {
        for article in version
            .articles
            .iter_mut()
            .filter(|a| a.topic == Topic::Miscellaneous && a.title.is_empty())
        {
            if let Some((_, _, topic)) = known
                .iter()
                .find(|(other, number, _)| *other != index && *number == article.number)
            {
                article.topic = *topic;
            }
        }
    }
}

/// True when a text names "the Contracting States" often, as every tax treaty does.
fn speaks_of_contracting_states(text: &str) -> bool {
    let mentions = [
        "Contracting State",
        "Estado Contratante",
        "contracting State",
        "締約国",
    ]
    .iter()
    .map(|phrase| text.matches(phrase).take(5).count())
    .sum::<usize>();
    mentions >= 5
}

/// The longest prefix of `text` of at most `limit` bytes that ends on a character boundary.
fn prefix_at_most(text: &str, limit: usize) -> &str {
    let mut end = text.len().min(limit);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Splits a stream at preambles: each "have agreed as follows" opens a treaty; text before
/// the first one is a fragment of another treaty if it closes with a signature formula.
/// Whether the first article heading within a few pages after `at` is Article 1.
fn first_heading_is_one(text: &str, at: usize) -> bool {
    static FIRST_HEADING: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?m)(?:^[ \t]*(?:Article|ARTICLE|Artigo|ARTIGO|Articie|Art\.)[ \t]+(\d{1,3}|[IVXL]{1,6})\b|第([〇一二三四五六七八九十百]+|[0-9]{1,3})条)")
            .unwrap()
    });
    let window_end = text[at..]
        .char_indices()
        .nth(8000)
        .map_or(text.len(), |(i, _)| at + i);
    FIRST_HEADING
        .captures(&text[at..window_end])
        .is_some_and(|c| {
            c.get(1)
                .is_some_and(|n| n.as_str() == "1" || n.as_str() == "I")
                || c.get(2)
                    .is_some_and(|k| k.as_str() == "一" || k.as_str() == "1")
        })
}

fn split_treaties(text: &str) -> Vec<Part> {
    let mut markers: Vec<Range<usize>> = PREAMBLE_END.find_iter(text).map(|m| m.range()).collect();
    // OCR noise can break the full formula; a part of it counts on a line that also names
    // the convention or the governments, as a preamble does, and has no full formula.
    for weak in PREAMBLE_PART.find_iter(text) {
        let line_start = text[..weak.start()].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[weak.end()..]
            .find('\n')
            .map_or(text.len(), |i| weak.end() + i);
        let line = &text[line_start..line_end];
        let covered = markers
            .iter()
            .any(|m| m.start >= line_start && m.end <= line_end);
        if !covered && PREAMBLE_CONTEXT.is_match(line) {
            markers.push(weak.range());
        }
    }
    markers.sort_by_key(|m| m.start);
    // A treaty's articles start at Article 1: a later "have agreed" (in a mutual agreement
    // clause, or the protocol's "the undersigned have agreed that ...") starts no treaty
    // unless the first heading after it is Article 1.
    let mut kept: Vec<Range<usize>> = Vec::new();
    for marker in markers {
        if kept.is_empty() || first_heading_is_one(text, marker.end) {
            kept.push(marker);
        }
    }
    let markers = kept;
    let mut parts = Vec::new();
    if markers.is_empty() {
        parts.push(Part {
            range: 0..text.len(),
            body_start: 0,
            fragment: false,
            parties: parties_in(prefix_at_most(text, 3000)),
        });
        return parts;
    }
    // A treaty starts on the preamble's line; in a text whose line breaks were lost (lines of
    // thousands of characters) at the start of the preamble's sentence.
    let line_start = |at: usize| {
        let line = text[..at].rfind('\n').map_or(0, |i| i + 1);
        if at - line <= ONE_LINE_LENGTH {
            return line;
        }
        text[line..at].rfind(". ").map_or(line, |i| line + i + 2)
    };
    let first_start = line_start(markers[0].start);
    let before = &text[..first_start];
    if let Some(closing) = CLOSING.find(before) {
        // Text before the first preamble that ends with a signature formula is another treaty.
        if closing.start() > 200 || before[..closing.start()].split_whitespace().count() > 30 {
            let parties = parties_in(before);
            parts.push(Part {
                range: 0..first_start,
                body_start: 0,
                fragment: true,
                parties,
            });
        }
    }
    for (index, marker) in markers.iter().enumerate() {
        let start = line_start(marker.start);
        let end = markers
            .get(index + 1)
            .map_or(text.len(), |next| line_start(next.start));
        // A formula wrapped over two lines with the next one on its second line (two columns
        // read across: `acordam no` / `seguinte: Have agreed as follows:`): one treaty.
        if end <= start || marker.end > end {
            continue;
        }
        // The preamble names the parties; look a little before the marker line too.
        let preamble_from = text[..start]
            .char_indices()
            .rev()
            .nth(600)
            .map_or(0, |(i, _)| i);
        let parties = parties_in(&text[preamble_from..marker.end]);
        parts.push(Part {
            range: start..end,
            body_start: marker.end,
            fragment: false,
            parties,
        });
    }
    parts
}

fn parties_in(text: &str) -> Vec<String> {
    let mut parties: Vec<String> = Vec::new();
    for regex in [&*PARTY_EN, &*PARTY_PT] {
        for captures in regex.captures_iter(text) {
            let name = captures[1]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .trim_end_matches([',', ':', ';'])
                .to_string();
            if name.len() > 2 && !parties.contains(&name) && parties.len() < 2 {
                parties.push(name);
            }
        }
    }
    if parties.is_empty() {
        // Japanese preambles: `日本国及びデンマーク王国は`.
        static JA_PARTIES: LazyLock<Regex> = LazyLock::new(|| {
            Regex::new(r"([\p{Han}\p{Katakana}ー]{2,12})及び([\p{Han}\p{Katakana}ー]{2,12})は")
                .unwrap()
        });
        if let Some(captures) = JA_PARTIES.captures(text) {
            parties.push(captures[1].to_string());
            parties.push(captures[2].to_string());
        }
    }
    parties
}

/// Articles and protocol points of one language version of a treaty.
fn segment_version(
    stream: &Stream,
    part: &Part,
    config: &Config<'_>,
    diagnostics: &mut Vec<Diagnostic>,
) -> Version {
    let text = &stream.text;
    let body = part.body_start..part.range.end;
    // The closing formula ends the articles; a protocol may follow it.
    let closing = CLOSING
        .find(&text[body.clone()])
        .map(|m| body.start + m.start());
    let protocol_start =
        protocol_heading(text, closing.unwrap_or(body.start).min(body.end)..body.end);
    let articles_end = closing
        .or(protocol_start)
        .unwrap_or(body.end)
        .max(body.start);
    let article_range = body.start..articles_end;

    let (mut articles, mli) = match stream.lang {
        Lang::Ja => japanese_articles(text, article_range.clone(), config),
        _ => (
            latin_articles(
                text,
                article_range.clone(),
                stream.lang,
                stream.is_interleaved(),
            ),
            Vec::new(),
        ),
    };
    // Without headings, articles are inferred only inside a treaty: after a preamble, or in a
    // fragment that ends with a signature formula; other text is not a treaty at all.
    // A preamble damaged by OCR still leaves a treaty recognizable by its vocabulary.
    let has_preamble = part.body_start > part.range.start
        || part.fragment
        || speaks_of_contracting_states(&text[article_range.clone()]);
    if articles.is_empty() && stream.lang != Lang::Ja && has_preamble {
        articles = inferred_articles(text, article_range.clone(), stream.lang, part.fragment);
    }
    check_sequence(&articles, diagnostics, stream);
    let protocol = match protocol_start {
        Some(start) if start < body.end => {
            protocol_points(text, start..body.end, stream.lang, &articles)
        }
        _ => Vec::new(),
    };
    // Japanese item labels that do not open lines stand before or after their items, as the
    // whole version's labels tell.
    let placement = (stream.lang == Lang::Ja).then(|| inline_placement(&text[body.clone()]));
    // Translate every span into normalized coordinates.
    let to_normalized = |range: &Range<usize>| stream.map.range_to_normalized(range.clone());
    let finish = |mut list: Vec<Article>| -> Vec<Article> {
        for article in &mut list {
            for paragraph in &mut article.paragraphs {
                let local = paragraph.span.clone();
                if let Some(placement) = placement.filter(|p| *p != Placement::After) {
                    paragraph.subparagraphs =
                        japanese_subparagraphs(&text[local.clone()], placement);
                }
                paragraph.text = text[local.clone()].to_string();
                paragraph.pieces = stream.map.slice(local.clone());
                paragraph.span = to_normalized(&local);
            }
            article.span = to_normalized(&article.span);
        }
        list
    };
    Version {
        lang: stream.lang,
        span: to_normalized(&part.range),
        articles: finish(articles),
        protocol: finish(protocol),
        mli: finish(mli),
    }
}

fn check_sequence(articles: &[Article], diagnostics: &mut Vec<Diagnostic>, stream: &Stream) {
    let mut previous: Option<u32> = None;
    for article in articles {
        let number: Option<u32> = article
            .number
            .trim_end_matches(|c: char| c.is_alphabetic())
            .parse()
            .ok();
        if let (Some(before), Some(now)) = (previous, number) {
            if now > before + 1 {
                diagnostics.push(Diagnostic {
                    code: "article_gap",
                    message: format!("{} text: article {} follows article {}; the headings between were not found", lang_name(stream.lang), now, before),
                    span: Some(stream.map.range_to_normalized(article.span.clone())),
                });
            }
        }
        if number.is_some() {
            previous = number;
        }
    }
}

fn lang_name(lang: Lang) -> &'static str {
    lang.profile().name
}

/// A heading found in the text.
struct Heading {
    start: usize,
    /// Where the title (or the body) starts.
    after_number: usize,
    number: u32,
    suffix: String,
    printed: String,
}

fn line_prefix(text: &str, at: usize) -> &str {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    &text[start..at]
}

fn latin_headings(text: &str, range: Range<usize>) -> Vec<Heading> {
    let mut headings: Vec<Heading> = Vec::new();
    let mut last: Option<u32> = None;
    for captures in LATIN_HEADING.captures_iter(&text[range.clone()]) {
        let whole = captures.get(0).unwrap();
        let start = range.start + whole.start();
        let (number, printed) = if let Some(digits) = captures.get(1) {
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
        };
        if number == 0 {
            continue;
        }
        // A heading starts a line or follows the end of a sentence (OCR runs lines together).
        let prefix = line_prefix(text, start).trim_end();
        let at_boundary = prefix.is_empty()
            || prefix.ends_with(['.', ';', ':', '"', '”', '»', ')'])
            || prefix.chars().all(|c| !c.is_lowercase());
        let after = range.start + whole.end();
        let rest = text[after..range.end].trim_start_matches([' ', '\t']);
        // Two-column OCR glues headings to the end of the other column's fragment; there a
        // heading must be the next number and be followed by a capitalized title.
        let titled_next = last.map_or(number == 1, |previous| {
            number > previous && number <= previous + 2
        }) && (rest.starts_with(|c: char| c.is_uppercase())
            || rest.starts_with("1. ")
            || rest.starts_with("1 - "));
        if !at_boundary && !titled_next {
            continue;
        }
        // "Article 7 of this Convention", "Article 10, paragraph 2": references.
        let rest_lower: String = rest.chars().take(20).collect::<String>().to_lowercase();
        // A heading is followed by its title, a line break or a paragraph number; a word in
        // lower case continues a sentence ("Article 7 or Article 14, as the case may be").
        if rest.starts_with(',')
            || rest.starts_with(|c: char| c.is_lowercase())
            || rest_lower.starts_with("of ")
            || rest_lower.starts_with("da ")
            || rest_lower.starts_with("do ")
            || rest_lower.starts_with("shall")
            || rest_lower.starts_with("and ")
            || rest_lower.starts_with("e ")
        {
            continue;
        }
        let acceptable = match last {
            None => true,
            Some(previous) => number > previous && number <= previous + 3,
        };
        if !acceptable {
            continue;
        }
        let suffix = captures.get(2).map_or(String::new(), |s| {
            s.as_str().trim().trim_start_matches('-').to_string()
        });
        last = Some(number);
        headings.push(Heading {
            start,
            after_number: after,
            number,
            suffix,
            printed,
        });
    }
    headings
}

/// Words that open a provision and never a title: after a heading they mean there is no title.
const SENTENCE_OPENERS: &[&str] = &[
    "the",
    "this",
    "where",
    "if",
    "notwithstanding",
    "o",
    "os",
    "a",
    "as",
    "quando",
    "se",
];

const TITLE_STOP_WORDS: &[&str] = &[
    "the",
    "this",
    "a",
    "an",
    "where",
    "if",
    "in",
    "for",
    "notwithstanding",
    "subject",
    "each",
    "either",
    "any",
    "nothing",
    "with",
    "income",
    "o",
    "os",
    "as",
    "um",
    "uma",
    "quando",
    "se",
    "para",
    "na",
    "no",
    "nenhuma",
    "nenhum",
    "não",
    "sem",
    "qualquer",
    "cada",
    "ressalvado",
    "sempre",
    "considera-se",
    "é",
    "são",
    "em",
    "dividends",
    "interest",
    "royalties",
    "profits",
];

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
        return (String::new(), line_end);
    }
    // Inline title (OCR runs heading, title and text together): words up to a sentence start.
    let offset = after_number + (rest.len() - rest.trim_start().len());
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
                && TITLE_STOP_WORDS.contains(&key.as_str())
                && (words > 0 || SENTENCE_OPENERS.contains(&key.as_str())))
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

fn latin_articles(text: &str, range: Range<usize>, lang: Lang, interleaved: bool) -> Vec<Article> {
    let headings = latin_headings(text, range.clone());
    let mut articles = Vec::new();
    for (index, heading) in headings.iter().enumerate() {
        let end = headings.get(index + 1).map_or(range.end, |next| next.start);
        let (title, body_start) = latin_title(text, heading.after_number, end);
        let body_start = body_start.min(end);
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
            span: heading.start..trim_end_offset(text, heading.start..end),
            paragraphs,
            modifies: String::new(),
        });
    }
    articles
}

pub(crate) fn trim_end_offset(text: &str, range: Range<usize>) -> usize {
    range.start + text[range].trim_end().len()
}

fn is_list_context(before: &str) -> bool {
    let before = before.trim_end();
    before.ends_with(':')
        || before.ends_with(';')
        || before.ends_with("; and")
        || before.ends_with("; or")
        || before.ends_with("; e")
        || before.ends_with("; ou")
        || before.ends_with(", and")
}

/// Numbered paragraphs in the body of an article, in sequence.
/// In text rebuilt from two interleaved columns, the words after a paragraph number often
/// belong to a wrapped line and start in lower case.
static LATIN_PARAGRAPH_ANY_CASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(\d{1,2})(?:\.|[ \t]?[-–—]|(?P<bare>))[ \t]+[\p{L}\(\x22“«]").unwrap()
});

fn latin_paragraphs(
    text: &str,
    body: Range<usize>,
    lang: Lang,
    interleaved: bool,
) -> Vec<Paragraph> {
    let markers = if interleaved {
        &*LATIN_PARAGRAPH_ANY_CASE
    } else {
        &*LATIN_PARAGRAPH
    };
    let mut starts: Vec<(usize, u32)> = Vec::new();
    let mut expected = 1;
    for captures in markers.captures_iter(&text[body.clone()]) {
        let whole = captures.get(0).unwrap();
        let start = body.start + whole.start();
        let number: u32 = captures[1].parse().unwrap_or(0);
        let prefix = line_prefix(text, start).trim_end();
        // A number with no full stop (`2 However, such royalties`), as OCR sometimes leaves
        // it, is a paragraph only in sequence, mid-line, and before a word that can open one.
        if captures.name("bare").is_some() {
            // The match ends with the first character of the next word.
            let last_char = whole.as_str().char_indices().last().map_or(0, |(i, _)| i);
            let next_word = text[start + last_char..]
                .split(|c: char| !c.is_alphabetic())
                .next()
                .unwrap_or("");
            let opens = !MONTHS.iter().any(|m| next_word.eq_ignore_ascii_case(m));
            if number != expected
                || prefix.is_empty()
                || !opens
                || prefix.ends_with(|c: char| c.is_ascii_digit())
            {
                continue;
            }
        }
        let at_line_start = prefix.is_empty();
        let after_sentence = prefix.ends_with(['.', '"', '”', '»', ')']) || start == body.start;
        // OCR loses paragraph numbers. After a full stop, the number after next is taken as
        // the next paragraph, and the text before a first number of 2 or 3 as paragraph 1.
        let lost_number = number > expected
            && number <= expected + 2
            && (at_line_start || prefix.ends_with('.') || (interleaved && number == expected + 1))
            && (expected > 1 || text[body.start..start].trim().len() > 40);
        if number != expected && !lost_number {
            continue;
        }
        if lost_number && starts.is_empty() {
            starts.push((body.start, 1));
        }
        // Two-column OCR runs paragraphs into other fragments: there the next number followed by
        // a capitalized word will do, unless the word before makes it a reference.
        let previous_word = prefix
            .rsplit(char::is_whitespace)
            .next()
            .unwrap_or("")
            .to_lowercase();
        let reference = PARAGRAPH_REFERENCE_WORDS
            .contains(&previous_word.trim_matches(|c: char| !c.is_alphanumeric()));
        if !(at_line_start || after_sentence || !reference) {
            continue;
        }
        // "1." after "in the case of Denmark:" or "...;" is an item of a list, not a paragraph.
        if is_list_context(&text[body.start..start]) && start != body.start {
            continue;
        }
        starts.push((start, number));
        expected = number + 1;
    }
    build_paragraphs(text, body, &starts, lang)
}

/// Month names, after which a bare number is a date, not a paragraph.
const MONTHS: &[&str] = &[
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
    "Janeiro",
    "Fevereiro",
    "Março",
    "Abril",
    "Maio",
    "Junho",
    "Julho",
    "Agosto",
    "Setembro",
    "Outubro",
    "Novembro",
    "Dezembro",
];

/// Words after which a number is a reference, not a paragraph number.
const PARAGRAPH_REFERENCE_WORDS: &[&str] = &[
    "paragraph",
    "paragraphs",
    "parágrafo",
    "parágrafos",
    "article",
    "articles",
    "artigo",
    "artigos",
    "subparagraph",
    "alínea",
    "nº",
    "n.º",
    "no",
    "and",
    "e",
    "of",
    "de",
    "do",
    "da",
    "ou",
    "or",
    "to",
    "a",
    "n",
];

pub(crate) fn build_paragraphs(
    text: &str,
    body: Range<usize>,
    starts: &[(usize, u32)],
    lang: Lang,
) -> Vec<Paragraph> {
    let body_text = text[body.clone()].trim();
    if starts.is_empty() {
        if body_text.is_empty() {
            return Vec::new();
        }
        let start = body.start + (text[body.clone()].len() - text[body.clone()].trim_start().len());
        return vec![paragraph(
            text,
            start..trim_end_offset(text, body),
            "1",
            true,
            lang,
        )];
    }
    let mut paragraphs = Vec::new();
    for (index, &(start, number)) in starts.iter().enumerate() {
        let end = starts.get(index + 1).map_or(body.end, |next| next.0);
        // Text before paragraph 1 (an OCR'd fragment) is kept with paragraph 1.
        let start = if index == 0 {
            body.start + (text[body.clone()].len() - text[body.clone()].trim_start().len())
        } else {
            start
        };
        paragraphs.push(paragraph(
            text,
            start..trim_end_offset(text, start..end),
            &number.to_string(),
            false,
            lang,
        ));
    }
    paragraphs
}

pub(crate) fn paragraph(
    text: &str,
    span: Range<usize>,
    number: &str,
    unnumbered: bool,
    lang: Lang,
) -> Paragraph {
    let local = &text[span.clone()];
    Paragraph {
        number: number.to_string(),
        unnumbered,
        subparagraphs: subparagraphs(local, lang),
        span,
        text: String::new(),
        pieces: Default::default(),
    }
}

/// Whether the text after a Japanese `(a)` marker makes it a reference (`(a)又は(b)の規定`,
/// `(a)(i)に規定する`): a conjunction or the words of a reference follow it.
pub(crate) fn is_japanese_reference(after: &str) -> bool {
    let mut rest = after;
    while let Some(m) = JA_SUBPARAGRAPH.find(rest).filter(|m| m.start() == 0) {
        rest = &rest[m.end()..];
    }
    // Not single particles: a marker displaced into its item's text may stand before the
    // rest of a word (`(a)が当該他方の...`).
    const FOLLOWERS: &[&str] = &[
        "又は",
        "及び",
        "若しくは",
        "並びに",
        "から",
        "まで",
        "の規定",
        "に規定",
        "に掲げ",
        "に定め",
        "にいう",
        "中",
    ];
    FOLLOWERS.iter().any(|f| rest.starts_with(f))
}

/// Subparagraph markers of a paragraph, each running to the next marker.
fn subparagraphs(local: &str, lang: Lang) -> Vec<Subparagraph> {
    let mut markers: Vec<(usize, usize, String)> = Vec::new(); // (marker start, text start, label)
    match lang {
        // Where inline labels stand is told from the whole version's text: see
        // `segment_version`, which reads them again with it.
        Lang::Ja => return japanese_subparagraphs(local, Placement::After),
        _ => {
            // `(a)`, `a)`, `(i)`, `i)` at the start of a line or after a colon or semicolon.
            for captures in SUBPARAGRAPH.captures_iter(local) {
                let Some(label) = captures.get(1).or(captures.get(2)) else {
                    continue;
                };
                let marker_start =
                    label.start() - usize::from(local[..label.start()].ends_with('('));
                let prefix = line_prefix(local, marker_start).trim_end();
                let after_list_break = prefix.ends_with([':', ';', '.'])
                    || [" e", " ou", " and", " or"]
                        .iter()
                        .any(|w| prefix.ends_with(w));
                // After a comma only a list's first item (`paragraph 2, (a) copyright ...`)
                // or the next one in sequence: a source that lost its line breaks.
                let label_text = label.as_str().to_lowercase();
                let in_sequence = match markers.last() {
                    None => label_text == "a" || label_text == "i",
                    Some((_, _, previous)) => {
                        previous.len() == 1
                            && label_text.len() == 1
                            && previous.as_bytes()[0] + 1 == label_text.as_bytes()[0]
                    }
                };
                let after_comma = prefix.ends_with(',') && in_sequence;
                if prefix.is_empty() || after_list_break || after_comma {
                    markers.push((
                        marker_start,
                        captures.get(0).unwrap().end(),
                        label.as_str().to_lowercase(),
                    ));
                }
            }
        }
    }
    let mut result = Vec::new();
    for (index, (start, _, label)) in markers.iter().enumerate() {
        let end = markers.get(index + 1).map_or(local.len(), |next| next.0);
        result.push(Subparagraph {
            label: label.clone(),
            local: *start..end,
        });
    }
    result
}

/// Items whose markers stand after their first line (PDF and vertical text): `当該配当の
/// 受益者が、...通(a)じ、...五パーセントその他の全ての場合には、...十パーセント(b)`.
/// The text between two markers is the rest of one item and the first line of the next; the
/// next item starts at the last place in it where an item can end (a sentence end, or a
/// word that closes an item such as `パーセント` or `場合` followed by the next item's first
/// word), else right after the previous marker. The last item runs past its marker to the
/// first such place, unless it ends at its marker.
pub(crate) fn displaced_items(local: &str) -> Vec<Subparagraph> {
    let found: Vec<(usize, usize, String)> = JA_SUBPARAGRAPH
        .captures_iter(local)
        .filter(|c| !is_japanese_reference(&local[c.get(0).unwrap().end()..]))
        .map(|c| {
            let whole = c.get(0).unwrap();
            (whole.start(), whole.end(), c[1].to_lowercase())
        })
        .collect();
    // Markers that each stand between the end of one item and the first word of the next
    // (`...できる。(a)当該利子の受益者が...機関である場合(b)当該利子の...`) open their items,
    // as in horizontal text whose line breaks were lost.
    let opens_items = found.len() >= 2
        && found.iter().enumerate().all(|(index, (start, end, _))| {
            ends_item(local, *start, *end)
                || (index == 0 && local[..*start].trim_end().ends_with(['、', ':', '：']))
        });
    if opens_items {
        return found
            .iter()
            .enumerate()
            .map(|(index, (start, end, label))| Subparagraph {
                label: label.clone(),
                // The last item ends where an item can end: closing words may follow it.
                local: *start
                    ..found.get(index + 1).map_or_else(
                        || {
                            item_ends(local, *end, local.len())
                                .next()
                                .unwrap_or(local.len())
                        },
                        |next| next.0,
                    ),
            })
            .collect();
    }
    // A reference's marker still ends the text before it: an item starts after it.
    let all_ends: Vec<usize> = found.iter().map(|(_, end, _)| *end).collect();
    let found = without_displaced_references(found);
    let mut starts = Vec::with_capacity(found.len());
    for (start, _, _) in &found {
        let previous_end = all_ends
            .iter()
            .copied()
            .rfind(|end| end <= start)
            .unwrap_or(0);
        let item_start = item_ends(local, previous_end, *start)
            .last()
            .unwrap_or(previous_end);
        starts.push(item_start);
    }
    let mut result = Vec::with_capacity(found.len());
    for (index, (start, end, label)) in found.iter().enumerate() {
        let item_end = match starts.get(index + 1) {
            Some(next) => (*next).max(*end),
            None if ends_item(local, *start, *end) => *end,
            None => item_ends(local, *end, local.len())
                .next()
                .unwrap_or(local.len()),
        };
        result.push(Subparagraph {
            label: label.clone(),
            local: starts[index]..item_end,
        });
    }
    result
}

/// Letter markers that are displaced references (`次の(a)及び(b)の規定` printed as `次の及び
/// の規定...(a) (b)`), told by their place and labels:
/// - in a cluster of markers with nothing but spaces between them (`(a) (i) (ii)`), those
///   after the first are references displaced with it;
/// - the first of a cluster is a reference too when its label comes again before the label
///   after it (`(a) (b) (b) (a) 定する...期(a) 間...操業(b)`);
/// - a lone marker that goes back in the sequence (`(a)` after `(b)`) is a reference unless
///   the marker after its label follows (a new list).
///
/// Roman numerals restart in each lettered item and are left alone.
fn without_displaced_references(found: Vec<(usize, usize, String)>) -> Vec<(usize, usize, String)> {
    let is_letter = |label: &str| label.len() == 1 && !matches!(label, "i" | "v" | "x");
    let successor = |label: &str| {
        let c = label.as_bytes()[0] + 1;
        char::from(c).to_string()
    };
    let n = found.len();
    let mut keep = vec![true; n];
    // Clusters: markers separated by spaces only.
    let mut cluster_start = vec![0usize; n];
    for index in 1..n {
        cluster_start[index] = if found[index].0 == found[index - 1].1 {
            cluster_start[index - 1]
        } else {
            index
        };
    }
    let comes_again_before_successor = |index: usize| {
        let label = &found[index].2;
        let next = successor(label);
        for (start, _, other) in &found[index + 1..] {
            let _ = start;
            if *other == next {
                return false;
            }
            if other == label {
                return true;
            }
        }
        false
    };
    for index in 0..n {
        if !is_letter(&found[index].2) {
            continue;
        }
        let first = cluster_start[index] == index;
        let clustered = index + 1 < n && cluster_start[index + 1] == index;
        if !first || (clustered && comes_again_before_successor(index)) {
            keep[index] = false;
        }
    }
    let mut previous: Option<u8> = None;
    for index in 0..n {
        let label = &found[index].2;
        if !keep[index] || !is_letter(label) {
            continue;
        }
        let byte = label.as_bytes()[0];
        if previous.is_some_and(|p| byte <= p) {
            let next = successor(label);
            let restarts = found[index + 1..]
                .iter()
                .take_while(|(_, _, other)| other != label)
                .any(|(_, _, other)| *other == next);
            if !restarts {
                keep[index] = false;
                continue;
            }
        }
        previous = Some(byte);
    }
    found
        .into_iter()
        .zip(keep)
        .filter_map(|(marker, keep)| keep.then_some(marker))
        .collect()
}

/// Where an item may end in `local[from..to]`: after a sentence's `。`, or after a word that
/// closes an item when the next item's first word follows it (`...十パーセントその他の`,
/// `...機関である場合当該利子の`), in order.
fn item_ends(local: &str, from: usize, to: usize) -> impl Iterator<Item = usize> + '_ {
    local[from..to]
        .char_indices()
        .map(move |(i, c)| from + i + c.len_utf8())
        .filter(move |at| *at < to && ends_item(local, *at, *at))
}

/// Whether an item ends at `before` with the next one starting at `after` (a marker may
/// stand between them).
fn ends_item(local: &str, before: usize, after: usize) -> bool {
    // `...に限る。)` closes an item's bracketed condition.
    const CLOSING_WORDS: &[&str] = &["パーセント", "場合", "もの", "こと", "。)", "。）"];
    let head = &local[..before];
    // Stray page furniture (`# Page 12`) between two items does not join them.
    let tail = local[after..]
        .trim_start_matches(|c: char| c.is_whitespace() || c == '#' || c.is_ascii_alphanumeric());
    let Some(next) = tail.chars().next() else {
        return false;
    };
    if head.ends_with('。') {
        return !matches!(next, ')' | '）' | '」');
    }
    let head = head.trim_end();
    if !CLOSING_WORDS.iter().any(|w| head.ends_with(w)) {
        return false;
    }
    // The first word of an item: a kanji that is not a conjunction or a continuation
    // (`以上`, `未満`, `超える`, `相当`), katakana, or `この`/`その`/`いずれ`.
    let kanji = ('\u{4E00}'..='\u{9FFF}').contains(&next) && !"又及並若以未超相".contains(next);
    let katakana = ('\u{30A0}'..='\u{30FF}').contains(&next) && next != '・';
    kanji || katakana || "こそい".contains(next)
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
fn protocol_points(
    text: &str,
    range: Range<usize>,
    lang: Lang,
    articles: &[Article],
) -> Vec<Article> {
    // The heading is its first word; `議定書` may be run into the text that follows it, and
    // the protocol's preamble may end with point 1's number (`...次の規定を協定した。1`).
    let heading_len = if lang == Lang::Ja && text[range.clone()].starts_with("議定書") {
        "議定書".len()
    } else {
        text[range.clone()].find(char::is_whitespace).unwrap_or(0)
    };
    let body = range.start + heading_len..range.end;
    let closing = CLOSING
        .find(&text[body.clone()])
        .map_or(body.end, |m| body.start + m.start());
    let body = body.start..closing;
    // Points written `4. Ad/Artigo 14` (`Ad Article`) are told by that form, in whatever order
    // OCR left their numbers; other protocols are numbered paragraphs in sequence.
    // A point whose number OCR lost takes the number after the previous point's.
    let mut ad_points: Vec<(usize, u32)> = Vec::new();
    for captures in AD_POINT.captures_iter(&text[body.clone()]) {
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
    let paragraphs = match lang {
        Lang::Ja => japanese_paragraphs(text, body.clone()),
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
            let referenced = ARTICLE_REFERENCE.captures(point_text).and_then(|c| {
                c.get(1)
                    .and_then(|d| d.as_str().parse::<u32>().ok())
                    .or_else(|| {
                        c.get(2)
                            .and_then(|k| parse_kanji_number(k.as_str()))
                            .map(|n| n as u32)
                    })
            });
            let topic = referenced
                .and_then(|n| {
                    articles
                        .iter()
                        .find(|a| a.number == n.to_string())
                        .map(|a| a.topic)
                })
                .or_else(|| topic_from_content(point_text))
                .unwrap_or(Topic::Miscellaneous);
            Article {
                modifies: referenced.map(|n| n.to_string()).unwrap_or_default(),
                number: format!("P{}", point.number),
                printed: point.number.clone(),
                title: String::new(),
                topic,
                inferred: false,
                span: point.span.clone(),
                paragraphs: vec![Paragraph {
                    number: "1".to_string(),
                    unnumbered: true,
                    ..point
                }],
            }
        })
        .collect()
}

/// Articles of a text that prints no headings: a paragraph `1.` after numbered paragraphs
/// starts a new article, and so does an unnumbered provision whose content is of another topic.
/// Lines longer than this mean the source lost its line breaks.
const ONE_LINE_LENGTH: usize = 2000;

/// A provision or paragraph inside a line whose breaks were lost: after the end of a sentence,
/// a paragraph number or a capital letter.
static SENTENCE_START: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\D[.:;][ \t]+(?:\d{1,2}\.[ \t]+)?[\p{Lu}(]").unwrap());

/// The lines of `range`, as ranges; a line of more than [`ONE_LINE_LENGTH`] bytes is cut
/// where sentences end, so that numbering restarts can still be seen.
fn lines_or_sentences(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let mut lines = Vec::new();
    let mut line_start = range.start;
    for line in text[range].split_inclusive('\n') {
        let start = line_start;
        line_start += line.len();
        if line.len() <= ONE_LINE_LENGTH {
            lines.push(start..line_start);
            continue;
        }
        let mut from = start;
        for found in SENTENCE_START.find_iter(line) {
            // The break goes after the punctuation and its spaces (not after the `2.` of a
            // paragraph number: the match starts with the character before the punctuation).
            let before_len = found.as_str().chars().next().map_or(0, char::len_utf8);
            let cut = start + found.start() + before_len + 1;
            let cut = cut + text[cut..].len() - text[cut..].trim_start_matches([' ', '\t']).len();
            if cut > from {
                lines.push(from..cut);
                from = cut;
            }
        }
        lines.push(from..line_start);
    }
    lines
}

fn inferred_articles(text: &str, range: Range<usize>, lang: Lang, fragment: bool) -> Vec<Article> {
    struct Draft {
        start: usize,
        end: usize,
        paragraphs: Vec<(usize, u32)>,
        numbered: bool,
    }
    let mut drafts: Vec<Draft> = Vec::new();
    let mut previous_line = "";
    let mut after_blank = true;
    for line_range in lines_or_sentences(text, range.clone()) {
        let start = line_range.start;
        let line_start = line_range.end;
        let content = text[line_range].trim();
        if content.is_empty() {
            after_blank = true;
            continue;
        }
        // A line continues the previous one's sentence unless a blank line or the end of a
        // sentence comes between (a source wrapped at 70 columns starts lines with
        // `Contracting State in respect of an employment ...`).
        let continues = !after_blank && !previous_line.ends_with(['.', ':', ';']);
        after_blank = false;
        let marker = LATIN_PARAGRAPH
            .captures(content)
            .filter(|c| c.get(0).unwrap().start() == 0);
        let number: Option<u32> = marker.and_then(|c| c[1].parse().ok());
        let list_context = is_list_context(previous_line);
        previous_line = content;
        let current = drafts.last_mut();
        match (number, current) {
            (Some(1), current)
                if !list_context
                    && current
                        .as_ref()
                        .is_none_or(|d| !d.paragraphs.is_empty() || !d.numbered) =>
            {
                drafts.push(Draft {
                    start,
                    end: line_start,
                    paragraphs: vec![(start, 1)],
                    numbered: true,
                });
            }
            (Some(n), Some(current))
                if !list_context
                    && current.numbered
                    && current.paragraphs.last().is_some_and(|p| p.1 + 1 == n) =>
            {
                current.paragraphs.push((start, n));
                current.end = line_start;
            }
            (None, current) => {
                let starts_provision = content.starts_with(|c: char| c.is_uppercase())
                    && !continues
                    && !list_context
                    && !content.starts_with('(');
                let new_article = match &current {
                    None => true,
                    Some(draft) => {
                        starts_provision && {
                            let own = topic_from_content(content);
                            let previous = topic_from_content(&text[draft.start..draft.end]);
                            own.is_some() && own != previous
                        }
                    }
                };
                if new_article {
                    drafts.push(Draft {
                        start,
                        end: line_start,
                        paragraphs: Vec::new(),
                        numbered: false,
                    });
                } else if let Some(current) = current {
                    current.end = line_start;
                }
            }
            (_, Some(current)) => current.end = line_start,
            (_, None) => drafts.push(Draft {
                start,
                end: line_start,
                paragraphs: Vec::new(),
                numbered: false,
            }),
        }
    }
    drafts
        .into_iter()
        .enumerate()
        .map(|(index, draft)| {
            let body = draft.start..draft.end;
            let paragraphs = build_paragraphs(text, body.clone(), &draft.paragraphs, lang);
            let topic = topic_from_content(&text[body.clone()]).unwrap_or(Topic::Miscellaneous);
            Article {
                number: if fragment {
                    String::new()
                } else {
                    (index + 1).to_string()
                },
                printed: String::new(),
                title: String::new(),
                topic,
                inferred: true,
                span: body.start..trim_end_offset(text, body),
                paragraphs,
                modifies: String::new(),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::{segment, Config};

    fn outline(text: &str) -> Vec<(String, String, &'static str, usize)> {
        let (doc, _) = segment(text, &Config::default());
        doc.treaties
            .iter()
            .flat_map(|t| t.versions.iter())
            .flat_map(|v| v.articles.iter().chain(v.protocol.iter()))
            .map(|a| {
                (
                    a.number.clone(),
                    a.title.clone(),
                    a.topic.as_str(),
                    a.paragraphs.len(),
                )
            })
            .collect()
    }

    #[test]
    fn portuguese_headings_titles_and_dash_paragraphs() {
        let text = "Artigo 9.º\n\nEmpresas associadas\n\n1 - Quando uma empresa participar.\n\n2 - Quando um Estado incluir.\n\nArtigo 10.º\n\nDividendos\n\n1 - Os dividendos pagos.\n\n2 - Esses dividendos podem, no entanto, ser tributados:\n\na) 5 % do montante bruto;\n\nb) 10 % do montante bruto.\n";
        let got = outline(text);
        assert_eq!(
            got[0],
            (
                "9".into(),
                "Empresas associadas".into(),
                "associated_enterprises",
                2
            )
        );
        assert_eq!(got[1], ("10".into(), "Dividendos".into(), "dividends", 2));
    }

    fn subparagraph_labels(text: &str) -> Vec<Vec<String>> {
        let (doc, _) = segment(text, &Config::default());
        doc.treaties[0].versions[0].articles[0]
            .paragraphs
            .iter()
            .map(|p| p.subparagraphs.iter().map(|s| s.label.clone()).collect())
            .collect()
    }

    #[test]
    fn english_subparagraphs_in_brackets_with_roman_items() {
        let text = "Article 2\nTaxes covered\n1. The existing taxes are:\n(a) in the case of Canada:\n(i) the income tax; and\n(ii) the capital tax;\n(b) in the case of Denmark, the income tax.\n2. The Convention shall apply also to identical taxes.\n";
        assert_eq!(
            subparagraph_labels(text),
            vec![vec!["a", "i", "ii", "b"], vec![]]
        );
    }

    #[test]
    fn portuguese_subparagraphs_with_a_closing_bracket() {
        let text = "Artigo 10.º\n\nDividendos\n\n1 - Os dividendos pagos.\n\n2 - Esses dividendos podem ser tributados:\n\na) 5 % do montante bruto;\n\nb) 10 % do montante bruto.\n";
        assert_eq!(subparagraph_labels(text), vec![vec![], vec!["a", "b"]]);
    }

    #[test]
    fn japanese_subparagraph_markers_stand_after_their_text() {
        // From japan-denmark-2017-ja-pdf.txt: `事業の管理の場所(a) 支店(b)`.
        let text = "第五条恒久的施設1この条約の適用上 恒久的施設 とは 事業を行う一定の場所をいう 2 恒久的施設 には 特に 次のものを含む 事業の管理の場所(a) 支店(b) 事務所(c)\n";
        let (doc, _) = segment(text, &Config::default());
        let paragraph = &doc.treaties[0].versions[0].articles[0].paragraphs[1];
        let texts: Vec<(&str, &str)> = paragraph
            .subparagraphs
            .iter()
            .map(|s| (s.label.as_str(), paragraph.text[s.local.clone()].trim()))
            .collect();
        assert_eq!(texts[1], ("b", "支店(b)"));
        assert_eq!(texts[2], ("c", "事務所(c)"));
        assert!(texts[0].1.ends_with("事業の管理の場所(a)"), "{texts:?}");
    }

    #[test]
    fn a_sentence_that_mentions_an_article_is_not_a_heading() {
        let text = "Article 7\nBusiness profits\n1. The profits of an enterprise shall be taxable only in that State.\n2. Where profits include items of income which are dealt with separately in other Articles, the provisions of Article 8 shall not be affected.\nArticle 8\nShipping and air transport\n1. Profits from the operation of ships.\n";
        let got = outline(text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].2, "shipping_air_transport");
    }

    #[test]
    fn inline_ocr_heading_with_title_and_text() {
        let text = "Have agreed as follows: Artigo 3 Definições gerais 1. Na presente Convenção, a não ser que o contexto imponha uma interpretação diferente: a) o termo designa. 2. Para a aplicação da presente Convenção. Artigo 4 Domicílio fiscal 1. Para os fins da presente Convenção.\n";
        let got = outline(text);
        assert_eq!(
            got[0],
            (
                "3".into(),
                "Definições gerais".into(),
                "general_definitions",
                2
            )
        );
        assert_eq!(
            got[1],
            ("4".into(), "Domicílio fiscal".into(), "resident", 1)
        );
    }

    #[test]
    fn japanese_glued_heading_title_and_paragraphs() {
        // From japan-denmark-2017-ja-pdf.txt: heading, title and paragraph 1 run together;
        // `41及び3` is paragraph 4 beginning `1及び3`; `第七条の規定` is a reference.
        let text = "次のとおり協定した 第九条関連企業1一方の締約国の企業が 第七条の規定に従い 2この条約は 3この条約は 41及び3の規定は 適用する 第十条配当1一方の締約国の居住者 2配当に対しては 第十一条利子1一方の締約国内において\n";
        let got = outline(text);
        assert_eq!(
            got[0],
            ("9".into(), "関連企業".into(), "associated_enterprises", 4)
        );
        assert_eq!(got[1], ("10".into(), "配当".into(), "dividends", 2));
        assert_eq!(got[2].2, "interest");
    }

    #[test]
    fn japanese_cross_reference_with_paragraph_is_not_a_heading() {
        let text =
            "第一条対象となる者1この条約は 第二十一条7の規定 第二条対象となる租税1この条約は\n";
        let got = outline(text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].0, "2");
    }

    #[test]
    fn missing_headings_are_inferred_from_numbering_restarts() {
        let text = "The Government of Canada and the Government of the Kingdom of Denmark, have agreed as follows:\n\nThis Convention shall apply to persons who are residents of one or both of the Contracting States.\n\n1. This Convention shall apply to taxes on income and on capital imposed on behalf of each Contracting State.\n\n2. The existing taxes to which the Convention shall apply are in particular:\n\n(b) in the case of Denmark:\n\n1. the income tax to the State;\n\n2. the municipal income tax;\n\n(hereinafter referred to as \"Danish tax\").\n\n3. This Convention shall apply also to any identical taxes.\n\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n\n2. However, such dividends may also be taxed.\n";
        let (doc, _) = segment(text, &Config::default());
        let treaty = &doc.treaties[0];
        assert_eq!(
            treaty.parties,
            vec!["Canada".to_string(), "Kingdom of Denmark".to_string()]
        );
        let got: Vec<(String, &str, usize, bool)> = treaty.versions[0]
            .articles
            .iter()
            .map(|a| {
                (
                    a.number.clone(),
                    a.topic.as_str(),
                    a.paragraphs.len(),
                    a.inferred,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("1".to_string(), "persons_covered", 1, true),
                ("2".to_string(), "taxes_covered", 3, true),
                ("3".to_string(), "dividends", 2, true),
            ]
        );
    }

    #[test]
    fn inferred_articles_survive_rewrapping_and_lost_line_breaks() {
        let long =
            "However, such dividends may also be taxed in the State of the company. ".repeat(30);
        let text = format!("The Government of Canada and the Government of the Kingdom of Denmark, have agreed as follows:\n\nThis Convention shall apply to persons who are residents of one or both of the Contracting States.\n\n1. This Convention shall apply to taxes on income and on capital imposed on behalf of each Contracting State.\n\n2. The existing taxes to which the Convention shall apply are in particular:\n\n(b) in the case of Denmark:\n\n1. the income tax to the State;\n\n2. the municipal income tax;\n\n(hereinafter referred to as \"Danish tax\").\n\n3. This Convention shall apply also to any identical taxes and to Article 7 or Article 14 of the law.\n\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n\n2. {long}\n");
        // Re-wrapped at 40 columns: lines start inside sentences, one of them with
        // `Article 7 or Article 14`, which is a reference, not a heading.
        let mut wrapped = String::new();
        for line in text.lines() {
            let mut column = 0;
            for word in line.split_whitespace() {
                if column > 0 && column + word.len() >= 40 {
                    wrapped.push('\n');
                    column = 0;
                } else if column > 0 {
                    wrapped.push(' ');
                    column += 1;
                }
                wrapped.push_str(word);
                column += word.len();
            }
            wrapped.push('\n');
        }
        let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
        for variant in [&text, &wrapped, &one_line] {
            let (doc, _) = segment(variant, &Config::default());
            let got: Vec<(String, &str, usize)> = doc.treaties[0].versions[0]
                .articles
                .iter()
                .map(|a| (a.number.clone(), a.topic.as_str(), a.paragraphs.len()))
                .collect();
            assert_eq!(
                got,
                vec![
                    ("1".to_string(), "persons_covered", 1),
                    ("2".to_string(), "taxes_covered", 3),
                    ("3".to_string(), "dividends", 2),
                ],
                "{variant}"
            );
        }
    }

    #[test]
    fn a_wrapped_formula_followed_by_another_on_its_second_line_is_one_treaty() {
        let text = "O Governo da República e o Governo do Reino, desejando concluir uma Convenção, acordam no\nseguinte: The Government of the Republic and the Government of the Kingdom have agreed as follows:\nArtigo 1.º Article 1\nA presente Convenção aplica-se às pessoas residentes. This Convention shall apply to persons who are residents of one or both of the Contracting States.\n";
        let (doc, _) = segment(text, &Config::default());
        assert_eq!(doc.treaties.len(), 1, "{:?}", doc.treaties);
        // The same in one stream: the first formula's part would end inside it.
        let stream = "O Governo da República, desejando concluir uma Convenção, acordam no\nseguinte: the Government have agreed as follows:\nArticle 1\nThis Convention shall apply to persons.\n";
        for part in super::split_treaties(stream) {
            assert!(part.body_start <= part.range.end, "{:?}", part.range);
        }
    }
}
