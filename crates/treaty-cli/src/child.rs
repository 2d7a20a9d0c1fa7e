//! External commands (pdftotext, pdfinfo, pdftoppm, Tesseract) run with a time limit and a cap
//! on what they print, so a PDF or a page that makes one hang or flood costs its document only.
//!
//! The time limit is one `wait_timeout` (the `wait-timeout` crate: the wait ends when the child
//! exits, by its SIGCHLD, or when the time is up), not a loop that looks every few
//! milliseconds. A command whose output passes the cap is ended by closing its output: its
//! next write fails (SIGPIPE, which a child starts with at its default), so the same wait sees
//! it end.

use std::ffi::OsStr;
use std::fmt;
use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

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

/// Why a command gave no [`Finished`]; its text says which command and on what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunError {
    /// The program is not installed (not found on `PATH`).
    NotFound(String),
    /// It could not be started or waited for, or it ran past its time and was stopped.
    Failed(String),
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RunError::NotFound(message) | RunError::Failed(message) => f.write_str(message),
        }
    }
}

impl From<RunError> for String {
    fn from(error: RunError) -> String {
        error.to_string()
    }
}

/// How much of a command's standard error is kept.
const STDERR_KEPT: u64 = 64 * 1024;

/// A time limit as messages say it: whole seconds, or milliseconds below one.
fn limit_text(limit: Duration) -> String {
    if limit >= Duration::from_secs(1) {
        format!("{} s", limit.as_secs())
    } else {
        format!("{} ms", limit.as_millis())
    }
}

/// Runs `command`, named `name` in messages, with `input` on its standard input. It is killed
/// after `time_limit` (an error saying it took too long `on` what it read: "on page 3 of
/// `scan.pdf`"), or ended as soon as its standard output passes `max_stdout` bytes (then
/// `status` is `None`).
pub fn run_limited(
    mut command: Command,
    name: &str,
    input: Option<Vec<u8>>,
    time_limit: Duration,
    on: &str,
    max_stdout: u64,
) -> Result<Finished, RunError> {
    let mut child = command
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            let message = format!("cannot run {name}: {e}");
            if e.kind() == std::io::ErrorKind::NotFound {
                RunError::NotFound(message)
            } else {
                RunError::Failed(message)
            }
        })?;
    let writer = match (input, child.stdin.take()) {
        (Some(bytes), Some(mut stdin)) => Some(std::thread::spawn(move || stdin.write_all(&bytes))),
        _ => None,
    };
    let (Some(stdout), Some(mut stderr)) = (child.stdout.take(), child.stderr.take()) else {
        stop(&mut child);
        return Err(RunError::Failed(format!("{name}: its output is not piped")));
    };
    // Set by the reader when the output passed the cap; it then drops the pipe, which ends a
    // command that goes on writing.
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
    let status = match child.wait_timeout(time_limit) {
        Ok(Some(status)) => Some(status),
        // Past the cap, a command that ignores the closed pipe is stopped at its time.
        Ok(None) if over_cap.load(Ordering::Relaxed) => {
            stop(&mut child);
            None
        }
        Ok(None) => {
            stop(&mut child);
            return Err(RunError::Failed(format!(
                "{name} took more than {} {on} and was stopped",
                limit_text(time_limit)
            )));
        }
        Err(e) => {
            stop(&mut child);
            return Err(RunError::Failed(format!("{name}: {e}")));
        }
    };
    let stdout = reader
        .join()
        .map_err(|_| RunError::Failed(format!("{name}: reading its output failed")))?
        .map_err(|e| RunError::Failed(format!("{name}: {e}")))?;
    let status = status.filter(|_| stdout.len() as u64 <= max_stdout);
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

/// How long a program may take to say its version or what it has installed
/// (`tesseract --list-langs`): it answers at once, and one that hangs (a broken install, its
/// data on a dead network mount) must fail the documents that need it, not hold the run.
pub const QUERY_TIME_LIMIT: Duration = Duration::from_secs(30);

/// What `program arg` says, stopped after `time_limit` with an error naming the program and
/// the question.
pub fn ask(program: &OsStr, arg: &str, time_limit: Duration) -> Result<Finished, RunError> {
    let mut command = Command::new(program);
    command.arg(arg);
    run_limited(
        command,
        &program.to_string_lossy(),
        None,
        time_limit,
        &format!("answering {arg}"),
        1 << 20,
    )
}

/// Kills `child` and reaps it (best effort: it may have ended already).
fn stop(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::time::Instant;

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
        let started = Instant::now();
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
        assert!(started.elapsed() < Duration::from_secs(10), "not at once");
        let started = Instant::now();
        let error = match run_limited(
            shell("exec sleep 30"),
            "sleep",
            None,
            Duration::from_secs(1),
            "on page 3 of scan.pdf",
            100,
        ) {
            Err(error) => error,
            Ok(_) => panic!("a hanging command was not stopped"),
        };
        assert_eq!(
            error.to_string(),
            "sleep took more than 1 s on page 3 of scan.pdf and was stopped"
        );
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "not at its limit"
        );
    }

    #[test]
    fn a_program_that_is_not_installed_is_told_apart() {
        let error = run_limited(
            Command::new("treaty-no-such-program"),
            "treaty-no-such-program",
            None,
            Duration::from_secs(5),
            "on this input",
            100,
        )
        .err()
        .expect("no such program");
        assert!(matches!(error, RunError::NotFound(_)), "{error:?}");
        assert!(error.to_string().contains("treaty-no-such-program"));
    }
}
