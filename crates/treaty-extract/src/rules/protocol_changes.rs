//! `protocol_changes`: every row of a protocol point, an amending protocol's article or an
//! MLI provision is a `protocol` or `mli` row, with the treaty articles it modifies (read
//! where the row is made, `crate::rows`); a rate that replaces a tier of the treaty
//! ([`replaced_tiers`]) becomes that tier's effective rate (`crate::effective`).

use treaty_numbers::Lang;
use treaty_schema::Source;

use super::support::context::ParagraphCtx;
use super::support::finding::Finding;
use super::support::words::words;

/// The rule's name.
pub(crate) const NAME: &str = "protocol_changes";

/// Takes every row the rules before have given in a paragraph of a protocol or of the MLI.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    if ctx.source == Source::Treaty {
        return Vec::new();
    }
    let mut taken = ctx.take(|_| true);
    for finding in &mut taken {
        finding.rule = NAME;
    }
    taken
}

/// The tier of a treaty article that a protocol point or MLI provision replaces: the article,
/// paragraph and (where named) subparagraph of the instruction ("subparagraph (a) of
/// paragraph 2 of Article 10 shall be replaced by").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplacedTier {
    /// The treaty article (`10`).
    pub article: String,
    /// Its paragraph (`2`), when the instruction names one; else (a whole article replaced)
    /// the replacing text numbers its paragraphs as the article's.
    pub paragraph: Option<String>,
    /// Its subparagraph (`a`), when the instruction names one; else the replacing text's
    /// own items stand for the paragraph's.
    pub subparagraph: Option<String>,
}

/// The replacing instruction nearest before byte `at` of a provision's `text`, when there is
/// one: the tiers the number at `at` stands in for (one per place a list names: "paragraphs
/// 2(a) and 6 of Article X").
pub fn replaced_tiers(text: &str, at: usize, lang: Lang) -> Vec<ReplacedTier> {
    let Some(head) = text.get(..at) else {
        return Vec::new();
    };
    words(lang)
        .replaced_tier
        .iter()
        .flat_map(|pattern| pattern.captures_iter(head))
        .filter_map(|captures| {
            let whole = captures.get(0)?;
            let label = captures.name("label").map(|m| m.as_str().to_lowercase());
            let paragraph = captures.name("paragraph").map(|m| m.as_str().to_string());
            // The later instruction wins; at one end, the one that names the most (a
            // subparagraph of a paragraph of an article).
            let list = captures.name("list");
            let key = (
                whole.end(),
                paragraph.is_some() || list.is_some(),
                label.is_some(),
            );
            let article = captures.name("article")?.as_str();
            // `Article X`: articles are numbered in Arabic digits.
            let article = if article.chars().all(|c| c.is_ascii_digit()) {
                article.to_string()
            } else {
                treaty_numbers::parse_roman(article)
                    .map_or_else(|| article.to_string(), |n| n.to_string())
            };
            let places: Vec<(Option<String>, Option<String>)> = match list {
                Some(list) => PLACE
                    .captures_iter(list.as_str())
                    .map(|place| {
                        (
                            place.get(1).map(|m| m.as_str().to_string()),
                            place.get(2).map(|m| m.as_str().to_lowercase()),
                        )
                    })
                    .collect(),
                None => vec![(paragraph, label)],
            };
            let tiers = places
                .into_iter()
                .map(|(paragraph, subparagraph)| ReplacedTier {
                    article: article.clone(),
                    paragraph,
                    subparagraph,
                })
                .collect::<Vec<_>>();
            Some((key, tiers))
        })
        .max_by_key(|(key, _)| *key)
        .map(|(_, tiers)| tiers)
        .unwrap_or_default()
}

/// A place in a list of paragraphs: `2(a)`, `6`.
static PLACE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(\d{1,2})\s*(?:\(\s*([a-z])\s*\))?").expect("place pattern")
});
