//! From when a treaty has effect (issue 22, point 3): the clauses of the entry-into-force
//! article for taxes withheld at source, for other taxes or for all, per party where the
//! article gives each party its own, in four languages. Each expectation was written by
//! reading the article in the corpus text.

mod common;

use common::*;

/// The clauses of effect of a document's first treaty: `taxes[ PARTY][ @DATE]` and the
/// clause.
fn effects(doc: &str) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let output = treaty(
        &[
            "run",
            corpus(doc).to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ],
        dir.path(),
    );
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stem = std::path::Path::new(doc)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join(format!("{stem}.json"))).unwrap()).unwrap();
    json["treaties"][0]["effective"]
        .as_array()
        .map(|effects| {
            effects
                .iter()
                .map(|effect| {
                    let taxes = effect["taxes"].as_str().unwrap();
                    let label = match effect["party_alpha3"].as_str() {
                        Some(party) => format!("{taxes} {party}"),
                        None => taxes.to_string(),
                    };
                    let label = match effect["date"].as_str() {
                        Some(date) => format!("{label} @{date}"),
                        None => label,
                    };
                    let quote = effect["quote"].as_str().unwrap();
                    (label, quote.to_string())
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Asserts that `doc`'s clauses of effect are `expected`: each label, and the clause's
/// opening words.
fn assert_effects(doc: &str, expected: &[(&str, &str)]) {
    let found = effects(doc);
    let summary: Vec<(&str, bool)> = found
        .iter()
        .zip(expected)
        .map(|((label, quote), (_, opening))| (label.as_str(), quote.starts_with(opening)))
        .collect();
    let wanted: Vec<(&str, bool)> = expected.iter().map(|(label, _)| (*label, true)).collect();
    assert_eq!(summary, wanted, "{doc}: {found:#?}");
    assert_eq!(found.len(), expected.len(), "{doc}: {found:#?}");
}

#[test]
fn each_party_s_clauses_for_taxes_withheld_at_source_and_other_taxes() {
    // (a) in the case of Japan: (i) with respect to taxes withheld at source: (aa) ... (bb)
    // ...; (ii) with respect to taxes on income which are not withheld at source ...; (b) in
    // the case of the United States: (i) ... (ii) with respect to other taxes ...
    assert_effects(
        "pdf/us-japan-2003-en.pdf",
        &[
            ("withheld_at_source JPN", "(i) with respect to taxes with"),
            ("other JPN", "(ii) with respect to taxes on i"),
            ("withheld_at_source USA", "(i) with respect to taxes with"),
            ("other USA", "(ii) with respect to other taxe"),
        ],
    );
    // a) Em Portugal: i) Quanto aos impostos devidos na fonte ...; ii) Quanto aos demais
    // impostos ...; b) Em Montenegro: i) Quanto aos impostos sobre o rendimento ...
    assert_effects(
        "portugal-montenegro-2016-pt-en.txt",
        &[
            ("withheld_at_source PRT", "i) Quanto aos impostos devidos"),
            ("other PRT", "ii) Quanto aos demais impostos"),
            ("all MNE", "i) Quanto aos impostos sobre o "),
        ],
    );
}

#[test]
fn a_party_s_clause_on_its_item_s_own_line() {
    // a) in Malawi: in respect of taxes on income relating to the fiscal year ...; and
    // b) in the Netherlands: for any taxable years and periods beginning ...
    assert_effects(
        "en/nl-malawi-en.txt",
        &[
            ("all MWI", "a) in Malawi: in respect of tax"),
            ("all NLD", "b) in the Netherlands: for any "),
        ],
    );
    // a) in the Netherlands for taxable years ...; b) in Kenya: (i) to taxes withheld at
    // source, ...; (ii) to other taxes, ...
    assert_effects(
        "en/nl-kenya-en.txt",
        &[
            ("all NLD", "a) in the Netherlands for taxa"),
            ("withheld_at_source KEN", "(i) to taxes withheld at sourc"),
            ("other KEN", "(ii) to other taxes, on income"),
        ],
    );
}

#[test]
fn one_clause_for_every_tax_or_one_per_kind_of_tax() {
    // "This Agreement shall have effect as regards income derived during the taxable years
    // and periods beginning on or after the first day of January next following ..."
    let china = effects("en/nl-china-en.txt");
    assert_eq!(china.len(), 1, "{china:?}");
    assert_eq!(china[0].0, "all");
    assert!(china[0].1.starts_with("This Agreement shall have effe"));
    // a) En relación con el impuesto retenido en la fuente ...; b) En relación con los demás
    // impuestos ...
    assert_effects(
        "es/es-canada-1976.txt",
        &[
            ("withheld_at_source", "a) En relación con el impuesto"),
            ("other", "b) En relación con los demás i"),
        ],
    );
    // a) in respect of taxes withheld at source, on income derived on or after 1 January
    // 1995; b) in respect of other taxes on income, and taxes on capital, ...: dates stated.
    assert_effects(
        "en/nl-estonia-en.txt",
        &[
            (
                "withheld_at_source @1995-01-01",
                "a) in respect of taxes withhel",
            ),
            ("other @1995-01-01", "b) in respect of other taxes o"),
        ],
    );
}

#[test]
fn japanese_clauses_per_party_and_for_each_kind_of_tax() {
    // (a) 日本国については、(i) 源泉徴収される租税に関しては、… (ii) 源泉徴収されない所得に
    // 対する租税に関しては、… (iii) その他の租税に関しては、… (b) オーストラリアについて
    // は、(i) … 源泉徴収される租税に関しては、… (ii) その他の租税に関しては、…
    let australia = effects("ja/australia--synthesizedtextforjapan-australia-jp.txt");
    let labels: Vec<&str> = australia.iter().map(|(label, _)| label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "withheld_at_source JPN",
            "other JPN",
            "other JPN",
            "withheld_at_source AUS",
            "other AUS"
        ]
    );
    // (a) 日本国においては、… 各課税年度の所得 (b) スウェーデンにおいては、… 生ずる所得
    let sweden = effects("ja/sweden--synthesizedtextforjapan-swedenjp.txt");
    let labels: Vec<&str> = sweden.iter().map(|(label, _)| label.as_str()).collect();
    assert_eq!(labels, ["all JPN", "all SWE"]);
}

#[test]
fn an_amending_protocol_s_own_clauses_of_effect() {
    // Article XIV: "(a) in respect of taxes withheld at source, ...; (b) in respect of other
    // taxes, ...", then the arbitration cases' own list "(a) Cases that are under
    // consideration ... (b) Cases that come under consideration ...", which is no clause of
    // effect.
    assert_effects(
        "pdf/us-japan-2013-protocol-en.pdf",
        &[
            ("withheld_at_source", "(a) in respect of taxes withheld"),
            ("other", "(b) in respect of other taxes"),
        ],
    );
    assert_effects(
        "pdf/us-germany-2006-protocol-en.pdf",
        &[
            ("withheld_at_source", "a) in respect of taxes withheld"),
            ("other", "b) in respect of other taxes on income"),
            ("other", "c) in respect of taxes on capital"),
        ],
    );
}
