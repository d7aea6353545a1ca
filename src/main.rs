//! The `hotseat` binary: parse the command line, run it, report an error once.
//!
//! Exit codes: 0 for a normal exit, 2 for a usage error (reported before the screen opens),
//! 1 for anything else.

use std::io;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use hotseat::cli::{self, Cli, Task};

fn main() -> ExitCode {
    // Usage errors and --help/--version exit here, with clap's codes (2 and 0).
    let args = match Cli::try_parse() {
        Ok(args) => args,
        Err(err) => return usage_error(err),
    };
    let task = match args.task() {
        Ok(task) => task,
        // Options that parse but do not fit together: a usage error, formatted like clap's own.
        Err(message) => {
            return usage_error(Cli::command().error(ErrorKind::ArgumentConflict, message));
        }
    };
    let result = match task {
        Task::Play(launch) => hotseat::tui::play(*launch),
        Task::Tool(command) => cli::run_tool(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // Output cut short by the reader (`hotseat perft 5 --divide | head`) is not a failure.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {}", hotseat::text::tame(&format!("{err:#}")));
            ExitCode::FAILURE
        }
    }
}

/// Help and version as clap prints them; an error once, on standard error, with what it
/// quotes of the arguments cut short and escaped (clap echoes a bad value whole and raw).
fn usage_error(err: clap::Error) -> ExitCode {
    if !err.use_stderr() {
        err.exit();
    }
    eprint!("{}", hotseat::text::tame(&err.render().to_string()));
    ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2))
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
