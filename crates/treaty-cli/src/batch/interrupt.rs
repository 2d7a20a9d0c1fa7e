//! Ctrl-C during `treaty run`: the first signal stops the run after the documents in
//! progress, a second one ends the process.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Counts SIGINT/SIGTERM/SIGHUP. The first one stops the run after the documents in progress;
/// a second one ends the process at once.
#[derive(Clone, Default)]
pub(super) struct Interrupt(Arc<AtomicUsize>);

impl Interrupt {
    /// Installs the signal handler (once per process; later calls share nothing and return
    /// an interrupt that never fires).
    pub(super) fn install() -> Interrupt {
        let interrupt = Interrupt::default();
        let count = Arc::clone(&interrupt.0);
        let _ = ctrlc::set_handler(move || {
            if count.fetch_add(1, Ordering::SeqCst) > 0 {
                eprintln!(
                    "treaty: interrupted again: stopped at once; run the same command with --resume to continue"
                );
                std::process::exit(130);
            }
        });
        interrupt
    }

    pub(super) fn fired(&self) -> bool {
        self.0.load(Ordering::SeqCst) > 0
    }
}
