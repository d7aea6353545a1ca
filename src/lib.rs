//! hotseat: chess for two players sharing one terminal.
//!
//! The crate is layered so that each layer only looks down:
//!
//! ```text
//! cli ──► tui ──► ui ──► app ──► game ──► rules
//!          │       └──► look, layout ◄──┘
//!          └────────────► store ──┘
//! ```
//!
//! (`app` also borrows one file-name rule from `store`, `export_stem`.)
//!
//! * [`rules`] — pure chess: positions, legal moves, FEN, notation, perft. Imports nothing
//!   else of the crate.
//! * [`game`] — a game as players live it: record, move numbers, clocks, offers, claims,
//!   outcome, PGN and its [`Tags`](game::pgn::Tags). Imports only `rules`.
//! * [`look`], [`layout`] — what the app and the drawing share: the players' choice of look
//!   (palette, colour, glyphs) as plain data, and the screen's geometry (where the board, its
//!   squares, the panel and the popups go, for drawing and for mouse clicks alike).
//! * [`app`] — everything on screen as data: mode, board view, move box, review, messages, and
//!   the start-up policy for a saved game ([`app::launch`]). Never imports `ui`, `tui` or `cli`:
//!   `grep -rn "crate::ui" src/app src/app.rs` finds only tests.
//! * [`ui`] — drawing: theme, board, panels, dialogs. Reads the app, never mutates it.
//! * [`tui`] — the terminal: full-screen mode in and out, events, and the file effects the
//!   app asks for.
//! * [`cli`] — the command line and its tools (`hotseat perft`, `hotseat pgn`), validated into
//!   an [`app::Config`] before any screen opens.
//! * [`settings`] — the settings file (`config.toml`) and the new-game form's memory, read
//!   with toml's parser; used by `cli` (the settings) and `tui` (the memory).
//! * [`store`] — files: where they live, atomic writes, autosave and resume, the archive,
//!   export. Imports only `game` and `rules`.
//!
//! Time is always passed in; nothing below the front end reads the clock or the terminal.
//! Errors below the front end are typed enums with `Display` (syntax and legality apart, as in
//! `rules::MoveError` and `rules::FenError`); `anyhow` only at the edge, in `main`.
//!
//! Checks anyone can run: `grep -rn "crate::\(tui\|cli\)" src/app src/app.rs` and
//! `grep -rn "crate::\(app\|ui\|tui\|cli\)" src/game src/rules src/store` print nothing.
//!
//! Tests: unit tests beside the code; integration tests in one binary, `tests/tests.rs`, whose
//! module docs say which file of `tests/suite/` a new test goes in.

// The chess lives in its own crate (crates/chess); `crate::rules` and `crate::game` keep
// naming it here.
pub use chess::{game, rules};

pub mod app;
pub mod cli;
pub mod layout;
pub mod look;
pub mod settings;
pub mod store;
pub mod text;
pub mod tui;
pub mod ui;
