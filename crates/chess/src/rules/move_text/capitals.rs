//! Reading a move a person typed: the move reader, plus generous capitals.
//!
//! PGN is read by [`Position::parse_move`] alone, where case has meaning (`b` is a file, `B`
//! a bishop). A person at a keyboard may have Caps Lock on: `NF3`, `E2E4`, `G1F3`, `BXC3`.
//! Such text is read every way its capitals allow — as typed, with only the piece letter
//! kept, and all in lower case — and is played when exactly one legal move comes out; when
//! two do (`BXC3` where both the bishop and the b-pawn can take), it is ambiguous and both are
//! named. Text with small letters in it is taken as written, unless it cannot be read at all
//! (`nF3`), when the other readings are tried too.
//!
//! Only the move box uses this; it costs at most three readings of a dozen characters.

use super::why_not::{AmbiguousMove, MoveError};
use crate::rules::moves::Move;
use crate::rules::position::Position;

/// Whether `text` is written in capitals, Caps Lock style: no small letter but the capture
/// sign.
fn shouted(text: &str) -> bool {
    text.bytes().any(|b| b.is_ascii_uppercase())
        && !text.bytes().any(|b| b.is_ascii_lowercase() && b != b'x')
}

/// The ways of reading capitals other than as typed: the first letter kept as a piece letter
/// and the rest in lower case (promotion pieces kept), then all in lower case.
fn readings(text: &str) -> [String; 2] {
    let mut piece_first = String::with_capacity(text.len());
    let mut after_equals = false;
    for (i, c) in text.char_indices() {
        let keep = i == 0 || after_equals;
        piece_first.push(if keep { c } else { c.to_ascii_lowercase() });
        after_equals = c == '=';
    }
    [piece_first, text.to_ascii_lowercase()]
}

impl Position {
    /// A move as a person typed it: [`Position::parse_move`], with capitals read generously
    /// where only one reading is legal (see the module docs of `capitals`).
    ///
    /// ```
    /// use hotseat_chess::rules::Position;
    /// let pos = Position::initial();
    /// for text in ["NF3", "G1F3", "Nf3", "nF3"] {
    ///     assert_eq!(pos.san(pos.read_typed_move(text).unwrap()), "Nf3");
    /// }
    /// assert_eq!(pos.san(pos.read_typed_move("E2E4").unwrap()), "e4");
    /// let pos = Position::from_fen("4k3/8/8/B7/8/2n5/1P6/4K3 w - - 0 1").unwrap();
    /// assert_eq!(
    ///     pos.read_typed_move("BXC3").unwrap_err().to_string(),
    ///     "BXC3 is ambiguous: Bxc3 or bxc3"
    /// );
    /// ```
    pub fn read_typed_move(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let exact = self.parse_move(text);
        let caps = shouted(text);
        let unreadable = matches!(exact, Err(MoveError::Parse(_)));
        if !(caps || unreadable && text.bytes().any(|b| b.is_ascii_uppercase())) {
            return exact;
        }
        let others = readings(text).map(|t| self.parse_move(&t));
        let mut found: Vec<Move> = Vec::new();
        for result in std::iter::once(&exact).chain(&others) {
            if let Ok(mv) = result
                && !found.contains(mv)
            {
                found.push(*mv);
            }
        }
        match found.as_slice() {
            [one] => Ok(*one),
            [] => {
                // The most telling refusal: a promotion or an ambiguity, else the first reading
                // that was understood as a move (and is illegal), else the text as typed.
                let all = || std::iter::once(&exact).chain(&others);
                let pick = all()
                    .find(|r| matches!(r, Err(MoveError::PromotionNeeded { .. })))
                    .or_else(|| all().find(|r| matches!(r, Err(MoveError::Ambiguous(_)))))
                    .or_else(|| all().find(|r| !matches!(r, Err(MoveError::Parse(_)))))
                    .unwrap_or(&exact);
                pick.clone()
            }
            many => {
                let mut candidates: Vec<String> = many.iter().map(|&m| self.san(m)).collect();
                candidates.sort();
                Err(MoveError::Ambiguous(AmbiguousMove {
                    input: text.to_owned(),
                    candidates,
                }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(fen: &str, text: &str) -> Result<String, String> {
        let pos = Position::from_fen(fen).unwrap();
        pos.read_typed_move(text)
            .map(|m| pos.san(m))
            .map_err(|e| e.to_string())
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn caps_lock_moves_are_read_when_only_one_reading_is_legal() {
        assert_eq!(read(START, "NF3").unwrap(), "Nf3");
        assert_eq!(read(START, "E2E4").unwrap(), "e4");
        assert_eq!(read(START, "E4").unwrap(), "e4");
        assert_eq!(read(START, "G1F3").unwrap(), "Nf3");
        assert_eq!(read(START, "NG1F3").unwrap(), "Nf3");
        // Only the pawn can take on c3 here, so the capitals mean it.
        let pawn_only = "4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1";
        assert_eq!(read(pawn_only, "BXC3").unwrap(), "bxc3");
        let bishop_only = "4k3/8/8/8/8/2n5/8/B3K3 w - - 0 1";
        assert_eq!(read(bishop_only, "BXC3").unwrap(), "Bxc3");
    }

    #[test]
    fn caps_lock_promotions_and_castling() {
        let fen = "4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1";
        assert_eq!(read(fen, "A8=Q").unwrap(), "a8=Q+");
        assert_eq!(read(fen, "A7A8Q").unwrap(), "a8=Q+");
        assert_eq!(read(fen, "O-O").unwrap(), "O-O");
        assert!(
            read(fen, "A8")
                .unwrap_err()
                .contains("promotion piece needed")
        );
    }

    #[test]
    fn written_case_is_kept_when_the_text_has_small_letters() {
        // `Bc3` means the bishop, even where only the pawn could go to c3 by capture.
        let pawn_only = "4k3/8/8/8/8/2n5/1P6/4K3 w - - 0 1";
        assert_eq!(read(pawn_only, "Bc3").unwrap_err(), "White has no bishop");
        assert_eq!(read(pawn_only, "bc3").unwrap(), "bxc3");
    }

    #[test]
    fn an_illegal_caps_move_says_why_in_its_own_terms() {
        assert_eq!(
            read(START, "ND4").unwrap_err(),
            "no white knight can reach d4"
        );
        assert_eq!(
            read(START, "NZ9").unwrap_err(),
            "\"NZ9\" is not a move: Z is not a file"
        );
    }
}
