//! Prints the share of words each lookalike language explains in the files named on the
//! command line: how the refusal threshold of `treaty_segment::lang` was chosen.
//!
//! `cargo run -p treaty-segment --example foreign_shares -- a.txt b.txt`

use treaty_segment::lang;

#[allow(clippy::print_stdout)]
fn main() -> std::io::Result<()> {
    for file in std::env::args().skip(1) {
        let bytes = std::fs::read(&file)?;
        let text = String::from_utf8_lossy(&bytes);
        let evidence = lang::text_scores(&text);
        let shares: Vec<String> = lang::foreign_languages()
            .iter()
            .zip(evidence.foreign)
            .map(|(f, n)| {
                format!(
                    "{} {:.3}",
                    f.lookalike.code,
                    n as f32 / evidence.words.max(1) as f32
                )
            })
            .collect();
        println!(
            "{file}\twords {} known {:.3}\t{}",
            evidence.words,
            evidence.known as f32 / evidence.words.max(1) as f32,
            shares.join(" ")
        );
    }
    Ok(())
}
