//! Japanese: see [`crate::StructureWords`].

use crate::structure::{ProtocolWord, StructureWords};

pub(super) const STRUCTURE: StructureWords = StructureWords {
    preamble_end: &["次のとおり協定した"],
    // One kanji of the formula misread by OCR (`以上の記拠として`) leaves it recognizable.
    closing: &[r"以上の(?:証拠|\p{Han}拠|証\p{Han})として"],
    article_reference_around: &[r"第([〇一二三四五六七八九十百]+)条"],
    article_heading_around: &[r"第([〇一二三四五六七八九十百]+|[0-9]{1,3})条"],
    protocol_word: Some(ProtocolWord {
        word: "議定書",
        not_followed_by: "にのをはがとでも",
        not_preceded_by: "のこ",
    }),
    // `日本国及びデンマーク王国は`.
    party: &[r"([\p{Han}\p{Katakana}ー]{2,12})及び([\p{Han}\p{Katakana}ー]{2,12})は"],
    contracting_state: &["締約国"],
    item_reference_followers: &[
        "又は",
        "及び",
        "若しくは",
        "並びに",
        "から",
        "まで",
        "の規定",
        "に規定",
        "に掲げ",
        "に定め",
        "にいう",
        "中",
    ],
    item_closing_words: &["パーセント", "場合", "もの", "こと", "。)", "。）"],
    item_continuation_chars: "又及並若以未超相",
    item_opening_chars: "こそい",
    // The instructions of an amending instrument: `…を次のように改める`, `「旧」を「新」に改める`,
    // `…を削る`, `…の次に次の一条を加える`.
    amendment: &[r"(?:を次のように|に)改める", r"を削る", r"を加える"],
    // `条約第十条２(b)中` (subparagraph (b) of paragraph 2 of Article 10 of the Convention): the
    // amended treaty named first, its article in kanji, the paragraph in digits, then what the
    // instruction does to it (`中`, `を`, `及び`, `の次に`, `に次の`), which tells the reference
    // an instruction makes from a mention.
    amended_article: &[
        r"(?:条約|協定)第(?P<article>[〇一二三四五六七八九十百]{1,4})条(?P<paragraph>[0-9０-９]{1,2})?(?:[(（](?P<sub>[a-z]|[ａ-ｚ])[)）])?(?:中|を|及び|並びに|の次に|に次の)",
    ],
    ..StructureWords::EMPTY
};
