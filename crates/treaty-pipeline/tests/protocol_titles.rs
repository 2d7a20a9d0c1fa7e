//! A title names its instrument by its head: in Japanese the head comes last, after the treaty
//! it amends (`…条約を改正する議定書`, a protocol amending the convention), so such a title is a
//! protocol's, not a convention's, also where the title runs into the preamble.

use treaty_pipeline::{process_document, Settings};

fn instrument(text: &str) -> String {
    let report = process_document("protocol", text.as_bytes(), &Settings::default())
        .expect("a text document");
    report.treaties[0].instrument.as_str().to_string()
}

#[test]
fn a_japanese_title_amending_a_convention_is_a_protocol() {
    for (title, amended) in [
        (
            "所得に対する租税に関する二重課税の回避のための日本国とフィンランド共和国との間の条約を改正する議定書",
            "千九百七十二年二月二十九日にヘルシンキで署名された所得に対する租税に関する二重課税の回避のための日本国とフィンランド共和国との間の条約",
        ),
        (
            "日本国とフィンランド共和国との間の租税条約の一部を改正する議定書",
            "千九百九十一年三月四日に東京で署名された日本国とフィンランド共和国との間の条約",
        ),
    ] {
        // The title on a line of its own, and run into the preamble, as a print that lost
        // its line break gives it.
        for between in ["\n\n", "前文"] {
        let text = format!(
            "{title}{between}日本国政府及びフィンランド共和国政府は、{amended}（以下「条約」という。）を改正する議定書を締結することを希望して、次のとおり協定した。\n\n\
             第一条\n配当に対して課される租税の額は、当該配当の額の十パーセントを超えないものとする。\n\n\
             第二条\nこの議定書は、条約の不可分の一部を成す。\n\n\
             第三条\nこの議定書は、批准されなければならない。この議定書は、批准書の交換の日の後三十日目の日に効力を生ずる。\n"
        );
        assert_eq!(instrument(&text), "protocol", "{title}{between}");
        }
    }
    // A convention's own title stays a convention's.
    let convention =
        "所得に対する租税に関する二重課税の回避のための日本国とデンマーク王国との間の条約\n\n\
        日本国及びデンマーク王国は、条約を締結することを希望して、次のとおり協定した。\n\n\
        第一条\nこの条約は、一方又は双方の締約国の居住者である者に適用する。\n\n\
        第二条\nこの条約は、所得に対する租税について適用する。\n";
    assert_eq!(instrument(convention), "convention");
}

/// In English the head comes first: "PROTOCOL AMENDING THE "CONVENTION ..."" is a protocol,
/// its own line's last word (`"CONVENTION`) what it amends.
#[test]
fn an_english_title_amending_a_convention_is_a_protocol() {
    for (title, word) in [
        (
            "PROTOCOL AMENDING THE \"CONVENTION\nBETWEEN JAPAN AND THE REPUBLIC OF ITALY\nFOR THE AVOIDANCE OF DOUBLE TAXATION\nWITH RESPECT TO TAXES ON INCOME\"",
            "Protocol",
        ),
        (
            "PROTOCOL TO THE AGREEMENT\nBETWEEN JAPAN AND THE REPUBLIC OF ITALY\nFOR THE AVOIDANCE OF DOUBLE TAXATION",
            "Protocol",
        ),
    ] {
        let text = format!(
            "{title}\n\nThe Government of Japan and the Government\nof the Republic of Italy,\n\n\
             Desiring to amend the Convention between Japan and the Republic of Italy, signed at \
             Tokyo on March 20, 1969,\n\nHave agreed as follows:\n\n\
             Article 1\nThe tax so charged shall not exceed 10 per cent of the gross amount of the dividends.\n\n\
             Article 2\nThis {word} shall form an integral part of the Convention.\n\n\
             Article 3\nThis {word} shall be ratified and shall enter into force on the thirtieth day after the exchange of instruments of ratification.\n"
        );
        assert_eq!(instrument(&text), "protocol", "{title}");
    }
    let convention = "CONVENTION BETWEEN JAPAN AND THE REPUBLIC OF ITALY\nFOR THE AVOIDANCE OF DOUBLE TAXATION\n\n\
        The Government of Japan and the Government of the Republic of Italy, desiring to conclude a Convention,\n\
        Have agreed as follows:\n\nArticle 1\nThis Convention shall apply to persons who are residents of one or both of the Contracting States.\n\n\
        Article 2\nThis Convention shall apply to taxes on income.\n";
    assert_eq!(instrument(convention), "convention");
}

/// An exchange of notes concerning a treaty is titled `…協定に関する交換公文`: its head, the
/// instrument word after `に関する`, is an exchange of notes, not the agreement it concerns.
#[test]
fn a_japanese_exchange_of_notes_concerning_an_agreement_is_an_exchange_of_notes() {
    for (title, party) in [
        (
            "所得に対する租税に関する二重課税の回避及び脱税の防止のための日本国政府とアルカディア共和国政府との間の協定に関する交換公文",
            "アルカディア共和国",
        ),
        (
            "所得に対する租税に関する二重課税の回避のための日本国とベルギー王国との間の条約に関する交換公文",
            "ベルギー王国",
        ),
    ] {
        let text = format!(
            "{title}\n\n（{party}側書簡）\n\n書簡をもって啓上いたします。本官は、本日署名された協定に言及するとともに、\
             両政府の間で到達した次の了解を確認する光栄を有します。\n\n\
             １ 協定第十一条３に関し、中央銀行は、同条３にいう機関とされることが了解される。\n\n\
             ２ 協定第十九条に関し、同条の規定は、政府の所有する機関によって支払われる報酬についても適用することが了解される。\n"
        );
        assert_eq!(instrument(&text), "exchange_of_notes", "{title}");
    }
}
