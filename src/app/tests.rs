//! `App::update` tests: actions in, state out, no terminal. One file per input path or dialog;
//! the helpers here drive the app the way the main loop does.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::dialogs::{
    AbandonGame, ClaimWithMove, GameOver, Help, Look, Popup, Promotion, Quit, Ready, Resign,
};
use super::keymap::{Action, Pointer, PointerKind};
use super::{App, Config, Mode};
use crate::game::GameSetup;
use crate::rules::{Color, Position, Square};
use crate::ui::theme::Theme;

mod blitz;
mod cursor;
mod dialogs;
mod events;
mod form;
mod game_end;
mod history;
mod mouse;
mod move_entry;
pub(super) mod network;
mod never_panics;
mod premove;
pub(super) mod saving;
mod served;
mod sound;
pub(super) mod sparring;
mod study;
mod timed;

/// After 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6: Qxf7 is mate.
pub(super) const SCHOLARS_MOVES: [&str; 6] = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"];

pub(super) fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

pub(super) fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

pub(super) fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

pub(super) fn config(setup: GameSetup) -> Config {
    Config {
        setup,
        theme: Theme::monochrome(),
        ..Config::default()
    }
}

/// A fresh untimed game.
pub(super) fn app() -> App {
    App::new(config(GameSetup::default()))
}

/// An untimed game from a FEN.
pub(super) fn app_from(fen: &str) -> App {
    App::new(config(GameSetup {
        start: Position::from_fen(fen).unwrap(),
        ..GameSetup::default()
    }))
}

/// A game with both clocks on `tc`, still waiting for its start.
pub(super) fn timed_app(tc: &str) -> App {
    App::new(config(GameSetup {
        white_time: tc.parse().unwrap(),
        black_time: tc.parse().unwrap(),
        ..GameSetup::default()
    }))
}

/// Time passes for a look at a question just asked: a key after this was not already on its
/// way when the question came (see [`super::requests::ANSWER_GUARD`]).
pub(super) fn look(app: &mut App) {
    app.update(Action::Tick, app.now + super::requests::ANSWER_GUARD);
}

pub(super) fn act(app: &mut App, action: Action) {
    app.update(action, app.now);
}

/// A key pressed, as the front end hands it in ([`super::Event::Key`]: the app reads it
/// through the keymap in its current key context). `true` if the table binds it there.
pub(super) fn press(app: &mut App, code: KeyCode, modifiers: KeyModifiers) -> bool {
    let event = KeyEvent::new(code, modifiers);
    let bound = super::keymap::action_for(event, app.view().key_context()).is_some();
    app.update(super::Event::Key(event), app.now);
    bound
}

/// A key without modifiers, as [`press`].
pub(super) fn key(app: &mut App, code: KeyCode) -> bool {
    press(app, code, KeyModifiers::NONE)
}

pub(super) fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        act(app, Action::Input(c));
    }
}

/// Types a move or command and presses Enter.
pub(super) fn enter(app: &mut App, text: &str) {
    type_text(app, text);
    act(app, Action::Select);
}

pub(super) fn play_all(app: &mut App, moves: &[&str]) {
    for m in moves {
        enter(app, m);
        assert_eq!(
            app.view().message(),
            None,
            "after {m}: {:?}",
            app.view().message()
        );
    }
}

pub(super) fn fen(app: &App) -> String {
    app.game().position().fen()
}

pub(super) fn sans(app: &App) -> Vec<String> {
    app.game()
        .record()
        .moves()
        .iter()
        .map(|m| m.san.clone())
        .collect()
}

pub(super) fn pointer(app: &mut App, kind: PointerKind, at: (u16, u16)) {
    act(
        app,
        Action::Pointer(Pointer {
            kind,
            column: at.0,
            row: at.1,
        }),
    );
}

/// The screen cell in the middle of a square, as drawn.
pub(super) fn cell_of(app: &App, square: &str) -> (u16, u16) {
    let p = app
        .view()
        .board_layout()
        .unwrap()
        .glyph_position(sq(square));
    (p.x, p.y)
}

pub(super) fn pointer_on(app: &mut App, kind: PointerKind, square: &str) {
    let at = cell_of(app, square);
    pointer(app, kind, at);
}

pub(super) fn click(app: &mut App, square: &str) {
    let at = cell_of(app, square);
    pointer(app, PointerKind::Down, at);
    pointer(app, PointerKind::Up, at);
}

pub(super) fn error_text(app: &App) -> String {
    match app.view().message() {
        Some(m) if m.kind == super::MessageKind::Error => m.text.clone(),
        other => panic!("expected an error message, found {other:?}"),
    }
}

/// A file error as the store reports it: the disk full while doing `op` on `path`.
fn disk_full(op: crate::store::Op, path: &str) -> crate::store::StoreError {
    crate::store::StoreError::Io {
        op,
        path: path.into(),
        source: std::io::ErrorKind::StorageFull.into(),
    }
}

/// The front end's word on an archive job, at the app's time.
fn archived(app: &mut App, unfinished: bool, result: Result<&str, super::event::ArchiveError>) {
    let event = super::Event::Archived(super::event::Archived {
        unfinished,
        result: result.map(std::path::PathBuf::from),
        left_behind: None,
    });
    app.update(event, app.now);
}

/// A finished game written nowhere, the disk full.
fn lost(path: &str) -> Result<&'static str, super::event::ArchiveError> {
    Err(super::event::ArchiveError::Finish(
        crate::store::EndError::NotSaved(disk_full(crate::store::Op::Archive, path)),
    ))
}

pub(super) fn assert_mode(app: &App, mode: &Mode) {
    assert_eq!(app.mode(), mode);
}

/// The lines of `dialog`'s box, as it would ask them of `app` now.
pub(super) fn lines_of(app: &App, dialog: impl Popup) -> Vec<String> {
    match dialog.look(app) {
        Some(Look::Box(dialog)) => dialog.lines,
        other => panic!("not a box of text: {other:?}"),
    }
}

pub(super) fn turn(app: &App) -> Color {
    app.game().position().turn()
}
