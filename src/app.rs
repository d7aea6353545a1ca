//! Everything on screen as data, and the one place it changes.
//!
//! So far only the [`keymap`]: the table that turns keys and typed command words into
//! [`keymap::Action`]s, and that the help screen and footer are generated from. The app state
//! and its `update(Action, now)` come with the game layer.

pub mod keymap;
