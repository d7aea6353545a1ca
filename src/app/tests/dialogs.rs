//! Every question: draw offer, claims, resignation, takeback, quit, game over, help.

use super::*;
use crate::app::keymap::KeyContext;
use crate::app::requests::Ask;
use crate::game::{GameResult, Reason};

/// An untimed game between Ann (White) and Bob (Black).
fn ann_and_bob() -> App {
    App::new(config(GameSetup {
        white: "Ann".to_owned(),
        black: "Bob".to_owned(),
        ..GameSetup::default()
    }))
}

#[test]
fn a_draw_is_offered_with_the_move_and_the_opponent_asked() {
    let mut app = ann_and_bob();
    act(&mut app, Action::Draw);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().pending_offer(), None, "no offer before the move");
    assert_eq!(
        app.view().message().unwrap().text,
        "Ann (White) offers a draw with this move · Ctrl-D withdraws"
    );
    type_text(&mut app, "e4");
    assert!(
        app.view()
            .status()
            .text
            .contains("offers a draw with this move (Ctrl-D withdraws)"),
        "the offer stays on the status line while the move is typed: {}",
        app.view().status().text
    );
    act(&mut app, Action::Select);
    assert_eq!(sans(&app), ["e4"]);
    // No box over the board: the question stands on the status line while Bob may type.
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.view().key_context(), KeyContext::Playing);
    let status = app.view().status();
    assert_eq!(
        status.text,
        "Ann (White) offers a draw · Bob (Black): Ctrl-D accepts, Esc or a move declines"
    );
    assert_eq!(status.kind, crate::app::MessageKind::Banner);
    assert_eq!(
        app.game().offers(),
        [(1, Color::White)],
        "the record keeps the offer after the move"
    );
    act(&mut app, Action::Yes);
    let outcome = app.game().outcome().unwrap();
    assert_eq!(outcome.reason, Reason::Agreement);
    assert_mode(&app, &Mode::GameOver(GameOver));
    assert_eq!(
        app.view().dialog().unwrap().lines,
        ["Draw by agreement", "1/2-1/2"]
    );
}

#[test]
fn ctrl_d_on_your_own_turn_never_makes_the_opponents_offer() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::Draw);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(
        app.game().pending_offer(),
        None,
        "Black's Ctrl-D is Black's offer, made with Black's move"
    );
    play_all(&mut app, &["e5"]);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(
        app.view().status().text,
        "Black offers a draw · White: Ctrl-D accepts, Esc or a move declines"
    );
}

#[test]
fn ctrl_d_again_withdraws_the_offer_before_the_move() {
    let mut app = ann_and_bob();
    act(&mut app, Action::Draw);
    enter(&mut app, "draw");
    assert_eq!(
        app.view().message().unwrap().text,
        "Ann (White) withdraws the draw offer"
    );
    enter(&mut app, "e4");
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().pending_offer(), None);
    assert!(app.game().offers().is_empty());
    assert!(!app.view().status().text.contains("offers a draw"));
}

#[test]
fn an_offer_with_a_move_taken_back_is_forgotten() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::Draw);
    act(&mut app, Action::Takeback);
    act(&mut app, Action::Yes);
    play_all(&mut app, &["d4"]);
    assert_eq!(sans(&app), ["d4"]);
    assert_mode(&app, &Mode::Playing);
    play_all(&mut app, &["d5"]);
    assert_mode(&app, &Mode::Playing);
    assert!(app.game().offers().is_empty());
}

#[test]
fn a_draw_offer_declined_goes_on() {
    let mut app = ann_and_bob();
    act(&mut app, Action::Draw);
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::No);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().pending_offer(), None);
    assert_eq!(
        app.view().message().unwrap().text,
        "Bob declines the draw offer"
    );
    assert!(!app.game().is_over());
}

#[test]
fn typing_a_move_instead_of_answering_declines_once_it_is_played() {
    let mut app = app();
    act(&mut app, Action::Draw);
    play_all(&mut app, &["e4"]);
    type_text(&mut app, "e5");
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.view().input(), "e5");
    assert_eq!(app.game().pending_offer(), Some(Color::White));
    act(&mut app, Action::Select);
    assert_eq!(app.game().pending_offer(), None);
    assert_eq!(sans(&app), ["e4", "e5"]);
}

#[test]
fn enter_in_the_offer_plays_the_move_waiting_in_the_box_and_declines() {
    let mut app = app();
    act(&mut app, Action::Draw);
    enter(&mut app, "e4 e5");
    assert_eq!(app.game().pending_offer(), Some(Color::White));
    assert_eq!(
        app.view().input(),
        "e5",
        "the rest of the line waits in the box"
    );
    act(&mut app, Action::Select);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert_eq!(app.game().pending_offer(), None);
    assert!(!app.game().is_over());
}

#[test]
fn the_player_to_move_can_accept_a_standing_offer_later() {
    let mut app = ann_and_bob();
    act(&mut app, Action::Draw);
    play_all(&mut app, &["e4"]);
    type_text(&mut app, "a");
    act(&mut app, Action::Cancel);
    assert!(
        app.view()
            .status()
            .text
            .contains("Ann (White) offers a draw")
    );
    act(&mut app, Action::Draw);
    assert_eq!(app.game().outcome().unwrap().result, GameResult::Draw);
}

#[test]
fn endings_name_the_players() {
    let mut app = ann_and_bob();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::Resign);
    assert_eq!(
        app.view().dialog().unwrap().lines,
        [
            "Resign the game for Bob (Black)?",
            "Ann would win. (Tab: Ann resigns instead.)",
            "y resigns · Enter or Esc: keep playing"
        ]
    );
    act(&mut app, Action::Yes);
    assert_eq!(
        app.view().dialog().unwrap().lines,
        ["Bob resigns — Ann wins", "1-0"]
    );
}

const REPEAT: [&str; 7] = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"];

#[test]
fn a_move_that_allows_a_claim_asks_and_yes_claims() {
    let mut app = app();
    play_all(&mut app, &REPEAT);
    enter(&mut app, "Ng8");
    assert!(
        matches!(app.mode(), Mode::ClaimWithMove(ClaimWithMove { claims, .. }) if claims.threefold)
    );
    assert_eq!(app.view().key_context(), KeyContext::Grave);
    let dialog = app.view().dialog().unwrap();
    assert_eq!(
        dialog.lines[0],
        "Ng8 allows a draw claim by threefold repetition."
    );
    act(&mut app, Action::Yes);
    let outcome = app.game().outcome().unwrap();
    assert_eq!(outcome.reason, Reason::ThreefoldClaim(Color::Black));
    assert_eq!(sans(&app).len(), 8);
}

#[test]
fn no_just_plays_the_move_and_the_claim_stays_open_for_the_opponent() {
    let mut app = app();
    play_all(&mut app, &REPEAT);
    enter(&mut app, "Ng8");
    act(&mut app, Action::No);
    assert!(!app.game().is_over());
    assert_eq!(sans(&app).len(), 8);
    assert!(
        app.view()
            .status()
            .text
            .contains("may claim a draw (threefold repetition)")
    );
    enter(&mut app, "claim");
    assert_eq!(
        app.game().outcome().unwrap().reason,
        Reason::ThreefoldClaim(Color::White)
    );
}

#[test]
fn no_claim_question_when_the_move_ends_the_game_by_itself() {
    let mut app = app_from("4k3/8/8/8/8/8/8/R3K3 w - - 149 90");
    enter(&mut app, "Ra2");
    assert_mode(&app, &Mode::GameOver(GameOver));
    assert_eq!(
        app.game().outcome().unwrap().reason,
        Reason::SeventyFiveMoves
    );
}

#[test]
fn the_same_question_comes_whatever_the_input() {
    let mut app = app();
    play_all(&mut app, &REPEAT);
    click(&mut app, "f6");
    click(&mut app, "g8");
    assert!(matches!(app.mode(), Mode::ClaimWithMove { .. }));
}

#[test]
fn a_claim_with_nothing_to_claim_says_why() {
    let mut app = app();
    act(&mut app, Action::Claim);
    assert!(error_text(&app).starts_with("no draw to claim"));
    play_all(&mut app, &REPEAT);
    act(&mut app, Action::Claim);
    assert_eq!(
        app.view().message().unwrap().text,
        "No draw to claim yet; playing Ng8 would allow one (you will be asked)"
    );
}

#[test]
fn resigning_asks_first() {
    let mut app = app();
    act(&mut app, Action::Resign);
    assert_mode(
        &app,
        &Mode::Resign(Resign {
            color: Color::White,
        }),
    );
    act(&mut app, Action::No);
    assert!(!app.game().is_over());
    act(&mut app, Action::Resign);
    act(&mut app, Action::Yes);
    assert_eq!(
        app.game().outcome().unwrap().reason,
        Reason::Resignation(Color::White)
    );
    assert_eq!(app.view().dialog().unwrap().lines[1], "0-1");
}

#[test]
fn either_player_may_resign_tab_switches_who() {
    let mut app = app_with_moves(&["e4"]);
    act(&mut app, Action::Resign);
    assert_eq!(
        app.view().dialog().unwrap().lines[1],
        "White would win. (Tab: White resigns instead.)"
    );
    act(&mut app, Action::Complete);
    assert_mode(
        &app,
        &Mode::Resign(Resign {
            color: Color::White,
        }),
    );
    act(&mut app, Action::Yes);
    assert_eq!(
        app.game().outcome().unwrap().reason,
        Reason::Resignation(Color::White),
        "White, who has just moved, resigned"
    );
}

#[test]
fn a_takeback_needs_the_opponents_agreement() {
    let mut app = app();
    act(&mut app, Action::Takeback);
    assert_eq!(error_text(&app), "There is no move to take back");
    play_all(&mut app, &["e4", "e5"]);
    enter(&mut app, "undo");
    assert_mode(&app, &Mode::Playing);
    let request = app.view().questions().request().unwrap();
    assert_eq!((request.ask, request.by), (Ask::Takeback, Color::Black));
    assert_eq!(
        app.view().status().text,
        "Black asks to take back 1... e5 · White: F8 agrees, Esc or a move refuses"
    );
    act(&mut app, Action::Cancel);
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert_eq!(
        app.view().message().unwrap().text,
        "White does not agree to take back 1... e5"
    );
    act(&mut app, Action::Takeback);
    assert_eq!(
        error_text(&app),
        "Black already asked to take back this move: once per move"
    );
    assert_eq!(
        app.view().questions().request(),
        None,
        "a refused request is not asked again"
    );
    play_all(&mut app, &["Nf3", "Nc6"]);
    act(&mut app, Action::Takeback);
    act(&mut app, Action::Takeback);
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
    assert_eq!(turn(&app), Color::Black);
    assert_eq!(
        app.view().message().unwrap().text,
        "White agreed: 2... Nc6 taken back"
    );
}

#[test]
fn takeback_answers_name_the_player_as_the_question_does() {
    let mut app = App::new(config(GameSetup {
        white: "Ann".to_owned(),
        black: "Bob".to_owned(),
        ..GameSetup::default()
    }));
    play_all(&mut app, &["e4", "e5"]);
    enter(&mut app, "undo");
    assert!(
        app.view()
            .status()
            .text
            .contains(" · Ann (White): F8 agrees")
    );
    act(&mut app, Action::No);
    assert_eq!(
        app.view().message().unwrap().text,
        "Ann (White) does not agree to take back 1... e5"
    );
    play_all(&mut app, &["Nf3", "Nc6"]);
    enter(&mut app, "undo");
    act(&mut app, Action::Yes);
    assert_eq!(
        app.view().message().unwrap().text,
        "Ann (White) agreed: 2... Nc6 taken back"
    );
}

#[test]
fn quitting_asks_only_while_a_game_is_in_progress() {
    let mut app = app();
    act(&mut app, Action::Quit);
    assert!(app.should_quit());

    let mut app = app_with_moves(&["e4"]);
    act(&mut app, Action::Quit);
    assert_mode(&app, &Mode::Quit(Quit));
    act(&mut app, Action::No);
    assert!(!app.should_quit());
    act(&mut app, Action::Quit);
    act(&mut app, Action::Quit);
    assert!(app.should_quit(), "a second Ctrl-Q confirms");
}

fn app_with_moves(moves: &[&str]) -> App {
    let mut app = app();
    play_all(&mut app, moves);
    app
}

#[test]
fn game_over_offers_new_game_review_and_quit() {
    let mut app = app_with_moves(&SCHOLARS_MOVES);
    enter(&mut app, "Qxf7");
    assert_eq!(app.view().key_context(), KeyContext::GameOver);
    act(&mut app, Action::Review);
    assert_mode(&app, &Mode::Playing);
    act(&mut app, Action::HistoryBack);
    assert_eq!(app.view().review(), Some(6));
    act(&mut app, Action::NewGame);
    assert!(
        matches!(app.mode(), Mode::NewGame(_)),
        "no question: the game is over"
    );
    let mut app = app_with_moves(&SCHOLARS_MOVES);
    enter(&mut app, "Qxf7");
    act(&mut app, Action::Quit);
    assert!(app.should_quit());
}

#[test]
fn a_new_game_over_an_unfinished_one_asks_first() {
    let mut app = app_with_moves(&["e4"]);
    act(&mut app, Action::NewGame);
    assert_mode(&app, &Mode::AbandonGame(AbandonGame));
    act(&mut app, Action::No);
    assert_mode(&app, &Mode::Playing);
    enter(&mut app, "new");
    act(&mut app, Action::Yes);
    assert!(matches!(app.mode(), Mode::NewGame(_)));
}

#[test]
fn help_opens_scrolls_and_closes() {
    let mut app = app();
    act(&mut app, Action::Help);
    assert_mode(
        &app,
        &Mode::Help(Help {
            scroll: 0,
            ..Help::default()
        }),
    );
    act(&mut app, Action::ScrollDown);
    act(&mut app, Action::ScrollDown);
    assert_mode(
        &app,
        &Mode::Help(Help {
            scroll: 2,
            ..Help::default()
        }),
    );
    act(&mut app, Action::ScrollUp);
    assert_mode(
        &app,
        &Mode::Help(Help {
            scroll: 1,
            ..Help::default()
        }),
    );
    act(&mut app, Action::ScrollBottom);
    let max = crate::ui::help::HelpView::max_scroll(app.view().screen());
    assert_mode(
        &app,
        &Mode::Help(Help {
            scroll: max,
            ..Help::default()
        }),
    );
    act(&mut app, Action::ScrollDown);
    assert_mode(
        &app,
        &Mode::Help(Help {
            scroll: max,
            ..Help::default()
        }),
    );
    act(&mut app, Action::Cancel);
    assert_mode(&app, &Mode::Playing);
    // Over the clocks' wait of a timed game (its prompt says F1), and back to the wait.
    let mut app = timed_app("5+3");
    assert_mode(&app, &Mode::Ready(Ready));
    assert!(key(&mut app, KeyCode::F(1)));
    assert!(matches!(app.mode(), Mode::Help(h) if h.over_ready));
    assert!(key(&mut app, KeyCode::Esc));
    assert_mode(&app, &Mode::Ready(Ready));
    assert!(!app.game().is_started(), "the clocks still wait");
}

#[test]
fn dialogs_ignore_keys_that_are_not_theirs() {
    let mut app = app_with_moves(&["e4"]);
    act(&mut app, Action::Resign);
    for action in [
        Action::CursorUp,
        Action::Draw,
        Action::Promote(crate::rules::Role::Queen),
    ] {
        act(&mut app, action);
        assert_mode(
            &app,
            &Mode::Resign(Resign {
                color: Color::Black,
            }),
        );
    }
    // A letter is a move being typed: the question goes, the letter stays.
    act(&mut app, Action::Input('x'));
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.view().input(), "x");
}

#[test]
fn a_chess960_castling_taken_back_gives_the_rook_its_right_again() {
    let start = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1";
    let mut app = app_from(start);
    play_all(&mut app, &["O-O"]);
    assert_eq!(
        fen(&app),
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"
    );
    act(&mut app, Action::Takeback);
    act(&mut app, Action::Takeback);
    assert_eq!(fen(&app), start);
    play_all(&mut app, &["g1b1"]);
    assert_eq!(sans(&app), ["O-O-O"]);
}

#[test]
fn a_rematch_swaps_the_seats_and_keeps_each_players_clock() {
    let mut app = App::new(config(GameSetup {
        white: "Ann".to_owned(),
        black: "Bob".to_owned(),
        white_time: "5+3".parse().unwrap(),
        black_time: "3+0".parse().unwrap(),
        ..GameSetup::default()
    }));
    act(&mut app, Action::Select);
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::Resign);
    act(&mut app, Action::Yes);
    assert_mode(&app, &Mode::GameOver(GameOver));
    let keys = crate::app::dialog_hint_rows(KeyContext::GameOver, 56).concat();
    assert!(
        keys.iter()
            .any(|&(action, key, label)| action == Action::Rematch
                && key.to_string() == "m"
                && label == "rematch"),
        "the game-over box offers it: {keys:?}"
    );
    act(&mut app, Action::Rematch);
    assert_mode(&app, &Mode::Ready(Ready));
    assert_eq!(app.game().player(Color::White), "Bob");
    assert_eq!(app.game().player(Color::Black), "Ann");
    assert_eq!(app.game().record().plies(), 0);
    assert_eq!(app.view().words().time_control(), "White 3+0, Black 5+3");
    assert_eq!(
        app.view().message().unwrap().text,
        "Rematch: Bob vs Ann, White 3+0, Black 5+3"
    );
}

#[test]
fn the_answer_guards_word_goes_when_its_question_does() {
    // Issue 56: "That key came as the question did…" stayed after the question closed.
    let mut app = app();
    act(&mut app, Action::Resign);
    key(&mut app, KeyCode::Char('y'));
    assert!(!app.game().is_over(), "a key on its way does not resign");
    let said = app.view().message().unwrap().text.clone();
    assert!(
        said.starts_with("That key came as the question did"),
        "{said}"
    );
    act(&mut app, Action::Cancel);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.view().message(), None);
}
