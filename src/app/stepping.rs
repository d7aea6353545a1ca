//! Looking through the moves: which keys step (the arrows, when nothing else needs them), the
//! move list under the mouse, and the refusal of a move made while a game in progress shows the
//! past.
//!
//! # The rule for the arrows
//!
//! With the move box empty, the arrows step through the moves (← → one half-move, ↑ ↓ to the
//! start and the end) whenever there is something to look through and no move to make: the game
//! is over, or an earlier position is shown. Otherwise — a game in progress at its present
//! position, or after Enter, Space or a click has taken the board in hand — they move the
//! board's cursor, which the board only draws then. Stepping, a click in the move list and Esc
//! hand the arrows back to the moves. One predicate, [`App::arrows_step`], decides.

use super::view::View;
use super::{App, Message};
use crate::game::Spot;
use crate::game::clock::format_span;
use crate::layout::PanelLayout;
use crate::layout::panel::{list_rows, move_at};
use crate::rules::Square;
use crate::text;

impl App {
    /// Refuses a move made while a game in progress shows an earlier position, saying how to
    /// get back to it. `true` when refused.
    pub(super) fn refuse_in_review(&mut self) -> bool {
        if !self.view().past_of_live_game() {
            return false;
        }
        let typed = if self.move_box.is_blank() {
            ""
        } else {
            " (the typed move stays)"
        };
        self.message = Some(
            Message::error(format!(
                "This is an earlier position; moves are made in the present: End returns to \
                 the game{typed}"
            ))
            .or_shorter(format!(
                "An earlier position; moves are made in the present: End returns{typed}"
            ))
            .or_shorter(format!(
                "An earlier position: End returns to the game{typed}"
            )),
        );
        true
    }
}

impl View<'_> {
    /// The position after the move under a press of the mouse on the move list; `None` when
    /// the press was elsewhere.
    pub(super) fn move_list_at(&self, column: u16, row: u16) -> Option<Spot> {
        let panel = self.panel_layout()?;
        let rows = list_rows(
            &self.app.game,
            panel.moves.width,
            self.app.glyphs == crate::look::GlyphSet::Ascii,
        );
        move_at(panel.moves, &rows, self.shown().spot(), column, row)
    }

    /// How many lines of the note on the position shown the panel leaves unshown: how far it
    /// scrolls.
    pub(super) fn note_overflow(&self) -> usize {
        let Some(panel) = self.panel_layout() else {
            return 0;
        };
        let lines = self.note_lines(usize::from(panel.note.width)).len();
        lines.saturating_sub(usize::from(panel.note.height))
    }

    /// The square under a screen cell, with the renderer's geometry.
    pub(super) fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        self.board_layout()?.square_at(column, row)
    }

    /// The rows the status line takes: one, or two for a long message (as `ui::status` draws
    /// it), never more than the screen has above.
    pub fn status_rows(&self) -> u16 {
        let Ok(screen) = crate::layout::ScreenLayout::new(self.app.view().screen()) else {
            return 1;
        };
        let lines = super::status_lines(
            &self.status(),
            self.app.saving.warning(),
            screen.status.width,
            super::STATUS_MAX_LINES,
        )
        .len();
        u16::try_from(lines)
            .unwrap_or(1)
            .clamp(1, 2)
            .min(screen.status.y + 1)
    }

    /// The side panel's plan on the current screen, as the renderer draws it: it gives up its
    /// last row to a two-row status line.
    pub fn panel_layout(&self) -> Option<PanelLayout> {
        let screen = crate::layout::ScreenLayout::new(self.app.view().screen()).ok()?;
        let status_top = screen.status.bottom() - self.status_rows();
        let area = ratatui::layout::Rect {
            height: screen
                .panel
                .height
                .min(status_top.saturating_sub(screen.panel.y)),
            ..screen.panel
        };
        let width = usize::from(area.width.saturating_sub(2));
        let rows = |lines: usize| u16::try_from(lines).unwrap_or(u16::MAX);
        let result = match self.game_over_box_rows(area.width) {
            Some(box_rows) => box_rows,
            None => rows(self.result_lines(width).len()),
        };
        let (graph, report_lines) = self.app.reports.rows(area.height, &self.app.live);
        Some(
            PanelLayout::new(
                area,
                self.app.game.is_timed(),
                result,
                rows(self.note_lines(width).len()),
                rows(
                    self.app
                        .view()
                        .shown()
                        .opening_lines(area.height, width)
                        .len(),
                ),
            )
            .with_report(graph, report_lines),
        )
    }

    /// The rows the game-over box takes in a panel `width` columns wide, while it is open: as
    /// `ui::popup` draws it ([`super::Dialog::measure`]).
    fn game_over_box_rows(&self, width: u16) -> Option<u16> {
        if self.app.mode != super::Mode::GameOver(super::dialogs::GameOver) {
            return None;
        }
        Some(self.dialog()?.measure(width).height())
    }

    /// The note on the position shown, while looking through a game (reviewing, or after it
    /// ended), as lines for a note `width` columns wide (a column either side for the margin
    /// and the scroll mark): how long the move that led here took, when the clock readings
    /// say, and its comment — at the start position, the comment before the first move.
    pub fn note_lines(&self, width: usize) -> Vec<String> {
        let cols = width.saturating_sub(2).max(1);
        if !self.app.game.is_over() && !self.app.review.is_active() {
            // Across the network, the place of the note shows the connection and the chat.
            return self
                .app
                .table
                .remote()
                .map_or_else(Vec::new, |net| net.panel_lines(self.app.now, cols));
        }
        let mut lines = Vec::new();
        let comment = match (
            self.app.review.var(),
            self.app.view().shown().ply().checked_sub(1),
        ) {
            (Some(id), _) => self
                .app
                .game
                .variations()
                .node(id)
                .map_or("", |n| n.notes.comment.as_str()),
            (None, None) => self.app.game.intro(),
            (None, Some(i)) => {
                if let Some(took) = self.app.game.move_time(i) {
                    lines.push(format!(
                        "{} {} took {}",
                        self.app.view().words().move_number(i),
                        self.app.view().words().written_move(i),
                        format_span(took)
                    ));
                }
                self.app
                    .game
                    .notes()
                    .get(i)
                    .map_or("", |n| n.comment.as_str())
            }
        };
        lines.extend(text::wrap(comment, cols));
        lines
    }

    /// Lines of the note scrolled past.
    pub fn note_scroll(&self) -> u16 {
        self.app.note_scroll
    }

    /// The result of a finished game as the panel shows it under the moves, wrapped to
    /// `width` columns: `1-0 · Checkmate — White wins`. None while the game goes on.
    pub fn result_lines(&self, width: usize) -> Vec<String> {
        if let Some(end) = (self.app.table.puzzle().and_then(super::puzzle::end_words))
            .or_else(|| super::retro::kept_said(self.app))
        {
            return text::wrap(&end, width.saturating_sub(1).max(1));
        }
        match self.app.game.outcome() {
            Some(outcome) => text::wrap(
                &format!(
                    "{} · {}",
                    outcome.result.pgn(),
                    self.app.view().words().outcome(outcome)
                ),
                width.saturating_sub(1).max(1),
            ),
            None => Vec::new(),
        }
    }
}

impl View<'_> {
    /// Whether a screen cell is on the note.
    pub(super) fn on_note(&self, column: u16, row: u16) -> bool {
        self.app
            .view()
            .panel_layout()
            .is_some_and(|p| p.note.contains(ratatui::layout::Position::new(column, row)))
    }

    /// Whether a game still being played shows an earlier position: the review is read-only.
    pub(super) fn past_of_live_game(&self) -> bool {
        self.app.review.is_active() && !self.app.game.is_over()
    }

    /// Whether the arrow keys step through the moves rather than move the board's cursor (see
    /// the module docs of `stepping`). Typed text keeps the arrows for itself.
    pub fn arrows_step(&self) -> bool {
        self.app.move_box.is_empty()
            && !self.app.board.engaged
            && (self.app.game.is_over() || self.app.review.is_active())
    }
}
