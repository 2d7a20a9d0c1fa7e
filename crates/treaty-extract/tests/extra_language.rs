//! A language added as a profile only: a small Italian profile, written here, is installed
//! before the first document, and a short Italian treaty (written for this test) is
//! identified, segmented into articles with titles, topics and paragraphs, and its dividend
//! cap extracted, by the same code that reads the built-in languages. Nothing outside this
//! file knows Italian (`treaty-lang` knows it only as a lookalike, to refuse it while no
//! profile reads it), beside the built-in profiles, Spanish among them.
//!
//! (An integration test runs in its own process, so installing a profile here does not
//! affect other tests.)

use treaty_lang::{install, Lang, Profile, RuleWords};
use treaty_pipeline::{process_document, Settings};
use treaty_testing::profiles::ITALIAN;

const TREATY: &str = "\
CONVENZIONE TRA IL REGNO DI ARCADIA E LA REPUBBLICA DI BETANIA

Il Governo del Regno di Arcadia e il Governo della Repubblica di Betania, desiderosi di concludere \
una Convenzione per evitare le doppie imposizioni, hanno convenuto quanto segue:

Articolo 1
Soggetti
La presente Convenzione si applica alle persone residenti di uno o di entrambi gli Stati contraenti.

Articolo 2
Imposte considerate
1. La presente Convenzione si applica alle imposte sul reddito prelevate per conto di ciascuno \
degli Stati contraenti.
2. Sono considerate imposte sul reddito le imposte prelevate sul reddito complessivo.

Articolo 3
Dividendi
1. I dividendi pagati da una società residente di uno Stato contraente ad un residente dell'altro \
Stato contraente sono imponibili in detto altro Stato.
2. Tuttavia, tali dividendi possono essere tassati anche nello Stato contraente di cui la società \
che paga i dividendi è residente, ed in conformità alla legislazione di detto Stato, ma, se il \
beneficiario effettivo dei dividendi è un residente dell'altro Stato contraente, l'imposta così \
applicata non può eccedere il 15 per cento dell'ammontare lordo dei dividendi.

Articolo 4
Entrata in vigore
La presente Convenzione entrerà in vigore alla data dell'ultima notifica.

In fede di che, i sottoscritti, debitamente autorizzati a tal fine, hanno firmato la presente \
Convenzione.
";

#[test]
fn an_italian_profile_segments_and_extracts_an_italian_treaty() {
    // A profile with a pattern its stage cannot use is refused at install, naming the field,
    // and nothing is installed: the good profile can still be.
    let broken = Profile {
        rules: RuleWords {
            deleted_text: &["(?P<struck>unclosed"],
            ..ITALIAN.rules
        },
        ..ITALIAN
    };
    let refused = install(&[broken]).expect_err("a broken pattern is refused");
    assert!(
        refused.to_string().starts_with(
            "profile `it`, rules.deleted_text: pattern `(?P<struck>unclosed` does not compile"
        ),
        "{refused}"
    );
    let added = install(&[ITALIAN]).expect("installed before any document is read");
    let italian = added[0];
    assert_eq!(italian.as_str(), "it");
    assert_eq!(Lang::from_code("it"), Some(italian));
    assert!(!italian.is_core());

    let report = process_document(
        "arcadia-betania-it.txt",
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
    assert_eq!(version.lang.to_string(), "it");
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
        ("1", "Soggetti", "persons_covered", 1),
        ("2", "Imposte considerate", "taxes_covered", 2),
        ("3", "Dividendi", "dividends", 2),
        ("4", "Entrata in vigore", "entry_into_force", 1),
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
            "it".to_string(),
            "dividends".to_string(),
            "3(2)".to_string(),
            "rate".to_string(),
            "15 percent".to_string()
        )]
    );
    let row = &report.rows[0];
    assert_eq!(&TREATY[row.start..row.end], "15 per cento");
    assert!(row.quote.starts_with("Tuttavia") && row.quote.ends_with("dei dividendi."));
    // The closing formula ends the last article.
    let last = &version.articles[3];
    assert!(last.end <= TREATY.find("In fede di che").unwrap());
}
