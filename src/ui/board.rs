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
//! | dark square           | darker tint            | reverse video                           |
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

mod layout;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

pub use layout::{BoardLayout, SQUARE_SIZES};

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

        let glyph_at = layout.glyph_position(sq);
        if let Some(piece) = self.position.piece_at(sq) {
            let mut style = base.patch(self.theme.piece(piece.color, marks.glow));
            if marks.glow && self.theme.is_monochrome() {
                style = toggle_reverse(style);
            }
            put(buf, glyph_at.x, glyph_at.y, self.glyphs.piece(piece), style);
        } else if marks.quiet || marks.capture {
            let style = base.patch(self.theme.target());
            put(buf, glyph_at.x, glyph_at.y, self.glyphs.target(), style);
        }

        if self.theme.is_monochrome() {
            let style = base.patch(self.theme.mark());
            for (distance, (left, right)) in mark_slots(marks, rect.width) {
                put(buf, glyph_at.x - distance, glyph_at.y, left, style);
                put(buf, glyph_at.x + distance, glyph_at.y, right, style);
            }
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

/// The legal destinations of the piece on `from` (empty if it is not the side to move's).
///
/// ```
/// use hotseat::rules::{Position, Square};
/// use hotseat::ui::board::move_targets;
/// let e2: Square = "e2".parse().unwrap();
/// assert_eq!(move_targets(&Position::initial(), e2).count(), 2);
/// ```
pub fn move_targets(position: &Position, from: Square) -> Bitboard {
    let mut targets = Bitboard::EMPTY;
    position.generate_from(Bitboard::from_square(from), |m| {
        targets |= m.landing_squares();
    });
    targets
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
