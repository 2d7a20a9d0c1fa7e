//! The lines of a text with their line breaks, as `str::split_inclusive('\n')` gives them,
//! the breaks found by `memchr`'s vectorized search: the language passes read every line of
//! every document several times, and the standard library's search for a `char` reads a
//! word at a time.

/// The lines of `text`, each with its `\n` (the last one without, when the text does not end
/// with one); none for an empty text.
pub(crate) fn lines_inclusive(text: &str) -> impl Iterator<Item = &str> + '_ {
    let mut start = 0;
    let mut breaks = memchr::memchr_iter(b'\n', text.as_bytes());
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let end = breaks.next().map_or(text.len(), |at| at + 1);
        let line = &text[start..end];
        start = end;
        Some(line)
    })
}

/// The first byte a test passes, sixteen bytes at a time (shared with the number finder).
pub(crate) use treaty_numbers::scan::find_byte;

/// Whether the line at `at` is an entry of a table of contents: a run of leader characters
/// (`-----`, `.....`, `……`, and the mixed runs OCR reads dotted leaders as, `…:…::`) joins its
/// words to the page they stand on. Each character counts for the dots it prints (`…` three,
/// `‥` two); a run of four or more is a leader.
pub(crate) fn is_contents_line(text: &str, at: usize) -> bool {
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    let mut run = 0;
    for c in text[at..end].chars() {
        run = match c {
            '…' => run + 3,
            '‥' => run + 2,
            '-' | '.' | '_' | '—' | ':' | '·' | '：' | '．' => run + 1,
            _ => 0,
        };
        if run >= 4 {
            return true;
        }
    }
    false
}

/// Texts of `per_text` pieces each, drawn from `pieces` by a fixed pseudo-random sequence
/// from `seed` (the same texts on every run), for tests that compare a fast search with the
/// plain one on many small texts.
#[cfg(test)]
pub(crate) fn piece_texts<'a>(
    pieces: &'a [&'a str],
    per_text: usize,
    seed: u64,
) -> impl Iterator<Item = String> + 'a {
    let mut state = seed;
    std::iter::repeat_with(move || {
        let mut text = String::new();
        for _ in 0..per_text {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            text.push_str(pieces[(state >> 33) as usize % pieces.len()]);
        }
        text
    })
}

#[cfg(test)]
mod tests {
    use super::{find_byte, is_contents_line, lines_inclusive};

    #[test]
    fn lines_of_a_table_of_contents_are_told_by_their_leaders() {
        for line in [
            "Protocol ------ of 30 April, 1984",
            "Article 10 Dividends .......... 12",
            "第二条対象となる租税::……:…:…::…:::一三六三",
            "第十七条芸能人等の所得::…:…:…:i:::i:…一三八二",
        ] {
            assert!(is_contents_line(line, 0), "{line}");
        }
        for line in [
            "第二条",
            "第二条 対象となる租税",
            "Article 10 Dividends",
            "the tax shall not exceed 15 per cent... of the gross amount",
            "第二十三条:",
        ] {
            assert!(!is_contents_line(line, 0), "{line}");
        }
        // Only the line at the position counts.
        assert!(!is_contents_line("第二条\n第三条 ....... 4", 0));
    }

    #[test]
    fn bytes_are_found_from_every_position() {
        let text = "Artigo 12.º: nos termos do n.º 3, até 15 por cento do montante bruto \
                    dos dividendos (Article 10, paragraph 2) 0";
        let bytes = text.as_bytes();
        for from in 0..=bytes.len() + 1 {
            let naive = bytes
                .get(from..)
                .and_then(|rest| rest.iter().position(u8::is_ascii_digit))
                .map(|offset| from + offset);
            assert_eq!(
                find_byte(bytes, from, |b| b.is_ascii_digit()),
                naive,
                "{from}"
            );
        }
        assert_eq!(find_byte(b"", 0, |_| true), None);
    }

    #[test]
    fn lines_are_those_of_split_inclusive() {
        for text in [
            "",
            "\n",
            "a",
            "a\n",
            "a\nb",
            "a\n\nb\n",
            "\n\nx",
            "é\nü\r\n",
            "x\n\n",
        ] {
            let ours: Vec<&str> = lines_inclusive(text).collect();
            let std: Vec<&str> = text.split_inclusive('\n').collect();
            assert_eq!(ours, std, "{text:?}");
        }
    }
}
