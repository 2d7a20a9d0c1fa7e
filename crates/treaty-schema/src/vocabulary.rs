//! The closed vocabularies of the dataset contract, and the serde and JSON Schema of the
//! `lang` and `topic` fields.

// tidy: file is not language (the dataset contract's codes, the same in every language)

use std::fmt;

use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::{Deserialize, Serialize};
use treaty_lang::Lang;
use treaty_segment::Topic;

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
    /// How the row compares with the treaty's other language versions, or that it is former
    /// wording.
    Status {
        /// The other language version has the same row.
        Agreed => "agreed",
        /// The other language version has no such row.
        Unmatched => "unmatched",
        /// The treaty is in one language in this document.
        Single => "single",
        /// Former wording that an amendment quotes to replace or delete it ("the words “20 per
        /// cent” shall be replaced by “15 per cent”"): history, not a rate or threshold of the
        /// treaty; `superseded_by` names the row of the words that replace it, if any.
        Superseded => "superseded",
    }
}

vocabulary! {
    /// The kind of instrument a treaty is.
    Instrument {
        /// A convention or agreement.
        Convention => "convention",
        /// A protocol that is an instrument of its own (an amending protocol).
        Protocol => "protocol",
        /// Notes or letters exchanged as an instrument of their own.
        ExchangeOfNotes => "exchange_of_notes",
        /// A memorandum of understanding.
        Memorandum => "memorandum",
        /// A text showing a convention as modified by later instruments (the MLI, protocols).
        Consolidated => "consolidated",
        /// A document that explains a treaty rather than being one.
        TechnicalExplanation => "technical_explanation",
    }
}

vocabulary! {
    /// The taxes a clause of effect is about.
    TaxesCovered {
        /// Taxes withheld at source.
        WithheldAtSource => "withheld_at_source",
        /// The taxes other than those withheld at source.
        Other => "other",
        /// Every tax the treaty covers: the clause makes no difference.
        All => "all",
    }
}

impl From<treaty_lang::InstrumentKind> for Instrument {
    fn from(kind: treaty_lang::InstrumentKind) -> Self {
        use treaty_lang::InstrumentKind as K;
        match kind {
            K::Convention => Instrument::Convention,
            K::Protocol => Instrument::Protocol,
            K::ExchangeOfNotes => Instrument::ExchangeOfNotes,
            K::Memorandum => Instrument::Memorandum,
            K::Consolidated => Instrument::Consolidated,
            K::TechnicalExplanation => Instrument::TechnicalExplanation,
        }
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
        /// Dividends, named by a clause of another article that caps their rate.
        Dividends => "dividends",
        /// Interest, named by a clause of another article that caps its rate.
        Interest => "interest",
        /// Royalties, named by a clause of another article that caps their rate.
        Royalties => "royalties",
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
        /// The window a permanent establishment's duration is counted in ("more than 6
        /// months in any twelve-month period": the 12 months).
        PePeriod => "pe_period",
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
        /// A time limit (mutual agreement, adjustments, answers to requests for information).
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

/// Serde for a row's [`Unit`] as its dataset name (`treaty-numbers` has no serde).
pub(super) mod unit_name {
    use std::borrow::Cow;

    use serde::{Deserialize, Deserializer, Serializer};
    use treaty_numbers::Unit;

    pub fn serialize<S: Serializer>(unit: &Unit, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(unit.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Unit, D::Error> {
        let name = <Cow<'de, str>>::deserialize(deserializer)?;
        Ok(Unit::from_name(&name))
    }
}

/// Serde of a plain decimal as a JSON number: an integer as an integer (`15`), any other as
/// the shortest double that reads back as it (`7.5`). A plain decimal has at most 15
/// significant digits, which a double holds exactly, so no reader loses a digit. Reading takes
/// a number or, as schema 1.x wrote it, a string.
pub(super) mod decimal_number {
    use serde::{de::Error, Deserializer, Serializer};
    use treaty_numbers::Decimal;

    pub fn serialize<S: Serializer>(value: &Decimal, serializer: S) -> Result<S::Ok, S::Error> {
        crate::vocabulary::number_text::serialize(value.as_str(), serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Decimal, D::Error> {
        let text: String = crate::vocabulary::number_text::deserialize(deserializer)?;
        text.parse().map_err(D::Error::custom)
    }
}

/// [`decimal_number`] for an optional value (`null` when absent).
pub(super) mod optional_decimal_number {
    use serde::{de::Error, Deserialize, Deserializer, Serializer};
    use treaty_numbers::Decimal;

    pub fn serialize<S: Serializer>(
        value: &Option<Decimal>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(value) => crate::vocabulary::number_text::serialize(value.as_str(), serializer),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Decimal>, D::Error> {
        let value =
            <Option<crate::vocabulary::number_text::NumberOrText>>::deserialize(deserializer)?;
        value
            .map(|value| value.into_text().parse().map_err(D::Error::custom))
            .transpose()
    }
}

/// A plain decimal held as text (a holding's percentage, a period's number) written as a JSON
/// number, as [`decimal_number`] writes a [`treaty_numbers::Decimal`].
pub(super) mod number_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &str, serializer: S) -> Result<S::Ok, S::Error> {
        if let Ok(integer) = value.parse::<u64>() {
            return serializer.serialize_u64(integer);
        }
        match value.parse::<f64>() {
            Ok(float) if float.is_finite() => serializer.serialize_f64(float),
            _ => serializer.serialize_str(value),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        Ok(NumberOrText::deserialize(deserializer)?.into_text())
    }

    /// What a reader may find where a number is written.
    #[derive(Deserialize)]
    #[serde(untagged)]
    pub enum NumberOrText {
        Integer(u64),
        Float(f64),
        Text(String),
    }

    impl NumberOrText {
        /// The number as plain decimal text (`7.5`; Rust writes a double without an exponent).
        pub fn into_text(self) -> String {
            match self {
                NumberOrText::Integer(integer) => integer.to_string(),
                NumberOrText::Float(float) => float.to_string(),
                NumberOrText::Text(text) => text,
            }
        }
    }
}

/// The schema of a `value` field.
pub(super) fn decimal_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "A plain decimal as a JSON number (`15`, `7.5`): never negative, at most 15 significant digits, so a double holds it exactly.",
        "type": "number",
        "minimum": 0
    })
}

/// The schema of an optional plain decimal.
pub(super) fn optional_decimal_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "A plain decimal as a JSON number, or null.",
        "type": ["number", "null"],
        "minimum": 0
    })
}

/// The schema of a `unit` field.
pub(super) fn unit_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "The unit of the value: a duration or percent, an ISO 4217 code, or a currency word as printed when the treaty's parties do not decide which currency it is.",
        "anyOf": [
            { "type": "string", "enum": ["percent", "days", "months", "years"] },
            { "type": "string", "pattern": "^[A-Z]{3}$" },
            { "type": "string", "description": "a currency word as printed" }
        ]
    })
}

/// The schema of a `lang` field: the code of an installed profile.
pub(super) fn lang_schema(_: &mut SchemaGenerator) -> Schema {
    let codes: Vec<&str> = Lang::all().map(Lang::as_str).collect();
    json_schema!({ "type": "string", "enum": codes })
}

/// The schema of a `topic` field: a canonical topic's snake_case name.
pub(super) fn topic_schema(_: &mut SchemaGenerator) -> Schema {
    let names: Vec<&str> = Topic::ALL.iter().map(|t| t.as_str()).collect();
    json_schema!({ "type": "string", "enum": names })
}

/// Serde for [`Topic`] as its snake_case name (`treaty-segment` has no serde).
pub(super) mod topic_name {
    use std::borrow::Cow;

    use serde::{Deserialize, Deserializer, Serializer};
    use treaty_segment::Topic;

    pub fn serialize<S: Serializer>(topic: &Topic, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(topic.as_str())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Topic, D::Error> {
        let name = <Cow<'de, str>>::deserialize(deserializer)?;
        Topic::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown topic `{name}`")))
    }
}
