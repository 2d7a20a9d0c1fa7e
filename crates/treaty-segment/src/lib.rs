//! Segmentation: turns normalized treaty text into its structure.
//!
//! The input is the normalized text of one document (see `treaty-normalize`).
//! The output is a [`Document`]: one or more [`Treaty`]s, each with one [`Version`] per
//! language it is written in, each version with its [`Article`]s, [`Paragraph`]s and
//! [`Subparagraph`]s, and the protocol points that follow the articles.
//!
//! Stages, in order:
//! 1. [`lang`] tags every line (and, in two-column OCR, every word) as Portuguese, English or Japanese.
//! 2. [`stream`] rebuilds one running text per language, remembering where each piece came from.
//! 3. [`structure`] finds treaties, articles, paragraphs and subparagraphs in each stream;
//!    Japanese text goes through [`japanese`], which wraps lindera.
//! 4. [`topic`] gives each article a canonical topic from its title or its content.
//!
//! Every element carries a [`Span`] in *normalized* text coordinates; the caller maps it back to
//! the original bytes with the normalize offset map.
//!
//! ```
//! use treaty_segment::{segment, Config, Lang};
//! let text = "Article 1\nPersons covered\nThis Convention shall apply to persons who are residents of one or both of the Contracting States.\n\nArticle 2\nTaxes covered\n1. This Convention shall apply to taxes on income.\n2. The existing taxes are the income tax.\n";
//! let (doc, _diagnostics) = segment(text, &Config::default());
//! let english = &doc.treaties[0].versions[0];
//! assert_eq!(english.lang, Lang::En);
//! assert_eq!(english.articles.len(), 2);
//! assert_eq!(english.articles[1].topic.as_str(), "taxes_covered");
//! assert_eq!(english.articles[1].paragraphs.len(), 2);
//! ```

#![deny(missing_docs)]

pub mod japanese;
mod japanese_articles;
mod japanese_items;
pub mod lang;
mod mli;
mod model;
pub mod stream;
pub mod structure;
mod text_lines;
pub mod topic;

pub use japanese::{JapaneseTokenizer, TokenizerError};
pub use model::{
    Article, ArticleTopics, Config, Diagnostic, Document, LanguageShare, Paragraph, Span,
    Subparagraph, TokenizerSource, Treaty, Version,
};
pub use structure::subparagraph_markers;
pub use topic::Topic;
pub use treaty_numbers::Lang;

/// Segments a normalized document.
///
/// Never fails: a text with no recognizable structure yields no articles and a diagnostic.
pub fn segment(text: &str, config: &Config<'_>) -> (Document, Vec<Diagnostic>) {
    // The profiles that read this document: an installed profile only where the text shows it.
    // Its lines' evidence among them comes from the same reading, when it can.
    let (languages, lines) = lang::read_document(text);
    let _languages = lang::enter(languages);
    let (mut streams, evidence) = stream::split_by_language_with_scores(text, lines);
    let mut diagnostics = Vec::new();
    diagnostics.extend(leave_out_unsupported_versions(&mut streams));
    let languages = streams
        .iter()
        .map(|s| LanguageShare {
            lang: s.lang,
            bytes: s.text.len(),
        })
        .collect();
    // Text in a language no profile covers is reported, not read with the nearest profile's
    // grammar and rules.
    let unsupported = lang::unsupported_language(text, &evidence).map(|message| Diagnostic {
        code: "unsupported_language",
        message,
        span: None,
    });
    let treaties = match unsupported {
        Some(_) => Vec::new(),
        None => structure::build_treaties(&streams, config, &mut diagnostics),
    };
    diagnostics.extend(unsupported);
    // A whole treaty's worth of text with only a handful of articles has lost its structure
    // (line breaks removed, headings damaged): say so rather than return little in silence.
    for treaty in &treaties {
        for version in &treaty.versions {
            let bytes = version.span.end.saturating_sub(version.span.start);
            if !version.articles.is_empty() && version.articles.len() < 8 && bytes > 30_000 {
                diagnostics.push(Diagnostic {
                    code: "structure_damaged",
                    message: format!(
                        "treaty {} ({}): only {} articles in {} KB of text; headings or line breaks may have been lost",
                        treaty.index,
                        version.lang.as_str(),
                        version.articles.len(),
                        bytes / 1000
                    ),
                    span: Some(version.span.clone()),
                });
            }
        }
    }
    // An amending protocol has protocol articles and no articles of its own; a commentary
    // has been said to be one.
    let not_a_treaty = diagnostics
        .iter()
        .any(|d| d.code == "not_a_treaty" || d.code == structure::RANDOM_WORDS);
    if !not_a_treaty
        && treaties.iter().all(|t| {
            t.versions
                .iter()
                .all(|v| v.articles.is_empty() && v.protocol.is_empty())
        })
    {
        diagnostics.push(Diagnostic {
            code: "no_articles",
            message: "no treaty articles were found in the text".to_string(),
            span: None,
        });
    }
    (
        Document {
            treaties,
            languages,
        },
        diagnostics,
    )
}

/// Leaves out the versions of a document of several that are in a language no profile reads
/// (the French half of a bilingual print), with one diagnostic naming the language, the size
/// and the profiles the streams were taken for; the other versions are read.
fn leave_out_unsupported_versions(streams: &mut Vec<stream::Stream>) -> Option<Diagnostic> {
    if streams.len() < 2 {
        return None;
    }
    // (bytes, profile name, why) of each stream left out.
    let mut left_out: Vec<(usize, &'static str, String)> = Vec::new();
    streams.retain(|stream| match lang::unsupported_version(&stream.text) {
        Some(why) => {
            left_out.push((stream.text.len(), stream.lang.profile().name, why));
            false
        }
        None => true,
    });
    // What the left-out version shares with a profile (its article headings, numbers) is too
    // few words to be a version of its own.
    if !left_out.is_empty() {
        streams.retain(|stream| !lang::says_nothing(&stream.text));
    }
    let bytes: usize = left_out.iter().map(|(bytes, ..)| bytes).sum();
    let mut taken_for: Vec<&str> = left_out.iter().map(|(_, name, _)| *name).collect();
    taken_for.sort_unstable();
    taken_for.dedup();
    // The largest part says best what the text is.
    let (_, _, why) = left_out.into_iter().max_by_key(|(bytes, ..)| *bytes)?;
    Some(Diagnostic {
        code: "unsupported_version",
        message: format!(
            "{} KB of text taken for {} left out: {why}",
            bytes.div_ceil(1000),
            taken_for.join(", ")
        ),
        span: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_treaty_with_few_articles_is_reported_as_damaged() {
        let mut text = String::from("The States have agreed as follows:\n\nArticle 1\nPersons covered\nThis Convention shall apply to persons who are residents of one or both of the Contracting States.\n\nArticle 2\nTaxes covered\n");
        let sentence = "The tax so charged shall not exceed the amount the Contracting State may levy under its law. ";
        while text.len() < 40_000 {
            text.push_str(sentence);
        }
        let (_, diagnostics) = segment(&text, &Config::default());
        assert!(
            diagnostics.iter().any(|d| d.code == "structure_damaged"),
            "{diagnostics:?}"
        );
        // A short treaty of two articles is not damaged.
        let (_, diagnostics) = segment(&text[..2_000], &Config::default());
        assert!(!diagnostics.iter().any(|d| d.code == "structure_damaged"));
    }
}
