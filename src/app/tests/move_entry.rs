//! The move box: typed moves in every notation, live feedback, Tab, command words.

use super::*;
use crate::app::MessageKind;
use crate::game::{GameResult, Reason};
use crate::rules::{Bitboard, Role};

#[test]
fn typed_scholars_mate_ends_the_game_with_the_result() {
    let mut app = app();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7");
    let outcome = app.game().outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Color::White));
    assert_eq!(outcome.reason, Reason::Checkmate);
    assert_mode(&app, &Mode::GameOver(GameOver));
    let dialog = app.view().dialog().unwrap();
    assert_eq!(dialog.lines, ["Checkmate — White wins", "1-0"]);
    assert_eq!(app.view().status().text, "Checkmate — White wins · 1-0");
}

#[test]
fn every_notation_the_parser_reads_plays() {
    let mut app = app();
    play_all(
        &mut app,
        &["e2e4", "e7-e5", "Ng1-f3", "nc6", "Bb5", "g8f6", "0-0"],
    );
    assert_eq!(sans(&app), ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O"]);
}

#[test]
fn an_illegal_move_leaves_board_and_text_and_shows_the_parsers_message() {
    let mut app = app();
    let before = fen(&app);
    enter(&mut app, "e5");
    assert_eq!(fen(&app), before);
    assert_eq!(app.view().input(), "e5");
    let expected = Position::initial()
        .parse_move("e5")
        .unwrap_err()
        .to_string();
    assert_eq!(error_text(&app), expected);
    // Correcting the text clears the error and plays.
    act(&mut app, Action::DeleteChar);
    enter(&mut app, "4");
    assert_eq!(sans(&app), ["e4"]);
    assert_eq!(app.view().input(), "");
}

#[test]
fn after_a_refused_move_typing_starts_afresh_and_backspace_edits() {
    // Knights on b1 and f3 can both reach d2.
    let mut app = app_from("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    enter(&mut app, "Nd2");
    assert_eq!(error_text(&app), "Nd2 is ambiguous: Nbd2 or Nfd2");
    assert_eq!(app.view().input(), "Nd2", "the refused text stays in view");
    assert_eq!(
        app.view().feedback().hint.unwrap().text,
        "type a new move, or Backspace to correct this one"
    );
    enter(&mut app, "Nbd2");
    assert_eq!(sans(&app), ["Nbd2"], "typed anew, not appended to Nd2");
    // Backspace keeps the refused text to correct it.
    enter(&mut app, "Kd9");
    act(&mut app, Action::DeleteChar);
    assert!(
        app.view().message().is_none(),
        "the error on Kd9 goes with the 9"
    );
    enter(&mut app, "8");
    assert_eq!(sans(&app), ["Nbd2", "Kd8"]);
}

#[test]
fn space_is_part_of_typed_text_and_selects_on_the_board() {
    let mut app = app_from("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    type_text(&mut app, "exd6");
    act(&mut app, Action::Space);
    type_text(&mut app, "e.p.");
    assert_eq!(app.view().input(), "exd6 e.p.");
    act(&mut app, Action::Select);
    assert_eq!(
        sans(&app),
        ["exd6"],
        "one move, nothing left for Black's prompt"
    );
    assert_eq!(app.view().input(), "");
    // After a refused move, Space works the board, not the text it would replace.
    let mut app = super::app();
    enter(&mut app, "e5");
    act(&mut app, Action::Space);
    assert_eq!(app.view().input(), "");
    assert_eq!(app.view().board().selected, Some(sq("e2")));
    // With nothing typed, the space bar picks up the piece under the cursor (the e2 pawn).
    let mut app = super::app();
    act(&mut app, Action::Space);
    assert_eq!(app.view().board().selected, Some(sq("e2")));
}

#[test]
fn nonsense_is_a_syntax_error_with_the_exact_text() {
    let mut app = app();
    enter(&mut app, "Nz9");
    assert_eq!(error_text(&app), "\"Nz9\" is not a move: z is not a file");
}

#[test]
fn ambiguous_text_names_the_candidates_and_makes_them_glow() {
    // Black knights on b8 and f6 can both reach d7.
    let app_fen = "rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R b KQkq - 1 3";
    let mut app = app_from(app_fen);
    type_text(&mut app, "Nd7");
    let feedback = app.view().feedback();
    let hint = feedback.hint.unwrap();
    assert_eq!(hint.text, "Nd7 is ambiguous: Nbd7 or Nfd7");
    assert_eq!(hint.kind, MessageKind::Error);
    assert_eq!(
        feedback.glow,
        Bitboard::from_square(sq("b8")) | Bitboard::from_square(sq("f6"))
    );
    act(&mut app, Action::Select);
    assert_eq!(error_text(&app), "Nd7 is ambiguous: Nbd7 or Nfd7");
    assert_eq!(app.view().input(), "Nd7");
}

#[test]
fn pieces_that_could_match_glow_while_typing() {
    let mut app = app();
    type_text(&mut app, "N");
    let fb = app.view().feedback();
    assert_eq!(
        fb.glow,
        Bitboard::from_square(sq("b1")) | Bitboard::from_square(sq("g1"))
    );
    assert_eq!(fb.hint.unwrap().text, "N… could be Na3, Nc3, Nf3, Nh3");
    type_text(&mut app, "f");
    let fb = app.view().feedback();
    assert_eq!(fb.glow, Bitboard::from_square(sq("g1")));
    assert_eq!(fb.hint.unwrap().text, "Nf… Tab completes Nf3");
    type_text(&mut app, "3");
    let fb = app.view().feedback();
    assert_eq!(fb.hint.unwrap().text, "Enter plays Nf3");
    assert_eq!(fb.targets, Bitboard::from_square(sq("f3")));
}

#[test]
fn tab_completes_an_unambiguous_move_and_not_an_ambiguous_one() {
    let mut app = app();
    type_text(&mut app, "Nf");
    act(&mut app, Action::Complete);
    assert_eq!(app.view().input(), "Nf3");
    act(&mut app, Action::Cancel);
    type_text(&mut app, "N");
    act(&mut app, Action::Complete);
    assert_eq!(app.view().input(), "N");
    assert!(error_text(&app).starts_with("Nothing to complete"));
    act(&mut app, Action::Cancel);
    type_text(&mut app, "resi");
    act(&mut app, Action::Complete);
    assert_eq!(app.view().input(), "resign");
}

#[test]
fn command_words_run_their_command() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    enter(&mut app, "resign");
    assert_mode(
        &app,
        &Mode::Resign(Resign {
            color: Color::Black,
        }),
    );
    assert_eq!(app.view().input(), "");
    act(&mut app, Action::No);
    enter(&mut app, "FLIP");
    assert_eq!(app.view().board().orientation, Color::Black);
    enter(&mut app, "help");
    assert!(matches!(app.mode(), Mode::Help(_)));
}

#[test]
fn san_with_a_promotion_piece_does_not_ask() {
    let mut app = app_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    enter(&mut app, "b8=Q+");
    assert_mode(&app, &Mode::Playing);
    assert_eq!(sans(&app), ["b8=Q+"]);
}

#[test]
fn lan_without_a_piece_opens_the_picker() {
    let mut app = app_from("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    enter(&mut app, "b7b8");
    assert_mode(
        &app,
        &Mode::Promotion(Promotion {
            from: sq("b7"),
            to: sq("b8"),
            choice: 0,
        }),
    );
    act(&mut app, Action::Promote(Role::Knight));
    assert_eq!(sans(&app), ["b8=N"]);
    assert_eq!(app.view().input(), "");
}

#[test]
fn the_move_box_takes_letters_that_are_keys_elsewhere() {
    let mut app = app();
    type_text(&mut app, "qnyrb ");
    assert_eq!(app.view().input(), "qnyrb ");
    act(&mut app, Action::Cancel);
    assert_eq!(app.view().input(), "");
}

#[test]
fn moves_are_refused_after_the_game_with_a_way_on() {
    let mut app = app();
    play_all(&mut app, &SCHOLARS_MOVES);
    enter(&mut app, "Qxf7#");
    act(&mut app, Action::Review);
    enter(&mut app, "a6");
    assert_eq!(
        error_text(&app),
        "The game is over (Checkmate — White wins, 1-0): Ctrl-N starts a new one"
    );
}

#[test]
fn chess960_castling_hints_for_every_spelling() {
    // King g1 beside its h1 rook, the b1 rook far away on the other side.
    let mut app = app_from("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1");
    type_text(&mut app, "g1h1");
    assert_eq!(app.view().feedback().hint.unwrap().text, "Enter plays O-O");
    for _ in 0..4 {
        act(&mut app, Action::DeleteChar);
    }
    type_text(&mut app, "g1c");
    assert_eq!(
        app.view().feedback().hint.unwrap().text,
        "g1c… Tab completes O-O-O"
    );
    type_text(&mut app, "1");
    assert_eq!(
        app.view().feedback().hint.unwrap().text,
        "Enter plays O-O-O"
    );
    for _ in 0..4 {
        act(&mut app, Action::DeleteChar);
    }
    type_text(&mut app, "O-O");
    let hint = app.view().feedback().hint.unwrap().text;
    assert!(hint.contains("O-O"), "{hint}");
    for _ in 0..3 {
        act(&mut app, Action::DeleteChar);
    }
    enter(&mut app, "g1h1");
    assert_eq!(sans(&app), ["O-O"]);
}

#[test]
fn the_move_box_edits_at_its_caret_while_there_is_text() {
    let mut app = app();
    type_text(&mut app, "Nf");
    let cursor = app.view().board().cursor;
    act(&mut app, Action::CursorLeft);
    type_text(&mut app, "g1");
    assert_eq!(app.view().input(), "Ng1f");
    assert_eq!(
        app.view().board().cursor,
        cursor,
        "the arrows edit the text, not the board"
    );
    act(&mut app, Action::HistoryEnd);
    type_text(&mut app, "3");
    act(&mut app, Action::HistoryStart);
    act(&mut app, Action::DeleteForward);
    assert_eq!(app.view().input(), "g1f3");
    act(&mut app, Action::Select);
    assert_eq!(sans(&app), ["Nf3"]);
    // Ctrl-W deletes a word, Ctrl-U the line; with no text the arrows move the cursor again.
    type_text(&mut app, "e5 Nc6");
    act(&mut app, Action::DeleteWord);
    assert_eq!(app.view().input(), "e5 ");
    act(&mut app, Action::DeleteToStart);
    assert_eq!(app.view().input(), "");
    act(&mut app, Action::CursorLeft);
    assert_ne!(app.view().board().cursor, cursor);
}

#[test]
fn a_full_move_box_says_so_instead_of_cutting_silently() {
    let mut app = app();
    let max = crate::app::parts::MAX_INPUT_CHARS;
    type_text(&mut app, &"e4 ".repeat(max / 3));
    type_text(&mut app, &"e".repeat(max % 3 + 1));
    assert_eq!(
        app.view().input().chars().count(),
        crate::app::parts::MAX_INPUT_CHARS
    );
    assert!(
        error_text(&app).starts_with("Too long"),
        "{}",
        error_text(&app)
    );
}

/// A line of moves pasted from a book plays whole at one keyboard: it was cut at the move
/// box's 48 characters (after `5. O-O`), the rest dropped.
#[test]
fn a_pasted_opening_line_plays_whole() {
    let mut app = app();
    enter(
        &mut app,
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O",
    );
    assert_eq!(sans(&app).len(), 16, "{:?}", app.view().message());
    assert_eq!(sans(&app).last().map(String::as_str), Some("O-O"));
}

#[test]
fn caps_lock_move_numbers_and_several_moves_on_a_line() {
    let mut app = app();
    enter(&mut app, "E2E4");
    enter(&mut app, "1...e5");
    enter(&mut app, "2.NF3");
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
    enter(&mut app, "3.Nc6");
    assert_eq!(
        error_text(&app),
        "\"3.Nc6\" has the wrong move number: this move is 2..."
    );
    assert_eq!(app.view().input(), "3.Nc6");
    enter(&mut app, "Nc6 Bb5 a6 Bz9 Ba4");
    assert_eq!(sans(&app), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert!(
        error_text(&app).starts_with("Played Nc6, Bb5, a6; stopped at \"Bz9\""),
        "{}",
        error_text(&app)
    );
    assert_eq!(
        app.view().input(),
        "Bz9 Ba4",
        "the rest stays to be corrected"
    );
    enter(&mut app, "Ba4 Nf6 O-O");
    assert_eq!(sans(&app).len(), 9);
    enter(&mut app, "e7 e5");
    assert!(!error_text(&app).is_empty());
    enter(&mut app, "b7 b5");
    assert_eq!(
        sans(&app).last().unwrap(),
        "b5",
        "a move written as two squares"
    );
}

#[test]
fn the_hint_never_completes_an_impossible_castling_into_another() {
    let app = app_from("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    let fb = crate::app::move_entry::feedback(app.game().position(), "O-O");
    let hint = fb.hint.unwrap();
    assert_eq!(hint.kind, MessageKind::Error);
    assert_eq!(hint.text, "cannot castle: f1 is attacked");
    assert_eq!(
        crate::app::move_entry::completion(app.game().position(), "O-O"),
        None
    );
}

#[test]
fn esc_takes_the_error_away_with_the_text() {
    let mut app = app();
    enter(&mut app, "e5");
    assert!(!error_text(&app).is_empty());
    act(&mut app, Action::Cancel);
    assert_eq!(app.view().input(), "");
    assert_eq!(app.view().message(), None);
}

#[test]
fn a_picked_up_piece_is_named_and_enter_puts_it_down() {
    let mut app = app();
    act(&mut app, Action::Select);
    assert_eq!(app.view().board().selected, Some(sq("e2")));
    let feedback = app.view().feedback();
    assert_eq!(
        app.view().prompt(&feedback).hint.text,
        "holding the pawn on e2: Enter puts it down on the cursor's square, Esc puts it back"
    );
}

#[test]
fn the_start_of_a_castling_says_how_to_castle() {
    use crate::app::move_entry::feedback;
    use crate::rules::Position;
    let initial = Position::initial();
    for text in ["O-", "0-"] {
        let hint = feedback(&initial, text).hint.unwrap();
        assert_eq!(hint.kind, MessageKind::Info, "{text}");
        assert!(
            hint.text.contains("O-O castles king side"),
            "{text}: {hint:?}"
        );
    }
    let ready: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
    let hint = feedback(&ready, "O-").hint.unwrap();
    assert_eq!(hint.text, "O-… could be O-O, O-O-O");
}

#[test]
fn the_promotion_hint_says_a_whole_sentence_on_a_narrow_line() {
    use crate::app::move_entry::feedback;
    use crate::rules::Position;
    let pos: Position = "k7/4P3/8/8/8/8/8/4K2R w K - 0 1".parse().unwrap();
    let hint = feedback(&pos, "e8").hint.unwrap();
    assert_eq!(hint.for_width(40), "Enter asks for the piece (or add =Q)");
    assert_eq!(hint.for_width(30), "Enter asks for the piece");
}
