//! English: see [`crate::StructureWords`].

use crate::structure::StructureWords;

pub(super) const STRUCTURE: StructureWords = StructureWords {
    preamble_end: &[r"have\s+agreed\s+as\s+follows", r"agreed\s+as\s+follows"],
    preamble_part: &[r"have\s+agreed", r"agreed\s+as", r"as\s+follows:"],
    preamble_context: &["convention", "agreement", "government"],
    instrument_preamble: &[r"desiring\s+to\s+conclude\s+an?\s+(?:[a-z]+\s+)?protocol\b"],
    // "At the moment of signing the Convention", "At the signing today of the Agreement".
    protocol_preamble: &[
        r"at\s+the\s+(?:moment\s+of\s+)?signing\s+(?:today\s+)?(?:of\s+)?the\s+(?:convention|agreement)\b",
    ],
    // OCR loses the first word of a formula printed on a line of its own (`WITNESS WHEREOF`).
    closing: &[r"(?:in\s+)?witness\s+whereof"],
    article_heading: &["Article", "ARTICLE", "Art.", "ART."],
    article_heading_misread: &["Articie"],
    article_suffix: &["bis", "ter"],
    heading_reference_followers: &["of ", "shall", "and "],
    article_reference: &[r"Articles?", r"articles?", r"Art\."],
    protocol_heading: &[
        "PROTOCOL",
        "Protocol",
        "ADDITIONAL PROTOCOL",
        "Additional Protocol",
    ],
    protocol_point_prefix: &["Ad"],
    party: &[
        r"(?:Government\s+of|in\s+the\s+case\s+of)\s+(?:the\s+)?((?:Republic|Kingdom|Federal\s+Republic|Federative\s+Republic|State|United\s+Kingdom)?\s?(?:of\s+)?(?:the\s+)?[A-Z][\p{L}-]+)",
    ],
    contracting_state: &["Contracting State", "contracting State"],
    sentence_openers: &["the", "this", "where", "if", "notwithstanding"],
    title_stop_words: &[
        "the",
        "this",
        "a",
        "an",
        "where",
        "if",
        "in",
        "for",
        "notwithstanding",
        "subject",
        "each",
        "either",
        "any",
        "nothing",
        "with",
        "income",
        "dividends",
        "interest",
        "royalties",
        "profits",
    ],
    months: &[
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
    paragraph_reference_words: &[
        "paragraph",
        "paragraphs",
        "article",
        "articles",
        "subparagraph",
        "and",
        "of",
        "or",
        "to",
        "a",
    ],
    list_joiners: &["and", "or"],
    list_joiners_after_comma: &["and"],
    amendment: &[
        r"shall\s+be\s+(?:deleted|replaced|amended|added|inserted|renumbered)",
        r"(?:is|are)\s+(?:hereby\s+)?(?:deleted|replaced|amended)",
        r"replaced\s+by\s+the\s+following",
    ],
    // "[Subparagraph (a) of] Paragraph 2 of Article X (Dividends) of the Convention", or without "of the Convention"
    // when the amending words follow ("Article VI (Income from Real Property) shall be deleted
    // and replaced by the following", "A new Article XXIX A (Limitation on Benefits) shall be
    // added").
    amended_article: &[
        r"(?:(?:[Ss]ubparagraph\s+\((?P<subparagraph>[a-z])\)\s+of\s+)?(?:[Ss]ub)?[Pp]aragraphs?\s+(?P<paragraph>\d{1,2})\s*(?:\(?(?P<sub>[a-z])\))?\s+of\s+)?Articles?\s+(?P<article>\d{1,3}|(?:I|V|X|L){1,7})(?:\s?(?P<suffix>[A-Z])\b)?\s*(?:\((?P<called>[^)\n]+)\))?\s+(?:of\s+the\s+(?:Convention|Agreement)|(?:shall\s+be|is)\s+(?:hereby\s+)?(?:deleted|amended|replaced|added|inserted))",
    ],
    commentary: &[
        r"\b(?:This|The)\s+(?:[Aa]rticle|[Pp]aragraph|[Ss]ubparagraph|[Pp]rotocol)\s+(?:provides|states|permits|allows|deals|describes|defines|sets\s+forth|contains|limits|specifies|generally|also)\b",
        r"\b(?:[Aa]rticle|[Pp]aragraph|[Ss]ubparagraph)\s+\(?(?:\d|I|V|X){1,5}\)?(?:\s?\([a-z0-9]{1,4}\))*\s+(?:provides|permits|states|deals\s+with|describes|limits|defines|sets\s+forth|allows|specifies)\b",
    ],
    ..StructureWords::EMPTY
};
