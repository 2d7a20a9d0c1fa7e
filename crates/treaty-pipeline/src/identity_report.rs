//! A treaty's identity (`treaty-identity`) in the report: spans mapped to original bytes,
//! dates written `YYYY-MM-DD`, quotes with whitespace folded.

use std::ops::Range;

use treaty_identity::{Identity, Provision};
use treaty_normalize::Normalized;

use treaty_schema::{
    EffectReport, PartyReport, ProvisionReport, SignatureReport, TaxesCovered, TreatyReport,
};

/// Fills `report`'s identity fields from `identity`.
pub(crate) fn fill(report: &mut TreatyReport, identity: &Identity, normalized: &Normalized) {
    let text = normalized.text.as_str();
    let original = |range: &Range<usize>| normalized.map.span_to_original(range.clone());
    report.states = identity
        .parties
        .iter()
        .map(|party| {
            let span = original(&party.range);
            PartyReport {
                alpha2: party.state.alpha2.to_string(),
                alpha3: party.state.alpha3.to_string(),
                former: party.state.former.map(str::to_string),
                name: party.state.name.to_string(),
                printed: folded(&party.printed),
                start: span.start,
                end: span.end,
            }
        })
        .collect();
    if !report.states.is_empty() {
        report.parties = report.states.iter().map(|p| p.printed.clone()).collect();
    }
    report.instrument = identity.instrument.into();
    report.title = identity
        .title
        .as_ref()
        .map(|range| folded(&text[range.clone()]))
        .unwrap_or_default();
    report.signed = identity.signed.as_ref().map(|signature| {
        let span = original(&signature.range);
        SignatureReport {
            date: signature.date.as_ref().map(|d| d.date.to_string()),
            place: signature
                .place
                .as_ref()
                .map(|p| folded(&text[p.clone()]))
                .unwrap_or_default(),
            quote: folded(&text[signature.range.clone()]),
            start: span.start,
            end: span.end,
        }
    });
    let provision = |provision: &Provision| {
        let span = original(&provision.range);
        ProvisionReport {
            date: provision.date.map(|d| d.to_string()),
            quote: folded(&text[provision.range.clone()]),
            start: span.start,
            end: span.end,
        }
    };
    report.amends = identity.amends.as_ref().map(|found| {
        provision(&Provision {
            range: found.range.clone(),
            date: Some(found.date),
        })
    });
    report.entry_into_force = identity.entry_into_force.as_ref().map(provision);
    report.effective_withholding = identity.effective_withholding.as_ref().map(provision);
    report.effective = identity
        .effects
        .iter()
        .map(|effect| {
            let clause = provision(&effect.provision);
            EffectReport {
                taxes: taxes_covered(effect.taxes),
                party_alpha2: effect.party.map(|state| state.alpha2.to_string()),
                party_alpha3: effect.party.map(|state| state.alpha3.to_string()),
                date: clause.date,
                quote: clause.quote,
                start: clause.start,
                end: clause.end,
            }
        })
        .collect();
}

fn folded(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The dataset's name for the taxes an effect clause covers.
fn taxes_covered(taxes: treaty_identity::TaxesCovered) -> TaxesCovered {
    use treaty_identity::TaxesCovered as T;
    match taxes {
        T::WithheldAtSource => TaxesCovered::WithheldAtSource,
        T::Other => TaxesCovered::Other,
        T::All => TaxesCovered::All,
    }
}
