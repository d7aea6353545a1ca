//! The chess board widget.
//!
//! It draws a [`BoardView`], a plain struct of everything the board shows, so it can be tested
//! without an app and reused for history browsing or a game-over screen. Geometry comes from
//! [`BoardLayout`], the same function the app uses to turn mouse clicks into squares.
//!
//! Each square is a block of `w x h` cells with its piece (or a move-target dot) in the middle.
//! In colour, highlights tint the square (see [`Theme::square`]). In monochrome they are drawn as
//! shapes, in pairs of cells either side of the piece:
//!
//! | highlight             | colour                 | monochrome                              |
//! |-----------------------|------------------------|-----------------------------------------|
//! | dark square           | darker tint            | hatched `╱` (`/`), clear around a piece |
//! | cursor                | cursor tint            | `>` `<`, outermost pair of the square   |
//! | selected piece        | selected tint          | `[` `]`                                 |
//! | capture target        | capture tint           | `(` `)` (with a dot for en passant)     |
//! | quiet target          | dot                    | dot                                     |
//! | king in check         | check tint             | `!` `!`                                 |
//! | last move (from, to)  | last-move tint         | underlined square                       |
//! | glowing piece         | glow tint, bold        | piece cell inverted, bold               |
//!
//! A 3-column square has room for one pair of marks: the cursor wins, then selected, capture
//! and check. From 5 columns on, the cursor takes the outer pair and the others fill inwards.

use std::sync::OnceLock;

use ratatui::buffer::Buffer;
use ratatui::layout::{Rect, Size};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

pub use crate::layout::board::{BoardLayout, SQUARE_SIZES};
pub use crate::rules::move_targets;

use super::figures::{Band, figure, outline};
use super::theme::{GlyphSet, SquareMarks, Theme};
use crate::rules::{Bitboard, Color, File, Position, Rank, Role, Square};

/// Everything the board shows.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    pub position: &'a Position,
    /// The side shown at the bottom.
    pub orientation: Color,
    pub cursor: Option<Square>,
    pub selected: Option<Square>,
    /// Legal destinations of the selected piece, e.g. from [`move_targets`]. Occupied targets,
    /// and diagonal pawn targets (en passant), are shown as captures.
    pub targets: Bitboard,
    /// The last move's origin and destination.
    pub last_move: Option<(Square, Square)>,
    /// The king in check.
    pub check: Option<Square>,
    /// Pieces that could make the move typed so far.
    pub glow: Bitboard,
    pub theme: Theme,
    pub glyphs: GlyphSet,
    /// The squares without their pieces: a resumed timed game before its clock starts, so
    /// that nobody thinks on time that is not theirs.
    pub hidden: bool,
}

impl<'a> BoardView<'a> {
    /// A plain view of `position` from White's side: no cursor, no highlights except check.
    pub fn new(position: &'a Position) -> BoardView<'a> {
        BoardView {
            position,
            orientation: Color::White,
            cursor: None,
            selected: None,
            targets: Bitboard::EMPTY,
            last_move: None,
            check: position.is_check().then(|| position.king(position.turn())),
            glow: Bitboard::EMPTY,
            theme: Theme::default(),
            glyphs: GlyphSet::default(),
            hidden: false,
        }
    }

    /// The piece drawn on `sq`: none while the board is hidden.
    fn piece_at(&self, sq: Square) -> Option<crate::rules::Piece> {
        if self.hidden {
            None
        } else {
            self.position.piece_at(sq)
        }
    }

    /// The destinations that capture: occupied ones, and a pawn's diagonal ones (en passant).
    pub fn captures(&self) -> Bitboard {
        let mut captures = self.targets & self.position.occupied();
        if let Some(from) = self.selected
            && self.position.role_at(from) == Some(Role::Pawn)
        {
            captures |= self.targets & !Bitboard::from_file(from.file());
        }
        captures
    }

    /// The highlights of one square.
    pub fn marks(&self, sq: Square) -> SquareMarks {
        let capture = self.captures().contains(sq);
        SquareMarks {
            cursor: self.cursor == Some(sq),
            selected: self.selected == Some(sq),
            capture,
            quiet: self.targets.contains(sq) && !capture,
            last_move: self
                .last_move
                .is_some_and(|(from, to)| from == sq || to == sq),
            check: self.check == Some(sq),
            glow: self.glow.contains(sq) && self.position.piece_at(sq).is_some(),
        }
    }

    fn render_square(&self, layout: &BoardLayout, sq: Square, buf: &mut Buffer) {
        let marks = self.marks(sq);
        let rect = layout.square_rect(sq);
        let base = self.theme.square(sq.is_dark(), marks);
        fill(buf, rect, base);
        let mono = self.theme.is_monochrome();
        let marked = self.theme.marks_highlights();
        let glyph_at = layout.glyph_position(sq);
        let band =
            Band::for_square(layout.square_size()).filter(|_| self.glyphs == GlyphSet::Unicode);
        if mono && sq.is_dark() {
            // Hatched like a printed diagram's dark squares, around a clear space for what
            // stands on it: the figure's box, or the symbol and a cell either side.
            let shown = self.piece_at(sq).is_some() || marks.quiet || marks.capture;
            let clear = match band {
                Some(band) => figure_rect(rect, band.size()),
                None if rect.width >= 5 => Rect::new(glyph_at.x - 1, glyph_at.y, 3, 1),
                None => Rect::new(glyph_at.x, glyph_at.y, 1, 1),
            };
            for pos in rect.positions() {
                if !(shown && clear.contains(pos)) {
                    put(buf, pos.x, pos.y, self.glyphs.hatch(), base);
                }
            }
        }

        if let Some(piece) = self.piece_at(sq) {
            let mut style = base.patch(self.theme.piece(piece.color, marks.glow));
            if marks.glow && mono {
                style = toggle_reverse(style);
            }
            match band {
                // Without colour White's figure is outlined, as its glyph would be.
                Some(band) if mono && piece.color == Color::White => {
                    draw_figure(buf, rect, outline(band, piece.role), style)
                }
                Some(band) => draw_figure(buf, rect, figure(band, piece.role), style),
                None => put(
                    buf,
                    glyph_at.x,
                    glyph_at.y,
                    self.theme.glyph(self.glyphs, piece),
                    style,
                ),
            }
        } else if marks.quiet || marks.capture {
            let style = base.patch(self.theme.target());
            match target_dot(layout.square_size()).filter(|_| self.glyphs == GlyphSet::Unicode) {
                Some(rows) => draw_figure(buf, rect, rows, style),
                None => put(buf, glyph_at.x, glyph_at.y, self.glyphs.target(), style),
            }
        }

        if marked && band.is_some() {
            // A figure fills the middle: the marks go down the square's edges, from the middle
            // row, and the cursor is the corner frame.
            let style = base.patch(self.theme.mark());
            let others = SquareMarks {
                cursor: false,
                ..marks
            };
            let rows = [glyph_at.y, glyph_at.y - 1, glyph_at.y + 1];
            for ((_, (left, right)), y) in mark_slots(others, u16::MAX).into_iter().zip(rows) {
                put(buf, rect.x, y, left, style);
                put(buf, rect.right() - 1, y, right, style);
            }
            if marks.cursor {
                draw_cursor(buf, rect, base.patch(self.theme.cursor()));
            }
            return;
        }
        if marked {
            let style = base.patch(self.theme.mark());
            for (distance, (left, right)) in mark_slots(marks, rect.width) {
                put(buf, glyph_at.x - distance, glyph_at.y, left, style);
                put(buf, glyph_at.x + distance, glyph_at.y, right, style);
            }
            return;
        }
        if marks.capture && rect.height >= 2 {
            let style = base.patch(self.theme.target());
            for (at, ch) in corners(rect).into_iter().zip(['◤', '◥', '◣', '◢']) {
                put(buf, at.0, at.1, ch, style);
            }
        }
        if marks.cursor {
            draw_cursor(buf, rect, base.patch(self.theme.cursor()));
        }
    }

    fn render_labels(&self, layout: &BoardLayout, buf: &mut Buffer) {
        for rank in Rank::ALL {
            let at = layout.rank_label(rank);
            let current = self.cursor.is_some_and(|c| c.rank() == rank);
            put(buf, at.x, at.y, rank.char(), self.theme.label(current));
        }
        for file in File::ALL {
            let at = layout.file_label(file);
            let current = self.cursor.is_some_and(|c| c.file() == file);
            put(buf, at.x, at.y, file.char(), self.theme.label(current));
        }
    }
}

impl Widget for &BoardView<'_> {
    /// Draws the largest board that fits, centred; nothing if the area is too small.
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let Some(layout) = BoardLayout::new(area, self.orientation) else {
            return;
        };
        for sq in Square::all() {
            self.render_square(&layout, sq, buf);
        }
        self.render_labels(&layout, buf);
    }
}

/// The mark pairs to draw on a square `width` cells wide: `(distance from the glyph, chars)`.
fn mark_slots(marks: SquareMarks, width: u16) -> Vec<(u16, (char, char))> {
    let room = width / 2;
    let mut slots = Vec::new();
    let mut others = [
        (marks.selected, ('[', ']')),
        (marks.capture, ('(', ')')),
        (marks.check, ('!', '!')),
    ]
    .into_iter()
    .filter_map(|(on, pair)| on.then_some(pair));
    let mut inner_room = room;
    if marks.cursor && room > 0 {
        slots.push((room, ('>', '<')));
        inner_room -= 1;
    }
    for distance in 1..=inner_room {
        match others.next() {
            Some(pair) => slots.push((distance, pair)),
            None => break,
        }
    }
    slots
}

/// The quiet-target dot for a square of `square` cells, as rows centred like a figure: a disc
/// of block characters on big squares; `None` for a single character.
fn target_dot(square: Size) -> Option<&'static [String]> {
    static DOT: OnceLock<Vec<String>> = OnceLock::new();
    let large = DOT.get_or_init(|| vec!["▗██▖".to_owned(), "▝██▘".to_owned()]);
    Band::for_square(square).map(|_| large.as_slice())
}

/// Draws rows of characters centred across `rect` and a little below the middle (a figure
/// stands on its square), leaving blanks in the rows as they are.
fn draw_figure(buf: &mut Buffer, rect: Rect, rows: &[String], style: Style) {
    let height = rows.len() as u16;
    let width = rows.first().map_or(0, |r| r.chars().count()) as u16;
    let Rect { x, y, .. } = figure_rect(rect, Size::new(width, height));
    for (dy, row) in rows.iter().enumerate() {
        for (dx, ch) in row.chars().enumerate() {
            if ch != ' ' {
                put(buf, x + dx as u16, y + dy as u16, ch, style);
            }
        }
    }
}

/// Where a figure of `size` goes in the square `rect`: centred across, a little below the
/// middle.
fn figure_rect(rect: Rect, size: Size) -> Rect {
    let x = rect.x + rect.width.saturating_sub(size.width) / 2;
    let spare = rect.height.saturating_sub(size.height);
    let y = rect.y + spare - spare / 2;
    Rect::new(x, y, size.width, size.height).intersection(rect)
}

/// The four corner cells of `rect`: top left, top right, bottom left, bottom right.
fn corners(rect: Rect) -> [(u16, u16); 4] {
    let (right, bottom) = (rect.right() - 1, rect.bottom() - 1);
    [
        (rect.x, rect.y),
        (right, rect.y),
        (rect.x, bottom),
        (right, bottom),
    ]
}

/// The cursor as a frame in the square's corners, over what the square shows (so a last-move
/// tint or a target stays visible); on one-row squares, a bar either side of the piece.
fn draw_cursor(buf: &mut Buffer, rect: Rect, style: Style) {
    if rect.height < 2 {
        put(buf, rect.x, rect.y, '▕', style);
        put(buf, rect.right() - 1, rect.y, '▏', style);
        return;
    }
    let [tl, tr, bl, br] = corners(rect);
    for (at, ch) in [(tl, '┏'), (tr, '┓'), (bl, '┗'), (br, '┛')] {
        put(buf, at.0, at.1, ch, style);
    }
    // Longer arms on bigger squares, a quarter of each side, where they cover nothing drawn.
    let mut arm = |x: u16, y: u16, ch: char| {
        if buf.cell((x, y)).is_some_and(|c| c.symbol() == " ") {
            put(buf, x, y, ch, style);
        }
    };
    for i in 1..rect.width / 4 {
        for y in [tl.1, bl.1] {
            arm(tl.0 + i, y, '━');
            arm(tr.0 - i, y, '━');
        }
    }
    for i in 1..rect.height / 4 {
        for x in [tl.0, tr.0] {
            arm(x, tl.1 + i, '┃');
            arm(x, bl.1 - i, '┃');
        }
    }
}

fn toggle_reverse(style: Style) -> Style {
    if style.add_modifier.contains(Modifier::REVERSED) {
        style.remove_modifier(Modifier::REVERSED)
    } else {
        style.add_modifier(Modifier::REVERSED)
    }
}

/// Paints every cell of `rect` blank in `style`, replacing whatever was there.
fn fill(buf: &mut Buffer, rect: Rect, style: Style) {
    for pos in rect.positions() {
        if let Some(cell) = buf.cell_mut(pos) {
            cell.reset();
            cell.set_char(' ').set_style(style);
        }
    }
}

/// Writes one character, replacing the cell's style.
fn put(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.reset();
        cell.set_char(ch).set_style(style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(cursor: bool, selected: bool, capture: bool, check: bool) -> SquareMarks {
        SquareMarks {
            cursor,
            selected,
            capture,
            check,
            ..SquareMarks::default()
        }
    }

    #[test]
    fn narrow_squares_show_the_cursor_first() {
        let slots = mark_slots(marks(true, true, false, false), 3);
        assert_eq!(slots, vec![(1, ('>', '<'))]);
        let slots = mark_slots(marks(false, true, false, true), 3);
        assert_eq!(slots, vec![(1, ('[', ']'))]);
    }

    #[test]
    fn wider_squares_nest_marks_with_the_cursor_outside() {
        let slots = mark_slots(marks(true, true, false, false), 5);
        assert_eq!(slots, vec![(2, ('>', '<')), (1, ('[', ']'))]);
        let slots = mark_slots(marks(false, true, false, true), 5);
        assert_eq!(slots, vec![(1, ('[', ']')), (2, ('!', '!'))]);
        let slots = mark_slots(marks(true, false, true, false), 7);
        assert_eq!(slots, vec![(3, ('>', '<')), (1, ('(', ')'))]);
    }

    #[test]
    fn en_passant_target_counts_as_a_capture() {
        let pos: Position = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
        let e5: Square = "e5".parse().unwrap();
        let mut view = BoardView::new(&pos);
        view.selected = Some(e5);
        view.targets = move_targets(&pos, e5);
        let d6: Square = "d6".parse().unwrap();
        let e6: Square = "e6".parse().unwrap();
        assert_eq!(
            view.targets,
            Bitboard::from_square(d6) | Bitboard::from_square(e6)
        );
        assert_eq!(view.captures(), Bitboard::from_square(d6));
        assert!(view.marks(e6).quiet && !view.marks(e6).capture);
    }
}
