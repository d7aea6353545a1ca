//! `--against stockfish`, `--engine-plays`, `--level`, `--elo`: a game against the computer,
//! checked before any screen appears. The engine is looked for as the report's is (`--engine`,
//! `engine = "…"` in config.toml, `stockfish` on `PATH`, `/usr/games/stockfish`) and started
//! once to read its name and Elo range, so that a missing engine says how to install one and an
//! Elo it cannot play says the range it can.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::engine::{EngineError, opponent};
use crate::game::sparring::{LEVELS, Strength, StrengthError};
use crate::rules::Color;

/// The level when neither `--level` nor `--elo` is given.
pub const DEFAULT_LEVEL: u8 = 4;

/// How long the engine has to answer `uci` when it is checked.
const PROBE_TIMEOUT: Duration = Duration::from_secs(10);

/// The options of a game against the computer.
#[derive(Debug, Default, Args)]
pub struct SparringArgs {
    /// Play against the computer: a UCI engine (Stockfish) plays one side, you the other.
    ///
    /// The engine is the one --engine or engine = "PATH" in config.toml names, else stockfish
    /// on PATH, else /usr/games/stockfish. --engine-plays, --level or --elo alone imply it.
    ///
    /// Example: --against stockfish --level 3
    #[arg(long, value_name = "ENGINE", value_enum)]
    pub against: Option<Against>,

    /// The side the engine plays: white, black (the default: you have White) or random.
    ///
    /// Example: --against stockfish --engine-plays white
    #[arg(long, value_name = "SIDE", value_enum)]
    pub engine_plays: Option<EnginePlays>,

    /// The engine's strength as a level from 1 (weakest) to 8 (full strength), lichess's
    /// model (the default: 4); see "Playing the computer" in the README for how each is made.
    ///
    /// Example: --level 2
    #[arg(long, value_name = "N", value_parser = parse_level, allow_hyphen_values = true,
          conflicts_with = "elo")]
    pub level: Option<Strength>,

    /// The engine's strength as an Elo rating, through its UCI_Elo option (Stockfish 16 and
    /// later: 1320 to 3190; 15.1: 1350 to 2850); for weaker play, a --level.
    ///
    /// Example: --elo 1500
    #[arg(long, value_name = "ELO", value_parser = parse_elo, allow_hyphen_values = true)]
    pub elo: Option<i64>,
}

/// `--against`: which opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Against {
    /// The UCI engine hotseat finds (Stockfish, or --engine)
    #[value(alias = "engine", alias = "computer")]
    Stockfish,
}

/// `--engine-plays`: the engine's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EnginePlays {
    White,
    /// You have White
    #[default]
    Black,
    /// Drawn by lot when the game starts
    Random,
}

/// A game against the computer, checked: the engine found and answering, the strength one it
/// can play, the side decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sparring {
    /// The engine's program.
    pub engine: PathBuf,
    /// Its name without the version (`Stockfish`), for the game's tags.
    pub name: String,
    pub strength: Strength,
    /// The side the engine plays.
    pub side: Color,
}

impl Sparring {
    /// The name the engine's side goes by: `Stockfish (level 4)`.
    pub fn player_name(&self) -> String {
        self.strength.player_name(&self.name)
    }
}

/// Why a game against the computer cannot be set up as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SparringError {
    /// `--level` is not a number.
    NotALevel(String),
    /// `--elo` is not a number.
    NotAnElo(String),
    /// A level or an Elo out of range.
    Strength(StrengthError),
    /// No engine, or one that does not answer.
    Engine(EngineError),
}

impl std::fmt::Display for SparringError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SparringError::NotALevel(text) => write!(
                f,
                "{text:?} is not a level: the levels go from {} (example: --level 3)",
                levels_text()
            ),
            SparringError::NotAnElo(text) => write!(
                f,
                "{text:?} is not a number: an Elo is a whole number (example: --elo 1500)"
            ),
            SparringError::Strength(e @ StrengthError::Level(_)) => {
                write!(f, "{e} (example: --level 3)")
            }
            SparringError::Strength(e) => write!(f, "{e}"),
            SparringError::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for SparringError {}

fn parse_level(text: &str) -> Result<Strength, SparringError> {
    let level = text
        .trim()
        .parse::<i64>()
        .map_err(|_| SparringError::NotALevel(text.to_owned()))?;
    Strength::level(level).map_err(SparringError::Strength)
}

/// An Elo as a number; whether the engine can play it is checked once it is found.
fn parse_elo(text: &str) -> Result<i64, SparringError> {
    text.trim()
        .parse::<i64>()
        .map_err(|_| SparringError::NotAnElo(text.to_owned()))
}

impl SparringArgs {
    /// Whether any of the options asks for a game against the computer.
    pub fn wanted(&self) -> bool {
        self.against.is_some()
            || self.engine_plays.is_some()
            || self.level.is_some()
            || self.elo.is_some()
    }

    /// The game against the computer these options ask for, if any: the engine (`configured`
    /// by --engine or the settings, else looked for) started once and checked. The error says
    /// what is wrong and how to put it right.
    pub fn resolve(&self, configured: Option<&Path>) -> Result<Option<Sparring>, SparringError> {
        if !self.wanted() {
            return Ok(None);
        }
        let path_var = std::env::var_os("PATH");
        let engine = crate::engine::locate::find(configured, path_var.as_deref())
            .map_err(SparringError::Engine)?;
        let info = opponent::probe(&engine, PROBE_TIMEOUT).map_err(SparringError::Engine)?;
        let strength = match (self.level, self.elo) {
            (_, Some(elo)) => {
                Strength::elo(elo, &info.name, info.elo.clone()).map_err(SparringError::Strength)?
            }
            (Some(level), None) => level,
            (None, None) => Strength::Level(DEFAULT_LEVEL),
        };
        let side = match self.engine_plays.unwrap_or_default() {
            EnginePlays::White => Color::White,
            EnginePlays::Black => Color::Black,
            EnginePlays::Random => random_side(),
        };
        Ok(Some(Sparring {
            engine,
            name: info.short_name().to_owned(),
            strength,
            side,
        }))
    }
}

/// White or Black, by lot.
fn random_side() -> Color {
    use std::hash::{BuildHasher, Hasher};
    let seed = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    if seed.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// The levels, for messages: `1 (weakest) to 8 (full strength)`.
fn levels_text() -> String {
    format!(
        "{} (weakest) to {} (full strength)",
        LEVELS.start(),
        LEVELS.end()
    )
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        sparring: SparringArgs,
    }

    fn parse(args: &[&str]) -> Result<SparringArgs, String> {
        let mut all = vec!["hotseat"];
        all.extend_from_slice(args);
        Cli::try_parse_from(all)
            .map(|cli| cli.sparring)
            .map_err(|e| e.to_string())
    }

    fn stockfish() -> PathBuf {
        let path = std::env::var_os("PATH");
        crate::engine::locate::find(None, path.as_deref()).expect("Stockfish for these tests")
    }

    #[test]
    fn a_level_out_of_range_says_the_range() {
        for bad in ["0", "9", "-1", "four"] {
            let err = parse(&["--level", bad]).unwrap_err();
            assert!(
                err.contains("the levels go from 1 (weakest) to 8"),
                "{bad}: {err}"
            );
        }
        let args = parse(&["--level", "8"]).unwrap();
        assert_eq!(args.level, Some(Strength::Level(8)));
        assert!(args.wanted());
        let err = parse(&["--level", "3", "--elo", "1500"]).unwrap_err();
        assert!(err.contains("cannot be used with"), "{err}");
        let err = parse(&["--elo", "strong"]).unwrap_err();
        assert!(err.contains("an Elo is a whole number"), "{err}");
        assert!(!parse(&[]).unwrap().wanted());
        assert_eq!(
            parse(&["--against", "engine"]).unwrap().against,
            Some(Against::Stockfish)
        );
    }

    #[test]
    fn an_elo_outside_the_engines_range_says_its_range() {
        let args = parse(&["--elo", "900"]).unwrap();
        let err = args.resolve(Some(&stockfish())).unwrap_err().to_string();
        assert!(err.contains("cannot play at 900 Elo"), "{err}");
        assert!(err.contains("it plays from 13"), "{err}");
        assert!(err.contains("choose a level from 1 to 8"), "{err}");
        let args = parse(&["--elo", "2000", "--engine-plays", "white"]).unwrap();
        let sparring = args.resolve(Some(&stockfish())).unwrap().unwrap();
        assert_eq!(sparring.strength, Strength::Elo(2000));
        assert_eq!(sparring.side, Color::White);
        assert_eq!(sparring.player_name(), "Stockfish (2000 Elo)");
    }

    #[test]
    fn the_defaults_are_level_four_with_the_engine_as_black() {
        let sparring = parse(&["--against", "stockfish"])
            .unwrap()
            .resolve(Some(&stockfish()))
            .unwrap()
            .unwrap();
        assert_eq!(sparring.strength, Strength::Level(DEFAULT_LEVEL));
        assert_eq!(sparring.side, Color::Black);
        assert_eq!(sparring.player_name(), "Stockfish (level 4)");
        assert_eq!(parse(&[]).unwrap().resolve(None), Ok(None));
    }

    #[test]
    fn no_engine_says_how_to_install_one() {
        let args = parse(&["--against", "stockfish"]).unwrap();
        let err = args
            .resolve(Some(Path::new("/no/such/stockfish")))
            .unwrap_err()
            .to_string();
        assert!(err.contains("/no/such/stockfish"), "{err}");
        assert!(err.contains("apt-get install stockfish"), "{err}");
    }
}
