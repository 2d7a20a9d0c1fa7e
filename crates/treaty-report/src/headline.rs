//! A treaty's headline numbers as the pages show them: one figure per headline field of
//! `treaties.csv` (`treaty_extract::treaty_rows`), in words a reader scans, each naming the
//! row it came from. No markup here: the pages escape and link what this gives.

use treaty_extract::schema::TreatyRow;

/// One headline figure of a treaty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Figure {
    /// What it is (`dividends, lowest`).
    pub label: &'static str,
    /// The value with its unit (`5 %`, `12 months`), empty when the treaty does not state it.
    pub value: String,
    /// Its conditions in words (`holding ≥ 10 % capital, for 365 days`), or empty.
    pub detail: String,
    /// The row it came from, `<article>.<paragraph>[.<sub>]@<start>`, or empty.
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

/// A holding as `treaties.csv` writes it (`10%voting_power`) in words (`≥ 10 % voting power`).
pub(crate) fn holding_words(holding: &str) -> String {
    match holding.split_once('%') {
        Some((percent, basis)) => {
            format!("≥ {} % {}", percent.trim(), basis.replace('_', " ").trim())
                .trim_end()
                .to_string()
        }
        None => holding.replace('_', " "),
    }
}

/// A period as `treaties.csv` writes it (`365days`) in words (`365 days`).
pub(crate) fn period_words(period: &str) -> String {
    let digits = period
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(period.len());
    let (number, unit) = period.split_at(digits);
    with_unit(number, &unit.replace('_', " "))
        .trim()
        .to_string()
}

/// The dividend figures: the lowest rate with its holding and period, and the rate in all
/// other cases (the lowest left out when it is that same row).
fn dividends(row: &TreatyRow) -> Vec<Figure> {
    let mut conditions = Vec::new();
    if !row.dividends_lowest_min_holding.is_empty() {
        conditions.push(format!(
            "holding {}",
            holding_words(&row.dividends_lowest_min_holding)
        ));
    }
    if !row.dividends_lowest_holding_period.is_empty() {
        conditions.push(format!(
            "for {}",
            period_words(&row.dividends_lowest_holding_period)
        ));
    }
    let lowest = Figure {
        label: "dividends, lowest",
        value: with_unit(&row.dividends_lowest_rate, "percent"),
        detail: conditions.join(", "),
        reference: row.dividends_lowest_row.clone(),
    };
    let general = Figure {
        label: "dividends, other cases",
        value: with_unit(&row.dividends_general_rate, "percent"),
        detail: String::new(),
        reference: row.dividends_general_row.clone(),
    };
    if lowest.reference.is_empty() || lowest.reference == general.reference {
        vec![general]
    } else {
        vec![lowest, general]
    }
}

/// The headline figures of a treaty, in the order of `treaties.csv`.
pub(crate) fn figures(row: &TreatyRow) -> Vec<Figure> {
    let figure = |label, value: String, detail: String, reference: &str| Figure {
        label,
        value,
        detail,
        reference: reference.to_string(),
    };
    let mut figures = dividends(row);
    let exempt = match row.interest_exempt.as_str() {
        "" => String::new(),
        list => format!("exempt: {}", list.replace(';', ", ").replace('_', " ")),
    };
    figures.extend([
        figure(
            "interest",
            with_unit(&row.interest_general_rate, "percent"),
            exempt,
            &row.interest_general_row,
        ),
        figure(
            "royalties",
            with_unit(&row.royalties_general_rate, "percent"),
            String::new(),
            &row.royalties_general_row,
        ),
        figure(
            "technical fees",
            with_unit(&row.technical_fees_rate, "percent"),
            String::new(),
            &row.technical_fees_row,
        ),
        figure(
            "PE, construction",
            with_unit(&row.pe_construction_value, &row.pe_construction_unit),
            String::new(),
            &row.pe_construction_row,
        ),
        figure(
            "PE, services",
            with_unit(&row.pe_services_value, &row.pe_services_unit),
            String::new(),
            &row.pe_services_row,
        ),
        figure(
            "employment test",
            with_unit(&row.employment_days, "days"),
            String::new(),
            &row.employment_days_row,
        ),
    ]);
    figures
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_read_as_words() {
        assert_eq!(holding_words("10%voting_power"), "≥ 10 % voting power");
        assert_eq!(holding_words("25%capital"), "≥ 25 % capital");
        assert_eq!(period_words("365days"), "365 days");
        assert_eq!(period_words("6months"), "6 months");
        assert_eq!(period_words(""), "");
    }

    #[test]
    fn figures_name_their_rows_and_leave_a_lowest_rate_that_is_the_general_one_out() {
        let row = TreatyRow {
            dividends_lowest_rate: "0".into(),
            dividends_lowest_min_holding: "10%voting_power".into(),
            dividends_lowest_holding_period: "6months".into(),
            dividends_lowest_row: "10.3.a@25409".into(),
            dividends_general_rate: "15".into(),
            dividends_general_row: "10.2@25119".into(),
            interest_general_rate: "10".into(),
            interest_general_row: "11.2@28147".into(),
            interest_exempt: "government;central_bank".into(),
            pe_construction_value: "12".into(),
            pe_construction_unit: "months".into(),
            pe_construction_row: "5.3@10772".into(),
            ..TreatyRow::default()
        };
        let figures = figures(&row);
        assert_eq!(figures[0].value, "0 %");
        assert_eq!(
            figures[0].detail,
            "holding ≥ 10 % voting power, for 6 months"
        );
        assert_eq!(figures[0].reference, "10.3.a@25409");
        assert_eq!(figures[1].value, "15 %");
        assert_eq!(figures[2].detail, "exempt: government, central bank");
        let pe = figures.iter().find(|f| f.label == "PE, construction");
        assert_eq!(pe.map(|f| f.value.as_str()), Some("12 months"));
        let royalties = figures.iter().find(|f| f.label == "royalties");
        assert_eq!(royalties.map(|f| f.value.as_str()), Some(""));

        let same = TreatyRow {
            dividends_lowest_rate: "15".into(),
            dividends_lowest_row: "10.2@100".into(),
            dividends_general_rate: "15".into(),
            dividends_general_row: "10.2@100".into(),
            ..TreatyRow::default()
        };
        assert_eq!(figures_labels(&same)[0], "dividends, other cases");
    }

    fn figures_labels(row: &TreatyRow) -> Vec<&'static str> {
        figures(row).iter().map(|f| f.label).collect()
    }
}
