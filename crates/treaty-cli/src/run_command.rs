//! `treaty run [--report]`: the run (`batch`), then the report of its output folder
//! (`report`), above both so neither imports the other.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::report::{report, ReportArgs};

/// Arguments of `treaty run`, with `--report`.
#[derive(Args)]
pub struct RunWithReport {
    #[command(flatten)]
    pub run: crate::batch::RunArgs,
    /// Also write the HTML review report to <OUT>/report/ (index.html, a page per document,
    /// check.html when fixtures/ exists); open <OUT>/report/index.html in a browser.
    #[arg(long, conflicts_with = "stdin")]
    pub report: bool,
}

/// `treaty run [--report]`: the exit status is the run's, or 1 when a page of the report could
/// not be rendered.
pub fn run(args: RunWithReport) -> anyhow::Result<ExitCode> {
    // A run of an input list, or of a shard, reports on the inputs it read, found before the
    // run moves its arguments.
    let input_list = if args.report && (args.run.inputs_from.is_some() || args.run.shard.is_some())
    {
        Some(crate::batch::shard_inputs(&args.run)?)
    } else {
        None
    };
    let then_report = args.report.then(|| ReportArgs {
        inputs: args.run.inputs.clone(),
        out: args.run.out.clone(),
        fixtures: PathBuf::from("fixtures"),
        jobs: args.run.jobs,
        quiet: args.run.quiet,
        input_list,
    });
    let code = crate::batch::run(args.run)?;
    match then_report {
        Some(report_args) => {
            let report_code = report(report_args)?;
            Ok(if report_code == ExitCode::SUCCESS {
                code
            } else {
                report_code
            })
        }
        None => Ok(code),
    }
}
