//! Protocols and the treaties they amend, across the documents of one batch.
//!
//! An amending protocol published on its own often changes an article by number only
//! ("Subparagraph (a) of paragraph 3 of Article 10 of the Convention shall be amended by
//! deleting the words “twelve months” ..."): which article that is, dividends or something
//! else, only the treaty says. When that treaty is another document of the batch, the batch
//! processes the protocol again with the treaty's article topics ([`Settings::amended_treaty`]).
//! The link is by identity, never by file name: the protocol's parties, and the date its
//! title or preamble gives for the treaty it amends (`amends`), equal to that treaty's
//! signature date.
//!
//! [`Settings::amended_treaty`]: crate::Settings::amended_treaty

use treaty_segment::{ArticleTopics, Topic};

use treaty_schema::{DocumentReport, Instrument, TreatyReport, Warning};

/// A treaty of the batch that protocols may amend: who signed it when, and its articles'
/// topics.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkedTreaty {
    /// The document it is in.
    pub doc: String,
    /// Its index in that document.
    pub treaty: usize,
    /// Its parties' ISO codes, sorted.
    pub parties: Vec<String>,
    /// The date it was signed, `YYYY-MM-DD`.
    pub signed: String,
    /// Its articles' topics.
    pub topics: ArticleTopics,
}

/// Fewer articles than this is no convention whose articles protocols amend (a protocol
/// printed after its convention, an exchange of notes).
const TREATY_ARTICLES: usize = 10;

fn sorted_parties(treaty: &TreatyReport) -> Vec<String> {
    let mut parties: Vec<String> = treaty.states.iter().map(|s| s.alpha2.clone()).collect();
    parties.sort();
    parties
}

/// The conventions of a document that a protocol elsewhere may amend: those with two
/// identified parties, a signature date and articles.
pub fn treaties_of(report: &DocumentReport) -> Vec<LinkedTreaty> {
    report
        .treaties
        .iter()
        .filter(|treaty| treaty.instrument == Instrument::Convention && treaty.states.len() == 2)
        .filter_map(|treaty| {
            let signed = treaty.signed.as_ref()?.date.clone()?;
            let versions: Vec<_> = treaty
                .versions
                .iter()
                .filter(|version| version.articles.len() >= TREATY_ARTICLES)
                .map(|version| {
                    let topics = version
                        .articles
                        .iter()
                        .filter(|a| a.topic != Topic::Miscellaneous && !a.article.is_empty())
                        .map(|a| (a.article.clone(), a.topic))
                        .collect();
                    (version.lang, topics)
                })
                .collect();
            (!versions.is_empty()).then(|| LinkedTreaty {
                doc: report.doc.clone(),
                treaty: treaty.treaty,
                parties: sorted_parties(treaty),
                signed,
                topics: ArticleTopics { versions },
            })
        })
        .collect()
}

/// The treaty the protocols of `report` amend, when the document does not print it itself:
/// its parties' ISO codes (sorted) and the date the protocol's preamble gives for it.
pub fn wanted_treaty(report: &DocumentReport) -> Option<(Vec<String>, String)> {
    let printed_here = |date: &str| {
        report.treaties.iter().any(|treaty| {
            treaty.instrument == Instrument::Convention
                && treaty.signed.as_ref().and_then(|s| s.date.as_deref()) == Some(date)
        })
    };
    report
        .treaties
        .iter()
        .filter(|treaty| treaty.instrument == Instrument::Protocol && amends_articles(treaty))
        .filter_map(|treaty| {
            Some((
                sorted_parties(treaty),
                treaty.amends.as_ref()?.date.clone()?,
            ))
        })
        .find(|(_, date)| !printed_here(date))
}

/// The treaty among `known` that the protocols of `report` amend ([`wanted_treaty`]): a
/// treaty of another document between the same parties and signed on that date. `None` when
/// there is none, or when two would fit (the link would be a guess).
pub fn amended_treaty<'a>(
    report: &DocumentReport,
    known: &'a [LinkedTreaty],
) -> Option<&'a LinkedTreaty> {
    let (parties, date) = wanted_treaty(report)?;
    let mut fitting = known
        .iter()
        .filter(|t| t.doc != report.doc && t.parties == parties && t.signed == date);
    let first = fitting.next()?;
    fitting.next().is_none().then_some(first)
}

/// Whether a protocol has articles that amend a treaty's articles.
fn amends_articles(treaty: &TreatyReport) -> bool {
    treaty
        .versions
        .iter()
        .flat_map(|v| &v.protocol)
        .any(|article| !article.modifies.is_empty())
}

/// The warning of a document processed with the topics of a treaty in another document.
pub(crate) fn linked_warning(treaty: &LinkedTreaty) -> Warning {
    Warning {
        code: "amended_treaty_in_batch".to_string(),
        message: format!(
            "the articles this protocol amends by number take their topics from treaty {} of \
             {} ({}, signed {}), the treaty its preamble names",
            treaty.treaty,
            treaty.doc,
            treaty.parties.join("-"),
            treaty.signed
        ),
        start: None,
        end: None,
    }
}

/// The warning of a protocol whose articles amend articles of a treaty by number only, with
/// no title and no treaty to take the topic from (neither printed in the document nor
/// `linked` from the batch): their rows are `miscellaneous`.
pub(crate) fn unknown_amended_topics(report: &DocumentReport, linked: bool) -> Option<Warning> {
    if linked {
        return None;
    }
    let (_, signed) = wanted_treaty(report)?;
    let untitled: Vec<String> = report
        .treaties
        .iter()
        .filter(|treaty| treaty.instrument == Instrument::Protocol)
        .flat_map(|treaty| treaty.versions.iter().flat_map(|v| &v.protocol))
        .filter(|a| !a.modifies.is_empty() && a.topic == Topic::Miscellaneous && a.title.is_empty())
        .map(|a| format!("{} (modifies {})", a.article, a.modifies.join(", ")))
        .collect();
    if untitled.is_empty() {
        return None;
    }
    Some(Warning {
        code: "amended_article_topic_unknown".to_string(),
        message: format!(
            "{} amend treaty articles by number alone, and neither this document nor the batch \
             holds the treaty they amend, signed {signed} (found by its parties and signature date): \
             their rows are miscellaneous; process that treaty in the same batch to give them \
             its articles' topics",
            untitled.join(", ")
        ),
        start: None,
        end: None,
    })
}
