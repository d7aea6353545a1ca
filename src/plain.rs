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
//! and heard), and `run` (the loop: standard input as a source of the screen's event channel,
//! the screen's file worker, and wake-ups for the clock's announcements).
//!
//! # Layers
//!
//! Beside `ui`, above `app`: it reads the app and hands it actions, as the screen does; it
//! never draws. The front end's event channel and file worker (`tui::events`, `tui::worker`)
//! are shared with the screen; `tui::Input` is this mode's source on that channel. The screen's
//! signal handler (`tui::shutdown`) saves the game on SIGTERM, SIGHUP, SIGINT and the like,
//! told not to restore the terminal, which would write escape sequences.

pub mod command;
pub mod puzzles;
mod run;
pub mod session;
pub mod speech;
pub mod warnings;

pub use run::{Ending, play};
