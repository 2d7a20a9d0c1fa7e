//! What the pages share about one document: element ids, rows grouped by span, where a fixture
//! row points to in the document page, and each row's check result.
//!
//! Ids are built from positions in the document JSON, never from its text, so they are always
//! valid and unique: `t1v0` is the first language version of treaty 1, `t1v0a9` its tenth
//! article, `t1v0p0` its first protocol point, `t1v0m0` its first MLI provision, a `q` suffix
//! numbers paragraphs, `r5` is the highlight of row 5 (and of the rows sharing its span), `w2`
//! the place of warning 2; `t1s0` is where treaty 1 names its first party, `t1sg` its
//! signature, `t1ef` its clause of entry into force, `t1ew0` its first clause of effect.

use std::collections::BTreeMap;

use treaty_golden::{DocumentComparison, RateRecord};
use treaty_schema::{ArticleReport, DocumentReport, RateRow, TreatyReport, VersionReport};

/// Which list of a version an article comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Part {
    /// `articles`.
    Article,
    /// `protocol`.
    Protocol,
    /// `mli`.
    Mli,
}

impl Part {
    pub fn letter(self) -> char {
        match self {
            Part::Article => 'a',
            Part::Protocol => 'p',
            Part::Mli => 'm',
        }
    }
}

/// The id of a language version.
pub(crate) fn version_id(treaty: usize, version: usize) -> String {
    format!("t{treaty}v{version}")
}

/// The id of an article, protocol point or MLI provision.
pub(crate) fn article_id(treaty: usize, version: usize, part: Part, index: usize) -> String {
    format!("t{treaty}v{version}{}{index}", part.letter())
}

/// The id of a paragraph of an article.
pub(crate) fn paragraph_id(article_id: &str, paragraph: usize) -> String {
    format!("{article_id}q{paragraph}")
}

/// A place of a treaty's identity in the text (see [`identity_id`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mention {
    /// The name of party `n` (from 0).
    Party(usize),
    /// The signature formula.
    Signed,
    /// The clause of entry into force.
    InForce,
    /// Clause of effect `n` (from 0): for taxes withheld at source, other taxes or all.
    Effect(usize),
}

/// The id of a place of a treaty's identity: `t1s0`, `t1sg`, `t1ef`, `t1ew0`.
pub(crate) fn identity_id(treaty: usize, mention: Mention) -> String {
    match mention {
        Mention::Party(index) => format!("t{treaty}s{index}"),
        Mention::Signed => format!("t{treaty}sg"),
        Mention::InForce => format!("t{treaty}ef"),
        Mention::Effect(index) => format!("t{treaty}ew{index}"),
    }
}

/// Every place of a treaty's identity with its original byte span, in the JSON's order.
pub(crate) fn mentions(treaty: &TreatyReport) -> Vec<(Mention, usize, usize)> {
    let mut found: Vec<(Mention, usize, usize)> = treaty
        .states
        .iter()
        .enumerate()
        .map(|(index, state)| (Mention::Party(index), state.start, state.end))
        .collect();
    if let Some(signed) = &treaty.signed {
        found.push((Mention::Signed, signed.start, signed.end));
    }
    if let Some(clause) = &treaty.entry_into_force {
        found.push((Mention::InForce, clause.start, clause.end));
    }
    for (index, effect) in treaty.effective.iter().enumerate() {
        found.push((Mention::Effect(index), effect.start, effect.end));
    }
    found
}

/// Every article, protocol point and MLI provision of a version, with its part and index.
pub(crate) fn parts(
    version: &VersionReport,
) -> impl Iterator<Item = (Part, usize, &ArticleReport)> {
    let articles = version
        .articles
        .iter()
        .enumerate()
        .map(|(i, a)| (Part::Article, i, a));
    let protocol = version
        .protocol
        .iter()
        .enumerate()
        .map(|(i, a)| (Part::Protocol, i, a));
    let mli = version
        .mli
        .iter()
        .enumerate()
        .map(|(i, a)| (Part::Mli, i, a));
    articles.chain(protocol).chain(mli)
}

/// How a row compares with the document's fixture.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum CheckState {
    /// The fixture has the row.
    Matched,
    /// The fixture has the row with another condition or subparagraph.
    Changed,
    /// The fixture does not have the row.
    Unexpected,
}

impl CheckState {
    pub fn name(self) -> &'static str {
        match self {
            CheckState::Matched => "matched",
            CheckState::Changed => "changed",
            CheckState::Unexpected => "unexpected",
        }
    }
}

/// How a document's text is split into pages: a large document gets one page per run of
/// treaties (or of articles, for a treaty larger than a page) of about `page_bytes` each, so a
/// browser never has to open one enormous page.
///
/// Pages are cut at original byte offsets, so every id (tied to the offset of what it marks)
/// has one page, and links to it can be made from the JSON alone.
pub(crate) struct Paging {
    /// Original byte offset where each page starts; the first is 0.
    starts: Vec<usize>,
}

impl Paging {
    pub fn new(report: &DocumentReport, page_bytes: usize) -> Paging {
        let page_bytes = page_bytes.max(1);
        let mut treaty_starts: Vec<usize> = report
            .treaties
            .iter()
            .filter_map(|t| t.versions.iter().map(|v| v.start).min())
            .collect();
        let mut article_starts: Vec<usize> = report
            .treaties
            .iter()
            .flat_map(|t| &t.versions)
            .flat_map(|v| parts(v).map(|(_, _, a)| a.start))
            .collect();
        treaty_starts.sort_unstable();
        article_starts.sort_unstable();
        let mut starts = vec![0];
        let mut start = 0;
        while report.bytes.saturating_sub(start) > page_bytes {
            let limit = start + page_bytes;
            let within = |cuts: &[usize]| {
                cuts.iter()
                    .copied()
                    .filter(|&c| c > start && c <= limit)
                    .max()
            };
            let next = within(&treaty_starts)
                .or_else(|| within(&article_starts))
                .or_else(|| article_starts.iter().copied().find(|&c| c > start));
            match next {
                Some(next) if next < report.bytes => {
                    starts.push(next);
                    start = next;
                }
                _ => break,
            }
        }
        Paging { starts }
    }

    /// How many pages.
    pub fn count(&self) -> usize {
        self.starts.len()
    }

    /// The page of original byte offset `offset`.
    pub fn page_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1)
    }

    /// The original byte range of page `page` (the last one runs to `len`).
    pub fn range(&self, page: usize, len: usize) -> std::ops::Range<usize> {
        let start = self.starts.get(page).copied().unwrap_or(len);
        let end = self.starts.get(page + 1).copied().unwrap_or(len);
        start..end.max(start)
    }
}

/// What the pages know about one document beyond its JSON.
pub(crate) struct Model<'a> {
    pub report: &'a DocumentReport,
    /// The document's file name stem, percent-encoded for links.
    pub stem_href: String,
    /// How the text is split into pages.
    pub paging: Paging,
    /// For each row, the index of the first row with the same span: the rows share one
    /// highlight, whose id is `r` + that index.
    pub group_of: Vec<usize>,
    /// For each row, its check result when the document has a fixture with rates.
    pub checks: Vec<Option<CheckState>>,
    /// For each changed fixture row (in the comparison's order), the row it was found as.
    pub changed_rows: Vec<Option<usize>>,
    /// For each unexpected row (in the comparison's order), the row it is.
    pub unexpected_rows: Vec<Option<usize>>,
}

impl<'a> Model<'a> {
    pub fn new(
        report: &'a DocumentReport,
        comparison: Option<&DocumentComparison>,
        page_bytes: usize,
    ) -> Model<'a> {
        let mut first_with_span: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        let group_of = report
            .rows
            .iter()
            .enumerate()
            .map(|(index, row)| *first_with_span.entry((row.start, row.end)).or_insert(index))
            .collect();
        let mut checks = vec![None; report.rows.len()];
        let mut changed_rows = Vec::new();
        let mut unexpected_rows = Vec::new();
        if let Some(comparison) = comparison {
            let mut taken = vec![false; report.rows.len()];
            for record in &comparison.rates.unexpected {
                let found = find_row(&report.rows, record, &mut taken, true);
                if let Some(index) = found {
                    checks[index] = Some(CheckState::Unexpected);
                }
                unexpected_rows.push(found);
            }
            for change in &comparison.rates.changed {
                let found = find_row(&report.rows, &change.actual, &mut taken, true);
                if let Some(index) = found {
                    checks[index] = Some(CheckState::Changed);
                }
                changed_rows.push(found);
            }
            for record in &comparison.rates.matched {
                if let Some(index) = find_row(&report.rows, record, &mut taken, false) {
                    checks[index] = Some(CheckState::Matched);
                }
            }
        }
        Model {
            report,
            stem_href: crate::escape::href_segment(&crate::names::file_stem(&report.doc)),
            paging: Paging::new(report, page_bytes),
            group_of,
            checks,
            changed_rows,
            unexpected_rows,
        }
    }

    /// The id of the highlight of row `index`.
    pub fn row_anchor(&self, index: usize) -> String {
        format!("r{}", self.group_of.get(index).copied().unwrap_or(index))
    }

    /// The file of page `page` of the document, in `docs/`.
    pub fn page_file(&self, page: usize) -> String {
        match page {
            0 => format!("{}.html", self.stem_href),
            _ => format!("{}.{}.html", self.stem_href, page + 1),
        }
    }

    /// The file of the side-by-side page of the treaties that start on page `page`.
    pub fn versions_file(&self, page: usize) -> String {
        match page {
            0 => format!("{}.versions.html", self.stem_href),
            _ => format!("{}.{}.versions.html", self.stem_href, page + 1),
        }
    }

    /// A link to element `id`, which sits at original byte offset `offset`: from page `from`
    /// of the document (`Some`), or from the report folder (`None`, the check page).
    pub fn link(&self, offset: usize, id: &str, from: Option<usize>) -> String {
        let page = self.paging.page_of(offset);
        match from {
            Some(current) if current == page => format!("#{id}"),
            Some(_) => format!("{}#{id}", self.page_file(page)),
            None => format!("docs/{}#{id}", self.page_file(page)),
        }
    }

    /// A link to element `id` at original byte offset `offset` from another page of `docs/`.
    pub fn file_link(&self, offset: usize, id: &str) -> String {
        format!("{}#{id}", self.page_file(self.paging.page_of(offset)))
    }

    /// The original byte offset of the highlight of row `index`.
    pub fn row_offset(&self, index: usize) -> usize {
        let head = self.group_of.get(index).copied().unwrap_or(index);
        self.report.rows.get(head).map_or(0, |row| row.start)
    }

    /// A link to the highlight of row `index`.
    pub fn row_link(&self, index: usize, from: Option<usize>) -> String {
        self.link(self.row_offset(index), &self.row_anchor(index), from)
    }

    /// The row a headline field of `treaty` names: the row of that `row_id`, or, in a JSON
    /// of schema 1.x (`<article>.<paragraph>[.<sub>]@<start>`), the first row of the treaty
    /// at that start.
    pub fn row_by_reference(&self, treaty: usize, reference: &str) -> Option<usize> {
        if reference.is_empty() {
            return None;
        }
        if let Some(index) = self
            .report
            .rows
            .iter()
            .position(|row| row.row_id == reference)
        {
            return Some(index);
        }
        let (_, start) = reference.rsplit_once('@')?;
        let start: usize = start.parse().ok()?;
        self.report
            .rows
            .iter()
            .position(|row| row.treaty == treaty && row.start == start)
    }

    /// A link to the place a fixture row is about (see [`Model::place_of`]).
    pub fn place_link(&self, record: &RateRecord, from: Option<usize>) -> Option<String> {
        let (id, offset) = self.place_of(record)?;
        Some(self.link(offset, &id, from))
    }

    /// The id of the place a fixture row is about, with its original byte offset: its
    /// paragraph, else its article, else its language version; `None` when the document has
    /// none of them.
    pub fn place_of(&self, record: &RateRecord) -> Option<(String, usize)> {
        let treaty = self
            .report
            .treaties
            .iter()
            .find(|t| t.treaty == record.treaty)?;
        let (version_index, version) = treaty
            .versions
            .iter()
            .enumerate()
            .find(|(_, v)| v.lang.as_str() == record.lang.trim())?;
        let article = parts(version).find(|(_, _, a)| a.article == record.article.trim());
        let Some((part, index, article)) = article else {
            return Some((version_id(treaty.treaty, version_index), version.start));
        };
        let id = article_id(treaty.treaty, version_index, part, index);
        match article
            .paragraphs
            .iter()
            .enumerate()
            .find(|(_, p)| p.paragraph == record.paragraph.trim())
        {
            Some((position, paragraph)) => Some((paragraph_id(&id, position), paragraph.start)),
            None => Some((id, article.start)),
        }
    }
}

/// A value with trailing fractional zeros removed, as fixtures compare it (`15.0` is `15`).
fn plain_value(value: &str) -> &str {
    let value = value.trim();
    if value.contains('.') {
        value.trim_end_matches('0').trim_end_matches('.')
    } else {
        value
    }
}

/// The first row not yet taken that `record` describes. Rows built from the output carry a
/// prefix of the row's quote, which then decides among equal rows.
fn find_row(
    rows: &[RateRow],
    record: &RateRecord,
    taken: &mut [bool],
    from_output: bool,
) -> Option<usize> {
    let same = |row: &RateRow| {
        row.treaty == record.treaty
            && row.lang.as_str() == record.lang.trim()
            && row.topic.as_str() == record.topic.trim()
            && row.article == record.article.trim()
            && row.paragraph == record.paragraph.trim()
            && row.subparagraph == record.subparagraph.trim()
            && row.kind.as_str() == record.kind.trim()
            && row.value.as_str() == plain_value(&record.value)
            && row.unit.as_str() == record.unit.trim()
            && row.condition == record.condition.trim()
    };
    let candidates = || {
        rows.iter()
            .enumerate()
            .filter(|(index, row)| !taken[*index] && same(row))
    };
    let found = if from_output {
        candidates()
            .find(|(_, row)| row.quote.starts_with(record.quote.as_str()))
            .or_else(|| candidates().next())
    } else {
        candidates().next()
    }
    .map(|(index, _)| index)?;
    taken[found] = true;
    Some(found)
}

/// `value unit` as a reader says it (`5 %`, `183 days`, `4000 USD`).
pub(crate) fn quantity(row: &RateRow) -> String {
    match row.unit.as_str() {
        "percent" => format!("{} %", row.value),
        "" => row.value.to_string(),
        unit => format!("{} {unit}", row.value),
    }
}

/// Where a row sits: `art 10 ¶2 (a)`, with the article it modifies for protocol and MLI rows.
pub(crate) fn row_place(row: &RateRow) -> String {
    let mut place = format!("art {} ¶{}", row.article, row.paragraph);
    if !row.subparagraph.is_empty() {
        place.push_str(&format!(" ({})", row.subparagraph));
    }
    place
}

/// The hover text of a row: everything a reviewer checks.
pub(crate) fn row_title(row: &RateRow, check: Option<CheckState>) -> String {
    let mut title = format!(
        "{} · {} {} {}\n{} {}\ncondition: {}\nstatus: {} · source: {}",
        row.topic.as_str(),
        row.kind,
        row.value,
        row.unit,
        row.lang,
        row_place(row),
        if row.condition.is_empty() {
            "none"
        } else {
            &row.condition
        },
        row.status,
        row.source,
    );
    if !row.modifies.is_empty() {
        title.push_str(&format!(" (modifies article {})", row.modifies.join(", ")));
    }
    if let Some(check) = check {
        title.push_str(&format!("\nfixture: {}", check.name()));
    }
    title
}
