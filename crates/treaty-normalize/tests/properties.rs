//! Property tests: decode and normalize never panic, and the offset map is monotone, stays
//! inside the original, lands on character boundaries, and is exact where nothing changed.

use proptest::prelude::*;
use treaty_normalize::{decode, normalize, normalize_bytes, IngestConfig, Markup, Normalized};

fn config() -> IngestConfig {
    IngestConfig::default()
}

/// Checks the map of `normalized` against the original `bytes`.
fn check_map(normalized: &Normalized, bytes: &[u8]) -> Result<(), TestCaseError> {
    let map = &normalized.map;
    let text = &normalized.text;
    prop_assert_eq!(map.text_len(), text.len());
    prop_assert_eq!(map.original_len(), bytes.len());
    let mut previous = 0;
    for offset in 0..=text.len() {
        let mapped = map.to_original(offset);
        prop_assert!(
            mapped >= previous,
            "not monotone at {}: {} < {}",
            offset,
            mapped,
            previous
        );
        prop_assert!(mapped <= bytes.len());
        previous = mapped;
    }
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(idx, _)| idx)
        .chain([text.len()])
        .collect();
    let original_utf8 = std::str::from_utf8(bytes).ok();
    for (idx, &start) in boundaries.iter().enumerate() {
        for &end in boundaries[idx..].iter().take(6) {
            let span = map.span_to_original(start..end);
            prop_assert!(span.start <= span.end && span.end <= bytes.len());
            if let Some(original) = original_utf8 {
                prop_assert!(original.is_char_boundary(span.start), "{:?}", span);
                prop_assert!(original.is_char_boundary(span.end), "{:?}", span);
            }
        }
    }
    Ok(())
}

/// Pieces of treaty text that trigger the fixes, to build adversarial strings from.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Con- tratante".to_owned()),
        Just("con- formidade".to_owned()),
        Just("non- resident".to_owned()),
        Just("non-resident".to_owned()),
        Just("Contratanteiồi".to_owned()),
        Just("&Ạỗ".to_owned()),
        Just("ạẠỗ¿".to_owned()),
        Just("Articie 10".to_owned()),
        Just("1 - ".to_owned()),
        Just("Il - ".to_owned()),
        Just("11 — ".to_owned()),
        Just("\n\n21 二〇".to_owned()),
        Just("\n\n22 二一".to_owned()),
        Just("\n1 所得".to_owned()),
        Just("Transcription\n".to_owned()),
        Just("\n# Page 3\n3 \n \n".to_owned()),
        Just("\n- 4 -\n".to_owned()),
        Just("配\n当\n".to_owned()),
        Just("(a)\n".to_owned()),
        Just("の額の十パーセン\nトを超えない".to_owned()),
        Just("除く。 ) から、 当該".to_owned()),
        Just("\n第十条 \n１ 一方".to_owned()),
        Just("プログラ厶".to_owned()),
        Just("nÃ£o".to_owned()),
        Just("Ã\u{A0}".to_owned()),
        Just("\u{AD}\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("\t \u{A0}\u{3000}".to_owned()),
        Just("e\u{301}\u{327}".to_owned()),
        Just("１０（ａ）".to_owned()),
        Just("10³".to_owned()),
        Just("\u{1}\u{85}\u{200B}".to_owned()),
        "[a-zA-Z0-9 .,\\-\n]{0,8}",
        any::<char>().prop_map(String::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(normalized) = normalize_bytes(&bytes, &config()) {
            check_map(&normalized, &bytes)?;
        }
    }

    #[test]
    fn arbitrary_legacy_and_utf16_bytes_never_panic(
        prefix in prop_oneof![Just(vec![0xFF, 0xFE]), Just(vec![0xFE, 0xFF]), Just(vec![0xEF, 0xBB, 0xBF]), Just(vec![0x82, 0xA0]), Just(vec![0xA4, 0xA2])],
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        let bytes: Vec<u8> = prefix.into_iter().chain(bytes).collect();
        if let Ok(normalized) = normalize_bytes(&bytes, &config()) {
            check_map(&normalized, &bytes)?;
        }
    }

    #[test]
    fn arbitrary_strings_keep_a_sound_map(text in any::<String>()) {
        if let Ok(decoded) = decode(text.as_bytes(), &config()) {
            let normalized = normalize(&decoded);
            check_map(&normalized, text.as_bytes())?;
        }
    }

    #[test]
    fn treaty_like_strings_keep_a_sound_map(pieces in proptest::collection::vec(fragment(), 1..40)) {
        let text = pieces.concat();
        if let Ok(normalized) = normalize_bytes(text.as_bytes(), &config()) {
            check_map(&normalized, text.as_bytes())?;
        }
    }

    #[test]
    fn unchanged_text_maps_exactly(text in "[a-zA-Z0-9.,;()çãéêõ ]{1,200}") {
        // Single spaces between words and no edge spaces: nothing for normalize to do.
        let text: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
        prop_assume!(!text.is_empty());
        let normalized = normalize_bytes(text.as_bytes(), &config()).unwrap();
        prop_assert_eq!(&normalized.text, &text);
        let boundaries: Vec<usize> = text.char_indices().map(|(idx, _)| idx).chain([text.len()]).collect();
        for &start in &boundaries {
            for &end in boundaries.iter().filter(|&&end| end >= start) {
                let span = normalized.map.span_to_original(start..end);
                prop_assert_eq!(&text[span], &normalized.text[start..end]);
            }
        }
    }

    #[test]
    fn unchanged_stretches_map_exactly(pieces in proptest::collection::vec(fragment(), 1..30)) {
        // Wherever normalize did change the text, the ASCII words it did not touch still map
        // to themselves.
        let text = pieces.concat();
        let Ok(normalized) = normalize_bytes(text.as_bytes(), &config()) else {
            return Ok(());
        };
        for (start, word) in normalized.text.match_indices("Contracting") {
            let span = normalized.map.span_to_original(start..start + word.len());
            prop_assert_eq!(&text[span], word);
        }
    }

    #[test]
    fn arbitrary_html_keeps_a_sound_map(pieces in proptest::collection::vec(prop_oneof![
        Just("<p>".to_owned()),
        Just("</p>".to_owned()),
        Just("<br/>".to_owned()),
        Just("<script>".to_owned()),
        Just("</script>".to_owned()),
        Just("<!--".to_owned()),
        Just("-->".to_owned()),
        Just("<pre>".to_owned()),
        Just("&amp;".to_owned()),
        Just("&#8217;".to_owned()),
        Just("&notit;".to_owned()),
        Just("&".to_owned()),
        Just("<".to_owned()),
        Just("<td a='x>y'>".to_owned()),
        Just("\r\n".to_owned()),
        fragment(),
    ], 1..40)) {
        // Any text read as HTML: no panic, and the map is sound.
        let text = pieces.concat();
        let html = IngestConfig { markup: Markup::Html, ..config() };
        if let Ok(normalized) = normalize_bytes(text.as_bytes(), &html) {
            check_map(&normalized, text.as_bytes())?;
        }
    }

    #[test]
    fn stray_control_bytes_are_removed_and_spans_skip_them(
        corpus in 0..CORPUS.len(),
        window_start in 0usize..100_000,
        window_len in 200usize..3000,
        inserts in proptest::collection::vec((0usize..3000, prop_oneof![Just(0u8), Just(1), Just(0x08), Just(0x1B), Just(0x7F)]), 1..6),
        html in any::<bool>(),
    ) {
        // A window of a corpus text, optionally as HTML, with a few stray bytes inserted at
        // character boundaries: it normalizes to the same text as without them, and every
        // span maps to the same original bytes, shifted past the inserted ones.
        let text = CORPUS[corpus];
        // The window keeps its length at the end of a text: a few bytes with a few control
        // bytes among them are rightly refused as binary.
        let mut start = (window_start % text.len()).min(text.len().saturating_sub(window_len));
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (start + window_len).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let window = &text[start..end];
        prop_assume!(!window.trim().is_empty());
        let clean = if html {
            format!("<!DOCTYPE html><html><head><style>p {{ color: black }}</style></head><body><p>{}</p></body></html>",
                window.replace('&', "&amp;").replace('<', "&lt;").replace("\n\n", "</p>\n<p>"))
        } else {
            window.to_owned()
        };
        // Insertion points (in clean offsets, on character boundaries, after the first byte
        // so HTML is still told by its first tag) and the bytes inserted there.
        let mut points: Vec<(usize, u8)> = inserts
            .iter()
            .map(|&(at, byte)| {
                let mut at = 1 + at % clean.len();
                while !clean.is_char_boundary(at) {
                    at += 1;
                }
                (at, byte)
            })
            .collect();
        points.sort();
        let mut noisy = Vec::with_capacity(clean.len() + points.len());
        let mut copied = 0;
        for &(at, byte) in &points {
            noisy.extend_from_slice(&clean.as_bytes()[copied..at]);
            noisy.push(byte);
            copied = at;
        }
        noisy.extend_from_slice(&clean.as_bytes()[copied..]);
        let Ok(expected) = normalize_bytes(clean.as_bytes(), &config()) else {
            return Ok(());
        };
        let normalized = normalize_bytes(&noisy, &config()).unwrap();
        prop_assert_eq!(&normalized.text, &expected.text);
        prop_assert_eq!(normalized.stats.stray_controls, points.len() as u64);
        check_map(&normalized, &noisy)?;
        // Where a clean byte sits in the noisy input.
        let noisy_offset = |clean_offset: usize| {
            clean_offset + points.iter().filter(|&&(at, _)| at <= clean_offset).count()
        };
        let boundaries: Vec<usize> = expected
            .text
            .char_indices()
            .map(|(idx, _)| idx)
            .chain([expected.text.len()])
            .collect();
        for pair in boundaries.windows(2).step_by(7) {
            for &span_end in boundaries.iter().filter(|&&b| b > pair[0]).take(12) {
                let clean_span = expected.map.span_to_original(pair[0]..span_end);
                let noisy_span = normalized.map.span_to_original(pair[0]..span_end);
                prop_assert_eq!(noisy_span.start, noisy_offset(clean_span.start));
                prop_assert_eq!(noisy_span.end, noisy_offset(clean_span.end - 1) + 1);
                let without_stray: Vec<u8> = noisy[noisy_span]
                    .iter()
                    .copied()
                    .filter(|byte| !matches!(byte, 0 | 1 | 0x08 | 0x1B | 0x7F))
                    .collect();
                prop_assert_eq!(without_stray.as_slice(), &clean.as_bytes()[clean_span]);
            }
        }
    }
}

/// The corpus texts, for the stray-byte property.
const CORPUS: [&str; 4] = [
    include_str!("../../../corpus/brazil-denmark-1974-pt-en-ocr.txt"),
    include_str!("../../../corpus/canada-denmark-1997-en-web.txt"),
    include_str!("../../../corpus/japan-denmark-2017-ja-pdf.txt"),
    include_str!("../../../corpus/portugal-montenegro-2016-pt-en.txt"),
];
