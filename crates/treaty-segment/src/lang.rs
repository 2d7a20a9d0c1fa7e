//! Language identification for lines and words: Portuguese, English, Japanese.
//!
//! Treaty text is formal and repetitive, so a lexicon of function words and treaty vocabulary,
//! plus spelling cues (accents, `-ção`, `-tion`), tells Portuguese from English even on
//! three-word OCR fragments, where general n-gram detectors guess.
//! Japanese is told by script alone.

use treaty_numbers::Lang;

/// Evidence for each language in a piece of text, in log-odds-like points.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Scores {
    /// Portuguese evidence.
    pub pt: f32,
    /// English evidence.
    pub en: f32,
    /// Japanese evidence (characters of kana or kanji).
    pub ja: f32,
    /// Latin-script words seen (numbers aside).
    pub words: u32,
    /// Of those, words in the Portuguese or English lexicon.
    pub known: u32,
}

impl std::ops::AddAssign for Scores {
    fn add_assign(&mut self, other: Scores) {
        self.pt += other.pt;
        self.en += other.en;
        self.ja += other.ja;
        self.words += other.words;
        self.known += other.known;
    }
}

const PT_WORDS: &[&str] = &[
    "o",
    "os",
    "as",
    "um",
    "uma",
    "uns",
    "umas",
    "do",
    "da",
    "dos",
    "das",
    "no",
    "na",
    "nos",
    "nas",
    "ao",
    "aos",
    "à",
    "às",
    "pelo",
    "pela",
    "pelos",
    "pelas",
    "num",
    "numa",
    "em",
    "com",
    "para",
    "por",
    "que",
    "não",
    "se",
    "ou",
    "mas",
    "é",
    "são",
    "ser",
    "será",
    "serão",
    "sejam",
    "seja",
    "foi",
    "tenha",
    "qualquer",
    "quaisquer",
    "este",
    "esta",
    "estes",
    "estas",
    "esse",
    "essa",
    "desse",
    "dessa",
    "deste",
    "desta",
    "neste",
    "nesta",
    "nesse",
    "nessa",
    "aquele",
    "seu",
    "sua",
    "seus",
    "suas",
    "outro",
    "outra",
    "outros",
    "outras",
    "também",
    "quando",
    "onde",
    "como",
    "mais",
    "menos",
    "entre",
    "sobre",
    "até",
    "após",
    "sem",
    "caso",
    "casos",
    "podem",
    "pode",
    "poderá",
    "poderão",
    "deve",
    "devem",
    "deverá",
    "estado",
    "estados",
    "contratante",
    "contratantes",
    "convenção",
    "imposto",
    "impostos",
    "rendimento",
    "rendimentos",
    "residente",
    "residentes",
    "empresa",
    "empresas",
    "sociedade",
    "sociedades",
    "dividendos",
    "juros",
    "lucros",
    "pessoa",
    "pessoas",
    "presente",
    "artigo",
    "artigos",
    "parágrafo",
    "parágrafos",
    "disposições",
    "termo",
    "expressão",
    "expressões",
    "designa",
    "significa",
    "montante",
    "bruto",
    "pagos",
    "pago",
    "tributados",
    "tributação",
    "tributável",
    "desde",
    "ainda",
    "nenhum",
    "nenhuma",
    "outro",
    "aí",
    "lhe",
    "sempre",
    "direito",
    "beneficiário",
    "efetivo",
    "efectivo",
    "rendimentos",
    "alienação",
    "bens",
    "situados",
    "estabelecimento",
    "estável",
    "permanente",
    "exercício",
    "atividade",
    "actividade",
    "serviços",
    "pagamentos",
    "qual",
    "quais",
    "cujo",
    "cuja",
    "nem",
    "já",
    "ambos",
    "cada",
    "sendo",
    "acordo",
    "mesmo",
    "mesma",
    "referido",
    "referida",
    "respeito",
    "relativo",
    "relativa",
    "governo",
    "república",
    "reino",
    "ministro",
    "autoridade",
    "autoridades",
    "competente",
    "competentes",
    "aplica",
    "aplicam",
    "aplicável",
    "aplicação",
    "pagar",
    "efeitos",
    "dentro",
    "acordaram",
    "acordam",
    "seguinte",
    "desejando",
    "concluir",
    "evitar",
    "dupla",
    "fora",
    "através",
    "mediante",
    "salvo",
    "exceto",
    "excepto",
];

const EN_WORDS: &[&str] = &[
    "the",
    "a",
    "an",
    "of",
    "to",
    "in",
    "on",
    "at",
    "by",
    "for",
    "from",
    "with",
    "and",
    "or",
    "not",
    "shall",
    "may",
    "be",
    "is",
    "are",
    "was",
    "were",
    "been",
    "which",
    "that",
    "this",
    "these",
    "those",
    "such",
    "any",
    "other",
    "its",
    "their",
    "it",
    "he",
    "his",
    "her",
    "who",
    "whom",
    "whose",
    "where",
    "when",
    "if",
    "than",
    "under",
    "into",
    "also",
    "only",
    "both",
    "each",
    "either",
    "all",
    "has",
    "have",
    "had",
    "there",
    "thereof",
    "therein",
    "between",
    "within",
    "without",
    "upon",
    "being",
    "but",
    "so",
    "as",
    "more",
    "less",
    "state",
    "states",
    "contracting",
    "convention",
    "tax",
    "taxes",
    "income",
    "resident",
    "residents",
    "enterprise",
    "enterprises",
    "company",
    "companies",
    "dividends",
    "interest",
    "royalties",
    "profits",
    "person",
    "persons",
    "article",
    "articles",
    "paragraph",
    "paragraphs",
    "provisions",
    "term",
    "means",
    "amount",
    "gross",
    "paid",
    "taxable",
    "taxed",
    "taxation",
    "including",
    "includes",
    "case",
    "cases",
    "beneficial",
    "owner",
    "alienation",
    "property",
    "situated",
    "establishment",
    "permanent",
    "through",
    "carried",
    "business",
    "services",
    "payments",
    "however",
    "nothing",
    "where",
    "whether",
    "respect",
    "government",
    "republic",
    "kingdom",
    "minister",
    "authority",
    "authorities",
    "competent",
    "apply",
    "applies",
    "purposes",
    "derived",
    "arising",
    "other",
    "same",
    "referred",
    "treated",
    "granted",
    "should",
    "would",
    "will",
    "can",
    "made",
    "provided",
    "accordance",
    "following",
];

use rustc_hash::FxHashSet as HashSet;
use std::sync::LazyLock;

static PT_LEXICON: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| PT_WORDS.iter().copied().collect());
static EN_LEXICON: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| EN_WORDS.iter().copied().collect());

// The lexicons are looked up for every word of every document: hash, not scan.
fn is_pt_word(word: &str) -> bool {
    PT_LEXICON.contains(word)
}

fn is_en_word(word: &str) -> bool {
    EN_LEXICON.contains(word)
}

/// Evidence from one word (already lower-cased, stripped of punctuation).
pub fn word_scores(word: &str) -> Scores {
    let mut scores = Scores::default();
    if word.is_empty() {
        return scores;
    }
    if word.chars().any(is_japanese_char) {
        scores.ja = word.chars().filter(|c| is_japanese_char(*c)).count() as f32;
        return scores;
    }
    let pt_known = is_pt_word(word);
    let en_known = is_en_word(word);
    if !word.bytes().all(|b| b.is_ascii_digit()) {
        scores.words = 1;
        scores.known = u32::from(pt_known || en_known);
    }
    match (pt_known, en_known) {
        (true, false) => scores.pt += 2.0,
        (false, true) => scores.en += 2.0,
        _ => {}
    }
    if pt_known || en_known {
        return scores;
    }
    // Spelling cues for words outside the lexicons.
    if word.chars().any(|c| "ãõçáéíóúâêôàü".contains(c)) {
        scores.pt += 1.5;
    }
    const PT_ENDINGS: &[&str] = &[
        "ção", "ções", "mente", "dade", "dades", "agem", "ados", "adas", "idos", "idas", "ário",
        "ária", "eiro", "eira", "ência", "ância", "ivo", "iva", "ivos", "ivas", "osos", "oso",
        "ar", "ir", "ado", "ada", "ido", "ida", "os", "as", "es",
    ];
    const EN_ENDINGS: &[&str] = &[
        "tion", "tions", "ing", "ings", "ed", "ly", "ness", "ship", "ment", "ments", "ance",
        "ence", "ity", "ies", "th", "ght", "ould", "ered",
    ];
    if PT_ENDINGS.iter().any(|e| word.ends_with(e)) {
        scores.pt += 0.7;
    }
    if EN_ENDINGS.iter().any(|e| word.ends_with(e)) {
        scores.en += 0.7;
    }
    if word.contains('w') || word.contains('k') || word.contains("th") || word.contains("sh") {
        scores.en += 0.5;
    }
    if word.contains("lh") || word.contains("nh") || word.ends_with('ã') {
        scores.pt += 0.5;
    }
    scores
}

/// True for hiragana, katakana, CJK ideographs and Japanese punctuation.
pub fn is_japanese_char(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x3005..=0x3007 | 0x3001..=0x3003)
}

/// Lower-cases a token and strips the punctuation around it.
pub fn word_key(token: &str) -> std::borrow::Cow<'_, str> {
    let trimmed = token.trim_matches(|c: char| !c.is_alphanumeric());
    if trimmed
        .bytes()
        .all(|b| !b.is_ascii_uppercase() && b.is_ascii())
    {
        std::borrow::Cow::Borrowed(trimmed)
    } else {
        std::borrow::Cow::Owned(trimmed.to_lowercase())
    }
}

thread_local! {
    /// Evidence per word already scored on this thread. Treaty vocabulary is small and
    /// repetitive, so most words are looked up, not scored again.
    static WORD_CACHE: std::cell::RefCell<rustc_hash::FxHashMap<String, Scores>> = Default::default();
}

/// [`word_scores`] of a token, through the per-thread cache.
pub fn token_scores(token: &str) -> Scores {
    let key = word_key(token);
    WORD_CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(scores) = cache.get(key.as_ref()) {
            return *scores;
        }
        let scores = word_scores(&key);
        // Bound the cache: a pathological input (random words) must not grow it forever.
        if cache.len() > 200_000 {
            cache.clear();
        }
        cache.insert(key.into_owned(), scores);
        scores
    })
}

/// Sum of word evidence over a text.
pub fn text_scores(text: &str) -> Scores {
    let mut total = Scores::default();
    for token in text.split_whitespace() {
        total += token_scores(token);
    }
    total
}

/// The language of a line, if the evidence says anything.
pub fn line_language(text: &str) -> Option<Lang> {
    language_of(text_scores(text))
}

/// The language some evidence points to, if any.
pub fn language_of(scores: Scores) -> Option<Lang> {
    if scores.ja > 2.0 && scores.ja >= scores.pt + scores.en {
        return Some(Lang::Ja);
    }
    if scores.pt == 0.0 && scores.en == 0.0 {
        return None;
    }
    if scores.pt >= scores.en {
        Some(Lang::Pt)
    } else {
        Some(Lang::En)
    }
}

/// True when a Latin-script line carries strong evidence of both Portuguese and English,
/// as the lines of a two-column print read across do.
pub fn is_mixed(text: &str) -> bool {
    is_mixed_scores(text_scores(text))
}

/// [`is_mixed`] on evidence already summed.
pub fn is_mixed_scores(scores: Scores) -> bool {
    let (low, high) = if scores.pt < scores.en {
        (scores.pt, scores.en)
    } else {
        (scores.en, scores.pt)
    };
    low >= 4.0 && low >= 0.2 * high
}

/// Labels every token of a mixed line with a language, by a two-state Viterbi search that
/// charges for each switch, so one ambiguous word does not split a fragment.
pub fn label_tokens(tokens: &[&str]) -> Vec<Lang> {
    const SWITCH_COST: f32 = 2.5;
    if tokens.is_empty() {
        return Vec::new();
    }
    let emissions: Vec<Scores> = tokens.iter().map(|t| token_scores(t)).collect();
    // State 0 = Portuguese, 1 = English.
    let mut cost = [-emissions[0].pt, -emissions[0].en];
    let mut back: Vec<[u8; 2]> = Vec::with_capacity(tokens.len());
    back.push([0, 1]);
    for emission in &emissions[1..] {
        let gain = [emission.pt, emission.en];
        let mut next = [0f32; 2];
        let mut from = [0u8; 2];
        for state in 0..2 {
            let stay = cost[state];
            let switch = cost[1 - state] + SWITCH_COST;
            if stay <= switch {
                next[state] = stay - gain[state];
                from[state] = state as u8;
            } else {
                next[state] = switch - gain[state];
                from[state] = (1 - state) as u8;
            }
        }
        cost = next;
        back.push(from);
    }
    let mut state = if cost[0] <= cost[1] { 0usize } else { 1 };
    let mut labels = vec![Lang::Pt; tokens.len()];
    for index in (0..tokens.len()).rev() {
        labels[index] = if state == 0 { Lang::Pt } else { Lang::En };
        state = back[index][state] as usize;
    }
    labels
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_in_each_language() {
        assert_eq!(
            line_language("A presente Convenção aplica-se às pessoas residentes"),
            Some(Lang::Pt)
        );
        assert_eq!(
            line_language("This Convention shall apply to persons who are residents"),
            Some(Lang::En)
        );
        assert_eq!(
            line_language("この条約は 一方又は双方の締約国の居住者である者に適用する"),
            Some(Lang::Ja)
        );
        assert_eq!(line_language("1974"), None);
    }

    #[test]
    fn two_column_ocr_line_is_split_at_the_column_seam() {
        // From brazil-denmark-1974-pt-en-ocr.txt: Portuguese and English read across.
        let line = "A presente Convenção se aplica às pessoas residentes de um ou de ambos This Convention shall apply to f os Estados Contratantes. the Contracting States.";
        assert!(is_mixed(line));
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let labels = label_tokens(&tokens);
        let english: Vec<&str> = tokens
            .iter()
            .zip(&labels)
            .filter(|(_, l)| **l == Lang::En)
            .map(|(t, _)| *t)
            .collect();
        let english = english.join(" ");
        assert!(
            english.starts_with("This Convention shall apply to"),
            "{english}"
        );
        assert!(english.ends_with("the Contracting States."), "{english}");
        assert!(!english.contains("Estados"), "{english}");
    }

    #[test]
    fn plain_line_is_not_mixed() {
        assert!(!is_mixed("The profits of an enterprise of a Contracting State shall be taxable only in that State"));
        assert!(!is_mixed("Os lucros de uma empresa de um Estado Contratante só podem ser tributados nesse Estado"));
    }
}
