//! Writing outputs atomically: a temporary file in the destination folder, then a rename, so a
//! reader (or an interrupted run) never sees a truncated file.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context;

/// A file being written; it appears under its final name only on [`AtomicFile::commit`].
pub struct AtomicFile {
    temporary: PathBuf,
    destination: PathBuf,
    writer: BufWriter<File>,
}

impl AtomicFile {
    /// Starts writing `destination`.
    ///
    /// The temporary name is short (`.treaty-<pid>-<n>.tmp`) whatever the final name, so a
    /// final name near the file system's limit of 255 bytes can still be written.
    pub fn create(destination: &Path) -> anyhow::Result<AtomicFile> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let temporary = destination.with_file_name(format!(
            ".treaty-{}-{}.tmp",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let file = File::create(&temporary).with_context(|| {
            format!(
                "cannot write {} (cannot create {})",
                destination.display(),
                temporary.display()
            )
        })?;
        Ok(AtomicFile {
            temporary,
            destination: destination.to_path_buf(),
            writer: BufWriter::new(file),
        })
    }

    /// The writer.
    pub fn writer(&mut self) -> &mut BufWriter<File> {
        &mut self.writer
    }

    /// Flushes and renames into place. The rename is what makes the write atomic for readers
    /// and for a killed run; no fsync, which would cost more than the whole pipeline on slow
    /// disks and protects only against power loss.
    pub fn commit(mut self) -> anyhow::Result<()> {
        self.writer
            .flush()
            .with_context(|| format!("cannot write {}", self.destination.display()))?;
        std::fs::rename(&self.temporary, &self.destination).with_context(|| {
            format!(
                "cannot rename {} to {}",
                self.temporary.display(),
                self.destination.display()
            )
        })
    }
}

/// Writing through the file itself, for writers that own what they write to (Parquet's).
impl Write for AtomicFile {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.writer.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Not committed: leave nothing behind.
        let _ = std::fs::remove_file(&self.temporary);
    }
}

/// Writes a whole file atomically.
pub fn write_atomic(destination: &Path, contents: &[u8]) -> anyhow::Result<()> {
    let mut file = AtomicFile::create(destination)?;
    file.writer()
        .write_all(contents)
        .with_context(|| format!("cannot write {}", destination.display()))?;
    file.commit()
}

/// The longest file name most file systems take, in bytes (`NAME_MAX` on Linux and macOS).
const NAME_MAX: usize = 255;

/// The longest suffix put after a document's output stem: `.json` (`text/<stem>.txt` is
/// shorter).
const LONGEST_SUFFIX: usize = ".json".len();

/// The stem of a document's output files in the output folder (`<stem>.json`,
/// `text/<stem>.txt`): the document name itself, or, for a name whose output names would be
/// longer than the file system takes (a 255-byte input name), its first bytes, `~` and 16
/// hexadecimal digits of its SHA-256, so each long name keeps one output of its own, the
/// same in every run. The document JSON and `run.json` keep the whole name.
pub fn output_stem(doc: &str) -> std::borrow::Cow<'_, str> {
    if doc.len() + LONGEST_SUFFIX <= NAME_MAX {
        return std::borrow::Cow::Borrowed(doc);
    }
    let hash = treaty_extract::sha256_hex(doc.as_bytes());
    let mut cut = NAME_MAX - LONGEST_SUFFIX - 1 - 16;
    while !doc.is_char_boundary(cut) {
        cut -= 1;
    }
    std::borrow::Cow::Owned(format!("{}~{}", &doc[..cut], &hash[..16]))
}

/// `<out>/<stem>.json`, a document's JSON (see [`output_stem`]).
pub fn json_path(out: &Path, doc: &str) -> PathBuf {
    out.join(format!("{}.json", output_stem(doc)))
}

/// `text/<stem>.txt`, where a PDF's text is kept, relative to the output folder.
pub fn kept_text_name(doc: &str) -> String {
    format!("text/{}.txt", output_stem(doc))
}

#[cfg(test)]
mod tests {
    use super::output_stem;

    #[test]
    fn long_document_names_get_a_short_stem_of_their_own() {
        assert_eq!(output_stem("treaty"), "treaty");
        let fits = "a".repeat(250);
        assert_eq!(output_stem(&fits), fits);
        let long = "a".repeat(251);
        let stem = output_stem(&long);
        assert_eq!(stem.len(), 250);
        assert!(stem.starts_with(&"a".repeat(233)), "{stem}");
        assert_eq!(stem, output_stem(&long), "the same in every run");
        assert_ne!(stem, output_stem(&"a".repeat(252)));
        // Cut on a character boundary.
        let japanese = "条".repeat(100);
        assert!(output_stem(&japanese).len() <= 250);
    }
}
