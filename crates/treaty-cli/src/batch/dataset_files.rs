//! The run's dataset files: the earlier run's set aside when a run starts, the new ones
//! written beside them under temporary names and committed together at the end, just before
//! the manifest that says they are whole.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use treaty_schema::{ARTICLE_COLUMNS, RATE_COLUMNS, TREATY_COLUMNS};

use super::columnar::{ParquetFiles, PARQUET_FILES};
use super::datasets::{write_failure, write_header};
use super::outcome::Failure;
use super::outcome::Rendered;
use crate::output::AtomicFile;

/// The warnings dataset, one line per warning of a document.
pub(crate) const WARNINGS_FILE: &str = "warnings.jsonl";

/// Every dataset a run writes, in the order they are committed.
pub(crate) const DATASET_FILES: [&str; 7] = [
    "rates.csv",
    "rates.jsonl",
    "articles.csv",
    "treaties.csv",
    "treaties.jsonl",
    "failures.jsonl",
    WARNINGS_FILE,
];

/// Where the datasets of the earlier run go when a run starts, inside the output folder.
pub(crate) const PREVIOUS_FOLDER: &str = "previous-run";

/// The folders of an earlier run's output that `--force` sets aside with its datasets: its
/// report and the kept texts of its PDFs, which may show documents this run does not have.
pub(crate) const FORCED_FOLDERS: [&str; 2] = ["report", "text"];

/// Moves the datasets an earlier run left in `out` into `out/previous-run/`, so a run that
/// stops before its end never leaves an earlier run's datasets beside its own JSON. They are
/// removed when this run commits its own; after an interrupted or failed run they stay there.
/// With `folders` (`--force`), the earlier run's `report/` and `text/` go with them.
/// Returns how many were moved.
pub(super) fn set_aside_previous(out: &Path, folders: bool) -> anyhow::Result<usize> {
    let mut present: Vec<PathBuf> = DATASET_FILES
        .iter()
        .chain(&PARQUET_FILES)
        .map(|name| out.join(name))
        .filter(|path| path.is_file())
        .collect();
    if folders {
        present.extend(
            FORCED_FOLDERS
                .iter()
                .map(|name| out.join(name))
                .filter(|path| path.is_dir()),
        );
    }
    if present.is_empty() {
        return Ok(0);
    }
    let previous = out.join(PREVIOUS_FOLDER);
    std::fs::create_dir_all(&previous)
        .with_context(|| format!("cannot create {}", previous.display()))?;
    for path in &present {
        let Some(name) = path.file_name() else {
            continue;
        };
        let aside = previous.join(name);
        if aside.is_dir() {
            // A folder an earlier stopped run set aside: the newer one replaces it.
            std::fs::remove_dir_all(&aside)
                .with_context(|| format!("cannot remove {}", aside.display()))?;
        }
        std::fs::rename(path, &aside)
            .with_context(|| format!("cannot move {} to {}", path.display(), aside.display()))?;
    }
    Ok(present.len())
}

/// Removes what [`set_aside_previous`] moved, once this run's datasets are in place.
fn remove_previous(out: &Path) {
    let previous = out.join(PREVIOUS_FOLDER);
    for name in DATASET_FILES.iter().chain(&PARQUET_FILES) {
        // Best effort: a file that cannot be removed is an earlier run's, named as such.
        let _ = std::fs::remove_file(previous.join(name));
    }
    for name in FORCED_FOLDERS {
        let _ = std::fs::remove_dir_all(previous.join(name));
    }
    let _ = std::fs::remove_dir(previous);
}

/// The datasets of a run while it is under way.
pub(super) struct DatasetFiles {
    out: PathBuf,
    /// In the order of [`DATASET_FILES`].
    files: Vec<AtomicFile>,
    /// With `--format parquet`.
    parquet: Option<ParquetFiles>,
}

/// Indexes into [`DatasetFiles::files`], in the order of [`DATASET_FILES`].
const RATES_CSV: usize = 0;
const RATES_JSONL: usize = 1;
const ARTICLES_CSV: usize = 2;
const TREATIES_CSV: usize = 3;
const TREATIES_JSONL: usize = 4;
const FAILURES_JSONL: usize = 5;
const WARNINGS_JSONL: usize = 6;

impl DatasetFiles {
    /// Starts every dataset of `out` under a temporary name, the CSV files with their header;
    /// with `parquet`, the Parquet files too.
    pub(super) fn create(out: &Path, parquet: bool) -> anyhow::Result<DatasetFiles> {
        let files = DATASET_FILES
            .iter()
            .map(|name| AtomicFile::create(&out.join(name)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let mut datasets = DatasetFiles {
            out: out.to_path_buf(),
            files,
            parquet: parquet.then(|| ParquetFiles::create(out)).transpose()?,
        };
        for (index, columns) in [
            (RATES_CSV, &RATE_COLUMNS[..]),
            (ARTICLES_CSV, &ARTICLE_COLUMNS[..]),
            (TREATIES_CSV, &TREATY_COLUMNS[..]),
        ] {
            write_header(&mut datasets.files[index], columns)
                .with_context(|| datasets.cannot_write(index))?;
        }
        Ok(datasets)
    }

    /// "cannot write out/rates.csv": what an error writing a dataset says first.
    fn cannot_write(&self, index: usize) -> String {
        format!(
            "cannot write {}",
            self.out.join(DATASET_FILES[index]).display()
        )
    }

    fn append(&mut self, index: usize, bytes: &[u8]) -> anyhow::Result<()> {
        self.files[index]
            .writer()
            .write_all(bytes)
            .with_context(|| self.cannot_write(index))
    }

    /// Appends a processed document's lines to every dataset.
    pub(super) fn append_document(&mut self, rendered: &Rendered) -> anyhow::Result<()> {
        self.append(RATES_CSV, &rendered.rates_csv)?;
        self.append(RATES_JSONL, &rendered.rates_jsonl)?;
        self.append(ARTICLES_CSV, &rendered.articles_csv)?;
        self.append(TREATIES_CSV, &rendered.treaties_csv)?;
        self.append(TREATIES_JSONL, &rendered.treaties_jsonl)?;
        self.append(WARNINGS_JSONL, &rendered.warnings_jsonl)?;
        if let Some(parquet) = &mut self.parquet {
            parquet.append([
                &rendered.rates_jsonl,
                &rendered.articles_jsonl,
                &rendered.treaties_jsonl,
            ])?;
        }
        Ok(())
    }

    /// Appends a line to `failures.jsonl`.
    pub(super) fn append_failure(&mut self, failure: &Failure) -> anyhow::Result<()> {
        write_failure(&mut self.files[FAILURES_JSONL], failure)
            .with_context(|| self.cannot_write(FAILURES_JSONL))
    }

    /// Puts every dataset in place, then removes the earlier run's set aside.
    pub(super) fn commit(self) -> anyhow::Result<()> {
        let parquet = match self.parquet {
            Some(parquet) => parquet.finish()?,
            None => Vec::new(),
        };
        for file in self.files.into_iter().chain(parquet) {
            file.commit()?;
        }
        remove_previous(&self.out);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_runs_datasets_are_set_aside_and_removed_on_commit() {
        let out = tempfile::tempdir().unwrap();
        std::fs::write(out.path().join("rates.csv"), "old\n").unwrap();
        std::fs::write(out.path().join("failures.jsonl"), "old\n").unwrap();
        std::fs::write(out.path().join("x.json"), "{}").unwrap();
        assert_eq!(set_aside_previous(out.path(), false).unwrap(), 2);
        assert!(!out.path().join("rates.csv").exists());
        let aside = out.path().join(PREVIOUS_FOLDER);
        assert_eq!(
            std::fs::read_to_string(aside.join("rates.csv")).unwrap(),
            "old\n"
        );
        assert!(out.path().join("x.json").exists(), "JSON is not a dataset");

        let datasets = DatasetFiles::create(out.path(), false).unwrap();
        datasets.commit().unwrap();
        assert!(
            !aside.exists(),
            "the earlier datasets go once the new ones are in place"
        );
        let header = std::fs::read_to_string(out.path().join("rates.csv")).unwrap();
        assert!(header.starts_with("doc,"), "{header}");
        for name in DATASET_FILES {
            assert!(out.path().join(name).is_file(), "{name}");
        }
    }

    #[test]
    fn datasets_not_committed_leave_nothing_under_their_names() {
        let out = tempfile::tempdir().unwrap();
        drop(DatasetFiles::create(out.path(), false).unwrap());
        assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
    }
}
