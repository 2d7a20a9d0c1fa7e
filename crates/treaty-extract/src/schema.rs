//! The dataset schema: every type other tools read, in one versioned module.
//!
//! Changing a field's name, type or meaning is a breaking change: bump [`SCHEMA_VERSION`]
//! and say so in the README. Adding an optional field is not.
//!
//! `rates.csv` columns are [`RATE_COLUMNS`]: the eleven of the dataset contract first, in
//! their fixed order, then extra columns. `articles.csv` columns are [`ARTICLE_COLUMNS`].

use std::borrow::Cow;
use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use treaty_lang::Lang;
use treaty_segment::Topic;

/// Version of the dataset schema written into every per-document JSON.
pub const SCHEMA_VERSION: &str = "1.0";

/// Columns of `rates.csv`, in order.
pub const RATE_COLUMNS: [&str; 18] = [
    "doc",
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
    "treaty",
    "start",
    "end",
    "confidence",
    "status",
    "source",
    "modifies",
];

/// Columns of `articles.csv`, in order.
pub const ARTICLE_COLUMNS: [&str; 11] = [
    "doc",
    "treaty",
    "lang",
    "article",
    "title",
    "topic",
    "inferred",
    "paragraphs",
    "start",
    "end",
    "printed",
];

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
    /// Plain decimal number (`4000`, `7.5`).
    pub value: String,
    /// `percent`, `days`, `months`, `years` or an ISO 4217 code.
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
    /// For `protocol` and `mli` rows, the treaty article the point or provision modifies
    /// (`10`), where the text names one; empty for `treaty` rows.
    pub modifies: String,
    /// The typed conditions behind `condition`.
    pub conditions: Conditions,
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
    /// How long the holding must last (`365days`): the number as printed in plain decimals,
    /// glued to a duration unit. A String because the number is open; the unit part is one of
    /// [`Unit`]'s durations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holding_period: Option<String>,
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

/// A minimum holding.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Holding {
    /// The percentage (`25`), a plain decimal as printed.
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

/// The per-document JSON: the full structure and everything extracted.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct DocumentReport {
    /// [`SCHEMA_VERSION`].
    pub schema_version: String,
    /// Input file name without its extension.
    pub doc: String,
    /// Size of the input in bytes.
    pub bytes: usize,
    /// SHA-256 of the input bytes (hex), used to skip unchanged documents on `--resume`.
    pub sha256: String,
    /// Detected encoding (`UTF-8`, `Shift_JIS`, ...).
    pub encoding: String,
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
    /// Parties named by the text.
    pub parties: Vec<String>,
    /// True when only part of the treaty is present.
    pub fragment: bool,
    /// One per language.
    pub versions: Vec<VersionReport>,
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
    /// For a protocol point or an MLI provision, the treaty article it modifies.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub modifies: String,
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

/// A closed vocabulary of the dataset contract: a unit-only enum written as fixed snake_case
/// names, with `ALL`, `as_str` and `Display` (the CSV and `condition` forms).
macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
            JsonSchema,
        )]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The name written in the datasets.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

vocabulary! {
    /// What a row records.
    Kind {
        /// A cap on the tax rate (a percentage; 0 for an exemption).
        Rate => "rate",
        /// Any other number a rule depends on (a holding, a period, an amount).
        Threshold => "threshold",
    }
}

vocabulary! {
    /// How the row compares with the treaty's other language versions.
    Status {
        /// The other language version has the same row.
        Agreed => "agreed",
        /// The other language version has no such row.
        Unmatched => "unmatched",
        /// The treaty is in one language in this document.
        Single => "single",
    }
}

vocabulary! {
    /// The layer of the text a row comes from.
    Source {
        /// The treaty's own article.
        Treaty => "treaty",
        /// A point of its protocol.
        Protocol => "protocol",
        /// A provision of the multilateral instrument shown in a consolidated text.
        Mli => "mli",
    }
}

vocabulary! {
    /// Who must beneficially own (or receive) the income for a tier to apply.
    Owner {
        /// A company.
        Company => "company",
        /// A company other than a partnership.
        CompanyNotPartnership => "company_not_partnership",
        /// An individual.
        Individual => "individual",
        /// A pension fund or scheme.
        PensionFund => "pension_fund",
        /// A State, its government, political subdivisions or local authorities.
        Government => "government",
        /// A central bank.
        CentralBank => "central_bank",
        /// A bank.
        Bank => "bank",
        /// A financial institution.
        FinancialInstitution => "financial_institution",
    }
}

vocabulary! {
    /// What a holding percentage is measured on.
    Basis {
        /// The capital of the paying company.
        Capital => "capital",
        /// Its voting power (voting shares).
        VotingPower => "voting_power",
        /// The value of its shares.
        Value => "value",
        /// Its shares, with no more said.
        Shares => "shares",
    }
}

vocabulary! {
    /// A class of income a rate is limited to.
    Income {
        /// Copyright of literary, artistic or scientific work.
        Copyright => "copyright",
        /// Cinematograph films, tapes for radio or television.
        Films => "films",
        /// Computer software.
        Software => "software",
        /// Patents.
        Patents => "patents",
        /// Trade marks.
        Trademarks => "trademarks",
        /// Use of industrial, commercial or scientific equipment.
        Equipment => "equipment",
        /// Information concerning industrial, commercial or scientific experience.
        KnowHow => "know_how",
        /// Technical assistance or services.
        TechnicalServices => "technical_services",
        /// Interest on government debt, or paid by or to a government.
        GovernmentDebt => "government_debt",
        /// Interest on a loan granted by a bank.
        BankLoan => "bank_loan",
        /// Interest on a sale on credit.
        SaleOnCredit => "sale_on_credit",
        /// Interest that depends on the debtor's receipts, profits or the like.
        ContingentInterest => "contingent_interest",
        /// Interest on a loan made, guaranteed or insured by an export agency.
        ExportCredit => "export_credit",
        /// Debt a State guarantees or insures.
        GovernmentGuaranteed => "government_guaranteed",
        /// Debt a State finances indirectly.
        IndirectFinancing => "indirect_financing",
        /// Penalties for late payment.
        LatePaymentPenalty => "late_payment_penalty",
        /// The profits of a permanent establishment (a branch profits tax).
        BranchProfits => "branch_profits",
    }
}

vocabulary! {
    /// What must happen after signature for a rate to apply.
    Trigger {
        /// A State agrees a lower rate with a third State.
        MostFavouredNation => "most_favoured_nation",
    }
}

vocabulary! {
    /// What a threshold measures.
    Measure {
        /// How long a building site or construction project lasts before it is a permanent
        /// establishment.
        PeConstruction => "pe_construction",
        /// How long services are furnished before they are a permanent establishment.
        PeServices => "pe_services",
        /// Another number of the permanent-establishment article.
        PeOther => "pe_other",
        /// Days of presence of an employee (the 183-day rule).
        EmploymentDays => "employment_days",
        /// The period over which those days are counted.
        EmploymentPeriod => "employment_period",
        /// The share of a company's value that immovable property makes up (land-rich shares).
        LandRichShare => "land_rich_share",
        /// How far back the land-rich test looks.
        LandRichLookback => "land_rich_lookback",
        /// How long a teacher or researcher may stay.
        TeacherStay => "teacher_stay",
        /// An amount a student may earn.
        StudentAmount => "student_amount",
        /// How long a student may stay.
        StudentStay => "student_stay",
        /// The least holding for a rate tier.
        MinHolding => "min_holding",
        /// The holding below which a rate tier applies.
        MaxHolding => "max_holding",
        /// How long a holding must last.
        HoldingPeriod => "holding_period",
        /// A time limit (mutual agreement, adjustments).
        TimeLimit => "time_limit",
        /// When the treaty enters into force.
        EntryIntoForce => "entry_into_force",
        /// The earliest year the treaty may be terminated.
        EarliestTermination => "earliest_termination",
        /// The notice a termination needs.
        NoticePeriod => "notice_period",
        /// A rate stated as a share of another rate that could not be found.
        RelativeRate => "relative_rate",
        /// Any other threshold.
        Other => "other",
    }
}

/// The unit of a row's value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Unit {
    /// `percent`.
    Percent,
    /// `days`.
    Days,
    /// `months`.
    Months,
    /// `years`.
    Years,
    /// An amount of money, by its ISO 4217 code (`USD`).
    Currency(String),
    /// A currency word as printed (`francs`), when neither the text nor the treaty's parties
    /// say which currency it is; open, since it is the source's word.
    Printed(String),
}

impl Unit {
    /// The name written in the datasets: `percent`, `days`, `months`, `years`, a code, or the
    /// printed word.
    pub fn as_str(&self) -> &str {
        match self {
            Unit::Percent => "percent",
            Unit::Days => "days",
            Unit::Months => "months",
            Unit::Years => "years",
            Unit::Currency(text) | Unit::Printed(text) => text,
        }
    }

    /// Reads a dataset name: a known unit, three capitals as a currency code, else a word as
    /// printed.
    pub fn from_name(name: &str) -> Unit {
        match name {
            "percent" => Unit::Percent,
            "days" => Unit::Days,
            "months" => Unit::Months,
            "years" => Unit::Years,
            code if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) => {
                Unit::Currency(code.to_string())
            }
            word => Unit::Printed(word.to_string()),
        }
    }

    /// Whether this unit measures time.
    pub fn is_duration(&self) -> bool {
        matches!(self, Unit::Days | Unit::Months | Unit::Years)
    }
}

impl From<&treaty_numbers::Unit> for Unit {
    fn from(unit: &treaty_numbers::Unit) -> Unit {
        match unit {
            treaty_numbers::Unit::Percent => Unit::Percent,
            treaty_numbers::Unit::Days => Unit::Days,
            treaty_numbers::Unit::Months => Unit::Months,
            treaty_numbers::Unit::Years => Unit::Years,
            treaty_numbers::Unit::Currency(code) => Unit::Currency(code.clone()),
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Unit {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Unit {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = <Cow<'de, str>>::deserialize(deserializer)?;
        Ok(Unit::from_name(&name))
    }
}

impl JsonSchema for Unit {
    fn schema_name() -> Cow<'static, str> {
        "Unit".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The unit of the value: a duration or percent, an ISO 4217 code, or a currency word as printed when the treaty's parties do not decide which currency it is.",
            "anyOf": [
                { "type": "string", "enum": ["percent", "days", "months", "years"] },
                { "type": "string", "pattern": "^[A-Z]{3}$" },
                { "type": "string", "description": "a currency word as printed" }
            ]
        })
    }
}

/// The schema of a `lang` field: the code of an installed profile.
fn lang_schema(_: &mut SchemaGenerator) -> Schema {
    let codes: Vec<&str> = Lang::all().map(Lang::as_str).collect();
    json_schema!({ "type": "string", "enum": codes })
}

/// The schema of a `topic` field: a canonical topic's snake_case name.
fn topic_schema(_: &mut SchemaGenerator) -> Schema {
    let names: Vec<&str> = Topic::ALL.iter().map(|t| t.as_str()).collect();
    json_schema!({ "type": "string", "enum": names })
}

/// Serde for [`Topic`] as its snake_case name (`treaty-segment` has no serde).
mod topic_name {
    use std::borrow::Cow;

    use serde::{Deserialize, Deserializer, Serializer};
    use treaty_segment::Topic;

    pub(super) fn serialize<S: Serializer>(
        topic: &Topic,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(topic.as_str())
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Topic, D::Error> {
        let name = <Cow<'de, str>>::deserialize(deserializer)?;
        Topic::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown topic `{name}`")))
    }
}

/// The JSON Schema of the per-document JSON, as pretty JSON.
pub fn document_json_schema() -> String {
    serde_json::to_string_pretty(&schemars::schema_for!(DocumentReport)).unwrap_or_default()
}

/// The JSON Schema of one `rates.jsonl` line, as pretty JSON.
pub fn rate_row_json_schema() -> String {
    serde_json::to_string_pretty(&schemars::schema_for!(RateRow)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let parsed: Unit = serde_json::from_str(&format!("\"{unit}\"")).unwrap();
            assert_eq!(
                serde_json::to_string(&parsed).unwrap(),
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
