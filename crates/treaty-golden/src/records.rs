//! Fixture rows: the two record types, their CSV form and their canonical order.
//!
//! The CSV form is the one `fixtures/README.md` describes: RFC 4180, UTF-8, a fixed header,
//! one row per line, `"` quoting only where a field needs it, rows in canonical order.
//! Writing sorts, so a fixture rewritten from any row order is byte-identical and a pull request
//! shows exactly which claims changed.

use std::cmp::Ordering;

use crate::error::GoldenError;

/// One rate/threshold row, as in a fixture's `rates.csv` (also built by the CLI from actual output).
///
/// Fields hold the text as written in the CSV; see `fixtures/README.md` for what each means.
/// The derived `Ord` compares fields in declaration order; the canonical fixture order, which
/// [`write_rates_csv`] applies, reads articles and numbers as numbers instead.
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct RateRecord {
    /// 1, 2, ... in order of appearance when a file holds more than one treaty.
    pub treaty: usize,
    /// Language version: `pt`, `en` or `ja`.
    pub lang: String,
    /// Canonical topic of the article, in snake_case.
    pub topic: String,
    /// Article number in Arabic digits (`10`, `10A`), `P1` for protocol points, empty when unknown.
    pub article: String,
    /// Paragraph number in Arabic digits (`1` for an unnumbered single paragraph).
    pub paragraph: String,
    /// Subparagraph letter or numeral, lower case, without brackets; empty when none.
    pub subparagraph: String,
    /// `rate` or `threshold`.
    pub kind: String,
    /// A plain decimal number (`4000`, `7.5`).
    pub value: String,
    /// `percent`, `days`, `months`, `years`, or an ISO 4217 code.
    pub unit: String,
    /// `key=value` pairs joined by `;`, empty when unconditional.
    pub condition: String,
    /// A short excerpt of the clause, for reviewers; never compared.
    pub quote: String,
    /// `treaty`, `protocol` or `mli`; `None` when the fixture has no `source` column, so that
    /// fixtures written before the layer columns existed are not compared on them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The treaty articles a protocol point or MLI provision modifies, joined by `;` (empty
    /// for a treaty row); `None` when the fixture has no `modifies` column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modifies: Option<String>,
}

/// One article, as in a fixture's `outline.csv`.
///
/// As for [`RateRecord`], the derived `Ord` is not the canonical order of [`write_outline_csv`].
#[derive(
    Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct OutlineRecord {
    /// 1, 2, ... in order of appearance when a file holds more than one treaty.
    pub treaty: usize,
    /// Language version: `pt`, `en` or `ja`.
    pub lang: String,
    /// Article number in Arabic digits (`10`, `10A`), `P1` for protocol points, empty when unknown.
    pub article: String,
    /// Canonical topic of the article, in snake_case.
    pub topic: String,
    /// How many numbered paragraphs the article has.
    pub paragraphs: usize,
    /// Title as printed, empty when none; informative, never compared.
    pub title: String,
}

/// Columns of `rates.csv`, in order.
pub(crate) const RATE_COLUMNS: [&str; 11] = [
    "treaty",
    "lang",
    "topic",
    "article",
    "paragraph",
    "subparagraph",
    "kind",
    "value",
    "unit",
    "condition",
    "quote",
];

/// Columns of `rates.csv` with the optional layer columns (`source`, `modifies`) after them.
pub(crate) const RATE_COLUMNS_WITH_LAYER: [&str; 13] = {
    let mut columns = [""; 13];
    let mut index = 0;
    while index < RATE_COLUMNS.len() {
        columns[index] = RATE_COLUMNS[index];
        index += 1;
    }
    columns[11] = "source";
    columns[12] = "modifies";
    columns
};

/// Columns of `outline.csv`, in order.
pub(crate) const OUTLINE_COLUMNS: [&str; 6] =
    ["treaty", "lang", "article", "topic", "paragraphs", "title"];

/// Parses the text of a `rates.csv` fixture.
///
/// The header must be exactly the documented one. Blank lines are skipped. Fields are checked
/// for shape (a positive treaty number, digits for the paragraph, `rate` or `threshold`, a plain
/// decimal value) so that a typo in a hand-written fixture is an error naming its line, not a
/// row that silently never matches. Rows are returned in file order.
pub fn parse_rates_csv(text: &str) -> Result<Vec<RateRecord>, GoldenError> {
    // Fixtures may add `source` and `modifies` after the eleven columns (rows of protocol
    // points and MLI provisions); where they do, rows are compared on them too.
    let header = text
        .trim_start_matches('\u{feff}')
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("");
    let rows = if header.trim_end() == RATE_COLUMNS_WITH_LAYER.join(",") {
        let rows = read_table(text, &RATE_COLUMNS_WITH_LAYER)?;
        for (line, fields) in &rows {
            if !["treaty", "protocol", "mli"].contains(&fields[11].as_str()) {
                return Err(GoldenError::Field {
                    line: *line,
                    column: "source",
                    value: fields[11].clone(),
                    problem: "expected `treaty`, `protocol` or `mli`",
                });
            }
        }
        rows
    } else {
        read_table(text, &RATE_COLUMNS)?
    };
    rows.iter()
        .map(|(line, fields)| {
            let mut row = rate_from_fields(*line, fields, 0)?;
            row.source = fields.get(11).cloned();
            row.modifies = fields.get(12).cloned();
            Ok(row)
        })
        .collect()
}

/// Parses the text of an `outline.csv` fixture.
///
/// Same rules as [`parse_rates_csv`]; `paragraphs` must be a whole number.
pub fn parse_outline_csv(text: &str) -> Result<Vec<OutlineRecord>, GoldenError> {
    let rows = read_table(text, &OUTLINE_COLUMNS)?;
    rows.iter()
        .map(|(line, fields)| {
            let line = *line;
            Ok(OutlineRecord {
                treaty: parse_treaty(line, &fields[0])?,
                lang: check_not_empty(line, "lang", &fields[1])?,
                article: check_article(line, &fields[2])?,
                topic: check_not_empty(line, "topic", &fields[3])?,
                paragraphs: fields[4].parse::<usize>().map_err(|_| GoldenError::Field {
                    line,
                    column: "paragraphs",
                    value: fields[4].clone(),
                    problem: "expected a whole number",
                })?,
                title: fields[5].clone(),
            })
        })
        .collect()
}

/// Writes rate rows as `rates.csv` text: the header, then the rows in canonical order.
///
/// The canonical order is treaty, lang, article in reading order (numeric part, then suffix;
/// protocol points `P1`, `P2`, ... after the articles; an empty article first), paragraph
/// numerically, subparagraph, kind, value numerically, unit, condition; topic and quote only
/// break remaining ties. Fields are quoted only when they contain a comma, a quote or a line
/// break. Lines end with `\n`. The `source` and `modifies` columns are written only when a
/// row is not a plain treaty row (a protocol or MLI source, or an article it modifies), so
/// fixtures of plain treaties keep their eleven columns.
pub fn write_rates_csv(rows: &[RateRecord]) -> String {
    let mut sorted_rows: Vec<&RateRecord> = rows.iter().collect();
    sorted_rows.sort_by(|left, right| rate_order(left, right));
    let with_layer = rows.iter().any(|row| {
        row.source
            .as_deref()
            .is_some_and(|source| source != "treaty")
            || row
                .modifies
                .as_deref()
                .is_some_and(|modifies| !modifies.is_empty())
    });
    let mut out = String::new();
    if with_layer {
        push_csv_line(&mut out, RATE_COLUMNS_WITH_LAYER.iter().copied());
    } else {
        push_csv_line(&mut out, RATE_COLUMNS.iter().copied());
    }
    for row in sorted_rows {
        let treaty = row.treaty.to_string();
        let fields = rate_fields(row, &treaty);
        let layer = [
            row.source.as_deref().unwrap_or("treaty"),
            row.modifies.as_deref().unwrap_or(""),
        ];
        if with_layer {
            push_csv_line(&mut out, fields.into_iter().chain(layer));
        } else {
            push_csv_line(&mut out, fields);
        }
    }
    out
}

/// Writes outline rows as `outline.csv` text: the header, then the rows in canonical order.
///
/// The canonical order is treaty, lang, article in reading order (as in [`write_rates_csv`]);
/// topic, paragraphs and title only break remaining ties.
pub fn write_outline_csv(rows: &[OutlineRecord]) -> String {
    let mut sorted_rows: Vec<&OutlineRecord> = rows.iter().collect();
    sorted_rows.sort_by(|left, right| outline_order(left, right));
    let mut out = String::new();
    push_csv_line(&mut out, OUTLINE_COLUMNS.iter().copied());
    for row in sorted_rows {
        let treaty = row.treaty.to_string();
        let paragraphs = row.paragraphs.to_string();
        push_csv_line(
            &mut out,
            [
                treaty.as_str(),
                row.lang.as_str(),
                row.article.as_str(),
                row.topic.as_str(),
                paragraphs.as_str(),
                row.title.as_str(),
            ],
        );
    }
    out
}

/// The fields of a rate row in `rates.csv` column order, with the treaty already formatted.
fn rate_fields<'a>(row: &'a RateRecord, treaty: &'a str) -> [&'a str; 11] {
    [
        treaty,
        row.lang.as_str(),
        row.topic.as_str(),
        row.article.as_str(),
        row.paragraph.as_str(),
        row.subparagraph.as_str(),
        row.kind.as_str(),
        row.value.as_str(),
        row.unit.as_str(),
        row.condition.as_str(),
        row.quote.as_str(),
    ]
}

/// Reads CSV text into `(line, fields)` rows after checking the header against `columns`.
///
/// Returns every data row with exactly as many fields as there are columns; a leading byte
/// order mark is ignored and blank lines are skipped (the `csv` reader does so).
pub(crate) fn read_table(
    text: &str,
    columns: &[&str],
) -> Result<Vec<(u64, Vec<String>)>, GoldenError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let expected_header = columns.join(",");
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    let mut seen_header = false;
    for result in reader.records() {
        let record = result.map_err(|error| GoldenError::Csv {
            line: error
                .position()
                .map_or(0, |position| line_of(text, position)),
            message: error.to_string(),
        })?;
        let line = record
            .position()
            .map_or(0, |position| line_of(text, position));
        if !seen_header {
            let found_header: Vec<&str> = record.iter().collect();
            if found_header != columns {
                return Err(GoldenError::Header {
                    line,
                    expected: expected_header,
                    found: found_header.join(","),
                });
            }
            seen_header = true;
            continue;
        }
        if record.len() != columns.len() {
            return Err(GoldenError::FieldCount {
                line,
                expected: columns.len(),
                found: record.len(),
            });
        }
        rows.push((line, record.iter().map(str::to_owned).collect()));
    }
    if !seen_header {
        return Err(GoldenError::MissingHeader {
            expected: expected_header,
        });
    }
    Ok(rows)
}

/// The 1-based line on which the record at `position` starts.
///
/// The `csv` reader's own line count and byte offset both point at the line break before a
/// record when blank lines precede it, so the offset is moved past line breaks first and the
/// line counted from the text.
fn line_of(text: &str, position: &csv::Position) -> u64 {
    let offset = usize::try_from(position.byte())
        .unwrap_or(usize::MAX)
        .min(text.len());
    let n_breaks = text.as_bytes()[offset..]
        .iter()
        .take_while(|byte| matches!(byte, b'\n' | b'\r'))
        .count();
    let record_start = offset + n_breaks;
    1 + text.as_bytes()[..record_start]
        .iter()
        .filter(|byte| **byte == b'\n')
        .count() as u64
}

/// Builds a rate row from `fields` in `rates.csv` order starting at index `first`.
///
/// The quote is taken from index `first + 10` when present and left empty otherwise, so the
/// known-gaps reader (which has no quote column) can share this.
pub(crate) fn rate_from_fields(
    line: u64,
    fields: &[String],
    first: usize,
) -> Result<RateRecord, GoldenError> {
    let field = |index: usize| fields[first + index].clone();
    let kind = field(6);
    if kind != "rate" && kind != "threshold" {
        return Err(GoldenError::Field {
            line,
            column: "kind",
            value: kind,
            problem: "expected `rate` or `threshold`",
        });
    }
    let value = field(7);
    if !is_plain_decimal(&value) {
        return Err(GoldenError::Field {
            line,
            column: "value",
            value,
            problem: "expected a plain decimal number such as `15` or `7.5`",
        });
    }
    let paragraph = field(4);
    if paragraph.is_empty() || !paragraph.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(GoldenError::Field {
            line,
            column: "paragraph",
            value: paragraph,
            problem: "expected the paragraph number in Arabic digits",
        });
    }
    let subparagraph = field(5);
    if !subparagraph
        .chars()
        .all(|character| character.is_ascii_lowercase() || character.is_ascii_digit())
    {
        return Err(GoldenError::Field {
            line,
            column: "subparagraph",
            value: subparagraph,
            problem: "expected a lower-case letter or numeral without brackets, or nothing",
        });
    }
    Ok(RateRecord {
        treaty: parse_treaty(line, &fields[first])?,
        lang: check_not_empty(line, "lang", &fields[first + 1])?,
        topic: check_not_empty(line, "topic", &fields[first + 2])?,
        article: check_article(line, &fields[first + 3])?,
        paragraph,
        subparagraph,
        kind,
        value,
        unit: check_not_empty(line, "unit", &fields[first + 8])?,
        condition: field(9),
        quote: fields.get(first + 10).cloned().unwrap_or_default(),
        source: None,
        modifies: None,
    })
}

/// Parses a treaty number, which counts from 1.
fn parse_treaty(line: u64, field: &str) -> Result<usize, GoldenError> {
    match field.parse::<usize>() {
        Ok(treaty) if treaty >= 1 => Ok(treaty),
        _ => Err(GoldenError::Field {
            line,
            column: "treaty",
            value: field.to_owned(),
            problem: "expected a treaty number counting from 1",
        }),
    }
}

/// Returns the field when it is not empty.
fn check_not_empty(line: u64, column: &'static str, field: &str) -> Result<String, GoldenError> {
    if field.trim().is_empty() {
        return Err(GoldenError::Field {
            line,
            column,
            value: field.to_owned(),
            problem: "must not be empty",
        });
    }
    Ok(field.to_owned())
}

/// Returns the field when it is empty, digits with an optional letter suffix, or `P` and digits.
fn check_article(line: u64, field: &str) -> Result<String, GoldenError> {
    let digits_then_letters = |text: &str| {
        let n_digits = text.bytes().take_while(u8::is_ascii_digit).count();
        n_digits > 0
            && text[n_digits..]
                .bytes()
                .all(|byte| byte.is_ascii_alphabetic())
    };
    let is_mli_provision = field.strip_prefix("MLI").is_some_and(&digits_then_letters);
    let is_protocol_point = field.strip_prefix('P').is_some_and(&digits_then_letters);
    if field.is_empty() || digits_then_letters(field) || is_protocol_point || is_mli_provision {
        return Ok(field.to_owned());
    }
    Err(GoldenError::Field {
        line,
        column: "article",
        value: field.to_owned(),
        problem: "expected an article number such as `10` or `10A`, a protocol point such as `P1`, an MLI provision such as `MLI8`, or nothing",
    })
}

/// Whether `text` is digits with an optional fractional part of digits (`15`, `7.5`).
pub(crate) fn is_plain_decimal(text: &str) -> bool {
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (text, None),
    };
    let all_digits =
        |part: &str| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit());
    all_digits(whole) && fraction.is_none_or(all_digits)
}

/// The value as compared: trimmed, with trailing fractional zeros and a bare point removed,
/// so `15`, `15.0` and ` 15.00 ` are the same value.
pub(crate) fn normalize_value(value: &str) -> String {
    let value = value.trim();
    if value.contains('.') {
        value.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        value.to_owned()
    }
}

/// Canonical order of rate rows; see [`write_rates_csv`].
pub(crate) fn rate_order(left: &RateRecord, right: &RateRecord) -> Ordering {
    left.treaty
        .cmp(&right.treaty)
        .then_with(|| left.lang.cmp(&right.lang))
        .then_with(|| article_order(&left.article, &right.article))
        .then_with(|| number_order(&left.paragraph, &right.paragraph))
        .then_with(|| number_order(&left.subparagraph, &right.subparagraph))
        .then_with(|| left.kind.cmp(&right.kind))
        .then_with(|| number_order(&left.value, &right.value))
        .then_with(|| left.unit.cmp(&right.unit))
        .then_with(|| left.condition.cmp(&right.condition))
        .then_with(|| left.topic.cmp(&right.topic))
        .then_with(|| left.value.cmp(&right.value))
        .then_with(|| left.quote.cmp(&right.quote))
}

/// Canonical order of outline rows; see [`write_outline_csv`].
pub(crate) fn outline_order(left: &OutlineRecord, right: &OutlineRecord) -> Ordering {
    left.treaty
        .cmp(&right.treaty)
        .then_with(|| left.lang.cmp(&right.lang))
        .then_with(|| article_order(&left.article, &right.article))
        .then_with(|| left.topic.cmp(&right.topic))
        .then_with(|| left.paragraphs.cmp(&right.paragraphs))
        .then_with(|| left.title.cmp(&right.title))
}

/// Reading order of article numbers: empty first, then `1`, `2`, `10`, `10A`, then `P1`, `P2`,
/// then anything else as text.
pub(crate) fn article_order(left: &str, right: &str) -> Ordering {
    article_sort_key(left.trim()).cmp(&article_sort_key(right.trim()))
}

/// `(class, number, suffix)` for [`article_order`].
fn article_sort_key(article: &str) -> (u8, u64, &str) {
    let leading_number = |text: &str| {
        let n_digits = text.bytes().take_while(u8::is_ascii_digit).count();
        // Article numbers are small; a number too long for u64 still sorts after every real one.
        let number = text[..n_digits].parse::<u64>().unwrap_or(u64::MAX);
        (n_digits, number)
    };
    if article.is_empty() {
        return (0, 0, "");
    }
    let (n_digits, number) = leading_number(article);
    if n_digits > 0 {
        return (1, number, &article[n_digits..]);
    }
    if let Some(rest) = article.strip_prefix('P') {
        let (n_digits, number) = leading_number(rest);
        if n_digits > 0 {
            return (2, number, &rest[n_digits..]);
        }
    }
    (3, 0, article)
}

/// Order of fields that usually hold numbers: empty first, then plain decimals by value, then
/// any other text (such as subparagraph letters) as text.
pub(crate) fn number_order(left: &str, right: &str) -> Ordering {
    number_sort_key(left.trim()).cmp(&number_sort_key(right.trim()))
}

/// Sort key for [`number_order`]: a class, the numeric value (as an order-preserving integer)
/// and the text.
fn number_sort_key(text: &str) -> (u8, NumberKey, &str) {
    if text.is_empty() {
        (0, NumberKey(0.0), text)
    } else if is_plain_decimal(text) {
        (1, NumberKey(text.parse::<f64>().unwrap_or(f64::MAX)), text)
    } else {
        (2, NumberKey(0.0), text)
    }
}

/// An `f64` ordered with `total_cmp`, so that it can sit in a sort-key tuple.
#[derive(PartialEq)]
struct NumberKey(f64);

impl Eq for NumberKey {}

impl PartialOrd for NumberKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for NumberKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// Appends one CSV record (RFC 4180: a field holding a comma, a quote or a line break is
/// quoted) and a `\n`, written by the csv crate, so fixture files and datasets quote alike.
pub(crate) fn push_csv_line<'a>(out: &mut String, fields: impl IntoIterator<Item = &'a str>) {
    // The CRLF terminator makes the writer quote a field with a bare `\r` as well as one with
    // a `\n`; fixture lines end in `\n`, so the terminator is replaced below.
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    // Writing into memory cannot fail: the only errors are the buffer's, and a Vec has none.
    let written = writer
        .write_record(fields)
        .ok()
        .and_then(|()| writer.into_inner().ok())
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .unwrap_or_default();
    out.push_str(written.strip_suffix("\r\n").unwrap_or(&written));
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATES_HEADER: &str =
        "treaty,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition,quote\n";

    fn rate(
        article: &str,
        paragraph: &str,
        subparagraph: &str,
        kind: &str,
        value: &str,
    ) -> RateRecord {
        RateRecord {
            treaty: 1,
            lang: "en".to_owned(),
            topic: "dividends".to_owned(),
            article: article.to_owned(),
            paragraph: paragraph.to_owned(),
            subparagraph: subparagraph.to_owned(),
            kind: kind.to_owned(),
            value: value.to_owned(),
            unit: "percent".to_owned(),
            condition: String::new(),
            quote: String::new(),
            source: None,
            modifies: None,
        }
    }

    fn position_key(row: &RateRecord) -> String {
        format!(
            "{}/{}/{}/{}/{}",
            row.article, row.paragraph, row.subparagraph, row.kind, row.value
        )
    }

    #[test]
    fn write_rates_sorts_articles_in_reading_order_and_numbers_by_value() {
        let rows = vec![
            rate("P2", "1", "", "rate", "5"),
            rate("10A", "1", "", "rate", "5"),
            rate("10", "10", "", "rate", "5"),
            rate("10", "2", "b", "rate", "5"),
            rate("10", "2", "a", "threshold", "25"),
            rate("10", "2", "a", "threshold", "3"),
            rate("10", "2", "a", "rate", "100"),
            rate("10", "2", "", "rate", "15"),
            rate("P10", "1", "", "rate", "5"),
            rate("9", "1", "", "rate", "5"),
            rate("", "1", "", "threshold", "6"),
            rate("P1", "1", "", "rate", "5"),
        ];
        let written = write_rates_csv(&rows);
        let order: Vec<String> = parse_rates_csv(&written)
            .unwrap()
            .iter()
            .map(position_key)
            .collect();
        assert_eq!(
            order,
            [
                "/1//threshold/6",
                "9/1//rate/5",
                "10/2//rate/15",
                "10/2/a/rate/100",
                "10/2/a/threshold/3",
                "10/2/a/threshold/25",
                "10/2/b/rate/5",
                "10/10//rate/5",
                "10A/1//rate/5",
                "P1/1//rate/5",
                "P2/1//rate/5",
                "P10/1//rate/5",
            ]
        );
    }

    #[test]
    fn write_rates_sorts_treaty_then_lang_then_condition() {
        let mut english_second_treaty = rate("1", "1", "", "rate", "5");
        english_second_treaty.treaty = 2;
        let mut portuguese = rate("10", "1", "", "rate", "5");
        portuguese.lang = "pt".to_owned();
        let mut government = rate("10", "1", "", "rate", "0");
        government.condition = "beneficial_owner=government".to_owned();
        let mut central_bank = government.clone();
        central_bank.condition = "beneficial_owner=central_bank".to_owned();
        let rows = vec![
            english_second_treaty.clone(),
            portuguese.clone(),
            government.clone(),
            central_bank.clone(),
        ];
        let parsed = parse_rates_csv(&write_rates_csv(&rows)).unwrap();
        assert_eq!(
            parsed,
            vec![central_bank, government, portuguese, english_second_treaty]
        );
    }

    #[test]
    fn write_quotes_only_fields_that_need_it() {
        let mut row = rate("10", "2", "a", "rate", "5");
        row.quote = "5 per cent, \"gross\"".to_owned();
        row.condition = "beneficial_owner=company;min_holding=25%capital".to_owned();
        let written = write_rates_csv(&[row.clone()]);
        assert_eq!(
            written,
            format!(
                "{RATES_HEADER}1,en,dividends,10,2,a,rate,5,percent,beneficial_owner=company;min_holding=25%capital,\"5 per cent, \"\"gross\"\"\"\n"
            )
        );
        assert_eq!(parse_rates_csv(&written).unwrap(), vec![row]);
    }

    #[test]
    fn outline_sorts_protocol_points_after_articles() {
        let outline = |article: &str| OutlineRecord {
            treaty: 1,
            lang: "ja".to_owned(),
            article: article.to_owned(),
            topic: "miscellaneous".to_owned(),
            paragraphs: 1,
            title: String::new(),
        };
        let rows = vec![outline("P1"), outline("31"), outline("3"), outline("")];
        let written = write_outline_csv(&rows);
        assert_eq!(
            written,
            "treaty,lang,article,topic,paragraphs,title\n1,ja,,miscellaneous,1,\n1,ja,3,miscellaneous,1,\n1,ja,31,miscellaneous,1,\n1,ja,P1,miscellaneous,1,\n"
        );
    }

    #[test]
    fn parse_errors_name_line_and_problem() {
        let bad_kind = format!("{RATES_HEADER}1,en,dividends,10,2,,rate,5,percent,,q\n1,en,dividends,10,2,,rates,5,percent,,q\n");
        let error = parse_rates_csv(&bad_kind).unwrap_err();
        assert_eq!(
            error,
            GoldenError::Field {
                line: 3,
                column: "kind",
                value: "rates".to_owned(),
                problem: "expected `rate` or `threshold`"
            }
        );
        assert!(
            error.to_string().starts_with("line 3: column `kind`"),
            "{error}"
        );

        let bad_value = format!("{RATES_HEADER}1,en,dividends,10,2,,rate,5%,percent,,q\n");
        assert!(matches!(
            parse_rates_csv(&bad_value),
            Err(GoldenError::Field {
                line: 2,
                column: "value",
                ..
            })
        ));

        let bad_treaty = format!("{RATES_HEADER}0,en,dividends,10,2,,rate,5,percent,,q\n");
        assert!(matches!(
            parse_rates_csv(&bad_treaty),
            Err(GoldenError::Field {
                line: 2,
                column: "treaty",
                ..
            })
        ));

        let bad_article = format!("{RATES_HEADER}1,en,dividends,Art. 10,2,,rate,5,percent,,q\n");
        assert!(matches!(
            parse_rates_csv(&bad_article),
            Err(GoldenError::Field {
                line: 2,
                column: "article",
                ..
            })
        ));

        let bad_subparagraph = format!("{RATES_HEADER}1,en,dividends,10,2,(a),rate,5,percent,,q\n");
        assert!(matches!(
            parse_rates_csv(&bad_subparagraph),
            Err(GoldenError::Field {
                line: 2,
                column: "subparagraph",
                ..
            })
        ));

        let short_row = format!("{RATES_HEADER}\n1,en,dividends,10,2,,rate,5,percent,q\n");
        assert_eq!(
            parse_rates_csv(&short_row).unwrap_err(),
            GoldenError::FieldCount {
                line: 3,
                expected: 11,
                found: 10
            }
        );

        let after_blank_lines_and_multiline_quote = format!(
            "{}1,en,dividends,10,2,,rate,5,percent,,\"two\r\nlines\"\r\n\r\n1,en,dividends,10,2,,rate,five,percent,,q\r\n",
            RATES_HEADER.replace('\n', "\r\n\r\n")
        );
        assert!(matches!(
            parse_rates_csv(&after_blank_lines_and_multiline_quote),
            Err(GoldenError::Field {
                line: 6,
                column: "value",
                ..
            })
        ));

        let wrong_header = "treaty,lang,article,topic,paragraphs\n1,en,1,persons_covered,1\n";
        let error = parse_outline_csv(wrong_header).unwrap_err();
        assert!(
            matches!(error, GoldenError::Header { line: 1, .. }),
            "{error:?}"
        );

        let bad_paragraphs =
            "treaty,lang,article,topic,paragraphs,title\n1,en,1,persons_covered,one,Scope\n";
        assert!(matches!(
            parse_outline_csv(bad_paragraphs),
            Err(GoldenError::Field {
                line: 2,
                column: "paragraphs",
                ..
            })
        ));

        assert!(matches!(
            parse_outline_csv(""),
            Err(GoldenError::MissingHeader { .. })
        ));
    }

    #[test]
    fn parse_accepts_the_layer_columns_and_checks_the_source() {
        let text = "treaty,lang,topic,article,paragraph,subparagraph,kind,value,unit,condition,quote,source,modifies\n1,ja,dividends,MLI8,1,,threshold,365,days,measure=holding_period,三百六十五日,mli,10\n";
        let rows = parse_rates_csv(text).unwrap();
        assert_eq!(rows[0].article, "MLI8");
        assert_eq!(rows[0].value, "365");
        let wrong = text.replace(",mli,10", ",box,10");
        let error = parse_rates_csv(&wrong).unwrap_err().to_string();
        assert!(error.contains("source"), "{error}");
    }

    #[test]
    fn parse_accepts_byte_order_mark_and_header_only() {
        assert_eq!(
            parse_rates_csv(&format!("\u{feff}{RATES_HEADER}")).unwrap(),
            vec![]
        );
    }

    #[test]
    fn value_normalization_strips_only_fractional_zeros() {
        assert_eq!(normalize_value("15"), "15");
        assert_eq!(normalize_value(" 15.0 "), "15");
        assert_eq!(normalize_value("15.00"), "15");
        assert_eq!(normalize_value("7.50"), "7.5");
        assert_eq!(normalize_value("100"), "100");
        assert_eq!(normalize_value("0.0"), "0");
    }
}
