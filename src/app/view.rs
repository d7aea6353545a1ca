//! The words the screen shows, derived from the state: the status line, the prompt and the text
//! of every question. Kept here, next to the state they describe, so that the widgets only lay
//! text out and every user-facing sentence can be found in one place.

use std::time::Duration;

use super::dialogs::Look;
use super::keymap::{Action, Key, KeyContext, hints};
use super::move_entry::{self, Feedback};
use ratatui::layout::{Rect, Size};

use super::{App, ArchiveNote, BoardControl, Live, Message, MessageKind, Mode, Reports, retro};
use crate::layout::{BoardLayout, ScreenLayout};
use crate::look::{GlyphSet, Theme};
use crate::text;

/// The move box line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// Who the box is for: `White ›`.
    pub label: String,
    /// The typed text.
    pub input: String,
    /// Where the caret stands in it, in characters.
    pub caret: usize,
    /// What the text means so far, or a reminder of what can be typed.
    pub hint: Message,
    /// Whether keys go to the box (so the terminal cursor belongs there).
    pub active: bool,
}

/// A question or notice in a box over the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dialog {
    pub title: String,
    pub lines: Vec<String>,
    /// Whose keys the box lists at its foot.
    pub context: KeyContext,
    /// A box with a field to type into: its lines start at the left edge, as the new-game
    /// form's do, so the typed text stays where it is as it grows (centred, it would move
    /// half a column a letter).
    pub form: bool,
}

/// The most lines a status message takes; what is still left after them ends in `…`.
pub const STATUS_MAX_LINES: usize = 2;

/// The standing warning at the right end of the status line, as drawn: ` ⚠ not saved `.
pub fn status_badge(warning: &str) -> String {
    format!(" ⚠ {warning} ")
}

/// A status message in at most `max` lines, on a status line `width` columns wide that ends
/// with the badge of `warning`, if any: the one measure by which `ui` draws it and the panel
/// makes room for it (with `max` = [`STATUS_MAX_LINES`]). A message with a shorter wording
/// uses it when the full one would not fit on one line; paths give way (shortened to their
/// file names) before the sentence is cut.
pub fn status_lines(
    message: &Message,
    warning: Option<&str>,
    width: u16,
    max: usize,
) -> Vec<String> {
    let badge = warning.map_or(0, |w| text::width(&status_badge(w)));
    // A space either side of the text.
    let cols = usize::from(width).saturating_sub(badge + 2);
    let said = text::fit_paths(message.for_width(cols), cols, max);
    text::wrap_clipped(&said, cols, max)
}

/// The widest a question box gets.
pub const DIALOG_MAX_WIDTH: u16 = 62;

/// A key hint: the action, its key, and the label the footer gives it.
pub type Hint = (Action, Key, &'static str);

/// A dialog box as it is drawn in a space of some width: the one measure by which `ui` draws
/// it and the panel makes room for the game-over box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialogSize {
    pub width: u16,
    /// The text, wrapped to the box.
    pub lines: Vec<String>,
    /// The key hints at its foot, in rows.
    pub keys: Vec<Vec<Hint>>,
    /// A blank line above and below the text.
    pub padded: bool,
}

impl DialogSize {
    /// Rows: the frame, the blank lines above and below the text, the text, the keys.
    pub fn height(&self) -> u16 {
        let blanks = if self.padded { 2 } else { 0 };
        u16::try_from(self.lines.len() + 2 + blanks + self.keys.len()).unwrap_or(u16::MAX)
    }
}

impl Dialog {
    /// The box in a space `area_width` columns wide (see [`DialogSize`]).
    pub fn measure(&self, area_width: u16) -> DialogSize {
        self.measure_lines(area_width, self.lines.len(), true)
    }

    /// The box in a space `area_width` by `area_height`: as [`Dialog::measure`] if it fits;
    /// else without the blank lines, then without its last lines (whole sentences, each less
    /// needed than the one before: the game-over box's file, which the status line shows too)
    /// — never without its keys.
    pub fn measure_within(&self, area_width: u16, area_height: u16) -> DialogSize {
        let mut fallback = None;
        for kept in (1..=self.lines.len().max(1)).rev() {
            for padded in [true, false] {
                let size = self.measure_lines(area_width, kept, padded);
                if size.height() <= area_height {
                    return size;
                }
                fallback = Some(size);
            }
        }
        fallback.unwrap_or_else(|| self.measure(area_width))
    }

    /// The box with its first `kept` lines only.
    fn measure_lines(&self, area_width: u16, kept: usize, padded: bool) -> DialogSize {
        let longest = self.lines.iter().map(|l| text::width(l)).max().unwrap_or(0);
        let longest = u16::try_from(longest).unwrap_or(u16::MAX);
        let width = longest
            .saturating_add(4)
            .clamp(40, DIALOG_MAX_WIDTH)
            .min(area_width);
        let text_width = usize::from(width.saturating_sub(4)).max(1);
        DialogSize {
            width,
            lines: self
                .lines
                .iter()
                .take(kept)
                .flat_map(|l| text::wrap_all(l, text_width))
                .collect(),
            keys: dialog_hint_rows(self.context, text_width),
            padded,
        }
    }
}

/// The hints of a dialog's context in rows of `width` columns, packed in table order with two
/// columns between hints. Quitting is left to the footer unless the dialog binds a key of its
/// own for it.
pub fn dialog_hint_rows(context: KeyContext, width: usize) -> Vec<Vec<Hint>> {
    let all = hints(context);
    let own_quit = all
        .iter()
        .any(|(a, k, _)| *a == Action::Quit && k.modifiers.is_empty());
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut used = 0;
    for (action, key, label) in all {
        if action == Action::Quit && !own_quit {
            continue;
        }
        // The hint and the two columns after it, which the last hint of a row does without.
        let needed = text::width(&key.to_string()) + 1 + text::width(label) + 2;
        if used > 0 && used + needed > width + 2 {
            rows.push(std::mem::take(&mut row));
            used = 0;
        }
        used += needed;
        row.push((action, key, label));
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// What the screen shows of the app, read-only: the status line, the prompt and the feedback
/// on the typed text, the dialog open, and the side panel's plan and texts. Made by
/// [`App::view`] for the front ends (the full screen, the plain mode, a session over SSH),
/// which draw or say it; the app's own parts ask it too (a click on the panel needs the plan
/// the screen drew). It cannot change the app: that is [`App::update`]'s alone.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub(super) app: &'a App,
}

impl App {
    /// What the screen shows (see [`View`]).
    pub fn view(&self) -> View<'_> {
        View { app: self }
    }
}

impl<'a> View<'a> {
    /// What is saved and archived, and how that went.
    pub fn saving(&self) -> &'a super::saving::Saving {
        &self.app.saving
    }

    /// The time of the last update.
    pub fn now(&self) -> Duration {
        self.app.now
    }

    /// When the screen will next look different without any input: the next change of the
    /// running clock's text (or its flag fall), or a save due on a timer. `None`: nothing
    /// changes until an event.
    pub fn next_wake(&self, now: Duration) -> Option<Duration> {
        if let Some(at) = super::puzzle::next_wake(self.app, now) {
            return Some(at);
        }
        let at = super::saving::Situation::of(
            &self.app.game,
            &self.app.mode,
            &self.app.table,
            self.app.quit,
            now,
        );
        let next_save = self.app.saving.next_save(&at);
        if self.app.game.is_over() {
            return next_save;
        }
        let clock = self.app.game.clock();
        // A delay counting down beside the clock changes too.
        let clock = match (clock.next_change(now), clock.next_delay_tick(now)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match (clock, next_save) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The game as the board shows it: the present, or the position being reviewed (see
    /// [`shown`](super::shown)).
    pub fn shown(&self) -> super::shown::Shown<'a> {
        let app = self.app;
        super::shown::Shown::new(&app.game, app.review, app.var_position.as_ref())
    }
}

impl View<'_> {
    /// The feedback on the typed text, for the board and the prompt.
    pub fn feedback(&self) -> Feedback {
        if self.app.view().past_of_live_game() || self.app.mode != Mode::Playing {
            return Feedback::default();
        }
        if self.shown().studying() {
            let text = self.app.move_box.text().trim();
            let on = match self.app.game.move_at(self.shown().spot()) {
                Some((number, san, _)) => format!("{number} {san}"),
                None => "the start position".to_owned(),
            };
            let hint = if text.starts_with('{') {
                Some(format!(
                    "Enter keeps this as the comment on {on} (empty: removes it)"
                ))
            } else if (1..=6).any(|n| crate::game::nag_symbol(n, true) == Some(text)) {
                Some(format!("Enter marks {on} with {text}"))
            } else if self.shown().board_position().legal_moves().is_empty() {
                return Feedback::default();
            } else {
                None
            };
            if let Some(hint) = hint {
                return Feedback {
                    hint: Some(Message::info(hint)),
                    ..Feedback::default()
                };
            }
        }
        if self.app.move_box.is_rejected() {
            // The status line says what was wrong; the prompt says what to do about it.
            return Feedback {
                hint: Some(
                    Message::info("type a new move, or Backspace to correct this one")
                        .or_shorter("a new move, or Backspace to correct"),
                ),
                ..Feedback::default()
            };
        }
        let text = self.app.move_box.text();
        if self.app.premove_allowed()
            && !self.app.review.is_active()
            && !text.trim().is_empty()
            && super::keymap::action_for_word(text).is_none()
        {
            // The opponent is to move: this move is read when it is the player's (a hint read
            // in this position would speak of the opponent's pieces).
            return Feedback {
                hint: Some(
                    Message::info("Enter keeps it as your premove, played when it is your move")
                        .or_shorter("Enter: premove"),
                ),
                ..Feedback::default()
            };
        }
        if self.app.one_move_per_line()
            && let [first, _, ..] =
                move_entry::read_line_in(self.shown().board_position(), text, self.app.style)
                    .as_slice()
            && let Ok(mv) = first.read
        {
            // Enter plays the first move only: the hint says so, and shows that move.
            let typed = self.app.style.typed_in_english(&first.typed);
            let mut feedback = move_entry::feedback(self.shown().board_position(), &typed);
            let san = self.app.view().written(mv);
            feedback.hint = Some(
                Message::info(format!(
                    "Enter plays {san} only: {}",
                    super::play::ONE_MOVE_EACH
                ))
                .or_shorter(format!(
                    "Enter plays {san} only: one move each on the clock"
                ))
                .or_shorter(format!("Enter plays {san} only")),
            );
            return feedback;
        }
        // The hints read English SAN: the players' piece letters are turned into it.
        move_entry::feedback(
            self.shown().board_position(),
            &self.app.style.typed_in_english(text),
        )
    }

    /// The status line: the review banner, the last message, or the state of the game.
    pub fn status(&self) -> Message {
        // The opponent's question comes first, wherever the player is looking: it is answered
        // by a key (or a move), and the clock may be running. A message of the moment (a move
        // refused) takes the line meanwhile; the prompt's hint says the question then.
        if self.app.message.is_none()
            && let Some(question) = self.app.view().questions().banner()
        {
            return question;
        }
        // While reviewing, a message asked for there (the FEN) shows until the next step.
        if let (Some(_), Some(message)) = (self.app.review.ply(), &self.app.message) {
            return message.clone();
        }
        if let Some(id) = self.app.review.var() {
            let at = match self.app.game.move_at(crate::game::Spot::Var(id)) {
                Some((number, san, _)) => format!("{number} {san}"),
                None => String::new(),
            };
            return Message::new(
                format!(
                    "Variation, after {at} — ← → step, Shift-← leaves it, Ctrl-Y promotes, \
                     Ctrl-X deletes"
                ),
                MessageKind::Banner,
            );
        }
        if let Some(ply) = self.app.review.ply() {
            let plies = self.app.game.record().plies();
            let at = match ply.checked_sub(1) {
                None => "the start position".to_owned(),
                Some(i) => format!(
                    "after {} {}",
                    self.app.view().words().move_number(i),
                    self.app.view().words().written_move(i)
                ),
            };
            // After the game there is no game to return to: End shows how it ended.
            let back = if self.app.game.is_over() {
                "↓ or End: the final position"
            } else {
                "End returns to the game"
            };
            return Message::new(
                format!("Reviewing {at} ({ply} of {plies}) — {back}"),
                MessageKind::Banner,
            );
        }
        if let Some(message) = &self.app.message {
            return message.clone();
        }
        // The game-over box is narrow (it keeps to the panel): the file in full goes here.
        if self.app.mode == Mode::GameOver(super::dialogs::GameOver)
            && let Some(ArchiveNote::Saved(path)) = self.app.saving.archive_note()
        {
            // A space either side of the text on the status line.
            let room = usize::from(self.app.size.width).saturating_sub(2 + "Saved to ".len());
            return Message::info(format!("Saved to {}", text::shorten_path(path, room)));
        }
        if let Some(end) = self.app.table.puzzle().and_then(super::puzzle::end_words) {
            return Message::info(end);
        }
        if let Some(outcome) = self.app.game.outcome() {
            return Message::info(format!(
                "{} · {}",
                self.app.view().words().outcome(outcome),
                outcome.result.pgn()
            ));
        }
        if self.app.game.clock().is_paused() {
            return Message::info("Clocks paused — Ctrl-P resumes");
        }
        let pos = self.app.game.position();
        let turn = pos.turn();
        let mut text = format!("{} to move", self.app.view().words().who(turn));
        if pos.is_check() {
            text.push_str(" — check!");
        }
        if self.app.view().engine_thinking() {
            text.push_str(" · thinking…");
        }
        let mut short = text.clone();
        if let Some(premove) = &self.app.premove {
            text.push_str(&format!(" · premove {} (Esc cancels)", premove.text()));
            short.push_str(&format!(" · premove {}", premove.text()));
        }
        if self.app.requests.with_move == Some(turn) {
            text.push_str(" · offers a draw with this move (Ctrl-D withdraws)");
        }
        let claims = self.app.game.claimable_now();
        if claims.any() {
            let why = if claims.threefold {
                "threefold repetition"
            } else {
                "fifty-move rule"
            };
            text.push_str(&format!(" · may claim a draw ({why}): Ctrl-E"));
            short.push_str(" · Ctrl-E claims a draw");
        }
        Message::info(text).or_shorter(short)
    }

    /// The move box line, with the hint of `feedback` (from [`View::feedback`], computed once
    /// per frame for the board and the prompt alike).
    pub fn prompt(&self, feedback: &Feedback) -> Prompt {
        let turn = self.app.game.position().turn();
        let label = if let Some(end) = self.app.table.puzzle().and_then(super::puzzle::end_words) {
            format!("{} ›", end.split(" · ").next().unwrap_or(&end))
        } else if self.app.retro.is_some() {
            // Learning from a mistake: the player to find the better move.
            let mover = self.shown().board_position().turn();
            format!("{} ›", self.app.view().words().who(mover))
        } else if self.app.game.is_over() {
            "Game over ›".to_owned()
        } else {
            format!("{} ›", self.app.view().words().who(turn))
        };
        let held = self
            .app
            .board
            .selected
            .and_then(|sq| Some((sq, self.app.game.position().piece_at(sq)?)));
        // Across the network a new game is hosted anew: only quitting is offered.
        let across = self
            .app
            .table
            .refuses(&super::keymap::Action::NewGame)
            .is_some();
        let hint = feedback.hint.clone().unwrap_or_else(|| {
            // The opponent's question, when a message has the status line meanwhile (else the
            // status line says it, and saying it twice would only crowd the prompt).
            if self.app.message.is_some()
                && let Some(question) = self.app.view().questions().banner()
            {
                return question;
            }
            let (text, short) = if let Some(retro) = &self.app.retro {
                match retro.feedback() {
                    retro::Feedback::Win | retro::Feedback::View => (
                        "F9: the next mistake · Shift-F4 stops",
                        "F9 next · Shift-F4 stop",
                    ),
                    _ => (
                        "type a better move · F12: the solution · F9 skips it",
                        "a better move · F12 solution · F9 skip",
                    ),
                }
            } else if self.app.game.is_over() && self.app.view().arrows_step() {
                (
                    if across {
                        "← → step · a move starts a variation · type quit"
                    } else {
                        "← → step · a move starts a variation · type new or quit"
                    },
                    "← → step · a move starts a variation",
                )
            } else if self.app.game.is_over() {
                (
                    if across {
                        "a move starts a variation · type quit · Esc: the arrows step"
                    } else {
                        "a move starts a variation · type new or quit · Esc: the arrows step"
                    },
                    "a move starts a variation · Esc: arrows step",
                )
            } else if self.app.review.is_active() {
                (
                    "← → step · End returns to the game to move",
                    "← → step · End: back to the game",
                )
            } else if let Some((sq, piece)) = held {
                let held = format!("holding the {} on {sq}", piece.role.name());
                return Message::info(format!(
                    "{held}: Enter puts it down on the cursor's square, Esc puts it back"
                ))
                .or_shorter(format!("{held}: Enter puts it down, Esc puts it back"))
                .or_shorter(format!(
                    "Enter: put the {} down · Esc: back",
                    piece.role.name()
                ));
            } else {
                (
                    "type a move (e4, Nf3) or use the arrows · F1 help",
                    "type a move or use the arrows · F1 help",
                )
            };
            Message::info(text)
                .or_shorter(short)
                .or_shorter("type a move · F1 help")
        });
        // A comment longer than the line shows its end, where the caret is, after a `…`.
        let room = usize::from(self.app.size.width)
            .saturating_sub(crate::text::width(&label) + 6)
            .max(8);
        let (mut input, mut caret) = (
            self.app.move_box.text().to_owned(),
            self.app.move_box.caret(),
        );
        if caret > room - 2 {
            let start = caret - (room - 2);
            input = std::iter::once('…')
                .chain(input.chars().skip(start + 1).take(room - 1))
                .collect();
            caret -= start;
        }
        Prompt {
            label,
            input,
            caret,
            hint,
            active: self.app.mode == Mode::Playing,
        }
    }

    /// The box over the board for the current mode, if it is a question or a notice. The
    /// promotion picker, the new-game form and the help have widgets of their own.
    pub fn dialog(&self) -> Option<Dialog> {
        match self.app.mode.look(self.app)? {
            Look::Box(dialog) => Some(dialog),
            _ => None,
        }
    }

    /// What the screen draws for the open dialog, if any (see [`super::dialogs::Look`]).
    pub fn dialog_look(&self) -> Option<Look<'_>> {
        self.app.mode.look(self.app)
    }
}

/// The state the front ends draw, field by field.
impl<'a> View<'a> {
    pub fn theme(&self) -> Theme {
        self.app.theme
    }

    pub fn glyphs(&self) -> GlyphSet {
        self.app.glyphs
    }

    /// The board as the players work it: the side at the bottom, the cursor, the piece picked
    /// up.
    pub fn board(&self) -> &'a BoardControl {
        &self.app.board
    }

    /// The text in the move box.
    pub fn input(&self) -> &'a str {
        self.app.move_box.text()
    }

    /// The last message, if it still stands.
    pub fn message(&self) -> Option<&'a Message> {
        self.app.message.as_ref()
    }

    /// The ply being reviewed; `None` when showing the present.
    pub fn review(&self) -> Option<usize> {
        self.app.review.ply()
    }

    /// The game report shown and the engine's work on it.
    pub fn report(&self) -> &'a Reports {
        &self.app.reports
    }

    /// "Learn from your mistakes", while a session runs.
    pub fn retro(&self) -> Option<&'a retro::Retro> {
        self.app.retro.as_ref()
    }

    /// Whether the engine playing against the human is searching its move now.
    pub fn engine_thinking(&self) -> bool {
        self.app
            .table
            .engine()
            .is_some_and(super::sparring::EngineSeat::thinking)
    }

    /// The engine's live lines for the position shown (F5).
    pub fn live(&self) -> &'a Live {
        &self.app.live
    }

    /// The terminal size the app lays the screen out for.
    pub fn size(&self) -> Size {
        self.app.size
    }

    /// The keys' meaning in the current mode; after a game across the network, without the
    /// new game and rematch that only a new host can start.
    pub fn key_context(&self) -> KeyContext {
        match self.app.mode.key_context() {
            KeyContext::GameOver if self.app.table.refuses(&Action::NewGame).is_some() => {
                KeyContext::NetGameOver
            }
            context => context,
        }
    }

    /// The board's geometry on the current screen, as the renderer draws it.
    pub fn board_layout(&self) -> Option<BoardLayout> {
        let screen = ScreenLayout::new(self.screen()).ok()?;
        BoardLayout::new(screen.board, self.app.board.orientation)
    }

    /// The whole terminal as a rectangle.
    pub fn screen(&self) -> Rect {
        Rect::from((ratatui::layout::Position::ORIGIN, self.app.size))
    }

    /// Whether a game is under way that quitting or a new game would abandon.
    pub fn game_in_progress(&self) -> bool {
        super::saving::in_progress(&self.app.game)
    }
}
