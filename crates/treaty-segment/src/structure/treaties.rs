//! Splitting a language stream into treaties at their preambles, and the parties each names.

use std::ops::Range;

use super::inferred::ONE_LINE_LENGTH;
use super::vocabulary::{captured_number, GRAMMAR};

/// One treaty's text within a stream.
pub(super) struct Part {
    /// From the start of the preamble (or of the fragment) to the end of the part.
    pub range: Range<usize>,
    /// Where the articles start (after the preamble).
    pub body_start: usize,
    pub fragment: bool,
    /// The preamble concludes an instrument of its own beside a treaty before it in the
    /// stream ("desiring to conclude a Protocol"): numbered points without article headings
    /// are its points.
    pub instrument: bool,
    pub parties: Vec<String>,
}

/// True when a text names "the Contracting States" often, as every tax treaty does.
pub(super) fn speaks_of_contracting_states(text: &str) -> bool {
    let mentions = GRAMMAR
        .contracting_state
        .iter()
        .map(|phrase| text.matches(phrase).take(5).count())
        .sum::<usize>();
    mentions >= 5
}

/// The longest prefix of `text` of at most `limit` bytes that ends on a character boundary.
fn prefix_at_most(text: &str, limit: usize) -> &str {
    let mut end = text.len().min(limit);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// Splits a stream at preambles: each "have agreed as follows" opens a treaty; text before
/// the first one is a fragment of another treaty if it closes with a signature formula.
/// Whether the first article heading within a few pages after `at` is Article 1.
fn first_heading_is_one(text: &str, at: usize) -> bool {
    let window_end = text[at..]
        .char_indices()
        .nth(8000)
        .map_or(text.len(), |(i, _)| at + i);
    let window = &text[at..window_end];
    // A Unicode word boundary keeps the regex engine on its slow engines over the whole
    // window; no heading starts before the first match of the ASCII-boundary pattern.
    let Some(candidate) = GRAMMAR.first_heading_ascii.find(window) else {
        return false;
    };
    GRAMMAR
        .first_heading
        .captures_at(window, candidate.start())
        .is_some_and(|c| captured_number(&c) == Some(1))
}

/// Whether the preamble that `marker` ends (up to a few hundred characters before it, and
/// after the treaty opened before, `after`) concludes an instrument of its own.
fn concludes_an_instrument(text: &str, after: usize, marker: &Range<usize>) -> bool {
    let Some(pattern) = &GRAMMAR.instrument_preamble else {
        return false;
    };
    let from = text[..marker.start]
        .char_indices()
        .rev()
        .nth(400)
        .map_or(0, |(i, _)| i)
        .max(after);
    from < marker.start && pattern.is_match(&text[from..marker.start])
}

pub(super) fn split_treaties(text: &str) -> Vec<Part> {
    let mut markers: Vec<Range<usize>> = GRAMMAR
        .preamble_end
        .find_iter(text)
        .map(|m| m.range())
        .collect();
    // OCR noise can break the full formula; a part of it counts on a line that also names
    // the convention or the governments, as a preamble does, and has no full formula.
    for weak in GRAMMAR.preamble_part.find_iter(text) {
        let line_start = text[..weak.start()].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[weak.end()..]
            .find('\n')
            .map_or(text.len(), |i| weak.end() + i);
        let line = &text[line_start..line_end];
        let covered = markers
            .iter()
            .any(|m| m.start >= line_start && m.end <= line_end);
        if !covered && GRAMMAR.preamble_context.is_match(line) {
            markers.push(weak.range());
        }
    }
    markers.sort_by_key(|m| m.start);
    // A treaty's articles start at Article 1: a later "have agreed" (in a mutual agreement
    // clause, or the protocol's "the undersigned have agreed that ...") starts no treaty
    // unless the first heading after it is Article 1, or its preamble concludes an instrument
    // of its own ("desiring to conclude a Protocol ..., have agreed as follows: 1. ...").
    // Each kept marker with whether it concludes an instrument of its own.
    let mut kept: Vec<(Range<usize>, bool)> = Vec::new();
    for marker in markers {
        let instrument = kept
            .last()
            .is_some_and(|(previous, _)| concludes_an_instrument(text, previous.end, &marker));
        if kept.is_empty() || instrument || first_heading_is_one(text, marker.end) {
            kept.push((marker, instrument));
        }
    }
    let markers = kept;
    let mut parts = Vec::new();
    if markers.is_empty() {
        parts.push(Part {
            range: 0..text.len(),
            body_start: 0,
            fragment: false,
            instrument: false,
            parties: parties_in(prefix_at_most(text, 3000)),
        });
        return parts;
    }
    // A treaty starts on the preamble's line; in a text whose line breaks were lost (lines of
    // thousands of characters) at the start of the preamble's sentence.
    let line_start = |at: usize| {
        let line = text[..at].rfind('\n').map_or(0, |i| i + 1);
        if at - line <= ONE_LINE_LENGTH {
            return line;
        }
        text[line..at].rfind(". ").map_or(line, |i| line + i + 2)
    };
    let first_start = line_start(markers[0].0.start);
    let before = &text[..first_start];
    if let Some(closing) = GRAMMAR.closing.find(before) {
        // Text before the first preamble that ends with a signature formula is another treaty.
        if closing.start() > 200 || before[..closing.start()].split_whitespace().count() > 30 {
            let parties = parties_in(before);
            parts.push(Part {
                range: 0..first_start,
                body_start: 0,
                fragment: true,
                instrument: false,
                parties,
            });
        }
    }
    for (index, (marker, instrument)) in markers.iter().enumerate() {
        let start = line_start(marker.start);
        let end = markers
            .get(index + 1)
            .map_or(text.len(), |(next, _)| line_start(next.start));
        // A formula wrapped over two lines with the next one on its second line (two columns
        // read across: `acordam no` / `seguinte: Have agreed as follows:`): one treaty.
        if end <= start || marker.end > end {
            continue;
        }
        // The preamble names the parties; look a little before the marker line too.
        let preamble_from = text[..start]
            .char_indices()
            .rev()
            .nth(600)
            .map_or(0, |(i, _)| i);
        let parties = parties_in(&text[preamble_from..marker.end]);
        parts.push(Part {
            range: start..end,
            body_start: marker.end,
            fragment: false,
            instrument: *instrument,
            parties,
        });
    }
    parts
}

/// The first two parties the preamble names, in the order it names them.
fn parties_in(text: &str) -> Vec<String> {
    let mut found: Vec<(usize, String)> = Vec::new();
    for regex in &GRAMMAR.parties {
        for captures in regex.captures_iter(text) {
            for name in captures.iter().skip(1).flatten() {
                let clean = name
                    .as_str()
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .trim_end_matches([',', ':', ';'])
                    .to_string();
                found.push((name.start(), clean));
            }
        }
    }
    found.sort_by_key(|(at, _)| *at);
    let mut parties: Vec<String> = Vec::new();
    for (_, name) in found {
        if name.len() > 2 && !parties.contains(&name) && parties.len() < 2 {
            parties.push(name);
        }
    }
    parties
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first match of the heading pattern over the whole window, as the search was before
    /// it started at the ASCII pattern's first match.
    fn by_whole_search(text: &str) -> bool {
        GRAMMAR
            .first_heading
            .captures(text)
            .is_some_and(|c| captured_number(&c) == Some(1))
    }

    #[test]
    fn a_later_protocol_of_numbered_points_is_a_treaty_of_its_own() {
        let text = "The Governments, desiring to conclude an Agreement, have agreed as follows:\n\
            Article 1\nPersons covered\nThis Agreement shall apply to residents.\n\
            Article 25\nMutual agreement\nThe competent authorities have agreed as follows: \
            they shall consult.\n\
            The Governments, desiring to conclude a Protocol in addition to the Agreement, \
            have agreed as follows:\n1. A person shall not be entitled to relief.\n\
            2. Paragraph 1 shall not apply.\n";
        let parts = split_treaties(text);
        assert_eq!(
            parts.len(),
            2,
            "the mutual agreement clause opens no treaty"
        );
        assert!(!parts[0].instrument);
        assert!(parts[1].instrument);
        assert!(text[parts[1].body_start..]
            .trim_start_matches(':')
            .starts_with("\n1. A person"));
    }

    #[test]
    fn first_heading_found_as_by_a_whole_search() {
        for text in [
            "have agreed as follows:\nArticle 1\nPersons covered",
            "acordaram no seguinte:\nArtigo 1º\nArticle 2\n",
            "acordaram no seguinte:\nArtigo 2º\nArtigo 1\nÂmbito",
            "agreed as follows:\n  ARTICLE I\nPersons",
            "agreed as follows:\nArticle 12ª\nArticle 1ª\n",
            "no heading here at all",
            "次のとおり協定した。\n第一条\n",
        ] {
            assert_eq!(
                first_heading_is_one(text, 0),
                by_whole_search(text),
                "{text:?}"
            );
        }
        assert!(first_heading_is_one("x\nArtigo 2º\nArtigo 1\n", 0));
        assert!(!first_heading_is_one("x\nArtigo 1º\nArtigo 2\n", 0));
    }
}
