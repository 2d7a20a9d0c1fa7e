//! Japanese: see [`crate::RuleWords`].

use crate::rules::RuleWords;
use crate::rules::{IncomeWords, NamedClasses, OwnerWords, Phrase};

pub(super) const RULES: RuleWords = RuleWords {
    exemption: &[
        Phrase::Spliced("他方の締約[国者]においてのみ租税を課することができる"),
        // "only in the Contracting State of which the recipient is a resident".
        Phrase::Spliced("受[領益]者が居住者である締約国においてのみ租税を課することができる"),
        Phrase::Spliced("受[領益]者が居住者とされる締約国においてのみ租税を課することができる"),
        Phrase::Spliced("租税を免除される"),
        Phrase::Spliced("租税を免除する"),
        // `...他方の締約国においては、租税を課することができない` (the source State may
        // not tax); `いかなる租税も課することができず` (Article 10(5)) is not this.
        Phrase::Spliced("においては、租税を課することができない"),
    ],
    residence_only: &[Phrase::Spliced(
        "当該一方の締約[国者]においてのみ租税を課することができる",
    )],
    resident_subject: &[r"一方の締約(?:国|者)の居住者"],
    source_subject: &[r"内において生ずる"],
    // `日本国においてのみ租税を課することができる`: the State named before the phrase.
    named_state_only: &[
        r"(?P<state>[\p{Han}\p{Katakana}ー・]{2,12})においてのみ租税を課することができる",
    ],
    resident_of: &[],
    // `クウェート内において生ずる`: where the income arises.
    arising_in_named: &[r"(?P<place>[\p{Han}\p{Katakana}ー・]{2,12})内において生ずる"],
    contracting: &["締約"],
    source_may_also_tax: &[Phrase::Regex(
        r"他方の締約(?:国|者)内において生ずるもの[^。]{0,40}においても租税を課することができる",
    )],
    source_overrides: &[],
    residence_state_after: &[],
    paid_by_state: &[r"政府が支払う"],
    state_backed_debt: &["保証された債権", "保険の引受け", "間接融資に係る債権"],
    beneficiaries_end: &["もの及び", "もの並びに"],
    list_lead: &["次の"],
    conditions_list_lead: &[r"かつ、?\s*次の"],
    owners: OwnerWords {
        company_not_partnership: &["組合以外"],
        pension_fund: &["年金基金"],
        central_bank: &["中央銀行"],
        government: &["政府", "地方公共団体"],
        financial_institution: &["金融機関", "保険会社", "証券会社"],
        bank: &["銀行"],
        company: &["所有する法人"],
        individual: &["個人"],
    },
    beneficial_owner: &["受益者"],
    or: &["又は"],
    and: &[],
    all_other_cases: &["その他のすべての場合", "その他の場合"],
    income: IncomeWords {
        copyright: &["著作権"],
        films: &["映画"],
        software: &["ソフトウェア"],
        patents: &["特許"],
        trademarks: &["商標"],
        equipment: &["設備"],
        know_how: &["経験に関する情報"],
        technical_services: &[],
        government_debt: &[],
        bank_loan: &[],
        sale_on_credit: &["信用供与による"],
        // `債務者若しくはその関係者の収入、売上げ、所得、利得...を基礎として算定される利子`:
        // interest that depends on the debtor's receipts or profits.
        contingent_interest: &["を基礎として算定される利子"],
        export_credit: &[],
        // `...機関によって保証された債権、これらによって保険の引受けが行われた債権又は
        // これらによる間接融資に係る債権`: debt the State guarantees, insures or finances
        // indirectly.
        government_guaranteed: &["保証された債権", "保険の引受けが行われた債権"],
        indirect_financing: &["間接融資に係る債権"],
        late_payment_penalty: &[],
        excluded_after: &[],
    },
    lending_body: &[],
    // `技術上の役務に対する料金` (fees for technical services), `技術的役務`.
    technical_fees: &["技術上の役務", "技術的役務"],
    royalties: &["使用料"],
    technical_fees_deemed_royalties: &[],
    negation: &[],
    initial_period_before: &[],
    initial_period_after: &[],
    dividends: &["配当"],
    named_classes: NamedClasses {
        dividends: &["配当"],
        interest: &["利子"],
        royalties: &["使用料"],
    },
    class_reference: &[],
    // `この付加的な租税の額は...十パーセントを超えない`: the additional (branch) tax.
    establishment: &["恒久的施設", "支店", "付加的な租税"],
    distribution_amount: &["配当の額", "利子の額", "使用料の額"],
    third_state: &["第三国"],
    lower_rate: &["低い", "軽減"],
    relative_rate: &[],
    paragraph_reference: &[],
    replaced_tier: &[],
    holding_before: &["少なくとも"],
    holding_after: &["以上"],
    upper_bound_before: &[],
    upper_bound_after: &["未満"],
    basis_voting: &["議決権"],
    basis_capital: &["資本"],
    basis_value: &[],
    either_basis: &[r"議決権のある株式又は(?:その)?(?:発行済株式|発行した全株式)"],
    gross_amount: &[],
    comparison_before: &[],
    // `五十パーセントを超える部分` is a test, `十パーセントを超えない` a cap, and so is
    // `十五パーセントを超える率の租税を課することができない` (no tax at a rate above 15 per cent).
    comparison_after: &["を超える", "をこえる"],
    comparison_after_not: &["を超えない", "をこえない", "を超える率", "をこえる率"],
    exceeded_before: &[],
    taxable_base_before: &[],
    // `当該六箇月の期間` ("the said six months").
    back_reference: &["当該"],
    // `使用人その他の職員を通じてコンサルタントの役務又は...工事に係る契約に関連する監督の役務を
    // 提供する場合`: services furnished through employees, even with a construction contract.
    pe_employees: &["使用人その他の職員"],
    pe_services_furnished: &["役務を提供", "役務の提供"],
    pe_construction: &["建設", "据付け", "据付", "組立", "工事現場"],
    pe_services: &["役務"],
    // `当該譲渡に先立つ三百六十五日の期間`.
    lookback: &["先立つ", "前"],
    counting_window_before: &["いずれの", "いずれかの", "いかなる"],
    counting_window_after: &["の期間において", "の間に"],
    immovable_property: &["不動産"],
    property_value: &["価値"],
    // `十二箇月の期間を通じて...要件を満たす`, `十二箇月の期間の総日数の半数以上の日において`.
    ownership_period_after: &["の期間を通じ"],
    ownership_period_share: &["総日数の半数以上"],
    // `後三十日目の日`, `後三箇月目の月`, `後十五年目の年`.
    ordinal_period: &[r"(?:後|から)(?P<n>[〇一二三四五六七八九十百千]+)(?P<unit>日|箇月|年)目"],
    ordinals: &[],
    ordinal_months: &["箇月"],
    ordinal_years: &["年"],
    // 「旧」を「新」に改める (replaces the former words), 「旧」を削る (deletes them).
    deleted_text: &[r"「(?P<struck>[^」]{1,80})」を(?:「[^」]{1,80}」に改め|削)"],
    rate_by_reference: &[],
};
