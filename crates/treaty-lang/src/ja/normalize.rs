//! Japanese: see [`crate::NormalizeWords`].

use crate::normalize::NormalizeWords;

pub(super) const NORMALIZE: NormalizeWords = NormalizeWords {
    ocr_language: "jpn",
    ocr_scripts: &["Japanese", "Han", "Hiragana", "Katakana"],
    ocr_vertical_language: "jpn_vert",
    page_words: &["ページ"],
    // `第十条`, `第十条 配当`, but not `第十条約` nor a heading that runs into a sentence.
    layout_heading: r"^第[〇一二三四五六七八九十百0-9]+条(?:[^約。][^。]{0,29})?$",
    unspaced_punctuation: &[
        '、', '。', '「', '」', '『', '』', '・', '〔', '〕', '【', '】', '〈', '〉',
    ],
    sentence_ends: &['。'],
    katakana_look_alikes: &[('厶', 'ム')],
    ..NormalizeWords::EMPTY
};
