//! The plain mode's game: the screen's [`App`], driven by lines instead of keys, and heard
//! through what changed.
//!
//! A line of moves is typed into the app's move box and entered, character by character, as
//! on the screen; a game command becomes the app's action (`draw` is Ctrl-D, `accept` is `y`).
//! So the rules, the offers, the claims, the takeback with consent, the clocks, the autosave and
//! the archive are the screen's own. After each line (and each tick of the clock) the session
//! compares the app with how it was and says what changed: the moves played, the game's end, the
//! question now asked, the app's message. Reading commands (`board`, `clock`...) only look.
//!
//! The app's file work ([`Effect`]) is handed to a [`Carry`]: in the program, the screen's own
//! file worker, whose results come back through the loop's channel and are heard with
//! [`Session::hear`] (a save that failed, an export written); in tests, a stand-in that answers
//! at once.

use std::time::Duration;

use super::command::{self, Command, Reading};
use super::speech;
use super::warnings::Warnings;
use crate::app::keymap::{Action, KeyContext};
use crate::app::move_entry::read_line_in;
use crate::app::notation::written_move;
use crate::app::requests::Ask;
use crate::app::{
    Announce, App, Effect, Event, ExportResult, FileEffect, Message, MessageKind, Mode,
    ScreenEffect,
};
use crate::game::Outcome;
use crate::rules::Color;

/// Carries out the app's file effects, as the screen's front end does: at once, with the
/// result to hand to the app, or on a worker whose result comes later (to
/// [`Session::hear`]).
pub trait Carry {
    fn carry(&mut self, effect: Effect, app: &App, now: Duration) -> Option<Event>;
}

/// Effects carried nowhere: for a session without files (tests). An export is reported as
/// written, so the save command can be heard.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nowhere;

impl Carry for Nowhere {
    fn carry(&mut self, effect: Effect, _app: &App, _now: Duration) -> Option<Event> {
        match effect {
            Effect::Files(FileEffect::Export(job)) => {
                Some(Event::Exported(ExportResult::Written(job.path.into())))
            }
            _ => None,
        }
    }
}

/// How the app stood before a line: what is compared after it.
#[derive(Clone, Debug)]
struct Before {
    plies: usize,
    message: Option<Message>,
    mode: Mode,
    over: bool,
    /// The opponent's question standing (a draw offer, a take-back or pause request).
    asked: Option<(Ask, Color)>,
    /// In a duel across the network, the puzzle on the board.
    duel: duel::DuelSeen,
    /// The engine playing against this player was searching its move.
    thinking: bool,
}

/// A game played in lines; see the [module docs](self).
#[derive(Debug)]
pub struct Session {
    app: App,
    warnings: Warnings,
    /// The side the board is read from.
    side: Color,
    /// What has been said of the engine's report.
    report: report::Voice,
    /// The sentences said since [`Session::take_errors`] that are errors: a line refused, a
    /// move not played, a command written wrong. The loop writes them to standard error.
    errors: Vec<String>,
    /// The app asked for the bell (`--sound`) since [`Session::take_bell`].
    bell: bool,
    /// How a move is announced: words, notation or both.
    announce: Announce,
    /// The last line whose answer was the app's message, and that message: the same line
    /// again, leaving the message as it stands, is answered with it again.
    answered: Option<(String, Message)>,
    /// A save handed to the file worker, its result not heard yet.
    saving: bool,
    /// Across the network, the first words wait for the host's game (its welcome): before it
    /// the players, the clock and the moves are not known yet.
    greet_when_welcomed: bool,
    /// In a duel across the network, the puzzle last announced to this terminal's player
    /// (its number and solver), so that each is announced once.
    duel_announced: duel::DuelSeen,
}

impl Session {
    pub fn new(app: App, warnings: &[Duration]) -> Session {
        Session {
            app,
            warnings: Warnings::new(warnings),
            side: Color::White,
            report: report::Voice::default(),
            errors: Vec::new(),
            bell: false,
            announce: Announce::default(),
            answered: None,
            saving: false,
            greet_when_welcomed: false,
            duel_announced: None,
        }
    }

    /// The session announcing moves as `announce` says (`--announce`).
    pub fn announcing(self, announce: Announce) -> Session {
        Session { announce, ..self }
    }

    /// Whether the bell is to ring, since the last call: a move, low time, the game's end,
    /// with `--sound` (the app decides when, as for the screen).
    pub fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.bell)
    }

    /// The error sentences said since the last call, in order; see [`Session::line`].
    pub fn take_errors(&mut self) -> Vec<String> {
        std::mem::take(&mut self.errors)
    }

    /// `text`, said as an error.
    fn error(&mut self, text: String) -> String {
        self.errors.push(text.clone());
        text
    }

    pub fn app(&self) -> &App {
        &self.app
    }

    pub fn should_quit(&self) -> bool {
        self.app.should_quit()
    }

    /// The first words: the players and the clock, any word from start-up, and the question
    /// asked or whose move it is. Across the network, before the host's game has come, only
    /// that it is awaited: the rest is said when it comes (see [`Session::hear`]).
    pub fn greeting(&mut self) -> Vec<String> {
        if let Some(said) = self.duel_greeting() {
            return said;
        }
        if !self.welcomed() {
            self.greet_when_welcomed = true;
            return vec![
                "hotseat, plain mode, a game across the network: the game follows.".to_owned(),
            ];
        }
        let game = self.app.game();
        let mut out = vec![format!(
            "hotseat, plain mode: {} against {}, {}. Type help for the commands.",
            self.app.view().words().who(Color::White),
            self.app.view().words().who(Color::Black),
            self.app.view().words().time_control()
        )];
        if let Some(message) = self.app.view().message() {
            out.push(sentence(&plain_words(&message.text)));
        }
        if let Some(last) = game.record().plies().checked_sub(1) {
            out.push(format!("Last move: {}", self.ply_sentence(last)));
        }
        match self.question() {
            Some(question) => out.push(question),
            None => out.push(self.turn()),
        }
        if matches!(self.app.mode(), Mode::Ready(_)) {
            let turn = game.position().turn();
            out.push(format!("{turn}'s clock starts with {turn}'s first move."));
        }
        out
    }

    /// Answers one line typed at `now`, carrying out the file work it causes through `files`.
    pub fn line(&mut self, text: &str, now: Duration, files: &mut impl Carry) -> Vec<String> {
        // The report's commands are read first: their own list (`report`).
        if let Some(said) = self.report_line(text, now, files) {
            return said;
        }
        let before = self.before();
        match self.at_question(text, now) {
            Some(question::Taken::Said(said)) => return said,
            Some(question::Taken::Answered) => {
                self.carry(now, files);
                return self.changes(&before);
            }
            None => {}
        }
        match command::read(text) {
            // An empty line is never met with silence: the question waiting, or whose move.
            Reading::Blank => return vec![self.question().unwrap_or_else(|| self.turn())],
            Reading::Wrong(text) => {
                // With a question waiting, it is said again: the line did not answer it.
                let question = self.question().map(|q| format!(" {q}")).unwrap_or_default();
                return vec![self.error(format!("{}{question}", sentence(&text)))];
            }
            Reading::Moves(moves) => {
                if let Some(refused) = self.refuse_moves() {
                    return vec![self.error(refused)];
                }
                self.type_moves(&moves, now, files);
            }
            Reading::Command(command) => {
                if let Some(said) = self.command(command, now) {
                    return said;
                }
                self.start_form(now);
            }
        }
        self.carry(now, files);
        let closed = self.close_idle_form(now);
        let mut out = self.changes(&before);
        out.extend(closed);
        out.extend(self.left_in_box(now, &before));
        self.carry(now, files);
        let line = text.trim().to_lowercase();
        if out.is_empty() && self.app.should_quit() {
            out.push(match self.farewell() {
                Some(_) => format!("Goodbye. {}", self.way_back()),
                None => "Goodbye.".to_owned(),
            });
        } else if out.is_empty() && self.saving {
            out.push("Saving a copy of the game.".to_owned());
        } else if out.is_empty() && *self.app.mode() != before.mode {
            // A question answered that says nothing of itself (no to quitting).
            out.push(format!("The question is closed. {}", self.turn()));
        } else if out.is_empty() {
            out.push(self.nothing_new(&line));
        } else if let Some(message) = self.app.view().message()
            && before.message.as_ref() != Some(message)
        {
            self.answered = Some((line, message.clone()));
        }
        out
    }

    /// What to say when a line changed nothing that is heard. The same command again, whose
    /// message stands as it was, hears it again (`claim` twice: no draw to claim, twice);
    /// anything else hears that nothing changed, with the question waiting or whose move it
    /// is. No line is met with silence.
    fn nothing_new(&mut self, line: &str) -> String {
        let standing = self.app.view().message();
        match &self.answered {
            Some((said_for, message)) if said_for == line && standing == Some(message) => {
                let said = sentence(&plain_words(&message.text));
                if message.kind == MessageKind::Error {
                    self.error(said)
                } else {
                    said
                }
            }
            _ => format!(
                "{}: nothing changed. {}",
                command::shown(line),
                self.question().unwrap_or_else(|| self.turn())
            ),
        }
    }

    /// The passing of time: a flag that fell, a warning due, the saves of a running clock.
    pub fn tick(&mut self, now: Duration, files: &mut impl Carry) -> Vec<String> {
        let before = self.before();
        self.app.update(Action::Tick, now);
        self.carry(now, files);
        let mut out = self.changes(&before);
        if !self.app.game().is_over()
            && let Some(warning) = self.warnings.check(self.app.game().clock(), now)
        {
            out.push(warning);
        }
        out
    }

    /// When to call [`Session::tick`] next: the next warning, or the next change of the
    /// running clock (its flag among them), or a save due. `None`: not before a line.
    pub fn next_wake(&self, now: Duration) -> Option<Duration> {
        let warning = (!self.app.game().is_over())
            .then(|| self.warnings.next_due(self.app.game().clock(), now))
            .flatten();
        match (self.app.view().next_wake(now), warning) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether file work the next line must not overtake is under way: a save being written,
    /// whose form is open until the result comes (and asks to replace a file there).
    pub fn waiting_for_files(&self) -> bool {
        self.saving
    }

    /// Whether the game (or the puzzle duel across the network) was left before its end.
    pub fn unfinished(&self) -> bool {
        match self.net_duel() {
            Some(duel) => !duel.is_over(),
            None => self.app.view().game_in_progress(),
        }
    }

    /// What to say when the input ends: the game stays saved, and how to go on with it.
    pub fn farewell(&self) -> Option<String> {
        (self.app.view().game_in_progress() && self.app.view().saving().autosaving())
            .then(|| format!("Input ended. {}", self.way_back()))
    }

    /// How to go on with the game left saved: `--resume` at one keyboard; across the network
    /// the host's next `host` resumes it under a new invitation, and a joiner takes the seat
    /// back with the same invitation while the host keeps the game open.
    fn way_back(&self) -> &'static str {
        // On a server the player has no hotseat of their own to type: they come back by ssh.
        if self.app.view().saving().served.is_some() {
            return "The game is kept on the server: connect again with the same key to go on \
                    with it.";
        }
        match self.app.network() {
            None => "The game is saved: hotseat --plain --resume goes on with it.",
            Some(net) if net.setup().hosting => {
                "The game is saved: the next hotseat host --plain resumes it, under a new \
                 invitation."
            }
            Some(_) => {
                "The game is saved here. While the host keeps it open, hotseat join --plain with \
                 the same invitation takes your seat back."
            }
        }
    }

    // ---- Doing ----

    fn before(&self) -> Before {
        Before {
            plies: self.app.game().record().plies(),
            message: self.app.view().message().cloned(),
            mode: self.app.mode().clone(),
            over: self.app.game().is_over(),
            asked: self.app.view().questions().to_answer(),
            duel: self.duel_seen(),
            thinking: self.app.view().engine_thinking(),
        }
    }

    /// Hands the app's file work to `files`; results given at once go straight back to the
    /// app (which may ask for more, carried out in turn).
    fn carry(&mut self, now: Duration, files: &mut impl Carry) {
        // An answer that asked for work that answered... a few rounds at most.
        for _ in 0..4 {
            let effects = self.app.take_effects();
            if effects.is_empty() {
                return;
            }
            for effect in effects {
                if let Effect::Screen(screen) = effect {
                    match screen {
                        // Rung by the loop, which owns the output.
                        ScreenEffect::Bell => self.bell = true,
                        // No screen to draw again, and a stop is the system's own.
                        ScreenEffect::Redraw | ScreenEffect::Suspend => {}
                    }
                    continue;
                }
                self.saving |= matches!(effect, Effect::Files(FileEffect::Export(_)));
                if let Some(event) = files.carry(effect, &self.app, now) {
                    self.saving &= !matches!(event, Event::Exported(_));
                    self.app.update(event, now);
                }
            }
        }
    }

    /// Whether the game is known: at one keyboard always, across the network once the host
    /// has welcomed this terminal with it.
    fn welcomed(&self) -> bool {
        self.app.network().is_none_or(|net| net.seat().is_some())
    }

    /// News from outside the lines (file work done on a worker, the engine, the other
    /// terminal): what it changed.
    pub fn hear(&mut self, event: Event, now: Duration, files: &mut impl Carry) -> Vec<String> {
        let before = self.before();
        let exported = matches!(event, Event::Exported(_));
        self.saving &= !exported;
        self.app.update(event, now);
        self.carry(now, files);
        if self.greet_when_welcomed && self.welcomed() {
            // The host's game has come: the first words, with it.
            self.greet_when_welcomed = false;
            return self.greeting();
        }
        let mut out = self.changes(&before);
        out.extend(self.report_news());
        // A save that failed keeps the form open on the screen, to correct the path; here the
        // next `save` does that.
        let refused = self
            .app
            .view()
            .message()
            .is_some_and(|m| m.kind == MessageKind::Error);
        if exported && refused && matches!(self.app.mode(), Mode::SaveAs(_)) {
            self.app.update(Action::Cancel, now);
        }
        out
    }

    /// Why a line of moves is not typed at all, if it is not: a question waits for its answer,
    /// or the game is over.
    fn refuse_moves(&mut self) -> Option<String> {
        // Learning from the mistakes: a move tried in place of one.
        if self.app.view().retro().is_some() {
            return None;
        }
        if self.net_duel().is_some() {
            return self.duel_over();
        }
        if let Some(outcome) = self.app.game().outcome() {
            return Some(format!(
                "The game is over: {}. Type new for another game, quit to leave, or moves, \
                 back, board and the other commands to look back.",
                self.outcome_words(outcome)
            ));
        }
        if matches!(
            self.app.view().key_context(),
            KeyContext::Confirm | KeyContext::Grave
        ) {
            let question = self.question().unwrap_or_default();
            return Some(format!("First answer the question. {question}"));
        }
        None
    }

    /// Types `moves` into the move box and enters them, in pieces the box can hold.
    fn type_moves(&mut self, moves: &str, now: Duration, files: &mut impl Carry) {
        // Learning from the mistakes, the move is tried at the position shown.
        if self.app.view().shown().ply() < self.app.game().record().plies()
            && self.app.view().retro().is_none()
        {
            // Looking back in a game going on: moves are played in the present.
            self.app.update(Action::HistoryEnd, now);
        }
        for chunk in chunks(moves) {
            for c in chunk.chars() {
                let action = if c == ' ' {
                    Action::Space
                } else {
                    Action::Input(c)
                };
                self.app.update(action, now);
            }
            self.app.update(Action::Select, now);
            self.carry(now, files);
            // Stopped: a refusal, a question, the end, one move each on the clock.
            if !self.app.view().input().is_empty() || *self.app.mode() != Mode::Playing {
                break;
            }
        }
    }

    /// Runs a command; `Some` when it only reads (what to say), `None` when the app acted and
    /// the change is to be heard.
    fn command(&mut self, command: Command, now: Duration) -> Option<Vec<String>> {
        // The position the board shows: the present, or the one stepped back to.
        let pos = self.app.view().shown().position();
        let one = |text: String| Some(vec![text]);
        match command {
            Command::Help => Some(command::help().into_iter().chain(report::help()).collect()),
            Command::HelpOn(topic) => Some(
                match topic.as_str() {
                    "report" | "analyse" | "analyze" | "next" | "stop" => Ok(report::help()),
                    _ => command::help_on(&topic),
                }
                .unwrap_or_else(|wrong| vec![self.error(wrong.to_string())]),
            ),
            Command::Board => Some(speech::board(pos, self.side)),
            Command::Pieces { color, role } => Some(
                color
                    .map_or(vec![Color::White, Color::Black], |c| vec![c])
                    .into_iter()
                    .map(|c| speech::pieces(pos, c, role))
                    .collect(),
            ),
            Command::Rank(rank) => one(speech::rank(pos, rank, self.side)),
            Command::File(file) => one(speech::file(pos, file, self.side)),
            Command::Square(sq) => one(speech::square(pos, sq)),
            Command::MovesFrom(sq) => one(speech::moves_from(pos, sq)),
            Command::Last => one(match self.app.game().record().plies().checked_sub(1) {
                Some(last) => format!("Last move: {}", self.ply_sentence(last)),
                None => "No move has been made yet.".to_owned(),
            }),
            Command::Moves => one(self.moves_so_far()),
            Command::Turn => one(self.turn()),
            Command::Clock => one(self.clocks(now)),
            Command::Other => one(self.other(now)),
            Command::Opening => one(match self.app.view().shown().opening() {
                Some(opening) => format!("Opening: {opening}."),
                None => "No named opening.".to_owned(),
            }),
            Command::Flip => {
                self.side = !self.side;
                one(format!(
                    "The board is read from {}'s side now: rank {} first.",
                    self.side,
                    self.side.fold(8, 1)
                ))
            }
            Command::Promote(role) => match self.app.mode() {
                Mode::Promotion(_) => {
                    self.app.update(Action::Promote(role), now);
                    None
                }
                _ => {
                    let said = format!(
                        "{} is for a promotion, and none is asked: type the move with its piece, \
                         like e8=Q.",
                        speech::capitalised(role.name())
                    );
                    Some(vec![self.error(said)])
                }
            },
            Command::Accept | Command::Decline => self.answer(command == Command::Accept, now),
            Command::Quit => {
                self.app.update(Action::Quit, now);
                None
            }
            Command::Invite => Some(self.invitations()),
            Command::Hint => {
                self.app.update(Action::Hint, now);
                None
            }
            Command::MoveNow => {
                self.app.update(Action::MoveNow, now);
                None
            }
            command if self.net_duel().is_some() && duel::not_in_a_duel(&command) => {
                Some(vec![self.error(duel::DUEL_REFUSAL.to_owned())])
            }
            Command::New
            | Command::Pause
            | Command::Resume
            | Command::Back
            | Command::Forward
            | Command::Start
            | Command::End => self.game_command(command, now),
            Command::Draw | Command::Claim | Command::Resign | Command::Takeback
                if self.app.game().is_over() =>
            {
                one(self.turn())
            }
            // On a server, `save` prints the game here: the player's own terminal is where
            // their copy goes, never a path of the server's.
            Command::Save(_) if self.app.view().saving().served.is_some() => {
                Some(self.download(now))
            }
            Command::Draw
            | Command::Claim
            | Command::Resign
            | Command::Takeback
            | Command::Save(_) => {
                self.leave_question(now);
                if matches!(self.app.mode(), Mode::Ready(_)) {
                    // As Enter does on the screen: the game starts, White's clock runs.
                    self.app.update(Action::Select, now);
                }
                match command {
                    Command::Draw => self.draw(now),
                    Command::Claim => self.app.update(Action::Claim, now),
                    Command::Resign => self.app.update(Action::Resign, now),
                    Command::Takeback => self.app.update(Action::Takeback, now),
                    Command::Save(path) => self.save(path, now),
                    _ => {}
                }
                None
            }
        }
    }

    // ---- A new game, the clocks paused, and stepping through the game ----

    /// `new`, `pause`, `resume`, and the review's steps: the screen's Ctrl-N, Ctrl-P and
    /// PageUp, PageDown, Home, End. `Some` when only said, `None` when the change is heard.
    fn game_command(&mut self, command: Command, now: Duration) -> Option<Vec<String>> {
        let step = match command {
            Command::New => {
                self.leave_question(now);
                self.app.update(Action::NewGame, now);
                return None;
            }
            Command::Pause | Command::Resume => {
                let paused = self.app.game().clock().is_paused();
                if paused == (command == Command::Pause) && self.app.game().is_timed() {
                    return Some(vec![if paused {
                        "The clocks are paused already: resume runs them again.".to_owned()
                    } else {
                        "The clocks are not paused: pause stops them.".to_owned()
                    }]);
                }
                if command == Command::Pause && self.app.game().clock().running().is_none() {
                    return Some(vec![self.clocks(now)]);
                }
                self.leave_question(now);
                self.app.update(Action::Pause, now);
                return None;
            }
            Command::Back => Action::HistoryBack,
            Command::Forward => Action::HistoryForward,
            Command::Start => Action::HistoryStart,
            _ => Action::HistoryEnd,
        };
        if self.app.game().record().plies() == 0 {
            return Some(vec!["No move has been made yet.".to_owned()]);
        }
        let shown = self.app.view().shown().ply();
        self.leave_question(now);
        self.app.update(step, now);
        let now_shown = self.app.view().shown().ply();
        let plies = self.app.game().record().plies();
        let mut said = match now_shown.checked_sub(1) {
            None => "The start position.".to_owned(),
            Some(last) => format!("After {}", self.ply_sentence(last)),
        };
        if now_shown == shown {
            let already = if now_shown == 0 {
                "Already at the start."
            } else {
                "Already at the last move."
            };
            said = format!("{already} {said}");
        }
        if now_shown < plies {
            said.push_str(" End goes back to the last move.");
        } else if now_shown != shown {
            said.push_str(" That is the last move.");
        }
        Some(vec![said])
    }

    /// The new-game form, which the plain mode does not show: started as it is filled in,
    /// with the options of the game before.
    fn start_form(&mut self, now: Duration) {
        if matches!(self.app.mode(), Mode::NewGame(_)) {
            self.app.update(Action::Select, now);
        }
    }

    /// `draw`: with the opponent's offer standing, it takes it up; otherwise it offers (or
    /// withdraws the offer of) a draw with the next move.
    fn draw(&mut self, now: Duration) {
        if matches!(
            self.app.view().questions().to_answer(),
            Some((Ask::Draw, _))
        ) {
            self.app.update(Action::Yes, now);
        } else {
            self.app.update(Action::Draw, now);
        }
    }

    /// `save [path]`: the screen's save form, filled in and entered.
    fn save(&mut self, path: Option<String>, now: Duration) {
        self.app.update(Action::Save, now);
        let Mode::SaveAs(form) = self.app.mode() else {
            return;
        };
        if let Some(path) = path {
            for _ in 0..form.path.chars().count() {
                self.app.update(Action::DeleteChar, now);
            }
            for c in path.chars() {
                self.app.update(Action::Input(c), now);
            }
        }
        self.app.update(Action::Select, now);
    }

    /// `save` on a server: the game as PGN, printed to the player's own terminal, between a
    /// line that says how to download it from their machine and one that ends it.
    fn download(&self, now: Duration) -> Vec<String> {
        let saving = self.app.view().saving();
        let ssh = saving
            .served
            .as_ref()
            .map_or("ssh HOST", |s| s.ssh.as_str());
        let mut lines = vec![format!(
            "The game as PGN follows; the server keeps it under your key, never in its files \
             (from your own machine, {ssh} games lists your games and {ssh} pgn ID downloads one)."
        )];
        let pgn = self.app.game().to_pgn(now, &saving.tags());
        lines.extend(pgn.lines().map(str::to_owned));
        lines.push("End of the PGN.".to_owned());
        lines
    }

    /// The save form, open with no save under way (`no` to replacing a file): closed, as the
    /// plain mode never leaves it open (the next `save` names another file).
    fn close_idle_form(&mut self, now: Duration) -> Option<String> {
        if self.saving || !matches!(self.app.mode(), Mode::SaveAs(_)) {
            return None;
        }
        self.app.update(Action::Cancel, now);
        Some("Not saved: save with a file name saves it elsewhere.".to_owned())
    }

    /// A question on the screen, other than the one a command is about to ask, is put away
    /// (as Esc does) so the command is not taken for its answer.
    fn leave_question(&mut self, now: Duration) {
        if matches!(
            self.app.view().key_context(),
            KeyContext::Confirm | KeyContext::Grave
        ) || matches!(self.app.mode(), Mode::Promotion(_))
        {
            self.app.update(Action::Cancel, now);
        }
    }

    /// `accept` or `decline`: the answer to the question asked, or to the opponent's standing
    /// draw offer or request.
    fn answer(&mut self, yes: bool, now: Duration) -> Option<Vec<String>> {
        let action = if yes { Action::Yes } else { Action::No };
        match self.app.mode() {
            _ if matches!(
                self.app.view().key_context(),
                KeyContext::Confirm | KeyContext::Grave
            ) =>
            {
                self.app.update(action, now);
                None
            }
            Mode::Playing if self.app.view().questions().to_answer().is_some() => {
                self.app.update(action, now);
                None
            }
            _ => {
                let said = if yes {
                    "There is no question to answer and no draw offer to accept."
                } else {
                    "There is no question to answer and no draw offer to decline."
                };
                Some(vec![self.error(said.to_owned())])
            }
        }
    }

    // ---- Hearing what changed ----

    /// What changed since `before`: moves, the end, the app's message, a question.
    fn changes(&mut self, before: &Before) -> Vec<String> {
        let mut out = Vec::new();
        let plies = self.app.game().record().plies();
        // Another puzzle of a duel is a new game on the board: announced whole, below.
        if self.duel_same_puzzle(before.duel) {
            for ply in before.plies..plies {
                out.push(self.ply_sentence(ply));
            }
        }
        let message = self.app.view().message().cloned();
        let refused_line = self.app.view().input().trim().to_owned();
        if message != before.message
            && let Some(message) = &message
            && !self.duel_repeats(
                before.message.as_ref().map(|m| m.text.as_str()),
                &message.text,
                before.duel,
            )
        {
            // Moves left in the box (refused, or waiting) are said by `left_in_box`, with the
            // move they are about.
            if refused_line.is_empty() {
                let said = sentence(&plain_words(&message.text));
                out.push(if message.kind == MessageKind::Error {
                    self.error(said)
                } else {
                    said
                });
            }
        }
        if !before.over
            && self.net_duel().is_none()
            && let Some(outcome) = self.app.game().outcome()
        {
            out.push(speech::outcome_sentence(
                outcome,
                self.app.game().player(Color::White),
                self.app.game().player(Color::Black),
                self.announce,
            ));
        }
        if matches!(self.app.mode(), Mode::GameOver(_)) {
            // The game-over box is the screen's: the words above said it.
            self.app.update(Action::Review, self.app.view().now());
        }
        if *self.app.mode() != before.mode
            && let Some(question) = self.question()
        {
            out.push(question);
        }
        let asked = self.app.view().questions().to_answer();
        if asked != before.asked
            && let Some((ask, by)) = asked
        {
            out.push(self.asked_sentence(ask, by));
        }
        out.extend(self.duel_news());
        if *self.app.mode() != before.mode && matches!(self.app.mode(), Mode::Ready(_)) {
            // A new game with a clock: it waits, as on the screen.
            let turn = self.app.game().position().turn();
            out.push(format!("{turn}'s clock starts with {turn}'s first move."));
        }
        if !before.thinking && self.app.view().engine_thinking() {
            // Its move comes by itself: the player need not type anything meanwhile.
            let turn = self.app.game().position().turn();
            out.push(format!(
                "{} is thinking…",
                self.app.view().words().who(turn)
            ));
        }
        out
    }

    /// Moves of a line left unplayed in the move box: why, and the box emptied for the next
    /// line.
    fn left_in_box(&mut self, now: Duration, before: &Before) -> Vec<String> {
        let rest = self.app.view().input().trim().to_owned();
        // Asking about the move in the box: it is not left over.
        if rest.is_empty() || matches!(self.app.mode(), Mode::Promotion(_) | Mode::ClaimWithMove(_))
        {
            return Vec::new();
        }
        let pos = self.app.game().position().clone();
        let step = read_line_in(&pos, &rest, self.app.view().words().style())
            .into_iter()
            .next();
        let said = match (step, self.app.view().message()) {
            (Some(step), Some(m)) if m.kind == MessageKind::Error => match step.read {
                Err(refusal) => format!("{}: {refusal}.", command::shown(&step.typed)),
                Ok(_) => format!("{}: {}.", command::shown(&rest), plain_words(&m.text)),
            },
            _ if *self.app.mode() != Mode::Playing => {
                format!(
                    "{} not played: answer the question first, then type it again.",
                    command::shown(&rest)
                )
            }
            _ if self.app.game().is_timed() && self.app.game().record().plies() > before.plies => {
                format!(
                    "{} not played: with the clock running, each player makes their own move.",
                    command::shown(&rest)
                )
            }
            _ => format!("{} not played.", command::shown(&rest)),
        };
        // Emptied so the next line starts afresh (Esc on the screen).
        if *self.app.mode() == Mode::Playing {
            // One Esc empties the box; another, with nothing in it, would decline the
            // opponent's question standing, so it is pressed only when none stands.
            self.app.update(Action::Cancel, now);
            if self.app.view().questions().to_answer().is_none() {
                self.app.update(Action::Cancel, now);
            }
        }
        vec![self.error(said)]
    }

    // ---- Saying ----

    /// The move at `ply` in the players' notation, as the screen's move list writes it.
    fn written(&self, ply: usize) -> String {
        written_move(self.app.game(), ply, self.app.view().words().style())
    }

    /// The move at `ply` as a sentence.
    fn ply_sentence(&self, ply: usize) -> String {
        let record = self.app.game().record();
        match (record.position_at(ply), record.moves().get(ply)) {
            (Some(before), Some(recorded)) => speech::move_sentence(
                record.start(),
                ply,
                before,
                recorded.mv,
                &self.written(ply),
                self.announce,
            ),
            _ => String::new(),
        }
    }

    fn outcome_words(&self, outcome: Outcome) -> String {
        self.app
            .view()
            .words()
            .outcome(outcome)
            .replace(" — ", ", ")
    }

    /// The question the app asks now, with how to answer it.
    fn question(&self) -> Option<String> {
        let app = &self.app;
        match app.mode() {
            Mode::ClaimWithMove(claim) => {
                let (mv, claims) = (&claim.mv, &claim.claims);
                let why = match (claims.threefold, claims.fifty) {
                    (true, true) => "threefold repetition, and the fifty-move rule",
                    (true, false) => "threefold repetition",
                    _ => "the fifty-move rule",
                };
                Some(format!(
                    "{} would allow a draw claim by {why}. Claim the draw with it? yes or claim \
                     claims it, no just plays it.",
                    app.view().words().style().write(app.game().position(), *mv),
                ))
            }
            Mode::Promotion(promotion) => Some(format!(
                "{}: promote to which piece? queen, rook, bishop or knight: type {}, or cancel \
                 to play another move.",
                promotion.to,
                question::promotion_letters(app.view().words().style().language)
            )),
            mode if matches!(
                app.view().key_context(),
                KeyContext::Confirm | KeyContext::Grave
            ) =>
            {
                let mut lines = app.view().dialog().map(|d| d.lines).unwrap_or_default();
                if app.view().key_context() == KeyContext::Grave {
                    // A grave question's last line names the screen's keys (`y resigns ·
                    // Enter or Esc: keep playing`); here the answer is typed.
                    lines.pop();
                }
                let lines: Vec<String> = lines
                    .iter()
                    .map(|l| dialog_line(l))
                    .filter(|l| !l.is_empty())
                    .map(|l| sentence(&l))
                    .collect();
                let answer = match mode {
                    Mode::Resume(_) => "Answer yes to resume it, or no for a new game.",
                    _ => "Answer yes or no.",
                };
                Some(format!("{} {answer}", lines.join(" ")))
            }
            _ => None,
        }
    }

    /// The opponent's question as it comes, with how to answer it.
    fn asked_sentence(&self, ask: Ask, by: Color) -> String {
        let app = &self.app;
        let (who, to) = (app.view().words().who(by), app.view().words().who(!by));
        let what = match ask {
            Ask::Draw => format!("{who} offers a draw."),
            Ask::Takeback => format!(
                "{who} asks to take back {}.",
                app.view().questions().asked_moves(by)
            ),
            Ask::Pause => format!("{who} asks to stop the clocks."),
        };
        let (yes, no) = match ask {
            Ask::Draw => ("accept", "declines"),
            _ => ("accept", "refuses"),
        };
        format!("{what} {to}: {yes}, decline, or play a move, which {no} it.")
    }

    /// `invite`: the host's invitations again (a game's, or a duel's).
    fn invitations(&mut self) -> Vec<String> {
        let lines = match (self.net_duel(), self.app.network()) {
            (Some(duel), _) => duel.invitation().to_vec(),
            (None, Some(net)) => net.setup().invitation.clone(),
            (None, None) if self.app.view().saving().served.is_some() => {
                let said = "No invitation to give: a game for two at this terminal has no \
                            other player to invite; a room's code is what others come by."
                    .to_owned();
                return vec![self.error(said)];
            }
            (None, None) => {
                let said = "No invitation to give: invite is for the host of a game or a duel \
                            across the network (hotseat host --plain)."
                    .to_owned();
                return vec![self.error(said)];
            }
        };
        if lines.is_empty() {
            return vec![self.error("Only the host has invitations to give.".to_owned())];
        }
        lines
    }

    /// `White to move.`, with a check, a standing offer, or the end.
    fn turn(&self) -> String {
        if let Some(turn) = self.duel_turn() {
            return turn;
        }
        let game = self.app.game();
        if let Some(outcome) = game.outcome() {
            return format!("The game is over: {}.", self.outcome_words(outcome));
        }
        let turn = game.position().turn();
        let mut text = format!(
            "{} to move, move {}",
            self.app.view().words().who(turn),
            game.position().fullmoves()
        );
        if game.position().is_check() {
            text.push_str(", in check");
        }
        if let Some(by) = game.pending_offer() {
            text.push_str(&format!(
                "; {} offers a draw",
                self.app.view().words().who(by)
            ));
        }
        if self.app.view().questions().offering_with_move() {
            text.push_str("; offering a draw with this move");
        }
        text.push('.');
        text
    }

    /// The moves so far in notation, numbered: `1. e4 e5 2. Nf3`.
    fn moves_so_far(&self) -> String {
        let record = self.app.game().record();
        if record.plies() == 0 {
            return "No move has been made yet.".to_owned();
        }
        let mut words = Vec::new();
        for ply in 0..record.plies() {
            let number = crate::game::MoveNumber::of_ply(record.start(), ply);
            if number.white || ply == 0 {
                words.push(speech::numbered(record.start(), ply, &self.written(ply)));
            } else {
                words.push(self.written(ply));
            }
        }
        format!("Moves: {}.", words.join(" "))
    }

    fn clock_of(&self, color: Color, now: Duration) -> Option<String> {
        self.app
            .game()
            .clock()
            .remaining(color, now)
            .map(speech::spoken_time)
    }

    /// Both clocks, and which runs.
    fn clocks(&self, now: Duration) -> String {
        if let Some(clocks) = self.duel_clocks(now) {
            return clocks;
        }
        let game = self.app.game();
        let (Some(white), Some(black)) = (
            self.clock_of(Color::White, now),
            self.clock_of(Color::Black, now),
        ) else {
            return match (
                self.clock_of(Color::White, now),
                self.clock_of(Color::Black, now),
            ) {
                (None, None) => "This game has no clock.".to_owned(),
                (w, b) => format!(
                    "White {}, Black {}.",
                    w.unwrap_or_else(|| "untimed".to_owned()),
                    b.unwrap_or_else(|| "untimed".to_owned())
                ),
            };
        };
        let state = if game.is_over() {
            "the clocks have stopped".to_owned()
        } else if game.clock().is_paused() {
            "the clocks are paused".to_owned()
        } else if let Some(color) = game.clock().running() {
            format!("{color}'s clock is running")
        } else {
            let turn = game.position().turn();
            format!("{turn}'s clock starts with {turn}'s first move")
        };
        format!("White {white}, Black {black}; {state}.")
    }

    /// `o`: the player not to move.
    fn other(&self, now: Duration) -> String {
        if let Some(other) = self.duel_other(now) {
            return other;
        }
        let other = !self.app.game().position().turn();
        let who = self.app.view().words().who(other);
        match self.clock_of(other, now) {
            Some(left) => format!("{who} waits, with {left} left."),
            None => format!("{who} waits."),
        }
    }
}

/// A line of moves in pieces the move box holds: whole words, a move number kept with the
/// move after it.
fn chunks(line: &str) -> Vec<String> {
    let max = crate::app::MAX_INPUT_CHARS;
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut i = 0;
    while i < words.len() {
        let mut word = words[i].to_owned();
        if word.ends_with('.')
            && word
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
            && let Some(next) = words.get(i + 1)
        {
            word = format!("{word} {next}");
            i += 1;
        }
        i += 1;
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > max {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(&word);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// A text of the screen's in the plain mode's words: its keys named by the commands that do
/// the same, its separators as sentence breaks.
pub fn plain_words(text: &str) -> String {
    const SWAPS: [(&str, &str); 13] = [
        // Learning from the mistakes (see `app/retro.rs`).
        ("F12: the solution", "solution: the engine's line"),
        ("F9: skip", "skip: the next one"),
        ("F9: next", "next: the next one"),
        ("F9: the summary", "next: the summary"),
        ("Try again, or F10", "Try again, or solution"),
        (
            "Ctrl-D accepts, a move declines",
            "accept takes it up, a move declines it",
        ),
        ("Ctrl-D withdraws", "draw again withdraws it"),
        ("Ctrl-N starts a new one", "new starts a new one"),
        ("Ctrl-S saves a copy", "save makes a copy"),
        ("Ctrl-P resumes", "resume runs them again"),
        (
            "Ctrl-S saves the game with it",
            "save keeps the game with it",
        ),
        (
            "a new game (Ctrl-N) archives it first",
            "a new game archives it first",
        ),
        (" — ", ", "),
    ];
    let mut text = text.to_owned();
    for (from, to) in SWAPS {
        text = text.replace(from, to);
    }
    // The resign question's key for the other side's resignation is the screen's.
    if let Some(at) = text.find(" (Tab: ") {
        text.truncate(at);
    }
    // The screen's separator ends a sentence here.
    text.trim()
        .split(" · ")
        .map(speech::capitalised)
        .collect::<Vec<_>>()
        .join(". ")
}

/// A line of a yes/no question of the screen's, its keys named by the answers typed here.
fn dialog_line(line: &str) -> String {
    let line = plain_words(line);
    for (key, word) in [
        ("Y or Enter: ", "Yes: "),
        ("N: ", "No: "),
        ("Q: ", "Quit: "),
    ] {
        if let Some(rest) = line.strip_prefix(key) {
            return format!("{word}{rest}");
        }
    }
    line
}

/// The text as a sentence: a capital first, a stop at the end. A first word with a digit is
/// a move or a square (`g8=Q+ sent to the host`), whose case is its meaning: left as it is.
fn sentence(text: &str) -> String {
    let text = text.trim();
    let first = text.split_whitespace().next().unwrap_or("");
    let text = if first.contains(|c: char| c.is_ascii_digit()) {
        text.to_owned()
    } else {
        speech::capitalised(text)
    };
    // An ellipsis ("Joining the duel…") is a stop already.
    if text.ends_with(['.', '?', '!', ':', '…']) {
        text
    } else {
        format!("{text}.")
    }
}

mod duel;
mod question;
mod report;
#[cfg(test)]
mod tests;
