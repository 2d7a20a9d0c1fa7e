//! Every language version of a treaty is signed on the same day: where OCR damaged the date
//! of the first version's closing, another version's closing gives it.

use treaty_pipeline::{process_document, Settings};

const JAPANESE: &str = "日本国及びカナダは、所得に対する租税に関し、二重課税を回避するための条約を締結することを希望して、次のとおり協定した。\n\n\
    第一条\nこの条約は、一方又は双方の締約国の居住者である者に適用する。\n\n\
    第二条\n一方の締約国内において生ずる配当に対しては、当該配当の額の十パーセントを超えない額の租税を課することができる。\n\n\
    以上の証拠として、下名は、各自の政府から正当に委任を受けてこの条約に署名した。\n\n";

const ENGLISH: &str = "Japan and Canada, desiring to conclude a Convention for the avoidance of double taxation with respect to taxes on income, have agreed as follows:\n\n\
    Article 1\nThis Convention shall apply to persons who are residents of one or both of the Contracting States.\n\n\
    Article 2\nDividends arising in a Contracting State may be taxed in that State, but the tax so charged shall not exceed 10 per cent of the gross amount of the dividends.\n\n\
    IN WITNESS WHEREOF the undersigned, duly authorized thereto by their respective Governments, have signed this Convention.\n\n\
    DONE in duplicate at Tokyo on the seventh day of May 1986 in the Japanese and English languages, both texts being equally authentic.\n";

fn signed(japanese_date: &str) -> Option<String> {
    let text = format!("{JAPANESE}{japanese_date}\n\n{ENGLISH}");
    let report = process_document("bilingual", text.as_bytes(), &Settings::default())
        .expect("a text document");
    assert_eq!(report.treaties.len(), 1, "one treaty in two languages");
    report.treaties[0].signed.as_ref()?.date.clone()
}

#[test]
fn a_date_ocr_damaged_in_the_first_version_is_read_from_the_other() {
    let intact = "千九百八十六年五月七日に東京で、ひとしく正文である日本語及び英語により本書二通を作成した。";
    assert_eq!(signed(intact).as_deref(), Some("1986-05-07"));
    // `八十六` read `バ+大`, `七` read `是`: no date in the Japanese closing.
    let damaged =
        "千九百バ+大年五月是日に東京で、ひとしく正文である日本語及び英語により本書二通を作成した。";
    assert_eq!(signed(damaged).as_deref(), Some("1986-05-07"));
}
