//! Japanese: see [`crate::Names`].

use crate::{CurrencyFamily, CurrencyParty, Names};

pub(super) const NAMES: Names = Names {
    currency_parties: &[
        CurrencyParty {
            name_word: "デンマーク",
            code: "DKK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "ノルウェー",
            code: "NOK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "スウェーデン",
            code: "SEK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "アイスランド",
            code: "ISK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "チェコ",
            code: "CZK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "スイス",
            code: "CHF",
            family: "franc",
        },
        CurrencyParty {
            name_word: "アメリカ合衆国",
            code: "USD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "カナダ",
            code: "CAD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "オーストラリア",
            code: "AUD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "ニュージーランド",
            code: "NZD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "シンガポール",
            code: "SGD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "香港",
            code: "HKD",
            family: "dollar",
        },
    ],
    currency_families: &[
        CurrencyFamily {
            family: "krone",
            words: &["クローネ", "クローナ"],
            qualifiers: &["デンマーク", "ノルウェー", "スウェーデン"],
            symbol: "",
            default_code: "",
        },
        CurrencyFamily {
            family: "franc",
            words: &["フラン"],
            qualifiers: &["スイス"],
            symbol: "",
            default_code: "",
        },
        CurrencyFamily {
            family: "dollar",
            words: &["ドル"],
            qualifiers: &[
                "合衆国",
                "米ドル",
                "カナダ",
                "オーストラリア",
                "ニュージーランド",
                "シンガポール",
                "香港",
            ],
            symbol: "$",
            default_code: "USD",
        },
    ],
};
