//! Legacy encodings and UTF-16 normalize to the same text as UTF-8, and spans of the
//! normalized text map back into the encoded bytes.

use encoding_rs::{Encoding, EUC_JP, SHIFT_JIS, WINDOWS_1252};
use treaty_normalize::{normalize_bytes, IngestConfig, Normalized};

/// japan-denmark-2017-ja-pdf.txt around three page markers (pages 22, 29 and 30).
const JAPANESE: &str = "当該配当を支払う法人がデンマークの居住者である場合には 当該法人の資本(ii) 年金基金(当該配当が 第三条1に規定する活動により取得される場合に限る )(b) (l) (ii) 42及び3の規定は 配当を支払う法人のその配当に充てられる利得に対する課税に影響を及ぼすものではない 53の規定は 配当を支払う法人が居住者である締約国における当該法人の課税所得の計算上控除される\n\n22 二一配当については 適用しない 6この条において 配当 とは 株式その他利得の分配を受ける権利(信用に係る債権を除く )から生ずる所得\n\n当該報酬が当該他方の締約国の居住者でない雇用者又はこれに代わる者から支払われるものであるこ(b) と\n\n29 二八当該報酬が当該他方の締約国内に雇用者が有する恒久的施設によって負担されるものでないこと (c) 31及び2\n\n30 二九において租税を課することができる";

/// canada-denmark-1997-en-web.txt: signature block with tabs and curly quotes.
const ENGLISH: &str = "DONE in duplicate at Reykjavik, this 19th day of June 1997, in the English, French and Icelandic languages, each version being equally authentic.\r\n\r\nFOR THE GOVERNMENT\tFOR THE GOVERNMENT\r\nOF CANADA:\tOF THE REPUBLIC OF\r\n\tICELAND:\r\nFrançois Mathys\tHelgi Agustsson\r\n\r\n(b) the terms “a Contracting State” and “the other Contracting State” mean, as the context requires, Canada or Denmark;";

/// brazil-denmark-1974-pt-en-ocr.txt, with its OCR damage.
const PORTUGUESE: &str = "b) o termo \"Dinamarca\" designa o Reino da Dinamarca, incluindo qualquer área dentro da qual, sob a lei da Dinamarca e de con- formidade com o direito internacional, os direitos soberanos da Dinamarca relativos à exploração e utilização dos recursos na- turais da plataforma continental possam ser exercidos; c) as expressões \"um Estado Contratante\" e o \"outro Estado Con- tratanteồi designam o Brasil ou a Dinamarca consoante o contexto;";

fn config() -> IngestConfig {
    IngestConfig::default()
}

fn encode(text: &str, encoding: &'static Encoding) -> Vec<u8> {
    let (bytes, used, had_errors) = encoding.encode(text);
    assert_eq!(used, encoding);
    assert!(
        !had_errors,
        "snippet not representable in {}",
        encoding.name()
    );
    bytes.into_owned()
}

fn utf16le_with_bom(text: &str) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xFE];
    for unit in text.encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    bytes
}

/// Every listed word of the normalized text maps to bytes that decode to that word.
fn assert_spans_decode(
    normalized: &Normalized,
    bytes: &[u8],
    encoding: &'static Encoding,
    words: &[&str],
) {
    for word in words {
        let start = normalized
            .text
            .find(word)
            .unwrap_or_else(|| panic!("{word} not in {}", normalized.text));
        let span = normalized.map.span_to_original(start..start + word.len());
        let (decoded, _) = encoding.decode_without_bom_handling(&bytes[span.clone()]);
        assert_eq!(decoded, *word, "span {span:?} of {}", encoding.name());
    }
}

#[test]
fn shift_jis_and_euc_jp_normalize_like_utf8() {
    let expected = normalize_bytes(JAPANESE.as_bytes(), &config()).unwrap();
    assert!(
        expected.text.contains("除される配当については"),
        "{}",
        expected.text
    );
    assert!(
        expected.text.contains("であるこ(b) と当該報酬が"),
        "{}",
        expected.text
    );
    assert_eq!(expected.stats.page_furniture, 3);
    for encoding in [SHIFT_JIS, EUC_JP] {
        let bytes = encode(JAPANESE, encoding);
        let normalized = normalize_bytes(&bytes, &config()).unwrap();
        assert_eq!(normalized.encoding, encoding.name());
        assert_eq!(normalized.text, expected.text, "{}", encoding.name());
        assert_eq!(normalized.stats, expected.stats);
        assert_spans_decode(
            &normalized,
            &bytes,
            encoding,
            &[
                "デンマークの居住者",
                "(ii) 年金基金",
                "当該報酬が当該他方",
                "31及び2",
                "控除される",
            ],
        );
        // A span across a removed page marker covers the marker in the original bytes.
        let joined = normalized.text.find("される配当").unwrap();
        let span = normalized
            .map
            .span_to_original(joined..joined + "される配当".len());
        let (original, _) = encoding.decode_without_bom_handling(&bytes[span]);
        assert_eq!(original, "される\n\n22 二一配当");
        assert_eq!(
            normalized.map.to_original(normalized.text.len()),
            bytes.len()
        );
    }
}

#[test]
fn utf16le_with_bom_normalizes_like_utf8() {
    let expected = normalize_bytes(ENGLISH.as_bytes(), &config()).unwrap();
    assert!(expected
        .text
        .contains("FOR THE GOVERNMENT FOR THE GOVERNMENT\nOF CANADA:"));
    let bytes = utf16le_with_bom(ENGLISH);
    let normalized = normalize_bytes(&bytes, &config()).unwrap();
    assert_eq!(normalized.encoding, "UTF-16LE");
    assert_eq!(normalized.text, expected.text);
    assert_eq!(normalized.stats, expected.stats);
    let words = [
        "Reykjavik",
        "François Mathys",
        "“a Contracting State”",
        "Denmark;",
    ];
    for word in words {
        let start = normalized.text.find(word).unwrap();
        let span = normalized.map.span_to_original(start..start + word.len());
        assert_eq!(span.start % 2, 0);
        let (decoded, _) = encoding_rs::UTF_16LE.decode_without_bom_handling(&bytes[span]);
        assert_eq!(decoded, word);
    }
    // The BOM maps nowhere: the first character starts after it.
    assert_eq!(normalized.map.to_original(0), 2);
}

#[test]
fn windows_1252_normalizes_like_utf8() {
    let expected = normalize_bytes(PORTUGUESE.as_bytes(), &config()).unwrap();
    // The damaged quote is not representable in Windows-1252; the rest of the text is.
    let latin = PORTUGUESE.replace("ồi", "\"");
    let expected_latin = normalize_bytes(latin.as_bytes(), &config()).unwrap();
    assert_eq!(expected.text, expected_latin.text);
    let bytes = encode(&latin, WINDOWS_1252);
    let normalized = normalize_bytes(&bytes, &config()).unwrap();
    assert_eq!(normalized.encoding, "windows-1252");
    assert_eq!(normalized.text, expected.text);
    assert_spans_decode(
        &normalized,
        &bytes,
        WINDOWS_1252,
        &["área dentro", "exploração e utilização"],
    );
    let start = normalized.text.find("conformidade").unwrap();
    let span = normalized
        .map
        .span_to_original(start..start + "conformidade".len());
    assert_eq!(&bytes[span], b"con- formidade");
}

#[test]
fn utf8_spans_cover_rewritten_text() {
    let normalized = normalize_bytes(PORTUGUESE.as_bytes(), &config()).unwrap();
    let quote = normalized.text.find("Contratante\" designam").unwrap();
    let span = normalized
        .map
        .span_to_original(quote..quote + "Contratante\" designam".len());
    assert_eq!(&PORTUGUESE[span], "Con- tratanteồi designam");
}

/// UTF-8 read as Windows-1252 and saved again as UTF-8, the five bytes Windows-1252 leaves
/// undefined kept as C1 control characters (`日` becomes `æ\u{97}¥`).
fn utf8_read_as_windows_1252(text: &str) -> String {
    text.bytes()
        .map(|byte| {
            let one = [byte];
            let (decoded, _, malformed) = WINDOWS_1252.decode(&one);
            if malformed {
                char::from(byte).to_string()
            } else {
                decoded.into_owned()
            }
        })
        .collect()
}

#[test]
fn a_whole_japanese_text_in_mojibake_is_repaired_not_refused_as_binary() {
    let text = "第十条\n１ 一方の締約国の居住者である法人が他方の締約国の居住者に支払う配当に対しては、当該他方の締約国において租税を課することができる。\n".repeat(20);
    let damaged = utf8_read_as_windows_1252(&text);
    assert!(damaged.contains('\u{97}') || damaged.contains('\u{81}') || damaged.contains('\u{8f}'));
    let clean = normalize_bytes(text.as_bytes(), &config()).unwrap();
    let repaired = normalize_bytes(damaged.as_bytes(), &config()).unwrap();
    assert_eq!(repaired.text, clean.text);
    assert!(repaired.stats.mojibake > 0);
}
