//! hotseat: chess for two players sharing one terminal.
//!
//! The crate is layered so that each layer only looks down:
//!
//! * [`rules`] — pure chess: positions, legal moves, FEN, notation, perft.
//! * [`game`] — a game as players live it: record, clocks, offers, claims, outcome, PGN.
//! * [`app`] — everything on screen as data: mode, cursor, typed text, messages.
//! * [`ui`] — drawing: theme, board, panels, dialogs. Reads the app, never mutates it.
//! * [`tui`] — the terminal: full-screen mode in and out, events.
//! * [`cli`] — the command line and its tools (`hotseat perft`, `hotseat pgn`).
//!
//! Time is always passed in; nothing below the front end reads the clock or the terminal.

pub mod app;
pub mod cli;
pub mod game;
pub mod rules;
pub mod store;
pub mod tui;
pub mod ui;
