//! The puzzles on the screen: the puzzle board drawn at 80x24 and 120x40 (snapshots), and the
//! real binary in a pseudo-terminal solving a puzzle with typed moves.
//!
//! Accept reviewed snapshot changes with `INSTA_UPDATE=always cargo test --test tests
//! puzzles_screen::`.

use crate::common;

use common::buffer::{draw_app, text};
use common::play::type_move;
use common::pty::{Key, PtyCommand};

use chess::puzzle::parse_row;
use hotseat::app::keymap::Action;
use hotseat::app::puzzle::{Given, PuzzleNews, PuzzleStart};
use hotseat::app::{App, Config, Event};
use hotseat::store::Rating;
use hotseat::ui::theme::{GlyphSet, Theme};

/// Mate in 3, the shipped file's fourth row.
const MATE_IN_3: &str = "1OKO0,4r2k/1p4pp/p3Qb2/3p4/8/PP4PP/2R4K/8 b - - 0 37,e8e6 c2c8 f6d8 c8d8 e6e8 d8e8,409,,,,backRankMate mateIn3,https://lichess.org/ptEkCbK6/black#74,";

fn at_puzzle(glyphs: GlyphSet) -> App {
    let mut app = App::new(Config {
        theme: Theme::monochrome(),
        glyphs,
        puzzles: Some(PuzzleStart {
            player: "Ann".into(),
            ..PuzzleStart::default()
        }),
        ..Config::default()
    });
    let given = Given {
        puzzle: parse_row(MATE_IN_3).unwrap(),
        rated: true,
        rating: Rating::default(),
    };
    app.update(
        Event::Puzzle(PuzzleNews::Given(Ok(Some(Box::new(given))))),
        app.view().now(),
    );
    app
}

fn typed(app: &mut App, text: &str) {
    for c in text.chars() {
        app.update(Action::Input(c), app.view().now());
    }
    app.update(Action::Select, app.view().now());
}

#[test]
fn snapshot_puzzle_board_80x24() {
    let mut app = at_puzzle(GlyphSet::Unicode);
    let screen = text(&draw_app(&mut app, (80, 24)));
    assert!(screen.contains("Black played Rxe6"), "{screen}");
    assert!(screen.contains("F10 hint"), "{screen}");
    assert!(!screen.contains("offer draw"), "{screen}");
    insta::assert_snapshot!("puzzle_board_80x24", screen);
}

#[test]
fn snapshot_puzzle_right_move_and_wrong_move_120x40() {
    let mut app = at_puzzle(GlyphSet::Ascii);
    typed(&mut app, "Rc8+");
    typed(&mut app, "Kh1");
    let screen = text(&draw_app(&mut app, (120, 40)));
    assert!(screen.contains("the move was Rxd8+"), "{screen}");
    insta::assert_snapshot!("puzzle_board_120x40_ascii", screen);
}

/// The binary: `hotseat puzzles --id 1OKO0` opens the puzzle on the screen, typed moves
/// solve it, and the rating's change is shown.
#[test]
fn a_puzzle_solved_with_typed_moves_in_a_terminal() {
    let mut pty = PtyCommand::hotseat()
        .args(["puzzles", "--id", "1OKO0", "--player", "Ann"])
        .env("NO_COLOR", "1")
        .size(80, 24)
        .spawn()
        .unwrap();
    pty.wait_for("Black played Rxe6").unwrap();
    type_move(&mut pty, "Rc8+");
    pty.wait_for("Right: Rc8+").unwrap();
    type_move(&mut pty, "Rxd8");
    pty.wait_for("Black played Re8").unwrap();
    type_move(&mut pty, "Rxe8#");
    pty.wait_for("Solved: Rxe8#").unwrap();
    pty.wait_for("rating 1500 →").unwrap();
    // Nothing to lose: Ctrl-Q quits at once.
    pty.send_key(Key::Ctrl('q')).unwrap();
    let status = pty.wait_exit().unwrap();
    assert!(status.success(), "{status:?}\n{}", pty.dump());
}

/// A duel's bad options are refused before any screen, saying how to write them.
#[test]
fn a_duel_with_one_player_or_no_time_is_refused_with_an_example() {
    let dir = std::env::temp_dir().join(format!("hotseat-duel-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.to_str().unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_hotseat"))
            .args(args)
            .args(["--data-dir", data])
            .output()
            .expect("the hotseat binary runs")
    };
    let out = run(&["puzzles", "duel", "--player", "Ann", "--opponent", " ann "]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("a duel needs two players"), "{err}");
    assert!(err.contains("--opponent Bob"), "{err}");
    // The same in --plain.
    let out = run(&[
        "puzzles",
        "duel",
        "--plain",
        "--player",
        "Bob",
        "--opponent",
        "BOB",
    ]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("a duel needs two players"), "{err}");
    let out = run(&["puzzles", "duel", "--minutes", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
