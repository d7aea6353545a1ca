//! The moves so far in SAN, a move pair per row (`  1. e4      e5`), with the move that led to
//! the position on the board highlighted, scrolled so that it stays in view (normally: the
//! latest move at the bottom). Rows and scrolling are [`crate::layout::panel`]'s, which mouse
//! clicks on the list read too.
//!
//! A game from a set-up position with Black to move starts with `1. …` in White's column.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::game::{Notes, Record, nag_text};
use crate::layout::panel::{SAN_WIDTH, first_row, move_rows};

/// The move list of a record.
#[derive(Clone, Copy, Debug)]
pub struct MoveListView<'a> {
    pub record: &'a Record,
    /// The glyphs and comment of each move: the glyphs follow the SAN.
    pub notes: &'a [Notes],
    /// ASCII stand-ins for the glyphs' symbols.
    pub ascii: bool,
    /// Half-moves played up to the position shown: the last of them is highlighted, and at 0
    /// (the start position) the list starts at move 1.
    pub shown: usize,
    pub theme: Theme,
}

impl MoveListView<'_> {
    fn san_span(&self, ply: Option<usize>) -> Span<'static> {
        let Some(i) = ply else {
            return Span::raw(format!("{:width$}", "…", width = usize::from(SAN_WIDTH)));
        };
        let san = &self.record.moves()[i].san;
        let glyphs = self
            .notes
            .get(i)
            .map(|n| nag_text(&n.nags, self.ascii))
            .unwrap_or_default();
        let text = format!(
            "{:width$}",
            san.clone() + &glyphs,
            width = usize::from(SAN_WIDTH)
        );
        if self.current() == Some(i) {
            Span::styled(text, self.current_style())
        } else {
            Span::styled(text, self.theme.text())
        }
    }

    /// The half-move highlighted (0-based index into the moves), if any.
    fn current(&self) -> Option<usize> {
        self.shown.checked_sub(1)
    }

    fn current_style(&self) -> Style {
        self.theme.title().add_modifier(Modifier::REVERSED)
    }
}

impl Widget for MoveListView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let height = usize::from(area.height);
        if height == 0 {
            return;
        }
        let rows = move_rows(self.record.start(), self.record.plies());
        if rows.is_empty() {
            Line::styled("   no moves yet", self.theme.muted()).render(area, buf);
            return;
        }
        let first = first_row(&rows, self.current(), height);
        for (y, row) in rows.iter().skip(first).take(height).enumerate() {
            let number = Span::styled(format!("{:>4}. ", row.number), self.theme.muted());
            let black = match row.black {
                Some(_) => self.san_span(row.black),
                None => Span::raw(""),
            };
            let line = Line::from(vec![
                number,
                self.san_span(row.white),
                Span::raw(" "),
                black,
            ]);
            let row_area = Rect::new(area.x, area.y + y as u16, area.width, 1);
            line.render(row_area, buf);
        }
        // Moves out of view above or below: a mark in the first column, which move numbers
        // (right-aligned in four) leave blank.
        if first > 0 {
            buf.set_string(area.x, area.y, "⋮", self.theme.muted());
        }
        if first + height < rows.len() {
            buf.set_string(area.x, area.bottom() - 1, "⋮", self.theme.muted());
        }
    }
}
