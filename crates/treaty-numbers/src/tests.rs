//! The specification of [`find_quantities`](crate::find_quantities), as tables of inputs and the
//! quantities expected in them.
//!
//! Each expected quantity is written `value unit [span text]`, so a table row shows at once the
//! value, the unit and exactly which bytes the span covers.

use crate::{find_quantities, Lang};

/// Renders the quantities found in `text` as `value unit [span text]`.
fn render(text: &str, lang: Lang) -> Vec<String> {
    find_quantities(text, lang)
        .iter()
        .map(|quantity| {
            format!(
                "{} {} [{}]",
                quantity.value,
                quantity.unit.as_str(),
                &text[quantity.span.clone()]
            )
        })
        .collect()
}

/// Checks every row of `table`, reporting all failing rows at once.
fn check_table(table: &[(Lang, &str, &[&str])]) {
    let mut failures = Vec::new();
    for &(lang, input, expected) in table {
        let found = render(input, lang);
        if found != expected {
            failures.push(format!(
                "{lang:?} {input:?}\n    expected {expected:?}\n    found    {found:?}"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} rows failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn digits_with_separators() {
    check_table(&[
        (Lang::Pt, "4.000 euros", &["4000 EUR [4.000 euros]"]),
        (Lang::En, "4,000 euros", &["4000 EUR [4,000 euros]"]),
        (Lang::Pt, "4000 euros", &["4000 EUR [4000 euros]"]),
        (Lang::Pt, "10 000 euros", &["10000 EUR [10 000 euros]"]),
        (Lang::En, "10 000 euros", &["10000 EUR [10 000 euros]"]),
        (Lang::Pt, "7,5 por cento", &["7.5 percent [7,5 por cento]"]),
        (Lang::Pt, "7,5 %", &["7.5 percent [7,5 %]"]),
        (Lang::En, "7.5 per cent", &["7.5 percent [7.5 per cent]"]),
        (Lang::En, "0.5 per cent", &["0.5 percent [0.5 per cent]"]),
        (
            Lang::Pt,
            "1.000.000 euros",
            &["1000000 EUR [1.000.000 euros]"],
        ),
        (
            Lang::En,
            "1,000,000 euros",
            &["1000000 EUR [1,000,000 euros]"],
        ),
        (
            Lang::Pt,
            "10.000,50 euros",
            &["10000.5 EUR [10.000,50 euros]"],
        ),
        (
            Lang::En,
            "10,000.50 dollars",
            &["10000.5 USD [10,000.50 dollars]"],
        ),
        (
            Lang::En,
            "1 million euros",
            &["1000000 EUR [1 million euros]"],
        ),
        (Lang::Pt, "10 mil euros", &["10000 EUR [10 mil euros]"]),
    ]);
}

#[test]
fn percentages() {
    check_table(&[
        (Lang::En, "15 per cent", &["15 percent [15 per cent]"]),
        (Lang::En, "15 percent", &["15 percent [15 percent]"]),
        (Lang::En, "15 Per Cent", &["15 percent [15 Per Cent]"]),
        (
            Lang::En,
            "shall not exceed 15 per cent.",
            &["15 percent [15 per cent]"],
        ),
        (
            Lang::En,
            "15 per cent. of the gross amount",
            &["15 percent [15 per cent.]"],
        ),
        (Lang::En, "15%", &["15 percent [15%]"]),
        (Lang::Pt, "5 %", &["5 percent [5 %]"]),
        (Lang::Pt, "pelo menos 5 % do capital", &["5 percent [5 %]"]),
        (Lang::Pt, "25 por cento", &["25 percent [25 por cento]"]),
        (
            Lang::En,
            "10 (ten) per cent",
            &["10 percent [10 (ten) per cent]"],
        ),
        (
            Lang::En,
            "ten (10) per cent",
            &["10 percent [ten (10) per cent]"],
        ),
        (
            Lang::Pt,
            "10 (dez) por cento",
            &["10 percent [10 (dez) por cento]"],
        ),
        (Lang::En, "ten per cent", &["10 percent [ten per cent]"]),
        (
            Lang::En,
            "ten per cent (10%) of",
            &["10 percent [ten per cent (10%)]"],
        ),
        (
            Lang::En,
            "Fifteen per cent",
            &["15 percent [Fifteen per cent]"],
        ),
        (Lang::Pt, "dez por cento", &["10 percent [dez por cento]"]),
        (
            Lang::Pt,
            "quinze por cento",
            &["15 percent [quinze por cento]"],
        ),
        (Lang::Ja, "十五パーセント", &["15 percent [十五パーセント]"]),
        (Lang::Ja, "五パーセント", &["5 percent [五パーセント]"]),
        (Lang::Ja, "10パーセント", &["10 percent [10パーセント]"]),
        (Lang::Ja, "10%", &["10 percent [10%]"]),
        (
            Lang::Ja,
            "七十五パーセント以上",
            &["75 percent [七十五パーセント]"],
        ),
        (Lang::En, "15 p.c.", &["15 percent [15 p.c.]"]),
        (Lang::En, "15 per-cent", &["15 percent [15 per-cent]"]),
        (Lang::En, "5 per centum", &["5 percent [5 per centum]"]),
        (Lang::En, "10,5 per cent", &["10.5 percent [10,5 per cent]"]),
        (
            Lang::En,
            "7½ per cent of the gross amount",
            &["7.5 percent [7½ per cent]"],
        ),
        (
            Lang::En,
            "7 1/2 per cent",
            &["7.5 percent [7 1/2 per cent]"],
        ),
        // `12½` as a PDF's text layer spells it: the half sign as `1/2`, the space lost.
        (
            Lang::En,
            "shall not exceed 121/2 percent of the amount",
            &["12.5 percent [121/2 percent]"],
        ),
        (Lang::En, "71/4 per cent", &["7.25 percent [71/4 per cent]"]),
        // Not before a percentage, or not a rate below 100: left as it is.
        (Lang::En, "1831/2 days", &[]),
        (Lang::En, "in 1981/2 per cent", &[]),
        (
            Lang::En,
            "seven and a half per cent",
            &["7.5 percent [seven and a half per cent]"],
        ),
        (
            Lang::Pt,
            "sete e meio por cento",
            &["7.5 percent [sete e meio por cento]"],
        ),
        (
            Lang::En,
            "shall not exceed 10 of the gross amount",
            &["10 percent [10]"],
        ),
        (Lang::En, "within 10 of the days", &[]),
        (Lang::Ja, "百分の十五", &["15 percent [百分の十五]"]),
        (
            Lang::Ja,
            "当該配当の金額の十二・五パーセントを超えない",
            &["12.5 percent [十二・五パーセント]"],
        ),
        (
            Lang::Ja,
            "七・五パーセント",
            &["7.5 percent [七・五パーセント]"],
        ),
        (Lang::Ja, "百分の十を超えない", &["10 percent [百分の十]"]),
        // A fraction whose number OCR cut off by a stray stroke is no number of its own.
        (
            Lang::Ja,
            "当該利子の金額の十二|・五パーセントを超えない",
            &[],
        ),
        (Lang::Ja, "の額の・五パーセント", &[]),
    ]);
}

#[test]
fn durations() {
    check_table(&[
        (Lang::En, "183 days", &["183 days [183 days]"]),
        (Lang::En, "365 days", &["365 days [365 days]"]),
        (Lang::En, "a period of 365 days", &["365 days [365 days]"]),
        (
            Lang::En,
            "one hundred and eighty-three days",
            &["183 days [one hundred and eighty-three days]"],
        ),
        (Lang::En, "twelve months", &["12 months [twelve months]"]),
        (
            Lang::En,
            "in any twelve month period",
            &["12 months [twelve month]"],
        ),
        (
            Lang::En,
            "in any 12-month period",
            &["12 months [12-month]"],
        ),
        (Lang::En, "a 183-day period", &["183 days [183-day]"]),
        (Lang::En, "six months", &["6 months [six months]"]),
        (Lang::En, "Six months", &["6 months [Six months]"]),
        (Lang::En, "two years", &["2 years [two years]"]),
        (Lang::En, "one year", &["1 years [one year]"]),
        (
            Lang::En,
            "three calendar years",
            &["3 years [three calendar years]"],
        ),
        (Lang::Pt, "183 dias", &["183 days [183 dias]"]),
        (Lang::Pt, "doze meses", &["12 months [doze meses]"]),
        (Lang::Pt, "seis meses", &["6 months [seis meses]"]),
        (Lang::Pt, "um mês", &["1 months [um mês]"]),
        (Lang::Pt, "três anos", &["3 years [três anos]"]),
        (
            Lang::Pt,
            "três anos-calendário",
            &["3 years [três anos-calendário]"],
        ),
        (
            Lang::Pt,
            "três anos- calendário consecutivos",
            &["3 years [três anos- calendário]"],
        ),
        (Lang::Pt, "dois anos", &["2 years [dois anos]"]),
        (Lang::Pt, "trinta dias após", &["30 days [trinta dias]"]),
        (
            Lang::Pt,
            "cento e oitenta e três dias",
            &["183 days [cento e oitenta e três dias]"],
        ),
        (Lang::Ja, "十二箇月", &["12 months [十二箇月]"]),
        (Lang::Ja, "六箇月", &["6 months [六箇月]"]),
        (Lang::Ja, "十二か月", &["12 months [十二か月]"]),
        (Lang::Ja, "十二ヶ月", &["12 months [十二ヶ月]"]),
        (Lang::Ja, "三百六十五日", &["365 days [三百六十五日]"]),
        (Lang::Ja, "百八十三日", &["183 days [百八十三日]"]),
        (Lang::Ja, "二年", &["2 years [二年]"]),
        (Lang::Ja, "三年間", &["3 years [三年間]"]),
        (Lang::Ja, "183日", &["183 days [183日]"]),
        (
            Lang::En,
            "12 (twelve) months",
            &["12 months [12 (twelve) months]"],
        ),
        (Lang::Pt, "cinco (5) anos", &["5 years [cinco (5) anos]"]),
        (Lang::Pt, "um ano", &["1 years [um ano]"]),
        (
            Lang::Pt,
            "vinte e quatro meses",
            &["24 months [vinte e quatro meses]"],
        ),
        (
            Lang::Pt,
            "nos 12 meses anteriores",
            &["12 months [12 meses]"],
        ),
        (
            Lang::Ja,
            "この条約の効力発生の日から五年の期間",
            &["5 years [五年]"],
        ),
    ]);
}

#[test]
fn money() {
    check_table(&[
        (
            Lang::Pt,
            "a US$ 4.000. Artigo 22",
            &["4000 USD [US$ 4.000]"],
        ),
        (
            Lang::En,
            "equivalent to US $ 4000. Article 22",
            &["4000 USD [US $ 4000]"],
        ),
        (Lang::En, "US$4,000", &["4000 USD [US$4,000]"]),
        (Lang::Pt, "US$4,000", &["4000 USD [US$4,000]"]),
        (Lang::En, "U.S. $4,000", &["4000 USD [U.S. $4,000]"]),
        (Lang::Pt, "EUR 10 000", &["10000 EUR [EUR 10 000]"]),
        (Lang::Pt, "10 000 euros", &["10000 EUR [10 000 euros]"]),
        (Lang::Pt, "€ 10.000", &["10000 EUR [€ 10.000]"]),
        (Lang::En, "€ 10.000", &["10000 EUR [€ 10.000]"]),
        (Lang::En, "€10,000", &["10000 EUR [€10,000]"]),
        (
            Lang::En,
            "$10,000 Canadian",
            &["10000 CAD [$10,000 Canadian]"],
        ),
        (
            Lang::En,
            "$10,000 Canadian dollars",
            &["10000 CAD [$10,000 Canadian dollars]"],
        ),
        (
            Lang::En,
            "10,000 Canadian dollars",
            &["10000 CAD [10,000 Canadian dollars]"],
        ),
        (Lang::En, "$10,000", &["10000 USD [$10,000]"]),
        (Lang::En, "C$10,000", &["10000 CAD [C$10,000]"]),
        (
            Lang::En,
            "100,000 Danish kroner",
            &["100000 DKK [100,000 Danish kroner]"],
        ),
        (Lang::En, "1,000,000 yen", &["1000000 JPY [1,000,000 yen]"]),
        (
            Lang::En,
            "5,000 United States dollars",
            &["5000 USD [5,000 United States dollars]"],
        ),
        (
            Lang::En,
            "exceeded 1.2 million U.S. dollars or its equivalent",
            &["1200000 USD [1.2 million U.S. dollars]"],
        ),
        (Lang::En, "GBP 5,000", &["5000 GBP [GBP 5,000]"]),
        (
            Lang::En,
            "10 million US dollars",
            &["10000000 USD [10 million US dollars]"],
        ),
        (
            Lang::En,
            "US$ 10,000,000",
            &["10000000 USD [US$ 10,000,000]"],
        ),
        (
            Lang::En,
            "USD 10 million",
            &["10000000 USD [USD 10 million]"],
        ),
        (Lang::Pt, "R$ 10.000,00", &["10000 BRL [R$ 10.000,00]"]),
        (Lang::Pt, "US$ 4.000,00", &["4000 USD [US$ 4.000,00]"]),
        (Lang::En, "DKK 100,000", &["100000 DKK [DKK 100,000]"]),
        (
            Lang::En,
            "ten thousand dollars",
            &["10000 USD [ten thousand dollars]"],
        ),
        (Lang::Pt, "dez mil euros", &["10000 EUR [dez mil euros]"]),
        (
            Lang::Pt,
            "100.000 coroas dinamarquesas",
            &["100000 DKK [100.000 coroas dinamarquesas]"],
        ),
        (
            Lang::Pt,
            "4.000 dólares dos Estados Unidos",
            &["4000 USD [4.000 dólares dos Estados Unidos]"],
        ),
        (Lang::Ja, "百万円", &["1000000 JPY [百万円]"]),
        (Lang::Ja, "二百万円", &["2000000 JPY [二百万円]"]),
        (Lang::Ja, "1,000,000円", &["1000000 JPY [1,000,000円]"]),
        (Lang::Ja, "2千ドル", &["2000 USD [2千ドル]"]),
    ]);
}

#[test]
fn not_quantities() {
    check_table(&[
        (Lang::En, "Article 10", &[]),
        (Lang::En, "paragraph 2", &[]),
        (Lang::En, "paragraph 2 of Article 10", &[]),
        (Lang::Pt, "Artigo 10.º", &[]),
        (Lang::Pt, "n.º 5", &[]),
        (Lang::Pt, "1 - A presente Convenção", &[]),
        (Lang::Pt, "27 de agosto de 1974", &[]),
        (Lang::En, "Done at Ottawa this 19th day of June 1997", &[]),
        (Lang::En, "1 January 2018", &[]),
        (Lang::En, "on or after 1 January 2018", &[]),
        (Lang::En, "in 1974", &[]),
        (Lang::Pt, "1974", &[]),
        (Lang::En, "first day", &[]),
        (Lang::En, "on the first day of January", &[]),
        (Lang::En, "the 1st day of January", &[]),
        (Lang::En, "the 183rd day", &[]),
        (Lang::Pt, "Decreto nº 75.106", &[]),
        (Lang::Pt, "Decreto n.º 75.106, de 1974", &[]),
        (
            Lang::Pt,
            "Feito em Lisboa, aos 12 dias do mês de julho de 2016",
            &[],
        ),
        (Lang::En, "the two Contracting States", &[]),
        (Lang::En, "someone atone", &[]),
        (Lang::En, "a year", &[]),
        (Lang::En, "a calendar year", &[]),
        (Lang::En, "for a period of a year", &[]),
        (Lang::En, "the 1998 calendar year", &[]),
        (Lang::En, "one or more", &[]),
        (Lang::Pt, "umbrella trintas anos", &[]),
        (Lang::Pt, "em dois originais", &[]),
        (Lang::Pt, "o 1.º dia de janeiro", &[]),
        (Lang::Pt, "Cr$ 100.000", &[]),
        (Lang::Ja, "第二十一条7", &[]),
        (Lang::Ja, "第十条", &[]),
        (Lang::Ja, "第十二条", &[]),
        (Lang::Ja, "第五年", &[]),
        (Lang::Ja, "二千十七年十一月十一日", &[]),
        (Lang::Ja, "二千十七年十月十一日に東京で", &[]),
        (Lang::Ja, "2017年10月11日", &[]),
        (Lang::Ja, "二千十七年", &[]),
        (Lang::Ja, "昭和二十三年法律第二十五号", &[]),
        (Lang::Ja, "翌年の一月一日以後", &[]),
        (
            Lang::Ja,
            "外交上の公文の交換の日の後三十日目の日に効力を生ずる",
            &[],
        ),
        (Lang::Ja, "1日本国以外の国において", &[]),
        (Lang::Ja, "62 六一日本国においてその法令", &[]),
        (Lang::Ja, "5千九百六十八年二月三日に東京で署名された", &[]),
        (Lang::Ja, "2年金基金", &[]),
        (Lang::Ja, "二〇一一 六一 EU", &[]),
        (Lang::Ja, "一方の締約国", &[]),
        (Lang::Ja, "二千十八年度", &[]),
        (Lang::Ja, "十二月三十一日", &[]),
        (Lang::Ja, "同年十二月三十一日まで", &[]),
        (Lang::Ja, "平成二十九年", &[]),
        (Lang::Ja, "五年目", &[]),
        (Lang::Ja, "三月", &[]),
        (Lang::Pt, "no fim de um ano civil", &[]),
        (Lang::Pt, "durante um ano fiscal", &[]),
        (Lang::Pt, "em um ano-calendário", &[]),
        (Lang::Pt, "a cidade de Milão", &[]),
        (Lang::Pt, "um álbum de dez páginas", &[]),
        (Lang::En, "often ten-tative", &[]),
        (Lang::En, "5 (a) per cent", &[]),
        (Lang::En, "for 1998 and subsequent years", &[]),
    ]);
}

/// Sentences taken from the corpus, trimmed to the clause.
#[test]
fn corpus_clauses() {
    check_table(&[
        (
            Lang::Pt,
            "durante um período ou períodos que não excedam, no total, 183 dias em qualquer período de doze meses",
            &["183 days [183 dias]", "12 months [doze meses]"],
        ),
        (
            Lang::Pt,
            "por um período não superior a três anos- calendário consecutivos",
            &["3 years [três anos- calendário]"],
        ),
        (
            Lang::Pt,
            "pelo menos 50 por cento do capital votante de sociedade",
            &["50 percent [50 por cento]"],
        ),
        (
            Lang::Pt,
            "1 - A presente Convenção entrará em vigor trinta dias após a data de receção",
            &["30 days [trinta dias]"],
        ),
        (
            Lang::Pt,
            "depois de decorrido um período de três anos a contar da data de sua entrada em vigor",
            &["3 years [três anos]"],
        ),
        (
            Lang::En,
            "(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company (other than a partnership) which holds directly at least 25 per cent of the capital",
            &["5 percent [5 per cent]", "25 percent [25 per cent]"],
        ),
        (
            Lang::En,
            "for a period or periods not exceeding in the aggregate 183 days in any twelve month period commencing or ending in the fiscal year concerned",
            &["183 days [183 days]", "12 months [twelve month]"],
        ),
        (
            Lang::En,
            "by giving notice of termination in writing at least six months before the end of any calendar year",
            &["6 months [six months]"],
        ),
        (
            Lang::En,
            "at any time during the six years immediately preceding the alienation",
            &["6 years [six years]"],
        ),
        (
            Lang::En,
            "The case must be presented within three years from the first notification",
            &["3 years [three years]"],
        ),
        (
            Lang::Ja,
            "当該配当の額の十五パーセントを超えないものとする",
            &["15 percent [十五パーセント]"],
        ),
        (
            Lang::Ja,
            "これらの工事現場又は工事が十二箇月を超える期間存続する場合に限り",
            &["12 months [十二箇月]"],
        ),
        (
            Lang::Ja,
            "合計して三十日を超え十二箇月を超えないものに限る",
            &["30 days [三十日]", "12 months [十二箇月]"],
        ),
        (
            Lang::Ja,
            "当該譲渡に先立つ三百六十五日の期間のいずれかの時点において 第六条に規定",
            &["365 days [三百六十五日]"],
        ),
        (
            Lang::Ja,
            "滞在する期間が合計百八十三日を超えないこと",
            &["183 days [百八十三日]"],
        ),
        (
            Lang::Ja,
            "構成員又は参加者の五十(d) パーセント以上が",
            &["50 percent [五十(d) パーセント]"],
        ),
        (
            Lang::Ja,
            "この条約の効力発生の日から五年の期間が満了した後に開始する各暦年の末日の六箇月前までに",
            &["5 years [五年]", "6 months [六箇月]"],
        ),
        (
            Lang::Ja,
            "仲裁決定を受領した日の後六十日以内に",
            &["60 days [六十日]"],
        ),
        (
            Lang::Ja,
            "課税期間の終了の時から十年を経過した後は",
            &["10 years [十年]"],
        ),
        (
            Lang::Ja,
            "下名は 各自の政府から正当に委任を受けてこの条約に署名した 二千十七年十月十一日に東京で",
            &[],
        ),
    ]);
}

/// Spans are byte ranges into the original text, also after multi-byte characters.
#[test]
fn spans_are_exact() {
    let cases: &[(Lang, &str, &[&str])] = &[
        (
            Lang::Pt,
            "não poderá exceder 15 por cento do montante; e três anos-calendário",
            &["15 por cento", "três anos-calendário"],
        ),
        (
            Lang::Ja,
            "当該利子の額の十パーセントを超えない 十二箇月の期間",
            &["十パーセント", "十二箇月"],
        ),
        (
            Lang::En,
            "equivalent to US $ 4000. Article 22",
            &["US $ 4000"],
        ),
        (
            Lang::Pt,
            "moeda brasileira ou dinamarquesa, a US$ 4.000.",
            &["US$ 4.000"],
        ),
        (
            Lang::En,
            "ça coûte €10,000 et 15 per cent",
            &["€10,000", "15 per cent"],
        ),
    ];
    for &(lang, text, expected) in cases {
        let spans: Vec<&str> = find_quantities(text, lang)
            .iter()
            .map(|q| &text[q.span.clone()])
            .collect();
        assert_eq!(spans, expected, "text {text:?}");
    }
    let text = "à taxa de 25 por cento";
    let quantities = find_quantities(text, Lang::Pt);
    assert_eq!(quantities[0].span, 11..23);
    assert_eq!(quantities[0].value.as_str(), "25");
}

/// The whole-treaty path stays linear: a long text is scanned without building regexes per
/// position, so this finishes quickly even in a debug build.
#[test]
fn long_text_is_scanned_in_one_pass() {
    let clause = "the tax so charged shall not exceed 15 per cent of the gross amount, and 183 days in any twelve month period; Article 10 of 1974. ";
    let text = clause.repeat(2000);
    let quantities = find_quantities(&text, Lang::En);
    assert_eq!(quantities.len(), 3 * 2000);
    let japanese =
        "当該配当の額の十五パーセントを超えない 二千十七年十月十一日 十二箇月 ".repeat(2000);
    assert_eq!(find_quantities(&japanese, Lang::Ja).len(), 2 * 2000);
}

/// A number a float cannot hold exactly is no quantity: values are plain decimals as printed.
#[test]
fn numbers_beyond_fifteen_significant_digits_are_not_quantities() {
    let text = format!(
        "not exceed 18446744073709551616 per cent; not exceed {} per cent; not exceed 123456789012345 per cent; 0.000000000000001 per cent; 4,000,000,000 dollars; not exceed {} per cent; not exceed 0.1000000000000000001 per cent",
        "9".repeat(400),
        // A float reads 234 nines as 1e234, whose shortest text is 1 and 234 zeros.
        "9".repeat(234)
    );
    let values: Vec<String> = find_quantities(&text, Lang::En)
        .iter()
        .map(|q| q.value.to_string())
        .collect();
    assert_eq!(
        values,
        ["123456789012345", "0.000000000000001", "4000000000"]
    );
}

#[test]
fn a_share_written_as_a_word_is_a_percentage_of_its_whole() {
    check_table(&[
        (
            Lang::En,
            "one-half of the total amount of any such benefit",
            &["50 percent [one-half]"],
        ),
        (
            Lang::En,
            "provided that more than half of the beneficiaries are residents",
            &["50 percent [half]"],
        ),
        // Shares of a time, and words that only contain the letters, are not.
        (
            Lang::En,
            "owned throughout the last half of its taxable year on behalf of",
            &[],
        ),
        (
            Lang::En,
            "on at least half the days of the taxable year",
            &[],
        ),
    ]);
}

#[test]
fn words_of_a_period_between_the_number_and_its_unit() {
    check_table(&[
        (
            Lang::En,
            "shall in no event exceed a period of three consecutive years",
            &["3 years [three consecutive years]"],
        ),
        (
            Lang::En,
            "for a period not exceeding five taxable years from the date of his arrival",
            &["5 years [five taxable years]"],
        ),
        (
            Lang::En,
            "qualifying persons within the five preceding years",
            &["5 years [five preceding years]"],
        ),
        (
            Lang::En,
            "for a period of 12 consecutive months",
            &["12 months [12 consecutive months]"],
        ),
        // An open end: a lower bound of the period.
        (
            Lang::En,
            "a resident of that State in eight or more taxable years during the preceding 15 taxable years",
            &[
                "8 years [eight or more taxable years]",
                "15 years [15 taxable years]",
            ],
        ),
        (
            Lang::En,
            "present in that State for 30 or more days in any twelve month period",
            &["30 days [30 or more days]", "12 months [twelve month]"],
        ),
        (
            Lang::En,
            "an employee who has worked for three or more years for the employer",
            &["3 years [three or more years]"],
        ),
        // A part of a period shares its unit; "one of the" picks, it does not count.
        (
            Lang::En,
            "for no more than 60 of the 120 months preceding the current taxation year",
            &["60 months [60]", "120 months [120 months]"],
        ),
        (
            Lang::En,
            "a resident for three out of the five years before",
            &["3 years [three]", "5 years [five years]"],
        ),
        (
            Lang::En,
            "in one of the three taxable years",
            &["3 years [three taxable years]"],
        ),
        (
            Lang::Pt,
            "durante dois dos cinco anos anteriores",
            &["2 years [dois]", "5 years [cinco anos]"],
        ),
    ]);
}
