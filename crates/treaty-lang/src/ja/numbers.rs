//! Japanese: see [`crate::NumberWords`].

use crate::numbers::NumberWords;
use crate::numbers::{Numeral, NumeralKind};

const fn digit(ch: char, value: u64) -> Numeral {
    Numeral {
        ch,
        value,
        kind: NumeralKind::Digit,
    }
}

const fn unit(ch: char, value: u64, kind: NumeralKind) -> Numeral {
    Numeral { ch, value, kind }
}

pub(super) const NUMBERS: NumberWords = NumberWords {
    thousands_separator: ',',
    numerals: &[
        digit('〇', 0),
        digit('零', 0),
        digit('一', 1),
        digit('二', 2),
        digit('三', 3),
        digit('四', 4),
        digit('五', 5),
        digit('六', 6),
        digit('七', 7),
        digit('八', 8),
        digit('九', 9),
        unit('十', 10, NumeralKind::SmallUnit),
        unit('百', 100, NumeralKind::SmallUnit),
        unit('千', 1000, NumeralKind::SmallUnit),
        unit('万', 10_000, NumeralKind::LargeUnit),
        unit('億', 100_000_000, NumeralKind::LargeUnit),
        unit('兆', 1_000_000_000_000, NumeralKind::LargeUnit),
    ],
    // Tesseract's Japanese models read `十` as katakana `ナ`, a plus sign or `士`, `二` as
    // katakana `ニ`, and `六` and `八` as the kanji `大` and `人` they are drawn like.
    ocr_numeral_lookalikes: &[
        ('ナ', '十'),
        ('+', '十'),
        ('士', '十'),
        ('ニ', '二'),
        ('大', '六'),
        ('人', '八'),
    ],
    glued_percent_units: &["パーセント"],
    glued_day_units: &["日間", "日"],
    glued_month_units: &["箇月", "か月", "ヶ月", "ケ月", "カ月", "ヵ月"],
    glued_year_units: &["箇年", "か年", "ヶ年", "年間", "課税年度", "年"],
    glued_currency_units: &[
        "アメリカ合衆国ドル",
        "合衆国ドル",
        "米ドル",
        "ドル",
        "ユーロ",
        "クローネ",
        "円",
    ],
    currency_names: &[
        ("米ドル", "USD"),
        ("ドル", "USD"),
        ("ユーロ", "EUR"),
        ("クローネ", "DKK"),
        ("円", "JPY"),
    ],
    ordinal_prefixes: &["第"],
    ordinal_suffixes: &["目"],
    reference_ends: &["条", "項", "号"],
    decimal_points: &["・"],
    hundredths: &["百分の"],
    unit_lookalikes: &["日本", "日付", "日曜", "年度", "年金", "年末"],
    day_date_before: r"(?:^|[^箇かヶケカヵ])月$",
    year_date_before: r"(?:昭和|平成|令和|大正|明治|西暦)$",
    year_date_after: r"^[0-9〇一二三四五六七八九十]+月",
    ..NumberWords::EMPTY
};
