//! Who a treaty is between, what instrument it is and when it was signed: the words of the
//! identity stage (`treaty-identity`).

/// The kind of instrument a title names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum InstrumentKind {
    /// A convention or agreement.
    Convention,
    /// A protocol (amending, or attached to a convention).
    Protocol,
    /// Notes or letters exchanged as an instrument of their own.
    ExchangeOfNotes,
    /// A memorandum of understanding.
    Memorandum,
    /// A text showing a convention as modified by later instruments.
    Consolidated,
    /// A document that explains a treaty rather than being one.
    TechnicalExplanation,
}

impl InstrumentKind {
    /// The snake_case name written in the datasets.
    pub fn as_str(self) -> &'static str {
        match self {
            InstrumentKind::Convention => "convention",
            InstrumentKind::Protocol => "protocol",
            InstrumentKind::ExchangeOfNotes => "exchange_of_notes",
            InstrumentKind::Memorandum => "memorandum",
            InstrumentKind::Consolidated => "consolidated",
            InstrumentKind::TechnicalExplanation => "technical_explanation",
        }
    }
}

/// The words of a title that name one kind of instrument.
#[derive(Debug, Clone, Copy)]
pub struct InstrumentWords {
    /// The kind.
    pub kind: InstrumentKind,
    /// Words or phrases, matched case-insensitively at word boundaries (Latin script) or as
    /// substrings (kanji script).
    pub words: &'static [&'static str],
}

/// Words of the identity stage: titles, signature formulas, dates and entry into force.
#[derive(Debug, Clone, Copy)]
pub struct IdentityWords {
    /// Instrument kinds by their title words.
    pub instruments: &'static [InstrumentWords],
    /// Regex sources of a date, with the placeholders `{D}`, `{M}` and `{Y}` that the
    /// stage fills with the day (digits, number words, ordinal words), the profile's month
    /// names ([`crate::StructureWords::months`]) and the year (digits, number words).
    /// Kanji-script profiles leave this empty: their dates are read by the kanji date grammar.
    pub date_patterns: &'static [&'static str],
    /// Ordinal words of days with their values (`first`, `twenty-sixth` is `twenty` plus
    /// `sixth`), for dates written `this twenty-sixth day of September`.
    pub ordinals: &'static [(&'static str, u32)],
    /// Eras of a kanji-script calendar and the year before their first (`平成` is 1988, so
    /// 平成二十九年 is 2017).
    pub eras: &'static [(&'static str, u32)],
    /// The numeral of the first year of an era (`元` in 平成元年).
    pub era_first_year: &'static str,
    /// Regex sources of a signature formula's opening with a named group `place` (`Done at
    /// Ottawa`, `Feito em Podgorica`); the signature date is the first date after it.
    pub signature: &'static [&'static str],
    /// Regex source of the place and date of a kanji-script closing: a date followed by this
    /// pattern, with a named group `place` (`に東京で`).
    pub signature_after_date: &'static str,
    /// Regex sources of a statement that the instrument was signed, followed or preceded by
    /// its date (`signed at Washington on`, `に署名された`), used when no closing formula
    /// gives the date: with a named group `place` where the statement names one.
    pub signed_statement: &'static [&'static str],
    /// Whether a date stands before the verb it goes with (`…日に署名された`, `…日に効力を生ずる`)
    /// rather than after it (`signed on …`, `shall enter into force on …`).
    pub date_before_verb: bool,
    /// Phrases that open the sentence putting the treaty into force (`shall enter into force`,
    /// `効力を生ずる`).
    pub entry_into_force: &'static [&'static str],
    /// Phrases of a statement that the instrument entered into force, followed by the date (a
    /// publisher's heading: `Entered into Force on July 9, 1972`, `Entry into Force: 4 August
    /// 1978`), looked for before the articles.
    pub entered_into_force: &'static [&'static str],
    /// Regex sources of a publisher's note, on a line of its own, that a later instrument
    /// changed the provision above it (`Se modifica el apartado 3 por el art. 1 del Protocolo
    /// de ...`): a text with such notes shows the treaty as amended, a consolidated text.
    pub amendment_notes: &'static [&'static str],
    /// Phrases naming taxes withheld at source in the clause on when the treaty has effect.
    pub withheld_at_source: &'static [&'static str],
    /// Phrases naming the taxes other than those withheld at source in that clause (`other
    /// taxes`, `taxes not withheld at source`), looked for before [`Self::withheld_at_source`]
    /// since some hold its words.
    pub not_withheld_at_source: &'static [&'static str],
    /// Phrases saying from when the treaty has effect, where one clause covers every tax
    /// (`shall have effect`).
    pub has_effect: &'static [&'static str],
    /// Phrases after a state's name that hand the treaty over to a territory it acts for
    /// (`in respect of`): the territory is the party.
    pub on_behalf_of: &'static [&'static str],
    /// Phrases right after an instrument word of a title that make it the object of the
    /// title's verb or of its head, in a language that puts the head of a title last
    /// (`条約を改正する議定書`, a protocol amending the convention; `協定に関する交換公文`, an
    /// exchange of notes concerning the agreement): the instrument is the word after the phrase.
    pub amended_object: &'static [&'static str],
    /// Phrases right before an instrument word of a title that make it the object of the
    /// title's verb, lower case, in a language that puts the head of a title first
    /// (`protocol amending the` "convention ..."): that word is not the title's head.
    pub amended_object_before: &'static [&'static str],
    /// The words a title opens with, in a language that puts the title's instrument word
    /// last (`所得に対する租税に関する二重課税の回避…のための…との間の条約`): where a print runs
    /// a note into the title's line, the title starts at the first of them.
    pub title_openings: &'static [&'static str],
    /// Words that stand before a party's name at the opening of a preamble, lower case
    /// (`the government of` in "The Government of Japan and ..."): a title cut where a print
    /// ran the preamble into its line leaves them out.
    pub before_names: &'static [&'static str],
    /// The instrument word follows the words that describe it (`…で署名された…条約`), as in
    /// Japanese; in English, Spanish and Portuguese it comes first ("the Convention signed
    /// at ... on ...").
    pub instrument_last: bool,
}

impl IdentityWords {
    /// A profile part with nothing in it, to build a new profile from with
    /// `..IdentityWords::EMPTY`.
    pub const EMPTY: IdentityWords = IdentityWords {
        instruments: &[],
        date_patterns: &[],
        ordinals: &[],
        eras: &[],
        era_first_year: "",
        signature: &[],
        signature_after_date: "",
        signed_statement: &[],
        date_before_verb: false,
        entry_into_force: &[],
        entered_into_force: &[],
        amendment_notes: &[],
        withheld_at_source: &[],
        not_withheld_at_source: &[],
        has_effect: &[],
        on_behalf_of: &[],
        amended_object: &[],
        amended_object_before: &[],
        title_openings: &[],
        before_names: &[],
        instrument_last: false,
    };
}
