//! hotseat: chess for two players sharing one terminal.
//!
//! The crate is layered so that each layer only looks down:
//!
//! * [`rules`] — pure chess: positions, legal moves, FEN, notation, perft.
//! * [`game`] — a game as players live it: record, clocks, offers, claims, outcome, PGN.
//! * [`look`], [`layout`] — what the app and the drawing share: the players' choice of look
//!   (palette, colour, glyphs) as plain data, and the screen's geometry (where the board, its
//!   squares, the panel and the popups go, for drawing and for mouse clicks alike).
//! * [`app`] — everything on screen as data: mode, cursor, typed text, messages. It imports
//!   nothing from `ui`: `grep -rn "crate::ui" src/app src/app.rs` finds only tests.
//! * [`ui`] — drawing: theme, board, panels, dialogs. Reads the app, never mutates it.
//! * [`tui`] — the terminal: full-screen mode in and out, events.
//! * [`cli`] — the command line and its tools (`hotseat perft`, `hotseat pgn`).
//! * [`store`] — files: where they live, atomic writes, autosave and resume, the archive, export.
//!
//! Time is always passed in; nothing below the front end reads the clock or the terminal.

pub mod app;
pub mod cli;
pub mod game;
pub mod layout;
pub mod look;
pub mod rules;
pub mod store;
pub mod tui;
pub mod ui;
