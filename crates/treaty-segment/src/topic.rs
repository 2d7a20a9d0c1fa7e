//! Canonical article topics, from a title or from content, in any profile's language.
//!
//! The phrases are the profiles' ([`treaty_lang::TopicWords`]): the vocabulary of the OECD
//! and UN model conventions in each language, so it carries over to treaties not seen before.
//! This module holds the scoring only.

use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use regex::Regex;
use treaty_lang::patterns::pattern_alternation;
use treaty_lang::Profile;
use treaty_numbers::Lang;

/// A canonical article topic (OECD/UN model order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Topic {
    PersonsCovered,
    TaxesCovered,
    GeneralDefinitions,
    Resident,
    PermanentEstablishment,
    ImmovableProperty,
    BusinessProfits,
    ShippingAirTransport,
    AssociatedEnterprises,
    Dividends,
    Interest,
    Royalties,
    TechnicalServices,
    CapitalGains,
    IndependentPersonalServices,
    Employment,
    DirectorsFees,
    ArtistesSportsmen,
    Pensions,
    GovernmentService,
    TeachersResearchers,
    Students,
    OtherIncome,
    Capital,
    EliminationDoubleTaxation,
    NonDiscrimination,
    MutualAgreement,
    ExchangeOfInformation,
    AssistanceCollection,
    DiplomaticAgents,
    EntitlementToBenefits,
    TerritorialExtension,
    EntryIntoForce,
    Termination,
    Miscellaneous,
}

impl Topic {
    /// Every topic, in model order.
    pub const ALL: [Topic; 35] = [
        Topic::PersonsCovered,
        Topic::TaxesCovered,
        Topic::GeneralDefinitions,
        Topic::Resident,
        Topic::PermanentEstablishment,
        Topic::ImmovableProperty,
        Topic::BusinessProfits,
        Topic::ShippingAirTransport,
        Topic::AssociatedEnterprises,
        Topic::Dividends,
        Topic::Interest,
        Topic::Royalties,
        Topic::TechnicalServices,
        Topic::CapitalGains,
        Topic::IndependentPersonalServices,
        Topic::Employment,
        Topic::DirectorsFees,
        Topic::ArtistesSportsmen,
        Topic::Pensions,
        Topic::GovernmentService,
        Topic::TeachersResearchers,
        Topic::Students,
        Topic::OtherIncome,
        Topic::Capital,
        Topic::EliminationDoubleTaxation,
        Topic::NonDiscrimination,
        Topic::MutualAgreement,
        Topic::ExchangeOfInformation,
        Topic::AssistanceCollection,
        Topic::DiplomaticAgents,
        Topic::EntitlementToBenefits,
        Topic::TerritorialExtension,
        Topic::EntryIntoForce,
        Topic::Termination,
        Topic::Miscellaneous,
    ];

    /// The snake_case name used in datasets.
    // tidy: not language (the dataset's topic codes)
    pub fn as_str(self) -> &'static str {
        match self {
            Topic::PersonsCovered => "persons_covered",
            Topic::TaxesCovered => "taxes_covered",
            Topic::GeneralDefinitions => "general_definitions",
            Topic::Resident => "resident",
            Topic::PermanentEstablishment => "permanent_establishment",
            Topic::ImmovableProperty => "immovable_property",
            Topic::BusinessProfits => "business_profits",
            Topic::ShippingAirTransport => "shipping_air_transport",
            Topic::AssociatedEnterprises => "associated_enterprises",
            Topic::Dividends => "dividends",
            Topic::Interest => "interest",
            Topic::Royalties => "royalties",
            Topic::TechnicalServices => "technical_services",
            Topic::CapitalGains => "capital_gains",
            Topic::IndependentPersonalServices => "independent_personal_services",
            Topic::Employment => "employment",
            Topic::DirectorsFees => "directors_fees",
            Topic::ArtistesSportsmen => "artistes_sportsmen",
            Topic::Pensions => "pensions",
            Topic::GovernmentService => "government_service",
            Topic::TeachersResearchers => "teachers_researchers",
            Topic::Students => "students",
            Topic::OtherIncome => "other_income",
            Topic::Capital => "capital",
            Topic::EliminationDoubleTaxation => "elimination_double_taxation",
            Topic::NonDiscrimination => "non_discrimination",
            Topic::MutualAgreement => "mutual_agreement",
            Topic::ExchangeOfInformation => "exchange_of_information",
            Topic::AssistanceCollection => "assistance_collection",
            Topic::DiplomaticAgents => "diplomatic_agents",
            Topic::EntitlementToBenefits => "entitlement_to_benefits",
            Topic::TerritorialExtension => "territorial_extension",
            Topic::EntryIntoForce => "entry_into_force",
            Topic::Termination => "termination",
            Topic::Miscellaneous => "miscellaneous",
        }
    }

    /// Parses a snake_case name.
    pub fn from_name(name: &str) -> Option<Topic> {
        Topic::ALL.iter().copied().find(|t| t.as_str() == name)
    }
}

/// Every profile's topic lexicons, compiled once. Titles and openings are matched against all
/// languages' phrases together, as the callers have no language at hand and a version may
/// quote another language's title.
static LEXICON: LazyLock<Lexicon> = LazyLock::new(|| Lexicon::new(Lang::all().map(Lang::profile)));

/// The title phrases of one language, for cutting titles that run into the text.
pub(crate) fn title_phrases(lang: Lang) -> impl Iterator<Item = &'static str> {
    lang.profile()
        .topics
        .titles
        .iter()
        .map(|(phrase, _)| *phrase)
}

/// The topic a title names, if any phrase matches.
pub fn topic_from_title(title: &str) -> Option<Topic> {
    LEXICON.topic_from_title(title)
}

/// The topic the opening of an article's text points to, if any phrase is found.
///
/// A distinctive formula (weight 3 or more) counts once, since a model article may repeat its
/// opening formula in later paragraphs; a plain word counts each time, since frequency is
/// what tells a dividends article from one that mentions dividends.
pub fn topic_from_content(text: &str) -> Option<Topic> {
    LEXICON.topic_from_content(text)
}

/// Characters at the start of an article's text where its opening formula stands.
const OPENING_CHARS: usize = 80;

/// Characters of an article's text searched for content phrases.
const CONTENT_CHARS: usize = 1200;

/// The weight from which a content phrase is a distinctive formula rather than a plain word.
const FORMULA_WEIGHT: f32 = 3.0;

/// `(1)`, `(a)`, `(iv)` standing inside running text.
static MARKER_IN_TEXT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\((?:\d{1,2}|[a-z]|[ivx]{1,4})\)").unwrap());

/// An automaton over phrases, searched only on titles and article openings: a contiguous
/// NFA, which builds in a fraction of the time of the DFA the library would choose for this
/// many phrases (the DFA's faster search does not pay on such short texts).
fn automaton<I, P>(phrases: I) -> Result<AhoCorasick, aho_corasick::BuildError>
where
    I: IntoIterator<Item = P>,
    P: AsRef<[u8]>,
{
    AhoCorasick::builder()
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .build(phrases)
}

/// The title and content lexicons of a set of profiles.
struct Lexicon {
    /// Title phrases with their topics, profiles in order.
    titles: Vec<(&'static str, Topic)>,
    /// The length in characters of each title phrase, by pattern index.
    title_chars: Vec<usize>,
    /// All title phrases in one automaton, and the same with the letters OCR confuses folded
    /// together in another: a title is scanned once, not once per phrase.
    title_finder: AhoCorasick,
    folded_title_finder: AhoCorasick,
    /// All content phrases in one automaton, so an article's opening is scanned once.
    content: AhoCorasick,
    /// Topic and weight of each content phrase, by pattern index.
    content_topics: Vec<(Topic, f32)>,
    /// The asides of every profile.
    asides: Regex,
}

impl Lexicon {
    /// Compiles the lexicons of `profiles`. Panics on a topic name that is not a [`Topic`]'s,
    /// a fault in the profile's data.
    fn new(profiles: impl Iterator<Item = &'static Profile> + Clone) -> Lexicon {
        let topic = |profile: &Profile, name: &str| {
            Topic::from_name(name).unwrap_or_else(|| {
                panic!("profile `{}`: `{name}` is not a topic name", profile.code)
            })
        };
        let titles: Vec<(&'static str, Topic)> = profiles
            .clone()
            .flat_map(|p| {
                p.topics
                    .titles
                    .iter()
                    .map(move |(ph, t)| (*ph, topic(p, t)))
            })
            .collect();
        let folded_titles: Vec<String> =
            titles.iter().map(|(phrase, _)| ocr_fold(phrase)).collect();
        let title_finder = automaton(titles.iter().map(|(phrase, _)| *phrase))
            .expect("title phrases build an automaton");
        let folded_title_finder =
            automaton(&folded_titles).expect("folded title phrases build an automaton");
        let content: Vec<(&'static str, Topic, f32)> = profiles
            .clone()
            .flat_map(|p| {
                p.topics
                    .content
                    .iter()
                    .map(move |(ph, t, weight)| (*ph, topic(p, t), *weight))
            })
            .collect();
        let asides = pattern_alternation(
            profiles
                .map(|p| p.topics.asides)
                .filter(|aside| !aside.is_empty()),
        );
        Lexicon {
            title_chars: titles
                .iter()
                .map(|(phrase, _)| phrase.chars().count())
                .collect(),
            titles,
            title_finder,
            folded_title_finder,
            content: automaton(content.iter().map(|(phrase, _, _)| *phrase))
                .expect("content phrases build an automaton"),
            content_topics: content.iter().map(|(_, t, w)| (*t, *w)).collect(),
            asides: Regex::new(&asides).expect("profile aside pattern"),
        }
    }

    fn topic_from_title(&self, title: &str) -> Option<Topic> {
        let title = title.to_lowercase();
        // Exact first; then with the letters OCR confuses folded together on both sides
        // (`Assoclated enterprises`). Either way the longest phrase (as written in the
        // profile) wins, and of equally long ones the later.
        // Of the phrases found, the longest (in characters), and of equally long ones the
        // later in the profiles.
        let best = |finder: &AhoCorasick, haystack: &str| {
            finder
                .find_overlapping_iter(haystack)
                .map(|found| found.pattern().as_usize())
                .max_by_key(|&index| (self.title_chars[index], index))
                .map(|index| self.titles[index].1)
        };
        best(&self.title_finder, &title)
            .or_else(|| best(&self.folded_title_finder, &ocr_fold(&title)))
    }

    fn topic_from_content(&self, text: &str) -> Option<Topic> {
        // Item markers that PDF text drops inside words (`給(1)料`) would hide a phrase.
        let opening: String = text
            .chars()
            .take(CONTENT_CHARS)
            .collect::<String>()
            .to_lowercase();
        // Phrases match across the source's line wrapping.
        let opening = opening.split_whitespace().collect::<Vec<_>>().join(" ");
        let stripped = MARKER_IN_TEXT.replace_all(&opening, "");
        let stripped = self.asides.replace_all(&stripped, "");
        let opening: &str = &stripped;
        let phrases = self.content_topics.len();
        let mut counts = vec![0u32; phrases];
        // A formula in an article's first words is how the article opens; later paragraphs
        // may be about something else (a pension paid for government service, income from
        // immovable property excepted from "other income").
        let mut opens = vec![false; phrases];
        let opening_words = opening
            .char_indices()
            .nth(OPENING_CHARS)
            .map_or(opening.len(), |(i, _)| i);
        for found in self.content.find_overlapping_iter(opening) {
            counts[found.pattern().as_usize()] += 1;
            if found.start() < opening_words {
                opens[found.pattern().as_usize()] = true;
            }
        }
        let mut scores = [0f32; Topic::ALL.len()];
        for (index, ((topic, weight), count)) in self.content_topics.iter().zip(&counts).enumerate()
        {
            // A plain word counts up to four times: enough to tell a dividends article from
            // one that mentions dividends, not so much that it drowns an article's formula
            // (the double-taxation article names dividends again and again).
            let formula = *weight >= FORMULA_WEIGHT;
            let count = if formula {
                (*count).min(1)
            } else {
                (*count).min(4)
            };
            let bonus = if opens[index] && formula { 2.0 } else { 1.0 };
            scores[*topic as usize] += count as f32 * weight * bonus;
        }
        let mut best: Option<(Topic, f32)> = None;
        for topic in Topic::ALL {
            let score = scores[topic as usize];
            if score > 0.0 && best.is_none_or(|(_, b)| score > b) {
                best = Some((topic, score));
            }
        }
        best.filter(|(_, score)| *score >= 2.0)
            .map(|(topic, _)| topic)
    }
}

/// Folds the characters OCR confuses (`l`, `1`, `I` and `i`; `rn` and `m`; `0` and `o`).
fn ocr_fold(text: &str) -> String {
    text.replace("rn", "m")
        .chars()
        .map(|c| match c {
            'l' | '1' | 'I' | '|' => 'i',
            '0' => 'o',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_in_three_languages() {
        let cases = [
            ("Dividendos", Topic::Dividends),
            ("Dividends", Topic::Dividends),
            ("配当", Topic::Dividends),
            ("Rendimentos do trabalho dependente", Topic::Employment),
            ("Income from employment", Topic::Employment),
            ("給与所得", Topic::Employment),
            ("Capital gains", Topic::CapitalGains),
            ("Capital", Topic::Capital),
            (
                "Methods for elimination of double taxation",
                Topic::EliminationDoubleTaxation,
            ),
            ("Limitation of benefits", Topic::EntitlementToBenefits),
            ("Remunerações de direção", Topic::DirectorsFees),
            ("その他の所得", Topic::OtherIncome),
        ];
        for (title, topic) in cases {
            assert_eq!(topic_from_title(title), Some(topic), "{title}");
        }
        assert_eq!(topic_from_title("Unrelated words"), None);
        // OCR confusions in a title: `l` for `i`.
        assert_eq!(
            topic_from_title("Assoclated enterprises"),
            Some(Topic::AssociatedEnterprises)
        );
    }

    #[test]
    fn content_of_untitled_articles() {
        assert_eq!(
            topic_from_content("This Convention shall apply to persons who are residents of one or both of the Contracting States."),
            Some(Topic::PersonsCovered)
        );
        assert_eq!(
            topic_from_content("1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State. 2. However, such dividends may also be taxed"),
            Some(Topic::Dividends)
        );
        // Older drafting: the income in the singular.
        assert_eq!(
            topic_from_content("1. Any royalty or rent, including royalty or rent in respect of films, received by a resident of one of the Contracting States shall be exempt from tax in the other State. 2. The term \"royalty\" as used in this Article includes a payment of any kind."),
            Some(Topic::Royalties)
        );
        assert_eq!(topic_from_content("Something else entirely."), None);
    }

    #[test]
    fn japanese_asides_do_not_count() {
        let provision = "船舶又は航空機を国際運輸に運用することによつて取得する利得";
        assert_eq!(
            topic_from_content(provision),
            Some(Topic::ShippingAirTransport)
        );
        // The same words in an aside say what the provision is not about.
        let aside = format!("その他の収益({provision}を除く。)");
        assert_eq!(topic_from_content(&aside), None);
    }

    #[test]
    fn every_profile_names_known_topics() {
        // Compiling the lexicons checks every topic name.
        let lexicon = Lexicon::new(Lang::all().map(Lang::profile));
        assert!(lexicon.titles.len() > 100 && lexicon.content_topics.len() > 100);
        assert!(title_phrases(Lang::Ja).all(|p| p.chars().all(|c| !c.is_ascii())));
    }

    /// A language added as a profile only, with its own phrases.
    fn spanish() -> &'static Profile {
        static SPANISH: LazyLock<Profile> = LazyLock::new(|| Profile {
            code: "es",
            name: "Spanish",
            topics: treaty_lang::TopicWords {
                titles: &[
                    ("dividendos", "dividends"),
                    ("ganancias de capital", "capital_gains"),
                ],
                content: &[("los dividendos pagados por", "dividends", 4.0)],
                asides: "",
            },
            ..*Lang::Pt.profile()
        });
        &SPANISH
    }

    #[test]
    fn a_profile_brings_its_own_phrases() {
        let lexicon = Lexicon::new([spanish()].into_iter());
        assert_eq!(
            lexicon.topic_from_title("Ganancias de capital"),
            Some(Topic::CapitalGains)
        );
        assert_eq!(
            lexicon.topic_from_content("1. Los dividendos pagados por una sociedad residente"),
            Some(Topic::Dividends)
        );
        // Only its own phrases: the Portuguese `juros` is not Spanish.
        assert_eq!(lexicon.topic_from_title("Juros"), None);
    }
}
