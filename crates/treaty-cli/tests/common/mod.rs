//! Helpers shared by the integration tests: the real binary, run in a folder.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A corpus file.
pub fn corpus(name: &str) -> PathBuf {
    workspace_root().join("corpus").join(name)
}

/// Runs `treaty ARGS` in `dir`.
pub fn treaty(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the treaty binary runs")
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A PDF of `pages` blank pages of `size` x `size` points, with a correct cross-reference
/// table: no text layer, so every page goes to OCR.
pub fn blank_pdf(pages: usize, size: u32) -> Vec<u8> {
    let mut objects = vec![
        "<</Type/Catalog/Pages 2 0 R>>".to_string(),
        format!(
            "<</Type/Pages/Kids[{}]/Count {pages}>>",
            (0..pages)
                .map(|i| format!("{} 0 R", i + 3))
                .collect::<Vec<_>>()
                .join(" ")
        ),
    ];
    for _ in 0..pages {
        objects.push(format!(
            "<</Type/Page/Parent 2 0 R/MediaBox[0 0 {size} {size}]>>"
        ));
    }
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (index, object) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj{object}endobj\n", index + 1).as_bytes());
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer<</Size {}/Root 1 0 R>>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}
