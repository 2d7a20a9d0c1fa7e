//! Writing outputs atomically: a temporary file in the destination folder, then a rename, so a
//! reader (or an interrupted run) never sees a truncated file. The temporary file is
//! `tempfile`'s: created with a random name that no existing file or link may hold (so a file
//! planted at a guessable name is never written through), removed when the write fails, and
//! renamed into place by its `persist`.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use tempfile::NamedTempFile;

/// A file being written; it appears under its final name only on [`AtomicFile::commit`], and
/// its temporary file is removed when it is dropped before.
pub struct AtomicFile {
    destination: PathBuf,
    writer: BufWriter<NamedTempFile>,
}

impl AtomicFile {
    /// Starts writing `destination`.
    ///
    /// The temporary name is short (`.treaty-<pid>-<random>.tmp`) whatever the final name, so
    /// a final name near the file system's limit of 255 bytes can still be written; the
    /// process id tells a later run whose it is (see `batch::output_folder`).
    pub fn create(destination: &Path) -> anyhow::Result<AtomicFile> {
        let folder = match destination.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let prefix = format!(".treaty-{}-", std::process::id());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp").rand_bytes(6);
        // The mode `File::create` gives (0666 less the umask), not the private 0600 of a
        // temporary file: the output is for others to read.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let file = builder.tempfile_in(folder).with_context(|| {
            format!(
                "cannot write {} (cannot create a temporary file in {})",
                destination.display(),
                folder.display()
            )
        })?;
        Ok(AtomicFile {
            destination: destination.to_path_buf(),
            writer: BufWriter::new(file),
        })
    }

    /// The writer.
    pub fn writer(&mut self) -> &mut BufWriter<NamedTempFile> {
        &mut self.writer
    }

    /// Flushes and renames into place. The rename is what makes the write atomic for readers
    /// and for a killed run; no fsync, which would cost more than the whole pipeline on slow
    /// disks and protects only against power loss.
    pub fn commit(self) -> anyhow::Result<()> {
        let destination = self.destination;
        let file = self
            .writer
            .into_inner()
            .map_err(|error| error.into_error())
            .with_context(|| format!("cannot write {}", destination.display()))?;
        let temporary = file.path().to_path_buf();
        file.persist(&destination)
            .map_err(|error| error.error)
            .with_context(|| {
                format!(
                    "cannot rename {} to {}",
                    temporary.display(),
                    destination.display()
                )
            })?;
        Ok(())
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
    let hash = treaty_schema::sha256_hex(doc.as_bytes());
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
    use super::{output_stem, write_atomic, AtomicFile};
    use std::io::Write;
    use std::path::Path;

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_whole_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("rates.csv");
        write_atomic(&path, b"old,whole\n").unwrap();
        // The writer fails half way (its rows run out, an error stops the run): the file is
        // dropped without a commit.
        let mut file = AtomicFile::create(&path).unwrap();
        file.writer().write_all(b"new,half").unwrap();
        assert_eq!(
            names(dir.path()).len(),
            2,
            "the temporary file is beside it"
        );
        drop(file);
        assert_eq!(std::fs::read(&path).unwrap(), b"old,whole\n");
        assert_eq!(names(dir.path()), ["rates.csv"]);
        // The rename fails (a folder holds the name): an error naming both, and nothing left.
        let taken = dir.path().join("taken");
        std::fs::create_dir_all(taken.join("inside")).unwrap();
        let error = format!("{:#}", write_atomic(&taken, b"x").unwrap_err());
        assert!(error.contains("taken") && error.contains(".tmp"), "{error}");
        assert_eq!(names(dir.path()), ["rates.csv", "taken"]);
        // The folder is missing: an error, and nothing created.
        let error = format!(
            "{:#}",
            write_atomic(&dir.path().join("missing/a.json"), b"x").unwrap_err()
        );
        assert!(error.contains("missing"), "{error}");
        assert_eq!(names(dir.path()), ["rates.csv", "taken"]);
        // A whole write replaces the file, with the mode any new file gets.
        write_atomic(&path, b"new,whole\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new,whole\n");
        assert_eq!(names(dir.path()), ["rates.csv", "taken"]);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let fresh = dir.path().join("fresh");
            std::fs::write(&fresh, b"").unwrap();
            let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode();
            assert_eq!(mode(&path), mode(&fresh));
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_planted_at_a_guessable_temporary_name_is_never_written_through() {
        // The temporary name was `.treaty-<pid>-<n>.tmp`, opened with `File::create`: a link
        // left at that name had its target overwritten.
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        std::fs::write(&victim, b"keep").unwrap();
        for n in 0..64 {
            let planted = dir
                .path()
                .join(format!(".treaty-{}-{n}.tmp", std::process::id()));
            std::os::unix::fs::symlink(&victim, planted).unwrap();
        }
        for n in 0..64 {
            write_atomic(&dir.path().join(format!("out-{n}.json")), b"output").unwrap();
        }
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        assert_eq!(
            std::fs::read(dir.path().join("out-63.json")).unwrap(),
            b"output"
        );
    }

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
