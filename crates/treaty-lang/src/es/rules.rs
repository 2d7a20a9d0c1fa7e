//! Spanish: see [`crate::RuleWords`].
//!
//! The phrasing of the model conventions in Spanish ("el impuesto así exigido no podrá exceder
//! del 15 por ciento del importe bruto", "sólo pueden someterse a imposición en ese otro
//! Estado", "estarán exentos de imposición") and the variants of Spanish and Latin American
//! treaties ("no puede exceder de", "sólo podrán gravarse en", "regalías").

use crate::rules::RuleWords;
use crate::rules::{IncomeWords, NamedClasses, OwnerWords, Phrase};

pub(super) const RULES: RuleWords = RuleWords {
    exemption: &[
        // "sólo pueden someterse a imposición en ese otro Estado", "solo se someten a
        // imposición en ese otro Estado", "sólo podrán gravarse en este otro Estado".
        Phrase::Regex(
            r"(?:s[óo]lo|solamente|únicamente)\s+(?:pueden\s+|podrán\s+|puede\s+|podrá\s+)?(?:someterse\s+a\s+imposición|ser\s+sometid[oa]s\s+a\s+imposición|se\s+somete(?:n|rán)?\s+a\s+imposición|gravarse|ser\s+gravad[oa]s|(?:serán|son)\s+gravables)\s+en\s+(?:ese|este|dicho|el)\s+otro\s+estado",
        ),
        // "serán gravables exclusivamente en ese otro Estado".
        Phrase::Regex(
            r"(?:(?:serán|son)\s+gravables|(?:pueden|podrán)\s+someterse(?:\s+a\s+imposición)?|(?:pueden|podrán)\s+gravarse)\s+(?:exclusivamente|únicamente|solamente)\s+(?:a\s+imposición\s+)?en\s+(?:ese|este|dicho|el)\s+otro\s+estado",
        ),
        // "sólo pueden someterse a imposición en el Estado contratante del que el beneficiario
        // efectivo es residente", "... en el que resida el perceptor".
        Phrase::Regex(
            r"(?:s[óo]lo|solamente|únicamente|exclusivamente)\s+(?:pueden\s+|podrán\s+)?(?:someterse\s+a\s+imposición|gravarse|(?:serán|son)\s+gravables)\s+en\s+el\s+estado\s+(?:contratante\s+)?(?:del\s+que|en\s+(?:el\s+)?que|donde)\s+(?:(?:sea|es)\s+residente\s+|resida\s+)?(?:el\s+)?(?:beneficiario|perceptor)",
        ),
        // "estarán exentos de imposición", "considerará exentos los dividendos".
        Phrase::Regex(r"(?:estarán|serán|están|son|quedarán|quedan)\s+exent[oa]s"),
        Phrase::Regex(r"considerar[áa]n?\s+exent[oa]s"),
        // "no podrán someterse a imposición en el Estado contratante mencionado en primer
        // lugar", "no se someterán a imposición en el Estado contratante en el que reside la
        // sociedad que paga los dividendos", "... del que procedan".
        Phrase::Regex(
            r"no\s+(?:podrán\s+|pueden\s+|podrá\s+|puede\s+)?(?:someterse|se\s+someterán|se\s+someten|serán\s+sometid[oa]s)\s+a\s+imposición\s+en\s+(?:el\s+)?(?:primer\s+estado|estado\s+(?:contratante\s+)?(?:mencionado\s+en\s+primer\s+lugar|en\s+(?:el\s+)?que\s+resid[ae]\s+la\s+sociedad|del\s+que\s+proced|de\s+donde\s+proced))",
        ),
    ],
    // The residence state alone: "sólo pueden someterse a imposición en ese Estado", "serán
    // gravables exclusivamente en ese Estado", "se someterán a imposición únicamente en ese
    // Estado" (the verb forms of the exemption phrases above, with "ese/este/dicho Estado").
    residence_only: &[
        Phrase::Regex(
            r"(?:s[óo]lo|solamente|únicamente)\s+(?:pueden\s+|podrán\s+|puede\s+|podrá\s+)?(?:someterse\s+a\s+imposición|se\s+somete(?:n|rán)?\s+a\s+imposición|gravarse|ser\s+gravad[oa]s|(?:serán|son)\s+gravables)\s+en\s+(?:ese|este|dicho)\s+estado",
        ),
        Phrase::Regex(
            r"(?:(?:serán|son)\s+gravables|(?:pueden|podrán)\s+someterse\s+a\s+imposición|se\s+somete(?:n|rán)\s+a\s+imposición|(?:pueden|podrán)\s+gravarse)\s+(?:exclusivamente|únicamente|solamente)\s+en\s+(?:ese|este|dicho)\s+estado",
        ),
    ],
    // "Las rentas de un residente de un Estado contratante", "... de un residente de un
    // Estado", "Las rentas cuyo beneficiario efectivo sea un residente de un Estado contratante".
    resident_subject: &[
        r"(?:de|por)\s+un\s+residente\s+de\s+un\s+estado\b",
        r"(?:sea|es)\s+un\s+residente\s+de\s+un\s+estado\b",
    ],
    source_subject: &[r"procedentes\s+de", r"pagad[oa]s\s+por\s+una\s+sociedad"],
    named_state_only: &[
        r"s[óo]lo\s+(?:pueden|podrán)\s+(?:someterse\s+a\s+imposición|gravarse)\s+en\s+(?:el\s+|la\s+)?(?P<state>[A-Z][\p{L}]+)",
        r"(?:serán|son)\s+gravables\s+(?:exclusivamente|únicamente|solamente)\s+en\s+(?:el\s+|la\s+)?(?P<state>[A-Z][\p{L}]+)",
    ],
    resident_of: &["residente de ", "residente del ", "residente en "],
    arising_in_named: &[],
    contracting: &["Contratante", "contratante"],
    source_may_also_tax: &[],
    source_overrides: &[
        r"\A(?:no\s+obstante|sin\s+embargo),\s+(?:dichos|estos|tales)\s+(?:[\p{L},]+\s+){1,8}?(?:pueden|podrán)\s+(?:también\s+)?someterse\s+(?:también\s+)?a\s+imposición\s+en\s+el\s+estado\s+contratante\s+(?:del\s+que|en\s+que|en\s+el\s+que|de\s+donde)",
        // "No obstante lo dispuesto en la letra b), los cánones mencionados en el apartado 1
        // también pueden someterse a imposición en el Estado contratante del que procedan"
        // (the words between are any but "no": "los dividendos no podrán someterse" exempts).
        r"\A(?:no\s+obstante|sin\s+perjuicio\s+de)\s+lo\s+dispuesto\s+en\s+[^,.;]{1,80},\s+(?:los|las|dichos|dichas|estos|estas|tales)\s+(?:(?:[\p{L}\d,]{3,}|[\p{L}\d,]|[\p{L}\d,&&[^nN]][\p{L}\d,]|[nN][\p{L}\d,&&[^oO]])\s+){1,8}?(?:pueden|podrán)\s+(?:también\s+)?someterse\s+(?:también\s+)?a\s+imposición\s+en\s+el\s+estado\s+contratante\s+(?:del\s+que|en\s+que|en\s+el\s+que|de\s+donde)",
    ],
    residence_state_after: &[],
    paid_by_state: &[
        r"pagad[oa]s\s+por,?(?:\s+o\s+[\p{L}\s]+?,?)?\s+(?:un\s+estado\s+contratante|el\s+gobierno|ese\s+estado|este\s+estado|dicho\s+estado|el\s+propio\s+estado)",
        r"(?:el\s+)?(?:deudor|pagador)\s+(?:de\s+los\s+intereses\s+)?(?:es|sea)\s+(?:el\s+(?:propio\s+)?|ese\s+|este\s+|dicho\s+|un\s+)?(?:estado|gobierno)",
    ],
    state_backed_debt: &[],
    beneficiaries_end: &[],
    list_lead: &[],
    conditions_list_lead: &[
        r"\by\s+(?:que\s+)?(?:cumpla|reúna|satisfaga)\s+(?:alguno|uno|cualquiera|todos)?",
        r"\by\s*:\s*\z",
    ],
    owners: OwnerWords {
        company_not_partnership: &[
            "sociedad de personas",
            "sociedades de personas",
            "sociedades personalistas",
        ],
        pension_fund: &[
            "fondo de pensiones",
            "fondos de pensiones",
            "plan de pensiones",
            "planes de pensiones",
        ],
        central_bank: &["banco central", "banco de españa"],
        government: &[
            "gobierno",
            "subdivisión política",
            "subdivisiones políticas",
            "entidad local",
            "entidades locales",
            "entidades territoriales",
        ],
        financial_institution: &["institución financiera", "instituciones financieras"],
        bank: &["banco"],
        company: &["una sociedad", "es una sociedad"],
        individual: &["persona física", "personas físicas"],
    },
    beneficial_owner: &["beneficiario efectivo"],
    or: &[" o ", " u "],
    and: &[" y ", " e "],
    all_other_cases: &[
        "en todos los demás casos",
        "en los demás casos",
        "en todos los otros casos",
        "en los restantes casos",
        "en los casos restantes",
        "en los otros casos",
    ],
    income: IncomeWords {
        copyright: &["derechos de autor", "derecho de autor"],
        films: &["películas", "cinematográfic"],
        software: &[
            "software",
            "programas de ordenador",
            "programas informáticos",
        ],
        patents: &["patente"],
        trademarks: &["marcas"],
        equipment: &["equipos industriales", "equipo industrial"],
        know_how: &[
            "know-how",
            "informaciones relativas a experiencias",
            "información relativa a experiencias",
            "experiencias industriales",
        ],
        technical_services: &["asistencia técnica", "servicios técnicos"],
        government_debt: &["deuda pública", "valores públicos", "títulos públicos"],
        bank_loan: &[
            "préstamo concedido por un banco",
            "préstamos concedidos por bancos",
            "préstamos bancarios",
            // "un préstamo ... concedido por una entidad de crédito" (a credit institution).
            "por una entidad de crédito",
            "por entidades de crédito",
        ],
        sale_on_credit: &["venta a crédito", "ventas a crédito", "ventas de equipos"],
        contingent_interest: &["intereses contingentes"],
        export_credit: &["exporta"],
        government_guaranteed: &[],
        indirect_financing: &["indirectamente"],
        late_payment_penalty: &["mora", "penalizaciones"],
        excluded_after: &[
            "con exclusión de",
            "excluidas",
            "excluidos",
            "excluyendo",
            "excepto",
            "distintas de",
            "distintos de",
        ],
    },
    lending_body: &[],
    technical_fees: &[
        "servicios técnicos",
        "asistencia técnica",
        "honorarios por servicios técnicos",
    ],
    royalties: &["cánones", "canon", "regalías", "derechos de autor"],
    technical_fees_deemed_royalties: &[
        // "el término «cánones» ... comprende también los pagos por servicios técnicos".
        r"(?:cánones|regalías)[^.;]*?\b(?:comprende|incluye)n?\b[^.;]*?(?:servicios\s+técnicos|asistencia\s+técnica)",
        // "los pagos por servicios técnicos ... se considerarán cánones".
        r"(?:servicios\s+técnicos|asistencia\s+técnica)[^.;]*?\b(?:considerar[áa]n?|tratar[áa]n?)\s+(?:como\s+)?(?:cánones|regalías)",
    ],
    negation: &[" no "],
    initial_period_before: &["durante los primeros", "en los primeros"],
    initial_period_after: &[
        "a partir de la entrada en vigor",
        "después de la entrada en vigor",
        "siguientes a la entrada en vigor",
        "desde la entrada en vigor",
    ],
    dividends: &[],
    named_classes: NamedClasses {
        dividends: &["dividendo"],
        interest: &["interés", "intereses"],
        royalties: &["canon", "cánones", "regalía"],
    },
    class_reference: &[
        "a que se refiere el artículo",
        "a que se refieren los artículos",
    ],
    establishment: &["establecimiento permanente", "sucursal"],
    distribution_amount: &[
        "de los dividendos",
        "de los intereses",
        "de los cánones",
        "de las regalías",
    ],
    third_state: &[
        "tercer estado",
        "tercer país",
        "terceros estados",
        "terceros países",
    ],
    lower_rate: &["inferior", "reducid", "más favorable", "más bajo"],
    relative_rate: &["del tipo", "de la tasa", "del porcentaje"],
    paragraph_reference: &[
        r"(?:subapartado|letra)\s+\(?(?P<label>[a-z])\)?\s+del\s+(?:apartado|párrafo)\s*(?P<paragraph>\d+)",
    ],
    replaced_tier: &[
        r"(?:subapartado|letra)\s+\(?(?P<label>[a-z])\)?\s+del\s+(?:apartado|párrafo)\s*(?P<paragraph>\d{1,2})\s+del\s+[Aa]rtículo\s+(?P<article>\d{1,3}|(?:I|V|X|L){1,7})\b[^.;:]{0,80}?\b(?:se\s+(?:suprime|sustituye|modifica)|(?:queda|será)\s+(?:suprimid|sustituid|modificad|redactad)[oa])",
        r"(?:apartado|párrafo)\s+(?P<paragraph>\d{1,2})\s+del\s+[Aa]rtículo\s+(?P<article>\d{1,3}|(?:I|V|X|L){1,7})\b[^.;:]{0,80}?\b(?:se\s+(?:suprime|sustituye|modifica)|(?:queda|será)\s+(?:suprimid|sustituid|modificad|redactad)[oa])",
    ],
    holding_before: &[
        "al menos",
        "como mínimo",
        "por lo menos",
        "no menos del",
        "posea",
        "posee",
        "controle",
        "controla",
        // "cuya participación en la REIT no excede del 10 por ciento".
        "participación",
    ],
    holding_after: &[
        "del capital",
        "o más del capital",
        "o más de las acciones",
        "o más de los derechos de voto",
        "o más del poder de voto",
        "de los derechos de voto",
        "del poder de voto",
        "de las acciones",
        "de los votos",
        "del valor",
    ],
    upper_bound_before: &[
        "menos del",
        "menos de",
        "inferior al",
        "inferior a",
        "no excede del",
        "no exceda del",
    ],
    upper_bound_after: &[],
    basis_voting: &["voto"],
    basis_capital: &["capital"],
    basis_value: &["valor"],
    either_basis: &[],
    gross_amount: &[
        "del importe bruto",
        "sobre el importe bruto",
        "de su importe bruto",
    ],
    // "participada ... al menos en un 50 por ciento": a share, never a rate ("del 5 por ciento").
    comparison_before: &["más del", "más de", "menos del", "menos de", "en un"],
    comparison_after: &["de sus ", "de su "],
    comparison_after_not: &[],
    exceeded_before: &[],
    taxable_base_before: &["imposición sobre el", "gravamen sobre el"],
    back_reference: &[],
    pe_employees: &[],
    pe_services_furnished: &[],
    pe_construction: &["obra", "construcción", "instalación", "montaje"],
    pe_services: &["servicios"],
    lookback: &["anteriores", "precedentes"],
    counting_window_before: &[
        "cualquier período de",
        "cualquier periodo de",
        "período cualquiera de",
        "periodo cualquiera de",
    ],
    counting_window_after: &[],
    // "bienes inmuebles", "propiedad inmobiliaria", "patrimonio inmobiliario".
    immovable_property: &["inmueble", "inmobiliari"],
    property_value: &[],
    ownership_period_after: &[],
    ownership_period_share: &[],
    ordinal_period: &[
        r"(?P<n>trigésimo|sexagésimo|nonagésimo|\d+º)\s+día\s+(?:siguiente|después|a\s+contar)",
    ],
    ordinals: &[("trigésimo", 30), ("sexagésimo", 60), ("nonagésimo", 90)],
    ordinal_months: &[],
    ordinal_years: &[],
    // Quoted former wording («…», “…”, "…") that an amendment replaces or deletes.
    deleted_text: &[
        // "la expresión «15 por ciento» se sustituye por «10 por ciento»", "... queda suprimida".
        r"[«“\x22](?P<struck>[^»”\x22]+?)[»”\x22]\s+(?:se\s+(?:sustituye|sustituyen|sustituirá|sustituirán|reemplaza|reemplazan|suprime|suprimen|elimina|eliminan)|(?:será|serán|queda|quedan)\s+(?:sustituid|reemplazad|suprimid|eliminad)[oa]s?)\b",
        // "se sustituye la expresión «15 por ciento» por «10 por ciento»".
        r"(?:[Ss]ustitu(?:ye|yen|irá|ir|yendo)|[Rr]eemplaz(?:a|an|ará|ar|ando))\s+(?:la\s+(?:expresión|cifra|referencia)\s+|las\s+(?:palabras|expresiones|cifras)\s+|el\s+término\s+)?[«“\x22](?P<struck>[^»”\x22]+?)[»”\x22]\s+por\b",
    ],
    rate_by_reference: &[],
};
