//! Title and content lexicons that give an article its topic.
//!
//! Topics are named by their dataset names (`dividends`, `capital_gains`: the snake_case names
//! of `treaty_segment::Topic`), which `treaty-segment` checks when it compiles the lexicons.
//! The lexicons of all profiles are read together: a title or an opening is matched against
//! every language's phrases, since a version may quote another language's title.

/// Title and content lexicons that give an article its topic.
#[derive(Debug, Clone, Copy)]
pub struct TopicWords {
    /// Phrases that name a topic in an article's title (lower case), with the topic's name.
    /// The longest phrase found in a title decides (on a tie, the later phrase, profiles read
    /// in [`crate::Lang`] order). Japanese-script profiles' title phrases also tell where a
    /// title run together with the text ends (`配当1一方の...`).
    pub titles: &'static [(&'static str, &'static str)],
    /// Phrases of an article's opening text (lower case, whitespace runs as one space), with
    /// the topic's name and a weight. A weight of 3 or more marks a distinctive formula,
    /// counted once and doubled when it stands in the article's first words; a lighter phrase
    /// is a plain word, counted up to four times.
    pub content: &'static [(&'static str, &'static str, f32)],
    /// Regex source of a bracketed aside (in lower-cased text with ASCII brackets) that
    /// qualifies what a provision is about rather than saying it, removed before content
    /// phrases are sought (`(...を除く。)`); empty when the language has none.
    pub asides: &'static str,
}

impl TopicWords {
    /// A profile part with nothing in it, to build a new profile from with `..TopicWords::EMPTY`.
    pub const EMPTY: TopicWords = TopicWords {
        titles: &[],
        content: &[],
        asides: "",
    };
}

#[cfg(test)]
mod tests {
    use crate::builtin::BUILTIN;

    #[test]
    fn phrases_are_lower_case_and_weighted() {
        // Titles and openings are lower-cased before they are matched, so a phrase with a
        // capital would never be found.
        for profile in BUILTIN {
            let topics = profile.topics;
            assert!(!topics.titles.is_empty() && !topics.content.is_empty());
            for (phrase, topic) in topics.titles {
                assert_eq!(*phrase, phrase.to_lowercase(), "{}", profile.code);
                assert!(!topic.is_empty());
            }
            for (phrase, _, weight) in topics.content {
                assert_eq!(*phrase, phrase.to_lowercase(), "{}", profile.code);
                assert!(*weight > 0.0, "{phrase}");
            }
        }
    }
}
