//! The moves so far in SAN, a move pair per row (`  1. e4      e5`), with the move that led to
//! the position on the board highlighted, scrolled so that it stays in view (normally: the
//! latest move at the bottom).
//!
//! A game from a set-up position with Black to move starts with `1. …` in White's column.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::ply_number;
use crate::game::Record;

/// Columns taken by one SAN (`Qxf7#`, `exd8=Q+`, padded).
const SAN_WIDTH: usize = 8;

/// The move list of a record.
#[derive(Clone, Copy, Debug)]
pub struct MoveListView<'a> {
    pub record: &'a Record,
    /// Half-moves played up to the position shown: the last of them is highlighted, and at 0
    /// (the start position) the list starts at move 1.
    pub shown: usize,
    pub theme: Theme,
}

/// One row: the move number and the indices of White's and Black's moves on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Row {
    number: u32,
    white: Option<usize>,
    black: Option<usize>,
}

impl MoveListView<'_> {
    fn rows(&self) -> Vec<Row> {
        let start = self.record.start();
        let mut rows: Vec<Row> = Vec::new();
        for i in 0..self.record.plies() {
            let (number, white) = ply_number(start, i);
            if white || rows.is_empty() {
                rows.push(Row {
                    number,
                    white: None,
                    black: None,
                });
            }
            if let Some(row) = rows.last_mut() {
                if white {
                    row.white = Some(i);
                } else {
                    row.black = Some(i);
                }
            }
        }
        rows
    }

    /// The first row shown so that the highlighted move is in view (the first row at the start
    /// position).
    fn first_row(&self, rows: &[Row], height: usize) -> usize {
        let Some(current) = self.current() else {
            return 0;
        };
        let target = rows
            .iter()
            .position(|r| r.white == Some(current) || r.black == Some(current))
            .unwrap_or(rows.len().saturating_sub(1));
        // The latest move sits at the bottom; an earlier one being reviewed stays mid-list.
        let last_start = rows.len().saturating_sub(height);
        last_start.min(target.saturating_sub(height / 2))
    }

    fn san_span(&self, ply: Option<usize>) -> Span<'static> {
        let Some(i) = ply else {
            return Span::raw(format!("{:SAN_WIDTH$}", "…"));
        };
        let san = &self.record.moves()[i].san;
        let text = format!("{san:SAN_WIDTH$}");
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
        let rows = self.rows();
        if rows.is_empty() {
            Line::styled("   no moves yet", self.theme.muted()).render(area, buf);
            return;
        }
        let first = self.first_row(&rows, height);
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
