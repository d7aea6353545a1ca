//! The cursor: screen directions, edges, picking up and putting down, promotion by cursor.

use super::*;
use crate::rules::Role;

/// Moves the cursor to `target` with arrow keys, the way a player would.
fn cursor_to(app: &mut App, target: &str) {
    let target = sq(target);
    let sign: i32 = app.view().board().orientation.fold(1, -1);
    for _ in 0..8 {
        let here = app.view().board().cursor;
        let files = (target.file().index() as i32 - here.file().index() as i32) * sign;
        let ranks = (target.rank().index() as i32 - here.rank().index() as i32) * sign;
        let (action, steps) = match (files.signum(), ranks.signum()) {
            (1, _) => (Action::CursorRight, files),
            (-1, _) => (Action::CursorLeft, -files),
            (_, 1) => (Action::CursorUp, ranks),
            (_, -1) => (Action::CursorDown, -ranks),
            _ => break,
        };
        for _ in 0..steps {
            act(app, action);
        }
    }
    assert_eq!(app.view().board().cursor, target);
}

/// Plays `from`-`to` with the cursor: go, Enter, go, Enter.
fn cursor_move(app: &mut App, from: &str, to: &str) {
    cursor_to(app, from);
    act(app, Action::Select);
    assert_eq!(
        app.view().board().selected,
        Some(sq(from)),
        "{:?}",
        app.view().message()
    );
    cursor_to(app, to);
    act(app, Action::Select);
}

#[test]
fn scholars_mate_by_cursor() {
    let mut app = app();
    for (from, to) in [
        ("e2", "e4"),
        ("e7", "e5"),
        ("d1", "h5"),
        ("b8", "c6"),
        ("f1", "c4"),
        ("g8", "f6"),
        ("h5", "f7"),
    ] {
        cursor_move(&mut app, from, to);
    }
    assert_eq!(sans(&app).last().unwrap(), "Qxf7#");
    assert_mode(&app, &Mode::GameOver(GameOver));
    assert_eq!(app.view().dialog().unwrap().lines[1], "1-0");
}

#[test]
fn the_cursor_starts_on_the_king_pawn_and_stops_at_the_edges() {
    let mut app = app();
    assert_eq!(app.view().board().cursor, sq("e2"));
    for _ in 0..10 {
        act(&mut app, Action::CursorLeft);
        act(&mut app, Action::CursorDown);
    }
    assert_eq!(app.view().board().cursor, sq("a1"));
    for _ in 0..10 {
        act(&mut app, Action::CursorRight);
        act(&mut app, Action::CursorUp);
    }
    assert_eq!(app.view().board().cursor, sq("h8"));
}

#[test]
fn arrows_follow_the_screen_when_the_board_is_flipped() {
    let mut app = app();
    act(&mut app, Action::FlipBoard);
    assert_eq!(app.view().board().orientation, Color::Black);
    act(&mut app, Action::CursorUp);
    assert_eq!(
        app.view().board().cursor,
        sq("e1"),
        "up the screen is down the ranks"
    );
    act(&mut app, Action::CursorRight);
    assert_eq!(
        app.view().board().cursor,
        sq("d1"),
        "right on the screen is towards the a-file"
    );
}

#[test]
fn only_the_side_to_move_can_pick_up_a_piece_that_can_move() {
    let mut app = app();
    cursor_to(&mut app, "e7");
    act(&mut app, Action::Select);
    assert_eq!(app.view().board().selected, None);
    assert_eq!(
        error_text(&app),
        "That is Black's pawn: pick one of White's pieces"
    );
    cursor_to(&mut app, "a1");
    act(&mut app, Action::Select);
    assert_eq!(error_text(&app), "The rook on a1 has no legal move");
    cursor_to(&mut app, "e4");
    act(&mut app, Action::Select);
    assert_eq!(
        error_text(&app),
        "No piece on e4: pick one of White's pieces"
    );
}

#[test]
fn a_wrong_destination_keeps_the_piece_and_esc_puts_it_back() {
    let mut app = app();
    cursor_to(&mut app, "g1");
    act(&mut app, Action::Select);
    cursor_to(&mut app, "g3");
    act(&mut app, Action::Select);
    assert_eq!(error_text(&app), "The knight on g1 can't go to g3");
    assert_eq!(app.view().board().selected, Some(sq("g1")));
    act(&mut app, Action::Cancel);
    assert_eq!(app.view().board().selected, None);
    assert_eq!(app.game().record().plies(), 0);
}

#[test]
fn another_own_piece_changes_the_selection_and_the_same_one_drops_it() {
    let mut app = app();
    cursor_to(&mut app, "g1");
    act(&mut app, Action::Select);
    cursor_to(&mut app, "b1");
    act(&mut app, Action::Select);
    assert_eq!(app.view().board().selected, Some(sq("b1")));
    act(&mut app, Action::Select);
    assert_eq!(app.view().board().selected, None);
}

#[test]
fn promotion_by_cursor_opens_the_picker_and_arrows_choose() {
    let mut app = app_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    cursor_move(&mut app, "b7", "b8");
    assert!(matches!(
        app.mode(),
        Mode::Promotion(Promotion { choice: 0, .. })
    ));
    act(&mut app, Action::CursorRight);
    act(&mut app, Action::CursorRight);
    assert!(matches!(
        app.mode(),
        Mode::Promotion(Promotion { choice: 2, .. })
    ));
    act(&mut app, Action::CursorLeft);
    act(&mut app, Action::Select);
    assert_eq!(sans(&app), ["b8=R+"]);
}

#[test]
fn cancelling_the_picker_keeps_the_pawn_home() {
    let mut app = app_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    cursor_move(&mut app, "b7", "b8");
    act(&mut app, Action::Cancel);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().record().plies(), 0);
    cursor_move(&mut app, "b7", "b8");
    act(&mut app, Action::Promote(Role::Queen));
    assert_eq!(sans(&app), ["b8=Q+"]);
}

#[test]
fn castling_by_cursor_moves_the_king_two_squares() {
    let mut app = app_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    cursor_move(&mut app, "e1", "g1");
    assert_eq!(sans(&app), ["O-O"]);
    cursor_move(&mut app, "e8", "c8");
    assert_eq!(sans(&app), ["O-O", "O-O-O"]);
}

#[test]
fn castling_by_cursor_puts_the_king_on_its_own_rook_too() {
    let mut app = app_from("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    cursor_move(&mut app, "e1", "h1");
    assert_eq!(sans(&app), ["O-O"]);
    cursor_move(&mut app, "e8", "a8");
    assert_eq!(sans(&app), ["O-O", "O-O-O"]);
}

#[test]
fn chess960_castling_by_cursor_with_king_and_rook_side_by_side() {
    // King g1 beside its h1 rook: only the rook square castles (g1 is the king's own square);
    // queenside the king walks to c1, so both b1 (the rook) and c1 castle.
    let start = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1";
    let mut app = app_from(start);
    cursor_move(&mut app, "g1", "h1");
    assert_eq!(sans(&app), ["O-O"]);
    assert_eq!(
        fen(&app),
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"
    );
    cursor_move(&mut app, "g8", "b8");
    assert_eq!(sans(&app), ["O-O", "O-O-O"]);
    let mut app = app_from(start);
    cursor_move(&mut app, "g1", "c1");
    assert_eq!(sans(&app), ["O-O-O"]);
    // King f1, rook h1: g1 is the king's ordinary step, h1 castles.
    let mut app = app_from("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1");
    cursor_move(&mut app, "f1", "g1");
    assert_eq!(sans(&app), ["Kg1"]);
    let mut app = app_from("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1");
    cursor_move(&mut app, "f1", "h1");
    assert_eq!(sans(&app), ["O-O"]);
}

#[test]
fn auto_flip_turns_the_board_to_the_player_to_move() {
    let mut app = App::new(Config {
        auto_flip: true,
        ..config(GameSetup::default())
    });
    assert_eq!(app.view().board().orientation, Color::White);
    enter(&mut app, "e4");
    assert_eq!(app.view().board().orientation, Color::Black);
    enter(&mut app, "e5");
    assert_eq!(app.view().board().orientation, Color::White);
}

#[test]
fn the_cursor_starts_on_the_movers_king_pawn_or_else_their_king() {
    assert_eq!(app().view().board().cursor, sq("e2"));
    assert_eq!(
        app_from("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .view()
            .board()
            .cursor,
        sq("e7")
    );
    // A set-up ending: no pawn on e2, so the cursor is on White's king.
    assert_eq!(
        app_from("8/8/8/4k3/8/8/8/6K1 w - - 0 1")
            .view()
            .board()
            .cursor,
        sq("g1")
    );
}
