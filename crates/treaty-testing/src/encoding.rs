//! The encodings generated documents are written in: what treaty texts arrive in.

use encoding_rs::{EncoderResult, Encoding};

/// An encoding a generated document is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextEncoding {
    /// UTF-8 without byte-order mark.
    Utf8,
    /// Windows-1252, what Portuguese and English texts from older Windows tools are in.
    Windows1252,
    /// UTF-16 little-endian with a byte-order mark, what Windows "Unicode" text files are in.
    Utf16LeWithBom,
    /// Shift_JIS, the usual legacy encoding of Japanese text files.
    ShiftJis,
    /// EUC-JP, the legacy encoding of Japanese text on Unix systems.
    EucJp,
}

impl TextEncoding {
    /// The name `encoding_rs` (and the `encoding` field of the per-document JSON) uses.
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Windows1252 => "windows-1252",
            TextEncoding::Utf16LeWithBom => "UTF-16LE",
            TextEncoding::ShiftJis => "Shift_JIS",
            TextEncoding::EucJp => "EUC-JP",
        }
    }

    /// The bytes a file in this encoding starts with (the byte-order mark, if any).
    pub fn preamble(self) -> &'static [u8] {
        match self {
            TextEncoding::Utf16LeWithBom => b"\xFF\xFE",
            _ => b"",
        }
    }

    /// Appends `text` in this encoding to `out`.
    ///
    /// Characters the encoding cannot represent become `?`, as a text editor's "save as"
    /// does, rather than the HTML character references `encoding_rs` writes by default.
    /// Every encoding here is stateless, so a document may be encoded piece by piece.
    ///
    /// ```
    /// use treaty_testing::TextEncoding;
    /// let mut bytes = Vec::new();
    /// TextEncoding::Windows1252.encode_into("Convenção ồ", &mut bytes);
    /// assert_eq!(bytes, b"Conven\xe7\xe3o ?");
    /// ```
    pub fn encode_into(self, text: &str, out: &mut Vec<u8>) {
        match self {
            TextEncoding::Utf8 => out.extend_from_slice(text.as_bytes()),
            // encoding_rs decodes UTF-16 but never encodes to it.
            TextEncoding::Utf16LeWithBom => {
                out.reserve(text.len() * 2);
                for unit in text.encode_utf16() {
                    out.extend_from_slice(&unit.to_le_bytes());
                }
            }
            TextEncoding::Windows1252 => encode_legacy(text, encoding_rs::WINDOWS_1252, out),
            TextEncoding::ShiftJis => encode_legacy(text, encoding_rs::SHIFT_JIS, out),
            TextEncoding::EucJp => encode_legacy(text, encoding_rs::EUC_JP, out),
        }
    }
}

fn encode_legacy(text: &str, encoding: &'static Encoding, out: &mut Vec<u8>) {
    let mut encoder = encoding.new_encoder();
    let mut remaining = text;
    let mut buffer = [0u8; 8192];
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(remaining, &mut buffer, true);
        out.extend_from_slice(&buffer[..written]);
        remaining = &remaining[read..];
        match result {
            EncoderResult::InputEmpty => return,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(_) => out.push(b'?'),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_encoding_round_trips_what_it_can_represent() {
        let latin = "Artigo 10.º — “Dividendos” até 15 por cento\n";
        let japanese = "第十条配当\n十五パーセント\n";
        for (encoding, text) in [
            (TextEncoding::Utf8, latin),
            (TextEncoding::Windows1252, latin),
            (TextEncoding::Utf16LeWithBom, latin),
            (TextEncoding::ShiftJis, japanese),
            (TextEncoding::EucJp, japanese),
        ] {
            let mut bytes = encoding.preamble().to_vec();
            encoding.encode_into(text, &mut bytes);
            let (decoded, used, had_errors) = Encoding::for_label(encoding.name().as_bytes())
                .unwrap()
                .decode(&bytes);
            assert!(!had_errors, "{encoding:?}");
            assert_eq!(used.name(), encoding.name());
            assert_eq!(decoded, text, "{encoding:?}");
        }
    }

    #[test]
    fn unmappable_characters_become_question_marks() {
        let mut bytes = Vec::new();
        TextEncoding::ShiftJis.encode_into("王\u{FFFD}国 ç", &mut bytes);
        let (decoded, _, _) = encoding_rs::SHIFT_JIS.decode(&bytes);
        assert_eq!(decoded, "王?国 ?");
    }
}
