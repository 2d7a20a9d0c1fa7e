//! English: see [`crate::Names`].

use crate::{CurrencyFamily, CurrencyParty, Names};

pub(super) const NAMES: Names = Names {
    currency_parties: &[
        CurrencyParty {
            name_word: "denmark",
            code: "DKK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "norway",
            code: "NOK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "sweden",
            code: "SEK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "iceland",
            code: "ISK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "czech",
            code: "CZK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "switzerland",
            code: "CHF",
            family: "franc",
        },
        CurrencyParty {
            name_word: "united states",
            code: "USD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "canada",
            code: "CAD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "australia",
            code: "AUD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "new zealand",
            code: "NZD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "singapore",
            code: "SGD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "hong kong",
            code: "HKD",
            family: "dollar",
        },
    ],
    currency_families: &[
        CurrencyFamily {
            family: "krone",
            words: &["kron", "crown"],
            qualifiers: &["danish", "norwegian", "swedish", "icelandic", "czech"],
            symbol: "",
            default_code: "",
        },
        CurrencyFamily {
            family: "franc",
            words: &["franc"],
            qualifiers: &["swiss"],
            symbol: "",
            default_code: "",
        },
        CurrencyFamily {
            family: "dollar",
            words: &["dollar"],
            qualifiers: &[
                "us ",
                "us$",
                "u.s.",
                "united states",
                "american",
                "canadian",
                "australian",
                "new zealand",
                "hong kong",
                "singapore",
            ],
            symbol: "$",
            default_code: "USD",
        },
    ],
};
