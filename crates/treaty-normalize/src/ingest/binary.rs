//! Binary formats told by the first bytes of a file, and what to do with each: the command
//! that extracts its text and the package that has it.

/// What showed that an input is binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BinaryReason {
    /// The input starts like a file of a known binary format.
    #[error("it is {}; {}", format.description(), format.advice("FILE"))]
    Format {
        /// The format.
        format: BinaryFormat,
    },
    /// Too many NUL bytes outside UTF-16 (UTF-16 is recognized only with a byte-order mark).
    #[error("{percent}% of its bytes are NUL (UTF-16 text needs a byte-order mark)")]
    NulBytes {
        /// Share of NUL bytes among all bytes, in percent (rounded up).
        percent: u8,
    },
    /// Too many control characters or undecodable bytes.
    #[error("{percent}% of its characters are control characters or undecodable bytes")]
    NotText {
        /// Share of such characters among all characters, in percent.
        percent: u8,
    },
}

/// A binary file format, told by the first bytes of a file ([`BinaryFormat::sniff`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BinaryFormat {
    /// A PDF document (`%PDF-`).
    Pdf,
    /// A Word document (DOCX: a ZIP archive with a `word/` part).
    Docx,
    /// An OpenDocument text (ODT: a ZIP archive whose `mimetype` says so).
    Odt,
    /// Any other ZIP archive (XLSX, EPUB, ...).
    Zip,
    /// An old Word document (`.doc`, an OLE compound file).
    Doc,
    /// A PNG image.
    Png,
    /// A JPEG image.
    Jpeg,
    /// A GIF image.
    Gif,
    /// A TIFF image.
    Tiff,
    /// A WebP image.
    Webp,
    /// A BMP image.
    Bmp,
}

impl BinaryFormat {
    /// Tells the format from the first bytes of a file (the first few kilobytes are enough),
    /// or `None` when they are not those of a known binary format.
    ///
    /// ```
    /// use treaty_normalize::BinaryFormat;
    /// assert_eq!(BinaryFormat::sniff(b"%PDF-1.7\n%\xE2\xE3"), Some(BinaryFormat::Pdf));
    /// assert_eq!(BinaryFormat::sniff(b"Article 10\nDividends"), None);
    /// ```
    pub fn sniff(bytes: &[u8]) -> Option<BinaryFormat> {
        let head = &bytes[..bytes.len().min(SNIFF_BYTES)];
        // PDF readers accept junk before the header within the first kilobyte.
        if memchr::memmem::find(&head[..head.len().min(1024)], b"%PDF-").is_some() {
            return Some(BinaryFormat::Pdf);
        }
        if head.starts_with(b"PK\x03\x04")
            || head.starts_with(b"PK\x05\x06")
            || head.starts_with(b"PK\x07\x08")
        {
            // The first entry of an OpenDocument file is `mimetype`, stored uncompressed.
            // tidy: not language (a MIME type)
            return Some(
                if memchr::memmem::find(head, b"application/vnd.oasis.opendocument.text").is_some()
                {
                    BinaryFormat::Odt
                } else if memchr::memmem::find(head, b"word/").is_some() {
                    BinaryFormat::Docx
                } else {
                    BinaryFormat::Zip
                },
            );
        }
        let format = if head.starts_with(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1") {
            BinaryFormat::Doc
        } else if head.starts_with(b"\x89PNG\r\n\x1A\n") {
            BinaryFormat::Png
        } else if head.starts_with(b"\xFF\xD8\xFF") {
            BinaryFormat::Jpeg
        } else if head.starts_with(b"GIF87a") || head.starts_with(b"GIF89a") {
            BinaryFormat::Gif
        } else if head.starts_with(b"II*\0") || head.starts_with(b"MM\0*") {
            BinaryFormat::Tiff
        } else if head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP") {
            BinaryFormat::Webp
        } else if head.starts_with(b"BM") && head.get(6..10) == Some(&[0, 0, 0, 0]) {
            // "BM", the file size, then four reserved bytes that are zero.
            BinaryFormat::Bmp
        } else {
            return None;
        };
        Some(format)
    }

    /// What the format is, with an article: `a PDF document`, `a PNG image`.
    pub fn description(self) -> &'static str {
        // tidy: not language (file format names in messages for the user)
        match self {
            BinaryFormat::Pdf => "a PDF document",
            BinaryFormat::Docx => "a Word document (DOCX)",
            BinaryFormat::Odt => "an OpenDocument text (ODT)",
            BinaryFormat::Zip => "a ZIP archive",
            BinaryFormat::Doc => "an old Word document (DOC)",
            BinaryFormat::Png => "a PNG image",
            BinaryFormat::Jpeg => "a JPEG image",
            BinaryFormat::Gif => "a GIF image",
            BinaryFormat::Tiff => "a TIFF image",
            BinaryFormat::Webp => "a WebP image",
            BinaryFormat::Bmp => "a BMP image",
        }
    }

    /// Whether the format is an image (its text needs OCR).
    pub fn is_image(self) -> bool {
        matches!(
            self,
            BinaryFormat::Png
                | BinaryFormat::Jpeg
                | BinaryFormat::Gif
                | BinaryFormat::Tiff
                | BinaryFormat::Webp
                | BinaryFormat::Bmp
        )
    }

    /// A shell command that writes the text of `input` to a text file beside it, and the
    /// Debian/Ubuntu package that has the program.
    ///
    /// ```
    /// use treaty_normalize::BinaryFormat;
    /// let (command, package) = BinaryFormat::Pdf.extraction_command("in/treaty.pdf");
    /// assert_eq!(command, "pdftotext -layout in/treaty.pdf in/treaty.txt");
    /// assert_eq!(package, "poppler-utils");
    /// ```
    pub fn extraction_command(self, input: &str) -> (String, &'static str) {
        let stem = input
            .rfind('.')
            .filter(|&dot| !input[dot..].contains('/'))
            .map_or(input, |dot| &input[..dot]);
        let (input_q, txt_q, stem_q) = (
            shell_quote(input),
            shell_quote(&format!("{stem}.txt")),
            shell_quote(stem),
        );
        match self {
            BinaryFormat::Pdf => (
                format!("pdftotext -layout {input_q} {txt_q}"),
                "poppler-utils",
            ),
            BinaryFormat::Docx | BinaryFormat::Odt => (
                format!("pandoc --wrap=none -t plain {input_q} -o {txt_q}"),
                "pandoc",
            ),
            BinaryFormat::Zip => (format!("unzip {input_q}"), "unzip"),
            BinaryFormat::Doc => (format!("antiword {input_q} > {txt_q}"), "antiword"),
            // tidy: not language (Debian package names)
            _ => (
                format!("tesseract {input_q} {stem_q} -l eng+por+jpn"),
                "tesseract-ocr, tesseract-ocr-por, tesseract-ocr-jpn",
            ),
        }
    }

    /// The advice for a file of this format named `input`: the command that extracts its
    /// text and where to get it.
    pub fn advice(self, input: &str) -> String {
        let (command, package) = self.extraction_command(input);
        // tidy: not language (advice for the user)
        let what = match self {
            BinaryFormat::Zip => "unpack it and process the text files inside",
            _ if self.is_image() => "run OCR on it first",
            _ => "extract its text first",
        };
        format!("{what}: `{command}` (Debian/Ubuntu: apt-get install {package})")
    }
}

/// Quotes a file name for a POSIX shell when it needs quoting.
fn shell_quote(name: &str) -> String {
    let plain = !name.is_empty()
        && name
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || b"-_./+,:@%".contains(&byte));
    if plain {
        name.to_owned()
    } else {
        format!("'{}'", name.replace('\'', "'\\''"))
    }
}

/// Bytes of the start of a file that [`BinaryFormat::sniff`] looks at.
const SNIFF_BYTES: usize = 4096;
