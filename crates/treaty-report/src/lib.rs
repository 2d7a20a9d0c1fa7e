//! The review report: static, self-contained HTML pages that show every extracted number in its
//! clause, so a person can check the dataset by looking at the treaty with the coded values
//! beside it.
//!
//! Pure functions: per-document JSON ([`DocumentReport`]), the original file bytes and,
//! where a fixture exists, its comparison ([`DocumentComparison`]) go in; HTML strings come out.
//! The caller writes them (`treaty report`, `treaty run --report`, `treaty check --html`).
//!
//! - [`document_pages`]: `docs/<doc>.html`, the outline beside the text with every row
//!   highlighted at its span, a panel per treaty (parties, title, signature, entry into force
//!   and the headline numbers, each linked to its place in the text), warnings, normalization
//!   fixes; for bilingual treaties also `docs/<doc>.versions.html`, the language versions of
//!   each article side by side.
//! - [`index_page`]: `index.html`, one row per document, with a line per treaty of its parties,
//!   signature date and headline rates.
//! - [`check_page`]: the comparison with the fixtures, linked to the document pages.
//!
//! Pages use inline CSS, no fonts or network, and one small script (sorting and filtering the
//! index) without which they read the same. Output depends only on the input: no clock, no
//! hash-map order, so a report is byte-identical across runs and thread counts.
//! Every piece of input text is escaped ([`escape`]); invisible and bidi control characters
//! are shown as visible placeholders, never passed to the page.
//!
//! ```
//! use treaty_pipeline::{process_document, Settings};
//! use treaty_report::{document_pages, DocumentInput, Options};
//!
//! let text = b"Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties may also be taxed in the Contracting State in which they arise, but the tax so charged shall not exceed 10 per cent of the gross amount of the royalties.\n";
//! let report = process_document("example", text, &Settings::default()).unwrap();
//! let pages = document_pages(
//!     &DocumentInput { report: &report, bytes: text, comparison: None },
//!     &Options::default(),
//! );
//! assert_eq!(pages[0].path, "docs/example.html");
//! assert!(pages[0].html.contains(">10 per cent</mark>"));
//! ```

#![deny(missing_docs)]

mod check;
mod comparison;
mod document;
mod escape;
mod frame;
mod headline;
mod index;
mod input;
mod model;
mod names;
mod source;
mod stream;
mod style;
mod versions;

use treaty_golden::ScoreTable;

pub use input::{DocumentInput, Failure, IndexEntry, Options, Page, DEFAULT_PAGE_BYTES};

/// The path of a document's page relative to the report folder: `docs/<doc>.html` (`%`, `.`,
/// path separators and control characters in the name percent-encoded, so each name has its
/// own page; a long name cut and ended with a hash).
pub fn document_path(doc: &str) -> String {
    format!("docs/{}.html", names::file_stem(doc))
}

/// The pages of one document: its page (one per part of about [`Options::page_bytes`] for a
/// large document: `docs/<doc>.html`, `docs/<doc>.2.html`, ...) and, for bilingual treaties,
/// the side-by-side page of each (`docs/<doc>.versions.html`, `docs/<doc>.2.versions.html`).
pub fn document_pages(input: &DocumentInput<'_>, options: &Options) -> Vec<Page> {
    let source = source::Source::new(input.bytes);
    let model = model::Model::new(input.report, input.comparison, options.page_bytes);
    let stem = names::file_stem(&input.report.doc);
    let mut pages = Vec::new();
    for page in 0..model.paging.count() {
        let suffix = match page {
            0 => String::new(),
            _ => format!(".{}", page + 1),
        };
        pages.push(Page {
            path: format!("docs/{stem}{suffix}.html"),
            html: document::render_page(input, &model, &source, options, page),
        });
        if versions::treaties_on(&model, page).next().is_some() {
            pages.push(Page {
                path: format!("docs/{stem}{suffix}.versions.html"),
                html: versions::render_page(&model, &source, page, options.index),
            });
        }
    }
    pages
}

/// The index page (`index.html`), entries in the order given.
pub fn index_page(entries: &[IndexEntry<'_>], options: &Options) -> String {
    index::render_page(entries, options)
}

/// The check page: per document the missing, unexpected and changed rows linked to their places
/// in the document pages (in `docs/` beside it), and the score tables.
pub fn check_page(
    documents: &[DocumentInput<'_>],
    table: &ScoreTable,
    options: &Options,
) -> String {
    check::render_page(documents, table, options)
}
