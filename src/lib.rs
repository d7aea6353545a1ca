//! hotseat: chess for two players sharing one terminal.
//!
//! The crate is layered so that each layer only looks down:
//!
//! * [`rules`] — pure chess: positions, legal moves, FEN, notation, perft.
//! * [`game`] — a game as players live it: record, clocks, offers, claims, outcome, PGN.
//! * [`app`] — everything on screen as data; so far the keymap.
//! * [`ui`] — drawing: theme, board, help, layout. Reads, never mutates.
//! * [`tui`] — the terminal: full-screen mode in and out, events.
//!
//! Time is always passed in; nothing below the front end reads the clock or the terminal.

pub mod app;
pub mod game;
pub mod rules;
pub mod tui;
pub mod ui;
