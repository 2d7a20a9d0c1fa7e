//! Rules on small model texts.

use super::*;
use treaty_schema::Source;
use treaty_segment::{segment, Config};

/// Every finding of the first treaty's versions, with its paragraph's number.
fn findings(text: &str) -> Vec<(String, Finding)> {
    let (doc, _) = segment(text, &Config::default());
    let mut out = Vec::new();
    let facts = TreatyFacts::of(&doc.treaties[0]);
    for version in &doc.treaties[0].versions {
        let treaty = version.articles.iter().map(|a| (a, Source::Treaty));
        let protocol = version.protocol.iter().map(|a| (a, Source::Protocol));
        for (article, source) in treaty.chain(protocol) {
            for paragraph in &article.paragraphs {
                for finding in paragraph_findings_in(
                    paragraph,
                    &article.paragraphs,
                    article.topic,
                    version.lang,
                    facts,
                    source,
                ) {
                    out.push((paragraph.number.clone(), finding));
                }
            }
        }
    }
    out
}

/// The findings of the treaty's wording: former wording an amendment quotes (`struck`) left out.
fn rows(text: &str) -> Vec<(String, String, &'static str, String, String)> {
    findings(text)
        .into_iter()
        .filter(|(_, f)| !f.struck)
        .map(|(paragraph, f)| {
            (
                paragraph,
                f.subparagraph,
                f.kind.as_str(),
                format!("{} {}", f.value, f.unit),
                f.conditions.flatten(),
            )
        })
        .collect()
}

#[test]
fn dividend_tiers_with_holding_condition() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but if the beneficial owner of the dividends is a resident of the other Contracting State, the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company (other than a partnership) which holds directly at least 25 per cent of the capital of the company paying the dividends;\n(b) 15 per cent of the gross amount of the dividends in all other cases.\n";
    let got = rows(text);
    assert!(
        got.contains(&(
            "2".into(),
            "a".into(),
            "rate",
            "5 percent".into(),
            "beneficial_owner=company_not_partnership;min_holding=25%capital".into()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "2".into(),
            "a".into(),
            "threshold",
            "25 percent".into(),
            "measure=min_holding".into()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "2".into(),
            "b".into(),
            "rate",
            "15 percent".into(),
            "".into()
        )),
        "{got:?}"
    );
    assert_eq!(got.len(), 3, "{got:?}");
}

#[test]
fn holding_ranges_and_benefit_tests_are_not_rates() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company which holds directly at least 25 per cent of the capital of the company paying the dividends;\n(b) 10 per cent of the gross amount of the dividends if the beneficial owner is a company which holds at least 10 per cent but less than 25 per cent of the capital of the company paying the dividends;\n(c) 15 per cent of the gross amount of the dividends in all other cases.\n3. A company is a qualified person if no more than 50 per cent of its gross income is paid to persons who are not residents.\n";
    let got = rows(text);
    let has = |p: &str, s: &str, kind: &str, value: &str, condition: &str| {
        got.contains(&(
            p.into(),
            s.into(),
            kind_of(kind),
            value.into(),
            condition.into(),
        ))
    };
    fn kind_of(kind: &str) -> &'static str {
        if kind == "rate" {
            "rate"
        } else {
            "threshold"
        }
    }
    assert!(
        has(
            "2",
            "b",
            "rate",
            "10 percent",
            "beneficial_owner=company;min_holding=10%capital;max_holding=25%capital"
        ),
        "{got:?}"
    );
    assert!(
        has("2", "b", "threshold", "25 percent", "measure=max_holding"),
        "{got:?}"
    );
    assert!(
        has("3", "", "threshold", "50 percent", "measure=other"),
        "{got:?}"
    );
    assert!(
        !got.iter().any(|row| row.0 == "3" && row.2 == "rate"),
        "{got:?}"
    );
}

#[test]
fn exemption_for_government_is_rate_zero_but_source_state_only_is_not() {
    let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. Notwithstanding the provisions of paragraph 2, interest arising in a Contracting State and paid to the Government of the other Contracting State shall be taxable only in that other State.\n4. Interest arising in a Contracting State on government securities shall be taxable only in that State.\n";
    let got = rows(text);
    assert!(
        got.contains(&(
            "2".into(),
            "".into(),
            "rate",
            "10 percent".into(),
            "".into()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "3".into(),
            "".into(),
            "rate",
            "0 percent".into(),
            "beneficial_owner=government".into()
        )),
        "{got:?}"
    );
    assert!(!got.iter().any(|r| r.0 == "4"), "{got:?}");
}

/// "1. Royalties ... shall be taxable only in that other State. 2. Notwithstanding the
/// provisions of ..., the royalties referred to in paragraph 1 may also be taxed in the State in
/// which they arise, but ... shall not exceed 5 per cent": the second paragraph takes back the
/// first's exclusive taxation, so the first gives no exemption row and the cap is the rate,
/// also where the paragraph opens with its first subparagraph's label.
#[test]
fn a_paragraph_that_lets_the_source_state_tax_notwithstanding_takes_back_an_exclusive_residence_rule(
) {
    let english = "Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State shall be taxable only in that other State.\n2. Notwithstanding the provisions of paragraph 1, royalties referred to in paragraph 1 may also be taxed in the Contracting State in which they arise, but the tax so charged shall not exceed 8 per cent of the gross amount of the royalties.\n";
    let spanish = "Artículo 12\nCánones\n1. Los cánones procedentes de un Estado contratante y pagados a un residente del otro Estado contratante solo pueden someterse a imposición en ese otro Estado.\n2. a) No obstante lo dispuesto en el apartado 1, los cánones mencionados en el apartado 1 también pueden someterse a imposición en el Estado contratante del que procedan, pero el impuesto así exigido no puede exceder del 8 por ciento del importe bruto de los cánones.\nb) Los cánones pagados por el uso de un derecho de autor sobre una obra literaria solo pueden someterse a imposición en el otro Estado.\n";
    for text in [english, spanish] {
        let got = rows(text);
        assert!(!got.iter().any(|r| r.0 == "1"), "{got:?}");
        assert!(
            got.iter()
                .any(|r| r.0 == "2" && r.2 == "rate" && r.3 == "8 percent" && r.4.is_empty()),
            "{got:?}"
        );
    }
    // A next paragraph that exempts too ("los dividendos no podrán someterse a imposición en
    // el Estado contratante en el que reside la sociedad") takes nothing back.
    let negated = "Artículo 10\nDividendos\n3. No obstante lo dispuesto en el apartado 2, dichos dividendos no se someterán a imposición en el Estado contratante en el que reside la sociedad que paga los dividendos si el beneficiario efectivo es un banco central.\n4. No obstante lo dispuesto en el apartado 2, los dividendos no podrán someterse a imposición en el Estado contratante en el que reside la sociedad que paga los dividendos si el beneficiario efectivo es un fondo de pensiones.\n";
    let got = rows(negated);
    for owner in ["central_bank", "pension_fund"] {
        assert!(
            got.iter()
                .any(|r| r.3 == "0 percent" && r.4 == format!("beneficial_owner={owner}")),
            "{got:?}"
        );
    }
    // Without the taking back, the exclusive rule stays an exemption.
    let alone = "Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State shall be taxable only in that other State.\n2. The term \"royalties\" as used in this Article means payments of any kind.\n";
    let got = rows(alone);
    assert!(
        got.iter().any(|r| r.0 == "1" && r.3 == "0 percent"),
        "{got:?}"
    );
}

/// An exemption whose beneficiaries are items of a nested list: an item that names a company
/// and the holding it must have gives the holding as the row's condition.
#[test]
fn an_exempted_item_of_a_nested_list_keeps_the_holding_it_requires() {
    let english = "Article 10\nDividends\n2. However, such dividends shall be exempt from tax in the Contracting State of which the company paying the dividends is a resident if the beneficial owner is:\n(i) a company which controls, directly or indirectly, at least 20 per cent of the capital of the company paying the dividends; or\n(ii) a pension scheme.\n";
    let spanish = "Artículo 10\nDividendos\n2. Sin embargo, dichos dividendos estarán exentos de imposición en el Estado contratante en que resida la sociedad que paga los dividendos cuando su beneficiario efectivo sea:\n(i) una sociedad residente del otro Estado contratante que posea, directa o indirectamente, al menos el 20 por ciento del capital de la sociedad que paga los dividendos; o\n(ii) un plan de pensiones residente del otro Estado contratante.\n";
    for text in [english, spanish] {
        let exempt: Vec<String> = exemption_rows(text).into_iter().map(|r| r.2).collect();
        assert!(
            exempt
                .iter()
                .any(|c| c.contains("beneficial_owner=company")
                    && c.contains("min_holding=20%capital")),
            "{exempt:?}"
        );
        assert!(
            exempt.iter().any(|c| c == "beneficial_owner=pension_fund"),
            "{exempt:?}"
        );
    }
    // An item that names no beneficiary has the one its lead names.
    let lead = "Article 10\nDividends\n2. However, such dividends shall be taxable only in the Contracting State of which the beneficial owner is a resident if the beneficial owner is a company that is:\n(i) a resident of the first-mentioned State that holds directly at least 15 per cent of the capital of the company paying the dividends; or\n(ii) a resident of the other State that holds directly at least 20 per cent of the capital of the company paying the dividends.\n";
    let exempt = exemption_rows(lead);
    for holding in ["15", "20"] {
        let wanted = format!("beneficial_owner=company;min_holding={holding}%capital");
        assert!(exempt.iter().any(|r| r.2 == wanted), "{exempt:?}");
    }
}

/// An exemption whose lead names the holding of its beneficiary and adds a list of tests
/// the beneficiary must also pass (a qualified person; a holding of others in it): one row, the
/// lead's holding and period its conditions, none from the tests.
#[test]
fn a_list_of_further_tests_after_a_holding_is_one_exempt_tier() {
    let english = "Article 10\nDividends\n3. Notwithstanding the provisions of paragraph 2, dividends shall not be taxed in the Contracting State of which the company paying the dividends is a resident if the beneficial owner is a company that has owned shares representing 80 per cent or more of the voting power of the company paying the dividends for a 12-month period ending on the date on which entitlement to the dividends is determined and satisfies any of the following conditions:\n(a) it is a qualified person under subparagraph (c) of paragraph 2 of Article 22;\n(b) at least 50 per cent of the aggregate vote and value of its shares is owned, directly or indirectly, by five or fewer companies that are qualified persons; or\n(c) it has received a determination under paragraph 4 of Article 22.\n";
    let japanese = "第十条 配当\n３ ２の規定にかかわらず、配当の受益者が、他方の締約国の居住者である法人であって、当該配当の支払を受ける者が特定される日をその末日とする六箇月の期間を通じ、当該配当を支払う法人の議決権の五十パーセント以上に相当する株式を直接に所有するものであり、かつ、次の(a)又は(b)の規定に該当する場合には、当該配当に対しては、当該配当を支払う法人が居住者とされる締約国においては、租税を課することができない。\n(a) 第二十二条１の規定による適格者であること。\n(b) 三以下の(a)に規定する者に該当する法人によりその議決権の七十五パーセント以上を直接又は間接に所有されていること。\n";
    for (text, holding, period) in [
        (
            english,
            "min_holding=80%voting_power",
            "holding_period=12months",
        ),
        (
            japanese,
            "min_holding=50%voting_power",
            "holding_period=6months",
        ),
    ] {
        let exempt = exemption_rows(text);
        assert_eq!(exempt.len(), 1, "{exempt:?}");
        let (_, subparagraph, condition) = &exempt[0];
        assert!(
            subparagraph.is_empty() && condition.contains(holding) && condition.contains(period),
            "{exempt:?}"
        );
    }
}

/// A list of rates whose lead requires a holding ("if the recipient is a company which holds at
/// least 25 per cent ..., the tax so charged shall not exceed: (a) ...; (b) ..."): every tier
/// of the list has the holding, the one for other cases too; a lead without a holding adds
/// nothing.
#[test]
fn a_holding_the_lead_of_a_list_of_rates_requires_conditions_every_tier() {
    let english = "Article 10\nDividends\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but if the recipient is a company which owns at least 30 per cent of the voting shares of the company paying the dividends during the period of six months immediately before the end of the accounting period, the tax so charged shall not exceed:\n(a) 12 per cent of the gross amount of the dividends if the company paying the dividends is engaged in an industrial undertaking; and\n(b) 18 per cent of the gross amount of the dividends in all other cases.\n";
    let japanese = "第十条 配当\n２ １の配当に対しては、これを支払う法人が居住者とされる締約国においても、当該締約国の法令に従って租税を課することができる。その租税の額は、当該配当の受益者が、当該配当の支払の日に先立つ六箇月の期間を通じ、当該配当を支払う法人の議決権のある株式の少なくとも三十パーセントを所有する法人である場合には、次の額を超えないものとする。\n(a) 産業的事業に従事する法人により支払われる配当である場合には、当該配当の額の十二パーセント\n(b) その他の場合には、当該配当の額の十八パーセント\n";
    for text in [english, japanese] {
        let got = rows(text);
        let rates: Vec<_> = got.iter().filter(|r| r.2 == "rate").collect();
        assert_eq!(rates.len(), 2, "{got:?}");
        for rate in rates {
            assert!(
                rate.4.contains("min_holding=30%voting_power")
                    && rate.4.contains("holding_period=6months"),
                "{got:?}"
            );
        }
    }
    let plain = "Article 10\nDividends\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company which holds directly at least 10 per cent of the capital of the company paying the dividends;\n(b) 15 per cent of the gross amount of the dividends in all other cases.\n";
    let got = rows(plain);
    assert!(
        got.iter()
            .any(|r| r.1 == "b" && r.2 == "rate" && r.4.is_empty()),
        "{got:?}"
    );
}

/// `…当該受領者が居住者である締約国においてのみ租税を課することができる` ("taxable only in the
/// State of which the recipient is a resident") exempts the tier its clause conditions.
#[test]
fn taxable_only_in_the_recipients_state_is_an_exemption_of_its_tier() {
    let text = "第十条 配当\n２(a) １の配当に対しては、これを支払う法人が居住者である締約国においても、当該締約国の法令に従って租税を課することができる。その租税の額は、当該配当の額の十パーセントを超えないものとする。\n(b) (a)の規定にかかわらず、１の配当に対しては、当該配当の受領者が当該配当の受益者であり、かつ、当該配当の支払の日に先立つ十二箇月の期間を通じ当該配当を支払う法人の議決権のある株式の少なくとも五十パーセントを所有する法人である場合には、当該受領者が居住者である締約国においてのみ租税を課することができる。\n";
    let got = rows(text);
    assert!(
        got.iter().any(|r| r.1 == "b"
            && r.3 == "0 percent"
            && r.4.contains("min_holding=50%voting_power")
            && r.4.contains("holding_period=12months")),
        "{got:?}"
    );
}

#[test]
fn entry_into_force_counted_by_an_ordinal_day() {
    let text = "Article 28\nEntry into force\n1. This Convention shall enter into force on the thirtieth day after the date of the later of the notifications.\nArticle 29\nTermination\n1. Either State may give notice on or before the thirtieth day of June in any calendar year.\n";
    let got = rows(text);
    assert!(
        got.contains(&(
            "1".into(),
            "".into(),
            "threshold",
            "30 days".into(),
            "measure=entry_into_force".into()
        )),
        "{got:?}"
    );
    assert_eq!(
        got.len(),
        1,
        "a date (the thirtieth day of June) is not a period: {got:?}"
    );
}

#[test]
fn permanent_establishment_and_employment_thresholds() {
    let text = "Article 5\nPermanent establishment\n1. A building site or construction or installation project constitutes a permanent establishment only if it lasts more than twelve months.\nArticle 6\nIncome from employment\n1. Remuneration shall be taxable only in the first-mentioned State if the recipient is present in the other State for a period or periods not exceeding in the aggregate 183 days in any twelve month period.\n";
    let got = rows(text);
    assert!(
        got.contains(&(
            "1".into(),
            "".into(),
            "threshold",
            "12 months".into(),
            "measure=pe_construction".into()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "1".into(),
            "".into(),
            "threshold",
            "183 days".into(),
            "measure=employment_days".into()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "1".into(),
            "".into(),
            "threshold",
            "12 months".into(),
            "measure=employment_period".into()
        )),
        "{got:?}"
    );
}

/// (topic, paragraph, subparagraph, value unit, condition) of every rate row.
fn topical_rates(text: &str) -> Vec<(&'static str, String, String, String, String)> {
    findings(text)
        .into_iter()
        .filter(|(_, f)| f.kind == Kind::Rate)
        .map(|(paragraph, f)| {
            (
                f.topic.as_str(),
                paragraph,
                f.subparagraph,
                format!("{} {}", f.value, f.unit),
                f.conditions.flatten(),
            )
        })
        .collect()
}

/// (subparagraph, condition) of the rate rows `keep` accepts, given as (topic, paragraph,
/// subparagraph, value unit, condition).
fn tiers_where(
    text: &str,
    keep: impl Fn(&(&'static str, String, String, String, String)) -> bool,
) -> Vec<(String, String)> {
    topical_rates(text)
        .into_iter()
        .filter(|row| keep(row))
        .map(|row| (row.2, row.4))
        .collect()
}

#[test]
fn technical_fee_tiers_of_a_royalties_article_get_their_own_topic() {
    let text = "Article 12\nRoyalties and fees for technical services\n1. Royalties and fees for technical services arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties and fees for technical services may also be taxed in the Contracting State in which they arise, but if the beneficial owner is a resident of the other Contracting State, the tax so charged shall not exceed:\na) 7½ per cent of the gross amount of the royalties;\nb) 10 per cent of the gross amount of the fees for technical services.\n";
    let got = topical_rates(text);
    assert_eq!(
        got,
        vec![
            (
                "royalties",
                "2".into(),
                "a".into(),
                "7.5 percent".into(),
                String::new()
            ),
            (
                "technical_services",
                "2".into(),
                "b".into(),
                "10 percent".into(),
                String::new()
            ),
        ]
    );
}

#[test]
fn a_rate_stated_as_a_share_of_another_is_derived_from_it() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in that State, but if the beneficial owner of the dividends is a resident of the other Contracting State, the tax so charged shall not exceed:\na) 10 per cent of the gross amount of the dividends if the beneficial owner is a company which holds directly at least 25 per cent of the capital of the company paying the dividends;\nb) 15 per cent of the gross amount of the dividends in all other cases.\n3. Where a company which is a resident of a Contracting State has a permanent establishment in the other Contracting State, the profits of the permanent establishment may be subjected to an additional tax in that other State, but the rate of such tax shall not exceed 50 per cent of the percentage mentioned in subparagraph a) of paragraph 2.\n";
    let got = topical_rates(text);
    assert!(
        got.contains(&(
            "dividends",
            "3".into(),
            String::new(),
            "5 percent".into(),
            "income=branch_profits".into()
        )),
        "{got:?}"
    );
    assert!(!got.iter().any(|row| row.3 == "50 percent"), "{got:?}");
}

#[test]
fn a_relative_rate_whose_reference_is_not_found_is_not_a_rate() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. The profits of a permanent establishment may be subjected to an additional tax in that other State, but the rate of such tax shall not exceed 50 per cent of the rate mentioned in subparagraph a) of paragraph 2 of Article 10 of the Convention of 1970.\n";
    assert!(topical_rates(text).is_empty());
    let all = rows(text);
    assert!(
        all.contains(&(
            "2".into(),
            String::new(),
            "threshold",
            "50 percent".into(),
            "measure=relative_rate".into()
        )),
        "{all:?}"
    );
}

#[test]
fn most_favoured_nation_rate_says_what_triggers_it() {
    let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. If after the signature of this Convention a Contracting State agrees in a convention with a third State to a rate of tax on interest lower than the rate provided for in paragraph 2, that lower rate shall apply for the purposes of this Convention, but it shall not be reduced below 5 per cent.\n";
    let got = topical_rates(text);
    assert!(
        got.contains(&(
            "interest",
            "2".into(),
            String::new(),
            "10 percent".into(),
            String::new()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "interest",
            "3".into(),
            String::new(),
            "5 percent".into(),
            "trigger=most_favoured_nation".into()
        )),
        "{got:?}"
    );
}

#[test]
fn an_exemption_conditioned_on_a_holding_carries_it_and_its_alternative() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. Notwithstanding the provisions of paragraph 1, the Contracting State of which the company is a resident shall not levy a tax on dividends paid by that company to a company which is a resident of the other Contracting State and holds directly at least 5 per cent of the capital of the company paying the dividends, or to a pension fund, if the recipient is the beneficial owner of the dividends.\n";
    let got = topical_rates(text);
    assert!(
        got.contains(&(
            "dividends",
            "2".into(),
            String::new(),
            "0 percent".into(),
            "beneficial_owner=company;min_holding=5%capital".into()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "dividends",
            "2".into(),
            String::new(),
            "0 percent".into(),
            "beneficial_owner=pension_fund".into()
        )),
        "{got:?}"
    );
}

#[test]
fn a_nested_list_names_the_beneficiaries_of_its_exempted_tier() {
    let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. Notwithstanding the provisions of paragraph 2,\n\na) interest arising in the first State shall be exempt from Northern tax if the interest is paid to:\n\n(i) the State, a political subdivision or a local authority thereof;\n\n(ii) the National Bank (Central Bank);\n\n(iii)a financial institution owned or controlled by the Government of the other State;\n\nb)interest arising in a Contracting State on a loan granted by a bank of the other Contracting State shall be taxable only in that other State.\n";
    let got = tiers_where(text, |row| row.3 == "0 percent");
    assert_eq!(
        got,
        vec![
            ("a".to_string(), "beneficial_owner=government".to_string()),
            ("a".to_string(), "beneficial_owner=central_bank".to_string()),
            (
                "a".to_string(),
                "beneficial_owner=financial_institution".to_string()
            ),
            ("b".to_string(), "beneficial_owner=bank".to_string()),
            ("b".to_string(), "income=bank_loan".to_string()),
        ]
    );
}

#[test]
fn older_drafting_of_an_exemption_is_a_rate_of_zero() {
    for clause in [
        "Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed only in that other State.",
        "Royalties arising in a Contracting State and paid to a resident of the other Contracting State shall be taxed only in the other Contracting State.",
        "Where royalties arising in a Contracting State are paid to a resident of the other Contracting State, no tax shall be levied on them in the first-mentioned State.",
        "Royalties arising in a Contracting State and paid to a resident of the other Contracting State should be exempt from tax in the first-mentioned State.",
    ] {
        let text = format!("Article 12\nRoyalties\n1. {clause}\n2. The term \"royalties\" means payments of any kind.\n");
        let got = topical_rates(&text);
        assert_eq!(
            got,
            vec![("royalties", "1".into(), String::new(), "0 percent".into(), String::new())],
            "{clause}"
        );
    }
}

#[test]
fn a_rate_tier_whose_beneficiaries_are_a_nested_list_gives_a_row_each() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in that State, but the tax so charged shall not exceed:\na) 15 per cent of the gross amount of the dividends in all other cases;\nb) 5 per cent of the gross amount of the dividends, if the beneficial owner of the dividends is:\n(i) a company (other than a partnership) which holds directly at least 10 per cent of the capital of the company paying the dividends; or\n(ii) a pension fund.\n";
    let got = topical_rates(text);
    let tier_b: Vec<&str> = got
        .iter()
        .filter(|row| row.2 == "b")
        .map(|row| row.4.as_str())
        .collect();
    assert_eq!(
        tier_b,
        [
            "beneficial_owner=company_not_partnership;min_holding=10%capital",
            "beneficial_owner=pension_fund"
        ],
        "{got:?}"
    );
}

#[test]
fn a_loan_insured_by_a_body_the_clause_names_is_export_credit_in_any_language() {
    let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. Notwithstanding the provisions of paragraph 2,\n(a) interest arising in Canada and paid to a resident of Denmark shall be taxable only in Denmark if it is paid in respect of a loan made, guaranteed or insured, or a credit extended, guaranteed or insured by the Eksportkreditraadet;\n(b) interest arising in Denmark and paid to a resident of Canada shall be taxable only in Canada if it is paid in respect of a loan guaranteed or insured by the Government of Canada.\n";
    let got = tiers_where(text, |row| row.3 == "0 percent");
    assert!(
        got.contains(&("a".to_string(), "income=export_credit".to_string())),
        "{got:?}"
    );
    assert!(
        !got.iter()
            .any(|row| row.0 == "b" && row.1.contains("export_credit")),
        "{got:?}"
    );
}

#[test]
fn a_sentence_after_a_list_that_completes_its_lead_is_the_paragraphs_own() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in that State, but if the beneficial owner of the dividends is a resident of the other Contracting State, the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company which holds directly at least 10 per cent of the capital of the company paying the dividends;\n(b) 15 per cent of the gross amount of the dividends in all other cases.\nNotwithstanding the preceding provisions of this paragraph, dividends paid to a pension fund of the other Contracting State shall be exempt from tax in the first-mentioned State.\n";
    let got = tiers_where(text, |row| row.3 == "0 percent");
    // One row, the closing sentence's own, not one per item of the list before it.
    assert_eq!(
        got,
        vec![(String::new(), "beneficial_owner=pension_fund".to_string())]
    );
}

#[test]
fn an_exempting_lead_before_a_list_numbered_in_roman_numerals_gives_a_row_per_item() {
    let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. Notwithstanding the provisions of paragraph 2, interest referred to in paragraph 1 shall be taxable only in the Contracting State of which the recipient is a resident if it is paid:\ni) by the other Contracting State or a local authority thereof; or\nii) in connection with the sale on credit of any industrial, commercial or scientific equipment; or\niii) on a loan granted by a bank.\n";
    let got = tiers_where(text, |row| row.1 == "3" && row.3 == "0 percent");
    let labels: Vec<&str> = got.iter().map(|row| row.0.as_str()).collect();
    assert_eq!(labels, ["i", "ii", "iii"], "{got:?}");
    assert!(
        got.contains(&("ii".to_string(), "income=sale_on_credit".to_string())),
        "{got:?}"
    );
}

#[test]
fn a_listed_tier_capped_by_a_holding_carries_the_ceiling_and_one_requiring_a_holding_the_floor() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in that State, but the tax so charged shall not exceed 15 per cent of the gross amount of the dividends.\n3. Notwithstanding the provisions of paragraph 2, dividends paid by a company which is a resident of a Contracting State shall not be taxed in that State if the beneficial owner is:\n(a) a company that has owned directly shares representing 80 percent or more of the voting power in the company paying the dividends for a 12-month period; or\n(b) a pension fund that does not own, directly or indirectly, more than 5 per cent of the capital of the company paying the dividends.\n";
    let got = tiers_where(text, |row| row.1 == "3");
    assert_eq!(
        got,
        vec![
            (
                "a".to_string(),
                "beneficial_owner=company;min_holding=80%voting_power;holding_period=12months"
                    .to_string()
            ),
            (
                "b".to_string(),
                "beneficial_owner=pension_fund;max_holding=5%capital".to_string()
            ),
        ]
    );
}

/// Spanish capital gains: the land-rich test names immovable property; a substantial
/// participation is a holding, and the years looked back over for a former resident are some
/// other limit.
#[test]
fn spanish_land_rich_share_and_substantial_participation_are_told_apart() {
    let text = "Artículo 13. Ganancias de capital.\n1. Las ganancias que un residente de un Estado contratante obtenga de la enajenación de bienes inmuebles situados en el otro Estado contratante pueden someterse a imposición en ese otro Estado.\n2. Las ganancias derivadas de la enajenación de acciones cuyo valor proceda en más de un 50 por ciento, directa o indirectamente, de bienes inmuebles situados en el otro Estado contratante pueden someterse a imposición en ese otro Estado.\n3. Las ganancias derivadas de la enajenación de acciones que representen una participación de al menos el 25 por ciento en una sociedad residente del otro Estado contratante pueden someterse a imposición en ese otro Estado.\n4. Las ganancias de una persona física que haya sido residente del otro Estado contratante en algún momento en los cinco años anteriores a la enajenación pueden someterse a imposición en ese otro Estado.\n";
    let got: Vec<(String, String, String)> = rows(text)
        .into_iter()
        .filter(|row| row.2 == "threshold")
        .map(|row| (row.0, row.3, row.4))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "2".to_string(),
                "50 percent".to_string(),
                "measure=land_rich_share".to_string()
            ),
            (
                "3".to_string(),
                "25 percent".to_string(),
                "measure=min_holding".to_string()
            ),
            (
                "4".to_string(),
                "5 years".to_string(),
                "measure=other".to_string()
            ),
        ]
    );
}

/// The Spanish profile's residence-State phrases: the other-income article in its three
/// drafting variants gives a rate of 0.
#[test]
fn spanish_other_income_taxable_only_in_the_residence_state() {
    for clause in [
        "Las rentas de un residente de un Estado contratante, cualquiera que fuese su procedencia, no mencionadas en los anteriores artículos del presente Convenio, se someterán a imposición únicamente en ese Estado.",
        "Las rentas de un residente de un Estado contratante, con independencia de su procedencia, no mencionadas en los anteriores artículos de este Convenio, serán gravables exclusivamente en ese Estado.",
        "Las rentas cuyo beneficiario efectivo sea un residente de un Estado contratante, con independencia de su procedencia, no mencionadas en los anteriores artículos del presente Convenio, sólo pueden someterse a imposición en ese Estado.",
    ] {
        let text = format!("Artículo 21. Otras rentas.\n1. {clause}\n2. Lo dispuesto en el apartado 1 no se aplica a las rentas, distintas de las derivadas de bienes inmuebles, cuando el perceptor de dichas rentas, residente de un Estado contratante, realice en el otro Estado contratante una actividad económica por medio de un establecimiento permanente situado en ese otro Estado.\n");
        let got = topical_rates(&text);
        assert_eq!(
            got,
            vec![("other_income", "1".into(), String::new(), "0 percent".into(), String::new())],
            "{clause}"
        );
    }
}

/// The Portuguese profile's phrases flow through the same rules: a cap, and an exemption for
/// the other State's government.
#[test]
fn portuguese_cap_and_exemption() {
    let text = "Artigo 11.º\nJuros\n1 - Os juros provenientes de um Estado Contratante e pagos a um residente do outro Estado Contratante podem ser tributados nesse outro Estado.\n2 - No entanto, esses juros podem ser igualmente tributados no Estado Contratante de que provêm e de acordo com a legislação desse Estado, mas o imposto assim estabelecido não excederá 10 % do montante bruto dos juros.\n3 - Não obstante o disposto no n.º 2, os juros provenientes de um Estado Contratante e pagos ao Governo do outro Estado Contratante só podem ser tributados nesse outro Estado.\n";
    let got = topical_rates(text);
    assert_eq!(
        got,
        vec![
            (
                "interest",
                "2".into(),
                String::new(),
                "10 percent".into(),
                String::new()
            ),
            (
                "interest",
                "3".into(),
                String::new(),
                "0 percent".into(),
                "beneficial_owner=government".into()
            ),
        ]
    );
}

/// The Japanese profile's phrases flow through the same rules.
#[test]
fn japanese_cap_and_exemption() {
    let text = "第十一条\n利子\n1 一方の締約国内において生じ、他方の締約国の居住者に支払われる利子に対しては、当該他方の締約国において租税を課することができる。\n2 1の利子に対しては、当該利子が生じた締約国においても、当該締約国の法令に従って租税を課することができる。その租税の額は、当該利子の受益者が他方の締約国の居住者である場合には、当該利子の額の十パーセントを超えないものとする。\n3 2の規定にかかわらず、一方の締約国内において生ずる利子であって、他方の締約国の政府が受益者であるものに対しては、当該他方の締約国においてのみ租税を課することができる。\n";
    let got = topical_rates(text);
    assert!(
        got.contains(&(
            "interest",
            "2".into(),
            String::new(),
            "10 percent".into(),
            String::new()
        )),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            "interest",
            "3".into(),
            String::new(),
            "0 percent".into(),
            "beneficial_owner=government".into()
        )),
        "{got:?}"
    );
}

#[test]
fn lower_folds_case_and_joins_whitespace_runs() {
    assert_eq!(
        support::text::lower("  Dividends\tPAID\r\n\u{A0}À São  "),
        "dividends paid à são "
    );
    // A character whose lower case is two characters.
    assert_eq!(support::text::lower("İX"), "i\u{307}x");
    assert_eq!(support::text::lower(""), "");
    assert_eq!(support::text::lower(" \n "), " ");
}

#[test]
fn amending_protocol_rows_follow_the_amended_article_and_skip_deleted_text() {
    let text = "The Government of A and the Government of B, desiring to amend the Convention, have agreed as follows:\n\nArticle 1\n\nParagraph 2 of Article 10 (Dividends) of the Convention shall be deleted and replaced by the following:\n\n\u{201c}2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax so charged shall not exceed 5 per cent of the gross amount of the dividends.\u{201d}\n\nArticle 2\n\nSubparagraph (a) of paragraph 3 of Article 13 (Gains) of the Convention shall be amended by deleting the words \u{201c}twelve months\u{201d} and replacing them with the words \u{201c}six months\u{201d}.\n\nArticle 3\n\nThis Protocol shall enter into force on the thirtieth day after the later of the notifications.\n";
    let (doc, _) = segment(text, &Config::default());
    let version = &doc.treaties[0].versions[0];
    assert!(version.articles.is_empty());
    let points: Vec<(&str, String)> = version
        .protocol
        .iter()
        .map(|a| (a.number.as_str(), a.modifies.join(";")))
        .collect();
    assert_eq!(
        points,
        [
            ("P1", "10".into()),
            ("P2", "13".into()),
            ("P3", String::new())
        ]
    );
    assert_eq!(version.protocol[0].topic, Topic::Dividends);
    let got: Vec<(String, String, &str, String)> = rows(text)
        .into_iter()
        .map(|(paragraph, sub, kind, value, _)| (paragraph, sub, kind, value))
        .filter(|(_, _, _, value)| value.ends_with("percent") || value.ends_with("months"))
        .collect();
    // The instruction stands for the subparagraph it amends: paragraph 3, item (a).
    assert_eq!(
        got,
        [
            (
                "2".to_string(),
                String::new(),
                "rate",
                "5 percent".to_string()
            ),
            (
                "3".to_string(),
                "a".to_string(),
                "threshold",
                "6 months".to_string()
            ),
        ],
        "the replaced twelve months is not the treaty's any more"
    );
    let struck: Vec<String> = findings(text)
        .into_iter()
        .filter(|(_, f)| f.struck)
        .map(|(_, f)| format!("{} {}", f.value, f.unit))
        .collect();
    assert_eq!(struck, ["12 months"], "the former words are kept as struck");
}

#[test]
fn a_cap_stated_as_another_paragraphs_rate_takes_that_rate() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company which holds directly at least 10 per cent of the voting stock of the company paying the dividends;\n(b) 15 per cent of the gross amount of the dividends in all other cases.\n3. A company which is a resident of a Contracting State and which has a permanent establishment in the other Contracting State may be subject in that other State to a tax in addition to the tax allowable under the other provisions of this Convention.\n4. The tax referred to in paragraph 3 shall not be imposed at a rate exceeding the rate specified in paragraph 2 a).\n5. The tax so charged on interest shall not exceed the rate specified in the law.\n";
    let got: Vec<_> = rows(text)
        .into_iter()
        .filter(|(paragraph, ..)| paragraph == "4" || paragraph == "5")
        .collect();
    assert_eq!(
        got,
        [(
            "4".to_string(),
            String::new(),
            "rate",
            "5 percent".to_string(),
            "income=branch_profits".to_string()
        )],
        "paragraph 4 caps the branch tax of paragraph 3 at the rate of 2 a); paragraph 5 refers to no paragraph"
    );
}

#[test]
fn interest_on_debt_a_state_finances_indirectly_is_a_class_of_its_own() {
    let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. Notwithstanding the provisions of paragraph 2, interest arising in a Contracting State and derived by the Government of the other Contracting State or the Central Bank of that other State, or by any resident of the other Contracting State with respect to debt-claims indirectly financed by the Government of that other State, shall be exempt from tax in the first-mentioned Contracting State.\n";
    let mut got: Vec<String> = rows(text)
        .into_iter()
        .filter(|(paragraph, ..)| paragraph == "3")
        .map(|(_, _, kind, value, condition)| format!("{kind} {value} {condition}"))
        .collect();
    got.sort();
    assert_eq!(
        got,
        [
            "rate 0 percent beneficial_owner=central_bank",
            "rate 0 percent beneficial_owner=government",
            "rate 0 percent income=indirect_financing",
        ]
    );
}

/// Every row, rates and thresholds, with its topic.
fn topical_rows(text: &str) -> Vec<(&'static str, String, String, &'static str, String, String)> {
    findings(text)
        .into_iter()
        .map(|(paragraph, f)| {
            (
                f.topic.as_str(),
                paragraph,
                f.subparagraph,
                f.kind.as_str(),
                format!("{} {}", f.value, f.unit),
                f.conditions.flatten(),
            )
        })
        .collect()
}

fn row(
    topic: &'static str,
    paragraph: &str,
    subparagraph: &str,
    kind: &'static str,
    value: &str,
    condition: &str,
) -> (&'static str, String, String, &'static str, String, String) {
    (
        topic,
        paragraph.into(),
        subparagraph.into(),
        kind,
        value.into(),
        condition.into(),
    )
}

/// An India-style article whose one cap covers royalties and fees for technical services:
/// a row for each, with the same conditions (and no `income=technical_services`, which the
/// topic says).
#[test]
fn one_cap_for_royalties_and_technical_fees_gives_a_row_for_each() {
    let text = "Article 12\nRoyalties and fees for technical services\n1. Royalties and fees for technical services arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties and fees for technical services may also be taxed in the Contracting State in which they arise and according to the laws of that Contracting State, but if the recipient is the beneficial owner of the royalties or fees for technical services, the tax so charged shall not exceed 10 per cent.\n3. The term \"fees for technical services\" as used in this Article means payments of any kind to any person in consideration for the rendering of any managerial, technical or consultancy services, including the provision of services by technical or other personnel.\n";
    assert_eq!(
        topical_rows(text),
        vec![
            row("royalties", "2", "", "rate", "10 percent", ""),
            row("technical_services", "2", "", "rate", "10 percent", ""),
        ]
    );
}

/// Tiers that name one class each keep one row each; a tier for "fees for technical services
/// and other royalties" gives two (an India-UK-style article 13 and a lawinsider sample).
#[test]
fn tiers_give_rows_for_the_classes_they_name() {
    let separate = "Article 12\nRoyalties and fees for technical services\n1. Royalties and fees for technical services arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in the Contracting State in which they arise and according to the laws of that State, but if the recipient is the beneficial owner of the royalties or of the fees for technical services the tax so charged shall not exceed:\n(a) in the case of royalties as defined in paragraph 2 sub-paragraph (a) 15% of the gross amount of such royalties;\n(b) in the case of royalties as defined in paragraph 2 sub-paragraph (b) 10% of the gross amount of such royalties; and\n(c) in the case of fees for technical services 7.5% of the gross amount of such fees.\n";
    assert_eq!(
        topical_rows(separate),
        vec![
            row("royalties", "1", "a", "rate", "15 percent", ""),
            row("royalties", "1", "b", "rate", "10 percent", ""),
            row("technical_services", "1", "c", "rate", "7.5 percent", ""),
        ]
    );
    let shared = "Article 13\nRoyalties and fees for technical services\n1. Royalties and fees for technical services arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties and fees for technical services may also be taxed in the Contracting State in which they arise and according to the law of that State, but if the beneficial owner of the royalties or fees for technical services is a resident of the other Contracting State, the tax so charged shall not exceed:\n(i) in the case of royalties relating to the payments for the use of, or the right to use, industrial, commercial or scientific equipment, 10 per cent of the gross amount of the royalties;\n(ii) in the case of fees for technical services and other royalties, 20 per cent of the gross amount of the royalties and fees for technical services.\n";
    assert_eq!(
        topical_rows(shared),
        vec![
            row(
                "royalties",
                "2",
                "i",
                "rate",
                "10 percent",
                "income=equipment"
            ),
            row("royalties", "2", "ii", "rate", "20 percent", ""),
            row("technical_services", "2", "ii", "rate", "20 percent", ""),
        ]
    );
}

/// The United States' "fees for included services", with tiers that change after the first
/// five years, and a tier that names neither class under a lead that names both.
#[test]
fn included_services_and_tiers_that_change_after_a_first_period() {
    let text = "Article 12\nRoyalties and fees for included services\n1. Royalties and fees for included services arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties and fees for included services may also be taxed in the Contracting State in which they arise and according to the laws of that State; but if the beneficial owner of the royalties or fees for included services is a resident of the other Contracting State, the tax so charged shall not exceed:\n(a) in the case of royalties referred to in subparagraph (a) of paragraph 3 and fees for included services as defined in this Article:\n(i) during the first five taxable years for which this Convention has effect, 20 percent of the gross amount of the royalties or fees for included services; and\n(ii) during the subsequent years, 15 percent of the gross amount of royalties or fees for included services; and\n(b) 10 percent of the gross amount in all other cases.\n";
    assert_eq!(
        topical_rows(text),
        vec![
            // The first period is a limit of its own, not how long anything was held.
            row(
                "royalties",
                "2",
                "a",
                "threshold",
                "5 years",
                "measure=other"
            ),
            // Items (i) and (ii) of subparagraph (a) are cited as (a).
            row("royalties", "2", "a", "rate", "20 percent", ""),
            row("technical_services", "2", "a", "rate", "20 percent", ""),
            row("royalties", "2", "a", "rate", "15 percent", ""),
            row("technical_services", "2", "a", "rate", "15 percent", ""),
            row("royalties", "2", "b", "rate", "10 percent", ""),
            row("technical_services", "2", "b", "rate", "10 percent", ""),
        ]
    );
    // "20 per cent during the first five years ... and thereafter 15 per cent": the period is
    // no holding period, and each rate is a tier of its own.
    let thereafter = "Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties may also be taxed in the Contracting State in which they arise, but if the beneficial owner of the royalties is a resident of the other Contracting State, the tax so charged shall not exceed 20 per cent of the gross amount of the royalties during the first five years for which this Convention has effect and thereafter 15 per cent of the gross amount of the royalties.\n";
    assert_eq!(
        topical_rows(thereafter),
        vec![
            row("royalties", "2", "", "rate", "20 percent", ""),
            row(
                "royalties",
                "2",
                "",
                "threshold",
                "5 years",
                "measure=other"
            ),
            row("royalties", "2", "", "rate", "15 percent", ""),
        ]
    );
}

/// A fees article of its own (UN model Article 12A; Tanzania's "management or professional
/// fees"): its cap is a `technical_services` row only.
#[test]
fn a_fees_article_of_its_own_gives_technical_rows_only() {
    let un = "Article 13\nFees for technical services\n1. Fees for technical services arising in a Contracting State which are derived by a resident of the other Contracting State may be taxed in that other State.\n2. However, notwithstanding the provisions of Article 14 and subject to the provisions of Articles 8, 16 and 17, fees for technical services arising in a Contracting State may also be taxed in the Contracting State in which they arise and according to the laws of that State, but if the beneficial owner of the fees is a resident of the other Contracting State, the tax so charged shall not exceed 10 per cent of the gross amount of the fees.\n";
    assert_eq!(
        topical_rows(un),
        vec![row("technical_services", "2", "", "rate", "10 percent", "")]
    );
    let tanzania = "Article 14\nManagement or professional fees\n1. Management or professional fees arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such management or professional fees may be taxed in the Contracting State in which they arise, and according to the law of that State, but the tax so charged shall not exceed 20% of the gross amount of the fees.\n3. The term \"management or professional fees\" as used in this Article means payments of any kind to any person, other than to an employee of the person making the payments, in consideration for any services of a managerial, technical, professional or consultancy nature.\n";
    assert_eq!(
        topical_rows(tanzania),
        vec![row("technical_services", "2", "", "rate", "20 percent", "")]
    );
}

/// A protocol that applies the royalties definition to technical assistance and services
/// (Brazil's treaties): the tier of all other cases covers the fees, the trade-mark tier
/// does not.
#[test]
fn a_protocol_that_makes_technical_fees_royalties() {
    let english = "Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties may also be taxed in the Contracting State in which they arise, and according to the law of that State, but the tax so charged shall not exceed:\n(a) 25 per cent of the gross amount of the royalties arising from the use or the right to use trade marks;\n(b) 15 per cent in all other cases.\n\nArticle 13\nCapital gains\n1. Gains derived by a resident of a Contracting State from the alienation of immovable property may be taxed in the other Contracting State.\n\nPROTOCOL\n1. With reference to Article 12, paragraph 3\nIt is understood that the provisions of paragraph 3 of Article 12 shall apply to payments of any kind received as a consideration for the rendering of technical assistance and technical services.\n";
    assert_eq!(
        topical_rates(english),
        vec![
            (
                "royalties",
                "2".into(),
                "a".into(),
                "25 percent".into(),
                "income=trademarks".into()
            ),
            (
                "royalties",
                "2".into(),
                "b".into(),
                "15 percent".into(),
                String::new()
            ),
            (
                "technical_services",
                "2".into(),
                "b".into(),
                "15 percent".into(),
                String::new()
            ),
        ]
    );
    // Brazil-Denmark 1974: the know-how of Article 12(3) "inclui os rendimentos provenientes
    // da prestação de serviços técnicos e assistência técnica".
    let portuguese = "Artigo 12\nRoyalties\n1. As royalties provenientes de um Estado Contratante e pagas a um residente do outro Estado Contratante são tributáveis nesse outro Estado.\n2. Todavia, essas royalties podem ser tributadas no Estado Contratante de que provêm e de acordo com a legislação desse Estado, mas o imposto assim estabelecido não poderá exceder:\na) 25 por cento do montante bruto dos royalties provenientes do uso ou da concessão do uso de marcas de indústria ou comércio;\nb) 15 por cento nos demais casos.\n\nPROTOCOLO\nNo momento da assinatura da Convenção, os abaixo assinados, para isso devidamente autorizados, convieram nas seguintes disposições que constituem parte integrante da presente Convenção.\n1. Ad/Artigo 8\nO disposto no Artigo 8 somente se aplica a parte do lucro do consórcio de transporte aéreo.\n3. Ad/Artigo 12, parágrafo 3\nA expressão \"informações correspondentes à experiência adquirida no setor industrial, comercial ou científico\" mencionada no parágrafo 3 do Artigo 12, inclui os rendimentos provenientes da prestação de serviços técnicos e assistência técnica.\n";
    let got = topical_rates(portuguese);
    assert_eq!(
        got.iter()
            .map(|(topic, _, sub, value, _)| (*topic, sub.as_str(), value.as_str()))
            .collect::<Vec<_>>(),
        vec![
            ("royalties", "a", "25 percent"),
            ("royalties", "b", "15 percent"),
            ("technical_services", "b", "15 percent"),
        ],
        "{got:?}"
    );
}

/// A royalties definition that includes technical services gives the article's cap a
/// technical row too.
#[test]
fn a_definition_that_includes_technical_services() {
    let text = "Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties may also be taxed in the Contracting State in which they arise and according to the law of that State, but the tax so charged shall not exceed 15 per cent of the gross amount of the royalties.\n3. The term \"royalties\" as used in this Article means payments of any kind received as a consideration for the use of, or the right to use, any copyright, patent, trade mark, design or model, plan, secret formula or process, and includes payments of any kind in consideration for the rendering of any technical services or technical assistance.\n";
    assert_eq!(
        topical_rows(text),
        vec![
            row("royalties", "2", "", "rate", "15 percent", ""),
            row("technical_services", "2", "", "rate", "15 percent", ""),
        ]
    );
}

/// The Netherlands' protocols say the opposite (technical services are no know-how, or are
/// business profits): no technical rows.
#[test]
fn fees_deemed_not_to_be_royalties_give_no_technical_rows() {
    let estonia = "Article 12\nRoyalties\n1. Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties may also be taxed in the Contracting State in which they arise and according to the laws of that State, but if the beneficial owner of the royalties is a resident of the other Contracting State, the tax so charged shall not exceed 10 per cent of the gross amount of the royalties.\n\nPROTOCOL\nI. Ad Article 12\n1. Payments received as a consideration for technical services, including studies or surveys of a scientific, geological or technical nature, or for engineering contracts including blueprints related thereto, or for consultancy or supervisory services shall be deemed not to be payments received as a consideration for information concerning industrial, commercial or scientific experience, except to the extent that the amounts of such payments are based on production, sales, performance, profits or any other similar basis related to the use of the said information.\nII. Ad Articles 7 and 14\nPayments received as a consideration for technical services, including studies or surveys of a scientific, geological or technical nature, or for consultancy or supervisory services shall be deemed to be payments to which the provisions of Article 7 or Article 14 apply.\n";
    assert_eq!(
        topical_rows(estonia),
        vec![row("royalties", "2", "", "rate", "10 percent", "")]
    );
}

/// Japanese: a cap of `使用料及び技術上の役務に対する料金` (Japan-India, Article 12) gives a
/// row for each class; a tier of the fees alone is `technical_services` only.
#[test]
fn japanese_royalties_and_fees_for_technical_services() {
    let both = "第十二条\n使用料及び技術上の役務に対する料金\n1 一方の締約国内において生じ、他方の締約国の居住者に支払われる使用料及び技術上の役務に対する料金に対しては、当該他方の締約国において租税を課することができる。\n2 1の使用料及び技術上の役務に対する料金に対しては、これらが生じた締約国においても、当該締約国の法令に従って租税を課することができる。その租税の額は、当該使用料及び技術上の役務に対する料金の額の十パーセントを超えないものとする。\n";
    assert_eq!(
        topical_rows(both),
        vec![
            row("royalties", "2", "", "rate", "10 percent", ""),
            row("technical_services", "2", "", "rate", "10 percent", ""),
        ]
    );
    let fees = "第十二条\n使用料及び技術上の役務に対する料金\n1 一方の締約国内において生じ、他方の締約国の居住者に支払われる使用料及び技術上の役務に対する料金に対しては、当該他方の締約国において租税を課することができる。\n2 1の技術上の役務に対する料金に対しては、これが生じた締約国においても、当該締約国の法令に従って租税を課することができる。その租税の額は、当該技術上の役務に対する料金の額の二十パーセントを超えないものとする。\n";
    assert_eq!(
        topical_rows(fees),
        vec![row("technical_services", "2", "", "rate", "20 percent", "")]
    );
}

/// The rate rows of tier (a) of a dividends article whose tier (a) ends with `owner`.
fn tier_a_rates(owner: &str) -> Vec<String> {
    let text = format!("Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but if the beneficial owner of the dividends is a resident of the other Contracting State, the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is {owner};\n(b) 15 per cent of the gross amount of the dividends in all other cases.\n");
    rows(&text)
        .into_iter()
        .filter(|row| row.1 == "a" && row.2 == "rate")
        .map(|row| format!("{} {}", row.3, row.4))
        .collect()
}

/// Issue 22, point 4: a holding (and its period) printed after the whole list of
/// alternative beneficiaries conditions each of them; one printed after the first
/// alternative is that one's only.
#[test]
fn a_holding_after_the_alternatives_conditions_each_of_them() {
    assert_eq!(
        tier_a_rates("a company or a pension fund which holds directly at least 10 per cent of the capital of the company paying the dividends throughout a 365 day period"),
        [
            "5 percent beneficial_owner=company;min_holding=10%capital;holding_period=365days",
            "5 percent beneficial_owner=pension_fund;min_holding=10%capital;holding_period=365days",
        ]
    );
    assert_eq!(
        tier_a_rates("a company which holds directly at least 10 per cent of the capital of the company paying the dividends, or a pension fund"),
        [
            "5 percent beneficial_owner=company;min_holding=10%capital",
            "5 percent beneficial_owner=pension_fund",
        ]
    );
    assert_eq!(
        tier_a_rates("a pension fund which holds directly at least 10 per cent of the capital of the company paying the dividends, or a company (other than a partnership) which is a resident of the other State"),
        [
            "5 percent beneficial_owner=company_not_partnership",
            "5 percent beneficial_owner=pension_fund;min_holding=10%capital",
        ]
    );
}

/// The tiers a replacing instruction names, in the drafting of several treaties.
#[test]
fn a_replacing_instruction_names_its_tiers() {
    let tiers = |text: &str| -> Vec<(String, Option<String>, Option<String>)> {
        replaced_tiers(text, text.len(), Lang::En)
            .into_iter()
            .map(|t| (t.article, t.paragraph, t.subparagraph))
            .collect()
    };
    let some = |s: &str| Some(s.to_string());
    assert_eq!(
        tiers("Subparagraph (a) of paragraph 2 of Article 10 of the Convention shall be replaced by the following: \"(a) "),
        [("10".into(), some("2"), some("a"))]
    );
    assert_eq!(
        tiers("The references in paragraphs 2(a) and 6 of Article X (Dividends) of the Convention to a rate of tax of \"10 per cent\" shall be deleted and replaced by references to a rate of tax of "),
        [("10".into(), some("2"), some("a")), ("10".into(), some("6"), None)]
    );
    assert_eq!(
        tiers("3. Subparagraph 6(b) of Article XII (Royalties) shall be deleted and replaced by the following: "),
        [("12".into(), some("6"), some("b"))]
    );
    assert_eq!(
        tiers("Article XI (Interest) of the Convention shall be deleted and replaced by the following: Article XI Interest 1. "),
        [("11".into(), None, None)]
    );
    assert_eq!(
        tiers("Article 10(2)(a) is amended to read: "),
        [("10".into(), some("2"), some("a"))]
    );
    assert!(
        tiers("A alínea a) do n.º 2 do artigo 10.º da Convenção é substituída pela seguinte: ")
            .is_empty(),
        "an English profile reads no Portuguese"
    );
    let pt = "A alínea a) do n.º 2 do artigo 10.º da Convenção é substituída pela seguinte: a) ";
    assert_eq!(
        replaced_tiers(pt, pt.len(), Lang::Pt)
            .into_iter()
            .map(|t| (t.article, t.paragraph, t.subparagraph))
            .collect::<Vec<_>>(),
        [("10".into(), some("2"), some("a"))]
    );
    // The drafting of two amending protocols (us-japan-2013, us-germany-2006).
    assert_eq!(
        tiers("Paragraph 3 of Article 11 of the Convention shall be\ndeleted and replaced by the following:\n\"3. "),
        [("11".into(), some("3"), None)]
    );
    assert_eq!(
        tiers("Article 10 (Dividends) of the Convention is deleted and the following Article substituted: Article 10 Dividends 1. "),
        [("10".into(), None, None)]
    );
    // Notwithstanding is no replacement; nor is an article reference without an instruction.
    assert!(tiers("Notwithstanding the provisions of subparagraph (a) of paragraph 2 of Article 10, dividends ").is_empty());
}

#[test]
fn a_number_in_a_nested_item_is_cited_by_the_outer_item() {
    // The drafting of limitation-on-benefits and interest-exemption lists in US treaties:
    // roman items and double letters inside lettered items, and a line that a PDF wrapped
    // before a reference (`subparagraph\n(f)`).
    let text = "Article 22\nLimitation on benefits\n\
        1. A resident of a Contracting State shall be a qualified person if it is:\n\
        (a) an individual;\n\
        (b) a company, if:\n\
        (i) at least 50 percent of each class of shares is owned by qualified persons\n\
        described in subparagraph\n\
        (f) of this paragraph; and\n\
        (ii) less than 50 percent of its gross income is paid to other persons;\n\
        (c) a person other than an individual, if:\n\
        aa) more than 60 percent of the beneficial interest in it is owned by persons\n\
        entitled to benefits under subparagraphs a), b), or c); and\n\
        bb) not more than 40 percent of its gross income is used to meet liabilities.\n";
    let labels: Vec<(String, String)> = rows(text)
        .into_iter()
        .map(|(_, sub, _, value, _)| (sub, value))
        .collect();
    assert_eq!(
        labels,
        [
            ("b", "50 percent"),
            ("b", "50 percent"),
            ("c", "60 percent"),
            ("c", "40 percent"),
        ]
        .map(|(s, v)| (s.to_string(), v.to_string()))
    );
    // A list numbered in roman numerals keeps them; its nested letters belong to its items.
    let text = "Article 11\nInterest\n\
        3. Interest shall be taxable only in the other State if it is paid:\n\
        i) to the other State or a political subdivision;\n\
        ii) on a loan granted by:\n\
        a) a bank, for a period of at least 3 years; or\n\
        b) an insurance company;\n\
        iii) in connection with the sale on credit of equipment.\n";
    let durations: Vec<(String, String)> = rows(text)
        .into_iter()
        .filter(|(_, _, _, value, _)| value == "3 years")
        .map(|(_, sub, _, value, _)| (sub, value))
        .collect();
    assert_eq!(durations, [("ii".to_string(), "3 years".to_string())]);
}

#[test]
fn a_share_or_an_amount_in_the_final_articles_is_no_period() {
    let measures = |text: &str| -> Vec<String> {
        rows(text)
            .into_iter()
            .map(|(_, _, _, value, condition)| format!("{value} {condition}"))
            .collect()
    };
    // Points of a protocol read into the termination article: a cap of an additional tax and
    // an amount of earnings, beside a notice period that is one.
    let text = "Article 28\nTermination\n1. Either Contracting State may give notice of termination at least six months before the end of any calendar year.\n\
        7. (a) The additional tax shall apply only to the extent that the earnings exceed five hundred thousand Canadian dollars ($500,000).\n\
        (b) Any additional tax so imposed shall not exceed 10 per cent of the amount of such earnings.\n";
    let found = measures(text);
    assert!(
        found.contains(&"6 months measure=notice_period".to_string()),
        "{found:?}"
    );
    let others: Vec<&String> = found
        .iter()
        .filter(|m| m.contains("percent") || m.contains("CAD"))
        .collect();
    assert!(!others.is_empty(), "{found:?}");
    assert!(
        others.iter().all(|m| m.ends_with("measure=other")),
        "{found:?}"
    );
    // A share of a distribution named in the entry-into-force article.
    let text = "Article 30\nEntry into Force\n2. The Convention shall enter into force three months after the exchange of instruments.\n\
        3. The tax shall be considered imposed in the proportion that the tax paid bears to 85 per cent of such undistributed income.\n";
    let found = measures(text);
    assert!(
        found.contains(&"3 months measure=entry_into_force".to_string()),
        "{found:?}"
    );
    assert!(
        found.contains(&"85 percent measure=other".to_string()),
        "{found:?}"
    );
}

#[test]
fn a_period_named_again_after_its_statement_is_not_a_second_threshold() {
    let text = "Article 31\nTermination\n1. Either Contracting State may terminate the Convention by giving six months prior written notice of termination. In such event, the Convention shall cease to have effect:\n(a) with respect to taxes withheld at source, for amounts paid on or after January 1 next following the expiration of the six month period; and\n(b) with respect to other taxes, for taxable periods beginning on or after January 1 next following the expiration of the six month period.\n";
    let months: Vec<String> = rows(text)
        .into_iter()
        .filter(|(_, _, _, value, _)| value == "6 months")
        .map(|(_, sub, _, _, condition)| format!("{sub} {condition}"))
        .collect();
    assert_eq!(months, [" measure=notice_period"]);
    // "the" before a number stated for the first time is no back-reference.
    let text = "Article 13\nGains\n2. Gains from shares may be taxed in that State if the alienator owned them within the twelve-month period preceding the alienation.\n";
    assert_eq!(
        rows(text)
            .iter()
            .filter(|(_, _, _, value, _)| value == "12 months")
            .count(),
        1
    );
}

#[test]
fn a_final_provision_that_sets_a_rate_article_s_rate_for_a_first_period_gives_rates() {
    // Two draftings of a transitional rate in an entry-into-force article: a cap on the tax
    // of a named tier, and a reference to the tier's rate read as another.
    let text = "Article 30\nEntry into force\n\
        1. This Convention shall enter into force on the date of the exchange of instruments \
        of ratification.\n\
        2. Notwithstanding paragraph 1, the tax charged pursuant to paragraph 2 a) of Article 10 \
        (Dividends) on dividends paid before 1 January 1992 may exceed 5 percent of the gross \
        amount of the dividends, but shall not exceed 10 percent thereof.\n\
        3. The provisions of this Convention shall have effect:\n\
        (a) for tax withheld at source, except that the reference in paragraph 2(a) of Article \
        XI (Interest) to \u{201c}5 per cent\u{201d} shall be read, in its application to amounts \
        paid in the first year, as \u{201c}8 per cent\u{201d}; and\n\
        (b) for other taxes, for taxable years beginning on or after 1 January 1992.\n";
    let all = findings(text);
    let struck: Vec<String> = all
        .iter()
        .filter(|(_, f)| f.struck)
        .map(|(_, f)| format!("{} {}", f.value, f.unit))
        .collect();
    assert_eq!(
        struck,
        ["5 percent"],
        "the figure read as another is struck"
    );
    let got: Vec<(String, String, &str, String)> = all
        .into_iter()
        .filter(|(_, f)| !f.struck)
        .map(|(paragraph, f)| {
            (
                paragraph,
                f.subparagraph,
                f.kind.as_str(),
                format!("{} {} {:?}", f.value, f.unit, f.modifies),
            )
        })
        .collect();
    let expected = [
        // The rate exceeded is none: a comparison, a threshold of its own.
        ("2", "", "threshold", "5 percent []"),
        ("2", "", "rate", "10 percent [\"10\"]"),
        // The figure read as another is the replaced one.
        ("3", "a", "rate", "8 percent [\"11\"]"),
    ];
    assert_eq!(
        got,
        expected.map(|(p, s, k, v)| (p.to_string(), s.to_string(), k, v.to_string())),
    );
    // A percentage of a final provision that names no rate article stays a threshold.
    let text = "Article 30\nEntry into force\n\
        1. The Convention shall have effect for a company 25 percent of whose shares are \
        owned by residents of the first-mentioned State.\n";
    assert!(rows(text)
        .iter()
        .all(|(_, _, kind, _, _)| *kind == "threshold"));
}

#[test]
fn a_list_quoted_inside_an_item_is_cited_by_that_item() {
    // `(d) ... shall be read as follows: 1. ... (a) ... (b) ...` and then `(e)`.
    let text = "The Contracting States have agreed as follows:\n\nArticle 27\nEntry into force\n\
        1. This Protocol shall enter into force on the date of the later of the notifications.\n\
        2. The Protocol shall have effect for taxable years beginning after it enters into force.\n\
        3. Notwithstanding paragraph 2:\n\
        (a) Article 3 shall have effect from 1 January 2010;\n\
        (b) Article 4 shall have effect from 1 January 2011;\n\
        (c) Article 5 shall have effect from 1 January 2012;\n\
        (d) In applying Article 6 during the first two years, paragraph 1 of Article XI \
        (Interest) of the Convention shall be read as follows: interest may be taxed in the \
        State in which it arises, but the tax shall not exceed:\n\
        (a) in the first year, 7 percent; and\n\
        (b) in the second year, 4 percent;\n\
        (e) Article 8 shall have effect from 1 January 2013.\n";
    let labels: Vec<(String, String)> = rows(text)
        .into_iter()
        .filter(|(_, _, kind, _, _)| *kind == "rate")
        .map(|(_, sub, _, value, _)| (sub, value))
        .collect();
    assert_eq!(
        labels,
        [("d", "7 percent"), ("d", "4 percent")].map(|(s, v)| (s.to_string(), v.to_string()))
    );
}

#[test]
fn an_exempting_list_item_that_names_several_beneficiaries_gives_a_row_each() {
    let text = "Article 11\nInterest\n\
        3. Notwithstanding the provisions of paragraph 2, interest arising in a Contracting State \
        shall be taxable only in the other Contracting State if:\n\
        (a) the interest is beneficially owned by that other Contracting State, a political \
        subdivision or local authority thereof, or the central bank of that other Contracting \
        State or any institution wholly owned by that other Contracting State;\n\
        (b) the interest is beneficially owned by a pension fund.\n";
    let got: Vec<(String, String)> = rows(text)
        .into_iter()
        .map(|(_, sub, _, _, condition)| (sub, condition))
        .collect();
    let expected = [
        ("a", "beneficial_owner=central_bank"),
        ("a", "beneficial_owner=government"),
        ("a", "beneficial_owner=financial_institution"),
        ("b", "beneficial_owner=pension_fund"),
    ];
    for (sub, condition) in expected {
        assert!(
            got.contains(&(sub.to_string(), condition.to_string())),
            "{sub} {condition}: {got:?}"
        );
    }
    assert_eq!(got.len(), expected.len(), "{got:?}");
}

#[test]
fn two_tests_of_the_same_percentage_in_a_clause_are_two_thresholds_a_period_restated_is_one() {
    let text = "Article 22\nLimitation on benefits\n\
        1. A company is a qualified person if shares representing at least 50 percent of the \
        aggregate voting power and value (and at least 50 percent of any disproportionate class \
        of shares) of the company are owned by qualified persons.\n\
        2. An enterprise that carries on activities for more than 30 days in any twelve month \
        period shall be deemed to carry them on through a permanent establishment, and an \
        associated enterprise that continues them shall be deemed to carry them on for a period \
        exceeding 30 days.\n";
    let values: Vec<(String, String)> = rows(text)
        .into_iter()
        .map(|(paragraph, _, _, value, _)| (paragraph, value))
        .collect();
    assert_eq!(count(&values, "1", "50 percent"), 2, "{values:?}");
    assert_eq!(count(&values, "2", "30 days"), 1, "{values:?}");
}

/// How many of `values` (a place, a value) are `value` in `place`.
fn count(values: &[(String, String)], place: &str, value: &str) -> usize {
    values
        .iter()
        .filter(|(p, v)| p == place && v == value)
        .count()
}

#[test]
fn a_period_stated_by_two_sentences_of_one_list_item_is_two_claims() {
    // A list item is the clause of its numbers; its sentences still state claims of their own.
    let text = "Article 25\nMutual agreement procedure\n\
        1. The following rules apply:\n\
        (a) Each State will have 60 days from the date on which the proceeding begins to appoint \
        one member of the board. Within 60 days of the date on which the second member is \
        appointed, the two members will appoint a third member;\n\
        (b) the board will deliver its determination within 90 days of the appointment of its \
        chair, and in no case later than 90 days after that appointment.\n";
    let values: Vec<(String, String)> = rows(text)
        .into_iter()
        .map(|(_, sub, _, value, _)| (sub, value))
        .collect();
    assert_eq!(count(&values, "a", "60 days"), 2, "{values:?}");
    assert_eq!(count(&values, "b", "90 days"), 1, "{values:?}");
}

/// The dividend exemption rows of `text`: (paragraph, subparagraph, condition).
fn exemption_rows(text: &str) -> Vec<(String, String, String)> {
    rows(text)
        .into_iter()
        .filter(|(_, _, kind, value, _)| *kind == "rate" && value == "0 percent")
        .map(|(paragraph, sub, _, _, condition)| (paragraph, sub, condition))
        .collect()
}

#[test]
fn a_list_whose_items_name_no_tier_completes_the_lead_tier() {
    // The US model's drafting: the lead names the beneficiary and its holding; the items are
    // alternative tests of the limitation on benefits, not tiers of their own.
    let english = "Article 10\nDividends\n\
        1. Notwithstanding the provisions of paragraph 2, such dividends shall not be taxed in \
        the Contracting State of which the company paying the dividends is a resident if the \
        beneficial owner is a company that is a resident of the other Contracting State that has \
        owned shares representing 80 percent or more of the voting power of the company paying \
        the dividends for a 12-month period ending on the date entitlement to the dividend is \
        determined, and:\n\
        (a) satisfies the conditions of clause (i) or (ii) of subparagraph (c) of paragraph 2 of \
        Article 22;\n\
        (b) is entitled to benefits with respect to the dividends under paragraph 4 of Article \
        22; or\n\
        (c) has received a determination pursuant to paragraph 6 of Article 22.\n";
    assert_eq!(
        exemption_rows(english),
        vec![(
            "1".to_string(),
            String::new(),
            "beneficial_owner=company;min_holding=80%voting_power;holding_period=12months"
                .to_string()
        )]
    );
    // Spanish: "siempre que ... y se dé alguna de las siguientes situaciones:".
    let spanish = "Artículo 10. Dividendos.\n\
        1. No obstante lo dispuesto en el apartado 2, el Estado contratante en el que la \
        sociedad que paga los dividendos sea residente considerará exentos los dividendos \
        pagados por esa sociedad a una sociedad residente del otro Estado contratante, siempre \
        que ésta posea directamente al menos el 75 por ciento del capital de la sociedad que \
        paga los dividendos y se dé alguna de las siguientes situaciones:\n\
        a) cuando la sociedad que reciba los dividendos cotice en un mercado de valores \
        reconocido; o\n\
        b) cuando la sociedad que percibe los dividendos desarrolle una actividad económica en \
        el Estado del que es residente.\n";
    assert_eq!(
        exemption_rows(spanish),
        vec![(
            "1".to_string(),
            String::new(),
            "beneficial_owner=company;min_holding=75%capital".to_string()
        )]
    );
}

#[test]
fn a_list_whose_items_all_hold_is_one_tier_but_alternative_beneficiaries_are_a_row_each() {
    // "...; and (b) ...": the conditions of one tier, read from every item.
    let cumulative = "Article 10\nDividends\n\
        1. Notwithstanding the provisions of paragraph 2, dividends arising in a Contracting \
        State and paid to a pension fund of the other Contracting State shall be exempt from tax \
        in the first-mentioned State if:\n\
        (a) the pension fund is the beneficial owner of the dividends;\n\
        (b) the pension fund does not own directly or indirectly more than 10 per cent of the \
        capital or 10 per cent of the voting power of the company paying the dividends; and\n\
        (c) the dividends are not derived from the carrying on of a business by the pension \
        fund.\n";
    assert_eq!(
        exemption_rows(cumulative),
        vec![
            (
                "1".to_string(),
                String::new(),
                "beneficial_owner=pension_fund;max_holding=10%capital".to_string()
            ),
            (
                "1".to_string(),
                String::new(),
                "beneficial_owner=pension_fund;max_holding=10%voting_power".to_string()
            ),
        ]
    );
    // "...; or (b) ...", each item naming its beneficiary: a tier each, as before.
    let alternatives = "Article 11\nInterest\n\
        1. Notwithstanding the provisions of paragraph 2, interest arising in a Contracting \
        State shall be exempt from tax in that State if:\n\
        (a) the interest is beneficially owned by the Government of the other Contracting \
        State; or\n\
        (b) the interest is beneficially owned by the central bank of the other Contracting \
        State.\n";
    let got = exemption_rows(alternatives);
    assert_eq!(
        got,
        vec![
            (
                "1".to_string(),
                "a".to_string(),
                "beneficial_owner=government".to_string()
            ),
            (
                "1".to_string(),
                "b".to_string(),
                "beneficial_owner=central_bank".to_string()
            ),
        ]
    );
}

#[test]
fn a_ceiling_negated_far_back_and_its_coordinated_percentage_are_maximum_holdings() {
    let text = "Artículo 10. Dividendos.\n\
        1. No obstante lo dispuesto en el apartado 2, los dividendos pagados a un plan de \
        pensiones del otro Estado contratante estarán exentos de imposición en el Estado \
        mencionado en primer lugar si el plan de pensiones no posee directa o indirectamente más \
        del 5 por ciento del capital o del 5 por ciento de las acciones con derecho a voto de la \
        sociedad que paga los dividendos.\n";
    let thresholds: Vec<String> = rows(text)
        .into_iter()
        .filter(|(_, _, kind, _, _)| *kind == "threshold")
        .map(|(_, _, _, value, condition)| format!("{value} {condition}"))
        .collect();
    assert_eq!(
        thresholds,
        vec![
            "5 percent measure=max_holding".to_string(),
            "5 percent measure=max_holding".to_string()
        ]
    );
}

#[test]
fn voting_capital_is_one_basis_voting_power_or_capital_two() {
    let one = "Artículo 10. Dividendos.\n\
        1. No obstante lo dispuesto en el apartado 2, dichos dividendos estarán exentos de \
        imposición en el Estado contratante en el que reside la sociedad que paga los dividendos \
        si el beneficiario efectivo es una sociedad que posea acciones que representen el 80 por \
        ciento o más del capital con derecho de voto de la sociedad que paga los dividendos.\n";
    assert_eq!(
        exemption_rows(one)
            .into_iter()
            .map(|(_, _, c)| c)
            .collect::<Vec<_>>(),
        vec!["beneficial_owner=company;min_holding=80%voting_power".to_string()]
    );
    let two = "Article 10\nDividends\n\
        1. Notwithstanding the provisions of paragraph 2, such dividends shall be exempt from \
        tax in the Contracting State of which the company paying the dividends is a resident if \
        the beneficial owner is a company which holds directly at least 50 per cent of the voting \
        power or of the capital of the company paying the dividends.\n";
    assert_eq!(
        exemption_rows(two)
            .into_iter()
            .map(|(_, _, c)| c)
            .collect::<Vec<_>>(),
        vec![
            "beneficial_owner=company;min_holding=50%voting_power".to_string(),
            "beneficial_owner=company;min_holding=50%capital".to_string()
        ]
    );
}

#[test]
fn a_clause_of_another_article_that_caps_the_rate_of_the_classes_it_names_is_a_rate() {
    // The triangular provision of a limitation on benefits, in English and in Spanish.
    let english = "Article 28\nLimitation on benefits\n\
        1. Where an enterprise of a Contracting State derives income from the other Contracting \
        State, and that income is attributable to a permanent establishment which that \
        enterprise has in a third jurisdiction, the tax benefits that would otherwise apply \
        shall not apply to that income if the combined tax is less than 60 percent of the tax \
        that would have been payable in the first-mentioned State. Any dividends, interest or \
        royalties to which the provisions of this paragraph apply shall be subject to tax at a \
        rate that shall not exceed 15 percent of the gross amount thereof.\n";
    let spanish = "Artículo 17. Limitación de beneficios.\n\
        1. Cuando una empresa de un Estado contratante obtenga rentas procedentes del otro \
        Estado contratante atribuibles a un establecimiento permanente situado en un tercer \
        Estado, el beneficio fiscal no se aplicará si el tipo efectivo total es inferior al 60 \
        por ciento del tipo general. Todo dividendo, interés o canon al que sea de aplicación \
        este apartado estará sometido a imposición en el otro Estado contratante a un tipo que \
        no exceda del 15 por ciento de su importe bruto.\n";
    for text in [english, spanish] {
        let got = rows(text);
        assert!(
            got.contains(&(
                "1".into(),
                "".into(),
                "rate",
                "15 percent".into(),
                "income=dividends+interest+royalties".into()
            )),
            "{got:?}"
        );
        // The share of the tax is a test, not a rate.
        assert!(
            got.iter()
                .any(|(_, _, kind, value, _)| *kind == "threshold" && value == "60 percent"),
            "{got:?}"
        );
    }
}

#[test]
fn the_share_of_the_gross_amount_that_is_taxed_is_a_base_not_a_rate() {
    let english = "Article 12\nRoyalties\n\
        1. In the case of royalties paid for the use of industrial, commercial or scientific \
        equipment, the tax shall be imposed on 70 percent of the gross amount of such royalties.\n";
    let spanish = "Artículo 12. Cánones.\n\
        1. Los cánones pagados por el uso de equipo industrial, comercial o científico se \
        someterán a imposición sobre el 60 por 100 del importe bruto de los cánones.\n";
    for (text, value) in [(english, "70 percent"), (spanish, "60 percent")] {
        let got = rows(text);
        assert_eq!(
            got,
            vec![(
                "1".to_string(),
                String::new(),
                "threshold",
                value.to_string(),
                "measure=other".to_string()
            )],
            "{text}"
        );
    }
}

#[test]
fn an_exemption_in_another_article_of_the_classes_it_refers_to_is_a_rate_of_those_classes() {
    let english = "Article 21\nExempt organizations\n\
        1. Income referred to in Articles 10 (Dividends) and 11 (Interest) derived by a trust \
        operated exclusively to administer or provide pension, retirement or employee benefits \
        shall be exempt from income taxation in the other Contracting State.\n\
        2. Notwithstanding the provisions of Articles 7 (Business Profits) and 12 (Royalties), \
        profits derived from the operation of ships in international traffic shall be exempt \
        from tax in the other Contracting State.\n";
    let spanish = "Artículo 21. Organizaciones exentas.\n\
        1. Las rentas a que se refieren los artículos 10 (Dividendos) y 11 (Intereses) obtenidas \
        por un fondo de pensiones residente de un Estado contratante estarán exentas de \
        imposición en el otro Estado contratante.\n";
    assert_eq!(
        exemption_rows(english),
        vec![(
            "1".to_string(),
            String::new(),
            "beneficial_owner=pension_fund;income=dividends+interest".to_string()
        )]
    );
    assert_eq!(
        exemption_rows(spanish),
        vec![(
            "1".to_string(),
            String::new(),
            "beneficial_owner=pension_fund;income=dividends+interest".to_string()
        )]
    );
}

#[test]
fn a_residence_only_rule_that_the_next_paragraph_takes_back_is_no_exemption() {
    let english = "Article 12\nRoyalties\n\
        1. Royalties arising in a Contracting State and paid to a resident of the other \
        Contracting State shall be taxable only in that other State.\n\
        2. However, such royalties may be taxed in the Contracting State in which they arise, \
        and according to the law of that State, but the tax so charged shall not exceed 20 \
        percent of the gross amount of the royalties.\n";
    let spanish = "Artículo 12. Cánones.\n\
        1. Los cánones procedentes de un Estado contratante y pagados a un residente del otro \
        Estado contratante solo pueden someterse a imposición en ese otro Estado.\n\
        2. No obstante, dichos cánones pueden someterse también a imposición en el Estado \
        contratante del que procedan, pero el impuesto así exigido no podrá exceder del 10 por \
        100 del importe bruto de los cánones.\n";
    for (text, cap) in [(english, "20 percent"), (spanish, "10 percent")] {
        let got = rows(text);
        assert_eq!(
            got,
            vec![(
                "2".to_string(),
                String::new(),
                "rate",
                cap.to_string(),
                String::new()
            )],
            "{text}"
        );
    }
    // Without the second paragraph the first is an exemption.
    let alone = english.split("\n2.").next().unwrap();
    assert!(rows(alone)
        .iter()
        .any(|(_, _, kind, value, _)| *kind == "rate" && value == "0 percent"));
}

#[test]
fn an_exemption_in_the_recipients_state_is_no_rate() {
    let residence = "Article 8\nInterest\n\
        1. Interest from a source in one of the Contracting States derived by a resident in the \
        other Contracting State shall be exempt from tax in that other Contracting State, unless \
        it is not subject to tax in the first-mentioned Contracting State.\n";
    assert!(
        exemption_rows(residence).is_empty(),
        "{:?}",
        rows(residence)
    );
    let source = "Article 8\nInterest\n\
        1. Interest from a source in one of the Contracting States derived by the Government of \
        the other Contracting State shall be exempt from tax in the first-mentioned Contracting \
        State.\n";
    assert_eq!(exemption_rows(source).len(), 1, "{:?}", rows(source));
}

/// (paragraph, subparagraph, value unit, condition, rule) of every finding, in the order
/// given.
fn named_rows(text: &str) -> Vec<(String, String, String, String, &'static str)> {
    findings(text)
        .into_iter()
        .map(|(paragraph, f)| {
            (
                paragraph,
                f.subparagraph,
                format!("{} {}", f.value, f.unit),
                f.conditions.flatten(),
                f.rule,
            )
        })
        .collect()
}

#[test]
fn every_row_names_its_rule_and_rows_keep_the_order_of_the_text() {
    // The rules run in the registry's order (rate tiers first), the rows come in the text's.
    let dividends = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but if the beneficial owner of the dividends is a resident of the other Contracting State, the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company (other than a partnership) which holds directly at least 25 per cent of the capital of the company paying the dividends;\n(b) 15 per cent of the gross amount of the dividends in all other cases.\n";
    let row = |p: &str, s: &str, value: &str, condition: &str, rule| {
        (
            p.to_string(),
            s.to_string(),
            value.to_string(),
            condition.to_string(),
            rule,
        )
    };
    assert_eq!(
        named_rows(dividends),
        [
            row(
                "2",
                "a",
                "5 percent",
                "beneficial_owner=company_not_partnership;min_holding=25%capital",
                "beneficial_owners"
            ),
            row("2", "a", "25 percent", "measure=min_holding", "holdings"),
            row("2", "b", "15 percent", "", "rate_tiers"),
        ]
    );
    let interest = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. Notwithstanding the provisions of paragraph 2, interest arising in a Contracting State and paid to the Government of the other Contracting State shall be taxable only in that other State.\n4. If after the signature of this Convention a Contracting State agrees in a convention with a third State to a rate of tax on interest lower than the rate provided for in paragraph 2, that lower rate shall apply for the purposes of this Convention, but it shall not be reduced below 5 per cent.\n";
    assert_eq!(
        named_rows(interest),
        [
            row("2", "", "10 percent", "", "rate_tiers"),
            row(
                "3",
                "",
                "0 percent",
                "beneficial_owner=government",
                "exemptions"
            ),
            row("3", "", "0 percent", "income=government_debt", "exemptions"),
            row(
                "4",
                "",
                "5 percent",
                "trigger=most_favoured_nation",
                "most_favoured_nation"
            ),
        ]
    );
    let royalties = "Article 12\nRoyalties and fees for technical services\n1. Royalties and fees for technical services arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties and fees for technical services may also be taxed in the Contracting State in which they arise, but the tax so charged shall not exceed 10 per cent of the gross amount of the royalties or fees for technical services.\n";
    assert_eq!(
        named_rows(royalties),
        [
            row("2", "", "10 percent", "", "technical_fees"),
            row("2", "", "10 percent", "", "technical_fees"),
        ]
    );
}

#[test]
fn a_protocols_rows_are_protocol_changes_and_a_branch_tax_stays_its_own() {
    let text = "The Government of A and the Government of B, desiring to amend the Convention, have agreed as follows:\n\nArticle 1\n\nParagraph 2 of Article 10 (Dividends) of the Convention shall be deleted and replaced by the following:\n\n\u{201c}2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax so charged shall not exceed 5 per cent of the gross amount of the dividends.\u{201d}\n\nArticle 2\n\nParagraph 6 of Article 10 (Dividends) of the Convention shall be deleted and replaced by the following:\n\n\u{201c}6. A company which is a resident of a Contracting State and has a permanent establishment in the other Contracting State may there be subject to a tax in addition to the tax on the profits of the permanent establishment, at a rate not exceeding 10 per cent of those profits.\u{201d}\n";
    let rules: Vec<(String, &str)> = findings(text)
        .into_iter()
        .map(|(_, f)| (format!("{} {}", f.value, f.unit), f.rule))
        .collect();
    assert_eq!(
        rules,
        [
            ("5 percent".to_string(), "protocol_changes"),
            ("10 percent".to_string(), "branch_tax")
        ]
    );
}

#[test]
fn a_rule_run_alone_gives_only_rows_that_name_it() {
    let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company which holds directly at least 10 per cent of the capital of the company paying the dividends for a period of 365 days;\n(b) 15 per cent of the gross amount of the dividends in all other cases.\n3. Dividends paid to a pension fund shall be taxable only in the Contracting State of which the pension fund is a resident.\n";
    let (doc, _) = segment(text, &Config::default());
    let version = &doc.treaties[0].versions[0];
    let article = &version.articles[0];
    let mut named = Vec::new();
    for rule in registry::RULES {
        for paragraph in &article.paragraphs {
            let ctx = ParagraphCtx::new(
                paragraph,
                &article.paragraphs,
                article.topic,
                version.lang,
                TreatyFacts::default(),
                Source::Treaty,
            );
            for finding in (rule.apply)(&ctx) {
                assert_eq!(finding.rule, rule.name, "{finding:?}");
                named.push(finding.rule);
            }
        }
    }
    // Each rule that finds rows in this article gave some.
    for rule in [
        "rate_tiers",
        "beneficial_owners",
        "holdings",
        "holding_periods",
    ] {
        assert!(named.contains(&rule), "{rule}: {named:?}");
    }
}
