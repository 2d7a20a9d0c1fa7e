//! The worker threads of a run, a merge and a report: `--jobs`, its cap, the pool, and how
//! many documents are held before their results are written.

use anyhow::Context as _;

/// `--jobs N`: a whole number, 0 or more (0: one per core). Negative numbers are taken as
/// values, so `--jobs -1` is told what is allowed rather than how to pass `-1`.
pub(crate) fn parse_jobs(value: &str) -> Result<usize, String> {
    value.trim().parse::<usize>().map_err(|_| {
        format!("`{value}` is not a number of jobs: give 0 (one per core, the default) or a whole number above 0")
    })
}

/// Worker threads per core beyond which `--jobs` is capped: documents are CPU-bound, so more
/// threads only add memory (about 12 times the size of each document in flight).
const MAX_JOBS_PER_CORE: usize = 4;

/// The number of workers for `--jobs`: one per core for none or 0, capped (with a warning) at
/// [`MAX_JOBS_PER_CORE`] per core.
pub(crate) fn job_count(requested: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match requested {
        None | Some(0) => cores,
        Some(jobs) if jobs > MAX_JOBS_PER_CORE * cores => {
            let cap = MAX_JOBS_PER_CORE * cores;
            eprintln!(
                "treaty: --jobs {jobs} is more than {MAX_JOBS_PER_CORE} per core; using {cap} ({cores} cores)"
            );
            cap
        }
        Some(jobs) => jobs,
    }
}

/// The rayon pool of `jobs` workers. Documents never run on rayon's global pool: the
/// Japanese dictionary's builder (lindera) runs its own parallel work there, and would wait
/// forever if every global worker were a document waiting for the dictionary.
pub(crate) fn worker_pool(jobs: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("cannot start worker threads")
}

/// How many documents are processed before their results are streamed to disk; bounds memory.
pub(crate) const CHUNK: usize = 64;
