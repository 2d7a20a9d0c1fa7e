//! The Japanese dictionary: built once per machine from the IPADIC sources vendored in the
//! repository and embedded in the binary, cached on disk, and loaded once per process, only
//! when a document has Japanese text.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use treaty_segment::japanese::build_dictionary;
use treaty_segment::{JapaneseTokenizer, TokenizerError, TokenizerSource};

/// MeCab IPADIC 2.7.0 sources (EUC-JP CSV and .def files), xz-compressed tar; see
/// `vendor/mecab-ipadic/COPYING` for the licence.
static IPADIC_SOURCES: &[u8] =
    include_bytes!("../../../vendor/mecab-ipadic/mecab-ipadic-2.7.0-20070801.tar.xz");

/// Name of the built dictionary directory; changes whenever the sources or lindera change.
const BUILT_NAME: &str = "ipadic-2.7.0-20070801-lindera-6.2.0";

/// Loads the tokenizer on first use and keeps it for the life of the process.
#[derive(Default)]
pub struct LazyTokenizer {
    cell: OnceLock<Result<JapaneseTokenizer, String>>,
}

impl LazyTokenizer {
    /// The process's tokenizer: one per process, since it is kept for its life anyway, and
    /// borrowed for `'static` by the threads that run documents under a time limit.
    pub fn shared() -> &'static LazyTokenizer {
        static SHARED: LazyTokenizer = LazyTokenizer {
            cell: OnceLock::new(),
        };
        &SHARED
    }
}

impl TokenizerSource for LazyTokenizer {
    fn japanese(&self) -> Result<&JapaneseTokenizer, TokenizerError> {
        self.cell
            .get_or_init(|| load().map_err(|e| format!("{e:#}")))
            .as_ref()
            .map_err(|message| TokenizerError::Unavailable(message.clone()))
    }
}

/// Where built dictionaries are cached: `$TREATY_DICTIONARY_DIR`, else the user's cache
/// directory, else the system temporary directory.
pub fn cache_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("TREATY_DICTIONARY_DIR") {
        return PathBuf::from(dir);
    }
    if let Some(dir) = std::env::var_os("XDG_CACHE_HOME") {
        return PathBuf::from(dir).join("treaty");
    }
    if let Some(home) = std::env::var_os("HOME") {
        return PathBuf::from(home).join(".cache").join("treaty");
    }
    std::env::temp_dir().join("treaty")
}

fn load() -> anyhow::Result<JapaneseTokenizer> {
    let root = cache_root();
    remove_abandoned_builds(&root);
    let built = root.join(BUILT_NAME);
    if built.exists() {
        match verify(&built).and_then(|()| {
            JapaneseTokenizer::load(&built).map_err(|e| format!("it does not load: {e}"))
        }) {
            Ok(tokenizer) => return Ok(tokenizer),
            Err(why) => {
                report_damage(&built, &why);
                set_aside(&root, &built);
            }
        }
    }
    let started = std::time::Instant::now();
    // tidy: not language (messages about the Japanese tokenizer's dictionary)
    announce(&format!(
        "building the Japanese dictionary from the bundled IPADIC sources (once on this \
         machine, about 3 s; cached in {})",
        root.display()
    ));
    build_into(&root, &built)?;
    announce(&format!(
        "Japanese dictionary built in {:.1} s; later runs load it from the cache",
        started.elapsed().as_secs_f64()
    ));
    verify(&built).map_err(|why| {
        anyhow::anyhow!(
            "the Japanese dictionary just built in {} does not verify: {why}",
            built.display()
        )
    })?;
    Ok(JapaneseTokenizer::load(&built)?)
}

/// A one-line notice on standard error, on a line of its own (over a progress bar drawn on a
/// terminal, which redraws itself below it).
#[allow(clippy::print_stderr)]
fn announce(message: &str) {
    use std::io::IsTerminal;
    let clear = if std::io::stderr().is_terminal() {
        "\r\x1b[2K"
    } else {
        ""
    };
    eprintln!("{clear}treaty: {message}");
}

/// Says on standard error that the cache is damaged (or unverifiable) and is being rebuilt.
#[allow(clippy::print_stderr)]
fn report_damage(built: &Path, why: &str) {
    eprintln!(
        "treaty: the Japanese dictionary cache {} cannot be trusted ({why}); rebuilding it",
        built.display()
    );
}

/// Moves a damaged dictionary out of the way (a process still reading it keeps its open
/// files) and removes it.
fn set_aside(root: &Path, built: &Path) {
    let aside = root.join(format!("{SCRATCH_PREFIX}{}-damaged", std::process::id()));
    if std::fs::rename(built, &aside).is_ok() {
        let _ = std::fs::remove_dir_all(&aside);
    }
}

/// Scratch folders are `build-<pid>` (and `build-<pid>-damaged` for a cache set aside).
const SCRATCH_PREFIX: &str = "build-";

/// How old a scratch folder of a live process may get before it counts as abandoned (a
/// build takes seconds; the process id may have been reused).
const ABANDONED_AFTER: Duration = Duration::from_secs(3600);

/// Removes the scratch folders of builds that were killed: their process is gone (Linux
/// `/proc`), or they are over an hour old. Each holds up to 60 MB.
fn remove_abandoned_builds(root: &Path) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|name| name.strip_prefix(SCRATCH_PREFIX))
            .map(|rest| rest.split('-').next().unwrap_or(""))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == std::process::id() {
            continue;
        }
        let alive = Path::new("/proc").join(pid.to_string()).exists();
        let old = entry
            .metadata()
            .and_then(|meta| meta.modified())
            .ok()
            .and_then(|modified| modified.elapsed().ok())
            .is_some_and(|age| age > ABANDONED_AFTER);
        if !alive || old {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// The file in a built dictionary that records its files' sizes and checksums.
const CHECKSUMS: &str = "treaty-checksums.json";

/// A dictionary file's size, time of last change and checksum, as recorded when it was built.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Eq, Debug)]
struct FileCheck {
    name: String,
    size: u64,
    /// Nanoseconds since the Unix epoch: while the file keeps it, it was not written since the
    /// build, and its checksum is not recomputed (reading the 46 MB costs about 40 ms).
    modified: u128,
    sha256: String,
}

/// The size and time of last change of a file.
fn stamp(path: &Path) -> std::io::Result<(u64, u128)> {
    let meta = std::fs::metadata(path)?;
    let modified = meta
        .modified()?
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |time| time.as_nanos());
    Ok((meta.len(), modified))
}

/// The checks of every file in a built dictionary, sorted by name.
fn checks_of(dir: &Path) -> std::io::Result<Vec<FileCheck>> {
    let mut checks = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == CHECKSUMS {
            continue;
        }
        let (size, modified) = stamp(&entry.path())?;
        checks.push(FileCheck {
            size,
            modified,
            sha256: treaty_schema::sha256_hex(&std::fs::read(entry.path())?),
            name,
        });
    }
    checks.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(checks)
}

/// Whether a built dictionary is as it was built: every file there, of its size, and
/// unchanged since (its checksum, when it was written after the build). Why not, otherwise.
fn verify(dir: &Path) -> Result<(), String> {
    let recorded = std::fs::read(dir.join(CHECKSUMS)).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!("it has no {CHECKSUMS}: an earlier version of treaty built it")
        } else {
            format!("{CHECKSUMS} cannot be read: {e}")
        }
    })?;
    let recorded: Vec<FileCheck> =
        serde_json::from_slice(&recorded).map_err(|e| format!("{CHECKSUMS} is not valid: {e}"))?;
    if recorded.is_empty() {
        return Err(format!("{CHECKSUMS} lists no file"));
    }
    for check in &recorded {
        let path = dir.join(&check.name);
        let (size, modified) = stamp(&path).map_err(|e| format!("{}: {e}", check.name))?;
        if size != check.size {
            return Err(format!(
                "{} has {size} bytes, {} when it was built",
                check.name, check.size
            ));
        }
        if modified != check.modified {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", check.name))?;
            if treaty_schema::sha256_hex(&bytes) != check.sha256 {
                return Err(format!("{} changed since it was built", check.name));
            }
        }
    }
    Ok(())
}

/// Removes a build's scratch folder when the build ends, whether it succeeded or failed.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Unpacks the sources and builds the dictionary in a scratch directory, records its
/// checksums, then renames it into place, so concurrent first runs never see a half-built
/// dictionary. The scratch directory is removed when the build fails too; one a killed build
/// left is removed by the next load ([`remove_abandoned_builds`]).
fn build_into(root: &Path, built: &Path) -> anyhow::Result<()> {
    use anyhow::Context;
    std::fs::create_dir_all(root).with_context(|| format!("cannot create {}", root.display()))?;
    let scratch = Scratch(root.join(format!("{SCRATCH_PREFIX}{}", std::process::id())));
    let sources = scratch.0.join("sources");
    let output = scratch.0.join("dictionary");
    std::fs::create_dir_all(&sources)
        .with_context(|| format!("cannot create {}", sources.display()))?;
    let mut archive_bytes = Vec::new();
    xz2::read::XzDecoder::new(IPADIC_SOURCES)
        .read_to_end(&mut archive_bytes)
        .context("cannot decompress the embedded IPADIC sources")?;
    tar::Archive::new(archive_bytes.as_slice())
        .unpack(&sources)
        .with_context(|| {
            format!(
                "cannot unpack the embedded IPADIC sources into {}",
                sources.display()
            )
        })?;
    build_dictionary(&sources, &output)?;
    let checks = checks_of(&output)
        .with_context(|| format!("cannot read the dictionary built in {}", output.display()))?;
    std::fs::write(output.join(CHECKSUMS), serde_json::to_vec_pretty(&checks)?)
        .with_context(|| format!("cannot write {}", output.join(CHECKSUMS).display()))?;
    match std::fs::rename(&output, built) {
        Ok(()) => {}
        // Another process finished first: its dictionary is as good as ours.
        Err(_) if built.join(CHECKSUMS).exists() => {}
        Err(error) => {
            return Err(error)
                .with_context(|| format!("cannot move the dictionary to {}", built.display()))
        }
    }
    Ok(())
}
