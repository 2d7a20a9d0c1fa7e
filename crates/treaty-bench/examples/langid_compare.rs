#![allow(clippy::print_stdout)]
//! Compares the lexicon language identification of `treaty-segment` with whatlang (restricted
//! to Portuguese, English and Japanese) on the corpus: line accuracy on a document whose
//! Portuguese and English halves are known, and agreement on two-column OCR fragments.
//!
//! Run with `cargo run --release -p treaty-bench --example langid_compare`.

use whatlang::{Detector, Lang};

fn corpus(name: &str) -> String {
    std::fs::read_to_string(treaty_bench::corpus_dir().join(name)).expect("corpus file")
}

fn main() {
    let text = corpus("portugal-montenegro-2016-pt-en.txt");
    // The Portuguese text ends where the English "CONVENTION BETWEEN" begins.
    let split = text.find("CONVENTION BETWEEN").unwrap();
    let detector = Detector::with_allowlist(vec![Lang::Por, Lang::Eng, Lang::Jpn]);
    let (mut wl_ok, mut ours_ok, mut n) = (0, 0, 0);
    let (mut wl_short_ok, mut ours_short_ok, mut n_short) = (0, 0, 0);
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let line = line.trim();
        if line.split_whitespace().count() < 2 {
            continue;
        }
        let truth = if start < split { "pt" } else { "en" };
        let wl = match detector.detect_lang(line) {
            Some(Lang::Por) => "pt",
            Some(Lang::Eng) => "en",
            Some(Lang::Jpn) => "ja",
            _ => "?",
        };
        let ours = treaty_segment::lang::line_language(line).map_or("?", |l| l.as_str());
        n += 1;
        wl_ok += (wl == truth) as u32;
        ours_ok += (ours == truth) as u32;
        if line.split_whitespace().count() <= 4 {
            n_short += 1;
            wl_short_ok += (wl == truth) as u32;
            ours_short_ok += (ours == truth) as u32;
        }
    }
    println!("portugal-montenegro lines: {n}; whatlang {wl_ok} right, lexicon {ours_ok} right; lines of 2-4 words: {n_short}, whatlang {wl_short_ok}, lexicon {ours_short_ok}");
    // Fragments of the two-column OCR: word runs labelled by our Viterbi splitter, then asked of whatlang.
    let ocr = corpus("brazil-denmark-1974-pt-en-ocr.txt");
    let (mut agree, mut total) = (0, 0);
    for line in ocr.lines() {
        if !treaty_segment::lang::is_mixed(line) {
            continue;
        }
        for (lang, _, piece) in treaty_segment::stream::split_mixed_line(line) {
            if piece.split_whitespace().count() < 3 {
                continue;
            }
            let wl = match detector.detect_lang(piece) {
                Some(Lang::Por) => "pt",
                Some(Lang::Eng) => "en",
                _ => "?",
            };
            total += 1;
            agree += (wl == lang.as_str()) as u32;
        }
    }
    println!("two-column OCR fragments (3+ words) split by the lexicon Viterbi: {total}; whatlang agrees on {agree}");
    let t = std::time::Instant::now();
    for line in text.lines() {
        let _ = detector.detect_lang(line);
    }
    let wl_time = t.elapsed();
    let t = std::time::Instant::now();
    for line in text.lines() {
        let _ = treaty_segment::lang::line_language(line);
    }
    println!(
        "time over portugal-montenegro lines: whatlang {:?}, lexicon {:?}",
        wl_time,
        t.elapsed()
    );
}
