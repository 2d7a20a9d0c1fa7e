//! The types of the dataset: per-document reports, rate, article and treaty rows, and the
//! tables that lay rows out as CSV columns.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use treaty_lang::Lang;
use treaty_segment::Topic;

use crate::vocabulary::{
    decimal_number, decimal_schema, lang_schema, number_text, optional_decimal_number,
    optional_decimal_schema, topic_name, topic_schema, unit_name, unit_schema,
};
use crate::vocabulary::{
    Basis, Income, Instrument, Kind, Measure, Owner, Source, Status, TaxesCovered, Trigger,
};
use treaty_numbers::{Decimal, Unit};

/// Version of the dataset schema written into every per-document JSON.
pub const SCHEMA_VERSION: &str = "2.3";

/// A dataset column: its name and how a row gives its cell. Each CSV dataset is one table of
/// these, so a column's name, its place and its cell are written once.
pub type Column<Row> = (&'static str, fn(&Row) -> String);

/// The names of a table of columns, in order (for the header and the JSON Schema tests).
const fn names<Row, const N: usize>(columns: &[Column<Row>; N]) -> [&'static str; N] {
    let mut names = [""; N];
    let mut index = 0;
    while index < N {
        names[index] = columns[index].0;
        index += 1;
    }
    names
}

/// The columns of `rates.csv`: the eleven of the dataset contract first, in their fixed
/// order, then extra columns.
// tidy: not language (the dataset's column names)
pub const RATE_TABLE: [Column<RateRow>; 21] = [
    ("doc", |row| row.doc.clone()),
    ("lang", |row| row.lang.as_str().to_string()),
    ("topic", |row| row.topic.as_str().to_string()),
    ("article", |row| row.article.clone()),
    ("paragraph", |row| row.paragraph.clone()),
    ("subparagraph", |row| row.subparagraph.clone()),
    ("kind", |row| row.kind.as_str().to_string()),
    ("value", |row| row.value.to_string()),
    ("unit", |row| row.unit.as_str().to_string()),
    ("condition", |row| row.condition.clone()),
    ("quote", |row| row.quote.clone()),
    ("treaty", |row| row.treaty.to_string()),
    ("start", |row| row.start.to_string()),
    ("end", |row| row.end.to_string()),
    ("confidence", |row| format!("{:.2}", row.confidence)),
    ("status", |row| row.status.as_str().to_string()),
    ("source", |row| row.source.as_str().to_string()),
    ("modifies", |row| row.modifies.join(";")),
    ("page", |row| {
        row.page.map_or(String::new(), |page| page.to_string())
    }),
    ("ocr_confidence", |row| {
        row.ocr_confidence
            .map_or(String::new(), |confidence| format!("{confidence:.2}"))
    }),
    ("row_id", |row| row.row_id.clone()),
];

/// Columns of `rates.csv`, in order.
pub const RATE_COLUMNS: [&str; 21] = names(&RATE_TABLE);

/// The columns of `articles.csv`.
// tidy: not language (the dataset's column names)
pub const ARTICLE_TABLE: [Column<ArticleRow>; 11] = [
    ("doc", |row| row.doc.clone()),
    ("treaty", |row| row.treaty.to_string()),
    ("lang", |row| row.lang.as_str().to_string()),
    ("article", |row| row.article.clone()),
    ("title", |row| row.title.clone()),
    ("topic", |row| row.topic.as_str().to_string()),
    ("inferred", |row| row.inferred.to_string()),
    ("paragraphs", |row| row.paragraphs.to_string()),
    ("start", |row| row.start.to_string()),
    ("end", |row| row.end.to_string()),
    ("printed", |row| row.printed.clone()),
];

/// Columns of `articles.csv`, in order.
pub const ARTICLE_COLUMNS: [&str; 11] = names(&ARTICLE_TABLE);

/// The cells of a row, in the order of its table.
pub fn cells<Row, const N: usize>(table: &[Column<Row>; N], row: &Row) -> [String; N] {
    std::array::from_fn(|index| (table[index].1)(row))
}

/// One extracted rate or threshold: a row of `rates.csv` and a line of `rates.jsonl`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RateRow {
    /// Input file name without its extension.
    pub doc: String,
    /// The language of the text the row came from, by its profile's code (`pt`, `en`, `ja`).
    #[schemars(schema_with = "lang_schema")]
    pub lang: Lang,
    /// Canonical topic of the article (snake_case).
    #[serde(with = "topic_name")]
    #[schemars(schema_with = "topic_schema")]
    pub topic: Topic,
    /// Article number, normalized (`10`, `12A`, `P1` for protocol points).
    pub article: String,
    /// Paragraph number, normalized (`1` for an unnumbered single paragraph).
    pub paragraph: String,
    /// Subparagraph label (`a`, `ii`), empty when none.
    pub subparagraph: String,
    /// `rate` or `threshold`.
    pub kind: Kind,
    /// Plain decimal number (`4000`, `7.5`): no sign, exponent or trailing zero after the
    /// point, at most 15 significant digits. A number in JSON (schema 2.0; a string before),
    /// which a double holds exactly.
    #[serde(with = "decimal_number")]
    #[schemars(schema_with = "decimal_schema")]
    pub value: Decimal,
    /// `percent`, `days`, `months`, `years` or an ISO 4217 code.
    #[serde(with = "unit_name")]
    #[schemars(schema_with = "unit_schema")]
    pub unit: Unit,
    /// Flattened conditions, `key=value` joined by `;`, empty when unconditional.
    pub condition: String,
    /// The clause the number comes from.
    pub quote: String,
    /// 1, 2, ... when a file holds more than one treaty.
    pub treaty: usize,
    /// Byte offset in the original file where the number starts.
    pub start: usize,
    /// Byte offset in the original file where the number ends.
    pub end: usize,
    /// 0 to 1: how sure the rule is.
    pub confidence: f32,
    /// `agreed` (the other language version has the same row), `unmatched` (it has not),
    /// or `single` (the treaty is in one language in this document).
    pub status: Status,
    /// Where the row comes from: `treaty` (the treaty's own article), `protocol` (a point of
    /// its protocol) or `mli` (a provision of the multilateral instrument shown in a
    /// consolidated text).
    pub source: Source,
    /// For `protocol` and `mli` rows, the treaty articles the point or provision modifies
    /// (`["10"]`; `["10", "11", "12"]` for a point on "Articles 10, 11 and 12"), where the text
    /// names them; empty for `treaty` rows. In CSV, joined by `;`.
    pub modifies: Vec<String>,
    /// The page the number is on (1, 2, ...), counted by form feeds, when the text has pages
    /// (PDF text, or text with form feeds); `null` otherwise.
    #[serde(default)]
    pub page: Option<u32>,
    /// For text read by OCR from a scanned page: the OCR engine's mean confidence (0 to 1) in
    /// the words of the row's quote; `null` for text that was not OCR'd.
    #[serde(default)]
    pub ocr_confidence: Option<f32>,
    /// For a `treaty` rate row whose tier a `protocol` or `mli` row replaces (a point of the
    /// treaty's protocol, an MLI provision, or an amending protocol printed after the
    /// convention in the same document; same language version): the replacing row, as
    /// its `row_id` (`d:2:P5.2.a@174590`); the last instrument's where several
    /// replace the tier.
    /// Absent when nothing replaces the tier: the row's own value applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub superseded_by: Option<String>,
    /// With `superseded_by`: the rate that applies to the tier, the replacing row's `value`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "optional_decimal_number"
    )]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub effective_rate: Option<Decimal>,
    /// The typed conditions behind `condition`.
    pub conditions: Conditions,
    /// The row's identifier, unique in a run and the same in every run of the same input and
    /// rules: `<doc>:<treaty>:<article>.<paragraph>[.<subparagraph>]@<start>`, with `#2`,
    /// `#3`, ... after the second and later rows at the same place (a tier of royalties and of
    /// technical fees, alternative beneficiaries). `treaties.csv`'s `_row` columns and
    /// `superseded_by` name rows by it.
    #[serde(default)]
    pub row_id: String,
    /// The extraction rule that gave the row (`rate_tiers`, `exemptions`, `holdings`, ...:
    /// the rules of `treaty_extract::rules::registry`, each with its examples). In the JSON
    /// and `rates.jsonl`, not in `rates.csv`. Schema 2.2; empty in output read from earlier
    /// versions.
    #[serde(default)]
    pub rule: String,
}

/// Typed conditions of a row. Empty fields are omitted from JSON.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Conditions {
    /// Who must beneficially own the income: `company`, `company_not_partnership`,
    /// `individual`, `pension_fund`, `government`, `central_bank`, `bank`, `financial_institution`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beneficial_owner: Option<Owner>,
    /// Least holding in the paying company.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_holding: Option<Holding>,
    /// Holding below which the tier applies, for a tier with a range ("at least 10 per cent
    /// but less than 25 per cent of the capital").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_holding: Option<Holding>,
    /// How long the holding must last: `{"value": 365, "unit": "days"}` in the JSON,
    /// `365days` in the CSV's `condition`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holding_period: Option<Period>,
    /// Classes of income the row applies to (`copyright`, `patents`, `government_debt`, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub income: Vec<Income>,
    /// For rates that apply only when something happens after signature:
    /// `most_favoured_nation` (a State agrees a lower rate with a third State).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<Trigger>,
    /// For thresholds: what the number measures (`pe_construction`, `employment_days`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub measure: Option<Measure>,
}

/// A duration: a number of days, months or years, the number a plain decimal as printed.
/// Written `{"value": 365, "unit": "days"}` in the JSON and as one word (`365days`) in the
/// CSV's `condition`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Period {
    /// The number, a plain decimal (`365`, `1.5`).
    pub value: String,
    /// [`Unit::Days`], [`Unit::Months`] or [`Unit::Years`].
    pub unit: Unit,
}

impl Period {
    /// A period of `value` in `unit`, or `None` when `unit` is not a duration.
    pub fn new(value: &str, unit: &Unit) -> Option<Period> {
        unit.is_duration().then(|| Period {
            value: value.to_string(),
            unit: unit.clone(),
        })
    }

    /// Reads `365days`: digits and a point, then a duration unit's name.
    pub fn parse(text: &str) -> Option<Period> {
        let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.'))?;
        let (value, unit) = text.split_at(split);
        (!value.is_empty())
            .then(|| Period::new(value, &Unit::from_name(unit)))
            .flatten()
    }
}

impl std::fmt::Display for Period {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.value, self.unit.as_str())
    }
}

/// A period in JSON: `{"value": 365, "unit": "days"}`, the number a JSON number.
#[derive(Serialize, Deserialize)]
struct PeriodFields {
    #[serde(with = "number_text")]
    value: String,
    unit: String,
}

impl Serialize for Period {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PeriodFields {
            value: self.value.clone(),
            unit: self.unit.as_str().to_string(),
        }
        .serialize(serializer)
    }
}

/// What a reader may find for a period: the object of schema 2.0, or the word of 1.x.
#[derive(Deserialize)]
#[serde(untagged)]
enum PeriodForms {
    Fields(PeriodFields),
    Word(String),
}

impl<'de> Deserialize<'de> for Period {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let period = match PeriodForms::deserialize(deserializer)? {
            PeriodForms::Fields(fields) => {
                Period::new(&fields.value, &Unit::from_name(&fields.unit))
            }
            PeriodForms::Word(word) => Period::parse(&word),
        };
        // tidy: not language (an error message, with the dataset's unit names)
        period.ok_or_else(|| {
            serde::de::Error::custom("not a period: a number and a unit of days, months or years")
        })
    }
}

impl JsonSchema for Period {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        // tidy: not language (the schema's type name)
        "Period".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        // tidy: not language (the dataset's unit names)
        schemars::json_schema!({
            "type": "object",
            "description": "A number of days, months or years: `{\"value\": 365, \"unit\": \"days\"}`.",
            "properties": {
                "value": { "type": "number", "minimum": 0 },
                "unit": { "type": "string", "enum": ["days", "months", "years"] }
            },
            "required": ["value", "unit"],
            "additionalProperties": false
        })
    }
}

/// A minimum holding.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Holding {
    /// The percentage (`25`), a plain decimal as printed; a JSON number.
    #[serde(with = "number_text")]
    #[schemars(schema_with = "decimal_schema")]
    pub percent: String,
    /// What it is measured on: `capital`, `voting_power`, `value` or `shares`.
    pub basis: Basis,
}

impl Conditions {
    /// The flattened form used in CSV: keys in a fixed order.
    pub fn flatten(&self) -> String {
        let mut parts = Vec::new();
        if let Some(owner) = &self.beneficial_owner {
            parts.push(format!("beneficial_owner={owner}"));
        }
        if let Some(holding) = &self.min_holding {
            parts.push(format!("min_holding={}%{}", holding.percent, holding.basis));
        }
        if let Some(holding) = &self.max_holding {
            parts.push(format!("max_holding={}%{}", holding.percent, holding.basis));
        }
        if let Some(period) = &self.holding_period {
            parts.push(format!("holding_period={period}"));
        }
        if !self.income.is_empty() {
            let classes: Vec<&str> = self.income.iter().map(|c| c.as_str()).collect();
            parts.push(format!("income={}", classes.join("+")));
        }
        if let Some(trigger) = &self.trigger {
            parts.push(format!("trigger={trigger}"));
        }
        if let Some(measure) = &self.measure {
            parts.push(format!("measure={measure}"));
        }
        parts.join(";")
    }
}

/// One row of `articles.csv`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ArticleRow {
    /// Input file name without its extension.
    pub doc: String,
    /// 1, 2, ... in order of appearance.
    pub treaty: usize,
    /// Language of the version.
    #[schemars(schema_with = "lang_schema")]
    pub lang: Lang,
    /// Normalized number (`10`, `P1`), empty when it cannot be known.
    pub article: String,
    /// Title as printed.
    pub title: String,
    /// Canonical topic.
    #[serde(with = "topic_name")]
    #[schemars(schema_with = "topic_schema")]
    pub topic: Topic,
    /// True when number or boundary was inferred rather than read from a heading.
    pub inferred: bool,
    /// Number of paragraphs.
    pub paragraphs: usize,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
    /// The number as printed.
    pub printed: String,
}

/// The file a document's text was extracted from (a PDF).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ExtractedFrom {
    /// `pdf`.
    pub format: String,
    /// Size of the file in bytes.
    pub bytes: usize,
    /// SHA-256 of the file (hex).
    pub sha256: String,
    /// The extractor and its version (`pdftotext -layout (poppler 22.08.0)`).
    pub extractor: String,
    /// Pages of the file (form feeds separate them in the text).
    pub pages: u32,
    /// Where the extracted text is kept, relative to the output folder (`text/<doc>.txt`).
    pub text: String,
    /// Pages read by OCR (scanned pages without a text layer), when there were any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ocr: Option<OcrReport>,
    /// How each page was read, in page order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub page_readings: Vec<PageReading>,
}

/// How one page of a PDF was read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PageReading {
    /// The page (1-based).
    pub page: u32,
    /// `text_layer` (the PDF's own text, by the extractor of [`ExtractedFrom::extractor`]),
    /// `word_boxes` (a page in vertical lines whose item labels left their lines, read again
    /// from poppler's word boxes) or `ocr` (a scanned page).
    pub source: String,
    /// The letter spacing of an unspaced script (Japanese) that the layout put between
    /// characters and that was removed: `whole` (the page is set letter-spaced), `lines` (some
    /// lines, such as a spaced heading), `none`.
    pub letter_spacing: String,
    /// How many such spaces were removed.
    pub spaces_removed: usize,
    /// For an OCR'd page: the page's orientation, regions and models (`rotated 90°; region 1
    /// jpn_vert, region 2 eng`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ocr: Option<String>,
    /// For an OCR'd page: the mean confidence of its words (0 to 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confidence: Option<f32>,
}

/// The OCR of a PDF's scanned pages.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OcrReport {
    /// The engine and its version (`tesseract 5.3.0`).
    pub engine: String,
    /// The engine's languages (`por+eng`).
    pub languages: String,
    /// The pages read by OCR (1-based).
    pub pages: Vec<u32>,
    /// The mean confidence of the OCR's words (0 to 1).
    pub confidence: f32,
}

/// The per-document JSON: the full structure and everything extracted.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct DocumentReport {
    /// [`SCHEMA_VERSION`].
    pub schema_version: String,
    /// Input file name without its extension.
    pub doc: String,
    /// `complete`, or `incomplete` when a convention in it lacks a dividend, interest or
    /// royalty rate, or most of its articles (see `status_reasons`).
    #[serde(default)]
    pub status: String,
    /// Why the document is incomplete: one reason per missing piece, each naming its treaty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub status_reasons: Vec<String>,
    /// Size of the input in bytes.
    pub bytes: usize,
    /// SHA-256 of the input bytes (hex), used to skip unchanged documents on `--resume`.
    pub sha256: String,
    /// Detected encoding (`UTF-8`, `Shift_JIS`, ...).
    pub encoding: String,
    /// For a PDF input, the file the text was extracted from; `bytes`, `sha256` and every
    /// span then refer to the extracted text, kept as `text/<doc>.txt` beside the JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extracted_from: Option<ExtractedFrom>,
    /// How many times each normalization fix applied.
    pub normalization: Vec<FixCount>,
    /// Bytes of text per language.
    pub languages: Vec<LanguageBytes>,
    /// The treaties found.
    pub treaties: Vec<TreatyReport>,
    /// Extracted rows.
    pub rows: Vec<RateRow>,
    /// Warnings about the document (structure gaps, version disagreements).
    pub warnings: Vec<Warning>,
}

/// One normalization counter.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct FixCount {
    /// Name of the fix (`dehyphenation`, `page_furniture`, ...); a String because
    /// `treaty-normalize` names its fixes and their set grows with it.
    pub fix: String,
    /// How many times it applied.
    pub count: u64,
}

/// Bytes of text in one language.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LanguageBytes {
    /// The language's code (`pt`, `en`, `ja`).
    #[schemars(schema_with = "lang_schema")]
    pub lang: Lang,
    /// Normalized bytes attributed to it.
    pub bytes: usize,
}

/// A treaty in the document.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct TreatyReport {
    /// 1, 2, ...
    pub treaty: usize,
    /// Parties named by the text, as printed.
    pub parties: Vec<String>,
    /// The contracting states as ISO codes, in the order the text first names them.
    #[serde(default)]
    pub states: Vec<PartyReport>,
    /// The kind of instrument.
    #[serde(default = "default_instrument")]
    pub instrument: Instrument,
    /// The title as printed (whitespace folded), empty when none was found.
    #[serde(default)]
    pub title: String,
    /// Where and when the instrument was signed, where the text says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<SignatureReport>,
    /// For a protocol, the treaty it amends or accompanies, by the date that treaty was
    /// signed: the first date the protocol's title and preamble name that is not a protocol's
    /// ("Protocol amending the Convention ... signed at Washington on 6 November 2003"; in
    /// "the Protocol signed at ... on ... to the Convention signed at ... on ...", the second).
    /// `quote` is the date as printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amends: Option<ProvisionReport>,
    /// The clause that puts the treaty into force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_into_force: Option<ProvisionReport>,
    /// The clause from which the treaty has effect for taxes withheld at source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effective_withholding: Option<ProvisionReport>,
    /// Every clause saying from when the treaty has effect: for taxes withheld at source, for
    /// other taxes or for all, per party where the treaty gives each party its own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effective: Vec<EffectReport>,
    /// True when only part of the treaty is present.
    pub fragment: bool,
    /// One per language.
    pub versions: Vec<VersionReport>,
}

fn default_instrument() -> Instrument {
    Instrument::Convention
}

/// A contracting state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PartyReport {
    /// ISO 3166-1 alpha-2 code (for a former state, the code it had).
    pub alpha2: String,
    /// ISO 3166-1 alpha-3 code (for a former state, the code it had).
    pub alpha3: String,
    /// For a state that no longer exists, its ISO 3166-3 code (`CSHH`, `SUHH`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub former: Option<String>,
    /// The ISO English short name.
    pub name: String,
    /// The name as printed.
    pub printed: String,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
}

/// An instrument's signature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SignatureReport {
    /// The date, `YYYY-MM-DD`, where the text gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The place as printed, empty when none.
    pub place: String,
    /// The formula or statement, whitespace folded.
    pub quote: String,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
}

/// A clause on when the treaty enters into force or has effect: a date where it states
/// one, and always its text (the rule, as "the thirtieth day after ...").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ProvisionReport {
    /// The date, `YYYY-MM-DD`, where the clause states one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The clause, whitespace folded.
    pub quote: String,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
}

/// A clause saying from when the treaty has effect.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EffectReport {
    /// The taxes it is about.
    pub taxes: TaxesCovered,
    /// The party whose taxes it is about (ISO 3166-1 alpha-2), where the treaty gives each
    /// party its own clauses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party_alpha2: Option<String>,
    /// The same party's alpha-3 code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party_alpha3: Option<String>,
    /// The date, `YYYY-MM-DD`, where the clause states one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The clause, whitespace folded.
    pub quote: String,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
}

/// One language version of a treaty.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct VersionReport {
    /// The language's code (`pt`, `en`, `ja`).
    #[schemars(schema_with = "lang_schema")]
    pub lang: Lang,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
    /// Articles in order.
    pub articles: Vec<ArticleReport>,
    /// Protocol points (numbered `P1`, `P2`, ...).
    pub protocol: Vec<ArticleReport>,
    /// Provisions of the multilateral instrument printed in a consolidated text (numbered
    /// `MLI8`, ...), each with the treaty article it modifies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mli: Vec<ArticleReport>,
}

/// An article or protocol point.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ArticleReport {
    /// Normalized number.
    pub article: String,
    /// Number as printed.
    pub printed: String,
    /// Title as printed.
    pub title: String,
    /// Canonical topic.
    #[serde(with = "topic_name")]
    #[schemars(schema_with = "topic_schema")]
    pub topic: Topic,
    /// True when inferred.
    pub inferred: bool,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
    /// Paragraphs.
    pub paragraphs: Vec<ParagraphReport>,
    /// For a protocol point or an MLI provision, the treaty articles it modifies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub modifies: Vec<String>,
}

/// A paragraph.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ParagraphReport {
    /// Normalized number.
    pub paragraph: String,
    /// True when no number was printed.
    pub unnumbered: bool,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
    /// Subparagraph labels with their original byte offsets.
    pub subparagraphs: Vec<SubparagraphReport>,
}

/// A subparagraph.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SubparagraphReport {
    /// Label (`a`, `ii`).
    pub label: String,
    /// Byte offset in the original file.
    pub start: usize,
    /// Byte offset in the original file.
    pub end: usize,
}

/// A warning about a document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Warning {
    /// Machine-readable code; a String because every stage (segmentation, extraction,
    /// reconciliation, the CLI) adds codes of its own.
    pub code: String,
    /// Human-readable message.
    pub message: String,
    /// Byte offset in the original file, when the warning has a place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<usize>,
    /// Byte offset in the original file, when the warning has a place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<usize>,
}

/// The JSON Schema of the per-document JSON, as pretty JSON.
pub fn document_json_schema() -> String {
    serde_json::to_string_pretty(&schemars::schema_for!(DocumentReport)).unwrap_or_default()
}

/// The columns of `treaties.csv`: the fields of [`TreatyRow`]; a missing value is an empty cell.
// tidy: not language (the dataset's column names)
pub const TREATY_TABLE: [Column<TreatyRow>; 45] = [
    ("doc", |row| row.doc.clone()),
    ("treaty", |row| row.treaty.to_string()),
    ("instrument", |row| row.instrument.clone()),
    ("party1_alpha2", |row| text_cell(&row.party1_alpha2)),
    ("party1_alpha3", |row| text_cell(&row.party1_alpha3)),
    ("party1_printed", |row| text_cell(&row.party1_printed)),
    ("party2_alpha2", |row| text_cell(&row.party2_alpha2)),
    ("party2_alpha3", |row| text_cell(&row.party2_alpha3)),
    ("party2_printed", |row| text_cell(&row.party2_printed)),
    ("title", |row| text_cell(&row.title)),
    ("signed", |row| text_cell(&row.signed)),
    ("signed_place", |row| text_cell(&row.signed_place)),
    ("amends", |row| text_cell(&row.amends)),
    ("in_force", |row| text_cell(&row.in_force)),
    ("in_force_rule", |row| text_cell(&row.in_force_rule)),
    ("effective_withholding", |row| {
        text_cell(&row.effective_withholding)
    }),
    ("effective_other", |row| text_cell(&row.effective_other)),
    ("effective_clauses", |row| text_cell(&row.effective_clauses)),
    ("languages", |row| text_cell(&row.languages)),
    ("dividends_substantial_rate", |row| {
        number_cell(&row.dividends_substantial_rate)
    }),
    ("dividends_substantial_beneficial_owner", |row| {
        text_cell(&row.dividends_substantial_beneficial_owner)
    }),
    ("dividends_substantial_min_holding_pct", |row| {
        number_cell(&row.dividends_substantial_min_holding_pct)
    }),
    ("dividends_substantial_holding_basis", |row| {
        text_cell(&row.dividends_substantial_holding_basis)
    }),
    ("dividends_substantial_holding_period_value", |row| {
        number_cell(&row.dividends_substantial_holding_period_value)
    }),
    ("dividends_substantial_holding_period_unit", |row| {
        text_cell(&row.dividends_substantial_holding_period_unit)
    }),
    ("dividends_substantial_row", |row| {
        text_cell(&row.dividends_substantial_row)
    }),
    ("dividends_general_rate", |row| {
        number_cell(&row.dividends_general_rate)
    }),
    ("dividends_general_row", |row| {
        text_cell(&row.dividends_general_row)
    }),
    ("interest_general_rate", |row| {
        number_cell(&row.interest_general_rate)
    }),
    ("interest_general_row", |row| {
        text_cell(&row.interest_general_row)
    }),
    ("interest_exempt", |row| text_cell(&row.interest_exempt)),
    ("royalties_general_rate", |row| {
        number_cell(&row.royalties_general_rate)
    }),
    ("royalties_general_row", |row| {
        text_cell(&row.royalties_general_row)
    }),
    ("technical_fees_rate", |row| {
        number_cell(&row.technical_fees_rate)
    }),
    ("technical_fees_row", |row| {
        text_cell(&row.technical_fees_row)
    }),
    ("transitional_rates", |row| {
        text_cell(&row.transitional_rates)
    }),
    ("pe_construction_value", |row| {
        number_cell(&row.pe_construction_value)
    }),
    ("pe_construction_unit", |row| {
        text_cell(&row.pe_construction_unit)
    }),
    ("pe_construction_row", |row| {
        text_cell(&row.pe_construction_row)
    }),
    ("pe_services_value", |row| {
        number_cell(&row.pe_services_value)
    }),
    ("pe_services_unit", |row| text_cell(&row.pe_services_unit)),
    ("pe_services_row", |row| text_cell(&row.pe_services_row)),
    ("employment_days", |row| number_cell(&row.employment_days)),
    ("employment_days_row", |row| {
        text_cell(&row.employment_days_row)
    }),
    ("fragment", |row| row.fragment.to_string()),
];

/// Columns of `treaties.csv`, in order.
pub const TREATY_COLUMNS: [&str; 45] = names(&TREATY_TABLE);

fn text_cell(value: &Option<String>) -> String {
    value.clone().unwrap_or_default()
}

fn number_cell(value: &Option<Decimal>) -> String {
    value.as_ref().map_or_else(String::new, ToString::to_string)
}

/// One line of `treaties.csv` and `treaties.jsonl`: who, which instrument, since when, and
/// the headline numbers, typed: numbers are JSON numbers, what the treaty does not state is
/// `null` (an empty cell in the CSV), and each condition of a headline rate has a field of its
/// own. Each headline field has a `_row` field holding the `row_id` of the `rates.csv` row it
/// came from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TreatyRow {
    /// Input file name without its extension.
    pub doc: String,
    /// The treaty's index in the document.
    pub treaty: usize,
    /// `convention`, `protocol`, `exchange_of_notes`, `memorandum`, `consolidated` or
    /// `technical_explanation`.
    pub instrument: String,
    /// The first party's ISO 3166-1 alpha-2 code.
    pub party1_alpha2: Option<String>,
    /// The first party's ISO 3166-1 alpha-3 code.
    pub party1_alpha3: Option<String>,
    /// The first party's name as printed.
    pub party1_printed: Option<String>,
    /// The second party's ISO 3166-1 alpha-2 code.
    pub party2_alpha2: Option<String>,
    /// The second party's ISO 3166-1 alpha-3 code.
    pub party2_alpha3: Option<String>,
    /// The second party's name as printed.
    pub party2_printed: Option<String>,
    /// The title as printed.
    pub title: Option<String>,
    /// The date of signature, `YYYY-MM-DD`.
    pub signed: Option<String>,
    /// The place of signature as printed.
    pub signed_place: Option<String>,
    /// For a protocol, the date of signature of the treaty it amends or accompanies, as its
    /// preamble names it, `YYYY-MM-DD`.
    pub amends: Option<String>,
    /// The date of entry into force, `YYYY-MM-DD`, where the text states one.
    pub in_force: Option<String>,
    /// The clause that puts the treaty into force (the rule, where no date is stated).
    pub in_force_rule: Option<String>,
    /// The date from which it has effect for taxes withheld at source, where stated.
    pub effective_withholding: Option<String>,
    /// The date from which it has effect for other taxes, where stated.
    pub effective_other: Option<String>,
    /// The clauses saying from when it has effect, each as `TAXES[ PARTY]: clause`, joined
    /// by ` | ` (`withheld_at_source JPN: (i) with respect to taxes withheld at source ...`).
    pub effective_clauses: Option<String>,
    /// The language versions, by profile code, joined by `;`.
    pub languages: Option<String>,
    /// The dividend rate for a substantial holding (direct investment), in per cent: the
    /// lowest rate a shareholder obtains by its holding or as a company (a most-favoured-nation
    /// rate and rates for narrow beneficiaries such as pension funds aside); where the article
    /// has one rate for all dividends, that rate, and no holding.
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub dividends_substantial_rate: Option<Decimal>,
    /// Who must own the dividends for that rate (`company`), where the tier says.
    pub dividends_substantial_beneficial_owner: Option<String>,
    /// The least holding that rate requires, in per cent (`10`).
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub dividends_substantial_min_holding_pct: Option<Decimal>,
    /// What that holding is of: `capital`, `voting_power`, `value` or `shares`.
    pub dividends_substantial_holding_basis: Option<String>,
    /// How long that holding must last (`365`).
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub dividends_substantial_holding_period_value: Option<Decimal>,
    /// Its unit: `days`, `months` or `years`.
    pub dividends_substantial_holding_period_unit: Option<String>,
    /// The `row_id` of its row.
    pub dividends_substantial_row: Option<String>,
    /// The dividend rate in all other cases (portfolio), in per cent.
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub dividends_general_rate: Option<Decimal>,
    /// Its row.
    pub dividends_general_row: Option<String>,
    /// The general interest rate, in per cent.
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub interest_general_rate: Option<Decimal>,
    /// Its row.
    pub interest_general_row: Option<String>,
    /// Who or what interest is exempt for (rates of 0): beneficial owners and income classes,
    /// joined by `;` (`government;central_bank;bank`).
    pub interest_exempt: Option<String>,
    /// The general royalty rate, in per cent.
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub royalties_general_rate: Option<Decimal>,
    /// Its row.
    pub royalties_general_row: Option<String>,
    /// The rate on fees for technical services, in per cent.
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub technical_fees_rate: Option<Decimal>,
    /// Its row.
    pub technical_fees_row: Option<String>,
    /// Rates the treaty's final provisions (or a protocol's) set for a first period, which the
    /// headline rates above replace once it ends: `dividends 10 (row_id)`, joined by `; `, in
    /// text order; the quote of each row says the period.
    pub transitional_rates: Option<String>,
    /// How long a construction site must last to be a permanent establishment.
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub pe_construction_value: Option<Decimal>,
    /// Its unit (`months`, `days`).
    pub pe_construction_unit: Option<String>,
    /// Its row.
    pub pe_construction_row: Option<String>,
    /// How long services must be furnished to make a permanent establishment.
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub pe_services_value: Option<Decimal>,
    /// Its unit.
    pub pe_services_unit: Option<String>,
    /// Its row.
    pub pe_services_row: Option<String>,
    /// The days of presence of the employment article's 183-day test.
    #[serde(default, with = "optional_decimal_number")]
    #[schemars(schema_with = "optional_decimal_schema")]
    pub employment_days: Option<Decimal>,
    /// Its row.
    pub employment_days_row: Option<String>,
    /// True when the document holds only part of the treaty.
    pub fragment: bool,
}

impl TreatyRow {
    /// The CSV cells, in [`TREATY_COLUMNS`] order.
    pub fn cells(&self) -> [String; 45] {
        cells(&TREATY_TABLE, self)
    }
}

/// The JSON Schema of one `treaties.jsonl` line, as pretty JSON.
pub fn treaty_row_json_schema() -> String {
    serde_json::to_string_pretty(&schemars::schema_for!(TreatyRow)).unwrap_or_default()
}

/// The JSON Schema of one `rates.jsonl` line, as pretty JSON.
pub fn rate_row_json_schema() -> String {
    serde_json::to_string_pretty(&schemars::schema_for!(RateRow)).unwrap_or_default()
}

/// Hex SHA-256 of some bytes.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn treaty_columns_are_the_treaty_row_fields_in_order() {
        let row = TreatyRow::default();
        let json = serde_json::to_value(&row).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let mut sorted_columns = TREATY_COLUMNS.to_vec();
        sorted_columns.sort_unstable();
        let mut sorted_keys = keys.clone();
        sorted_keys.sort_unstable();
        assert_eq!(sorted_keys, sorted_columns);
        assert_eq!(row.cells().len(), TREATY_COLUMNS.len());
        let mut named = TreatyRow {
            party2_alpha3: Some("JPN".to_string()),
            employment_days_row: Some("d:1:15.2@9".to_string()),
            ..TreatyRow::default()
        };
        named.fragment = true;
        let cells = named.cells();
        let at = |column: &str| TREATY_COLUMNS.iter().position(|c| *c == column).unwrap();
        assert_eq!(cells[at("party2_alpha3")], "JPN");
        assert_eq!(cells[at("employment_days_row")], "d:1:15.2@9");
        assert_eq!(cells[at("fragment")], "true");
    }

    /// A CSV column holds what the JSON of the same row says under the same name: the
    /// tables are the only definition of the columns, and they agree with the rows' fields.
    #[test]
    fn csv_cells_are_the_json_fields_of_the_same_name() {
        let article = ArticleRow {
            doc: "d".into(),
            treaty: 2,
            lang: Lang::En,
            article: "P3".into(),
            title: "Dividends, \"gross\"".into(),
            topic: Topic::Dividends,
            inferred: true,
            paragraphs: 4,
            start: 10,
            end: 99,
            printed: "III".into(),
        };
        let json = serde_json::to_value(&article).unwrap();
        for (column, cell) in ARTICLE_COLUMNS.iter().zip(cells(&ARTICLE_TABLE, &article)) {
            let field = &json[*column];
            let text = field
                .as_str()
                .map_or_else(|| field.to_string(), str::to_string);
            assert_eq!(cell, text, "articles.csv column {column}");
        }
        assert_eq!(ARTICLE_COLUMNS.len(), json.as_object().unwrap().len());
        let mut sorted = RATE_COLUMNS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), RATE_COLUMNS.len(), "a rates.csv column twice");
        assert_eq!(&RATE_COLUMNS[..3], ["doc", "lang", "topic"]);
    }

    #[test]
    fn vocabularies_serialize_as_their_dataset_names() {
        for measure in Measure::ALL {
            let json = serde_json::to_string(measure).unwrap();
            assert_eq!(json, format!("\"{}\"", measure.as_str()));
            assert_eq!(serde_json::from_str::<Measure>(&json).unwrap(), *measure);
        }
        assert_eq!(
            Owner::CompanyNotPartnership.to_string(),
            "company_not_partnership"
        );
        assert_eq!(Income::KnowHow.as_str(), "know_how");
        for unit in ["percent", "days", "USD", "francs"] {
            let mut json = serde_json::Serializer::new(Vec::new());
            let parsed = unit_name::deserialize(&mut serde_json::Deserializer::from_str(&format!(
                "\"{unit}\""
            )))
            .unwrap();
            unit_name::serialize(&parsed, &mut json).unwrap();
            assert_eq!(
                String::from_utf8(json.into_inner()).unwrap(),
                format!("\"{unit}\"")
            );
        }
        assert_eq!(Unit::from_name("DKK"), Unit::Currency("DKK".into()));
        assert_eq!(Unit::from_name("kroner"), Unit::Printed("kroner".into()));
    }

    #[test]
    fn a_row_round_trips_and_its_schema_lists_the_allowed_values() {
        let row = ArticleRow {
            doc: "d".into(),
            treaty: 1,
            lang: Lang::Ja,
            article: "10".into(),
            title: String::new(),
            topic: Topic::ShippingAirTransport,
            inferred: false,
            paragraphs: 2,
            start: 0,
            end: 1,
            printed: "10".into(),
        };
        let json = serde_json::to_string(&row).unwrap();
        assert!(
            json.contains(r#""lang":"ja""#) && json.contains(r#""topic":"shipping_air_transport""#)
        );
        assert_eq!(serde_json::from_str::<ArticleRow>(&json).unwrap(), row);
        let schema = rate_row_json_schema();
        for value in [
            r#""ja""#,
            r#""other_income""#,
            r#""most_favoured_nation""#,
            r#""voting_power""#,
            r#""unmatched""#,
        ] {
            assert!(schema.contains(value), "{value} missing from the schema");
        }
    }
}
