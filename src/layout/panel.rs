//! The side panel's plan: the clock and captures of the side at the top of the board, the
//! opening's name (in a tall panel), the move list, the note on the position shown (its comment and clock times, when there is one), then
//! the captures and clock of the side at the bottom; and where each move of the move list sits,
//! so that a click on a move shows that position.
//!
//! The move list is one move pair per row (`   1. e4      e5`), scrolled so that the move shown
//! stays in view: the latest at the bottom, an earlier one being reviewed in the middle.

use ratatui::layout::{Constraint, Layout, Rect};

use crate::game::ply_number;
use crate::rules::Position;

/// The panel height (frame included) from which the opening's name has rows of its own above
/// the moves; a shorter panel, where every row of the move list counts, names it on its
/// bottom border.
pub const OPENING_ROWS_FROM: u16 = 30;

/// Rows of a big clock (see `ui::clock`).
pub const BIG_CLOCK_HEIGHT: u16 = 4;
/// Columns of a move number (`  12. `), before White's move.
pub const NUMBER_WIDTH: u16 = 6;
/// Columns of one move's cell (`Qxf7#`, `exd8=Q+`, padded); a move with annotation glyphs
/// longer than that pushes the rest of its row on.
pub const SAN_WIDTH: u16 = 8;

/// Where each part of the panel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PanelLayout {
    /// The panel, frame included.
    pub area: Rect,
    /// Inside the frame.
    pub inner: Rect,
    pub top_clock: Rect,
    pub top_captured: Rect,
    /// The opening's name, above the moves; zero rows when it has none or the panel is short.
    pub opening: Rect,
    pub moves: Rect,
    /// The result of a finished game, under the moves, whatever position is shown; the
    /// game-over box when it is open, so that the last moves stay in view above it.
    pub result: Rect,
    /// The note on the position shown; zero rows when there is none.
    pub note: Rect,
    pub bottom_captured: Rect,
    pub bottom_clock: Rect,
}

impl PanelLayout {
    /// The plan for a panel (frame included) of `area`: big clocks when the game is `timed`
    /// and the panel is tall enough to keep a long move list beside them; `result_rows` under
    /// the moves for the result of a finished game; and up to `note_rows` rows for the note,
    /// never more than the move list keeps; `opening_rows` above the moves for the opening's
    /// name.
    pub fn new(
        area: Rect,
        timed: bool,
        result_rows: u16,
        note_rows: u16,
        opening_rows: u16,
    ) -> PanelLayout {
        let inner = area.inner(ratatui::layout::Margin::new(1, 1));
        let clock_rows = if timed && inner.height >= 26 && inner.width >= 36 {
            BIG_CLOCK_HEIGHT
        } else {
            1
        };
        let opening = opening_rows.min(inner.height.saturating_sub(2 * clock_rows + 2) / 4);
        let middle = inner.height.saturating_sub(2 * clock_rows + 2 + opening);
        // The result (or the game-over box in its place) keeps three rows of moves above it.
        let result = result_rows.min(middle.saturating_sub(3));
        let note = note_rows.min((middle - result) / 2);
        let [
            top_clock,
            top_captured,
            opening,
            moves,
            result,
            note,
            bottom_captured,
            bottom_clock,
        ] = Layout::vertical([
            Constraint::Length(clock_rows),
            Constraint::Length(1),
            Constraint::Length(opening),
            Constraint::Fill(1),
            Constraint::Length(result),
            Constraint::Length(note),
            Constraint::Length(1),
            Constraint::Length(clock_rows),
        ])
        .areas(inner);
        PanelLayout {
            area,
            inner,
            top_clock,
            top_captured,
            opening,
            moves,
            result,
            note,
            bottom_captured,
            bottom_clock,
        }
    }
}

/// One row of the move list: the move number and the indices of White's and Black's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub number: u32,
    pub white: Option<usize>,
    pub black: Option<usize>,
}

/// The rows of a game of `plies` half-moves from `start`. A game from a set-up position with
/// Black to move starts with `1. …` in White's column.
pub fn move_rows(start: &Position, plies: usize) -> Vec<MoveRow> {
    let mut rows: Vec<MoveRow> = Vec::new();
    for i in 0..plies {
        let (number, white) = ply_number(start, i);
        if white || rows.is_empty() {
            rows.push(MoveRow {
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

/// The first row shown in `height` rows so that the move `current` (0-based, `None` at the
/// start position) is in view: the latest move sits at the bottom, an earlier one stays
/// mid-list.
pub fn first_row(rows: &[MoveRow], current: Option<usize>, height: usize) -> usize {
    let Some(current) = current else {
        return 0;
    };
    let target = rows
        .iter()
        .position(|r| r.white == Some(current) || r.black == Some(current))
        .unwrap_or(rows.len().saturating_sub(1));
    let last_start = rows.len().saturating_sub(height);
    last_start.min(target.saturating_sub(height / 2))
}

/// The move (0-based half-move index) drawn at a screen cell of the move list `area`: a click on
/// the number or White's cell is White's move, further right Black's.
pub fn move_at(
    area: Rect,
    rows: &[MoveRow],
    current: Option<usize>,
    column: u16,
    row: u16,
) -> Option<usize> {
    if !area.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let first = first_row(rows, current, usize::from(area.height));
    let line = rows.get(first + usize::from(row - area.y))?;
    if column < area.x + NUMBER_WIDTH + SAN_WIDTH {
        line.white.or(line.black)
    } else {
        line.black.or(line.white)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_from_black_to_move_starts_with_an_empty_white_cell() {
        let start = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 7").unwrap();
        let rows = move_rows(&start, 3);
        assert_eq!(
            rows,
            [
                MoveRow {
                    number: 7,
                    white: None,
                    black: Some(0)
                },
                MoveRow {
                    number: 8,
                    white: Some(1),
                    black: Some(2)
                }
            ]
        );
    }

    #[test]
    fn the_move_shown_stays_in_view_and_the_latest_sits_at_the_bottom() {
        let rows = move_rows(&Position::initial(), 40);
        assert_eq!(first_row(&rows, Some(39), 10), 10);
        assert_eq!(first_row(&rows, Some(0), 10), 0);
        assert_eq!(first_row(&rows, Some(20), 10), 5);
        assert_eq!(first_row(&rows, None, 10), 0);
    }

    #[test]
    fn a_click_on_a_row_picks_whites_or_blacks_move() {
        let rows = move_rows(&Position::initial(), 5);
        let area = Rect::new(10, 5, 30, 4);
        assert_eq!(move_at(area, &rows, Some(4), 12, 5), Some(0));
        assert_eq!(move_at(area, &rows, Some(4), 10 + 6 + 8 + 1, 6), Some(3));
        assert_eq!(move_at(area, &rows, Some(4), 10 + 6 + 8 + 1, 7), Some(4));
        assert_eq!(
            move_at(area, &rows, Some(4), 12, 8),
            None,
            "below the moves"
        );
        assert_eq!(move_at(area, &rows, Some(4), 9, 5), None, "outside");
    }
}
