//! OCR of scanned PDF pages with Tesseract, page by page, in parallel, cached.
//!
//! A page is rendered with poppler's `pdftoppm` (300 dpi, grey) and read by the `tesseract`
//! command, whose word table (`tsv`) gives each word's confidence. The commands, not a
//! binding: a binding (leptess, tesseract-rs) needs libtesseract's and leptonica's `-dev`
//! packages and clang at build time for every user, including the many who never OCR; the
//! command costs one process per page, which is nothing beside the seconds Tesseract spends
//! on a page. The languages come from the installed profiles (`NormalizeWords::ocr_language`),
//! or from `--ocr-lang`: Tesseract's orientation and script detection on each region of each
//! page picks the models of that script, so a bilingual Portuguese/English print is read with
//! `eng+por`, a Japanese one with `jpn` (`jpn_vert` for vertical lines), and a page with a
//! Japanese half and an English half with both, one per half.
//!
//! Progress: each page read advances the batch's bar by its share of the PDF's bytes (the bar
//! counts input bytes), so the bar moves and its ETA holds while a scan is read; Ctrl-C
//! stops OCR at the next page ([`stop_at_next_page`]).
//!
//! Results are cached under the user's cache folder (`ocr/`, or `$TREATY_OCR_CACHE`), keyed by
//! the page image's SHA-256, the page-reading version, the models, the resolution and
//! Tesseract's version ([`cache_key`]), written atomically, so a rerun does not OCR again and
//! many processes (`treaty ocr` on page ranges, on many machines) can share one cache folder.

use std::ffi::OsStr;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;
use treaty_lang::{Lang, Script};

use crate::child::{ask, RunError, QUERY_TIME_LIMIT};

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

/// Time spent in OCR (rendering pages and Tesseract), summed over documents, in nanoseconds.
static OCR_NANOS: AtomicU64 = AtomicU64::new(0);

/// Set by Ctrl-C: no page starts after it.
static STOP: AtomicBool = AtomicBool::new(false);

/// Bytes of each PDF the bar was advanced by as its pages were read, by path.
static ADVANCED: Mutex<BTreeMap<PathBuf, u64>> = Mutex::new(BTreeMap::new());

/// `--ocr-lang`: the Tesseract languages OCR may use, when given.
static LANGUAGES: OnceLock<String> = OnceLock::new();

/// Shows OCR progress, page by page, on `bar` (a clone of the batch's bar).
pub fn show_progress_on(bar: indicatif::ProgressBar) {
    let _ = PROGRESS.set(bar);
}

/// How many bytes of the PDF at `path` the bar was advanced by while its pages were read;
/// the batch advances it by the rest when the document is done. Forgets them.
pub fn take_progress(path: &Path) -> u64 {
    ADVANCED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .remove(path)
        .unwrap_or(0)
}

/// Stops OCR at the next page, in every document (Ctrl-C): pages being read finish, no other
/// starts, and their documents fail as interrupted.
pub fn stop_at_next_page() {
    STOP.store(true, Ordering::SeqCst);
}

/// The time spent in OCR in this process, summed over documents, for the summary.
pub fn time_spent() -> Duration {
    Duration::from_nanos(OCR_NANOS.load(Ordering::Relaxed))
}

/// Sets `--ocr-lang` (Tesseract codes joined by `+`); checked when OCR first needs it.
pub fn set_languages(languages: Option<String>) {
    if let Some(languages) = languages {
        let _ = LANGUAGES.set(languages);
    }
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

/// A mode as `--ocr` names it (`auto`), for the run manifest.
pub fn mode_name(mode: OcrMode) -> String {
    clap::ValueEnum::to_possible_value(&mode)
        .map_or_else(|| format!("{mode:?}"), |value| value.get_name().to_string())
}

/// Why a page was not read after Ctrl-C.
const INTERRUPTED: &str = "not read: the run was interrupted";

/// A page whose text layer has fewer visible characters than this is OCR'd in `auto` mode.
pub const SCANNED_PAGE_CHARS: usize = 50;

/// The resolution pages are rendered at for OCR.
const DPI: u32 = 300;

/// One page as OCR read it.
#[derive(Debug, Clone, Default)]
pub struct PageText {
    /// The text, lines and paragraphs as Tesseract found them; the regions of the page one
    /// after the other, a blank line between them.
    pub text: String,
    /// Each word's byte range in `text` and its confidence (0 to 1).
    pub words: Vec<(Range<usize>, f32)>,
    /// How the page was read: its regions, how each was turned, and the models.
    pub how: String,
    /// Why the page could not be read (it then has no text), when it could not.
    pub failed: Option<String>,
}

impl PageText {
    /// The mean confidence of the page's words (`None` when it has none).
    pub fn confidence(&self) -> Option<f32> {
        (!self.words.is_empty())
            .then(|| self.words.iter().map(|(_, c)| c).sum::<f32>() / self.words.len() as f32)
    }
}

/// What an OCR of a document used, for its JSON.
#[derive(Debug, Clone)]
pub struct OcrRun {
    /// `tesseract 5.3.0`.
    pub engine: String,
    /// Tesseract's languages, every model used on any page (`jpn_vert+eng`).
    pub languages: String,
    /// The pages read by OCR (1-based).
    pub pages: Vec<u32>,
    /// How many of them came from the cache.
    pub cached: usize,
}

/// The Tesseract models of the installed profiles, by script and direction.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Models {
    /// Latin script: every installed Latin profile's language (`eng+por`).
    latin: String,
    /// Japanese printed horizontally (`jpn`).
    japanese: String,
    /// Japanese printed in vertical lines (`jpn_vert`).
    vertical: String,
}

/// How one region of a page is read (and, for the other ways tried, could be read).
#[derive(Debug, Clone, PartialEq, Eq)]
struct RegionPlan {
    region: crate::page_image::Region,
    /// Degrees the region is turned clockwise to stand upright.
    turn: u32,
    /// Tesseract's languages for it.
    languages: String,
    /// Whether its lines are vertical (read as one block of vertical text).
    vertical: bool,
    /// Whether its script is written without spaces.
    unspaced: bool,
}

/// One region as Tesseract read it: what the cache keeps.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct RegionRead {
    /// How the region was read (`region 2 (1700x1032 at 0,1410), turned 270°, ...`).
    how: String,
    /// The Tesseract languages it was read with.
    languages: String,
    /// Whether its script is written without spaces.
    unspaced: bool,
    /// Tesseract's word table.
    tsv: String,
    /// The mean confidence of its words.
    confidence: f32,
}

/// OCRs `pages` (1-based) of the PDF at `path`. Each page is cut into regions of one script
/// and direction ([`crate::page_image`]), each turned upright and read with its model. A page
/// that cannot be read (its rendering or Tesseract fails or runs out of time) has no text and
/// says why; the others are read.
pub fn read_pages(
    path: &Path,
    pages: &[u32],
    budget: Budget,
) -> Result<(Vec<PageText>, OcrRun), String> {
    let max_pages = max_pages();
    if pages.len() > max_pages {
        return Err(format!(
            "the PDF has {} scanned pages to OCR, more than the limit of {max_pages} \
             (--max-ocr-pages); raise it to read them all",
            pages.len()
        ));
    }
    // Each page to read adds its allowance to the document's time.
    let budget =
        budget.extended(page_time().saturating_mul(u32::try_from(pages.len()).unwrap_or(u32::MAX)));
    let engine = tesseract_version()?;
    let models = models()?;
    let resolutions = resolutions(path, pages, budget)?;
    let cache = cache_folder();
    let direction = Direction::default();
    let started = Instant::now();
    let done = AtomicUsize::new(0);
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let pdf_bytes = std::fs::metadata(path).map_or(0, |meta| meta.len());
    let tick = |hit: bool| {
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        PAGES_READ.fetch_add(1, Ordering::Relaxed);
        PAGES_CACHED.fetch_add(usize::from(hit), Ordering::Relaxed);
        // The page's share of the PDF's bytes, so the bar (and its ETA) moves page by page.
        let share = |pages_done: usize| pdf_bytes * pages_done as u64 / pages.len() as u64;
        let step = share(finished) - share(finished - 1);
        *ADVANCED
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(path.to_path_buf())
            .or_default() += step;
        if let Some(bar) = PROGRESS.get() {
            bar.inc(step);
            bar.set_message(format!(
                "OCR {finished}/{} pages of {}",
                pages.len(),
                crate::terminal::quote(&name)
            ));
        }
    };
    let results: Vec<(PageText, bool, Vec<String>)> = pages
        .par_iter()
        .zip(&resolutions)
        .map(|(&page, resolution)| {
            if STOP.load(Ordering::SeqCst) {
                let text = PageText {
                    failed: Some(INTERRUPTED.to_string()),
                    ..PageText::default()
                };
                return (text, false, Vec::new());
            }
            let read = resolution.clone().and_then(|dpi| {
                let page = Page {
                    path,
                    number: page,
                    dpi,
                    budget,
                };
                read_page(&page, &models, &engine, cache.as_deref(), &direction)
            });
            let (text, hit, used) = match read {
                Ok(read) => read,
                Err(error) => (
                    PageText {
                        failed: Some(error),
                        ..PageText::default()
                    },
                    false,
                    Vec::new(),
                ),
            };
            tick(hit);
            (text, hit, used)
        })
        .collect();
    OCR_NANOS.fetch_add(
        u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX),
        Ordering::Relaxed,
    );
    stopped_early(&results, pages.len(), budget)?;
    Ok(gathered(results, engine, pages))
}

/// The error of a PDF whose OCR stopped before its last page: interrupted (Ctrl-C), or out of
/// time; it says how many of its pages were read.
fn stopped_early(
    results: &[(PageText, bool, Vec<String>)],
    pages: usize,
    budget: Budget,
) -> Result<(), String> {
    let read = || {
        results
            .iter()
            .filter(|(text, ..)| text.failed.is_none())
            .count()
    };
    if results
        .iter()
        .any(|(text, ..)| text.failed.as_deref() == Some(INTERRUPTED))
    {
        return Err(format!(
            "interrupted during OCR, with {} of {pages} pages read (they are in the OCR cache; \
             --resume reads the others)",
            read()
        ));
    }
    if budget.ran_out() {
        return Err(format!(
            "took too long: its time (--time-limit, and --ocr-page-time for each page) ran out \
             during OCR, with {} of {pages} pages read",
            read()
        ));
    }
    Ok(())
}

/// The pages' texts in page order, and the run: how many came from the cache, the languages
/// used (each once, in the order first used).
fn gathered(
    results: Vec<(PageText, bool, Vec<String>)>,
    engine: String,
    pages: &[u32],
) -> (Vec<PageText>, OcrRun) {
    let mut texts = Vec::with_capacity(pages.len());
    let mut cached = 0;
    let mut languages: Vec<String> = Vec::new();
    for (text, hit, used) in results {
        cached += usize::from(hit);
        for code in used.iter().flat_map(|l| l.split('+')) {
            if !languages.iter().any(|known| known == code) {
                languages.push(code.to_string());
            }
        }
        texts.push(text);
    }
    let run = OcrRun {
        engine,
        languages: languages.join("+"),
        pages: pages.to_vec(),
        cached,
    };
    (texts, run)
}

/// Reads one page: from the cache when its image was read before with the same engine and
/// models, else by OCR. Also says whether it came from the cache, and the languages used.
fn read_page(
    page: &Page,
    models: &Models,
    engine: &str,
    cache: Option<&Path>,
    direction: &Direction,
) -> Result<(PageText, bool, Vec<String>), String> {
    let pgm = render(page)?;
    let key = cache_key(&treaty_schema::sha256_hex(&pgm), models, engine);
    let cached = cache.and_then(|dir| read_cached(dir, &key));
    let hit = cached.is_some();
    let regions = match cached {
        Some(regions) => regions,
        None => {
            let image = crate::page_image::GreyImage::from_pgm(&pgm)?;
            drop(pgm);
            let (plans, apart) = plan_regions(&image, models, direction, page);
            let read_all = |plans: &[RegionPlan]| {
                plans
                    .iter()
                    .enumerate()
                    .map(|(index, plan)| read_region(&image, plan, index, models, direction, page))
                    .collect::<Result<Vec<_>, String>>()
            };
            let mut regions = read_all(&plans)?;
            // A page read whole that reads poorly may hold two parts whose gap a running
            // title or page number nearly closes: cut it at the narrowest gap. Parts that OSD
            // plans apart (one Japanese, one Latin, or turned apart) are two texts, however well
            // the page read whole: one model read both, so the part it does not read is lost
            // even where the other lifts the page's mean above the bar.
            let (apart, planned_apart) = match image.regions_at_narrowest_gap() {
                Some(cut) if apart.is_empty() && plans.len() == 1 => {
                    let cut: Vec<RegionPlan> = cut
                        .into_iter()
                        .map(|region| plan_region(&image, region, models, direction, page))
                        .collect();
                    let differ = !plans_alike(&cut);
                    (cut, differ)
                }
                _ => (apart, false),
            };
            if !apart.is_empty()
                && (planned_apart || regions.iter().any(|r| r.confidence < GOOD_READING))
            {
                let separately = read_all(&apart)?;
                if weighted_confidence(&separately) > weighted_confidence(&regions) {
                    regions = separately;
                }
            }
            if let Some(dir) = cache {
                write_cached(dir, &key, &regions);
            }
            regions
        }
    };
    let used = regions.iter().map(|r| r.languages.clone()).collect();
    Ok((page_of_regions(&regions), hit, used))
}

/// The page's text: each region's text, a blank line between them.
fn page_of_regions(regions: &[RegionRead]) -> PageText {
    let mut page = PageText::default();
    let mut hows = Vec::new();
    for region in regions {
        let read = page_from_tsv(
            &region.tsv,
            region.unspaced.then_some(JAPANESE_SENTENCE_ENDS.as_slice()),
        );
        if !page.text.is_empty() && !read.text.is_empty() {
            page.text.push('\n');
        }
        let offset = page.text.len();
        page.text.push_str(&read.text);
        page.words.extend(
            read.words
                .into_iter()
                .map(|(range, c)| (range.start + offset..range.end + offset, c)),
        );
        hows.push(region.how.clone());
    }
    page.how = hows.join("; ");
    page
}

/// The sentence ends of the profiles written without spaces, which [`page_from_tsv`] reads.
static JAPANESE_SENTENCE_ENDS: std::sync::LazyLock<Vec<char>> = std::sync::LazyLock::new(|| {
    Lang::all()
        .map(Lang::profile)
        .filter(|p| p.script == Script::Japanese)
        .flat_map(|p| p.normalize.sentence_ends.iter().copied())
        .collect()
});

/// The Tesseract models of the installed profiles that Tesseract has, by script; an error
/// naming the package when a profile's model is missing.
fn models() -> Result<Models, String> {
    let installed = installed_languages()?;
    if let Some(languages) = LANGUAGES.get() {
        return chosen_models(languages, &installed);
    }
    let mut latin: Vec<&str> = Vec::new();
    let mut japanese = "";
    let mut vertical = "";
    for lang in Lang::all() {
        let normalize = &lang.profile().normalize;
        let code = normalize.ocr_language;
        if code.is_empty() {
            continue;
        }
        match lang.profile().script {
            Script::Latin if !latin.contains(&code) => latin.push(code),
            Script::Japanese => {
                japanese = code;
                vertical = normalize.ocr_vertical_language;
            }
            _ => {}
        }
    }
    let wanted = latin.iter().chain([&japanese, &vertical]);
    if let Some(missing) = wanted
        .filter(|code| !code.is_empty())
        .find(|code| !installed.iter().any(|i| i == *code))
    {
        return Err(format!(
            "Tesseract has no `{missing}` language: install tesseract-ocr-{} (Debian, Ubuntu) \
             to OCR this scanned PDF",
            missing.replace('_', "-")
        ));
    }
    Ok(Models {
        latin: latin.join("+"),
        japanese: japanese.to_string(),
        vertical: if vertical.is_empty() {
            japanese.to_string()
        } else {
            vertical.to_string()
        },
    })
}

/// The models of `--ocr-lang` (Tesseract codes joined by `+`), each code given the script its
/// model reads: `jpn_vert` Japanese in vertical lines, `jpn` horizontal Japanese, any other a
/// Latin model. A script none of the codes reads is read with all of them.
fn chosen_models(languages: &str, installed: &[String]) -> Result<Models, String> {
    let codes: Vec<&str> = languages.split('+').map(str::trim).collect();
    if let Some(bad) = codes.iter().find(|code| {
        code.is_empty()
            || !code
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    }) {
        return Err(format!(
            "--ocr-lang {languages:?}: {bad:?} is not a Tesseract language code (eng, por, jpn, \
             jpn_vert; several joined by +)"
        ));
    }
    if let Some(missing) = codes
        .iter()
        .find(|code| !installed.iter().any(|i| i == *code))
    {
        return Err(format!(
            "--ocr-lang: Tesseract has no `{missing}` language: install tesseract-ocr-{} \
             (Debian, Ubuntu) or leave it out (installed: {})",
            missing.replace('_', "-"),
            installed.join(", ")
        ));
    }
    let pick = |wanted: &dyn Fn(&str) -> bool| {
        codes
            .iter()
            .copied()
            .filter(|code| wanted(code))
            .collect::<Vec<_>>()
            .join("+")
    };
    let vertical = pick(&|code| code.ends_with("_vert"));
    let japanese = pick(&|code| code == "jpn");
    let latin = pick(&|code| code != "jpn" && !code.ends_with("_vert"));
    let all = codes.join("+");
    let or_all = |models: String| {
        if models.is_empty() {
            all.clone()
        } else {
            models
        }
    };
    Ok(Models {
        latin: or_all(latin),
        vertical: or_all(if vertical.is_empty() {
            japanese.clone()
        } else {
            vertical
        }),
        japanese: or_all(japanese),
    })
}

/// Orientation and script of an image by Tesseract's OSD: degrees to turn it clockwise to
/// stand upright, and the script (`None` when OSD cannot tell, as on a region of few letters).
fn orientation(image: &crate::page_image::GreyImage, page: &Page) -> (u32, Option<Script>) {
    let Ok(osd) = tesseract(image.to_pgm(), "osd", &["--psm", "0"], page) else {
        return (0, None);
    };
    let field = |name: &str| {
        osd.lines()
            .find_map(|line| line.strip_prefix(name).map(|v| v.trim().to_string()))
    };
    let turn = field("Rotate:")
        .and_then(|v| v.parse::<u32>().ok())
        .unwrap_or(0);
    // The profiles name the scripts OSD reports for their text; a script no profile names
    // (Cyrillic, Arabic) is one no installed profile reads, so it tells nothing here.
    let script = field("Script:").and_then(|name| {
        Lang::all()
            .map(Lang::profile)
            .find(|profile| profile.normalize.ocr_scripts.contains(&name.as_str()))
            .map(|profile| profile.script)
    });
    (turn, script)
}

/// How each region of the page is read: its turn, script and direction from OSD; the whole
/// page as one region when every region is the same (a cut between two paragraphs of one
/// text), or when OSD can tell nothing.
/// The second list, when not empty, is the regions' own plans, read instead when the page
/// read whole reads poorly (OSD took one part for the other's script and turn).
fn plan_regions(
    image: &crate::page_image::GreyImage,
    models: &Models,
    direction: &Direction,
    page: &Page,
) -> (Vec<RegionPlan>, Vec<RegionPlan>) {
    let plans: Vec<RegionPlan> = image
        .regions()
        .into_iter()
        .map(|region| plan_region(image, region, models, direction, page))
        .collect();
    let whole = crate::page_image::Region {
        x: 0,
        y: 0,
        width: image.width,
        height: image.height,
    };
    let alike = plans_alike(&plans);
    match plans.first() {
        Some(first) if alike && plans.len() > 1 => {
            let merged = RegionPlan {
                region: whole,
                ..first.clone()
            };
            (vec![merged], plans)
        }
        Some(_) => (plans, Vec::new()),
        None => (vec![plan_of(whole, 0, None, false, models)], Vec::new()),
    }
}

/// Whether regions are all read alike: same turn, models and direction.
fn plans_alike(plans: &[RegionPlan]) -> bool {
    plans.windows(2).all(|pair| {
        (pair[0].turn, &pair[0].languages, pair[0].vertical)
            == (pair[1].turn, &pair[1].languages, pair[1].vertical)
    })
}

/// The mean confidence of regions' words, each region weighing by its words (a page number
/// read well does not outweigh a half page read badly).
fn weighted_confidence(regions: &[RegionRead]) -> f32 {
    let words = |region: &RegionRead| page_from_tsv(&region.tsv, None).words.len() as f32;
    let total: f32 = regions.iter().map(words).sum();
    if total == 0.0 {
        return 0.0;
    }
    regions
        .iter()
        .map(|region| region.confidence * words(region))
        .sum::<f32>()
        / total
}

/// How `region` of `image` is read: turned and with the model OSD's answer on it says.
fn plan_region(
    image: &crate::page_image::GreyImage,
    region: crate::page_image::Region,
    models: &Models,
    direction: &Direction,
    page: &Page,
) -> RegionPlan {
    let part = image.crop(region.x, region.y, region.width, region.height);
    let (turn, script) = orientation(&part, page);
    plan_of(region, turn, script, direction.vertical_first(), models)
}

fn plan_of(
    region: crate::page_image::Region,
    turn: u32,
    script: Option<Script>,
    vertical_first: bool,
    models: &Models,
) -> RegionPlan {
    let (languages, vertical, unspaced) = match script {
        Some(Script::Japanese) if vertical_first => (models.vertical.clone(), true, true),
        Some(Script::Japanese) => (models.japanese.clone(), false, true),
        Some(_) => (models.latin.clone(), false, false),
        // OSD could not tell: every installed model, horizontal lines.
        None => {
            let all: Vec<&str> = [models.latin.as_str(), models.japanese.as_str()]
                .into_iter()
                .filter(|code| !code.is_empty())
                .collect();
            (all.join("+"), false, false)
        }
    };
    RegionPlan {
        region,
        turn,
        languages,
        vertical,
        unspaced,
    }
}

/// A region read with the right model in the right direction has a mean word confidence
/// above this; with the wrong one, far below (measured on the ministry's scans and PDF pages:
/// 0.85 to 0.94 against 0.18 to 0.53).
pub(crate) const GOOD_READING: f32 = 0.70;

/// The direction of Japanese lines the pages of one document were last found in, tried first
/// on the next region (a document's pages are mostly printed alike).
#[derive(Default)]
pub(crate) struct Direction(std::sync::atomic::AtomicBool);

impl Direction {
    fn vertical_first(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn found(&self, vertical: bool) {
        self.0.store(vertical, Ordering::Relaxed);
    }
}

/// Mean confidence of the words of a Tesseract word table (0 when it has none).
fn mean_confidence(tsv: &str) -> f32 {
    page_from_tsv(tsv, None).confidence().unwrap_or(0.0)
}

/// The other ways to read a region when the planned one reads poorly: a Japanese region in
/// the other direction; a region OSD took for Latin (it does so on some pages of vertical
/// Japanese, turned a quarter) as Japanese, upright and as OSD turned it, both directions.
fn alternatives(plan: &RegionPlan, models: &Models) -> Vec<RegionPlan> {
    if models.japanese.is_empty() {
        return Vec::new();
    }
    let japanese = |turn: u32, vertical: bool| RegionPlan {
        turn,
        vertical,
        languages: if vertical {
            models.vertical.clone()
        } else {
            models.japanese.clone()
        },
        unspaced: true,
        ..plan.clone()
    };
    let mut plans = if plan.unspaced {
        vec![japanese(plan.turn, !plan.vertical)]
    } else {
        vec![
            japanese(0, true),
            japanese(0, false),
            japanese(plan.turn, true),
            japanese(plan.turn, false),
        ]
    };
    plans.dedup();
    plans
}

/// Reads one region with its plan; a region that reads poorly is read in the other ways that
/// may fit it ([`alternatives`]) until one reads well, and the best reading kept.
fn read_region(
    image: &crate::page_image::GreyImage,
    plan: &RegionPlan,
    index: usize,
    models: &Models,
    direction: &Direction,
    page: &Page,
) -> Result<RegionRead, String> {
    let r = plan.region;
    let part = image.crop(r.x, r.y, r.width, r.height);
    let read = |plan: &RegionPlan| -> Result<(String, f32), String> {
        // A block of vertical lines: Tesseract's layout analysis would look for horizontal ones.
        let args: &[&str] = if plan.vertical {
            &["--psm", "5", "tsv"]
        } else {
            &["tsv"]
        };
        let tsv = tesseract(
            part.rotated_clockwise(plan.turn).to_pgm(),
            &plan.languages,
            args,
            page,
        )?;
        let confidence = mean_confidence(&tsv);
        Ok((tsv, confidence))
    };
    // Every reading made, in order: (plan, word table, confidence).
    let (tsv, confidence) = read(plan)?;
    let mut readings = vec![(plan.clone(), tsv, confidence)];
    if confidence < GOOD_READING {
        for other in alternatives(plan, models) {
            let (tsv, confidence) = read(&other)?;
            readings.push((other, tsv, confidence));
            if confidence >= GOOD_READING {
                break;
            }
        }
    }
    // The first of the best, as a strict comparison kept it.
    let best_index = (0..readings.len())
        .rev()
        .max_by(|&a, &b| readings[a].2.total_cmp(&readings[b].2))
        .unwrap_or(0);
    // What the region says is the reading kept, not the readings tried before it: which were
    // tried depends on the direction the pages read before this one were found in
    // ([`Direction`]), so on the order pages are read in (in parallel, or a page range in a
    // `treaty ocr` of its own), and the output must not.
    let (best, tsv, confidence) = readings.swap_remove(best_index);
    if best.unspaced {
        direction.found(best.vertical);
    }
    let place = if r.width == image.width && r.height == image.height {
        "whole page".to_string()
    } else {
        format!(
            "region {} ({}x{} at {},{})",
            index + 1,
            r.width,
            r.height,
            r.x,
            r.y
        )
    };
    Ok(RegionRead {
        how: format!(
            "{place}, turned {}°, {} lines, {}",
            best.turn,
            if best.vertical {
                "vertical"
            } else {
                "horizontal"
            },
            best.languages
        ),
        languages: best.languages,
        unspaced: best.unspaced,
        tsv,
        confidence,
    })
}

/// How long one page may take to render, and one Tesseract call on it.
const PAGE_TIME_LIMIT: Duration = Duration::from_secs(120);

/// What OCR of one document may spend beyond [`PAGE_TIME_LIMIT`] per command: the time left
/// of the document's `--time-limit`, so a PDF of many pages fails alone at its limit instead
/// of running on after it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget {
    /// When the document's time runs out (`None`: no `--time-limit`).
    pub deadline: Option<Instant>,
}

impl Budget {
    /// How long the next external command may run: [`PAGE_TIME_LIMIT`], or what is left of
    /// the document's time when that is less; an error once it has run out.
    fn command_time(self) -> Result<Duration, String> {
        self.time_for(PAGE_TIME_LIMIT)
    }

    /// `limit`, or what is left of the document's time when that is less; an error once it
    /// has run out.
    pub fn time_for(self, limit: Duration) -> Result<Duration, String> {
        match self.deadline {
            None => Ok(limit),
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    Err("the document's time limit (--time-limit) ran out".to_string())
                } else {
                    Ok(left.min(limit))
                }
            }
        }
    }

    /// This budget with `more` time (when it has a deadline at all).
    fn extended(self, more: Duration) -> Budget {
        Budget {
            deadline: self.deadline.map(|deadline| deadline + more),
        }
    }

    /// Whether the document's time has run out.
    fn ran_out(self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

/// The most scanned pages one document may have OCR'd unless `--max-ocr-pages` says
/// otherwise: a bound volume of a treaty collection, not a run of thousands of blank pages.
pub const DEFAULT_MAX_PAGES: usize = 1000;

static MAX_PAGES: OnceLock<usize> = OnceLock::new();

/// The time each page to OCR adds to its document's `--time-limit` unless `--ocr-page-time`
/// says otherwise: pages take 3 to 7 s of a core here, so a slow page or a busy machine fits.
pub const DEFAULT_PAGE_TIME: Duration = Duration::from_secs(60);

static PAGE_TIME: OnceLock<Duration> = OnceLock::new();

/// Sets the time each OCR'd page adds to its document's budget (`--ocr-page-time`); the first
/// call wins.
pub fn set_page_time(time: Duration) {
    let _ = PAGE_TIME.set(time);
}

/// The time each OCR'd page adds to its document's budget.
pub fn page_time() -> Duration {
    PAGE_TIME.get().copied().unwrap_or(DEFAULT_PAGE_TIME)
}

/// Sets the most pages OCR'd per document (the `--max-ocr-pages` flag); the first call wins.
pub fn set_max_pages(pages: usize) {
    let _ = MAX_PAGES.set(pages);
}

fn max_pages() -> usize {
    MAX_PAGES.get().copied().unwrap_or(DEFAULT_MAX_PAGES)
}

/// The most pixels a page is rendered with: an A2 sheet at 300 dpi. A larger page is rendered
/// at a lower resolution so that it fits, which keeps Tesseract's memory (about 10 bytes a
/// pixel) near half a gigabyte whatever size the PDF gives its pages.
const MAX_PAGE_PIXELS: f64 = 36_000_000.0;

/// Below this resolution print is too small to read: a page that would need less is not read.
const MIN_DPI: u32 = 100;

/// One page of a PDF, the resolution it is rendered at, and the time its document has left.
struct Page<'a> {
    path: &'a Path,
    number: u32,
    dpi: u32,
    budget: Budget,
}

impl Page<'_> {
    /// `on page 3 of scan.pdf`: what a command stopped at its time limit was reading.
    fn on(&self) -> String {
        format!("on page {} of {}", self.number, file_name(self.path))
    }
}

/// The file name of `path` (the document, in messages that are part of its output).
fn file_name(path: &Path) -> String {
    path.file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy()
        .into_owned()
}

/// The resolution each page is rendered at: [`DPI`], or less for a page so large that it would
/// pass [`MAX_PAGE_PIXELS`]; a page that would need less than [`MIN_DPI`] gets an error saying
/// so. Page sizes come from `pdfinfo`; pages it does not list are rendered at [`DPI`].
fn resolutions(
    path: &Path,
    pages: &[u32],
    budget: Budget,
) -> Result<Vec<Result<u32, String>>, String> {
    let (Some(first), Some(last)) = (pages.iter().min(), pages.iter().max()) else {
        return Ok(Vec::new());
    };
    let mut command = Command::new("pdfinfo");
    command
        .args(["-f", &first.to_string(), "-l", &last.to_string()])
        .arg(path);
    // A PDF's page sizes are a few lines a page; a cap keeps a hostile one from flooding.
    let cap = 256 * (u64::from(last - first) + 64);
    let on = format!("on {}", file_name(path));
    let sizes =
        match crate::child::run_limited(command, "pdfinfo", None, budget.command_time()?, &on, cap)
        {
            Ok(done) => page_sizes(&String::from_utf8_lossy(&done.stdout)),
            // Without pdfinfo (or its answer) the pages are rendered as they are; pdftoppm's
            // output cap still bounds a huge one.
            Err(_) => Vec::new(),
        };
    Ok(pages
        .iter()
        .map(|page| {
            let Some(&(_, width, height)) = sizes.iter().find(|(number, ..)| number == page) else {
                return Ok(DPI);
            };
            resolution_for(width, height)
        })
        .collect())
}

/// `(page, width, height)` in points from `pdfinfo -f F -l L`'s `Page    3 size: 595 x 842 pts` lines.
fn page_sizes(info: &str) -> Vec<(u32, f64, f64)> {
    info.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("Page")?.trim_start();
            let (number, rest) = rest.split_once(" size:")?;
            let (width, rest) = rest.trim().split_once(" x ")?;
            let height = rest.split_whitespace().next()?;
            Some((
                number.trim().parse().ok()?,
                width.parse().ok()?,
                height.parse().ok()?,
            ))
        })
        .collect()
}

/// The resolution a page of `width` x `height` points is rendered at (see [`resolutions`]).
fn resolution_for(width: f64, height: f64) -> Result<u32, String> {
    let square_inches = (width / 72.0) * (height / 72.0);
    if !(square_inches.is_finite() && square_inches > 0.0) {
        return Ok(DPI);
    }
    let fitting = (MAX_PAGE_PIXELS / square_inches).sqrt().floor();
    if fitting >= f64::from(DPI) {
        return Ok(DPI);
    }
    if fitting < f64::from(MIN_DPI) {
        return Err(format!(
            "it is {width:.0} x {height:.0} pt, too large to OCR: even at {MIN_DPI} dpi it would \
             pass the limit of {:.0} megapixels a page",
            MAX_PAGE_PIXELS / 1e6
        ));
    }
    // Whole numbers: the resolution is part of what the page image's hash stands for.
    Ok(fitting as u32)
}

/// `pdftoppm -r DPI -gray -f N -l N FILE`: one page as a grey PGM image.
fn render(page: &Page) -> Result<Vec<u8>, String> {
    let number = page.number;
    let mut command = Command::new("pdftoppm");
    command
        .args(["-r", &page.dpi.to_string(), "-gray"])
        .args(["-f", &number.to_string(), "-l", &number.to_string()])
        .arg(page.path);
    // One byte a pixel and a short header: more means pdfinfo's sizes were not the page's.
    let cap = MAX_PAGE_PIXELS as u64 + 1024;
    let done = run_on_page(command, "pdftoppm", None, page, cap).map_err(|e| match e {
        RunError::NotFound(_) => {
            "pdftoppm is not installed: install poppler-utils to OCR scanned PDFs".to_string()
        }
        RunError::Failed(message) => message,
    })?;
    match done.status {
        Some(status) if status.success() && !done.stdout.is_empty() => Ok(done.stdout),
        None => Err(format!(
            "it is too large to OCR: its image passes {:.0} megapixels",
            MAX_PAGE_PIXELS / 1e6
        )),
        _ => Err(format!(
            "pdftoppm could not render page {number} ({})",
            done.stderr.trim()
        )),
    }
}

/// Runs `tesseract stdin stdout -l LANGUAGES ARGS` on an image; one thread per process, as
/// pages run in parallel.
fn tesseract(
    image: Vec<u8>,
    languages: &str,
    args: &[&str],
    page: &Page,
) -> Result<String, String> {
    let mut command = Command::new("tesseract");
    command
        .args(["stdin", "stdout", "-l", languages])
        .args(args)
        .env("OMP_THREAD_LIMIT", "1");
    let done = run_on_page(command, "tesseract", Some(image), page, u64::MAX)?;
    match done.status {
        Some(status) if !status.success() => {
            let first = done.stderr.lines().next().unwrap_or("").trim().to_string();
            Err(format!("tesseract failed ({status}): {first}"))
        }
        _ => Ok(String::from_utf8_lossy(&done.stdout).into_owned()),
    }
}

/// Runs a command on one page, killed after [`PAGE_TIME_LIMIT`] or when the document's time
/// runs out, whichever comes first, with an error naming the page and the file.
fn run_on_page(
    command: Command,
    name: &str,
    input: Option<Vec<u8>>,
    page: &Page,
    max_stdout: u64,
) -> Result<crate::child::Finished, RunError> {
    let time = page.budget.command_time().map_err(RunError::Failed)?;
    crate::child::run_limited(command, name, input, time, &page.on(), max_stdout)
}

/// `tesseract 5.3.0`, or why Tesseract cannot be used.
fn tesseract_version() -> Result<String, String> {
    static VERSION: OnceLock<Result<String, String>> = OnceLock::new();
    VERSION
        .get_or_init(|| version_of(OsStr::new("tesseract"), QUERY_TIME_LIMIT))
        .clone()
}

/// The first line `program --version` prints, or why it cannot be used.
fn version_of(program: &OsStr, time_limit: Duration) -> Result<String, String> {
    let done = ask(program, "--version", time_limit).map_err(|e| match e {
        RunError::NotFound(_) => "the PDF is scanned (its pages have no text layer) and \
                                  Tesseract is not installed to OCR it: install tesseract-ocr \
                                  with the languages of your treaties (tesseract-ocr-por, \
                                  tesseract-ocr-eng, tesseract-ocr-jpn on Debian and Ubuntu), \
                                  or pass --ocr never"
            .to_string(),
        RunError::Failed(message) => message,
    })?;
    let said = String::from_utf8_lossy(&done.stdout).into_owned() + &done.stderr;
    Ok(said
        .lines()
        .next()
        .unwrap_or("tesseract")
        .trim()
        .to_string())
}

/// The languages Tesseract has installed.
fn installed_languages() -> Result<Vec<String>, String> {
    static INSTALLED: OnceLock<Result<Vec<String>, String>> = OnceLock::new();
    INSTALLED
        .get_or_init(|| {
            let done = ask(OsStr::new("tesseract"), "--list-langs", QUERY_TIME_LIMIT)?;
            let said = String::from_utf8_lossy(&done.stdout).into_owned();
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

/// The cache entry of a page image (its SHA-256) read with `models` by `engine`; the
/// version of the page reading is part of it, so a change in how pages are cut and turned
/// does not reuse older entries.
fn cache_key(image_sha256: &str, models: &Models, engine: &str) -> String {
    let clean = |text: &str| -> String {
        text.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '+' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    format!(
        "{image_sha256}-v{PAGE_READING_VERSION}-{}-{}-{}-{DPI}dpi-{}.json",
        clean(&models.latin),
        clean(&models.japanese),
        clean(&models.vertical),
        clean(engine)
    )
}

/// The version of the page reading (regions, turns, models by script), in cache keys.
/// 8: a region's `how` names the reading kept, not the readings tried before it.
/// 9: a page read whole whose parts OSD plans apart is read in parts too, and the readings
/// compared by their words' mean confidence.
const PAGE_READING_VERSION: u32 = 9;

/// A cache entry larger than this is not one this program wrote.
const MAX_CACHE_ENTRY: u64 = 64 << 20;

/// A cache entry: the regions and a hash of them, checked when read.
#[derive(serde::Serialize, serde::Deserialize)]
struct CacheEntry {
    regions: Vec<RegionRead>,
    sha256: String,
}

fn regions_hash(regions: &[RegionRead]) -> String {
    let bytes = serde_json::to_vec(regions).unwrap_or_default();
    treaty_schema::sha256_hex(&bytes)
}

/// A page's regions from the cache, when the entry is a regular file of a sane size whose
/// content matches its hash; anything else is read again by OCR (and the entry rewritten).
fn read_cached(dir: &Path, key: &str) -> Option<Vec<RegionRead>> {
    let path = dir.join(key);
    let meta = std::fs::symlink_metadata(&path).ok()?;
    if !meta.is_file() || meta.len() > MAX_CACHE_ENTRY {
        return None;
    }
    let entry: CacheEntry = serde_json::from_slice(&std::fs::read(&path).ok()?).ok()?;
    (regions_hash(&entry.regions) == entry.sha256).then_some(entry.regions)
}

/// Best effort: a cache that cannot be written only costs a rerun its time. Written
/// atomically (a temporary file renamed), so a reader never sees half an entry.
fn write_cached(dir: &Path, key: &str, regions: &[RegionRead]) {
    let entry = CacheEntry {
        regions: regions.to_vec(),
        sha256: regions_hash(regions),
    };
    if let Ok(bytes) = serde_json::to_vec(&entry) {
        let _ = crate::output::write_atomic(&dir.join(key), &bytes);
    }
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
    fn page_sizes_come_from_pdfinfo_and_large_pages_are_rendered_at_a_lower_resolution() {
        let info =
            "Pages:          3\nPage    1 size: 595.276 x 841.89 pts (A4)\nPage    1 rot:  0\n\
                    Page    2 size: 4000 x 4000 pts\nPage   12 size: 14400 x 14400 pts\n";
        assert_eq!(
            page_sizes(info),
            vec![
                (1, 595.276, 841.89),
                (2, 4000.0, 4000.0),
                (12, 14400.0, 14400.0)
            ]
        );
        // A4 fits at the full resolution; a 4000 pt square page is read at what fits 36
        // megapixels; a 200-inch page would need less than 100 dpi and is refused.
        assert_eq!(resolution_for(595.276, 841.89), Ok(DPI));
        assert_eq!(resolution_for(4000.0, 4000.0), Ok(108));
        let refused = resolution_for(14400.0, 14400.0).unwrap_err();
        assert!(
            refused.contains("14400 x 14400 pt, too large to OCR"),
            "{refused}"
        );
        // Sizes that say nothing leave the page at the full resolution.
        assert_eq!(resolution_for(0.0, 842.0), Ok(DPI));
        assert_eq!(resolution_for(f64::NAN, 842.0), Ok(DPI));
    }

    #[test]
    fn a_budget_gives_each_command_what_is_left_and_refuses_once_it_has_run_out() {
        assert_eq!(Budget::default().command_time(), Ok(PAGE_TIME_LIMIT));
        let soon = Budget {
            deadline: Some(Instant::now() + Duration::from_secs(5)),
        };
        let time = soon.command_time().unwrap();
        assert!(
            time <= Duration::from_secs(5) && time > Duration::from_secs(3),
            "{time:?}"
        );
        assert!(!soon.ran_out());
        let past = Budget {
            deadline: Some(Instant::now() - Duration::from_millis(1)),
        };
        assert!(past.ran_out());
        assert!(past.command_time().unwrap_err().contains("--time-limit"));
    }

    #[test]
    fn ocr_lang_gives_each_script_its_models_and_names_what_is_missing() {
        let installed: Vec<String> = ["eng", "por", "jpn", "jpn_vert", "fra", "osd"]
            .map(String::from)
            .to_vec();
        let models = chosen_models("jpn_vert+jpn+fra+eng", &installed).unwrap();
        assert_eq!(models.latin, "fra+eng");
        assert_eq!(models.japanese, "jpn");
        assert_eq!(models.vertical, "jpn_vert");
        // A script none of the codes reads is read with all of them.
        let english = chosen_models("eng", &installed).unwrap();
        assert_eq!(
            (
                english.latin.as_str(),
                english.japanese.as_str(),
                english.vertical.as_str()
            ),
            ("eng", "eng", "eng")
        );
        let japanese = chosen_models("jpn", &installed).unwrap();
        assert_eq!(
            (japanese.latin.as_str(), japanese.vertical.as_str()),
            ("jpn", "jpn")
        );
        let missing = chosen_models("eng+deu", &installed).unwrap_err();
        assert!(missing.contains("tesseract-ocr-deu"), "{missing}");
        for bad in ["eng+", "eng;rm -rf", ""] {
            let error = chosen_models(bad, &installed).unwrap_err();
            assert!(error.contains("not a Tesseract language code"), "{error}");
        }
    }

    #[test]
    fn cache_keys_name_everything_the_text_depends_on() {
        let models = Models {
            latin: "eng+por".into(),
            japanese: "jpn".into(),
            vertical: "jpn_vert".into(),
        };
        let a = cache_key("ab12", &models, "tesseract 5.3.0");
        assert_eq!(
            a,
            "ab12-v9-eng+por-jpn-jpn_vert-300dpi-tesseract_5.3.0.json"
        );
        assert_ne!(a, cache_key("ab13", &models, "tesseract 5.3.0"));
        assert_ne!(a, cache_key("ab12", &models, "tesseract 5.4.0"));
        let fewer = Models {
            latin: "eng".into(),
            ..models
        };
        assert_ne!(a, cache_key("ab12", &fewer, "tesseract 5.3.0"));
    }

    #[test]
    fn cache_entries_that_are_not_what_was_written_are_not_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let regions = vec![RegionRead {
            how: "whole page, turned 0°, eng".into(),
            languages: "eng".into(),
            unspaced: false,
            tsv: "level\n5\t1\t1\t1\t1\t1\t0\t0\t1\t1\t90\t15%\n".into(),
            confidence: 0.9,
        }];
        write_cached(dir.path(), "k.json", &regions);
        assert_eq!(
            read_cached(dir.path(), "k.json").unwrap()[0].tsv,
            regions[0].tsv
        );
        // An edited entry (15% -> 50%) fails its hash.
        let path = dir.path().join("k.json");
        let edited = std::fs::read_to_string(&path)
            .unwrap()
            .replace("15%", "50%");
        std::fs::write(&path, edited).unwrap();
        assert!(read_cached(dir.path(), "k.json").is_none());
        // A folder (or anything but a regular file) at the entry's name is passed over.
        std::fs::create_dir(dir.path().join("d.json")).unwrap();
        assert!(read_cached(dir.path(), "d.json").is_none());
    }

    /// An executable shell script named `name` in `dir`.
    #[cfg(unix)]
    fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join(name);
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    /// `version_of`, again while another test's fork still holds the new script open for
    /// writing (`Text file busy`).
    #[cfg(unix)]
    fn version_of_script(program: &Path, limit: Duration) -> Result<String, String> {
        let mut tries = 0;
        loop {
            let answer = version_of(program.as_os_str(), limit);
            match &answer {
                Err(e) if e.contains("Text file busy") && tries < 20 => tries += 1,
                _ => return answer,
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_tesseract_that_hangs_is_stopped_at_its_limit_naming_it() {
        // `tesseract --version` and `--list-langs` had no time limit: a Tesseract that hung
        // held the run for good.
        let dir = tempfile::tempdir().unwrap();
        let hanging = script(dir.path(), "tesseract", "exec sleep 30");
        let started = Instant::now();
        let error = version_of_script(&hanging, Duration::from_secs(1)).unwrap_err();
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "not stopped at its limit"
        );
        assert_eq!(
            error,
            format!(
                "{} took more than 1 s answering --version and was stopped",
                hanging.display()
            )
        );
        let answering = script(dir.path(), "answering", "echo 'tesseract 5.3.0'");
        assert_eq!(
            version_of_script(&answering, Duration::from_secs(20)).as_deref(),
            Ok("tesseract 5.3.0")
        );
        let missing = dir.path().join("missing");
        let error = version_of(missing.as_os_str(), Duration::from_secs(1)).unwrap_err();
        assert!(error.contains("Tesseract is not installed"), "{error}");
    }

    #[cfg(unix)]
    #[test]
    fn a_command_on_a_page_that_hangs_is_stopped_naming_the_page_and_the_file() {
        let page = Page {
            path: Path::new("scans/treaty 1983.pdf"),
            number: 3,
            dpi: DPI,
            budget: Budget {
                deadline: Some(Instant::now() + Duration::from_millis(1500)),
            },
        };
        let mut command = Command::new("sh");
        command.args(["-c", "exec sleep 30"]);
        let started = Instant::now();
        let error = run_on_page(command, "tesseract", Some(vec![0; 64]), &page, 100)
            .err()
            .expect("stopped");
        assert!(started.elapsed() < Duration::from_secs(10));
        let error = error.to_string();
        assert!(
            error.starts_with("tesseract took more than")
                && error.ends_with("on page 3 of treaty 1983.pdf and was stopped"),
            "{error}"
        );
    }
}
