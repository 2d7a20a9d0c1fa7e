//! Spanish: see [`crate::IdentityWords`].

use crate::identity::{IdentityWords, InstrumentKind, InstrumentWords};

pub(super) const IDENTITY: IdentityWords = IdentityWords {
    instruments: &[
        InstrumentWords {
            kind: InstrumentKind::TechnicalExplanation,
            words: &["explicación técnica"],
        },
        InstrumentWords {
            kind: InstrumentKind::Consolidated,
            // Not `texto refundido`: the name of Spain's consolidated laws, which treaties cite.
            words: &["texto consolidado"],
        },
        InstrumentWords {
            kind: InstrumentKind::Memorandum,
            words: &["memorando de entendimiento", "memorándum de entendimiento"],
        },
        InstrumentWords {
            kind: InstrumentKind::ExchangeOfNotes,
            words: &["canje de notas", "canje de cartas", "intercambio de notas"],
        },
        InstrumentWords {
            kind: InstrumentKind::Protocol,
            words: &["protocolo"],
        },
        InstrumentWords {
            kind: InstrumentKind::Convention,
            words: &["convenio", "convención", "acuerdo"],
        },
    ],
    date_patterns: &[
        // 14 de marzo de 2013; el día 16 de junio de 1971; 1.º de enero de 2015; diez de abril
        // de mil novecientos setenta y ocho
        r"(?i){D}(?:\.?º|\.?°)?\s+de\s+{M}\s+(?:de|del)\s+(?:año\s+)?{Y}",
    ],
    ordinals: &[("primero", 1)],
    eras: &[],
    era_first_year: "",
    signature: &[
        // Hecho en Madrid el 14 de marzo de 2013; Hecho en doble ejemplar en Ottawa, el 23 de
        // ...; Hecho por duplicado en Londres el ...; Hecho en español en doble ejemplar en La
        // Paz el ...; Hecho en Nueva Delhi a 8 de febrero de 1993; Hecho en Madrid el día ...
        r"(?i)\bhech[oa]\b(?:\s*,?\s+(?:en|por)\s+(?:duplicado|doble\s+ejemplar|dos\s+ejemplares|dos\s+originales|triplicado|español|lengua\s+\p{L}+)\s*,?)*\s+en\s+(?P<place>[^\s,;0-9][^,;\n0-9]{0,40}?)\s*(?:,|\bel\b|\ba\s+\d|\ba\s+los\b|\bpor\s+duplicado\b|\ben\s+doble\b|\ben\s+dos\b|\d)",
    ],
    signature_after_date: "",
    signed_statement: &[
        // firmado en Ottawa el 23 de noviembre de 1976; hecho en Madrid el día 16 de junio
        r"(?i)\b(?:firmad|hech)[oa]s?\s+(?:en\s+(?P<place>[^\s,;0-9][^,;\n0-9]{0,40}?)\s*,?\s+)?(?:el|a)\s+(?:d[ií]a\s+)?",
    ],
    date_before_verb: false,
    entry_into_force: &["entrará en vigor"],
    entered_into_force: &["entró en vigor el", "entró en vigor", "entrada en vigor:"],
    amendment_notes: &[
        // Se modifica el apartado 3 por el art. 1 del Protocolo de 18 de noviembre de 2014.
        // Se añade el artículo 25 bis por ...; Se suprime el apartado 4 por ...
        r"(?m)^[ \t]*Se (?:modifica|modifican|añade|añaden|suprime|suprimen|da nueva redacción)\b[^\n]{0,200}?\bpor (?:el|la|los|las) [^\n]{0,80}?\b(?:Protocolo|Convenio|Acuerdo|Canje de [Nn]otas)\b",
    ],
    withheld_at_source: &[
        "retenidos en la fuente",
        "retenidos en origen",
        "retención en la fuente",
        "retención en origen",
        "en la fuente",
    ],
    not_withheld_at_source: &["demás impuestos", "otros impuestos", "restantes impuestos"],
    has_effect: &[
        "surtirá efecto",
        "surtirán efecto",
        "producirán efecto",
        "producirá efecto",
        "se aplicarán",
        "se aplicará",
    ],
    on_behalf_of: &["en nombre de", "respecto de"],
    amended_object: &[],
    amended_object_before: &[
        "que modifica el",
        "que modifica la",
        "por el que se modifica el",
        "modificando el",
        "que modifica",
        "al",
    ],
    title_openings: &[],
    before_names: &[
        "el gobierno de la",
        "el gobierno del",
        "el gobierno de",
        "el",
        "la",
    ],
    instrument_last: false,
};
