//! The Japanese dictionary: built once per machine from the IPADIC sources vendored in the
//! repository and embedded in the binary, cached on disk, and loaded once per process, only
//! when a document has Japanese text.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

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
fn cache_root() -> PathBuf {
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
    let built = root.join(BUILT_NAME);
    if !built.join("metadata.json").exists() {
        build_into(&root, &built)?;
    }
    Ok(JapaneseTokenizer::load(&built)?)
}

/// Unpacks the sources and builds the dictionary in a scratch directory, then renames it into
/// place, so concurrent first runs never see a half-built dictionary.
fn build_into(root: &Path, built: &Path) -> anyhow::Result<()> {
    use anyhow::Context;
    std::fs::create_dir_all(root).with_context(|| format!("cannot create {}", root.display()))?;
    let scratch = root.join(format!("build-{}", std::process::id()));
    let sources = scratch.join("sources");
    let output = scratch.join("dictionary");
    std::fs::create_dir_all(&sources)?;
    let mut archive_bytes = Vec::new();
    xz2::read::XzDecoder::new(IPADIC_SOURCES)
        .read_to_end(&mut archive_bytes)
        .context("cannot decompress the embedded IPADIC sources")?;
    tar::Archive::new(archive_bytes.as_slice())
        .unpack(&sources)
        .context("cannot unpack the embedded IPADIC sources")?;
    build_dictionary(&sources, &output)?;
    match std::fs::rename(&output, built) {
        Ok(()) => {}
        // Another process finished first: its dictionary is as good as ours.
        Err(_) if built.join("metadata.json").exists() => {}
        Err(error) => {
            return Err(error)
                .with_context(|| format!("cannot move the dictionary to {}", built.display()))
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(())
}
