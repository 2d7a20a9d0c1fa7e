//! Letter spacing that a PDF's layout put between the characters of an unspaced script.
//!
//! Japanese is written without spaces. A justified Japanese page spreads its characters over
//! the line, and poppler's layout mode, which places each character at its column, writes a
//! space wherever the gap is wider than its grid (`日 本 国 政 府及 び`, `第 二条`): headings,
//! number words (`十 二・五 パーセント`) and phrases then no longer read as such. Decided per page
//! of extracted text, from the page itself:
//! - a page where at least [`PAGE_SHARE`] of the pairs of neighbouring Japanese characters are
//!   split by one space is set with letter spacing: every such single space goes;
//! - on any other page, a line where a third or more of its pairs are split so goes as well
//!   (a spaced heading `第 九条` on an unspaced page).
//!
//! Only one ASCII space between two Japanese characters (letters, kana, kanji, the profiles'
//! unspaced punctuation) is removed: a wider gap is a column or a cell boundary that the layout
//! kept, and a space beside a Latin letter or a digit is a real one.

use crate::fixes::is_unspaced_character;

/// The share of split pairs above which a whole page is taken as letter-spaced. Measured on
/// the ministry's PDFs: pages set with letter spacing have 0.07 to 0.40, pages set without it
/// 0.00 to 0.02 (a spaced heading or two).
pub const PAGE_SHARE: f64 = 0.05;

/// Fewer split pairs than this on a page say nothing about the page as a whole.
const PAGE_MIN_SPLIT: usize = 10;

/// What [`remove_letter_spacing`] did to one page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LetterSpacing {
    /// Nothing was removed.
    #[default]
    None,
    /// The page is letter-spaced: every single space between two Japanese characters went.
    Page,
    /// The page is not, but some of its lines are (spaced headings).
    Lines,
}

impl LetterSpacing {
    /// The name written in the document JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            LetterSpacing::None => "none",
            LetterSpacing::Page => "whole",
            LetterSpacing::Lines => "lines",
        }
    }
}

/// One page without its letter spacing: the text, how many spaces went, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Despaced {
    /// The page's text.
    pub text: String,
    /// How many spaces were removed.
    pub removed: usize,
    /// Whether the page or some lines were taken as letter-spaced.
    pub scope: LetterSpacing,
}

/// Pairs of neighbouring Japanese characters in `text`: (split by one space, together).
fn pairs(text: &str) -> (usize, usize) {
    let mut split = 0;
    let mut together = 0;
    let mut window: [Option<char>; 3] = [None; 3];
    for c in text.chars() {
        window = [window[1], window[2], Some(c)];
        match window {
            [_, Some(a), Some(b)] if is_unspaced_character(a) && is_unspaced_character(b) => {
                together += 1;
            }
            [Some(a), Some(' '), Some(b)]
                if is_unspaced_character(a) && is_unspaced_character(b) =>
            {
                split += 1;
            }
            _ => {}
        }
    }
    (split, together)
}

/// `text` with every single space between two Japanese characters removed, and how many.
fn despace(text: &str, out: &mut String) -> usize {
    let mut removed = 0;
    let mut chars = text.chars().peekable();
    let mut previous: Option<char> = None;
    while let Some(c) = chars.next() {
        if c == ' '
            && previous.is_some_and(is_unspaced_character)
            && chars.peek().copied().is_some_and(is_unspaced_character)
        {
            removed += 1;
            previous = Some(c);
            continue;
        }
        out.push(c);
        previous = Some(c);
    }
    removed
}

/// The page's text without the letter spacing of an unspaced script (see the module).
pub fn remove_letter_spacing(page: &str) -> Despaced {
    let (split, together) = pairs(page);
    if split == 0 {
        return Despaced {
            text: page.to_string(),
            removed: 0,
            scope: LetterSpacing::None,
        };
    }
    let mut text = String::with_capacity(page.len());
    if split >= PAGE_MIN_SPLIT && split as f64 >= PAGE_SHARE * (split + together) as f64 {
        let removed = despace(page, &mut text);
        return Despaced {
            text,
            removed,
            scope: LetterSpacing::Page,
        };
    }
    let mut removed = 0;
    for line in page.split_inclusive('\n') {
        let (split, together) = pairs(line);
        if split > 0 && 3 * split >= split + together {
            removed += despace(line, &mut text);
        } else {
            text.push_str(line);
        }
    }
    let scope = if removed > 0 {
        LetterSpacing::Lines
    } else {
        LetterSpacing::None
    };
    Despaced {
        text,
        removed,
        scope,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_spaced_page_loses_every_single_space_between_japanese_characters() {
        let page = "所 得 に 対 す る 租 税 に 関 す る 二 重 課 税 の 回 避\n\
                    第 二条    対 象と な る 租 税\n\
                    当該配当の額の十 二・五 パーセント (a) 及び OECD Model\n";
        let read = remove_letter_spacing(page);
        assert_eq!(read.scope, LetterSpacing::Page);
        assert_eq!(
            read.text,
            "所得に対する租税に関する二重課税の回避\n\
             第二条    対象となる租税\n\
             当該配当の額の十二・五パーセント (a) 及び OECD Model\n"
        );
        assert_eq!(read.removed, 26);
    }

    #[test]
    fn on_an_unspaced_page_only_spaced_lines_are_joined() {
        let page = "第 九条\n\
                    第十条 配当\n\
                    一方の締約国の居住者である法人が他方の締約国の居住者に支払う配当に対しては、\n\
                    所得税 法人税 住民税\n";
        let read = remove_letter_spacing(page);
        assert_eq!(read.scope, LetterSpacing::Lines);
        assert_eq!(read.removed, 1);
        assert!(
            read.text.starts_with("第九条\n第十条 配当\n"),
            "{}",
            read.text
        );
        assert!(read.text.ends_with("所得税 法人税 住民税\n"));
    }

    #[test]
    fn latin_text_and_wide_gaps_are_left_alone() {
        for page in [
            "Article 10\nDividends paid by a company\n",
            "第十条\n１    一方の締約国\n",
            "",
        ] {
            let read = remove_letter_spacing(page);
            assert_eq!(read.text, page);
            assert_eq!(read.scope, LetterSpacing::None);
        }
    }
}
