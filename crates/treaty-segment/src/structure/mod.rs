//! Treaties, articles, paragraphs and subparagraphs in a language stream.
//!
//! Headings are accepted only in sequence (the next article number, or a small gap that OCR
//! may cause), which is what keeps cross-references such as "Article 7" or `第七条の規定` from
//! being read as headings. Where a text prints no headings at all, article boundaries are
//! inferred from paragraph numbering restarts and content.
//!
//! One concern per module: `treaties` (splitting a stream into treaties, parties), `headings`
//! (Latin article headings and titles), `paragraphs` (numbered paragraphs and lettered
//! subparagraphs), `displaced` (list items of vertical Japanese print), `protocol` (protocol
//! points), `inferred` (articles of texts without headings); `vocabulary` compiles the
//! profiles' treaty grammar they all read.

use std::ops::Range;

use treaty_lang::Script;
use treaty_numbers::Lang;

use crate::japanese_articles::japanese_articles;
use crate::japanese_items::{inline_placement, japanese_subparagraphs, Placement};
use crate::model::{Article, Config, Diagnostic, Treaty, Version};
use crate::stream::Stream;
use crate::topic::Topic;

mod amending;
mod commentary;
pub(crate) mod displaced;
mod headings;
mod inferred;
mod lines;
pub(crate) mod paragraphs;
mod protocol;
mod treaties;
mod vocabulary;
mod word_order;

#[cfg(test)]
mod tests;

pub use paragraphs::subparagraph_markers;

use headings::latin_articles;
use inferred::inferred_articles;
use protocol::{align_protocol_points, amend_as_other_versions, protocol_heading, protocol_points};
use treaties::{speaks_of_contracting_states, split_treaties, Part};
use vocabulary::GRAMMAR;

/// Fewer headings than this are checked against article inference.
const FEW_HEADINGS: usize = 3;

/// Articles from which a treaty is a convention whose articles later protocols amend (a
/// protocol or a covering letter has fewer).
const CONVENTION_ARTICLES: usize = 10;

/// The diagnostic of a text whose words are in random order (see [`word_order`]): not read as
/// a treaty.
pub(crate) const RANDOM_WORDS: &str = "not_a_treaty_random_words";

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
    // The topics of the first convention of the document, per language, for the protocols
    // printed after it that amend its articles.
    let mut convention: Vec<ConventionTopics> = Vec::new();
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
            let amended = convention
                .iter()
                .find(|(of, lang, _)| *lang == stream.lang && same_parties(of, &part.parties))
                .map(|(_, _, topics)| topics.as_slice())
                .or_else(|| config.amended_treaty.map(|treaty| treaty.of(stream.lang)))
                .unwrap_or(&[]);
            let version = segment_version(stream, &part, config, amended, diagnostics);
            if !convention.iter().any(|(_, lang, _)| *lang == stream.lang)
                && version.articles.len() >= CONVENTION_ARTICLES
            {
                let topics = version
                    .articles
                    .iter()
                    .filter(|a| a.topic != Topic::Miscellaneous && !a.number.is_empty())
                    .map(|a| (a.number.clone(), a.topic))
                    .collect();
                convention.push((part.parties.clone(), stream.lang, topics));
            }
            versions.push(version);
        }
        // A few lines taken for another language (a foreign editorial note, a quoted name)
        // are not a language version of the treaty.
        let has_structure =
            |v: &Version| !v.articles.is_empty() || !v.protocol.is_empty() || !v.mli.is_empty();
        if versions.iter().any(has_structure) {
            versions.retain(has_structure);
        }
        borrow_topics_across_versions(&mut versions);
        amend_as_other_versions(&mut versions);
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

/// A convention's parties, language, and the topic of each of its articles by number.
type ConventionTopics = (Vec<String>, Lang, Vec<(String, Topic)>);

/// Whether two treaties of a document are between the same parties, as far as their
/// preambles name them (a protocol printed after its convention may name none).
fn same_parties(a: &[String], b: &[String]) -> bool {
    a.is_empty()
        || b.is_empty()
        || (a.iter().all(|p| b.contains(p)) && b.iter().all(|p| a.contains(p)))
}

/// An untitled article whose content named no topic takes the topic of the same article in
/// another language version of the treaty (OCR may keep a title in one column only); so does
/// one whose heading OCR damaged (`inferred`), whose title is as damaged (`鉛還民休ュ`).
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
            .filter(|a| a.topic == Topic::Miscellaneous && (a.title.is_empty() || a.inferred))
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

/// Articles and protocol points of one language version of a treaty.
fn segment_version(
    stream: &Stream,
    part: &Part,
    config: &Config<'_>,
    amended: &[(String, Topic)],
    diagnostics: &mut Vec<Diagnostic>,
) -> Version {
    let text = &stream.text;
    let body = part.body_start..part.range.end;
    // The closing formula ends the articles; a protocol may follow it.
    let closing = GRAMMAR
        .closing
        .find(&text[body.clone()])
        .map(|m| body.start + m.start());
    let protocol_start =
        protocol_heading(text, closing.unwrap_or(body.start).min(body.end)..body.end);
    let articles_end = closing
        .or(protocol_start)
        .unwrap_or(body.end)
        .max(body.start);
    let article_range = body.start..articles_end;

    let japanese = stream.lang.profile().script == Script::Japanese;
    let (mut articles, mli) = if japanese {
        japanese_articles(text, article_range.clone(), config)
    } else {
        let latin = latin_articles(
            text,
            article_range.clone(),
            stream.lang,
            stream.is_interleaved(),
        );
        (latin, Vec::new())
    };
    // Without headings, articles are inferred only inside a treaty: after a preamble, or in a
    // fragment that ends with a signature formula; other text is not a treaty at all.
    // A preamble damaged by OCR still leaves a treaty recognizable by its vocabulary.
    let has_preamble = part.body_start > part.range.start
        || part.fragment
        || speaks_of_contracting_states(&text[article_range.clone()]);
    // Treaty words in random order (a word salad) have a treaty's vocabulary, numbers and
    // stray headings, but are not a treaty: nothing is read from them.
    let random_order = (!japanese)
        .then(|| word_order::random_word_order(&text[article_range.clone()]))
        .flatten();
    let random_words = random_order.is_some();
    if let Some(order) = random_order {
        diagnostics.push(word_salad_diagnostic(stream, part, &order));
        articles.clear();
    }
    // A later protocol of numbered points without article headings ("desiring to conclude a
    // Protocol ..., have agreed as follows: 1. ... 2. ..."): its paragraphs are its points.
    let points_only = part.instrument && articles.is_empty() && !japanese;
    // A stray heading or two (a reference left at a line start, a heading appended to the
    // text) do not make a structure: inference is tried too and kept when it finds far more.
    if articles.len() < FEW_HEADINGS && !japanese && has_preamble && !random_words && !points_only {
        let inferred = inferred_articles(text, article_range.clone(), stream.lang, part.fragment);
        if inferred.len() >= (articles.len() * 4).max(1) {
            articles = inferred;
        }
    }
    // A technical explanation or commentary follows a treaty's articles but states none.
    let commentary = !japanese && commentary::is_commentary(text, &articles);
    if commentary {
        diagnostics.push(commentary_diagnostic(stream, part, articles.len()));
        articles.clear();
    }
    check_sequence(&articles, diagnostics, stream);
    let mut protocol = match protocol_start {
        _ if points_only && !random_words => {
            protocol_points(text, body.start..articles_end, stream.lang, &articles)
        }
        Some(start) if start < body.end && !commentary && !random_words => {
            protocol_points(text, start..body.end, stream.lang, &articles)
        }
        _ => Vec::new(),
    };
    // The articles of an amending protocol modify another treaty's articles.
    if amending::amending_articles(text, &mut articles, amended, stream.lang) {
        articles.append(&mut protocol);
        protocol = std::mem::take(&mut articles);
    }
    // Japanese item labels that do not open lines stand before or after their items, as the
    // whole version's labels tell.
    let placement = japanese.then(|| inline_placement(&text[body.clone()]));
    let finish = |list: Vec<Article>| in_normalized_coordinates(stream, placement, list);
    Version {
        lang: stream.lang,
        span: stream.map.range_to_normalized(part.range.clone()),
        articles: finish(articles),
        protocol: finish(protocol),
        mli: finish(mli),
    }
}

/// The diagnostic of a version whose words are in random order.
fn word_salad_diagnostic(
    stream: &Stream,
    part: &Part,
    order: &word_order::WordOrder,
) -> Diagnostic {
    Diagnostic {
        code: RANDOM_WORDS,
        message: format!(
            "{} text: its words are in random order, not a treaty's sentences ({} of the \
             first {} words repeat the word before them, as {:.0} would by chance; prose has \
             a quarter of that at most), so it is not read as a treaty and no rows are \
             given",
            lang_name(stream.lang),
            order.doubled,
            order.words,
            order.expected
        ),
        span: Some(stream.map.range_to_normalized(part.range.clone())),
    }
}

/// The diagnostic of a version whose `n_articles` articles describe a treaty's provisions.
fn commentary_diagnostic(stream: &Stream, part: &Part, n_articles: usize) -> Diagnostic {
    Diagnostic {
        code: "not_a_treaty",
        message: format!(
            "{} text: its {} articles describe a treaty's provisions (\"This article \
             provides ...\") instead of stating them; it reads as a technical explanation \
             or commentary, so no rows are given",
            lang_name(stream.lang),
            n_articles
        ),
        span: Some(stream.map.range_to_normalized(part.range.clone())),
    }
}

/// Articles with every span translated from the stream into normalized coordinates, their
/// paragraphs' text and pieces filled in, and Japanese subparagraphs read where the inline
/// labels stand before their items (`placement`).
fn in_normalized_coordinates(
    stream: &Stream,
    placement: Option<Placement>,
    mut list: Vec<Article>,
) -> Vec<Article> {
    let text = &stream.text;
    let to_normalized = |range: &Range<usize>| stream.map.range_to_normalized(range.clone());
    for article in &mut list {
        for paragraph in &mut article.paragraphs {
            let local = paragraph.span.clone();
            if let Some(placement) = placement.filter(|p| *p != Placement::After) {
                paragraph.subparagraphs = japanese_subparagraphs(&text[local.clone()], placement);
            }
            paragraph.text = text[local.clone()].to_string();
            paragraph.pieces = stream.map.slice(local.clone());
            paragraph.span = to_normalized(&local);
        }
        article.span = to_normalized(&article.span);
    }
    list
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
