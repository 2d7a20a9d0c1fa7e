//! The output folder's lock and its run manifest, `run.json`.
//!
//! A run holds an exclusive lock on the output folder from before it looks at the folder
//! until it returns, so two runs into one folder cannot mix their JSON and datasets: the
//! second fails at once, naming the folder and the first run's process id (from the first
//! run's `run.json`, `running`). The lock is the operating system's, through std's
//! `File::try_lock` (no fs2/fs4 dependency): `flock` on the folder itself on Unix, so no lock
//! file is left behind and a killed run never leaves a stale lock; elsewhere, where a folder
//! cannot be opened as a file, `LockFileEx` on `<out>/.treaty-lock`.
//!
//! `run.json` says what the folder holds: the tool's version and rules fingerprint, every
//! input with its size and SHA-256 (and the SHA-256 of the JSON written for it), the counts,
//! the start and end times and the status: `running` (written when the run starts, so a run
//! that was killed leaves no claim that older datasets are complete), `complete` or
//! `interrupted`. It is written atomically. `--resume` reuses a document's JSON only when the
//! manifest's fingerprint is the running binary's and the manifest lists the document with
//! the same input hash and the same JSON hash (so hand-edited JSON, or JSON of other rules,
//! is redone).
//!
//! A run killed outright (SIGKILL, a power cut) writes no manifest at its end; so that
//! `--resume` can still reuse the JSON it wrote, a worker appends one line per document to
//! the journal `<out>/.treaty-journal` (fingerprint, input and JSON hashes) before the JSON
//! is renamed into place. The next run reads the journal beside the manifest, and a run that
//! ends (complete or interrupted) removes it.

use std::collections::HashMap;
#[cfg(not(unix))]
use std::fs::OpenOptions;
use std::fs::{File, TryLockError};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use treaty_schema::sha256_hex;
use treaty_schema::SCHEMA_VERSION;

use crate::output::write_atomic;

/// The manifest's file name in the output folder.
pub(super) const MANIFEST_FILE: &str = "run.json";

/// The lock file's name in the output folder.
#[cfg(not(unix))]
pub(super) const LOCK_FILE: &str = ".treaty-lock";

/// The journal's name in the output folder.
/// (A `.tmp` name: what a killed run leaves is temporary, and never output.)
pub(super) const JOURNAL_FILE: &str = ".treaty-journal.tmp";

/// The exclusive lock on an output folder, held until dropped.
pub(super) struct OutputLock {
    _file: File,
}

/// Takes the lock on `out` (which exists). `Ok(Err(message))` when another run holds it: the
/// message names the folder and that run's process id.
pub(super) fn lock_output(out: &Path) -> anyhow::Result<Result<OutputLock, String>> {
    #[cfg(unix)]
    let (path, file) = (out.to_path_buf(), File::open(out));
    #[cfg(not(unix))]
    let (path, file) = {
        let path = out.join(LOCK_FILE);
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path);
        (path, file)
    };
    let file = file.with_context(|| format!("cannot open {} to lock it", path.display()))?;
    match file.try_lock() {
        Ok(()) => Ok(Ok(OutputLock { _file: file })),
        Err(TryLockError::WouldBlock) => {
            let who = Manifest::read(out)
                .filter(|manifest| manifest.status == "running")
                .map_or_else(
                    || "another run".to_string(),
                    |manifest| format!("another run (pid {})", manifest.pid),
                );
            Ok(Err(format!(
                "{who} is writing into {}; wait for it to finish, or use another --out folder",
                out.display()
            )))
        }
        Err(TryLockError::Error(error)) => {
            // A file system without locks (some network file systems): the run goes on,
            // unguarded, rather than not at all.
            eprintln!(
                "treaty: cannot lock {} ({error}); another run into it at the same time would mix their output",
                path.display()
            );
            Ok(Ok(OutputLock { _file: file }))
        }
    }
}

/// `run.json`.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub(super) struct Manifest {
    /// `treaty`.
    pub(super) tool: String,
    /// The tool's version (`treaty --version`).
    pub(super) version: String,
    /// The per-document JSON's `schema_version`.
    pub(super) schema_version: String,
    /// See [`rules_fingerprint`].
    pub(super) rules_fingerprint: String,
    /// The options that decide what the outputs hold (absent from manifests of earlier
    /// versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) settings: Option<RunSettings>,
    /// Which part of which input list the folder holds (`treaty run --shard K/N`); absent for
    /// a whole run, and from what `treaty merge` writes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) shard: Option<ShardEntry>,
    /// `running`, `complete`, `interrupted` or `stopped` (by an error that ended the run,
    /// exit 3, named in `error`).
    pub(super) status: String,
    /// What stopped the run, when its status is `stopped`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) error: Option<String>,
    /// The run's process id.
    pub(super) pid: u32,
    /// UTC, RFC 3339 (`2026-12-01T17:12:00Z`).
    pub(super) started: String,
    /// UTC, RFC 3339; `null` while running.
    pub(super) ended: Option<String>,
    pub(super) counts: Counts,
    /// The scanned pages this run read by OCR, and how many of them came from the OCR cache
    /// (absent from manifests of earlier versions). Per run: a run over a warm cache counts
    /// the same pages as cached; the datasets do not depend on it.
    #[serde(default)]
    pub(super) ocr: OcrCounts,
    /// The inputs in input order (`running`: those of an earlier manifest that `--resume` may
    /// still trust).
    pub(super) inputs: Vec<InputEntry>,
}

/// The counts of the run's summary.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub(super) struct Counts {
    pub(super) documents: usize,
    pub(super) resumed: usize,
    pub(super) articles: usize,
    pub(super) rows: usize,
    pub(super) warnings: usize,
    pub(super) failed: usize,
    pub(super) skipped: usize,
}

/// `run.json`'s `ocr`: pages read by OCR in the run (every page of every document read by
/// OCR, a document processed twice counted twice) and how many of them the OCR cache had.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct OcrCounts {
    pub(super) pages: usize,
    pub(super) cached: usize,
}

impl OcrCounts {
    /// What this process has read by OCR so far ([`crate::ocr::totals`]).
    pub(super) fn of_this_process() -> OcrCounts {
        let (pages, cached) = crate::ocr::totals();
        OcrCounts { pages, cached }
    }
}

impl std::ops::Add for OcrCounts {
    type Output = OcrCounts;
    fn add(self, other: OcrCounts) -> OcrCounts {
        OcrCounts {
            pages: self.pages + other.pages,
            cached: self.cached + other.cached,
        }
    }
}

/// The options of a run that decide what its outputs hold: shards run with other ones would
/// not merge into what one run writes.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub(super) struct RunSettings {
    /// `--max-bytes`.
    pub(super) max_bytes: u64,
    /// `--time-limit`, in seconds (0: none).
    pub(super) time_limit: f64,
    /// `--ocr`: `auto`, `always` or `never`.
    pub(super) ocr: String,
    /// `--csv-raw`.
    pub(super) csv_raw: bool,
    /// `--format parquet`: the Parquet datasets too (absent in manifests written before the
    /// option).
    #[serde(default)]
    pub(super) parquet: bool,
}

impl RunSettings {
    /// The settings as the options that give them: `--max-bytes 100 --time-limit 120 --ocr
    /// auto`.
    pub(super) fn options(&self) -> String {
        format!(
            "--max-bytes {} --time-limit {} --ocr {}{}{}",
            self.max_bytes,
            self.time_limit,
            self.ocr,
            if self.csv_raw { " --csv-raw" } else { "" },
            if self.parquet {
                " --format parquet"
            } else {
                ""
            }
        )
    }
}

/// `run.json`'s `shard`: the part a folder holds of a run cut with `--shard K/N`.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
pub(super) struct ShardEntry {
    /// K, counted from 1.
    pub(super) index: usize,
    /// N.
    pub(super) count: usize,
    /// How many inputs the whole list has (before it was cut).
    pub(super) inputs: usize,
    /// SHA-256 of the whole input list ([`super::shard::input_list_sha256`]).
    pub(super) inputs_sha256: String,
}

/// One input of the run.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug)]
pub(super) struct InputEntry {
    pub(super) doc: String,
    pub(super) path: String,
    /// Its size in bytes; `null` when it could not be read.
    pub(super) bytes: Option<u64>,
    /// SHA-256 of its bytes (for a PDF, of the PDF); `null` when it was not read.
    pub(super) sha256: Option<String>,
    /// `processed`, `resumed`, `failed`, `skipped` (not text) or `not_processed` (the run was
    /// interrupted first).
    pub(super) outcome: String,
    /// SHA-256 of `<doc>.json` as this run wrote or kept it; `null` when there is none.
    pub(super) json_sha256: Option<String>,
}

/// The rules fingerprint: SHA-256 of the tool's version, the schema version and the running
/// executable's size and modification time. The version and schema alone do not change when
/// the rules change between releases (every development build is `0.1.0`); the executable's
/// size and time change with every build, so JSON made by any other build is redone on
/// `--resume`, at the cost of redoing it also after a mere reinstall of the same build. The
/// executable's contents are not hashed: a debug build is 190 MB, too much to read per run.
pub(super) fn rules_fingerprint() -> String {
    let executable = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|meta| {
            let modified = meta
                .modified()
                .ok()
                .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |time| time.as_nanos());
            format!("{} {modified}", meta.len())
        })
        .unwrap_or_default();
    sha256_hex(
        format!(
            "treaty {}\nschema {SCHEMA_VERSION}\nexecutable {executable}\n",
            env!("CARGO_PKG_VERSION")
        )
        .as_bytes(),
    )
}

impl Manifest {
    /// The manifest of a run starting now.
    pub(super) fn start(fingerprint: String) -> Manifest {
        Manifest {
            tool: "treaty".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            schema_version: SCHEMA_VERSION.to_string(),
            rules_fingerprint: fingerprint,
            settings: None,
            shard: None,
            status: "running".to_string(),
            error: None,
            pid: std::process::id(),
            started: utc(SystemTime::now()),
            ended: None,
            counts: Counts::default(),
            ocr: OcrCounts::default(),
            inputs: Vec::new(),
        }
    }

    /// The manifest an earlier run left in `out`, if it can be read.
    pub(super) fn read(out: &Path) -> Option<Manifest> {
        serde_json::from_slice(&std::fs::read(out.join(MANIFEST_FILE)).ok()?).ok()
    }

    /// Writes it atomically to `<out>/run.json`.
    pub(super) fn write(&self, out: &Path) -> anyhow::Result<()> {
        let mut json = serde_json::to_vec_pretty(self)?;
        json.push(b'\n');
        write_atomic(&out.join(MANIFEST_FILE), &json)
    }

    /// Ends the run with `status`.
    pub(super) fn finish(&mut self, status: &str) {
        self.status = status.to_string();
        self.ended = Some(utc(SystemTime::now()));
    }

    /// The entry of `doc` that `--resume` may trust: this manifest is of the same rules and
    /// the document was processed (or resumed) with JSON.
    pub(super) fn trusted(&self, fingerprint: &str, doc: &str) -> Option<&InputEntry> {
        if self.rules_fingerprint != fingerprint {
            return None;
        }
        self.inputs.iter().find(|entry| {
            entry.doc == doc
                && matches!(entry.outcome.as_str(), "processed" | "resumed")
                && entry.sha256.is_some()
                && entry.json_sha256.is_some()
        })
    }
}

/// Records in `run.json` that this run stopped on `error` (a file it could not write: exit
/// 3), so the folder does not go on claiming a run under way by a process that is gone. What
/// the manifest lists and the journal are kept: `--resume` continues from them.
pub(super) fn record_stop(out: &Path, error: &anyhow::Error) {
    let Some(mut manifest) = Manifest::read(out)
        .filter(|manifest| manifest.status == "running" && manifest.pid == std::process::id())
    else {
        return;
    };
    manifest.finish("stopped");
    manifest.error = Some(format!("{error:#}"));
    // Best effort: the error itself is what the run reports.
    let _ = manifest.write(out);
}

/// What `--resume` may trust in an output folder: per document, the entry of the earlier
/// run's manifest or journal, when it is of the current rules.
pub(super) fn trusted_entries(out: &Path, fingerprint: &str) -> HashMap<String, InputEntry> {
    let mut trusted = HashMap::new();
    if let Some(manifest) = Manifest::read(out) {
        for entry in &manifest.inputs {
            if let Some(entry) = manifest.trusted(fingerprint, &entry.doc) {
                trusted.insert(entry.doc.clone(), entry.clone());
            }
        }
    }
    if let Ok(journal) = std::fs::read_to_string(out.join(JOURNAL_FILE)) {
        for line in journal.lines() {
            let Ok(line) = serde_json::from_str::<JournalLine>(line) else {
                continue;
            };
            if line.rules_fingerprint == fingerprint {
                trusted.insert(line.entry.doc.clone(), line.entry);
            }
        }
    }
    trusted
}

/// One line of the journal.
#[derive(serde::Serialize, serde::Deserialize)]
struct JournalLine {
    rules_fingerprint: String,
    #[serde(flatten)]
    entry: InputEntry,
}

/// The journal of a run: appended to by the workers.
pub(super) struct Journal {
    fingerprint: String,
    file: Mutex<File>,
}

impl Journal {
    /// Starts a new journal in `out` (an earlier one was read by [`trusted_entries`]).
    pub(super) fn create(out: &Path, fingerprint: String) -> anyhow::Result<Journal> {
        let path = out.join(JOURNAL_FILE);
        let file = File::create(&path)
            .with_context(|| format!("cannot write the journal {}", path.display()))?;
        Ok(Journal {
            fingerprint,
            file: Mutex::new(file),
        })
    }

    /// Records a document whose JSON is about to be renamed into place.
    pub(super) fn record(&self, entry: &InputEntry) -> anyhow::Result<()> {
        let mut line = serde_json::to_vec(&JournalLine {
            rules_fingerprint: self.fingerprint.clone(),
            entry: entry.clone(),
        })?;
        line.push(b'\n');
        let mut file = self
            .file
            .lock()
            .map_err(|_| anyhow::anyhow!("the journal's lock is poisoned"))?;
        file.write_all(&line)?;
        Ok(())
    }

    /// Removes the journal: the manifest now says everything.
    pub(super) fn remove(out: &Path) {
        // Best effort: a journal left behind is read again and vouches only for JSON whose
        // hash it lists.
        let _ = std::fs::remove_file(out.join(JOURNAL_FILE));
    }
}

/// SHA-256 of a regular file's bytes when it has at most `max_bytes` (FIFOs and devices are
/// never opened here).
pub(super) fn file_sha256(path: &Path, max_bytes: u64) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > max_bytes {
        return None;
    }
    let mut bytes = Vec::new();
    File::open(path)
        .ok()?
        .take(max_bytes + 1)
        .read_to_end(&mut bytes)
        .ok()?;
    (bytes.len() as u64 <= max_bytes).then(|| sha256_hex(&bytes))
}

/// `time` in UTC as RFC 3339, to the second (`2001-09-09T01:46:40Z`); a time before 1970 or
/// past jiff's range (year 9999) as 1970's first second.
pub(super) fn utc(time: SystemTime) -> String {
    let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    i64::try_from(seconds)
        .ok()
        .and_then(|seconds| jiff::Timestamp::from_second(seconds).ok())
        .unwrap_or(jiff::Timestamp::UNIX_EPOCH)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn times_are_rfc3339_utc() {
        assert_eq!(utc(UNIX_EPOCH), "1970-01-01T00:00:00Z");
        assert_eq!(
            utc(UNIX_EPOCH + Duration::from_secs(1_000_000_000)),
            "2001-09-09T01:46:40Z"
        );
        // 2024-02-29, a leap day, and the last second of 2026.
        assert_eq!(
            utc(UNIX_EPOCH + Duration::from_secs(1_709_164_800)),
            "2024-02-29T00:00:00Z"
        );
        assert_eq!(
            utc(UNIX_EPOCH + Duration::from_secs(1_798_761_599)),
            "2026-12-31T23:59:59Z"
        );
        // Not leap years: 2100 (divisible by 100), and 2000 is (by 400).
        assert_eq!(
            utc(UNIX_EPOCH + Duration::from_secs(4_107_542_400)),
            "2100-03-01T00:00:00Z"
        );
        assert_eq!(
            utc(UNIX_EPOCH + Duration::from_secs(951_782_400)),
            "2000-02-29T00:00:00Z"
        );
        // Sub-second parts are cut, and an instant past year 9999 is no panic.
        assert_eq!(
            utc(UNIX_EPOCH + Duration::from_millis(1_000_000_000_999)),
            "2001-09-09T01:46:40Z"
        );
        assert_eq!(
            utc(UNIX_EPOCH + Duration::from_secs(u64::MAX / 2)),
            "1970-01-01T00:00:00Z"
        );
    }

    #[test]
    fn a_second_lock_on_a_folder_is_refused_with_the_holders_pid() {
        let dir = tempfile::tempdir().unwrap();
        let first = lock_output(dir.path())
            .unwrap()
            .expect("the first lock is taken");
        Manifest::start("f".to_string()).write(dir.path()).unwrap();
        let refused = lock_output(dir.path()).unwrap().err().expect("refused");
        assert!(
            refused.contains(&format!("pid {}", std::process::id())),
            "{refused}"
        );
        assert!(
            refused.contains(&dir.path().display().to_string()),
            "{refused}"
        );
        drop(first);
        assert!(
            lock_output(dir.path()).unwrap().is_ok(),
            "free again once dropped"
        );
    }

    #[test]
    fn resume_trusts_only_entries_of_the_same_rules() {
        let mut manifest = Manifest::start("abc".to_string());
        manifest.inputs.push(InputEntry {
            doc: "a".to_string(),
            path: "a.txt".to_string(),
            bytes: Some(3),
            sha256: Some("h".to_string()),
            outcome: "processed".to_string(),
            json_sha256: Some("j".to_string()),
        });
        assert!(manifest.trusted("abc", "a").is_some());
        assert!(manifest.trusted("other rules", "a").is_none());
        assert!(manifest.trusted("abc", "b").is_none());
        manifest.inputs[0].outcome = "failed".to_string();
        assert!(manifest.trusted("abc", "a").is_none());
    }
}
