//! Whether a document holds what its conventions should: a convention (or a consolidated text
//! of one) without a dividend, interest or royalty rate, or with few of its articles, is
//! `incomplete`, and the reasons say what is missing, so an index of results never calls such a
//! document "ok".

use treaty_segment::Topic;

use treaty_schema::{DocumentReport, Instrument, Kind, Status, TreatyReport};

/// Fewer articles than this in a convention means most of them were not found: the model
/// conventions have 30 or 31, and the tax treaties drafted on them seldom fewer than 25.
const FEWEST_ARTICLES: usize = 20;

/// The incomes whose withholding rates every tax convention on the models caps.
const CAPPED_INCOMES: [Topic; 3] = [Topic::Dividends, Topic::Interest, Topic::Royalties];

/// Why the document is incomplete: one reason per missing piece, each naming its treaty; empty
/// when nothing is missing.
pub fn incomplete_reasons(report: &DocumentReport) -> Vec<String> {
    let mut reasons = Vec::new();
    for treaty in &report.treaties {
        if !matches!(
            treaty.instrument,
            Instrument::Convention | Instrument::Consolidated
        ) {
            continue;
        }
        // A convention on other matters (exchange of information, shipping) caps no rates.
        if !is_income_tax_convention(treaty) {
            continue;
        }
        let name = format!("treaty {} ({})", treaty.treaty, treaty.instrument.as_str());
        let articles = article_count(treaty);
        if articles < FEWEST_ARTICLES {
            // tidy: not language (a message read by people)
            reasons.push(format!(
                "{name}: {articles} articles found, where a convention has about 30"
            ));
        }
        for income in CAPPED_INCOMES {
            let has_rate = report.rows.iter().any(|row| {
                row.treaty == treaty.treaty
                    && row.topic == income
                    && row.kind == Kind::Rate
                    && row.status != Status::Superseded
            });
            if !has_rate {
                // tidy: not language (a message read by people)
                reasons.push(format!("{name}: no {} rate found", income.as_str()));
            }
        }
    }
    reasons
}

/// Whether any language version of the treaty has an article of the income-tax models'
/// business articles (permanent establishment, business profits, the capped incomes).
fn is_income_tax_convention(treaty: &TreatyReport) -> bool {
    treaty.versions.iter().any(|version| {
        version.articles.iter().any(|article| {
            matches!(
                article.topic,
                Topic::PermanentEstablishment | Topic::BusinessProfits
            ) || CAPPED_INCOMES.contains(&article.topic)
        })
    })
}

/// The articles of the treaty's fullest language version.
fn article_count(treaty: &TreatyReport) -> usize {
    treaty
        .versions
        .iter()
        .map(|version| version.articles.len())
        .max()
        .unwrap_or(0)
}
