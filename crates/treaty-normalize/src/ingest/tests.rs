use super::*;

fn config() -> IngestConfig {
    IngestConfig::default()
}

#[test]
fn default_limit_is_64_mib() {
    assert_eq!(config().max_bytes, 67_108_864);
}

#[test]
fn utf8_with_bom_skips_the_bom_in_the_map() {
    let bytes = "\u{FEFF}Artigo 10.º".as_bytes();
    let decoded = decode(bytes, &config()).unwrap();
    assert_eq!(decoded.text, "Artigo 10.º");
    assert_eq!(decoded.encoding, "UTF-8");
    assert_eq!(decoded.map.span_to_original(0..6), 3..9);
    assert_eq!(decoded.map.to_original(decoded.text.len()), bytes.len());
}

#[test]
fn utf16_big_endian_with_bom() {
    let mut bytes = vec![0xFE, 0xFF];
    for unit in "Article 10 — Dividends".encode_utf16() {
        bytes.extend_from_slice(&unit.to_be_bytes());
    }
    let decoded = decode(&bytes, &config()).unwrap();
    assert_eq!(decoded.text, "Article 10 — Dividends");
    assert_eq!(decoded.encoding, "UTF-16BE");
    // "—" is 3 bytes in UTF-8 and 2 in UTF-16.
    let dash = decoded.text.find('—').unwrap();
    assert_eq!(decoded.map.span_to_original(dash..dash + 3), 24..26);
}

#[test]
fn utf16_odd_length_and_lone_surrogate_become_replacement() {
    let mut bytes = vec![0xFF, 0xFE];
    for unit in "Article 10".encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    bytes.extend_from_slice(&[0x00, 0xD8, b'B', 0, b'C']);
    let decoded = decode(&bytes, &config()).unwrap();
    assert_eq!(decoded.text, "Article 10\u{FFFD}B\u{FFFD}");
    assert_eq!(decoded.map.span_to_original(10..13), 22..24);
    assert_eq!(decoded.map.to_original(decoded.text.len()), bytes.len());
}

#[test]
fn windows_1252_portuguese_from_the_corpus() {
    let snippet = "1. Na presente Convenção, a não ser que o contexto imponha uma \
                   interpretação diferente: a expressão “estabelecimento permanente” designa \
                   uma instalação fixa de negócios";
    let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(snippet);
    let decoded = decode(&bytes, &config()).unwrap();
    assert_eq!(decoded.encoding, "windows-1252");
    assert_eq!(decoded.text, snippet);
    let start = snippet.find("Convenção").unwrap();
    let span = decoded
        .map
        .span_to_original(start..start + "Convenção".len());
    assert_eq!(&bytes[span], b"Conven\xe7\xe3o");
}

#[test]
fn japanese_fast_path_agrees_with_byte_by_byte_decoding() {
    // japan-denmark-2017-ja-pdf.txt, with half-width katakana and ASCII mixed in.
    let snippet = "第十条配当1一方の締約国の居住者である法人が(a) 十五パーセント ｶﾀｶﾅ 10 per cent\n\n22 二一配当";
    for encoding in [encoding_rs::SHIFT_JIS, encoding_rs::EUC_JP] {
        let (bytes, _, had_errors) = encoding.encode(snippet);
        assert!(!had_errors);
        let fast = decode_japanese_well_formed(&bytes, encoding).unwrap();
        let slow = decode_byte_by_byte(&bytes, encoding);
        assert_eq!(fast.text, snippet);
        assert_eq!(slow.text, snippet);
        assert_eq!(fast.map, slow.map, "{}", encoding.name());
    }
}

#[test]
fn malformed_shift_jis_is_mapped_byte_by_byte() {
    // japan-denmark-2017-ja-pdf.txt, with a truncated character in the middle.
    let snippet = "第十条配当1一方の締約国の居住者である法人が他方の締約国の居住者に支払う配当に対しては、当該他方の締約国において租税を課することができる。";
    let (encoded, _, _) = encoding_rs::SHIFT_JIS.encode(snippet);
    let mut bytes = encoded.into_owned();
    let cut = encoding_rs::SHIFT_JIS.encode("第十条配当1一方の締").0.len();
    bytes.insert(cut, 0x88);
    bytes.insert(cut + 1, b'A');
    let decoded = decode_legacy(&bytes, encoding_rs::SHIFT_JIS);
    assert!(decoded.text.contains("\u{FFFD}A"), "{}", decoded.text);
    for word in ["一方の", "約国の居住者", "できる。"] {
        let start = decoded.text.find(word).unwrap();
        let span = decoded.map.span_to_original(start..start + word.len());
        let (back, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(&bytes[span]);
        assert_eq!(back, word);
    }
    assert_eq!(decoded.map.to_original(decoded.text.len()), bytes.len());
}

#[test]
fn invalid_utf8_after_bom_is_replaced() {
    let decoded = decode(b"\xEF\xBB\xBFa n\xE3o ser", &config()).unwrap();
    assert_eq!(decoded.text, "a n\u{FFFD}o ser");
    assert_eq!(decoded.map.span_to_original(3..6), 6..7);
}

#[test]
fn refuses_empty_and_bom_only() {
    assert_eq!(decode(b"", &config()).unwrap_err(), IngestError::Empty);
    assert_eq!(
        decode(b"\xEF\xBB\xBF", &config()).unwrap_err(),
        IngestError::Empty
    );
    assert_eq!(
        decode(b"\xFF\xFE", &config()).unwrap_err(),
        IngestError::Empty
    );
}

#[test]
fn refuses_many_nul_bytes_outside_utf16() {
    let err = decode(b"Article 1\0\0\x01", &config()).unwrap_err();
    assert_eq!(
        err,
        IngestError::Binary {
            reason: BinaryReason::NulBytes { percent: 17 }
        }
    );
    assert_eq!(
        err.to_string(),
        "the input looks binary, not text: 17% of its bytes are NUL \
         (UTF-16 text needs a byte-order mark)"
    );
}

#[test]
fn removes_a_few_stray_control_bytes_and_counts_them() {
    let text = "Article 10 Dividends\0 1. Dividends paid by a company which is a resident of a \
                Contracting State\x1B to a resident of the other Contracting State";
    let decoded = decode(text.as_bytes(), &config()).unwrap();
    assert_eq!(decoded.text, text.replace(['\0', '\x1B'], ""));
    assert_eq!(decoded.stray_controls, 2);
    let start = decoded.text.find(" 1.").unwrap();
    assert_eq!(decoded.map.span_to_original(start..start + 3), 21..24);
}

#[test]
fn refuses_random_bytes_without_nul_bytes() {
    // Bytes from a xorshift generator, NUL bytes left out: what a compressed stream looks
    // like once a few NUL bytes no longer give it away.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let bytes: Vec<u8> = std::iter::repeat_with(|| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 24) as u8
    })
    .filter(|&byte| byte != 0)
    .take(4096)
    .collect();
    let err = decode(&bytes, &config()).unwrap_err();
    assert!(
        matches!(
            err,
            IngestError::Binary {
                reason: BinaryReason::NotText { .. }
            }
        ),
        "{err:?}"
    );
}

#[test]
fn html_is_detected_or_declared() {
    let html = b"<!DOCTYPE html><p>Article 10</p>";
    assert_eq!(decode(html, &config()).unwrap().text, "\nArticle 10\n");
    let plain = IngestConfig {
        markup: Markup::Plain,
        ..config()
    };
    assert_eq!(
        decode(html, &plain).unwrap().text,
        "<!DOCTYPE html><p>Article 10</p>"
    );
    let fragment = b"Article 10<br>Dividends &amp; interest";
    assert_eq!(decode(fragment, &config()).unwrap().markup, 0);
    let declared = IngestConfig {
        markup: Markup::Html,
        ..config()
    };
    let decoded = decode(fragment, &declared).unwrap();
    assert_eq!(decoded.text, "Article 10\nDividends & interest");
    assert_eq!(decoded.markup, 2);
}

#[test]
fn html_in_a_legacy_encoding_maps_to_the_encoded_bytes() {
    let html = "<html><body><p>Conven&ccedil;&atilde;o: 15 % do montante</p></body></html>";
    let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode(html);
    let mut bytes = bytes.into_owned();
    bytes.splice(15..15, b"Artigo 10.\xBA ".iter().copied());
    let decoded = decode(&bytes, &config()).unwrap();
    assert_eq!(decoded.encoding, "windows-1252");
    assert_eq!(decoded.text, "\nArtigo 10.º Convenção: 15 % do montante\n");
    let start = decoded.text.find("10.º").unwrap();
    let span = decoded.map.span_to_original(start..start + "10.º".len());
    assert_eq!(&bytes[span], b"10.\xBA");
    let start = decoded.text.find("ção").unwrap();
    let span = decoded.map.span_to_original(start..start + "ção".len());
    assert_eq!(&bytes[span], b"&ccedil;&atilde;o");
}

#[test]
fn refuses_control_character_soup() {
    let bytes: Vec<u8> = (0..400u32)
        .map(|idx| [1, 2, 3, b'a'][idx as usize % 4])
        .collect();
    assert_eq!(BinaryFormat::sniff(&bytes), None);
    let err = decode(&bytes, &config()).unwrap_err();
    assert!(
        matches!(
            err,
            IngestError::Binary {
                reason: BinaryReason::NotText { percent: 75 }
            }
        ),
        "{err:?}"
    );
}

#[test]
fn refuses_too_large_before_reading() {
    let small = IngestConfig {
        max_bytes: 4,
        ..IngestConfig::default()
    };
    let err = decode(b"Artigo", &small).unwrap_err();
    assert_eq!(err, IngestError::TooLarge { size: 6, limit: 4 });
    assert_eq!(
        err.to_string(),
        "the input is too large: 6 bytes, the limit is 4 bytes"
    );
    assert!(decode(b"Arti", &small).is_ok());
}

mod damaged_utf8_tests {
    use super::*;

    #[test]
    fn utf8_cut_in_a_character_stays_utf8() {
        let text =
            "第十条配当1一方の締約国の居住者である法人が他方の締約国の居住者に支払う配当".repeat(3);
        let cut = &text.as_bytes()[..text.len() - 1];
        let decoded = decode(cut, &IngestConfig::default()).unwrap();
        assert_eq!(decoded.encoding, "UTF-8");
        assert!(decoded.text.starts_with("第十条配当1"));
        assert_eq!(decoded.map.to_original(3), 3);
    }

    #[test]
    fn windows_1252_is_not_taken_for_damaged_utf8() {
        let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode("A presente Convenção aplica-se às pessoas residentes de um ou de ambos os Estados Contratantes, não é?");
        let decoded = decode(&bytes, &IngestConfig::default()).unwrap();
        assert_eq!(decoded.encoding, "windows-1252");
        assert!(decoded.text.contains("Convenção"));
    }
}

#[test]
fn control_bytes_are_counted_across_chunks_of_the_byte_counter() {
    // Runs of every control byte longer than a chunk (255), placed across chunk boundaries,
    // beside text: the count is that of a plain byte-by-byte test.
    let mut text = String::new();
    for round in 0..700 {
        text.push_str(&"Artigo 10.º ".repeat(round % 7));
        let control = char::from(u8::try_from(round % 32).expect("below 32"));
        text.push(control);
        if round % 5 == 0 {
            text.push('\u{7F}');
        }
    }
    text.push_str(&"\u{1}".repeat(600));
    let expected = text
        .bytes()
        .filter(|&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C)) || b == 0x7F)
        .count();
    assert!(expected > 1000);
    assert_eq!(not_text_share(&text).0, expected);
}
