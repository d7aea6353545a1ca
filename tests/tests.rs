//! Every integration test of hotseat, in one test binary.
//!
//! One binary, as ripgrep does it, because each integration test binary links the whole crate
//! and its dependencies again: seventeen of them made the test build of CI several times
//! slower than it needs to be. The tests themselves live in `tests/suite/`, one file per
//! subject; the data they replay lives in `tests/data/`, insta snapshots in
//! `tests/suite/snapshots/` (named `tests__<file>__<name>.snap`).
//!
//! Where a new test goes:
//!
//! - a law of chess, FEN, notation or perft: `rules_edge`, `fen`, `notation`, `perft`,
//!   `rules_props` (properties) or `differential` (against cozy-chess);
//! - clocks, offers, claims, the outcome with injected time: `game_flow`; PGN: `pgn` (its
//!   variations and the analysis board's tree: `variations`); opening names: `openings`;
//! - what `App` draws: `render` (widgets) and `screen` (the whole screen), with `common::buffer`;
//!   hit-testing: `board_layout`;
//! - files on disk: `store`, and against a hostile folder (links, slots, clean-up): `keeping`;
//!   a disk that fills up, end to end (where a tmpfs can be mounted): `full_disk`; the binary's
//!   command line and exit codes: `cli`; the games library's commands (`games`, `import`):
//!   `library`; study and reports written back into a game's archive file: `archive_kept`;
//!   the settings file and the new-game form's memory, end
//!   to end: `settings`;
//! - the move box's reading of typed text (properties): `move_entry_props`;
//! - `--plain`, games piped through the real binary: `plain`; its `analyse`: `plain_report`;
//! - the real binary in a pseudo-terminal: `play` (a game), `resume` (never losing one),
//!   `terminal` (resizes under dialogs, suspend and resume), on the harness in `common::pty`
//!   (itself tested by `pty_harness`);
//! - no module importing one above it (the layers of `src/lib.rs`): `layers`;
//! - what the binary asks of the system (no libm, glibc 2.34), read from its ELF file:
//!   `linkage`;
//! - the README and the guide (`docs/`) against the program: their commands parse, their
//!   links lead somewhere, the packages carry every man page: `docs`;
//! - two terminals, one game, over real sockets on loopback (host, join, watch, strangers
//!   refused): `net`; the same through the apps, with each side's files: `net_play`; every
//!   attack and fault on the network (replay, slow handshakes, held answers, stalls, drops)
//!   with a scripted peer: `net_attacks`; the same game in lines of text, three real programs
//!   (`host --plain`, `join --plain`, `watch --plain`): `net_plain`; the puzzle duel across the
//!   network, two real programs: `net_duel`;
//! - the sparring partner's engine driver, with the real Stockfish and the fake engine:
//!   `sparring`;
//!
//! A subject that fits none of these gets a new file in `tests/suite/` and a line below. Unit
//! tests of one module stay beside it in `src/`. Run one file's tests with
//! `cargo test --test tests fen::`.

#[path = "suite/common/mod.rs"]
mod common;

#[path = "suite/analyse.rs"]
mod analyse;
#[path = "suite/archive_kept.rs"]
mod archive_kept;
#[path = "suite/board_layout.rs"]
mod board_layout;
#[path = "suite/cli.rs"]
mod cli;
#[path = "suite/differential.rs"]
mod differential;
#[path = "suite/docs.rs"]
mod docs;
#[path = "suite/fen.rs"]
mod fen;
#[path = "suite/full_disk.rs"]
mod full_disk;
#[path = "suite/game_flow.rs"]
mod game_flow;
#[path = "suite/keeping.rs"]
mod keeping;
#[path = "suite/layers.rs"]
mod layers;
#[path = "suite/library.rs"]
mod library;
#[path = "suite/linkage.rs"]
mod linkage;
#[path = "suite/move_entry_props.rs"]
mod move_entry_props;
#[path = "suite/net.rs"]
mod net;
#[path = "suite/net_attacks.rs"]
mod net_attacks;
#[path = "suite/net_duel.rs"]
mod net_duel;
#[path = "suite/net_plain.rs"]
mod net_plain;
#[path = "suite/net_play.rs"]
mod net_play;
#[path = "suite/notation.rs"]
mod notation;
#[path = "suite/openings.rs"]
mod openings;
#[path = "suite/perft.rs"]
mod perft;
#[path = "suite/pgn.rs"]
mod pgn;
#[path = "suite/plain.rs"]
mod plain;
#[path = "suite/plain_report.rs"]
mod plain_report;
#[path = "suite/play.rs"]
mod play;
#[path = "suite/pty_harness.rs"]
mod pty_harness;
#[path = "suite/puzzles_screen.rs"]
mod puzzles_screen;
#[path = "suite/render.rs"]
mod render;
#[path = "suite/report.rs"]
mod report;
#[path = "suite/resume.rs"]
mod resume;
#[path = "suite/retro.rs"]
mod retro;
#[path = "suite/rules_edge.rs"]
mod rules_edge;
#[path = "suite/rules_props.rs"]
mod rules_props;
#[path = "suite/screen.rs"]
mod screen;
#[path = "suite/settings.rs"]
mod settings;
#[path = "suite/sparring.rs"]
mod sparring;
#[path = "suite/store.rs"]
mod store;
#[path = "suite/terminal.rs"]
mod terminal;
#[path = "suite/text_fit.rs"]
mod text_fit;
#[path = "suite/variations.rs"]
mod variations;
