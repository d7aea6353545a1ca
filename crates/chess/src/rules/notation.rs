//! Writing moves: standard algebraic (SAN), long algebraic (LAN) and UCI.
//!
//! SAN follows the PGN standard: piece letter (none for pawns), the shortest disambiguation that
//! works (file, else rank, else both), `x` for captures, `=Q` for promotion, `O-O`/`O-O-O`, and
//! `+` or `#` after checking and mating moves.

use std::fmt::Write as _;

use super::bitboard::Bitboard;
use super::moves::Move;
use super::position::Position;
use super::types::Role;

/// How a move is disambiguated in SAN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Disambiguation {
    None,
    File,
    Rank,
    Square,
}

impl Position {
    fn disambiguation(&self, m: Move) -> Disambiguation {
        let role = m.role();
        if role == Role::Pawn || role == Role::King {
            return Disambiguation::None;
        }
        let (from, to) = (m.from(), m.to());
        let others = self.pieces(self.turn, role) - Bitboard::from_square(from);
        if others.is_empty() {
            return Disambiguation::None;
        }
        let mut rivals = Bitboard::EMPTY;
        self.generate_from(others, |o| {
            if o.to() == to && o.role() == role {
                rivals = rivals.with(o.from());
            }
        });
        if rivals.is_empty() {
            Disambiguation::None
        } else if (rivals & Bitboard::from_file(from.file())).is_empty() {
            Disambiguation::File
        } else if (rivals & Bitboard::from_rank(from.rank())).is_empty() {
            Disambiguation::Rank
        } else {
            Disambiguation::Square
        }
    }

    /// `+` or `#` (or nothing) for the position after `m`.
    fn check_suffix(&self, m: Move) -> &'static str {
        let mut after = self.clone();
        after.play_unchecked(m);
        if after.is_check() {
            if after.has_legal_moves() { "+" } else { "#" }
        } else {
            ""
        }
    }

    /// The move in SAN without the check suffix: `Nbd7`, `exd5`, `e8=Q`, `O-O`.
    pub fn san_plain(&self, m: Move) -> String {
        let mut s = String::with_capacity(8);
        match m {
            Move::Castle { king, rook } => {
                s.push_str(if rook > king { "O-O" } else { "O-O-O" });
            }
            _ => {
                let role = m.role();
                let from = m.from();
                if role == Role::Pawn {
                    if m.is_capture() {
                        s.push(from.file().char());
                    }
                } else {
                    s.push(role.upper_char());
                    match self.disambiguation(m) {
                        Disambiguation::None => {}
                        Disambiguation::File => s.push(from.file().char()),
                        Disambiguation::Rank => s.push(from.rank().char()),
                        Disambiguation::Square => {
                            let _ = write!(s, "{from}");
                        }
                    }
                }
                if m.is_capture() {
                    s.push('x');
                }
                let _ = write!(s, "{}", m.to());
                if let Some(p) = m.promotion() {
                    s.push('=');
                    s.push(p.upper_char());
                }
            }
        }
        s
    }

    /// The move in standard algebraic notation, with `+` or `#`.
    ///
    /// ```
    /// use hotseat_chess::rules::Position;
    /// let pos = Position::from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4").unwrap();
    /// let mate = pos.parse_move("Qxf7").unwrap();
    /// assert_eq!(pos.san(mate), "Qxf7#");
    /// ```
    pub fn san(&self, m: Move) -> String {
        let mut s = self.san_plain(m);
        s.push_str(self.check_suffix(m));
        s
    }

    /// The move in long algebraic notation: `Ng1-f3`, `e4xd5`, `e7-e8=Q`, `O-O`, with `+`/`#`.
    pub fn lan(&self, m: Move) -> String {
        let mut s = String::with_capacity(10);
        match m {
            Move::Castle { king, rook } => {
                s.push_str(if rook > king { "O-O" } else { "O-O-O" });
            }
            _ => {
                if m.role() != Role::Pawn {
                    s.push(m.role().upper_char());
                }
                let _ = write!(
                    s,
                    "{}{}{}",
                    m.from(),
                    if m.is_capture() { 'x' } else { '-' },
                    m.to()
                );
                if let Some(p) = m.promotion() {
                    s.push('=');
                    s.push(p.upper_char());
                }
            }
        }
        s.push_str(self.check_suffix(m));
        s
    }
}
