//! `analyse` in `hotseat --plain`, end to end: the real binary, a loaded game, the scripted
//! fake engine and once Stockfish; the progress each quarter, each player's numbers, and the
//! input's end waiting for the report.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::analyse::{fake_engine, stockfish};
use crate::common::pty::fresh_dir;

const GAME: &str = "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 \
    4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1\n";

/// `hotseat --plain --load GAME --engine ENGINE` with `input` piped in; its lines.
fn plain(engine: &Path, game: &str, input: &str) -> (Vec<String>, Output) {
    let dir = fresh_dir("plain-report");
    let file = dir.join("game.pgn");
    std::fs::write(&file, game).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotseat"))
        .arg("--plain")
        .arg("--data-dir")
        .arg(dir.join("data"))
        .arg("--load")
        .arg(&file)
        .arg("--engine")
        .arg(engine)
        .env("HOME", &dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("xdg-data"))
        .env("FAKE_ENGINE_MODE", "good")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        game,
        "the player's file is left alone"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let lines = String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    (lines, out)
}

fn has(lines: &[String], start: &str) {
    assert!(
        lines.iter().any(|l| l.starts_with(start)),
        "no line starting {start:?} in:\n{}",
        lines.join("\n")
    );
}

#[test]
fn plain_analyse_with_the_fake_engine_says_progress_then_each_player() {
    let (lines, out) = plain(&fake_engine(), GAME, "analyse\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    has(&lines, "Analysing the game with the engine: 14 moves.");
    has(&lines, "Input ended: the report is finished first.");
    for quarter in ["25%", "50%", "75%"] {
        has(&lines, &format!("Analysing: {quarter}, "));
    }
    let progress = lines
        .iter()
        .filter(|l| l.starts_with("Analysing: "))
        .count();
    assert_eq!(progress, 3, "{lines:#?}");
    has(&lines, "Report ready. White ");
    has(&lines, "White (Ann): accuracy ");
    has(&lines, "Black (Bob): accuracy ");
}

#[test]
fn plain_analyse_of_a_missing_engine_names_it() {
    let (lines, out) = plain(Path::new("/no/such/engine"), GAME, "analyse\n");
    assert!(out.status.success());
    // An error: said on standard error, not among the game's lines.
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(errors.contains("/no/such/engine"), "{errors}\n{lines:#?}");
}

#[test]
fn plain_analyse_with_stockfish_finds_the_blunder_that_allows_mate() {
    // Fool's mate: 2. g4?? allows mate in one.
    let fools = "[White \"Ann\"]\n[Black \"Bob\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let (lines, out) = plain(&stockfish(), fools, "analyse\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    has(&lines, "Report ready.");
    has(&lines, "White (Ann): accuracy ");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("White (Ann)") && l.contains("1 blunder")),
        "{lines:#?}"
    );
    has(&lines, "Type next blunder");
}
