//! What the playing screen starts with, already validated: the first game's setup and the look.
//!
//! The command line builds one (see [`crate::cli`]); tests build them directly. Nothing in here
//! can be wrong any more: a `Config` exists only once every option has been read and checked,
//! so the screen never opens on a bad option.

use crate::game::stamp::WallClock;

use super::newgame::FormChoices;
use super::{GameToOpen, Message};
use crate::game::GameSetup;
use crate::look::{GlyphSet, Theme};

/// The longest player name, in characters: it has to fit beside a clock at 80 columns.
pub const MAX_NAME_CHARS: usize = 32;

/// A player name: trimmed, 1 to [`MAX_NAME_CHARS`] characters, no control or invisible
/// characters. One rule for the command line (`cli::parse_name` adds an example), the settings
/// file and the new-game form's memory.
pub fn check_name(text: &str) -> Result<String, NameError> {
    let name = text.trim();
    if name.is_empty() {
        return Err(NameError::Empty);
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    if let Some(c) = name.chars().find(|&c| crate::text::is_invisible(c)) {
        return Err(NameError::Invisible(c));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong);
    }
    Ok(name.to_owned())
}

/// Why a text is not a player name ([`check_name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameError {
    Empty,
    /// A control character (a line break, a tab, an escape).
    Control,
    /// An invisible or direction-changing character, which would make the name read other
    /// than it is.
    Invisible(char),
    /// More than [`MAX_NAME_CHARS`] characters.
    TooLong,
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Empty => f.write_str("a name can't be empty"),
            NameError::Control => f.write_str("a name can't contain control characters"),
            NameError::Invisible(c) => write!(
                f,
                "a name can't contain invisible or direction-changing characters such as {}",
                c.escape_unicode()
            ),
            NameError::TooLong => write!(f, "a name can have at most {MAX_NAME_CHARS} characters"),
        }
    }
}

impl std::error::Error for NameError {}

/// How `--plain` announces a move: in words (`White: knight to f3.`), in notation (`1. Nf3`),
/// or both (`White: knight to f3. [1. Nf3]`, the default). Words alone take half the time of
/// both to speak, for a player who listens; notation alone suits one who reads braille.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Announce {
    Words,
    #[default]
    Both,
    Notation,
}

/// An announce setting that is none of the known words; says the words there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAnnounce(pub String);

impl std::fmt::Display for UnknownAnnounce {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown announce {:?}: write \"words\", \"both\" or \"notation\"",
            self.0
        )
    }
}

impl std::error::Error for UnknownAnnounce {}

impl std::str::FromStr for Announce {
    type Err = UnknownAnnounce;

    /// ```
    /// use hotseat::app::Announce;
    /// assert_eq!("Words".parse(), Ok(Announce::Words));
    /// assert!("loud".parse::<Announce>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Announce, UnknownAnnounce> {
        match s.trim().to_ascii_lowercase().as_str() {
            "words" => Ok(Announce::Words),
            "both" => Ok(Announce::Both),
            "notation" => Ok(Announce::Notation),
            _ => Err(UnknownAnnounce(s.to_owned())),
        }
    }
}

/// A session served to a stranger (`hotseat serve`), as the app offers it: their games are
/// kept on the server and downloaded from their own machine, never written to a path of the
/// server's (the session's policy, `runtime::policy`, decides it and refuses the rest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Served {
    /// How the player reaches the server from their own machine: `ssh -p 2222 HOST`.
    pub ssh: String,
}

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
    /// Save the game in progress and archive finished games (through the app's effects).
    pub autosave: bool,
    /// There is no folder to save games in (none could be found or made): the warning stays
    /// on the status line the whole session, not only in the first screen's notice.
    pub no_save_folder: bool,
    /// The wall-clock time when the session began, for the dates saved games carry; tests
    /// leave it out and get 1970-01-01.
    pub wall_clock: Option<WallClock>,
    /// A game to open instead of `setup`'s (a saved one, or one given with `--load`).
    pub opening: Option<GameToOpen>,
    /// The choices of the last game started from the new-game form, which the next form opens
    /// with; `None` before any (the form then opens like the game on the board).
    pub remembered: Option<FormChoices>,
    /// When the plain mode announces the time left on a running clock (`warnings` in the
    /// settings file); `None`: at one minute, thirty seconds and ten seconds.
    pub time_warnings: Option<Vec<std::time::Duration>>,
    /// How the plain mode announces a move (`--announce`, `announce` in the settings file).
    pub announce: Announce,
    /// A message for the status line on the first screen (an autosave that could not be read,
    /// a game archived by `--new`...).
    pub notice: Option<Message>,
    /// Where a copy of the game can be written when there is no folder to save games in (see
    /// [`Event::WritableFolder`](crate::app::Event::WritableFolder)).
    pub writable_folder: Option<String>,
    /// Whether the bell rings on moves, low time and the game's end.
    pub sound: crate::app::sound::Sound,
    /// How moves are written on screen and read from the move box (PGN stays English SAN).
    pub move_style: crate::rules::MoveStyle,
    /// This session plays a game across the network (`hotseat host`, `join`, `watch`).
    pub network: Option<crate::app::network::NetSetup>,
    /// This session plays against the computer (`--against stockfish`): the engine's name,
    /// strength and side. The game's players must name the engine's side as
    /// [`SparringSetup::player_name`](crate::app::sparring::SparringSetup::player_name) does.
    pub sparring: Option<crate::app::sparring::SparringSetup>,
    /// This session solves puzzles (`hotseat puzzles`): whose, and which.
    pub puzzles: Option<crate::app::puzzle::PuzzleStart>,
    /// This session serves a stranger (`hotseat serve`): what is offered them in place of the
    /// files (set by the session's policy at start-up).
    pub served: Option<Served>,
}
