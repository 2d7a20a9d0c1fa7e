//! Inputs that are refused, through the public entry point.

use treaty_normalize::{normalize_bytes, BinaryFormat, BinaryReason, IngestConfig, IngestError};

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
fn pdf_input_is_named_with_the_command_that_extracts_its_text() {
    // The start of a PDF file with a compressed stream.
    let pdf = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<</Length 5/Filter/FlateDecode>>stream\nx\x9c\x00\x01\x02endstream";
    let err = normalize_bytes(pdf, &config()).unwrap_err();
    assert_eq!(
        err,
        IngestError::Binary {
            reason: BinaryReason::Format {
                format: BinaryFormat::Pdf
            }
        }
    );
    assert_eq!(
        err.to_string(),
        "the input looks binary, not text: it is a PDF document; extract its text first: \
         `pdftotext -layout FILE FILE.txt` (Debian/Ubuntu: apt-get install poppler-utils)"
    );
}

#[test]
fn office_documents_and_images_are_named() {
    let mut docx = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00".to_vec();
    docx.extend_from_slice(b"\x13\x00[Content_Types].xml ... word/document.xml");
    let mut odt = b"PK\x03\x04\x14\x00\x00\x08\x00\x00".to_vec();
    odt.extend_from_slice(b"mimetypeapplication/vnd.oasis.opendocument.text");
    let cases: [(&[u8], BinaryFormat, &str); 9] = [
        (
            &docx,
            BinaryFormat::Docx,
            "pandoc --wrap=none -t plain FILE -o FILE.txt",
        ),
        (&odt, BinaryFormat::Odt, "pandoc"),
        (
            b"PK\x03\x04\x0a\x00\x00\x00xl/workbook.xml",
            BinaryFormat::Zip,
            "unzip FILE",
        ),
        (
            b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00",
            BinaryFormat::Doc,
            "antiword FILE > FILE.txt",
        ),
        (
            b"\x89PNG\r\n\x1A\n\x00\x00\x00\rIHDR",
            BinaryFormat::Png,
            "tesseract FILE FILE -l eng+por+jpn",
        ),
        (
            b"\xFF\xD8\xFF\xE0\x00\x10JFIF\x00",
            BinaryFormat::Jpeg,
            "run OCR on it first",
        ),
        (b"GIF89a\x01\x00\x01\x00", BinaryFormat::Gif, "tesseract"),
        (b"II*\x00\x08\x00\x00\x00", BinaryFormat::Tiff, "tesseract"),
        (
            b"RIFF\x24\x00\x00\x00WEBPVP8 ",
            BinaryFormat::Webp,
            "tesseract-ocr-jpn",
        ),
    ];
    for (bytes, format, advice) in cases {
        let err = normalize_bytes(bytes, &config()).unwrap_err();
        assert_eq!(
            err,
            IngestError::Binary {
                reason: BinaryReason::Format { format }
            }
        );
        let message = err.to_string();
        assert!(message.contains(format.description()), "{message}");
        assert!(message.contains(advice), "{message}");
    }
}

#[test]
fn utf16_without_byte_order_mark_is_refused_by_its_nul_bytes() {
    let bytes: Vec<u8> = "Artigo 10.º Dividendos"
        .encode_utf16()
        .flat_map(|unit| unit.to_le_bytes())
        .collect();
    let err = normalize_bytes(&bytes, &config()).unwrap_err();
    assert_eq!(
        err,
        IngestError::Binary {
            reason: BinaryReason::NulBytes { percent: 50 }
        }
    );
    assert!(err
        .to_string()
        .contains("UTF-16 text needs a byte-order mark"));
}

#[test]
fn a_few_nul_bytes_are_removed_not_refused() {
    let text = "1. Dividends paid by a company which is a resident of a Contracting State to a \
                resident of the other Contracting State may be taxed in that other State.";
    let mut bytes = text.as_bytes().to_vec();
    bytes.insert(60, 0);
    bytes.insert(20, 0);
    bytes.insert(3, 0x1B);
    let normalized = normalize_bytes(&bytes, &config()).unwrap();
    assert_eq!(normalized.text, text);
    assert_eq!(normalized.stats.stray_controls, 3);
    let start = text.find("resident").unwrap();
    let span = normalized
        .map
        .span_to_original(start..start + "resident".len());
    assert_eq!(&bytes[span], b"resident");
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
    let small = IngestConfig {
        max_bytes: 16,
        ..IngestConfig::default()
    };
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
