//! What a new user hits (issue 25): output folders read as input, a report that replaces a
//! good one with a failure page, treaty text piped to `--stdin`, skipped files that count
//! nowhere, warnings nowhere to be read, missing inputs, word salad mined for rows, a silent
//! dictionary build, and `bless` rewriting hand-written quotes.

mod common;

use common::*;

use std::path::Path;

/// A small English treaty of the corpus.
const ENGLISH: &str = "canada-denmark-1997-en-web.txt";

fn copy_corpus(name: &str, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    std::fs::copy(corpus(name), to.join(name)).unwrap();
}

#[test]
fn the_default_output_folder_inside_the_input_is_never_read_as_input() {
    let dir = tempfile::tempdir().unwrap();
    let mydir = dir.path().join("mydir");
    copy_corpus(ENGLISH, &mydir);
    let first = treaty(&["run", ".", "--report"], &mydir);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let rates = std::fs::read(mydir.join("output/rates.csv")).unwrap();
    assert!(mydir.join("output/report/index.html").is_file());

    let second = treaty(&["run", ".", "--report"], &mydir);
    let stderr = text(&second.stderr);
    assert_eq!(second.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("treaty: skipped ./output: it is an output folder of `treaty run`"),
        "{stderr}"
    );
    assert!(stderr.starts_with("treaty: skipped ./output"), "{stderr}");
    assert!(stderr.contains("1 documents"), "{stderr}");
    assert_eq!(
        std::fs::read(mydir.join("output/rates.csv")).unwrap(),
        rates,
        "the second run gives the first run's rows"
    );
    assert_eq!(
        std::fs::read_to_string(mydir.join("output/failures.jsonl")).unwrap(),
        ""
    );

    // An output folder elsewhere under the input (another --out) is left out too.
    let other = treaty(&["run", ".", "--out", "elsewhere", "-q"], &mydir);
    assert_eq!(other.status.code(), Some(0), "{}", text(&other.stderr));
    let again = treaty(&["run", ".", "--out", "third", "-q"], &mydir);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert_eq!(std::fs::read(mydir.join("third/rates.csv")).unwrap(), rates);
}
