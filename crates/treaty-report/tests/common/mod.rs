//! Helpers for reading the report pages back through an HTML parser (scraper / html5ever).

#![allow(dead_code)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use scraper::{ElementRef, Html, Node, Selector};

/// A corpus file of the repository.
pub fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus")
        .join(name)
}

/// Parses a page and checks that the parser found nothing malformed.
pub fn parse(html: &str) -> Html {
    let page = Html::parse_document(html);
    assert!(
        page.errors.is_empty(),
        "the HTML parser reports errors: {:?}",
        page.errors
    );
    page
}

pub fn select<'a>(page: &'a Html, selector: &str) -> Vec<ElementRef<'a>> {
    let selector = Selector::parse(selector).expect("a valid selector");
    page.select(&selector).collect()
}

fn has_class(element: &scraper::node::Element, class: &str) -> bool {
    element.classes().any(|c| c == class)
}

/// The text of `element` as the original file has it: normalization replacements (`<ins>`)
/// and article labels left out, placeholders of invisible characters left out.
pub fn original_text(element: ElementRef<'_>) -> String {
    let mut text = String::new();
    collect_text(element, &mut text, "ins");
    text
}

/// The text of `element` as the pipeline read it: original characters of normalization sites
/// (`<del>`) and article labels left out.
pub fn normalized_text(element: ElementRef<'_>) -> String {
    let mut text = String::new();
    collect_text(element, &mut text, "del");
    text
}

fn collect_text(element: ElementRef<'_>, out: &mut String, skip: &str) {
    for child in element.children() {
        match child.value() {
            Node::Text(text) => out.push_str(text),
            Node::Element(inner) => {
                if inner.name() == skip || has_class(inner, "an") {
                    continue;
                }
                if let Some(inner) = ElementRef::wrap(child) {
                    collect_text(inner, out, skip);
                }
            }
            _ => {}
        }
    }
}

/// Every id of the page.
pub fn ids(page: &Html) -> BTreeSet<String> {
    select(page, "[id]")
        .into_iter()
        .filter_map(|e| e.value().attr("id").map(str::to_string))
        .collect()
}

/// Every `href` of the page.
pub fn hrefs(page: &Html) -> Vec<String> {
    select(page, "a[href]")
        .into_iter()
        .filter_map(|e| e.value().attr("href").map(str::to_string))
        .collect()
}

/// Characters that reorder or hide text.
pub fn is_bidi_or_invisible(c: char) -> bool {
    matches!(c,
        '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{61c}' | '\u{feff}')
}

/// Every text node and attribute value of the page.
pub fn all_strings(page: &Html) -> Vec<String> {
    let mut strings = Vec::new();
    for node in page.tree.nodes() {
        match node.value() {
            Node::Text(text) => strings.push(text.to_string()),
            Node::Element(element) => {
                strings.extend(element.attrs().map(|(_, value)| value.to_string()));
            }
            _ => {}
        }
    }
    strings
}

/// Percent-decodes a link path.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() + 1 {
            if let Ok(byte) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                out.push(byte);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
