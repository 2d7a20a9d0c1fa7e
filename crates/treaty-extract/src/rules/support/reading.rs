//! The numbers of a paragraph, read once for every rule: where each stands, whether it is a
//! rate cap or a threshold (and what a threshold measures), and the conditions and
//! alternatives of a rate tier. The rules give the rows: each takes the numbers it
//! recognises.

use std::cell::OnceCell;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use treaty_numbers::{find_quantities, Decimal, Lang, Quantity, Unit};
use treaty_schema::{Conditions, Income, Kind, Measure};
use treaty_segment::{Paragraph, Topic};

use super::conditions::{fill_rate_conditions, is_rate_topic};
use super::finding::{Finding, Order, Pass};
use super::holding::{either_basis, is_comparison, is_holding};
use super::income::named_rate_classes;
use super::measure::{is_back_reference, threshold_measure};
use super::owner::{alternatives, first_named_owner};
use super::place::Place;
use super::reference::{is_relative_rate, referenced_text};
use super::text::{lower, nested_items, quantities_within, words_around, Clauses};
use super::words::{starts_with_any, words};

/// What a number is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Role {
    /// A rate cap.
    Rate(RateReading),
    /// A threshold, and what it measures.
    Threshold(Measure),
}

/// What kind of rate a number is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RateForm {
    /// A tier of its own.
    Tier,
    /// A tax on the profits of a permanent establishment.
    Branch,
    /// A share of another rate ("50 per cent of the rate of subparagraph a)").
    Relative,
}

/// A rate, as the words around it read.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RateReading {
    pub(crate) form: RateForm,
    /// The classes whose rate a clause of another article caps ("Any dividends, interest or
    /// royalties to which ... apply ... shall not exceed 15 percent of the gross amount").
    pub(crate) capped: Vec<Income>,
    /// The rate article whose rate a final provision sets for a first period.
    pub(crate) transitional: Option<String>,
}

/// One number of a paragraph, read.
pub(crate) struct Number<'a> {
    /// Its index among the paragraph's quantities: where its findings stand.
    pub(crate) at: usize,
    /// Where it stands.
    pub(crate) place: Place<'a>,
    /// It is in text an amendment deletes or replaces.
    pub(crate) struck: bool,
    /// What it is.
    pub(crate) role: Role,
    /// The conditions of each alternative of its tier, read when a rule first asks.
    variants: OnceCell<Vec<Conditions>>,
}

/// What a number gives, before its alternatives are split: kind, value, and how a value not
/// printed as such was derived.
pub(crate) struct Claim {
    pub(crate) kind: Kind,
    pub(crate) value: Decimal,
    pub(crate) derived: Option<String>,
    pub(crate) modifies: Option<String>,
}

/// The numbers of one paragraph, read.
pub(crate) struct Numbers<'a> {
    paragraph: &'a Paragraph,
    siblings: &'a [Paragraph],
    topic: Topic,
    lang: Lang,
    text: &'a str,
    /// Every quantity of the paragraph, a number named again included.
    quantities: Vec<Quantity>,
    /// The numbers the rules read: every quantity but those named again.
    numbers: Vec<Number<'a>>,
}

impl<'a> Numbers<'a> {
    /// The numbers of `paragraph` (of an article with `topic`), in text order.
    pub(crate) fn read(
        paragraph: &'a Paragraph,
        siblings: &'a [Paragraph],
        topic: Topic,
        lang: Lang,
        clauses: &Clauses<'_>,
    ) -> Numbers<'a> {
        let text = paragraph.text.as_str();
        let quantities = find_quantities(text, lang);
        let mut read = Numbers {
            paragraph,
            siblings,
            topic,
            lang,
            text,
            quantities: Vec::new(),
            numbers: Vec::new(),
        };
        // Most paragraphs state no number: the deleted spans only mark numbers, so they are
        // not searched for (an amendment's patterns scan every quoted paragraph).
        if quantities.is_empty() {
            return read;
        }
        let deleted = deleted_spans(text, lang);
        let numbers = quantities
            .iter()
            .enumerate()
            .filter(|(_, quantity)| !is_restated(quantity, &quantities, text, lang))
            .map(|(at, quantity)| {
                let place = Place::of(quantity, paragraph, clauses, lang);
                let role = read.role(quantity, &place);
                Number {
                    at,
                    struck: deleted.iter().any(|old| {
                        old.start <= quantity.span.start && quantity.span.end <= old.end
                    }),
                    place,
                    role,
                    variants: OnceCell::new(),
                }
            })
            .collect();
        read.numbers = numbers;
        read.quantities = quantities;
        read
    }

    /// The numbers, in text order.
    pub(crate) fn iter(&self) -> std::slice::Iter<'_, Number<'a>> {
        self.numbers.iter()
    }

    /// The quantity a number is.
    pub(crate) fn quantity(&self, number: &Number<'_>) -> &Quantity {
        &self.quantities[number.at]
    }

    /// Whether `quantity`, standing at `place`, is a rate cap or a threshold.
    fn role(&self, quantity: &Quantity, place: &Place<'_>) -> Role {
        let (topic, lang) = (self.topic, self.lang);
        let (before, after) = (place.before, place.after);
        let percent = quantity.unit == Unit::Percent;
        let holding = percent && is_holding(before, after, lang);
        // A final provision may set a rate of a rate article for a first period.
        let transitional = (percent && topic == Topic::EntryIntoForce)
            .then(|| named_rate_article(&self.text[..quantity.span.start]))
            .flatten();
        let comparison = percent
            && !holding
            && (is_rate_topic(topic) || transitional.is_some())
            && is_comparison(before, after, lang);
        // A clause of a limitation-on-benefits or miscellaneous article may cap the rate of
        // the classes it names: "Any dividends, interest or royalties to which ... apply shall
        // be subject to tax at a rate that shall not exceed 15 percent of the gross amount".
        let capped = if percent
            && !holding
            && matches!(topic, Topic::EntitlementToBenefits | Topic::Miscellaneous)
            && starts_with_any(lower(after).trim_start(), words(lang).list.gross_amount)
        {
            let clause_start = place.clause.start.min(quantity.span.start);
            named_rate_classes(&self.text[clause_start..quantity.span.start], lang)
        } else {
            Vec::new()
        };
        let rate = percent
            && !holding
            && !comparison
            && (is_rate_topic(topic)
                || transitional.is_some()
                || (place.branch && topic != Topic::EntitlementToBenefits)
                || !capped.is_empty());
        if !rate {
            return Role::Threshold(threshold_measure(
                self.text,
                topic,
                quantity,
                place,
                (holding, comparison),
                lang,
            ));
        }
        let form = if is_relative_rate(after, lang) {
            RateForm::Relative
        } else if capped.is_empty() && place.branch {
            RateForm::Branch
        } else {
            RateForm::Tier
        };
        Role::Rate(RateReading {
            form,
            capped,
            transitional,
        })
    }

    /// The conditions a rate's clause puts on it, before its alternatives are split: the
    /// classes a clause of another article caps, or what its own clause names.
    pub(crate) fn rate_conditions(&self, number: &Number<'_>, rate: &RateReading) -> Conditions {
        let mut conditions = Conditions::default();
        if !rate.capped.is_empty() {
            conditions.income = rate.capped.clone();
            return conditions;
        }
        let place = &number.place;
        let referenced = referenced_text(place.clause_text, self.siblings, self.lang);
        let span = self.quantity(number).span.clone();
        fill_rate_conditions(
            &mut conditions,
            place.clause_text,
            &referenced,
            self.text,
            self.topic,
            place.branch,
            &self.quantities,
            span.clone(),
            self.lang,
        );
        if !place.branch && conditions.min_holding.is_none() {
            self.add_lead_holding(&mut conditions, span);
        }
        conditions
    }

    /// "...if the recipient is a company which holds at least 25 per cent of the voting shares
    /// ..., the tax so charged shall not exceed: (a) 15 per cent ...; (b) 20 per cent in other
    /// cases": a holding the list's lead requires is required by each of its tiers, with the
    /// period and the beneficiary the lead names.
    fn add_lead_holding(&self, conditions: &mut Conditions, rate_span: Range<usize>) {
        let Some(first) = self.paragraph.subparagraphs.first() else {
            return;
        };
        let lead_end = first.local.start.min(self.text.len());
        if rate_span.start < lead_end || !self.text.is_char_boundary(lead_end) {
            return;
        }
        // A lead that states a rate of its own holds that tier's holding, not the list's.
        let lead_has_rate = quantities_within(&self.quantities, 0..lead_end)
            .iter()
            .filter(|q| q.unit == Unit::Percent)
            .any(|q| {
                let (before, after) = words_around(self.text, q.span.clone());
                !is_holding(before, after, self.lang)
            });
        if lead_has_rate {
            return;
        }
        let mut lead = Conditions::default();
        fill_rate_conditions(
            &mut lead,
            &self.text[..lead_end],
            "",
            self.text,
            self.topic,
            false,
            &self.quantities,
            rate_span,
            self.lang,
        );
        if lead.min_holding.is_none() {
            return;
        }
        conditions.min_holding = lead.min_holding;
        conditions.holding_period = conditions.holding_period.take().or(lead.holding_period);
        conditions.beneficial_owner = conditions.beneficial_owner.or(lead.beneficial_owner);
    }

    /// The conditions of each alternative of a rate tier (see [`Numbers::variants`]), read
    /// once for the rules that ask.
    pub(crate) fn tier_variants<'n>(
        &self,
        number: &'n Number<'_>,
        rate: &RateReading,
    ) -> &'n [Conditions] {
        number
            .variants
            .get_or_init(|| self.variants(number, self.rate_conditions(number, rate)))
    }

    /// What a rate tier gives: its printed rate, and the article a final provision sets it
    /// for.
    pub(crate) fn tier_claim(&self, number: &Number<'_>, rate: &RateReading) -> Claim {
        Claim {
            kind: Kind::Rate,
            value: self.quantity(number).value.clone(),
            derived: None,
            modifies: rate.transitional.clone(),
        }
    }

    /// The conditions of each alternative the tier names: "c) 5 per cent ... if the
    /// beneficial owner of the dividends is: (i) a company ... which holds at least 10 per
    /// cent ...; (ii) a pension fund" gives one per item; "a company or a pension fund" one
    /// per owner; a holding of voting or issued shares one per basis.
    pub(crate) fn variants(&self, number: &Number<'_>, conditions: Conditions) -> Vec<Conditions> {
        let (text, lang) = (self.text, self.lang);
        let place = &number.place;
        let span = self.quantity(number).span.clone();
        let nested = if place.clause_text.trim_end().ends_with(':') && !place.branch {
            nested_items(self.paragraph, &place.clause, text)
        } else {
            Vec::new()
        };
        if !nested.is_empty() {
            return nested
                .iter()
                .flat_map(|item| {
                    let mut item_conditions = Conditions::default();
                    let item_text = &text[item.clone()];
                    fill_rate_conditions(
                        &mut item_conditions,
                        item_text,
                        "",
                        text,
                        self.topic,
                        false,
                        &self.quantities,
                        span.clone(),
                        lang,
                    );
                    if let Some(owner) = first_named_owner(item_text, lang) {
                        item_conditions.beneficial_owner = Some(owner);
                    }
                    either_basis(vec![item_conditions], item_text, lang)
                })
                .collect();
        }
        // Where the holding the tier requires is printed, so that it goes to the
        // alternatives it follows.
        let clause = &place.clause;
        let holding_at = quantities_within(&self.quantities, clause.clone())
            .iter()
            .filter(|q| q.unit == Unit::Percent && q.span != span)
            .find(|q| {
                let (before, after) = words_around(text, q.span.clone());
                is_holding(before, after, lang)
            })
            .map(|q| q.span.start - clause.start);
        either_basis(
            alternatives(conditions, place.clause_text, holding_at, lang),
            place.clause_text,
            lang,
        )
    }

    /// The rows `rule` gives for the rates of one `form` whose alternatives' conditions pass
    /// `wanted`: the walk the tier rules share (`rate_tiers`, `beneficial_owners`,
    /// `branch_tax`), each row with its tier's printed rate.
    pub(crate) fn rate_findings(
        &self,
        form: RateForm,
        rule: &'static str,
        wanted: impl Fn(&[Conditions]) -> bool,
    ) -> Vec<Finding> {
        let mut findings = Vec::new();
        for number in self.numbers.iter() {
            let Role::Rate(rate) = &number.role else {
                continue;
            };
            if rate.form != form {
                continue;
            }
            let variants = self.tier_variants(number, rate);
            if !wanted(variants) {
                continue;
            }
            let claim = self.tier_claim(number, rate);
            findings.extend(self.findings(number, rule, claim, variants.to_vec()));
        }
        findings
    }

    /// The findings of a number that `rule` gives: one per alternative of its tier.
    pub(crate) fn findings(
        &self,
        number: &Number<'_>,
        rule: &'static str,
        claim: Claim,
        variants: Vec<Conditions>,
    ) -> Vec<Finding> {
        let quantity = self.quantity(number);
        let confidence =
            if quantity.unit_inferred || (claim.kind == Kind::Rate && !is_rate_topic(self.topic)) {
                0.6
            } else {
                0.9
            };
        variants
            .into_iter()
            .enumerate()
            .map(|(variant, conditions)| Finding {
                rule,
                subparagraph: number.place.subparagraph.clone(),
                kind: claim.kind,
                value: claim.value.clone(),
                unit: quantity.unit.clone(),
                conditions,
                local: quantity.span.clone(),
                clause: number.place.clause.clone(),
                confidence,
                unit_inferred: quantity.unit_inferred,
                topic: self.topic,
                derived: claim.derived.clone(),
                modifies: claim.modifies.iter().cloned().collect(),
                struck: number.struck,
                order: Order::new(Pass::Numbers, number.at, variant),
            })
            .collect()
    }

    /// The findings `rule` gives of every threshold whose measure (and quantity) `keep`
    /// accepts.
    pub(crate) fn threshold_findings(
        &self,
        rule: &'static str,
        keep: impl Fn(Measure, &Quantity) -> bool,
    ) -> Vec<Finding> {
        let mut findings = Vec::new();
        for number in self.iter() {
            let Role::Threshold(measure) = number.role else {
                continue;
            };
            let quantity = self.quantity(number);
            if !keep(measure, quantity) {
                continue;
            }
            let claim = Claim {
                kind: Kind::Threshold,
                value: quantity.value.clone(),
                derived: None,
                modifies: None,
            };
            let conditions = Conditions {
                measure: Some(measure),
                ..Conditions::default()
            };
            findings.extend(self.findings(number, rule, claim, vec![conditions]));
        }
        findings
    }
}

/// A number named again after the profile's back-reference word: `当該` ("the said") says so
/// by itself; an article ("the expiration of the six month period") only where the paragraph
/// stated the same quantity before ("six months prior written notice").
fn is_restated(quantity: &Quantity, quantities: &[Quantity], text: &str, lang: Lang) -> bool {
    is_back_reference(&text[..quantity.span.start], lang)
        && (words(lang).japanese
            || quantities.iter().any(|earlier| {
                earlier.span.end <= quantity.span.start
                    && earlier.value == quantity.value
                    && earlier.unit == quantity.unit
            }))
}

/// The spans of text an amendment deletes or replaces ("the words “15 per cent” shall be
/// deleted", "「百分の十五」を「百分の十」に改める"): numbers in them are the former wording, no
/// longer the treaty's. The deleted text is quoted, so a paragraph without quotation marks
/// has none.
fn deleted_spans(text: &str, lang: Lang) -> Vec<Range<usize>> {
    if !text.contains(['“', '"', '‘', '\'', '«', '「']) {
        return Vec::new();
    }
    words(lang)
        .deleted_text
        .iter()
        .flat_map(|pattern| pattern.captures_iter(text))
        .filter_map(|captures| captures.name("struck").map(|m| m.range()))
        .collect()
}

/// How far before a number in a final provision the article whose rate it sets may be named.
const RATE_ARTICLE_WINDOW: usize = 1500;

/// `10 (Dividends)`, `X (Dividends)`: an article's number and its title in brackets, in any
/// language.
static NUMBERED_TITLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(\d{1,3}|[IVXLC]{1,7})(?:\s?[A-Z])?\s*\(([^()\d]{3,60})\)").unwrap()
});

/// The rate article the text before a percentage in a final provision names by its number
/// and title ("the tax charged pursuant to paragraph 2 a) of Article 10 (Dividends) ... shall
/// not exceed 10 percent", "the reference in paragraph 2(a) of Article X (Dividends) ...
/// shall be read ... as “7 per cent”"): the percentage is a transitional rate of that
/// article, not a period. Its number in Arabic digits; the nearest such article wins.
fn named_rate_article(before: &str) -> Option<String> {
    let mut from = before.len().saturating_sub(RATE_ARTICLE_WINDOW);
    while !before.is_char_boundary(from) {
        from += 1;
    }
    NUMBERED_TITLE
        .captures_iter(&before[from..])
        .filter(|c| treaty_segment::topic::topic_from_title(&c[2]).is_some_and(is_rate_topic))
        .filter_map(|c| {
            let printed = &c[1];
            printed
                .parse::<u32>()
                .ok()
                .or_else(|| treaty_numbers::parse_roman(printed))
        })
        .last()
        .map(|number| number.to_string())
}
