//! Stopping `treaty run`: Ctrl-C (SIGINT) stops the run after the documents in progress (it
//! says so at once, and OCR stops at its next page, the document then failing as interrupted); a
//! second signal, or a SIGTERM or SIGHUP whose documents in progress are not done within
//! [`GRACE`], stops the process at once. The documents then in progress are reported as
//! interrupted; they have no JSON, so `--resume` redoes them (and the temporary files the
//! stop leaves are removed by the next run).
//!
//! signal-hook rather than ctrlc (used before): ctrlc gives one handler for SIGINT, SIGTERM
//! and SIGHUP alike, and SIGTERM (`timeout`, a scheduler, `docker stop`) must not wait minutes
//! for a long document the way a first Ctrl-C may; telling them apart by hand needs
//! `sigaction`, which is unsafe code, forbidden in this workspace.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How long documents in progress may take to finish after SIGTERM or SIGHUP.
pub(super) const GRACE: Duration = Duration::from_secs(2);

#[derive(Default)]
struct State {
    /// Signals received.
    signals: AtomicUsize,
    /// Documents in progress, by input index: their paths.
    in_progress: Mutex<BTreeMap<usize, String>>,
}

/// The run's view of the signals received.
#[derive(Clone, Default)]
pub(super) struct Interrupt(Arc<State>);

impl Interrupt {
    /// Installs the signal handling (a thread that waits for signals).
    pub(super) fn install() -> Interrupt {
        let interrupt = Interrupt::default();
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            {
                let state = Arc::clone(&interrupt.0);
                std::thread::spawn(move || {
                    for signal in signals.forever() {
                        if state.signals.fetch_add(1, Ordering::SeqCst) > 0 {
                            stop_at_once(&state, "interrupted again");
                        }
                        acknowledge(&state, signal == SIGINT);
                        if signal != SIGINT {
                            let state = Arc::clone(&state);
                            std::thread::spawn(move || {
                                std::thread::sleep(GRACE);
                                stop_at_once(&state, "terminated");
                            });
                        }
                    }
                });
            }
        }
        #[cfg(not(unix))]
        {
            let state = Arc::clone(&interrupt.0);
            let _ = ctrlc::set_handler(move || {
                if state.signals.fetch_add(1, Ordering::SeqCst) > 0 {
                    stop_at_once(&state, "interrupted again");
                }
                acknowledge(&state, true);
            });
        }
        interrupt
    }

    /// Whether a signal came: start no more documents.
    pub(super) fn fired(&self) -> bool {
        self.0.signals.load(Ordering::SeqCst) > 0
    }

    /// Marks the document at `index` in progress until the guard is dropped.
    pub(super) fn working(&self, index: usize, path: &Path) -> Working<'_> {
        self.0
            .in_progress
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(index, crate::path_text::path_text(path));
        Working {
            state: &self.0,
            index,
        }
    }
}

/// A document in progress (see [`Interrupt::working`]).
pub(super) struct Working<'a> {
    state: &'a State,
    index: usize,
}

impl Drop for Working<'_> {
    fn drop(&mut self) {
        self.state
            .in_progress
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.index);
    }
}

/// Says at once what the first signal does, and stops OCR at the next page (a scan's pages
/// take seconds each, and a document may have hundreds).
#[allow(clippy::print_stderr)]
fn acknowledge(state: &State, ctrl_c: bool) {
    crate::ocr::stop_at_next_page();
    let in_progress = state
        .in_progress
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .len();
    let then = if ctrl_c {
        "press Ctrl-C again to stop at once".to_string()
    } else {
        format!("stopping at once in {}s", GRACE.as_secs())
    };
    eprintln!(
        "\ntreaty: interrupted: no new document starts; waiting for the {in_progress} in \
         progress (OCR stops at its next page); {then}"
    );
}

/// Ends the process now: each document in progress is an interrupted failure.
#[allow(clippy::print_stderr)]
fn stop_at_once(state: &State, why: &str) -> ! {
    let in_progress = state
        .in_progress
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    for path in in_progress.values() {
        eprintln!(
            "treaty: {}: interrupted in progress (it has no JSON; --resume redoes it)",
            crate::terminal::quote(path)
        );
    }
    eprintln!(
        "treaty: {why}: stopped at once, {} documents in progress interrupted; the datasets \
         were not written; run the same command with --resume to continue",
        in_progress.len()
    );
    std::process::exit(130);
}
