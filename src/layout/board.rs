//! Where each square of the board is on the screen, as a pure function of the area.
//!
//! The renderer and the mouse hit-test both ask a [`BoardLayout`], so a click can never land on
//! a different square than the one drawn under it. Squares grow with the terminal: the layout
//! takes the largest size from [`SQUARE_SIZES`] that fits, `w` columns by `h` rows with
//! `w = 2h + 1`, which is close to square in a terminal font whose cells are about twice as tall
//! as they are wide (3x1, 5x2, 7x3, 9x4, ...). The board is centred in the area.
//!
//! Around the 8x8 grid there is one column of rank numbers on the left (plus a space) and one
//! row of file letters below; both follow the orientation.

use ratatui::layout::{Position, Rect, Size};

use crate::rules::{Color, File, Rank, Square};

/// Square sizes, smallest first: `(width, height)` in cells.
pub const SQUARE_SIZES: [Size; 8] = {
    let mut sizes = [Size::new(0, 0); 8];
    let mut i = 0;
    while i < sizes.len() {
        let h = i as u16 + 1;
        sizes[i] = Size::new(2 * h + 1, h);
        i += 1;
    }
    sizes
};

/// Columns taken by the rank numbers, left of the grid: the digit and a space.
const RANK_LABEL_WIDTH: u16 = 2;
/// Rows taken by the file letters, below the grid.
const FILE_LABEL_HEIGHT: u16 = 1;

/// The geometry of a board drawn in some area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardLayout {
    orientation: Color,
    square: Size,
    /// The 8x8 grid, without labels.
    grid: Rect,
}

impl BoardLayout {
    /// The largest board that fits in `area`, centred, with `orientation` at the bottom; `None`
    /// if even the smallest squares do not fit (see [`BoardLayout::min_size`]).
    ///
    /// ```
    /// use ratatui::layout::{Rect, Size};
    /// use hotseat::rules::{Color, Square};
    /// use hotseat::layout::BoardLayout;
    /// let layout = BoardLayout::new(Rect::new(0, 0, 44, 18), Color::White).unwrap();
    /// assert_eq!(layout.square_size(), Size::new(5, 2));
    /// let e4 = layout.square_rect(Square::E1.offset(0, 3).unwrap());
    /// assert_eq!(layout.square_at(e4.x + 2, e4.y + 1), Square::E1.offset(0, 3));
    /// ```
    pub fn new(area: Rect, orientation: Color) -> Option<BoardLayout> {
        let square = SQUARE_SIZES.into_iter().rev().find(|&s| {
            let need = BoardLayout::outer_size(s);
            need.width <= area.width && need.height <= area.height
        })?;
        let outer = BoardLayout::outer_size(square);
        let x = area.x + (area.width - outer.width) / 2;
        let y = area.y + (area.height - outer.height) / 2;
        Some(BoardLayout {
            orientation,
            square,
            grid: Rect::new(x + RANK_LABEL_WIDTH, y, 8 * square.width, 8 * square.height),
        })
    }

    /// The size of the whole board, labels included, with squares of size `square`.
    pub const fn outer_size(square: Size) -> Size {
        Size::new(
            RANK_LABEL_WIDTH + 8 * square.width,
            8 * square.height + FILE_LABEL_HEIGHT,
        )
    }

    /// The smallest area a board fits in.
    pub const fn min_size() -> Size {
        BoardLayout::outer_size(SQUARE_SIZES[0])
    }

    /// The whole board, labels included.
    pub const fn area(&self) -> Rect {
        Rect::new(
            self.grid.x - RANK_LABEL_WIDTH,
            self.grid.y,
            self.grid.width + RANK_LABEL_WIDTH,
            self.grid.height + FILE_LABEL_HEIGHT,
        )
    }

    /// The 8x8 grid of squares, labels excluded.
    pub const fn grid(&self) -> Rect {
        self.grid
    }

    pub const fn square_size(&self) -> Size {
        self.square
    }

    /// The side shown at the bottom.
    pub const fn orientation(&self) -> Color {
        self.orientation
    }

    /// Column and row of a square in the grid, counted from the top left.
    const fn grid_coords(&self, sq: Square) -> (u16, u16) {
        let file = sq.file().index() as u16;
        let rank = sq.rank().index() as u16;
        match self.orientation {
            Color::White => (file, 7 - rank),
            Color::Black => (7 - file, rank),
        }
    }

    /// The cells a square occupies.
    pub const fn square_rect(&self, sq: Square) -> Rect {
        let (col, row) = self.grid_coords(sq);
        Rect::new(
            self.grid.x + col * self.square.width,
            self.grid.y + row * self.square.height,
            self.square.width,
            self.square.height,
        )
    }

    /// The cell in the middle of a square, where its piece is drawn.
    pub const fn glyph_position(&self, sq: Square) -> Position {
        let rect = self.square_rect(sq);
        Position::new(
            rect.x + self.square.width / 2,
            rect.y + self.square.height / 2,
        )
    }

    /// The square under a screen cell, for mouse clicks.
    pub fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        if !self.grid.contains(Position::new(column, row)) {
            return None;
        }
        let col = (column - self.grid.x) / self.square.width;
        let row = (row - self.grid.y) / self.square.height;
        let (file, rank) = match self.orientation {
            Color::White => (col, 7 - row),
            Color::Black => (7 - col, row),
        };
        Some(Square::from_coords(
            File::new(u32::from(file)),
            Rank::new(u32::from(rank)),
        ))
    }

    /// Where a rank's number is drawn: left of the grid, on the glyph row.
    pub const fn rank_label(&self, rank: Rank) -> Position {
        let sq = Square::from_coords(File::A, rank);
        Position::new(self.grid.x - RANK_LABEL_WIDTH, self.glyph_position(sq).y)
    }

    /// Where a file's letter is drawn: below the grid, under the glyph column.
    pub const fn file_label(&self, file: File) -> Position {
        let sq = Square::from_coords(file, Rank::First);
        Position::new(self.glyph_position(sq).x, self.grid.y + self.grid.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_sizes_are_roughly_square_and_growing() {
        for pair in SQUARE_SIZES.windows(2) {
            assert!(pair[0].width < pair[1].width && pair[0].height < pair[1].height);
        }
        for s in SQUARE_SIZES {
            assert_eq!(s.width, 2 * s.height + 1);
        }
    }

    #[test]
    fn picks_the_largest_square_that_fits_and_centres_it() {
        let layout = BoardLayout::new(Rect::new(0, 0, 80, 22), Color::White).unwrap();
        assert_eq!(layout.square_size(), Size::new(5, 2));
        assert_eq!(layout.area(), Rect::new(19, 2, 42, 17));
        let layout = BoardLayout::new(Rect::new(0, 0, 130, 48), Color::White).unwrap();
        assert_eq!(layout.square_size(), Size::new(11, 5));
        assert_eq!(layout.area().height, 41);
    }

    #[test]
    fn too_small_area_has_no_layout() {
        let min = BoardLayout::min_size();
        assert_eq!(min, Size::new(26, 9));
        assert!(BoardLayout::new(Rect::new(3, 4, min.width, min.height), Color::Black).is_some());
        assert!(BoardLayout::new(Rect::new(0, 0, min.width - 1, 40), Color::White).is_none());
        assert!(BoardLayout::new(Rect::new(0, 0, 200, min.height - 1), Color::White).is_none());
    }

    #[test]
    fn orientation_puts_own_first_rank_at_the_bottom_left() {
        let area = Rect::new(0, 0, 26, 9);
        let white = BoardLayout::new(area, Color::White).unwrap();
        assert_eq!(white.square_rect(Square::A1), Rect::new(2, 7, 3, 1));
        assert_eq!(white.square_rect(Square::H8), Rect::new(23, 0, 3, 1));
        let black = BoardLayout::new(area, Color::Black).unwrap();
        assert_eq!(black.square_rect(Square::H8), Rect::new(2, 7, 3, 1));
        assert_eq!(black.square_rect(Square::A1), Rect::new(23, 0, 3, 1));
        assert_eq!(black.file_label(File::H), Position::new(3, 8));
        assert_eq!(black.rank_label(Rank::Eighth), Position::new(0, 7));
    }

    #[test]
    fn labels_and_margins_are_not_squares() {
        let layout = BoardLayout::new(Rect::new(0, 0, 26, 9), Color::White).unwrap();
        assert_eq!(layout.square_at(0, 0), None);
        assert_eq!(layout.square_at(1, 7), None);
        assert_eq!(layout.square_at(2, 8), None);
        assert_eq!(layout.square_at(26, 0), None);
        assert_eq!(layout.square_at(2, 7), Some(Square::A1));
        assert_eq!(layout.square_at(25, 0), Some(Square::H8));
    }
}
