//! Phrases of the rate rules: caps, exemptions, beneficial owners, holdings, income classes, measures.
//!
//! Word lists are matched against lower-cased text whose whitespace runs are folded to one
//! space, unless a field says otherwise; write them in lower case. Regex fragments (fields
//! that say so) are joined into one alternation per field and language.

/// A phrase of a pattern field: a regex fragment, or a literal phrase that PDF extraction may
/// splice item markers into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phrase {
    /// A regex fragment.
    Regex(&'static str),
    /// A literal phrase between any two characters of which item markers (`(a)`, `(1)`) may
    /// stand, as in Japanese PDF text (`当該他方の締約国にお(a) (b) いてのみ`); `[xy]` stands for
    /// either character.
    Spliced(&'static str),
}

/// Words that name the three classes whose withholding rates treaties cap.
#[derive(Debug, Clone, Copy)]
pub struct NamedClasses {
    /// Dividends.
    pub dividends: &'static [&'static str],
    /// Interest.
    pub interest: &'static [&'static str],
    /// Royalties.
    pub royalties: &'static [&'static str],
}

/// Words that name each kind of beneficiary (lower case).
#[derive(Debug, Clone, Copy)]
pub struct OwnerWords {
    /// A company other than a partnership ("other than a partnership"); read in brackets too.
    pub company_not_partnership: &'static [&'static str],
    /// A pension fund or scheme.
    pub pension_fund: &'static [&'static str],
    /// A central bank; read in brackets too ("the Bank of Estonia (Central Bank)").
    pub central_bank: &'static [&'static str],
    /// A State, its government, political subdivisions or local authorities.
    pub government: &'static [&'static str],
    /// A financial institution.
    pub financial_institution: &'static [&'static str],
    /// A bank.
    pub bank: &'static [&'static str],
    /// A company as the owner ("is a company", "company which holds").
    pub company: &'static [&'static str],
    /// An individual.
    pub individual: &'static [&'static str],
}

impl OwnerWords {
    /// No words.
    pub const EMPTY: OwnerWords = OwnerWords {
        company_not_partnership: &[],
        pension_fund: &[],
        central_bank: &[],
        government: &[],
        financial_institution: &[],
        bank: &[],
        company: &[],
        individual: &[],
    };
}

/// Words that name each class of income (lower case), the first eight read in royalties
/// articles, the others in interest articles.
#[derive(Debug, Clone, Copy)]
pub struct IncomeWords {
    /// Copyright.
    pub copyright: &'static [&'static str],
    /// Films.
    pub films: &'static [&'static str],
    /// Computer software.
    pub software: &'static [&'static str],
    /// Patents.
    pub patents: &'static [&'static str],
    /// Trade marks.
    pub trademarks: &'static [&'static str],
    /// Industrial, commercial or scientific equipment.
    pub equipment: &'static [&'static str],
    /// Know-how.
    pub know_how: &'static [&'static str],
    /// Technical assistance or services.
    pub technical_services: &'static [&'static str],
    /// Government debt.
    pub government_debt: &'static [&'static str],
    /// Loans granted by banks.
    pub bank_loan: &'static [&'static str],
    /// Sales on credit.
    pub sale_on_credit: &'static [&'static str],
    /// Interest computed on the debtor's receipts or profits.
    pub contingent_interest: &'static [&'static str],
    /// Export credit: the stem of "export" (an agency may also be named by the clause: see
    /// [`RuleWords::lending_body`]).
    pub export_credit: &'static [&'static str],
    /// Debt a State guarantees or insures.
    pub government_guaranteed: &'static [&'static str],
    /// Debt a State finances indirectly.
    pub indirect_financing: &'static [&'static str],
    /// Penalties for late payment.
    pub late_payment_penalty: &'static [&'static str],
    /// Words that open an exclusion ("other than", "con exclusión de"): classes named after
    /// them, up to the closing bracket or the end of the clause, are excluded, not named.
    pub excluded_after: &'static [&'static str],
}

impl IncomeWords {
    /// No words.
    pub const EMPTY: IncomeWords = IncomeWords {
        copyright: &[],
        films: &[],
        software: &[],
        patents: &[],
        trademarks: &[],
        equipment: &[],
        know_how: &[],
        technical_services: &[],
        government_debt: &[],
        bank_loan: &[],
        sale_on_credit: &[],
        contingent_interest: &[],
        export_credit: &[],
        government_guaranteed: &[],
        indirect_financing: &[],
        late_payment_penalty: &[],
        excluded_after: &[],
    };
}

/// Phrases of the rate rules: caps, exemptions, beneficial owners, holdings, income classes, measures.
#[derive(Debug, Clone, Copy)]
pub struct RuleWords {
    // Exemptions (rates of 0).
    /// Phrases that leave the source State no right to tax (case-insensitive).
    pub exemption: &'static [Phrase],
    /// "Taxable only in that State": a rate of 0 only where that State is the residence
    /// State (case-insensitive).
    pub residence_only: &'static [Phrase],
    /// The subject of a residence-only clause is a resident's income (regex, case-insensitive).
    pub resident_subject: &'static [&'static str],
    /// The subject of a clause is income arising in, or paid from, the source State (regex,
    /// case-insensitive).
    pub source_subject: &'static [&'static str],
    /// A State named as the only one that may tax: regex fragments with a group `state`
    /// (case-sensitive).
    pub named_state_only: &'static [&'static str],
    /// "resident of ": followed by the State's name, the clause pays the income to its resident.
    pub resident_of: &'static [&'static str],
    /// Where the income arises, by name: regex fragments with a group `place`.
    pub arising_in_named: &'static [&'static str],
    /// A word that makes a named State generic (`締約`: Contracting).
    pub contracting: &'static [&'static str],
    /// The source State may also tax other income arising in it (the UN model's Article 21(3)):
    /// residence-only rules of the article are then no rate of 0.
    pub source_may_also_tax: &'static [Phrase],
    /// The opening of a paragraph that gives the source State a right to tax after a
    /// residence-only rule in the paragraph before ("1. Royalties ... shall be taxable only in
    /// that other State. 2. However, such royalties may be taxed in the Contracting State in
    /// which they arise"): that rule is then no rate of 0 (regex, case-insensitive).
    pub source_overrides: &'static [&'static str],
    /// Right after an exempting phrase: the State exempting is the recipient's, "shall be
    /// exempt from tax in that other Contracting State" (income from one State derived by a
    /// resident of the other), so the source State's tax is not capped (regex,
    /// case-insensitive, anchored at the phrase's end).
    pub residence_state_after: &'static [&'static str],
    /// Interest paid by a State or its government (regex, case-insensitive).
    pub paid_by_state: &'static [&'static str],
    /// Where a class of debt a State guarantees, insures or finances is named (literal).
    pub state_backed_debt: &'static [&'static str],
    /// What closes a clause of beneficiaries before a class of debt (literal).
    pub beneficiaries_end: &'static [&'static str],
    /// "the following": the lead of a list of exempted items (literal; Japanese script).
    pub list_lead: &'static [&'static str],
    /// The end of a lead that adds the list's items to its own conditions ("a company that
    /// holds 80 per cent ... and satisfies any of the following:", `…所有するものであり、かつ、
    /// 次の(a)から(c)までの規定のいずれかに該当する`): the items are tests the lead's
    /// beneficiary must also pass, not tiers of their own (regex, case-insensitive).
    pub conditions_list_lead: &'static [&'static str],

    // Beneficiaries.
    /// Words that name each kind of beneficiary.
    pub owners: OwnerWords,
    /// The beneficial owner, whose kind a clause then names.
    pub beneficial_owner: &'static [&'static str],
    /// "or" between alternatives (with its spaces).
    pub or: &'static [&'static str],
    /// "and" that joins the last item of a list whose items all hold at once (with its
    /// spaces): "si: a) ...; b) ...; y c) ..." states the conditions of one tier.
    pub and: &'static [&'static str],
    /// "in all other cases": a residual tier with no conditions.
    pub all_other_cases: &'static [&'static str],

    // Income classes and tiers.
    /// Words that name each class of income.
    pub income: IncomeWords,
    /// A loan or credit guaranteed or insured by a body the clause names (`Export Development
    /// Corporation`, `Eksportkreditraadet`), an export credit agency: regex fragments with a
    /// group `body` holding the name as printed (case-sensitive). A name that names a
    /// beneficiary ([`RuleWords::owners`]) or a Contracting State is not such a body.
    pub lending_body: &'static [&'static str],
    /// Fees for technical services, a class some treaties tax at a rate of its own.
    pub technical_fees: &'static [&'static str],
    /// Royalties.
    pub royalties: &'static [&'static str],
    /// A clause that makes fees for technical services royalties (a definition of royalties
    /// that includes them, a protocol that deems them royalties or applies the royalties
    /// definition to them): regex fragments, case-insensitive, matched in the paragraphs of a
    /// royalties article or of a protocol point on it. Their words are reached within a
    /// sentence (`[^.;]*?`), not within a count of characters: a bounded repetition of a
    /// character class defeats the regex engine's DFA, which then falls back to a slower one. A match that holds a
    /// [`RuleWords::negation`] word does not count ("shall be deemed not to be").
    pub technical_fees_deemed_royalties: &'static [&'static str],
    /// Negation words (lower case, with their spaces): " not ", "não".
    pub negation: &'static [&'static str],
    /// A first period of the treaty's application after which a rate changes ("during the
    /// first five years for which this Convention has effect ... and thereafter"): words just
    /// before a duration (lower case). Such a duration is no holding period.
    pub initial_period_before: &'static [&'static str],
    /// The same, words just after the duration (lower case).
    pub initial_period_after: &'static [&'static str],
    /// Dividends, in an item of a Japanese paragraph that also names a branch tax.
    pub dividends: &'static [&'static str],
    /// The classes a clause of another article caps the rate of ("Any dividends, interest or
    /// royalties to which the provisions of this paragraph apply shall be subject to tax at a
    /// rate that shall not exceed 15 percent of the gross amount thereof"): words that name
    /// dividends, interest and royalties (lower case, literal).
    pub named_classes: NamedClasses,
    /// Words that name income by the article that deals with it, before the article's title
    /// ("income referred to in Articles X (Dividends) and XI (Interest)"), for an exemption in
    /// another article (lower case, literal).
    pub class_reference: &'static [&'static str],
    /// A permanent establishment or branch, for a branch profits tax.
    pub establishment: &'static [&'static str],
    /// The amount of a dividend, interest or royalty, which a branch tax is not about.
    pub distribution_amount: &'static [&'static str],
    /// A third State, in a most-favoured-nation clause.
    pub third_state: &'static [&'static str],
    /// A lower rate, in a most-favoured-nation clause.
    pub lower_rate: &'static [&'static str],
    /// "of the rate": after a percentage, a share of another rate.
    pub relative_rate: &'static [&'static str],
    /// A reference to another subparagraph: regex fragments with groups `label` and
    /// `paragraph` (case-insensitive).
    pub paragraph_reference: &'static [&'static str],
    /// An instruction that replaces a tier of a treaty article ("subparagraph (a) of paragraph
    /// 2 of Article 10 shall be replaced by", "Article 11 of the Convention shall be deleted
    /// and replaced by"): regex fragments with the group `article` and, where the instruction
    /// names them, `paragraph` and `label`, or `list` for several places (`2(a) and 6`, read
    /// as numbers each with an optional bracketed letter) (case-insensitive). The rows that
    /// follow it stand in for that tier's rows.
    pub replaced_tier: &'static [&'static str],

    // Holdings and comparisons.
    /// Before a percentage: a holding ("at least"); also any of the four words before it.
    pub holding_before: &'static [&'static str],
    /// After a percentage: a holding ("of the capital").
    pub holding_after: &'static [&'static str],
    /// Before a percentage: an upper bound ("less than").
    pub upper_bound_before: &'static [&'static str],
    /// After a percentage: an upper bound (`未満`).
    pub upper_bound_after: &'static [&'static str],
    /// Basis of a holding: voting power.
    pub basis_voting: &'static [&'static str],
    /// Basis of a holding: capital.
    pub basis_capital: &'static [&'static str],
    /// Basis of a holding: value.
    pub basis_value: &'static [&'static str],
    /// A holding of either of two bases qualifies (regex).
    pub either_basis: &'static [&'static str],
    /// After a percentage: a rate ("of the gross amount"), never a comparison.
    pub gross_amount: &'static [&'static str],
    /// Before a percentage: a test a person must pass ("more than").
    pub comparison_before: &'static [&'static str],
    /// After a percentage: a test a person must pass ("of its ", `を超える`).
    pub comparison_after: &'static [&'static str],
    /// After a percentage: not a test after all (`を超えない`, a cap).
    pub comparison_after_not: &'static [&'static str],
    /// Before a percentage: a rate the tax may go above, so no cap, even when "of the gross
    /// amount" follows ("may exceed 5 percent of the gross amount ..., but shall not exceed
    /// 10 percent").
    pub exceeded_before: &'static [&'static str],
    /// Before a percentage: the share of the gross amount that is taxed, a base and no rate
    /// ("shall be taxed on 60 per cent of the gross amount of the royalties") (lower case).
    pub taxable_base_before: &'static [&'static str],

    // Thresholds.
    /// Before a number: it names again a number stated before (`当該`).
    pub back_reference: &'static [&'static str],
    /// Employees through whom services are furnished (permanent establishment).
    pub pe_employees: &'static [&'static str],
    /// Services being furnished, with [`RuleWords::pe_employees`].
    pub pe_services_furnished: &'static [&'static str],
    /// A building site, construction or installation project.
    pub pe_construction: &'static [&'static str],
    /// Services.
    pub pe_services: &'static [&'static str],
    /// A look-back period ("preceding").
    pub lookback: &'static [&'static str],
    /// Just before a duration: the window a permanent establishment's days or months are
    /// counted in, not a duration of its own ("more than 6 months in any twelve-month
    /// period": `any`).
    pub counting_window_before: &'static [&'static str],
    /// Just after a duration: the same, where the words follow the number
    /// (`一課税年度において`: `課税年度において`).
    pub counting_window_after: &'static [&'static str],
    /// Immovable property (the land-rich test).
    pub immovable_property: &'static [&'static str],
    /// The value of shares (the land-rich test).
    pub property_value: &'static [&'static str],
    /// After a number of months: the period an ownership test is met throughout.
    pub ownership_period_after: &'static [&'static str],
    /// Near a number of months: an ownership test met on half the days of the period.
    pub ownership_period_share: &'static [&'static str],
    /// A period counted by an ordinal day: regex fragments with a group `n` (the ordinal)
    /// and an optional group `unit` (case-insensitive).
    pub ordinal_period: &'static [&'static str],
    /// Ordinal words and their values (lower case).
    pub ordinals: &'static [(&'static str, u64)],
    /// Units of [`RuleWords::ordinal_period`] that count months.
    pub ordinal_months: &'static [&'static str],
    /// Units of [`RuleWords::ordinal_period`] that count years.
    pub ordinal_years: &'static [&'static str],
    /// Text an amendment deletes ("deleting the words “twelve months” and replacing them
    /// with ..."): regex fragments with a group `struck` around the deleted text, whose numbers
    /// are no longer the treaty's (case-sensitive).
    pub deleted_text: &'static [&'static str],
    /// A cap stated as another paragraph's rate, without a number ("at a rate not exceeding
    /// the rate specified in paragraph 2 a)"): regex fragments with a group `paragraph` and
    /// an optional subparagraph label in a group `label` or `item` (case-insensitive).
    pub rate_by_reference: &'static [&'static str],
}

impl RuleWords {
    /// A profile part with nothing in it, to build a new profile from with `..RuleWords::EMPTY`.
    pub const EMPTY: RuleWords = RuleWords {
        exemption: &[],
        residence_only: &[],
        resident_subject: &[],
        source_subject: &[],
        named_state_only: &[],
        resident_of: &[],
        arising_in_named: &[],
        contracting: &[],
        source_may_also_tax: &[],
        source_overrides: &[],
        residence_state_after: &[],
        paid_by_state: &[],
        state_backed_debt: &[],
        beneficiaries_end: &[],
        list_lead: &[],
        conditions_list_lead: &[],
        owners: OwnerWords::EMPTY,
        beneficial_owner: &[],
        or: &[],
        and: &[],
        all_other_cases: &[],
        income: IncomeWords::EMPTY,
        lending_body: &[],
        technical_fees: &[],
        royalties: &[],
        technical_fees_deemed_royalties: &[],
        negation: &[],
        initial_period_before: &[],
        initial_period_after: &[],
        dividends: &[],
        named_classes: NamedClasses {
            dividends: &[],
            interest: &[],
            royalties: &[],
        },
        class_reference: &[],
        establishment: &[],
        distribution_amount: &[],
        third_state: &[],
        lower_rate: &[],
        relative_rate: &[],
        paragraph_reference: &[],
        replaced_tier: &[],
        holding_before: &[],
        holding_after: &[],
        upper_bound_before: &[],
        upper_bound_after: &[],
        basis_voting: &[],
        basis_capital: &[],
        basis_value: &[],
        either_basis: &[],
        gross_amount: &[],
        comparison_before: &[],
        comparison_after: &[],
        comparison_after_not: &[],
        exceeded_before: &[],
        taxable_base_before: &[],
        back_reference: &[],
        pe_employees: &[],
        pe_services_furnished: &[],
        pe_construction: &[],
        pe_services: &[],
        lookback: &[],
        counting_window_before: &[],
        counting_window_after: &[],
        immovable_property: &[],
        property_value: &[],
        ownership_period_after: &[],
        ownership_period_share: &[],
        ordinal_period: &[],
        ordinals: &[],
        ordinal_months: &[],
        ordinal_years: &[],
        deleted_text: &[],
        rate_by_reference: &[],
    };
}

#[cfg(test)]
mod tests {
    use crate::builtin::BUILTIN;

    #[test]
    fn word_lists_matched_on_lower_cased_text_are_lower_case() {
        for profile in BUILTIN {
            let words = &profile.rules;
            let (owners, income) = (&words.owners, &words.income);
            let lists: [&[&str]; 57] = [
                owners.company_not_partnership,
                owners.pension_fund,
                owners.central_bank,
                owners.government,
                owners.financial_institution,
                owners.bank,
                owners.company,
                owners.individual,
                income.copyright,
                income.films,
                income.software,
                income.patents,
                income.trademarks,
                income.equipment,
                income.know_how,
                income.technical_services,
                income.government_debt,
                income.bank_loan,
                income.sale_on_credit,
                income.contingent_interest,
                income.export_credit,
                income.government_guaranteed,
                income.indirect_financing,
                income.late_payment_penalty,
                income.excluded_after,
                words.beneficial_owner,
                words.or,
                words.all_other_cases,
                words.technical_fees,
                words.royalties,
                words.establishment,
                words.distribution_amount,
                words.third_state,
                words.lower_rate,
                words.relative_rate,
                words.holding_before,
                words.holding_after,
                words.upper_bound_before,
                words.upper_bound_after,
                words.basis_voting,
                words.basis_capital,
                words.basis_value,
                words.gross_amount,
                words.comparison_before,
                words.comparison_after,
                words.exceeded_before,
                words.taxable_base_before,
                words.and,
                words.named_classes.dividends,
                words.named_classes.interest,
                words.named_classes.royalties,
                words.class_reference,
                words.pe_construction,
                words.pe_services,
                words.lookback,
                words.counting_window_before,
                words.counting_window_after,
            ];
            for word in lists.iter().flat_map(|list| list.iter()) {
                assert_eq!(word.to_lowercase(), *word, "{}: {word}", profile.code);
            }
            for (ordinal, _) in words.ordinals {
                assert_eq!(ordinal.to_lowercase(), *ordinal, "{}", profile.code);
            }
        }
    }
}
