//! Per-language streams: the text of one language, rebuilt from the lines and fragments of the
//! document that are in that language, with a map back to normalized offsets.
//!
//! A document with two complete versions one after the other yields two streams made of
//! whole lines; a two-column OCR read across yields two streams made of word runs.

use treaty_lang::Script;
use treaty_numbers::Lang;

use crate::lang;
use crate::text_lines::{find_byte, lines_inclusive};

/// Maps offsets in a rebuilt text to offsets in the normalized text.
///
/// Each entry `(local, normalized)` starts a piece copied verbatim from the normalized text;
/// separators inserted between pieces map to the start of the next piece.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PieceMap {
    starts: Vec<(usize, usize)>,
    /// The length of the normalized text, where known: no offset maps past it (the `\n` a
    /// stream adds after a last line that has none maps to the end of the text).
    limit: Option<usize>,
}

impl PieceMap {
    /// Records that `local` onwards is a copy of normalized text starting at `normalized`.
    pub fn push(&mut self, local: usize, normalized: usize) {
        self.starts.push((local, normalized));
    }

    /// The normalized offset of a local offset.
    pub fn to_normalized(&self, local: usize) -> usize {
        let index = self.starts.partition_point(|&(start, _)| start <= local);
        if index == 0 {
            return self
                .starts
                .first()
                .map_or(local, |&(_, normalized)| normalized);
        }
        let (start, normalized) = self.starts[index - 1];
        let mapped = normalized + (local - start);
        self.limit.map_or(mapped, |limit| mapped.min(limit))
    }

    /// The normalized range of a local range (end is mapped as the end of the last byte).
    pub fn range_to_normalized(&self, range: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let start = self.to_normalized(range.start);
        let end = if range.end > range.start {
            self.to_normalized(range.end - 1) + 1
        } else {
            start
        };
        let end = self.limit.map_or(end, |limit| end.min(limit));
        start..end.max(start)
    }

    /// The sub-map for `range`, re-based so that `range.start` becomes 0.
    pub fn slice(&self, range: std::ops::Range<usize>) -> PieceMap {
        let mut map = PieceMap {
            limit: self.limit,
            ..PieceMap::default()
        };
        map.push(0, self.to_normalized(range.start));
        let first = self
            .starts
            .partition_point(|&(local, _)| local <= range.start);
        for &(local, normalized) in &self.starts[first..] {
            if local >= range.end {
                break;
            }
            map.push(local - range.start, normalized);
        }
        map
    }
}

/// The text of one language.
#[derive(Debug, Clone)]
pub struct Stream {
    /// The language.
    pub lang: Lang,
    /// The rebuilt text: lines joined by `\n`, fragments of one line joined by a space.
    pub text: String,
    /// Map back to normalized offsets.
    pub map: PieceMap,
    /// Bytes of the text that came from lines of two interleaved columns.
    pub interleaved_bytes: usize,
}

impl Stream {
    /// True when a good part of the text (a twentieth) was rebuilt from two columns read
    /// across: then the whole print was two columns, and line structure and capitalization
    /// after paragraph numbers cannot be relied on anywhere in it.
    pub fn is_interleaved(&self) -> bool {
        self.interleaved_bytes * 20 > self.text.len()
    }

    /// An empty stream with room for `capacity` bytes of text.
    fn new(lang: Lang, capacity: usize) -> Stream {
        Stream {
            lang,
            text: String::with_capacity(capacity),
            map: PieceMap::default(),
            interleaved_bytes: 0,
        }
    }

    fn append(&mut self, piece: &str, normalized_start: usize, separator: char) {
        if !self.text.is_empty() && !self.text.ends_with('\n') {
            self.text.push(separator);
        }
        self.map.push(self.text.len(), normalized_start);
        self.text.push_str(piece);
    }
}

/// Splits a normalized document into one stream per language, in order of first appearance,
/// with the profiles that read the document taking part (as [`crate::segment`] does).
pub fn split_by_language(text: &str) -> Vec<Stream> {
    let (languages, lines) = lang::read_document(text);
    let _languages = lang::enter(languages);
    split_by_language_with_scores(text, lines).0
}

/// [`split_by_language`], with the languages taking part entered, plus the language evidence
/// summed over the whole document. `lines` is the evidence of each line among those
/// languages when [`lang::read_document`] has read it already.
pub fn split_by_language_with_scores(
    text: &str,
    lines: Option<Vec<lang::Scores>>,
) -> (Vec<Stream>, lang::Scores) {
    let mut total = lang::Scores::default();
    let find_tab = tab_finder(text);
    let column_langs = column_languages(text);
    let line_scores = line_scores(text, lines);
    let line_langs = smoothed_line_languages(text, &line_scores);
    // Lines without evidence seen before any language go to the document's main language (a
    // document with no evidence at all has no treaty text to lose).
    let mut document_evidence = lang::Scores::default();
    for line in &line_scores {
        document_evidence += line.scores;
    }
    let fallback = lang::language_of(document_evidence).unwrap_or(Lang::En);
    let mut split = Split {
        room: text.len(),
        streams: Vec::new(),
        pending: Vec::new(),
        current: None,
    };
    let mut line_start = 0;
    for (line_index, line) in lines_inclusive(text).enumerate() {
        let start = line_start;
        line_start += line.len();
        let content = line.trim_end_matches('\n');
        if content.trim().is_empty() {
            split.blank_line(start, content);
            continue;
        }
        let LineEvidence {
            scores,
            foreign_heading,
        } = line_scores[line_index];
        total += scores;
        // Normalization kept the gap between two columns as a tab: each column goes to the
        // language of its column, with its own line breaks.
        // Inside the two-column stretch, a line without a gap has text in the left column
        // only (a line of the right column alone keeps a tab before it).
        let in_columns = column_langs
            .as_ref()
            .is_some_and(|c| c.region.contains(&start));
        let gap = find_tab(content).or(in_columns.then_some(content.len()));
        if let (Some(gap), Some(ColumnLayout { langs, .. })) = (gap, column_langs.as_ref()) {
            split.column_line(start, content, gap, *langs);
            continue;
        }
        let absorbed = line_langs[line_index].is_some();
        if (lang::is_mixed_scores(scores) || foreign_heading) && !absorbed {
            split.mixed_line(start, content, fallback);
            continue;
        }
        match line_langs[line_index] {
            Some(lang) => split.line_of(lang, start, content),
            None => split.pending.push((start, content)),
        }
    }
    let owner = split.current.unwrap_or(fallback);
    split.flush(owner);
    let mut streams = split.streams;
    for stream in &mut streams {
        stream.map.limit = Some(text.len());
    }
    (streams, total)
}

/// The streams of [`split_by_language_with_scores`] as they are built, line by line.
struct Split<'t> {
    /// The text's length: what a stream's map may point to.
    room: usize,
    streams: Vec<Stream>,
    /// Lines without evidence, waiting for a language: (start, content).
    pending: Vec<(usize, &'t str)>,
    /// The language of the last line placed.
    current: Option<Lang>,
}

impl<'t> Split<'t> {
    /// The pending lines go to the stream of `lang`.
    fn flush(&mut self, lang: Lang) {
        flush_pending(&mut self.streams, &mut self.pending, self.room, lang);
    }

    /// Keeps a blank line as a paragraph break in whichever stream is current.
    fn blank_line(&mut self, start: usize, content: &str) {
        if let Some(lang) = self.current {
            // Its line break is the blank line's own (a blank line may hold spaces).
            let stream = stream_for(&mut self.streams, lang, self.room);
            stream.map.push(stream.text.len(), start + content.len());
            stream.text.push('\n');
        }
    }

    /// A line of two columns split at `gap`: each column to the stream of its language.
    fn column_line(&mut self, start: usize, content: &str, gap: usize, langs: [Lang; 2]) {
        let [left_lang, right_lang] = langs;
        self.flush(self.current.unwrap_or(left_lang));
        let right_start = (gap + 1).min(content.len());
        for (piece_lang, piece_start, piece) in [
            (left_lang, 0, &content[..gap]),
            (right_lang, right_start, &content[right_start..]),
        ] {
            if piece.trim().is_empty() {
                continue;
            }
            let stream = stream_for(&mut self.streams, piece_lang, self.room);
            stream.append(piece, start + piece_start, '\n');
            // The line break ending a column's line is the line's own.
            stream.map.push(stream.text.len(), start + content.len());
            stream.text.push('\n');
        }
        self.current = Some(left_lang);
    }

    /// A line of two languages read across: each run to the stream of its language.
    fn mixed_line(&mut self, start: usize, content: &str, fallback: Lang) {
        self.flush(self.current.unwrap_or(fallback));
        for (piece_lang, piece_start, piece) in split_mixed_line(content) {
            let stream = stream_for(&mut self.streams, piece_lang, self.room);
            stream.append(piece, start + piece_start, ' ');
            stream.interleaved_bytes += piece.len() + 1;
            self.current = Some(piece_lang);
        }
        for stream in self.streams.iter_mut() {
            if !stream.text.ends_with('\n') {
                // The line break ending a stream's last piece is the line's own.
                stream.map.push(stream.text.len(), start + content.len());
                stream.text.push('\n');
            }
        }
    }

    /// A line of one language to its stream.
    fn line_of(&mut self, lang: Lang, start: usize, content: &str) {
        // Lines with no evidence (numbers, names) go with the next line's language when they
        // precede it and no language was seen yet, else with the current one.
        let owner = self.current.unwrap_or(lang);
        self.flush(if self.current.is_some() { owner } else { lang });
        let stream = stream_for(&mut self.streams, lang, self.room);
        stream.append(content, start, '\n');
        stream.text.push('\n');
        self.current = Some(lang);
    }
}

/// The language of each line (`None` for blank lines, lines without evidence and lines
/// of two languages), where a line of one language inside a long run of another takes the
/// run's language: a name or a quoted term (`(imposto sobre o rendimento das pessoas
/// singulares - IRS);` in an English version, `Directors' fees` read as Portuguese) belongs
/// to the version it stands in. Lines alternating between languages keep their own.
/// The language evidence of each line, computed once for the smoothing and the split.
fn line_scores(text: &str, read: Option<Vec<lang::Scores>>) -> Vec<LineEvidence> {
    let mut read = read.map(Vec::into_iter);
    lines_inclusive(text)
        .map(|line| {
            let content = line.trim_end_matches('\n');
            let known = read.as_mut().and_then(Iterator::next);
            // A line that is only item markers (`(a)`, `(ii)`, `(1)`, displaced to a line of
            // their own by PDF extraction) says nothing of its language: `(a)` is not `a`.
            let scores = if is_marker_line(content) {
                lang::Scores::default()
            } else {
                known.unwrap_or_else(|| lang::text_scores(content))
            };
            // A heading keyword of the other language (`... Artigo 7. Article 9 Associated`)
            // means the line holds both columns, however little text of one there is.
            let foreign_heading = lang::language_of(scores)
                .is_some_and(|line_lang| has_heading_of_other_language(content, line_lang));
            LineEvidence {
                scores,
                foreign_heading,
            }
        })
        .collect()
}

/// What a line says of its language.
#[derive(Clone, Copy)]
struct LineEvidence {
    scores: lang::Scores,
    /// A heading keyword of another language than the line's, before a number.
    foreign_heading: bool,
}

fn smoothed_line_languages(text: &str, line_scores: &[LineEvidence]) -> Vec<Option<Lang>> {
    let find_tab = tab_finder(text);
    const SIDE: usize = 4;
    const AGREE: usize = 3;
    let mut own: Vec<Option<Lang>> = Vec::new();
    let mut fixed: Vec<bool> = Vec::new();
    // Lines of two languages (columns read across) take part as neighbours that agree with
    // nothing, so no line of an interleaved stretch is moved.
    let mut mixed: Vec<bool> = Vec::new();
    for (line, evidence) in lines_inclusive(text).zip(line_scores) {
        let content = line.trim_end_matches('\n');
        let (scores, foreign_heading) = (evidence.scores, evidence.foreign_heading);
        let tab = find_tab(content).is_some();
        let is_mixed = lang::is_mixed_scores(scores) || tab || foreign_heading;
        let line_lang = if content.trim().is_empty() || is_mixed {
            None
        } else {
            lang::language_of(scores)
        };
        // A heading keyword is certain evidence of its language; a column gap or a heading
        // of the other language certain evidence of two.
        fixed.push(
            line_lang.is_some_and(|l| has_heading_word(content, l)) || tab || foreign_heading,
        );
        own.push(line_lang);
        mixed.push(is_mixed && !content.trim().is_empty());
    }
    let labelled: Vec<usize> = (0..own.len())
        .filter(|&i| own[i].is_some() || mixed[i])
        .collect();
    let mut smoothed = own.clone();
    // A print read across two columns alternates languages line by line: nothing to smooth.
    let mixed_lines = mixed.iter().filter(|&&m| m).count();
    if mixed_lines * 20 > labelled.len() {
        return smoothed;
    }
    for (position, &index) in labelled.iter().enumerate() {
        if fixed[index] {
            continue;
        }
        let before = &labelled[position.saturating_sub(SIDE)..position];
        let after = &labelled[position + 1..(position + 1 + SIDE).min(labelled.len())];
        if before.len() < SIDE || after.len() < SIDE {
            continue;
        }
        // The language most of the neighbours are in.
        let Some(neighbour) = before
            .iter()
            .chain(after)
            .filter_map(|&i| own[i])
            .max_by_key(|&l| {
                before
                    .iter()
                    .chain(after)
                    .filter(|&&i| own[i] == Some(l))
                    .count()
            })
        else {
            continue;
        };
        let agree = |side: &[usize]| side.iter().filter(|&&i| own[i] == Some(neighbour)).count();
        // Latin-script versions only: a Latin line inside Japanese text (a displaced list
        // label) is left to the Japanese layout rules.
        let latin = |l: Option<Lang>| l.is_some_and(|l| l.profile().script == Script::Latin);
        // A line of two languages inside a long run of one is that language quoting the
        // other (`(i) the personal income tax (imposto sobre o rendimento ... - IRS);`).
        if (latin(own[index]) || mixed[index])
            && latin(Some(neighbour))
            && own[index] != Some(neighbour)
            && agree(before) >= AGREE
            && agree(after) >= AGREE
        {
            smoothed[index] = Some(neighbour);
        }
    }
    smoothed
}

/// True when a line starts with a heading keyword of `line_lang` and a number (`Article 9`).
fn has_heading_word(line: &str, line_lang: Lang) -> bool {
    let mut words = line.split_whitespace();
    let (Some(first), Some(second)) = (words.next(), words.next()) else {
        return false;
    };
    let key = lang::word_key(first);
    lang::heading_keywords()
        .iter()
        .any(|(word, heading_lang)| *word == key && *heading_lang == line_lang)
        && second.starts_with(|c: char| c.is_ascii_digit())
}

/// A two-column print of two language versions side by side.
#[derive(Debug, Clone)]
struct ColumnLayout {
    /// The languages of the left and right columns.
    langs: [Lang; 2],
    /// From the start of the first line with a column gap to the end of the last.
    region: std::ops::Range<usize>,
}

/// The column layout of a text whose normalization kept column gaps as tabs, when the two
/// columns are in different languages.
fn column_languages(text: &str) -> Option<ColumnLayout> {
    let find_tab = tab_finder(text);
    let mut sums = [lang::Scores::default(), lang::Scores::default()];
    let mut region: Option<std::ops::Range<usize>> = None;
    let mut line_start = 0;
    for line in lines_inclusive(text) {
        let start = line_start;
        line_start += line.len();
        if let Some(tab) = find_tab(line) {
            let (left, right) = (&line[..tab], &line[tab + 1..]);
            sums[0] += lang::text_scores(left);
            sums[1] += lang::text_scores(right);
            region = Some(region.map_or(start..line_start, |r| r.start..line_start));
        }
    }
    let left = lang::language_of(sums[0])?;
    let right = lang::language_of(sums[1])?;
    (left != right).then_some(ColumnLayout {
        langs: [left, right],
        region: region?,
    })
}

/// A search for the first tab of a line of `text` (this runs three times on every line):
/// memchr, not a `char` search, whose setup costs more than the search on a line; and no
/// search at all in a text without tabs, as most are (normalization keeps a tab only for a gap
/// between columns).
fn tab_finder(text: &str) -> impl Fn(&str) -> Option<usize> + Copy {
    let text_has_tabs = memchr::memchr(b'\t', text.as_bytes()).is_some();
    move |line: &str| {
        if text_has_tabs {
            memchr::memchr(b'\t', line.as_bytes())
        } else {
            None
        }
    }
}

/// Whether a line holds nothing but bracketed item or paragraph markers.
fn is_marker_line(line: &str) -> bool {
    let mut tokens = line.split_whitespace().peekable();
    tokens.peek().is_some()
        && tokens.all(|token| {
            token
                .strip_prefix('(')
                .and_then(|t| t.strip_suffix(')'))
                .is_some_and(|inner| {
                    (1..=4).contains(&inner.len())
                        && (inner.bytes().all(|b| b.is_ascii_lowercase())
                            || inner.bytes().all(|b| b.is_ascii_digit()))
                })
        })
}

fn flush_pending(
    streams: &mut Vec<Stream>,
    pending: &mut Vec<(usize, &str)>,
    room: usize,
    lang: Lang,
) {
    for (start, content) in pending.drain(..) {
        let stream = stream_for(streams, lang, room);
        stream.append(content, start, '\n');
        stream.text.push('\n');
    }
}

/// The stream of `lang`, made with room for `room` bytes (the document's length: a stream is
/// at most about that long, and growing it a line at a time copied it over and over) when
/// there is none yet.
fn stream_for(streams: &mut Vec<Stream>, lang: Lang, room: usize) -> &mut Stream {
    match streams.iter().position(|s| s.lang == lang) {
        Some(index) => &mut streams[index],
        None => {
            streams.push(Stream::new(lang, room));
            streams.last_mut().expect("just pushed")
        }
    }
}

/// True when a line has a heading keyword followed by a number (`Article 9`) in a Latin
/// language other than `line_lang`.
fn has_heading_of_other_language(line: &str, line_lang: Lang) -> bool {
    if line_lang.profile().script != Script::Latin {
        return false;
    }
    // Only the word before each number that starts a word can be a heading keyword: most
    // lines have no number, and the others few.
    let bytes = line.as_bytes();
    std::iter::successors(find_byte(bytes, 0, |b| b.is_ascii_digit()), |&at| {
        find_byte(bytes, at + 1, |b| b.is_ascii_digit())
    })
    .filter(|&at| {
        line[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_whitespace)
    })
    .any(|at| {
        let word = line[..at]
            .trim_end()
            .rsplit(char::is_whitespace)
            .next()
            .unwrap_or("");
        if word.is_empty() {
            return false;
        }
        let key = lang::word_key(word);
        lang::heading_keywords()
            .iter()
            .any(|(keyword, heading_lang)| *keyword == key && *heading_lang != line_lang)
    })
}

/// Splits a line of two columns read across into runs of one language.
///
/// Returns `(lang, offset in line, text)`. A bilingual heading such as `Artigo Article 2`
/// gives its number to both languages, since the print shows it once for both columns.
pub fn split_mixed_line(line: &str) -> Vec<(Lang, usize, &str)> {
    let tokens: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|token| (token.as_ptr() as usize - line.as_ptr() as usize, token))
        .collect();
    let words: Vec<&str> = tokens.iter().map(|(_, t)| *t).collect();
    let mut labels = lang::label_tokens(&words);
    let loans = label_headings(&words, &mut labels);
    pieces_of(line, &tokens, &labels, &loans)
}

/// The language a heading keyword belongs to, if `word` is one.
fn heading_lang(word: &str) -> Option<Lang> {
    let key = lang::word_key(word);
    lang::heading_keywords()
        .iter()
        .find(|(w, _)| *w == key)
        .map(|(_, l)| *l)
}

/// Tokens of a heading printed once for both columns, lent to the other language.
struct Loan {
    tokens: std::ops::RangeInclusive<usize>,
    borrower: Lang,
    /// The loan goes right after this token's run (`Artigo` + number) ...
    after: Option<usize>,
    /// ... or right before this token's run (`Article 23` + Portuguese title).
    before: Option<usize>,
}

/// Heading keywords are certain evidence, whatever the neighbours say: they and their numbers
/// are labelled with the keyword's language. A heading printed once for both columns gives
/// itself to both languages: in `Artigo Article 2` the number goes to Portuguese too; in
/// `Article 23 Métodos para eliminar ...` (the Portuguese keyword lost) keyword and number go
/// to the Portuguese title that follows. Returns those loans.
fn label_headings(words: &[&str], labels: &mut [Lang]) -> Vec<Loan> {
    let mut loans: Vec<Loan> = Vec::new();
    let is_number = |w: &str| w.starts_with(|c: char| c.is_ascii_digit());
    for index in 0..words.len() {
        let Some(first_lang) = heading_lang(words[index]) else {
            continue;
        };
        labels[index] = first_lang;
        let second_lang = words.get(index + 1).and_then(|w| heading_lang(w));
        match second_lang {
            Some(second_lang)
                if second_lang != first_lang
                    && words.get(index + 2).is_some_and(|w| is_number(w)) =>
            {
                labels[index + 1] = second_lang;
                labels[index + 2] = second_lang;
                loans.push(Loan {
                    tokens: index + 2..=index + 2,
                    borrower: first_lang,
                    after: Some(index),
                    before: None,
                });
            }
            None if words.get(index + 1).is_some_and(|w| is_number(w))
                && index + 2 < words.len() =>
            {
                let title_lang = labels[index + 2];
                let other_keyword_before = index > 0 && heading_lang(words[index - 1]).is_some();
                // The number belongs to its keyword (`Article 24 Artigo 24` prints both).
                labels[index + 1] = first_lang;
                if title_lang != first_lang
                    && !other_keyword_before
                    && heading_lang(words[index + 2]).is_none()
                {
                    labels[index + 1] = first_lang;
                    loans.push(Loan {
                        tokens: index..=index + 1,
                        borrower: title_lang,
                        after: None,
                        before: Some(index + 2),
                    });
                }
            }
            _ => {
                // `Article 24 Artigo 24`: each keyword keeps its own number.
                if words.get(index + 1).is_some_and(|w| is_number(w)) {
                    labels[index + 1] = first_lang;
                }
            }
        }
    }
    loans
}

/// The runs of one language of a line, as `(lang, offset in line, text)`, with the loans
/// placed beside the runs they belong to.
fn pieces_of<'a>(
    line: &'a str,
    tokens: &[(usize, &str)],
    labels: &[Lang],
    loans: &[Loan],
) -> Vec<(Lang, usize, &'a str)> {
    let mut runs: Vec<(Lang, usize, usize)> = Vec::new(); // (lang, first token, last token)
    for (index, label) in labels.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if run.0 == *label => run.2 = index,
            _ => runs.push((*label, index, index)),
        }
    }
    let mut pieces = Vec::new();
    let lend = |pieces: &mut Vec<(Lang, usize, &'a str)>, loan: &Loan| {
        let first = *loan.tokens.start();
        let last = *loan.tokens.end();
        let start = tokens[first].0;
        let end = tokens[last].0 + tokens[last].1.len();
        pieces.push((loan.borrower, start, &line[start..end]));
    };
    for &(run_lang, first, last) in &runs {
        for loan in loans
            .iter()
            .filter(|l| l.borrower == run_lang && l.before == Some(first))
        {
            lend(&mut pieces, loan);
        }
        let start = tokens[first].0;
        let end = tokens[last].0 + tokens[last].1.len();
        pieces.push((run_lang, start, &line[start..end]));
        for loan in loans
            .iter()
            .filter(|l| l.borrower == run_lang && l.after == Some(last))
        {
            lend(&mut pieces, loan);
        }
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_whose_other_keyword_was_lost_goes_to_both_languages() {
        // From brazil-denmark-1974-pt-en-ocr.txt: only `Article 23` was printed (or kept).
        let line = "Article 23 Métodos para eliminar a dupla tributação Methods for the elimination of 1. Quando um residente do Brasil receber rendimentos que, de acordo 1. Where a resident of Brazil";
        let pieces = split_mixed_line(line);
        let pt: Vec<&str> = pieces
            .iter()
            .filter(|p| p.0 == Lang::Pt)
            .map(|p| p.2)
            .collect();
        let en: Vec<&str> = pieces
            .iter()
            .filter(|p| p.0 == Lang::En)
            .map(|p| p.2)
            .collect();
        assert_eq!(pt[0], "Article 23", "{pt:?}");
        assert!(pt[1].starts_with("Métodos para eliminar"), "{pt:?}");
        assert!(en[0].starts_with("Article 23"), "{en:?}");
    }

    #[test]
    fn bilingual_heading_gives_its_number_to_both_languages() {
        let line = "Artigo 2 Article 2 Impostos visados Taxes covered Os impostos aos quais se aplica a presente Convenção são: The existing taxes to which";
        let pieces = split_mixed_line(line);
        let pt: Vec<&str> = pieces
            .iter()
            .filter(|p| p.0 == Lang::Pt)
            .map(|p| p.2)
            .collect();
        assert!(pt[0].starts_with("Artigo 2"), "{pt:?}");
        let line = "Acordaram no seguinte: Have agreed as follows: Artigo Article 1 Pessoas visadas Personal scope A presente Convenção se aplica às pessoas residentes";
        let pieces = split_mixed_line(line);
        let pt: Vec<&str> = pieces
            .iter()
            .filter(|p| p.0 == Lang::Pt)
            .map(|p| p.2)
            .collect();
        let en: Vec<&str> = pieces
            .iter()
            .filter(|p| p.0 == Lang::En)
            .map(|p| p.2)
            .collect();
        assert!(pt.contains(&"1"), "{pt:?}");
        assert!(en.iter().any(|p| p.starts_with("Article 1")), "{en:?}");
    }

    #[test]
    fn columns_split_at_the_gap_go_to_their_languages() {
        let text = "Convenção / Convention\n\nArtigo 10.º\tArticle 10\nDividendos\tDividends\n1 - Os dividendos pagos por\t1. Dividends paid by a company\numa sociedade residente\n\twhich is a resident of a\nnum Estado Contratante\tContracting State\n";
        let streams = split_by_language(text);
        let pt = streams.iter().find(|s| s.lang == Lang::Pt).unwrap();
        let en = streams.iter().find(|s| s.lang == Lang::En).unwrap();
        assert!(
            pt.text.contains("Artigo 10.º\nDividendos\n1 - Os dividendos pagos por\numa sociedade residente\nnum Estado Contratante\n"),
            "{:?}",
            pt.text
        );
        assert!(
            en.text.contains("Article 10\nDividends\n1. Dividends paid by a company\nwhich is a resident of a\nContracting State\n"),
            "{:?}",
            en.text
        );
        let at = en.text.find("which is").unwrap();
        assert_eq!(&text[en.map.to_normalized(at)..][..8], "which is");
    }

    #[test]
    fn a_quoted_line_of_the_other_language_stays_in_its_version() {
        let clause = "Article 2\nTaxes covered\n1. This Convention shall apply to taxes on income imposed on behalf of a Contracting State.\n2. There shall be regarded as taxes on income all taxes imposed on total income.\n3. The existing taxes to which this Convention shall apply are in particular:\na) in Portugal:\n(i) the personal income tax (imposto sobre o rendimento das pessoas singulares - IRS);\n(ii) the corporate income tax (imposto sobre o rendimento das pessoas coletivas - IRC); and\n(iii) the surtaxes on corporate income tax;\n(hereinafter referred to as the tax of the first State);\nb) in the other State:\n(i) the corporate profit tax; and\n(ii) the personal income tax;\n";
        // Two such lines in a long English text (the rule does not apply to a print whose
        // lines alternate languages).
        let text = &format!(
            "{}{clause}",
            "The competent authorities shall endeavour to resolve the case by mutual agreement.\n"
                .repeat(40)
        );
        let streams = split_by_language(text);
        assert_eq!(streams.len(), 1, "{streams:?}");
        assert_eq!(streams[0].lang, Lang::En);
    }

    #[test]
    fn piece_map_round_trips() {
        let text = "Artigo 1\nThis applies.\nPessoas visadas\n";
        let streams = split_by_language(text);
        let pt = streams.iter().find(|s| s.lang == Lang::Pt).unwrap();
        let at = pt.text.find("Pessoas").unwrap();
        assert_eq!(&text[pt.map.to_normalized(at)..][..7], "Pessoas");
    }
}
