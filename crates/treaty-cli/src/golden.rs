//! `treaty diff`, `check`, `bless`: golden fixtures as a CI gate.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

/// Arguments of `treaty diff`.
#[derive(Args)]
pub struct DiffArgs {
    /// Actual results: an output folder of `treaty run`, or per-document JSON files.
    pub actual: PathBuf,
    /// Expected results: a fixtures folder, or one document's fixture folder.
    pub expected: PathBuf,
}

/// Arguments of `treaty check`.
#[derive(Args)]
pub struct CheckArgs {
    /// Files or folders to process. Default: corpus/
    pub inputs: Vec<PathBuf>,
}

/// Arguments of `treaty bless`.
#[derive(Args)]
pub struct BlessArgs {
    /// Files to bless.
    pub inputs: Vec<PathBuf>,
}

pub fn diff(_args: DiffArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not yet")
}
pub fn check(_args: CheckArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not yet")
}
pub fn bless(_args: BlessArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not yet")
}
