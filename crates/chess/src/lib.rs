//! hotseat's chess, in a crate of its own so that the compiler keeps it pure: it depends on no
//! terminal crate (no ratatui, crossterm or clap), reads no clock and touches no file.
//!
//! ```text
//! game ──► rules
//!   └──────┴──► quote
//! ```
//!
//! * [`rules`] — pure chess: squares, bitboards, positions, legal moves, FEN, notation (SAN,
//!   LAN, UCI), perft. Imports only `quote`.
//! * [`game`] — a game as players live it: record, move numbers, clocks and time controls,
//!   offers, claims, outcome, PGN read and write, variations, openings. Imports `rules` and
//!   `quote`.
//! * [`quote`] — user or file text quoted safely in an error message.
//!
//! Time is always passed in (`clock.press(now)`). Errors are plain enums with `Display`.
//!
//! The check anyone can run from the workspace root:
//! `cargo tree -p hotseat-chess | grep -E "ratatui|crossterm|clap"` prints nothing.

pub mod game;
pub mod puzzle;
pub mod quote;
pub mod rules;

/// The README's example, run as a doctest so that it cannot go stale.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctest;
