//! `treaty run --inputs-from FILE` (an explicit list of inputs) and `--shard K/N` (the K-th
//! of N parts of a run's inputs), which `treaty merge` puts back together ([`super::merge`]).
//!
//! A shard is chosen from the whole run's sorted input list, so every shard of one list agrees
//! on it: the input at position `i` (counted from 0) belongs to shard `i % N + 1`. Taking every
//! N-th input, rather than N contiguous ranges, balances the shards where the sorted list
//! clusters documents of one kind (a folder of Japanese texts, a folder of PDFs), which cost
//! very different times per document. The files skipped as not text are recorded by shard 1
//! alone, so the merged run lists each once.

use std::path::{Path, PathBuf};

use treaty_schema::sha256_hex;

use crate::inputs::Input;

/// `--shard K/N`: the K-th (counted from 1) of N parts of the run's sorted inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// K, from 1 to `count`.
    pub index: usize,
    /// N, 1 or more.
    pub count: usize,
}

impl Shard {
    /// Whether the input at `position` (from 0) of the whole run's sorted list is this shard's.
    pub(crate) fn holds(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }

    /// Whether this shard records the files skipped as not text (only the first does).
    pub(crate) fn records_skipped(&self) -> bool {
        self.index == 1
    }
}

/// `--shard K/N`, with a message naming what is wrong: not of the form K/N, N of 0, K of 0 (the
/// shards are counted from 1) or K above N.
pub(crate) fn parse_shard(value: &str) -> Result<Shard, String> {
    let Some((index, count)) = value.split_once('/') else {
        return Err(format!(
            "`{value}` is not a shard: give K/N, the K-th of N parts counted from 1 \
             (--shard 1/3, 2/3 and 3/3 are the three parts of a run)"
        ));
    };
    let number = |text: &str, what: &str| {
        text.trim().parse::<usize>().map_err(|_| {
            format!("`{value}`: {what} `{text}` is not a whole number (give K/N, such as 2/3)")
        })
    };
    let count = number(count, "the number of shards N")?;
    let index = number(index, "the shard K")?;
    if count == 0 {
        return Err(format!(
            "`{value}`: the number of shards N is 0; it must be 1 or more"
        ));
    }
    if index == 0 {
        return Err(format!(
            "`{value}`: shards are counted from 1, so the first of {count} is 1/{count} and the last {count}/{count}"
        ));
    }
    if index > count {
        return Err(format!(
            "`{value}`: there are only {count} shards, so K goes from 1 to {count}"
        ));
    }
    Ok(Shard { index, count })
}

/// The paths an `--inputs-from` list names: one per line, relative to the list's folder unless
/// absolute; blank lines and lines starting with `#` are left out. A path that does not exist
/// is an error naming the list and the line, as a missing INPUT argument is.
pub(crate) fn read_input_list(list: &Path) -> anyhow::Result<Vec<PathBuf>> {
    // Errors are formatted, not chained: a list that cannot be read is a usage error (exit 2),
    // like an INPUT that does not exist, not an I/O error of the run.
    let bytes = std::fs::read(list)
        .map_err(|e| anyhow::anyhow!("cannot read the input list {}: {e}", list.display()))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        anyhow::anyhow!(
            "the input list {} is not UTF-8 text (one path per line)",
            list.display()
        )
    })?;
    let folder = list.parent().unwrap_or(Path::new(""));
    let mut paths = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let path = if Path::new(line).is_absolute() {
            PathBuf::from(line)
        } else {
            folder.join(line)
        };
        if std::fs::symlink_metadata(&path).is_err() {
            anyhow::bail!(
                "{} line {}: {} does not exist (no such file or folder); nothing was run",
                list.display(),
                number + 1,
                crate::terminal::path(&path)
            );
        }
        paths.push(path);
    }
    if paths.is_empty() {
        anyhow::bail!(
            "the input list {} names no file or folder (only blank lines and # comments); nothing was run",
            list.display()
        );
    }
    Ok(paths)
}

/// SHA-256 of a run's whole input list (every input's path, then every file skipped as not
/// text), before it is cut into shards: shards of one run have the same.
pub(crate) fn input_list_sha256(inputs: &[Input], skipped: &[PathBuf]) -> String {
    let mut list = String::new();
    for input in inputs {
        list.push_str(&format!("input\t{}\n", input.path().display()));
    }
    for path in skipped {
        list.push_str(&format!("skipped\t{}\n", path.display()));
    }
    sha256_hex(list.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_parsed_and_bad_ones_named() {
        assert_eq!(parse_shard("2/3"), Ok(Shard { index: 2, count: 3 }));
        assert_eq!(parse_shard("1/1"), Ok(Shard { index: 1, count: 1 }));
        assert!(parse_shard("0/3").unwrap_err().contains("counted from 1"));
        assert!(parse_shard("4/3").unwrap_err().contains("only 3 shards"));
        assert!(parse_shard("1/0").unwrap_err().contains("N is 0"));
        assert!(parse_shard("2").unwrap_err().contains("K/N"));
        assert!(parse_shard("a/3").unwrap_err().contains("`a`"));
    }

    #[test]
    fn every_position_is_in_exactly_one_shard() {
        for count in 1..5 {
            for position in 0..20 {
                let holders = (1..=count)
                    .filter(|&index| Shard { index, count }.holds(position))
                    .count();
                assert_eq!(holders, 1, "{position} of {count} shards");
            }
        }
    }

    #[test]
    fn an_input_list_skips_comments_and_is_relative_to_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("texts")).unwrap();
        std::fs::write(dir.path().join("texts/a.txt"), "x").unwrap();
        let list = dir.path().join("list.txt");
        std::fs::write(&list, "# the inputs\n\ntexts/a.txt\n  texts  \n").unwrap();
        assert_eq!(
            read_input_list(&list).unwrap(),
            vec![dir.path().join("texts/a.txt"), dir.path().join("texts")]
        );
        std::fs::write(&list, "texts/a.txt\nmissing.txt\n").unwrap();
        let error = read_input_list(&list).unwrap_err().to_string();
        assert!(
            error.contains("line 2") && error.contains("missing.txt"),
            "{error}"
        );
    }
}
