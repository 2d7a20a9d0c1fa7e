//! What kind of instrument a treaty is, and its title.

use std::ops::Range;

use treaty_lang::{IdentityWords, InstrumentKind};
use treaty_segment::{Treaty, Version};

use crate::states::{find_states, State};
use crate::words::GRAMMAR;

/// How far before the articles the title is looked for.
const TITLE_REACH: usize = 2500;
/// How far before and after a title's instrument word the parties' names may stand.
const NAMES_BEFORE: usize = 200;
const NAMES_AFTER: usize = 300;
/// How far into the text a note saying it is consolidated is looked for.
const NOTE_REACH: usize = 30_000;
/// The longest title kept.
const TITLE_LENGTH: usize = 400;

/// The instrument's kind and its title's range.
///
/// A text that discusses a treaty (the segmenter's `not_a_treaty`) is a technical
/// explanation; an instrument whose articles all amend another's is a protocol; a text that
/// calls itself consolidated is one, and so is one with publisher's notes under its provisions
/// that later instruments changed them; otherwise the first instrument word of the title before
/// the articles decides (`PROTOCOL AMENDING THE CONVENTION` is a protocol).
pub(crate) fn kind_and_title(
    text: &str,
    treaty: &Treaty,
    version: &Version,
    head: Range<usize>,
    parties: &[State],
    commentary: bool,
) -> (InstrumentKind, Option<Range<usize>>) {
    let grammar = &GRAMMAR[version.lang];
    let first_word = title_word(text, version, head.clone(), parties)
        .or_else(|| first_word_before(text, version, head.clone()));
    let words = &version.lang.profile().identity;
    let title = first_word.map(|(at, _)| title_line(text, at, parties, words));
    // A consolidated text says so in its title or in a note on its first pages.
    let mut note_end = (version.span.start.max(head.end) + NOTE_REACH).min(text.len());
    while !text.is_char_boundary(note_end) {
        note_end -= 1;
    }
    let opening = text.get(head.start..note_end).unwrap_or("");
    let says = |wanted: InstrumentKind| {
        grammar
            .instruments
            .iter()
            .any(|(kind, regex)| *kind == wanted && regex.is_match(opening))
    };
    let amending = treaty.versions.iter().all(|v| v.articles.is_empty())
        && version.protocol.iter().any(|a| !a.modifies.is_empty());
    let kind = if commentary {
        InstrumentKind::TechnicalExplanation
    } else if amending {
        InstrumentKind::Protocol
    } else if says(InstrumentKind::Consolidated) || amendment_notes(text, version) >= NOTES {
        InstrumentKind::Consolidated
    } else {
        match first_word {
            // A protocol's title word before articles that are the treaty's own: a convention
            // with its protocol printed first is rare, an amending protocol is `amending`.
            Some((_, kind)) if kind != InstrumentKind::TechnicalExplanation => kind,
            _ => InstrumentKind::Convention,
        }
    };
    (kind, title)
}

/// How many publisher's notes of amendments make a text consolidated: one may be a mention.
const NOTES: usize = 2;

/// The publisher's notes in a version's text that a later instrument changed a provision.
fn amendment_notes(text: &str, version: &Version) -> usize {
    let body = text.get(version.span.clone()).unwrap_or("");
    GRAMMAR[version.lang]
        .amendment_notes
        .iter()
        .map(|regex| regex.find_iter(body).count())
        .sum()
}

/// The instrument word of the title: among the instrument words before the articles that have
/// both parties named close by (`CONVENTION BETWEEN X AND Y`, `XとYとの間の条約`), the one that
/// best looks like a title's (at the start or end of its line, in capitals), the nearest to
/// the articles among equals; a preamble's "desiring to conclude a Convention" and a covering
/// letter's mention of the Convention stand mid-line.
fn title_word(
    text: &str,
    version: &Version,
    head: Range<usize>,
    parties: &[State],
) -> Option<(usize, InstrumentKind)> {
    if parties.len() < 2 {
        return None;
    }
    let slice = text.get(head.clone())?;
    let named: Vec<(usize, State)> = find_states(slice)
        .into_iter()
        .filter(|m| parties.contains(&m.state))
        .map(|m| (m.range.start, m.state))
        .collect();
    let names_both = |at: usize| {
        let window = at.saturating_sub(NAMES_BEFORE)..at + NAMES_AFTER;
        parties
            .iter()
            .all(|party| named.iter().any(|(n, s)| s == party && window.contains(n)))
    };
    let mut best: Option<(usize, usize, InstrumentKind)> = None;
    for (object_kind, regex) in &GRAMMAR[version.lang].instruments {
        for object in regex.find_iter(slice) {
            if !names_both(object.start()) || is_amended_object(version, slice, object.start()) {
                continue;
            }
            let (m, kind) = head_word(version, slice, object, object_kind);
            // A title that says what it amends names its instrument for sure, also where
            // the title runs into the preamble (a print's lost line break).
            let amending_title = m.start() != object.start();
            let kind = &kind;
            let line_start = slice[..m.start()].rfind('\n').map_or(0, |i| i + 1);
            let line_end = slice[m.end()..]
                .find('\n')
                .map_or(slice.len(), |i| m.end() + i);
            let at_edge = slice[line_start..m.start()].trim().is_empty()
                || slice[m.end()..line_end].trim().is_empty();
            let capitals = m.as_str().chars().any(char::is_alphabetic)
                && !m.as_str().chars().any(char::is_lowercase);
            let score =
                4 * usize::from(amending_title) + 2 * usize::from(at_edge) + usize::from(capitals);
            if best.is_none_or(|(s, at, _)| score > s || (score == s && m.start() > at)) {
                best = Some((score, m.start(), *kind));
            }
        }
    }
    best.map(|(_, at, kind)| (head.start + at, kind))
}

/// The instrument word at `at` is what a title's verb amends (`PROTOCOL AMENDING THE
/// "CONVENTION ...`, a protocol to the convention), by the profile's phrases before it: the
/// title's head is an earlier word.
fn is_amended_object(version: &Version, slice: &str, at: usize) -> bool {
    let phrases = version.lang.profile().identity.amended_object_before;
    let before = slice[..at].trim_end_matches(['"', '“', '«', '\'', '‘', ' ', '\n']);
    let tail_start = before.char_indices().rev().nth(40).map_or(0, |(i, _)| i);
    let tail = before[tail_start..].to_lowercase();
    phrases.iter().any(|phrase| {
        tail.strip_suffix(phrase).is_some_and(|rest| {
            rest.chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
        })
    })
}

/// The head of a title an instrument word stands in: the word itself, or, where the profile's
/// phrase makes it the object of the title's verb (`条約を改正する議定書`), the instrument word
/// right after that phrase.
fn head_word<'t>(
    version: &Version,
    slice: &'t str,
    word: regex::Match<'t>,
    kind: &InstrumentKind,
) -> (regex::Match<'t>, InstrumentKind) {
    let profile = version.lang.profile();
    let rest = &slice[word.end()..];
    let after_phrase = profile
        .identity
        .amended_object
        .iter()
        .filter_map(|phrase| rest.trim_start().strip_prefix(phrase))
        .map(|after| slice.len() - after.trim_start().len())
        .max();
    let head = after_phrase.and_then(|at| {
        GRAMMAR[version.lang]
            .instruments
            .iter()
            .filter_map(|(head_kind, regex)| {
                let m = regex.find_at(slice, at)?;
                (m.start() == at).then_some((m, *head_kind))
            })
            .max_by_key(|(m, _)| m.len())
    });
    head.unwrap_or((word, *kind))
}

/// The first instrument word shortly before the articles, when no title names the parties.
fn first_word_before(
    text: &str,
    version: &Version,
    head: Range<usize>,
) -> Option<(usize, InstrumentKind)> {
    let mut start = head.end.saturating_sub(TITLE_REACH).max(head.start);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let window = text.get(start..head.end.max(start))?;
    GRAMMAR[version.lang]
        .instruments
        .iter()
        .filter_map(|(kind, regex)| {
            let m = regex.find(window)?;
            let (head, kind) = head_word(version, window, m, kind);
            Some((start + head.start(), kind, start + m.start()))
        })
        .min_by_key(|(_, _, first)| *first)
        .map(|(at, kind, _)| (at, kind))
}

/// The line holding `at`, and the lines after it up to two blank lines in a row (a PDF's
/// title has one between its lines), the place where the preamble names again a party the
/// title named (its first line, or, where a print ran the two together, within a line:
/// the preamble's parties right after the instrument word), or [`TITLE_LENGTH`] bytes, trimmed. Where the
/// profile's title openings stand in the line before `at` (a note run into the title's line),
/// the title starts at the first of them.
fn title_line(text: &str, at: usize, parties: &[State], words: &IdentityWords) -> Range<usize> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let start = words
        .title_openings
        .iter()
        .filter_map(|opening| text[line_start..at].find(opening))
        .min()
        .map_or(line_start, |offset| line_start + offset);
    let mut end = start;
    let mut blank_run = 0;
    // The parties the title has named so far: a later mention of one of them is the
    // preamble's ("The Government of X and the Government of Y, desiring ...").
    let mut named: Vec<State> = Vec::new();
    for line in text[start..].split_inclusive('\n') {
        let first_line = end == start;
        let mut again = None;
        for mention in find_states(line) {
            if !parties.contains(&mention.state) {
                continue;
            }
            if named.contains(&mention.state) {
                again = Some(mention.range.start);
                break;
            }
            named.push(mention.state);
        }
        if let Some(offset) = again {
            // A later line is the preamble's first; in the title's own line, the preamble
            // starts at the words before the name (`The Government of`).
            if first_line && offset <= TITLE_LENGTH {
                end += before_name(&line[..offset], words).len();
            }
            break;
        }
        if line.trim().is_empty() {
            blank_run += 1;
            if blank_run == 2 {
                break;
            }
        } else {
            blank_run = 0;
        }
        if end + line.len() - start > TITLE_LENGTH {
            break;
        }
        end += line.len();
    }
    if end == start {
        end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        end = end.min(start + TITLE_LENGTH);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
    }
    let piece = &text[start..end];
    let trimmed_start = start + (piece.len() - piece.trim_start().len());
    let trimmed_end = start + piece.trim_end().len();
    trimmed_start..trimmed_end.max(trimmed_start)
}

/// `text` without the words at its end that stand before a name (`The Government of` of
/// "The Government of X"), where the title was cut before the name.
fn before_name<'t>(text: &'t str, words: &IdentityWords) -> &'t str {
    let lowered = text.to_lowercase();
    let trimmed = lowered.trim_end();
    words
        .before_names
        .iter()
        .filter(|phrase| {
            trimmed.ends_with(*phrase)
                && trimmed[..trimmed.len() - phrase.len()]
                    .chars()
                    .next_back()
                    .is_none_or(char::is_whitespace)
        })
        .map(|phrase| trimmed.len() - phrase.len())
        .min()
        // Lower-casing keeps the byte length of these scripts' letters.
        .filter(|&cut| lowered.len() == text.len() && text.is_char_boundary(cut))
        .map_or(text, |cut| &text[..cut])
}

#[cfg(test)]
mod tests {
    use treaty_lang::Lang;

    use super::{title_line, State, GRAMMAR};

    #[test]
    fn a_title_ends_where_the_preamble_names_the_parties_again() {
        let states = |codes: &[&str]| -> Vec<State> {
            codes
                .iter()
                .map(|c| crate::states::state(c).unwrap())
                .collect()
        };
        let title_in = |lang: Lang, text: &str, at: usize, parties: &[State]| {
            text[title_line(text, at, parties, &lang.profile().identity)].to_string()
        };
        let title = |text: &str, parties: &[State]| title_in(Lang::En, text, 0, parties);
        let english = "PROTOCOL AMENDING THE CONVENTION BETWEEN THE UNITED STATES OF AMERICA AND\n\
                       CANADA WITH RESPECT TO TAXES ON INCOME AND ON CAPITAL\n\
                       The United States of America and Canada, desiring to conclude a Protocol\n\
                       to amend the Convention, have agreed as follows:\n";
        assert_eq!(
            title(english, &states(&["US", "CA"])),
            "PROTOCOL AMENDING THE CONVENTION BETWEEN THE UNITED STATES OF AMERICA AND\n\
             CANADA WITH RESPECT TO TAXES ON INCOME AND ON CAPITAL"
        );
        let spanish = "CONVENIO ENTRE EL REINO DE ESPAÑA\n\nY LA REPÚBLICA DE PANAMÁ PARA EVITAR LA DOBLE IMPOSICIÓN\n\n\
                       El Reino de España y la República de Panamá, deseando concluir un Convenio,\n";
        let es = Lang::from_code("es").expect("the Spanish profile is built in");
        assert_eq!(
            title_in(es, spanish, 0, &states(&["ES", "PA"])),
            "CONVENIO ENTRE EL REINO DE ESPAÑA\n\nY LA REPÚBLICA DE PANAMÁ PARA EVITAR LA DOBLE IMPOSICIÓN"
        );
        // A print that lost the line break between the title and the preamble.
        let one_line =
            "CONVENTION BETWEEN THE UNITED STATES OF AMERICA AND CANADA WITH RESPECT TO \
                        TAXES ON INCOME The United States of America and Canada, desiring to \
                        conclude a Convention, have agreed as follows:\n";
        assert_eq!(
            title(one_line, &states(&["US", "CA"])),
            "CONVENTION BETWEEN THE UNITED STATES OF AMERICA AND CANADA WITH RESPECT TO TAXES ON INCOME"
        );
        // A Japanese title joined to a note before it and to the preamble after it, the
        // instrument word last.
        let japanese = "課税期間に関して課される租税所得に対する租税に関する二重課税の回避のための\
                        日本国とブラジル連邦共和国との間の条約日本国政府及びブラジル連邦共和国政府は、\
                        次のとおり協定した。\n";
        let at = japanese.find("間の条約").unwrap() + "間の".len();
        assert_eq!(
            title_in(Lang::Ja, japanese, at, &states(&["JP", "BR"])),
            "所得に対する租税に関する二重課税の回避のための日本国とブラジル連邦共和国との間の条約"
        );
    }

    fn notes(text: &str) -> usize {
        let spanish = Lang::from_code("es").expect("the Spanish profile is built in");
        GRAMMAR[spanish]
            .amendment_notes
            .iter()
            .map(|regex| regex.find_iter(text).count())
            .sum()
    }

    #[test]
    fn a_publisher_s_note_that_a_later_instrument_changed_a_provision() {
        assert_eq!(
            notes(
                "3. Los dividendos ...\n\
                 Se modifica el apartado 3 por el art. 1 del Protocolo de 18 de noviembre de 2014. Ref. BOE-A-2015-10793\n\
                 Se modifica la letra i) y se añaden las letras j) y k) por el art. 2 del Protocolo de 18 de noviembre de 2014.\n\
                 Se modifica por el apartado 1 del Protocolo de 24 de febrero de 1995.\n"
            ),
            3
        );
        // The treaty's own words about amending it are no note.
        assert_eq!(
            notes(
                "El presente Convenio se modifica por acuerdo de los Estados contratantes.\n\
                 2. Se modificará el Convenio por un Protocolo.\n"
            ),
            0
        );
    }
}
