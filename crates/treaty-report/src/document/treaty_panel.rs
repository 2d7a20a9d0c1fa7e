//! Who, which instrument, since when: the treaty panel at the top of the side column (parties,
//! title, signature, entry into force and the headline numbers) and the highlights of the
//! places in the text it links to (the party names, the signature, the clauses of entry into
//! force and of effect).

use std::fmt::Write as _;

use treaty_schema::{EffectReport, ProvisionReport, TaxesCovered, TreatyReport, TreatyRow};

use crate::escape::attr;
use crate::headline::figures;
use crate::model::{identity_id, mentions, parts, Mention, Model};
use crate::source::Source;
use crate::stream::Highlight;

/// A quote longer than this (in characters) is cut in the panel; the whole is its tooltip.
const SHORT_QUOTE: usize = 160;

/// What a place of a treaty's identity is, for its tooltip.
fn mention_title(treaty: &TreatyReport, mention: Mention) -> String {
    let number = treaty.treaty;
    match mention {
        Mention::Party(index) => match treaty.states.get(index) {
            Some(state) => format!(
                "treaty {number}, party {}: {} {} ({})",
                index + 1,
                state.alpha3,
                state.alpha2,
                state.name
            ),
            None => format!("treaty {number}, party {}", index + 1),
        },
        Mention::Signed => match treaty.signed.as_ref().and_then(|s| s.date.as_deref()) {
            Some(date) => format!("treaty {number}, signed {date}"),
            None => format!("treaty {number}, signature"),
        },
        Mention::InForce => format!("treaty {number}, entry into force"),
        Mention::Effect(index) => match treaty.effective.get(index) {
            Some(effect) => format!("treaty {number}, {}", effect_name(effect)),
            None => format!("treaty {number}, effect"),
        },
    }
}

/// What a clause of effect is about: `effect, withheld at source (JPN)`.
fn effect_name(effect: &EffectReport) -> String {
    let taxes = match effect.taxes {
        TaxesCovered::WithheldAtSource => "effect, withheld at source",
        TaxesCovered::Other => "effect, other taxes",
        TaxesCovered::All => "effect, all taxes",
    };
    match &effect.party_alpha3 {
        Some(party) => format!("{taxes} ({party})"),
        None => taxes.to_string(),
    }
}

/// Highlights of the places of each treaty's identity that start on page `page`.
pub(super) fn identity_highlights(
    model: &Model<'_>,
    source: &Source,
    page: usize,
) -> Vec<Highlight> {
    let mut highlights = Vec::new();
    for treaty in &model.report.treaties {
        for (mention, start, end) in mentions(treaty) {
            if model.paging.page_of(start) != page {
                continue;
            }
            let class = match mention {
                Mention::Party(_) => "id party",
                _ => "id",
            };
            let title = attr(&mention_title(treaty, mention));
            let span = source.span(start, end);
            highlights.push(Highlight {
                start: span.start,
                end: span.end,
                open: format!(
                    "<mark class=\"{class}\" id=\"{}\" data-s=\"{start}\" data-e=\"{end}\" title=\"{title}\">",
                    identity_id(treaty.treaty, mention)
                ),
                resume: format!("<mark class=\"{class} cont\" title=\"{title}\">"),
                close: "</mark>",
            });
        }
    }
    highlights
}

/// `text` cut to about [`SHORT_QUOTE`] characters, with `…` where it was cut.
fn short(text: &str) -> String {
    match text.char_indices().nth(SHORT_QUOTE) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// A link to a place of the treaty's identity, showing `label` (escaped here).
fn mention_link(
    model: &Model<'_>,
    page: usize,
    treaty: &TreatyReport,
    mention: Mention,
    label: &str,
    title: &str,
) -> String {
    let offset = mentions(treaty)
        .into_iter()
        .find(|(m, _, _)| *m == mention)
        .map_or(0, |(_, start, _)| start);
    format!(
        "<a href=\"{}\" title=\"{}\">{}</a>",
        model.link(offset, &identity_id(treaty.treaty, mention), Some(page)),
        attr(title),
        attr(label)
    )
}

/// The parties: alpha-3 and alpha-2 codes, ISO name, the name as printed; each linked to it.
fn parties_cell(model: &Model<'_>, page: usize, treaty: &TreatyReport, out: &mut String) {
    if treaty.states.is_empty() {
        out.push_str("<span class=\"empty\">not found</span>");
        return;
    }
    for (index, state) in treaty.states.iter().enumerate() {
        if index > 0 {
            out.push_str("<br>");
        }
        let mut codes = format!("{} {}", state.alpha3, state.alpha2);
        if let Some(former) = &state.former {
            let _ = write!(codes, " {former}");
        }
        let title = format!("as printed: {}", state.printed);
        let _ = write!(
            out,
            "<b class=\"code\">{}</b> {} <span class=\"mut\">“{}”</span>",
            mention_link(model, page, treaty, Mention::Party(index), &codes, &title),
            attr(&state.name),
            attr(&short(&state.printed))
        );
    }
}

/// A clause of entry into force or of effect: its date when it states one, else its rule.
fn clause_cell(
    model: &Model<'_>,
    page: usize,
    treaty: &TreatyReport,
    mention: Mention,
    clause: Option<&ProvisionReport>,
    out: &mut String,
) {
    match clause {
        Some(clause) => {
            let label = match &clause.date {
                Some(date) => date.clone(),
                None => short(&clause.quote),
            };
            out.push_str(&mention_link(
                model,
                page,
                treaty,
                mention,
                &label,
                &clause.quote,
            ));
        }
        None => out.push_str("<span class=\"empty\">not found</span>"),
    }
}

/// The signature: date and place, linked to the formula.
fn signed_cell(model: &Model<'_>, page: usize, treaty: &TreatyReport, out: &mut String) {
    let Some(signed) = &treaty.signed else {
        out.push_str("<span class=\"empty\">not found</span>");
        return;
    };
    let label = match (&signed.date, signed.place.is_empty()) {
        (Some(date), true) => date.clone(),
        (Some(date), false) => format!("{date}, {}", signed.place),
        (None, false) => format!("{} (no date)", signed.place),
        (None, true) => "stated, no date".to_string(),
    };
    out.push_str(&mention_link(
        model,
        page,
        treaty,
        Mention::Signed,
        &label,
        &signed.quote,
    ));
}

/// The headline numbers, each linked to its row's highlight.
fn figures_rows(model: &Model<'_>, page: usize, treaty: usize, row: &TreatyRow, out: &mut String) {
    for figure in figures(row) {
        let _ = write!(out, "<tr><th>{}</th><td>", attr(figure.label));
        let found = model.row_by_reference(treaty, &figure.reference);
        match (figure.value.is_empty(), found) {
            (true, _) => out.push_str("<span class=\"mut\">–</span>"),
            (false, Some(index)) => {
                let _ = write!(
                    out,
                    "<a class=\"hl\" href=\"{}\" title=\"row {}\">{}</a>",
                    model.row_link(index, Some(page)),
                    attr(&figure.reference),
                    attr(&figure.value)
                );
            }
            (false, None) => {
                let _ = write!(out, "<b>{}</b>", attr(&figure.value));
            }
        }
        if !figure.detail.is_empty() {
            let _ = write!(out, " <span class=\"mut\">{}</span>", attr(&figure.detail));
        }
        out.push_str("</td></tr>");
    }
}

/// One treaty's panel.
fn panel(model: &Model<'_>, page: usize, treaty: &TreatyReport, row: &TreatyRow, out: &mut String) {
    let _ = write!(
        out,
        "<section class=\"treaty\"><h2>Treaty {} <span class=\"badge\">{}</span>",
        treaty.treaty,
        attr(&treaty.instrument.as_str().replace('_', " "))
    );
    if treaty.fragment {
        out.push_str(" <span class=\"badge b-warn\">fragment</span>");
    }
    out.push_str("</h2>");
    if !treaty.title.is_empty() {
        let _ = write!(
            out,
            "<p class=\"tt\" title=\"{}\">{}</p>",
            attr(&treaty.title),
            attr(&short(&treaty.title))
        );
    }
    out.push_str("<table class=\"kv\"><tbody><tr><th>parties</th><td>");
    parties_cell(model, page, treaty, out);
    out.push_str("</td></tr><tr><th>signed</th><td>");
    signed_cell(model, page, treaty, out);
    out.push_str("</td></tr><tr><th>in force</th><td>");
    let in_force = treaty.entry_into_force.as_ref();
    clause_cell(model, page, treaty, Mention::InForce, in_force, out);
    out.push_str("</td></tr>");
    for (index, effect) in treaty.effective.iter().enumerate() {
        let _ = write!(out, "<tr><th>{}</th><td>", attr(&effect_name(effect)));
        let clause = ProvisionReport {
            date: effect.date.clone(),
            quote: effect.quote.clone(),
            start: effect.start,
            end: effect.end,
        };
        clause_cell(
            model,
            page,
            treaty,
            Mention::Effect(index),
            Some(&clause),
            out,
        );
        out.push_str("</td></tr>");
    }
    figures_rows(model, page, treaty.treaty, row, out);
    out.push_str("</tbody></table></section>");
}

/// The panels of the treaties shown on page `page` (those with a version or an article
/// starting there, as the outline shows them).
pub(super) fn treaty_panels(model: &Model<'_>, page: usize, out: &mut String) {
    let report = model.report;
    let rows = treaty_schema::treaty_rows(report);
    let on_page = |offset: usize| model.paging.page_of(offset) == page;
    for (treaty, row) in report.treaties.iter().zip(&rows) {
        let shown = treaty
            .versions
            .iter()
            .any(|v| on_page(v.start) || parts(v).any(|(_, _, a)| on_page(a.start)));
        if shown || (page == 0 && treaty.versions.is_empty()) {
            panel(model, page, treaty, row, out);
        }
    }
}
