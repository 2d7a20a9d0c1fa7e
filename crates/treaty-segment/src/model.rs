//! The types segmentation returns ([`Document`] down to [`Subparagraph`]), its settings and
//! its diagnostics: the bottom of the crate, read by every stage and re-exported at its root.

use std::ops::Range;

use treaty_numbers::Lang;

use crate::japanese::{JapaneseTokenizer, TokenizerError};
use crate::stream::PieceMap;
use crate::topic::Topic;

/// A byte range in the normalized text of the document.
pub type Span = Range<usize>;

/// Where the Japanese tokenizer comes from.
///
/// The dictionary is large and slow to build, so the caller decides when (and whether) to load
/// it; segmentation asks for it only when a document has Japanese text.
pub trait TokenizerSource: Sync {
    /// The tokenizer, loading it on first use.
    fn japanese(&self) -> Result<&JapaneseTokenizer, TokenizerError>;
}

/// Segmentation settings.
#[derive(Default, Clone, Copy)]
pub struct Config<'a> {
    /// Source of the Japanese tokenizer; without one, Japanese titles are cut by rules alone.
    pub tokenizers: Option<&'a dyn TokenizerSource>,
    /// The treaty that the document's amending protocols amend, where the caller has it from
    /// another document (a protocol published on its own): its articles' topics go to the
    /// protocol articles that amend them without naming their titles. A treaty printed in
    /// the document itself, before its protocols, comes first.
    pub amended_treaty: Option<&'a ArticleTopics>,
}

/// The topics of a treaty's articles, by article number, per language version.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ArticleTopics {
    /// Per language version: each article's number (`10`) and topic.
    pub versions: Vec<(Lang, Vec<(String, Topic)>)>,
}

impl ArticleTopics {
    /// The topics of the version in `lang`, else of the first version: an article's number
    /// and topic are the same in every language.
    pub fn of(&self, lang: Lang) -> &[(String, Topic)] {
        self.versions
            .iter()
            .find(|(version, _)| *version == lang)
            .or(self.versions.first())
            .map_or(&[], |(_, topics)| topics.as_slice())
    }
}

/// The structure of one document.
#[derive(Debug, Clone, Default)]
pub struct Document {
    /// The treaties the document holds, in order of appearance.
    pub treaties: Vec<Treaty>,
    /// Per-language streams the document was split into, with the share of text in each.
    pub languages: Vec<LanguageShare>,
}

/// How much of the document is in one language.
#[derive(Debug, Clone, PartialEq)]
pub struct LanguageShare {
    /// The language.
    pub lang: Lang,
    /// Bytes of normalized text attributed to it.
    pub bytes: usize,
}

/// One treaty in a document (a document may also carry a fragment of another treaty).
#[derive(Debug, Clone)]
pub struct Treaty {
    /// 1, 2, ... in order of appearance.
    pub index: usize,
    /// The parties, where the text names them (`Republic of X`, `Kingdom of Y`).
    pub parties: Vec<String>,
    /// True when the text holds only part of the treaty (no preamble found).
    pub fragment: bool,
    /// One version per language.
    pub versions: Vec<Version>,
}

/// One language version of a treaty.
#[derive(Debug, Clone)]
pub struct Version {
    /// The language.
    pub lang: Lang,
    /// Where the version's text lies (normalized coordinates, first piece to last piece).
    pub span: Span,
    /// The articles, in order.
    pub articles: Vec<Article>,
    /// Numbered points of a protocol or exchange of notes, as articles numbered `P1`, `P2`, ...
    pub protocol: Vec<Article>,
    /// Provisions of the multilateral instrument (MLI) printed in a consolidated text, as
    /// articles numbered `MLI8`, ...: not treaty articles, each attached by
    /// [`Article::modifies`] to the treaty article it modifies.
    pub mli: Vec<Article>,
}

/// An article (or a protocol point).
#[derive(Debug, Clone)]
pub struct Article {
    /// Normalized number: `10`, `10A`, `P1`; empty when it cannot be known.
    pub number: String,
    /// The number as printed (`10.º`, `十`, `X`), empty when inferred.
    pub printed: String,
    /// The title as printed, empty when there is none.
    pub title: String,
    /// Canonical topic.
    pub topic: Topic,
    /// True when the number or boundary was inferred rather than read from a heading.
    pub inferred: bool,
    /// The whole article, heading included.
    pub span: Span,
    /// The paragraphs.
    pub paragraphs: Vec<Paragraph>,
    /// For a protocol point or an MLI provision, the treaty articles it modifies or concerns
    /// (`10`; `10`, `11`, `12` for a point "With reference to Articles 10, 11 and 12"), where
    /// the text names them; empty for a treaty article.
    pub modifies: Vec<String>,
}

/// A paragraph of an article.
#[derive(Debug, Clone)]
pub struct Paragraph {
    /// Normalized number (`1`, `2`); `1` for an unnumbered single paragraph.
    pub number: String,
    /// True when the paragraph had no printed number.
    pub unnumbered: bool,
    /// The paragraph text, marker included.
    pub span: Span,
    /// Its text, in one language (for interleaved OCR, the rebuilt stream text).
    pub text: String,
    /// Maps offsets in `text` back to normalized offsets.
    pub pieces: PieceMap,
    /// Subparagraphs.
    pub subparagraphs: Vec<Subparagraph>,
    /// The topic of a paragraph that concerns another article than its own article's topic
    /// says: a protocol point that an amending article quotes among others ("22. WITH
    /// REFERENCE TO PARAGRAPHS 5 AND 6 OF ARTICLE 25 (MUTUAL AGREEMENT PROCEDURE)"); `None`
    /// where the article's topic holds.
    pub topic: Option<Topic>,
    /// The treaty article such a paragraph concerns (`25`), where it is not its article's.
    pub modifies: Vec<String>,
}

/// A subparagraph of a paragraph.
#[derive(Debug, Clone)]
pub struct Subparagraph {
    /// Label as printed without brackets, lower case (`a`, `ii`).
    pub label: String,
    /// Byte range of the subparagraph within its paragraph's `text`.
    pub local: Range<usize>,
}

/// Something worth telling the user about the document's structure.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// Machine-readable code, e.g. `article_gap`.
    pub code: &'static str,
    /// Human-readable message.
    pub message: String,
    /// Where, in normalized coordinates.
    pub span: Option<Span>,
}
