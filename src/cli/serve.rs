//! `hotseat serve`: runs the SSH server, `hotseat-serve`, which is a program of its own
//! (crates/serve) so that this one carries neither russh nor tokio. It is looked for beside
//! this program's own file, then on `PATH`, and run with the same arguments, as git runs
//! git-foo; where it is not found, the message says how to build it.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;

use anyhow::{Result, bail};

/// The server's program.
const PROGRAM: &str = "hotseat-serve";

/// Runs the server with `args` and ends this process with its exit code.
pub fn run(args: &[OsString]) -> Result<()> {
    let args = passed_on(std::env::args_os(), args);
    let Some(program) = find() else {
        bail!(
            "hotseat serve runs the program {PROGRAM}, which is not beside {} nor on PATH. It is \
             built apart, so that the game carries no SSH server: in hotseat's source folder, \
             `cargo install --path crates/serve` installs it (or `cargo build --release -p \
             hotseat-serve` builds it beside target/release/hotseat)",
            std::env::current_exe()
                .map(|p| p.display().to_string())
                .unwrap_or_else(|_| "hotseat".to_owned())
        );
    };
    let mut command = Command::new(&program);
    command.args(&args);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // The server takes this process's place: its signals, its exit code.
        let err = command.exec();
        bail!("cannot run {}: {err}", program.display());
    }
    #[cfg(not(unix))]
    {
        let status = command
            .status()
            .map_err(|e| anyhow::anyhow!("cannot run {}: {e}", program.display()))?;
        std::process::exit(status.code().unwrap_or(1));
    }
}

/// The arguments for the server: the words after `serve` exactly as they were typed, when
/// `serve` was the first (`process` is this process's own arguments, its name first), so that
/// the `--` before the game's options reaches the server, which needs it; command-line parsing
/// takes a `--` right after `serve` for its own and leaves `parsed` without it.
fn passed_on(process: impl IntoIterator<Item = OsString>, parsed: &[OsString]) -> Vec<OsString> {
    let mut process = process.into_iter().skip(1);
    match process.next() {
        Some(first) if first == "serve" => process.collect(),
        _ => parsed.to_vec(),
    }
}

/// `hotseat-serve` beside this program, else the first on `PATH`.
fn find() -> Option<PathBuf> {
    let name = format!("{PROGRAM}{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&name)));
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .map(|dir| dir.join(&name));
    beside.into_iter().chain(on_path).find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<OsString> {
        line.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn the_dashes_before_the_game_options_reach_the_server() {
        // What clap leaves of `hotseat serve -- --time 10+5`: the dashes gone.
        let parsed = words("--time 10+5");
        assert_eq!(
            passed_on(words("hotseat serve -- --time 10+5"), &parsed),
            words("-- --time 10+5")
        );
        assert_eq!(
            passed_on(
                words("hotseat serve --listen 0.0.0.0:2222 -- --time 10+5"),
                &parsed
            ),
            words("--listen 0.0.0.0:2222 -- --time 10+5")
        );
        assert_eq!(
            passed_on(words("hotseat serve"), &[]),
            Vec::<OsString>::new()
        );
        // Not the first word: what the parser found.
        assert_eq!(
            passed_on(words("hotseat --data-dir x serve --time 10+5"), &parsed),
            parsed
        );
    }
}
