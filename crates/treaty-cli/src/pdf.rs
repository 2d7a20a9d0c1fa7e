//! Reading an input file: text as it is, a PDF through poppler's `pdftotext -layout`.
//!
//! Why the command and not a binding: `pdftotext -layout` is the text layer as poppler lays it
//! out (columns kept apart, form feeds between pages), the same bytes a user gets by running
//! it by hand, so every span can be checked against `text/<doc>.txt`; the Rust bindings
//! (poppler-rs) need poppler's GLib and cairo development packages at build time for every
//! user, including those who never read a PDF, and the pure-Rust extractors do not lay out
//! columns. The command is looked for at run time; without it a PDF is a failure of its own
//! that names the Debian package, and every other document is processed.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use treaty_extract::sha256_hex;

/// The extractor's arguments before the file name; the text goes to standard output.
const PDFTOTEXT_ARGS: [&str; 4] = ["-layout", "-enc", "UTF-8", "-q"];

/// How long one PDF may take before it is given up on.
const PDF_TIME_LIMIT: Duration = Duration::from_secs(300);

/// PDFs read in this process and the time their text extraction took, for the summary.
static EXTRACTED: AtomicU64 = AtomicU64::new(0);
static EXTRACTION_NANOS: AtomicU64 = AtomicU64::new(0);

/// How many PDFs this process extracted text from, and the time that took (summed over
/// threads).
pub fn extraction_totals() -> (u64, Duration) {
    (
        EXTRACTED.load(Ordering::Relaxed),
        Duration::from_nanos(EXTRACTION_NANOS.load(Ordering::Relaxed)),
    )
}

/// What a PDF's text was made from.
#[derive(Debug, Clone)]
pub struct PdfOrigin {
    /// SHA-256 of the PDF file.
    pub sha256: String,
    /// Size of the PDF file in bytes.
    pub bytes: usize,
    /// The command and its version (`pdftotext -layout (poppler 22.08.0)`).
    pub extractor: String,
    /// Pages, as form feeds in the text tell them.
    pub pages: u32,
}

/// An input's bytes: the file's own, or the text extracted from a PDF.
#[derive(Debug, Clone)]
pub struct InputBytes {
    /// The text the pipeline reads; every span points into it.
    pub bytes: Vec<u8>,
    /// For a PDF, where the text came from.
    pub pdf: Option<PdfOrigin>,
}

/// Whether a file is a PDF: by its name, or by its first bytes.
pub fn is_pdf(path: &Path, bytes: &[u8]) -> bool {
    crate::inputs::has_extension(path, &["pdf"]) || bytes.starts_with(b"%PDF-")
}

/// Reads a file; a PDF gives its text layer. Errors name the problem, not the file (the
/// caller adds it).
pub fn read_input(path: &Path) -> Result<InputBytes, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read: {e}"))?;
    if !is_pdf(path, &bytes) {
        return Ok(InputBytes { bytes, pdf: None });
    }
    pdf_text(path, &bytes)
}

/// The text layer of the PDF at `path` (whose bytes are `pdf`).
fn pdf_text(path: &Path, pdf: &[u8]) -> Result<InputBytes, String> {
    if !pdf.starts_with(b"%PDF-") {
        return Err(
            "the file is named .pdf but is not a PDF (it does not start with %PDF-)".into(),
        );
    }
    let version = pdftotext_version()?;
    let started = Instant::now();
    let mut child = Command::new("pdftotext")
        .args(PDFTOTEXT_ARGS)
        .arg(path)
        .arg("-")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run pdftotext: {e}"))?;
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        stdout.read_to_end(&mut text).map(|_| text)
    });
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() > PDF_TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "pdftotext took more than {} s on this PDF and was stopped",
                    PDF_TIME_LIMIT.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("pdftotext: {e}")),
        }
    };
    let text = reader
        .join()
        .map_err(|_| "pdftotext: reading its output failed".to_string())?
        .map_err(|e| format!("pdftotext: {e}"))?;
    let messages = errors.join().unwrap_or_default();
    if !status.success() {
        let first = messages.lines().next().unwrap_or("").trim();
        return Err(format!(
            "pdftotext could not read this PDF ({status}){}",
            if first.is_empty() {
                String::new()
            } else {
                format!(": {first}")
            }
        ));
    }
    let visible = text.iter().filter(|b| !b.is_ascii_whitespace()).count();
    let pages =
        u32::try_from(text.iter().filter(|&&b| b == 0x0C).count().max(1)).unwrap_or(u32::MAX);
    if visible < 50 * pages as usize {
        return Err(format!(
            "the PDF has no text layer ({visible} characters on {pages} pages): it is probably \
             scanned; OCR it (e.g. with ocrmypdf or tesseract) and process the text"
        ));
    }
    let elapsed = started.elapsed();
    EXTRACTED.fetch_add(1, Ordering::Relaxed);
    EXTRACTION_NANOS.fetch_add(
        u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX),
        Ordering::Relaxed,
    );
    Ok(InputBytes {
        bytes: text,
        pdf: Some(PdfOrigin {
            sha256: sha256_hex(pdf),
            bytes: pdf.len(),
            extractor: format!("pdftotext {} ({version})", PDFTOTEXT_ARGS[0]),
            pages,
        }),
    })
}

/// `poppler 22.08.0`, or why pdftotext cannot be used.
fn pdftotext_version() -> Result<String, String> {
    static VERSION: OnceLock<Result<String, String>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let output = Command::new("pdftotext")
                .arg("-v")
                .stdin(Stdio::null())
                .output()
                .map_err(|e| {
                    if e.kind() == std::io::ErrorKind::NotFound {
                        "reading a PDF needs pdftotext, which is not installed: install \
                         poppler-utils (Debian and Ubuntu: apt-get install poppler-utils; \
                         macOS: brew install poppler)"
                            .to_string()
                    } else {
                        format!("cannot run pdftotext: {e}")
                    }
                })?;
            let said = String::from_utf8_lossy(&output.stderr).into_owned()
                + &String::from_utf8_lossy(&output.stdout);
            let version = said
                .lines()
                .find_map(|line| line.strip_prefix("pdftotext version "))
                .map_or("version unknown", str::trim)
                .to_string();
            Ok(format!("poppler {version}"))
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_named_pdf_that_is_not_one_is_refused_with_the_reason() {
        let dir = std::env::temp_dir().join(format!("treaty-pdf-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("fake.pdf");
        std::fs::write(&path, b"Article 1\nThis is text.\n").unwrap();
        let error = read_input(&path).unwrap_err();
        assert!(error.contains("not a PDF"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn text_files_are_read_as_they_are() {
        let dir = std::env::temp_dir().join(format!("treaty-pdf-text-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.txt");
        std::fs::write(&path, b"Article 1\n").unwrap();
        let input = read_input(&path).unwrap();
        assert_eq!(input.bytes, b"Article 1\n");
        assert!(input.pdf.is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
