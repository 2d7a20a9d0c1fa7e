//! Reading an input file: text as it is, a PDF through its text layer.
//!
//! The text layer is taken with poppler's `pdftotext -layout` when it is installed: the text
//! as poppler lays it out (columns kept apart, form feeds between pages), the same bytes a user
//! gets by running it by hand, so every span can be checked against `text/<doc>.txt`. Where it
//! is not installed, the built-in extractor (the `pdf-extract` crate, pure Rust) reads the
//! PDF instead, page by page, and the document says so in a warning: a fresh machine reads the
//! corpus's PDFs without installing anything. On the 9 PDFs of `corpus/pdf` both give the same
//! core rows (and both take 0.01 to 0.09 s a file); poppler's layout is kept as the first
//! choice because it separates columns that the built-in extractor runs together. A binding of
//! poppler (poppler-rs) would need poppler's GLib and cairo development packages at build time
//! for every user, including those who never read a PDF.

use std::io::Read;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use treaty_schema::sha256_hex;
use treaty_schema::PageReading;

/// The extractor's arguments before the file name; the text goes to standard output.
/// Without `-q`: poppler's messages say why a PDF cannot be read (a password, no pages).
const PDFTOTEXT_ARGS: [&str; 3] = ["-layout", "-enc", "UTF-8"];

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
    /// Why the text was not taken the usual way (pdftotext missing), for a warning.
    pub note: Option<String>,
    /// The scanned pages read by OCR, and their words' confidences.
    pub ocr: Option<OcrOrigin>,
    /// How each page was read.
    pub readings: Vec<PageReading>,
}

/// The pages of a PDF read by OCR.
#[derive(Debug, Clone)]
pub struct OcrOrigin {
    /// What the OCR used.
    pub run: crate::ocr::OcrRun,
    /// Each OCR'd word's byte range in the document's text, with its confidence (0 to 1).
    pub words: Vec<(std::ops::Range<usize>, f32)>,
    /// How each OCR'd page was read: its regions, turns and models, its words' mean
    /// confidence, or why it could not be read.
    pub readings: Vec<PageReading>,
}

impl OcrOrigin {
    /// The mean confidence of the words overlapping `range` (`None` when none does).
    pub fn confidence_in(&self, range: std::ops::Range<usize>) -> Option<f32> {
        let from = self
            .words
            .partition_point(|(word, _)| word.end <= range.start);
        let overlapping: Vec<f32> = self.words[from..]
            .iter()
            .take_while(|(word, _)| word.start < range.end.max(range.start + 1))
            .map(|(_, confidence)| *confidence)
            .collect();
        (!overlapping.is_empty())
            .then(|| overlapping.iter().sum::<f32>() / overlapping.len() as f32)
    }

    /// The mean confidence of every OCR'd word.
    pub fn mean_confidence(&self) -> f32 {
        if self.words.is_empty() {
            return 0.0;
        }
        self.words.iter().map(|(_, c)| c).sum::<f32>() / self.words.len() as f32
    }
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
    crate::inputs::has_extension(path, &["pdf"]) || has_pdf_header(bytes)
}

/// Where PDF readers look for the `%PDF-` header: within the first 1024 bytes (a byte-order
/// mark or a line of mail headers before it is tolerated, as poppler tolerates it).
const PDF_HEADER_WINDOW: usize = 1024;

/// Whether `bytes` hold a PDF header where readers look for one.
fn has_pdf_header(bytes: &[u8]) -> bool {
    bytes[..bytes.len().min(PDF_HEADER_WINDOW)]
        .windows(5)
        .any(|window| window == b"%PDF-")
}

/// Reads a file; a PDF gives its text layer. Errors name the problem, not the file (the
/// caller adds it). At most the default size limit plus one byte is read (see
/// [`read_input_capped`]).
pub fn read_input(path: &Path) -> Result<InputBytes, String> {
    read_input_capped(
        path,
        treaty_normalize::IngestConfig::default().max_bytes,
        None,
    )
}

/// Reads a file, at most `max_bytes + 1` bytes of it, so a file larger than its reported
/// size (a symlink to `/dev/zero`, a file that grows) is refused as too large instead of
/// filling memory. The file is opened without waiting for a writer: a FIFO named on the
/// command line (`<(zcat a.txt.gz)`) is read as its writer writes, one with no writer reads
/// as empty instead of blocking. (Folders are walked without opening what is not a regular
/// file, see [`crate::inputs::collect`].)
/// A PDF's text extraction and OCR stop at `deadline` (the document's `--time-limit`).
pub fn read_input_capped(
    path: &Path,
    max_bytes: u64,
    deadline: Option<Instant>,
) -> Result<InputBytes, String> {
    let bytes = read_capped(path, max_bytes)?;
    if !is_pdf(path, &bytes) {
        return Ok(InputBytes { bytes, pdf: None });
    }
    pdf_text(path, &bytes, max_bytes, crate::ocr::Budget { deadline })
}

/// The bytes of `path`, at most `max_bytes + 1` of them (see [`read_input_capped`]).
fn read_capped(path: &Path, max_bytes: u64) -> Result<Vec<u8>, String> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    // Opening a FIFO for reading waits for a writer, unless it is opened non-blocking (which
    // changes nothing for a regular file).
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options
        .open(path)
        .map_err(|e| format!("cannot read: {e}"))?;
    let meta = file.metadata().map_err(|e| format!("cannot read: {e}"))?;
    let mut bytes = Vec::new();
    let mut reader = file.take(max_bytes.saturating_add(1));
    loop {
        match reader.read_to_end(&mut bytes) {
            Ok(_) => break,
            // A pipe whose writer has not written yet.
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("cannot read: {e}")),
        }
    }
    if bytes.len() as u64 > max_bytes {
        return Err(format!(
            "too large: it holds more than {max_bytes} bytes, the limit (--max-bytes){}",
            if meta.is_file() && meta.len() <= max_bytes {
                format!(", though its size is given as {} bytes", meta.len())
            } else if !meta.is_file() {
                " (it is not a regular file and has no size of its own)".to_string()
            } else {
                String::new()
            }
        ));
    }
    Ok(bytes)
}

/// The PDF's text layer as extracted (pdftotext, or the built-in extractor where poppler is
/// not installed), the extractor's name, and a note when the built-in one was used.
fn text_layer(
    path: &Path,
    pdf: &[u8],
    max_bytes: u64,
    budget: crate::ocr::Budget,
) -> Result<(Vec<u8>, String, Option<String>), String> {
    Ok(match pdftotext_version() {
        Ok(version) => (
            run_pdftotext(path, max_bytes, budget)?,
            format!("pdftotext {} ({version})", PDFTOTEXT_ARGS[0]),
            None,
        ),
        Err(missing) => (
            builtin_text(pdf)?,
            BUILTIN_EXTRACTOR.to_string(),
            Some(format!(
                "{missing}; the text was taken with the built-in extractor, which runs \
                 columns together"
            )),
        ),
    })
}

/// The pages (1-based) of the PDF at `path` that reading it as a document OCRs in this
/// process's OCR mode: the same text layer and the same choice as [`read_input_capped`]
/// (`treaty ocr` fills the OCR cache with exactly these pages).
pub fn pages_to_ocr(path: &Path, max_bytes: u64) -> Result<Vec<u32>, String> {
    let pdf = read_capped(path, max_bytes)?;
    if !has_pdf_header(&pdf) {
        return Err("it is not a PDF (no %PDF- header in its first 1024 bytes)".into());
    }
    let (text, ..) = text_layer(path, &pdf, max_bytes, crate::ocr::Budget::default())?;
    let (text, _) = without_letter_spacing(&text);
    let layer = String::from_utf8_lossy(&text);
    Ok(wanted_pages(&page_texts(&layer).0))
}

/// The pages of a text layer (the pieces between form feeds) and what follows the last form
/// feed (pdftotext ends every page with one).
fn page_texts(layer: &str) -> (Vec<&str>, Option<&str>) {
    let mut pages: Vec<&str> = layer.split('\x0c').collect();
    let trailing = if pages.len() > 1 { pages.pop() } else { None };
    (pages, trailing)
}

/// The pages (1-based) the OCR mode reads by OCR: `auto`, those with almost no text layer;
/// `always`, every page; `never`, none.
fn wanted_pages(pages: &[&str]) -> Vec<u32> {
    let mode = crate::ocr::mode();
    pages
        .iter()
        .enumerate()
        .filter(|(_, page)| match mode {
            crate::ocr::OcrMode::Never => false,
            crate::ocr::OcrMode::Always => true,
            crate::ocr::OcrMode::Auto => {
                page.chars().filter(|c| !c.is_whitespace()).count() < crate::ocr::SCANNED_PAGE_CHARS
            }
        })
        .filter_map(|(index, _)| u32::try_from(index + 1).ok())
        .collect()
}

/// The text layer of the PDF at `path` (whose bytes are `pdf`).
fn pdf_text(
    path: &Path,
    pdf: &[u8],
    max_bytes: u64,
    budget: crate::ocr::Budget,
) -> Result<InputBytes, String> {
    if !has_pdf_header(pdf) {
        return Err(
            "the file is named .pdf but is not a PDF (no %PDF- header in its first 1024 bytes)"
                .into(),
        );
    }
    let started = Instant::now();
    let (text, extractor, note) = text_layer(path, pdf, max_bytes, budget)?;
    let sha256 = sha256_hex(pdf);
    // The built-in extractor (a `note` says it was used) has no word boxes.
    let (text, boxed) = if note.is_none() {
        with_vertical_pages_from_word_boxes(path, text, max_bytes, budget)
    } else {
        (text, Vec::new())
    };
    let (text, mut readings) = without_letter_spacing(&text);
    for reading in &mut readings {
        if boxed.contains(&reading.page) {
            reading.source = "word_boxes".to_string();
        }
    }
    let (text, ocr) = with_scanned_pages_read(path, text, budget)?;
    if let Some(ocr) = &ocr {
        for reading in &mut readings {
            if let Some(read) = ocr.readings.iter().find(|r| r.page == reading.page) {
                *reading = read.clone();
            }
        }
    }
    let visible = text.iter().filter(|b| !b.is_ascii_whitespace()).count();
    let pages =
        u32::try_from(text.iter().filter(|&&b| b == 0x0C).count().max(1)).unwrap_or(u32::MAX);
    if visible < crate::ocr::SCANNED_PAGE_CHARS * pages as usize {
        return Err(match &ocr {
            Some(ocr) => format!(
                "the PDF is scanned and OCR found almost no text in it ({visible} characters on \
                 {pages} pages){}",
                unread_pages(&ocr.readings)
            ),
            None => format!(
                "the PDF has no text layer ({visible} characters on {pages} pages): it is \
                 probably scanned; run with --ocr auto (the default) to OCR it with Tesseract"
            ),
        });
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
            sha256,
            bytes: pdf.len(),
            extractor,
            pages,
            note,
            ocr,
            readings,
        }),
    })
}

/// The `-layout` text layer with its pages in vertical writing whose item labels left their
/// lines read again from poppler's word boxes ([`crate::word_boxes`]), and those pages. Where
/// the word boxes cannot be had (the command fails or runs out of time), the layout reading
/// stays.
fn with_vertical_pages_from_word_boxes(
    path: &Path,
    text: Vec<u8>,
    max_bytes: u64,
    budget: crate::ocr::Budget,
) -> (Vec<u8>, Vec<u32>) {
    let layer = String::from_utf8_lossy(&text);
    let (pages, trailing) = page_texts(&layer);
    let wanted = crate::word_boxes::pages_with_displaced_labels(&pages);
    let read = match budget.time_for(PDF_TIME_LIMIT) {
        Ok(time) if !wanted.is_empty() => {
            crate::word_boxes::vertical_pages(path, &wanted, max_bytes, time).unwrap_or_default()
        }
        _ => Vec::new(),
    };
    if read.is_empty() {
        drop(layer);
        return (text, Vec::new());
    }
    let mut joined = String::with_capacity(layer.len());
    // `read` is in page order, so one pass over both.
    let mut boxed = read.iter().peekable();
    for (index, page) in pages.iter().enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        match boxed.next_if(|(at, _)| *at == number) {
            Some((_, text)) => joined.push_str(text),
            None => joined.push_str(page),
        }
        joined.push('\x0c');
    }
    if let Some(trailing) = trailing {
        joined.push_str(trailing);
    }
    (
        joined.into_bytes(),
        read.into_iter().map(|(page, _)| page).collect(),
    )
}

/// `; page 3 was not read: why` for the OCR'd pages that could not be read (the first few),
/// so a document without text says whether its pages are blank or could not be read.
fn unread_pages(readings: &[PageReading]) -> String {
    const SHOWN: usize = 3;
    let unread: Vec<String> = readings
        .iter()
        .filter_map(|reading| {
            let why = reading.ocr.as_deref()?.strip_prefix("not read: ")?;
            Some(format!("page {} was not read: {why}", reading.page))
        })
        .collect();
    match unread.len() {
        0 => String::new(),
        n if n <= SHOWN => format!("; {}", unread.join("; ")),
        n => format!(
            "; {} (and {} more pages not read)",
            unread[..SHOWN].join("; "),
            n - SHOWN
        ),
    }
}

/// The text layer with the letter spacing of unspaced scripts removed page by page
/// ([`treaty_normalize::letter_spacing`]), and how each page was read. Pages are the pieces
/// between form feeds; the piece after the last form feed is a page only when it holds text
/// (pdftotext ends every page with one, the built-in extractor only separates them).
fn without_letter_spacing(text: &[u8]) -> (Vec<u8>, Vec<PageReading>) {
    let layer = String::from_utf8_lossy(text);
    let pieces: Vec<&str> = layer.split('\x0c').collect();
    let pages = match pieces.split_last() {
        Some((last, before)) if !before.is_empty() && last.trim().is_empty() => before.len(),
        _ => pieces.len(),
    };
    let mut joined = String::with_capacity(layer.len());
    let mut readings = Vec::with_capacity(pages);
    for (index, piece) in pieces.iter().enumerate() {
        if index > 0 {
            joined.push('\x0c');
        }
        if index >= pages {
            joined.push_str(piece);
            continue;
        }
        let read = treaty_normalize::letter_spacing::remove_letter_spacing(piece);
        joined.push_str(&read.text);
        readings.push(PageReading {
            page: u32::try_from(index + 1).unwrap_or(u32::MAX),
            source: "text_layer".to_string(),
            letter_spacing: read.scope.as_str().to_string(),
            spaces_removed: read.removed,
            ocr: None,
            confidence: None,
        });
    }
    (joined.into_bytes(), readings)
}

/// The text with the pages the OCR mode asks for read by OCR instead of their text layer
/// (`auto`: pages with almost no text layer; `always`: every page).
fn with_scanned_pages_read(
    path: &Path,
    text: Vec<u8>,
    budget: crate::ocr::Budget,
) -> Result<(Vec<u8>, Option<OcrOrigin>), String> {
    let layer = String::from_utf8_lossy(&text).into_owned();
    // pdftotext ends every page with a form feed: the last piece is what follows the last.
    let (pages, trailing) = page_texts(&layer);
    let wanted = wanted_pages(&pages);
    if wanted.is_empty() {
        return Ok((text, None));
    }
    let (read, run) = crate::ocr::read_pages(path, &wanted, budget)?;
    let mut joined = String::with_capacity(layer.len());
    let mut words = Vec::new();
    for (index, page) in pages.iter().enumerate() {
        if index > 0 {
            joined.push('\x0c');
        }
        match wanted.iter().position(|&p| p as usize == index + 1) {
            Some(at) => {
                let offset = joined.len();
                joined.push_str(&read[at].text);
                words.extend(
                    read[at]
                        .words
                        .iter()
                        .map(|(range, c)| (range.start + offset..range.end + offset, *c)),
                );
            }
            None => joined.push_str(page),
        }
    }
    if let Some(trailing) = trailing {
        joined.push('\x0c');
        joined.push_str(trailing);
    }
    let readings = wanted
        .iter()
        .zip(&read)
        .map(|(&page, text)| PageReading {
            page,
            source: "ocr".to_string(),
            letter_spacing: "none".to_string(),
            spaces_removed: 0,
            ocr: Some(match &text.failed {
                Some(why) => format!("not read: {why}"),
                None => text.how.clone(),
            }),
            confidence: text.confidence().map(|c| (c * 100.0).round() / 100.0),
        })
        .collect();
    Ok((
        joined.into_bytes(),
        Some(OcrOrigin {
            run,
            words,
            readings,
        }),
    ))
}

/// The name the built-in extractor is recorded under.
const BUILTIN_EXTRACTOR: &str = "pdf-extract 0.12 (built in)";

/// The text of every page by the built-in extractor, pages separated by form feeds as
/// pdftotext separates them. A panic inside the extractor (malformed PDF) is an error of this
/// document.
fn builtin_text(pdf: &[u8]) -> Result<Vec<u8>, String> {
    let pages = std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem_by_pages(pdf))
        .map_err(|_| "the built-in PDF extractor failed on this PDF (install poppler-utils to read it with pdftotext)".to_string())?
        .map_err(|e| format!("the built-in PDF extractor cannot read this PDF: {e}"))?;
    let mut text = pages.join("\x0c");
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text.into_bytes())
}

/// `pdftotext -layout FILE -`, stopped after [`PDF_TIME_LIMIT`] (or when the document's time
/// runs out), or as soon as its text
/// passes `max_bytes` (a small PDF can hold a very large text layer: its pages may share one
/// content stream).
fn run_pdftotext(
    path: &Path,
    max_bytes: u64,
    budget: crate::ocr::Budget,
) -> Result<Vec<u8>, String> {
    let mut command = Command::new("pdftotext");
    command.args(PDFTOTEXT_ARGS).arg(path).arg("-");
    let name = path
        .file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy();
    let done = crate::child::run_limited(
        command,
        "pdftotext",
        None,
        budget.time_for(PDF_TIME_LIMIT)?,
        &format!("on {name}"),
        max_bytes,
    )?;
    match done.status {
        None => Err(format!(
            "too large: the text layer of this PDF holds more than {max_bytes} bytes, the limit \
             (--max-bytes); reading it was stopped there"
        )),
        Some(status) if !status.success() => Err(poppler_failure(status, &done.stderr)),
        Some(_) => Ok(done.stdout),
    }
}

/// Why pdftotext could not read a PDF, from its messages: encrypted, without pages, damaged,
/// or, failing those, its first message.
fn poppler_failure(status: std::process::ExitStatus, messages: &str) -> String {
    if messages.contains("Incorrect password") {
        return "the PDF is encrypted: it cannot be opened without its password (decrypt it, \
                for example with `qpdf --decrypt`, and run again)"
            .to_string();
    }
    if messages.contains("Invalid page count 0") || messages.contains("Wrong page range") {
        return "the PDF has no pages".to_string();
    }
    let first = messages
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("");
    if messages.contains("xref") || messages.contains("trailer") {
        return format!("the PDF is damaged (poppler: {first})");
    }
    format!(
        "pdftotext could not read this PDF ({status}){}",
        if first.is_empty() {
            String::new()
        } else {
            format!(": {first}")
        }
    )
}

/// `poppler 22.08.0`, or why pdftotext cannot be used.
fn pdftotext_version() -> Result<String, String> {
    static VERSION: OnceLock<Result<String, String>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let program = std::ffi::OsStr::new("pdftotext");
            let done =
                crate::child::ask(program, "-v", crate::child::QUERY_TIME_LIMIT).map_err(|e| {
                    match e {
                        crate::child::RunError::NotFound(_) => "pdftotext is not installed (for \
                        poppler's layout of the page, install poppler-utils: apt-get install \
                        poppler-utils on Debian and Ubuntu, brew install poppler on macOS)"
                            .to_string(),
                        crate::child::RunError::Failed(message) => message,
                    }
                })?;
            let said = done.stderr + &String::from_utf8_lossy(&done.stdout);
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

    /// `read_input` of a file named `name` holding `bytes`.
    fn read_file(name: &str, bytes: &[u8]) -> Result<InputBytes, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        read_input(&path)
    }

    #[test]
    fn text_is_read_as_it_is_and_a_file_named_pdf_that_is_not_one_is_refused() {
        let input = read_file("a.txt", b"Article 1\n").unwrap();
        assert_eq!(input.bytes, b"Article 1\n");
        assert!(input.pdf.is_none());
        let error = read_file("fake.pdf", b"Article 1\nThis is text.\n").unwrap_err();
        assert!(error.contains("not a PDF"), "{error}");
    }
}
