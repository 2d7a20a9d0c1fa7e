//! Reused output folders: the JSON of documents that are not inputs of this run, and the
//! temporary files a killed run left behind.

use std::collections::HashSet;
use std::path::Path;

/// The documents whose JSON an earlier run left in `out` and that are not in `run_docs`
/// (files that are not per-document JSON of treaty are no concern of ours), sorted.
pub(super) fn other_documents(out: &Path, run_docs: &HashSet<String>) -> Vec<String> {
    /// The fields that tell a per-document JSON of treaty.
    #[derive(serde::Deserialize)]
    struct Probe {
        doc: String,
        schema_version: String,
    }
    let Ok(entries) = std::fs::read_dir(out) else {
        return Vec::new();
    };
    let mut others: Vec<String> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_str()?.to_owned();
            let stem = name.strip_suffix(".json")?;
            if stem.starts_with('.') || run_docs.contains(stem) {
                return None;
            }
            let probe: Probe = serde_json::from_slice(&std::fs::read(entry.path()).ok()?).ok()?;
            // A long name's JSON is under its shortened stem (`output_stem`).
            (crate::output::output_stem(&probe.doc) == stem
                && !run_docs.contains(&probe.doc)
                && !probe.schema_version.is_empty())
            .then_some(probe.doc)
        })
        .collect();
    others.sort();
    others
}

/// A few names, then how many more.
pub(super) fn name_list(names: &[String]) -> String {
    const SHOWN: usize = 5;
    let mut list = names
        .iter()
        .take(SHOWN)
        .map(|name| crate::terminal::quote(name).into_owned())
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        list.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    list
}

/// Removes the temporary files (`.treaty-<pid>-<random>.tmp`, see
/// [`AtomicFile`](crate::output::AtomicFile), or `.<name>.<pid>.tmp` of earlier versions) that
/// a killed run left in the output folder: they are never complete and nothing else would
/// remove them. Files of a process that is still alive (another run into the same folder) are
/// left alone where that can be told (Linux `/proc`).
pub(super) fn remove_stale_temporary_files(out: &Path) {
    let Ok(entries) = std::fs::read_dir(out) else {
        return;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(temporary_file_pid) else {
            continue;
        };
        let alive = pid == std::process::id() || Path::new("/proc").join(pid.to_string()).exists();
        if !alive && entry.file_type().is_ok_and(|kind| kind.is_file()) {
            // Best effort: a file that cannot be removed only costs disk space.
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The process id in an [`AtomicFile`](crate::output::AtomicFile) temporary name,
/// `.treaty-<pid>-<random>.tmp` (`.treaty-<pid>-<n>.tmp` or `.<name>.<pid>.tmp`, the names
/// earlier versions gave).
fn temporary_file_pid(file_name: &str) -> Option<u32> {
    let digits = |text: &str| !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    let inner = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    if let Some((pid, random)) = inner
        .strip_prefix("treaty-")
        .and_then(|rest| rest.split_once('-'))
    {
        let letters_or_digits =
            !random.is_empty() && random.bytes().all(|byte| byte.is_ascii_alphanumeric());
        if digits(pid) && letters_or_digits {
            return pid.parse().ok();
        }
    }
    let (name, pid) = inner.rsplit_once('.')?;
    if name.is_empty() || !digits(pid) {
        return None;
    }
    pid.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::temporary_file_pid;

    #[test]
    fn temporary_names_give_their_process_id() {
        assert_eq!(temporary_file_pid(".treaty-4242-7.tmp"), Some(4242));
        assert_eq!(temporary_file_pid(".treaty-4242-aZ09xQ.tmp"), Some(4242));
        assert_eq!(temporary_file_pid(".treaty-4242-a.b.tmp"), None);
        assert_eq!(temporary_file_pid(".rates.csv.4242.tmp"), Some(4242));
        assert_eq!(temporary_file_pid(".treaty-x-7.tmp"), None);
        assert_eq!(temporary_file_pid("rates.csv"), None);
        assert_eq!(temporary_file_pid(".a.tmp"), None);
    }
}
