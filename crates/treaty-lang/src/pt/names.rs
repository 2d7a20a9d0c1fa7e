//! Portuguese: see [`crate::Names`].

use crate::{CurrencyFamily, CurrencyParty, Names};

pub(super) const NAMES: Names = Names {
    currency_parties: &[
        CurrencyParty {
            name_word: "dinamarca",
            code: "DKK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "noruega",
            code: "NOK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "suécia",
            code: "SEK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "islândia",
            code: "ISK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "checa",
            code: "CZK",
            family: "krone",
        },
        CurrencyParty {
            name_word: "suíça",
            code: "CHF",
            family: "franc",
        },
        CurrencyParty {
            name_word: "estados unidos",
            code: "USD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "canadá",
            code: "CAD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "austrália",
            code: "AUD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "nova zelândia",
            code: "NZD",
            family: "dollar",
        },
        CurrencyParty {
            name_word: "singapura",
            code: "SGD",
            family: "dollar",
        },
    ],
    currency_families: &[
        CurrencyFamily {
            family: "krone",
            words: &["coroa"],
            qualifiers: &["dinamarques", "norueg", "suec", "islandes", "chec"],
            symbol: "",
            default_code: "",
        },
        CurrencyFamily {
            family: "franc",
            words: &[],
            qualifiers: &["suíç", "suiç"],
            symbol: "",
            default_code: "",
        },
        CurrencyFamily {
            family: "dollar",
            words: &["dólar", "dolar"],
            qualifiers: &["estados unidos", "americanos", "eua", "canaden"],
            symbol: "$",
            default_code: "USD",
        },
    ],
};
