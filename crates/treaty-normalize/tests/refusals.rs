//! Inputs that are refused, through the public entry point.

use treaty_normalize::{normalize_bytes, BinaryReason, IngestConfig, IngestError};

fn config() -> IngestConfig {
    IngestConfig::default()
}

#[test]
fn empty_input_is_refused() {
    let err = normalize_bytes(b"", &config()).unwrap_err();
    assert_eq!(err, IngestError::Empty);
    assert_eq!(err.to_string(), "the input is empty");
}

#[test]
fn binary_input_with_nul_bytes_is_refused() {
    // The start of a PDF file with a compressed stream.
    let pdf = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<</Length 5/Filter/FlateDecode>>stream\nx\x9c\x00\x01\x02endstream";
    let err = normalize_bytes(pdf, &config()).unwrap_err();
    assert!(
        matches!(
            err,
            IngestError::Binary {
                reason: BinaryReason::NulByte { offset: 64 }
            }
        ),
        "{err:?}"
    );
    assert!(err
        .to_string()
        .starts_with("the input looks binary, not text"));
}

#[test]
fn binary_input_without_nul_bytes_is_refused() {
    let bytes: Vec<u8> = (0..1000u32)
        .map(|idx| [0x01, 0x02, 0x1B, 0x7F, b'A'][idx as usize % 5])
        .collect();
    let err = normalize_bytes(&bytes, &config()).unwrap_err();
    assert!(
        matches!(
            err,
            IngestError::Binary {
                reason: BinaryReason::NotText { percent: 80 }
            }
        ),
        "{err:?}"
    );
}

#[test]
fn utf16_with_bom_is_not_binary_despite_nul_bytes() {
    let mut bytes = vec![0xFF, 0xFE];
    for unit in "Artigo 10.º Dividendos".encode_utf16() {
        bytes.extend_from_slice(&unit.to_le_bytes());
    }
    let normalized = normalize_bytes(&bytes, &config()).unwrap();
    assert_eq!(normalized.text, "Artigo 10.º Dividendos");
}

#[test]
fn too_large_input_is_refused() {
    let small = IngestConfig { max_bytes: 16 };
    let text = "Artigo 10.º Dividendos";
    let err = normalize_bytes(text.as_bytes(), &small).unwrap_err();
    assert_eq!(
        err,
        IngestError::TooLarge {
            size: 23,
            limit: 16
        }
    );
    assert!(normalize_bytes(&text.as_bytes()[..16], &small).is_ok());
}
