//! hotseat: chess for two players sharing one terminal.
//!
//! A workspace of two crates. The chess, rules and game, is the crate `hotseat-chess`
//! (crates/chess, named `chess` in this crate's Cargo.toml), which depends on no terminal crate; this crate, the program, sits on top of it and
//! re-exports its modules as [`rules`] and [`game`], so `crate::rules::Position` names the same
//! type here as `chess::rules::Position` does. The program is layered so that each layer only
//! looks down:
//!
//! ```text
//! main ─► cli ─► front ends: tui (a terminal), plain (lines) ─► ui ─► app ─► look, layout ─► text
//!          │          │  (each owns only its input and output)    │
//!          │          ▼                                           └──► store (typed results)
//!          │     runtime (channel, file worker, engine, net link, signal saves, start-up)
//!          │          ├──► app, store, settings (the form's memory)
//!          │          └──► engine, net
//!          └─► settings, store, engine                (the settings file, --load, `analyse`)
//!
//!    every layer ──► chess crate: game ─► rules, both ─► quote
//! ```
//!
//! Everything that happens reaches the app the same way, whatever its source:
//!
//! ```text
//!  terminal reader thread ──┐                        ┌─► Effect::Screen ─► the terminal
//!  file worker (results) ───┤                        │     app.update(event, now)
//!  engine (its lines) ──────┼─► one channel ─► loop ─┼─► Effect::Files, Effect::Library
//!  network peer ────────────┘ (runtime::events) │     │     ─► the worker thread
//!                                              │     ├─► Effect::Engine ─► the analyser
//!                                              │     └─► Effect::Net ─► the network link
//!                                              └─ wakes itself when the clock's text changes
//! ```
//!
//! * [`rules`] — pure chess: positions, legal moves, FEN, notation, perft (crates/chess).
//! * [`game`] — a game as players live it: record, move numbers, clocks, offers, claims,
//!   outcome, PGN and its [`Tags`](game::pgn::Tags) (crates/chess). Imports only `rules` and
//!   `chess::quote` (text quoted in its messages).
//! * [`text`] — text measured in terminal columns (ratatui's widths), and the quoting rules
//!   re-exported from `chess::quote`.
//! * [`look`], [`layout`] — what the app and the drawing share: the players' choice of look
//!   (palette, colour, glyphs) as plain data, and the screen's geometry (where the board, its
//!   squares, the panel and the popups go, for drawing and for mouse clicks alike).
//! * [`app`] — everything on screen as data, changed only by [`App::update`](app::App::update)
//!   with an [`app::Event`] (whose docs say how to add a source): mode, the dialogs (one file
//!   each, [`app::dialogs`], which says how to add one), board control, move box, review,
//!   messages, the start-up policy for a saved game ([`app::launch`]) and the player-name rule
//!   ([`app::config::check_name`]). Never imports `ui`, the runtime, a front end, `cli` or
//!   `settings` outside its tests.
//! * [`ui`] — drawing: theme, board, panels, dialogs. Reads the app, never changes it (a
//!   layers test fails on any `update` call in it).
//! * [`runtime`] — a session's edge, for every front end: the one channel
//!   ([`runtime::events`]), the file worker ([`runtime::worker`]) and the files it carries out,
//!   the engine, the network link (host, join, watch), the signal and panic saves, and one
//!   [`runtime::start`]. No process-wide state but the signal handler's list of sessions: any
//!   number of sessions run in one process.
//! * [`plain`] — a front end: `--plain`, the same app played in lines of text (screen readers,
//!   pipes), at one keyboard or across the network; never draws.
//! * [`tui`] — a front end: the terminal in and out, the screen's loop (which draws on any
//!   ratatui `Terminal`), and the README's screenshot (which plays a game through
//!   `App::update`).
//! * [`cli`] — the command line and its tools (`hotseat perft`, `hotseat pgn`), validated into
//!   an [`app::Config`] before any screen opens.
//! * [`settings`] — the settings file (`config.toml`) and the new-game form's memory, read
//!   with toml's parser; used by `cli` (the settings) and `runtime` (the memory), imports
//!   neither.
//! * [`remote`] — two terminals, one game: the words the app and the network share (the
//!   wire messages, a player's actions, a terminal's copy of the host's game). Imports only
//!   the chess crate.
//! * [`net`] — the network edge, like [`engine`]: the invitation, the Noise-encrypted
//!   transport, the host's game (the truth) and its sockets, a joining terminal. Speaks in
//!   [`remote::NetEvent`]s through a callback; the app never names it.
//! * [`store`] — files: where they live and how a path is shown (`~/...`), atomic writes,
//!   autosave and resume, the archive, export. Imports only the chess crate.
//!
//! Time is always passed in; nothing below the front end reads the clock or the terminal.
//! Errors are typed enums with `Display` (syntax and legality apart, as in `rules::MoveError`
//! and `rules::FenError`; the results of file work as `app::event::SaveError` and
//! `ArchiveError`); `anyhow` only at the edge: `main` and the command-line tools (the game
//! screen ends with a typed `tui::PlayError`, the plain mode with `plain::PlainError`). The
//! `Result<_, String>` left outside tests (`grep -rnE "Result<.*, *String>"`): a test oracle
//! (`app::invariants`), the openings compiler (a maintainer's tool), and three that still
//! carry an error's words where a type should: "learn from your mistakes"' store answers
//! (`app::retro::RetroNews`), the plain trainer's engine judge (`plain::mistakes`) and the SSH
//! server's session start (`crates/serve`).
//!
//! Checks anyone can run: `cargo tree -p hotseat-chess | grep -E "ratatui|crossterm|clap"` prints
//! nothing (the chess crate is below every terminal crate), and `cargo test --test tests
//! layers::` fails naming any import that runs up the layers above.
//!
//! Tests: unit tests beside the code; integration tests in one binary, `tests/tests.rs`, whose
//! module docs say which file of `tests/suite/` a new test goes in.

// The chess lives in its own crate (crates/chess); `crate::rules` and `crate::game` keep
// naming it here.
pub use chess::{game, puzzle, rules};

pub mod app;
pub mod cli;
pub mod engine;
pub mod layout;
pub mod look;
pub mod net;
pub mod plain;
pub mod remote;
pub mod runtime;
pub mod settings;
pub mod store;
pub mod text;
pub mod tui;
pub mod ui;
