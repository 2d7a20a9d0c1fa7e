use treaty_numbers::Lang;

use crate::model::{Article, Version};
use crate::topic::Topic;
use crate::{segment, Config};

fn outline(text: &str) -> Vec<(String, String, &'static str, usize)> {
    let (doc, _) = segment(text, &Config::default());
    doc.treaties
        .iter()
        .flat_map(|t| t.versions.iter())
        .flat_map(|v| v.articles.iter().chain(v.protocol.iter()))
        .map(|a| {
            (
                a.number.clone(),
                a.title.clone(),
                a.topic.as_str(),
                a.paragraphs.len(),
            )
        })
        .collect()
}

#[test]
fn portuguese_headings_titles_and_dash_paragraphs() {
    let text = "Artigo 9.º\n\nEmpresas associadas\n\n1 - Quando uma empresa participar.\n\n2 - Quando um Estado incluir.\n\nArtigo 10.º\n\nDividendos\n\n1 - Os dividendos pagos.\n\n2 - Esses dividendos podem, no entanto, ser tributados:\n\na) 5 % do montante bruto;\n\nb) 10 % do montante bruto.\n";
    let got = outline(text);
    assert_eq!(
        got[0],
        (
            "9".into(),
            "Empresas associadas".into(),
            "associated_enterprises",
            2
        )
    );
    assert_eq!(got[1], ("10".into(), "Dividendos".into(), "dividends", 2));
}

fn subparagraph_labels(text: &str) -> Vec<Vec<String>> {
    let (doc, _) = segment(text, &Config::default());
    doc.treaties[0].versions[0].articles[0]
        .paragraphs
        .iter()
        .map(|p| p.subparagraphs.iter().map(|s| s.label.clone()).collect())
        .collect()
}

#[test]
fn english_subparagraphs_in_brackets_with_roman_items() {
    let text = "Article 2\nTaxes covered\n1. The existing taxes are:\n(a) in the case of Canada:\n(i) the income tax; and\n(ii) the capital tax;\n(b) in the case of Denmark, the income tax.\n2. The Convention shall apply also to identical taxes.\n";
    assert_eq!(
        subparagraph_labels(text),
        vec![vec!["a", "i", "ii", "b"], vec![]]
    );
}

#[test]
fn portuguese_subparagraphs_with_a_closing_bracket() {
    let text = "Artigo 10.º\n\nDividendos\n\n1 - Os dividendos pagos.\n\n2 - Esses dividendos podem ser tributados:\n\na) 5 % do montante bruto;\n\nb) 10 % do montante bruto.\n";
    assert_eq!(subparagraph_labels(text), vec![vec![], vec!["a", "b"]]);
}

#[test]
fn japanese_subparagraph_markers_stand_after_their_text() {
    // From japan-denmark-2017-ja-pdf.txt: `事業の管理の場所(a) 支店(b)`.
    let text = "第五条恒久的施設1この条約の適用上 恒久的施設 とは 事業を行う一定の場所をいう 2 恒久的施設 には 特に 次のものを含む 事業の管理の場所(a) 支店(b) 事務所(c)\n";
    let (doc, _) = segment(text, &Config::default());
    let paragraph = &doc.treaties[0].versions[0].articles[0].paragraphs[1];
    let texts: Vec<(&str, &str)> = paragraph
        .subparagraphs
        .iter()
        .map(|s| (s.label.as_str(), paragraph.text[s.local.clone()].trim()))
        .collect();
    assert_eq!(texts[1], ("b", "支店(b)"));
    assert_eq!(texts[2], ("c", "事務所(c)"));
    assert!(texts[0].1.ends_with("事業の管理の場所(a)"), "{texts:?}");
}

#[test]
fn a_sentence_that_mentions_an_article_is_not_a_heading() {
    let text = "Article 7\nBusiness profits\n1. The profits of an enterprise shall be taxable only in that State.\n2. Where profits include items of income which are dealt with separately in other Articles, the provisions of Article 8 shall not be affected.\nArticle 8\nShipping and air transport\n1. Profits from the operation of ships.\n";
    let got = outline(text);
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].2, "shipping_air_transport");
}

#[test]
fn inline_ocr_heading_with_title_and_text() {
    let text = "Have agreed as follows: Artigo 3 Definições gerais 1. Na presente Convenção, a não ser que o contexto imponha uma interpretação diferente: a) o termo designa. 2. Para a aplicação da presente Convenção. Artigo 4 Domicílio fiscal 1. Para os fins da presente Convenção.\n";
    let got = outline(text);
    assert_eq!(
        got[0],
        (
            "3".into(),
            "Definições gerais".into(),
            "general_definitions",
            2
        )
    );
    assert_eq!(
        got[1],
        ("4".into(), "Domicílio fiscal".into(), "resident", 1)
    );
}

#[test]
fn japanese_glued_heading_title_and_paragraphs() {
    // From japan-denmark-2017-ja-pdf.txt: heading, title and paragraph 1 run together;
    // `41及び3` is paragraph 4 beginning `1及び3`; `第七条の規定` is a reference.
    let text = "次のとおり協定した 第九条関連企業1一方の締約国の企業が 第七条の規定に従い 2この条約は 3この条約は 41及び3の規定は 適用する 第十条配当1一方の締約国の居住者 2配当に対しては 第十一条利子1一方の締約国内において\n";
    let got = outline(text);
    assert_eq!(
        got[0],
        ("9".into(), "関連企業".into(), "associated_enterprises", 4)
    );
    assert_eq!(got[1], ("10".into(), "配当".into(), "dividends", 2));
    assert_eq!(got[2].2, "interest");
}

#[test]
fn japanese_cross_reference_with_paragraph_is_not_a_heading() {
    let text = "第一条対象となる者1この条約は 第二十一条7の規定 第二条対象となる租税1この条約は\n";
    let got = outline(text);
    assert_eq!(got.len(), 2);
    assert_eq!(got[1].0, "2");
}

#[test]
fn missing_headings_are_inferred_from_numbering_restarts() {
    let text = "The Government of Canada and the Government of the Kingdom of Denmark, have agreed as follows:\n\nThis Convention shall apply to persons who are residents of one or both of the Contracting States.\n\n1. This Convention shall apply to taxes on income and on capital imposed on behalf of each Contracting State.\n\n2. The existing taxes to which the Convention shall apply are in particular:\n\n(b) in the case of Denmark:\n\n1. the income tax to the State;\n\n2. the municipal income tax;\n\n(hereinafter referred to as \"Danish tax\").\n\n3. This Convention shall apply also to any identical taxes.\n\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n\n2. However, such dividends may also be taxed.\n";
    let (doc, _) = segment(text, &Config::default());
    let treaty = &doc.treaties[0];
    assert_eq!(
        treaty.parties,
        vec!["Canada".to_string(), "Kingdom of Denmark".to_string()]
    );
    let got: Vec<(String, &str, usize, bool)> = treaty.versions[0]
        .articles
        .iter()
        .map(|a| {
            (
                a.number.clone(),
                a.topic.as_str(),
                a.paragraphs.len(),
                a.inferred,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("1".to_string(), "persons_covered", 1, true),
            ("2".to_string(), "taxes_covered", 3, true),
            ("3".to_string(), "dividends", 2, true),
        ]
    );
}

#[test]
fn inferred_articles_survive_rewrapping_and_lost_line_breaks() {
    let long = "However, such dividends may also be taxed in the State of the company. ".repeat(30);
    let text = format!("The Government of Canada and the Government of the Kingdom of Denmark, have agreed as follows:\n\nThis Convention shall apply to persons who are residents of one or both of the Contracting States.\n\n1. This Convention shall apply to taxes on income and on capital imposed on behalf of each Contracting State.\n\n2. The existing taxes to which the Convention shall apply are in particular:\n\n(b) in the case of Denmark:\n\n1. the income tax to the State;\n\n2. the municipal income tax;\n\n(hereinafter referred to as \"Danish tax\").\n\n3. This Convention shall apply also to any identical taxes and to Article 7 or Article 14 of the law.\n\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n\n2. {long}\n");
    // Re-wrapped at 40 columns: lines start inside sentences, one of them with
    // `Article 7 or Article 14`, which is a reference, not a heading.
    let mut wrapped = String::new();
    for line in text.lines() {
        let mut column = 0;
        for word in line.split_whitespace() {
            if column > 0 && column + word.len() >= 40 {
                wrapped.push('\n');
                column = 0;
            } else if column > 0 {
                wrapped.push(' ');
                column += 1;
            }
            wrapped.push_str(word);
            column += word.len();
        }
        wrapped.push('\n');
    }
    let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for variant in [&text, &wrapped, &one_line] {
        let (doc, _) = segment(variant, &Config::default());
        let got: Vec<(String, &str, usize)> = doc.treaties[0].versions[0]
            .articles
            .iter()
            .map(|a| (a.number.clone(), a.topic.as_str(), a.paragraphs.len()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("1".to_string(), "persons_covered", 1),
                ("2".to_string(), "taxes_covered", 3),
                ("3".to_string(), "dividends", 2),
            ],
            "{variant}"
        );
    }
}

#[test]
fn a_wrapped_formula_followed_by_another_on_its_second_line_is_one_treaty() {
    let text = "O Governo da República e o Governo do Reino, desejando concluir uma Convenção, acordam no\nseguinte: The Government of the Republic and the Government of the Kingdom have agreed as follows:\nArtigo 1.º Article 1\nA presente Convenção aplica-se às pessoas residentes. This Convention shall apply to persons who are residents of one or both of the Contracting States.\n";
    let (doc, _) = segment(text, &Config::default());
    assert_eq!(doc.treaties.len(), 1, "{:?}", doc.treaties);
    // The same in one stream: the first formula's part would end inside it.
    let stream = "O Governo da República, desejando concluir uma Convenção, acordam no\nseguinte: the Government have agreed as follows:\nArticle 1\nThis Convention shall apply to persons.\n";
    for part in super::treaties::split_treaties(stream) {
        assert!(part.body_start <= part.range.end, "{:?}", part.range);
    }
}

/// Articles of a small treaty, `numbers` in order, each with two paragraphs of a sentence.
fn treaty_articles(numbers: &[(u32, &str)]) -> String {
    numbers
        .iter()
        .map(|(number, title)| {
            format!(
                "ARTICLE {number}\n({title})\n\n(1) The provisions of this Article shall apply to residents of a Contracting State in the manner described here.\n\n(2) Notwithstanding paragraph (1), the other Contracting State may also tax such income according to its laws.\n\n"
            )
        })
        .collect()
}

#[test]
fn a_table_of_contents_is_not_the_articles_and_lends_nothing() {
    let contents = "TABLE OF ARTICLES\n\nArticle 1----------------Taxes Covered\nArticle 2----------------Definitions\nArticle 3----------------Dividends\nArticle 4----------------Interest\nProtocol ----------------of 30 April\n\n";
    let body = treaty_articles(&[
        (1, "Taxes Covered"),
        (2, "General Definitions"),
        (3, "Dividends"),
        (4, "Interest"),
    ]);
    let text = format!("{contents}The Contracting States have agreed as follows:\n\n{body}");
    let got = outline(&text);
    let numbers: Vec<&str> = got.iter().map(|a| a.0.as_str()).collect();
    assert_eq!(numbers, ["1", "2", "3", "4"], "{got:?}");
    // Paragraphs numbered `(1)` and titles in brackets.
    assert_eq!(got[2], ("3".into(), "Dividends".into(), "dividends", 2));
}

#[test]
fn chapter_titles_on_the_heading_line_and_references_in_capitals() {
    let text = "The States have agreed as follows:\n\nChapter I Scope of the Convention Article 1 Persons covered\n\n1. This Convention shall apply to persons who are residents of one or both of the Contracting States.\n\nArticle 2\nTaxes covered\n\n1. This Convention shall apply to taxes on income.\n\nII. Definitions Article 3 General definitions\n\n1. For the purposes of this Convention the terms have the meanings given.\n\nWITH REFERENCE TO ARTICLE 5 OF THE CONVENTION\n\nArticle 4\nResident\n\n1. The term resident means any person liable to tax therein.\n";
    let numbers: Vec<String> = outline(text).into_iter().map(|a| a.0).collect();
    assert_eq!(numbers, ["1", "2", "3", "4"]);
}

#[test]
fn a_heading_printed_after_its_first_paragraphs_takes_them_back() {
    let text = "The States have agreed as follows:\n\nArticle 9\nAssociated enterprises\n\n1. Where an enterprise of a Contracting State participates directly or indirectly in the management of an enterprise of the other State.\n\n2. Where a Contracting State includes in the profits of an enterprise of that State profits of the other.\n\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax shall not exceed 15 per cent.\n\nArticle 10\nDividends\n\n3. The term dividends means income from shares.\n\nArticle 11\nInterest\n\n1. Interest arising in a Contracting State may be taxed in the other State.\n";
    let got = outline(text);
    assert_eq!(got[0].0, "9");
    assert_eq!(
        got[0].3, 2,
        "article 9 keeps its own two paragraphs: {got:?}"
    );
    assert_eq!(got[1].0, "10");
    assert_eq!(
        got[1].3, 3,
        "article 10 has its paragraphs 1, 2 and 3: {got:?}"
    );
}

#[test]
fn a_commentary_on_a_treaty_gives_no_articles_and_says_why() {
    let body: String = (1..=4)
        .map(|n| format!("ARTICLE {n}\nTitle {n}\n\nThis article provides that residents of a Contracting State are taxed as the paragraphs describe. Paragraph 2 limits the tax to 10 percent.\n\n"))
        .collect();
    let text = format!("TECHNICAL EXPLANATION OF THE CONVENTION\n\n{body}");
    let (doc, diagnostics) = segment(&text, &Config::default());
    assert!(doc
        .treaties
        .iter()
        .flat_map(|t| &t.versions)
        .all(|v| v.articles.is_empty() && v.protocol.is_empty()));
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code).collect();
    assert!(codes.contains(&"not_a_treaty"), "{codes:?}");
    assert!(!codes.contains(&"no_articles"), "{codes:?}");
    // A treaty whose articles state their provisions is not one.
    let treaty = format!(
        "The States have agreed as follows:\n\n{}",
        treaty_articles(&[(1, "Persons"), (2, "Taxes"), (3, "Definitions")])
    );
    let (_, diagnostics) = segment(&treaty, &Config::default());
    assert!(diagnostics.iter().all(|d| d.code != "not_a_treaty"));
}

/// The articles each protocol point of `text` modifies, by point number.
fn protocol_modifies(text: &str) -> Vec<(String, Vec<String>)> {
    let (doc, _) = segment(text, &Config::default());
    doc.treaties
        .iter()
        .flat_map(|t| t.versions.iter())
        .flat_map(|v| v.protocol.iter())
        .map(|point| (point.number.clone(), point.modifies.clone()))
        .collect()
}

#[test]
fn a_protocol_point_on_several_articles_modifies_each_of_them() {
    let body = treaty_articles(&[
        (10, "Dividends"),
        (11, "Interest"),
        (12, "Royalties"),
        (13, "Capital Gains"),
    ]);
    let text = format!(
        "The Contracting States have agreed as follows:\n\n{body}PROTOCOL\n\nAt the signing of the Convention the undersigned have agreed upon the following provisions:\n\nI. Ad Articles 10 , 11 and 12\nApplications for the refund of tax levied in excess shall be lodged within three years.\n\nII. Ad Article 10, paragraph 2\nThe rate shall not exceed 5 per cent of the gross amount of the dividends.\n\nIII. Ad Articles 10 and 13\nIncome from a purchase of own shares is income from shares and not a capital gain.\n"
    );
    let got = protocol_modifies(&text);
    let expected: Vec<(String, Vec<String>)> = [
        ("P1", &["10", "11", "12"][..]),
        // A paragraph number after the article is not a second article.
        ("P2", &["10"][..]),
        ("P3", &["10", "13"][..]),
    ]
    .iter()
    .map(|(point, articles)| {
        (
            point.to_string(),
            articles.iter().map(|a| a.to_string()).collect(),
        )
    })
    .collect();
    assert_eq!(got, expected);
}

#[test]
fn an_amending_protocol_whose_references_omit_of_the_convention_gives_protocol_articles() {
    let text = "PROTOCOL AMENDING THE CONVENTION BETWEEN ARCADIA AND BORDURIA\n\nArcadia and Borduria, desiring to conclude a Protocol to amend the Convention signed at Arcadia City on 1 March 1980 (hereinafter referred to as \"the Convention\"), have agreed as follows:\n\nARTICLE I\n\nParagraph 4 of Article V (Permanent Establishment) shall be deleted and replaced by the following:\n\"4. The use of an installation in a Contracting State constitutes a permanent establishment if such use is for more than three months in any twelve-month period.\"\n\nARTICLE II\n\nArticle VI (Income from Real Property) shall be deleted and replaced by the following:\n\"1. Income derived by a resident of a Contracting State from real property situated in the other Contracting State may be taxed in that other State.\"\n\nARTICLE III\n\nParagraph 2 of Article X (Dividends) shall be amended by replacing the words \"15 per cent\" with \"10 per cent\".\n\nARTICLE IV\n\nThis Protocol shall enter into force on the date of the exchange of instruments of ratification.\n";
    let got: Vec<(String, &str)> = outline(text)
        .into_iter()
        .map(|(number, _, topic, _)| (number, topic))
        .collect();
    assert_eq!(
        got[..3],
        [
            ("P1".to_string(), "permanent_establishment"),
            ("P2".to_string(), "immovable_property"),
            ("P3".to_string(), "dividends"),
        ],
        "{got:?}"
    );
}

#[test]
fn labels_listed_after_labels_are_a_reference_not_an_item() {
    // "under subparagraphs a), b), d), or f)" at a line's end, then the next item.
    let text = "Article 28\nLimitation on benefits\n1. A person is entitled to benefits if it is:\na) an individual;\nb) a person, if more than 50 percent of the interests in it are owned by persons entitled to benefits under subparagraphs a), b), or c) or by citizens; or\nc) a State.\n";
    assert_eq!(subparagraph_labels(text), vec![vec!["a", "b", "c"]]);
}

/// Each paragraph's number with its subparagraph labels.
fn paragraph_numbers(article: &crate::model::Article) -> Vec<(String, Vec<String>)> {
    article
        .paragraphs
        .iter()
        .map(|p| {
            let labels = p.subparagraphs.iter().map(|s| s.label.clone()).collect();
            (p.number.clone(), labels)
        })
        .collect()
}

/// A convention of twelve titled articles between two States, for the protocols after it.
fn convention_of_twelve_articles() -> String {
    let titles = [
        "Persons Covered",
        "Taxes Covered",
        "General Definitions",
        "Resident",
        "Permanent Establishment",
        "Income from Real Property",
        "Business Profits",
        "Shipping and Air Transport",
        "Associated Enterprises",
        "Dividends",
        "Interest",
        "Royalties",
    ];
    let mut text = String::from(
        "The Government of the Kingdom of Norway and the Government of the Republic of \
         Kenya, desiring to conclude a Convention for the avoidance of double taxation, \
         have agreed as follows:\n\n",
    );
    for (index, title) in titles.iter().enumerate() {
        text.push_str(&format!(
            "Article {}\n{title}\n1. The provisions of this Article apply in the Contracting States.\n\n",
            index + 1
        ));
    }
    text
}

#[test]
fn a_protocol_after_its_convention_takes_the_amended_articles_topics_and_quoted_numbers() {
    let mut text = convention_of_twelve_articles();
    text.push_str(
        "PROTOCOL\n\nThe Government of the Kingdom of Norway and the Government of the Republic \
         of Kenya, desiring to amend the Convention, have agreed as follows:\n\n\
         ARTICLE I\n\n\
         Subparagraph (a) of paragraph 3 of Article 10 of the Convention shall be amended by \
         deleting the words \u{201c}twelve months\u{201d} and replacing them with the words \
         \u{201c}six months\u{201d}.\n\n\
         ARTICLE II\n\n\
         Article 9 of the Convention shall be amended by adding the following after paragraph 2:\n\n\
         \u{201c}3. Where an adjustment is made, the competent authorities shall consult.\n\n\
         4. No adjustment shall be made after six years.\u{201d}\n\n\
         ARTICLE III\n\n\
         Paragraph 2 of Article 12 of the Convention shall be deleted.\n",
    );
    let got = outline(&text);
    let protocol: Vec<_> = got.iter().filter(|a| a.0.starts_with('P')).collect();
    assert_eq!(
        protocol,
        [
            &("P1".to_string(), String::new(), "dividends", 1),
            &("P2".to_string(), String::new(), "associated_enterprises", 2),
            &("P3".to_string(), String::new(), "royalties", 1),
        ]
    );
    let (doc, _) = segment(&text, &Config::default());
    let points = &doc.treaties[1].versions[0].protocol;
    let numbers = |index: usize| paragraph_numbers(&points[index]);
    assert_eq!(numbers(0), [("3".to_string(), vec!["a".to_string()])]);
    assert_eq!(
        numbers(1),
        [("3".to_string(), vec![]), ("4".to_string(), vec![])]
    );
    // The same protocol alone: its instructions name no topic.
    let alone = &text[text.find("PROTOCOL").unwrap()..];
    assert!(outline(alone)
        .iter()
        .all(|(_, _, topic, _)| *topic == "miscellaneous"));
}

#[test]
fn protocol_points_an_amending_article_quotes_keep_the_topics_of_their_articles() {
    let text = "The Government of A and the Government of B, desiring to amend the Convention, \
        have agreed as follows:\n\n\
        ARTICLE I\n\n\
        Paragraph 2 of Article 10 (Dividends) of the Convention shall be deleted and replaced \
        by the following:\n\n\
        \u{201c}2. However, such dividends may also be taxed, but the tax shall not exceed 5 \
        percent of the gross amount of the dividends.\u{201d}\n\n\
        ARTICLE II\n\n\
        The Protocol to the Convention is amended by deleting paragraphs 1 through 3 and \
        replacing them with the following paragraphs:\n\n\
        \u{201c}1. WITH REFERENCE TO ARTICLE 5 (PERMANENT ESTABLISHMENT)\n\
        A resident of a Contracting State shall not have a permanent establishment if its \
        presence does not exceed 183 days.\n\n\
        2. WITH REFERENCE TO PARAGRAPHS 5 AND 6 OF ARTICLE 25 (MUTUAL\n\
        AGREEMENT PROCEDURE)\n\
        Each Contracting State will have 60 days to submit its position.\u{201d}\n\n\
        ARTICLE III\n\n\
        Article 29 of the Convention shall be deleted.\n";
    let (doc, _) = segment(text, &Config::default());
    let point = &doc.treaties[0].versions[0].protocol[1];
    let concerns: Vec<(Option<&str>, Vec<String>)> = point
        .paragraphs
        .iter()
        .map(|p| (p.topic.map(|t| t.as_str()), p.modifies.clone()))
        .collect();
    assert_eq!(
        concerns[concerns.len() - 2..],
        [
            (Some("permanent_establishment"), vec!["5".to_string()]),
            (Some("mutual_agreement"), vec!["25".to_string()]),
        ]
    );
    // An instruction whose reference is the article's own keeps the article's topic.
    let replacing = &doc.treaties[0].versions[0].protocol[0];
    assert_eq!(replacing.topic.as_str(), "dividends");
    assert!(replacing.paragraphs.iter().all(|p| p.topic.is_none()));
}

#[test]
fn paragraphs_each_instruction_quotes_take_the_amended_articles_numbers() {
    // Printed as a PDF's text layer leaves it: no quotation marks, the quoted paragraphs
    // indented under numbered instructions of the protocol's own.
    let text = "The Government of A and the Government of B, desiring to amend the Convention, \
        have agreed as follows:\n\n\
        ARTICLE I\n\n\
        1.  Paragraphs 3 and 4 of Article 18 (Pensions and Annuities) of the Convention shall \
        be deleted and replaced by the following:\n\
        \x20     3.  For the purposes of this Convention, the term pensions includes any payment \
        under a retirement arrangement.\n\
        \x20     4.  An annuity shall be deemed to arise in a Contracting State if the payer is a \
        resident of that State.\n\
        2.  Paragraph 7 of Article 18 (Pensions and Annuities) of the Convention shall be \
        deleted and replaced by the following:\n\
        \x20     7.  A natural person may elect to defer taxation of income accrued in a plan.\n\
        3.  Article 18 (Pensions and Annuities) of the Convention shall be amended by adding \
        the following paragraphs:\n\
        \x20     8.  Contributions made to a qualifying retirement plan shall be deductible where:\n\
        \x20     (a)  the individual performs services as an employee in that other State; and\n\
        \x20     (b)  the individual has performed services for no more than 60 of the 120 months \
        preceding the year.\n\
        \x20     9.  For the purposes of United States taxation, the benefits granted under \
        paragraph 8 shall not exceed the benefits allowed to residents.\n\n\
        ARTICLE II\n\n\
        Paragraphs 1 through 3 of Article 21 (Exempt Organizations) of the Convention shall be \
        deleted and replaced by the following:\n\
        \x20     1.  Income derived by a charitable organization shall be exempt from tax.\n\
        \x20     2.  Income referred to in Articles 10 (Dividends) and 11 (Interest) derived by a \
        pension trust shall be exempt from tax.\n\n\
        ARTICLE III\n\n\
        The Protocol of 2003 shall be amended by adding the following after paragraph 13:\n\
        \x20     \u{201c}14. With reference to paragraphs 5, 6 and 7 of Article 25 of the Convention:\n\
        \x20     (a)  The arbitration panel shall consist of three members.\n\
        \x20     (b)  The presenter of the case shall have 45 days to accept the determination of \
        the arbitration panel.\u{201d}\n\n\
        ARTICLE IV\n\n\
        This Protocol shall enter into force on the date of the later of the notifications.\n";
    let (doc, _) = segment(text, &Config::default());
    let points = &doc.treaties[0].versions[0].protocol;
    let numbers = |index: usize| paragraph_numbers(&points[index]);
    let owned = |number: &str, labels: &[&str]| {
        (
            number.to_string(),
            labels.iter().map(|l| l.to_string()).collect::<Vec<_>>(),
        )
    };
    assert_eq!(
        numbers(0),
        [
            owned("3", &[]),
            owned("4", &[]),
            owned("7", &[]),
            owned("8", &["a", "b"]),
            owned("9", &[]),
        ]
    );
    assert_eq!(points[0].topic.as_str(), "pensions");
    // A titled article that is no topic of the model is miscellaneous, not the topic of the
    // articles its paragraphs cite.
    assert_eq!(numbers(1), [owned("1", &[]), owned("2", &[])]);
    assert_eq!(points[1].topic.as_str(), "miscellaneous");
    assert!(points[1].paragraphs.iter().all(|p| p.topic.is_none()));
    // A point that names its article without a title is about what its words are about.
    let point = &points[2].paragraphs;
    assert_eq!(point.len(), 1);
    assert_eq!(point[0].number, "14");
    let topic = point[0].topic.unwrap_or(points[2].topic);
    assert_eq!(topic.as_str(), "mutual_agreement");
}

#[test]
fn a_label_a_wrap_left_after_a_cited_paragraph_is_a_reference() {
    let text = "Article 32\nEntry into force\n\
        1. Notwithstanding the foregoing provisions, the tax charged pursuant to paragraph 2\n\
        a) of Article 10 on dividends paid before 1 January 1992 shall not exceed 10 percent.\n\
        2. The provisions of subparagraph (a) of paragraph 2 and subparagraph\n\
        (b) of paragraph 3 shall not apply to dividends paid by a REIT, unless:\n\
        (a) the beneficial owner is an individual; or\n\
        (b) the dividends are paid on a publicly traded class of stock.\n";
    assert_eq!(
        subparagraph_labels(text),
        vec![vec![], vec!["a".to_string(), "b".to_string()]]
    );
}

#[test]
fn a_paragraph_may_open_with_its_first_label_on_its_line_or_the_next() {
    let text = "Article 28\nLimitation on benefits\n\
        1. A resident is entitled to all the benefits of this Convention if it is:\n\
        a) an individual; or\n\
        b) a company.\n\
        2. a) Notwithstanding paragraph 1, a company is entitled to the benefits if:\n\
        b) it is engaged in the active conduct of a trade or business.\n\
        3.\n\
        \x20    a) A person is connected to another if one possesses at least 50 percent of it.\n\
        \x20    b) The competent authorities may agree otherwise.\n";
    assert_eq!(
        subparagraph_labels(text),
        [["a", "b"], ["a", "b"], ["a", "b"]].map(|labels| labels.map(String::from).to_vec())
    );
}

#[test]
fn an_inserted_article_follows_the_article_of_its_number() {
    // `Article 12A` (and `Article 12-A`, `Article 12 A.`) after Article 12, before Article
    // 13; a reference to it in a paragraph stays a reference.
    for inserted in ["Article 12A", "Article 12-A", "Article 12 A."] {
        let mut text = convention_of_twelve_articles();
        text.push_str(&format!(
            "{inserted}\nFees for Technical Services\n1. Fees for technical services arising in \
             a Contracting State may be taxed in that State, but the tax so charged shall not \
             exceed 10 per cent of the gross amount of the fees.\n2. The provisions of \
             Article 12A shall not apply to royalties.\n\n\
             Article 13\nCapital Gains\n1. Gains from the alienation of property may be taxed \
             in the other State.\n\n"
        ));
        let numbers: Vec<(String, &str)> = outline(&text)
            .into_iter()
            .skip(10)
            .map(|(number, _, topic, _)| (number, topic))
            .collect();
        assert_eq!(
            numbers,
            [
                ("11".to_string(), "interest"),
                ("12".to_string(), "royalties"),
                ("12A".to_string(), "technical_services"),
                ("13".to_string(), "capital_gains"),
            ],
            "{inserted}"
        );
    }
}

#[test]
fn an_inserted_spanish_article_with_bis_follows_its_article() {
    let text = "El Reino de España y la República de Chile, deseando concluir un Convenio, han \
                convenido lo siguiente:\n\n\
                Artículo 9. Empresas asociadas.\n1. Cuando una empresa de un Estado \
                contratante participe en la dirección de una empresa del otro Estado.\n\n\
                Artículo 10. Dividendos.\n1. Los dividendos pagados por una sociedad residente \
                de un Estado contratante pueden someterse a imposición en el otro Estado.\n\n\
                Artículo 10 bis. Rentas de fondos.\n1. Las rentas pagadas por un fondo \
                residente de un Estado contratante pueden someterse a imposición en el otro \
                Estado.\n\n\
                Artículo 11. Intereses.\n1. Los intereses procedentes de un Estado contratante \
                pueden someterse a imposición en el otro Estado.\n";
    let numbers: Vec<String> = outline(text)
        .into_iter()
        .map(|(number, ..)| number)
        .collect();
    assert_eq!(numbers, ["9", "10", "10bis", "11"]);
    // Roman numerals with a lettered suffix: `Artículo X-A.`
    let roman = text
        .replace("Artículo 9.", "Artículo IX.")
        .replace("Artículo 10 bis.", "Artículo X-A.")
        .replace("Artículo 10.", "Artículo X.")
        .replace("Artículo 11.", "Artículo XI.");
    let numbers: Vec<String> = outline(&roman)
        .into_iter()
        .map(|(number, ..)| number)
        .collect();
    assert_eq!(numbers, ["9", "10", "10A", "11"]);
}

#[test]
fn a_protocol_point_keeps_its_numbered_paragraphs_after_a_lead_ending_with_a_colon() {
    let body = treaty_articles(&[(10, "Dividends"), (25, "Exchange of Information")]);
    let text = format!(
        "The Contracting States have agreed as follows:\n\n{body}PROTOCOL\n\nAt the signing of the Convention the undersigned have agreed upon the following provisions:\n\n\
         I. Ad Article 10\nThe rate shall not exceed 5 per cent of the gross amount of the dividends.\n\n\
         II. Ad Article 25\nIt is understood that Article 25 shall be applied in accordance with the following:\n\
         1. The competent authority of a Contracting State shall provide information upon request.\n\
         2. The requested State shall acknowledge the request within 15 days of its receipt.\n\
         3. The requested State shall provide the information within six months.\n\n\
         III. Ad Article 10\nIn the case of Arcadia:\n1. The Income Tax;\n2. The Corporation Tax.\n"
    );
    let (doc, _) = segment(&text, &Config::default());
    let points: Vec<(String, Vec<String>)> = doc.treaties[0].versions[0]
        .protocol
        .iter()
        .map(|point| {
            (
                point.number.clone(),
                point.paragraphs.iter().map(|p| p.number.clone()).collect(),
            )
        })
        .collect();
    let expected: Vec<(String, Vec<String>)> = [
        ("P1", &["1"][..]),
        // A lead that introduces numbered sentences, each ending with a full stop.
        ("P2", &["1", "2", "3"][..]),
        // A list of items ending with ";" is a list, not paragraphs.
        ("P3", &["1"][..]),
    ]
    .iter()
    .map(|(point, numbers)| {
        (
            point.to_string(),
            numbers.iter().map(|n| n.to_string()).collect(),
        )
    })
    .collect();
    assert_eq!(points, expected);
}

#[test]
fn a_paragraph_after_a_list_ended_with_a_semicolon_is_the_next_paragraph_unless_a_numbered_list_goes_on(
) {
    let body = treaty_articles(&[(1, "Persons covered"), (2, "Taxes covered")]);
    let text = format!(
        "The Contracting States have agreed as follows:\n\n{body}\
         ARTICLE 3\n(Elimination of double taxation)\n\n\
         1. In Arcadia double taxation shall be avoided as follows:\n\
         a) Arcadia shall exempt such income;\n\
         b) Arcadia may take the exempted income into account;\n\
         2. In Borduria double taxation shall be avoided as follows:\n\
         a) Borduria shall allow a deduction from its tax.\n\n\
         ARTICLE 4\n(Non-discrimination)\n\n\
         1. The taxes to which this Article applies are:\n\
         1. The Income Tax;\n\
         2. The Corporation Tax.\n\
         2. Nationals of a Contracting State shall not be subjected to other taxation.\n"
    );
    let paragraphs: Vec<(String, usize)> = outline(&text)
        .into_iter()
        .filter(|(number, ..)| number == "3" || number == "4")
        .map(|(number, _, _, count)| (number, count))
        .collect();
    assert_eq!(paragraphs, vec![("3".to_string(), 2), ("4".to_string(), 2)]);
}

/// A Japanese treaty of `headings` in order, each a line of its own over a paragraph.
fn japanese_articles_text(headings: &[&str]) -> String {
    let mut text = String::from("次のとおり協定した。\n");
    for heading in headings {
        text.push_str(heading);
        text.push_str("\n1 一方の締約国の居住者が取得する所得に対しては、当該一方の締約国においてのみ租税を課することができる。\n2 1の規定は、他方の締約国において租税を課することを妨げるものではない。\n");
    }
    text
}

fn article_numbers_and_inference(text: &str) -> Vec<(String, bool)> {
    let (doc, _) = segment(text, &Config::default());
    doc.treaties[0].versions[0]
        .articles
        .iter()
        .map(|a| (a.number.clone(), a.inferred))
        .collect()
}

#[test]
fn japanese_headings_whose_number_ocr_damaged_take_their_place_in_the_sequence() {
    // `大` for `六` fills its gap exactly; `二七` lost the unit of `十七`, one edit from it.
    let text = japanese_articles_text(&[
        "第五条",
        "第大条",
        "第七条",
        "光条 配当",
        "第十一条",
        "第十四条",
        "第二七条",
        "第十八条",
        "第ニナ人条",
    ]);
    let got = article_numbers_and_inference(&text);
    let numbers: Vec<(&str, bool)> = got.iter().map(|(n, i)| (n.as_str(), *i)).collect();
    // `光条配当` is one edit from each of 8, 9 and 10: no number is its own, and it stays text.
    // `ニナ人` (28) stands ten numbers after 18, further than a sequence reaches.
    assert_eq!(
        numbers,
        [
            ("5", false),
            ("6", true),
            ("7", false),
            ("11", false),
            ("14", false),
            ("17", true),
            ("18", false),
        ],
        "{text}"
    );
}

#[test]
fn a_japanese_heading_that_lost_its_ordinal_mark_fills_a_gap_of_one_by_its_title() {
    let text = japanese_articles_text(&["第九条", "光条 配当", "第十一条", "第十二条"]);
    let got = article_numbers_and_inference(&text);
    let numbers: Vec<(&str, bool)> = got.iter().map(|(n, i)| (n.as_str(), *i)).collect();
    assert_eq!(
        numbers,
        [("9", false), ("10", true), ("11", false), ("12", false)]
    );
    // Without a model article's title, the same shape is text: `この条` is prose.
    let text = japanese_articles_text(&["第九条", "この条", "第十一条"]);
    let got = article_numbers_and_inference(&text);
    assert_eq!(got.len(), 2, "{got:?}");
}

#[test]
fn a_damaged_japanese_heading_after_the_last_found_one_takes_the_next_close_number() {
    let text = japanese_articles_text(&["第二十四条", "第二十五条", "第二十大条", "第二+七条"]);
    let got = article_numbers_and_inference(&text);
    let numbers: Vec<(&str, bool)> = got.iter().map(|(n, i)| (n.as_str(), *i)).collect();
    assert_eq!(
        numbers,
        [("24", false), ("25", false), ("26", true), ("27", true)]
    );
}

#[test]
fn a_heading_number_that_reads_as_another_number_is_no_damaged_heading() {
    // An article quoted in the text (`第二十条`) keeps out of the sequence: it reads as a
    // number, just not as the next one.
    let text = japanese_articles_text(&["第二十二条", "第二十三条", "第二十条"]);
    let got = article_numbers_and_inference(&text);
    let numbers: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(numbers, ["22", "23"]);
}

#[test]
fn a_latin_heading_with_a_speck_before_its_number_stays_in_the_sequence() {
    let body = treaty_articles(&[
        (9, "Associated Enterprises"),
        (10, "Dividends"),
        (11, "Interest"),
    ]);
    let text = format!(
        "The Contracting States have agreed as follows:\n\n{}",
        body.replace("ARTICLE 10\n", "ARTICLE -10\n")
    );
    let got = outline(&text);
    let numbers: Vec<&str> = got.iter().map(|a| a.0.as_str()).collect();
    assert_eq!(numbers, ["9", "10", "11"], "{got:?}");
    assert_eq!(got[1].2, "dividends");
    // In a sentence, a dash before a number is no heading.
    let text = text.replace(
        "ARTICLE -10\n",
        "ARTICLE 10\nAs provided in Article -10\nof the other agreement.\n",
    );
    let got = outline(&text);
    assert_eq!(got.len(), 3, "{got:?}");
}

#[test]
fn a_short_protocol_amending_one_article_gives_protocol_articles() {
    let preamble = "PROTOCOL AMENDING THE CONVENTION BETWEEN ARCADIA AND BORDURIA\n\nArcadia and Borduria, desiring to amend the Convention signed at Arcadia City on 1 March 1980 (hereinafter referred to as \"the Convention\"), have agreed as follows:\n\n";
    let amends = "Paragraph 2 of Article 11 (Interest) of the Convention shall be deleted and replaced by the following:\n\"2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\"\n\n";
    let in_force = "This Protocol shall enter into force on the thirtieth day after the date of the exchange of instruments of ratification.\n";
    // One amending article and its entry into force.
    let text = format!("{preamble}Article 1\n\n{amends}Article 2\n\n{in_force}");
    let (doc, _) = segment(&text, &Config::default());
    let version = &doc.treaties[0].versions[0];
    let got: Vec<(&str, Vec<String>)> = version
        .protocol
        .iter()
        .map(|a| (a.number.as_str(), a.modifies.clone()))
        .collect();
    assert_eq!(
        got,
        [("P1", vec!["11".to_string()]), ("P2", Vec::new())],
        "{text}"
    );
    // Two amending articles, the second's words damaged by OCR (`shall he deleted`), and the
    // entry into force: the first settles it.
    let damaged = amends
        .replace("11 (Interest)", "12 (Royalties)")
        .replace("shall be deleted", "shall he deleted");
    let text =
        format!("{preamble}Article 1\n\n{amends}Article 2\n\n{damaged}Article 3\n\n{in_force}");
    let (doc, _) = segment(&text, &Config::default());
    let numbers: Vec<&str> = doc.treaties[0].versions[0]
        .protocol
        .iter()
        .map(|a| a.number.as_str())
        .collect();
    assert_eq!(numbers, ["P1", "P2", "P3"]);
    // A convention's first articles amend nothing: it keeps its articles.
    let convention = treaty_articles(&[(1, "Persons Covered"), (2, "Taxes Covered")]);
    let text = format!("The Contracting States have agreed as follows:\n\n{convention}");
    let got = outline(&text);
    assert_eq!(got[0].0, "1");
}

#[test]
fn an_article_whose_heading_ocr_damaged_takes_the_other_versions_topic_for_its_damaged_title() {
    let article = |number: &str, title: &str, topic: Topic, inferred: bool| Article {
        number: number.to_string(),
        printed: String::new(),
        title: title.to_string(),
        topic,
        inferred,
        span: 0..0,
        paragraphs: Vec::new(),
        modifies: Vec::new(),
    };
    let version = |lang: Lang, articles: Vec<Article>| Version {
        lang,
        span: 0..0,
        articles,
        protocol: Vec::new(),
        mli: Vec::new(),
    };
    let mut versions = [
        version(
            Lang::Ja,
            vec![
                // A damaged heading's title is as damaged: the other version's topic.
                article("22", "鉛還民休ュ", Topic::Miscellaneous, true),
                // A title read from a heading found whole is the text's own word.
                article("26", "雑則", Topic::Miscellaneous, false),
            ],
        ),
        version(
            Lang::En,
            vec![
                article("22", "Non-Discrimination", Topic::NonDiscrimination, false),
                article("26", "Diplomatic Agents", Topic::DiplomaticAgents, false),
            ],
        ),
    ];
    super::borrow_topics_across_versions(&mut versions);
    let topics: Vec<Topic> = versions[0].articles.iter().map(|a| a.topic).collect();
    assert_eq!(topics, [Topic::NonDiscrimination, Topic::Miscellaneous]);
}

#[test]
fn a_protocol_whose_heading_was_lost_opens_at_its_preamble() {
    let body = treaty_articles(&[(10, "Dividends"), (11, "Interest"), (12, "Termination")]);
    // OCR lost the closing formula's first word and the protocol's heading; the protocol's
    // points are still its own, not paragraphs of the last article.
    let text = format!(
        "The Contracting States have agreed as follows:\n\n{body}WITNESS WHEREOF, the undersigned have signed this Convention.\n\nDONE at Tokyo in duplicate.\n\nAt the signing of the Convention between the two Governments, the undersigned have agreed upon the following provisions which form an integral part of the Convention.\n\n1. With reference to paragraph 2 of Article 10 of the Convention, the rate shall not exceed 5 per cent.\n\n2. With reference to Article 11 of the Convention, the term \"interest\" includes premiums.\n\nIN WITNESS WHEREOF, the undersigned have signed this Protocol.\n"
    );
    let got = protocol_modifies(&text);
    assert_eq!(
        got,
        [
            ("P1".to_string(), vec!["10".to_string()]),
            ("P2".to_string(), vec!["11".to_string()]),
        ]
    );
    let last = outline(&text)
        .into_iter()
        .find(|(number, ..)| number == "12")
        .unwrap();
    assert_eq!(last.3, 2, "the last article keeps its own two paragraphs");
}

#[test]
fn protocol_points_name_articles_in_roman_numerals() {
    let article = |number: &str, title: &str| {
        format!("Article {number}\n{title}\n1. Such income arising in a Contracting State may be taxed in the other Contracting State.\n2. However, such income may also be taxed in the Contracting State in which it arises.\n\n")
    };
    let text = format!(
        "The Contracting States have agreed as follows:\n\n{}{}{}IN WITNESS WHEREOF the undersigned have signed this Convention.\n\nPROTOCOL\n\nAt the signing of the Convention the undersigned have agreed upon the following provisions:\n\n1. With reference to Article XI of the Convention, the term \"interest\" includes premiums.\n\n2. With reference to Articles X and XI, the rate shall not exceed 5 per cent.\n",
        article("X", "Dividends"),
        article("XI", "Interest"),
        article("XII", "Royalties"),
    );
    let (doc, _) = segment(&text, &Config::default());
    let points: Vec<(String, &str, Vec<String>)> = doc.treaties[0].versions[0]
        .protocol
        .iter()
        .map(|p| (p.number.clone(), p.topic.as_str(), p.modifies.clone()))
        .collect();
    assert_eq!(
        points,
        [
            ("P1".to_string(), "interest", vec!["11".to_string()]),
            (
                "P2".to_string(),
                "dividends",
                vec!["10".to_string(), "11".to_string()]
            ),
        ]
    );
}

#[test]
fn an_entry_into_force_paragraph_naming_an_article_stays_entry_into_force() {
    let preamble = "PROTOCOL AMENDING THE CONVENTION BETWEEN ARCADIA AND BORDURIA\n\nArcadia and Borduria, desiring to amend the Convention signed at Arcadia City on 1 March 1980 (hereinafter referred to as \"the Convention\"), have agreed as follows:\n\n";
    let amends = "Paragraph 2 of Article 11 (Interest) of the Convention shall be deleted and replaced by the following:\n\"2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\"\n\n";
    let in_force = "Entry into Force\n1. This Protocol shall enter into force on the thirtieth day after the date of the exchange of instruments of ratification.\n2. Notwithstanding paragraph 1, Article XXVI A (Assistance in Collection) of the Convention shall have effect for revenue claims finally determined after the date that is 10 years before the date on which this Protocol enters into force.\n";
    let text = format!("{preamble}Article 1\n\n{amends}Article 2\n{in_force}");
    let (doc, _) = segment(&text, &Config::default());
    let last = doc.treaties[0].versions[0].protocol.last().unwrap();
    assert_eq!(last.topic, Topic::EntryIntoForce, "{text}");
    assert_eq!(last.paragraphs.len(), 2);
    assert!(
        last.paragraphs.iter().all(|p| p.topic.is_none()),
        "{:?}",
        last.paragraphs
    );
}
