//! `exemptions`: a clause that leaves the source State no right to tax ("shall be taxable
//! only in", "shall be exempt", `…においてのみ租税を課することができる`, `租税を免除する`) is a
//! rate of 0, with the beneficiaries, holdings and income classes it names: one row per
//! exempted tier (an item of the list the phrase leads or closes, an item of a nested list,
//! or the phrase's own clause) and per alternative beneficiary. In an article that is not
//! about a class of income (exempt organizations, limitation on benefits), an exemption of the
//! classes its clause names.
//!
//! The phrases are each profile's `RuleWords` (`exemption`, `named_state_only`,
//! `residence_only`); the beneficiaries, holdings and income classes of a tier are read in
//! `support::owner`, `support::holding` and `support::income`.

use std::ops::Range;

use treaty_numbers::{find_quantities, Decimal, Lang, Unit};
use treaty_segment::{subparagraph_markers, Paragraph, Topic};

use super::support::context::ParagraphCtx;
use super::support::finding::{Finding, Order, Pass};
use super::support::holding::{holding_bases, holding_basis, is_ceiling, is_holding};
use super::support::income::{income_classes, named_rate_classes};
use super::support::owner::{alternatives, beneficial_owners, first_named_owner};
use super::support::text::{
    is_clause_break, japanese_list_items, lower, nested_items, sentence_after_list, words_around,
};
use super::support::words::{contains_any, words};
use treaty_schema::{Conditions, Holding, Income, Kind, Owner, Period};

/// The rule's name.
pub(crate) const NAME: &str = "exemptions";

/// The rates of 0 of a paragraph: its exemptions, in an article whose words may set its
/// rates; the exemptions of the classes of income it names, in an article on exempt
/// organizations or the like.
pub(crate) fn apply(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    let mut findings = if ctx.worded_rates_apply() {
        exemptions(ctx)
    } else if matches!(
        ctx.topic,
        Topic::Miscellaneous | Topic::EntitlementToBenefits
    ) {
        class_exemptions(ctx)
    } else {
        Vec::new()
    };
    for (at, finding) in findings.iter_mut().enumerate() {
        finding.order = Order::new(Pass::Exemptions, at, 0);
    }
    findings
}

/// Conditions of one exempted tier: its beneficiary, holding and holding period; one variant
/// per basis when the holding may be measured on either (voting power or capital, depending
/// on which State the paying company is resident in).
fn tier_conditions(item: &str, topic: Topic, lang: Lang) -> Vec<Conditions> {
    let quantities = find_quantities(item, lang);
    // The first holding the item names: one the tier requires, or one it caps ("el plan de
    // pensiones no posee ... más del 5 por ciento del capital"), which conditions the tier
    // as a ceiling (a percentage coordinated with it, "o del 5 por ciento de las acciones",
    // is the same ceiling on another basis, not a floor).
    let holding = quantities.iter().find_map(|q| {
        if q.unit != Unit::Percent {
            return None;
        }
        let (before, after) = words_around(item, q.span.clone());
        let ceiling = is_ceiling(item, q.span.clone(), lang);
        is_holding(before, after, lang).then_some((q, ceiling))
    });
    let Some((holding, ceiling)) = holding else {
        return exemption_conditions(item, topic, lang);
    };
    let owner = beneficial_owners(item, lang).first().copied();
    if ceiling {
        let owner = owner.or_else(|| {
            exemption_conditions(item, topic, lang)
                .into_iter()
                .find_map(|c| c.beneficial_owner)
        });
        // One variant per ceiling: "más del 5 por ciento del capital o del 5 por ciento de
        // las acciones con derecho a voto" caps the holding on either basis.
        let mut variants: Vec<Conditions> = Vec::new();
        for q in quantities.iter().filter(|q| {
            q.unit == Unit::Percent
                && q.span.start >= holding.span.start
                && is_ceiling(item, q.span.clone(), lang)
                && {
                    let (before, after) = words_around(item, q.span.clone());
                    is_holding(before, after, lang)
                }
        }) {
            let (_, after) = words_around(item, q.span.clone());
            let conditions = Conditions {
                beneficial_owner: owner,
                max_holding: Some(Holding {
                    percent: q.value.to_string(),
                    basis: holding_basis(after, lang),
                }),
                ..Conditions::default()
            };
            if !variants.contains(&conditions) {
                variants.push(conditions);
            }
        }
        return variants;
    }
    let bases = holding_bases(item, holding.span.clone(), lang);
    let period = quantities
        .iter()
        .find(|q| q.unit.is_duration())
        .and_then(|q| Period::new(q.value.as_str(), &q.unit));
    bases
        .into_iter()
        .map(|basis| Conditions {
            beneficial_owner: owner,
            min_holding: Some(Holding {
                percent: holding.value.to_string(),
                basis,
            }),
            holding_period: period.clone(),
            ..Conditions::default()
        })
        .collect()
}

/// The conditions of an exempted class: one per beneficiary named (government, central bank,
/// pension fund, ...) and one for the income classes named, or a single empty one.
fn exemption_conditions(clause_text: &str, topic: Topic, lang: Lang) -> Vec<Conditions> {
    let words = words(lang);
    let mut owners = beneficial_owners(clause_text, lang);
    let mut classes: Vec<Income> = income_classes(clause_text, topic, lang);
    // Interest "paid by" a State is interest on its debt, whoever owns it: the State the
    // clause names is the debtor, not a beneficiary, unless the clause also makes it the
    // beneficial owner ("paid by or beneficially owned by a Contracting State").
    if topic == Topic::Interest && words.paid_by_state.is_match(clause_text) {
        if !classes.contains(&Income::GovernmentDebt) {
            classes.push(Income::GovernmentDebt);
        }
        if !contains_any(&lower(clause_text), words.list.beneficial_owner) {
            owners.retain(|owner| *owner != Owner::Government);
        }
    }
    // The State, its central bank or its agencies that guarantee, insure or finance a debt
    // are not the interest's beneficiaries: the class of debt is the condition. Beneficiaries
    // are named only before it, in a clause of their own (`...が取得するもの及び...によって
    // 保証された債権に関し...`).
    let through_state = classes
        .iter()
        .any(|c| matches!(c, Income::GovernmentGuaranteed | Income::IndirectFinancing));
    let owners = if through_state {
        let debt = words
            .list
            .state_backed_debt
            .iter()
            .filter_map(|p| clause_text.find(p))
            .min()
            .unwrap_or(clause_text.len());
        let before = &clause_text[..debt];
        match words
            .list
            .beneficiaries_end
            .iter()
            .filter_map(|p| before.rfind(p))
            .max()
        {
            Some(split) => beneficial_owners(&before[..split], lang),
            None => Vec::new(),
        }
    } else {
        owners
    };
    let mut variants: Vec<Conditions> = owners
        .iter()
        .filter(|o| {
            !matches!(
                **o,
                Owner::Company | Owner::CompanyNotPartnership | Owner::Individual
            )
        })
        .map(|owner| Conditions {
            beneficial_owner: Some(*owner),
            ..Conditions::default()
        })
        .collect();
    if !classes.is_empty() {
        variants.push(Conditions {
            income: classes,
            ..Conditions::default()
        });
    }
    if variants.is_empty() {
        variants.push(Conditions::default());
    }
    variants
}

/// Rates of 0: clauses that leave the source State no right to tax.
fn exemptions(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    let phrases = exemption_phrases(ctx);
    let reading = ExemptionReading {
        ctx,
        paragraph: ctx.paragraph,
        topic: ctx.topic,
        lang: ctx.lang,
        text: ctx.text,
        phrases: &phrases,
    };
    phrases
        .iter()
        .flat_map(|phrase| reading.findings_of(phrase.clone()))
        .collect()
}

/// Exemptions in an article that is not about a class of income, of the classes its clause
/// names: "income referred to in Articles X (Dividends) and XI (Interest) derived by a trust
/// ... operated exclusively to administer or provide pension ... benefits shall be exempt
/// from income taxation"; an exemption that names none is not a rate.
fn class_exemptions(ctx: &ParagraphCtx<'_>) -> Vec<Finding> {
    let (text, lang) = (ctx.text, ctx.lang);
    exemptions(ctx)
        .into_iter()
        .filter_map(|mut finding| {
            // The sentence's subject, before the phrase ("Articles X\n(Dividends)": a line
            // may open with the class's bracketed name).
            let before = &text[..finding.local.start];
            let head = &before[before.rfind(". ").map_or(0, |i| i + 2)..];
            // The classes as the subject names them by their articles ("income referred to in
            // Articles X (Dividends) and XI (Interest)"), not a "notwithstanding" reference.
            let lowered = lower(head);
            let reference = words(lang)
                .list
                .class_reference
                .iter()
                .filter_map(|phrase| lowered.rfind(phrase))
                .max()?;
            let classes = named_rate_classes(&lowered[reference..], lang);
            if classes.is_empty() {
                return None;
            }
            finding.conditions.income.retain(|c| !classes.contains(c));
            finding.conditions.income.extend(classes);
            Some(finding)
        })
        .collect()
}

/// Where `paragraph` says that only one State may tax: the profile's exemption phrases, a
/// State named as the only one that may tax where the clause pays the income to its
/// resident (or it arises in the other), and "taxable only in the State of residence".
fn exemption_phrases(ctx: &ParagraphCtx<'_>) -> Vec<Range<usize>> {
    let text = ctx.text;
    let words = ctx.words;
    let list = words.list;
    // An exemption in the recipient's State ("derived by a resident in the other Contracting
    // State shall be exempt from tax in that other Contracting State") leaves the source
    // State's tax as it is.
    let mut matches: Vec<Range<usize>> = words
        .exemption
        .find_iter(text)
        .filter(|m| !words.residence_state_after.is_match(&text[m.end()..]))
        .map(|m| m.range())
        .collect();
    // A State named as the only one that may tax: "taxable only in Arcadia" where the clause
    // pays the income "to a resident of Arcadia"; `…内において生ずる利子であって、
    // ...においてのみ租税を課することができる`, income arising in the other.
    for pattern in &words.named_state_only {
        for captures in pattern.captures_iter(text) {
            let Some(whole) = captures.get(0) else {
                continue;
            };
            let state = captures.name("state").map_or("", |m| m.as_str());
            let (_, clause) = ctx.clause_at(whole.start());
            // Whitespace folded: the source may wrap the line inside "resident of Arcadia".
            let folded = text[clause.clone()]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let resident = list
                .resident_of
                .iter()
                .any(|prefix| folded.contains(&format!("{prefix}{state}")));
            let arising_elsewhere = words
                .arising_in_named
                .iter()
                .flat_map(|arising| arising.captures_iter(&text[clause.clone()]))
                .filter_map(|c| c.name("place").map(|m| m.as_str()))
                .any(|place| !place.ends_with(state) && !state.ends_with(place));
            if !contains_any(state, list.contracting) && (resident || arising_elsewhere) {
                matches.push(whole.range());
            }
        }
    }
    matches.sort_by_key(|m| m.start);
    matches.dedup();
    for found in words.residence_only.find_iter(text) {
        let (_, clause) = ctx.clause_at(found.start());
        let clause_text = &text[clause];
        if words.resident_subject.is_match(clause_text)
            && !words.source_subject.is_match(clause_text)
        {
            matches.push(found.range());
        }
    }
    matches
}

/// One paragraph's exemption phrases being read.
struct ExemptionReading<'a, 'c> {
    ctx: &'a ParagraphCtx<'c>,
    paragraph: &'a Paragraph,
    topic: Topic,
    lang: Lang,
    text: &'a str,
    /// Every exemption phrase of the paragraph.
    phrases: &'a [Range<usize>],
}

impl ExemptionReading<'_, '_> {
    /// The tiers one exemption phrase exempts: the items its markers name, the items of the
    /// list it leads or closes, the items of a nested list, or its own clause.
    fn findings_of(&self, phrase: Range<usize>) -> Vec<Finding> {
        self.labelled_items(&phrase)
            .or_else(|| self.listed_items(&phrase))
            .unwrap_or_else(|| {
                // The phrase's own clause, read once for the two ways left.
                let (subparagraph, clause) = self.ctx.clause_at(phrase.start);
                self.nested_items(&phrase, &subparagraph, &clause)
                    .unwrap_or_else(|| self.own_clause(&phrase, &subparagraph, &clause))
            })
    }

    /// Japanese PDF text drops the markers of the list that follows into the exempting
    /// phrase itself (`にお(a) (b) いてのみ`): each of those labels is one exempted tier.
    fn labelled_items(&self, phrase: &Range<usize>) -> Option<Vec<Finding>> {
        if !words(self.lang).japanese {
            return None;
        }
        let text = self.text;
        let labels: Vec<String> = subparagraph_markers(&text[phrase.clone()])
            .into_iter()
            .map(|(label, _)| label)
            .collect();
        if labels.is_empty() {
            return None;
        }
        let mut findings = Vec::new();
        for (label, range) in japanese_list_items(text, phrase.end, &labels) {
            for conditions in tier_conditions(&text[range.clone()], self.topic, self.lang) {
                findings.push(Finding {
                    subparagraph: label.clone(),
                    confidence: 0.7,
                    ..exemption_finding(
                        String::new(),
                        conditions,
                        phrase.clone(),
                        range.clone(),
                        self.topic,
                    )
                });
            }
        }
        Some(findings)
    }

    /// "...shall be taxable only in the other State if: (a) ...; (b) ...": the lead exempts,
    /// each subparagraph names one class, so each gives its own row.
    /// "(a) copyright royalties ...; and (b) royalties for software ...,\narising in a
    /// Contracting State ... shall be taxable only in that other State": a closing line
    /// after the last subparagraph applies to each of them.
    fn listed_items(&self, phrase: &Range<usize>) -> Option<Vec<Finding>> {
        let (text, paragraph) = (self.text, self.paragraph);
        let words = words(self.lang);
        let first_subparagraph = paragraph.subparagraphs.first().map(|s| s.local.start);
        let last = paragraph.subparagraphs.last();
        // In a paragraph without line breaks (a source that lost them), a lead that ends with
        // a comma says the same: the sentence goes on after the list.
        // (when no item before the last states an exemption of its own).
        let lead_open = !text.trim_end().contains('\n')
            && first_subparagraph.is_some_and(|first| {
                text[..first].trim_end().ends_with(',')
                    && last.is_some_and(|sub| {
                        !self
                            .phrases
                            .iter()
                            .any(|m| m.start > first && m.start < sub.local.start)
                    })
            });
        // The closing words stand on a line of their own: a line break that ends a clause
        // (not the source's wrapping inside the last item) comes between.
        let closing_line = last.is_some_and(|sub| {
            phrase.start > sub.local.start
                && (text[sub.local.start..phrase.start]
                    .match_indices('\n')
                    .any(|(i, _)| is_clause_break(text, sub.local.start + i))
                    || lead_open)
        });
        let leads_the_list = first_subparagraph.is_some_and(|first| phrase.start < first);
        // A sentence of its own after a list that completes the lead is not the list's
        // closing words: it exempts its own clause.
        let own_sentence =
            sentence_after_list(text, paragraph).is_some_and(|start| phrase.start >= start);
        if (!closing_line && !leads_the_list) || own_sentence {
            return None;
        }
        let lead = &text[..first_subparagraph.unwrap_or(0)];
        // Japanese introduces the list with `次の` ("the following"): `次のいずれかに該当
        // するものについては、...租税を免除する。(a) ...`.
        let japanese_list = words.japanese && contains_any(lead, words.list.list_lead);
        if !(closing_line || lead.trim_end().ends_with(':') || japanese_list) {
            return None;
        }
        if leads_the_list && !closing_line {
            if let Some(tier) = self.tier_of_the_lead(phrase, lead) {
                return Some(tier);
            }
        }
        let mut items = self.item_findings(phrase);
        if leads_the_list && !closing_line && !words.japanese {
            if let Some(tier) = self.one_tier_of_conditions(phrase, &items) {
                return Some(tier);
            }
        }
        // The beneficiary the lead names ("if the beneficial owner is a company that is: (i) a
        // resident of ... that holds ..."), for items that name none and no class of income:
        // the words of the phrase's clause before the list.
        if let (true, Some(first)) = (leads_the_list && !closing_line, first_subparagraph) {
            let (_, clause) = self.ctx.clause_at(phrase.start);
            let lead = clause.start.min(first)..clause.end.min(first);
            if let Some(owner) = first_named_owner(&text[lead], self.lang) {
                for item in items.iter_mut().filter(|f| f.conditions.income.is_empty()) {
                    item.conditions.beneficial_owner.get_or_insert(owner);
                }
            }
        }
        Some(items)
    }

    /// "...shall be exempt ... if the beneficial owner is a company that holds 80 per cent
    /// ... and: (a) satisfies ...; (b) ...": a list whose items name no tier of their own
    /// (no beneficiary, class or holding) completes the lead's one tier; so does a list whose
    /// items all hold at once ("si: a) ...; b) ...; y c) ..."). Either way the exemption is one
    /// row, in the paragraph, its conditions read from the lead (and from every item of a
    /// cumulative list).
    fn one_tier_of_conditions(
        &self,
        phrase: &Range<usize>,
        items: &[Finding],
    ) -> Option<Vec<Finding>> {
        let (text, paragraph) = (self.text, self.paragraph);
        let first = paragraph.subparagraphs.first()?;
        let last = paragraph.subparagraphs.last()?;
        let (_, clause) = self.ctx.clause_at(phrase.start);
        let lead = clause.start.min(phrase.start)..first.local.start;
        let cumulative = self.is_cumulative_list();
        let tier_clause = if cumulative {
            lead.start..own_lines_end(text, last.local.start, last.local.end.min(text.len()))
        } else {
            let unnamed =
                !items.is_empty() && items.iter().all(|f| f.conditions == Conditions::default());
            if !unnamed {
                return None;
            }
            lead
        };
        let findings = self.own_clause(phrase, "", &tier_clause);
        let named = findings
            .iter()
            .any(|f| f.conditions != Conditions::default());
        (cumulative || named).then_some(findings)
    }

    /// "...shall not be taxed if the beneficial owner is a company that holds 80 per cent of
    /// the voting power ... and satisfies any of the following: (a) ...": a lead that names
    /// the holding its beneficiary must have and adds the list's items to it is one tier, the
    /// lead's, whatever the items name (a qualified person, a holding by others in the
    /// company); `None` for a lead that does not name a holding or does not say so.
    fn tier_of_the_lead(&self, phrase: &Range<usize>, lead: &str) -> Option<Vec<Finding>> {
        if !self
            .ctx
            .words
            .conditions_list_lead
            .is_match(lead.trim_end())
        {
            return None;
        }
        let findings = self.own_clause(phrase, "", &(number_end(lead)..lead.len()));
        findings
            .iter()
            .any(|f| f.conditions.min_holding.is_some())
            .then_some(findings)
    }

    /// True when the paragraph's list ends "...; and (c) ...": its items hold together.
    fn is_cumulative_list(&self) -> bool {
        let paragraph = self.paragraph;
        let items: Vec<_> = paragraph
            .subparagraphs
            .iter()
            .filter(|s| is_list_item(paragraph, &s.label))
            .collect();
        let [.., before_last, last] = items.as_slice() else {
            return false;
        };
        let joined = &self.text[before_last.local.start..last.local.start.min(self.text.len())];
        let and = words(self.lang).list.and;
        lower(joined)
            .split_whitespace()
            .next_back()
            .is_some_and(|word| and.iter().any(|a| a.trim() == word))
    }

    /// One row per item of the list an exempting phrase leads or closes (several for a
    /// Japanese item that names several beneficiaries).
    fn item_findings(&self, phrase: &Range<usize>) -> Vec<Finding> {
        let (text, paragraph) = (self.text, self.paragraph);
        let japanese = words(self.lang).japanese;
        let is_item = |label: &str| is_list_item(paragraph, label);
        let mut findings = Vec::new();
        for (index, sub) in paragraph
            .subparagraphs
            .iter()
            .enumerate()
            .filter(|(_, s)| is_item(&s.label))
        {
            // A Japanese item's own list (`(c) ...次のいずれかに該当する...居住者である
            // 場合 (i) 銀行 (ii) 保険会社`) belongs to it.
            let own_list_end = paragraph.subparagraphs[index + 1..]
                .iter()
                .take_while(|s| !is_item(&s.label))
                .map(|s| s.local.end)
                .max();
            let end = match own_list_end {
                Some(list_end) if japanese => list_end.max(sub.local.end),
                _ => sub.local.end,
            }
            .min(text.len());
            // The subparagraph's own lines, without a closing line that follows it
            // (a line break where the source wrapped does not end the item).
            // (Japanese items are cut where the segmenter says: their lines may
            // start with the marker displaced after the first line.)
            let end = if japanese {
                end
            } else {
                own_lines_end(text, sub.local.start, end)
            };
            let clause = sub.local.start..end;
            // An item may name several beneficiaries ("that other Contracting State, a
            // political subdivision or local authority thereof, or the central bank",
            // `政府、...中央銀行又は...機関`) or a holding (`...以上を所有する法人`): one row
            // each (the dataset contract: alternative beneficiaries are a row each).
            // An item that names a holding ("a company ... that has owned directly shares
            // representing 80 percent or more of the voting power ... for a 12-month period")
            // is a tier conditioned on it.
            let mut variants = tier_conditions(&text[clause.clone()], self.topic, self.lang);
            // An item that names a class of income is that class ("on a loan granted by a
            // bank": the lender is what the class says); one that names beneficiaries only
            // gives one row per beneficiary.
            if !japanese && variants.iter().any(|c| !c.income.is_empty()) {
                variants.retain(|c| !c.income.is_empty());
            }
            for conditions in variants {
                findings.push(exemption_finding(
                    sub.label.clone(),
                    conditions,
                    phrase.clone(),
                    clause.clone(),
                    self.topic,
                ));
            }
        }
        findings
    }

    /// "a) interest ... shall be exempt ... if the interest is paid to: (i) the State ...;
    /// (ii) the central bank; (iii) a financial institution ...": the items of the nested
    /// list name the exempted beneficiaries of tier a).
    fn nested_items(
        &self,
        phrase: &Range<usize>,
        subparagraph: &str,
        clause: &Range<usize>,
    ) -> Option<Vec<Finding>> {
        let text = self.text;
        let nested = nested_items(self.paragraph, clause, text);
        if !text[clause.clone()].trim_end().ends_with(':') || nested.is_empty() {
            return None;
        }
        // An item's conditions are a tier's: its beneficiary and the holding it requires
        // ("(i) a company ... which controls at least 10 per cent of the capital"); an item
        // that names no beneficiary has the lead's ("if it is a company that is: (i) a
        // resident of the first State that holds at least 10 per cent of the capital").
        let lead_owner = first_named_owner(&text[clause.clone()], self.lang);
        let findings = nested
            .into_iter()
            .flat_map(|item| {
                let item_text = &text[item.clone()];
                let owner = first_named_owner(item_text, self.lang).or(lead_owner);
                let mut variants = tier_conditions(item_text, self.topic, self.lang);
                // Without a holding, the item is one beneficiary: its first.
                let holds = variants
                    .iter()
                    .any(|c| c.min_holding.is_some() || c.max_holding.is_some());
                if !holds {
                    variants.truncate(1);
                }
                if variants.is_empty() {
                    variants.push(Conditions::default());
                }
                variants.into_iter().map(move |mut conditions| {
                    if let Some(owner) = owner {
                        conditions.beneficial_owner = Some(owner);
                    }
                    (item.clone(), conditions)
                })
            })
            .map(|(item, conditions)| {
                exemption_finding(
                    subparagraph.to_string(),
                    conditions,
                    phrase.clone(),
                    item,
                    self.topic,
                )
            })
            .collect();
        Some(findings)
    }

    /// "...shall not be taxed ... if the beneficial owner is a company which holds at least
    /// 50 per cent of the capital": the clause's own tier, the holding conditioning it, one
    /// row per alternative beneficiary.
    fn own_clause(
        &self,
        phrase: &Range<usize>,
        subparagraph: &str,
        clause: &Range<usize>,
    ) -> Vec<Finding> {
        let lang = self.lang;
        let clause_text = &self.text[clause.clone()];
        let holding_at = find_quantities(clause_text, lang)
            .into_iter()
            .filter(|q| q.unit == Unit::Percent)
            .find(|q| {
                let (before, after) = words_around(clause_text, q.span.clone());
                is_holding(before, after, lang)
            })
            .map(|q| q.span.start);
        tier_conditions(clause_text, self.topic, lang)
            .into_iter()
            .flat_map(|conditions| alternatives(conditions, clause_text, holding_at, lang))
            .map(|conditions| {
                exemption_finding(
                    subparagraph.to_string(),
                    conditions,
                    phrase.clone(),
                    clause.clone(),
                    self.topic,
                )
            })
            .collect()
    }
}

/// Where a paragraph's words start after its number (`3. No obstante`, `３ ２の規定`).
fn number_end(text: &str) -> usize {
    let trimmed = text.trim_start();
    let digits =
        trimmed.trim_start_matches(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c));
    if digits.len() == trimmed.len() {
        return 0;
    }
    let dotted = digits.strip_prefix(['.', '．']).unwrap_or(digits);
    let words = dotted.trim_start();
    if words.len() == dotted.len() {
        return 0;
    }
    text.len() - words.len()
}

/// Where the item of `text` at `start..end` ends without a closing line that follows it: at
/// the first line break that ends a clause (a break where the source wrapped does not).
fn own_lines_end(text: &str, start: usize, end: usize) -> usize {
    text[start..end]
        .match_indices('\n')
        .map(|(i, _)| start + i)
        .find(|i| is_clause_break(text, *i))
        .unwrap_or(end)
}

/// True when `label` marks an item of the paragraph's own list, not of a list nested in one:
/// the items are lettered ("a)", "(b)"), or numbered in roman numerals when the list starts
/// at "i)" (a letter list starts at "a"): "si estos se pagan: i) ...; ii) ...".
fn is_list_item(paragraph: &Paragraph, label: &str) -> bool {
    let roman_list = paragraph
        .subparagraphs
        .first()
        .is_some_and(|s| s.label == "i");
    if roman_list {
        !label.is_empty() && label.chars().all(|c| matches!(c, 'i' | 'v' | 'x'))
    } else {
        label.len() == 1 && !matches!(label, "i" | "v" | "x")
    }
}

/// A rate of 0 found by an exemption phrase at `local`, read in `clause`.
fn exemption_finding(
    subparagraph: String,
    conditions: Conditions,
    local: Range<usize>,
    clause: Range<usize>,
    topic: Topic,
) -> Finding {
    Finding {
        rule: NAME,
        subparagraph,
        kind: Kind::Rate,
        value: Decimal::zero(),
        unit: treaty_schema::Unit::Percent,
        conditions,
        local,
        clause,
        confidence: 0.8,
        unit_inferred: false,
        topic,
        derived: None,
        modifies: Vec::new(),
        struck: false,
        order: Order::new(Pass::Exemptions, 0, 0),
    }
}
