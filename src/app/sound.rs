//! Sounds: the terminal's bell on a move, on low time and at the game's end, for players who
//! turn them on (`sound = "bell"` in the settings, `--sound`); off by default.
//!
//! No audio library: the bell is the one sound every terminal has, it costs the binary nothing,
//! and the terminal (or the desktop around it) decides what it sounds or looks like. The app
//! only decides *when* — after every update, as `Saving::plan` decides what to save — and
//! hands out [`ScreenEffect::Bell`](super::ScreenEffect::Bell); the loop writes the BEL byte to the terminal.
//!
//! What rings, at most once per update (bells in a row blur into one, and a terminal may
//! rate-limit them):
//!
//! * a move played, whoever played it and however (typed, clicked, a checking or mating move
//!   included): the other player, looking away, hears that it is their turn;
//! * a clock of a running game falling under [`LOW_TIME`], once per player and game;
//! * the game's end, whatever ended it (a flag, a resignation, a draw agreed or claimed).
//!
//! A game put on the board (resumed, loaded, a new one) rings nothing: only what happens in it
//! does. A takeback rings nothing either.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::game::Game;

/// Under this much time on a running clock the bell rings, once per player and game (the
/// clock turns to its low-time colour at the same moment).
pub const LOW_TIME: Duration = Duration::from_secs(20);

/// Whether the bell rings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sound {
    #[default]
    Off,
    /// The terminal bell (BEL).
    Bell,
}

/// A sound setting that is none of the known words; says the words there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSound(pub String);

impl fmt::Display for UnknownSound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown sound {:?}: write \"off\" or \"bell\"", self.0)
    }
}

impl std::error::Error for UnknownSound {}

impl FromStr for Sound {
    type Err = UnknownSound;

    fn from_str(s: &str) -> Result<Sound, UnknownSound> {
        match s.trim().to_ascii_lowercase().as_str() {
            "off" | "none" => Ok(Sound::Off),
            "bell" | "on" => Ok(Sound::Bell),
            _ => Err(UnknownSound(s.to_owned())),
        }
    }
}

impl fmt::Display for Sound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sound::Off => "off",
            Sound::Bell => "bell",
        })
    }
}

/// What the bell last knew of the game, to ring on what changed.
#[derive(Clone, Debug, Default)]
pub(super) struct Bell {
    pub sound: Sound,
    plies: usize,
    over: bool,
    /// Low time has rung for White, for Black.
    low: [bool; 2],
}

impl Bell {
    pub fn new(sound: Sound) -> Bell {
        Bell {
            sound,
            ..Bell::default()
        }
    }
}

impl Bell {
    /// `game` was put on the board: nothing in it so far rings.
    pub(super) fn follow_new_game(&mut self, game: &Game) {
        *self = Bell {
            sound: self.sound,
            plies: game.record().plies(),
            over: game.is_over(),
            low: [false; 2],
        };
    }

    /// After every update: whether the bell rings ([`ScreenEffect::Bell`](super::ScreenEffect::Bell)) because a move was
    /// played, a clock fell under [`LOW_TIME`] or the game ended since the last one (see the
    /// module docs).
    pub(super) fn rings(&mut self, game: &Game, now: Duration) -> bool {
        let plies = game.record().plies();
        let over = game.is_over();
        let moved = plies > self.plies;
        let ended = over && !self.over;
        let mut low = false;
        if let Some(color) = game.clock().running()
            && game.is_timed()
            && !over
            && !self.low[color.index()]
            && game
                .clock()
                .remaining(color, now)
                .is_some_and(|left| left < LOW_TIME)
        {
            self.low[color.index()] = true;
            low = true;
        }
        self.plies = plies;
        self.over = over;
        self.sound == Sound::Bell && (moved || ended || low)
    }
}
