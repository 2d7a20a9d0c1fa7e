//! Replacement clauses: an amending instrument that quotes the former words of a treaty to
//! replace them ("the words “20 per cent” shall be replaced by “15 per cent”"). The former
//! number is history (`superseded`, linked to the row of the words replacing it), never a
//! rate of the treaty; the replacing number is the rate, of the article the clause amends.
//! Each drafting below is a common variant of amending protocols in its language.

use treaty_pipeline::{process_document, Settings};
use treaty_schema::treaty_rows;
use treaty_schema::{Status, TreatyRow};

/// (article, value, status, superseded_by, effective_rate, modifies) of every percentage row.
type Row = (
    String,
    String,
    Status,
    Option<String>,
    Option<String>,
    String,
);

fn rows_and_headline(text: &str) -> (Vec<Row>, TreatyRow) {
    let report = process_document("protocol", text.as_bytes(), &Settings::default())
        .expect("a text document");
    let rows = report
        .rows
        .iter()
        .filter(|row| row.unit.as_str() == "percent")
        .map(|row| {
            (
                row.article.clone(),
                row.value.to_string(),
                row.status,
                row.superseded_by.clone(),
                row.effective_rate.as_ref().map(ToString::to_string),
                row.modifies.join(";"),
            )
        })
        .collect();
    let headline = treaty_rows(&report).into_iter().next().expect("one treaty");
    (rows, headline)
}

fn former(article: &str, value: &str, by: &str, now: &str, modifies: &str) -> Row {
    (
        article.into(),
        value.into(),
        Status::Superseded,
        Some(format!("protocol:1:{by}")),
        Some(now.into()),
        modifies.into(),
    )
}

fn current(article: &str, value: &str, modifies: &str) -> Row {
    (
        article.into(),
        value.into(),
        Status::Single,
        None,
        None,
        modifies.into(),
    )
}

const EN_HEAD: &str = "PROTOCOL AMENDING THE CONVENTION BETWEEN THE REPUBLIC OF ARCADIA AND THE KINGDOM OF BORDURIA FOR THE AVOIDANCE OF DOUBLE TAXATION WITH RESPECT TO TAXES ON INCOME\n\n\
    The Republic of Arcadia and the Kingdom of Borduria, desiring to conclude a Protocol to amend the Convention signed at Arcadia City on 1 March 1980 (hereinafter referred to as \"the Convention\"), have agreed as follows:\n\n";

const EN_TAIL: &str = "ARTICLE 4\n\nThis Protocol shall enter into force on the date of the exchange of instruments of ratification.\n";

#[test]
fn english_replacement_clauses_keep_the_former_rate_as_history() {
    // Four draftings: "shall be replaced by" with double and with single quotation marks,
    // "substituting the new for the former" (the new words first), and "replacing ... with".
    let text = format!(
        "{EN_HEAD}ARTICLE 1\n\nIn subparagraph (b) of paragraph 2 of Article 10 (Dividends) of the Convention, the words \"20 per cent\" shall be replaced by \"15 per cent\".\n\n\
         ARTICLE 2\n\nParagraph 2 of Article 11 (Interest) of the Convention shall be amended by substituting \u{2018}5 per cent\u{2019} for \u{2018}12 per cent\u{2019}.\n\n\
         ARTICLE 3\n\nParagraph 2 of Article 12 (Royalties) of the Convention shall be amended by replacing the words \u{201c}10 per cent\u{201d} with the words \u{201c}8 per cent\u{201d}.\n\n{EN_TAIL}"
    );
    let (rows, headline) = rows_and_headline(&text);
    assert_eq!(
        rows,
        [
            former("P1", "20", "P1.2.b@520", "15", "10"),
            current("P1", "15", "10"),
            current("P2", "5", "11"),
            former("P2", "12", "P2.2@637", "5", "11"),
            former("P3", "10", "P3.2@818", "8", "12"),
            current("P3", "8", "12"),
        ]
    );
    assert_eq!(
        headline.interest_general_rate.map(|v| v.to_string()),
        Some("5".into())
    );
    assert_eq!(
        headline.royalties_general_rate.map(|v| v.to_string()),
        Some("8".into())
    );
}

#[test]
fn a_deletion_without_new_words_links_to_nothing_and_is_never_the_rate() {
    let text = format!(
        "{EN_HEAD}ARTICLE 1\n\nIn paragraph 2 of Article 11 (Interest) of the Convention, the words \"or 15 per cent\" shall be deleted.\n\n\
         ARTICLE 2\n\nParagraph 2 of Article 12 (Royalties) of the Convention shall be deleted and replaced by the following:\n\"2. However, such royalties may also be taxed in the Contracting State in which they arise, but the tax so charged shall not exceed 10 per cent of the gross amount of the royalties.\"\n\n\
         ARTICLE 3\n\nIn paragraph 2 of Article 10 (Dividends) of the Convention, for \"15 per cent\" there shall be substituted \"10 per cent\".\n\n{EN_TAIL}"
    );
    let (rows, headline) = rows_and_headline(&text);
    assert_eq!(rows[0].2, Status::Superseded, "{rows:?}");
    assert_eq!(rows[0].3, None, "a deletion replaces nothing: {rows:?}");
    assert_eq!(headline.interest_general_rate, None);
    assert_eq!(
        headline.royalties_general_rate.map(|v| v.to_string()),
        Some("10".into())
    );
    assert_eq!(
        headline.dividends_general_rate.map(|v| v.to_string()),
        Some("10".into())
    );
    let dividends: Vec<&Row> = rows.iter().filter(|r| r.5 == "10").collect();
    assert_eq!(dividends[0].2, Status::Superseded, "{rows:?}");
    assert_eq!(dividends[1].2, Status::Single, "{rows:?}");
}

#[test]
fn spanish_and_portuguese_replacement_clauses_modify_the_article_they_name() {
    let spanish = "PROTOCOLO QUE MODIFICA EL CONVENIO ENTRE EL REINO DE ESPAÑA Y LA REPÚBLICA DE ARCADIA PARA EVITAR LA DOBLE IMPOSICIÓN EN MATERIA DE IMPUESTOS SOBRE LA RENTA\n\n\
        El Reino de España y la República de Arcadia, deseando modificar el Convenio firmado en Madrid el 5 de mayo de 1990 (en adelante, «el Convenio»), han convenido lo siguiente:\n\n\
        Artículo 1\n\nEn el apartado 2 del artículo 11 (Intereses) del Convenio, la expresión «15 por ciento» se sustituye por «10 por ciento».\n\n\
        Artículo 2\n\nEn la letra b) del apartado 2 del artículo 10 (Dividendos) del Convenio, se sustituye la expresión «20 por ciento» por «15 por ciento».\n\n\
        Artículo 3\n\nEl presente Protocolo entrará en vigor en la fecha de recepción de la última notificación.\n";
    let portuguese = "PROTOCOLO QUE ALTERA A CONVENÇÃO ENTRE A REPÚBLICA PORTUGUESA E A REPÚBLICA DA ARCÁDIA PARA EVITAR A DUPLA TRIBUTAÇÃO EM MATÉRIA DE IMPOSTOS SOBRE O RENDIMENTO\n\n\
        A República Portuguesa e a República da Arcádia, desejando alterar a Convenção assinada em Lisboa em 5 de maio de 1990 (a seguir designada por «a Convenção»), acordaram o seguinte:\n\n\
        Artigo 1.º\n\nNo n.º 2 do artigo 11.º (Juros) da Convenção, a expressão «15 por cento» é substituída por «10 por cento».\n\n\
        Artigo 2.º\n\nNa alínea b) do n.º 2 do artigo 10.º (Dividendos) da Convenção, substitui-se a expressão «20 por cento» por «15 por cento».\n\n\
        Artigo 3.º\n\nO presente Protocolo entra em vigor na data da receção da última notificação.\n";
    for (text, interest_at, dividends_at) in [(spanish, 464, 620), (portuguese, 475, 623)] {
        let (rows, headline) = rows_and_headline(text);
        assert_eq!(
            rows,
            [
                former("P1", "15", &format!("P1.2@{interest_at}"), "10", "11"),
                current("P1", "10", "11"),
                former("P2", "20", &format!("P2.2.b@{dividends_at}"), "15", "10"),
                current("P2", "15", "10"),
            ],
            "{text}"
        );
        assert_eq!(
            headline.interest_general_rate.map(|v| v.to_string()),
            Some("10".into())
        );
    }
}

#[test]
fn a_japanese_replacement_keeps_the_former_rate_as_history() {
    // 「旧」を「新」に改める, the drafting of Japanese amending instruments.
    let text = "所得に対する租税に関する二重課税の回避のための日本国とアルカディア共和国との間の条約を改正する議定書\n\n\
        日本国政府及びアルカディア共和国政府は、千九百九十年五月五日に東京で署名された所得に対する租税に関する二重課税の回避のための日本国とアルカディア共和国との間の条約（以下「条約」という。）を改正する議定書を締結することを希望して、次のとおり協定した。\n\n\
        第一条\n条約第十一条２中「十五パーセント」を「十パーセント」に改める。\n\n\
        第二条\n条約第十条２(b)中「二十パーセント」を「十五パーセント」に改める。\n\n\
        第三条\nこの議定書は、批准書の交換の日の後三十日目の日に効力を生ずる。\n";
    // The protocol's articles amend the convention's: each a protocol article naming the
    // article it modifies (their words name no topic, and the convention is not printed
    // here); the former rate is history, linked to the number replacing it.
    let report = process_document("protocol", text.as_bytes(), &Settings::default())
        .expect("a text document");
    let articles: Vec<(String, Vec<String>)> = report.treaties[0].versions[0]
        .protocol
        .iter()
        .map(|a| (a.article.clone(), a.modifies.clone()))
        .collect();
    assert_eq!(
        articles[..2],
        [
            ("P1".to_string(), vec!["11".to_string()]),
            ("P2".to_string(), vec!["10".to_string()]),
        ]
    );
    let percentages: Vec<_> = report
        .rows
        .iter()
        .filter(|row| row.unit.as_str() == "percent")
        .collect();
    let statuses: Vec<(String, Status)> = percentages
        .iter()
        .map(|row| (row.value.to_string(), row.status))
        .collect();
    assert_eq!(
        statuses,
        [
            ("15".into(), Status::Superseded),
            ("10".into(), Status::Single),
            ("20".into(), Status::Superseded),
            ("15".into(), Status::Single),
        ]
    );
    assert_eq!(
        percentages[0].superseded_by.as_deref(),
        Some(percentages[1].row_id.as_str())
    );
    assert_eq!(
        percentages[2].superseded_by.as_deref(),
        Some(percentages[3].row_id.as_str())
    );
}

/// A Japanese amending protocol that replaces whole paragraphs (`条約第十条２を次のように改める。`,
/// the drafting of the ministry's protocols): its articles are protocol articles modifying the
/// convention's, the quoted paragraphs give their topic, and their caps are rates.
#[test]
fn a_japanese_amending_protocol_replacing_paragraphs_gives_rates_of_the_amended_articles() {
    let text = "所得に対する租税に関する二重課税の回避のための日本国とアルカディア共和国との間の条約を改正する議定書\n\n\
        日本国政府及びアルカディア共和国政府は、条約を改正する議定書を締結することを希望して、次のとおり協定した。\n\n\
        第一条\n条約第十条２を次のように改める。\n\
        ２ １の配当に対しては、これを支払う法人が居住者とされる締約国においても、当該締約国の法令に従って租税を課することができる。\
        その租税の額は、当該配当の受益者が他方の締約国の居住者である場合には、当該配当の額の十パーセントを超えないものとする。\n\n\
        第二条\n条約第十二条２を次のように改める。\n\
        ２ １の使用料に対しては、当該使用料が生じた締約国においても、当該締約国の法令に従って租税を課することができる。\
        その租税の額は、当該使用料の受益者が他方の締約国の居住者である場合には、当該使用料の額の五パーセントを超えないものとする。\n\n\
        第三条\nこの議定書は、批准書の交換の日の後三十日目の日に効力を生ずる。\n";
    let report = process_document("protocol", text.as_bytes(), &Settings::default())
        .expect("a text document");
    let articles: Vec<(String, Vec<String>, String)> = report.treaties[0].versions[0]
        .protocol
        .iter()
        .map(|a| {
            (
                a.article.clone(),
                a.modifies.clone(),
                a.topic.as_str().to_string(),
            )
        })
        .collect();
    assert_eq!(
        articles[..2],
        [
            (
                "P1".to_string(),
                vec!["10".to_string()],
                "dividends".to_string()
            ),
            (
                "P2".to_string(),
                vec!["12".to_string()],
                "royalties".to_string()
            ),
        ]
    );
    let rates: Vec<(String, String, String, String)> = report
        .rows
        .iter()
        .filter(|row| row.kind.to_string() == "rate")
        .map(|row| {
            (
                row.article.clone(),
                row.paragraph.clone(),
                row.topic.as_str().to_string(),
                row.value.to_string(),
            )
        })
        .collect();
    assert_eq!(
        rates,
        [
            ("P1".into(), "2".into(), "dividends".into(), "10".into()),
            ("P2".into(), "2".into(), "royalties".into(), "5".into()),
        ]
    );
}

#[test]
fn former_wording_of_a_protocol_printed_after_its_convention_replaces_no_tier() {
    // The former number is not a replacing rate: the convention's tier gives way to the new
    // words only, and the headline is the new rate.
    let text = format!(
        "CONVENTION BETWEEN THE REPUBLIC OF ARCADIA AND THE KINGDOM OF BORDURIA FOR THE AVOIDANCE OF DOUBLE TAXATION WITH RESPECT TO TAXES ON INCOME\n\n\
         The Republic of Arcadia and the Kingdom of Borduria, desiring to conclude a Convention for the avoidance of double taxation, have agreed as follows:\n\n\
         Article 11\nInterest\n\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n\n\
         2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 15 per cent of the gross amount of the interest.\n\n\
         Article 12\nRoyalties\n\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n\n\
         2. However, such royalties may also be taxed in the Contracting State in which they arise, but the tax so charged shall not exceed 10 per cent of the gross amount of the royalties.\n\n\
         Done at Arcadia City on 1 March 1980.\n\n{EN_HEAD}ARTICLE 1\n\nIn paragraph 2 of Article 11 (Interest) of the Convention, the words \"15 per cent\" shall be replaced by \"10 per cent\".\n\n\
         ARTICLE 2\n\nIn paragraph 2 of Article 12 (Royalties) of the Convention, the words \"10 per cent\" shall be replaced by \"5 per cent\".\n\n{EN_TAIL}"
    );
    let report = process_document("protocol", text.as_bytes(), &Settings::default())
        .expect("a text document");
    let headlines = treaty_rows(&report);
    let protocol = headlines.last().expect("the protocol's headline");
    assert_eq!(
        protocol
            .interest_general_rate
            .as_ref()
            .map(ToString::to_string),
        Some("10".into())
    );
    assert_eq!(
        protocol
            .royalties_general_rate
            .as_ref()
            .map(ToString::to_string),
        Some("5".into())
    );
    for row in report
        .rows
        .iter()
        .filter(|row| row.status == Status::Superseded)
    {
        assert!(
            report
                .rows
                .iter()
                .all(|other| other.superseded_by.as_deref() != Some(row.row_id.as_str())),
            "former wording replaces nothing: {}",
            row.row_id
        );
    }
}
