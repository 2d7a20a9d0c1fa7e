//! List items of Japanese text whose markers are glued to the text or displaced from their
//! items (PDF and vertical print): `当該配当の受益者が、...通(a)じ、...`.

use std::sync::LazyLock;

use regex::Regex;

use super::vocabulary::GRAMMAR;
use crate::model::Subparagraph;

/// A list marker glued to the text: `(a)`, `(ii)`.
pub(crate) static JA_SUBPARAGRAPH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\(([a-z]{1,2}|[ivx]{1,6})\)").unwrap());

/// Whether the text after a Japanese `(a)` marker makes it a reference (`(a)又は(b)の規定`,
/// `(a)(i)に規定する`): a conjunction or the words of a reference follow it.
pub(crate) fn is_japanese_reference(after: &str) -> bool {
    let mut rest = after;
    while let Some(m) = JA_SUBPARAGRAPH.find(rest).filter(|m| m.start() == 0) {
        rest = &rest[m.end()..];
    }
    // Not single particles: a marker displaced into its item's text may stand before the
    // rest of a word (`(a)が当該他方の...`).
    GRAMMAR
        .item_reference_followers
        .iter()
        .any(|f| rest.starts_with(f))
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
    if !GRAMMAR.item_closing_words.iter().any(|w| head.ends_with(w)) {
        return false;
    }
    // The first word of an item: a kanji that is not a conjunction or a continuation
    // (`以上`, `未満`, `超える`, `相当`), katakana, or `この`/`その`/`いずれ`.
    // tidy: not language (the script's code points; U+30FB is the middle dot, punctuation)
    let kanji = ('\u{4E00}'..='\u{9FFF}').contains(&next)
        && !GRAMMAR.item_continuation_chars.contains(next);
    let katakana = ('\u{30A0}'..='\u{30FF}').contains(&next) && next != '\u{30FB}';
    kanji || katakana || GRAMMAR.item_opening_chars.contains(next)
}
