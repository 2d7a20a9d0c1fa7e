//! Japanese layout: lines that a PDF text extractor cut, and spaces it put where Japanese
//! has none.
//!
//! Japanese is written without spaces, and a PDF extractor breaks its lines where the printed
//! line ended. Three repairs, each decided from the text alone:
//! 1. **Vertical text.** A page set in vertical columns comes out one character per line.
//!    A run of at least [`MIN_VERTICAL_RUN`] such lines is joined into one line; short lines
//!    among them (a displaced `(a)` or `(1)` marker) are joined in place, since where a
//!    marker stands is what later stages read.
//! 2. **Hard line ends.** A line break between two Japanese characters in mid-sentence is
//!    removed. It is kept after `。`, before a line that starts with a digit or `(a)`-style
//!    marker (paragraphs and items start there), and around a line that is an article heading
//!    (`第十条`, `第十条 配当`).
//! 3. **Spaces at punctuation.** A space next to `、`, `。`, `「`, `」` or a bracket around
//!    Japanese text is removed (`いても、 当該` -> `いても、当該`). Spaces between two
//!    Japanese letters stay: some extractors print `、` as a space.
//!
//! Also a character OCR reads for a katakana letter (`厶`, a kanji, for `ム`) is that letter
//! when katakana stands next to it.
//!
//! The punctuation, sentence ends, heading shapes and look-alikes come from the profiles (all
//! of them: the language is not known yet); the letter classes are Unicode script ranges.

use std::sync::LazyLock;

use regex::Regex;
use treaty_lang::Lang;

use crate::edits::Edits;
use crate::stats::FixStats;

/// What the layout repair reads from the profiles.
struct LayoutWords {
    punctuation: Vec<char>,
    sentence_ends: Vec<char>,
    look_alikes: Vec<(char, char)>,
    /// Whether every look-alike lies in U+3000..=U+FFFF, so that a text with no byte starting
    /// a character there has none ([`has_cjk_lead_byte`]).
    look_alikes_in_cjk_range: bool,
}

static WORDS: LazyLock<LayoutWords> = LazyLock::new(|| {
    let parts = || Lang::all().map(|lang| &lang.profile().normalize);
    LayoutWords {
        punctuation: parts()
            .flat_map(|part| part.unspaced_punctuation.iter().copied())
            .collect(),
        sentence_ends: parts()
            .flat_map(|part| part.sentence_ends.iter().copied())
            .collect(),
        look_alikes: parts()
            .flat_map(|part| part.katakana_look_alikes.iter().copied())
            .collect(),
        look_alikes_in_cjk_range: parts()
            .flat_map(|part| part.katakana_look_alikes.iter())
            .all(|(wrong, _)| ('\u{3000}'..='\u{FFFF}').contains(wrong)),
    }
});

/// One regex per profile that has a heading shape, compiled apart from the other words: the
/// quick look at every text reads the look-alikes, and only a text with Japanese reaches a
/// heading test.
static HEADINGS: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    Lang::all()
        .map(|lang| lang.profile().normalize.layout_heading)
        .filter(|heading| *heading != treaty_lang::patterns::NEVER)
        .map(|heading| Regex::new(heading).expect("profile heading regex is valid"))
        .collect()
});

fn is_katakana(c: char) -> bool {
    ('\u{30A0}'..='\u{30FF}').contains(&c)
}

/// The katakana letter OCR confused `c` with, if `c` is a look-alike of one.
fn katakana_look_alike(c: char) -> Option<char> {
    WORDS
        .look_alikes
        .iter()
        .find(|(wrong, _)| *wrong == c)
        .map(|(_, right)| *right)
}

pub(super) fn is_sentence_end(c: char) -> bool {
    WORDS.sentence_ends.contains(&c)
}

/// One-character lines in a row that make a page of vertical text.
const MIN_VERTICAL_RUN: usize = 20;

/// Kana, kanji and the iteration marks (U+3005, U+3006).
pub(crate) fn is_japanese_letter(c: char) -> bool {
    matches!(c,
        '\u{3041}'..='\u{309F}' | '\u{30A0}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}'
        | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{3005}' | '\u{3006}')
}

/// Whether any byte of `text` starts a character in U+3000..=U+FFFF, where every Japanese
/// letter and every katakana look-alike (a kanji) is: when none does, neither is in the text.
/// Read in blocks without an early exit, which the compiler vectorizes (this runs on every
/// document, and most have no such character).
fn has_cjk_lead_byte(text: &str) -> bool {
    text.as_bytes().chunks(256).any(|block| {
        block.iter().fold(false, |found, &byte| {
            found | (byte.wrapping_sub(0xE3) <= 0xEF - 0xE3)
        })
    })
}

/// Punctuation and brackets of a language written without spaces (full-width forms are folded
/// to ASCII earlier).
fn is_japanese_punctuation(c: char) -> bool {
    !c.is_ascii() && WORDS.punctuation.contains(&c)
}

fn is_japanese(c: char) -> bool {
    is_japanese_letter(c) || is_japanese_punctuation(c)
}

/// A letter or punctuation mark of a script written without spaces (kana, kanji, the
/// profiles' unspaced punctuation), for the letter-spacing repair of PDF pages.
pub(crate) fn is_unspaced_character(c: char) -> bool {
    is_japanese(c)
}

fn is_space(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\u{3000}'
}

/// Whether a line is an article heading, possibly with a short title (`第十条`, `第十条 配当`).
fn is_heading_line(line: &str) -> bool {
    let line = line.trim_matches(is_space);
    HEADINGS.iter().any(|heading| heading.is_match(line))
}

/// The lines of `text` as (start, end without the line break).
fn lines(text: &str) -> Vec<(usize, usize)> {
    let mut result = Vec::new();
    let mut start = 0;
    for newline in memchr::memchr_iter(b'\n', text.as_bytes()) {
        result.push((start, newline));
        start = newline + 1;
    }
    result.push((start, text.len()));
    result
}

/// Whether the text puts a space between Japanese characters as a rule, not at headings
/// only: more Japanese pairs are split by one space than stand together.
fn is_spaced_out(text: &str) -> bool {
    let mut spaced = 0usize;
    let mut together = 0usize;
    let mut window: [Option<char>; 3] = [None; 3];
    for c in text.chars().take(40_000) {
        window = [window[1], window[2], Some(c)];
        match window {
            [_, Some(a), Some(b)] if is_japanese(a) && is_japanese(b) => together += 1,
            [Some(a), Some(' '), Some(b)] if is_japanese(a) && is_japanese(b) => spaced += 1,
            _ => {}
        }
    }
    spaced >= 50 && spaced > together
}

/// Joins vertical runs and hard line ends; removes spaces at Japanese punctuation.
pub(crate) fn fix_japanese_layout(text: &str, stats: &mut FixStats) -> Edits {
    let mut edits = Edits::default();
    if !may_hold_japanese(text) {
        return edits;
    }
    let lines = lines(text);
    // join[i]: remove the break after line i.
    let mut join = vertical_runs(text, &lines);
    mark_hard_line_ends(text, &lines, &mut join);
    let spaced_out = is_spaced_out(text);
    let mut n_joined = 0u64;
    let mut n_spaces = 0u64;
    // 3. Spaces at punctuation, line by line; the joins are written in the same pass.
    for (index, &(start, end)) in lines.iter().enumerate() {
        n_spaces += repair_line(text, start..end, spaced_out, &mut edits);
        if index + 1 < lines.len() && join[index] {
            // Remove trailing spaces, the break and the next line's leading spaces.
            let content_end = start + text[start..end].trim_end_matches(is_space).len();
            let (next_start, next_end) = lines[index + 1];
            let next_line = &text[next_start..next_end];
            let next_content =
                next_start + (next_line.len() - next_line.trim_start_matches(is_space).len());
            // Spaces at a line's ends are never touched by the punctuation pass (it needs a
            // character on both sides), so this deletion cannot overlap one of its edits.
            edits.delete(content_end..next_content);
            n_joined += 1;
        }
    }
    stats.japanese_layout += n_joined + n_spaces;
    edits
}

/// Quick exit for texts without Japanese: whether `text` may hold a Japanese letter or a
/// katakana look-alike.
fn may_hold_japanese(text: &str) -> bool {
    if WORDS.look_alikes_in_cjk_range && !has_cjk_lead_byte(text) {
        return false;
    }
    text.chars().take(20_000).any(is_japanese_letter)
        || WORDS
            .look_alikes
            .iter()
            .any(|(wrong, _)| text.contains(*wrong))
}

/// Line `index` of `text` without its spaces at either end.
fn trimmed<'t>(text: &'t str, lines: &[(usize, usize)], index: usize) -> &'t str {
    let (start, end) = lines[index];
    text[start..end].trim_matches(is_space)
}

/// 1. Vertical runs: which line breaks to join (`true` at `i`: the break after line `i`).
fn vertical_runs(text: &str, lines: &[(usize, usize)]) -> Vec<bool> {
    let mut join = vec![false; lines.len()];
    let single = |line: &str| line.chars().count() == 1;
    let marker_like = |line: &str| {
        let n = line.chars().count();
        (2..=5).contains(&n) && line.starts_with('(')
    };
    let mut index = 0;
    while index < lines.len() {
        if !single(trimmed(text, lines, index)) {
            index += 1;
            continue;
        }
        let first = index;
        let mut last = index;
        let mut n_single = 0;
        let mut probe = index;
        while probe < lines.len() {
            let line = trimmed(text, lines, probe);
            if single(line) {
                n_single += 1;
                last = probe;
            } else if !marker_like(line) {
                break;
            }
            probe += 1;
        }
        if n_single >= MIN_VERTICAL_RUN {
            for flag in &mut join[first..last] {
                *flag = true;
            }
        }
        index = probe.max(index + 1);
    }
    join
}

/// 2. Hard line ends between Japanese text: marks them in `join`.
fn mark_hard_line_ends(text: &str, lines: &[(usize, usize)], join: &mut [bool]) {
    let n_pairs = lines.len().saturating_sub(1);
    for (index, joined) in join.iter_mut().enumerate().take(n_pairs) {
        if *joined {
            continue;
        }
        let previous = trimmed(text, lines, index);
        let next = trimmed(text, lines, index + 1);
        let Some(last) = previous.chars().next_back() else {
            continue;
        };
        let Some(first) = next.chars().next() else {
            continue;
        };
        let opens_japanese_bracket =
            first == '(' && next[1..].chars().next().is_some_and(is_japanese_letter);
        let continues = is_japanese(last)
            && !is_sentence_end(last)
            && (is_japanese(first) || opens_japanese_bracket)
            || (last == ')'
                && previous.chars().rev().nth(1).is_some_and(is_japanese)
                && is_japanese_letter(first));
        if continues && !is_heading_line(previous) && !is_heading_line(next) {
            *joined = true;
        }
    }
}

/// The spaces at Japanese punctuation and the katakana look-alikes of the line at `span` of
/// `text`, as edits; returns the number of spaces removed.
fn repair_line(
    text: &str,
    span: std::ops::Range<usize>,
    spaced_out: bool,
    edits: &mut Edits,
) -> u64 {
    let start = span.start;
    let line = &text[span];
    let mut n_spaces = 0u64;
    let mut chars = line.char_indices().peekable();
    let mut previous: Option<char> = None;
    while let Some((offset, c)) = chars.next() {
        if is_space(c) {
            let run_start = offset;
            let mut run_end = offset + c.len_utf8();
            while let Some(&(next_offset, next)) = chars.peek() {
                if !is_space(next) {
                    break;
                }
                run_end = next_offset + next.len_utf8();
                chars.next();
            }
            if space_run_goes(line, run_start..run_end, previous, spaced_out) {
                edits.delete(start + run_start..start + run_end);
                n_spaces += 1;
            }
            // A space run does not count as the character before the next one.
            previous = line[..run_start].chars().next_back();
            continue;
        }
        if let Some(letter) = katakana_look_alike(c) {
            let before_kana = previous.is_some_and(is_katakana);
            let after_kana = line[offset + c.len_utf8()..]
                .chars()
                .next()
                .is_some_and(is_katakana);
            if before_kana || after_kana {
                edits.replace_char(start + offset..start + offset + c.len_utf8(), letter);
            }
        }
        previous = Some(c);
    }
    n_spaces
}

/// Whether the run of spaces at `run` of `line`, after the character `previous`, is removed:
/// it stands between Japanese text at punctuation or a Japanese bracket, or between two
/// letters of a text spaced out (or of one katakana word).
fn space_run_goes(
    line: &str,
    run: std::ops::Range<usize>,
    previous: Option<char>,
    spaced_out: bool,
) -> bool {
    let (run_start, run_end) = (run.start, run.end);
    let after = line[run_end..].chars().next();
    let (Some(before), Some(after)) = (previous, after) else {
        return false;
    };
    // The character before `before`, skipping spaces (`。 )` closes Japanese).
    let before_before = {
        let head = &line[..run_start];
        let head = &head[..head.len() - before.len_utf8()];
        head.trim_end_matches(is_space).chars().next_back()
    };
    let after_after = line[run_end..].chars().nth(1);
    // A bracket is Japanese when it closes or opens Japanese text.
    let japanese_close =
        |c: char, inside: Option<char>| c == ')' && inside.is_some_and(is_japanese);
    let japanese_open =
        |c: char, inside: Option<char>| c == '(' && inside.is_some_and(is_japanese_letter);
    let before_bracket = japanese_close(before, before_before);
    let after_bracket = japanese_open(after, after_after) || (after == ')' && is_japanese(before));
    let before_japanese = is_japanese(before) || before_bracket;
    let after_japanese = is_japanese(after) || after_bracket;
    let at_punctuation = is_japanese_punctuation(before)
        || is_japanese_punctuation(after)
        || before_bracket
        || after_bracket;
    // Text extracted with a space between every two characters
    // (`配 当 の 額 の 十 パ ー セ ン ト`) loses them all.
    // A space inside a katakana word (`十パ ーセント`) is the extractor's.
    let spaced_letters = (spaced_out || is_katakana(before) && is_katakana(after))
        && is_japanese(before)
        && is_japanese(after)
        && line[run_start..run_end].chars().count() == 1;
    before_japanese && after_japanese && (at_punctuation || spaced_letters)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edits::run;

    #[test]
    fn hard_line_ends_join_mid_sentence() {
        let text = "第十条\n1 一方の締約国の居住者である法人が支払う配\n当に対しては、租税を課することができる。\n2 1の配当に対しては、 当該締約国\nの法令に従って\n(a) 第十条";
        let (fixed, _) = run(fix_japanese_layout, text);
        assert_eq!(
            fixed,
            "第十条\n1 一方の締約国の居住者である法人が支払う配当に対しては、租税を課することができる。\n2 1の配当に対しては、当該締約国の法令に従って\n(a) 第十条"
        );
    }

    #[test]
    fn headings_and_sentence_ends_keep_their_breaks() {
        let text =
            "ものとする。\n第十一条 利子\nこの条約は、\n第七条又は第十四条の規定を適用する。";
        let (fixed, _) = run(fix_japanese_layout, text);
        assert_eq!(
            fixed,
            "ものとする。\n第十一条 利子\nこの条約は、第七条又は第十四条の規定を適用する。"
        );
    }

    #[test]
    fn vertical_text_becomes_one_line() {
        let body = "第一条この条約の対象である租税は、次のものとする。";
        let mut text: String = body.chars().map(|c| format!("{c}\n")).collect();
        text.push_str("(1)\n");
        text.push_str(
            &"ブラジル連邦共和国については"
                .chars()
                .map(|c| format!("{c}\n"))
                .collect::<String>(),
        );
        let (fixed, stats) = run(fix_japanese_layout, &text);
        assert_eq!(fixed, format!("{body}(1)ブラジル連邦共和国については\n"));
        assert!(stats.japanese_layout > 20);
    }

    #[test]
    fn spaces_at_punctuation_go_spaces_between_letters_stay() {
        let text = "いても、 当該締約国 (信用に係る債権を除く。 ) から 希望し 所得 (a) 支店";
        let (fixed, _) = run(fix_japanese_layout, text);
        assert_eq!(
            fixed,
            "いても、当該締約国(信用に係る債権を除く。)から 希望し 所得 (a) 支店"
        );
    }

    #[test]
    fn confused_mu() {
        let (fixed, _) = run(fix_japanese_layout, "プログラ厶");
        assert_eq!(fixed, "プログラム");
    }

    #[test]
    fn latin_text_is_untouched() {
        let text = "Article 10\n1. Dividends paid by a company\nwhich is a resident";
        let (fixed, stats) = run(fix_japanese_layout, text);
        assert_eq!(fixed, text);
        assert_eq!(stats.japanese_layout, 0);
    }

    #[test]
    fn spaced_out_characters_and_spaces_inside_katakana_words_go() {
        let clean =
            "第十条 配当\n２ その租税の額は、当該配当の額の十パーセントを超えないものとする。\n";
        let spaced: String = clean
            .lines()
            .map(|line| {
                let chars: Vec<char> = line.chars().collect();
                let mut out = String::new();
                for (i, c) in chars.iter().enumerate() {
                    if i > 0 && is_japanese(chars[i - 1]) && is_japanese(*c) {
                        out.push(' ');
                    }
                    out.push(*c);
                }
                out + "\n"
            })
            .collect::<String>()
            .repeat(10);
        let (fixed, _) = run(fix_japanese_layout, &spaced);
        assert!(
            fixed.contains("当該配当の額の十パーセントを超えないものとする。"),
            "{fixed}"
        );
        // In ordinary text only a space inside a katakana word goes; a heading keeps its own.
        let (fixed, _) = run(
            fix_japanese_layout,
            "第十条 配当\n当該利子の額の十パ ーセントを超えない。\n",
        );
        assert_eq!(
            fixed,
            "第十条 配当\n当該利子の額の十パーセントを超えない。\n"
        );
    }
}
