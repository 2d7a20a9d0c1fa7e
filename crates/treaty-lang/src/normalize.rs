//! Words the normalizer repairs: OCR confusions of treaty keywords, page furniture, layout markers.

/// Words the normalizer repairs: OCR confusions of treaty keywords, page furniture, layout markers.
#[derive(Debug, Clone, Copy)]
pub struct NormalizeWords {}

impl NormalizeWords {
    /// A profile part with nothing in it, to build a new profile from with `..NormalizeWords::EMPTY`.
    pub const EMPTY: NormalizeWords = NormalizeWords {};
}
