//! Reading moves written as text: one lenient parser for the move box and for PGN.
//!
//! Accepts what a player might reasonably type: strict and relaxed SAN (`Nf3`, `exd5`, `ed5`,
//! `Ng1f3`, `e8=Q`, `e8Q`, `e8(Q)`, `O-O`, `0-0`, `o-o`, annotations `!?`, missing or extra
//! `+`/`#`, a trailing `e.p.`), long algebraic (`e2-e4`, `Ng1-f3`, `e2xd3`, `e7-e8=Q`), UCI
//! (`e2e4`, `e7e8q`, `e1g1`) and figurines (`♘f3`).
//!
//! Errors come in two layers, as in shakmaty: text that cannot be read at all
//! (`"Nz9" is not a move: z is not a file`), and a readable move that cannot be played here —
//! illegal (`no white knight can reach f3`, `e4 is blocked`, `cannot castle: f1 is attacked`),
//! ambiguous (`Nd7 is ambiguous: Nbd7 or Nfd7`) or lacking its promotion piece.
//!
//! The successful path allocates nothing, so replaying PGN stays fast.
//!
//! In three steps, one file each: [`read`] turns the text into a pattern (which piece, from
//! where, to where, promoting to what) without looking at the position; [`matching`] finds
//! the legal moves that fit it; [`why_not`] says why none or several do, and holds the error
//! types. [`capitals`] tries the other readings of text typed with Caps Lock on, for the move
//! box only.

mod capitals;
mod matching;
mod read;
mod why_not;

pub use why_not::{
    AmbiguousMove, Illegal, IllegalMoveText, MoveError, ParseMoveError, SyntaxError,
};
