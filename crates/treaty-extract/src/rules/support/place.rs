//! Where a number stands: its clause and the words on either side, cut once for every rule
//! that reads the number.

use std::ops::Range;

use treaty_numbers::{Lang, Quantity};
use treaty_segment::Paragraph;

use super::conditions::is_branch_clause;
use super::text::{words_around, Clauses};
use super::words::{contains_any, words};

/// Where a number stands: its clause and the words on either side.
pub(crate) struct Place<'a> {
    /// The label of the subparagraph the clause is, empty when none.
    pub(crate) subparagraph: String,
    /// The clause, in the paragraph's text.
    pub(crate) clause: Range<usize>,
    /// The clause's text.
    pub(crate) clause_text: &'a str,
    /// About forty characters before the number.
    pub(crate) before: &'a str,
    /// About forty characters after the number.
    pub(crate) after: &'a str,
    /// The clause (or its Japanese item) is about a branch profits tax.
    pub(crate) branch: bool,
}

impl<'a> Place<'a> {
    /// The place of `quantity` in `paragraph`, whose clauses are `clauses`.
    pub(crate) fn of(
        quantity: &Quantity,
        paragraph: &'a Paragraph,
        clauses: &Clauses<'_>,
        lang: Lang,
    ) -> Place<'a> {
        let text = paragraph.text.as_str();
        let (subparagraph, clause) = clauses.around(quantity.span.start);
        let clause_text = &text[clause.clone()];
        let (before, after) = words_around(text, quantity.span.clone());
        let words = words(lang);
        // A Japanese item's rate sentence may leave the permanent establishment to the
        // sentence before it in the same item (`この(a)に規定する税の額は...`).
        let item_text = words
            .japanese
            .then(|| {
                paragraph.subparagraphs.iter().rev().find(|s| {
                    s.local.start <= quantity.span.start && quantity.span.start < s.local.end
                })
            })
            .flatten()
            .map(|s| &text[s.local.start..s.local.end.min(text.len())]);
        let branch = is_branch_clause(clause_text, lang)
            || item_text.is_some_and(|item| {
                is_branch_clause(item, lang) && !contains_any(clause_text, words.list.dividends)
            });
        Place {
            subparagraph,
            clause,
            clause_text,
            before,
            after,
            branch,
        }
    }
}
