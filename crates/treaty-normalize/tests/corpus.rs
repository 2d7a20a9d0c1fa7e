//! The four corpus texts: what normalization fixes in each, and that the map points every
//! untouched word back to itself in the original bytes.

use treaty_normalize::{normalize_bytes, IngestConfig, Normalized};

const BRAZIL: &str = include_str!("../../../corpus/brazil-denmark-1974-pt-en-ocr.txt");
const CANADA: &str = include_str!("../../../corpus/canada-denmark-1997-en-web.txt");
const JAPAN: &str = include_str!("../../../corpus/japan-denmark-2017-ja-pdf.txt");
const PORTUGAL: &str = include_str!("../../../corpus/portugal-montenegro-2016-pt-en.txt");

fn normalized(text: &str) -> Normalized {
    normalize_bytes(text.as_bytes(), &IngestConfig::default()).unwrap()
}

/// Counts the words of the normalized text whose span is not the same word in the original.
fn words_not_mapping_to_themselves(original: &str, normalized: &Normalized) -> usize {
    let text = &normalized.text;
    let mut mismatches = 0;
    let mut start = None;
    for (idx, ch) in text.char_indices().chain([(text.len(), ' ')]) {
        match (start, ch.is_alphanumeric()) {
            (None, true) => start = Some(idx),
            (Some(word_start), false) => {
                let span = normalized.map.span_to_original(word_start..idx);
                if original[span] != text[word_start..idx] {
                    mismatches += 1;
                }
                start = None;
            }
            _ => {}
        }
    }
    mismatches
}

#[test]
fn brazil_denmark_ocr_is_repaired() {
    let normalized = normalized(BRAZIL);
    let stats = &normalized.stats;
    assert_eq!(stats.quote_damage, 13);
    assert_eq!(stats.ocr_keywords, 6);
    assert_eq!(stats.roman_numerals, 5);
    assert_eq!(stats.dehyphenation, 99);
    assert_eq!(
        stats.mojibake + stats.page_furniture + stats.nfc + stats.fullwidth,
        0
    );
    let text = &normalized.text;
    assert!(!text
        .chars()
        .any(|ch| ('\u{1EA0}'..='\u{1EF9}').contains(&ch)));
    assert!(!text.contains("Articie"));
    for fixed in [
        "Artigo Article 1 Pessoas visadas",
        "o \"outro Estado Contratante\" designam o Brasil",
        "\"empresa do outro Estado Contratante\" designam",
        "a expressão \"residente de um Estado Contratante\"",
        "de conformidade com o direito internacional",
        "1 - todas as pessoas físicas",
        "II - todas as pessoas jurídicas",
        "1 - all individuals p State; II - all legal persons",
        "entrar em vigor; II — no que concerne",
        "qualquer ano-calendário",
        "Scandinavian Airlines System\" as remunerações",
        "aplicar-se-a o disposto no Artigo 7.",
    ] {
        assert!(text.contains(fixed), "missing {fixed:?}");
    }
    // Fixed spans point at the damaged original.
    let start = text.find("conformidade").unwrap();
    let span = normalized
        .map
        .span_to_original(start..start + "conformidade".len());
    assert_eq!(&BRAZIL[span], "con- formidade");
    // Only words a fix touched may differ from their original span.
    let differing = words_not_mapping_to_themselves(BRAZIL, &normalized);
    assert!(
        differing as u64 <= stats.total(),
        "{differing} words do not map to themselves"
    );
}

#[test]
fn japan_denmark_page_furniture_is_removed() {
    let normalized = normalized(JAPAN);
    // 61 page pairs (pages 2 to 62), the bare page 1 and one "Transcription" line.
    assert_eq!(normalized.stats.page_furniture, 63);
    let text = &normalized.text;
    assert!(text.contains("であるこ(b) と当該報酬が当該他方の締約国内に"));
    assert!(text.contains("課税上存在しないものとして"));
    assert!(text.contains("(a) 行う場合51から4までの規定にかかわらず"));
    assert!(!text.contains("Transcription"));
    assert!(!text.contains("\n\n29 二八"));
    assert!(text.starts_with("一所得に対する租税に関する"));
    assert!(text.contains("軽減(\n\n所得に対する租税に関する二重課税の除去"));
    // Japanese has no spaces: a run of characters that crosses a removed page marker maps to
    // the original with the marker in it. No other word may differ.
    let differing = words_not_mapping_to_themselves(JAPAN, &normalized);
    assert!(
        differing <= 63,
        "{differing} words do not map to themselves"
    );
}

#[test]
fn canada_denmark_only_loses_its_tabs() {
    let normalized = normalized(CANADA);
    assert_eq!(normalized.stats.whitespace, 4);
    assert_eq!(normalized.stats.total(), 4);
    assert_eq!(
        normalized.text,
        CANADA.replace("\n\t", "\n").replace('\t', " ")
    );
    assert_eq!(words_not_mapping_to_themselves(CANADA, &normalized), 0);
}

#[test]
fn portugal_montenegro_is_already_clean() {
    let normalized = normalized(PORTUGAL);
    assert_eq!(normalized.stats.total(), 0, "{:?}", normalized.stats);
    assert_eq!(normalized.text, PORTUGAL);
    for (start, end) in [(0, 10), (500, 900), (0, PORTUGAL.len())] {
        assert_eq!(normalized.map.span_to_original(start..end), start..end);
    }
}
