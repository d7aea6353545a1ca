//! The `hotseat` binary: parse the command line, run it, report an error once.

use std::io;
use std::process::ExitCode;

use clap::Parser;
use hotseat::cli::{self, Cli};

fn main() -> ExitCode {
    // Usage errors and --help/--version exit here, with clap's codes (2 and 0).
    let args = Cli::parse();
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        // Output cut short by the reader (`hotseat perft 5 --divide | head`) is not a failure.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
