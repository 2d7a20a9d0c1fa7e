//! A language added as a profile only: a small Spanish profile, written here, is installed
//! before the first document, and a short Spanish treaty (written for this test) is
//! identified, segmented into articles with titles, topics and paragraphs, and its dividend
//! cap extracted, by the same code that reads the built-in languages. Nothing outside this
//! file knows Spanish.
//!
//! (An integration test runs in its own process, so installing a profile here does not
//! affect other tests.)

use treaty_extract::{process_document, Settings};
use treaty_lang::{
    install, Identification, IdentityWords, KanjiStructure, Lang, Names, NormalizeWords,
    NumberWord, NumberWordKind, NumberWords, Profile, RuleWords, Script, StructureWords,
    TopicWords,
};

const fn w(word: &'static str, value: u64, kind: NumberWordKind) -> NumberWord {
    NumberWord { word, value, kind }
}

const SPANISH: Profile = Profile {
    code: "es",
    name: "Spanish",
    script: Script::Latin,
    ident: Identification {
        // Function words and frequent treaty words; words Portuguese shares ("de", "que",
        // "dividendos") say nothing between the two, as in any pair of profiles.
        lexicon: &[
            "el",
            "la",
            "los",
            "las",
            "un",
            "una",
            "del",
            "al",
            "de",
            "en",
            "con",
            "por",
            "para",
            "que",
            "se",
            "su",
            "sus",
            "y",
            "o",
            "este",
            "esta",
            "dicho",
            "dichos",
            "otro",
            "otra",
            "será",
            "podrán",
            "podrá",
            "pueden",
            "puede",
            "sin",
            "embargo",
            "estado",
            "estados",
            "contratante",
            "contratantes",
            "convenio",
            "impuesto",
            "impuestos",
            "sociedad",
            "residente",
            "residentes",
            "pagados",
            "beneficiario",
            "efectivo",
            "artículo",
            "apartado",
            "personas",
            "dividendos",
            "intereses",
            "cánones",
            "renta",
            "presente",
            "cuando",
            "si",
            "uno",
            "ambos",
        ],
        marked_letters: "ñáéíóú",
        endings: &[
            "ción", "ciones", "mente", "dad", "dades", "os", "as", "es", "ado", "ada", "ados",
            "adas", "ido", "ida", "idos", "idas",
        ],
        heading_keywords: &["artículo"],
        ..Identification::EMPTY
    },
    numbers: NumberWords {
        words: &[
            w("cinco", 5, NumberWordKind::Ones),
            w("diez", 10, NumberWordKind::Teens),
            w("quince", 15, NumberWordKind::Teens),
            w("veinte", 20, NumberWordKind::Tens),
        ],
        connector: "y",
        thousands_separator: '.',
        percent_units: &[r"por\s+ciento"],
        day_units: &[r"d[ií]as?"],
        year_units: &[r"años?"],
        reference_words: &[r"art[íi]culos?", r"apartados?"],
        ..NumberWords::EMPTY
    },
    normalize: NormalizeWords::EMPTY,
    structure: StructureWords {
        preamble_end: &[r"han\s+acordado\s+lo\s+siguiente"],
        closing: &[r"en\s+fe\s+de\s+lo\s+cual"],
        article_heading: &["Artículo", "ARTÍCULO"],
        article_reference: &[r"[Aa]rtículos?"],
        contracting_state: &["Estado Contratante"],
        sentence_openers: &["el", "la", "los", "las"],
        title_stop_words: &["el", "la", "los", "las", "cuando", "si"],
        list_joiners: &["y", "o"],
        ..StructureWords::EMPTY
    },
    kanji: KanjiStructure::EMPTY,
    topics: TopicWords {
        titles: &[
            ("personas comprendidas", "persons_covered"),
            ("impuestos comprendidos", "taxes_covered"),
            ("dividendos", "dividends"),
            ("intereses", "interest"),
            ("cánones", "royalties"),
            ("entrada en vigor", "entry_into_force"),
        ],
        ..TopicWords::EMPTY
    },
    rules: RuleWords {
        beneficial_owner: &["beneficiario efectivo"],
        gross_amount: &["del importe bruto"],
        ..RuleWords::EMPTY
    },
    names: Names::EMPTY,
    identity: IdentityWords::EMPTY,
};

const TREATY: &str = "\
CONVENIO ENTRE EL REINO DE ARCADIA Y LA REPÚBLICA DE BETANIA

El Gobierno del Reino de Arcadia y el Gobierno de la República de Betania, deseando concluir un \
Convenio para evitar la doble imposición, han acordado lo siguiente:

Artículo 1
Personas comprendidas
El presente Convenio se aplica a las personas residentes de uno o de ambos Estados Contratantes.

Artículo 2
Impuestos comprendidos
1. El presente Convenio se aplica a los impuestos sobre la renta exigibles por cada uno de los \
Estados Contratantes.
2. Se consideran impuestos sobre la renta los que gravan la totalidad de la renta.

Artículo 3
Dividendos
1. Los dividendos pagados por una sociedad residente de un Estado Contratante a un residente del \
otro Estado Contratante pueden someterse a imposición en este otro Estado.
2. Sin embargo, dichos dividendos pueden también someterse a imposición en el Estado Contratante \
en que resida la sociedad que pague los dividendos, pero si el beneficiario efectivo de los \
dividendos es un residente del otro Estado Contratante, el impuesto así exigido no podrá exceder \
del 15 por ciento del importe bruto de los dividendos.

Artículo 4
Entrada en vigor
El presente Convenio entrará en vigor el día de la última notificación.

En fe de lo cual, los signatarios, debidamente autorizados al efecto, han firmado el presente \
Convenio.
";

#[test]
fn a_spanish_profile_segments_and_extracts_a_spanish_treaty() {
    let added = install(&[SPANISH]).expect("installed before any document is read");
    let spanish = added[0];
    assert_eq!(spanish.as_str(), "es");
    assert_eq!(Lang::from_code("es"), Some(spanish));

    let report = process_document(
        "arcadia-betania-es.txt",
        TREATY.as_bytes(),
        &Settings::default(),
    )
    .expect("a text document");
    assert!(
        !report
            .warnings
            .iter()
            .any(|w| w.code == "unsupported_language"),
        "{:?}",
        report.warnings
    );
    assert_eq!(report.treaties.len(), 1, "{:?}", report.treaties);
    let versions = &report.treaties[0].versions;
    assert_eq!(versions.len(), 1);
    let version = &versions[0];
    assert_eq!(version.lang.to_string(), "es");
    let outline: Vec<(&str, &str, String, usize)> = version
        .articles
        .iter()
        .map(|a| {
            let topic = a.topic.as_str().to_string();
            (
                a.article.as_str(),
                a.title.as_str(),
                topic,
                a.paragraphs.len(),
            )
        })
        .collect();
    let expected = [
        ("1", "Personas comprendidas", "persons_covered", 1),
        ("2", "Impuestos comprendidos", "taxes_covered", 2),
        ("3", "Dividendos", "dividends", 2),
        ("4", "Entrada en vigor", "entry_into_force", 1),
    ];
    let expected: Vec<(&str, &str, String, usize)> = expected
        .iter()
        .map(|(a, t, topic, p)| (*a, *t, topic.to_string(), *p))
        .collect();
    assert_eq!(outline, expected);
    // The dividend cap, read by the shared rules with the profile's words.
    let rows: Vec<(String, String, String, String, String)> = report
        .rows
        .iter()
        .map(|r| {
            (
                r.lang.to_string(),
                r.topic.as_str().to_string(),
                format!("{}({})", r.article, r.paragraph),
                r.kind.to_string(),
                format!("{} {}", r.value, r.unit),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [(
            "es".to_string(),
            "dividends".to_string(),
            "3(2)".to_string(),
            "rate".to_string(),
            "15 percent".to_string()
        )]
    );
    let row = &report.rows[0];
    assert_eq!(&TREATY[row.start..row.end], "15 por ciento");
    assert!(row.quote.starts_with("Sin embargo") && row.quote.ends_with("de los dividendos."));
    // The closing formula ends the last article.
    let last = &version.articles[3];
    assert!(last.end <= TREATY.find("En fe de lo cual").unwrap());
}
