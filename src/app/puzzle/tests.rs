//! The puzzle's table driven as the players drive it: typed moves, keys and the store's
//! answers handed in as news.

use crossterm::event::KeyCode;

use super::*;
use crate::app::tests::{act, app, click, config, enter, key, sans, sq};
use crate::app::{Config, Effect, Event};
use crate::game::GameSetup;
use crate::store::Rating;
use chess::puzzle::parse_row;

/// Mate in 3 with the opponent's replies in between (the shipped file's fourth row).
const MATE_IN_3: &str = "1OKO0,4r2k/1p4pp/p3Qb2/3p4/8/PP4PP/2R4K/8 b - - 0 37,e8e6 c2c8 f6d8 c8d8 e6e8 d8e8,409,,,,backRankMate mateIn3,https://lichess.org/ptEkCbK6/black#74,";

/// A back-rank mate in one where two rooks mate: the line says Ra8#, Rb8# mates too.
const TWO_MATES: &str =
    "alt01,6k1/5ppp/8/2p5/8/8/8/RR4K1 b - - 0 1,c5c4 a1a8,900,,,,mateIn1 backRankMate,,";

/// The solver must underpromote to a knight.
const UNDERPROMOTION: &str = "under,8/8/8/8/8/5k2/1p6/3K4 w - - 0 1,d1d2 b2b1n,1500,,,,,,";

fn start() -> PuzzleStart {
    PuzzleStart {
        player: "Ann".into(),
        seed: 1,
        ..PuzzleStart::default()
    }
}

/// The app opened at the puzzles, the puzzle `row` given by the store.
fn at_puzzle(row: &str) -> App {
    let mut app = App::new(Config {
        puzzles: Some(start()),
        ..config(GameSetup::default())
    });
    let asked = app.take_effects();
    assert!(
        asked.iter().any(
            |e| matches!(e, Effect::Puzzles(PuzzleEffect::Next { player, .. }) if player == "Ann")
        ),
        "{asked:?}"
    );
    give(&mut app, row, true);
    app
}

fn give(app: &mut App, row: &str, rated: bool) {
    let given = Given {
        puzzle: parse_row(row).unwrap(),
        rated,
        rating: Rating::default(),
    };
    app.update(
        Event::Puzzle(PuzzleNews::Given(Ok(Some(Box::new(given))))),
        app.now(),
    );
}

fn text(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

/// The results handed to the store since the last look.
fn recorded(app: &mut App) -> Vec<bool> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Puzzles(PuzzleEffect::Record { won, .. }) => Some(won),
            _ => None,
        })
        .collect()
}

#[test]
fn the_opponents_first_move_is_on_the_board_as_the_last_move() {
    let app = at_puzzle(MATE_IN_3);
    assert_eq!(sans(&app), ["Rxe6"]);
    assert_eq!(app.shown_last_move().unwrap().uci().to_string(), "e8e6");
    assert_eq!(app.orientation(), Color::White);
    assert!(
        text(&app).contains("White to play, mate in 3"),
        "{}",
        text(&app)
    );
    assert!(text(&app).contains("Black played Rxe6"), "{}", text(&app));
    // Nothing of a puzzle is autosaved or archived.
    assert!(app.save_job().is_none());
}

#[test]
fn right_moves_bring_the_replies_and_the_last_solves_it() {
    let mut app = at_puzzle(MATE_IN_3);
    enter(&mut app, "Rc8+");
    assert_eq!(sans(&app), ["Rxe6", "Rc8+", "Bd8"]);
    assert!(text(&app).starts_with("Right: Rc8+"), "{}", text(&app));
    // Long algebraic works as well as SAN.
    enter(&mut app, "c8d8");
    enter(&mut app, "Rxe8#");
    assert!(text(&app).starts_with("Solved"), "{}", text(&app));
    assert_eq!(recorded(&mut app), [true]);
    // No game-over box: the puzzle said it.
    assert_eq!(*app.mode(), Mode::Playing);
    let rated = Rating {
        rating: 1580.0,
        ..Rating::default()
    };
    app.update(
        Event::Puzzle(PuzzleNews::Recorded(Ok(RatingChange {
            before: Rating::default(),
            after: rated,
        }))),
        app.now(),
    );
    assert!(
        text(&app).contains("rating 1500 → 1580 (+80)"),
        "{}",
        text(&app)
    );
    assert_eq!(seat(&app).unwrap().change().unwrap().points(), 80);
}

#[test]
fn a_wrong_move_is_not_played_fails_and_names_the_right_one() {
    let mut app = at_puzzle(MATE_IN_3);
    enter(&mut app, "Kg1");
    assert_eq!(sans(&app), ["Rxe6"]);
    assert!(text(&app).contains("the move was Rc8+"), "{}", text(&app));
    assert_eq!(recorded(&mut app), [false]);
    // Going on with the right moves does not record it again.
    enter(&mut app, "Rc8+");
    enter(&mut app, "Rxd8");
    enter(&mut app, "Rxe8#");
    assert!(recorded(&mut app).is_empty());
}

#[test]
fn any_mate_passes_at_the_last_step() {
    let mut app = at_puzzle(TWO_MATES);
    enter(&mut app, "Rb8#");
    assert!(text(&app).starts_with("Solved"), "{}", text(&app));
    assert_eq!(recorded(&mut app), [true]);
}

#[test]
fn an_underpromotion_in_the_solution_is_told_from_the_queen() {
    let mut app = at_puzzle(UNDERPROMOTION);
    enter(&mut app, "b1=Q");
    assert!(text(&app).contains("the move was b1=N"), "{}", text(&app));
    enter(&mut app, "b1=N+");
    assert!(text(&app).starts_with("Solved"), "{}", text(&app));
}

#[test]
fn a_move_made_with_the_cursor_or_mouse_is_checked_the_same() {
    let mut app = at_puzzle(MATE_IN_3);
    // Cursor: pick up the rook on c2 and put it on c8.
    app.board.cursor = sq("c2");
    act(&mut app, Action::Select);
    app.board.cursor = sq("c8");
    act(&mut app, Action::Select);
    assert_eq!(sans(&app), ["Rxe6", "Rc8+", "Bd8"]);
    // Mouse: a click on c8, then on d8.
    click(&mut app, "c8");
    click(&mut app, "d8");
    assert_eq!(sans(&app), ["Rxe6", "Rc8+", "Bd8", "Rxd8+", "Re8"]);
}

#[test]
fn hints_name_the_piece_then_the_move() {
    let mut app = at_puzzle(MATE_IN_3);
    assert!(key(&mut app, KeyCode::F(10)));
    assert!(text(&app).contains("move the rook on c2"), "{}", text(&app));
    assert_eq!(app.cursor(), sq("c2"));
    enter(&mut app, "hint");
    assert_eq!(text(&app), "Hint: Rc8+");
    enter(&mut app, "Rc8+");
    enter(&mut app, "Rxd8");
    enter(&mut app, "Rxe8#");
    // Solved with a hint: failed for the rating.
    assert_eq!(recorded(&mut app), [false]);
}

#[test]
fn the_solution_is_played_and_the_board_opens_for_analysis() {
    let mut app = at_puzzle(MATE_IN_3);
    assert!(key(&mut app, KeyCode::F(12)));
    assert!(
        text(&app).contains("The solution: Rc8+ Bd8 Rxd8+ Re8 Rxe8#"),
        "{}",
        text(&app)
    );
    assert_eq!(recorded(&mut app), [false]);
    assert!(app.table.analysis_open(app.game()));
    // A move now is a variation of the analysis board: the puzzle's line stays.
    act(&mut app, Action::HistoryBack);
    enter(&mut app, "Kg1");
    assert_eq!(app.game().record().plies(), 6);
    assert_eq!(app.game().variations().len(), 1);
}

#[test]
fn retry_starts_again_and_only_the_first_attempt_counts() {
    let mut app = at_puzzle(MATE_IN_3);
    enter(&mut app, "Kg1");
    assert_eq!(recorded(&mut app), [false]);
    assert!(key(&mut app, KeyCode::F(8)));
    assert_eq!(sans(&app), ["Rxe6"]);
    assert!(
        text(&app).contains("only the first attempt counts"),
        "{}",
        text(&app)
    );
    enter(&mut app, "retry");
    enter(&mut app, "Rc8+");
    enter(&mut app, "Rxd8");
    enter(&mut app, "Rxe8#");
    assert!(recorded(&mut app).is_empty());
}

#[test]
fn next_passes_over_an_unsolved_puzzle_as_failed_and_asks_for_another() {
    let mut app = at_puzzle(MATE_IN_3);
    enter(&mut app, "next");
    let effects = app.take_effects();
    assert!(matches!(
        effects.as_slice(),
        [
            Effect::Puzzles(PuzzleEffect::Record { won: false, .. }),
            Effect::Puzzles(PuzzleEffect::Next { .. })
        ]
    ));
    // Asked again while it is coming: nothing more is asked.
    act(&mut app, Action::Puzzles);
    assert!(app.take_effects().is_empty());
    give(&mut app, TWO_MATES, true);
    assert_eq!(sans(&app), ["c4"]);
    assert!(text(&app).contains("mate in 1"), "{}", text(&app));
}

#[test]
fn what_a_puzzle_has_no_room_for_is_refused_in_words() {
    let mut app = at_puzzle(MATE_IN_3);
    act(&mut app, Action::Resign);
    assert!(text(&app).contains("no opponent"), "{}", text(&app));
    act(&mut app, Action::NewGame);
    assert!(text(&app).contains("quit (Ctrl-Q)"), "{}", text(&app));
    assert_eq!(*app.mode(), Mode::Playing);
}

#[test]
fn the_stores_troubles_are_said_and_nothing_breaks() {
    let mut app = at_puzzle(MATE_IN_3);
    app.update(Event::Puzzle(PuzzleNews::Given(Ok(None))), app.now());
    assert!(text(&app).contains("No puzzle is left"), "{}", text(&app));
    let err = crate::store::StoreError::io(
        crate::store::Op::Database,
        "/x/hotseat.db",
        std::io::Error::other("disk on fire"),
    );
    app.update(Event::Puzzle(PuzzleNews::Recorded(Err(err))), app.now());
    assert!(text(&app).contains("not saved"), "{}", text(&app));
    // The puzzle on the board goes on.
    enter(&mut app, "Rc8+");
    assert_eq!(sans(&app), ["Rxe6", "Rc8+", "Bd8"]);
}

#[test]
fn ctrl_v_in_a_game_opens_the_puzzles_for_the_player_to_move() {
    let mut app = app();
    enter(&mut app, "e4");
    act(&mut app, Action::Puzzles);
    let effects = app.take_effects();
    assert!(
        effects.iter().any(|e| matches!(e,
            Effect::Puzzles(PuzzleEffect::Next { player, .. }) if player == "Black")),
        "{effects:?}"
    );
    assert!(seat(&app).is_some());
    // Typed, at the puzzle: the next one.
    give(&mut app, MATE_IN_3, true);
    enter(&mut app, "puzzle");
    assert!(
        app.take_effects()
            .iter()
            .any(|e| matches!(e, Effect::Puzzles(PuzzleEffect::Next { .. })))
    );
}
