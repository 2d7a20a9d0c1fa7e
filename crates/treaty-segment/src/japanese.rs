//! Japanese tokenization with lindera and the MeCab IPADIC dictionary.
//!
//! lindera's `embed-*` features download their dictionary at build time, which cannot work
//! offline, so the dictionary is built at run time from the IPADIC sources (EUC-JP CSV and
//! `.def` files) with lindera's own builder, once, into a directory the caller chooses.
//! Only this module sees lindera, because its API moves between versions.

use std::borrow::Cow;
use std::ops::Range;
use std::path::Path;

use lindera::dictionary::{load_fs_dictionary, DictionaryBuilder, Metadata};
use lindera::mode::Mode;
use lindera::segmenter::Segmenter;

/// lindera-ipadic's metadata, with the encoding of the MeCab sources (EUC-JP).
const IPADIC_METADATA: &str = include_str!("ipadic-metadata.json");

/// A failure to build or load the Japanese dictionary.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TokenizerError {
    /// The dictionary could not be built from its sources.
    #[error("cannot build the Japanese dictionary from {source_dir}: {message}")]
    Build {
        /// Where the sources were.
        source_dir: String,
        /// lindera's message.
        message: String,
    },
    /// The built dictionary could not be loaded.
    #[error("cannot load the Japanese dictionary from {dir}: {message}")]
    Load {
        /// Where the dictionary was.
        dir: String,
        /// lindera's message.
        message: String,
    },
    /// The caller could not provide a dictionary (no sources, no cache).
    #[error("no Japanese dictionary: {0}")]
    Unavailable(String),
}

/// Builds a lindera dictionary from MeCab IPADIC sources.
pub fn build_dictionary(source_dir: &Path, output_dir: &Path) -> Result<(), TokenizerError> {
    let build_error = |message: String| TokenizerError::Build {
        source_dir: source_dir.display().to_string(),
        message,
    };
    let metadata: Metadata =
        serde_json::from_str(IPADIC_METADATA).map_err(|e| build_error(e.to_string()))?;
    DictionaryBuilder::new(metadata)
        .build_dictionary(source_dir, output_dir)
        .map_err(|e| build_error(e.to_string()))
}

/// A loaded Japanese tokenizer; cheap to share (`Sync`), load it once per process.
pub struct JapaneseTokenizer {
    segmenter: Segmenter,
}

/// One token of Japanese text.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// Byte range in the tokenized text.
    pub span: Range<usize>,
    /// Part of speech (IPADIC's first field: 名詞, 助詞, ...).
    pub part_of_speech: String,
}

impl JapaneseTokenizer {
    /// Loads a dictionary built by [`build_dictionary`].
    pub fn load(dir: &Path) -> Result<JapaneseTokenizer, TokenizerError> {
        let dictionary = load_fs_dictionary(dir).map_err(|e| TokenizerError::Load {
            dir: dir.display().to_string(),
            message: e.to_string(),
        })?;
        Ok(JapaneseTokenizer {
            segmenter: Segmenter::new(Mode::Normal, dictionary, None),
        })
    }

    /// Tokenizes a text. A failure inside lindera yields no tokens rather than an error:
    /// callers use tokens as hints and fall back to rules.
    pub fn tokenize(&self, text: &str) -> Vec<Token> {
        let Ok(tokens) = self.segmenter.segment(Cow::Borrowed(text)) else {
            return Vec::new();
        };
        tokens
            .into_iter()
            .map(|mut token| Token {
                span: token.byte_start..token.byte_end,
                part_of_speech: token.get_detail(0).unwrap_or("").to_string(),
            })
            .collect()
    }
}
