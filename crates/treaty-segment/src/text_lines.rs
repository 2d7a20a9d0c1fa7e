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

#[cfg(test)]
mod tests {
    use super::lines_inclusive;

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
