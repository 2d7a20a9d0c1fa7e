//! The engine: `engine/ray_driver.py` runs one `treaty run --shard i/N` per document on a
//! local Ray cluster (started by the driver, two CPUs), the long scans' OCR first in page-range
//! tasks (`treaty ocr`), and merges; its output is byte for byte one `treaty run`'s, also when
//! a task's run or its Ray worker is killed on the way. Needs Ray for `python3` (`tools/test.sh` installs
//! `engine/requirements.txt`), and poppler and Tesseract as the OCR tests do.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use common::{assert_same_output, text, workspace_root};

/// One local Ray cluster at a time: the machine has two cores, and each test's cluster
/// takes both.
static ONE_CLUSTER: Mutex<()> = Mutex::new(());

/// Fails, saying what to do, where `python3` cannot import Ray.
fn require_ray() {
    let found = Command::new("python3")
        .args(["-c", "import ray"])
        .output()
        .unwrap_or_else(|e| panic!("python3 does not run ({e}): the engine tests need Python 3 with Ray; run tools/test.sh, which installs it"));
    assert!(
        found.status.success(),
        "Ray is not installed for python3 ({}): run tools/test.sh, which installs \
         engine/requirements.txt, or `python3 -m pip install -r engine/requirements.txt`",
        text(&found.stderr).lines().last().unwrap_or_default()
    );
}

/// `python3 engine/ray_driver.py ARGS` in `dir`, with the OCR cache in `cache`, two workers
/// and the binary under test.
fn driver(args: &[&str], dir: &Path, cache: &Path) -> Command {
    let mut command = Command::new("python3");
    command
        .arg(workspace_root().join("engine/ray_driver.py"))
        .args(["--treaty", env!("CARGO_BIN_EXE_treaty"), "--workers", "2"])
        .arg("--ocr-cache")
        .arg(cache)
        .args(args)
        .current_dir(dir)
        // Ray's own files (sessions, logs) in the test's folder.
        .env("RAY_TMPDIR", dir.join("ray"));
    command
}

/// The start of a test that runs a Ray cluster: Ray is there, no other such test runs, and
/// the test's own folder.
fn cluster_test() -> (MutexGuard<'static, ()>, tempfile::TempDir) {
    require_ray();
    let cluster = ONE_CLUSTER.lock().unwrap_or_else(|e| e.into_inner());
    (cluster, tempfile::tempdir().unwrap())
}

/// The driver (or a run) ended with exit 0; else its output is shown.
fn assert_succeeded(output: &Output) {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

fn single_run(inputs: &str, out: &str, extra: &[&str], dir: &Path, cache: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_treaty"))
        .args(["run", inputs, "--out", out, "-q"])
        .args(extra)
        .current_dir(dir)
        .env("TREATY_OCR_CACHE", cache)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
}

fn manifest(out: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(out.join("run.json")).unwrap()).unwrap()
}

/// Every input of `treaty list` is in the merged run.json exactly once, processed.
fn assert_every_document_once(inputs: &str, merged: &Path, dir: &Path) {
    let listed = common::treaty(&["list", inputs, "--json"], dir);
    assert!(listed.status.success(), "{}", text(&listed.stderr));
    let mut expected: Vec<String> = text(&listed.stdout)
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap()["doc"].to_string())
        .collect();
    let manifest = manifest(merged);
    let mut found: Vec<String> = manifest["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| {
            assert_eq!(entry["outcome"], "processed", "{entry}");
            entry["doc"].to_string()
        })
        .collect();
    expected.sort();
    found.sort();
    assert_eq!(found, expected);
    assert_eq!(manifest["counts"]["documents"], expected.len());
}

#[test]
fn the_corpus_through_ray_is_byte_identical_to_one_run() {
    let (_cluster, dir) = cluster_test();
    let dir = dir.path();
    let cache = dir.join("ocr-cache");
    let corpus = workspace_root().join("corpus");
    let corpus = corpus.to_str().unwrap();
    let scans = std::fs::read_dir(workspace_root().join("corpus/scan"))
        .unwrap()
        .filter(|entry| {
            entry
                .as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|e| e == "pdf")
        })
        .count();
    assert_eq!(
        scans, 2,
        "the corpus has its two scanned PDFs (corpus/scan)"
    );

    // The scans have 5 pages each: above --split-pages 4, so their OCR runs first in
    // page-range tasks of 2 pages (1-2, 3-4, 5), which fill the empty cache.
    let engine = driver(
        &[
            corpus,
            "--out",
            "engine",
            "--report",
            "--split-pages",
            "4",
            "--pages-per-task",
            "2",
        ],
        dir,
        &cache,
    )
    .output()
    .unwrap();
    assert_succeeded(&engine);
    let stderr = text(&engine.stderr);
    assert!(
        stderr.contains("OCR pages: 10 in page-range tasks"),
        "progress counts the pages of the range tasks: {stderr}"
    );
    // Every page the document runs read was in the cache: the range tasks wrote them under
    // the keys a run reads.
    assert_eq!(
        manifest(&dir.join("engine"))["ocr"],
        serde_json::json!({"pages": 10, "cached": 10})
    );

    // One run over the same inputs with a cache of its own, empty: it reads every page itself,
    // in its own order, where the engine read them in page ranges, each in a process of its
    // own (what the cache held changes only run.json's `ocr.cached`, which the comparison
    // leaves out).
    single_run(
        corpus,
        "whole",
        &["--report"],
        dir,
        &dir.join("single-run-cache"),
    );
    assert_same_output(&dir.join("whole"), &dir.join("engine"));
    assert_every_document_once(corpus, &dir.join("engine"), dir);
    assert!(dir.join("engine/report/index.html").is_file());
}

/// The process of a running `treaty run ... --shard SHARD`, found by its command line, which
/// holds `parts` (so only this test's processes are looked at).
fn shard_process(parts: &Path, shard: &str) -> Option<u32> {
    let parts = parts.to_str().unwrap();
    for entry in std::fs::read_dir("/proc").ok()? {
        let entry = entry.ok()?;
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let args: Vec<String> = cmdline
            .split(|&b| b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        let is_treaty = args
            .first()
            .is_some_and(|a| a.ends_with(env!("CARGO_BIN_EXE_treaty")));
        let is_run = args.iter().any(|a| a == "run")
            && args.windows(2).any(|w| w[0] == "--shard" && w[1] == shard)
            && args.iter().any(|a| a.starts_with(parts));
        if is_treaty && is_run {
            return Some(pid);
        }
    }
    None
}

/// The parent of process `pid` (the fourth field of `/proc/PID/stat`, after the command's
/// name in parentheses).
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(1)?.parse().ok()
}

/// Which process of a running task a test kills.
#[derive(Clone, Copy)]
enum Victim {
    /// The task's `treaty run`.
    Run,
    /// The Ray worker process that runs the task (the run's parent).
    RayWorker,
}

struct Killed {
    run: u32,
    worker: u32,
}

/// Waits for the run of shard `shard` (a process other than those of `earlier`) to have run
/// two seconds, then kills it or its Ray worker with SIGKILL.
fn kill_when_running(parts: &Path, shard: &str, earlier: &[u32], victim: Victim) -> Killed {
    let started = Instant::now();
    let mut seen: Option<(u32, Instant)> = None;
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "the scan's task never ran (again)"
        );
        match (shard_process(parts, shard), seen) {
            (Some(pid), _) if earlier.contains(&pid) => {}
            (Some(pid), Some((first, since)))
                if pid == first && since.elapsed() > Duration::from_secs(2) =>
            {
                let worker = parent_of(pid).expect("the run has a parent");
                let target = match victim {
                    Victim::Run => pid,
                    Victim::RayWorker => worker,
                };
                let status = Command::new("kill")
                    .args(["-KILL", &target.to_string()])
                    .status()
                    .unwrap();
                assert!(status.success(), "kill {target}");
                return Killed { run: pid, worker };
            }
            (Some(pid), Some((first, _))) if pid == first => {}
            (Some(pid), _) => seen = Some((pid, Instant::now())),
            (None, _) => {}
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn wait_with_timeout(mut child: Child, limit: Duration) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            panic!("the driver took more than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_task_whose_run_or_ray_worker_is_killed_is_run_again_and_every_document_comes_out_once() {
    let (_cluster, dir) = cluster_test();
    let dir = dir.path();
    let cache = dir.join("ocr-cache");
    // A small run: the Markdown corpus and one scan (5 pages, one task: no page ranges).
    let inputs = dir.join("in");
    std::fs::create_dir(&inputs).unwrap();
    let root = workspace_root();
    let mut copied: Vec<PathBuf> = std::fs::read_dir(root.join("corpus/md"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    copied.push(root.join("corpus/scan/finland--finland1991-p-jp-en.pdf"));
    for path in &copied {
        std::fs::copy(path, inputs.join(path.file_name().unwrap())).unwrap();
    }
    let listed = common::treaty(&["list", "in", "--json"], dir);
    let docs: Vec<serde_json::Value> = text(&listed.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let index = 1 + docs
        .iter()
        .position(|doc| doc["doc"] == "finland--finland1991-p-jp-en")
        .expect("the scan is listed");
    let shard = format!("{index}/{}", docs.len());

    let parts = dir.join("parts");
    let child = driver(
        &[
            "in",
            "--out",
            "engine",
            "--parts",
            "parts",
            "--split-pages",
            "100",
            // No time limit on a document: the scan is read up to three times on a machine
            // that may be loaded; the wait below guards against a hang.
            "--time-limit",
            "0",
        ],
        dir,
        &cache,
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // The scan's run, once it has run two seconds (into its OCR), is killed: first the
    // `treaty` process (the task sees its run broken and raises), then, on the retry, the Ray
    // worker that runs the task (Ray sees the worker die; its `treaty` child dies with it).
    let first = kill_when_running(&parts, &shard, &[], Victim::Run);
    let second = kill_when_running(&parts, &shard, &[first.run], Victim::RayWorker);
    // A guard against a hang, not a speed test: the scan is read up to three times, and on a
    // loaded 2-core machine one reading has taken two minutes.
    let output = wait_with_timeout(child, Duration::from_secs(900));
    assert_succeeded(&output);
    // The scan's part is the run of a retry, not of the process that was killed.
    let part = manifest(&parts.join(index.to_string()));
    assert_eq!(part["status"], "complete");
    for killed in [first.run, second.run] {
        assert_ne!(
            part["pid"], killed,
            "the part is the killed run's, not a retry's"
        );
    }
    assert!(
        !Path::new(&format!("/proc/{}", second.worker)).exists()
            || std::fs::read_to_string(format!("/proc/{}/stat", second.worker))
                .is_ok_and(|stat| stat.contains(") Z ")),
        "the Ray worker {} was not killed",
        second.worker
    );

    // The same settings (the run manifest records the time limit).
    single_run("in", "whole", &["--time-limit", "0"], dir, &cache);
    assert_same_output(&dir.join("whole"), &dir.join("engine"));
    assert_every_document_once("in", &dir.join("engine"), dir);
}

/// A Ray head started with `ray start` (the README's cluster recipe), stopped when dropped.
struct RayHead {
    home: PathBuf,
}

impl RayHead {
    /// `ray get-auth-token --generate`, then `ray start --head` on a free port of 127.0.0.1
    /// with 2 CPUs (token authentication on); Ray's files and its token
    /// (`$HOME/.ray/auth_token`) in `dir`. Returns the head and its address.
    fn start(dir: &Path) -> (RayHead, String) {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let home = dir.join("home");
        std::fs::create_dir_all(&home).unwrap();
        let token = Command::new("ray")
            .args(["get-auth-token", "--generate"])
            .env("HOME", &home)
            .output()
            .expect("ray get-auth-token (Ray's command, installed with engine/requirements.txt)");
        assert!(token.status.success(), "{}", text(&token.stderr));
        assert!(home.join(".ray/auth_token").is_file());
        let output = Command::new("ray")
            .args(["start", "--head", "--node-ip-address", "127.0.0.1"])
            .args(["--port", &port.to_string(), "--num-cpus", "2"])
            .args(["--include-dashboard", "false"])
            .env("HOME", &home)
            .env("RAY_TMPDIR", dir.join("ray"))
            .env_remove("RAY_AUTH_MODE")
            .output()
            .expect("ray start (Ray's command, installed with engine/requirements.txt)");
        assert!(
            output.status.success(),
            "ray start --head: {}",
            text(&output.stderr)
        );
        (RayHead { home }, format!("127.0.0.1:{port}"))
    }
}

impl Drop for RayHead {
    fn drop(&mut self) {
        let _ = Command::new("ray")
            .args(["stop", "--force"])
            .env("HOME", &self.home)
            .output();
    }
}

#[test]
fn the_readme_cluster_recipe_ray_start_then_the_driver_with_address_gives_one_runs_output() {
    let (_cluster, dir) = cluster_test();
    let dir = dir.path();
    let cache = dir.join("ocr-cache");
    let (head, address) = RayHead::start(dir);
    let md = workspace_root().join("corpus/md");
    let md = md.to_str().unwrap();
    // As the README says: the driver finds the saved token (the head requires it) without
    // RAY_AUTH_MODE in its environment.
    let output = driver(
        &[md, "--out", "engine", "--address", &address, "--quiet"],
        dir,
        &cache,
    )
    .env("HOME", &head.home)
    .env_remove("RAY_AUTH_MODE")
    .output()
    .unwrap();
    assert_succeeded(&output);
    single_run(md, "whole", &[], dir, &cache);
    assert_same_output(&dir.join("whole"), &dir.join("engine"));
    assert_every_document_once(md, &dir.join("engine"), dir);
}
