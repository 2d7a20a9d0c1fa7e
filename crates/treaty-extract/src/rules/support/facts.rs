//! What a treaty as a whole says that a tier of one article depends on.

use treaty_segment::{Topic, Treaty, Version};

use super::text::lower;
use super::words::{contains_any, words};

/// What a treaty as a whole says of fees for technical services, which a tier of one article
/// cannot see.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TreatyFacts {
    /// A royalties definition, or a protocol point on the royalties article, makes fees for
    /// technical services royalties (in any language version: the versions are one treaty,
    /// and an OCR version may have lost the clause).
    pub technical_fees_are_royalties: bool,
}

impl TreatyFacts {
    /// The facts of a treaty.
    pub fn of(treaty: &Treaty) -> TreatyFacts {
        TreatyFacts {
            technical_fees_are_royalties: treaty
                .versions
                .iter()
                .any(deems_technical_fees_royalties),
        }
    }
}

/// True when a paragraph of the version's royalties article, or of a protocol point or MLI
/// provision on it, makes fees for technical services royalties.
fn deems_technical_fees_royalties(version: &Version) -> bool {
    let words = words(version.lang);
    if words.technical_fees_deemed_royalties.is_empty() {
        return false;
    }
    let royalties_articles: Vec<&str> = version
        .articles
        .iter()
        .filter(|a| a.topic == Topic::Royalties)
        .map(|a| a.number.as_str())
        .collect();
    version
        .articles
        .iter()
        .chain(&version.protocol)
        .chain(&version.mli)
        .filter(|a| a.topic == Topic::Royalties)
        .flat_map(|a| &a.paragraphs)
        .any(|paragraph| {
            words.technical_fees_deemed_royalties.iter().any(|pattern| {
                pattern.may_match(&paragraph.text)
                    && pattern.captures_iter(&paragraph.text).any(|captures| {
                        let whole = lower(captures.get(0).map_or("", |m| m.as_str()));
                        // An article the clause names must be the royalties article.
                        let article_is_royalties = captures.name("article").is_none_or(|named| {
                            royalties_articles
                                .iter()
                                .any(|number| number.eq_ignore_ascii_case(named.as_str()))
                        });
                        !contains_any(&format!(" {whole} "), words.list.negation)
                            && article_is_royalties
                    })
            })
        })
}
