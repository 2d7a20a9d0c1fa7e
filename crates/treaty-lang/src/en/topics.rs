//! English: see [`crate::TopicWords`].

use crate::TopicWords;

pub(super) const TOPICS: TopicWords = TopicWords::EMPTY;
