//! The new-game form.

use super::*;
use crate::app::newgame::{CUSTOM, Field, FormChoices, TIME_PRESETS};
use crate::app::{Effect, FileEffect};

fn form(app: &App) -> &crate::app::NewGameForm {
    match app.mode() {
        Mode::NewGame(form) => form,
        other => panic!("not in the form: {other:?}"),
    }
}

fn open(app: &mut App) {
    act(app, Action::NewGame);
    if app.mode() == &Mode::AbandonGame(AbandonGame) {
        act(app, Action::Yes);
    }
    assert!(matches!(app.mode(), Mode::NewGame(_)));
}

#[test]
fn the_form_starts_from_the_current_game() {
    let mut app = timed_app("5+3");
    act(&mut app, Action::Quit); // not started: quits without asking
    let mut app = timed_app("5+3");
    app.update(Action::Select, s(0));
    open(&mut app);
    let f = form(&app);
    assert_eq!((f.white.as_str(), f.black.as_str()), ("White", "Black"));
    assert_eq!(f.time_label(), "5+3");
    assert_eq!(f.field, Field::White);
}

#[test]
fn names_presets_and_start() {
    let mut app = app();
    open(&mut app);
    for _ in 0..5 {
        act(&mut app, Action::DeleteChar);
    }
    type_text(&mut app, "Ann");
    act(&mut app, Action::CursorDown);
    for _ in 0..5 {
        act(&mut app, Action::DeleteChar);
    }
    type_text(&mut app, "Bob");
    act(&mut app, Action::CursorDown);
    assert_eq!(form(&app).time_label(), "none");
    act(&mut app, Action::CursorRight);
    assert_eq!(form(&app).time_label(), "custom");
    act(&mut app, Action::CursorRight);
    assert_eq!(form(&app).time_label(), TIME_PRESETS[0]);
    let mut seen = vec![form(&app).time_label().to_owned()];
    for _ in 0..4 {
        act(&mut app, Action::CursorRight);
        seen.push(form(&app).time_label().to_owned());
    }
    assert_eq!(
        seen,
        ["1+0", "3+0", "3+2", "5+0", "5+3"],
        "the most played controls, shortest first"
    );
    act(&mut app, Action::Select);
    assert_mode(&app, &Mode::Ready(Ready));
    assert_eq!(app.game().player(Color::White), "Ann");
    assert_eq!(app.game().player(Color::Black), "Bob");
    assert_eq!(app.view().words().time_control(), "5+3");
    assert_eq!(app.game().record().plies(), 0);
}

#[test]
fn a_custom_time_control_is_checked_as_it_is_typed() {
    let mut app = app();
    open(&mut app);
    act(&mut app, Action::CursorDown);
    act(&mut app, Action::CursorDown);
    type_text(&mut app, "5+");
    let f = form(&app);
    assert_eq!(f.time, CUSTOM);
    let err = f.error(Field::Time).unwrap();
    assert!(err.contains("like 5+3"), "{err}");
    act(&mut app, Action::Select);
    assert!(matches!(app.mode(), Mode::NewGame(_)), "not started");
    type_text(&mut app, "2d1");
    assert_eq!(form(&app).error(Field::Time), None);
    act(&mut app, Action::Select);
    assert_eq!(app.view().words().time_control(), "5+2, 1 s delay");
}

#[test]
fn a_pasted_fen_is_checked_inline_and_used() {
    let mut app = app();
    open(&mut app);
    act(&mut app, Action::CursorUp);
    assert_eq!(form(&app).field, Field::Start);
    type_text(&mut app, "8/8/8 w");
    assert!(form(&app).from_fen);
    assert!(form(&app).error(Field::Start).is_some());
    act(&mut app, Action::Select);
    assert_eq!(form(&app).field, Field::Start);
    for _ in 0..7 {
        act(&mut app, Action::DeleteChar);
    }
    let fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    type_text(&mut app, fen);
    assert_eq!(form(&app).error(Field::Start), None);
    act(&mut app, Action::Select);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(app.game().position().fen(), fen);
}

#[test]
fn an_empty_fen_is_reported_only_after_enter() {
    let mut app = app();
    open(&mut app);
    act(&mut app, Action::CursorUp);
    act(&mut app, Action::CursorRight);
    assert!(form(&app).from_fen);
    assert_eq!(form(&app).error(Field::Start), None);
    act(&mut app, Action::Select);
    assert_eq!(
        form(&app).error(Field::Start).as_deref(),
        Some("paste or type a FEN")
    );
}

#[test]
fn chess960_from_a_typed_number_or_a_random_start() {
    let mut app = app();
    open(&mut app);
    act(&mut app, Action::CursorUp);
    act(&mut app, Action::CursorLeft);
    let f = form(&app);
    assert!(f.chess960 && !f.from_fen);
    assert_eq!(f.chess960_label(), "Chess960 (random start)");
    type_text(&mut app, "999");
    assert_eq!(form(&app).chess960_label(), "Chess960 #999");
    let err = form(&app).error(Field::Start).unwrap();
    assert!(err.contains("from 0 to 959"), "{err}");
    act(&mut app, Action::Select);
    assert!(matches!(app.mode(), Mode::NewGame(_)), "not started");
    for _ in 0..3 {
        act(&mut app, Action::DeleteChar);
    }
    type_text(&mut app, "0");
    assert_eq!(form(&app).error(Field::Start), None);
    act(&mut app, Action::Select);
    assert_mode(&app, &Mode::Playing);
    assert!(app.game().position().is_chess960());
    assert_eq!(app.game().record().start().chess960_number(), Some(0));

    // The next form offers Chess960 again, from a random start.
    open(&mut app);
    assert!(form(&app).chess960);
    act(&mut app, Action::Select);
    let start = app.game().record().start();
    assert!(start.chess960_number().is_some(), "{}", start.fen());
}

#[test]
fn the_start_choices_go_round_initial_fen_chess960() {
    let mut app = app();
    open(&mut app);
    act(&mut app, Action::CursorUp);
    let choice = |app: &App| (form(app).from_fen, form(app).chess960);
    assert_eq!(choice(&app), (false, false));
    act(&mut app, Action::CursorRight);
    assert_eq!(choice(&app), (true, false));
    act(&mut app, Action::CursorRight);
    assert_eq!(choice(&app), (false, true));
    act(&mut app, Action::CursorRight);
    assert_eq!(choice(&app), (false, false));
    // Typing a FEN from the Chess960 choice switches to FEN.
    act(&mut app, Action::CursorLeft);
    type_text(&mut app, "4k3");
    assert_eq!(choice(&app), (true, false));
    assert_eq!(form(&app).fen, "4k3");
}

#[test]
fn esc_goes_back_to_the_game_unchanged() {
    let mut app = app();
    play_all(&mut app, &["e4"]);
    act(&mut app, Action::NewGame);
    act(&mut app, Action::Yes);
    act(&mut app, Action::Cancel);
    assert_mode(&app, &Mode::Playing);
    assert_eq!(sans(&app), ["e4"]);
}

#[test]
fn empty_names_become_the_colours() {
    let mut app = app();
    open(&mut app);
    for _ in 0..5 {
        act(&mut app, Action::DeleteChar);
    }
    act(&mut app, Action::Select);
    assert_eq!(app.game().player(Color::White), "White");
}

#[test]
fn typing_in_a_field_replaces_what_it_was_filled_in_with() {
    let mut app = app();
    open(&mut app);
    type_text(&mut app, "Ann");
    assert_eq!(form(&app).white, "Ann", "not WhiteAnn");
    act(&mut app, Action::CursorDown);
    act(&mut app, Action::DeleteChar);
    type_text(&mut app, "y");
    assert_eq!(
        form(&app).black,
        "Blacy",
        "Backspace edits the text instead"
    );
    act(&mut app, Action::CursorUp);
    type_text(&mut app, "Bo");
    assert_eq!(
        form(&app).white,
        "Bo",
        "coming back to a field, typing replaces it again"
    );
}

#[test]
fn the_clock_field_sets_delays_periods_and_odds_as_the_command_line_does() {
    let mut app = app();
    open(&mut app);
    act(&mut app, Action::CursorDown);
    act(&mut app, Action::CursorDown);
    type_text(&mut app, "40/90+30,30+30d5 vs 5+0b2");
    act(&mut app, Action::Select);
    assert_mode(&app, &Mode::Ready(Ready));
    let clock = app.game().clock();
    assert_eq!(clock.control(Color::White).to_string(), "40/90+30,30+30d5");
    assert_eq!(clock.control(Color::Black).to_string(), "5+0b2");
    // The form opens on the same controls.
    app.update(Action::Select, s(0));
    open(&mut app);
    assert_eq!(form(&app).custom, "40/90+30,30+30d5 vs 5+0b2");
}

fn remembered(white: &str, black: &str, time: &str, chess960: bool) -> FormChoices {
    FormChoices::new(white.to_owned(), black.to_owned(), time, chess960).unwrap()
}

#[test]
fn a_game_started_from_the_form_is_remembered_for_the_next_form() {
    let mut app = App::new(Config {
        autosave: true,
        ..config(GameSetup::default())
    });
    open(&mut app);
    type_text(&mut app, "Ann");
    act(&mut app, Action::CursorDown);
    type_text(&mut app, "Bob");
    act(&mut app, Action::CursorDown);
    type_text(&mut app, "5+0 vs 3+0");
    act(&mut app, Action::Select);
    assert_eq!(app.game().player(Color::Black), "Bob");
    let choices = remembered("Ann", "Bob", "5+0 vs 3+0", false);
    assert!(
        app.take_effects()
            .contains(&Effect::Files(FileEffect::Remember(choices.clone()))),
        "written for later sessions"
    );
    // With the game under way, the next form opens with the same choices.
    enter(&mut app, "e4");
    open(&mut app);
    let f = form(&app);
    assert_eq!((f.white.as_str(), f.black.as_str()), ("Ann", "Bob"));
    assert_eq!((f.time, f.custom.as_str()), (CUSTOM, "5+0 vs 3+0"));
}

#[test]
fn the_first_form_opens_with_the_choices_remembered_from_an_earlier_session() {
    let mut app = App::new(Config {
        remembered: Some(remembered("Carl", "Dan", "10+5", true)),
        ..config(GameSetup::default())
    });
    assert_eq!(
        app.game().player(Color::White),
        "White",
        "the settings' game"
    );
    open(&mut app);
    let f = form(&app);
    assert_eq!((f.white.as_str(), f.black.as_str()), ("Carl", "Dan"));
    assert_eq!(f.time_label(), "10+5");
    assert!(f.chess960 && !f.from_fen);
    act(&mut app, Action::Select);
    assert_eq!(app.game().player(Color::White), "Carl");
    assert!(app.game().record().start().is_chess960());
    assert!(
        app.take_effects().is_empty(),
        "nothing is written without a data folder"
    );
}

#[test]
fn without_a_remembered_choice_the_form_opens_like_the_game_on_the_board() {
    let mut app = App::new(config(GameSetup {
        white: "Eve".to_owned(),
        ..GameSetup::default()
    }));
    open(&mut app);
    assert_eq!(form(&app).white, "Eve");
}

#[test]
fn a_remembered_clock_must_read_as_the_form_reads_it() {
    assert!(FormChoices::new("A".into(), "B".into(), "5+", false).is_none());
    assert!(FormChoices::new("A".into(), "B".into(), &"5".repeat(41), false).is_none());
    assert!(FormChoices::new("A".into(), "B".into(), " none ", false).is_some());
}

#[test]
fn a_control_under_a_minute_is_named_in_seconds_as_it_was_typed() {
    assert_eq!(timed_app("15s+0").view().words().time_control(), "15s+0");
    assert_eq!(timed_app("1.5+2").view().words().time_control(), "90s+2");
    assert_eq!(timed_app("1+0").view().words().time_control(), "1+0");
}
