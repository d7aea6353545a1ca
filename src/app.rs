//! Everything on screen as data, and the one place it changes.
//!
//! [`App`] holds the game and the view state around it: the [`Mode`] (which dialog, if any, is
//! open), the board control (cursor, picked-up piece, drag, orientation), the move box (typed
//! text), the review (the ply shown), the last message and the terminal size. The view state
//! lives in parts with one job each (`parts`: `BoardControl`, `MoveBox`, `Review`), each with its
//! own way back to rest, so no reset is written field by field; `Study::back_to_present`
//! composes them. [`App::update`] is the only
//! function that changes any of it: everything that happens, whatever its source (a key, a
//! click, the clock's tick, a file saved or not), is one [`Event`] handed in with the current
//! time ([`event`] says how to add a source). The `ui` module draws what [`App::view`] shows
//! and never changes it.
//!
//! The mode is matched before the action, so each dialog reads the keys its own way (`y` means
//! "yes" in a question and is a file letter in the move box). Each dialog is one file of
//! [`dialogs`] that owns its state, its keys, its words and its look; [`Mode`] holds the open
//! one, so a pending question (the game to start instead of resuming, the export waiting for
//! "replace?") cannot outlive it. [`dialogs`] says how to add one.
//!
//! Every way of making a move — typed text, cursor and Enter, a click, a drag, the promotion
//! picker, the "claim a draw with this move?" question — ends in one function, `commit`, which
//! calls [`Game::play`] or [`Game::play_and_claim`]; so a game end is announced the same way
//! whatever the input.
//!
//! Files, in reading order: [`mod@self`] (state and dispatch), `parts` (board view, move box,
//! review), `desk` (the table's side borrowed apart from the screen's: the game, the seats,
//! the questions standing and the network's actions), `play` (the board and the move box at work), `study` (the analysis board's side,
//! borrowed as a `Study`: the review's one door through the game tree, variations, comments), [`dialogs`] (one file each), `view` (the texts the screen shows),
//! [`move_entry`] (the move box: what its text means, hints, glow and Tab), [`newgame`] (the
//! new-game form), [`saving`] (autosave and archive as effects), [`launch`] (what start-up does
//! with a saved game), [`keymap`], [`help`] (the help's text) and [`config`].
//!
//! # Layers
//!
//! `app` stands below the drawing: it uses `game`, `rules`, and the shared [`crate::layout`]
//! (geometry, for mouse clicks and help scrolling) and [`crate::look`] (the chosen theme and
//! glyphs, as plain data), and nothing from `ui`, `tui` or `cli`: the front end does the I/O and
//! reports back in events ([`Event::Saved`], [`Event::Archived`]...); start-up decisions are pure functions
//! ([`launch`]). The check anyone can run: `grep -rn "crate::ui" src/app src/app.rs` finds only
//! tests, which draw the screen.

pub mod config;
mod desk;
pub mod dialogs;
pub mod effect;
pub mod event;
pub mod export;
pub mod help;
pub mod invariants;
pub mod keymap;
pub mod launch;
pub mod library;
mod live;
pub mod move_entry;
pub mod network;
pub mod newgame;
pub mod notation;
mod parts;
mod play;
mod premove;
pub mod puzzle;
mod report;
pub mod requests;
pub mod retro;
pub mod saving;
pub mod shown;
pub mod sound;
pub mod sparring;
mod stepping;
mod study;
pub mod table;
mod view;

#[cfg(test)]
mod tests;

use std::time::Duration;

use ratatui::layout::Size;

pub use crate::game::ply_number;
pub use config::{Announce, Config, Served, UnknownAnnounce};
pub use dialogs::Mode;
pub use effect::{Effect, EngineEffect, FileEffect, LibraryEffect, ScreenEffect};
pub use event::Event;
pub use export::{ExportJob, ExportKind, ExportResult, SaveForm};
use keymap::{Action, action_for};
pub use live::{Live, LiveJob, LiveUpdate};
pub use newgame::NewGameForm;
pub use parts::BoardControl;
pub use parts::MAX_INPUT_CHARS;
use parts::{MoveBox, Review};
pub use report::{AnalysisEvent, AnalysisJob, Reports, player_lines, summary_line};
pub use saving::{ArchiveJob, ArchiveNote, GameToOpen, OpenedGame, SaveJob};
pub use view::{
    Dialog, DialogSize, Hint, Prompt, STATUS_MAX_LINES, View, dialog_hint_rows, status_badge,
    status_lines,
};

use crate::game::{Game, GameSetup};
use crate::look::{GlyphSet, Theme};
use crate::rules::MoveStyle;
use crate::rules::{Color, Position};

/// The size assumed until the terminal reports its own.
pub const DEFAULT_SIZE: Size = Size::new(80, 24);

/// What kind of message the status line shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// News: a move was taken back, the clocks are paused.
    Info,
    /// Something was refused: an illegal move, a claim that is not allowed.
    Error,
    /// A state to be aware of: reviewing the past.
    Banner,
}

/// A line of text for the status line or the hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub kind: MessageKind,
    /// The same said in fewer and fewer words, for lines too narrow for `text` (see
    /// [`Message::for_width`]).
    pub shorter: Vec<String>,
}

impl Message {
    pub fn new(text: impl Into<String>, kind: MessageKind) -> Message {
        Message {
            text: text.into(),
            kind,
            shorter: Vec::new(),
        }
    }

    pub fn info(text: impl Into<String>) -> Message {
        Message::new(text, MessageKind::Info)
    }

    pub fn error(text: impl Into<String>) -> Message {
        Message::new(text, MessageKind::Error)
    }

    /// The message with a shorter wording for narrow lines (after any given before).
    pub fn or_shorter(mut self, short: impl Into<String>) -> Message {
        self.shorter.push(short.into());
        self
    }

    /// The wording to show in `cols` columns: the longest that fits, or the shortest (which a
    /// line too narrow for all of them cuts short).
    ///
    /// ```
    /// use hotseat::app::Message;
    /// let m = Message::info("Enter puts it down on the cursor's square")
    ///     .or_shorter("Enter puts it down here")
    ///     .or_shorter("Enter: down");
    /// assert_eq!(m.for_width(80), "Enter puts it down on the cursor's square");
    /// assert_eq!(m.for_width(30), "Enter puts it down here");
    /// assert_eq!(m.for_width(5), "Enter: down");
    /// ```
    pub fn for_width(&self, cols: usize) -> &str {
        std::iter::once(&self.text)
            .chain(&self.shorter)
            .find(|t| crate::text::width(t) <= cols)
            .or(self.shorter.last())
            .unwrap_or(&self.text)
    }
}

/// The status line's message, said: news, or a refusal (with shorter wordings for narrow
/// lines). One way for the app and the parts it lends (`Desk`, `Study`) alike.
trait Say {
    fn info(&mut self, text: impl Into<String>);
    fn error(&mut self, text: impl Into<String>);
}

impl Say for Option<Message> {
    fn info(&mut self, text: impl Into<String>) {
        *self = Some(Message::info(text));
    }

    fn error(&mut self, text: impl Into<String>) {
        *self = Some(move_entry::shortened(Message::error(text)));
    }
}

/// How long after a game ended other than by this screen's own key letters go into the move
/// box rather than to the game-over box's keys: a move being typed, at a typist's pace.
pub const TYPED_INTO_THE_END: Duration = Duration::from_millis(1500);

/// The whole front-end state. See the [module docs](self).
#[derive(Debug)]
pub struct App {
    game: Game,
    mode: Mode,
    theme: Theme,
    glyphs: GlyphSet,
    auto_flip: bool,
    /// Cursor, picked-up piece, drag, orientation.
    board: BoardControl,
    move_box: MoveBox,
    message: Option<Message>,
    review: Review,
    /// Lines of the note on the position shown scrolled past.
    note_scroll: u16,
    /// The position of the variation move shown (see `study`).
    var_position: Option<Position>,
    /// The last action entered a variation: Shift-→ again goes to the next one.
    cycling: bool,
    size: Size,
    now: Duration,
    quit: bool,
    effects: Vec<Effect>,
    /// The game-over dialog has been shown for the current game.
    over_announced: bool,
    /// When the game ended other than by this screen's own key (a flag fall, the host's
    /// word): until [`TYPED_INTO_THE_END`] later, letters are a move being typed, not the
    /// game-over box's keys (`q` quit at once).
    ended_unawares: Option<Duration>,
    /// A move typed while the opponent thinks, played when it is this screen's move.
    premove: Option<premove::Premove>,
    /// Autosave and archive bookkeeping.
    saving: saving::Saving,
    /// The choices of the last game started from the new-game form.
    remembered: Option<newgame::FormChoices>,
    /// The opponent's take-back or pause request standing, and the bounds on asking.
    requests: requests::Requests,
    /// When the open dialog opened: a key in the first [`requests::ANSWER_GUARD`] after was
    /// already on its way and does not say yes to it.
    mode_since: Duration,
    /// The action being handled came from a key press (not a typed word of the plain mode, a
    /// click or news): only keys can be already on their way when a question opens.
    by_key: bool,
    /// The game report and the engine's work on it.
    reports: report::Reports,
    /// The engine's lines for the position shown.
    live: live::Live,
    /// Whether the bell rings, and what it last rang for.
    bell: sound::Bell,
    /// How moves are written for the players and read from them.
    style: MoveStyle,
    /// Where the game is played and who sits here: the one place that decides who moves
    /// next (see `table`).
    table: table::Table,
    /// "Learn from your mistakes", while a session runs (see `retro`).
    retro: Option<retro::Retro>,
}

impl App {
    /// The app with a new game from `config` (or the game it opens), at time zero, in an 80x24
    /// terminal.
    pub fn new(config: Config) -> App {
        let mut app = App {
            game: Game::new(GameSetup::default()),
            mode: Mode::Playing,
            theme: config.theme,
            glyphs: config.glyphs,
            auto_flip: config.auto_flip,
            board: BoardControl::new(&Position::initial(), false),
            move_box: MoveBox::default(),
            message: None,
            review: Review::default(),
            note_scroll: 0,
            var_position: None,
            cycling: false,
            size: DEFAULT_SIZE,
            now: Duration::ZERO,
            quit: false,
            effects: Vec::new(),
            over_announced: false,
            ended_unawares: None,
            premove: None,
            saving: saving::Saving::new(config.autosave, config.wall_clock),
            remembered: config.remembered.clone(),
            requests: requests::Requests::default(),
            mode_since: Duration::ZERO,
            by_key: false,
            reports: report::Reports::default(),
            live: live::Live::default(),
            bell: sound::Bell::new(config.sound),
            style: config.move_style,
            table: match config.sparring.clone() {
                Some(setup) => table::Table::Engine(Box::new(sparring::EngineSeat::new(setup))),
                None => table::Table::new(config.network.clone()),
            },
            retro: None,
        };
        if let Some(color) = config.network.as_ref().and_then(|n| n.host_color) {
            app.saving
                .session_tags
                .push((saving::TAG_HOST, color.to_string()));
        }
        app.saving.served = config.served.clone();
        app.start_game(config.setup.clone(), Duration::ZERO);
        app.message = None;
        if config.no_save_folder {
            app.saving.failure = Some(event::SaveError::NoFolder.to_string());
        }
        let puzzles = config.puzzles.clone();
        // The puzzles leave a saved game where it is, untouched.
        match config.opening.filter(|_| puzzles.is_none()) {
            None => {}
            Some(GameToOpen::Resume(saved)) => app.open_game(*saved, true, Duration::ZERO),
            Some(GameToOpen::Load(opened)) => app.open_game(*opened, false, Duration::ZERO),
            Some(GameToOpen::AskResume { saved, summary }) => {
                app.open_game(*saved, true, Duration::ZERO);
                app.message = None;
                app.mode = Mode::Resume(dialogs::Resume {
                    summary,
                    setup: Box::new(config.setup),
                });
            }
            Some(GameToOpen::AskArchive { saved, summary }) => {
                // On the board meanwhile, for review only: it is finished.
                app.open_game(*saved, true, Duration::ZERO);
                app.message = None;
                app.mode = Mode::ArchiveFinished(dialogs::ArchiveFinished {
                    summary,
                    setup: Box::new(config.setup),
                });
            }
        }
        if let Some(notice) = config.notice {
            app.message = Some(notice);
        }
        app.saving.elsewhere = config.writable_folder;
        if let Some(start) = puzzles {
            puzzle::open(&mut app, start);
        }
        app
    }

    /// Replaces the game with a new one set up at `now` and resets the view around it. A game
    /// in progress that is replaced goes to the archive first.
    fn start_game(&mut self, setup: GameSetup, now: Duration) {
        self.saving.retire(&self.game, now, &mut self.effects);
        self.saving.new_game(now);
        self.install_game(Game::new(setup));
        self.message = Some(Message::info(format!(
            "New game: {} vs {}, {}",
            self.game.player(Color::White),
            self.game.player(Color::Black),
            self.view().words().time_control()
        )));
    }

    /// Puts `game` on the board and resets the view around it.
    fn install_game(&mut self, game: Game) {
        // Another game on the board leaves the puzzles (a puzzle's own is put on by `puzzle`).
        if self.table.puzzle().is_some() {
            self.table = table::Table::Keyboard;
        }
        self.game = game;
        self.board = BoardControl::new(self.game.position(), self.auto_flip);
        self.move_box.clear();
        self.review.leave();
        self.over_announced = false;
        self.ended_unawares = None;
        self.premove = None;
        self.requests.clear();
        self.reports.reset(&self.game, &mut self.effects);
        self.retro = None;
        self.seat_engine();
        self.mode = self.opening_mode();
        self.bell.follow_new_game(&self.game);
    }

    /// How a game put on the board opens: a timed game not over yet waits for a key to start
    /// the clocks ([`Mode::Ready`]), any other is played at once.
    fn opening_mode(&self) -> Mode {
        if self.game.is_timed() && !self.game.is_over() && self.table.waits_for_players(&self.game)
        {
            Mode::Ready(dialogs::Ready)
        } else {
            Mode::Playing
        }
    }

    /// After a move was taken back: the board at the present, turned to the player to move if
    /// it follows the turn.
    fn took_back(&mut self) {
        self.study().back_to_present();
        if self.auto_flip {
            self.board.orientation = self.game.position().turn();
        }
    }

    /// The table's side of the app, borrowed apart from the screen's (see `desk`).
    fn desk(&mut self) -> desk::Desk<'_> {
        desk::Desk {
            game: &mut self.game,
            table: &mut self.table,
            requests: &mut self.requests,
            effects: &mut self.effects,
            message: &mut self.message,
            style: self.style,
            by_key: self.by_key,
        }
    }

    // ---- The one door ----

    /// Applies one event at time `now` (a duration since any fixed origin, the same for every
    /// call): a key, an action, the result of file work (see [`Event`]). The only function
    /// that changes the app; the work it asks for is then in [`App::take_effects`].
    pub fn update(&mut self, event: impl Into<Event>, now: Duration) {
        self.now = now;
        let event = event.into();
        self.by_key = matches!(event, Event::Key(_));
        let action = match event {
            Event::Key(key) => match self.typed_into_the_end(&key, now) {
                Some(c) => Action::Input(c),
                None => action_for(key, self.view().key_context()).unwrap_or(Action::Tick),
            },
            Event::Action(action) => action,
            news => {
                self.hear(news);
                Action::Tick
            }
        };
        match action {
            Action::Tick => {}
            // Wherever it is pressed, as in every terminal program.
            Action::Suspend => self.effects.push(ScreenEffect::Suspend.into()),
            Action::Resize { width, height } => {
                self.size = Size::new(width, height);
                let max = help::max_scroll(self.view().screen());
                if let Mode::Help(help) = &mut self.mode {
                    help.scroll = help.scroll.min(max);
                }
            }
            action => {
                // A flag that fell before this key press counts first.
                self.check_game_end(now, false);
                let before = std::mem::discriminant(&self.mode);
                self.dispatch(action, now);
                if std::mem::discriminant(&self.mode) != before {
                    self.mode_since = now;
                }
            }
        }
        self.check_game_end(now, !matches!(action, Action::Tick | Action::Resize { .. }));
        if self.premove.is_some() {
            self.follow_premove(now);
            self.check_game_end(now, true);
        }
        self.forget_stale_guard();
        puzzle::tick(self, now);
        let ready = !matches!(self.mode, Mode::Ready(_));
        if ready && self.game.is_timed() && self.table.engine_opens(&self.game) {
            self.game.start(now);
        }
        if let Some(seat) = self.table.engine_mut() {
            let asks = seat.follow(&self.game, ready, now);
            self.effects
                .extend(asks.into_iter().map(|a| EngineEffect::Opponent(a).into()));
        }
        let at = saving::Situation::of(&self.game, &self.mode, &self.table, self.quit, now);
        self.saving.plan(&at, &mut self.effects);
        let spot = self.view().shown().spot();
        let open = self.table.analysis_open(&self.game);
        self.live.follow(&self.game, open, spot, &mut self.effects);
        if self.bell.rings(&self.game, now) {
            self.effects.push(ScreenEffect::Bell.into());
        }
    }

    /// News from outside: how the work the app asked for went, or what happened to the
    /// process. Inputs are actions, handled by `dispatch`.
    fn hear(&mut self, news: Event) {
        match news {
            Event::Key(_) | Event::Action(_) => {}
            Event::Resumed(stopped) => self.resumed_after_stop(stopped),
            Event::Saved(result) => {
                if let Some(said) = self.saving.autosaved(result) {
                    self.message = Some(saving::worded(said));
                }
            }
            Event::Archived(archived) => {
                if let Some(said) = self.saving.archived(archived) {
                    self.message = Some(saving::worded(said));
                }
            }
            Event::ArchivedSaved(archived) => {
                if let Some(said) = self.saving.archived_saved(archived) {
                    self.message = Some(saving::worded(said));
                }
            }
            Event::Exported(result) => self.exported(result),
            Event::Analysis { id, event } => self.analysis_event(id, event),
            Event::Live { id, update } => {
                if let Some(said) = self.live.update(id, update) {
                    self.message = Some(said);
                }
            }
            Event::Rearchived(result) => {
                self.saving.rearchived(result, self.now, &mut self.message);
            }
            Event::Library(news) => dialogs::Library::hear(self, news, self.now),
            Event::WritableFolder(folder) => self.saving.elsewhere = folder,
            Event::Net(news) if puzzle::net::serves(self) => {
                puzzle::net::hear(self, news, self.now)
            }
            Event::Net(news) => self.net_event(news, self.now),
            Event::Opponent(news) => self.opponent_news(news, self.now),
            Event::Retro(news) => retro::hear(self, news),
            Event::Puzzle(news) => puzzle::hear(self, news),
            Event::Refused(why) => self.refused(why),
            Event::EngineQueue(ahead) => {
                self.message.info(match ahead {
                    1 => {
                        "The server's engines are busy: the engine starts after 1 other".to_owned()
                    }
                    n => {
                        format!("The server's engines are busy: the engine starts after {n} others")
                    }
                });
            }
            Event::Remembered(Ok(())) => {}
            Event::Remembered(Err(err)) => {
                self.message = Some(Message::error(format!(
                    "The form's choices are not remembered for next time: {err}"
                )));
            }
        }
    }

    /// Notices a game that has just ended (flag fall, mate, a claim...) and opens the game-over
    /// dialog once.
    fn check_game_end(&mut self, now: Duration, own_action: bool) {
        // Across the network the host's game decides a flag fall, and says so.
        if self.table.decides_here() {
            self.game.tick(now);
        }
        if self.game.is_over() && !self.over_announced {
            self.over_announced = true;
            self.board.put_back();
            self.ended_unawares = (!own_action).then_some(now);
            self.move_box.clear();
            // News from before the end ("White's clock is running") is out of date now: the
            // status line shows the result. A refusal from this very update stays.
            if self
                .message
                .as_ref()
                .is_some_and(|m| m.kind != MessageKind::Error)
            {
                self.message = None;
            }
            if !matches!(self.mode, Mode::NewGame(_) | Mode::SaveAs(_)) {
                self.mode = Mode::GameOver(dialogs::GameOver);
                self.mode_since = now;
            }
        }
    }

    /// The letter `key` types into the move box at the game-over box, if it is text there
    /// rather than one of the box's keys: a move being typed as the game ended must make a
    /// variation, as the screen promises, never a new game or a quit (`Nf3` Enter started a
    /// new game with White named "f3", `Qxf7` quit at once, issue 56). Text it is when the
    /// move box already holds some, when it is a capital (a piece, `O-O`) or a file letter or
    /// digit (no key of the box), and, whatever the letter, when it came within
    /// [`requests::ANSWER_GUARD`] of the box opening or [`TYPED_INTO_THE_END`] of an end this
    /// screen did not make (a flag fall, the engine's mate, the host's word).
    fn typed_into_the_end(&self, key: &crossterm::event::KeyEvent, now: Duration) -> Option<char> {
        let crossterm::event::KeyCode::Char(c) = key.code else {
            return None;
        };
        let plain_char =
            (key.modifiers - crossterm::event::KeyModifiers::SHIFT).is_empty() && !c.is_control();
        if !plain_char || !matches!(self.mode, Mode::GameOver(_)) {
            return None;
        }
        let move_text = c.is_ascii_uppercase() || matches!(c, 'a'..='h' | '0'..='9');
        let in_flight = now.saturating_sub(self.mode_since) < requests::ANSWER_GUARD
            || self
                .ended_unawares
                .is_some_and(|at| now.saturating_sub(at) < TYPED_INTO_THE_END);
        (move_text || in_flight || !self.move_box.text().is_empty()).then_some(c)
    }

    /// The answer guard's word ("That key came as the question did…") goes with its
    /// question: once the board is back and no opponent's question stands, it is stale.
    fn forget_stale_guard(&mut self) {
        let stale = self
            .message
            .as_ref()
            .is_some_and(|m| m.text.starts_with(desk::GUARD_WORDS))
            && matches!(self.mode, Mode::Playing | Mode::GameOver(_))
            && self.view().questions().to_answer().is_none();
        if stale {
            self.message = None;
        }
    }

    /// The effects requested since the last call, oldest first.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    // ---- Reading, for the screen and the tests ----

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }
}
