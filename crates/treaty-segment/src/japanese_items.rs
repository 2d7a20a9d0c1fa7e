//! Items of Japanese lists (`(a)`, `(ii)`) and where their labels stand.
//!
//! Horizontal text opens each item with its label at a line start, and there the label stands
//! before its item. Where the line starts are lost, labels stand inline, in one of two layouts:
//! - **before** their items, as printed horizontally, when the line breaks of a horizontal text
//!   were lost (`次のものを含む。(a)事業の管理の場所(b)支店(c)事務所`);
//! - **after** the first column of their items, as a PDF of vertical print gives them: the
//!   label sits beside the top of the item's column and is read after that column, so it
//!   follows a short item and falls inside the text of a long one
//!   (`次のものを含む。事業の管理の場所(a)支店(b)`, `一定の場(b)所を保有すること。`).
//!
//! Which layout a text uses is told from its inline labels ([`inline_placement`]): a label
//! before its item follows the end of a clause (the lead-in's `。`, the previous item's `、`
//! or `。`) and opens a phrase; a label after a column follows wherever the column ended,
//! often inside a phrase, and may be followed by a particle or an inflection that no item
//! starts with (`(a)を`, `(b)て`, `(c)う。`).

use std::ops::Range;

use crate::japanese_articles::grammar::Grammar;
use crate::model::Subparagraph;
use crate::structure::displaced::{displaced_items, is_japanese_reference, JA_SUBPARAGRAPH};

/// Where the inline item labels of a Japanese text stand relative to their items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Placement {
    /// Before their item (horizontal text whose line breaks were lost).
    Before,
    /// After the first column of their item (vertical print).
    After,
}

/// Inline labels needed before their placement is read from them; with fewer, labels are
/// taken to stand after their items, as in the PDF text that leaves them inline.
const MIN_EVIDENCE: usize = 8;

/// Share of inline labels (those that follow a clause end, less those followed by a particle)
/// from which labels are taken to stand before their items. Measured on the corpus: texts
/// with labels before their items score 0.52 to 0.77 once their line starts are lost, vertical
/// PDF texts -0.12 to 0.26.
const BEFORE_THRESHOLD: f64 = 0.4;

/// The character before a label that makes it a reference (`2(a)`, `第十条(a)`, `1項(b)`).
fn reference_before(g: &Grammar, c: char) -> bool {
    c.is_ascii_digit() || g.is_article_or_paragraph_mark(c) || c == g.item_mark
}

/// How a label reads from the characters around it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
    /// A reference to an item (`2(a)`, `(a)の規定`, `(a)から(c)まで`), not an item's label
    /// where labels stand before their items.
    Reference,
    /// Follows a clause end: stands before its item.
    Before,
    /// Is followed by what no item starts with: stands after a column.
    After,
    /// Beside another bracket (`(1)(a)`, `(a)(i)`): tells nothing of where it stands.
    Bracketed,
    /// Between two letters: tells nothing of where it stands.
    Neutral,
}

/// How the label at `label` reads; the words are `g`'s: what ends a clause
/// ([`treaty_lang::KanjiStructure::clause_ends`]), what continues a phrase, what makes a
/// reference.
fn reading(g: &Grammar, text: &str, label: Range<usize>) -> Reading {
    let before = text[..label.start]
        .trim_end_matches([' ', '\t'])
        .chars()
        .next_back();
    let after = text[label.end..].trim_start_matches([' ', '\t']);
    if before.is_some_and(|c| reference_before(g, c))
        || g.item_reference_followers
            .iter()
            .any(|w| after.starts_with(w))
    {
        Reading::Reference
    } else if before.is_some_and(|c| g.clause_ends.contains(&c)) {
        Reading::Before
    } else if after
        .chars()
        .next()
        .is_some_and(|c| g.phrase_continuations.contains(&c))
    {
        Reading::After
    } else if before == Some(')') || after.starts_with('(') {
        Reading::Bracketed
    } else {
        Reading::Neutral
    }
}

fn at_line_start(text: &str, at: usize) -> bool {
    at == 0 || text[..at].ends_with('\n')
}

/// Where the labels of `text` that do not open lines stand, read from all of them together:
/// the share that follow a clause end, less the share followed by what continues a phrase.
/// References and labels right after another bracket tell nothing and are not counted.
pub(crate) fn inline_placement(text: &str) -> Placement {
    let g = Grammar::kanji();
    let mut labels = 0usize;
    let mut score = 0i64;
    for found in JA_SUBPARAGRAPH.find_iter(text) {
        if at_line_start(text, found.start()) {
            continue;
        }
        match reading(g, text, found.range()) {
            Reading::Reference | Reading::Bracketed => continue,
            Reading::Before => score += 1,
            Reading::After => score -= 1,
            Reading::Neutral => {}
        }
        labels += 1;
    }
    if labels >= MIN_EVIDENCE && score as f64 >= BEFORE_THRESHOLD * labels as f64 {
        Placement::Before
    } else {
        Placement::After
    }
}

/// Subparagraphs of a Japanese paragraph (`local` is its text). Labels that open lines stand
/// before their items; otherwise `placement` says where they stand.
pub(crate) fn japanese_subparagraphs(local: &str, placement: Placement) -> Vec<Subparagraph> {
    let g = Grammar::kanji();
    // References in the text (`次の(a)又は(b)の規定`) are not items.
    let found: Vec<Range<usize>> = JA_SUBPARAGRAPH
        .find_iter(local)
        .map(|m| m.range())
        .filter(|r| !is_japanese_reference(&local[r.end..]))
        .collect();
    let label = |range: &Range<usize>| local[range.start + 1..range.end - 1].to_lowercase();
    // `1(a) 一方の...`: a paragraph's first item follows its number.
    let opens_line = |start: usize| {
        at_line_start(local, start) || local[..start].bytes().all(|b| b.is_ascii_digit())
    };
    // A marker alone on its line or glued to the next word (`(a)決権の...`) is one displaced
    // after its item's first line, as PDF text puts it; an item that opens its line has a
    // space after its marker.
    let opening = found
        .iter()
        .filter(|r| opens_line(r.start) && local[r.end..].starts_with(' '))
        .count();
    // (item start, label)
    let markers: Vec<(usize, String)> = if !found.is_empty() && opening * 2 > found.len() {
        // Horizontal text: the labels that open lines, before their items.
        found
            .iter()
            .filter(|r| opens_line(r.start))
            .map(|r| (r.start, label(r)))
            .collect()
    } else if placement == Placement::Before {
        // Inline labels before their items; a label followed by what no item starts with is
        // not one.
        found
            .iter()
            .filter(|r| {
                !matches!(
                    reading(g, local, (*r).clone()),
                    Reading::Reference | Reading::After
                )
            })
            .map(|r| (r.start, label(r)))
            .collect()
    } else {
        // Labels after (the first line of) their items.
        return displaced_items(local);
    };
    markers
        .iter()
        .enumerate()
        .map(|(index, (start, label))| Subparagraph {
            label: label.clone(),
            local: *start..markers.get(index + 1).map_or(local.len(), |next| next.0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` with every line break removed, as one-character-per-line text comes out.
    fn inline(text: &str) -> String {
        text.replace('\n', "")
    }

    const HORIZONTAL: &str = "2 「恒久的施設」には、特に、次のものを含む。\n(a) 事業の管理の場所\n(b) 支店\n(c) 事務所\n3 この条約の適用上、次のことを行う場合は、含まれないものとする。\n(a) 企業に属する物品の保管のためにのみ施設を使用すること。\n(b) 企業に属する物品の在庫を保有すること。\n(c) 企業のために情報を収集することのみを目的として、事業を行う一定の場所を保有すること。\n(d) (a)から(c)までに掲げる活動を組み合わせた活動を行うこと。\n(e) 企業のために広告を行うことのみを目的として、事業を行う一定の場所を保有すること。\n";

    /// Vertical print: each label after the first column of its item.
    const VERTICAL: &str = "「恒久的施設」には、特に、次のものを含む。(2)管理所(a)支店(b)事務所(c)作業場(d)「恒久的施設」については、次のことは、含まれないものとする。(3)企業に属する物品又は商品の在庫を、もつぱら他の企業による加工のため、保有すること。(a)企業のためにもつぱら物品若しくは商品を購入し、又は情報を収集するため、事業を行なう一定の場(b)所を保有すること。企業に属する物品又は商品をもつぱら保管し、展示し、又は引き渡すため、施設を使用すること。(c)その者が当該一方の締約国内で、当該企業の名において契約を締結する権限を有し、かつ、これを常(a)習的に行使する場合。当該企業に属する物品又は商品の在庫を保有す(b)る場合";

    #[test]
    fn labels_before_their_items_are_told_once_line_starts_are_lost() {
        assert_eq!(inline_placement(&inline(HORIZONTAL)), Placement::Before);
        assert_eq!(inline_placement(VERTICAL), Placement::After);
        // Too few inline labels: the layout of PDF text that leaves them inline.
        assert_eq!(
            inline_placement("次のものを含む。(a)支店(b)事務所"),
            Placement::After
        );
    }

    #[test]
    fn inline_labels_before_their_items_open_them_and_references_do_not() {
        let text = inline(HORIZONTAL);
        let paragraph = &text[text.find("3 この条約").unwrap()..];
        let items: Vec<(String, &str)> = japanese_subparagraphs(paragraph, Placement::Before)
            .into_iter()
            .map(|s| (s.label, &paragraph[s.local]))
            .collect();
        let labels: Vec<&str> = items.iter().map(|(l, _)| l.as_str()).collect();
        assert_eq!(labels, ["a", "b", "c", "d", "e"]);
        assert!(items[1].1.starts_with("(b) 企業に属する物品の在庫"));
        assert_eq!(
            items[3].1,
            "(d) (a)から(c)までに掲げる活動を組み合わせた活動を行うこと。"
        );
    }

    #[test]
    fn labels_that_open_lines_stand_before_their_items_whatever_the_placement() {
        let paragraph = &HORIZONTAL[HORIZONTAL.find("3 この条約").unwrap()..];
        for placement in [Placement::Before, Placement::After] {
            let labels: Vec<String> = japanese_subparagraphs(paragraph, placement)
                .into_iter()
                .map(|s| s.label)
                .collect();
            assert_eq!(labels, ["a", "b", "c", "d", "e"]);
        }
    }

    #[test]
    fn labels_after_their_items_close_them() {
        let paragraph = "次のものを含む。管理所(a)支店(b)事務所(c)";
        let items: Vec<&str> = japanese_subparagraphs(paragraph, Placement::After)
            .into_iter()
            .map(|s| &paragraph[s.local])
            .collect();
        // The lead-in's sentence end is where item (a) can start.
        assert_eq!(items, ["管理所(a)", "支店(b)", "事務所(c)"]);
    }
}
