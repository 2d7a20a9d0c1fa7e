//! Japanese: see [`crate::KanjiStructure`].

use crate::kanji::KanjiStructure;

pub(super) const KANJI: KanjiStructure = KanjiStructure {
    heading: r"第([〇一二三四五六七八九十百千]+|[0-9]{1,3})条(?:の([A-Z]|[一二三四五六七八九十]+))?",
    ordinal_mark: '第',
    article_mark: '条',
    paragraph_mark: '項',
    item_mark: '号',
    // `1条約第...` is a point opening with `条約` (the treaty), not article 1.
    article_mark_words: &["条約"],
    full_stop: '。',
    comma: '、',
    body_starts: &[
        "一方の",
        "この条約",
        "この協定",
        "この",
        "両締約国",
        "各締約国",
        "いずれの",
        "締約国",
        "次の",
        "当該",
        "一方又は",
        // `専ら教育又は訓練を受けるため` (students), in older spelling `もつぱら`.
        "専ら",
        "もつぱら",
        "もっぱら",
    ],
    reference_followers: &[
        'の', 'に', '及', '又', '若', 'か', 'ま', 'を', 'が', 'は', 'で', '、', '並', 'と', 'も',
        'た', '(', ')', ' ', '」', '。',
    ],
    // Numbers in Japanese treaty prose are written in kanji; ASCII digits are paragraph
    // numbers, references to paragraphs (`この2の規定`, `1及び3`) or page furniture.
    reference_before: &['条', '第', 'び', '又', '及', '若', '並', '(', '（'],
    particles: &['が', 'は', 'を', 'に', 'で', 'も', 'の', 'と'],
    title_joiners: &["及び", "並びに", "の"],
    clause_ends: &['。', '、', '；', '：', ';', ':', ','],
    phrase_continuations: &[
        'を', 'が', 'て', 'で', 'し', 'る', 'う', 'っ', 'ん', 'は', '、', '。',
    ],
    item_reference_followers: &[
        "の",
        "に",
        "と",
        "から",
        "まで",
        "及び",
        "又は",
        "若しくは",
        "並びに",
    ],
    open_brackets: &['(', '（', '「'],
    close_brackets: &[')', '）', '」'],
    // `(注)` then, within a few words, `...実施条約第八条` or `...実施条約第六部`.
    mli_note: r"\(注\)[ \t]*(?:次の)?[^\n。]{0,24}?実施条約第([〇一二三四五六七八九十百]+|[0-9]{1,2})(条|部)",
    mli_part_mark: "部",
    // `...実施条約第十六条` is the MLI's own article, not the treaty's.
    treaty_reference: r"(実施)?(?:条約|協定)第([〇一二三四五六七八九十百]+|[0-9]{1,3})条(?:の([A-Z]))?",
    // `(第十六条)1の第一文の規定は`.
    mli_one_sentence: r"^[0-9]{0,2}(?:\([a-z]{1,4}\))?の第[一二三四五六七八九]文の規定(?:は|が)",
};
