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
