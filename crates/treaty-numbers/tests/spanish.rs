//! The built-in Spanish profile's number words, units and separators, as the conventions of
//! Spain and Latin America print them: `quince por ciento`, the gazette's `15 por 100`,
//! `ciento ochenta y tres días`, `doce meses`, amounts in pesetas, euros and dollars.

use treaty_lang::Lang;
use treaty_numbers::{find_quantities, parse_number_words, Unit};

fn found(text: &str) -> Vec<(String, Unit, &str)> {
    let es = Lang::from_code("es").expect("Spanish is built in");
    find_quantities(text, es)
        .into_iter()
        .map(|q| (q.value.to_string(), q.unit, &text[q.span]))
        .collect()
}

#[test]
fn rates_durations_and_amounts() {
    let text = "no podrá exceder del quince por ciento del importe bruto; del 15 por 100 del \
                importe bruto; 10 por ciento; durante un período de ciento ochenta y tres días; \
                cuya duración exceda de doce meses; 4.000 euros; 25.000 pesetas; 10.000 dólares; \
                12,5 por ciento; el artículo 10 y el apartado 2";
    assert_eq!(
        found(text),
        [
            ("15".to_string(), Unit::Percent, "quince por ciento"),
            ("15".to_string(), Unit::Percent, "15 por 100"),
            ("10".to_string(), Unit::Percent, "10 por ciento"),
            ("183".to_string(), Unit::Days, "ciento ochenta y tres días"),
            ("12".to_string(), Unit::Months, "doce meses"),
            (
                "4000".to_string(),
                Unit::Currency("EUR".to_string()),
                "4.000 euros"
            ),
            (
                "25000".to_string(),
                Unit::Currency("ESP".to_string()),
                "25.000 pesetas"
            ),
            (
                "10000".to_string(),
                Unit::Currency("USD".to_string()),
                "10.000 dólares"
            ),
            ("12.5".to_string(), Unit::Percent, "12,5 por ciento"),
        ]
    );
}

#[test]
fn number_words() {
    assert_eq!(parse_number_words("ciento ochenta y tres"), Some(183));
    assert_eq!(parse_number_words("veinticinco"), Some(25));
    assert_eq!(parse_number_words("dos mil trece"), Some(2013));
    assert_eq!(
        parse_number_words("mil novecientos setenta y ocho"),
        Some(1978)
    );
}

#[test]
fn a_date_is_no_quantity() {
    assert_eq!(found("hecho en Madrid el 14 de marzo de 2013"), []);
    assert_eq!(found("a los treinta días del mes de junio"), []);
}

#[test]
fn a_part_of_a_period_shares_its_unit_one_of_them_is_no_count() {
    let text = "haya residido en ese Estado durante tres de los cinco años anteriores; el 1 de \
                enero de cada uno de los cinco años naturales siguientes";
    assert_eq!(
        found(text),
        [
            ("3".to_string(), Unit::Years, "tres"),
            ("5".to_string(), Unit::Years, "cinco años"),
            ("5".to_string(), Unit::Years, "cinco años naturales"),
        ]
    );
}
