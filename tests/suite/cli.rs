//! The `hotseat` binary as a user runs it: output, error messages and exit codes.

use crate::common;

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn hotseat(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args(args)
        .output()
        .expect("the hotseat binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn perft_counts_the_initial_position() {
    let out = hotseat(&["perft", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Nodes searched: 8902\n");
    assert_eq!(stderr(&out), "");
}

#[test]
fn perft_depth_zero_is_one_node() {
    let out = hotseat(&["perft", "0"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "Nodes searched: 1\n");
    let out = hotseat(&["perft", "0", "--divide"]);
    assert_eq!(stdout(&out), "Nodes searched: 1\n");
}

#[test]
fn perft_divide_prints_sorted_root_moves_then_the_total() {
    let out = hotseat(&["perft", "3", "--divide"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 22, "{text}");
    assert_eq!(lines[0], "a2a3: 380");
    assert_eq!(lines[1], "a2a4: 420");
    assert_eq!(lines[2], "b1a3: 400");
    assert!(lines.contains(&"e2e4: 600"));
    assert!(lines.contains(&"g1f3: 440"));
    assert_eq!(lines[19], "h2h4: 420");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");

    let moves: Vec<&str> = lines[..20]
        .iter()
        .map(|l| l.split_once(": ").unwrap().0)
        .collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    let sum: u64 = lines[..20]
        .iter()
        .map(|l| l.split_once(": ").unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 8902);
}

#[test]
fn perft_from_a_given_fen() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = hotseat(&["perft", "2", "--fen", kiwipete]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Nodes searched: 2039\n");

    let out = hotseat(&["perft", "1", "--divide", "--fen", kiwipete]);
    let text = stdout(&out);
    assert!(text.contains("e1g1: 1\n"), "castling in UCI: {text}");
    assert!(text.contains("e1c1: 1\n"));
    assert!(text.ends_with("\nNodes searched: 48\n"));
}

#[test]
fn perft_from_a_chess960_fen_in_shredder_or_x_fen() {
    // The first position of the Chess Programming Wiki's Chess960 perft table.
    let shredder = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    let out = hotseat(&["perft", "4", "--fen", shredder]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Nodes searched: 326672\n");
    let x_fen = shredder.replace("HFhf", "KQkq");
    let out = hotseat(&["perft", "4", "--fen", &x_fen]);
    assert_eq!(stdout(&out), "Nodes searched: 326672\n");

    // King g1 beside its h1 rook: castling is written king-takes-rook.
    let out = hotseat(&[
        "perft",
        "1",
        "--divide",
        "--fen",
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1",
    ]);
    let text = stdout(&out);
    assert!(text.contains("g1h1: 1\n"), "{text}");
    assert!(text.contains("g1b1: 1\n"), "{text}");
    assert!(text.ends_with("\nNodes searched: 24\n"), "{text}");
}

#[test]
fn perft_with_a_castling_right_that_names_no_rook_fails() {
    let out = hotseat(&["perft", "1", "--fen", "4k3/8/8/8/8/8/8/4K1N1 w K - 0 1"]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    assert!(
        stderr(&out).starts_with(
            "error: invalid FEN: castling right K names no rook: there is no white rook on \
             rank 1 on the h-file side of the king on e1\n"
        ),
        "{}",
        stderr(&out)
    );
    let out = hotseat(&["perft", "1", "--fen", "4k3/8/8/8/8/8/8/4K2R w B - 0 1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("castling right B names no rook: there is no white rook on b1"));
}

#[test]
fn chess960_number_out_of_range_is_a_usage_error() {
    let out = hotseat(&["--chess960", "960"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("from 0 to 959"), "{}", stderr(&out));
}

#[test]
fn perft_with_a_bad_fen_fails_naming_the_problem() {
    let out = hotseat(&["perft", "1", "--fen", "4k3/8/8/8/8/8/8/4K2K w - - 0 1"]);
    assert_eq!(out.status.code(), Some(2), "a usage error, as for the game");
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out)
            .starts_with("error: invalid FEN: there are 2 white kings; there must be one\n"),
        "{}",
        stderr(&out)
    );

    let out = hotseat(&["perft", "1", "--fen", "not a fen"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("6 fields"), "{}", stderr(&out));
}

#[test]
fn perft_depth_beyond_the_cap_is_a_usage_error() {
    let out = hotseat(&["perft", "16"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("too deep"), "{}", stderr(&out));

    let out = hotseat(&["perft", "deep"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a depth"), "{}", stderr(&out));

    let out = hotseat(&["perft"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("<DEPTH>"));
}

#[test]
fn perft_help_shows_examples() {
    let out = hotseat(&["perft", "--help"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("--fen <FEN>"));
    assert!(text.contains("--divide"));
    assert!(text.contains("hotseat perft 3 --divide"));
}

#[test]
fn invalid_game_options_exit_2_with_an_example() {
    for (args, needle) in [
        (&["--time", "5+"][..], "like 5+3"),
        (&["--delay", "3"][..], "--time 5+0 --delay 3"),
        (&["--fen", "not a fen"][..], "example"),
        (&["--theme", "pink"][..], "wood, blue, green or contrast"),
        (&["--color", "sometimes"][..], "auto"),
        (&["--white", ""][..], "can't be empty"),
        // A minus sign is read as the value it starts, not as an unknown option.
        (&["--time", "-1+0"][..], "can't be negative"),
        (&["--time", "5", "--delay", "-3"][..], "can't be negative"),
    ] {
        let out = hotseat(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "", "{args:?}: no screen");
    }
}

#[test]
fn help_reads_like_a_manual_with_an_example_for_each_option() {
    let out = hotseat(&["--help"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for option in [
        "--time",
        "--white-time",
        "--black-time",
        "--delay",
        "--bronstein",
        "--fen",
        "--white",
        "--black",
        "--ascii",
        "--color",
        "--theme",
        "--auto-flip",
    ] {
        let section = option_block(&text, option);
        assert!(
            section.contains("Example"),
            "{option} has no example:\n{text}"
        );
    }
    assert!(text.contains("perft"), "{text}");
}

#[test]
fn without_a_terminal_the_game_says_so() {
    let out = hotseat(&[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("needs a terminal"),
        "{}",
        stderr(&out)
    );
    // And says what to do instead.
    assert!(stderr(&out).contains("hotseat --plain"), "{}", stderr(&out));
}

const SHELLS: [&str; 5] = ["bash", "zsh", "fish", "powershell", "elvish"];

#[test]
fn completions_for_every_shell_know_the_subcommands_and_options() {
    for shell in SHELLS {
        let out = hotseat(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{shell}");
        let script = stdout(&out);
        for needle in ["hotseat", "perft", "white-time", "completions"] {
            assert!(script.contains(needle), "{shell} script lacks {needle}");
        }
    }
}

/// Runs `program args` with `input` on standard input, or says why it could not.
fn check_with(program: &str, args: &[&str], input: &str) -> Option<Output> {
    let child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            eprintln!("skipped: {program} is not installed");
            return None;
        }
        Err(e) => panic!("{program}: {e}"),
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    Some(child.wait_with_output().unwrap())
}

#[test]
fn completion_scripts_are_valid_shell_syntax_where_the_shell_is_installed() {
    // On Windows `bash` may be the WSL launcher without a Linux behind it: not a bash to trust.
    if cfg!(windows) {
        return;
    }
    for (shell, args) in [
        ("bash", &["-n"][..]),
        ("zsh", &["-n"][..]),
        ("fish", &["--no-execute"][..]),
    ] {
        let script = stdout(&hotseat(&["completions", shell]));
        if let Some(out) = check_with(shell, args, &script) {
            assert!(out.status.success(), "{shell}: {}", stderr(&out));
        }
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error_listing_the_shells() {
    let out = hotseat(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(err.contains("tcsh"), "{err}");
    for shell in SHELLS {
        assert!(err.contains(shell), "{shell} not offered: {err}");
    }
}

#[test]
fn completions_help_shows_how_to_install_each_shell() {
    let out = hotseat(&["completions", "--help"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for needle in [
        "hotseat completions bash > ~/.local/share/bash-completion/completions/hotseat",
        "_hotseat",
        "~/.config/fish/completions/hotseat.fish",
        "hotseat completions powershell | Out-String | Invoke-Expression",
    ] {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
}

#[test]
fn man_prints_a_roff_page_with_the_manual_sections() {
    let out = hotseat(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let page = stdout(&out);
    assert!(page.starts_with('.'), "{page}");
    assert!(
        page.lines().take(3).any(|l| l.starts_with(".TH hotseat 1")),
        "{page}"
    );
    for needle in [
        "EXIT STATUS",
        "128+N",
        ".SH FILES",
        "current.pgn",
        ".SH ENVIRONMENT",
        "NO_COLOR",
        ".SH EXAMPLES",
        "\\-\\-time",
        "\\-\\-white\\-time",
        "hotseat\\-perft(1)",
        "hotseat\\-completions(1)",
    ] {
        assert!(page.contains(needle), "{needle}:\n{page}");
    }
    // Where man-db is at hand, the page must also read.
    if cfg!(target_os = "linux")
        && let Some(out) = check_with("man", &["-l", "-"], &page)
        && out.status.success()
    {
        let text = stdout(&out);
        assert!(text.contains("EXIT STATUS"), "{text}");
        assert!(text.contains("current.pgn"), "{text}");
    }
}

#[test]
fn man_prints_a_subcommand_page_and_refuses_others() {
    let out = hotseat(&["man", "perft"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.contains(".TH hotseat-perft 1"), "{page}");
    assert!(page.contains("\\-\\-divide"), "{page}");
    assert!(!page.contains("EXIT STATUS"), "the main page's: {page}");

    let out = hotseat(&["man", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("perft"), "{}", stderr(&out));
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    for args in [&["completions", "bash"][..], &["man"][..]] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}

#[test]
fn long_help_has_the_manual_and_short_help_stays_short() {
    let long = stdout(&hotseat(&["--help"]));
    let short = stdout(&hotseat(&["-h"]));
    for needle in [
        "Exit status:",
        "128+N",
        "Files:",
        "current.pgn",
        "games/",
        "Environment:",
        "current.corrupt-N.pgn",
    ] {
        assert!(long.contains(needle), "{needle}:\n{long}");
        assert!(!short.contains(needle), "{needle} in -h:\n{short}");
    }
    assert!(short.lines().count() * 2 < long.lines().count());
}

/// Issue 56: `--help` said twice that "the engine is never consulted during a game", which a
/// game against the computer belies, and must show `--against`.
#[test]
fn help_shows_against_and_never_says_the_engine_is_not_consulted() {
    for flag in ["--help", "-h"] {
        let help = stdout(&hotseat(&[flag]));
        assert!(help.contains("--against <ENGINE>"), "{flag}:\n{help}");
        let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(!flat.contains("never consulted"), "{flag}:\n{help}");
    }
}

#[test]
fn every_help_fits_80_columns() {
    for args in [
        &["-h"][..],
        &["--help"][..],
        &["perft", "--help"][..],
        &["pgn", "--help"][..],
        &["completions", "--help"][..],
        &["man", "--help"][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(args)
            .env("COLUMNS", "80")
            .output()
            .unwrap();
        assert!(out.status.success());
        for line in stdout(&out).lines() {
            assert!(line.chars().count() <= 80, "{args:?}: {line:?}");
        }
    }
}

/// The lines of `--help` describing `option`: its header line and the lines up to the next one.
fn option_block(help: &str, option: &str) -> String {
    let mut block = String::new();
    let mut inside = false;
    for line in help.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with('-') {
            let first = trimmed
                .split([' ', ','])
                .find(|w| w.starts_with("--"))
                .unwrap_or("");
            inside = first == option;
        }
        if inside {
            block.push_str(line);
            block.push('\n');
        }
    }
    block
}

/// Runs hotseat with `--data-dir` pointing at a fresh folder, in `dir` as working directory.
fn hotseat_with_data(dir: &Path, args: &[&str]) -> (Output, PathBuf) {
    let data = dir.join("data");
    fs::create_dir_all(&data).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .current_dir(dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .arg("--data-dir")
        .arg(&data)
        .args(args)
        .output()
        .expect("the hotseat binary runs");
    (out, data)
}

const ONE_GAME: &str = "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";

#[test]
fn bad_load_and_saved_game_options_exit_before_touching_any_file() {
    let dir = common::pty::fresh_dir("cli");
    fs::write(dir.join("one.pgn"), ONE_GAME).unwrap();
    fs::write(dir.join("empty.pgn"), "").unwrap();
    // A file's fault: exit 1, said once, with no usage (the command line was right).
    // Options that do not fit together: exit 2, with the usage.
    for (args, code, needles) in [
        (
            &["--load", "missing.pgn"][..],
            1,
            &["--load missing.pgn", "no such file or folder"][..],
        ),
        (
            &["--load", "empty.pgn"],
            1,
            &["--load empty.pgn", "holds no PGN game"],
        ),
        (
            &["--load", "one.pgn", "--game", "5"],
            1,
            &["--load one.pgn", "no game 5", "holds 1 game"],
        ),
        (&["--game", "2"], 2, &["--load", "Usage:"]),
        (&["--resume", "--new"], 2, &["--resume", "--new", "Usage:"]),
        (&["--resume", "--time", "5+0"], 2, &["--resume", "--time"]),
    ] {
        let (out, data) = hotseat_with_data(&dir, args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        if code == 1 {
            assert!(!err.contains("Usage"), "{args:?}: {err}");
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
        for needle in needles {
            assert!(err.contains(needle), "{args:?}: no {needle:?} in {err}");
        }
        assert_eq!(stdout(&out), "", "{args:?}: no screen");
        assert_eq!(
            fs::read_dir(&data).unwrap().count(),
            0,
            "{args:?}: nothing written"
        );
    }
}

#[test]
fn a_missing_file_or_a_bad_fen_is_said_once_without_the_usage() {
    let dir = common::pty::fresh_dir("cli");
    for (args, code) in [
        (&["pgn", "missing.pgn"][..], 1),
        (&["--load", "missing.pgn"], 1),
        (&["perft", "1", "--fen", "bad fen"], 2),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .current_dir(&dir)
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("XDG_DATA_HOME", dir.join("data"))
            .args(args)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(!err.contains("Usage"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("os error"), "{args:?}: said twice: {err}");
    }
}

#[test]
fn load_errors_read_as_one_sentence() {
    let dir = common::pty::fresh_dir("cli");
    fs::write(dir.join("one.pgn"), ONE_GAME).unwrap();
    fs::write(dir.join("empty.pgn"), "").unwrap();
    for args in [
        &["--load", "empty.pgn"][..],
        &["--load", "one.pgn", "--game", "5"],
    ] {
        let (out, _) = hotseat_with_data(&dir, args);
        let err = stderr(&out);
        let first = err.lines().next().unwrap_or("");
        assert!(!first.contains("  "), "{args:?}: {first:?}");
    }
}

/// `/dev/zero` never ends and a FIFO never opens without a writer: both are refused at once,
/// by what they are, for `--load` and for `hotseat pgn`.
#[cfg(unix)]
#[test]
fn special_files_are_refused_by_what_they_are_without_blocking() {
    let dir = common::pty::fresh_dir("cli");
    let fifo = dir.join("pipe.pgn");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let fifo_made = made.is_ok_and(|s| s.success());
    let fifo = fifo.to_str().unwrap();
    let mut cases = vec![("/dev/zero", "a character device")];
    if fifo_made {
        cases.push((fifo, "a named pipe (FIFO)"));
    } else {
        // The character device is still checked; the FIFO's part says it did not run.
        common::skip::cannot_run("mkfifo could not make a named pipe (coreutils' mkfifo)");
    }
    for (file, what) in cases {
        let started = std::time::Instant::now();
        let (out, _) = hotseat_with_data(&dir, &["--load", file]);
        assert_eq!(
            out.status.code(),
            Some(1),
            "--load {file}: the file's fault"
        );
        assert!(
            stderr(&out).contains(&format!("it is {what}, not a file")),
            "{}",
            stderr(&out)
        );
        let out = hotseat(&["pgn", file]);
        assert_eq!(out.status.code(), Some(1), "pgn {file}");
        assert!(
            stderr(&out).contains(&format!("it is {what}, not a file")),
            "{}",
            stderr(&out)
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{file} blocked"
        );
    }
}

/// Whatever a file or an argument holds, a message quotes a short escaped excerpt of it, once:
/// a 100 MB move token, a tag laden with escape sequences, a 130 KB FEN, a name with colours.
#[test]
fn messages_quote_short_escaped_excerpts_of_hostile_text() {
    let dir = common::pty::fresh_dir("cli");
    let mut token = b"[White \"Ann\"]\n\n1. ".to_vec();
    token.resize(token.len() + (100 << 20), b'x');
    token.extend_from_slice(b" *\n");
    fs::write(dir.join("token.pgn"), &token).unwrap();
    drop(token);
    fs::write(
        dir.join("esc.pgn"),
        "[White \"\x1b[31mRed\x1b]0;title\x07\"]\n[FEN \"8/8 w\"]\n\n1. e4 *\n",
    )
    .unwrap();
    let fen = "x".repeat(130_000);
    let runs: Vec<(Vec<&str>, &str)> = vec![
        // (`--load token.pgn` opens the game before that move, and the screen quotes it.)
        (vec!["pgn", "token.pgn"], "move 1. \"xxx"),
        // A tag value is printing characters: the escape bytes are read as spaces.
        (vec!["pgn", "esc.pgn"], "White \" [31mRed ]0;title \""),
        (vec!["--load", "esc.pgn"], "White \" [31mRed"),
        (vec!["--fen", &fen], "error:"),
        (vec!["--white", "\x1b[31mRed"], "error:"),
    ];
    for (args, needle) in runs {
        let out = if args[0] == "pgn" {
            Command::new(env!("CARGO_BIN_EXE_hotseat"))
                .current_dir(&dir)
                .args(&args)
                .output()
                .unwrap()
        } else {
            hotseat_with_data(&dir, &args).0
        };
        let all = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
        let text = String::from_utf8_lossy(&all);
        let shown = &args[0];
        assert_ne!(out.status.code(), Some(0), "{shown}");
        assert!(all.len() < 1000, "{shown}: {} bytes", all.len());
        assert!(
            !all.contains(&0x1b) && !all.contains(&0x07),
            "{shown}: raw control bytes"
        );
        assert!(text.contains(needle), "{shown}: no {needle:?} in {text}");
        assert_eq!(
            text.matches(needle).count(),
            1,
            "{shown}: printed once: {text}"
        );
    }
}
