//! The `hotseat` binary: parse the command line, run it, report an error once.
//!
//! Exit codes: 0 for a normal exit, 2 for a usage error (reported before the screen opens),
//! 1 for anything else; `--plain` exits with 3 when it leaves a game unfinished.

use std::io;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use hotseat::cli::{self, Cli, Task, TaskError};

fn main() -> ExitCode {
    one_malloc_arena();
    private_files();
    // Usage errors and --help/--version exit here, with clap's codes (2 and 0).
    let args = match parse_arguments() {
        Ok(args) => args,
        Err(err) => return usage_error(err),
    };
    let task = match args.task() {
        Ok(task) => task,
        // Options that parse but do not fit together: a usage error, formatted like clap's own.
        Err(TaskError::Usage(message)) => {
            return usage_error(Cli::command().error(ErrorKind::ArgumentConflict, message));
        }
        // A value or a file that cannot be used: the message alone, no usage to read past.
        Err(TaskError::Value(message)) => return plain_error(&message, 2),
        Err(TaskError::File(message)) => return plain_error(&message, 1),
    };
    let result = match task {
        Task::Play(launch, role) => match hotseat::tui::play(*launch, role) {
            // A game that could not start across the network: said like a bad value.
            Err(hotseat::tui::PlayError::Net(err)) => return plain_error(&err.to_string(), 2),
            result => result.map_err(anyhow::Error::from),
        },
        Task::Plain(launch, role) => match hotseat::plain::play(*launch, role) {
            // 0 the game finished, 3 left unfinished (saved for --resume): scripts can tell.
            Ok(ending) => return ExitCode::from(ending.code()),
            // A game that could not start across the network: said like a bad value.
            Err(hotseat::plain::PlainError::Net(err)) => {
                return plain_error(&err.to_string(), 2);
            }
            Err(err) => Err(anyhow::Error::from(err)),
        },
        Task::Tool(command) => cli::run_tool(command),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // Output cut short by the reader (`hotseat perft 5 --divide | head`) is not a failure.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => plain_error(&format!("{err:#}"), 1),
    }
}

/// The command line, read on a thread of its own: clap's builder of the options (the code its
/// derive writes) keeps every option's builder in a frame of its own, 160 KiB of stack at once
/// when it was measured (at opt-level "z"), and a stack keeps its pages for as long as the
/// thread lives. A thread's
/// stack is given back when it ends; the main thread's would stay resident through the whole
/// game. Where no thread can be started, the main thread reads it.
fn parse_arguments() -> Result<Cli, clap::Error> {
    match std::thread::Builder::new()
        .name("arguments".into())
        .spawn(Cli::try_parse)
    {
        Ok(thread) => thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(_) => Cli::try_parse(),
    }
}

/// glibc gives every thread that allocates a heap of its own (an arena) and keeps what each
/// arena once held: the thread that reads the command line would leave clap's freed builder
/// there (160 KiB), and the threads of the screen (terminal reader, file worker, signals)
/// allocate little, and seldom. One arena for all: what one thread frees, the others reuse.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn one_malloc_arena() {
    // SAFETY: mallopt only sets a parameter of glibc's allocator; called before any other
    // thread exists. A refusal (0) leaves the default, which works as well.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn one_malloc_arena() {}

/// A player's games, settings and the library are theirs alone: every file and folder hotseat
/// creates is private to the user (0600, 0700), whatever the shell's umask (often 022, which
/// leaves them readable by every local user). One setting for all of them — the store's
/// files, SQLite's, the settings — rather than a mode at each place a file is made.
#[cfg(unix)]
#[allow(unsafe_code)]
fn private_files() {
    // SAFETY: umask only sets this process's file creation mask; it cannot fail, and it is
    // called before any other thread exists.
    unsafe {
        libc::umask(0o077);
    }
}

#[cfg(not(unix))]
fn private_files() {}

/// The three functions of the C math library the program calls, in Rust, under their C names.
///
/// The puzzle ratings (skillratings' Glicko-2: `f64::exp`, `ln`, `hypot`) and SQLite's FTS5
/// (its bm25 ranking: `log`) call nothing else of it. With these three in the binary the link
/// resolves every call here, the linker (`--as-needed`, as rustc asks) leaves libm.so out of
/// the binary's needs, and the loader no longer maps it and runs its resolvers at every start:
/// 320 KiB of a two-player game's resident memory (benches/README.md). glibc's `hypot` was
/// also the one symbol that needed glibc 2.35; without it the binary runs on 2.34.
///
/// Only on Linux with glibc, where libm is a library of its own; macOS's and Windows' C
/// library holds these functions, and musl links statically. `tests/suite/linkage.rs` fails
/// if the binary needs libm again (a new call to a C math function: `powf`, `sin`, ...; add
/// it here from the `libm` crate).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
mod c_math {
    // The C names, so that both the Rust code's calls (LLVM lowers `f64::exp` to a call of
    // `exp`) and SQLite's C code link here. Sound: each has the C prototype of math.h, takes
    // and returns plain `double`s, and is a pure function with no state (errno is not set,
    // which neither caller reads).
    #[unsafe(no_mangle)]
    extern "C" fn exp(x: f64) -> f64 {
        libm::exp(x)
    }

    #[unsafe(no_mangle)]
    extern "C" fn log(x: f64) -> f64 {
        libm::log(x)
    }

    #[unsafe(no_mangle)]
    extern "C" fn hypot(x: f64, y: f64) -> f64 {
        libm::hypot(x, y)
    }
}

/// An error said once on standard error, its quotes of files and arguments escaped.
fn plain_error(message: &str, code: u8) -> ExitCode {
    eprintln!("error: {}", hotseat::text::tame(message));
    ExitCode::from(code)
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
