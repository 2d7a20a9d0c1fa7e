//! Classes of income a clause names, and the topic of a tier of a mixed article.

use treaty_segment::Topic;

use super::text::lower;
use crate::schema::Income;

pub(super) fn income_classes(clause: &str, topic: Topic) -> Vec<Income> {
    let clause = lower(clause);
    let checks: &[(Income, &[&str])] = match topic {
        Topic::Royalties => &[
            (
                Income::Copyright,
                &[
                    "copyright",
                    "direitos de autor",
                    "direito de autor",
                    "著作権",
                ],
            ),
            (Income::Films, &["cinematograph", "films", "filmes", "映画"]),
            (
                Income::Software,
                &[
                    "software",
                    "computer program",
                    "programas de computador",
                    "ソフトウェア",
                ],
            ),
            (Income::Patents, &["patent", "patente", "特許"]),
            (
                Income::Trademarks,
                &["trade mark", "trademark", "marcas", "marca de", "商標"],
            ),
            (
                Income::Equipment,
                &[
                    "industrial, commercial or scientific equipment",
                    "equipamento",
                    "設備",
                ],
            ),
            (
                Income::KnowHow,
                &[
                    "information concerning industrial",
                    "know-how",
                    "informações relativas",
                    "informações respeitantes",
                    "経験に関する情報",
                ],
            ),
            (
                Income::TechnicalServices,
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
                Income::GovernmentDebt,
                &[
                    "paid by the government",
                    "paid to the government",
                    "government securities",
                    "títulos públicos",
                    "dívida pública",
                ],
            ),
            (
                Income::BankLoan,
                &[
                    "loan granted by a bank",
                    "empréstimo concedido por um banco",
                ],
            ),
            (
                Income::SaleOnCredit,
                &["sale on credit", "venda a crédito", "信用供与による"],
            ),
            (
                // `債務者若しくはその関係者の収入、売上げ、所得、利得...を基礎として算定される
                // 利子`: interest that depends on the debtor's receipts or profits.
                Income::ContingentInterest,
                &["を基礎として算定される利子"],
            ),
            (
                Income::ExportCredit,
                // The word stem in the languages agencies are named in: a loan "made,
                // guaranteed or insured by" an export agency is named by the clause itself.
                &["export", "exporta", "eksport"],
            ),
            (
                // `...機関によって保証された債権、これらによって保険の引受けが行われた債権又は
                // これらによる間接融資に係る債権`: debt the State guarantees, insures or
                // finances indirectly.
                Income::GovernmentGuaranteed,
                &["保証された債権", "保険の引受けが行われた債権"],
            ),
            (Income::IndirectFinancing, &["間接融資に係る債権"]),
            (
                Income::LatePaymentPenalty,
                &["penalty", "penalties", "late payment", "multa"],
            ),
        ],
        _ => &[],
    };
    let mut classes: Vec<Income> = checks
        .iter()
        .filter(|(_, phrases)| phrases.iter().any(|p| clause.contains(p)))
        .map(|(class, _)| *class)
        .collect();
    // Indirect financing listed with guaranteed and insured debt is part of that class.
    if classes.contains(&Income::GovernmentGuaranteed) {
        classes.retain(|c| *c != Income::IndirectFinancing);
    }
    classes
}

/// Phrases that name fees for technical services, a class of income some treaties tax at a
/// rate of its own, in the royalties article or an article of its own.
pub(super) const TECHNICAL_FEES: &[&str] = &[
    "technical services",
    "technical fees",
    "fees for technical",
    "managerial, technical or consultancy",
    "serviços técnicos",
    "技術上の役務",
];

pub(super) const ROYALTIES: &[&str] = &["royalt", "direitos de autor", "使用料"];

/// The topic of a tier of a royalties or technical-services article: the class of income its
/// clause names when it names one of the two only, else the article's.
pub(super) fn tier_topic(topic: Topic, clause: &str) -> Topic {
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
