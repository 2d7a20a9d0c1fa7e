//! Title and content lexicons that give an article its topic.

/// Title and content lexicons that give an article its topic.
#[derive(Debug, Clone, Copy)]
pub struct TopicWords {}

impl TopicWords {
    /// A profile part with nothing in it, to build a new profile from with `..TopicWords::EMPTY`.
    pub const EMPTY: TopicWords = TopicWords {};
}
