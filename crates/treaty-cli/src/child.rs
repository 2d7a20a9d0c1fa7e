//! External commands (pdftotext, pdftoppm, Tesseract) run with a time limit and a cap on what
//! they print, so a PDF or a page that makes one hang or flood costs its document only.

use std::io::{Read, Write};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use wait_timeout::ChildExt;

/// What a command left when it ended.
pub struct Finished {
    /// Its exit status; `None` when it was stopped because its output passed the cap.
    pub status: Option<ExitStatus>,
    /// Its standard output (at most the cap plus one byte).
    pub stdout: Vec<u8>,
    /// The start of its standard error (the first 64 KB: the first messages say enough).
    pub stderr: String,
}

/// How much of a command's standard error is kept.
const STDERR_KEPT: u64 = 64 * 1024;

/// Runs `command`, named `name` in messages, with `input` on its standard input. It is killed
/// after `time_limit` (an error saying it took too long `on` what it read: "on this PDF"), or
/// as soon as its standard output passes `max_stdout` bytes (then `status` is `None`).
pub fn run_limited(
    mut command: Command,
    name: &str,
    input: Option<Vec<u8>>,
    time_limit: Duration,
    on: &str,
    max_stdout: u64,
) -> Result<Finished, String> {
    let started = Instant::now();
    let mut child = command
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {name}: {e}"))?;
    let writer = input.map(|bytes| {
        let mut stdin = child.stdin.take().expect("stdin is piped");
        std::thread::spawn(move || stdin.write_all(&bytes))
    });
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    // Set by the reader when the output passed the cap: it then stops reading and leaves the
    // pipe full, so the command will not end by itself. (A reader that ends because the
    // command closed its output is no such sign: the command may still be exiting.)
    let over_cap = Arc::new(AtomicBool::new(false));
    let reader = {
        let over_cap = Arc::clone(&over_cap);
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let read = stdout
                .take(max_stdout.saturating_add(1))
                .read_to_end(&mut bytes);
            over_cap.store(bytes.len() as u64 > max_stdout, Ordering::Relaxed);
            read.map(|_| bytes)
        })
    };
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = (&mut stderr).take(STDERR_KEPT).read_to_string(&mut text);
        let _ = std::io::copy(&mut stderr, &mut std::io::sink());
        text
    });
    let status = loop {
        match child.wait_timeout(Duration::from_millis(50)) {
            Ok(Some(status)) => break Some(status),
            Ok(None) if over_cap.load(Ordering::Relaxed) => break None,
            Ok(None) if started.elapsed() > time_limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "{name} took more than {} s {on} and was stopped",
                    time_limit.as_secs()
                ));
            }
            Ok(None) => {}
            Err(e) => return Err(format!("{name}: {e}")),
        }
    };
    let stdout = reader
        .join()
        .map_err(|_| format!("{name}: reading its output failed"))?
        .map_err(|e| format!("{name}: {e}"))?;
    let status = status.filter(|_| stdout.len() as u64 <= max_stdout);
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    if let Some(writer) = writer {
        let _ = writer.join();
    }
    let stderr = errors.join().unwrap_or_default();
    Ok(Finished {
        status,
        stdout,
        stderr,
    })
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn shell(script: &str) -> Command {
        let mut command = Command::new("sh");
        command.args(["-c", script]);
        command
    }

    #[test]
    fn output_input_and_status_come_back() {
        let done = run_limited(
            shell("cat; echo oops >&2; exit 3"),
            "sh",
            Some(b"page".to_vec()),
            Duration::from_secs(20),
            "on this input",
            100,
        )
        .unwrap();
        assert_eq!(done.stdout, b"page");
        assert_eq!(done.stderr, "oops\n");
        assert_eq!(done.status.and_then(|s| s.code()), Some(3));
    }

    #[test]
    fn a_command_that_floods_is_stopped_at_the_cap_and_one_that_hangs_at_the_limit() {
        let flood = run_limited(
            shell("yes"),
            "yes",
            None,
            Duration::from_secs(20),
            "on this input",
            10_000,
        )
        .unwrap();
        assert!(flood.status.is_none());
        assert_eq!(flood.stdout.len(), 10_001);
        let error = match run_limited(
            shell("sleep 30"),
            "sleep",
            None,
            Duration::from_secs(1),
            "on this page",
            100,
        ) {
            Err(error) => error,
            Ok(_) => panic!("a hanging command was not stopped"),
        };
        assert_eq!(
            error,
            "sleep took more than 1 s on this page and was stopped"
        );
    }
}
