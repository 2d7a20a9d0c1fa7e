//! Portuguese: see [`crate::RuleWords`].

use crate::rules::RuleWords;
use crate::rules::{IncomeWords, NamedClasses, OwnerWords, Phrase};

pub(super) const RULES: RuleWords = RuleWords {
    exemption: &[
        Phrase::Regex(
            r"(?:só|apenas|somente)\s+(?:podem|poderão|pode|poderá)\s+ser\s+tributad[oa]s?\s+(?:n[oe]ss?e\s+|no\s+)outro\s+estado",
        ),
        Phrase::Regex(r"(?:são|serão|ficam|ficarão)\s+isent[oa]s"),
    ],
    residence_only: &[Phrase::Regex(
        r"só\s+(?:podem|poderão)\s+ser\s+tributad[oa]s\s+nesse\s+estado",
    )],
    resident_subject: &[r"de\s+um\s+residente\s+de\s+um\s+estado\s+contratante"],
    source_subject: &[r"provenientes\s+d", r"pagos\s+por\s+uma\s+sociedade"],
    named_state_only: &[
        r"só\s+(?:podem|poderão)\s+ser\s+tributad[oa]s\s+n[oa]\s+(?P<state>[A-Z][\p{L}]+)",
    ],
    resident_of: &["residente do ", "residente da "],
    arising_in_named: &[],
    contracting: &[],
    source_may_also_tax: &[],
    source_overrides: &[
        r"\Atodavia,\s+(?:esses|estes|tais)\s+(?:[\p{L},]+\s+){1,8}?podem\s+(?:também\s+)?ser\s+tributad[oa]s\s+no\s+estado\s+contratante\s+(?:de\s+que|em\s+que|onde|do\s+qual)",
        // "Não obstante o disposto no n.º 1, os royalties referidos no n.º 1 podem também ser
        // tributados no Estado Contratante de que provêm" (the words between are any but
        // "não": "os dividendos não podem ser tributados" exempts).
        r"\A(?:não\s+obstante|sem\s+prejuízo\s+d)\s*o\s+disposto\s+n[oa]s?\s+[^,;]{1,80},\s+(?:os|as|esses|estes|tais)\s+(?:(?:[\p{L}\d.º°,]{4,}|[\p{L}\d.º°,]{1,2}|[\p{L}\d.º°,&&[^nN]][\p{L}\d.º°,]{2}|[nN][\p{L}\d.º°,&&[^ãÃ]][\p{L}\d.º°,]|[nN][ãÃ][\p{L}\d.º°,&&[^oO]])\s+){1,8}?podem\s+(?:também\s+)?ser\s+tributad[oa]s\s+no\s+estado\s+contratante\s+(?:de\s+que|em\s+que|onde|do\s+qual)",
    ],
    residence_state_after: &[],
    paid_by_state: &[
        r"pagos\s+por,?(?:\s+ou\s+[\p{L}\s]+?,?)?\s+(?:um\s+estado\s+contratante|o\s+governo|esse\s+estado)",
    ],
    state_backed_debt: &[],
    beneficiaries_end: &[],
    list_lead: &[],
    conditions_list_lead: &[
        r"\be\s+(?:que\s+)?(?:satisfaça|preencha|cumpra)\s+",
        r"\be\s*:\s*\z",
    ],
    owners: OwnerWords {
        company_not_partnership: &["sociedade de pessoas", "sociedades de pessoas"],
        pension_fund: &["fundo de pensões", "fundo de pensão"],
        central_bank: &["banco central"],
        government: &["governo", "subdivisão política", "autarquia"],
        financial_institution: &["instituição financeira"],
        bank: &["banco"],
        company: &["uma sociedade"],
        individual: &["pessoa singular", "pessoa física"],
    },
    beneficial_owner: &["beneficiário efetivo", "beneficiário efectivo"],
    or: &[" ou "],
    and: &[" e "],
    all_other_cases: &[
        "nos demais casos",
        "nos restantes casos",
        "em todos os outros casos",
        "em todos os demais casos",
    ],
    income: IncomeWords {
        copyright: &["direitos de autor", "direito de autor"],
        films: &["filmes"],
        // Portuguese treaties use the English loanwords too.
        software: &["software", "programas de computador"],
        patents: &["patente"],
        trademarks: &["marcas", "marca de"],
        equipment: &["equipamento"],
        know_how: &[
            "know-how",
            "informações relativas",
            "informações respeitantes",
        ],
        technical_services: &["assistência técnica", "serviços técnicos"],
        government_debt: &["títulos públicos", "dívida pública"],
        bank_loan: &["empréstimo concedido por um banco"],
        sale_on_credit: &["venda a crédito"],
        contingent_interest: &[],
        export_credit: &["exporta"],
        government_guaranteed: &[],
        indirect_financing: &[],
        late_payment_penalty: &["multa"],
        excluded_after: &["com exclusão de", "excluindo", "exceto", "excepto", "salvo"],
    },
    lending_body: &[],
    technical_fees: &["serviços técnicos", "assistência técnica"],
    royalties: &["royalt", "direitos de autor"],
    technical_fees_deemed_royalties: &[
        // "A expressão "informações correspondentes à experiência adquirida ..." mencionada no
        // parágrafo 3 do Artigo 12 inclui os rendimentos provenientes da prestação de serviços
        // técnicos e assistência técnica"; "o termo "royalties" ... inclui".
        r"(?:royalt|informaç|experiência)[^.;]*?\binclu(?:i|em)\b[^.;]*?(?:serviços\s+técnicos|assistência\s+técnica)",
        // "... serviços técnicos ... serão considerados como royalties".
        r"(?:serviços\s+técnicos|assistência\s+técnica)[^.;]*?\b(?:considerad|tratad|equiparad)[oa]s?\s+(?:como\s+)?(?:royalt|rendimentos\s+(?:referidos|mencionados)\s+no\s+artigo)",
        // "o disposto no parágrafo 3 do Artigo 12 aplica-se a ... serviços técnicos".
        r"disposto\s+no\s+(?:parágrafo\s+\d{1,2}\s+do\s+)?artigo\s+(?P<article>\d{1,3}[a-z]?)\b[^.;]*?\baplica(?:-se|m-se)?\s+[^.;]*?(?:serviços\s+técnicos|assistência\s+técnica)",
    ],
    negation: &[" não "],
    initial_period_before: &["durante os primeiros", "nos primeiros"],
    initial_period_after: &[
        "a partir da entrada em vigor",
        "após a entrada em vigor",
        "seguintes à entrada em vigor",
    ],
    dividends: &[],
    named_classes: NamedClasses {
        dividends: &["dividendo"],
        interest: &["juros"],
        royalties: &["royalt"],
    },
    class_reference: &["referidos no artigo", "referidos nos artigos"],
    establishment: &[
        "estabelecimento permanente",
        "estabelecimento estável",
        "sucursal",
    ],
    distribution_amount: &["dos dividendos", "dos juros", "das royalties"],
    third_state: &["terceiro estado", "terceiro país"],
    lower_rate: &["inferior", "reduzid", "mais favorável"],
    relative_rate: &["da taxa", "da percentagem", "do percentual"],
    paragraph_reference: &[
        r"alínea\s+\(?(?P<label>[a-z])\)?\s+do\s+(?:n\.º|parágrafo|número|n\.o)\s*(?P<paragraph>\d+)",
    ],
    replaced_tier: &[
        r"alínea\s+\(?(?P<label>[a-z])\)?\s+do\s+(?:n\.º|parágrafo|número|n\.o)\s*(?P<paragraph>\d{1,2})\s+do\s+[Aa]rtigo\s+(?P<article>\d{1,3})(?:\.º|º)?[^.;:]{0,80}?\b(?:é|são|será|serão)\s+(?:eliminad[ao]s?\s+e\s+)?(?:substituíd[ao]s?|alterad[ao]s?)",
        r"(?:n\.º|parágrafo|número|n\.o)\s*(?P<paragraph>\d{1,2})\s+do\s+[Aa]rtigo\s+(?P<article>\d{1,3})(?:\.º|º)?[^.;:]{0,80}?\b(?:é|são|será|serão)\s+(?:eliminad[ao]s?\s+e\s+)?(?:substituíd[ao]s?|alterad[ao]s?)",
    ],
    holding_before: &["pelo menos", "no mínimo", "detenha", "detiver", "possua"],
    holding_after: &["do capital", "dos votos", "das ações", "do valor"],
    upper_bound_before: &["menos de", "inferior a"],
    upper_bound_after: &[],
    basis_voting: &["votos"],
    basis_capital: &["capital"],
    basis_value: &["valor"],
    either_basis: &[],
    gross_amount: &["do montante bruto"],
    comparison_before: &["mais de", "menos de"],
    comparison_after: &["dos seus ", "das suas "],
    comparison_after_not: &[],
    exceeded_before: &[],
    taxable_base_before: &["tributados sobre", "tributadas sobre"],
    back_reference: &[],
    pe_employees: &[],
    pe_services_furnished: &[],
    pe_construction: &["obra", "estaleiro", "construção", "montagem"],
    pe_services: &["serviços"],
    lookback: &["anteriores"],
    counting_window_before: &["qualquer período de", "período qualquer de"],
    counting_window_after: &[],
    immovable_property: &[],
    property_value: &[],
    ownership_period_after: &[],
    ownership_period_share: &[],
    ordinal_period: &[
        r"(?P<n>trigésimo|sexagésimo|nonagésimo|\d+º)\s+dia\s+(?:após|seguinte|a contar)",
    ],
    ordinals: &[("trigésimo", 30), ("sexagésimo", 60), ("nonagésimo", 90)],
    ordinal_months: &[],
    ordinal_years: &[],
    // Quoted former wording («…», “…”, "…") that an amendment replaces or deletes.
    deleted_text: &[
        // "a expressão «15 por cento» é substituída por «10 por cento»", "... é suprimida".
        r"[«“\x22](?P<struck>[^»”\x22]+?)[»”\x22]\s+(?:é|são|será|serão|fica|ficam)\s+(?:substituíd|suprimid|eliminad)[oa]s?\b",
        // "substitui-se a expressão «15 por cento» por «10 por cento»".
        r"[Ss]ubstitu(?:i|em|ir|indo)(?:-se)?\s+(?:a\s+(?:expressão|referência)\s+|as\s+(?:palavras|expressões)\s+|o\s+termo\s+)?[«“\x22](?P<struck>[^»”\x22]+?)[»”\x22]\s+por\b",
    ],
    rate_by_reference: &[],
};
