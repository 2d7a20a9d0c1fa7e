//! Line-break hyphens: `con- formidade`, `Es- tado`, `resi-\ndent`.
//!
//! A candidate is a letter, a hyphen, spaces with at most one line break, and a lower-case
//! letter. Spaced dashes (` - `, the Portuguese paragraph numbering `1 - `) never match,
//! because a letter must touch the hyphen.
//!
//! The decision uses evidence from the document itself, counted over the whole text first
//! (the fragments at the candidates themselves do not count as words):
//! 1. keep the hyphen and drop the break when the hyphenated form occurs elsewhere at least as
//!    often as the joined one (`non- resident` -> `non-resident`, `ano- calendário` ->
//!    `ano-calendário`);
//! 2. join when the joined word occurs elsewhere (`Con- tratante` -> `Contratante`);
//! 3. join when the second part is not a word of the document on its own (`res- pectivas`);
//! 4. keep the hyphen and drop the break when both parts are words of the document
//!    (`anos- calendário`);
//! 5. otherwise leave the text as it is: in two-column OCR the second part may belong to
//!    the other column (`rendi- allow`).

use super::words::{is_word_char, lower, WordCounts};
use crate::edits::Edits;
use crate::stats::FixStats;

/// One line-break hyphen: `first_start..hyphen` is the first part, `second_start..second_end`
/// the second.
struct Candidate {
    first_start: usize,
    hyphen: usize,
    second_start: usize,
    second_end: usize,
}

/// Finds the candidates.
fn candidates(text: &str) -> Vec<Candidate> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut next_free = 0;
    for hyphen in memchr::memchr_iter(b'-', bytes) {
        if hyphen == 0 || hyphen < next_free {
            continue;
        }
        let mut after = hyphen + 1;
        while matches!(bytes.get(after), Some(b' ' | b'\t')) {
            after += 1;
        }
        if bytes.get(after) == Some(&b'\n') {
            after += 1;
            while matches!(bytes.get(after), Some(b' ' | b'\t')) {
                after += 1;
            }
        }
        if after == hyphen + 1 {
            continue;
        }
        let Some(next) = text[after..].chars().next() else {
            continue;
        };
        let Some(previous) = text[..hyphen].chars().next_back() else {
            continue;
        };
        if !next.is_lowercase() || !is_word_char(next) || !is_word_char(previous) {
            continue;
        }
        let first_start = word_start(text, hyphen);
        let second_end = word_end(text, after);
        found.push(Candidate {
            first_start,
            hyphen,
            second_start: after,
            second_end,
        });
        next_free = second_end;
    }
    found
}

fn word_start(text: &str, end: usize) -> usize {
    let mut start = end;
    while let Some(ch) = text[..start]
        .chars()
        .next_back()
        .filter(|&ch| is_word_char(ch))
    {
        start -= ch.len_utf8();
    }
    start
}

fn word_end(text: &str, start: usize) -> usize {
    let mut end = start;
    while let Some(ch) = text[end..].chars().next().filter(|&ch| is_word_char(ch)) {
        end += ch.len_utf8();
    }
    end
}

/// Resolves line-break hyphens; counts resolved ones in `stats.dehyphenation`.
pub(crate) fn fix_dehyphenation(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    let found = candidates(text);
    if found.is_empty() {
        return edits;
    }
    // The four lower-case keys of each candidate: first part, second part, joined word and
    // hyphenated word.
    let keys: Vec<[String; 4]> = found
        .iter()
        .map(|candidate| {
            let first = lower(&text[candidate.first_start..candidate.hyphen]);
            let second = lower(&text[candidate.second_start..candidate.second_end]);
            let joined = format!("{first}{second}");
            let hyphenated = format!("{first}-{second}");
            [first, second, joined, hyphenated]
        })
        .collect();
    let mut counts = WordCounts::default();
    for key in keys.iter().flatten() {
        counts.want_lower(key);
    }
    counts.count_in(text);
    // The fragments at the candidates themselves are not occurrences of words.
    for [first, second, _, _] in &keys {
        counts.discount_lower(first);
        counts.discount_lower(second);
    }
    for (candidate, [first, second, joined, hyphenated]) in found.iter().zip(&keys) {
        let hyphenated = counts.get_lower(hyphenated);
        let joined = counts.get_lower(joined);
        let first_is_word = counts.get_lower(first) > 0;
        let second_is_word = counts.get_lower(second) > 0;
        let keep_hyphen = hyphenated > 0 && hyphenated >= joined;
        if keep_hyphen || (joined == 0 && second_is_word && first_is_word) {
            edits.delete(candidate.hyphen + 1..candidate.second_start);
        } else if joined > 0 || !second_is_word {
            edits.delete(candidate.hyphen..candidate.second_start);
        } else {
            continue;
        }
        stats.dehyphenation += 1;
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    fn fix(text: &str) -> String {
        run(fix_dehyphenation, text).0
    }

    #[test]
    fn joins_when_the_joined_word_occurs_elsewhere() {
        // brazil-denmark-1974-pt-en-ocr.txt
        let (fixed, stats) = run(
            fix_dehyphenation,
            "as expressões \"um Estado Contratante\" e o \"outro Estado Con- tratante\" designam; \
             dos Es- tado Contratante; os Estados Contratantes",
        );
        assert_eq!(
            fixed,
            "as expressões \"um Estado Contratante\" e o \"outro Estado Contratante\" designam; \
             dos Estado Contratante; os Estados Contratantes"
        );
        assert_eq!(stats.dehyphenation, 2);
    }

    #[test]
    fn joins_when_the_second_part_is_no_word() {
        let text =
            "qualquer área dentro da qual, sob a lei da Dinamarca e de con- formidade com o \
                    direito internacional; modificação significativa em suas res- pectivas \
                    legislações tributárias. 1. Na presente Convenção, a não ser que o contexto \
                    imponha uma inter- pretação diferente";
        assert_eq!(
            fix(text),
            "qualquer área dentro da qual, sob a lei da Dinamarca e de conformidade com o \
             direito internacional; modificação significativa em suas respectivas \
             legislações tributárias. 1. Na presente Convenção, a não ser que o contexto \
             imponha uma interpretação diferente"
        );
        assert_eq!(
            fix("the term resident of a Contracting State; a resi-\ndent of both"),
            "the term resident of a Contracting State; a resident of both"
        );
    }

    #[test]
    fn keeps_real_hyphens() {
        // canada-denmark-1997-en-web.txt and portugal-montenegro-2016-pt-en.txt
        assert_eq!(
            fix("amounts paid or credited to non-residents; a non-resident of Canada; the non- resident"),
            "amounts paid or credited to non-residents; a non-resident of Canada; the non-resident"
        );
        assert_eq!(
            fix("antes do dia 30 de junho de qualquer ano-calendário. 2. no ano- calendário imediatamente"),
            "antes do dia 30 de junho de qualquer ano-calendário. 2. no ano-calendário imediatamente"
        );
        assert_eq!(
            fix(
                "a partir de 1 de janeiro dos anos- calendário; dos anos seguintes e do calendário"
            ),
            "a partir de 1 de janeiro dos anos-calendário; dos anos seguintes e do calendário"
        );
        let untouched = "o Estado esforçar-se-á por; the first-mentioned State; anti-abuse rules";
        assert_eq!(fix(untouched), untouched);
    }

    #[test]
    fn never_touches_spaced_dashes_or_capitals() {
        let text = "b) no caso da Dinamarca: 1 - o imposto de renda do Estado; Il - o imposto \
                    comunal; Estado- Membro";
        assert_eq!(fix(text), text);
    }

    #[test]
    fn leaves_column_fragments_without_evidence() {
        // Two-column OCR: "rendi-" is Portuguese, "allow" belongs to the English column.
        let text = "os rendi- allow a deduction; the deduction shall allow";
        assert_eq!(fix(text), text);
    }
}
