//! The screen plan: board on the left, side panel on the right, three lines across the bottom.
//!
//! ```text
//! 80x24: squares 5x2
//!
//! row  0  ┌ board strip 44x21 ───────────┐┌ panel 36x21 ─────────────────┐
//!         │ board 42x17 centred,         ││ ♚ Black              4:59.3  │ clock of the top side
//!         │ rows 2-18, cols 1-42:        ││ ♙♙ +2                        │ its captures, material
//!         │ rank digits, 8x8 squares,    ││  1. e4      e5               │ move list (pairs),
//!         │ file letters                 ││  2. Nf3     Nc6              │ scrolled to the latest
//!         │                              ││  …                           │
//!         │                              ││ ♟ -2                         │
//!         │                              ││ ♔ White              5:00.0  │ clock of the bottom side
//! row 20  └──────────────────────────────┘└──────────────────────────────┘
//! row 21  status 80x1: messages, offers, check, the result
//! row 22  prompt 80x1: "White to move › Nf3"
//! row 23  footer 80x1: Enter select  F1 help  F2 flip  Ctrl-D offer draw  Ctrl-Q quit
//!
//! 160x50: squares 11x5, board and panel centred as a group
//!
//! rows 0-46   margin 11 | board strip 92x47 (board 90x41, rows 3-43) | panel 46x47 | margin 11
//! rows 47-49  status, prompt, footer, 160x1 each
//!
//! 62x50: too narrow for a bigger board beside the panel, so the panel goes below it
//!
//! rows 0-24   board strip 62x25 (board 58x25: squares 7x3, centred)
//! rows 25-46  panel 60x22, under the board: clocks, captures and a tall move list
//! rows 47-49  status, prompt, footer
//! ```
//!
//! The panel puts the clock of the side at the bottom of the board at the bottom, so flipping
//! the board flips the panel too. Beside the board, the board gets the largest square size for
//! which the panel keeps [`PANEL_MIN_WIDTH`] columns; the panel grows up to [`PANEL_MAX_WIDTH`]
//! and what is left is shared out either side, so the two stay together in the middle of a
//! wide window. A tall, narrow window puts the panel below the board instead when that gives
//! bigger squares. Squares are always `2h + 1` cells wide by `h` high, close to square in a
//! usual terminal font (see [`BoardLayout`]). The panel always takes the full height (or, below
//! the board, everything under it), so a tall window gets a tall move list.
//!
//! The minimum, [`MIN_WIDTH`] x [`MIN_HEIGHT`] = 60x16, is the smallest board (3x1 squares,
//! 26x9) beside a 32-column panel with room for two clocks, captured pieces and a few moves,
//! above the three bottom lines. 80x24 is comfortably above it, with 5x2 squares.

use ratatui::layout::{Rect, Size};

use super::board::BoardLayout;
use crate::rules::Color;

/// The narrowest usable terminal.
pub const MIN_WIDTH: u16 = 60;
/// The shortest usable terminal.
pub const MIN_HEIGHT: u16 = 16;
/// The narrowest the side panel gets: a clock line, "captured: " and eight pieces, move pairs.
pub const PANEL_MIN_WIDTH: u16 = 30;
/// The widest the side panel gets: big clocks, a name and room for two columns of move pairs;
/// wider would only be empty.
pub const PANEL_MAX_WIDTH: u16 = 46;
/// The fewest rows a panel under the board gets: frame, two clocks, two capture lines and a
/// few moves.
pub const PANEL_MIN_HEIGHT: u16 = 10;
/// Status, prompt and key hints.
const BOTTOM_LINES: u16 = 3;
/// Blank columns either side of the board, between it and the screen edge and the panel.
const BOARD_MARGIN: u16 = 1;

/// The terminal is smaller than [`MIN_WIDTH`] x [`MIN_HEIGHT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooSmall {
    pub need: Size,
    pub have: Size,
}

/// Where each part of the screen goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenLayout {
    /// Give this to the board widget, and to [`BoardLayout::new`] for clicks.
    pub board: Rect,
    /// Clocks, captured pieces and the move list.
    pub panel: Rect,
    /// One line: messages, offers, check, the result.
    pub status: Rect,
    /// One line: whose move it is and the typed text.
    pub prompt: Rect,
    /// One line: key hints from the keymap.
    pub footer: Rect,
}

impl ScreenLayout {
    /// The plan for a terminal of `area`'s size.
    ///
    /// ```
    /// use ratatui::layout::{Rect, Size};
    /// use hotseat::rules::Color;
    /// use hotseat::layout::{BoardLayout, ScreenLayout};
    /// let screen = ScreenLayout::new(Rect::new(0, 0, 80, 24)).unwrap();
    /// let board = BoardLayout::new(screen.board, Color::White).unwrap();
    /// assert_eq!(board.square_size(), Size::new(5, 2));
    /// ```
    pub fn new(area: Rect) -> Result<ScreenLayout, TooSmall> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return Err(TooSmall {
                need: Size::new(MIN_WIDTH, MIN_HEIGHT),
                have: area.as_size(),
            });
        }
        let main_height = area.height - BOTTOM_LINES;
        let bottom = area.y + main_height;
        let line = |i: u16| Rect::new(area.x, bottom + i, area.width, 1);
        let square_height =
            |room: Rect| BoardLayout::new(room, Color::White).map_or(0, |b| b.square_size().height);

        let beside = Rect::new(
            0,
            0,
            area.width - PANEL_MIN_WIDTH - 2 * BOARD_MARGIN,
            main_height,
        );
        let below = Rect::new(
            0,
            0,
            area.width - 2 * BOARD_MARGIN,
            main_height.saturating_sub(PANEL_MIN_HEIGHT),
        );
        let (board, panel) = if square_height(below) > square_height(beside) {
            // The board on top, the panel under it as wide as the board strip.
            let board = BoardLayout::new(below, Color::White)
                .map_or(below.as_size(), |b| b.area().as_size());
            let strip = Size::new(board.width + 2 * BOARD_MARGIN, board.height);
            let x = area.x + (area.width - strip.width) / 2;
            (
                Rect::new(x, area.y, strip.width, strip.height),
                Rect::new(
                    x,
                    area.y + strip.height,
                    strip.width,
                    main_height - strip.height,
                ),
            )
        } else {
            let board_width = BoardLayout::new(beside, Color::White)
                .map_or(beside.width, |b| b.area().width)
                + 2 * BOARD_MARGIN;
            let panel_width = (area.width - board_width).min(PANEL_MAX_WIDTH);
            let spare = area.width - board_width - panel_width;
            let x = area.x + spare / 2;
            (
                Rect::new(x, area.y, board_width, main_height),
                Rect::new(x + board_width, area.y, panel_width, main_height),
            )
        };
        Ok(ScreenLayout {
            board,
            panel,
            status: line(0),
            prompt: line(1),
            footer: line(2),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board_of(w: u16, h: u16) -> (ScreenLayout, BoardLayout) {
        let screen = ScreenLayout::new(Rect::new(0, 0, w, h)).unwrap();
        let board = BoardLayout::new(screen.board, Color::Black).unwrap();
        (screen, board)
    }

    #[test]
    fn eighty_by_twenty_four_gets_five_by_two_squares() {
        let (screen, board) = board_of(80, 24);
        assert_eq!(board.square_size(), Size::new(5, 2));
        assert_eq!(screen.board, Rect::new(0, 0, 44, 21));
        assert_eq!(screen.panel, Rect::new(44, 0, 36, 21));
        assert_eq!(screen.footer, Rect::new(0, 23, 80, 1));
    }

    #[test]
    fn one_sixty_by_fifty_gets_eleven_by_five_squares() {
        let (screen, board) = board_of(160, 50);
        assert_eq!(board.square_size(), Size::new(11, 5));
        assert_eq!(screen.panel.width, PANEL_MAX_WIDTH);
        assert_eq!(
            screen.board.x, 11,
            "the spare columns are shared out either side"
        );
        assert_eq!(160 - screen.panel.right(), 11);
    }

    #[test]
    fn minimum_size_fits_the_smallest_board_and_the_panel() {
        let (screen, board) = board_of(MIN_WIDTH, MIN_HEIGHT);
        assert_eq!(board.square_size(), Size::new(3, 1));
        assert!(screen.panel.width >= PANEL_MIN_WIDTH);
    }

    #[test]
    fn panel_never_narrower_than_its_minimum() {
        for w in MIN_WIDTH..=220 {
            for h in [MIN_HEIGHT, 24, 40, 60] {
                let (screen, board) = board_of(w, h);
                assert!(screen.panel.width >= PANEL_MIN_WIDTH, "{w}x{h}");
                assert!(screen.board.contains(board.area().as_position()), "{w}x{h}");
                let group = screen.board.union(screen.panel);
                let (left, right) = (group.x, w - group.right());
                assert!(left == right || left + 1 == right, "{w}x{h}: centred");
                if screen.panel.y == screen.board.y {
                    assert!(screen.panel.width <= PANEL_MAX_WIDTH, "{w}x{h}");
                    assert_eq!(screen.board.right(), screen.panel.left());
                } else {
                    assert_eq!(screen.board.bottom(), screen.panel.top(), "{w}x{h}");
                }
            }
        }
    }

    #[test]
    fn a_tall_narrow_window_puts_the_panel_under_a_bigger_board() {
        let (screen, board) = board_of(62, 50);
        assert_eq!(board.square_size(), Size::new(7, 3));
        assert_eq!(screen.panel.y, screen.board.bottom());
        assert_eq!(screen.panel.x, screen.board.x);
        assert_eq!(screen.panel.bottom(), screen.status.y);
        assert!(screen.panel.height >= PANEL_MIN_HEIGHT);
        let (screen, _) = board_of(80, 24);
        assert_eq!(screen.panel.y, 0, "beside the board when that is as good");
    }

    #[test]
    fn smaller_than_minimum_is_refused_with_both_sizes() {
        let err = ScreenLayout::new(Rect::new(0, 0, 59, 30)).unwrap_err();
        assert_eq!(err.need, Size::new(60, 16));
        assert_eq!(err.have, Size::new(59, 30));
        assert!(ScreenLayout::new(Rect::new(0, 0, 100, 15)).is_err());
    }
}
