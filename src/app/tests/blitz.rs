//! Blitz at one keyboard: the keys a hurried player presses, in the order and at the pace they
//! press them (several in the same instant, as when they arrive in one frame), never resign,
//! claim, take back or play a move that was not typed.

use super::*;
use crate::app::Event;
use crate::app::requests::Ask;
use crate::game::Reason;

/// A key pressed at `at`.
fn key_at(app: &mut App, code: KeyCode, modifiers: KeyModifiers, at: Duration) {
    app.update(Event::Key(KeyEvent::new(code, modifiers)), at);
}

fn ctrl_at(app: &mut App, c: char, at: Duration) {
    key_at(app, KeyCode::Char(c), KeyModifiers::CONTROL, at);
}

/// Typed on the keyboard at `at`, then Enter, all in the same instant.
fn type_enter_at(app: &mut App, text: &str, at: Duration) {
    for c in text.chars() {
        let shift = if c.is_ascii_uppercase() {
            KeyModifiers::SHIFT
        } else {
            KeyModifiers::NONE
        };
        key_at(app, KeyCode::Char(c), shift, at);
    }
    key_at(app, KeyCode::Enter, KeyModifiers::NONE, at);
}

/// A 3+2 game, started, after `moves` typed a second apart.
fn blitz(moves: &[&str]) -> (App, Duration) {
    let mut app = timed_app("3+2");
    key_at(&mut app, KeyCode::Enter, KeyModifiers::NONE, s(1));
    let mut at = s(1);
    for m in moves {
        at += s(1);
        type_enter_at(&mut app, m, at);
        assert_eq!(app.view().message(), None, "after {m}");
    }
    (app, at)
}

#[test]
fn a_draw_offer_never_takes_the_letters_of_a_move_being_typed() {
    let (mut app, at) = blitz(&[]);
    ctrl_at(&mut app, 'd', at);
    type_enter_at(&mut app, "e4", at);
    assert_eq!(
        app.view().questions().to_answer(),
        Some((Ask::Draw, Color::White))
    );
    // Black was already typing nf6 (lowercase n is a knight, as everywhere else).
    type_enter_at(&mut app, "nf6", at + ms(50));
    assert_eq!(sans(&app), ["e4", "Nf6"]);
    assert_eq!(app.game().pending_offer(), None, "the move declined it");
    assert!(!app.game().is_over());
    // And it is said, as a take-back request declined by a move is (issue 56).
    assert_eq!(
        app.view().message().unwrap().text,
        "Black moved: the draw offer is declined"
    );
}

#[test]
fn a_draw_offer_is_accepted_only_by_ctrl_d_and_not_by_a_key_already_on_its_way() {
    let (mut app, at) = blitz(&[]);
    ctrl_at(&mut app, 'd', at);
    type_enter_at(&mut app, "e4", at);
    for code in [KeyCode::Enter, KeyCode::Char('y'), KeyCode::Char('n')] {
        key_at(&mut app, code, KeyModifiers::NONE, at + s(1));
    }
    assert_eq!(app.game().pending_offer(), Some(Color::White));
    assert_eq!(app.view().input(), "yn", "the letters stay move text");
    // Ctrl-D in the same frame as the offer: too soon to have read it.
    ctrl_at(&mut app, 'd', at + ms(100));
    assert!(!app.game().is_over());
    ctrl_at(&mut app, 'd', at + s(2));
    assert_eq!(app.game().outcome().unwrap().reason, Reason::Agreement);
}

#[test]
fn esc_with_nothing_typed_declines_the_offer() {
    let (mut app, at) = blitz(&[]);
    ctrl_at(&mut app, 'd', at);
    type_enter_at(&mut app, "e4", at);
    key_at(&mut app, KeyCode::Char('e'), KeyModifiers::NONE, at + s(1));
    key_at(&mut app, KeyCode::Esc, KeyModifiers::NONE, at + s(1));
    assert_eq!(
        app.game().pending_offer(),
        Some(Color::White),
        "the first Esc only empties the box"
    );
    key_at(&mut app, KeyCode::Esc, KeyModifiers::NONE, at + s(1));
    assert_eq!(app.game().pending_offer(), None);
    assert_eq!(
        app.view().message().unwrap().text,
        "Black declines the draw offer"
    );
}

#[test]
fn a_takeback_request_never_takes_a_move_being_typed_nor_enter() {
    let (mut app, at) = blitz(&["e4", "e5"]);
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at);
    assert_eq!(
        app.view().questions().request().map(|r| r.by),
        Some(Color::Black)
    );
    type_enter_at(&mut app, "nf3", at + ms(10));
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
    assert_eq!(app.view().questions().request(), None);
    assert_eq!(
        app.view().message().unwrap().text,
        "White moved: the take-back request is declined"
    );
    // Bxb5 typed at a takeback request: the letters and Enter play it.
    let (mut app, at) = blitz(&["e4", "e5", "Bc4", "c6", "Bb5"]);
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at);
    type_enter_at(&mut app, "cxb5", at + ms(10));
    assert_eq!(sans(&app).last().unwrap(), "cxb5");
    assert_eq!(app.game().record().plies(), 6);
}

#[test]
fn a_takeback_is_agreed_by_f8_alone_and_once_per_move() {
    let (mut app, at) = blitz(&["e4", "e5"]);
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at);
    // The asker's second F8 in the same frame is not an answer.
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at + ms(20));
    assert_eq!(sans(&app), ["e4", "e5"]);
    key_at(&mut app, KeyCode::Esc, KeyModifiers::NONE, at + s(1));
    assert_eq!(app.view().questions().request(), None, "Esc refused it");
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at + s(2));
    assert_eq!(
        app.view().questions().request(),
        None,
        "not asked again before another move"
    );
    assert!(app.view().message().unwrap().text.contains("once per move"));
    type_enter_at(&mut app, "Nf3", at + s(3));
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at + s(4));
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at + s(5));
    assert_eq!(sans(&app), ["e4", "e5"]);
}

#[test]
fn ctrl_r_then_a_typed_move_never_resigns() {
    let (mut app, at) = blitz(&["e4"]);
    ctrl_at(&mut app, 'r', at);
    assert!(matches!(app.mode(), Mode::Resign(_)));
    type_enter_at(&mut app, "e5", at + ms(30));
    assert!(!app.game().is_over());
    assert_eq!(sans(&app), ["e4", "e5"]);
    // Ctrl-R, then Enter: keeps playing.
    ctrl_at(&mut app, 'r', at + s(1));
    key_at(&mut app, KeyCode::Enter, KeyModifiers::NONE, at + s(2));
    assert_eq!(app.mode(), &Mode::Playing);
    assert!(!app.game().is_over());
    // y in the same frame does not count; y after a look does.
    ctrl_at(&mut app, 'r', at + s(3));
    key_at(&mut app, KeyCode::Char('y'), KeyModifiers::NONE, at + s(3));
    assert!(!app.game().is_over());
    key_at(&mut app, KeyCode::Char('y'), KeyModifiers::NONE, at + s(4));
    assert_eq!(
        app.game().outcome().unwrap().reason,
        Reason::Resignation(Color::White)
    );
}

const REPEAT: [&str; 7] = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"];

#[test]
fn enter_twice_never_claims_a_draw() {
    let (mut app, at) = blitz(&REPEAT);
    type_enter_at(&mut app, "Ng8", at + s(1));
    key_at(
        &mut app,
        KeyCode::Enter,
        KeyModifiers::NONE,
        at + s(1) + ms(80),
    );
    assert!(matches!(app.mode(), Mode::ClaimWithMove(_)), "not answered");
    assert_eq!(app.game().record().plies(), 7);
    key_at(&mut app, KeyCode::Enter, KeyModifiers::NONE, at + s(2));
    assert_eq!(app.game().record().plies(), 8, "Enter just plays it");
    assert!(!app.game().is_over());
}

#[test]
fn ctrl_z_suspends_and_fg_enter_takes_nothing_back() {
    let (mut app, at) = blitz(&["e4", "e5"]);
    app.take_effects();
    ctrl_at(&mut app, 'z', at);
    assert_eq!(app.take_effects(), [crate::app::ScreenEffect::Suspend]);
    assert_eq!(app.view().questions().request(), None);
    app.update(Event::Resumed(s(30)), at + s(30));
    type_enter_at(&mut app, "fg", at + s(31));
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert_eq!(app.view().questions().request(), None);
}

#[test]
fn a_pause_is_asked_of_the_opponent_and_written_in_the_game() {
    let (mut app, at) = blitz(&["e4"]);
    ctrl_at(&mut app, 'p', at);
    assert!(!app.game().clock().is_paused(), "asked, not done");
    assert_eq!(
        app.view().questions().request().map(|r| r.ask),
        Some(Ask::Pause)
    );
    ctrl_at(&mut app, 'p', at + ms(10));
    assert!(!app.game().clock().is_paused(), "a key already on its way");
    ctrl_at(&mut app, 'p', at + s(1));
    assert!(app.game().clock().is_paused());
    ctrl_at(&mut app, 'p', at + s(61));
    assert!(!app.game().clock().is_paused());
    assert_eq!(
        app.game().notes().last().unwrap().comment,
        "Clocks stopped for 1:00 by agreement."
    );
}

#[test]
fn the_library_and_the_new_game_form_leave_the_clock_running() {
    let (mut app, at) = blitz(&["e4"]);
    ctrl_at(&mut app, 'n', at);
    assert!(matches!(app.mode(), Mode::AbandonGame(_)));
    assert_eq!(app.game().clock().running(), Some(Color::Black));
    key_at(&mut app, KeyCode::Esc, KeyModifiers::NONE, at + s(5));
    assert_eq!(app.game().clock().running(), Some(Color::Black));
    assert!(!app.game().clock().is_paused());
}

/// A resumed timed game shows its pieces only once the clock of the side to move runs.
#[test]
fn a_resumed_timed_game_hides_the_board_until_its_clock_starts() {
    let mut game = crate::game::Game::new(GameSetup {
        white_time: "5+0".parse().unwrap(),
        black_time: "5+0".parse().unwrap(),
        ..GameSetup::default()
    });
    let e4 = game.position().parse_move("e2e4").unwrap();
    game.play(e4, s(1)).unwrap();
    let mut app = App::new(Config {
        opening: Some(crate::app::GameToOpen::Resume(Box::new(
            crate::app::OpenedGame {
                game,
                tags: crate::game::pgn::Tags::default(),
                source: "the saved game".to_owned(),
                archive_file: None,
            },
        ))),
        ..config(GameSetup::default())
    });
    assert!(matches!(app.mode(), Mode::Ready(_)));
    assert!(app.board_hidden());
    let pieces = |app: &App| {
        let backend = ratatui::backend::TestBackend::new(80, 24);
        let mut terminal = ratatui::Terminal::new(backend).unwrap();
        terminal.draw(|f| crate::ui::render(app, f)).unwrap();
        let buf = terminal.backend().buffer().clone();
        buf.content()
            .iter()
            .filter(|c| "♔♕♖♗♘♙♚♛♜♝♞♟".contains(c.symbol()))
            .count()
    };
    // The panel marks each player's name with a king: the board has none of its 32.
    assert_eq!(
        pieces(&app),
        2,
        "no piece on the board before the clock runs"
    );
    key_at(&mut app, KeyCode::Enter, KeyModifiers::NONE, s(5));
    assert!(!app.board_hidden());
    assert_eq!(pieces(&app), 34, "the board once Black's clock runs");
}

/// A question asked over the clocks' wait of a resumed game closes back to the wait: the pieces
/// stay hidden and the clock still waits for its key.
#[test]
fn a_question_over_the_clocks_wait_closes_back_to_it() {
    let mut app = timed_app("5+0");
    assert!(matches!(app.mode(), Mode::Ready(_)));
    ctrl_at(&mut app, 'r', s(1));
    key_at(&mut app, KeyCode::Esc, KeyModifiers::NONE, s(2));
    assert!(matches!(app.mode(), Mode::Ready(_)), "{:?}", app.mode());
    assert!(!app.game().is_started());
    // A letter typed at the question starts the game as it does at the wait.
    ctrl_at(&mut app, 'r', s(3));
    type_enter_at(&mut app, "e4", s(4));
    assert!(app.game().is_started());
    assert_eq!(sans(&app), ["e4"]);
}

/// A move taken back with consent may be replaced, and the new move asked about in turn.
#[test]
fn a_new_move_after_an_agreed_takeback_may_be_asked_about_again() {
    let (mut app, at) = blitz(&["e4", "e5", "Nf3"]);
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at);
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at + s(1));
    assert_eq!(sans(&app), ["e4", "e5"]);
    type_enter_at(&mut app, "Bc4", at + s(2));
    key_at(&mut app, KeyCode::F(8), KeyModifiers::NONE, at + s(3));
    assert_eq!(
        app.view().questions().request().map(|r| r.by),
        Some(Color::White)
    );
}
