//! Rules that turn quantities in a paragraph into typed rate and threshold records.
//!
//! The rules read the wording of the OECD and UN model articles (and their Portuguese and
//! Japanese renderings): a percentage "of the gross amount" in a dividends, interest or
//! royalties article is a rate cap; "holds at least 25 per cent of the capital" is a holding
//! threshold; "shall be taxable only in that other State" is a rate of 0.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;
use treaty_numbers::{find_quantities, Lang, Unit};
use treaty_segment::{subparagraph_markers, Paragraph, Topic};

use crate::schema::{Conditions, Holding};

/// What a rule found in a paragraph, before it is placed in a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// Subparagraph label, empty when none.
    pub subparagraph: String,
    /// `rate` or `threshold`.
    pub kind: &'static str,
    /// Plain decimal value.
    pub value: String,
    /// Unit name.
    pub unit: String,
    /// Typed conditions.
    pub conditions: Conditions,
    /// Where the number (or the exempting phrase) is, in the paragraph's text.
    pub local: Range<usize>,
    /// The clause, in the paragraph's text.
    pub clause: Range<usize>,
    /// How sure the rule is.
    pub confidence: f32,
    /// True when the source printed no unit and the rule inferred it.
    pub unit_inferred: bool,
    /// The topic of the row: the article's, or the class of income a tier of a mixed article
    /// names (fees for technical services in a royalties article).
    pub topic: Topic,
    /// How a value not printed as such was derived ("50 per cent of the rate of
    /// subparagraph a)"), for a warning a reviewer reads.
    pub derived: Option<String>,
}

/// Topics whose percentages are withholding-rate caps.
pub fn is_rate_topic(topic: Topic) -> bool {
    matches!(
        topic,
        Topic::Dividends
            | Topic::Interest
            | Topic::Royalties
            | Topic::TechnicalServices
            | Topic::OtherIncome
    )
}

static EXEMPTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)(?:taxable|(?:may|shall)\s+be\s+taxed)\s+only\s+in\s+(?:that|the)\s+other\s+(?:contracting\s+)?state",
        r"|no\s+tax\s+shall\s+be\s+(?:levied|imposed|charged)",
        r"|(?:shall|should|will|are|is)\s+be\s+exempt(?:ed)?\s+from\s+(?:\p{Lu}\p{L}+\s+)?(?:tax|taxation)",
        r"|shall\s+not\s+levy\s+(?:a\s+|any\s+)?tax",
        r"|shall\s+not\s+be\s+taxed",
        r"|taxable\s+only\s+in\s+the\s+(?:contracting\s+)?state\s+of\s+which\s+the\s+(?:recipient|beneficial\s+owner)\s+is\s+a\s+resident",
        r"|shall\s+not\s+be\s+tax(?:ed|able)\s+in\s+(?:that|the)\s+(?:first-mentioned|contracting)\s+state",
        r"|(?:só|apenas|somente)\s+(?:podem|poderão|pode|poderá)\s+ser\s+tributad[oa]s?\s+(?:n[oe]ss?e\s+|no\s+)outro\s+estado",
        r"|(?:são|serão|ficam|ficarão)\s+isent[oa]s",
    ))
    .unwrap()
});

/// A Japanese phrase as a pattern that lets item markers (`(a)`) and paragraph markers
/// (`(1)`), which PDF extraction drops into the middle of words (`当該他方の締約国にお(a)
/// (b) いてのみ`, `当該一方(1)の締約国`), stand between any two of its characters.
/// Treaties with a territory that is not a State (Hong Kong) say `締約者` (party) where
/// others say `締約国`.
fn ja_tolerant(phrase: &str) -> String {
    let marker = r"(?:\s*\((?:[a-z]{1,4}|[0-9]{1,2})\)\s*)*";
    phrase
        .chars()
        .map(|c| regex::escape(&c.to_string()))
        .collect::<Vec<_>>()
        .join(marker)
        .replace(&format!("国{marker}に"), &format!("(?:国|者){marker}に"))
}

/// Japanese exempting phrases, tolerant of displaced markers.
static JA_EXEMPTION: LazyLock<Regex> = LazyLock::new(|| {
    let tolerant = ja_tolerant;
    Regex::new(&format!(
        "{}|{}|{}|{}",
        tolerant("他方の締約国においてのみ租税を課することができる"),
        tolerant("租税を免除される"),
        tolerant("租税を免除する"),
        // `...他方の締約国においては、租税を課することができない` (the source State may
        // not tax); `いかなる租税も課することができず` (Article 10(5)) is not this.
        tolerant("においては、租税を課することができない")
    ))
    .unwrap()
});

/// Other income arising in the other State that it `may also tax` (the UN model's Article
/// 21(3)): the residence-only rule of paragraph 1 leaves the source State its right, so it is
/// no rate of 0.
static JA_SOURCE_MAY_ALSO_TAX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"他方の締約(?:国|者)内において生ずるもの[^。]{0,40}においても租税を課することができる",
    )
    .unwrap()
});

/// `日本国においてのみ租税を課することができる`: the State named before the phrase.
static JA_NAMED_STATE_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"([\p{Han}\p{Katakana}ー・]{2,12})においてのみ租税を課することができる").unwrap()
});
/// `クウェート内において生ずる`: where the income arises.
static JA_ARISING_IN: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"([\p{Han}\p{Katakana}ー・]{2,12})内において生ずる").unwrap());

/// "Taxable only in Canada", where the clause pays the income "to a resident of Canada".
static NAMED_STATE_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"taxable\s+only\s+in\s+([A-Z][\p{L}]+)|só\s+(?:podem|poderão)\s+ser\s+tributad[oa]s\s+n[oa]\s+([A-Z][\p{L}]+)").unwrap()
});

/// "Taxable only in that State" is a rate of 0 only where that State is the residence State.
static RESIDENCE_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)taxable\s+only\s+in\s+that\s+(?:contracting\s+)?state|só\s+(?:podem|poderão)\s+ser\s+tributad[oa]s\s+nesse\s+estado").unwrap()
});
/// `当該一方の締約国においてのみ租税を課することができる`, tolerant of displaced markers.
static JA_RESIDENCE_ONLY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&ja_tolerant(
        "当該一方の締約国においてのみ租税を課することができる",
    ))
    .unwrap()
});
static RESIDENT_SUBJECT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:of|by)\s+a\s+resident\s+of\s+a\s+contracting\s+state|de\s+um\s+residente\s+de\s+um\s+estado\s+contratante|一方の締約(?:国|者)の居住者").unwrap()
});
static SOURCE_SUBJECT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)arising\s+in|paid\s+by\s+a\s+company\s+which\s+is\s+a\s+resident|provenientes\s+d|pagos\s+por\s+uma\s+sociedade|内において生ずる").unwrap()
});

static PARENTHETICAL: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\([^()]{0,200}\)").unwrap());

static PAID_BY_STATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)paid\s+by(?:\s+or\s+[a-z\s]+?)?\s+(?:a\s+contracting\s+state|the\s+government|that\s+state|the\s+state)|pagos\s+por,?(?:\s+ou\s+[\p{L}\s]+?,?)?\s+(?:um\s+estado\s+contratante|o\s+governo|esse\s+estado)|政府が支払う").unwrap()
});

/// Lower case with every run of whitespace as one space, so a phrase matches across the
/// source's line wrapping.
fn lower(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.extend(c.to_lowercase());
    }
    if space {
        out.push(' ');
    }
    out
}

/// The clause around a local offset: the subparagraph if any, else the sentence.
fn clause_around(
    text: &str,
    paragraph: &Paragraph,
    at: usize,
    lang: Lang,
) -> (String, Range<usize>) {
    if let Some(sub) = paragraph
        .subparagraphs
        .iter()
        .rev()
        .find(|s| s.local.start <= at && at < s.local.end.max(s.local.start + 1))
    {
        let item = sub.local.start..sub.local.end.min(text.len());
        if lang == Lang::Ja {
            // A Japanese item may hold two sentences with a tier each (`...十五パーセントを
            // 超える率の租税を課することができない。ただし、...十パーセント...`): the
            // number's own sentence within the item.
            let is_stop = |i: usize, c: char| {
                c == '。' && !text[i + c.len_utf8()..].starts_with([')', '」', '）'])
            };
            let start = text[item.start..at]
                .char_indices()
                .rev()
                .find(|(i, c)| is_stop(item.start + i, *c))
                .map_or(item.start, |(i, c)| item.start + i + c.len_utf8());
            let end = text[at..item.end]
                .char_indices()
                .find(|(i, c)| is_stop(at + i, *c))
                .map_or(item.end, |(i, _)| at + i);
            return (sub.label.clone(), start..end);
        }
        return (sub.label.clone(), item);
    }
    let stops: &[char] = match lang {
        Lang::Ja => &['。', '\n'],
        _ => &['\n'],
    };
    // A full stop that closes a bracketed aside (`(以下「その他の所得」という。)`) does not
    // end the sentence.
    let ends_sentence = |i: usize, c: char| {
        stops.contains(&c)
            && !(c == '。' && text[i + c.len_utf8()..].starts_with([')', '」', '）']))
    };
    let sentence_start = text[..at]
        .char_indices()
        .rev()
        .find(|(i, c)| ends_sentence(*i, *c))
        .map(|(i, c)| i + c.len_utf8())
        .unwrap_or(0);
    let sentence_start = match lang {
        Lang::Ja => sentence_start,
        _ => {
            // A line break inside a sentence is the source's wrapping, not a clause end.
            let line_start = text[..at]
                .match_indices('\n')
                .rev()
                .find(|(i, _)| is_clause_break(text, *i))
                .map_or(0, |(i, _)| i + 1);
            text[..at]
                .rfind(". ")
                .map_or(line_start, |i| (i + 2).max(line_start))
        }
    };
    let end = match lang {
        Lang::Ja => text[at..]
            .char_indices()
            .find(|(i, c)| ends_sentence(at + i, *c))
            .map_or(text.len(), |(i, _)| at + i),
        _ => {
            let line_end = text[at..]
                .match_indices('\n')
                .find(|(i, _)| is_clause_break(text, at + i))
                .map_or(text.len(), |(i, _)| at + i);
            text[at..]
                .find(". ")
                .map_or(line_end, |i| (at + i + 1).min(line_end))
        }
    };
    (String::new(), sentence_start..end)
}

/// Whether the line break at `at` ends a clause: after `.`, `;` or `:`, at a blank line, or
/// before an item marker (`(a)`, `b)`, `2.`); any other break is where the source wrapped.
fn is_clause_break(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end_matches([' ', '\t']);
    let after = text[at + 1..].trim_start_matches([' ', '\t']);
    if before.is_empty() || before.ends_with(['.', ';', ':', '\n']) || after.starts_with('\n') {
        return true;
    }
    let marker_len = after
        .bytes()
        .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        .count();
    // `a)`, `iv)`, `2.`, `iv.`, `b.` open an item; a wrapped word such as `fund.` does not.
    let marker = &after[..marker_len];
    let dotted_marker = marker.len() == 1
        || marker.bytes().all(|b| b.is_ascii_digit())
        || marker.bytes().all(|b| matches!(b, b'i' | b'v' | b'x'));
    after.starts_with('(')
        || (marker_len > 0 && marker_len <= 4 && after[marker_len..].starts_with(')'))
        || (marker_len > 0
            && marker_len <= 4
            && dotted_marker
            && after[marker_len..].starts_with('.'))
        || (marker_len > 0
            && after.as_bytes()[0].is_ascii_digit()
            && after[marker_len..].starts_with(" -"))
}

fn beneficial_owners(clause: &str) -> Vec<&'static str> {
    named_owners(clause)
        .into_iter()
        .map(|(owner, _)| owner)
        .collect()
}

/// The beneficiary a list item names first (`a financial institution owned or controlled by
/// the Government`: a financial institution).
fn first_named_owner(item: &str) -> Option<&'static str> {
    named_owners(item)
        .into_iter()
        .min_by_key(|&(_, at)| at)
        .map(|(owner, _)| owner)
}

/// Beneficiaries named in a clause, in the table's order, each with where it is first named
/// (in the lower-cased clause).
fn named_owners(clause: &str) -> Vec<(&'static str, usize)> {
    // Words in brackets qualify (`agency (including a financial institution) wholly owned by
    // that Government`); they do not name another beneficiary.
    let raw = lower(clause);
    let clause = lower(&PARENTHETICAL.replace_all(clause, " "));
    let mut owners = Vec::new();
    let checks: [(&str, &[&str]); 8] = [
        (
            "company_not_partnership",
            &[
                "other than a partnership",
                "excluding partnership",
                "not a partnership",
                "sociedade de pessoas",
                "sociedades de pessoas",
                "組合以外",
            ],
        ),
        (
            "pension_fund",
            &[
                "pension fund",
                "pension scheme",
                "fundo de pensões",
                "fundo de pensão",
                "年金基金",
            ],
        ),
        (
            "central_bank",
            &["central bank", "banco central", "中央銀行"],
        ),
        (
            "government",
            &[
                "government",
                "governo",
                "political subdivision",
                "subdivisão política",
                "local authorit",
                "autarquia",
                "政府",
                "地方公共団体",
            ],
        ),
        (
            "financial_institution",
            &[
                "financial institution",
                "instituição financeira",
                "金融機関",
                "保険会社",
                "証券会社",
            ],
        ),
        ("bank", &[" bank", "banco", "銀行"]),
        (
            "company",
            &[
                "is a company",
                "uma sociedade",
                "company which holds",
                "company that holds",
                "to a company",
                "所有する法人",
            ],
        ),
        (
            "individual",
            &["an individual", "pessoa singular", "pessoa física", "個人"],
        ),
    ];
    for (owner, phrases) in checks {
        // "A company (other than a partnership)", "the Bank of Estonia (Central Bank)": these
        // brackets do name the beneficiary.
        let haystack = if matches!(owner, "company_not_partnership" | "central_bank") {
            &raw
        } else {
            &clause
        };
        // Named where the unbracketed text names it; placed where the full text does.
        let named = phrases.iter().any(|p| haystack.contains(p));
        let first = phrases.iter().filter_map(|p| raw.find(p)).min();
        if let (true, Some(at)) = (named, first) {
            // A central bank is also a bank; a company other than a partnership is a company.
            let subsumed = (owner == "bank" && owners.iter().any(|(o, _)| *o == "central_bank"))
                || (owner == "company"
                    && owners.iter().any(|(o, _)| *o == "company_not_partnership"));
            if !subsumed {
                owners.push((owner, at));
            }
        }
    }
    owners
}

fn income_classes(clause: &str, topic: Topic) -> Vec<&'static str> {
    let clause = lower(clause);
    let checks: &[(&str, &[&str])] = match topic {
        Topic::Royalties => &[
            (
                "copyright",
                &[
                    "copyright",
                    "direitos de autor",
                    "direito de autor",
                    "著作権",
                ],
            ),
            ("films", &["cinematograph", "films", "filmes", "映画"]),
            (
                "software",
                &[
                    "software",
                    "computer program",
                    "programas de computador",
                    "ソフトウェア",
                ],
            ),
            ("patents", &["patent", "patente", "特許"]),
            (
                "trademarks",
                &["trade mark", "trademark", "marcas", "marca de", "商標"],
            ),
            (
                "equipment",
                &[
                    "industrial, commercial or scientific equipment",
                    "equipamento",
                    "設備",
                ],
            ),
            (
                "know_how",
                &[
                    "information concerning industrial",
                    "know-how",
                    "informações relativas",
                    "informações respeitantes",
                    "経験に関する情報",
                ],
            ),
            (
                "technical_services",
                &[
                    "technical assistance",
                    "technical services",
                    "assistência técnica",
                    "serviços técnicos",
                ],
            ),
        ],
        Topic::Interest => &[
            (
                "government_debt",
                &[
                    "paid by the government",
                    "paid to the government",
                    "government securities",
                    "títulos públicos",
                    "dívida pública",
                ],
            ),
            (
                "bank_loan",
                &[
                    "loan granted by a bank",
                    "empréstimo concedido por um banco",
                ],
            ),
            (
                "sale_on_credit",
                &["sale on credit", "venda a crédito", "信用供与による"],
            ),
            (
                // `債務者若しくはその関係者の収入、売上げ、所得、利得...を基礎として算定される
                // 利子`: interest that depends on the debtor's receipts or profits.
                "contingent_interest",
                &["を基礎として算定される利子"],
            ),
            (
                "export_credit",
                // The word stem in the languages agencies are named in: a loan "made,
                // guaranteed or insured by" an export agency is named by the clause itself.
                &["export", "exporta", "eksport"],
            ),
            (
                // `...機関によって保証された債権、これらによって保険の引受けが行われた債権又は
                // これらによる間接融資に係る債権`: debt the State guarantees, insures or
                // finances indirectly.
                "government_guaranteed",
                &["保証された債権", "保険の引受けが行われた債権"],
            ),
            ("indirect_financing", &["間接融資に係る債権"]),
            (
                "late_payment_penalty",
                &["penalty", "penalties", "late payment", "multa"],
            ),
        ],
        _ => &[],
    };
    let mut classes: Vec<&'static str> = checks
        .iter()
        .filter(|(_, phrases)| phrases.iter().any(|p| clause.contains(p)))
        .map(|(class, _)| *class)
        .collect();
    // Indirect financing listed with guaranteed and insured debt is part of that class.
    if classes.contains(&"government_guaranteed") {
        classes.retain(|c| *c != "indirect_financing");
    }
    classes
}

fn holding_basis(after: &str) -> &'static str {
    let after = lower(after);
    if after.contains("voting") || after.contains("votos") || after.contains("議決権") {
        "voting_power"
    } else if after.contains("capital") || after.contains("資本") {
        "capital"
    } else if after.contains("value") || after.contains("valor") {
        "value"
    } else {
        "shares"
    }
}

/// The basis of a holding percentage: named after the number in English and Portuguese
/// ("25 per cent of the capital"), before it in Japanese (`議決権のある株式の十パーセント`).
fn holding_basis_around(before: &str, after: &str) -> &'static str {
    let japanese = after
        .chars()
        .find(|c| !c.is_whitespace())
        .is_some_and(|c| c >= '\u{3040}');
    if !japanese {
        return holding_basis(after);
    }
    let start = before.char_indices().rev().nth(25).map_or(0, |(i, _)| i);
    // A marker dropped into a word (`議(a)決権`) does not hide it.
    let near: String = MARKER_IN_WORD
        .replace_all(&before[start..], "")
        .into_owned();
    if near.contains("議決権") {
        "voting_power"
    } else if near.contains("資本") {
        "capital"
    } else {
        holding_basis(after)
    }
}

/// `(a)`, `(1)` dropped into the middle of a Japanese word by PDF extraction.
static MARKER_IN_WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\((?:[a-z]{1,4}|[0-9]{1,2})\)").unwrap());

/// About forty characters of text on each side of a span, where the words that tell a
/// holding from a rate stand.
fn words_around(text: &str, span: Range<usize>) -> (&str, &str) {
    let before_start = text[..span.start]
        .char_indices()
        .rev()
        .nth(40)
        .map_or(0, |(i, _)| i);
    let after_end = text[span.end..]
        .char_indices()
        .nth(40)
        .map_or(text.len(), |(i, _)| span.end + i);
    (&text[before_start..span.start], &text[span.end..after_end])
}

/// One row per beneficiary when a tier names alternatives ("if the beneficial owner is a
/// pension fund or a company which holds at least 10 per cent of the capital"): the holding
/// conditions only the company.
fn alternatives(conditions: Conditions, clause: &str) -> Vec<Conditions> {
    let owners = beneficial_owners(clause);
    let lowered = lower(clause);
    let joined_by_or =
        lowered.contains(" or ") || lowered.contains(" ou ") || clause.contains("又は");
    let others: Vec<&str> = owners
        .iter()
        .copied()
        .filter(|o| matches!(*o, "pension_fund" | "government" | "central_bank"))
        .collect();
    let has_company = owners
        .iter()
        .any(|o| matches!(*o, "company" | "company_not_partnership"));
    if !joined_by_or || others.is_empty() || !has_company || conditions.min_holding.is_none() {
        return vec![conditions];
    }
    let company = owners
        .iter()
        .copied()
        .find(|o| matches!(*o, "company_not_partnership" | "company"))
        .unwrap_or("company");
    let mut result = vec![Conditions {
        beneficial_owner: Some(company.to_string()),
        ..conditions.clone()
    }];
    for other in others {
        result.push(Conditions {
            beneficial_owner: Some(other.to_string()),
            min_holding: None,
            max_holding: None,
            holding_period: None,
            ..conditions.clone()
        });
    }
    result
}

/// `議決権のある株式又は発行済株式の少なくとも十パーセント`: a holding of either voting shares
/// or issued shares qualifies, so the tier has one row per basis.
fn either_basis(variants: Vec<Conditions>, clause: &str) -> Vec<Conditions> {
    static EITHER: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"議決権のある株式又は(?:その)?(?:発行済株式|発行した全株式)").unwrap()
    });
    if !EITHER.is_match(&MARKER_IN_WORD.replace_all(clause, "")) {
        return variants;
    }
    let mut result = Vec::new();
    for conditions in variants {
        let voting = conditions
            .min_holding
            .as_ref()
            .is_some_and(|h| h.basis == "voting_power");
        result.push(conditions.clone());
        if voting {
            let mut shares = conditions;
            if let Some(holding) = shares.min_holding.as_mut() {
                holding.basis = "shares".to_string();
            }
            result.push(shares);
        }
    }
    result
}

/// True when a holding percentage is an upper bound ("but less than 25 per cent").
fn is_upper_bound(before: &str, after: &str) -> bool {
    let before = lower(before);
    let before = before.trim_end();
    [
        "less than",
        "below",
        "not more than",
        "no more than",
        "menos de",
        "inferior a",
    ]
    .iter()
    .any(|cue| before.ends_with(cue))
        || after.trim_start().starts_with("未満")
}

/// True when a percentage in a rate article is a test a person must pass (a limitation on
/// benefits: "no more than 50 per cent of its gross income", "more than 50 per cent of its
/// liabilities"), not a rate: rates are "of the gross amount", never "more than".
fn is_comparison(before: &str, after: &str) -> bool {
    let before = lower(before);
    let before = before.trim_end();
    let after = lower(after);
    let after = after.trim_start();
    if after.starts_with("of the gross amount") || after.starts_with("do montante bruto") {
        return false;
    }
    // Japanese puts the comparison after the number: `五十パーセントを超える部分` is a
    // test, `十パーセントを超えない` a cap.
    // `十五パーセントを超える率の租税を課することができない` (no tax at a rate above 15 per
    // cent) is a cap too.
    let japanese_test = (after.starts_with("を超える") || after.starts_with("をこえる"))
        && !after.starts_with("を超えない")
        && !after.starts_with("をこえない")
        && !after.starts_with("を超える率")
        && !after.starts_with("をこえる率");
    japanese_test
        || ["more than", "less than", "mais de", "menos de"]
            .iter()
            .any(|cue| before.ends_with(cue))
        || ["of its ", "of their ", "dos seus ", "das suas "]
            .iter()
            .any(|cue| after.starts_with(cue))
}

/// True when a percentage measures a holding rather than a tax rate.
fn is_holding(before: &str, after: &str) -> bool {
    let before = lower(before);
    let after = lower(after);
    let before_cues = [
        "at least",
        "not less than",
        "pelo menos",
        "no mínimo",
        "holds",
        "holding",
        "detenha",
        "detiver",
        "possua",
        "own",
        "少なくとも",
    ];
    let after_cues = [
        "of the capital",
        "of the voting",
        "of the shares",
        "do capital",
        "dos votos",
        "das ações",
        "以上",
        "of the value",
        "do valor",
    ];
    before_cues.iter().any(|cue| {
        before.ends_with(cue)
            || before.trim_end().ends_with(cue)
            || before.rsplit(' ').take(4).any(|w| w == *cue)
    }) || after_cues
        .iter()
        .any(|cue| after.trim_start().starts_with(cue) || after.starts_with(cue))
}

fn measure_for(topic: Topic, unit: &Unit, clause: &str) -> &'static str {
    let clause = lower(clause);
    let has = |words: &[&str]| words.iter().any(|w| clause.contains(w));
    match topic {
        Topic::PermanentEstablishment => {
            // `使用人その他の職員を通じてコンサルタントの役務又は...工事に係る契約に関連する
            // 監督の役務を提供する場合`: services furnished through employees, even in
            // connection with a construction contract.
            if has(&["使用人その他の職員"]) && has(&["役務を提供", "役務の提供"])
            {
                "pe_services"
            } else if has(&[
                "building site",
                "construction",
                "installation",
                "assembly",
                "obra",
                "estaleiro",
                "construção",
                "montagem",
                "建設",
                "据付け",
                "据付",
                "組立",
                "工事現場",
            ]) {
                "pe_construction"
            } else if has(&["services", "serviços", "役務"]) {
                "pe_services"
            } else {
                "pe_other"
            }
        }
        Topic::Employment | Topic::IndependentPersonalServices => {
            if *unit == Unit::Days {
                "employment_days"
            } else {
                "employment_period"
            }
        }
        Topic::CapitalGains => match unit {
            Unit::Percent => "land_rich_share",
            _ if has(&["preceding", "anteriores", "前"]) => "land_rich_lookback",
            _ => "other",
        },
        Topic::TeachersResearchers => "teacher_stay",
        Topic::Students => match unit {
            Unit::Currency(_) => "student_amount",
            _ => "student_stay",
        },
        Topic::Dividends | Topic::Interest | Topic::Royalties => match unit {
            Unit::Percent => "min_holding",
            _ if unit.is_duration() => "holding_period",
            _ => "other",
        },
        Topic::MutualAgreement | Topic::AssociatedEnterprises => "time_limit",
        Topic::EntryIntoForce => "entry_into_force",
        Topic::Termination => match unit {
            Unit::Years => "earliest_termination",
            _ => "notice_period",
        },
        _ => "other",
    }
}

/// The measure of a Japanese threshold where the words next to the number tell more than the
/// article's topic, `None` to leave it to [`measure_for`].
fn japanese_measure(
    topic: Topic,
    unit: &Unit,
    before: &str,
    after: &str,
    clause: &str,
) -> Option<&'static str> {
    let near = |words: &[&str]| {
        words
            .iter()
            .any(|w| before.contains(w) || after.contains(w))
    };
    match topic {
        // A percentage in the permanent-establishment article (`受益に関する持分の五十パーセン
        // トを超える`, closely related enterprises) is no duration.
        Topic::PermanentEstablishment if *unit == Unit::Percent => Some("other"),
        // The land-rich share is of the value (`価値`) that immovable property (`不動産`) makes
        // up; `同種の株式等の総数の五パーセント以下` (listed shares) and the like are not.
        Topic::CapitalGains if *unit == Unit::Percent => Some(if near(&["不動産", "価値"]) {
            "land_rich_share"
        } else {
            "other"
        }),
        // `当該譲渡に先立つ三百六十五日の期間`: the land-rich test's look-back; a number of
        // years before a gain (`先立つ十年の間`, former residents) is not it.
        Topic::CapitalGains if unit.is_duration() => {
            let lookback = clause.contains("先立つ") || clause.contains("前");
            Some(
                if lookback && (*unit != Unit::Years || clause.contains("不動産")) {
                    "land_rich_lookback"
                } else {
                    "other"
                },
            )
        }
        // `十二箇月の期間を通じて...要件を満たす`, `十二箇月の期間の総日数の半数以上の日において`:
        // how long an ownership test must have been met.
        Topic::EntitlementToBenefits if *unit == Unit::Months => Some(
            if after.trim_start().starts_with("の期間を通じ") || after.contains("総日数の半数以上")
            {
                "holding_period"
            } else {
                "other"
            },
        ),
        // Interest and royalties have no holding periods (`直前の三課税年度において`).
        Topic::Interest | Topic::Royalties if unit.is_duration() => Some("other"),
        // The 183-day rule counts days in months; a number of years is some other limit.
        Topic::Employment if *unit == Unit::Years => Some("other"),
        _ => None,
    }
}

/// Rates and thresholds of one paragraph of an article with the given topic.
///
/// `siblings` are the article's paragraphs, for clauses that refer to another paragraph
/// ("royalties within the meaning of subparagraph a) of paragraph 3").
pub fn paragraph_findings(
    paragraph: &Paragraph,
    siblings: &[Paragraph],
    topic: Topic,
    lang: Lang,
) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let mut findings: Vec<Finding> = Vec::new();
    let quantities = find_quantities(text, lang);
    for quantity in &quantities {
        if lang == Lang::Ja && is_back_reference(&text[..quantity.span.start]) {
            continue;
        }
        let (subparagraph, clause) = clause_around(text, paragraph, quantity.span.start, lang);
        let clause_text = &text[clause.clone()];
        let (before, after) = words_around(text, quantity.span.clone());
        // A Japanese item's rate sentence may leave the permanent establishment to the
        // sentence before it in the same item (`この(a)に規定する税の額は...`).
        let item_text = (lang == Lang::Ja)
            .then(|| {
                paragraph.subparagraphs.iter().rev().find(|s| {
                    s.local.start <= quantity.span.start && quantity.span.start < s.local.end
                })
            })
            .flatten()
            .map(|s| &text[s.local.start..s.local.end.min(text.len())]);
        let branch = is_branch_clause(clause_text)
            || item_text
                .is_some_and(|item| is_branch_clause(item) && !clause_text.contains("配当"));
        let mut conditions = Conditions::default();
        let holding = quantity.unit == Unit::Percent && is_holding(before, after);
        let comparison = quantity.unit == Unit::Percent
            && !holding
            && is_rate_topic(topic)
            && is_comparison(before, after);
        let kind = if quantity.unit == Unit::Percent
            && !holding
            && !comparison
            && (is_rate_topic(topic) || (branch && topic != Topic::EntitlementToBenefits))
        {
            "rate"
        } else {
            "threshold"
        };
        if kind == "rate" {
            let referenced = referenced_text(clause_text, siblings);
            fill_rate_conditions(
                &mut conditions,
                clause_text,
                &referenced,
                text,
                topic,
                branch,
                &quantities,
                quantity.span.clone(),
            );
        } else if comparison {
            conditions.measure = Some("other".to_string());
        } else if holding && is_rate_topic(topic) && is_upper_bound(before, after) {
            conditions.measure = Some("max_holding".to_string());
        } else {
            let japanese = (lang == Lang::Ja)
                .then(|| japanese_measure(topic, &quantity.unit, before, after, clause_text))
                .flatten();
            conditions.measure = Some(
                japanese
                    .unwrap_or_else(|| measure_for(topic, &quantity.unit, clause_text))
                    .to_string(),
            );
        }
        // "50 per cent of the rate mentioned in subparagraph a) of paragraph 2": a rate
        // stated relative to another; its value is derived from the rate referred to.
        let mut value = quantity.value_text.clone();
        let mut derived = None;
        let mut kind = kind;
        if kind == "rate" && is_relative_rate(after) {
            match referenced_rate(clause_text, siblings, lang) {
                Some(base) => {
                    let product = quantity.value * base / 100.0;
                    derived = Some(format!(
                        "{} per cent of the {} per cent rate the clause refers to",
                        quantity.value_text,
                        plain_decimal(base)
                    ));
                    value = plain_decimal(product);
                }
                None => {
                    kind = "threshold";
                    conditions = Conditions {
                        measure: Some("relative_rate".to_string()),
                        ..Conditions::default()
                    };
                }
            }
        }
        // "c) 5 per cent ... if the beneficial owner of the dividends is: (i) a company ...
        // which holds at least 10 per cent ...; (ii) a pension fund": one row per item.
        let nested = if kind == "rate" && clause_text.trim_end().ends_with(':') && !branch {
            nested_items(paragraph, &clause, text)
        } else {
            Vec::new()
        };
        let variants = if !nested.is_empty() {
            nested
                .iter()
                .flat_map(|item| {
                    let mut item_conditions = Conditions::default();
                    let item_text = &text[item.clone()];
                    fill_rate_conditions(
                        &mut item_conditions,
                        item_text,
                        "",
                        text,
                        topic,
                        false,
                        &quantities,
                        quantity.span.clone(),
                    );
                    if let Some(owner) = first_named_owner(item_text) {
                        item_conditions.beneficial_owner = Some(owner.to_string());
                    }
                    either_basis(vec![item_conditions], item_text)
                })
                .collect()
        } else if kind == "rate" {
            either_basis(alternatives(conditions, clause_text), clause_text)
        } else {
            vec![conditions]
        };
        for conditions in variants {
            findings.push(Finding {
                subparagraph: subparagraph.clone(),
                kind,
                value: value.clone(),
                unit: quantity.unit.as_str().to_string(),
                conditions,
                local: quantity.span.clone(),
                clause: clause.clone(),
                confidence: if quantity.unit_inferred || (kind == "rate" && !is_rate_topic(topic)) {
                    0.6
                } else {
                    0.9
                },
                unit_inferred: quantity.unit_inferred,
                topic,
                derived: derived.clone(),
            });
        }
    }
    let source_may_tax = topic == Topic::OtherIncome
        && siblings
            .iter()
            .any(|p| JA_SOURCE_MAY_ALSO_TAX.is_match(&p.text));
    if is_rate_topic(topic) && !source_may_tax {
        findings.extend(exemptions(paragraph, topic, lang));
    }
    // Japanese counts periods by ordinals in any provision (`効力を生ずる暦年の後十五年目の
    // 年`, tax sparing); in other languages an ordinal day outside these articles is a date.
    if matches!(topic, Topic::EntryIntoForce | Topic::Termination)
        || (lang == Lang::Ja && !is_rate_topic(topic))
    {
        findings.extend(ordinal_day_periods(paragraph, topic, lang));
    }
    for finding in &mut findings {
        let clause = &text[finding.clause.clone()];
        finding.topic = tier_topic(topic, clause);
        if finding.topic == Topic::TechnicalServices {
            finding
                .conditions
                .income
                .retain(|c| c != "technical_services");
        }
        if finding.kind == "rate" && is_most_favoured_nation(clause) {
            finding.conditions.trigger = Some("most_favoured_nation".to_string());
        }
    }
    // One row per distinct claim in a clause: a number repeated by the same clause is one row,
    // the same number stated by two sentences is two.
    let mut unique: Vec<Finding> = Vec::new();
    for finding in findings {
        let duplicate = unique.iter().any(|u| {
            u.clause == finding.clause
                && u.subparagraph == finding.subparagraph
                && u.kind == finding.kind
                && u.value == finding.value
                && u.unit == finding.unit
                && u.conditions == finding.conditions
        });
        if !duplicate {
            unique.push(finding);
        }
    }
    unique
}

/// Japanese `当該六箇月の期間` ("the said six months"): a number named again after `当該`
/// refers back to a threshold stated before, so it is not a threshold of its own.
fn is_back_reference(before: &str) -> bool {
    before.trim_end().ends_with("当該")
}

#[allow(clippy::too_many_arguments)]
fn fill_rate_conditions(
    conditions: &mut Conditions,
    clause: &str,
    referenced: &str,
    paragraph_text: &str,
    topic: Topic,
    branch: bool,
    quantities: &[treaty_numbers::Quantity],
    rate_span: Range<usize>,
) {
    let lowered = lower(clause);
    let other_cases = [
        "all other cases",
        "in all other",
        "nos demais casos",
        "nos restantes casos",
        "em todos os outros casos",
        "em todos os demais casos",
        "その他のすべての場合",
    ];
    if branch {
        conditions.income.push("branch_profits".to_string());
        return;
    }
    if other_cases.iter().any(|c| lowered.contains(c)) {
        return;
    }
    let owners = beneficial_owners(clause);
    if topic == Topic::Dividends
        || lowered.contains("beneficial owner")
        || lowered.contains("beneficiário efetivo")
        || lowered.contains("beneficiário efectivo")
        || clause.contains("受益者")
    {
        conditions.beneficial_owner = owners.first().map(|s| s.to_string());
    }
    // A holding percentage in the same clause conditions this rate.
    let clause_start = paragraph_text.find(clause).unwrap_or(0);
    for other in quantities {
        if other.span == rate_span || other.unit != Unit::Percent {
            continue;
        }
        if other.span.start < clause_start || other.span.end > clause_start + clause.len() {
            continue;
        }
        let (before, after) = words_around(paragraph_text, other.span.clone());
        if is_holding(before, after) {
            let holding = Holding {
                percent: other.value_text.clone(),
                basis: holding_basis_around(before, after).to_string(),
            };
            if is_upper_bound(before, after) {
                conditions.max_holding = Some(holding);
            } else if conditions.min_holding.is_none() {
                conditions.min_holding = Some(holding);
            }
        }
    }
    // "at least 10 per cent but less than 25 per cent of the capital": one basis for both.
    if let (Some(min), Some(max)) = (&mut conditions.min_holding, &conditions.max_holding) {
        if min.basis == "shares" {
            min.basis = max.basis.clone();
        }
    }
    for other in quantities {
        if other.unit.is_duration()
            && other.span.start >= clause_start
            && other.span.end <= clause_start + clause.len()
        {
            conditions.holding_period =
                Some(format!("{}{}", other.value_text, other.unit.as_str()));
        }
    }
    // Classes named in the clause, or in the paragraph the clause refers to.
    let mut classes = income_classes(clause, topic);
    if classes.is_empty() && !referenced.is_empty() {
        classes = income_classes(referenced, topic);
    }
    conditions.income = classes.into_iter().map(str::to_string).collect();
}

static PARAGRAPH_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)subparagraph\s+\(?([a-z])\)?\s+of\s+paragraph\s+(\d+)|alínea\s+\(?([a-z])\)?\s+do\s+(?:n\.º|parágrafo|número|n\.o)\s*(\d+)").unwrap()
});

/// The text of the subparagraph a clause refers to, empty when it refers to none.
fn referenced_text(clause: &str, siblings: &[Paragraph]) -> String {
    let Some(captures) = PARAGRAPH_REFERENCE.captures(clause) else {
        return String::new();
    };
    let label = captures
        .get(1)
        .or(captures.get(3))
        .map_or("", |m| m.as_str())
        .to_lowercase();
    let number = captures
        .get(2)
        .or(captures.get(4))
        .map_or("", |m| m.as_str());
    siblings
        .iter()
        .find(|p| p.number == number)
        .and_then(|p| {
            p.subparagraphs
                .iter()
                .find(|sub| sub.label == label)
                .map(|sub| p.text[sub.local.start..sub.local.end.min(p.text.len())].to_string())
        })
        .unwrap_or_default()
}

/// Phrases that name fees for technical services, a class of income some treaties tax at a
/// rate of its own, in the royalties article or an article of its own.
const TECHNICAL_FEES: &[&str] = &[
    "technical services",
    "technical fees",
    "fees for technical",
    "managerial, technical or consultancy",
    "serviços técnicos",
    "技術上の役務",
];
const ROYALTIES: &[&str] = &["royalt", "direitos de autor", "使用料"];

/// The topic of a tier of a royalties or technical-services article: the class of income its
/// clause names when it names one of the two only, else the article's.
fn tier_topic(topic: Topic, clause: &str) -> Topic {
    if !matches!(topic, Topic::Royalties | Topic::TechnicalServices) {
        return topic;
    }
    let lowered = lower(clause);
    let technical = TECHNICAL_FEES.iter().any(|p| lowered.contains(p));
    let royalties = ROYALTIES.iter().any(|p| lowered.contains(p));
    match (technical, royalties) {
        (true, false) => Topic::TechnicalServices,
        (false, true) => Topic::Royalties,
        _ => topic,
    }
}

/// A most-favoured-nation clause: a rate that applies only if a State agrees a lower one with
/// a third State ("if ... agrees in a convention with a third State to a lower rate").
fn is_most_favoured_nation(clause: &str) -> bool {
    let lowered = lower(clause);
    let third_state = [
        "third state",
        "terceiro estado",
        "third country",
        "terceiro país",
    ]
    .iter()
    .any(|p| lowered.contains(p))
        || clause.contains("第三国");
    let lower_rate = [
        "lower",
        "reduced",
        "more favourable",
        "inferior",
        "reduzid",
        "mais favorável",
    ]
    .iter()
    .any(|p| lowered.contains(p))
        || clause.contains("低い")
        || clause.contains("軽減");
    third_state && lower_rate
}

/// A value as the dataset prints it: `2.5`, `10`.
fn plain_decimal(value: f64) -> String {
    format!("{}", (value * 10_000.0).round() / 10_000.0)
}

/// True when the words after a percentage make it a share of another rate ("50 per cent of
/// the rate", "da taxa"), not a rate of its own.
fn is_relative_rate(after: &str) -> bool {
    let after = lower(after);
    let after = after.trim_start();
    [
        "of the percentage",
        "of the rate",
        "of the tax rate",
        "da taxa",
        "da percentagem",
        "do percentual",
    ]
    .iter()
    .any(|p| after.starts_with(p))
}

/// The rate (in per cent) of the subparagraph a clause refers to, when it states one.
fn referenced_rate(clause: &str, siblings: &[Paragraph], lang: Lang) -> Option<f64> {
    let referenced = referenced_text(clause, siblings);
    find_quantities(&referenced, lang)
        .into_iter()
        .find(|q| {
            q.unit == Unit::Percent && {
                let (before, after) = words_around(&referenced, q.span.clone());
                !is_holding(before, after) && !is_comparison(before, after)
            }
        })
        .map(|q| q.value)
}

/// True when a rate caps the tax on the profits of a permanent establishment (a branch
/// profits tax) rather than on dividends, interest or royalties.
fn is_branch_clause(clause: &str) -> bool {
    let lowered = lower(clause);
    let mentions_establishment = [
        "permanent establishment",
        "estabelecimento permanente",
        "estabelecimento estável",
        "branch",
        "sucursal",
    ]
    .iter()
    .any(|w| lowered.contains(w))
        || clause.contains("恒久的施設")
        || clause.contains("支店")
        // `この付加的な租税の額は...十パーセントを超えない`: the additional (branch) tax.
        || clause.contains("付加的な租税");
    let about_distributions = [
        "of the dividends",
        "dos dividendos",
        "of the interest",
        "dos juros",
        "of the royalties",
        "das royalties",
    ]
    .iter()
    .any(|w| lowered.contains(w))
        || clause.contains("配当の額")
        || clause.contains("利子の額")
        || clause.contains("使用料の額");
    mentions_establishment && !about_distributions
}

/// The text of each listed item after `from`, for labels whose markers stand after their
/// item's text (Japanese PDF text): the last `(b)` ends item (b), which starts after the
/// marker before it; item (a) runs from `from` to the start of item (b).
fn japanese_list_items(text: &str, from: usize, labels: &[String]) -> Vec<(String, Range<usize>)> {
    let markers: Vec<(String, Range<usize>)> = subparagraph_markers(&text[from..])
        .into_iter()
        .map(|(label, range)| (label, from + range.start..from + range.end))
        .collect();
    let mut items = Vec::new();
    let mut end = text.len();
    for (index, label) in labels.iter().enumerate().rev() {
        let Some(position) = markers
            .iter()
            .rposition(|(l, r)| l == label && r.start < end)
        else {
            continue;
        };
        // The last item ends at its marker; an earlier one runs up to where the next begins.
        let item_end = if index + 1 == labels.len() {
            markers[position].1.start
        } else {
            end
        };
        let start = if index == 0 {
            from
        } else {
            markers[..position].last().map_or(from, |(_, r)| r.end)
        };
        if start < item_end {
            items.push((label.clone(), start..item_end));
        }
        end = start;
    }
    items.reverse();
    items
}

/// Conditions of one exempted tier: its beneficiary, holding and holding period; one variant
/// per basis when the holding may be measured on either (voting power or capital, depending
/// on which State the paying company is resident in).
fn tier_conditions(item: &str, topic: Topic, lang: Lang) -> Vec<Conditions> {
    let quantities = find_quantities(item, lang);
    let holding = quantities.iter().find(|q| {
        q.unit == Unit::Percent && {
            let (before, after) = words_around(item, q.span.clone());
            is_holding(before, after)
        }
    });
    let Some(holding) = holding else {
        return exemption_conditions(item, topic);
    };
    let lowered = lower(item);
    let mut bases: Vec<&str> = Vec::new();
    if lowered.contains("voting") || lowered.contains("votos") || item.contains("議決権") {
        bases.push("voting_power");
    }
    if lowered.contains("capital") || item.contains("資本") {
        bases.push("capital");
    }
    if bases.is_empty() {
        bases.push("shares");
    }
    let period = quantities
        .iter()
        .find(|q| q.unit.is_duration())
        .map(|q| format!("{}{}", q.value_text, q.unit.as_str()));
    let owner = beneficial_owners(item).first().map(|o| o.to_string());
    bases
        .into_iter()
        .map(|basis| Conditions {
            beneficial_owner: owner.clone(),
            min_holding: Some(Holding {
                percent: holding.value_text.clone(),
                basis: basis.to_string(),
            }),
            holding_period: period.clone(),
            ..Conditions::default()
        })
        .collect()
}

/// The conditions of an exempted class: one per beneficiary named (government, central bank,
/// pension fund, ...) and one for the income classes named, or a single empty one.
fn exemption_conditions(clause_text: &str, topic: Topic) -> Vec<Conditions> {
    let owners = beneficial_owners(clause_text);
    let mut classes: Vec<String> = income_classes(clause_text, topic)
        .into_iter()
        .map(str::to_string)
        .collect();
    // Interest "paid by" a State is interest on its debt, whoever owns it.
    if topic == Topic::Interest
        && PAID_BY_STATE.is_match(clause_text)
        && !classes.iter().any(|c| c == "government_debt")
    {
        classes.push("government_debt".to_string());
    }
    // The State, its central bank or its agencies that guarantee, insure or finance a debt
    // are not the interest's beneficiaries: the class of debt is the condition. Beneficiaries
    // are named only before it, in a clause of their own (`...が取得するもの及び...によって
    // 保証された債権に関し...`).
    let through_state = classes
        .iter()
        .any(|c| c == "government_guaranteed" || c == "indirect_financing");
    let owners = if through_state {
        let debt = ["保証された債権", "保険の引受け", "間接融資に係る債権"]
            .iter()
            .filter_map(|p| clause_text.find(p))
            .min()
            .unwrap_or(clause_text.len());
        let before = &clause_text[..debt];
        match ["もの及び", "もの並びに"]
            .iter()
            .filter_map(|p| before.rfind(p))
            .max()
        {
            Some(split) => beneficial_owners(&before[..split]),
            None => Vec::new(),
        }
    } else {
        owners
    };
    let mut variants: Vec<Conditions> = owners
        .iter()
        .filter(|o| !matches!(**o, "company" | "company_not_partnership" | "individual"))
        .map(|owner| Conditions {
            beneficial_owner: Some(owner.to_string()),
            ..Conditions::default()
        })
        .collect();
    if !classes.is_empty() {
        variants.push(Conditions {
            income: classes,
            ..Conditions::default()
        });
    }
    if variants.is_empty() {
        variants.push(Conditions::default());
    }
    variants
}

/// "On the thirtieth day after", "後三十日目の日": a period counted by an ordinal day, which
/// the quantity parser rightly leaves alone elsewhere (`the thirtieth day of June` is a date).
static ORDINAL_DAY_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:the\s+)?(?P<en>[a-z]+ieth|[a-z]+th|\d+(?:st|nd|rd|th))\s+day\s+(?:after|following|from)|(?:後|から)(?P<ja>[〇一二三四五六七八九十百千]+)(?P<ja_unit>日|箇月|年)目|(?P<pt>trigésimo|sexagésimo|nonagésimo|\d+º)\s+dia\s+(?:após|seguinte|a contar)").unwrap()
});

fn ordinal_value(word: &str) -> Option<u64> {
    let word = word.to_lowercase();
    let digits: String = word.chars().take_while(|c| c.is_ascii_digit()).collect();
    if !digits.is_empty() {
        return digits.parse().ok();
    }
    let known = [
        ("fifteenth", 15),
        ("twentieth", 20),
        ("thirtieth", 30),
        ("fortieth", 40),
        ("fiftieth", 50),
        ("sixtieth", 60),
        ("ninetieth", 90),
        ("trigésimo", 30),
        ("sexagésimo", 60),
        ("nonagésimo", 90),
    ];
    known
        .iter()
        .find(|(name, _)| *name == word)
        .map(|(_, value)| *value)
}

fn ordinal_day_periods(paragraph: &Paragraph, topic: Topic, lang: Lang) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let mut findings = Vec::new();
    for captures in ORDINAL_DAY_AFTER.captures_iter(text) {
        let value = if let Some(japanese) = captures.name("ja") {
            treaty_numbers::parse_kanji_number(japanese.as_str())
        } else {
            captures
                .name("en")
                .or(captures.name("pt"))
                .and_then(|m| ordinal_value(m.as_str()))
        };
        let (Some(value), Some(number)) = (
            value,
            captures
                .name("ja")
                .or(captures.name("en"))
                .or(captures.name("pt")),
        ) else {
            continue;
        };
        // `後三箇月目の月` (the third month after), `後十五年目の年` (the fifteenth year after).
        let unit = match captures.name("ja_unit").map(|m| m.as_str()) {
            Some("箇月") => Unit::Months,
            Some("年") => Unit::Years,
            _ => Unit::Days,
        };
        let (subparagraph, clause) = clause_around(text, paragraph, number.start(), lang);
        findings.push(Finding {
            subparagraph,
            kind: "threshold",
            value: value.to_string(),
            unit: unit.as_str().to_string(),
            conditions: Conditions {
                measure: Some(measure_for(topic, &unit, &text[clause.clone()]).to_string()),
                ..Conditions::default()
            },
            local: number.range(),
            clause,
            confidence: 0.8,
            unit_inferred: false,
            topic,
            derived: None,
        });
    }
    findings
}

/// The items of a list nested in the subparagraph `clause` (roman numerals after a
/// lettered item: `a) ... paid to: (i) ...; (ii) ...`), as ranges of the paragraph's text.
fn nested_items(paragraph: &Paragraph, clause: &Range<usize>, text: &str) -> Vec<Range<usize>> {
    let subs = &paragraph.subparagraphs;
    let Some(index) = subs.iter().position(|s| s.local.start == clause.start) else {
        return Vec::new();
    };
    let is_roman =
        |label: &str| !label.is_empty() && label.bytes().all(|b| matches!(b, b'i' | b'v' | b'x'));
    if is_roman(&subs[index].label) {
        return Vec::new();
    }
    subs[index + 1..]
        .iter()
        .take_while(|s| is_roman(&s.label))
        .map(|s| s.local.start..s.local.end.min(text.len()))
        .collect()
}

/// Rates of 0: clauses that leave the source State no right to tax.
fn exemptions(paragraph: &Paragraph, topic: Topic, lang: Lang) -> Vec<Finding> {
    let text = paragraph.text.as_str();
    let mut findings = Vec::new();
    let mut matches: Vec<Range<usize>> = EXEMPTION.find_iter(text).map(|m| m.range()).collect();
    matches.extend(JA_EXEMPTION.find_iter(text).map(|m| m.range()));
    for captures in NAMED_STATE_ONLY.captures_iter(text) {
        let whole = captures.get(0).unwrap();
        let state = captures
            .get(1)
            .or(captures.get(2))
            .map_or("", |m| m.as_str());
        let (_, clause) = clause_around(text, paragraph, whole.start(), lang);
        // Whitespace folded: the source may wrap the line inside "resident of Canada".
        let clause_text = text[clause]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let residence = [
            format!("resident of {state}"),
            format!("residente do {state}"),
            format!("residente da {state}"),
        ];
        if residence.iter().any(|r| clause_text.contains(r.as_str())) {
            matches.push(whole.range());
        }
    }
    // `クウェート内において生ずる利子であって、日本国の...年金基金が受益者であるものに対
    // しては、日本国においてのみ租税を課することができる`: a State named as the only one
    // that may tax income arising in the other.
    for captures in JA_NAMED_STATE_ONLY.captures_iter(text) {
        let whole = captures.get(0).unwrap();
        let state = &captures[1];
        let (_, clause) = clause_around(text, paragraph, whole.start(), lang);
        let arising_elsewhere = JA_ARISING_IN
            .captures_iter(&text[clause])
            .any(|c| !c[1].ends_with(state) && !state.ends_with(&c[1]));
        if !state.contains("締約") && arising_elsewhere {
            matches.push(whole.range());
        }
    }
    matches.sort_by_key(|m| m.start);
    matches.dedup();
    for found in RESIDENCE_ONLY
        .find_iter(text)
        .chain(JA_RESIDENCE_ONLY.find_iter(text))
    {
        let (_, clause) = clause_around(text, paragraph, found.start(), lang);
        let clause_text = &text[clause];
        if RESIDENT_SUBJECT.is_match(clause_text) && !SOURCE_SUBJECT.is_match(clause_text) {
            matches.push(found.range());
        }
    }
    let first_subparagraph = paragraph.subparagraphs.first().map(|s| s.local.start);
    let all_phrases = matches.clone();
    for phrase in matches {
        // Japanese PDF text drops the markers of the list that follows into the exempting
        // phrase itself (`にお(a) (b) いてのみ`): each of those labels is one exempted tier.
        if lang == Lang::Ja {
            let labels: Vec<String> = subparagraph_markers(&text[phrase.clone()])
                .into_iter()
                .map(|(label, _)| label)
                .collect();
            if !labels.is_empty() {
                for (label, range) in japanese_list_items(text, phrase.end, &labels) {
                    for conditions in tier_conditions(&text[range.clone()], topic, lang) {
                        findings.push(Finding {
                            subparagraph: label.clone(),
                            kind: "rate",
                            value: "0".to_string(),
                            unit: "percent".to_string(),
                            conditions,
                            local: phrase.clone(),
                            clause: range.clone(),
                            confidence: 0.7,
                            unit_inferred: false,
                            topic,
                            derived: None,
                        });
                    }
                }
                continue;
            }
        }
        // "...shall be taxable only in the other State if: (a) ...; (b) ...": the lead exempts,
        // each subparagraph names one class, so each gives its own row.
        // "(a) copyright royalties ...; and (b) royalties for software ...,\narising in a
        // Contracting State ... shall be taxable only in that other State": a closing line
        // after the last subparagraph applies to each of them.
        let last = paragraph.subparagraphs.last();
        // In a paragraph without line breaks (a source that lost them), a lead that ends with
        // a comma says the same: the sentence goes on after the list.
        // (when no item before the last states an exemption of its own).
        let lead_open = !text.trim_end().contains('\n')
            && first_subparagraph.is_some_and(|first| {
                text[..first].trim_end().ends_with(',')
                    && last.is_some_and(|sub| {
                        !all_phrases
                            .iter()
                            .any(|m| m.start > first && m.start < sub.local.start)
                    })
            });
        // The closing words stand on a line of their own: a line break that ends a clause
        // (not the source's wrapping inside the last item) comes between.
        let closing_line = last.is_some_and(|sub| {
            phrase.start > sub.local.start
                && (text[sub.local.start..phrase.start]
                    .match_indices('\n')
                    .any(|(i, _)| is_clause_break(text, sub.local.start + i))
                    || lead_open)
        });
        if closing_line || first_subparagraph.is_some_and(|first| phrase.start < first) {
            let lead = &text[..first_subparagraph.unwrap_or(0)];
            // Japanese introduces the list with `次の` ("the following"): `次のいずれかに該当
            // するものについては、...租税を免除する。(a) ...`.
            let japanese_list = lang == Lang::Ja && lead.contains("次の");
            if closing_line || lead.trim_end().ends_with(':') || japanese_list {
                let is_letter = |label: &str| label.len() == 1 && !matches!(label, "i" | "v" | "x");
                for (index, sub) in paragraph
                    .subparagraphs
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| is_letter(&s.label))
                {
                    // A Japanese item's own list (`(c) ...次のいずれかに該当する...居住者である
                    // 場合 (i) 銀行 (ii) 保険会社`) belongs to it.
                    let own_list_end = paragraph.subparagraphs[index + 1..]
                        .iter()
                        .take_while(|s| !is_letter(&s.label))
                        .map(|s| s.local.end)
                        .max();
                    let end = match own_list_end {
                        Some(list_end) if lang == Lang::Ja => list_end.max(sub.local.end),
                        _ => sub.local.end,
                    }
                    .min(text.len());
                    // The subparagraph's own lines, without a closing line that follows it
                    // (a line break where the source wrapped does not end the item).
                    // (Japanese items are cut where the segmenter says: their lines may
                    // start with the marker displaced after the first line.)
                    let end = if lang == Lang::Ja {
                        end
                    } else {
                        text[sub.local.start..end]
                            .match_indices('\n')
                            .map(|(i, _)| sub.local.start + i)
                            .find(|i| is_clause_break(text, *i))
                            .unwrap_or(end)
                    };
                    let clause = sub.local.start..end;
                    // A Japanese item may name several beneficiaries (`政府、...中央銀行又は
                    // ...機関`) or a holding (`...以上を所有する法人`): one row each.
                    let variants = if japanese_list {
                        tier_conditions(&text[clause.clone()], topic, lang)
                    } else {
                        exemption_conditions(&text[clause.clone()], topic)
                            .into_iter()
                            .take(1)
                            .collect()
                    };
                    for conditions in variants {
                        findings.push(Finding {
                            subparagraph: sub.label.clone(),
                            kind: "rate",
                            value: "0".to_string(),
                            unit: "percent".to_string(),
                            conditions,
                            local: phrase.clone(),
                            clause: clause.clone(),
                            confidence: 0.8,
                            unit_inferred: false,
                            topic,
                            derived: None,
                        });
                    }
                }
                continue;
            }
        }
        let (subparagraph, clause) = clause_around(text, paragraph, phrase.start, lang);
        let clause_text = &text[clause.clone()];
        // "a) interest ... shall be exempt ... if the interest is paid to: (i) the State ...;
        // (ii) the central bank; (iii) a financial institution ...": the items of the nested
        // list name the exempted beneficiaries of tier a).
        let nested = nested_items(paragraph, &clause, text);
        if clause_text.trim_end().ends_with(':') && !nested.is_empty() {
            for item in nested {
                let item_text = &text[item.clone()];
                let mut conditions = exemption_conditions(item_text, topic)
                    .into_iter()
                    .next()
                    .unwrap_or_default();
                if let Some(owner) = first_named_owner(item_text) {
                    conditions.beneficial_owner = Some(owner.to_string());
                }
                findings.push(Finding {
                    subparagraph: subparagraph.clone(),
                    kind: "rate",
                    value: "0".to_string(),
                    unit: "percent".to_string(),
                    conditions,
                    local: phrase.clone(),
                    clause: item,
                    confidence: 0.8,
                    unit_inferred: false,
                    topic,
                    derived: None,
                });
            }
            continue;
        }
        // "...shall not be taxed ... if the beneficial owner is a company which holds at
        // least 50 per cent of the capital": the holding conditions the exemption.
        let variants: Vec<Conditions> = tier_conditions(clause_text, topic, lang)
            .into_iter()
            .flat_map(|conditions| alternatives(conditions, clause_text))
            .collect();
        for conditions in variants {
            findings.push(Finding {
                subparagraph: subparagraph.clone(),
                kind: "rate",
                value: "0".to_string(),
                unit: "percent".to_string(),
                conditions,
                local: phrase.clone(),
                clause: clause.clone(),
                confidence: 0.8,
                unit_inferred: false,
                topic,
                derived: None,
            });
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use treaty_segment::{segment, Config};

    /// Every finding of the first treaty's versions, with its paragraph's number.
    fn findings(text: &str) -> Vec<(String, Finding)> {
        let (doc, _) = segment(text, &Config::default());
        let mut out = Vec::new();
        for version in &doc.treaties[0].versions {
            for article in &version.articles {
                for paragraph in &article.paragraphs {
                    for finding in paragraph_findings(
                        paragraph,
                        &article.paragraphs,
                        article.topic,
                        version.lang,
                    ) {
                        out.push((paragraph.number.clone(), finding));
                    }
                }
            }
        }
        out
    }

    fn rows(text: &str) -> Vec<(String, String, &'static str, String, String)> {
        findings(text)
            .into_iter()
            .map(|(paragraph, f)| {
                (
                    paragraph,
                    f.subparagraph,
                    f.kind,
                    format!("{} {}", f.value, f.unit),
                    f.conditions.flatten(),
                )
            })
            .collect()
    }

    #[test]
    fn dividend_tiers_with_holding_condition() {
        let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in the Contracting State of which the company paying the dividends is a resident, but if the beneficial owner of the dividends is a resident of the other Contracting State, the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company (other than a partnership) which holds directly at least 25 per cent of the capital of the company paying the dividends;\n(b) 15 per cent of the gross amount of the dividends in all other cases.\n";
        let got = rows(text);
        assert!(
            got.contains(&(
                "2".into(),
                "a".into(),
                "rate",
                "5 percent".into(),
                "beneficial_owner=company_not_partnership;min_holding=25%capital".into()
            )),
            "{got:?}"
        );
        assert!(
            got.contains(&(
                "2".into(),
                "a".into(),
                "threshold",
                "25 percent".into(),
                "measure=min_holding".into()
            )),
            "{got:?}"
        );
        assert!(
            got.contains(&(
                "2".into(),
                "b".into(),
                "rate",
                "15 percent".into(),
                "".into()
            )),
            "{got:?}"
        );
        assert_eq!(got.len(), 3, "{got:?}");
    }

    #[test]
    fn holding_ranges_and_benefit_tests_are_not_rates() {
        let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, the tax so charged shall not exceed:\n(a) 5 per cent of the gross amount of the dividends if the beneficial owner is a company which holds directly at least 25 per cent of the capital of the company paying the dividends;\n(b) 10 per cent of the gross amount of the dividends if the beneficial owner is a company which holds at least 10 per cent but less than 25 per cent of the capital of the company paying the dividends;\n(c) 15 per cent of the gross amount of the dividends in all other cases.\n3. A company is a qualified person if no more than 50 per cent of its gross income is paid to persons who are not residents.\n";
        let got = rows(text);
        let has = |p: &str, s: &str, kind: &str, value: &str, condition: &str| {
            got.contains(&(
                p.into(),
                s.into(),
                kind_of(kind),
                value.into(),
                condition.into(),
            ))
        };
        fn kind_of(kind: &str) -> &'static str {
            if kind == "rate" {
                "rate"
            } else {
                "threshold"
            }
        }
        assert!(
            has(
                "2",
                "b",
                "rate",
                "10 percent",
                "beneficial_owner=company;min_holding=10%capital;max_holding=25%capital"
            ),
            "{got:?}"
        );
        assert!(
            has("2", "b", "threshold", "25 percent", "measure=max_holding"),
            "{got:?}"
        );
        assert!(
            has("3", "", "threshold", "50 percent", "measure=other"),
            "{got:?}"
        );
        assert!(
            !got.iter().any(|row| row.0 == "3" && row.2 == "rate"),
            "{got:?}"
        );
    }

    #[test]
    fn exemption_for_government_is_rate_zero_but_source_state_only_is_not() {
        let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. Notwithstanding the provisions of paragraph 2, interest arising in a Contracting State and paid to the Government of the other Contracting State shall be taxable only in that other State.\n4. Interest arising in a Contracting State on government securities shall be taxable only in that State.\n";
        let got = rows(text);
        assert!(
            got.contains(&(
                "2".into(),
                "".into(),
                "rate",
                "10 percent".into(),
                "".into()
            )),
            "{got:?}"
        );
        assert!(
            got.contains(&(
                "3".into(),
                "".into(),
                "rate",
                "0 percent".into(),
                "beneficial_owner=government".into()
            )),
            "{got:?}"
        );
        assert!(!got.iter().any(|r| r.0 == "4"), "{got:?}");
    }

    #[test]
    fn entry_into_force_counted_by_an_ordinal_day() {
        let text = "Article 28\nEntry into force\n1. This Convention shall enter into force on the thirtieth day after the date of the later of the notifications.\nArticle 29\nTermination\n1. Either State may give notice on or before the thirtieth day of June in any calendar year.\n";
        let got = rows(text);
        assert!(
            got.contains(&(
                "1".into(),
                "".into(),
                "threshold",
                "30 days".into(),
                "measure=entry_into_force".into()
            )),
            "{got:?}"
        );
        assert_eq!(
            got.len(),
            1,
            "a date (the thirtieth day of June) is not a period: {got:?}"
        );
    }

    #[test]
    fn permanent_establishment_and_employment_thresholds() {
        let text = "Article 5\nPermanent establishment\n1. A building site or construction or installation project constitutes a permanent establishment only if it lasts more than twelve months.\nArticle 6\nIncome from employment\n1. Remuneration shall be taxable only in the first-mentioned State if the recipient is present in the other State for a period or periods not exceeding in the aggregate 183 days in any twelve month period.\n";
        let got = rows(text);
        assert!(
            got.contains(&(
                "1".into(),
                "".into(),
                "threshold",
                "12 months".into(),
                "measure=pe_construction".into()
            )),
            "{got:?}"
        );
        assert!(
            got.contains(&(
                "1".into(),
                "".into(),
                "threshold",
                "183 days".into(),
                "measure=employment_days".into()
            )),
            "{got:?}"
        );
        assert!(
            got.contains(&(
                "1".into(),
                "".into(),
                "threshold",
                "12 months".into(),
                "measure=employment_period".into()
            )),
            "{got:?}"
        );
    }

    /// (topic, paragraph, subparagraph, value unit, condition) of every rate row.
    fn topical_rates(text: &str) -> Vec<(&'static str, String, String, String, String)> {
        findings(text)
            .into_iter()
            .filter(|(_, f)| f.kind == "rate")
            .map(|(paragraph, f)| {
                (
                    f.topic.as_str(),
                    paragraph,
                    f.subparagraph,
                    format!("{} {}", f.value, f.unit),
                    f.conditions.flatten(),
                )
            })
            .collect()
    }

    #[test]
    fn technical_fee_tiers_of_a_royalties_article_get_their_own_topic() {
        let text = "Article 12\nRoyalties and fees for technical services\n1. Royalties and fees for technical services arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such royalties and fees for technical services may also be taxed in the Contracting State in which they arise, but if the beneficial owner is a resident of the other Contracting State, the tax so charged shall not exceed:\na) 7½ per cent of the gross amount of the royalties;\nb) 10 per cent of the gross amount of the fees for technical services.\n";
        let got = topical_rates(text);
        assert_eq!(
            got,
            vec![
                (
                    "royalties",
                    "2".into(),
                    "a".into(),
                    "7.5 percent".into(),
                    String::new()
                ),
                (
                    "technical_services",
                    "2".into(),
                    "b".into(),
                    "10 percent".into(),
                    String::new()
                ),
            ]
        );
    }

    #[test]
    fn a_rate_stated_as_a_share_of_another_is_derived_from_it() {
        let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in that State, but if the beneficial owner of the dividends is a resident of the other Contracting State, the tax so charged shall not exceed:\na) 10 per cent of the gross amount of the dividends if the beneficial owner is a company which holds directly at least 25 per cent of the capital of the company paying the dividends;\nb) 15 per cent of the gross amount of the dividends in all other cases.\n3. Where a company which is a resident of a Contracting State has a permanent establishment in the other Contracting State, the profits of the permanent establishment may be subjected to an additional tax in that other State, but the rate of such tax shall not exceed 50 per cent of the percentage mentioned in subparagraph a) of paragraph 2.\n";
        let got = topical_rates(text);
        assert!(
            got.contains(&(
                "dividends",
                "3".into(),
                String::new(),
                "5 percent".into(),
                "income=branch_profits".into()
            )),
            "{got:?}"
        );
        assert!(!got.iter().any(|row| row.3 == "50 percent"), "{got:?}");
    }

    #[test]
    fn a_relative_rate_whose_reference_is_not_found_is_not_a_rate() {
        let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. The profits of a permanent establishment may be subjected to an additional tax in that other State, but the rate of such tax shall not exceed 50 per cent of the rate mentioned in subparagraph a) of paragraph 2 of Article 10 of the Convention of 1970.\n";
        assert!(topical_rates(text).is_empty());
        let all = rows(text);
        assert!(
            all.contains(&(
                "2".into(),
                String::new(),
                "threshold",
                "50 percent".into(),
                "measure=relative_rate".into()
            )),
            "{all:?}"
        );
    }

    #[test]
    fn most_favoured_nation_rate_says_what_triggers_it() {
        let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. If after the signature of this Convention a Contracting State agrees in a convention with a third State to a rate of tax on interest lower than the rate provided for in paragraph 2, that lower rate shall apply for the purposes of this Convention, but it shall not be reduced below 5 per cent.\n";
        let got = topical_rates(text);
        assert!(
            got.contains(&(
                "interest",
                "2".into(),
                String::new(),
                "10 percent".into(),
                String::new()
            )),
            "{got:?}"
        );
        assert!(
            got.contains(&(
                "interest",
                "3".into(),
                String::new(),
                "5 percent".into(),
                "trigger=most_favoured_nation".into()
            )),
            "{got:?}"
        );
    }

    #[test]
    fn an_exemption_conditioned_on_a_holding_carries_it_and_its_alternative() {
        let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. Notwithstanding the provisions of paragraph 1, the Contracting State of which the company is a resident shall not levy a tax on dividends paid by that company to a company which is a resident of the other Contracting State and holds directly at least 5 per cent of the capital of the company paying the dividends, or to a pension fund, if the recipient is the beneficial owner of the dividends.\n";
        let got = topical_rates(text);
        assert!(
            got.contains(&(
                "dividends",
                "2".into(),
                String::new(),
                "0 percent".into(),
                "beneficial_owner=company;min_holding=5%capital".into()
            )),
            "{got:?}"
        );
        assert!(
            got.contains(&(
                "dividends",
                "2".into(),
                String::new(),
                "0 percent".into(),
                "beneficial_owner=pension_fund".into()
            )),
            "{got:?}"
        );
    }

    #[test]
    fn a_nested_list_names_the_beneficiaries_of_its_exempted_tier() {
        let text = "Article 11\nInterest\n1. Interest arising in a Contracting State and paid to a resident of the other Contracting State may be taxed in that other State.\n2. However, such interest may also be taxed in the Contracting State in which it arises, but the tax so charged shall not exceed 10 per cent of the gross amount of the interest.\n3. Notwithstanding the provisions of paragraph 2,\n\na) interest arising in the first State shall be exempt from Northern tax if the interest is paid to:\n\n(i) the State, a political subdivision or a local authority thereof;\n\n(ii) the National Bank (Central Bank);\n\n(iii)a financial institution owned or controlled by the Government of the other State;\n\nb)interest arising in a Contracting State on a loan granted by a bank of the other Contracting State shall be taxable only in that other State.\n";
        let got: Vec<(String, String)> = topical_rates(text)
            .into_iter()
            .filter(|row| row.3 == "0 percent")
            .map(|row| (row.2, row.4))
            .collect();
        assert_eq!(
            got,
            vec![
                ("a".to_string(), "beneficial_owner=government".to_string()),
                ("a".to_string(), "beneficial_owner=central_bank".to_string()),
                (
                    "a".to_string(),
                    "beneficial_owner=financial_institution".to_string()
                ),
                ("b".to_string(), "beneficial_owner=bank".to_string()),
                ("b".to_string(), "income=bank_loan".to_string()),
            ]
        );
    }

    #[test]
    fn older_drafting_of_an_exemption_is_a_rate_of_zero() {
        for clause in [
            "Royalties arising in a Contracting State and paid to a resident of the other Contracting State may be taxed only in that other State.",
            "Royalties arising in a Contracting State and paid to a resident of the other Contracting State shall be taxed only in the other Contracting State.",
            "Where royalties arising in a Contracting State are paid to a resident of the other Contracting State, no tax shall be levied on them in the first-mentioned State.",
            "Royalties arising in a Contracting State and paid to a resident of the other Contracting State should be exempt from tax in the first-mentioned State.",
        ] {
            let text = format!("Article 12\nRoyalties\n1. {clause}\n2. The term \"royalties\" means payments of any kind.\n");
            let got = topical_rates(&text);
            assert_eq!(
                got,
                vec![("royalties", "1".into(), String::new(), "0 percent".into(), String::new())],
                "{clause}"
            );
        }
    }

    #[test]
    fn a_rate_tier_whose_beneficiaries_are_a_nested_list_gives_a_row_each() {
        let text = "Article 10\nDividends\n1. Dividends paid by a company which is a resident of a Contracting State to a resident of the other Contracting State may be taxed in that other State.\n2. However, such dividends may also be taxed in that State, but the tax so charged shall not exceed:\na) 15 per cent of the gross amount of the dividends in all other cases;\nb) 5 per cent of the gross amount of the dividends, if the beneficial owner of the dividends is:\n(i) a company (other than a partnership) which holds directly at least 10 per cent of the capital of the company paying the dividends; or\n(ii) a pension fund.\n";
        let got = topical_rates(text);
        let tier_b: Vec<&str> = got
            .iter()
            .filter(|row| row.2 == "b")
            .map(|row| row.4.as_str())
            .collect();
        assert_eq!(
            tier_b,
            [
                "beneficial_owner=company_not_partnership;min_holding=10%capital",
                "beneficial_owner=pension_fund"
            ],
            "{got:?}"
        );
    }
}
