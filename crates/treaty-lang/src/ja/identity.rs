//! Japanese: see [`crate::IdentityWords`].

use crate::identity::{IdentityWords, InstrumentKind, InstrumentWords};

pub(super) const IDENTITY: IdentityWords = IdentityWords {
    instruments: &[
        InstrumentWords {
            kind: InstrumentKind::TechnicalExplanation,
            words: &["技術的説明"],
        },
        InstrumentWords {
            kind: InstrumentKind::Consolidated,
            words: &["統合条文", "統合し、条文の形式で表示"],
        },
        InstrumentWords {
            kind: InstrumentKind::Memorandum,
            words: &["了解覚書"],
        },
        InstrumentWords {
            kind: InstrumentKind::ExchangeOfNotes,
            words: &["交換公文", "書簡の交換"],
        },
        InstrumentWords {
            kind: InstrumentKind::Protocol,
            words: &["議定書"],
        },
        InstrumentWords {
            kind: InstrumentKind::Convention,
            words: &["条約", "協定", "取決め"],
        },
    ],
    date_patterns: &[r"(?:{E}\s*)?{Y}\s*年\s*{M}\s*月\s*{D}\s*日"],
    ordinals: &[],
    eras: &[
        ("明治", 1867),
        ("大正", 1911),
        ("昭和", 1925),
        ("平成", 1988),
        ("令和", 2018),
    ],
    era_first_year: "元",
    signature: &[],
    // 2008年1月31日にキャンベラで、英語により本書二通を作成した; 平成二十九年十月十一日に東京で
    // ... 作成した (the same sentence must make the copies: `…日に東京で署名された条約` is another
    // instrument's)
    signature_after_date: r"^\s*に\s*(?P<place>[^、。\s\d]{1,20}?)\s*で[^。]{0,80}?作成した",
    signed_statement: &[r"^\s*に\s*(?:(?P<place>[^、。\s\d]{1,20}?)\s*で\s*)?署名された"],
    date_before_verb: true,
    entry_into_force: &["効力を生ずる", "効力を生じ"],
    entered_into_force: &[],
    amendment_notes: &[],
    withheld_at_source: &["源泉徴収"],
    not_withheld_at_source: &["源泉徴収されない", "源泉徴収によらない", "その他の租税"],
    has_effect: &["適用する"],
    on_behalf_of: &[],
    // `条約を改正する議定書` (a protocol amending the convention), `協定に関する交換公文`
    // (an exchange of notes concerning the agreement).
    amended_object: &["を改正する", "の一部を改正する", "を修正する", "に関する"],
    amended_object_before: &[],
    title_openings: &[
        "所得に対する",
        "所得及び",
        "所得についての",
        "租税に関する情報",
    ],
    before_names: &[],
    instrument_last: true,
};
