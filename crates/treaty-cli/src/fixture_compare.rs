//! A document's output against its fixture folder (`fixtures/<doc>/`): the output as fixture
//! records (`Actual`), the fixture files read (`Expected`), and their comparison. Used by the
//! fixture commands (`golden.rs`) and by the report's check columns (`report.rs`).

use std::path::Path;

use anyhow::Context;
use treaty_golden::{
    compare_document, parse_headline_csv, parse_known_gaps_csv, parse_outline_csv, parse_rates_csv,
    parse_treaty_csv, DocumentComparison, GoldenError, HeadlineRecord, IdentityRecord, KnownGap,
    OutlineRecord, RateRecord,
};
use treaty_schema::DocumentReport;
use treaty_schema::{article_rows, treaty_rows};

/// What the program produced for one document, as fixture records.
pub(crate) struct Actual {
    pub(crate) rates: Vec<RateRecord>,
    pub(crate) outline: Vec<OutlineRecord>,
    pub(crate) identity: Vec<IdentityRecord>,
    pub(crate) headline: Vec<HeadlineRecord>,
}

/// The headline fields of a `treaties.csv` row, as fixture records. A fixture writes the
/// lowest dividend rate's conditions as the rates' `condition` does
/// (`min_holding=10%capital;holding_period=365days`).
fn headline_of(
    row: &treaty_schema::TreatyRow,
    rates: &[treaty_schema::RateRow],
) -> Vec<HeadlineRecord> {
    let text = |value: &Option<String>| value.clone().unwrap_or_default();
    let number = |value: &Option<treaty_schema::Decimal>| {
        value.as_ref().map_or_else(String::new, ToString::to_string)
    };
    let min_holding = row
        .dividends_substantial_min_holding_pct
        .as_ref()
        .map(|pct| format!("{pct}%{}", text(&row.dividends_substantial_holding_basis)));
    let holding_period = row
        .dividends_substantial_holding_period_value
        .as_ref()
        .map(|value| {
            format!(
                "{value}{}",
                text(&row.dividends_substantial_holding_period_unit)
            )
        });
    let holding = [
        ("min_holding", min_holding),
        ("holding_period", holding_period),
    ]
    .into_iter()
    .filter_map(|(key, value)| Some(format!("{key}={}", value?)))
    .collect::<Vec<_>>()
    .join(";");
    [
        (
            "dividends_substantial",
            &row.dividends_substantial_rate,
            holding,
        ),
        (
            "dividends_general",
            &row.dividends_general_rate,
            String::new(),
        ),
        (
            "interest_general",
            &row.interest_general_rate,
            String::new(),
        ),
        (
            "royalties_general",
            &row.royalties_general_rate,
            String::new(),
        ),
        ("technical_fees", &row.technical_fees_rate, String::new()),
    ]
    .into_iter()
    .zip([
        &row.dividends_substantial_row,
        &row.dividends_general_row,
        &row.interest_general_row,
        &row.royalties_general_row,
        &row.technical_fees_row,
    ])
    .map(|((field, value, condition), place)| {
        let value = number(value);
        let source = place
            .as_deref()
            .and_then(|id| rates.iter().find(|rate| rate.row_id == id));
        HeadlineRecord {
            treaty: row.treaty,
            field: field.to_string(),
            quote: source.map_or_else(String::new, |rate| short_quote(&rate.quote, &value)),
            value,
            condition,
            article: source.map_or_else(String::new, |rate| rate.article.clone()),
        }
    })
    .collect()
}

pub(crate) fn actual_of(report: &DocumentReport) -> Actual {
    // Fixtures hold the rates and thresholds a treaty states; former wording an amendment
    // replaces (`superseded`) is history, checked by the extraction's own tests.
    let rates = report
        .rows
        .iter()
        .filter(|row| row.status != treaty_schema::Status::Superseded)
        .map(RateRecord::from)
        .collect();
    let outline = article_rows(report)
        .into_iter()
        .map(|article| OutlineRecord {
            treaty: article.treaty,
            lang: article.lang.to_string(),
            article: article.article,
            topic: article.topic.as_str().to_string(),
            paragraphs: article.paragraphs,
            title: article.title,
        })
        .collect();
    // The fields of the treaties dataset, so check compares what users read there.
    let treaties = treaty_rows(report);
    let headline = treaties
        .iter()
        .flat_map(|row| headline_of(row, &report.rows))
        .collect();
    let identity = treaties
        .into_iter()
        .map(|row| IdentityRecord {
            treaty: row.treaty,
            instrument: row.instrument,
            parties: [row.party1_alpha3, row.party2_alpha3]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(";"),
            signed: row.signed.unwrap_or_default(),
            signed_place: row.signed_place.unwrap_or_default(),
            in_force: row.in_force.unwrap_or_default(),
            title: row.title.unwrap_or_default(),
        })
        .collect();
    Actual {
        rates,
        outline,
        identity,
        headline,
    }
}

/// A document's fixtures.
pub(crate) struct Expected {
    pub(crate) rates: Vec<RateRecord>,
    /// Whether the fixture has a `rates.csv` at all.
    pub(crate) has_rates: bool,
    pub(crate) outline: Vec<OutlineRecord>,
    /// Whether the fixture has an `outline.csv` at all.
    pub(crate) has_outline: bool,
    pub(crate) gaps: Vec<KnownGap>,
    /// `treaty.csv`, when the fixture has one.
    pub(crate) identity: Option<Vec<IdentityRecord>>,
    /// `headline.csv`, when the fixture has one.
    pub(crate) headline: Option<Vec<HeadlineRecord>>,
}

/// The fixture file `name` of `dir` parsed by `parse`, or `None` when the folder has no such
/// file; an unreadable or malformed file is an error naming it.
fn read_fixture<T>(
    dir: &Path,
    name: &str,
    parse: impl Fn(&str) -> Result<T, GoldenError>,
) -> anyhow::Result<Option<T>> {
    let path = dir.join(name);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => {
            return Err(error).with_context(|| format!("{}: cannot read", path.display()))
        }
    };
    let parsed = parse(&text).with_context(|| format!("{}", path.display()))?;
    Ok(Some(parsed))
}

pub(crate) fn read_expected(dir: &Path) -> anyhow::Result<Expected> {
    let rates = read_fixture(dir, "rates.csv", parse_rates_csv)?;
    let outline = read_fixture(dir, "outline.csv", parse_outline_csv)?;
    Ok(Expected {
        has_rates: rates.is_some(),
        rates: rates.unwrap_or_default(),
        has_outline: outline.is_some(),
        outline: outline.unwrap_or_default(),
        gaps: read_fixture(dir, "known-gaps.csv", parse_known_gaps_csv)?.unwrap_or_default(),
        identity: read_fixture(dir, "treaty.csv", parse_treaty_csv)?,
        headline: read_fixture(dir, "headline.csv", parse_headline_csv)?,
    })
}

/// Compares one document's output with its fixture. A fixture with an outline but no
/// `rates.csv` is compared on its outline only.
pub(crate) fn compare_with_expected(
    doc: &str,
    produced: &Actual,
    expected: &Expected,
) -> DocumentComparison {
    let produced_rates: &[RateRecord] = if expected.has_rates {
        &produced.rates
    } else {
        &[]
    };
    compare_document(
        doc,
        produced_rates,
        &expected.rates,
        &produced.outline,
        &expected.outline,
    )
}

/// The comparison of one document's output with its fixture in `fixtures`, or `None` when it
/// has none (the HTML report's check columns and page).
pub(crate) fn compare_with_fixture(
    report: &DocumentReport,
    fixtures: &Path,
) -> anyhow::Result<Option<DocumentComparison>> {
    let dir = fixtures.join(&report.doc);
    if !dir.is_dir() {
        return Ok(None);
    }
    let expected = read_expected(&dir)?;
    let produced = actual_of(report);
    Ok(Some(compare_with_expected(
        &report.doc,
        &produced,
        &expected,
    )))
}

/// How many characters a new fixture quote keeps on each side of its number.
const QUOTE_REACH: usize = 40;

/// A few words around the first place `quote` prints `value` in digits (its opening words when
/// it prints it otherwise, `quinze por cento`, `十五パーセント`), cut at word boundaries where
/// the text has spaces.
pub(crate) fn short_quote(quote: &str, value: &str) -> String {
    let chars: Vec<(usize, char)> = quote.char_indices().collect();
    let at = quote.find(value).map_or(0, |byte| {
        chars.iter().position(|(b, _)| *b == byte).unwrap_or(0)
    });
    let mut start = at.saturating_sub(QUOTE_REACH);
    let mut end = (at + value.chars().count() + QUOTE_REACH).min(chars.len());
    // Widen to the nearest spaces (a few characters at most), so no word is cut.
    while start > 0 && start + 12 > at.saturating_sub(QUOTE_REACH) && chars[start - 1].1 != ' ' {
        start -= 1;
    }
    if start > 0 && chars[start - 1].1 != ' ' {
        start = at.saturating_sub(QUOTE_REACH);
    }
    while end < chars.len()
        && end < at + value.chars().count() + QUOTE_REACH + 12
        && chars[end].1 != ' '
    {
        end += 1;
    }
    let from = chars.get(start).map_or(quote.len(), |(b, _)| *b);
    let to = chars.get(end).map_or(quote.len(), |(b, _)| *b);
    quote[from..to].trim().to_string()
}
