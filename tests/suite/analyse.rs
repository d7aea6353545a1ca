//! `hotseat analyse`: the report with a scripted fake engine (every way an engine can go
//! wrong) and with the real Stockfish (labels where a player can see them).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use hotseat::engine::analysis::Job;
use hotseat::engine::live::{self, LiveEvent};
use hotseat::engine::{Analysis, EngineEvent, Limit, Settings};
use hotseat::rules::{Color, Position};

/// The fake engine, `examples/fake_engine.rs`, which `cargo test` builds beside the tests.
pub(crate) fn fake_engine() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().and_then(Path::parent).unwrap();
    let path = dir
        .join("examples")
        .join(format!("fake_engine{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is missing: `cargo test` builds it; with a filter, run `cargo build --example \
         fake_engine` first",
        path.display()
    );
    path
}

/// Stockfish, which CI installs (.ci/run).
pub(crate) fn stockfish() -> PathBuf {
    let path = std::env::var_os("PATH");
    hotseat::engine::locate::find(None, path.as_deref())
        .expect("Stockfish is needed for these tests: apt-get install stockfish (.ci/run does)")
}

fn write_pgn(name: &str, text: &str) -> PathBuf {
    let path = crate::common::pty::fresh_dir("analyse").join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn analyse(mode: &str, file: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("analyse")
        .arg(file)
        .arg("--engine")
        .arg(fake_engine())
        .args(extra)
        .env("FAKE_ENGINE_MODE", mode)
        .env("FAKE_ENGINE_AFTER", "2")
        .output()
        .unwrap()
}

const GAME: &str = "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 \
    4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1\n";

#[test]
fn every_move_gets_an_eval_and_the_summary_goes_to_stderr() {
    let file = write_pgn("good.pgn", GAME);
    let out = analyse("good", &file, &[]);
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert!(out.status.success(), "{stderr}");
    // Thirteen moves before the mate, each with an eval; the mate has none to give.
    assert_eq!(stdout.matches("[%eval ").count(), 13, "{stdout}");
    assert!(stdout.contains("7... Nf3# 0-1"), "{stdout}");
    assert!(
        stdout.contains("[Annotator \"hotseat analyse\"]"),
        "{stdout}"
    );
    assert!(stderr.starts_with("White (Ann): accuracy "), "{stderr}");
    assert!(stderr.contains("\nBlack (Bob): accuracy "), "{stderr}");
    assert!(
        !stderr.contains("analysing"),
        "no progress when stderr is not a terminal"
    );
}

#[test]
fn json_for_scripts() {
    let file = write_pgn("json.pgn", GAME);
    let out = analyse("good", &file, &["--json"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert!(stdout.starts_with("{\"players\":[{\"color\":\"white\",\"name\":\"Ann\""));
    assert_eq!(stdout.matches("\"ply\":").count(), 14, "{stdout}");
    assert!(stdout.contains("\"san\":\"Nf3#\""), "{stdout}");
}

/// Runs a fault, checks the message and that the first positions were kept.
fn fault(mode: &str, extra: &[&str], says: &str) {
    let file = write_pgn(&format!("{mode}.pgn"), GAME);
    let started = Instant::now();
    let out = analyse(mode, &file, extra);
    let stderr = String::from_utf8(out.stderr).unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{mode}: {stderr}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{mode} took too long"
    );
    assert!(
        stderr.contains("fake_engine"),
        "{mode}: names the engine: {stderr}"
    );
    assert!(stderr.contains(says), "{mode}: {stderr}");
    if mode != "not-uci" {
        // Two searches went well: the start and the position after 1. e4.
        assert!(
            stderr.contains("the report covers 1 of 14 moves"),
            "{stderr}"
        );
        assert!(stdout.contains("1. e4 {[%eval "), "{mode}: kept: {stdout}");
    }
}

#[test]
fn an_engine_that_does_not_speak_uci() {
    fault("not-uci", &["--timeout", "1"], "does not speak UCI");
}

#[test]
fn an_engine_that_crashes_mid_report() {
    fault(
        "crash",
        &[],
        "stopped in the middle of the work (exit status: 3)",
    );
}

#[test]
fn an_engine_that_writes_garbage() {
    fault("garbage", &[], "wrote garbage: a line that is not text");
    fault(
        "endless",
        &[],
        "wrote garbage: a line longer than 16384 bytes",
    );
}

#[test]
fn an_engine_that_floods() {
    fault("flood", &[], "flooded its output");
}

#[test]
fn an_engine_that_hangs_and_ignores_quit() {
    fault(
        "hang",
        &["--timeout", "1"],
        "did not answer: no bestmove after 1.0 s",
    );
}

#[test]
fn an_engine_that_names_an_illegal_move() {
    fault("illegal", &[], "named an illegal move, a1a8");
}

#[test]
fn a_missing_or_unrunnable_engine_is_said_alone_with_exit_code_2() {
    let file = write_pgn("missing.pgn", GAME);
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .args([
            "analyse",
            file.to_str().unwrap(),
            "--engine",
            "/no/such/stockfish",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("engine /no/such/stockfish: no such program"),
        "{stderr}"
    );
    assert!(stderr.contains("apt-get install stockfish"), "{stderr}");
    assert!(
        !stderr.contains("Usage:"),
        "the command line was right; the engine is missing: {stderr}"
    );
    #[cfg(unix)]
    {
        // A file that exists but may not be run.
        let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(["analyse", file.to_str().unwrap(), "--engine"])
            .arg(&file)
            .output()
            .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains("not allowed to run it"), "{stderr}");
    }
}

#[test]
fn wrong_settings_are_said_as_the_screen_says_them_and_the_analysis_goes_on() {
    let file = write_pgn("settings.pgn", GAME);
    let config = write_pgn("wrong.toml", "engine = 42\nengin = \"stockfish\"\n");
    let out = analyse("good", &file, &["--config", config.to_str().unwrap()]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    let first = stderr.lines().next().unwrap_or_default();
    assert!(first.starts_with("hotseat: Settings file "), "{stderr}");
    assert!(first.contains("line 1: engine = 42"), "{stderr}");
    // The second wrong line with its own reason, as the line has room for it.
    assert!(
        first.contains("line 2: unknown setting \"engin\""),
        "{stderr}"
    );
    // Then the report, as without the file.
    assert!(stderr.contains("White (Ann): accuracy "), "{stderr}");
}

/// The fake engine that hangs at its first search and ignores `quit`, through a wrapper
/// that sets its mode (the test binary's environment is shared by all its tests).
#[cfg(unix)]
fn hanging_engine() -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let wrapper = write_pgn(
        "hang.sh",
        &format!(
            "#!/bin/sh\nFAKE_ENGINE_MODE=hang FAKE_ENGINE_AFTER=0 exec '{}'\n",
            fake_engine().display()
        ),
    );
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    wrapper
}

fn one_move_job() -> Job {
    let start = Position::initial();
    let moves = vec![hotseat::engine::uci::legal_move(&start, "e2e4").unwrap()];
    Job { start, moves }
}

/// The engine's process is gone (reaped, not a zombie) once the analysis has failed, even
/// when it ignores `quit`. The engine runs under a name of its own, so that the children other
/// tests start meanwhile are not counted.
#[cfg(target_os = "linux")]
#[test]
fn no_zombie_is_left_after_a_hang() {
    use std::os::unix::fs::PermissionsExt;
    const NAME: &str = "hang-unreaped";
    let dir = crate::common::pty::fresh_dir("analyse-zombie");
    let engine = dir.join(NAME);
    std::os::unix::fs::symlink(fake_engine(), &engine).unwrap();
    let wrapper = dir.join("hang.sh");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\nFAKE_ENGINE_MODE=hang FAKE_ENGINE_AFTER=0 exec '{}'\n",
            engine.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut settings = Settings::new(Limit::Nodes(1), 1);
    settings.search_timeout = Duration::from_millis(300);
    let (analysis, events) = Analysis::start(wrapper, one_move_job(), settings);
    let last = loop {
        match events.recv_timeout(Duration::from_secs(10)).unwrap() {
            EngineEvent::Failed { error, .. } => break error,
            EngineEvent::Finished(_) | EngineEvent::Cancelled { .. } => panic!("it hangs"),
            _ => {}
        }
    };
    assert!(last.to_string().contains("did not answer"), "{last}");
    drop(analysis);
    assert_eq!(children_named(NAME), 0, "every child reaped");
    // The count sees the engine at all (were it blind to it, the test would prove nothing):
    // started once more and left running, it is counted.
    let mut running = std::process::Command::new(&engine)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    assert_eq!(children_named(NAME), 1, "the count sees the engine");
    running.kill().unwrap();
    running.wait().unwrap();
}

/// This process's children whose command is `name` (the process's own name, kept by a zombie
/// too), from /proc.
#[cfg(target_os = "linux")]
fn children_named(name: &str) -> usize {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path().join("stat")).ok())
        .filter(|stat| {
            // pid (comm) state ppid ...
            let Some((head, rest)) = stat.rsplit_once(") ") else {
                return false;
            };
            let comm = head.split_once(" (").map_or("", |(_, c)| c);
            comm == name && rest.split_whitespace().nth(1) == Some(me.as_str())
        })
        .count()
}

/// A cancel ends a search that would never end, at once, and the caller is never blocked.
#[cfg(unix)]
#[test]
fn cancelling_stops_a_search_at_once() {
    let mut settings = Settings::new(Limit::Nodes(1), 1);
    settings.search_timeout = Duration::from_secs(60);
    let asked = Instant::now();
    let (analysis, events) = Analysis::start(hanging_engine(), one_move_job(), settings);
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "start does not wait"
    );
    // The hanging engine mid-search (it never answers, so there is nothing to wait for):
    // cancelling must not wait for it.
    std::thread::sleep(Duration::from_millis(300));
    let cancelled = Instant::now();
    analysis.cancel();
    match events.recv_timeout(Duration::from_secs(5)).unwrap() {
        EngineEvent::Cancelled { done } => assert!(done.is_empty()),
        other => panic!("{other:?}"),
    }
    assert!(cancelled.elapsed() < Duration::from_secs(2));
}

// ---- The real engine: few, small, with one thread so that labels are the same each run ----

/// A Stockfish report: the annotated PGN on one line, and the summary.
fn real_report(pgn: &str, name: &str) -> (String, String) {
    let file = write_pgn(name, pgn);
    let out = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("analyse")
        .arg(&file)
        .arg("--engine")
        .arg(stockfish())
        .args(["--nodes", "100000", "--threads", "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    // Lines joined: the PGN breaks them at 80 columns.
    let pgn = String::from_utf8(out.stdout).unwrap();
    (pgn.split_whitespace().collect::<Vec<_>>().join(" "), stderr)
}

/// `White (…): accuracy N%` → N.
fn accuracy(stderr: &str, color: &str) -> u32 {
    let line = stderr.lines().find(|l| l.starts_with(color)).unwrap();
    let at = line.find("accuracy ").unwrap() + "accuracy ".len();
    line[at..].split('%').next().unwrap().parse().unwrap()
}

#[cfg_attr(windows, ignore = "CI installs Stockfish on Linux and macOS only")]
#[test]
fn stockfish_calls_a_hanging_queen_a_blunder() {
    let (pgn, stderr) = real_report(
        "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 Qh4 3. Nxh4 *\n",
        "queen.pgn",
    );
    assert!(pgn.contains("2... Qh4 $4 {[%eval "), "{pgn}");
    assert!(pgn.contains("Blunder."), "{pgn}");
    assert_eq!(
        pgn.matches(" $").count(),
        1,
        "only the blunder is labelled: {pgn}"
    );
    assert!(
        accuracy(&stderr, "Black") < accuracy(&stderr, "White"),
        "{stderr}"
    );
    assert!(stderr.contains("Black (Bob): accuracy") && stderr.contains("1 blunder"));
}

#[cfg_attr(windows, ignore = "CI installs Stockfish on Linux and macOS only")]
#[test]
fn stockfish_calls_allowing_mate_in_one_a_blunder() {
    let (pgn, stderr) = real_report(
        "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
        "scholar.pgn",
    );
    assert!(
        pgn.contains("3... Nf6 $4 {[%eval #1] Checkmate is now unavoidable. "),
        "{pgn}"
    );
    assert!(pgn.contains("4. Qxf7# 1-0"), "{pgn}");
    assert!(
        accuracy(&stderr, "Black") < accuracy(&stderr, "White"),
        "{stderr}"
    );
}

#[cfg_attr(windows, ignore = "CI installs Stockfish on Linux and macOS only")]
#[test]
fn stockfish_leaves_a_sound_opening_unlabelled() {
    let (pgn, stderr) = real_report(
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *\n",
        "ruy.pgn",
    );
    assert_eq!(pgn.matches(" $").count(), 0, "{pgn}");
    assert!(stderr.contains("White: accuracy"), "{stderr}");
    assert_eq!(
        stderr
            .matches("0 inaccuracies, 0 mistakes, 0 blunders")
            .count(),
        2
    );
}

#[cfg_attr(windows, ignore = "CI installs Stockfish on Linux and macOS only")]
#[test]
fn stockfish_reports_a_chess960_game_with_its_castling() {
    let (pgn, _) = real_report(
        "[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"]\n\n\
         1. O-O O-O-O 2. Rfe1 d5 *\n",
        "960.pgn",
    );
    assert_eq!(pgn.matches("[%eval ").count(), 4, "{pgn}");
    assert!(pgn.contains("1. O-O {[%eval "), "{pgn}");
}

// ---- Live analysis: the best lines of one position ----

/// The live search's events until it ends (or fails).
fn live_events(engine: PathBuf, job: Job, settings: Settings) -> Vec<LiveEvent> {
    let (tx, rx) = std::sync::mpsc::channel();
    let _search = live::spawn(engine, job, settings, move |e| {
        let _ = tx.send(e);
    });
    let mut events = Vec::new();
    loop {
        let event = rx.recv_timeout(Duration::from_secs(60)).unwrap();
        let end = !matches!(event, LiveEvent::Lines { .. });
        events.push(event);
        if end {
            return events;
        }
    }
}

/// The fake engine, good, through a wrapper that sets its mode.
#[cfg(unix)]
fn good_engine() -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let wrapper = write_pgn(
        "good.sh",
        &format!(
            "#!/bin/sh\nFAKE_ENGINE_MODE=good exec '{}'\n",
            fake_engine().display()
        ),
    );
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    wrapper
}

#[cfg(unix)]
#[test]
fn live_analysis_asks_for_three_lines_and_checks_them() {
    let events = live_events(
        good_engine(),
        one_move_job(),
        Settings::new(Limit::Nodes(1), 1),
    );
    let [LiveEvent::Lines { depth: 1, lines }, LiveEvent::Done] = &events[..] else {
        panic!("{events:?}");
    };
    assert_eq!(lines.len(), 3, "MultiPV 3: {lines:?}");
    // Black to move after 1. e4: each line's first move is Black's, legal, and the lines are
    // in the engine's order (its scores, turned to White's side, rise as they get worse for
    // Black).
    let after = Position::initial().play(one_move_job().moves[0]).unwrap();
    assert!(lines.iter().all(|l| after.is_legal(l.best[0])));
    let cps: Vec<i32> = lines.iter().map(|l| l.eval.cp_for(Color::White)).collect();
    assert_eq!(cps, [0, 100, 200]);
}

#[cfg(unix)]
#[test]
fn live_analysis_of_an_engine_that_names_an_illegal_move_fails_naming_it() {
    let events = live_events(
        fault_engine("illegal"),
        one_move_job(),
        Settings::new(Limit::Nodes(1), 1),
    );
    let Some(LiveEvent::Failed(error)) = events.last() else {
        panic!("{events:?}");
    };
    assert!(error.to_string().contains("illegal move, a1a8"), "{error}");
}

/// A live search whose engine falls silent is said to have hung after the silence a report's
/// search is allowed (`Settings::silence`), not after the search's whole budget: here the
/// budget is an hour, so only the silence can have ended it.
#[cfg(unix)]
#[test]
fn live_analysis_of_a_silent_engine_fails_after_the_silence_not_the_budget() {
    let mut settings = Settings::new(Limit::Nodes(1), 1);
    assert_eq!(settings.silence, Settings::SILENCE);
    assert_eq!(Settings::SILENCE, Duration::from_secs(10));
    settings.search_timeout = Duration::from_secs(3600);
    settings.silence = Duration::from_millis(300);
    let events = live_events(hanging_engine(), one_move_job(), settings);
    let Some(LiveEvent::Failed(error)) = events.last() else {
        panic!("{events:?}");
    };
    assert!(
        error.to_string().contains("did not answer: no bestmove"),
        "{error}"
    );
}

/// The fake engine in `mode` from its first search, through a wrapper that sets it.
#[cfg(unix)]
fn fault_engine(mode: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let wrapper = write_pgn(
        &format!("{mode}.sh"),
        &format!(
            "#!/bin/sh\nFAKE_ENGINE_MODE={mode} FAKE_ENGINE_AFTER=0 exec '{}'\n",
            fake_engine().display()
        ),
    );
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    wrapper
}

/// Stockfish's three lines for a position where one move wins: the best line takes the queen.
#[test]
fn stockfish_live_lines_find_the_winning_capture_first() {
    // White to move: the knight on c6 takes Black's queen (Nxd8) for nothing.
    let start =
        Position::from_fen("rnbqkb1r/pppppppp/2N5/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1").unwrap();
    let job = Job {
        start,
        moves: Vec::new(),
    };
    let events = live_events(stockfish(), job, Settings::new(Limit::Nodes(50_000), 1));
    let Some(LiveEvent::Lines { lines, .. }) = events
        .iter()
        .rev()
        .find(|e| matches!(e, LiveEvent::Lines { .. }))
    else {
        panic!("{events:?}");
    };
    assert_eq!(events.last(), Some(&LiveEvent::Done));
    assert_eq!(lines.len(), 3);
    let pos =
        Position::from_fen("rnbqkb1r/pppppppp/2N5/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1").unwrap();
    assert_eq!(pos.san(lines[0].best[0]), "Nxd8");
    assert!(
        lines[0].eval.cp_for(Color::White) > 500,
        "{:?}",
        lines[0].eval
    );
}
