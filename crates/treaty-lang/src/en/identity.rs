//! English: see [`crate::IdentityWords`].

use crate::identity::{IdentityWords, InstrumentKind, InstrumentWords};

pub(super) const IDENTITY: IdentityWords = IdentityWords {
    instruments: &[
        InstrumentWords {
            kind: InstrumentKind::TechnicalExplanation,
            words: &["technical explanation"],
        },
        InstrumentWords {
            kind: InstrumentKind::Consolidated,
            words: &["synthesised text", "synthesized text", "consolidated text"],
        },
        InstrumentWords {
            kind: InstrumentKind::Memorandum,
            words: &["memorandum of understanding"],
        },
        InstrumentWords {
            kind: InstrumentKind::ExchangeOfNotes,
            words: &["exchange of notes", "exchange of letters"],
        },
        InstrumentWords {
            kind: InstrumentKind::Protocol,
            words: &["protocol"],
        },
        InstrumentWords {
            kind: InstrumentKind::Convention,
            words: &["convention", "agreement"],
        },
    ],
    date_patterns: &[
        // this 19th day of June 1997; the twenty-sixth day of September, 1980. An ordinal's
        // suffix may be printed apart (`3 rd`) or, raised, come out of OCR as a mark (`22"`).
        r#"(?i){D}(?:-?\s?(?:st|nd|rd|th)\b|["'’”°])?\s+day\s+of\s+{M},?\s+(?:in\s+the\s+year\s+)?{Y}"#,
        // 19 June 1997; 5th of May 2010
        r#"(?i)\b{D}(?:-?\s?(?:st|nd|rd|th)\b|["'’”°])?(?:\s+of)?\s+{M},?\s+{Y}"#,
        // September 26, 1980; July 9,1972
        r#"(?i){M}\s+{D}(?:-?\s?(?:st|nd|rd|th)\b|["'’”°])?(?:,\s*|\s+){Y}"#,
    ],
    ordinals: &[
        ("first", 1),
        ("second", 2),
        ("third", 3),
        ("fourth", 4),
        ("fifth", 5),
        ("sixth", 6),
        ("seventh", 7),
        ("eighth", 8),
        ("ninth", 9),
        ("tenth", 10),
        ("eleventh", 11),
        ("twelfth", 12),
        ("thirteenth", 13),
        ("fourteenth", 14),
        ("fifteenth", 15),
        ("sixteenth", 16),
        ("seventeenth", 17),
        ("eighteenth", 18),
        ("nineteenth", 19),
        ("twentieth", 20),
        ("thirtieth", 30),
    ],
    eras: &[],
    era_first_year: "",
    signature: &[
        // DONE at Washington in duplicate, ...; Done, in duplicate at Tokyo this ...; Done in two
        // copies at Ottawa this ...; Signed in duplicate at New Delhi this ... (a title's bare
        // `signed at` is a statement, not a closing)
        r"(?i)\b(?:(?:done|executed)\b\s*,?(?:\s+in\s+(?:duplicate|triplicate|two\s+copies|\w+\s+originals?)\s*,?)?|signed\s*,?\s+in\s+(?:duplicate|triplicate|two\s+copies|\w+\s+originals?)\s*,?)\s+at\s+(?P<place>[^\s,;0-9][^,;\n0-9]{0,40}?)\s*(?:,|\bin\s+(?:duplicate|triplicate|the)\b|\bthis\b|\bon\b|\bthe\s+\d|\bthe\s+\w+\s+day\b|\d)",
    ],
    signature_after_date: "",
    signed_statement: &[
        // signed at Washington on September 26, 1980; signed in Beijing on April 30, 1984
        r"(?i)\bsigned\s+(?:(?:at|in)\s+(?P<place>[^\s,;0-9][^,;\n0-9]{0,40}?)\s*,?\s+)?(?:on|this)\s+(?:the\s+)?",
    ],
    date_before_verb: false,
    entry_into_force: &["shall enter into force", "shall come into force"],
    entered_into_force: &[
        "entered into force on",
        "entered into force",
        "entry into force:",
    ],
    amendment_notes: &[],
    withheld_at_source: &[
        "withheld at source",
        "withholding tax",
        "taxes withheld",
        "tax withheld",
        "deducted at source",
    ],
    not_withheld_at_source: &["other taxes", "not withheld", "taxes other than"],
    has_effect: &[
        "shall have effect",
        "shall take effect",
        "shall be effective",
        "shall become effective",
    ],
    on_behalf_of: &["in respect of", "on behalf of"],
    amended_object: &[],
    amended_object_before: &[
        "amending the",
        "to amend the",
        "modifying the",
        "to modify the",
        "amending",
        "supplementing the",
        "to the",
    ],
    title_openings: &[],
    before_names: &["the government of the", "the government of", "the"],
    instrument_last: false,
};
