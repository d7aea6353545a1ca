//! A game as players live it: the move record, clocks and time controls, draw offers and claims,
//! resignation, takeback, the outcome with its reason, and PGN in and out.
//!
//! Everything here is pure: the current time is always passed in, never read inside, which is what
//! makes flag fall testable to the millisecond.

pub mod pgn;
