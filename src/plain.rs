//! `hotseat --plain`: the game in lines of text, for screen readers, braille displays, pipes
//! and scripts.
//!
//! One line in, short sentences out, and never an escape sequence or a cursor movement: what a
//! screen reader reads is exactly what was said, once. It is the same game as the screen's —
//! the same [`App`](crate::app::App), driven by lines instead of keys, with its file work done
//! by the same files code — only the way in and out differs.
//!
//! Files, in reading order: [`command`] (what a line means, and `help`), [`speech`] (the
//! sentences, from the chess alone), [`warnings`] (time announced), [`session`] (the app driven
//! and heard), and `run` (the loop: standard input as a source of the session's channel, and
//! wake-ups for the clock's announcements).
//!
//! # Layers
//!
//! A front end beside `tui`, on the same session runtime ([`crate::runtime`]): it reads the
//! app and hands it actions, as the screen does; it never draws, and never names `tui` or
//! `ui`. `runtime::Input` is this mode's source on the session's channel. The runtime's signal
//! handler saves the game on SIGTERM, SIGHUP, SIGINT and the like; this front end holds no
//! terminal, so nothing restores one (which would write escape sequences).

pub mod command;
pub mod mistakes;
pub mod puzzles;
mod run;
pub mod session;
pub mod speech;
pub mod warnings;

pub use run::{Ending, Lines, MAX_LINE, PlainError, play, play_on, spawn_reader};
