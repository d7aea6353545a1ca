//! The bell and the players' notation: what rings when, and moves written and typed in the
//! chosen style.

use super::*;
use crate::app::sound::Sound;
use crate::app::{Effect, ScreenEffect};
use crate::rules::{Language, MoveStyle, Notation};

fn with(config: Config, sound: Sound, style: MoveStyle) -> App {
    App::new(Config {
        sound,
        move_style: style,
        ..config
    })
}

fn bells(app: &mut App) -> usize {
    app.take_effects()
        .iter()
        .filter(|e| matches!(e, Effect::Screen(ScreenEffect::Bell)))
        .count()
}

fn timed(tc: &str) -> Config {
    config(GameSetup {
        white_time: tc.parse().unwrap(),
        black_time: tc.parse().unwrap(),
        ..GameSetup::default()
    })
}

#[test]
fn the_bell_rings_on_each_move_and_once_at_a_mate() {
    let mut app = with(
        config(GameSetup::default()),
        Sound::Bell,
        MoveStyle::default(),
    );
    assert_eq!(bells(&mut app), 0, "a new game rings nothing");
    for m in ["f3", "e5", "g4"] {
        enter(&mut app, m);
        assert_eq!(bells(&mut app), 1, "after {m}");
    }
    // A typed word that is not a move, and a refused move, ring nothing.
    enter(&mut app, "Ke3");
    assert_eq!(bells(&mut app), 0);
    act(&mut app, Action::Cancel);
    enter(&mut app, "Qh4#");
    assert!(app.game().is_over());
    assert_eq!(bells(&mut app), 1, "the mating move and the end: one bell");
    act(&mut app, Action::Tick);
    assert_eq!(bells(&mut app), 0);
}

#[test]
fn with_sounds_off_nothing_rings() {
    let mut app = with(
        config(GameSetup::default()),
        Sound::Off,
        MoveStyle::default(),
    );
    play_all(&mut app, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(bells(&mut app), 0);
}

/// Low time rings once per player as their clock falls under 20 s; a flag fall ends the game
/// with a bell; a resignation too.
#[test]
fn the_bell_rings_at_low_time_once_and_at_the_flag() {
    let mut app = with(timed("0.5+0"), Sound::Bell, MoveStyle::default());
    app.update(Action::Select, s(0));
    app.take_effects();
    app.update(Action::Tick, s(10));
    assert_eq!(bells(&mut app), 0, "20 s left: not under");
    app.update(Action::Tick, ms(10_001));
    assert_eq!(bells(&mut app), 1, "under 20 s");
    app.update(Action::Tick, s(12));
    assert_eq!(bells(&mut app), 0, "once");
    app.update(Action::Tick, s(30));
    assert!(app.game().is_over());
    assert_eq!(bells(&mut app), 1, "the flag");

    let mut app = with(
        config(GameSetup::default()),
        Sound::Bell,
        MoveStyle::default(),
    );
    enter(&mut app, "e4");
    app.take_effects();
    act(&mut app, Action::Resign);
    act(&mut app, Action::Yes);
    assert!(app.game().is_over());
    assert_eq!(bells(&mut app), 1, "the resignation ends the game");
}

#[test]
fn a_takeback_rings_nothing() {
    let mut app = with(
        config(GameSetup::default()),
        Sound::Bell,
        MoveStyle::default(),
    );
    play_all(&mut app, &["e4", "e5"]);
    app.take_effects();
    act(&mut app, Action::Takeback);
    act(&mut app, Action::Yes);
    assert_eq!(app.game().record().plies(), 1);
    assert_eq!(bells(&mut app), 0);
}

/// German letters on screen and in the box; figurines and English typed too; the record (and
/// so the PGN) stays English.
#[test]
fn moves_are_written_and_typed_in_the_players_letters() {
    let german = MoveStyle::new(Notation::San, Language::German);
    let mut app = with(config(GameSetup::default()), Sound::Off, german);
    play_all(&mut app, &["e4", "e5", "Sf3", "♘c6", "Lb5", "a6"]);
    assert_eq!(sans(&app), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(app.words().last_move(), "3... a6");
    enter(&mut app, "Bxc6");
    assert_eq!(app.words().last_move(), "4. Lxc6");
    assert!(
        app.game()
            .to_pgn(Duration::ZERO, &Default::default())
            .contains("4. Bxc6")
    );
    // Several moves on a line, in German.
    enter(&mut app, "dxc6 O-O Dd6");
    assert_eq!(
        app.words().last_move(),
        "5... Dd6",
        "{:?}",
        app.view().message()
    );

    let figurine = MoveStyle::new(Notation::Figurine, Language::English);
    let mut app = with(config(GameSetup::default()), Sound::Off, figurine);
    play_all(&mut app, &["e4", "e5", "Nf3"]);
    assert_eq!(app.words().last_move(), "2. ♘f3");

    let lan = MoveStyle::new(Notation::Lan, Language::French);
    let mut app = with(config(GameSetup::default()), Sound::Off, lan);
    play_all(&mut app, &["e4", "e5", "Cf3"]);
    assert_eq!(app.words().last_move(), "2. Cg1-f3");
}
