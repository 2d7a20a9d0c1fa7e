//! Portuguese: see [`crate::IdentityWords`].

use crate::identity::{IdentityWords, InstrumentKind, InstrumentWords};

pub(super) const IDENTITY: IdentityWords = IdentityWords {
    instruments: &[
        InstrumentWords {
            kind: InstrumentKind::TechnicalExplanation,
            words: &["explicação técnica"],
        },
        InstrumentWords {
            kind: InstrumentKind::Consolidated,
            words: &["texto consolidado", "texto sintetizado"],
        },
        InstrumentWords {
            kind: InstrumentKind::Memorandum,
            words: &["memorando de entendimento"],
        },
        InstrumentWords {
            kind: InstrumentKind::ExchangeOfNotes,
            words: &["troca de notas", "troca de cartas"],
        },
        InstrumentWords {
            kind: InstrumentKind::Protocol,
            words: &["protocolo"],
        },
        InstrumentWords {
            kind: InstrumentKind::Convention,
            words: &["convenção", "convençao", "acordo"],
        },
    ],
    date_patterns: &[
        // em 12 de julho de 2016; aos vinte e sete dias do mês de agosto de mil novecentos e
        // setenta e quatro; 1º de janeiro de 2017
        r"(?i){D}(?:º|°|o)?\s+(?:dias?\s+)?(?:do\s+m[eê]s\s+)?de\s+{M}(?:\s+do\s+ano)?\s+de\s+{Y}",
    ],
    ordinals: &[("primeiro", 1)],
    eras: &[],
    era_first_year: "",
    signature: &[
        // Feito em Lisboa, em 12 de julho de 2016; Feito na cidade de Copenhague, aos ...
        r"(?i)\b(?:feit[oa]|assinad[oa]|celebrad[oa])\b(?:\s+em\s+(?:duplicado|duplicata|dois\s+exemplares|dois\s+originais)\s*,?)?\s+(?:em|na\s+cidade\s+de|no)\s+(?P<place>[^\s,;0-9][^,;\n0-9]{0,40}?)\s*(?:,|\baos\b|\bem\s+\d|\bem\s+dois\b|\ba\s+\d|\d)",
    ],
    signature_after_date: "",
    signed_statement: &[
        r"(?i)\bassinad[oa]s?\s+(?:em\s+(?P<place>[^\s,;0-9][^,;\n0-9]{0,40}?)\s*,?\s+)?(?:em|a|aos)\s+",
    ],
    date_before_verb: false,
    entry_into_force: &["entrará em vigor", "entrará em vigôr"],
    entered_into_force: &["entrou em vigor em", "entrou em vigor", "entrada em vigor:"],
    amendment_notes: &[],
    withheld_at_source: &[
        "retidos na fonte",
        "retido na fonte",
        "retenção na fonte",
        "devidos na fonte",
        "devido na fonte",
        "cobrados na fonte",
    ],
    not_withheld_at_source: &["demais impostos", "outros impostos"],
    has_effect: &[
        "produzirá efeitos",
        "produzirão efeitos",
        "produzirá efeito",
        "será aplicada",
        "serão aplicáveis",
        "aplicar-se-á",
        "aplicar-se-ão",
    ],
    on_behalf_of: &["em relação a", "em nome de", "relativamente a"],
    amended_object: &[],
    amended_object_before: &[
        "que altera a",
        "que altera o",
        "que modifica a",
        "que modifica o",
        "alterando a",
        "ao",
        "à",
    ],
    title_openings: &[],
    before_names: &["o governo da", "o governo do", "o governo de", "a", "o"],
    instrument_last: false,
};
