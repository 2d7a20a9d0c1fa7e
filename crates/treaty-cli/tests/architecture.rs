//! `ARCHITECTURE.md` and `docs/decisions.md` tell the truth about the repository:
//!
//! - every backticked token that looks like a repository path, and every relative link, names a
//!   file or folder that exists;
//! - the dependency drawing of `ARCHITECTURE.md` (its fenced `deps` block) is, crate by crate,
//!   the workspace crates each `crates/*/Cargo.toml` lists under `[dependencies]`;
//! - no line outside code blocks is over 300 characters (one sentence per line).
//!
//! Each checker is also run on small planted inputs, to show that it reports what it should.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest line allowed outside code blocks, in characters.
const MAX_LINE: usize = 300;

/// File extensions that make a backticked token a path even without a `/`.
const PATH_EXTENSIONS: &[&str] = &[
    ".rs", ".md", ".toml", ".sh", ".py", ".csv", ".json", ".txt", ".snap", ".lock", ".pdf", ".png",
    ".jsonl", ".tar.xz",
];

/// File names the documents mention that the program writes (a run's output files, the
/// dictionary cache's checksums): they are not in the repository, so they are not checked.
const OUTPUT_FILES: &[&str] = &[
    "rates.csv",
    "rates.jsonl",
    "articles.csv",
    "treaties.csv",
    "treaties.jsonl",
    "warnings.jsonl",
    "failures.jsonl",
    "run.json",
    "treaty-checksums.json",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(relative: &str) -> String {
    let path = root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of `doc` outside fenced code blocks, with their 1-based line numbers.
fn prose_lines(doc: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (i, line) in doc.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// The contents of the inline code spans of one line (single backticks).
fn code_spans(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

/// The targets of the Markdown links of one line, `[text](target)`.
fn link_targets(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &line[at + 2..];
            rest.find(')').map(|end| &rest[..end])
        })
        .collect()
}

/// Whether a backticked token is meant as a path in the repository: it holds a `/` or ends in
/// a known extension, and is not a URL, a glob, a placeholder, a command line, an absolute or
/// home path, an environment variable or a file a run writes.
fn looks_like_repo_path(token: &str) -> bool {
    if token.is_empty()
        || token.contains(char::is_whitespace)
        || token.contains("://")
        || token.contains(['*', '<', '>', '{', '}', '$', '|', '(', ')', '\\'])
        || token.starts_with(['/', '~', '-'])
        || (token.starts_with('.') && !token.contains('/'))
        || OUTPUT_FILES.contains(&token)
    {
        return false;
    }
    token.contains('/') || PATH_EXTENSIONS.iter().any(|ext| token.ends_with(ext))
}

/// The folder a heading names, if its first backticked token is an existing folder: the paths
/// under that heading may be written relative to it or to its `src/`.
fn heading_base(line: &str, root: &Path) -> Option<PathBuf> {
    let token = code_spans(line).into_iter().next()?;
    let dir = root.join(token.trim_end_matches('/'));
    dir.is_dir().then_some(dir)
}

/// The relative paths of every file and folder of the repository (outside `.git` and `target`).
fn repository_entries(root: &Path) -> Vec<PathBuf> {
    let mut entries = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap_or_default();
            if name == ".git" || name == "target" {
                continue;
            }
            entries.push(path.strip_prefix(root).unwrap().to_path_buf());
            if path.is_dir() {
                folders.push(path);
            }
        }
    }
    entries
}

/// Every path-like token of `doc` (backticked, or a relative link target) that does not exist,
/// as `line N: token`. A link is relative to `doc_folder`, the document's folder in the
/// repository, as Markdown reads it. A backticked token with a `/` is looked up from the
/// repository root, then from the folder the nearest heading names and that folder's `src/`;
/// a bare file name (`mod.rs`, `outline.csv`) must be the name of some file or folder of the
/// repository.
fn missing_paths(doc: &str, root: &Path, doc_folder: &Path) -> Vec<String> {
    let names: BTreeSet<String> = repository_entries(root)
        .iter()
        .filter_map(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .collect();
    let mut base: Option<PathBuf> = None;
    let mut missing = Vec::new();
    for (number, line) in prose_lines(doc) {
        if line.starts_with('#') {
            base = heading_base(line, root);
        }
        let links = link_targets(line)
            .into_iter()
            .filter(|t| !t.contains("://") && !t.starts_with('#'))
            .map(|t| t.split('#').next().unwrap_or(t));
        for link in links {
            if !root.join(doc_folder).join(link).exists() {
                missing.push(format!("line {number}: {link}"));
            }
        }
        let tokens = code_spans(line)
            .into_iter()
            .filter(|t| looks_like_repo_path(t));
        for token in tokens {
            let relative = token.trim_end_matches('/');
            let found = if relative.contains('/') {
                let mut candidates = vec![root.join(relative)];
                if let Some(base) = &base {
                    candidates.push(base.join(relative));
                    candidates.push(base.join("src").join(relative));
                }
                candidates.iter().any(|c| c.exists())
            } else {
                names.contains(relative)
            };
            if !found {
                missing.push(format!("line {number}: {token}"));
            }
        }
    }
    missing
}

/// The dependency drawing: the lines of the first fenced block whose info string is `deps`,
/// each `crate -> dependency, dependency` (nothing after the arrow: no workspace dependency).
fn parse_drawing(doc: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let start = doc
        .lines()
        .position(|l| l.trim() == "```deps")
        .ok_or("no ```deps block")?;
    let mut graph = BTreeMap::new();
    for line in doc.lines().skip(start + 1) {
        if line.trim_start().starts_with("```") {
            return Ok(graph);
        }
        if line.trim().is_empty() {
            continue;
        }
        let (from, to) = line
            .split_once("->")
            .ok_or_else(|| format!("not `crate -> dependencies`: {line}"))?;
        let deps = to
            .split(',')
            .map(str::trim)
            .filter(|d| !d.is_empty())
            .map(str::to_owned)
            .collect();
        if graph.insert(from.trim().to_owned(), deps).is_some() {
            return Err(format!("{} is drawn twice", from.trim()));
        }
    }
    Err("the ```deps block is not closed".into())
}

/// The package name of a `Cargo.toml`.
fn package_name(cargo_toml: &str) -> Option<String> {
    let mut in_package = false;
    for line in cargo_toml.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some(value) = line.strip_prefix("name") {
                let value = value.trim_start().strip_prefix('=')?;
                return Some(value.trim().trim_matches('"').to_owned());
            }
        }
    }
    None
}

/// The workspace crates (`internal`) a `Cargo.toml` lists as dependencies of its code: in
/// `[dependencies]` and in `[target.'cfg(..)'.dependencies]`, written `name.workspace = true`,
/// `name = { path = ... }` or as a `[dependencies.name]` table; dev- and build-dependencies not.
fn internal_dependencies(cargo_toml: &str, internal: &BTreeSet<String>) -> BTreeSet<String> {
    let mut in_dependencies = false;
    let mut found = BTreeSet::new();
    for line in cargo_toml.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']');
            let table = header.strip_prefix("target.").map_or(header, |rest| {
                // `target.'cfg(unix)'.dependencies`: the part after the quoted condition.
                rest.rsplit_once(['\'', '"'])
                    .map_or(rest, |(_, t)| t.trim_start_matches('.'))
            });
            in_dependencies = table == "dependencies";
            if let Some(name) = table.strip_prefix("dependencies.") {
                if internal.contains(name) {
                    found.insert(name.to_owned());
                }
            }
            continue;
        }
        if !in_dependencies || line.starts_with('#') {
            continue;
        }
        let key = line.split(['=', '.']).next().unwrap_or("").trim();
        if internal.contains(key) {
            found.insert(key.to_owned());
        }
    }
    found
}

/// Every difference between the drawn graph and the real one, crate by crate.
fn graph_differences(
    drawn: &BTreeMap<String, BTreeSet<String>>,
    real: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut differences = Vec::new();
    for name in drawn.keys().filter(|n| !real.contains_key(*n)) {
        differences.push(format!("{name} is drawn but is no crate under crates/"));
    }
    for (name, deps) in real {
        let Some(drawn_deps) = drawn.get(name) else {
            differences.push(format!("{name} is not drawn"));
            continue;
        };
        for dep in drawn_deps.difference(deps) {
            differences.push(format!(
                "{name} -> {dep} is drawn, but {name}'s [dependencies] do not list {dep}"
            ));
        }
        for dep in deps.difference(drawn_deps) {
            differences.push(format!(
                "{name} -> {dep} is missing: {name}'s [dependencies] list {dep}"
            ));
        }
    }
    differences
}

/// The workspace-internal dependencies of every crate under `crates/`.
fn real_graph(root: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut manifests = Vec::new();
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        if manifest.is_file() {
            manifests.push(std::fs::read_to_string(&manifest).unwrap());
        }
    }
    let internal: BTreeSet<String> = manifests.iter().filter_map(|m| package_name(m)).collect();
    manifests
        .iter()
        .map(|m| {
            let name = package_name(m).expect("a package name");
            (name, internal_dependencies(m, &internal))
        })
        .collect()
}

/// Lines outside code blocks longer than `max` characters, as `line N: M characters`.
fn long_lines(doc: &str, max: usize) -> Vec<String> {
    prose_lines(doc)
        .into_iter()
        .filter(|(_, line)| line.chars().count() > max)
        .map(|(number, line)| format!("line {number}: {} characters", line.chars().count()))
        .collect()
}

#[test]
fn every_path_in_the_documents_exists() {
    let root = root();
    for doc in ["ARCHITECTURE.md", "docs/decisions.md"] {
        let folder = Path::new(doc).parent().unwrap();
        let missing = missing_paths(&read(doc), &root, folder);
        assert!(
            missing.is_empty(),
            "{doc} names paths that do not exist:\n{}",
            missing.join("\n")
        );
    }
}

#[test]
fn the_drawn_arrows_are_the_crates_dependencies() {
    let drawn = parse_drawing(&read("ARCHITECTURE.md")).unwrap();
    let real = real_graph(&root());
    assert!(real.len() >= 10, "crates found: {:?}", real.keys());
    let differences = graph_differences(&drawn, &real);
    assert!(
        differences.is_empty(),
        "ARCHITECTURE.md's dependency drawing is wrong:\n{}",
        differences.join("\n")
    );
}

#[test]
fn no_line_is_over_the_limit() {
    for doc in ["ARCHITECTURE.md", "docs/decisions.md"] {
        let long = long_lines(&read(doc), MAX_LINE);
        assert!(
            long.is_empty(),
            "{doc} has lines over {MAX_LINE} characters:\n{}",
            long.join("\n")
        );
    }
}

#[test]
fn a_missing_path_is_reported() {
    let doc = "\
# Title

`crates/treaty-cli/src/main.rs` exists, `crates/treaty-cli/src/nowhere.rs` does not.
Not paths: `rates.csv`, `treaty run --shard K/N`, `fixtures/<doc>/rates.csv`, `vendor/*.tar.xz`.
A link to [the decisions](docs/decisions.md#speed) and one to [a ghost](docs/ghost.md).
From the docs folder, [the map](../ARCHITECTURE.md) is not found.

```text
`crates/in-a-code-block.rs`
```

## `crates/treaty-cli`

`batch/merge.rs` is under src/, `tests/cli.rs` under the crate, `batch/gone.rs` nowhere.
Bare names: `outline.csv` is somewhere, `nowhere_at_all.rs` is not.

## Elsewhere

`batch/merge.rs` is not found without the heading's folder.
";
    assert_eq!(
        missing_paths(doc, &root(), Path::new("")),
        [
            "line 3: crates/treaty-cli/src/nowhere.rs",
            "line 5: docs/ghost.md",
            "line 6: ../ARCHITECTURE.md",
            "line 14: batch/gone.rs",
            "line 15: nowhere_at_all.rs",
            "line 19: batch/merge.rs",
        ]
    );
    let from_docs =
        "[the map](../ARCHITECTURE.md), [itself](decisions.md), [no](ARCHITECTURE.md)\n";
    assert_eq!(
        missing_paths(from_docs, &root(), Path::new("docs")),
        ["line 1: ARCHITECTURE.md"]
    );
}

#[test]
fn what_looks_like_a_path() {
    for path in [
        "src/lib.rs",
        "fixtures/",
        "README.md",
        ".ci/run",
        "a/b",
        "x.tar.xz",
    ] {
        assert!(looks_like_repo_path(path), "{path}");
    }
    for other in [
        "https://example.org/a.md",
        "vendor/*.tar.xz",
        "text/<doc>.txt",
        "cargo test -p treaty-cli",
        "~/.cache/treaty/",
        "$TREATY_DICTIONARY_DIR",
        "--ocr",
        "treaties.csv",
        ".snap",
        "Lang::from_code",
        "(?-u:\\b)",
    ] {
        assert!(!looks_like_repo_path(other), "{other}");
    }
}

#[test]
fn a_wrong_or_missing_arrow_is_reported() {
    let doc = "\
```deps
treaty-lang ->
treaty-normalize -> treaty-lang, treaty-segment
treaty-segment -> treaty-lang
```
";
    let drawn = parse_drawing(doc).unwrap();
    let set = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
    let real = BTreeMap::from([
        ("treaty-lang".to_owned(), set(&[])),
        ("treaty-normalize".to_owned(), set(&["treaty-lang"])),
        (
            "treaty-segment".to_owned(),
            set(&["treaty-lang", "treaty-numbers"]),
        ),
        ("treaty-numbers".to_owned(), set(&["treaty-lang"])),
    ]);
    assert_eq!(
        graph_differences(&drawn, &real),
        [
            "treaty-normalize -> treaty-segment is drawn, but treaty-normalize's [dependencies] \
             do not list treaty-segment",
            "treaty-numbers is not drawn",
            "treaty-segment -> treaty-numbers is missing: treaty-segment's [dependencies] list \
             treaty-numbers",
        ]
    );
    assert!(parse_drawing("```deps\ntreaty-lang ->\ntreaty-lang ->\n```\n").is_err());
    assert!(parse_drawing("```deps\ntreaty-lang depends on nothing\n```\n").is_err());
    assert!(parse_drawing("no drawing").is_err());
}

#[test]
fn dependencies_are_read_from_the_dependencies_tables_only() {
    let manifest = r#"
[package]
name = "treaty-example"

[dependencies]
treaty-lang.workspace = true
treaty-numbers = { workspace = true }
# treaty-golden.workspace = true
treaty-cli = { path = "../treaty-cli" }
regex.workspace = true

[target.'cfg(unix)'.dependencies]
treaty-report.workspace = true

[dev-dependencies]
treaty-testing.workspace = true

[dependencies.treaty-segment]
workspace = true

[build-dependencies]
treaty-extract.workspace = true
"#;
    let internal: BTreeSet<String> = [
        "treaty-lang",
        "treaty-numbers",
        "treaty-golden",
        "treaty-cli",
        "treaty-report",
        "treaty-testing",
        "treaty-segment",
        "treaty-extract",
    ]
    .iter()
    .map(|n| n.to_string())
    .collect();
    assert_eq!(package_name(manifest).as_deref(), Some("treaty-example"));
    assert_eq!(
        internal_dependencies(manifest, &internal)
            .into_iter()
            .collect::<Vec<_>>(),
        [
            "treaty-cli",
            "treaty-lang",
            "treaty-numbers",
            "treaty-report",
            "treaty-segment"
        ]
    );
}

#[test]
fn an_over_long_line_is_reported() {
    let long = "x".repeat(MAX_LINE + 1);
    let japanese = "条".repeat(MAX_LINE);
    let doc = format!("short\n{long}\n{japanese}\n```\n{long}\n```\n");
    assert_eq!(long_lines(&doc, MAX_LINE), ["line 2: 301 characters"]);
}
