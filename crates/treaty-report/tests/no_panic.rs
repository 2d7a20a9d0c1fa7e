//! Rendering never panics, whatever the text and whatever the spans say, and the pages parse.

use proptest::prelude::*;
use treaty_pipeline::{process_document, Settings};
use treaty_report::{document_pages, DocumentInput, Options};

/// Pieces of treaty text, multi-byte characters, controls and markup to build inputs from.
const PIECES: &[&str] = &[
    "Article 10\nDividends\n",
    "1. Dividends paid by a company may be taxed in that other State.\n",
    "2. However, the tax so charged shall not exceed 15 per cent of the gross amount.\n",
    "第十条\n配当\n",
    "1 配当に対しては、十五パーセントを超えないものとする。\n",
    "Artigo 11\nJuros\n1 - não pode exceder 10 por cento.\n",
    "con-\nformidade ",
    "Articie 12 ",
    "\r\n",
    "\u{202e}\u{2066}\u{200b}\u{ad}",
    "<script>&amp;\"'",
    "ＡＢＣ１２",
    "\n- 12 -\n",
    "é e\u{301} ",
    "日\n本\n国\n",
];

fn document_text() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec((0..PIECES.len(), any::<u8>()), 1..40).prop_map(|choices| {
        let mut bytes = Vec::new();
        for (piece, noise) in choices {
            bytes.extend_from_slice(PIECES[piece].as_bytes());
            if noise % 7 == 0 {
                // A stray byte: not UTF-8 any more, so a legacy decoding is chosen.
                bytes.push(noise | 0x80);
            }
        }
        bytes
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_text_and_any_spans_render(
        bytes in document_text(),
        spans in prop::collection::vec((any::<u16>(), any::<u16>()), 0..12),
        cut in any::<u16>(),
    ) {
        let Ok(mut report) = process_document("doc", &bytes, &Settings::default()) else {
            return Ok(());
        };
        for (row, (start, end)) in report.rows.iter_mut().zip(&spans) {
            row.start = usize::from(*start);
            row.end = usize::from(*end);
        }
        for (treaty, (start, end)) in report.treaties.iter_mut().zip(&spans) {
            for version in &mut treaty.versions {
                version.start = usize::from(*end);
                for article in &mut version.articles {
                    article.start = usize::from(*start);
                    article.end = usize::from(*end);
                }
            }
        }
        // The bytes the report was made from, and a cut of them.
        let cut = usize::from(cut) % (bytes.len() + 1);
        for shown in [&bytes[..], &bytes[..cut]] {
            let pages = document_pages(
                &DocumentInput { report: &report, bytes: shown, comparison: None },
                &Options::default(),
            );
            for page in pages {
                let parsed = scraper::Html::parse_document(&page.html);
                prop_assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
            }
        }
    }
}

#[test]
fn long_texts_without_articles_are_cut_into_sections_at_line_ends() {
    // Lines of three-byte characters of varied lengths after a one- or two-byte prefix, so
    // section cuts fall at every offset within a character.
    for prefix in ["", "a", "ab"] {
        let mut text = String::from(prefix);
        let mut line = 0;
        while text.len() < 200 * 1024 {
            for _ in 0..(line * 7 % 13 + 1) {
                text.push('十');
            }
            text.push('\n');
            line += 1;
        }
        let report = process_document("long", text.as_bytes(), &Settings::default()).expect("text");
        let pages = document_pages(
            &DocumentInput {
                report: &report,
                bytes: text.as_bytes(),
                comparison: None,
            },
            &Options::default(),
        );
        let page = scraper::Html::parse_document(&pages[0].html);
        assert!(page.errors.is_empty());
        let sections: Vec<_> = page
            .select(&scraper::Selector::parse("main > section.s").unwrap())
            .collect();
        assert!(sections.len() >= 4, "{} sections", sections.len());
        for section in &sections[..sections.len() - 1] {
            let shown: String = section.text().collect();
            assert!(shown.ends_with('\n'), "a section ends at a line end");
        }
    }
}
