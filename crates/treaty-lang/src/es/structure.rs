//! Spanish: see [`crate::StructureWords`].

use crate::structure::StructureWords;

pub(super) const STRUCTURE: StructureWords = StructureWords {
    // "han acordado lo siguiente", "han convenido las disposiciones siguientes", "acuerdan lo
    // siguiente": the model's formula and the variants of older and Latin American treaties.
    preamble_end: &[
        r"han\s+acordado\s+lo\s+siguiente",
        r"han\s+convenido\s+lo\s+siguiente",
        // Ending the sentence: a protocol's "han convenido las siguientes disposiciones, que
        // forman parte integrante del Convenio" opens no treaty.
        r"han\s+(?:acordado|convenido)\s+(?:en\s+)?las\s+(?:disposiciones\s+siguientes|siguientes\s+disposiciones)\s*[.:]",
        r"(?:acuerdan|convienen)\s+(?:en\s+)?lo\s+siguiente",
    ],
    preamble_part: &[r"han\s+acordado\s+lo", r"han\s+convenido\s+lo"],
    preamble_context: &["convenio", "gobierno"],
    // "En el momento de (proceder a) la firma del Convenio", "Al firmar el Convenio".
    protocol_preamble: &[
        r"(?:en\s+el\s+momento\s+de|al)\s+(?:proceder\s+a\s+)?(?:la\s+firma\s+del|firmar\s+el)\s+(?:convenio|acuerdo)\b",
    ],
    closing: &[
        r"en\s+fe\s+de\s+lo\s+cual",
        r"en\s+testimonio\s+de\s+lo\s+cual",
        r"en\s+fe\s+de\s+ello",
        // The signature formula at a line start, where no "en fe de lo cual" precedes it.
        r"(?m:^)[ \t]*hecho\s+(?:en|por)\s",
    ],
    article_heading: &["Artículo", "ARTÍCULO", "ARTICULO", "Articulo"],
    article_heading_misread: &[],
    article_suffix: &["bis", "ter"],
    // "Artículo 7 del presente Convenio", "artículo 10 y 11", "artículo 13 o 14".
    heading_reference_followers: &["del ", "de ", "y ", "o ", "a "],
    article_reference: &[r"[Aa]rtículos?", r"ARTÍCULOS?", r"[Aa]rticulos?"],
    protocol_heading: &["PROTOCOLO", "Protocolo", "Protocolo Adicional"],
    protocol_point_prefix: &["Ad"],
    // "El Gobierno de España y el Gobierno de Canadá", "entre el Reino de España y los Estados
    // Unidos de América", "España y la República de Austria": a name is a run of capitalized
    // words joined by `de`, `del`, `de la`, `de los` or `e` (Gran Bretaña e Irlanda del Norte).
    // "El Gobierno de España y el Gobierno de Canadá", "Convenio entre España y ...": a name
    // is a run of capitalized words joined by `de`, `del`, `de la`, `de los` or `e` (Gran
    // Bretaña e Irlanda del Norte); after `y` or at a line start ("España y la República de
    // Austria", "y los Estados Unidos de América") only a name that opens with a state word.
    party: &[
        r"(?:\b[Gg]obierno\s+(?:del|de\s+la|de\s+los|de)|\b[Ee]ntre\s+(?:el\s+|la\s+|los\s+)?)\s*(\p{Lu}[\p{L}]+(?:\s+(?:de\s+la\s+|de\s+los\s+|del\s+|de\s+|e\s+)?\p{Lu}[\p{L}]+)*)",
        r"(?:\b[yY]\s+(?:el\s+|la\s+|los\s+)?|(?m:^)(?:El\s+|La\s+|Los\s+)?)((?:Reino|República|Estados|Confederación|Principado|Gran\s+Ducado|España)(?:\s+(?:de\s+la\s+|de\s+los\s+|del\s+|de\s+|e\s+)?\p{Lu}[\p{L}]+)*)",
    ],
    contracting_state: &["Estado contratante", "Estado Contratante"],
    // Not `no`: titles open with it (`No discriminación`).
    sentence_openers: &["el", "la", "los", "las", "cuando", "si"],
    title_stop_words: &[
        "el",
        "la",
        "los",
        "las",
        "un",
        "una",
        "cuando",
        "si",
        "para",
        "en",
        "no",
        "ninguna",
        "ningún",
        "sin",
        "cualquier",
        "cada",
        "salvo",
        "se",
        "es",
        "son",
        "este",
        "esta",
        "lo",
    ],
    months: &[
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
    paragraph_reference_words: &[
        "apartado",
        "apartados",
        "párrafo",
        "párrafos",
        "subapartado",
        "subapartados",
        "artículo",
        "artículos",
        "letra",
        "núm",
        "nº",
        "n.º",
        "y",
        "de",
        "del",
        "o",
        "a",
        "al",
        "el",
        "los",
    ],
    list_joiners: &["y", "o"],
    list_joiners_after_comma: &["y"],
    amendment: &[
        r"(?:se\s+)?(?:suprime|suprimen|sustituye|sustituyen|modifica|modifican|añade|añaden)\s+(?:por\s+el\s+siguiente|el\s+siguiente|los\s+siguientes|lo\s+siguiente)",
        r"(?:queda|quedan)\s+(?:suprimid|sustituid|modificad|redactad)[oa]s?",
        r"(?:será|serán)\s+(?:suprimid|sustituid|modificad)[oa]s?",
        // "la expresión «15 por ciento» se sustituye por «10 por ciento»", "se suprime la letra c)".
        r"\bse\s+(?:suprime|suprimen|sustituye|sustituyen|reemplaza|reemplazan|añade|añaden)\b",
    ],
    // "[La letra a) del] apartado 2 del artículo 10 (Dividendos) del Convenio".
    amended_article: &[
        r"(?:(?:[Ll]etra\s+(?P<subparagraph>[a-z])\)\s+del\s+)?(?:[Aa]partado|[Pp]árrafo)s?\s+(?P<paragraph>\d{1,2})\s+del\s+)?[Aa]rtículo\s+(?P<article>\d{1,3})\s*(?:\((?P<called>[^)\n]+)\))?\s+del\s+(?:Convenio|Acuerdo|Convención)\b",
    ],
    ..StructureWords::EMPTY
};
