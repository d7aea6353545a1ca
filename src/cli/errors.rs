//! What can be wrong with the command line's game options and the file `--load` names, each
//! said with an example of what to write.

use std::fmt;
use std::path::PathBuf;

use crate::app::config::NameError;
use crate::game::pgn::PgnGameError;
use crate::game::timecontrol::TimeControlError;
use crate::rules::FenError;
use crate::store::{ReadError, Special};

/// A game option that cannot be used.
#[derive(Debug)]
pub enum OptionError {
    /// `--fen`: not a position.
    Fen(FenError),
    /// `--chess960`: not a number from 0 to 959 (the text given).
    Chess960(String),
    /// `--white`, `--black`: not a name.
    Name(NameError),
    /// `--delay` or `--bronstein` (the option) in a game without a clock.
    DelayWithoutClock(&'static str),
    /// `--delay` or `--bronstein` (the option) that the time control cannot take.
    Delay(&'static str, TimeControlError),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Fen(e) => write!(
                f,
                "not a valid position: {e} (example: \"8/P7/8/8/8/8/k6K/8 w - - 0 1\")"
            ),
            OptionError::Chess960(text) => write!(
                f,
                "\"{}\" is not a Chess960 start position: give a number from 0 to 959 \
                 (518 is the standard one), or none for a random one (example: --chess960 518)",
                text.escape_debug()
            ),
            OptionError::Name(e) => write!(f, "{e} (example: --white Ann)"),
            OptionError::DelayWithoutClock(option) => write!(
                f,
                "{option} needs a timed game: add a time control, like --time 5+0 {option} 3"
            ),
            OptionError::Delay(option, e) => write!(f, "{option}: {e} (example: {option} 3)"),
        }
    }
}

impl std::error::Error for OptionError {}

/// Why `--load` cannot open the game it names.
#[derive(Debug)]
pub enum LoadError {
    /// The path is a folder.
    Folder(PathBuf),
    Unreadable(PathBuf, ReadError),
    /// Reading the file failed on the way.
    Read(PathBuf, std::io::Error),
    /// The file holds no game.
    NoGame(PathBuf),
    /// There is no game `number`: the file holds `count`.
    NoSuchGame {
        path: PathBuf,
        number: u32,
        count: u32,
    },
    /// The game chosen cannot be read.
    Game(PathBuf, Box<PgnGameError>),
}

impl LoadError {
    /// Why a file could not be opened.
    pub fn unreadable(path: PathBuf, e: ReadError) -> LoadError {
        match e {
            ReadError::NotAFile(Special::Folder) => LoadError::Folder(path),
            e => LoadError::Unreadable(path, e),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Folder(path) => write!(
                f,
                "--load {}: that is a folder; give a PGN file (example: --load games.pgn)",
                path.display()
            ),
            LoadError::Unreadable(path, e) => {
                write!(f, "--load {}: cannot read the file: {e}", path.display())
            }
            LoadError::Read(path, e) => write!(f, "--load {}: {e}", path.display()),
            LoadError::NoGame(path) => write!(
                f,
                "--load {}: the file holds no PGN game (a game looks like [White \"Ann\"] ... \
                 1. e4 e5 *)",
                path.display()
            ),
            LoadError::NoSuchGame {
                path,
                number,
                count,
            } => write!(
                f,
                "--load {}: there is no game {number}; the file holds {count} game{} \
                 (example: --game {count})",
                path.display(),
                if *count == 1 { "" } else { "s" }
            ),
            LoadError::Game(path, e) => write!(f, "--load {}: {e}", path.display()),
        }
    }
}

impl std::error::Error for LoadError {}
