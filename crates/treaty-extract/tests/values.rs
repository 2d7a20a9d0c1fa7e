//! Values are plain decimals as printed, and a rate above the whole income is flagged.

use treaty_pipeline::{process_document, Settings};

#[test]
fn huge_numbers_are_no_values_and_rates_above_100_percent_are_flagged() {
    let text = format!(
        "Article 10\nDividends\n1. Dividends paid by a company may be taxed.\n2. However, the tax so charged shall not exceed 18446744073709551616 per cent of the gross amount.\n3. The tax shall not exceed {} per cent.\n4. The tax shall not exceed 150 per cent of the gross amount of the dividends.\n5. The tax shall not exceed 15 per cent of the gross amount of the dividends.\n",
        "9".repeat(400)
    );
    let report = process_document("values", text.as_bytes(), &Settings::default()).unwrap();
    let rates: Vec<(&str, f32)> = report
        .rows
        .iter()
        .map(|row| (row.value.as_str(), row.confidence))
        .collect();
    assert_eq!(rates, [("150", 0.1), ("15", 0.9)]);
    let flagged: Vec<&str> = report
        .warnings
        .iter()
        .filter(|w| w.code == "implausible_rate")
        .map(|w| w.message.as_str())
        .collect();
    assert_eq!(flagged.len(), 1);
    assert!(flagged[0].contains("150 per cent"), "{flagged:?}");
}
