//! Timed games: the ready screen, pause, flag fall, and when the screen needs to wake.

use super::*;
use crate::app::keymap::KeyContext;
use crate::game::{GameResult, Reason};

#[test]
fn a_timed_game_waits_for_a_key_before_whites_clock_runs() {
    let mut app = timed_app("5+3");
    assert_mode(&app, &Mode::Ready(Ready));
    assert_eq!(app.view().key_context(), KeyContext::Ready);
    app.update(Action::Tick, s(30));
    assert_eq!(
        app.game().clock().remaining(Color::White, s(30)),
        Some(s(300)),
        "no time runs before the start"
    );
    assert_eq!(app.view().next_wake(s(30)), None);
    app.update(Action::Select, s(30));
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().clock().running(), Some(Color::White));
    assert_eq!(
        app.game().clock().remaining(Color::White, s(40)),
        Some(s(290))
    );
}

#[test]
fn typing_on_the_ready_screen_starts_the_clock_and_keeps_the_text() {
    let mut app = timed_app("5+3");
    assert_eq!(app.view().key_context(), KeyContext::Ready);
    app.update(Action::Input('e'), s(5));
    app.update(Action::Input('4'), s(6));
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().clock().running(), Some(Color::White));
    app.update(Action::Select, s(7));
    assert_eq!(app.game().record().plies(), 1, "e4 was played");
    assert_eq!(
        app.game().clock().remaining(Color::White, s(7)),
        Some(s(301)),
        "the clock started at the first key: 2 s used, 3 s added"
    );
}

#[test]
fn an_untimed_game_needs_no_start() {
    let app = app();
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.view().next_wake(s(1)), None);
}

#[test]
fn the_screen_wakes_when_the_clock_text_changes() {
    let mut app = timed_app("5+0");
    app.update(Action::Select, s(0));
    let wake = app.view().next_wake(ms(250)).unwrap();
    assert!(wake > ms(250) && wake <= ms(1001), "{wake:?}");
}

#[test]
fn a_flag_fall_ends_the_game_on_the_next_tick() {
    let mut app = timed_app("1+0");
    app.update(Action::Select, s(0));
    app.update(Action::Tick, ms(59_999));
    assert!(!app.game().is_over());
    app.update(Action::Tick, s(60));
    let outcome = app.game().outcome().unwrap();
    assert_eq!(outcome.result, GameResult::Win(Color::Black));
    assert_eq!(outcome.reason, Reason::TimeForfeit(Color::White));
    assert_mode(&app, &Mode::GameOver(GameOver));
    assert_eq!(
        app.view().dialog().unwrap().lines,
        ["Black wins on time", "0-1"]
    );
    assert_eq!(app.view().next_wake(s(61)), None);
    act(&mut app, Action::Cancel);
    assert_eq!(
        app.view().status().text,
        "Black wins on time · 0-1",
        "not \"White's clock is running\" from the start"
    );
}

#[test]
fn a_move_after_the_flag_fell_is_refused() {
    let mut app = timed_app("1+0");
    app.update(Action::Select, s(0));
    type_text(&mut app, "e4");
    // No tick in between: the key press itself finds the flag down.
    app.update(Action::Select, s(61));
    assert_eq!(app.game().record().plies(), 0);
    assert_mode(&app, &Mode::GameOver(GameOver));
}

#[test]
fn pausing_stops_both_clocks_and_moves() {
    let mut app = timed_app("5+0");
    app.update(Action::Select, s(0));
    app.update(Action::Pause, s(9));
    assert!(!app.game().clock().is_paused(), "asked of the opponent");
    app.update(Action::Pause, s(10));
    assert!(app.game().clock().is_paused());
    assert_eq!(app.view().next_wake(s(10)), None);
    type_text(&mut app, "e4");
    app.update(Action::Select, s(100));
    assert_eq!(error_text(&app), "The clocks are paused: Ctrl-P resumes");
    assert_eq!(app.game().record().plies(), 0);
    app.update(Action::Pause, s(100));
    assert_eq!(
        app.game().clock().remaining(Color::White, s(100)),
        Some(s(290))
    );
    app.update(Action::Select, s(101));
    assert_eq!(sans(&app), ["e4"]);
}

#[test]
fn pausing_an_untimed_game_explains() {
    let mut app = app();
    act(&mut app, Action::Pause);
    assert_eq!(
        app.view().message().unwrap().text,
        "This game has no clock to pause"
    );
}

#[test]
fn quitting_from_the_ready_screen_needs_no_question() {
    let mut app = timed_app("5+0");
    act(&mut app, Action::Quit);
    assert!(app.should_quit());
}

#[test]
fn with_a_clock_running_a_typed_line_plays_only_the_side_to_moves_move() {
    let mut app = timed_app("3+2");
    app.update(Action::Select, s(0));
    type_text(&mut app, "e4 e5 Nf3");
    let hint = app.view().feedback().hint.unwrap().text;
    assert!(hint.starts_with("Enter plays e4 only:"), "{hint}");
    app.update(Action::Select, s(1));
    assert_eq!(sans(&app), ["e4"], "Black's move is Black's to make");
    assert_eq!(app.view().input(), "e5 Nf3", "the rest waits in the box");
    let text = app.view().message().unwrap().text.clone();
    assert!(text.contains("each player makes their own move"), "{text}");
    assert_eq!(turn(&app), Color::Black);
    assert_eq!(app.game().clock().running(), Some(Color::Black));
    // Black's own Enter plays Black's move, on Black's clock.
    app.update(Action::Select, s(11));
    assert_eq!(sans(&app), ["e4", "e5"]);
    assert_eq!(app.view().input(), "Nf3");
    assert_eq!(
        app.game().clock().remaining(Color::Black, s(11)),
        Some(s(172)),
        "Black's ten seconds came off Black's clock, then the increment"
    );
}

#[test]
fn without_a_clock_a_typed_line_still_plays_every_move() {
    let mut app = app();
    enter(&mut app, "e4 e5 Nf3");
    assert_eq!(sans(&app), ["e4", "e5", "Nf3"]);
    assert_eq!(app.view().input(), "");
}

#[test]
fn looking_back_during_a_timed_game_shows_the_live_clocks() {
    let mut app = timed_app("3+2");
    app.update(Action::Select, s(0));
    app.update(Action::Input('e'), s(1));
    app.update(Action::Input('4'), s(1));
    app.update(Action::Select, s(10));
    app.update(Action::Input('e'), s(11));
    app.update(Action::Input('5'), s(11));
    app.update(Action::Select, s(20));
    app.update(Action::HistoryBack, s(21));
    assert_eq!(app.view().review(), Some(1));
    assert_eq!(
        app.view().shown().clocks(),
        None,
        "the panel shows the clocks as they run now, not as they stood after 1. e4"
    );
    assert_eq!(app.game().clock().running(), Some(Color::White));
    assert!(app.view().next_wake(s(21)).is_some(), "and keeps ticking");
    // After the game, looking back shows the clocks as they were at each move.
    app.update(Action::HistoryEnd, s(22));
    app.update(Action::Resign, s(22));
    app.update(Action::Yes, s(22));
    app.update(Action::Review, s(23));
    app.update(Action::HistoryBack, s(23));
    assert_eq!(app.view().review(), Some(1));
    assert_eq!(
        app.view().shown().clocks(),
        Some([Some(s(172)), Some(s(180))])
    );
}

/// Back from a stop (SIGTSTP): the side to move's clock ran on, and the screen says so and for
/// how long.
#[test]
fn a_stop_is_reported_with_its_length_and_the_clock_that_ran_on() {
    let mut app = timed_app("5+0");
    app.update(Action::Select, s(0));
    app.update(Action::Tick, s(95));
    app.update(crate::app::Event::Resumed(s(93)), app.now);
    let status = app.view().status().text;
    assert!(status.contains("stopped for 1:33"), "{status}");
    assert!(status.contains("White's clock ran on"), "{status}");
    assert_eq!(
        app.game().clock().remaining(Color::White, s(95)),
        Some(s(205)),
        "the absence counts"
    );

    let mut untimed = super::app();
    untimed.update(
        crate::app::Event::Resumed(Duration::from_millis(2_500)),
        untimed.view().now(),
    );
    assert_eq!(
        untimed.view().status().text,
        "The game was stopped for 0:02.5"
    );
}

/// A 3+2 game after 1.e4 (Black to move, Black's clock running since 5 s).
fn three_two_after_e4() -> App {
    let mut app = timed_app("3+2");
    app.update(Action::Select, s(0));
    for c in "e4".chars() {
        app.update(Action::Input(c), s(1));
    }
    app.update(Action::Select, s(5));
    assert_eq!(app.game().record().plies(), 1);
    app
}

#[test]
fn the_new_game_form_cancelled_leaves_the_clock_running() {
    let mut app = three_two_after_e4();
    let at_10 = app.game().clock().remaining(Color::Black, s(10)).unwrap();
    app.update(Action::NewGame, s(10));
    assert_mode(&app, &Mode::AbandonGame(AbandonGame));
    app.update(Action::Yes, s(12));
    assert!(matches!(app.mode(), Mode::NewGame(_)));
    app.update(Action::Tick, s(20));
    app.update(Action::Cancel, s(30));
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().record().plies(), 1, "the same game");
    assert_eq!(
        app.game().clock().remaining(Color::Black, s(30)),
        Some(at_10 - s(20)),
        "only the players' agreement stops the clock: the 20 s at the question and the form \
         count"
    );
    assert_eq!(app.game().clock().running(), Some(Color::Black));
    // Declining at the question gives the game back as it was, its clock still running.
    app.update(Action::NewGame, s(40));
    app.update(Action::No, s(50));
    assert_mode(&app, &Mode::Playing);
    assert_eq!(
        app.game().clock().remaining(Color::Black, s(50)),
        Some(at_10 - s(40))
    );
    assert_eq!(app.game().clock().running(), Some(Color::Black));
}

#[test]
fn a_paused_game_stays_paused_after_the_new_game_form() {
    let mut app = three_two_after_e4();
    app.update(Action::Pause, s(9));
    app.update(Action::Pause, s(10));
    app.update(Action::NewGame, s(11));
    app.update(Action::Yes, s(12));
    app.update(Action::Cancel, s(30));
    assert!(
        app.game().clock().is_paused(),
        "it was paused by the players"
    );
}

/// The QA's case: Black thinks 19 s, White asks to take back its move, Black agrees: Black's
/// clock keeps the 19 s used, and White's move's increment goes with the move.
#[test]
fn an_agreed_takeback_refunds_no_thinking_time() {
    let mut app = three_two_after_e4(); // White 177 after e4 (5 s used, 2 s added)
    for c in "e5".chars() {
        app.update(Action::Input(c), s(6));
    }
    app.update(Action::Select, s(10)); // Black: 180 - 5 + 2 = 177
    for c in "Nf3".chars() {
        app.update(Action::Input(c), s(11));
    }
    app.update(Action::Select, s(20)); // White: 177 - 10 + 2 = 169
    app.update(Action::Takeback, s(39));
    assert_mode(&app, &Mode::Playing);
    assert_eq!(
        app.view().questions().request().map(|r| r.by),
        Some(Color::White)
    );
    app.update(Action::Yes, s(39));
    assert_eq!(app.game().record().plies(), 2);
    let clock = app.game().clock();
    assert_eq!(clock.running(), Some(Color::White));
    assert_eq!(
        clock.remaining(Color::Black, s(39)),
        Some(s(158)),
        "Black's 19 s stay used"
    );
    assert_eq!(
        clock.remaining(Color::White, s(39)),
        Some(s(167)),
        "White's 10 s stay used, its 2 s go with the move"
    );
}

#[test]
fn letters_of_a_move_typed_as_the_flag_falls_are_not_the_game_over_boxs_keys() {
    let mut app = timed_app("1+0");
    app.update(Action::Select, s(0));
    app.update(Action::Input('e'), s(59));
    app.update(Action::Tick, s(61));
    assert!(app.game().is_over(), "White's flag fell");
    assert_mode(&app, &Mode::GameOver(GameOver));
    // The q of qd8 typed just after the end neither quits nor opens anything: it goes into
    // the move box, for a variation.
    app.update(Action::Tick, s(61) + ms(400));
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit(), "a letter of the move quit the game");
    assert_eq!(app.view().input(), "q");
    // Nor without a letter typed before the end: the q may start a move not seen to be over.
    let mut app = timed_app("1+0");
    app.update(Action::Select, s(0));
    app.update(Action::Tick, s(61));
    key(&mut app, KeyCode::Char('q'));
    assert!(!app.should_quit());
    // A moment later the box's keys are its own again.
    let mut app = timed_app("1+0");
    app.update(Action::Select, s(0));
    app.update(Action::Tick, s(61));
    app.update(Action::Tick, s(63));
    key(&mut app, KeyCode::Char('r'));
    assert_eq!(app.view().input(), "");
    assert_mode(&app, &Mode::Playing);
}
