//! What the caller passes in (documents, index lines, options) and gets back (pages),
//! re-exported at the crate's root.

use treaty_golden::DocumentComparison;
use treaty_schema::DocumentReport;

/// One document, as the pages need it.
#[derive(Clone, Copy)]
pub struct DocumentInput<'a> {
    /// The per-document JSON of `treaty run`.
    pub report: &'a DocumentReport,
    /// The original file, as the report was made from (spans are offsets into it).
    pub bytes: &'a [u8],
    /// The comparison with the document's fixture, when it has one.
    pub comparison: Option<&'a DocumentComparison>,
}

/// A document that could not be processed, for the index.
#[derive(Debug, Clone)]
pub struct Failure {
    /// `error` (nothing was produced) or `warning` (processed, but not a usable treaty).
    pub severity: String,
    /// What went wrong.
    pub message: String,
}

/// One line of the index.
#[derive(Clone, Copy)]
pub struct IndexEntry<'a> {
    /// The document name.
    pub doc: &'a str,
    /// Its report, when it was processed (the index then links its page).
    pub report: Option<&'a DocumentReport>,
    /// Why it failed, when it did.
    pub failure: Option<&'a Failure>,
    /// The comparison with its fixture, when it has one.
    pub comparison: Option<&'a DocumentComparison>,
}

/// Which other pages exist, so pages link only to what is there, and how large a page may be.
#[derive(Debug, Clone)]
pub struct Options {
    /// Whether `index.html` is written beside `docs/`.
    pub index: bool,
    /// The file name of the check page beside `docs/`, when one is written.
    pub check_page: Option<String>,
    /// A document larger than this (bytes of the original file) is split into pages at treaty
    /// or article starts; [`DEFAULT_PAGE_BYTES`] by default.
    pub page_bytes: usize,
}

/// The default [`Options::page_bytes`]: 2 MiB of original text (pages of a few MiB of HTML).
pub const DEFAULT_PAGE_BYTES: usize = 2 * 1024 * 1024;

impl Default for Options {
    fn default() -> Options {
        Options {
            index: false,
            check_page: None,
            page_bytes: DEFAULT_PAGE_BYTES,
        }
    }
}

/// A page: its path relative to the report folder (`/`-separated) and its HTML.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// Relative path, e.g. `docs/nl-china-en.html`.
    pub path: String,
    /// The page.
    pub html: String,
}
