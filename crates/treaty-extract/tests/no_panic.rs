//! Property tests: `process_document` never panics, whatever the bytes, and a result is
//! either a report or a clean refusal.
//!
//! 2,000 cases in all (500 arbitrary byte strings, 500 arbitrary strings, 700 strings built
//! from treaty fragments, 300 long Japanese ones), which runs in about 2 s in a debug build.

use proptest::prelude::*;
use treaty_pipeline::{process_document, Settings};

/// Checks one input: a report must describe these bytes and point inside them; a refusal
/// must say why.
fn check(bytes: &[u8]) -> Result<(), TestCaseError> {
    match process_document("prop", bytes, &Settings::default()) {
        Ok(report) => {
            prop_assert_eq!(report.bytes, bytes.len());
            prop_assert_eq!(&report.doc, "prop");
            for row in &report.rows {
                prop_assert!(
                    row.start <= row.end && row.end <= bytes.len(),
                    "{:?}",
                    row.start..row.end
                );
            }
            for warning in &report.warnings {
                if let (Some(start), Some(end)) = (warning.start, warning.end) {
                    prop_assert!(
                        start <= end && end <= bytes.len(),
                        "{}: {:?}",
                        warning.code,
                        start..end
                    );
                }
            }
        }
        Err(error) => prop_assert!(!error.to_string().is_empty()),
    }
    Ok(())
}

/// Pieces of treaty text in the three languages, with the damage real inputs have.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("Article 10".to_owned()),
        Just("ARTICLE 11\nInterest\n".to_owned()),
        Just("Artigo 5.º".to_owned()),
        Just("Artigo 10.º\nDividendos\n".to_owned()),
        Just("Articie 12".to_owned()),
        Just("1.".to_owned()),
        Just("2. ".to_owned()),
        Just("1 - ".to_owned()),
        Just("(a)".to_owned()),
        Just("b) ".to_owned()),
        Just("15 per cent".to_owned()),
        Just("10 por cento".to_owned()),
        Just(" of the gross amount of the dividends".to_owned()),
        Just(" the tax so charged shall not exceed ".to_owned()),
        Just("have agreed as follows:".to_owned()),
        Just("acordaram o seguinte:".to_owned()),
        Just("con- formidade".to_owned()),
        Just("Contratanteiồi".to_owned()),
        Just("nÃ£o".to_owned()),
        Just("ạẠỗ¿".to_owned()),
        Just("\u{FFFD}".to_owned()),
        Just("\n".to_owned()),
        Just("\n\n".to_owned()),
        Just("\r\n".to_owned()),
        Just(" ".to_owned()),
        Just("\t".to_owned()),
        "[0-9]{1,4}",
        "[a-zA-Z .,()]{0,12}",
        any::<char>().prop_map(String::from),
        japanese_fragment(),
    ]
}

/// Pieces of Japanese treaty text, as extracted from PDFs.
fn japanese_fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("第十条".to_owned()),
        Just("第十条配当1".to_owned()),
        Just("十五パーセント".to_owned()),
        Just("を超えないものとする".to_owned()),
        Just("一方の締約国の居住者".to_owned()),
        Just("議定書".to_owned()),
        Just("21 二〇".to_owned()),
        Just("(a)".to_owned()),
        Just("2".to_owned()),
        Just("\n".to_owned()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check(&bytes)?;
    }

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check(text.as_bytes())?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(700))]

    #[test]
    fn treaty_like_strings_never_panic(pieces in proptest::collection::vec(fragment(), 1..80)) {
        check(pieces.concat().as_bytes())?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Japanese text past the few-kilobyte windows the segmenter looks at (such as the first
    /// 3,000 bytes searched for the parties), where a cut can fall inside a character; no
    /// preamble, so the whole text is one stream without a treaty marker.
    #[test]
    fn long_japanese_strings_never_panic(
        pieces in proptest::collection::vec(japanese_fragment(), 150..600),
    ) {
        check(pieces.concat().as_bytes())?;
    }
}
