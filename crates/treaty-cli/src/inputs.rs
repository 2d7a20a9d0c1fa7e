//! Turning INPUT arguments (files and folders) into a sorted list of documents, and saying
//! what was left out of folders and why.

use crate::path_text::{os_text, path_text};
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use treaty_normalize::{BinaryFormat, Markup};

/// Extensions of the files taken from folders (compared without case).
pub const TEXT_EXTENSIONS: [&str; 7] = ["txt", "html", "htm", "xhtml", "md", "markdown", "pdf"];

/// A document to process, or a path that could not be listed.
#[derive(Debug, Clone)]
pub enum Input {
    /// A file to read; `doc` is its name without extension.
    File {
        /// Path as given or found.
        path: PathBuf,
        /// Document name.
        doc: String,
    },
    /// A path that could not be read as a file or folder.
    Unreadable {
        /// Path.
        path: PathBuf,
        /// Why.
        reason: String,
    },
}

impl Input {
    /// The path.
    pub fn path(&self) -> &Path {
        match self {
            Input::File { path, .. } | Input::Unreadable { path, .. } => path,
        }
    }

    /// The document name.
    pub fn doc(&self) -> String {
        match self {
            Input::File { doc, .. } => doc.clone(),
            Input::Unreadable { path, .. } => doc_name(path),
        }
    }
}

/// A file in a folder that is not processed.
#[derive(Debug, Clone)]
pub struct Skipped {
    /// The file.
    pub path: PathBuf,
    /// Its binary format, when its first bytes tell it (a PDF named `.pdf` or anything else).
    pub format: Option<BinaryFormat>,
    /// A README, LICENSE or CHANGELOG file: the folder's documentation.
    pub documentation: bool,
    /// A folder that `treaty` writes its output to (the `--out` folder, or any folder holding
    /// the datasets of a run): never read as input.
    pub output_folder: bool,
}

/// Whether a folder is an output folder of `treaty run`: the `--out` folder of this run, or a
/// folder holding what every run writes (`failures.jsonl`, or `rates.csv` beside
/// `articles.csv`). Its files (the report's pages, the text kept of PDFs) are output, never
/// input, wherever the folder is.
pub fn is_output_folder(dir: &Path, out: Option<&Path>) -> bool {
    if let Some(out) = out {
        if let (Ok(dir), Ok(out)) = (std::fs::canonicalize(dir), std::fs::canonicalize(out)) {
            if dir == out {
                return true;
            }
        }
    }
    dir.join("failures.jsonl").is_file()
        || (dir.join("rates.csv").is_file() && dir.join("articles.csv").is_file())
}

/// File names (without extension, compared without case) that document a folder rather than
/// hold a treaty: a folder of treaties often has a `README.md` beside them.
const DOCUMENTATION_NAMES: [&str; 5] =
    ["readme", "license", "changelog", "contributing", "sources"];

/// Whether a file found in a folder is the folder's documentation.
fn is_documentation(path: &Path) -> bool {
    path.file_stem().is_some_and(|stem| {
        DOCUMENTATION_NAMES
            .iter()
            .any(|name| stem.to_string_lossy().eq_ignore_ascii_case(name))
    })
}

impl Skipped {
    /// Why the file was skipped, and what to do about it.
    pub fn reason(&self) -> String {
        let shown = crate::terminal::path(&self.path);
        if self.output_folder {
            return "it is an output folder of `treaty run` (its datasets, report and kept PDF \
                    text are output, never read as input)"
                .to_string();
        }
        if self.documentation {
            return "a README, LICENSE or CHANGELOG file documents the folder, it is not read \
                    as a treaty (name the file to read it anyway)"
                .to_string();
        }
        match self.format {
            Some(format) => format!(
                "it is {}, not text; {}",
                format.description(),
                format.advice(&shown)
            ),
            None => format!(
                "only {} files are read from folders (name the file to read it anyway)",
                extension_list()
            ),
        }
    }
}

/// `.txt, .html, .htm, .xhtml, .md, .markdown or .pdf`.
pub fn extension_list() -> String {
    let dotted: Vec<String> = TEXT_EXTENSIONS.iter().map(|e| format!(".{e}")).collect();
    match dotted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => dotted.concat(),
    }
}

/// What the INPUT arguments hold.
#[derive(Debug, Default)]
pub struct Collected {
    /// The documents, sorted by path.
    pub inputs: Vec<Input>,
    /// Files found in folders and left out, sorted by path.
    pub skipped: Vec<Skipped>,
}

/// The folder read when no input is named.
pub const DEFAULT_INPUT: &str = "corpus";

/// The default input when none is named.
pub fn default_inputs(inputs: Vec<PathBuf>) -> Vec<PathBuf> {
    if inputs.is_empty() {
        vec![PathBuf::from(DEFAULT_INPUT)]
    } else {
        inputs
    }
}

/// The document name of a path: its file name without the extension (as [`os_text`]
/// writes it).
pub fn doc_name(path: &Path) -> String {
    path.file_stem().map_or_else(|| path_text(path), os_text)
}

/// Whether the file's extension is one of `extensions` (compared without case).
pub fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .is_some_and(|extension| extensions.iter().any(|e| extension.eq_ignore_ascii_case(e)))
}

/// Why an entry of a folder that is not a regular file is not read; `link`: the entry is a
/// symbolic link to it.
pub fn not_regular(kind: &std::fs::FileType, link: bool) -> String {
    #[cfg(unix)]
    let what = {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            "a FIFO (named pipe)"
        } else if kind.is_socket() {
            "a socket"
        } else if kind.is_block_device() || kind.is_char_device() {
            "a device"
        } else {
            "neither a file nor a folder"
        }
    };
    #[cfg(not(unix))]
    let what = {
        let _ = kind;
        "neither a file nor a folder"
    };
    format!(
        "{} {what}, not a regular file: only regular files are read from folders (name it to \
         read it anyway)",
        if link { "it links to" } else { "it is" }
    )
}

/// How to read a file: HTML or Markdown when its name says so, otherwise told from its first
/// tag.
pub fn markup_of(path: &Path) -> Markup {
    if has_extension(path, &["html", "htm", "xhtml"]) {
        Markup::Html
    } else if has_extension(path, &["md", "markdown"]) {
        Markup::Markdown
    } else {
        Markup::Detect
    }
}

/// Collects the files named and the text files found under the folders named (see
/// [`TEXT_EXTENSIONS`]), sorted by path so runs are deterministic. Folder loops (symlinks) are
/// visited once; hidden files in folders are ignored; a text-named entry of a folder that is
/// not a regular file (a FIFO, a socket, a device) is an [`Input::Unreadable`], never opened.
/// Output folders found below the folders named are skipped (see [`is_output_folder`]).
pub fn collect(arguments: &[PathBuf]) -> Collected {
    collect_excluding(arguments, None)
}

/// [`collect`], also skipping the folder `out` (the output folder of this run) wherever it is
/// found below the folders named, even before it holds any dataset.
pub fn collect_excluding(arguments: &[PathBuf], out: Option<&Path>) -> Collected {
    let mut collected = Collected::default();
    let mut seen_dirs = HashSet::new();
    for argument in arguments {
        match std::fs::metadata(argument) {
            Ok(meta) if meta.is_dir() => walk(argument, out, &mut collected, &mut seen_dirs),
            Ok(_) => collected.inputs.push(Input::File {
                path: argument.clone(),
                doc: doc_name(argument),
            }),
            Err(error) => collected.inputs.push(Input::Unreadable {
                path: argument.clone(),
                reason: error.to_string(),
            }),
        }
    }
    collected.inputs.sort_by(|a, b| a.path().cmp(b.path()));
    collected.skipped.sort_by(|a, b| a.path.cmp(&b.path));
    collected
}

fn walk(
    dir: &Path,
    out: Option<&Path>,
    collected: &mut Collected,
    seen_dirs: &mut HashSet<PathBuf>,
) {
    let canonical = match std::fs::canonicalize(dir) {
        Ok(path) => path,
        Err(error) => {
            collected.inputs.push(Input::Unreadable {
                path: dir.to_path_buf(),
                reason: error.to_string(),
            });
            return;
        }
    };
    if !seen_dirs.insert(canonical) {
        return;
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) => {
            collected.inputs.push(Input::Unreadable {
                path: dir.to_path_buf(),
                reason: error.to_string(),
            });
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let hidden = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with('.'));
        if hidden {
            continue;
        }
        let is_text = has_extension(&path, &TEXT_EXTENSIONS);
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() && is_output_folder(&path, out) => {
                collected.skipped.push(Skipped {
                    path,
                    format: None,
                    documentation: false,
                    output_folder: true,
                });
            }
            Ok(meta) if meta.is_dir() => walk(&path, out, collected, seen_dirs),
            // A FIFO, socket or device (or a symlink to one) is never opened: a FIFO with no
            // writer would block the run, a device may never end.
            Ok(meta) if !meta.is_file() => {
                if is_text {
                    collected.inputs.push(Input::Unreadable {
                        reason: not_regular(
                            &meta.file_type(),
                            std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_symlink()),
                        ),
                        path,
                    });
                } else {
                    collected.skipped.push(Skipped {
                        path,
                        format: None,
                        documentation: false,
                        output_folder: false,
                    });
                }
            }
            Ok(_) if is_text && is_documentation(&path) => {
                collected.skipped.push(Skipped {
                    path,
                    format: None,
                    documentation: true,
                    output_folder: false,
                });
            }
            Ok(_) if is_text => {
                collected.inputs.push(Input::File {
                    doc: doc_name(&path),
                    path,
                });
            }
            Ok(_) => {
                let format = sniff_file(&path);
                collected.skipped.push(Skipped {
                    path,
                    format,
                    documentation: false,
                    output_folder: false,
                });
            }
            Err(error) => collected.inputs.push(Input::Unreadable {
                path,
                reason: error.to_string(),
            }),
        }
    }
}

/// The binary format of a file, from its first bytes.
fn sniff_file(path: &Path) -> Option<BinaryFormat> {
    let mut head = Vec::with_capacity(4096);
    std::fs::File::open(path)
        .and_then(|file| file.take(4096).read_to_end(&mut head))
        .ok()?;
    BinaryFormat::sniff(&head)
}

/// The message for INPUT arguments that hold nothing to process: what was skipped and why.
pub fn nothing_to_process(arguments: &[PathBuf], skipped: &[Skipped]) -> String {
    let named: Vec<String> = arguments.iter().map(|a| crate::terminal::path(a)).collect();
    let mut message = format!(
        "nothing to process: {} holds no {} files",
        named.join(", "),
        extension_list()
    );
    if skipped.is_empty() {
        message.push_str(" (it is empty)");
        return message;
    }
    message.push_str(&format!("; skipped {} files:", skipped.len()));
    for file in skipped.iter().take(MAX_LISTED) {
        message.push_str(&format!(
            "\n  {}: {}",
            crate::terminal::path(&file.path),
            file.reason()
        ));
    }
    if skipped.len() > MAX_LISTED {
        message.push_str(&format!("\n  ... and {} more", skipped.len() - MAX_LISTED));
    }
    message
}

/// How many skipped files a message lists by name.
pub const MAX_LISTED: usize = 20;
