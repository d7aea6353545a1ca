//! The options of the playing screen and their validation into a [`Config`].
//!
//! Each option is read by its own parser (clap reports a failure with the option's name and
//! exit code 2); what depends on several options — a delay needs a timed game, `--time` and
//! `--white-time` combine — is checked in [`PlayArgs::config`]. Every message ends with an
//! example of what to write.
//!
//! The settings file ([`crate::settings`]) fills in what the command line leaves out:
//! [`PlayArgs::with_settings`] applies the precedence, command line first.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use crate::app::launch::SavedGameChoice;
use crate::app::sound::{Sound, UnknownSound};
use crate::app::{Announce, UnknownAnnounce};
use crate::app::{Config, OpenedGame};
use crate::game::GameSetup;
use crate::game::pgn::import_games_to_last_legal_move;
use crate::game::timecontrol::{DelayKind, ParseTimeControlError, TimeControl, parse_seconds};
use crate::look::{ColorChoice, Depth, GlyphSet, Palette, Theme, UnknownPalette};
use crate::rules::{Language, MoveStyle, Notation, Position, UnknownLanguage, UnknownNotation};
use crate::settings::Settings;

pub use super::errors::{LoadError, OptionError};
pub use crate::app::config::{MAX_NAME_CHARS, check_name};

/// The options of a game on the screen (no subcommand).
#[derive(Debug, Default, Args)]
pub struct PlayArgs {
    /// Time control for both players: minutes+seconds added per move, "none", or periods.
    ///
    /// Examples: --time 5+3, --time 0.5+0, --time 45s+0, --time 40/90+30,30+30, --time none
    #[arg(long, value_name = "TC", value_parser = parse_time_control, allow_hyphen_values = true)]
    pub time: Option<TimeControl>,

    /// White's own time control, for time odds (overrides --time for White).
    ///
    /// Example: --white-time 5+0 --black-time 3+0
    #[arg(long, value_name = "TC", value_parser = parse_time_control, allow_hyphen_values = true)]
    pub white_time: Option<TimeControl>,

    /// Black's own time control, for time odds (overrides --time for Black).
    ///
    /// Example: --black-time 3+0
    #[arg(long, value_name = "TC", value_parser = parse_time_control, allow_hyphen_values = true)]
    pub black_time: Option<TimeControl>,

    /// A simple (US) delay in seconds: each move's first SECS seconds are free.
    ///
    /// Example: --time 5+0 --delay 3
    #[arg(
        long,
        value_name = "SECS",
        value_parser = parse_delay,
        conflicts_with = "bronstein",
        allow_hyphen_values = true
    )]
    pub delay: Option<Duration>,

    /// A Bronstein delay in seconds: time used on a move is given back, up to SECS.
    ///
    /// Example: --time 5+0 --bronstein 2
    #[arg(long, value_name = "SECS", value_parser = parse_delay, allow_hyphen_values = true)]
    pub bronstein: Option<Duration>,

    /// Start from this position (Forsyth-Edwards Notation) instead of the initial one.
    ///
    /// Example: --fen "8/P7/8/8/8/8/k6K/8 w - - 0 1"
    #[arg(long, value_name = "FEN", value_parser = parse_fen)]
    pub fen: Option<Position>,

    /// Play Chess960 (Fischer Random): from start position N (0-959, Scharnagl's numbering;
    /// 518 is the standard one), or from a random one of the 960 when N is left out.
    ///
    /// Example: --chess960, or --chess960 518
    #[arg(
        long,
        value_name = "N",
        num_args = 0..=1,
        value_parser = parse_chess960,
        conflicts_with = "fen"
    )]
    pub chess960: Option<Option<u32>>,

    /// White's name, shown by the clock and written to saved games.
    ///
    /// Example: --white Ann
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
    pub white: Option<String>,

    /// Black's name.
    ///
    /// Example: --black "Bob B."
    #[arg(long, value_name = "NAME", value_parser = parse_name)]
    pub black: Option<String>,

    /// Draw pieces as letters (K Q R B N P for White, k q r b n p for Black) instead of chess
    /// symbols, for fonts without them.
    ///
    /// Example: --ascii
    #[arg(long, overrides_with = "unicode")]
    pub ascii: bool,

    /// Draw pieces as chess symbols (the default), even if the settings file says ascii = true.
    ///
    /// Example: --unicode
    #[arg(long, overrides_with = "ascii")]
    pub unicode: bool,

    /// When to use colour (default: auto); "auto" uses it unless the NO_COLOR environment
    /// variable is set. Without colour, dark squares are hatched and highlights are drawn with
    /// brackets, so that the board reads the same on a dark and a light terminal.
    ///
    /// Example: --color never
    #[arg(long, value_name = "WHEN", value_enum)]
    pub color: Option<ColorArg>,

    /// Colours of the board (default: wood); F3 (or Ctrl-T) switches in the game, and the
    /// new-game form has them too.
    ///
    /// Example: --theme green
    #[arg(long, value_name = "THEME", value_parser = PaletteParser)]
    pub theme: Option<Palette>,

    /// Turn the board towards the player to move after every move (off by default: many
    /// players find a turning board disorienting; F2 turns it by hand).
    ///
    /// Example: --auto-flip
    #[arg(long, overrides_with = "no_auto_flip")]
    pub auto_flip: bool,

    /// Keep the board still (the default), even if the settings file says auto-flip = true.
    ///
    /// Example: --no-auto-flip
    #[arg(long, overrides_with = "auto_flip")]
    pub no_auto_flip: bool,

    /// Ring the terminal's bell on a move, on low time and at the game's end ("bell"), or not
    /// ("off", the default); --sound alone means bell.
    ///
    /// Example: --sound, or --sound off
    #[arg(long, value_name = "SOUND", num_args = 0..=1, default_missing_value = "bell",
          value_parser = parse_sound)]
    pub sound: Option<Sound>,

    /// How --plain announces a move: "words" (White: knight to f3.), "notation" (1. Nf3) or
    /// "both" (White: knight to f3. [1. Nf3], the default). Words alone are half as long to
    /// hear.
    ///
    /// Example: --announce words
    #[arg(long, value_name = "HOW", value_parser = parse_announce)]
    pub announce: Option<Announce>,

    /// How moves are written on screen: "san" (Nf3, the default), "figurine" (♘f3) or "lan"
    /// (Ng1-f3); or a language's piece letters by its code (de: Sf3, fr: Cf3, ...; as
    /// --pieces). Moves can be typed that way, in figurines or in English; saved games are
    /// always English SAN.
    ///
    /// Example: --notation figurine, --notation de
    #[arg(long, value_name = "NOTATION", value_parser = parse_notation)]
    pub notation: Option<NotationArg>,

    /// The piece letters moves are written and typed with, by language code: en, cs, da, de,
    /// es, et, fi, fr, hu, is, it, nl, no, pl, pt, ro, ru, sv (de: K D T L S).
    ///
    /// Example: --pieces de
    #[arg(long, value_name = "LANG", value_parser = parse_language)]
    pub pieces: Option<Language>,

    /// Read the settings from FILE instead of the usual settings file.
    #[arg(long = "config", value_name = "FILE", help = config_help(), long_help = config_long_help())]
    pub config_file: Option<PathBuf>,

    /// Resume the unfinished game saved last time, without asking (its clocks wait for a key).
    ///
    /// Example: --resume
    #[arg(long, conflicts_with_all = ["new", "load"], conflicts_with_all = SETUP_OPTIONS)]
    pub resume: bool,

    /// Start a new game even if an unfinished one was saved; that one goes to the archive,
    /// marked unfinished (nothing is deleted).
    ///
    /// Example: --new --time 10+5
    #[arg(long)]
    pub new: bool,

    /// Open a game from a PGN file: a finished game to look through, or an unfinished one to
    /// continue from its last position with its clocks. A game of the library can be named as
    /// `hotseat games` lists it (its last column).
    ///
    /// Example: --load games.pgn --game 2, --load 2026-11-21-Ann-vs-Bob.pgn
    #[arg(long, value_name = "FILE", conflicts_with_all = SETUP_OPTIONS)]
    pub load: Option<PathBuf>,

    /// Which game of the --load file to open, counting from 1 (default: the first).
    ///
    /// Example: --load games.pgn --game 2
    #[arg(long, value_name = "N", requires = "load", value_parser = clap::value_parser!(u32).range(1..))]
    pub game: Option<u32>,

    /// Play in lines of text instead of on the screen: type a move or a command on a line, hear
    /// what happened in a short sentence. No colours, no cursor movement, no redraws: for
    /// screen readers, braille displays, pipes and scripts. `help` lists the commands.
    ///
    /// Example: --plain, or echo "f3 e5 g4 Qh4#" | hotseat --plain --new
    #[arg(long)]
    pub plain: bool,

    /// Keep the autosave and the archive of finished games in DIR instead of the usual place
    /// ($XDG_DATA_HOME/hotseat or ~/.local/share/hotseat on Linux, ~/Library/Application
    /// Support/hotseat on macOS, %APPDATA%\hotseat on Windows).
    ///
    /// Example: --data-dir ~/chess/hotseat
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,

    /// The UCI engine for the game report and the engine's lines.
    ///
    /// A path, or a name looked up on PATH, for F4 (analyse) and F5 (engine), instead of
    /// engine = "PATH" in config.toml; without either, stockfish on PATH, else
    /// /usr/games/stockfish; also the opponent of --against.
    ///
    /// Example: --engine ~/bin/stockfish
    #[arg(long, value_name = "PATH")]
    pub engine: Option<PathBuf>,

    /// A game against the computer: --against, --engine-plays, --level, --elo.
    #[command(flatten)]
    pub sparring: super::sparring::SparringArgs,
}

/// The options that set up a new game, which `--resume` and `--load` replace.
const SETUP_OPTIONS: [&str; 13] = [
    "time",
    "white_time",
    "black_time",
    "delay",
    "bronstein",
    "fen",
    "chess960",
    "white",
    "black",
    "against",
    "engine_plays",
    "level",
    "elo",
];

/// `--color`: when to use colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// Colour unless NO_COLOR is set
    #[default]
    Auto,
    /// Always colour
    Always,
    /// Never colour
    Never,
    /// 24-bit colour, whatever the terminal says
    Truecolor,
    /// The 256 colours of xterm
    #[value(name = "256")]
    C256,
    /// The 16 colours of a console
    #[value(name = "16")]
    C16,
    /// No colour (as never)
    None,
}

impl From<ColorArg> for ColorChoice {
    fn from(arg: ColorArg) -> ColorChoice {
        match arg {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never | ColorArg::None => ColorChoice::Never,
            ColorArg::Truecolor => ColorChoice::Depth(Depth::TrueColor),
            ColorArg::C256 => ColorChoice::Depth(Depth::Ansi256),
            ColorArg::C16 => ColorChoice::Depth(Depth::Ansi16),
        }
    }
}

/// `--notation`: a form of writing moves, or a language's piece letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotationArg {
    Form(Notation),
    Pieces(Language),
}

/// A value clap's parser refused: the type's own reason, then an example of the option.
#[derive(Debug)]
struct WithExample<E> {
    error: E,
    example: &'static str,
}

impl<E: std::fmt::Display> std::fmt::Display for WithExample<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} (example: {})", self.error, self.example)
    }
}

impl<E: std::fmt::Debug + std::fmt::Display> std::error::Error for WithExample<E> {}

fn with_example<E>(example: &'static str) -> impl FnOnce(E) -> WithExample<E> {
    move |error| WithExample { error, example }
}

fn parse_notation(text: &str) -> Result<NotationArg, WithExample<UnknownNotation>> {
    text.parse::<Notation>()
        .map(NotationArg::Form)
        .or_else(|e| {
            text.parse::<Language>()
                .map(NotationArg::Pieces)
                .map_err(|_| e)
        })
        .map_err(with_example("--notation figurine, --notation de"))
}

fn parse_language(text: &str) -> Result<Language, WithExample<UnknownLanguage>> {
    text.parse::<Language>()
        .map_err(with_example("--pieces de"))
}

fn parse_announce(text: &str) -> Result<Announce, WithExample<UnknownAnnounce>> {
    text.parse::<Announce>()
        .map_err(with_example("--announce words"))
}

fn parse_sound(text: &str) -> Result<Sound, WithExample<UnknownSound>> {
    text.parse::<Sound>().map_err(with_example("--sound bell"))
}

fn parse_time_control(text: &str) -> Result<TimeControl, ParseTimeControlError> {
    text.parse::<TimeControl>()
}

fn parse_delay(text: &str) -> Result<Duration, ParseTimeControlError> {
    parse_seconds(text)
}

fn parse_fen(text: &str) -> Result<Position, OptionError> {
    Position::from_fen(text.trim()).map_err(OptionError::Fen)
}

fn parse_chess960(text: &str) -> Result<u32, OptionError> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| *n < 960)
        .ok_or_else(|| OptionError::Chess960(text.to_owned()))
}

fn parse_palette(text: &str) -> Result<Palette, UnknownPalette> {
    text.parse::<Palette>()
}

/// `--theme`: read by [`parse_palette`], and listing every palette with a few words in
/// `--help` (clap's possible values).
#[derive(Clone, Copy, Debug)]
struct PaletteParser;

impl clap::builder::TypedValueParser for PaletteParser {
    type Value = Palette;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Palette, clap::Error> {
        let parse: fn(&str) -> Result<Palette, UnknownPalette> = parse_palette;
        parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(Palette::ALL.into_iter().map(|p| {
            clap::builder::PossibleValue::new(p.name()).help(p.describe())
        })))
    }
}

/// `--config`'s line in `-h`: the usual file, where it is on this system.
fn config_help() -> String {
    format!(
        "Read the settings from FILE instead of {}",
        crate::settings::usual_path().map_or_else(
            || "the usual settings file (there is none: HOME is not set)".to_owned(),
            |path| crate::store::shown(&path)
        )
    )
}

/// `--config` in `--help`: the usual file, what goes in it, and what wins.
fn config_long_help() -> String {
    format!(
        "{}.\n\n\
         The settings file holds what you would otherwise type at every start: names, time \
         control, theme, letters or symbols, colour, auto-flip (see Settings below). Options \
         given here win over it. A missing usual file is fine; a missing FILE is an error; \
         a wrong setting is reported on the first screen and the default is used instead.\n\n\
         Example: --config ~/chess/hotseat.toml",
        config_help()
    )
}

/// A player name: trimmed, 1 to [`MAX_NAME_CHARS`] characters, no control characters.
///
/// ```
/// use hotseat::cli::parse_name;
/// assert_eq!(parse_name("  Ann ").unwrap(), "Ann");
/// assert!(parse_name("   ").is_err());
/// assert!(parse_name("Ann\u{202E}nnA").is_err());
/// assert!(parse_name("Ann\u{200B}").is_err());
/// ```
pub fn parse_name(text: &str) -> Result<String, OptionError> {
    check_name(text).map_err(OptionError::Name)
}

impl PlayArgs {
    /// Everything checked and combined, without a settings file: the first game and the look.
    /// The error says what is wrong and how to write it.
    pub fn config(self) -> Result<Config, OptionError> {
        self.with_settings(Settings::default())
    }

    /// [`PlayArgs::config`] with what the settings file sets where the command line says
    /// nothing. Any time option given here replaces the file's three time keys together.
    pub fn with_settings(self, settings: Settings) -> Result<Config, OptionError> {
        let (time, white_time, black_time) =
            if self.time.is_some() || self.white_time.is_some() || self.black_time.is_some() {
                (self.time, self.white_time, self.black_time)
            } else {
                (settings.time, settings.white_time, settings.black_time)
            };
        let base = time.unwrap_or_default();
        let mut white_time = white_time.unwrap_or_else(|| base.clone());
        let mut black_time = black_time.unwrap_or(base);
        let delay = match (self.delay, self.bronstein) {
            (Some(d), _) => Some((DelayKind::Simple, d, "--delay")),
            (None, Some(d)) => Some((DelayKind::Bronstein, d, "--bronstein")),
            (None, None) => None,
        };
        if let Some((kind, amount, option)) = delay {
            if white_time.is_untimed() && black_time.is_untimed() {
                return Err(OptionError::DelayWithoutClock(option));
            }
            for tc in [&mut white_time, &mut black_time] {
                if !tc.is_untimed() {
                    *tc = tc
                        .clone()
                        .with_delay(kind, amount)
                        .map_err(|e| OptionError::Delay(option, e))?;
                }
            }
        }
        let setup = GameSetup {
            start: match self.chess960 {
                Some(number) => {
                    let number = number.unwrap_or_else(crate::app::newgame::random_chess960_number);
                    Position::chess960(number)
                        .ok_or_else(|| OptionError::Chess960(number.to_string()))?
                }
                None => self.fen.unwrap_or_else(Position::initial),
            },
            white: (self.white.or(settings.white)).unwrap_or_else(|| "White".to_owned()),
            black: (self.black.or(settings.black)).unwrap_or_else(|| "Black".to_owned()),
            white_time,
            black_time,
        };
        let color = (self.color.map(ColorChoice::from))
            .or(settings.color)
            .unwrap_or_default()
            .depth_from_env();
        Ok(Config {
            setup,
            theme: Theme::with_depth(self.theme.or(settings.theme).unwrap_or_default(), color),
            glyphs: match (self.ascii, self.unicode) {
                (true, _) => GlyphSet::Ascii,
                (_, true) => GlyphSet::Unicode,
                _ => settings.glyphs.unwrap_or_default(),
            },
            auto_flip: match (self.auto_flip, self.no_auto_flip) {
                (true, _) => true,
                (_, true) => false,
                _ => settings.auto_flip.unwrap_or(false),
            },
            sound: self.sound.or(settings.sound).unwrap_or_default(),
            move_style: MoveStyle::new(
                match self.notation {
                    Some(NotationArg::Form(form)) => form,
                    _ => settings.notation.unwrap_or_default(),
                },
                match (self.notation, self.pieces) {
                    (_, Some(language)) | (Some(NotationArg::Pieces(language)), None) => language,
                    _ => settings.pieces.unwrap_or_default(),
                },
            ),
            autosave: true,
            wall_clock: None,
            // `--load` is read by `Cli::task`: a file's fault is not a usage error.
            opening: None,
            notice: None,
            remembered: None,
            time_warnings: settings.warnings,
            announce: self.announce.or(settings.announce).unwrap_or_default(),
            no_save_folder: false,
            writable_folder: None,
            network: None,
            // Set by `Cli::task` once the engine is found and checked.
            sparring: None,
            puzzles: None,
            served: None,
        })
    }

    /// What to do with an unfinished game saved last time. Options that describe a game
    /// (`--time`, `--fen`, `--chess960`, the names...) start the game they describe, as
    /// `--new` would: the command line just typed wins over the question. A bare `hotseat`
    /// asks.
    pub fn saved_game_choice(&self) -> SavedGameChoice {
        if self.resume {
            SavedGameChoice::Resume
        } else if self.new || self.describes_a_game() {
            SavedGameChoice::SetAside
        } else {
            SavedGameChoice::Ask
        }
    }

    /// Whether any of [`SETUP_OPTIONS`] was given.
    fn describes_a_game(&self) -> bool {
        self.time.is_some()
            || self.white_time.is_some()
            || self.black_time.is_some()
            || self.delay.is_some()
            || self.bronstein.is_some()
            || self.fen.is_some()
            || self.chess960.is_some()
            || self.white.is_some()
            || self.black.is_some()
            || self.sparring.wanted()
    }
}

/// The largest PGN file `--load` reads.
const MAX_LOAD_BYTES: u64 = 256 * 1024 * 1024;

/// Reads game `number` (from 1) of the PGN file at `path`, for `--load`. The error says what
/// is wrong, naming the file, the game and the move.
pub fn load_game(path: &std::path::Path, number: u32) -> Result<OpenedGame, LoadError> {
    // Read a game at a time: the memory of one game, whatever the file's size.
    let file = crate::store::open_bounded(path, MAX_LOAD_BYTES)
        .map_err(|e| LoadError::unreadable(path.to_owned(), e))?;
    load_from(file, path, &path.display().to_string(), number, true)
}

/// The game of a collection of the library named as `hotseat games` lists it
/// (`imported-lichess.pgn#81234`), read from its place in the collection (`path`): never
/// written back to it.
pub fn load_collection_game(
    path: &std::path::Path,
    name: &str,
    text: &str,
) -> Result<OpenedGame, LoadError> {
    load_from(text.as_bytes(), path, name, 1, false)
}

/// Game `number` of `input`, read from the file `path` (said as `shown`); `own_file`: the
/// file holds only what is read (it may be written back).
fn load_from(
    input: impl std::io::Read,
    path: &std::path::Path,
    shown: &str,
    number: u32,
    own_file: bool,
) -> Result<OpenedGame, LoadError> {
    let file = input;
    let mut count = 0u32;
    let mut chosen = None;
    // A move that cannot be played ends the game there, with a note the screen shows: the
    // players see the game up to it, and which move could not be played and why.
    import_games_to_last_legal_move(file, |game| {
        count += 1;
        if count == number {
            chosen = Some(game);
        }
    })
    .map_err(|e| LoadError::Read(path.to_owned(), e))?;
    match chosen {
        None if count == 0 => Err(LoadError::NoGame(path.to_owned())),
        None => Err(LoadError::NoSuchGame {
            path: path.to_owned(),
            number,
            count,
        }),
        Some(Err(e)) => Err(LoadError::Game(path.to_owned(), Box::new(e))),
        Some(Ok(imported)) => Ok(OpenedGame {
            game: imported.game,
            tags: imported.tags,
            source: if count == 1 {
                shown.to_owned()
            } else {
                format!("{shown}, game {number} of {count}")
            },
            // Kept by the front end only if the file is in the archive folder.
            archive_file: (count == 1 && own_file).then(|| path.to_owned()),
        }),
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::Cli;
    use crate::rules::Color;

    fn config(args: &[&str]) -> Result<Config, String> {
        let mut argv = vec!["hotseat"];
        argv.extend_from_slice(args);
        let cli = Cli::try_parse_from(argv).map_err(|e| e.to_string())?;
        cli.play.config().map_err(|e| e.to_string())
    }

    /// The QA's case: `hotseat --time 5s+0 --fen …` with a game saved asked "Resume?", and
    /// Enter dropped the options just typed. A game described on the command line is played.
    #[test]
    fn options_that_describe_a_game_set_the_saved_one_aside_and_a_bare_start_asks() {
        let choice = |args: &[&str]| {
            let mut argv = vec!["hotseat"];
            argv.extend_from_slice(args);
            Cli::try_parse_from(argv).unwrap().play.saved_game_choice()
        };
        for args in [
            &["--time", "5+0"][..],
            &["--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"],
            &["--chess960"],
            &["--white", "Ann"],
            &["--black-time", "3+2"],
            &["--delay", "2", "--time", "5"],
            &["--new"],
        ] {
            assert_eq!(choice(args), SavedGameChoice::SetAside, "{args:?}");
        }
        assert_eq!(choice(&[]), SavedGameChoice::Ask);
        assert_eq!(choice(&["--theme", "blue"]), SavedGameChoice::Ask);
        assert_eq!(choice(&["--resume"]), SavedGameChoice::Resume);
    }

    #[test]
    fn refused_names_say_the_type_s_words_then_an_example() {
        let clap_says = |args: &[&str]| config(args).unwrap_err();
        for (args, words) in [
            (
                &["--sound", "loud"][..],
                "unknown sound \"loud\": write \"off\" or \"bell\" (example: --sound bell)",
            ),
            (
                &["--pieces", "xx"][..],
                "no piece letters for \"xx\": write one of en, ",
            ),
            (
                &["--notation", "fen"][..],
                "unknown notation \"fen\": write san, figurine or lan (or a language's code for \
                 its piece letters, like de) (example: --notation figurine, --notation de)",
            ),
        ] {
            let said = clap_says(args);
            assert!(said.contains(words), "{said}");
        }
    }

    #[test]
    fn no_options_is_an_untimed_game_from_the_initial_position() {
        let c = config(&[]).unwrap();
        assert_eq!(c.setup.start, Position::initial());
        assert!(c.setup.white_time.is_untimed() && c.setup.black_time.is_untimed());
        assert_eq!(
            (c.setup.white.as_str(), c.setup.black.as_str()),
            ("White", "Black")
        );
        assert_eq!(c.glyphs, GlyphSet::Unicode);
        assert!(!c.auto_flip);
    }

    #[test]
    fn time_odds_and_delay_combine() {
        let c = config(&["--time", "5+3", "--black-time", "3+0", "--delay", "2"]).unwrap();
        assert_eq!(c.setup.white_time.describe(), "5+3, 2 s delay");
        assert_eq!(c.setup.black_time.describe(), "3+0, 2 s delay");
        let c = config(&["--time", "5+0", "--bronstein", "3"]).unwrap();
        assert_eq!(c.setup.white_time.describe(), "5+0, 3 s Bronstein delay");
    }

    #[test]
    fn a_delay_without_a_clock_is_refused_with_an_example() {
        let err = config(&["--delay", "3"]).unwrap_err();
        assert!(err.contains("--delay needs a timed game"), "{err}");
        assert!(err.contains("--time 5+0 --delay 3"), "{err}");
    }

    #[test]
    fn bad_values_name_the_option_and_show_an_example() {
        let err = config(&["--time", "5+"]).unwrap_err();
        assert!(err.contains("--time"), "{err}");
        assert!(err.contains("like 5+3"), "{err}");
        let err = config(&["--fen", "8/8/8 w"]).unwrap_err();
        assert!(err.contains("--fen"), "{err}");
        assert!(err.contains("example"), "{err}");
        let err = config(&["--white", " "]).unwrap_err();
        assert!(err.contains("can't be empty"), "{err}");
        let err = config(&["--theme", "pink"]).unwrap_err();
        assert!(err.contains("wood, blue, green or contrast"), "{err}");
        assert!(config(&["--delay", "2", "--bronstein", "2", "--time", "5"]).is_err());
    }

    #[test]
    fn names_look_and_position_are_kept() {
        let c = config(&[
            "--white",
            "Ann",
            "--black",
            "Bob",
            "--ascii",
            "--color",
            "never",
            "--theme",
            "blue",
            "--auto-flip",
            "--fen",
            "8/P7/8/8/8/8/k6K/8 w - - 0 1",
        ])
        .unwrap();
        assert_eq!(c.setup.white, "Ann");
        assert_eq!(c.setup.black, "Bob");
        assert_eq!(c.glyphs, GlyphSet::Ascii);
        assert!(c.theme.is_monochrome());
        assert_eq!(c.theme.palette(), Palette::Blue);
        assert!(c.auto_flip);
        assert_eq!(c.setup.start.turn(), Color::White);
    }

    #[test]
    fn chess960_starts_from_the_numbered_or_a_random_position() {
        let c = config(&["--chess960", "518"]).unwrap();
        assert!(c.setup.start.is_chess960());
        assert_eq!(c.setup.start.chess960_number(), Some(518));
        let c = config(&["--chess960", "0"]).unwrap();
        assert_eq!(
            c.setup.start.fen(),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        );
        let numbers: std::collections::BTreeSet<u32> = (0..20)
            .map(|_| {
                let c = config(&["--chess960"]).unwrap();
                assert!(c.setup.start.is_chess960());
                c.setup.start.chess960_number().unwrap()
            })
            .collect();
        assert!(numbers.len() > 1, "always {numbers:?}");
        let c = config(&["--chess960", "--time", "5+3"]).unwrap();
        assert!(c.setup.start.chess960_number().is_some());
    }

    #[test]
    fn chess960_numbers_out_of_range_and_fen_are_refused() {
        for bad in ["960", "x", "5.5"] {
            let err = config(&["--chess960", bad]).unwrap_err();
            assert!(err.contains("from 0 to 959"), "{bad}: {err}");
            assert!(err.contains("--chess960 518"), "{bad}: {err}");
        }
        let err = config(&["--chess960", "--fen", "8/P7/8/8/8/8/k6K/8 w - - 0 1"]).unwrap_err();
        assert!(err.contains("--fen"), "{err}");
        assert!(config(&["--chess960", "--resume"]).is_err());
    }

    fn config_with(args: &[&str], settings: &str) -> Config {
        let mut argv = vec!["hotseat"];
        argv.extend_from_slice(args);
        let (settings, problems) = crate::settings::parse(settings);
        assert_eq!(problems, []);
        let cli = Cli::try_parse_from(argv).unwrap();
        cli.play.with_settings(settings).unwrap()
    }

    const SETTINGS: &str = "white = \"Ann\"\nblack = \"Bob\"\ntime = \"5+3\"\n\
        black-time = \"3+0\"\ntheme = \"green\"\nascii = true\ncolor = \"never\"\n\
        auto-flip = true\n";

    #[test]
    fn the_settings_file_fills_in_what_the_command_line_leaves_out() {
        let c = config_with(&[], SETTINGS);
        assert_eq!(
            (c.setup.white.as_str(), c.setup.black.as_str()),
            ("Ann", "Bob")
        );
        assert_eq!(c.setup.white_time.to_string(), "5+3");
        assert_eq!(c.setup.black_time.to_string(), "3+0");
        assert_eq!(c.theme.palette(), Palette::Green);
        assert!(c.theme.is_monochrome());
        assert_eq!(c.glyphs, GlyphSet::Ascii);
        assert!(c.auto_flip);
    }

    #[test]
    fn the_command_line_wins_over_the_settings_file() {
        let c = config_with(
            &[
                "--white",
                "Cy",
                "--theme",
                "blue",
                "--color",
                "always",
                "--unicode",
                "--no-auto-flip",
            ],
            SETTINGS,
        );
        assert_eq!(
            (c.setup.white.as_str(), c.setup.black.as_str()),
            ("Cy", "Bob")
        );
        assert_eq!(c.theme.palette(), Palette::Blue);
        assert!(
            !c.theme.is_monochrome(),
            "--color always overrides the file"
        );
        assert_eq!(c.glyphs, GlyphSet::Unicode);
        assert!(!c.auto_flip);
        // The last of a pair of opposite flags wins, as the file would be overridden.
        let c = config_with(&["--unicode", "--ascii"], "");
        assert_eq!(c.glyphs, GlyphSet::Ascii);
    }

    #[test]
    fn any_time_option_on_the_command_line_replaces_the_files_time_keys() {
        let c = config_with(&["--time", "10+0"], SETTINGS);
        assert_eq!(c.setup.white_time.to_string(), "10+0");
        assert_eq!(
            c.setup.black_time.to_string(),
            "10+0",
            "not the file's odds"
        );
        let c = config_with(&["--delay", "2"], SETTINGS);
        assert_eq!(c.setup.white_time.describe(), "5+3, 2 s delay");
        assert_eq!(c.setup.black_time.describe(), "3+0, 2 s delay");
    }

    #[test]
    fn without_a_settings_file_the_defaults_are_the_built_in_ones() {
        let c = config_with(&[], "");
        assert_eq!(c.theme.palette(), Palette::Wood);
        assert_eq!(c.glyphs, GlyphSet::Unicode);
        assert!(!c.auto_flip);
        assert!(c.setup.white_time.is_untimed());
    }

    #[test]
    fn load_of_a_folder_says_so_and_asks_for_a_pgn_file() {
        let dir = std::env::temp_dir();
        let err = load_game(&dir, 1).unwrap_err().to_string();
        assert!(
            err.ends_with("that is a folder; give a PGN file (example: --load games.pgn)"),
            "{err}"
        );
        #[cfg(unix)]
        {
            let err = load_game(std::path::Path::new("/dev/null"), 1)
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("cannot read the file: it is a character device"),
                "{err}"
            );
        }
    }

    #[test]
    fn subcommands_and_game_options_do_not_mix() {
        assert!(Cli::try_parse_from(["hotseat", "--time", "5+3", "perft", "2"]).is_err());
        assert!(Cli::try_parse_from(["hotseat", "perft", "2"]).is_ok());
    }

    #[test]
    fn sound_and_notation_come_from_the_command_line_over_the_settings() {
        use crate::rules::{Language, Notation};
        let c = config(&[]).unwrap();
        assert_eq!(c.sound, Sound::Off, "off by default");
        assert_eq!(c.move_style, MoveStyle::default());
        assert_eq!(config(&["--sound"]).unwrap().sound, Sound::Bell);
        assert_eq!(config(&["--sound", "off"]).unwrap().sound, Sound::Off);
        let c = config(&["--notation", "de"]).unwrap();
        assert_eq!(
            c.move_style,
            MoveStyle::new(Notation::San, Language::German)
        );
        let c = config(&["--notation", "figurine", "--pieces", "fr"]).unwrap();
        assert_eq!(
            c.move_style,
            MoveStyle::new(Notation::Figurine, Language::French)
        );
        let c = config_with(
            &[],
            "sound = \"bell\"\nnotation = \"lan\"\npieces = \"ru\"\n",
        );
        assert_eq!(c.sound, Sound::Bell);
        assert_eq!(
            c.move_style,
            MoveStyle::new(Notation::Lan, Language::Russian)
        );
        let c = config_with(
            &["--notation", "san", "--sound", "off"],
            "sound = \"bell\"\nnotation = \"lan\"\npieces = \"ru\"\n",
        );
        assert_eq!(c.sound, Sound::Off);
        assert_eq!(
            c.move_style,
            MoveStyle::new(Notation::San, Language::Russian)
        );
        let c = config_with(&[], "notation = \"de\"\n");
        assert_eq!(
            c.move_style,
            MoveStyle::new(Notation::San, Language::German)
        );
    }

    #[test]
    fn a_wrong_sound_or_notation_says_what_to_write() {
        let err = config(&["--sound", "loud"]).unwrap_err();
        assert!(
            err.contains("write \"off\" or \"bell\"") && err.contains("--sound bell"),
            "{err}"
        );
        let err = config(&["--notation", "xx"]).unwrap_err();
        assert!(
            err.contains("san, figurine or lan") && err.contains("--notation de"),
            "{err}"
        );
        let err = config(&["--pieces", "xx"]).unwrap_err();
        assert!(
            err.contains("en, cs, da, de") && err.contains("--pieces de"),
            "{err}"
        );
        let (_, problems) =
            crate::settings::parse("sound = \"loud\"\npieces = \"xx\"\nnotation = 3\n");
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(
            problems[0]
                .text
                .starts_with("sound = \"loud\": unknown sound"),
            "{problems:?}"
        );
    }
}
