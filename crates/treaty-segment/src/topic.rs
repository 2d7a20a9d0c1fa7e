//! Canonical article topics, from a title in any of the three languages or from content.
//!
//! The vocabulary is that of the OECD and UN model conventions and their usual Portuguese
//! and Japanese renderings, so it carries over to treaties not seen before.

/// A canonical article topic (OECD/UN model order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Topic {
    PersonsCovered,
    TaxesCovered,
    GeneralDefinitions,
    Resident,
    PermanentEstablishment,
    ImmovableProperty,
    BusinessProfits,
    ShippingAirTransport,
    AssociatedEnterprises,
    Dividends,
    Interest,
    Royalties,
    TechnicalServices,
    CapitalGains,
    IndependentPersonalServices,
    Employment,
    DirectorsFees,
    ArtistesSportsmen,
    Pensions,
    GovernmentService,
    TeachersResearchers,
    Students,
    OtherIncome,
    Capital,
    EliminationDoubleTaxation,
    NonDiscrimination,
    MutualAgreement,
    ExchangeOfInformation,
    AssistanceCollection,
    DiplomaticAgents,
    EntitlementToBenefits,
    TerritorialExtension,
    EntryIntoForce,
    Termination,
    Miscellaneous,
}

impl Topic {
    /// Every topic, in model order.
    pub const ALL: [Topic; 35] = [
        Topic::PersonsCovered,
        Topic::TaxesCovered,
        Topic::GeneralDefinitions,
        Topic::Resident,
        Topic::PermanentEstablishment,
        Topic::ImmovableProperty,
        Topic::BusinessProfits,
        Topic::ShippingAirTransport,
        Topic::AssociatedEnterprises,
        Topic::Dividends,
        Topic::Interest,
        Topic::Royalties,
        Topic::TechnicalServices,
        Topic::CapitalGains,
        Topic::IndependentPersonalServices,
        Topic::Employment,
        Topic::DirectorsFees,
        Topic::ArtistesSportsmen,
        Topic::Pensions,
        Topic::GovernmentService,
        Topic::TeachersResearchers,
        Topic::Students,
        Topic::OtherIncome,
        Topic::Capital,
        Topic::EliminationDoubleTaxation,
        Topic::NonDiscrimination,
        Topic::MutualAgreement,
        Topic::ExchangeOfInformation,
        Topic::AssistanceCollection,
        Topic::DiplomaticAgents,
        Topic::EntitlementToBenefits,
        Topic::TerritorialExtension,
        Topic::EntryIntoForce,
        Topic::Termination,
        Topic::Miscellaneous,
    ];

    /// The snake_case name used in datasets.
    pub fn as_str(self) -> &'static str {
        match self {
            Topic::PersonsCovered => "persons_covered",
            Topic::TaxesCovered => "taxes_covered",
            Topic::GeneralDefinitions => "general_definitions",
            Topic::Resident => "resident",
            Topic::PermanentEstablishment => "permanent_establishment",
            Topic::ImmovableProperty => "immovable_property",
            Topic::BusinessProfits => "business_profits",
            Topic::ShippingAirTransport => "shipping_air_transport",
            Topic::AssociatedEnterprises => "associated_enterprises",
            Topic::Dividends => "dividends",
            Topic::Interest => "interest",
            Topic::Royalties => "royalties",
            Topic::TechnicalServices => "technical_services",
            Topic::CapitalGains => "capital_gains",
            Topic::IndependentPersonalServices => "independent_personal_services",
            Topic::Employment => "employment",
            Topic::DirectorsFees => "directors_fees",
            Topic::ArtistesSportsmen => "artistes_sportsmen",
            Topic::Pensions => "pensions",
            Topic::GovernmentService => "government_service",
            Topic::TeachersResearchers => "teachers_researchers",
            Topic::Students => "students",
            Topic::OtherIncome => "other_income",
            Topic::Capital => "capital",
            Topic::EliminationDoubleTaxation => "elimination_double_taxation",
            Topic::NonDiscrimination => "non_discrimination",
            Topic::MutualAgreement => "mutual_agreement",
            Topic::ExchangeOfInformation => "exchange_of_information",
            Topic::AssistanceCollection => "assistance_collection",
            Topic::DiplomaticAgents => "diplomatic_agents",
            Topic::EntitlementToBenefits => "entitlement_to_benefits",
            Topic::TerritorialExtension => "territorial_extension",
            Topic::EntryIntoForce => "entry_into_force",
            Topic::Termination => "termination",
            Topic::Miscellaneous => "miscellaneous",
        }
    }

    /// Parses a snake_case name.
    pub fn from_name(name: &str) -> Option<Topic> {
        Topic::ALL.iter().copied().find(|t| t.as_str() == name)
    }
}

/// Title phrases (lower case). The longest phrase found in a title decides.
const TITLE_PHRASES: &[(&str, Topic)] = &[
    ("entitlement to the benefits", Topic::EntitlementToBenefits),
    ("benefits of the convention", Topic::EntitlementToBenefits),
    ("benefícios da convenção", Topic::EntitlementToBenefits),
    // English
    ("persons covered", Topic::PersonsCovered),
    ("personal scope", Topic::PersonsCovered),
    ("taxes covered", Topic::TaxesCovered),
    ("general definitions", Topic::GeneralDefinitions),
    ("definitions", Topic::GeneralDefinitions),
    ("resident", Topic::Resident),
    ("fiscal domicile", Topic::Resident),
    ("permanent establishment", Topic::PermanentEstablishment),
    ("immovable property", Topic::ImmovableProperty),
    ("real property", Topic::ImmovableProperty),
    ("business profits", Topic::BusinessProfits),
    ("industrial and commercial profits", Topic::BusinessProfits),
    ("shipping", Topic::ShippingAirTransport),
    ("air transport", Topic::ShippingAirTransport),
    ("international transport", Topic::ShippingAirTransport),
    ("international traffic", Topic::ShippingAirTransport),
    ("associated enterprises", Topic::AssociatedEnterprises),
    ("related enterprises", Topic::AssociatedEnterprises),
    ("dividends", Topic::Dividends),
    ("interest", Topic::Interest),
    ("royalties", Topic::Royalties),
    // A royalties article that also taxes technical fees is the royalties article; its
    // technical-fee tiers get their own topic when rows are extracted.
    (
        "royalties and fees for technical services",
        Topic::Royalties,
    ),
    ("royalties and technical", Topic::Royalties),
    ("technical fees", Topic::TechnicalServices),
    ("technical services", Topic::TechnicalServices),
    ("fees for technical", Topic::TechnicalServices),
    ("capital gains", Topic::CapitalGains),
    ("gains", Topic::CapitalGains),
    ("alienation of property", Topic::CapitalGains),
    (
        "independent personal services",
        Topic::IndependentPersonalServices,
    ),
    ("independent services", Topic::IndependentPersonalServices),
    ("professional services", Topic::IndependentPersonalServices),
    ("dependent personal services", Topic::Employment),
    ("income from employment", Topic::Employment),
    ("employment", Topic::Employment),
    ("directors' fees", Topic::DirectorsFees),
    ("directors fees", Topic::DirectorsFees),
    ("directors", Topic::DirectorsFees),
    ("artistes", Topic::ArtistesSportsmen),
    ("artists", Topic::ArtistesSportsmen),
    ("entertainers", Topic::ArtistesSportsmen),
    ("sportsmen", Topic::ArtistesSportsmen),
    ("athletes", Topic::ArtistesSportsmen),
    ("pensions", Topic::Pensions),
    ("annuities", Topic::Pensions),
    ("government service", Topic::GovernmentService),
    ("governmental payments", Topic::GovernmentService),
    ("government payments", Topic::GovernmentService),
    ("governmental functions", Topic::GovernmentService),
    ("public functions", Topic::GovernmentService),
    ("teachers", Topic::TeachersResearchers),
    ("professors", Topic::TeachersResearchers),
    ("researchers", Topic::TeachersResearchers),
    ("students", Topic::Students),
    ("trainees", Topic::Students),
    ("apprentices", Topic::Students),
    ("other income", Topic::OtherIncome),
    ("income not expressly mentioned", Topic::OtherIncome),
    ("capital", Topic::Capital),
    (
        "elimination of double taxation",
        Topic::EliminationDoubleTaxation,
    ),
    (
        "methods for the elimination",
        Topic::EliminationDoubleTaxation,
    ),
    (
        "relief from double taxation",
        Topic::EliminationDoubleTaxation,
    ),
    (
        "avoidance of double taxation",
        Topic::EliminationDoubleTaxation,
    ),
    ("double taxation", Topic::EliminationDoubleTaxation),
    ("non-discrimination", Topic::NonDiscrimination),
    ("nondiscrimination", Topic::NonDiscrimination),
    ("mutual agreement", Topic::MutualAgreement),
    ("exchange of information", Topic::ExchangeOfInformation),
    ("assistance in the collection", Topic::AssistanceCollection),
    ("assistance in collection", Topic::AssistanceCollection),
    ("collection of taxes", Topic::AssistanceCollection),
    ("diplomatic", Topic::DiplomaticAgents),
    ("consular", Topic::DiplomaticAgents),
    ("entitlement to benefits", Topic::EntitlementToBenefits),
    ("limitation of benefits", Topic::EntitlementToBenefits),
    ("limitation on benefits", Topic::EntitlementToBenefits),
    ("territorial extension", Topic::TerritorialExtension),
    ("extension to territories", Topic::TerritorialExtension),
    ("entry into force", Topic::EntryIntoForce),
    ("termination", Topic::Termination),
    ("miscellaneous", Topic::Miscellaneous),
    ("general provisions", Topic::Miscellaneous),
    ("final provisions", Topic::Miscellaneous),
    ("methods of application", Topic::Miscellaneous),
    ("registration", Topic::Miscellaneous),
    // Portuguese
    ("pessoas visadas", Topic::PersonsCovered),
    ("âmbito pessoal", Topic::PersonsCovered),
    ("pessoas abrangidas", Topic::PersonsCovered),
    ("impostos visados", Topic::TaxesCovered),
    ("impostos abrangidos", Topic::TaxesCovered),
    ("definições gerais", Topic::GeneralDefinitions),
    ("definições", Topic::GeneralDefinitions),
    ("residente", Topic::Resident),
    ("residência", Topic::Resident),
    ("domicílio fiscal", Topic::Resident),
    ("estabelecimento estável", Topic::PermanentEstablishment),
    ("estabelecimento permanente", Topic::PermanentEstablishment),
    ("bens imobiliários", Topic::ImmovableProperty),
    ("rendimentos imobiliários", Topic::ImmovableProperty),
    ("bens imóveis", Topic::ImmovableProperty),
    ("lucros das empresas", Topic::BusinessProfits),
    ("lucros empresariais", Topic::BusinessProfits),
    ("navegação marítima", Topic::ShippingAirTransport),
    ("transporte marítimo", Topic::ShippingAirTransport),
    ("transporte aéreo", Topic::ShippingAirTransport),
    ("transporte internacional", Topic::ShippingAirTransport),
    ("empresas associadas", Topic::AssociatedEnterprises),
    ("dividendos", Topic::Dividends),
    ("juros", Topic::Interest),
    ("royalties", Topic::Royalties),
    ("direitos de autor", Topic::Royalties),
    ("serviços técnicos", Topic::TechnicalServices),
    ("mais-valias", Topic::CapitalGains),
    ("ganhos de capital", Topic::CapitalGains),
    (
        "profissões independentes",
        Topic::IndependentPersonalServices,
    ),
    ("trabalho independente", Topic::IndependentPersonalServices),
    ("serviços profissionais", Topic::IndependentPersonalServices),
    ("trabalho dependente", Topic::Employment),
    ("profissões dependentes", Topic::Employment),
    ("emprego", Topic::Employment),
    ("percentagens de membros de conselhos", Topic::DirectorsFees),
    ("remunerações de direção", Topic::DirectorsFees),
    ("remunerações de direcção", Topic::DirectorsFees),
    ("membros de conselhos", Topic::DirectorsFees),
    ("administradores", Topic::DirectorsFees),
    ("artistas", Topic::ArtistesSportsmen),
    ("desportistas", Topic::ArtistesSportsmen),
    ("atletas", Topic::ArtistesSportsmen),
    ("pensões", Topic::Pensions),
    ("remunerações públicas", Topic::GovernmentService),
    ("pagamentos governamentais", Topic::GovernmentService),
    ("remunerações governamentais", Topic::GovernmentService),
    ("funções governamentais", Topic::GovernmentService),
    ("funções públicas", Topic::GovernmentService),
    ("serviço governamental", Topic::GovernmentService),
    ("professores", Topic::TeachersResearchers),
    ("investigadores", Topic::TeachersResearchers),
    ("pesquisadores", Topic::TeachersResearchers),
    ("estudantes", Topic::Students),
    ("aprendizes", Topic::Students),
    ("outros rendimentos", Topic::OtherIncome),
    ("rendimentos não expressamente", Topic::OtherIncome),
    ("património", Topic::Capital),
    ("patrimônio", Topic::Capital),
    (
        "eliminação da dupla tributação",
        Topic::EliminationDoubleTaxation,
    ),
    (
        "eliminar a dupla tributação",
        Topic::EliminationDoubleTaxation,
    ),
    ("dupla tributação", Topic::EliminationDoubleTaxation),
    ("não discriminação", Topic::NonDiscrimination),
    ("não-discriminação", Topic::NonDiscrimination),
    ("procedimento amigável", Topic::MutualAgreement),
    ("procedimento de acordo mútuo", Topic::MutualAgreement),
    ("troca de informações", Topic::ExchangeOfInformation),
    ("intercâmbio de informações", Topic::ExchangeOfInformation),
    ("cobrança de impostos", Topic::AssistanceCollection),
    (
        "assistência em matéria de cobrança",
        Topic::AssistanceCollection,
    ),
    ("agentes diplomáticos", Topic::DiplomaticAgents),
    ("missões diplomáticas", Topic::DiplomaticAgents),
    ("funcionários diplomáticos", Topic::DiplomaticAgents),
    ("direito a benefícios", Topic::EntitlementToBenefits),
    ("direito aos benefícios", Topic::EntitlementToBenefits),
    ("limitação de benefícios", Topic::EntitlementToBenefits),
    ("limitação dos benefícios", Topic::EntitlementToBenefits),
    ("extensão territorial", Topic::TerritorialExtension),
    ("entrada em vigor", Topic::EntryIntoForce),
    ("vigência", Topic::EntryIntoForce),
    ("denúncia", Topic::Termination),
    ("cessação", Topic::Termination),
    ("disposições diversas", Topic::Miscellaneous),
    ("disposições gerais", Topic::Miscellaneous),
    ("modalidades de aplicação", Topic::Miscellaneous),
    ("métodos de aplicação", Topic::Miscellaneous),
    ("registo", Topic::Miscellaneous),
    ("registro", Topic::Miscellaneous),
    // Japanese
    ("対象となる者", Topic::PersonsCovered),
    ("対象となる租税", Topic::TaxesCovered),
    ("一般的定義", Topic::GeneralDefinitions),
    ("定義", Topic::GeneralDefinitions),
    ("居住者", Topic::Resident),
    ("恒久的施設", Topic::PermanentEstablishment),
    ("不動産所得", Topic::ImmovableProperty),
    ("事業利得", Topic::BusinessProfits),
    ("海上運送", Topic::ShippingAirTransport),
    ("航空運送", Topic::ShippingAirTransport),
    ("国際運輸", Topic::ShippingAirTransport),
    ("関連企業", Topic::AssociatedEnterprises),
    ("特殊関連企業", Topic::AssociatedEnterprises),
    ("配当", Topic::Dividends),
    ("利子", Topic::Interest),
    ("債権から生じた所得", Topic::Interest),
    ("債権から生ずる所得", Topic::Interest),
    ("使用料", Topic::Royalties),
    ("技術上の役務", Topic::TechnicalServices),
    ("譲渡収益", Topic::CapitalGains),
    ("自由職業所得", Topic::IndependentPersonalServices),
    ("給与所得", Topic::Employment),
    ("役員報酬", Topic::DirectorsFees),
    ("芸能人", Topic::ArtistesSportsmen),
    ("運動家", Topic::ArtistesSportsmen),
    ("退職年金", Topic::Pensions),
    ("年金", Topic::Pensions),
    ("政府職員", Topic::GovernmentService),
    ("政府の職務", Topic::GovernmentService),
    ("教授", Topic::TeachersResearchers),
    ("教員", Topic::TeachersResearchers),
    ("研究者", Topic::TeachersResearchers),
    ("学生", Topic::Students),
    ("事業修習者", Topic::Students),
    ("その他の所得", Topic::OtherIncome),
    ("明示されない所得", Topic::OtherIncome),
    ("財産", Topic::Capital),
    ("二重課税の除去", Topic::EliminationDoubleTaxation),
    ("無差別待遇", Topic::NonDiscrimination),
    ("相互協議", Topic::MutualAgreement),
    ("情報の交換", Topic::ExchangeOfInformation),
    ("徴収", Topic::AssistanceCollection),
    ("外交使節団", Topic::DiplomaticAgents),
    ("構成員", Topic::DiplomaticAgents),
    ("外交官", Topic::DiplomaticAgents),
    ("領事機関", Topic::DiplomaticAgents),
    ("特典を受ける権利", Topic::EntitlementToBenefits),
    ("特典の制限", Topic::EntitlementToBenefits),
    ("減免の制限", Topic::EntitlementToBenefits),
    ("適用地域", Topic::TerritorialExtension),
    ("効力発生", Topic::EntryIntoForce),
    ("終了", Topic::Termination),
    ("見出し", Topic::Miscellaneous),
    ("雑則", Topic::Miscellaneous),
];

/// The Japanese title phrases, for cutting titles that run into the text.
pub fn japanese_title_phrases() -> impl Iterator<Item = &'static str> {
    TITLE_PHRASES
        .iter()
        .map(|(phrase, _)| *phrase)
        .filter(|p| p.chars().any(|c| c as u32 > 0x3000))
}

/// The topic a title names, if any phrase matches.
pub fn topic_from_title(title: &str) -> Option<Topic> {
    let title = title.to_lowercase();
    let longest = |title: &str, fold: fn(&str) -> String| {
        TITLE_PHRASES
            .iter()
            .filter(|(phrase, _)| title.contains(fold(phrase).as_str()))
            .max_by_key(|(phrase, _)| phrase.chars().count())
            .map(|(_, topic)| *topic)
    };
    // Exact first; then with the letters OCR confuses folded together on both sides
    // (`Assoclated enterprises`).
    longest(&title, |phrase| phrase.to_string()).or_else(|| longest(&ocr_fold(&title), ocr_fold))
}

/// Folds the characters OCR confuses (`l`, `1`, `I` and `i`; `rn` and `m`; `0` and `o`).
fn ocr_fold(text: &str) -> String {
    text.replace("rn", "m")
        .chars()
        .map(|c| match c {
            'l' | '1' | 'I' | '|' => 'i',
            '0' => 'o',
            other => other,
        })
        .collect()
}

/// Content phrases (lower case) with their weight: the wording by which model articles open.
const CONTENT_PHRASES: &[(&str, Topic, f32)] = &[
    ("pensions", Topic::Pensions, 1.5),
    ("social security", Topic::Pensions, 1.0),
    ("alimony", Topic::Pensions, 1.0),
    ("pensões", Topic::Pensions, 1.5),
    (
        "paid by a contracting state or a political subdivision",
        Topic::GovernmentService,
        6.0,
    ),
    ("paid by a contracting state", Topic::GovernmentService, 2.0),
    (
        "pagas por um estado contratante",
        Topic::GovernmentService,
        4.0,
    ),
    ("impostos aos quais se aplica", Topic::TaxesCovered, 4.0),
    ("impostos atuais", Topic::TaxesCovered, 3.0),
    (
        "taxes to which this convention shall apply",
        Topic::TaxesCovered,
        4.0,
    ),
    (
        "taxes to which the convention shall apply",
        Topic::TaxesCovered,
        4.0,
    ),
    (
        "shall apply to persons who are residents",
        Topic::PersonsCovered,
        5.0,
    ),
    (
        "aplica-se às pessoas residentes",
        Topic::PersonsCovered,
        5.0,
    ),
    (
        "se aplica às pessoas residentes",
        Topic::PersonsCovered,
        5.0,
    ),
    ("shall apply to taxes on income", Topic::TaxesCovered, 5.0),
    ("existing taxes to which", Topic::TaxesCovered, 4.0),
    (
        "aplica-se aos impostos sobre o rendimento",
        Topic::TaxesCovered,
        5.0,
    ),
    (
        "unless the context otherwise requires",
        Topic::GeneralDefinitions,
        5.0,
    ),
    ("a não ser que o contexto", Topic::GeneralDefinitions, 5.0),
    (
        "the term \"resident of a contracting state\"",
        Topic::Resident,
        5.0,
    ),
    (
        "term “resident of a contracting state”",
        Topic::Resident,
        5.0,
    ),
    (
        "resident of a contracting state\" means",
        Topic::Resident,
        5.0,
    ),
    (
        "resident of a contracting state” means",
        Topic::Resident,
        5.0,
    ),
    ("residente de um estado contratante", Topic::Resident, 1.0),
    (
        "the term \"permanent establishment\"",
        Topic::PermanentEstablishment,
        5.0,
    ),
    (
        "term “permanent establishment”",
        Topic::PermanentEstablishment,
        5.0,
    ),
    (
        "permanent establishment\" means",
        Topic::PermanentEstablishment,
        5.0,
    ),
    (
        "permanent establishment” means",
        Topic::PermanentEstablishment,
        5.0,
    ),
    (
        "fixed place of business",
        Topic::PermanentEstablishment,
        3.0,
    ),
    ("from immovable property", Topic::ImmovableProperty, 4.0),
    ("de bens imobiliários", Topic::ImmovableProperty, 2.0),
    (
        "the profits of an enterprise of a contracting state shall be taxable only",
        Topic::BusinessProfits,
        5.0,
    ),
    (
        "os lucros de uma empresa de um estado contratante só podem",
        Topic::BusinessProfits,
        5.0,
    ),
    (
        "operation of ships or aircraft in international traffic",
        Topic::ShippingAirTransport,
        3.0,
    ),
    ("ships or aircraft", Topic::ShippingAirTransport, 1.5),
    (
        "participates directly or indirectly in the management",
        Topic::AssociatedEnterprises,
        5.0,
    ),
    ("dividends", Topic::Dividends, 1.0),
    ("dividendos", Topic::Dividends, 1.0),
    ("interest", Topic::Interest, 0.8),
    ("juros", Topic::Interest, 0.8),
    ("royalties", Topic::Royalties, 1.0),
    ("fees for technical services", Topic::TechnicalServices, 3.0),
    ("gains derived by a resident", Topic::CapitalGains, 4.0),
    ("gains from the alienation", Topic::CapitalGains, 4.0),
    ("ganhos que um residente", Topic::CapitalGains, 4.0),
    (
        "activities of an independent character",
        Topic::IndependentPersonalServices,
        5.0,
    ),
    (
        "salaries, wages and other similar remuneration",
        Topic::Employment,
        5.0,
    ),
    ("in respect of an employment", Topic::Employment, 2.0),
    ("board of directors", Topic::DirectorsFees, 3.0),
    ("directors' fees", Topic::DirectorsFees, 4.0),
    ("directors’ fees", Topic::DirectorsFees, 4.0),
    ("entertainer", Topic::ArtistesSportsmen, 3.0),
    ("sportsman", Topic::ArtistesSportsmen, 3.0),
    ("sportsperson", Topic::ArtistesSportsmen, 3.0),
    (
        "pensions and other similar remuneration",
        Topic::Pensions,
        5.0,
    ),
    ("rendered to that state", Topic::GovernmentService, 3.0),
    (
        "rendered to that contracting state",
        Topic::GovernmentService,
        3.0,
    ),
    ("student or business apprentice", Topic::Students, 5.0),
    ("student, apprentice", Topic::Students, 5.0),
    (
        "his maintenance, education or training",
        Topic::Students,
        4.0,
    ),
    ("teaching or research", Topic::TeachersResearchers, 4.0),
    ("items of income", Topic::OtherIncome, 3.0),
    (
        "not dealt with in the foregoing articles",
        Topic::OtherIncome,
        5.0,
    ),
    ("capital represented by", Topic::Capital, 5.0),
    (
        "double taxation shall be avoided",
        Topic::EliminationDoubleTaxation,
        5.0,
    ),
    (
        "shall allow as a deduction",
        Topic::EliminationDoubleTaxation,
        4.0,
    ),
    (
        "deduction from the tax",
        Topic::EliminationDoubleTaxation,
        2.0,
    ),
    ("more burdensome", Topic::NonDiscrimination, 4.0),
    ("present his case", Topic::MutualAgreement, 5.0),
    (
        "shall exchange such information",
        Topic::ExchangeOfInformation,
        5.0,
    ),
    (
        "assistance in the collection",
        Topic::AssistanceCollection,
        5.0,
    ),
    (
        "members of diplomatic missions",
        Topic::DiplomaticAgents,
        5.0,
    ),
    ("instruments of ratification", Topic::EntryIntoForce, 3.0),
    ("shall enter into force", Topic::EntryIntoForce, 4.0),
    ("shall remain in force", Topic::Termination, 4.0),
    ("notice of termination", Topic::Termination, 4.0),
    // Japanese: the wording by which the articles of Japan's conventions open (the
    // Japanese text of the OECD and UN models), in current and older spelling (`行なう`,
    // `よつて`).
    (
        "双方の締約国の居住者である者に適用する",
        Topic::PersonsCovered,
        5.0,
    ),
    ("この条約が適用される租税", Topic::TaxesCovered, 2.0),
    ("この条約の対象である租税", Topic::TaxesCovered, 2.0),
    ("この協定が適用される租税", Topic::TaxesCovered, 2.0),
    ("この協定の対象である租税", Topic::TaxesCovered, 2.0),
    ("現行の租税", Topic::TaxesCovered, 3.0),
    (
        "別に解釈すべき場合を除くほか",
        Topic::GeneralDefinitions,
        5.0,
    ),
    ("「一方の締約国の居住者」とは", Topic::Resident, 5.0),
    ("「恒久的施設」とは", Topic::PermanentEstablishment, 5.0),
    ("事業を行う一定の場所", Topic::PermanentEstablishment, 3.0),
    ("事業を行なう一定の場所", Topic::PermanentEstablishment, 3.0),
    ("不動産から取得する所得", Topic::ImmovableProperty, 5.0),
    ("不動産から生ずる所得", Topic::ImmovableProperty, 5.0),
    ("企業の利得に対しては", Topic::BusinessProfits, 4.0),
    ("国際運輸", Topic::ShippingAirTransport, 1.0),
    ("船舶又は航空機", Topic::ShippingAirTransport, 1.5),
    ("直接又は間接に参加", Topic::AssociatedEnterprises, 4.0),
    ("直接若しくは間接に参加", Topic::AssociatedEnterprises, 4.0),
    ("配当", Topic::Dividends, 1.0),
    ("利子", Topic::Interest, 1.0),
    ("債権から生じた所得", Topic::Interest, 1.0),
    ("債権から生ずる所得", Topic::Interest, 1.0),
    ("使用料", Topic::Royalties, 1.0),
    ("技術上の役務に対する料金", Topic::TechnicalServices, 4.0),
    ("譲渡によつて取得する収益", Topic::CapitalGains, 4.0),
    ("譲渡によって取得する収益", Topic::CapitalGains, 4.0),
    ("譲渡から生ずる収益", Topic::CapitalGains, 4.0),
    ("譲渡収益", Topic::CapitalGains, 1.0),
    (
        "自由職業その他の独立の性格を有する活動",
        Topic::IndependentPersonalServices,
        5.0,
    ),
    ("独立の人的役務", Topic::IndependentPersonalServices, 1.0),
    ("給料、賃金その他これらに類する報酬", Topic::Employment, 5.0),
    ("給料、賃金その他これに類する報酬", Topic::Employment, 5.0),
    ("勤務について取得する", Topic::Employment, 1.5),
    // Remuneration for work aboard a ship or aircraft in international traffic (the model's
    // employment article, paragraph 3).
    ("勤務に係る報酬", Topic::Employment, 3.0),
    ("勤務に関して取得する", Topic::Employment, 1.5),
    ("役員の資格で取得する", Topic::DirectorsFees, 5.0),
    ("役員報酬", Topic::DirectorsFees, 1.5),
    ("芸能人", Topic::ArtistesSportsmen, 2.0),
    ("運動家", Topic::ArtistesSportsmen, 2.0),
    ("退職年金その他これに類する報酬", Topic::Pensions, 5.0),
    ("退職年金", Topic::Pensions, 1.5),
    (
        "政府又は地方公共団体に対し提供される役務",
        Topic::GovernmentService,
        5.0,
    ),
    (
        "地方公共団体に対し提供される役務",
        Topic::GovernmentService,
        4.0,
    ),
    ("学生又は事業修習者", Topic::Students, 5.0),
    ("事業習得者", Topic::Students, 3.0),
    (
        "生計、教育又は訓練のために受け取る給付",
        Topic::Students,
        5.0,
    ),
    ("教育又は研究", Topic::TeachersResearchers, 4.0),
    ("教授", Topic::TeachersResearchers, 1.5),
    ("前各条に規定がないもの", Topic::OtherIncome, 5.0),
    ("明文の規定がないもの", Topic::OtherIncome, 5.0),
    ("前各条に規定のないもの", Topic::OtherIncome, 5.0),
    ("前諸条の規定の適用を受けないもの", Topic::OtherIncome, 5.0),
    ("所得の項目", Topic::OtherIncome, 2.0),
    ("財産によつて表示される資本", Topic::Capital, 5.0),
    ("財産によって表示される資本", Topic::Capital, 5.0),
    (
        "二重課税は、次のように除去される",
        Topic::EliminationDoubleTaxation,
        5.0,
    ),
    (
        "日本国の租税から控除",
        Topic::EliminationDoubleTaxation,
        4.0,
    ),
    ("租税から控除", Topic::EliminationDoubleTaxation, 3.0),
    ("より重い", Topic::NonDiscrimination, 3.0),
    ("負担の重い", Topic::NonDiscrimination, 3.0),
    (
        "国民は、他方の締約国において",
        Topic::NonDiscrimination,
        3.0,
    ),
    (
        "この条約の規定に適合しない課税",
        Topic::MutualAgreement,
        5.0,
    ),
    (
        "この協定の規定に適合しない課税",
        Topic::MutualAgreement,
        5.0,
    ),
    ("申立て", Topic::MutualAgreement, 1.5),
    ("情報を交換する", Topic::ExchangeOfInformation, 5.0),
    ("情報の交換", Topic::ExchangeOfInformation, 2.0),
    ("租税債権の徴収", Topic::AssistanceCollection, 5.0),
    ("徴収につき相互に支援", Topic::AssistanceCollection, 5.0),
    ("外交使節団", Topic::DiplomaticAgents, 3.0),
    // The model article's object: "the fiscal privileges of members of diplomatic missions".
    ("租税上の特権", Topic::DiplomaticAgents, 3.0),
    ("外交代表", Topic::DiplomaticAgents, 3.0),
    ("領事機関", Topic::DiplomaticAgents, 3.0),
    (
        "特典を受ける権利を有する",
        Topic::EntitlementToBenefits,
        4.0,
    ),
    ("適格者", Topic::EntitlementToBenefits, 2.0),
    ("批准", Topic::EntryIntoForce, 2.0),
    ("効力を生ずる", Topic::EntryIntoForce, 3.0),
    ("効力を生ずるために必要な", Topic::EntryIntoForce, 3.0),
    ("終了の通告", Topic::Termination, 5.0),
    ("無期限に効力を有する", Topic::Termination, 4.0),
    ("外交官", Topic::DiplomaticAgents, 3.0),
    ("領事官", Topic::DiplomaticAgents, 3.0),
    ("適用される租税は", Topic::TaxesCovered, 4.0),
    ("対象となる租税は", Topic::TaxesCovered, 4.0),
    ("徴収における支援", Topic::AssistanceCollection, 5.0),
    ("租税の徴収", Topic::AssistanceCollection, 3.0),
    ("自由職業", Topic::IndependentPersonalServices, 3.0),
    ("事業修習者", Topic::Students, 3.0),
    // Students' articles that name no student (`教育機関において勉学をするため`, `交付金、
    // 手当若しくは奨励金`).
    ("勉学", Topic::Students, 1.5),
    ("奨励金", Topic::Students, 2.0),
    ("学生", Topic::Students, 1.5),
    ("情報の交換を行う", Topic::ExchangeOfInformation, 5.0),
    ("必要な情報を交換", Topic::ExchangeOfInformation, 5.0),
    ("情報を交換", Topic::ExchangeOfInformation, 5.0),
    ("租税について適用する", Topic::TaxesCovered, 5.0),
    ("批准書", Topic::EntryIntoForce, 4.0),
    ("外交上の公文", Topic::EntryIntoForce, 3.0),
];

/// Characters at the start of an article's text where its opening formula stands.
const OPENING_CHARS: usize = 80;

/// `(1)`, `(a)`, `(iv)` standing inside running text.
static MARKER_IN_TEXT: std::sync::LazyLock<regex::Regex> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"\((?:\d{1,2}|[a-z]|[ivx]{1,4})\)").unwrap());

/// A bracketed aside in Japanese text (`...を除く。)`, `...を含む。)`), without nested brackets.
static JAPANESE_ASIDE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"\([^()a-z0-9]{1,120}?を(?:除く|含む)。\)").unwrap()
});

/// All content phrases in one automaton, so an article's opening is scanned once.
static CONTENT_MATCHER: std::sync::LazyLock<aho_corasick::AhoCorasick> =
    std::sync::LazyLock::new(|| {
        aho_corasick::AhoCorasick::new(CONTENT_PHRASES.iter().map(|(phrase, _, _)| *phrase))
            .expect("content phrases build an automaton")
    });

/// The topic the opening of an article's text points to, if any phrase is found.
///
/// A distinctive formula (weight 3 or more) counts once, since a model article may repeat its
/// opening formula in later paragraphs; a plain word counts each time, since frequency is
/// what tells a dividends article from one that mentions dividends.
pub fn topic_from_content(text: &str) -> Option<Topic> {
    // Item markers that PDF text drops inside words (`給(1)料`) would hide a phrase.
    let opening: String = text.chars().take(1200).collect::<String>().to_lowercase();
    // Phrases match across the source's line wrapping.
    let opening = opening.split_whitespace().collect::<Vec<_>>().join(" ");
    let stripped = MARKER_IN_TEXT.replace_all(&opening, "");
    // A Japanese bracketed aside qualifies what the provision is about
    // (`収益(船舶又は航空機を国際運輸に運用することによつて取得するものを除く。)`).
    let stripped = JAPANESE_ASIDE.replace_all(&stripped, "");
    let opening: &str = &stripped;
    let mut counts = vec![0u32; CONTENT_PHRASES.len()];
    // A formula in an article's first words is how the article opens; later paragraphs may
    // be about something else (a pension paid for government service, income from immovable
    // property excepted from "other income").
    let mut opens = vec![false; CONTENT_PHRASES.len()];
    let opening_words = opening
        .char_indices()
        .nth(OPENING_CHARS)
        .map_or(opening.len(), |(i, _)| i);
    for found in CONTENT_MATCHER.find_overlapping_iter(opening) {
        counts[found.pattern().as_usize()] += 1;
        if found.start() < opening_words {
            opens[found.pattern().as_usize()] = true;
        }
    }
    let mut scores = [0f32; Topic::ALL.len()];
    for (index, ((_, topic, weight), count)) in CONTENT_PHRASES.iter().zip(&counts).enumerate() {
        // A plain word counts up to four times: enough to tell a dividends article from one
        // that mentions dividends, not so much that it drowns an article's formula (the
        // double-taxation article names dividends again and again).
        let count = if *weight >= 3.0 {
            (*count).min(1)
        } else {
            (*count).min(4)
        };
        let bonus = if opens[index] && *weight >= 3.0 {
            2.0
        } else {
            1.0
        };
        scores[*topic as usize] += count as f32 * weight * bonus;
    }
    let mut best: Option<(Topic, f32)> = None;
    for topic in Topic::ALL {
        let score = scores[topic as usize];
        if score > 0.0 && best.is_none_or(|(_, b)| score > b) {
            best = Some((topic, score));
        }
    }
    best.filter(|(_, score)| *score >= 2.0)
        .map(|(topic, _)| topic)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_in_three_languages() {
        let cases = [
            ("Dividendos", Topic::Dividends),
            ("Dividends", Topic::Dividends),
            ("配当", Topic::Dividends),
            ("Rendimentos do trabalho dependente", Topic::Employment),
            ("Income from employment", Topic::Employment),
            ("給与所得", Topic::Employment),
            ("Capital gains", Topic::CapitalGains),
            ("Capital", Topic::Capital),
            (
                "Methods for elimination of double taxation",
                Topic::EliminationDoubleTaxation,
            ),
            ("Limitation of benefits", Topic::EntitlementToBenefits),
            ("Remunerações de direção", Topic::DirectorsFees),
            ("その他の所得", Topic::OtherIncome),
        ];
        for (title, topic) in cases {
            assert_eq!(topic_from_title(title), Some(topic), "{title}");
        }
        assert_eq!(topic_from_title("Unrelated words"), None);
        // OCR confusions in a title: `l` for `i`.
        assert_eq!(
            topic_from_title("Assoclated enterprises"),
            Some(Topic::AssociatedEnterprises)
        );
    }

    #[test]
    fn content_of_untitled_articles() {
        assert_eq!(
            topic_from_content("This Convention shall apply to persons who are residents of one or both of the Contracting States."),
            Some(Topic::PersonsCovered)
        );
        assert_eq!(
            topic_from_content("1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State. 2. However, such dividends may also be taxed"),
            Some(Topic::Dividends)
        );
        assert_eq!(topic_from_content("Something else entirely."), None);
    }
}
