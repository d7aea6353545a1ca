//! A game's end as safe as its middle (issue 56): keys typed as the game ends, in a burst at a
//! typist's pace, go into the move box (a variation, as the screen promises), never into the
//! game-over box's quick keys, which also wait out the questions' answer guard.

use crossterm::event::KeyCode;

use super::*;
use crate::app::requests::ANSWER_GUARD;

/// Ann (White) mates Bob with a typed move: the game-over box is open.
fn mated() -> App {
    let mut app = App::new(config(GameSetup {
        white: "Ann".to_owned(),
        black: "Bob".to_owned(),
        ..GameSetup::default()
    }));
    play_all(&mut app, &SCHOLARS_MOVES);
    play_all(&mut app, &["Qxf7#"]);
    assert!(matches!(app.mode(), Mode::GameOver(_)));
    app
}

/// `text` typed key by key, `gap` apart (Shift with the capitals, as a terminal sends them),
/// `\n` as Enter.
fn burst(app: &mut App, text: &str, gap: Duration) {
    for c in text.chars() {
        app.now += gap;
        let (code, modifiers) = match c {
            '\n' => (KeyCode::Enter, KeyModifiers::NONE),
            c if c.is_ascii_uppercase() => (KeyCode::Char(c), KeyModifiers::SHIFT),
            c => (KeyCode::Char(c), KeyModifiers::NONE),
        };
        press(app, code, modifiers);
    }
}

/// Nothing of the game's end was undone: the same players and moves, no form, no quit.
fn still_the_game(app: &App) {
    assert!(!app.should_quit(), "quit");
    assert!(!matches!(app.mode(), Mode::NewGame(_)), "{:?}", app.mode());
    assert_eq!(app.game().player(Color::White), "Ann");
    assert_eq!(app.game().player(Color::Black), "Bob");
    assert_eq!(app.game().record().plies(), 7);
    assert!(app.game().is_over());
}

#[test]
fn a_burst_of_moves_typed_as_the_game_ends_never_starts_a_game_nor_quits() {
    // Issue 56: `Nf3` Enter started a new game with White named "f3"; `Qxf7` quit at once.
    for gap in [10, 80, 400] {
        let mut app = mated();
        burst(&mut app, "Nf3\nQxf7\nRe1 Bb5\n", Duration::from_millis(gap));
        still_the_game(&app);
    }
}

#[test]
fn letters_typed_at_the_box_go_into_the_move_box_for_a_variation() {
    let mut app = mated();
    burst(&mut app, "Nf", Duration::from_millis(500));
    assert_eq!(app.mode(), &Mode::Playing, "the box closed for the move");
    assert_eq!(app.view().input(), "Nf");
    // Long after the end, a file letter is still no key of the box.
    let mut app = mated();
    app.update(Action::Tick, app.now + Duration::from_secs(5));
    burst(&mut app, "e", Duration::from_millis(500));
    assert_eq!(app.view().input(), "e");
    still_the_game(&app);
}

#[test]
fn the_boxs_quick_keys_wait_out_the_answer_guard() {
    // Within the guard, n and q are letters on their way, typed into the move box.
    for letter in ['n', 'q', 'm'] {
        let mut app = mated();
        app.now += ANSWER_GUARD / 2;
        key(&mut app, KeyCode::Char(letter));
        still_the_game(&app);
        assert_eq!(app.view().input(), letter.to_string());
    }
    // Once the box has been seen, they are its keys.
    let mut app = mated();
    app.now += ANSWER_GUARD;
    key(&mut app, KeyCode::Char('n'));
    assert!(matches!(app.mode(), Mode::NewGame(_)), "{:?}", app.mode());
    let mut app = mated();
    app.now += ANSWER_GUARD;
    key(&mut app, KeyCode::Char('q'));
    assert!(app.should_quit());
}

#[test]
fn a_capital_is_a_piece_of_a_move_even_long_after_the_end() {
    // `Q` of `Qxf7` is not `q`, whatever the time.
    let mut app = mated();
    app.update(Action::Tick, app.now + Duration::from_secs(60));
    burst(&mut app, "Q", Duration::from_millis(500));
    still_the_game(&app);
    assert_eq!(app.view().input(), "Q");
}
