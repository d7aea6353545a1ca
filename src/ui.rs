//! Drawing: every widget reads state and writes cells, nothing here changes the game.
//!
//! * [`theme`] — every colour and style, the monochrome mode, the piece glyphs.
//! * [`layout`] — where the board, the side panel and the bottom lines go, and the minimum size.
//! * [`board`] — the board widget and its geometry (also used for mouse hit-testing).
//! * [`help`] — the help overlay, generated from the keymap.
//! * [`too_small`] — the message shown instead of everything else in a tiny terminal.
//!
//! The top-level `render(&App, &mut Frame)` joins them once the app state exists.

pub mod board;
pub mod help;
pub mod layout;
pub mod theme;
pub mod too_small;
