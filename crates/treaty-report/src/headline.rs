//! A treaty's headline numbers as the pages show them: one figure per headline field of
//! `treaties.csv` (`treaty_schema::treaty_rows`), in words a reader scans, each naming the
//! row it came from. No markup here: the pages escape and link what this gives.

use treaty_schema::{Decimal, TreatyRow};

/// One headline figure of a treaty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Figure {
    /// What it is (`dividends, substantial holding`).
    pub label: &'static str,
    /// The value with its unit (`5 %`, `12 months`), empty when the treaty does not state it.
    pub value: String,
    /// Its conditions in words (`holding ≥ 10 % capital, for 365 days`), or empty.
    pub detail: String,
    /// The `row_id` of the row it came from, or empty.
    pub reference: String,
}

/// `value` with `unit` after it, or empty when there is no value.
fn with_unit(value: &str, unit: &str) -> String {
    match (value.trim(), unit.trim()) {
        ("", _) => String::new(),
        (value, "") => value.to_string(),
        (value, "percent" | "%") => format!("{value} %"),
        (value, unit) => format!("{value} {unit}"),
    }
}

/// A number of `treaties.csv` as text, empty when the treaty does not state it.
pub(crate) fn number(value: &Option<Decimal>) -> String {
    value.as_ref().map_or_else(String::new, ToString::to_string)
}

/// A text of `treaties.csv`, empty when the treaty does not state it.
pub(crate) fn text(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or_default()
}

/// A holding (`10`, `voting_power`) in words (`≥ 10 % voting power`); empty without a
/// percentage.
pub(crate) fn holding_words(percent: &Option<Decimal>, basis: &Option<String>) -> String {
    match percent {
        Some(percent) => format!("≥ {percent} % {}", text(basis).replace('_', " "))
            .trim_end()
            .to_string(),
        None => String::new(),
    }
}

/// A period (`365`, `days`) in words (`365 days`); empty without a number.
pub(crate) fn period_words(value: &Option<Decimal>, unit: &Option<String>) -> String {
    with_unit(&number(value), text(unit)).trim().to_string()
}

/// The dividend figures: the substantial-holding rate with its holding and period, and the rate in all
/// other cases (the first left out when it is that same row).
fn dividends(row: &TreatyRow) -> Vec<Figure> {
    let mut conditions = Vec::new();
    let holding = holding_words(
        &row.dividends_substantial_min_holding_pct,
        &row.dividends_substantial_holding_basis,
    );
    if !holding.is_empty() {
        conditions.push(format!("holding {holding}"));
    }
    let period = period_words(
        &row.dividends_substantial_holding_period_value,
        &row.dividends_substantial_holding_period_unit,
    );
    if !period.is_empty() {
        conditions.push(format!("for {period}"));
    }
    let lowest = Figure {
        label: "dividends, substantial holding",
        value: with_unit(&number(&row.dividends_substantial_rate), "percent"),
        detail: conditions.join(", "),
        reference: text(&row.dividends_substantial_row).to_string(),
    };
    let general = Figure {
        label: "dividends, other cases",
        value: with_unit(&number(&row.dividends_general_rate), "percent"),
        detail: String::new(),
        reference: text(&row.dividends_general_row).to_string(),
    };
    if lowest.reference.is_empty() || lowest.reference == general.reference {
        vec![general]
    } else {
        vec![lowest, general]
    }
}

/// The rates set for a first period (`transitional_rates`: `dividends 10 (row_id); ...`), as
/// `dividends 10 %; ...`, linked to the first one's row.
fn transitional(row: &TreatyRow) -> Figure {
    let entries: Vec<(&str, &str)> = text(&row.transitional_rates)
        .split("; ")
        .filter_map(|entry| {
            let (rate, reference) = entry.strip_suffix(')')?.split_once(" (")?;
            Some((rate, reference))
        })
        .collect();
    Figure {
        label: "for a first period",
        value: entries
            .iter()
            .map(|(rate, _)| format!("{} %", rate.replace('_', " ")))
            .collect::<Vec<_>>()
            .join("; "),
        detail: String::new(),
        reference: entries
            .first()
            .map_or_else(String::new, |(_, reference)| (*reference).to_string()),
    }
}

/// The headline figures of a treaty, in the order of `treaties.csv`.
pub(crate) fn figures(row: &TreatyRow) -> Vec<Figure> {
    let figure =
        |label, value: &Option<Decimal>, unit: &str, detail: String, reference: &Option<String>| {
            Figure {
                label,
                value: with_unit(&number(value), unit),
                detail,
                reference: text(reference).to_string(),
            }
        };
    let mut figures = dividends(row);
    let exempt = match text(&row.interest_exempt) {
        "" => String::new(),
        list => format!("exempt: {}", list.replace(';', ", ").replace('_', " ")),
    };
    figures.extend([
        figure(
            "interest",
            &row.interest_general_rate,
            "percent",
            exempt,
            &row.interest_general_row,
        ),
        figure(
            "royalties",
            &row.royalties_general_rate,
            "percent",
            String::new(),
            &row.royalties_general_row,
        ),
        figure(
            "technical fees",
            &row.technical_fees_rate,
            "percent",
            String::new(),
            &row.technical_fees_row,
        ),
        transitional(row),
        figure(
            "PE, construction",
            &row.pe_construction_value,
            text(&row.pe_construction_unit),
            String::new(),
            &row.pe_construction_row,
        ),
        figure(
            "PE, services",
            &row.pe_services_value,
            text(&row.pe_services_unit),
            String::new(),
            &row.pe_services_row,
        ),
        figure(
            "employment test",
            &row.employment_days,
            "days",
            String::new(),
            &row.employment_days_row,
        ),
    ]);
    figures
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(value: &str) -> Option<Decimal> {
        Some(value.parse().unwrap())
    }

    fn t(value: &str) -> Option<String> {
        Some(value.to_string())
    }

    #[test]
    fn conditions_read_as_words() {
        assert_eq!(
            holding_words(&n("10"), &t("voting_power")),
            "≥ 10 % voting power"
        );
        assert_eq!(holding_words(&n("25"), &t("capital")), "≥ 25 % capital");
        assert_eq!(holding_words(&None, &t("capital")), "");
        assert_eq!(period_words(&n("365"), &t("days")), "365 days");
        assert_eq!(period_words(&n("6"), &t("months")), "6 months");
        assert_eq!(period_words(&None, &None), "");
    }

    #[test]
    fn figures_name_their_rows_and_leave_a_lowest_rate_that_is_the_general_one_out() {
        let row = TreatyRow {
            dividends_substantial_rate: n("0"),
            dividends_substantial_min_holding_pct: n("10"),
            dividends_substantial_holding_basis: t("voting_power"),
            dividends_substantial_holding_period_value: n("6"),
            dividends_substantial_holding_period_unit: t("months"),
            dividends_substantial_row: t("d:1:10.3.a@25409"),
            dividends_general_rate: n("15"),
            dividends_general_row: t("d:1:10.2@25119"),
            interest_general_rate: n("10"),
            interest_general_row: t("d:1:11.2@28147"),
            interest_exempt: t("government;central_bank"),
            pe_construction_value: n("12"),
            pe_construction_unit: t("months"),
            pe_construction_row: t("d:1:5.3@10772"),
            ..TreatyRow::default()
        };
        let figures = figures(&row);
        assert_eq!(figures[0].value, "0 %");
        assert_eq!(
            figures[0].detail,
            "holding ≥ 10 % voting power, for 6 months"
        );
        assert_eq!(figures[0].reference, "d:1:10.3.a@25409");
        assert_eq!(figures[1].value, "15 %");
        assert_eq!(figures[2].detail, "exempt: government, central bank");
        let pe = figures.iter().find(|f| f.label == "PE, construction");
        assert_eq!(pe.map(|f| f.value.as_str()), Some("12 months"));
        let royalties = figures.iter().find(|f| f.label == "royalties");
        assert_eq!(royalties.map(|f| f.value.as_str()), Some(""));

        let same = TreatyRow {
            dividends_substantial_rate: n("15"),
            dividends_substantial_row: t("d:1:10.2@100"),
            dividends_general_rate: n("15"),
            dividends_general_row: t("d:1:10.2@100"),
            ..TreatyRow::default()
        };
        assert_eq!(figures_labels(&same)[0], "dividends, other cases");

        let first_period = TreatyRow {
            transitional_rates: t("dividends 10 (d:1:32.4@900); interest 7 (d:1:P27.3@990)"),
            ..TreatyRow::default()
        };
        let listed = super::figures(&first_period);
        let transitional = listed.iter().find(|f| f.label == "for a first period");
        assert_eq!(
            transitional.map(|f| (f.value.as_str(), f.reference.as_str())),
            Some(("dividends 10 %; interest 7 %", "d:1:32.4@900"))
        );
        let none = figures_labels(&TreatyRow::default());
        assert!(none.contains(&"for a first period"));
    }

    fn figures_labels(row: &TreatyRow) -> Vec<&'static str> {
        figures(row).iter().map(|f| f.label).collect()
    }
}
