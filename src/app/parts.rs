//! The parts of [`App`](super::App)'s view state, each with one job and its own way back to
//! its resting state: the board view (cursor, picked-up piece, press, orientation), the move
//! box (typed text and the memory of a refused move) and the review (the ply shown). `App`
//! composes them (`Study::back_to_present`, in `study`) instead of resetting fields one by one.

use crate::rules::{Color, Position, Square};

/// The longest text the move box takes: a line of moves as a player pastes it from a book or
/// a web page (`1. e4 e5 2. Nf3 Nc6 …`, a whole game's moves: a game of 80 moves is about 700
/// characters), played in one go; a pasted FEN goes to the new-game form, not here. The line
/// scrolls on screen so that its caret shows (`ui::prompt`).
pub const MAX_INPUT_CHARS: usize = 1024;
/// The most characters of a comment typed in the move box (after its `{`).
pub const MAX_COMMENT_CHARS: usize = 400;

/// A press on the board that may become a drag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drag {
    pub from: Square,
    /// The piece was already selected before the press: releasing on it again deselects.
    pub was_selected: bool,
}

/// The board as the players work it: where the cursor is, the piece picked up, a press of the
/// mouse that may become a drag, and which side is at the bottom. (What the board shows, drawn
/// from this and the position, is the drawing's `ui::board::BoardView`.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardControl {
    pub orientation: Color,
    pub cursor: Square,
    pub selected: Option<Square>,
    pub drag: Option<Drag>,
    /// The player has taken the board in hand (Enter, Space or a click on it) while looking
    /// through the moves: the arrows move the cursor again (see `App::arrows_step`).
    pub engaged: bool,
}

impl BoardControl {
    /// The view of a game just put on the board: turned to the player to move if `auto_flip`,
    /// the cursor on the mover's king's pawn, where the first thought usually is (in a set-up
    /// position without one there, on the mover's king), nothing picked up.
    pub fn new(pos: &Position, auto_flip: bool) -> BoardControl {
        let turn = pos.turn();
        let e2 = Square::E1
            .offset(0, 1)
            .unwrap_or(Square::E1)
            .relative_to(turn);
        let cursor = if pos.piece_at(e2).is_some_and(|p| p.color == turn) {
            e2
        } else {
            pos.king(turn)
        };
        BoardControl {
            orientation: if auto_flip { turn } else { Color::White },
            cursor,
            selected: None,
            drag: None,
            engaged: false,
        }
    }

    /// Puts the picked-up piece back and forgets any press.
    pub fn put_back(&mut self) {
        self.selected = None;
        self.drag = None;
    }

    /// Moves the cursor in screen directions (`up` towards the top of the screen), stopping at
    /// the edges.
    pub fn move_cursor(&mut self, right: i32, up: i32) {
        let sign = self.orientation.fold(1, -1);
        if let Some(sq) = self.cursor.offset(right * sign, up * sign) {
            self.cursor = sq;
        }
    }
}

/// The move box: the typed text with its caret, and the text last refused as a move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct MoveBox {
    text: String,
    /// Where the next character goes, in characters from the start.
    caret: usize,
    /// Typed text that was refused as it stands: while the text is still exactly this, the next
    /// character typed starts afresh (Backspace edits it instead).
    rejected: Option<String>,
}

/// A character refused because the move box is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TooLong;

impl MoveBox {
    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Whether the arrows, Home and End edit the text (there is some) rather than act on the
    /// board or the game's moves.
    pub fn is_editing(&self) -> bool {
        !self.text.is_empty()
    }

    /// Nothing but spaces typed.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// The caret, in characters from the start.
    pub fn caret(&self) -> usize {
        self.caret
    }

    /// Empties the box. A refused text is still remembered, but it only counts while the box
    /// holds exactly it again.
    pub fn clear(&mut self) {
        self.text.clear();
        self.caret = 0;
    }

    fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }

    fn len(&self) -> usize {
        self.text.chars().count()
    }

    /// A typed character at the caret: replaces a refused text. Beyond [`MAX_INPUT_CHARS`]
    /// nothing is cut silently: the character is refused and the caller says so.
    pub fn type_char(&mut self, c: char) -> Result<(), TooLong> {
        if self.is_rejected() {
            self.clear();
        }
        self.rejected = None;
        let most = if self.text.starts_with('{') {
            MAX_COMMENT_CHARS
        } else {
            MAX_INPUT_CHARS
        };
        if self.len() >= most {
            return Err(TooLong);
        }
        let at = self.byte_at(self.caret);
        self.text.insert(at, c);
        self.caret += 1;
        Ok(())
    }

    /// Backspace: the character before the caret, if any.
    pub fn pop(&mut self) -> Option<char> {
        if self.caret == 0 {
            return None;
        }
        self.caret -= 1;
        let at = self.byte_at(self.caret);
        Some(self.text.remove(at))
    }

    /// Delete: the character under the caret, if any.
    pub fn delete(&mut self) -> Option<char> {
        (self.caret < self.len()).then(|| {
            let at = self.byte_at(self.caret);
            self.text.remove(at)
        })
    }

    /// ← and → (`delta` -1 or 1), within the text.
    pub fn step(&mut self, delta: isize) {
        self.caret = self.caret.saturating_add_signed(delta).min(self.len());
    }

    /// Home (`false`) or End (`true`).
    pub fn go_to_edge(&mut self, end: bool) {
        self.caret = if end { self.len() } else { 0 };
    }

    /// Ctrl-W: the word before the caret, and the spaces after it.
    pub fn delete_word(&mut self) {
        let chars: Vec<char> = self.text.chars().collect();
        let mut from = self.caret;
        while from > 0 && chars[from - 1] == ' ' {
            from -= 1;
        }
        while from > 0 && chars[from - 1] != ' ' {
            from -= 1;
        }
        let (a, b) = (self.byte_at(from), self.byte_at(self.caret));
        self.text.replace_range(a..b, "");
        self.caret = from;
    }

    /// Ctrl-U: everything before the caret.
    pub fn delete_to_start(&mut self) {
        let at = self.byte_at(self.caret);
        self.text.replace_range(..at, "");
        self.caret = 0;
    }

    /// Replaces the text (Tab completion), the caret at its end.
    pub fn set(&mut self, text: String) {
        self.text = text;
        self.caret = self.len();
    }

    /// The text as it stands was refused as a move.
    pub fn reject(&mut self) {
        self.rejected = Some(self.text.clone());
    }

    /// The text is the move just refused, unchanged.
    pub fn is_rejected(&self) -> bool {
        !self.text.is_empty() && self.rejected.as_deref() == Some(self.text.as_str())
    }
}

#[cfg(test)]
mod move_box_tests {
    use super::*;

    fn boxed(text: &str) -> MoveBox {
        let mut b = MoveBox::default();
        b.set(text.to_owned());
        b
    }

    #[test]
    fn characters_go_in_at_the_caret() {
        let mut b = boxed("Nf");
        b.step(-1);
        b.type_char('b').unwrap();
        assert_eq!((b.text(), b.caret()), ("Nbf", 2));
        b.go_to_edge(true);
        b.type_char('3').unwrap();
        assert_eq!(b.text(), "Nbf3");
        b.go_to_edge(false);
        b.step(-1);
        assert_eq!(b.caret(), 0, "stops at the start");
        b.delete();
        assert_eq!(b.text(), "bf3");
        b.step(5);
        assert_eq!(b.caret(), 3, "stops at the end");
        assert_eq!(b.pop(), Some('3'));
    }

    #[test]
    fn ctrl_w_deletes_the_word_before_the_caret_and_ctrl_u_the_line() {
        let mut b = boxed("e4 e5 Nf3 ");
        b.delete_word();
        assert_eq!((b.text(), b.caret()), ("e4 e5 ", 6));
        b.step(-3);
        b.delete_to_start();
        assert_eq!((b.text(), b.caret()), ("e5 ", 0));
    }

    #[test]
    fn a_full_box_refuses_the_character_instead_of_cutting() {
        let mut b = boxed(&"a".repeat(MAX_INPUT_CHARS));
        assert_eq!(b.type_char('b'), Err(TooLong));
        assert_eq!(b.text().len(), MAX_INPUT_CHARS);
    }
}

/// The history review: the ply the board shows, or the present; and the side-line move shown,
/// when the board shows a variation (the ply is then the main-line position it branches from).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Review {
    ply: Option<usize>,
    var: Option<u32>,
}

impl Review {
    /// The ply shown; `None` for the present.
    pub fn ply(self) -> Option<usize> {
        self.ply
    }

    /// The side-line move shown, if any.
    pub fn var(self) -> Option<u32> {
        self.var
    }

    pub fn is_active(self) -> bool {
        self.ply.is_some()
    }

    /// The ply shown of a game of `plies` half-moves.
    pub fn shown(self, plies: usize) -> usize {
        self.ply.unwrap_or(plies)
    }

    /// Back to the present.
    pub fn leave(&mut self) {
        *self = Review::default();
    }

    /// Shows the position after `ply` half-moves.
    pub fn go_to(&mut self, ply: usize) {
        *self = Review {
            ply: Some(ply),
            var: None,
        };
    }

    /// Shows the side-line move `id`, which branches off the main line after `ply` half-moves.
    pub fn enter(&mut self, ply: usize, id: u32) {
        *self = Review {
            ply: Some(ply),
            var: Some(id),
        };
    }

    /// `delta` half-moves on from the ply shown in a game of `plies`, within the game; reaching
    /// its end returns to the present.
    pub fn step(&mut self, delta: isize, plies: usize) {
        let next = self.shown(plies).saturating_add_signed(delta).min(plies);
        *self = Review {
            ply: (next < plies).then_some(next),
            var: None,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn a_new_board_view_starts_on_the_movers_kings_pawn_or_king() {
        let view = BoardControl::new(&Position::initial(), false);
        assert_eq!(view.cursor, sq("e2"));
        assert_eq!(view.orientation, Color::White);
        let black = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let view = BoardControl::new(&black, true);
        assert_eq!(view.cursor, sq("e7"));
        assert_eq!(view.orientation, Color::Black);
        let no_pawn = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(BoardControl::new(&no_pawn, false).cursor, sq("e1"));
    }

    #[test]
    fn putting_back_forgets_the_piece_and_the_press() {
        let mut view = BoardControl::new(&Position::initial(), false);
        view.selected = Some(sq("e2"));
        view.drag = Some(Drag {
            from: sq("e2"),
            was_selected: false,
        });
        view.put_back();
        assert_eq!((view.selected, view.drag), (None, None));
        assert_eq!(view.cursor, sq("e2"));
    }

    #[test]
    fn the_cursor_moves_in_screen_directions_and_stops_at_the_edge() {
        let mut view = BoardControl::new(&Position::initial(), false);
        view.move_cursor(0, 1);
        assert_eq!(view.cursor, sq("e3"));
        view.orientation = Color::Black;
        view.move_cursor(1, 1);
        assert_eq!(view.cursor, sq("d2"));
        view.cursor = sq("a1");
        view.move_cursor(1, 0);
        assert_eq!(view.cursor, sq("a1"));
    }

    #[test]
    fn a_refused_text_is_replaced_by_the_next_character() {
        let mut b = MoveBox::default();
        for c in "Nf6".chars() {
            b.type_char(c).unwrap();
        }
        b.reject();
        assert!(b.is_rejected());
        b.type_char('e').unwrap();
        assert_eq!(b.text(), "e");
        assert!(!b.is_rejected());
    }

    #[test]
    fn backspace_edits_a_refused_text_instead() {
        let mut b = MoveBox::default();
        b.set("Nf6".to_owned());
        b.reject();
        assert_eq!(b.pop(), Some('6'));
        b.type_char('3').unwrap();
        assert_eq!(b.text(), "Nf3");
    }

    #[test]
    fn the_move_box_takes_at_most_its_limit_and_clears() {
        let mut b = MoveBox::default();
        for _ in 0..MAX_INPUT_CHARS + 5 {
            let _ = b.type_char('a');
        }
        assert_eq!(b.text().chars().count(), MAX_INPUT_CHARS);
        b.clear();
        assert!(b.is_empty() && b.is_blank());
        b.type_char(' ').unwrap();
        assert!(b.is_blank() && !b.is_empty());
    }

    #[test]
    fn review_steps_within_the_game_and_its_end_is_the_present() {
        let mut r = Review::default();
        assert_eq!(r.shown(4), 4);
        r.step(-1, 4);
        assert_eq!(r.ply(), Some(3));
        r.step(-10, 4);
        assert_eq!(r.ply(), Some(0));
        r.step(10, 4);
        assert_eq!(r.ply(), None);
        r.go_to(2);
        assert!(r.is_active());
        r.leave();
        assert!(!r.is_active());
    }
}
