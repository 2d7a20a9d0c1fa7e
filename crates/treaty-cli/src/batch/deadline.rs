//! A time limit per document (`--time-limit`): the pipeline runs on a helper thread, and a
//! document still running at its limit becomes a failure ("took too long") while the batch
//! goes on. A thread cannot be stopped from outside, so the helper that overran is left to
//! finish alone (its answer is dropped) and a fresh helper takes its place.
//!
//! Each worker keeps its own helper from document to document, so the pipeline's per-thread
//! caches (the word evidence of language identification) stay warm as they do without a limit.

use std::cell::RefCell;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

use treaty_normalize::IngestError;
use treaty_pipeline::{process_document, Settings};
use treaty_schema::DocumentReport;

/// What the pipeline gave: its result, or the payload of its panic.
pub(super) type Answer = std::thread::Result<Result<DocumentReport, IngestError>>;

/// One document for a helper.
struct Job {
    doc: String,
    bytes: Vec<u8>,
    settings: Settings<'static>,
}

/// A helper thread and the two ends that talk to it.
struct Helper {
    jobs: Sender<Job>,
    answers: Receiver<Answer>,
}

impl Helper {
    fn spawn() -> std::io::Result<Helper> {
        let (jobs, job_queue) = mpsc::channel::<Job>();
        let (answer_end, answers) = mpsc::channel::<Answer>();
        std::thread::Builder::new()
            .name("treaty-document".to_string())
            .spawn(move || {
                // Ends when its worker drops it (after an overrun, or at the end of the run).
                for job in job_queue {
                    let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        process_document(&job.doc, &job.bytes, &job.settings)
                    }));
                    if answer_end.send(answer).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Helper { jobs, answers })
    }
}

thread_local! {
    /// This worker's helper, once it has one.
    static HELPER: RefCell<Option<Helper>> = const { RefCell::new(None) };
}

/// Why a document has no answer.
pub(super) enum Overrun {
    /// Still running at the limit.
    TookTooLong,
    /// No helper thread could be started, or it ended without an answer.
    NoHelper(String),
}

/// Runs the pipeline on `bytes` on this worker's helper and waits at most `limit` for it.
pub(super) fn process_within(
    doc: &str,
    bytes: &[u8],
    settings: &Settings<'static>,
    limit: Duration,
) -> Result<Answer, Overrun> {
    HELPER.with(|cell| {
        // Taken out while it works and put back only when it answers in time: a helper that
        // overran or ended is dropped, and the next document gets a fresh one.
        let helper = match cell.borrow_mut().take() {
            Some(helper) => helper,
            None => Helper::spawn()
                .map_err(|e| Overrun::NoHelper(format!("cannot start a thread for it: {e}")))?,
        };
        let job = Job {
            doc: doc.to_string(),
            bytes: bytes.to_vec(),
            settings: settings.clone(),
        };
        if helper.jobs.send(job).is_err() {
            return Err(Overrun::NoHelper("its thread has ended".to_string()));
        }
        match helper.answers.recv_timeout(limit) {
            Ok(answer) => {
                *cell.borrow_mut() = Some(helper);
                Ok(answer)
            }
            Err(RecvTimeoutError::Timeout) => Err(Overrun::TookTooLong),
            Err(RecvTimeoutError::Disconnected) => Err(Overrun::NoHelper(
                "its thread ended without an answer".to_string(),
            )),
        }
    })
}

/// `--time-limit SECONDS`: a number of seconds, 0 or more, fractions allowed (0: no limit).
pub(crate) fn parse_time_limit(value: &str) -> Result<Duration, String> {
    let seconds: f64 = value
        .trim()
        .parse()
        .map_err(|_| format!("{value:?} is not a number of seconds"))?;
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(format!(
            "{value:?}: give a number of seconds, 0 (no limit) or more"
        ));
    }
    Duration::try_from_secs_f64(seconds).map_err(|e| format!("{value:?}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_are_seconds_or_nothing() {
        assert_eq!(parse_time_limit("120"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_time_limit("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_time_limit("0"), Ok(Duration::ZERO));
        for bad in ["-1", "inf", "NaN", "ten", ""] {
            assert!(parse_time_limit(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_document_within_its_limit_gives_its_report_and_one_over_it_gives_none() {
        let settings = Settings {
            ingest: treaty_normalize::IngestConfig::default(),
            tokenizers: None,
            amended_treaty: None,
        };
        let text = b"Article 10\nDividends\n2. The tax so charged shall not exceed 15 per cent of the gross amount of the dividends.\n";
        let Ok(Ok(Ok(report))) = process_within("small", text, &settings, Duration::from_secs(60))
        else {
            panic!("a small document gives its report");
        };
        assert_eq!(report.rows.len(), 1);
        // No document is processed in no time: a zero limit is an overrun.
        let long = "Article 1 ".repeat(100_000);
        assert!(matches!(
            process_within("long", long.as_bytes(), &settings, Duration::ZERO),
            Err(Overrun::TookTooLong)
        ));
        // The worker goes on with a fresh helper.
        assert!(matches!(
            process_within("small", text, &settings, Duration::from_secs(60)),
            Ok(Ok(Ok(_)))
        ));
    }
}
