//! One paragraph as the rules read it: its text, its article, its clauses and numbers read
//! once, and the rows the rules have given so far.

use std::cell::{OnceCell, RefCell};
use std::ops::Range;

use treaty_numbers::Lang;
use treaty_schema::Source;
use treaty_segment::{Paragraph, Topic};

use super::conditions::is_rate_topic;
use super::facts::TreatyFacts;
use super::finding::Finding;
use super::reading::Numbers;
use super::text::Clauses;
use super::words::{words, Words};

/// One paragraph as the rules read it.
///
/// The paragraph's clauses are cut and its numbers read once, here, whatever the number of
/// rules that ask. The rules run in the order of `rules::registry::RULES`; the rows they give
/// are kept here, so that a later rule may take a row an earlier one gave and give it back as
/// its own, changed (a tier of fees for technical services takes that topic, a rate a
/// most-favoured-nation clause sets takes its trigger).
pub struct ParagraphCtx<'a> {
    /// The paragraph.
    pub(crate) paragraph: &'a Paragraph,
    /// The paragraphs of its article, for clauses that refer to another paragraph ("royalties
    /// within the meaning of subparagraph a) of paragraph 3").
    pub(crate) siblings: &'a [Paragraph],
    /// The topic of its article (or of the paragraph, where it has its own).
    pub(crate) topic: Topic,
    /// The language of its version.
    pub(crate) lang: Lang,
    /// What the treaty says elsewhere that a tier depends on.
    pub(crate) facts: TreatyFacts,
    /// The instrument it is in: the treaty, a protocol (or amending protocol), or the MLI.
    pub(crate) source: Source,
    /// Its text.
    pub(crate) text: &'a str,
    /// Its language's rule words.
    pub(crate) words: &'static Words,
    clauses: Clauses<'a>,
    numbers: OnceCell<Numbers<'a>>,
    worded_rates: OnceCell<bool>,
    found: RefCell<Vec<Finding>>,
}

impl<'a> ParagraphCtx<'a> {
    /// The context of `paragraph`, of an article with `topic` whose paragraphs are
    /// `siblings`, in a version in `lang` of an instrument that is `source`.
    pub fn new(
        paragraph: &'a Paragraph,
        siblings: &'a [Paragraph],
        topic: Topic,
        lang: Lang,
        facts: TreatyFacts,
        source: Source,
    ) -> ParagraphCtx<'a> {
        ParagraphCtx {
            paragraph,
            siblings,
            topic,
            lang,
            facts,
            source,
            text: paragraph.text.as_str(),
            words: words(lang),
            clauses: Clauses::of(paragraph, lang),
            numbers: OnceCell::new(),
            worded_rates: OnceCell::new(),
            found: RefCell::new(Vec::new()),
        }
    }

    /// The clause around a local offset and the label of its subparagraph (empty when
    /// none): the subparagraph, else the sentence.
    pub(crate) fn clause_at(&self, at: usize) -> (String, Range<usize>) {
        self.clauses.around(at)
    }

    /// The paragraph's numbers, read the first time a rule asks.
    pub(crate) fn numbers(&self) -> &Numbers<'a> {
        self.numbers.get_or_init(|| {
            Numbers::read(
                self.paragraph,
                self.siblings,
                self.topic,
                self.lang,
                &self.clauses,
            )
        })
    }

    /// Whether the paragraph's words (not a number) may set a rate of its article: an
    /// article of a class of income whose source State is left no right to tax. An
    /// other-income article that lets the source State tax too does not, nor a paragraph the
    /// next one takes back ("1. Royalties ... shall be taxable only in that other State. 2.
    /// However, such royalties may be taxed in the Contracting State in which they arise").
    pub(crate) fn worded_rates_apply(&self) -> bool {
        *self.worded_rates.get_or_init(|| {
            if !is_rate_topic(self.topic) {
                return false;
            }
            let words = self.words;
            let source_may_tax = self.topic == Topic::OtherIncome
                && self
                    .siblings
                    .iter()
                    .any(|p| words.source_may_also_tax.is_match(&p.text));
            let overridden = self
                .siblings
                .iter()
                .position(|p| p.span == self.paragraph.span)
                .and_then(|index| self.siblings.get(index + 1))
                .is_some_and(|next| words.source_overrides.is_match(opening_words(&next.text)));
            !source_may_tax && !overridden
        })
    }

    /// Takes out the rows the rules before have given that `wanted` accepts, in the order
    /// they were given.
    pub(crate) fn take(&self, mut wanted: impl FnMut(&Finding) -> bool) -> Vec<Finding> {
        let mut found = self.found.borrow_mut();
        let (taken, kept): (Vec<Finding>, Vec<Finding>) = std::mem::take(&mut *found)
            .into_iter()
            .partition(|f| wanted(f));
        *found = kept;
        taken
    }

    /// Keeps the rows a rule gives.
    pub(crate) fn give(&self, findings: Vec<Finding>) {
        self.found.borrow_mut().extend(findings);
    }

    /// Every row the rules gave, in the order of the paragraph (see
    /// [`super::finding::Order`]).
    pub(crate) fn into_findings(self) -> Vec<Finding> {
        let mut found = self.found.into_inner();
        found.sort_by_key(|f| f.order);
        found
    }
}

/// A paragraph's first words: after its number and the label of its first subparagraph
/// ("2. a) No obstante ..." opens with "No obstante").
fn opening_words(text: &str) -> &str {
    let words = text.trim_start_matches(|c: char| !c.is_alphabetic());
    let mut letters = words.char_indices();
    let label = match (letters.next(), letters.next()) {
        (Some((_, letter)), Some((at, ')' | '.'))) if letter.is_lowercase() => Some(at + 1),
        _ => None,
    };
    match label {
        Some(end) => words[end..].trim_start_matches(|c: char| !c.is_alphabetic()),
        None => words,
    }
}
