//! The moves so far in SAN, a move pair per row (`  1. e4      e5`), with the move that led to
//! the position on the board highlighted, scrolled so that it stays in view (normally: the
//! latest move at the bottom). Variations go on rows of their own under their move, indented
//! by depth, in brackets and dimmer (so they stand apart without colour too). Rows and
//! scrolling are [`crate::layout::panel`]'s, which mouse clicks on the list read too.
//!
//! A game from a set-up position with Black to move starts with `1. …` in White's column.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::{GlyphSet, Theme};
use crate::app::notation::written_move;
use crate::game::{Game, Spot, nag_text};
use crate::layout::panel::{ListRow, SAN_WIDTH, first_row, list_rows};
use crate::rules::MoveStyle;

/// The move list of a game.
#[derive(Clone, Copy, Debug)]
pub struct MoveListView<'a> {
    pub game: &'a Game,
    /// ASCII stand-ins for the glyphs' symbols.
    pub ascii: bool,
    /// The position shown: the move that led to it is highlighted, and at the start position
    /// the list starts at move 1.
    pub shown: Spot,
    pub theme: Theme,
    /// How moves are written (SAN, figurines, LAN; the players' piece letters).
    pub style: MoveStyle,
    /// While learning from the mistakes, the variations (the engine's better lines among
    /// them) would give the answers away: their rows stay, their moves are not written.
    pub hide_lines: bool,
}

impl MoveListView<'_> {
    fn glyphs(&self) -> GlyphSet {
        if self.ascii {
            GlyphSet::Ascii
        } else {
            GlyphSet::Unicode
        }
    }

    fn san_span(&self, ply: Option<usize>) -> Span<'static> {
        let Some(i) = ply else {
            let gap = if self.ascii { "..." } else { "…" };
            return Span::raw(format!("{gap:width$}", width = usize::from(SAN_WIDTH)));
        };
        let san = written_move(self.game, i, self.style);
        let nags = self.game.notes().get(i).map_or(&[][..], |n| &n.nags[..]);
        let glyphs = nag_text(nags, self.ascii);
        let text = format!("{:width$}", san + &glyphs, width = usize::from(SAN_WIDTH));
        if self.shown == Spot::Main(i + 1) {
            Span::styled(text, self.current_style())
        } else {
            // A label of the game report (?! ? ??) colours the move, in lichess's colours.
            let style = nags
                .first()
                .map_or(self.theme.text(), |&nag| self.theme.judgement(nag));
            Span::styled(text, style)
        }
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
        let rows = list_rows(self.game, area.width, self.ascii);
        if rows.is_empty() {
            Line::styled("   no moves yet", self.theme.muted()).render(area, buf);
            return;
        }
        let first = first_row(&rows, self.shown, height);
        for (y, row) in rows.iter().skip(first).take(height).enumerate() {
            let row_area = Rect::new(area.x, area.y + y as u16, area.width, 1);
            let line = match row {
                ListRow::Pair(row) => {
                    let number = Span::styled(format!("{:>4}. ", row.number), self.theme.muted());
                    let black = match row.black {
                        Some(_) => self.san_span(row.black),
                        None => Span::raw(""),
                    };
                    Line::from(vec![
                        number,
                        self.san_span(row.white),
                        Span::raw(" "),
                        black,
                    ])
                }
                ListRow::Line { indent, .. } if self.hide_lines => Line::styled(
                    format!(
                        "{}(hidden while learning)",
                        " ".repeat(usize::from(*indent))
                    ),
                    self.theme.muted(),
                ),
                ListRow::Line { indent, cells } => {
                    let mut spans = vec![Span::raw(" ".repeat(usize::from(*indent)))];
                    for (i, cell) in cells.iter().enumerate() {
                        if i > 0 {
                            spans.push(Span::raw(" "));
                        }
                        let style = if cell.spot == self.shown {
                            self.current_style()
                        } else {
                            self.theme.muted()
                        };
                        spans.push(Span::styled(cell.text.clone(), style));
                    }
                    Line::from(spans)
                }
            };
            line.render(row_area, buf);
        }
        // Moves out of view above or below: a mark in the first column, which move numbers
        // (right-aligned in four) and variations (indented) leave blank.
        let more = self.glyphs().more();
        if first > 0 {
            buf.set_string(area.x, area.y, more, self.theme.muted());
        }
        if first + height < rows.len() {
            buf.set_string(area.x, area.bottom() - 1, more, self.theme.muted());
        }
    }
}
