//! The dialogs: each is one file that owns its state, its keys, its words and what the screen
//! draws for it, the way gitui's popups each implement one trait (`impl Component for
//! ConfirmPopup`). The trait is [`Popup`]; the list of dialogs is the `dialogs!` call below,
//! which makes [`Mode`] (the board, or the one dialog open over it) and dispatches to the open
//! one. A pending question lives in its dialog's state (the game to start instead of resuming,
//! the export waiting for "replace?"), so it cannot outlive the dialog.
//!
//! What each part of a dialog is, and where it is:
//!
//! * its state: the struct of its file, held by its [`Mode`] variant while it is open;
//! * its keys: [`Popup::keys`] names its [`KeyContext`], whose rows in the one keymap table
//!   ([`super::keymap::BINDINGS`]) turn keys into actions and give the footer its hints, the
//!   box its key line and the help its section (titled by [`KeyContext::title`]);
//! * what the keys do: [`Popup::update`], given the action and the app;
//! * its drawing hook: [`Popup::look`], the [`Look`] the `ui` layer draws — most dialogs are a
//!   [`Look::Box`] of text, which needs nothing in `ui`; the help, the promotion picker and the
//!   new-game form have widgets of their own there.
//!
//! # Adding a dialog
//!
//! 1. Write `src/app/dialogs/<name>.rs`: a struct with the dialog's state (`Clone, Debug,
//!    PartialEq, Eq`), and `impl Popup for` it: `keys` (an existing [`KeyContext`] such as
//!    [`KeyContext::Confirm`] for a yes/no question), `update` (set `app.mode` to the dialog
//!    changed to stay open, to [`Mode::Playing`] to close it, or to another dialog) and `look`
//!    (usually `text_box(title, lines, context)`: a [`Look::Box`]). Tests of its
//!    keys go in the file, in a `#[cfg(test)] mod tests`.
//! 2. Add one line to the `dialogs!` list below: `Name(name::Name),` with a doc comment.
//!    Open it from anywhere in `app` with `self.mode = Mode::Name(...)`.
//! 3. Only if it reads keys no context has yet: a [`KeyContext`] variant with its
//!    [`KeyContext::title`] and its rows in `BINDINGS`, all in `src/app/keymap.rs`.
//! 4. Only if it is not a box of text: a [`Look`] variant here and its widget in `ui`.
//!
//! So a new question touches two files (this list and its own file), three with new keys.

mod abandon;
mod archive_finished;
mod claim;
mod explorer;
mod game_over;
mod help;
mod invite;
mod library;
mod new_game;
mod promotion;
mod puzzle_name;
mod quit;
mod ready;
mod replace;
mod resign;
mod resume;
mod save_as;

use std::time::Duration;

pub use abandon::AbandonGame;
pub use archive_finished::ArchiveFinished;
pub use claim::ClaimWithMove;
pub use explorer::{Explorer, ExplorerRow, bar as explorer_bar};
pub use game_over::GameOver;
pub use help::Help;
pub use invite::Invite;
pub use library::{Library, LibraryError, LibraryNews, TrashGame, Unopened};
pub use promotion::Promotion;
pub use puzzle_name::PuzzleName;
pub use quit::Quit;
pub use ready::Ready;
pub use replace::Replace;
pub use resign::Resign;
pub use resume::Resume;

use super::keymap::{Action, KeyContext};
use super::{App, Dialog, NewGameForm, SaveForm};

/// One dialog: its keys, what they do, and what the screen shows of it. See the [module
/// docs](self).
pub trait Popup: Clone {
    /// Whose keys it reads: its rows in the keymap table, which also give its key hints and
    /// its section of the help.
    fn keys(&self) -> KeyContext;

    /// One action while the dialog is open, at `now`. `self` is a copy of the open dialog,
    /// which stays in `app.mode` meanwhile (so the rest of the app sees it open while it
    /// answers); `update` sets `app.mode` to this dialog changed to keep it open changed,
    /// [`Mode::Playing`] to close it, or to another dialog. Leaving `app.mode` alone keeps
    /// the dialog as it was.
    fn update(self, app: &mut App, action: Action, now: Duration);

    /// What the screen draws for it; `None`: nothing (a state it is never opened in).
    fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>>;
}

/// What the screen draws for an open dialog: the `ui` layer's one match on dialogs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Look<'a> {
    /// A box of text with its keys at its foot (`ui::popup`): questions and notices.
    Box(Dialog),
    /// The help (`ui::help`), scrolled down `scroll` lines.
    Help { scroll: u16 },
    /// The promotion picker (`ui::promotion`), with the `choice`th piece of
    /// [`crate::rules::Role::PROMOTIONS`] highlighted.
    Promotion { choice: usize },
    /// The new-game form (`ui::new_game`).
    Form(&'a NewGameForm),
    /// The library screen (`ui::library`), full screen; its list once read.
    Library(&'a Library),
    /// The explorer of the library's games (`ui::explorer`), in the panel beside the board.
    Explorer(&'a Explorer),
}

/// The look of a box titled `title` with `lines` of text and the keys of `context` at its
/// foot.
fn text_box(title: &str, lines: Vec<String>, context: KeyContext) -> Option<Look<'static>> {
    Some(Look::Box(Dialog {
        title: title.to_owned(),
        lines,
        context,
        form: false,
    }))
}

/// The look of a box with a field: [`text_box`], its lines from the left edge. The field's
/// line is written `› label  text_` (as the new-game form marks its field) by [`field_line`].
fn form_box(title: &str, lines: Vec<String>, context: KeyContext) -> Option<Look<'static>> {
    let mut look = text_box(title, lines, context);
    if let Some(Look::Box(dialog)) = &mut look {
        dialog.form = true;
    }
    look
}

/// A field's line in a [`form_box`]: its label, and the text typed with the caret after it.
fn field_line(label: &str, text: &str) -> String {
    format!("› {label}: {text}_")
}

/// Lists the dialogs: makes [`Mode`] with one variant each (after [`Mode::Playing`]), and
/// hands the open one its actions ([`App::dispatch`]), its keys and its look.
macro_rules! dialogs {
    ($($(#[$doc:meta])* $name:ident($dialog:ty),)*) => {
        /// Which screen the app is on: the board, or the one dialog open over it, which holds
        /// its own state. See [`dialogs`](self).
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum Mode {
            /// The board and the move box (also while reviewing, and after the game ended).
            Playing,
            $($(#[$doc])* $name($dialog),)*
        }

        impl Mode {
            /// The keys' meaning in this mode.
            pub fn key_context(&self) -> KeyContext {
                match self {
                    Mode::Playing => KeyContext::Playing,
                    $(Mode::$name(dialog) => dialog.keys(),)*
                }
            }

            /// What the screen draws for the open dialog; `None` on the board.
            pub fn look<'a>(&'a self, app: &'a App) -> Option<Look<'a>> {
                match self {
                    Mode::Playing => None,
                    $(Mode::$name(dialog) => dialog.look(app),)*
                }
            }
        }

        impl App {
            /// Hands an action to the open dialog, or to the board.
            pub(super) fn dispatch(&mut self, action: Action, now: Duration) {
                match &self.mode {
                    Mode::Playing => self.on_playing(action, now),
                    $(Mode::$name(dialog) => dialog.clone().update(self, action, now),)*
                }
            }
        }
    };
}

dialogs! {
    /// A timed game waits for a key before White's clock starts.
    Ready(Ready),
    /// Choosing the piece for a pawn reaching the last rank.
    Promotion(Promotion),
    /// Does this player really resign?
    Resign(Resign),
    /// Quit while a game is in progress?
    Quit(Quit),
    /// The host's invitation lines, to give the friend and the watchers.
    Invite(Invite),
    /// Abandon the game in progress for a new one?
    AbandonGame(AbandonGame),
    /// An unfinished game was saved: resume it?
    Resume(Resume),
    /// A finished game was saved but could not be archived: save it in the archive now?
    ArchiveFinished(ArchiveFinished),
    /// The export's file exists: replace it?
    Replace(Replace),
    /// A move would allow a draw claim: claim with it, or just play it?
    ClaimWithMove(ClaimWithMove),
    /// The help, scrolled.
    Help(Help),
    /// The game has just ended: new game, review or quit.
    GameOver(GameOver),
    /// The new-game form.
    NewGame(Box<NewGameForm>),
    /// The library of archived games, full screen.
    Library(Library),
    /// Move a game of the library to the trash?
    TrashGame(TrashGame),
    /// The explorer of the library's games from the position shown.
    Explorer(Explorer),
    /// Exporting the game (or the position) to a file the player names.
    SaveAs(SaveForm),
    /// Whose puzzles: the name of a game's unnamed player, asked before they open.
    PuzzleName(PuzzleName),
}

/// The generic answers of a question to the keys it does not answer itself: No or Cancel
/// close it, Quit closes it and asks to quit; anything else leaves it open.
fn question_default(app: &mut App, action: Action) {
    match action {
        Action::No | Action::Cancel => app.mode = board_mode(app),
        Action::Quit => close_and_quit(app),
        _ => {}
    }
}

/// The keys a grave question ([`KeyContext::Grave`]: resign, claim, quit, abandon) shares with
/// every other: a printable key or a click closes it and goes to the board (a move being
/// typed when it opened goes on being typed), No or Cancel close it, Quit asks to quit.
fn grave_default(app: &mut App, action: Action, now: Duration) {
    match action {
        Action::Input(_) => {
            // Back to the board, or to the clocks' wait of a game not started (whose first
            // typed character starts the clock), and the character is typed there.
            app.mode = board_mode(app);
            app.dispatch(action, now);
        }
        // A click, not the release of the button that opened it (the claim of a move made
        // by the mouse).
        Action::Pointer(p) if p.kind == super::keymap::PointerKind::Down => {
            app.mode = Mode::Playing;
            app.on_playing(action, now);
        }
        _ => question_default(app, action),
    }
}

/// Whether a yes to the open grave question came too soon after it opened (a key already on
/// its way): then it does not count, and the status line says how to answer.
fn yes_too_soon(app: &mut App, now: Duration, how: &str) -> bool {
    let since = app.mode_since;
    app.desk().too_soon_to_answer(since, now, how)
}

/// Where a question closes to: the board, or the clocks' wait while a timed game has not
/// started (a question asked over the wait must not start the game unseen, nor show the
/// pieces of a resumed one with no clock running).
pub(super) fn board_mode(app: &App) -> Mode {
    if app.game.is_timed()
        && !app.game.is_started()
        && !app.game.is_over()
        && app.table.waits_for_players(&app.game)
    {
        Mode::Ready(Ready)
    } else {
        Mode::Playing
    }
}

/// The keys a dialog with a text field closes by: Esc back to the board, Quit closes it and
/// asks to quit. `true` when `action` was one of them.
fn field_closed(app: &mut App, action: &Action) -> bool {
    match action {
        Action::Cancel => app.mode = Mode::Playing,
        Action::Quit => close_and_quit(app),
        _ => return false,
    }
    true
}

/// Quit from a dialog: it closes, and quitting asks first if it would lose something.
fn close_and_quit(app: &mut App) {
    app.mode = Mode::Playing;
    app.quit_requested();
}
