//! What the playing screen starts with, already validated: the first game's setup and the look.
//!
//! The command line builds one (see [`crate::cli`]); tests build them directly. Nothing in here
//! can be wrong any more: a `Config` exists only once every option has been read and checked,
//! so the screen never opens on a bad option.

use crate::game::GameSetup;
use crate::ui::theme::{GlyphSet, Theme};

/// The longest player name, in characters: it has to fit beside a clock at 80 columns.
pub const MAX_NAME_CHARS: usize = 32;

/// The validated settings of a session.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The first game: start position, player names, time controls.
    pub setup: GameSetup,
    /// Colours (or monochrome).
    pub theme: Theme,
    /// Unicode chess symbols or ASCII letters.
    pub glyphs: GlyphSet,
    /// Turn the board to the player to move after every move.
    pub auto_flip: bool,
}
