//! OCR of scanned PDF pages with Tesseract, page by page, in parallel, cached.
//!
//! A page is rendered with poppler's `pdftoppm` (300 dpi, grey) and read by the `tesseract`
//! command, whose word table (`tsv`) gives each word's confidence. The commands, not a
//! binding: a binding (leptess, tesseract-rs) needs libtesseract's and leptonica's `-dev`
//! packages and clang at build time for every user, including the many who never OCR; the
//! command costs one process per page, which is nothing beside the seconds Tesseract spends
//! on a page. The languages come from the installed profiles (`NormalizeWords::ocr_language`):
//! Tesseract's script detection on the first page picks the profiles of that script, so a
//! bilingual Portuguese/English print is read with `por+eng` and a Japanese one with `jpn`.
//!
//! Results are cached under the user's cache folder (`ocr/`, or `$TREATY_OCR_CACHE`), keyed by the PDF's SHA-256, the
//! page, the languages, the resolution and Tesseract's version, so a rerun does not OCR again.

use std::io::{Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;
use treaty_lang::{Lang, Script};

/// When to OCR a PDF's pages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum OcrMode {
    /// Pages with (almost) no text layer.
    #[default]
    Auto,
    /// Every page, whatever its text layer holds.
    Always,
    /// No page: a PDF without a text layer is a failure.
    Never,
}

static MODE: OnceLock<OcrMode> = OnceLock::new();

/// The batch's progress bar, which shows each page as OCR finishes it.
static PROGRESS: OnceLock<indicatif::ProgressBar> = OnceLock::new();

/// Pages read by OCR in this process, and how many of them came from the cache.
static PAGES_READ: AtomicUsize = AtomicUsize::new(0);
static PAGES_CACHED: AtomicUsize = AtomicUsize::new(0);

/// Shows OCR progress, page by page, on `bar` (a clone of the batch's bar).
pub fn show_progress_on(bar: indicatif::ProgressBar) {
    let _ = PROGRESS.set(bar);
}

/// Pages read by OCR in this process, and how many came from the cache, for the summary.
pub fn totals() -> (usize, usize) {
    (
        PAGES_READ.load(Ordering::Relaxed),
        PAGES_CACHED.load(Ordering::Relaxed),
    )
}

/// Sets the OCR mode for this process (the `--ocr` flag); the first call wins.
pub fn set_mode(mode: OcrMode) {
    let _ = MODE.set(mode);
}

/// The OCR mode of this process.
pub fn mode() -> OcrMode {
    MODE.get().copied().unwrap_or_default()
}

/// A page whose text layer has fewer visible characters than this is OCR'd in `auto` mode.
pub const SCANNED_PAGE_CHARS: usize = 50;

/// The resolution pages are rendered at for OCR.
const DPI: u32 = 300;

/// One page as OCR read it.
#[derive(Debug, Clone, Default)]
pub struct PageText {
    /// The text, lines and paragraphs as Tesseract found them.
    pub text: String,
    /// Each word's byte range in `text` and its confidence (0 to 1).
    pub words: Vec<(Range<usize>, f32)>,
}

/// What an OCR of a document used, for its JSON.
#[derive(Debug, Clone)]
pub struct OcrRun {
    /// `tesseract 5.3.0`.
    pub engine: String,
    /// Tesseract's languages (`por+eng`).
    pub languages: String,
    /// The pages read by OCR (1-based).
    pub pages: Vec<u32>,
    /// How many of them came from the cache.
    pub cached: usize,
}

/// OCRs `pages` (1-based) of the PDF at `path`, whose SHA-256 is `sha256`.
pub fn read_pages(
    path: &Path,
    sha256: &str,
    pages: &[u32],
) -> Result<(Vec<PageText>, OcrRun), String> {
    let engine = tesseract_version()?;
    let Some(&first) = pages.first() else {
        return Ok((Vec::new(), run_of(engine, String::new(), pages, 0)));
    };
    let first_image = render(path, first)?;
    let (languages, script) = languages_for(&first_image)?;
    let sentence_ends: Vec<char> = Lang::all()
        .map(Lang::profile)
        .filter(|p| Some(p.script) == script && p.script == Script::Japanese)
        .flat_map(|p| p.normalize.sentence_ends.iter().copied())
        .collect();
    let unspaced = (script == Some(Script::Japanese)).then_some(sentence_ends.as_slice());
    let cache = cache_folder();
    let done = AtomicUsize::new(0);
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let tick = |hit: bool| {
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        PAGES_READ.fetch_add(1, Ordering::Relaxed);
        PAGES_CACHED.fetch_add(usize::from(hit), Ordering::Relaxed);
        if let Some(bar) = PROGRESS.get() {
            bar.set_message(format!(
                "OCR {finished}/{} pages of {}",
                pages.len(),
                crate::terminal::quote(&name)
            ));
        }
    };
    let results: Vec<Result<(PageText, bool), String>> = pages
        .par_iter()
        .map(|&page| {
            let key = cache_key(sha256, page, &languages, &engine);
            if let Some(tsv) = cache.as_ref().and_then(|dir| read_cached(dir, &key)) {
                tick(true);
                return Ok((page_from_tsv(&tsv, unspaced), true));
            }
            let image = if page == first {
                first_image.clone()
            } else {
                render(path, page)?
            };
            let tsv = tesseract(&image, &languages, &["tsv"])?;
            if let Some(dir) = &cache {
                write_cached(dir, &key, &tsv);
            }
            tick(false);
            Ok((page_from_tsv(&tsv, unspaced), false))
        })
        .collect();
    let mut texts = Vec::with_capacity(pages.len());
    let mut cached = 0;
    for (page, result) in pages.iter().zip(results) {
        let (text, hit) = result.map_err(|e| format!("OCR of page {page}: {e}"))?;
        cached += usize::from(hit);
        texts.push(text);
    }
    Ok((texts, run_of(engine, languages, pages, cached)))
}

fn run_of(engine: String, languages: String, pages: &[u32], cached: usize) -> OcrRun {
    OcrRun {
        engine,
        languages,
        pages: pages.to_vec(),
        cached,
    }
}

/// The Tesseract languages for a document whose first scanned page is `image`: the installed
/// profiles of the script Tesseract sees there (all profiles when it cannot tell), and that
/// script.
fn languages_for(image: &[u8]) -> Result<(String, Option<Script>), String> {
    let seen = tesseract(image, "osd", &["--psm", "0"])
        .ok()
        .and_then(|osd| {
            osd.lines()
                .find_map(|line| line.strip_prefix("Script:").map(|s| s.trim().to_string()))
        });
    let script = seen.map(|name| match name.as_str() {
        "Latin" => Script::Latin,
        _ => Script::Japanese,
    });
    let mut codes: Vec<&str> = Vec::new();
    for lang in Lang::all() {
        let profile = lang.profile();
        let code = profile.normalize.ocr_language;
        if !code.is_empty() && script.is_none_or(|s| s == profile.script) && !codes.contains(&code)
        {
            codes.push(code);
        }
    }
    if codes.is_empty() {
        return Err("no installed language profile names a Tesseract language".into());
    }
    let installed = installed_languages()?;
    if let Some(missing) = codes.iter().find(|c| !installed.iter().any(|i| i == *c)) {
        return Err(format!(
            "Tesseract has no `{missing}` language: install tesseract-ocr-{missing} (Debian, \
             Ubuntu) to OCR this scanned PDF"
        ));
    }
    Ok((codes.join("+"), script))
}

/// `pdftoppm -r 300 -gray -f N -l N -png FILE`: one page as a PNG image.
fn render(path: &Path, page: u32) -> Result<Vec<u8>, String> {
    let output = Command::new("pdftoppm")
        .args(["-r", &DPI.to_string(), "-gray", "-png"])
        .args(["-f", &page.to_string(), "-l", &page.to_string()])
        .arg(path)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                "pdftoppm is not installed: install poppler-utils to OCR scanned PDFs".to_string()
            } else {
                format!("cannot run pdftoppm: {e}")
            }
        })?;
    if !output.status.success() || output.stdout.is_empty() {
        return Err(format!(
            "pdftoppm could not render page {page} ({})",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(output.stdout)
}

/// Runs `tesseract stdin stdout -l LANGUAGES ARGS` on an image; one thread per process, as
/// pages run in parallel.
fn tesseract(image: &[u8], languages: &str, args: &[&str]) -> Result<String, String> {
    let mut child = Command::new("tesseract")
        .args(["stdin", "stdout", "-l", languages])
        .args(args)
        .env("OMP_THREAD_LIMIT", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run tesseract: {e}"))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let image = image.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&image));
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("stdout is piped")
        .read_to_string(&mut stdout)
        .map_err(|e| format!("tesseract: {e}"))?;
    let mut stderr = String::new();
    let _ = child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut stderr);
    let status = child.wait().map_err(|e| format!("tesseract: {e}"))?;
    let _ = writer.join();
    if !status.success() {
        let first = stderr.lines().next().unwrap_or("").trim().to_string();
        return Err(format!("tesseract failed ({status}): {first}"));
    }
    Ok(stdout)
}

/// `tesseract 5.3.0`, or why Tesseract cannot be used.
fn tesseract_version() -> Result<String, String> {
    static VERSION: OnceLock<Result<String, String>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let output = Command::new("tesseract")
                .arg("--version")
                .stdin(Stdio::null())
                .output()
                .map_err(|e| {
                    if e.kind() == std::io::ErrorKind::NotFound {
                        "the PDF is scanned (its pages have no text layer) and Tesseract is not \
                         installed to OCR it: install tesseract-ocr with the languages of your \
                         treaties (tesseract-ocr-por, tesseract-ocr-eng, tesseract-ocr-jpn on \
                         Debian and Ubuntu), or pass --ocr never"
                            .to_string()
                    } else {
                        format!("cannot run tesseract: {e}")
                    }
                })?;
            let said = String::from_utf8_lossy(&output.stdout).into_owned()
                + &String::from_utf8_lossy(&output.stderr);
            let version = said
                .lines()
                .next()
                .unwrap_or("tesseract")
                .trim()
                .to_string();
            Ok(version)
        })
        .clone()
}

/// The languages Tesseract has installed.
fn installed_languages() -> Result<Vec<String>, String> {
    static INSTALLED: OnceLock<Result<Vec<String>, String>> = OnceLock::new();
    INSTALLED
        .get_or_init(|| {
            let output = Command::new("tesseract")
                .arg("--list-langs")
                .stdin(Stdio::null())
                .output()
                .map_err(|e| format!("cannot run tesseract: {e}"))?;
            let said = String::from_utf8_lossy(&output.stdout).into_owned();
            Ok(said.lines().skip(1).map(|l| l.trim().to_string()).collect())
        })
        .clone()
}

/// The page's text from Tesseract's word table: words joined by spaces, a line break between
/// lines, a blank line between paragraphs and blocks. In a script written without spaces
/// (`unspaced`: its sentence ends), Tesseract's word pieces are joined without one, except
/// between two words of ASCII letters or digits, and a paragraph break that does not follow a
/// sentence end is a line break (Tesseract takes a short last line for a paragraph's end).
pub fn page_from_tsv(tsv: &str, unspaced: Option<&[char]>) -> PageText {
    let mut page = PageText::default();
    let mut previous: Option<(&str, &str, &str)> = None;
    for line in tsv.lines().skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        if cells.len() < 12 || cells[0] != "5" {
            continue;
        }
        let word = cells[11].trim();
        if word.is_empty() {
            continue;
        }
        let place = (cells[2], cells[3], cells[4]);
        if let Some((block, paragraph, text_line)) = previous {
            let sentence_ended = unspaced.is_none_or(|ends| {
                page.text
                    .chars()
                    .next_back()
                    .is_some_and(|c| ends.contains(&c))
            });
            let new_paragraph = block != place.0 || paragraph != place.1;
            if new_paragraph && sentence_ended {
                page.text.push_str("\n\n");
            } else if new_paragraph || text_line != place.2 {
                page.text.push('\n');
            } else {
                let glued = unspaced.is_some()
                    && (page.text.chars().next_back().is_some_and(|c| !c.is_ascii())
                        || word.chars().next().is_some_and(|c| !c.is_ascii()));
                if !glued {
                    page.text.push(' ');
                }
            }
        }
        previous = Some(place);
        let start = page.text.len();
        page.text.push_str(word);
        let confidence = cells[10].parse::<f32>().unwrap_or(0.0).clamp(0.0, 100.0) / 100.0;
        page.words.push((start..page.text.len(), confidence));
    }
    if !page.text.is_empty() {
        page.text.push('\n');
    }
    page
}

/// `$TREATY_OCR_CACHE`, else `ocr/` in the cache folder the dictionary uses.
fn cache_folder() -> Option<PathBuf> {
    let dir = std::env::var_os("TREATY_OCR_CACHE").map_or_else(
        || treaty_cli::dictionary::cache_root().join("ocr"),
        PathBuf::from,
    );
    std::fs::create_dir_all(&dir).ok().map(|()| dir)
}

fn cache_key(sha256: &str, page: u32, languages: &str, engine: &str) -> String {
    let engine: String = engine
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{sha256}-p{page}-{languages}-{DPI}dpi-{engine}.tsv")
}

fn read_cached(dir: &Path, key: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(key)).ok()
}

/// Best effort: a cache that cannot be written only costs a rerun its time.
fn write_cached(dir: &Path, key: &str, tsv: &str) {
    let _ = crate::output::write_atomic(&dir.join(key), tsv.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_tables_become_lines_and_paragraphs_with_confidences() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
                   1\t1\t0\t0\t0\t0\t0\t0\t10\t10\t-1\t\n\
                   5\t1\t1\t1\t1\t1\t0\t0\t10\t10\t96.5\tArticle\n\
                   5\t1\t1\t1\t1\t2\t0\t0\t10\t10\t91\t10\n\
                   5\t1\t1\t2\t1\t1\t0\t0\t10\t10\t88\tDividends\n\
                   5\t1\t1\t2\t2\t1\t0\t0\t10\t10\t40\t15%\n";
        let page = page_from_tsv(tsv, None);
        assert_eq!(page.text, "Article 10\n\nDividends\n15%\n");
        let words: Vec<(&str, f32)> = page
            .words
            .iter()
            .map(|(range, conf)| (&page.text[range.clone()], *conf))
            .collect();
        assert_eq!(
            words,
            [
                ("Article", 0.965),
                ("10", 0.91),
                ("Dividends", 0.88),
                ("15%", 0.4)
            ]
        );
    }

    #[test]
    fn pieces_of_an_unspaced_script_are_joined_without_spaces() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
                   5\t1\t1\t1\t1\t1\t0\t0\t10\t10\t90\t第\n\
                   5\t1\t1\t1\t1\t2\t0\t0\t10\t10\t90\t十条\n\
                   5\t1\t1\t1\t1\t3\t0\t0\t10\t10\t90\tOECD\n\
                   5\t1\t1\t1\t1\t4\t0\t0\t10\t10\t90\tModel\n";
        let ends = ['\u{3002}'];
        assert_eq!(page_from_tsv(tsv, Some(&ends)).text, "第十条OECD Model\n");
        assert_eq!(page_from_tsv(tsv, None).text, "第 十条 OECD Model\n");
    }

    #[test]
    fn cache_keys_name_everything_the_text_depends_on() {
        let a = cache_key("ab12", 3, "por+eng", "tesseract 5.3.0");
        assert_eq!(a, "ab12-p3-por+eng-300dpi-tesseract_5.3.0.tsv");
        assert_ne!(a, cache_key("ab12", 3, "jpn", "tesseract 5.3.0"));
        assert_ne!(a, cache_key("ab12", 4, "por+eng", "tesseract 5.3.0"));
    }
}
