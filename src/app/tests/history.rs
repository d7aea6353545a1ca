//! History review: stepping through the game without changing it.

use super::*;
use crate::app::MessageKind;
use crate::app::keymap::PointerKind;

#[test]
fn stepping_back_shows_earlier_positions_under_a_banner() {
    let mut app = app();
    play_all(&mut app, &["e4", "e5", "Nf3"]);
    act(&mut app, Action::HistoryBack);
    assert_eq!(app.view().review(), Some(2));
    assert_eq!(
        app.view().shown().position(),
        app.game().record().position_at(2).unwrap()
    );
    let status = app.view().status();
    assert_eq!(status.kind, MessageKind::Banner);
    assert_eq!(
        status.text,
        "Reviewing after 1... e5 (2 of 3) — End returns to the game"
    );
    act(&mut app, Action::HistoryStart);
    assert_eq!(app.view().review(), Some(0));
    assert_eq!(app.view().shown().position(), &Position::initial());
    assert!(
        app.view()
            .status()
            .text
            .starts_with("Reviewing the start position")
    );
    assert_eq!(app.view().shown().last_move(), None);
    act(&mut app, Action::HistoryBack);
    assert_eq!(
        app.view().review(),
        Some(0),
        "the start is as far back as it goes"
    );
    act(&mut app, Action::HistoryForward);
    assert_eq!(app.view().review(), Some(1));
    act(&mut app, Action::HistoryEnd);
    assert_eq!(app.view().review(), None);
    assert_eq!(app.game().record().plies(), 3, "reviewing changes nothing");
}

#[test]
fn stepping_forward_past_the_last_move_is_the_present() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::HistoryForward);
    assert_eq!(app.view().review(), None);
    act(&mut app, Action::HistoryForward);
    assert_eq!(app.view().review(), None);
}

#[test]
fn a_move_made_while_a_game_in_progress_shows_the_past_is_refused_by_every_input() {
    let mut app = app();
    play_all(&mut app, &["e4", "e5"]);
    act(&mut app, Action::HistoryStart);
    enter(&mut app, "Nf3");
    assert_eq!(
        error_text(&app),
        "This is an earlier position; moves are made in the present: End returns to the game \
         (the typed move stays)"
    );
    assert_eq!((app.view().review(), app.view().input()), (Some(0), "Nf3"));
    act(&mut app, Action::HistoryEnd);
    act(&mut app, Action::Select);
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"], "End, then Enter plays it");

    act(&mut app, Action::HistoryBack);
    click(&mut app, "g8");
    assert!(error_text(&app).starts_with("This is an earlier position"));
    assert_eq!(
        (app.view().review(), app.view().board().selected),
        (Some(2), None)
    );
    act(&mut app, Action::Select);
    assert!(error_text(&app).ends_with("End returns to the game"));
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"], "nothing was played");
}

#[test]
fn the_arrows_step_when_the_game_is_over_and_move_the_cursor_once_the_board_is_in_hand() {
    let mut app = app();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7#");
    // However the mate was made (a click on the board takes it in hand), the review starts
    // with the arrows on the moves.
    app.board.engaged = true;
    act(&mut app, Action::Review);
    assert!(app.view().arrows_step());
    act(&mut app, Action::CursorLeft);
    assert_eq!(app.view().review(), Some(6));
    // Typed text after the game (a glyph) is edited like any text: Home moves the caret.
    type_text(&mut app, "!?");
    act(&mut app, Action::HistoryStart);
    assert_eq!((app.view().review(), app.view().input()), (Some(6), "!?"));
    act(&mut app, Action::DeleteForward);
    assert_eq!(app.view().input(), "?", "the caret went to the start");
    act(&mut app, Action::DeleteForward);
    assert_eq!(
        app.view().status().text,
        "Reviewing after 3... Nf6 (6 of 7) — ↓ or End: the final position",
        "no game to return to"
    );
    act(&mut app, Action::CursorLeft);
    act(&mut app, Action::CursorRight);
    assert_eq!(app.view().review(), Some(6));
    act(&mut app, Action::CursorUp);
    assert_eq!(app.view().review(), Some(0), "up: the start");
    act(&mut app, Action::CursorDown);
    assert_eq!(app.view().review(), None, "down: the end");
    act(&mut app, Action::CursorRight);
    assert_eq!(app.view().review(), None, "nothing after the end");

    let cursor = app.view().board().cursor;
    act(&mut app, Action::Select);
    assert!(!app.view().arrows_step(), "Enter takes the board in hand");
    act(&mut app, Action::CursorLeft);
    assert_eq!(app.view().review(), None);
    assert_ne!(
        app.view().board().cursor,
        cursor,
        "the arrows move the cursor"
    );
    act(&mut app, Action::Cancel);
    assert!(app.view().arrows_step(), "Esc gives them back to the moves");
    act(&mut app, Action::CursorLeft);
    assert_eq!(app.view().review(), Some(6));
}

#[test]
fn in_a_game_in_progress_the_arrows_step_only_while_the_past_is_shown() {
    let mut app = app();
    play_all(&mut app, &["e4", "e5", "Nf3"]);
    act(&mut app, Action::CursorLeft);
    assert_eq!(
        app.view().review(),
        None,
        "at the present they move the cursor"
    );
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::CursorLeft);
    assert_eq!(app.view().review(), Some(1));
    act(&mut app, Action::CursorRight);
    act(&mut app, Action::CursorRight);
    assert_eq!(
        app.view().review(),
        None,
        "stepping past the last move returns to the game"
    );
    let cursor = app.view().board().cursor;
    act(&mut app, Action::CursorRight);
    assert_ne!(app.view().board().cursor, cursor);
}

#[test]
fn typed_text_keeps_the_arrows_from_stepping() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::HistoryBack);
    type_text(&mut app, "e");
    assert!(!app.view().arrows_step());
}

#[test]
fn a_click_on_a_move_in_the_list_shows_the_position_after_it() {
    let mut app = app();
    play_all(&mut app, &["e4", "e5", "Nf3", "Nc6"]);
    let moves = app.view().panel_layout().unwrap().moves;
    // Row 1 is `   1. e4      e5`: White's move under the number, Black's to the right.
    pointer(&mut app, PointerKind::Down, (moves.x + 7, moves.y));
    assert_eq!(app.view().review(), Some(1));
    assert_eq!(
        app.view().shown().last_move().map(|m| m.uci().to_string()),
        Some("e2e4".into())
    );
    pointer(&mut app, PointerKind::Down, (moves.x + 16, moves.y + 1));
    assert_eq!(app.view().review(), None, "the last move is the present");
    pointer(&mut app, PointerKind::Down, (moves.x + 16, moves.y));
    assert_eq!(app.view().review(), Some(2));
    assert!(app.view().arrows_step());
    pointer(&mut app, PointerKind::Down, (moves.x + 7, moves.y + 3));
    assert_eq!(
        app.view().review(),
        Some(2),
        "a click below the moves changes nothing"
    );
}

#[test]
fn esc_leaves_the_review() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::Cancel);
    assert_eq!(app.view().review(), None);
}

#[test]
fn nothing_to_review_before_the_first_move() {
    let mut app = app();
    act(&mut app, Action::HistoryBack);
    act(&mut app, Action::HistoryStart);
    assert_eq!(app.view().review(), None);
}

#[test]
fn the_left_arrow_or_a_click_on_a_move_closes_the_game_over_box_and_steps() {
    let mut app = app();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7#");
    assert_eq!(app.mode(), &Mode::GameOver(GameOver));
    act(&mut app, Action::HistoryBack);
    assert_eq!((app.mode(), app.view().review()), (&Mode::Playing, Some(6)));

    let mut app = self::app();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7#");
    let moves = app.view().panel_layout().unwrap().moves;
    pointer(&mut app, PointerKind::Down, (moves.x + 7, moves.y));
    assert_eq!((app.mode(), app.view().review()), (&Mode::Playing, Some(1)));
}

#[test]
fn a_move_that_took_over_an_hour_reads_with_its_hours() {
    let text = "[TimeControl \"7200\"]\n\n1. e4 {[%clk 0:57:57]} e5 {[%clk 1:59:58.6]} 1-0\n";
    let opened = crate::game::pgn::import_game(text).unwrap();
    let mut app = self::app();
    app.install_game(opened.game);
    act(&mut app, Action::Review);
    act(&mut app, Action::CursorLeft);
    assert_eq!(app.view().note_lines(34), ["1. e4 took 1:02:03"]);
}

#[test]
fn the_note_shows_the_comment_of_the_move_shown_and_how_long_it_took() {
    let text = "[TimeControl \"300\"]\n\n{An introduction} 1. e4 {[%clk 0:04:55] Best by test} \
                e5 {[%clk 0:04:50]} 1-0\n";
    let opened = crate::game::pgn::import_game(text).unwrap();
    let mut app = self::app();
    app.install_game(opened.game);
    act(&mut app, Action::Review);
    assert_eq!(app.mode(), &Mode::Playing);
    assert_eq!(
        app.view().note_lines(34),
        ["1... e5 took 0:10"],
        "the last move's"
    );
    act(&mut app, Action::CursorLeft);
    act(&mut app, Action::CursorRight);
    assert_eq!(app.view().review(), None);
    act(&mut app, Action::CursorLeft);
    assert_eq!(
        app.view().note_lines(34),
        ["1. e4 took 0:05", "Best by test"]
    );
    assert_eq!(
        app.view().shown().clocks(),
        Some([Some(s(295)), Some(s(300))])
    );
    act(&mut app, Action::CursorUp);
    assert_eq!(app.view().note_lines(34), ["An introduction"]);
    assert_eq!(
        app.view().note_lines(14),
        ["An", "introduction"],
        "a long word stays whole"
    );
}

#[test]
fn a_glyph_typed_after_the_game_marks_the_move_shown_and_is_saved_with_it() {
    let mut app = app();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7#");
    act(&mut app, Action::Review);
    act(&mut app, Action::CursorLeft);
    enter(&mut app, "??");
    assert_eq!(app.game().notes()[5].nags, [4]);
    assert_eq!(
        app.view().message().map(|m| m.text.as_str()),
        Some("3... Nf6?? (Ctrl-S saves the game with it)")
    );
    assert_eq!(app.view().input(), "");
    enter(&mut app, "?");
    assert_eq!(
        app.game().notes()[5].nags,
        [2],
        "one assessment replaces another"
    );
    enter(&mut app, "?");
    assert!(
        app.game().notes()[5].nags.is_empty(),
        "the same again takes it off"
    );
    enter(&mut app, "!!");
    let pgn = app.game().to_pgn(app.now, &crate::game::pgn::Tags::new());
    assert!(pgn.contains("3. Bc4 Nf6 $3 4. Qxf7#"), "{pgn}");
}

#[test]
fn a_glyph_typed_during_a_game_is_no_annotation() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    enter(&mut app, "!?");
    assert!(app.game().notes()[0].nags.is_empty());
    assert!(!error_text(&app).is_empty(), "read as a move, and refused");
}
