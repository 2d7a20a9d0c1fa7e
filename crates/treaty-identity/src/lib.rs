//! Whose treaty, which instrument, since when.
//!
//! For each treaty a segmented document holds: the two contracting states as ISO 3166 codes
//! (from the preamble's names, or the signature block's), the kind of instrument and its
//! title, where and when it was signed (the closing formula, or a statement that it was
//! signed), and the clauses that put it into force and give it effect (for taxes withheld at
//! source, for other taxes, per party where they differ), with a date where they state one.
//!
//! Every finding carries its byte range in the normalized text; mapping to original bytes is
//! the caller's job, as for the rest of the pipeline. Names, formulas and calendar words are
//! the profiles' `names` and `identity` parts: this crate holds no words of any language.

mod dates;
mod effect;
mod instrument;
mod parties;
mod provisions;
mod signature;
mod states;
mod words;

use std::ops::Range;

use treaty_lang::InstrumentKind;
use treaty_segment::{Diagnostic, Document, Treaty, Version};

pub use dates::{find_dates, Date, FoundDate};
pub use effect::{Effect, TaxesCovered};
pub use parties::Party;
pub use provisions::Provision;
pub use signature::Signature;
pub use states::{find_states, state, NameMatch, State};

/// What the text says of one treaty's identity.
#[derive(Debug, Clone, PartialEq)]
pub struct Identity {
    /// The treaty's index in the document (1, 2, ...).
    pub treaty: usize,
    /// The contracting states, in the order the text first names them (at most two).
    pub parties: Vec<Party>,
    /// The kind of instrument.
    pub instrument: InstrumentKind,
    /// The title's range, where one was found.
    pub title: Option<Range<usize>>,
    /// The signature's date and place.
    pub signed: Option<Signature>,
    /// For a protocol, the treaty it amends or accompanies, by the date it was signed: the
    /// first date the protocol's title and preamble name ("Protocol amending the Convention
    /// ... signed at Washington on 6 November 2003"), since a treaty is named before the
    /// protocols that already amended it ("... signed on 26 September 1980, as amended by
    /// the Protocols signed on 14 June 1983 ...").
    pub amends: Option<FoundDate>,
    /// The clause that puts the treaty into force.
    pub entry_into_force: Option<Provision>,
    /// The clause from which the treaty has effect for taxes withheld at source (the first
    /// clause of effect that covers them).
    pub effective_withholding: Option<Provision>,
    /// The clauses of effect: for taxes withheld at source, for other taxes, or for all,
    /// per party where the treaty gives each party its own.
    pub effects: Vec<Effect>,
}

/// The identity of every treaty of `document` (in the normalized `text` it was segmented
/// from); `diagnostics` are the segmenter's, which tell a text that discusses a treaty.
pub fn identify(text: &str, document: &Document, diagnostics: &[Diagnostic]) -> Vec<Identity> {
    let commentary = diagnostics.iter().any(|d| d.code == "not_a_treaty");
    let mut previous_body_start: Option<usize> = None;
    let mut identities = Vec::new();
    for treaty in &document.treaties {
        let Some(version) = treaty.versions.first() else {
            continue;
        };
        let body_start = body_start(treaty, commentary);
        // What comes before the articles: from the document's start for the first treaty;
        // for a later one, the stretch before its preamble (which the previous treaty's span
        // holds: a treaty's span starts at its "have agreed" line), never reaching back into
        // the previous treaty's articles' start.
        let version_start = treaty
            .versions
            .iter()
            .map(|v| v.span.start)
            .min()
            .unwrap_or(body_start)
            .min(body_start);
        let head_start = match previous_body_start {
            None => 0,
            Some(previous) => version_start.saturating_sub(HEAD_REACH).max(previous),
        };
        let head = head_start..body_start;
        let on_behalf_of = version.lang.profile().identity.on_behalf_of;
        let closing = closing_region(version);
        let signed = signature::find(text, version.lang, closing.clone())
            .or_else(|| signature::find_statement(text, version.lang, head.clone()))
            .or_else(|| signature::find_statement(text, version.lang, closing.clone()));
        // Every language version is signed on the same day: where OCR damaged the first
        // version's date (`千九百バ+大年五月是日`), another version's closing gives it.
        let signed = match signed {
            Some(found) if found.date.is_some() => Some(found),
            first => treaty
                .versions
                .iter()
                .skip(1)
                .find_map(|other| {
                    signature::find(text, other.lang, closing_region(other))
                        .filter(|found| found.date.is_some())
                })
                .or(first),
        };
        // A fragment (no preamble) may still have its title before the articles.
        let mut parties = parties::parties_before(text, head.clone(), body_start, on_behalf_of);
        if parties.len() < 2 {
            let block = signed
                .as_ref()
                .map_or(closing.clone(), |s| s.range.start..closing.end);
            let from_block = parties::parties_from(text, block, on_behalf_of);
            if from_block.len() > parties.len() {
                parties = from_block;
            }
        }
        let head_for_force = head.clone();
        let effects = effect::effects(text, version);
        let states: Vec<State> = parties.iter().map(|p| p.state).collect();
        let (instrument, title) =
            instrument::kind_and_title(text, treaty, version, head.clone(), &states, commentary);
        let amends = (instrument == InstrumentKind::Protocol)
            .then(|| amended_treaty(text, version.lang, title.as_ref(), &head, signed.as_ref()))
            .flatten();
        identities.push(Identity {
            treaty: treaty.index,
            parties,
            instrument,
            title,
            signed,
            amends,
            entry_into_force: provisions::entry_into_force(text, version, head_for_force),
            effective_withholding: effects
                .iter()
                .find(|e| e.taxes != TaxesCovered::Other)
                .map(|e| e.provision.clone()),
            effects,
        });
        previous_body_start = Some(body_start);
    }
    identities
}

/// The first date a protocol's title and preamble name (from its title, where one was
/// found, so that a covering letter's dates before it do not count), other than its own
/// signature's.
fn amended_treaty(
    text: &str,
    lang: treaty_lang::Lang,
    title: Option<&Range<usize>>,
    head: &Range<usize>,
    signed: Option<&Signature>,
) -> Option<FoundDate> {
    let title_start = title.map_or(head.start, |t| t.start.max(head.start));
    // The title's block of lines: a title found in its last line ("THE PROTOCOL SIGNED AT
    // OTTAWA ON ...") still names the convention on the lines above.
    let from = text
        .get(head.start..title_start)?
        .rfind("\n\n")
        .map_or(head.start, |blank| head.start + blank + 2);
    let preamble = text.get(from..head.end)?;
    let own = signed.and_then(|s| s.date.as_ref()).map(|d| d.date);
    let dates: Vec<_> = find_dates(preamble, lang)
        .into_iter()
        .filter(|found| Some(found.date) != own)
        .collect();
    // The date of the treaty amended, not of a protocol that amended it before ("the
    // Protocol signed at Ottawa on 14 June 1983" named first): the first date whose
    // instrument word is not a protocol's, else the first date.
    dates
        .iter()
        .find(|found| {
            date_instrument(preamble, lang, found.range.clone()) != Some(InstrumentKind::Protocol)
        })
        .or(dates.first())
        .map(|found| FoundDate {
            date: found.date,
            range: from + found.range.start..from + found.range.end,
        })
}

/// How far from a date its instrument word is looked for ("the Convention between ... signed
/// at Washington on 26 September 1980").
const DATE_INSTRUMENT_REACH: usize = 400;

/// The kind of the instrument word a date in `text` belongs to: the nearest before it, or,
/// where the profile puts the instrument word last, the nearest after it.
fn date_instrument(
    text: &str,
    lang: treaty_lang::Lang,
    date: Range<usize>,
) -> Option<InstrumentKind> {
    let after = lang.profile().identity.instrument_last;
    let mut from = if after {
        date.end
    } else {
        date.start.saturating_sub(DATE_INSTRUMENT_REACH)
    };
    let mut to = if after {
        (date.end + DATE_INSTRUMENT_REACH).min(text.len())
    } else {
        date.start
    };
    while !text.is_char_boundary(from) {
        from += 1;
    }
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    let window = text.get(from..to.max(from))?;
    words::GRAMMAR[lang]
        .instruments
        .iter()
        .flat_map(|(kind, regex)| regex.find_iter(window).map(move |m| (m.start(), *kind)))
        .max_by_key(|(start, _)| if after { usize::MAX - start } else { *start })
        .map(|(_, kind)| kind)
}

/// How far before a later treaty's preamble its title and parties are looked for.
const HEAD_REACH: usize = 5000;

/// Where a treaty's articles start: its first article or protocol article in any version.
/// A treaty without either is all head (an exchange of notes whose points were not found):
/// its title and parties may stand anywhere in it; a commentary's text is not, its words
/// discuss the treaty's provisions (entry into force among them).
fn body_start(treaty: &Treaty, commentary: bool) -> usize {
    treaty
        .versions
        .iter()
        .flat_map(|v| v.articles.first().into_iter().chain(v.protocol.first()))
        .map(|a| a.span.start)
        .min()
        .unwrap_or_else(|| {
            let spans = treaty.versions.iter().map(|v| &v.span);
            if commentary {
                spans.map(|span| span.start).min().unwrap_or(0)
            } else {
                spans.map(|span| span.end).max().unwrap_or(0)
            }
        })
}

/// From the last article's start to the version's end: where the closing formula is.
fn closing_region(version: &Version) -> Range<usize> {
    let last = version
        .articles
        .last()
        .or(version.protocol.last())
        .map_or(version.span.start, |a| a.span.start);
    last.min(version.span.end)..version.span.end
}
