//! Drawing: every widget reads state and writes cells, nothing here changes the game.
//!
//! * [`theme`] — every colour and style, the monochrome mode, the piece glyphs.
//! * [`board`] — the board widget and its geometry (also used for mouse hit-testing).
//!
//! The top-level `render(&App, &mut Frame)` joins them once the app state exists.

pub mod board;
pub mod theme;
