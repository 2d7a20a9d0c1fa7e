//! English: see [`crate::RuleWords`].

use crate::rules::RuleWords;
use crate::rules::{IncomeWords, NamedClasses, OwnerWords, Phrase};

pub(super) const RULES: RuleWords = RuleWords {
    exemption: &[
        Phrase::Regex(
            r"(?:taxable|(?:may|shall)\s+be\s+taxed)\s+only\s+in\s+(?:that|the)\s+other\s+(?:contracting\s+)?state",
        ),
        Phrase::Regex(r"no\s+tax\s+shall\s+be\s+(?:levied|imposed|charged)"),
        Phrase::Regex(
            r"(?:shall|should|will|are|is)\s+be\s+exempt(?:ed)?\s+from\s+(?:\p{Lu}\p{L}+\s+|income\s+)?(?:tax|taxation)",
        ),
        Phrase::Regex(r"shall\s+not\s+levy\s+(?:a\s+|any\s+)?tax"),
        Phrase::Regex(r"shall\s+not\s+be\s+taxed"),
        Phrase::Regex(
            r"taxable\s+only\s+in\s+the\s+(?:contracting\s+)?state\s+of\s+which\s+the\s+(?:recipient|beneficial\s+owner)\s+is\s+a\s+resident",
        ),
        Phrase::Regex(
            r"shall\s+not\s+be\s+tax(?:ed|able)\s+in\s+(?:that|the)\s+(?:first-mentioned|contracting)\s+state",
        ),
    ],
    residence_only: &[Phrase::Regex(
        r"taxable\s+only\s+in\s+that\s+(?:contracting\s+)?state",
    )],
    resident_subject: &[r"(?:of|by)\s+a\s+resident\s+of\s+a\s+contracting\s+state"],
    source_subject: &[
        r"arising\s+in",
        r"paid\s+by\s+a\s+company\s+which\s+is\s+a\s+resident",
    ],
    named_state_only: &[r"taxable\s+only\s+in\s+(?P<state>[A-Z][\p{L}]+)"],
    resident_of: &["resident of "],
    arising_in_named: &[],
    contracting: &["Contracting"],
    // "...shall be taxable only in that State, except that if such income arises in the other
    // Contracting State it may also be taxed in that other State".
    source_may_also_tax: &[Phrase::Regex(
        r"(?i:it\s+may\s+also\s+be\s+taxed\s+in\s+that\s+other\s+(?:contracting\s+)?state)",
    )],
    source_overrides: &[
        r"\Ahowever,\s+such\s+(?:[\p{L},]+\s+){1,8}?may\s+(?:also\s+)?be\s+taxed\s+in\s+the\s+contracting\s+state\s+(?:in\s+which|of\s+which|where)",
        // "Notwithstanding the provisions of paragraph 1, royalties referred to in paragraph 1
        // may also be taxed in the Contracting State in which they arise".
        r"\Anotwithstanding\s+the\s+provisions\s+of\s+[^,.;]{1,80},\s+(?:such\s+|the\s+)?(?:[\p{L}\d,]+\s+){1,8}?may\s+(?:also\s+)?be\s+taxed\s+in\s+the\s+contracting\s+state\s+(?:in\s+which|of\s+which|where)",
    ],
    residence_state_after: &[r"\A\s+in\s+that\s+other\s+(?:contracting\s+)?state"],
    paid_by_state: &[
        r"paid\s+by(?:\s+or\s+[a-z\s]+?)?\s+(?:a\s+contracting\s+state|the\s+government|that\s+state|the\s+state)",
    ],
    // "..., or by any resident of the other Contracting State with respect to debt-claims
    // indirectly financed by the government ...": the class of debt after its beneficiaries.
    state_backed_debt: &[
        "with respect to debt-claims indirectly",
        "indirectly financed",
    ],
    beneficiaries_end: &[", or by any resident", " or by any resident"],
    list_lead: &[],
    conditions_list_lead: &[
        r"\band\s+(?:it\s+)?(?:satisfies|meets|fulfils|fulfills)\s+(?:any\s+|one\s+|each\s+|all\s+)?(?:of\s+)?the\s+(?:following|conditions|requirements)",
        r"\band\s*:\s*\z",
    ],
    owners: OwnerWords {
        company_not_partnership: &[
            "other than a partnership",
            "excluding partnership",
            "not a partnership",
        ],
        pension_fund: &[
            "pension fund",
            "pension scheme",
            // "a trust ... operated exclusively to administer or provide pension, retirement
            // or employee benefits".
            "provide pension",
        ],
        central_bank: &["central bank"],
        government: &["government", "political subdivision", "local authorit"],
        financial_institution: &["financial institution", "institution wholly owned"],
        bank: &[" bank"],
        company: &[
            "is a company",
            "company which holds",
            "company that holds",
            "to a company",
            // An item of "if the beneficial owner is:" that names the company and its holding.
            "company which owns",
            "company that owns",
            "company which has owned",
            "company that has owned",
            "company which controls",
            "company that controls",
        ],
        individual: &["an individual"],
    },
    beneficial_owner: &["beneficial owner", "beneficially owned"],
    or: &[" or "],
    and: &[" and "],
    all_other_cases: &["all other cases", "in all other"],
    income: IncomeWords {
        copyright: &["copyright"],
        films: &["cinematograph", "films"],
        software: &["software", "computer program"],
        patents: &["patent"],
        trademarks: &["trade mark", "trademark"],
        equipment: &["industrial, commercial or scientific equipment"],
        know_how: &["information concerning industrial", "know-how"],
        technical_services: &[
            "technical assistance",
            "technical services",
            "included services",
        ],
        government_debt: &[
            "paid by the government",
            "paid to the government",
            "government securities",
        ],
        bank_loan: &["loan granted by a bank"],
        sale_on_credit: &["sale on credit"],
        contingent_interest: &[],
        export_credit: &["export"],
        government_guaranteed: &[],
        indirect_financing: &["indirectly financed"],
        late_payment_penalty: &["penalty", "penalties", "late payment"],
        excluded_after: &["other than", "excluding", "except", "not including"],
    },
    lending_body: &[
        r"(?:loan|credit)s?\b[^.;]{0,40}?\bguaranteed\s+or\s+insured[^.;]{0,40}?\bby\s+(?:the\s+)?(?P<body>\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+)*)",
    ],
    technical_fees: &[
        "technical services",
        "technical fees",
        "fees for technical",
        "managerial, technical or consultancy",
        // Brazil's treaties: "technical assistance and technical services".
        "technical assistance",
        // The United States' "fees for included services".
        "included services",
    ],
    royalties: &["royalt"],
    technical_fees_deemed_royalties: &[
        // "The term "royalties" ... means ... and includes payments ... for the rendering of
        // any technical services".
        r"(?:royalt|information\s+concerning\s+industrial|know-how)[^.;]*?\b(?:also\s+)?includes?\b[^.;]*?(?:technical\s+(?:services|assistance)|included\s+services|fees\s+for\s+technical)",
        // "fees for technical services shall be deemed to be royalties", "payments for
        // technical assistance shall be treated as royalties".
        r"(?:technical\s+(?:services|assistance)|fees\s+for\s+technical|included\s+services)[^.;]*?\b(?:deemed|treated|regarded|considered)\s+(?:to\s+be\s+|as\s+)(?:royalt|payments\s+(?:received\s+)?(?:as\s+(?:a\s+)?consideration\s+)?for\s+(?:the\s+use|information))",
        // A protocol: "the provisions of paragraph 3 of Article 12 shall apply to payments ...
        // for the rendering of technical assistance and technical services" (the article must
        // be the royalties article).
        r"provisions\s+of\s+(?:paragraph\s+\d{1,2}\s+of\s+)?article\s+(?P<article>\d{1,3}[a-z]?)\b[^.;]*?\bappl(?:y|ies)\s+(?:also\s+)?to\s+[^.;]*?technical\s+(?:services|assistance)",
    ],
    negation: &[" not ", " no "],
    initial_period_before: &["during the first", "for the first", "the initial"],
    initial_period_after: &[
        "for which this convention has effect",
        "for which the convention has effect",
        "for which this agreement has effect",
        "for which the agreement has effect",
        "taxable years for which",
        "after the entry into force",
        "from the entry into force",
        "following the entry into force",
    ],
    dividends: &[],
    named_classes: NamedClasses {
        dividends: &["dividend"],
        interest: &["interest"],
        royalties: &["royalt"],
    },
    class_reference: &["referred to in article"],
    establishment: &["permanent establishment", "branch"],
    distribution_amount: &["of the dividends", "of the interest", "of the royalties"],
    third_state: &["third state", "third country"],
    lower_rate: &["lower", "reduced", "more favourable"],
    relative_rate: &["of the percentage", "of the rate", "of the tax rate"],
    paragraph_reference: &[
        r"subparagraph\s+\(?(?P<label>[a-z])\)?\s+of\s+paragraph\s+(?P<paragraph>\d+)",
    ],
    replaced_tier: &[
        r"sub-?paragraph\s+\(?(?P<label>[a-z])\)?\s+of\s+paragraph\s+(?P<paragraph>\d{1,2})\s+of\s+Article\s+(?P<article>\d{1,3}[A-Z]?|(?:I|V|X|L){1,7})\b[^.;:]{0,160}?\b(?:shall\s+be|(?:is|are)\s+(?:hereby\s+)?)\s*(?:deleted\s+and\s+)?(?:replaced|substituted|amended\s+to\s+read)",
        r"(?:sub-?)?paragraphs?\s+(?P<list>\d{1,2}\s*(?:\(\s*[a-z]\s*\))?(?:\s*(?:,|and)\s*\d{1,2}(?:\s*\(\s*[a-z]\s*\))?)*)\s+of\s+Article\s+(?P<article>\d{1,3}[A-Z]?|(?:I|V|X|L){1,7})\b[^.;:]{0,160}?\b(?:shall\s+be|(?:is|are)\s+(?:hereby\s+)?)\s*(?:deleted\s+and\s+)?(?:replaced|substituted|amended\s+to\s+read)",
        r"\bArticle\s+(?P<article>\d{1,3}[A-Z]?|(?:I|V|X|L){1,7})\b\s*\(\s*(?P<paragraph>\d{1,2})\s*\)\s*(?:\(\s*(?P<label>[a-z])\s*\))?[^.;:]{0,160}?\b(?:shall\s+be|(?:is|are)\s+(?:hereby\s+)?)\s*(?:deleted\s+and\s+)?(?:replaced|substituted|amended\s+to\s+read)",
        r"\bArticle\s+(?P<article>\d{1,3}[A-Z]?|(?:I|V|X|L){1,7})\b(?:\s*\([^)\n]{1,60}\))?\s+of\s+the\s+(?:Convention|Agreement)\s+(?:shall\s+be|is)\s+(?:hereby\s+)?(?:deleted\s+and\s+(?:replaced|the\s+following\s+Article\s+substituted)|replaced|amended\s+to\s+read)",
    ],
    holding_before: &[
        "at least",
        "not less than",
        "holds",
        "holding",
        "own",
        // "has owned directly shares representing 80 percent or more of the voting power".
        "shares representing",
    ],
    holding_after: &[
        "of the capital",
        "of the voting",
        "of the shares",
        "of the value",
        "or more of the capital",
        "or more of the voting",
        "or more of the shares",
        "or more of the value",
        "or more of the aggregate voting",
        "or more of the outstanding",
        "or more of the stock",
        "or more in value",
        "of the outstanding",
    ],
    upper_bound_before: &["less than", "below", "not more than", "no more than"],
    upper_bound_after: &[],
    basis_voting: &["voting"],
    basis_capital: &["capital"],
    basis_value: &["value"],
    either_basis: &[],
    gross_amount: &["of the gross amount"],
    comparison_before: &["more than", "less than"],
    comparison_after: &["of its ", "of their "],
    comparison_after_not: &[],
    exceeded_before: &["may exceed"],
    taxable_base_before: &["taxed on", "taxable on", "imposed on"],
    // "the expiration of the six month period": with the same number stated before.
    back_reference: &[" the", " such", " said", " that"],
    pe_employees: &[],
    pe_services_furnished: &[],
    pe_construction: &["building site", "construction", "installation", "assembly"],
    pe_services: &["services"],
    lookback: &["preceding"],
    counting_window_before: &["any", "any period of", "any one period of"],
    counting_window_after: &[],
    immovable_property: &[],
    property_value: &[],
    ownership_period_after: &[],
    ownership_period_share: &[],
    ordinal_period: &[
        r"\b(?:the\s+)?(?P<n>[a-z]+ieth|[a-z]+th|\d+(?:st|nd|rd|th))\s+day\s+(?:after|following|from)",
    ],
    ordinals: &[
        ("fifteenth", 15),
        ("twentieth", 20),
        ("thirtieth", 30),
        ("fortieth", 40),
        ("fiftieth", 50),
        ("sixtieth", 60),
        ("ninetieth", 90),
    ],
    ordinal_months: &[],
    ordinal_years: &[],
    // Quoted former wording: each quotation mark pair the drafting uses (“…”, "…", ‘…’, '…').
    deleted_text: &[
        r"[Dd]eleting\s+(?:the\s+(?:words?|terms?|figures?|references?)\s+)?(?:to\s+)?[“\x22‘'](?P<struck>[^”\x22’']+?)[”\x22’']\s+(?:\S+\s+){0,6}?and\s+(?:by\s+)?(?:replacing|substituting)",
        r"[Rr]eferences?\s+(?:in\s+[^“\x22]+?)?to\s+[^“\x22]*?[“\x22](?P<struck>[^”\x22]+?)[”\x22]\s+shall\s+be\s+(?:(?:deleted\s+and\s+)?replaced|read)",
        // "the words “20 per cent” shall be replaced by “15 per cent”", "... are deleted".
        r"[“\x22‘'](?P<struck>[^”\x22’']+?)[”\x22’']\s+(?:shall\s+be|is|are)\s+(?:deleted|omitted|(?:deleted\s+and\s+)?(?:replaced|substituted)\s+(?:by|with))\b",
        // "by replacing the words “15 per cent” with “10 per cent”".
        r"[Rr]eplacing\s+(?:the\s+(?:words?|terms?|figures?|expression)\s+)?[“\x22‘'](?P<struck>[^”\x22’']+?)[”\x22’']\s+(?:\S+\s+){0,4}?(?:with|by)\s",
        // "by substituting “10 per cent” for “15 per cent”".
        r"[Ss]ubstituting\s+(?:the\s+(?:words?|figures?|expression)\s+)?[“\x22‘'][^”\x22’']+?[”\x22’']\s+for\s+(?:the\s+(?:words?|figures?|expression)\s+)?[“\x22‘'](?P<struck>[^”\x22’']+?)[”\x22’']",
        // "for “15 per cent” there shall be substituted “10 per cent”".
        r"\b[Ff]or\s+(?:the\s+(?:words?|figures?|expression)\s+)?[“\x22‘'](?P<struck>[^”\x22’']+?)[”\x22’']\s+(?:there\s+shall\s+be\s+substituted|substitute)\b",
    ],
    rate_by_reference: &[
        r"rate\s+(?:not\s+(?:to\s+exceed|exceeding|in\s+excess\s+of)|exceeding)\s+the\s+rates?\s+(?:specified|provided\s+for|referred\s+to|mentioned|prescribed)\s+in\s+(?:subparagraph\s+\(?(?P<label>[a-z])\)?\s+of\s+)?paragraph\s+(?P<paragraph>\d{1,2})(?:\s?\(?(?P<item>[a-z])\))?",
    ],
};
