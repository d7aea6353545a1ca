//! Settings that are remembered: the settings file, and the new-game form's last choices.
//!
//! **The settings file**, `config.toml` in the platform's folder for settings
//! ([`store::config_dir_for`](crate::store::config_dir_for)) or the file given with `--config`,
//! holds what players would otherwise type at every start. Its keys are the long options of the
//! same meaning, without the dashes (`auto_flip` is read as `auto-flip` too):
//!
//! ```toml
//! white = "Ann"
//! black = "Bob"
//! time = "5+3"            # as --time: "none", "5+3", "40/90+30,30+30", "5+0d3" (a delay)
//! white-time = "5+0"      # time odds, as --white-time and --black-time
//! theme = "green"         # wood, blue, green or contrast
//! ascii = false           # letters instead of chess symbols
//! color = "auto"          # auto, always or never (true and false mean always and never)
//! auto-flip = false
//! engine = "/usr/games/stockfish"   # as --engine, for hotseat analyse
//! sound = "bell"          # the terminal bell on moves, low time and the end; "off" by default
//! announce = "words"      # --plain: a move in words, "notation" or "both" (the default)
//! notation = "figurine"   # san, figurine or lan
//! pieces = "de"           # piece letters by language: de writes Sf3 (see rules::Language)
//! ```
//!
//! An option on the command line wins over the file, which wins over the built-in defaults;
//! any time option on the command line replaces all three time keys, so that `--time 10+0`
//! gives both players ten minutes whatever the file's odds. `color = "auto"` leaves the choice
//! to `NO_COLOR`; `color = "always"` overrides it, as `--color always` does (no-color.org: a
//! user's own configuration wins over the environment variable).
//!
//! **A bad file never stops the game.** [`parse`] reads the document with toml's parser and
//! then judges each value on its own, with the same parsers as the command line, so one wrong
//! value costs only itself: the others are kept, and the wrong one is a [`Problem`] naming its
//! line, what is wrong and what to write instead. A file that is not TOML at all (a syntax
//! error) gives the defaults and its one problem; an unknown key (a typo: `colour`) is a
//! problem too, with the likely key named, and is otherwise ignored. The first screen shows the
//! problems ([`notice`]). serde's derive is not used: it stops at the first wrong value, and
//! keeping the good ones needs each value with its line, which toml's spanned table gives.
//!
//! **The new-game form's memory**, `last-game.toml` in the data folder, holds the choices of
//! the last game started from the form ([`FormChoices`]): names, clock, and whether it was
//! Chess960. The next form (in this session or a later one) opens with them; before any, it
//! opens like the game on the board, which the command line and the settings file set up.
//! hotseat writes this file itself ([`format_choices`], atomically) and never touches
//! `config.toml`, whose comments and layout are the player's. A memory file that cannot be
//! read is ignored: it only saves typing, and the next game started from the form rewrites it.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use toml::de::{DeTable, DeValue};

use crate::app::Announce;
use crate::app::Message;
use crate::app::config::NameError;
use crate::app::newgame::FormChoices;
use crate::app::sound::Sound;
use crate::game::timecontrol::{ParseTimeControlError, TimeControl};
use crate::look::{ColorChoice, GlyphSet, Palette};
use crate::rules::{Language, Notation};
use crate::text::{excerpt, excerpt_bare};

/// The settings file's name in its folder.
pub const CONFIG_FILE: &str = "config.toml";

/// The form's memory file's name in the data folder.
pub const LAST_GAME_FILE: &str = "last-game.toml";

/// The largest settings or memory file read: a few lines are expected, and nothing larger can
/// make the start slow or eat memory.
pub const MAX_FILE_BYTES: u64 = 64 * 1024;

/// The keys of the settings file, as the long options are spelt.
pub const KEYS: [&str; 15] = [
    "white",
    "black",
    "time",
    "white-time",
    "black-time",
    "theme",
    "ascii",
    "color",
    "auto-flip",
    "engine",
    "warnings",
    "announce",
    "sound",
    "notation",
    "pieces",
];

/// What the settings file sets; `None` where it says nothing (or something wrong).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub white: Option<String>,
    pub black: Option<String>,
    pub time: Option<TimeControl>,
    pub white_time: Option<TimeControl>,
    pub black_time: Option<TimeControl>,
    pub theme: Option<Palette>,
    pub glyphs: Option<GlyphSet>,
    pub color: Option<ColorChoice>,
    pub auto_flip: Option<bool>,
    /// The UCI engine for `hotseat analyse` (as --engine): a path, or a name on `PATH`.
    pub engine: Option<std::path::PathBuf>,
    /// When `--plain` announces the time left on a running clock, in seconds.
    pub warnings: Option<Vec<std::time::Duration>>,
    /// How `--plain` announces a move: words, notation or both.
    pub announce: Option<Announce>,
    pub sound: Option<Sound>,
    pub notation: Option<Notation>,
    pub pieces: Option<Language>,
}

/// Something wrong in the settings file: where, and what (with how to write it right).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// From 1; `None` when the parser could not say.
    pub line: Option<usize>,
    pub text: String,
}

/// Reads the settings file's text; see the [module docs](self).
///
/// ```
/// use hotseat::settings::parse;
/// use hotseat::look::Palette;
///
/// let (settings, problems) = parse("white = \"Ann\"\ntheme = \"pink\"\n");
/// assert_eq!(settings.white.as_deref(), Some("Ann"));
/// assert_eq!(settings.theme, None);
/// assert_eq!(problems[0].line, Some(2));
/// assert!(problems[0].text.contains("wood, blue, green or contrast"));
/// ```
pub fn parse(text: &str) -> (Settings, Vec<Problem>) {
    let mut settings = Settings::default();
    let table = match DeTable::parse(text) {
        Ok(table) => table.into_inner(),
        Err(e) => {
            let problem = Problem {
                line: e.span().map(|span| line_of(text, span.start)),
                text: format!(
                    "not TOML: {} (write one setting a line, like time = \"5+3\")",
                    crate::text::tame(e.message().trim_end_matches('.')).replace('\n', " ")
                ),
            };
            return (settings, vec![problem]);
        }
    };
    let mut problems = Vec::new();
    for (key, value) in &table {
        let line = Some(line_of(text, key.span().start));
        let name = key.get_ref().replace('_', "-");
        if let Err(err) = settings.set(&name, value.get_ref()) {
            let text = err.to_string();
            problems.push(Problem { line, text });
        }
    }
    problems.sort_by_key(|p| p.line);
    (settings, problems)
}

impl Settings {
    /// Sets the value of `key`, or says what is wrong with it.
    fn set(&mut self, key: &str, value: &DeValue<'_>) -> Result<(), SettingError> {
        match key {
            "white" | "black" => {
                let name = crate::app::config::check_name(text_value(key, value, "\"Ann\"")?)
                    .map_err(|err| SettingError::Name {
                        key: key.to_owned(),
                        shown: excerpt(value.as_str().unwrap_or("")),
                        err,
                    })?;
                *if key == "white" {
                    &mut self.white
                } else {
                    &mut self.black
                } = Some(name);
            }
            "time" | "white-time" | "black-time" => {
                let tc = text_value(key, value, "\"5+3\"")?
                    .trim()
                    .parse::<TimeControl>()
                    .map_err(|err| SettingError::TimeControl {
                        key: key.to_owned(),
                        err,
                    })?;
                *match key {
                    "time" => &mut self.time,
                    "white-time" => &mut self.white_time,
                    _ => &mut self.black_time,
                } = Some(tc);
            }
            "theme" => {
                let text = text_value(key, value, "\"wood\"")?;
                self.theme = Some(
                    text.trim()
                        .parse::<Palette>()
                        .map_err(|_| SettingError::NoSuchTheme(excerpt(text)))?,
                );
            }
            "ascii" => {
                self.glyphs = Some(if bool_value(key, value)? {
                    GlyphSet::Ascii
                } else {
                    GlyphSet::Unicode
                });
            }
            "auto-flip" => self.auto_flip = Some(bool_value(key, value)?),
            "sound" => self.sound = Some(parsed(key, value, "\"bell\"")?),
            "announce" => self.announce = Some(parsed(key, value, "\"words\"")?),
            "notation" => {
                let text = text_value(key, value, "\"figurine\"")?;
                // A language's code names its piece letters, as --notation de does.
                match (text.parse::<Notation>(), text.parse::<Language>()) {
                    (Ok(notation), _) => self.notation = Some(notation),
                    (Err(_), Ok(language)) => self.pieces = Some(language),
                    (Err(why), Err(_)) => {
                        return Err(SettingError::Refused {
                            key: key.to_owned(),
                            shown: excerpt(text),
                            why: why.to_string(),
                        });
                    }
                }
            }
            "pieces" => self.pieces = Some(parsed(key, value, "\"de\"")?),
            "engine" => {
                let text = text_value(key, value, "\"/usr/games/stockfish\"")?;
                if text.trim().is_empty() {
                    return Err(SettingError::EmptyEngine);
                }
                self.engine = Some(text.into());
            }
            "warnings" => self.warnings = Some(warnings_value(value)?),
            "color" => {
                let wrong = || SettingError::Color(shown_value(value).into_owned());
                self.color = Some(match value {
                    DeValue::Boolean(true) => ColorChoice::Always,
                    DeValue::Boolean(false) => ColorChoice::Never,
                    DeValue::String(s) => match s.trim().to_ascii_lowercase().as_str() {
                        "auto" => ColorChoice::Auto,
                        "always" => ColorChoice::Always,
                        "never" | "none" => ColorChoice::Never,
                        "truecolor" | "24bit" => ColorChoice::Depth(crate::look::Depth::TrueColor),
                        "256" => ColorChoice::Depth(crate::look::Depth::Ansi256),
                        "16" => ColorChoice::Depth(crate::look::Depth::Ansi16),
                        _ => return Err(wrong()),
                    },
                    _ => return Err(wrong()),
                });
            }
            _ => return Err(unknown_key(key)),
        }
        Ok(())
    }
}

/// The most warning times `warnings` takes.
const MAX_WARNINGS: usize = 8;

/// `warnings = [60, 30, 10]`: seconds left, each from 1 to 3600; `[]` for none.
fn warnings_value(value: &DeValue<'_>) -> Result<Vec<std::time::Duration>, SettingError> {
    let wrong = || SettingError::Warnings(shown_value(value).into_owned());
    let items = value.as_array().ok_or_else(wrong)?;
    if items.len() > MAX_WARNINGS {
        return Err(wrong());
    }
    items
        .iter()
        .map(|item| {
            item.get_ref()
                .as_integer()
                .and_then(|n| u64::from_str_radix(&n.as_str().replace('_', ""), n.radix()).ok())
                .filter(|n| (1..=3600).contains(n))
                .map(std::time::Duration::from_secs)
                .ok_or_else(wrong)
        })
        .collect()
}

/// The text of a value that must be a string, or what to write instead.
fn text_value<'a>(
    key: &str,
    value: &'a DeValue<'_>,
    example: &'static str,
) -> Result<&'a str, SettingError> {
    value.as_str().ok_or_else(|| SettingError::NotText {
        key: key.to_owned(),
        shown: shown_value(value).into_owned(),
        example,
    })
}

/// A string value read by its type's parser, whose message follows `key = "value": `.
fn parsed<T>(key: &str, value: &DeValue<'_>, example: &'static str) -> Result<T, SettingError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let text = text_value(key, value, example)?;
    text.parse().map_err(|why: T::Err| SettingError::Refused {
        key: key.to_owned(),
        shown: excerpt(text),
        why: why.to_string(),
    })
}

fn bool_value(key: &str, value: &DeValue<'_>) -> Result<bool, SettingError> {
    value.as_bool().ok_or_else(|| SettingError::NotBool {
        key: key.to_owned(),
        shown: shown_value(value).into_owned(),
    })
}

/// What is wrong with one setting, and how to write it right.
#[derive(Debug)]
pub enum SettingError {
    /// The value of `key` (shown) must be text in quotes, like `example`.
    NotText {
        key: String,
        shown: String,
        example: &'static str,
    },
    /// The value of `key` (shown) must be true or false.
    NotBool { key: String, shown: String },
    /// `white` or `black` (the key), with the name shown, is no name.
    Name {
        key: String,
        shown: String,
        err: NameError,
    },
    /// A time key that cannot be read.
    TimeControl {
        key: String,
        err: ParseTimeControlError,
    },
    /// `theme`, with this (shown) value, names no palette.
    NoSuchTheme(String),
    /// `engine = ""`.
    EmptyEngine,
    /// `color`, with this (shown) value, is none of the three.
    Color(String),
    /// `warnings`, with this (shown) value, is not a list of up to `MAX_WARNINGS` numbers of
    /// seconds from 1 to 3600.
    Warnings(String),
    /// `key`'s value (shown) is text its reader refused, and why (the message of the type's
    /// own parser, which says what it takes).
    Refused {
        key: String,
        shown: String,
        why: String,
    },
    /// A key that is none of the settings (shown), and the one it most likely stands for.
    UnknownKey {
        shown: String,
        near: Option<&'static str>,
    },
}

impl std::fmt::Display for SettingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettingError::NotText {
                key,
                shown,
                example,
            } => write!(
                f,
                "{key} = {shown}: write it in quotes, like {key} = {example}"
            ),
            SettingError::NotBool { key, shown } => {
                write!(f, "{key} = {shown}: write true or false, like {key} = true")
            }
            SettingError::Name { key, shown, err } => write!(f, "{key} = {shown}: {err}"),
            SettingError::TimeControl { key, err } => write!(f, "{key}: {err}"),
            SettingError::NoSuchTheme(shown) => write!(
                f,
                "theme = {shown}: no such theme (write {})",
                Palette::names()
            ),
            SettingError::EmptyEngine => f.write_str(
                "engine = \"\": write the engine's path or name, like engine = \"stockfish\"",
            ),
            SettingError::Color(shown) => write!(
                f,
                "color = {shown}: write \"auto\", \"always\", \"never\", \"truecolor\", \"256\" or \"16\""
            ),
            SettingError::Warnings(shown) => write!(
                f,
                "warnings = {shown}: write up to {MAX_WARNINGS} times left on the clock in \
                 seconds, from 1 to 3600, like warnings = [60, 30, 10], or [] for none"
            ),
            SettingError::Refused { key, shown, why } => write!(f, "{key} = {shown}: {why}"),
            SettingError::UnknownKey {
                shown,
                near: Some(near),
            } => write!(f, "unknown setting {shown}, ignored (did you mean {near}?)"),
            SettingError::UnknownKey { shown, near: None } => write!(
                f,
                "unknown setting {shown}, ignored (the settings are {})",
                KEYS.join(", ")
            ),
        }
    }
}

impl std::error::Error for SettingError {}

/// A value as the message quotes it: text excerpted and escaped, a number as written, and the
/// kind of anything longer.
fn shown_value(value: &DeValue<'_>) -> Cow<'static, str> {
    match value {
        DeValue::String(s) => excerpt(s).into(),
        DeValue::Integer(n) => excerpt_bare(n.as_str()).into_owned().into(),
        DeValue::Float(n) => excerpt_bare(n.as_str()).into_owned().into(),
        DeValue::Boolean(b) => b.to_string().into(),
        other => format!("(a {})", other.type_str()).into(),
    }
}

/// An unknown key, with the known one it most likely stands for.
fn unknown_key(key: &str) -> SettingError {
    let near = KEYS
        .iter()
        .min_by_key(|k| strsim::levenshtein(key, k))
        .filter(|near| strsim::levenshtein(key, near) <= 2)
        .copied();
    SettingError::UnknownKey {
        shown: excerpt(key),
        near,
    }
}

/// The line (from 1) of the byte at `at`.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The settings file to read: `--config FILE`, or the platform's usual one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Given with `--config`: it must exist.
    Given(PathBuf),
    /// The usual place: a missing file is the defaults, without a word.
    Usual(PathBuf),
    /// No folder for settings (no `HOME`): the defaults.
    Nowhere,
}

impl Source {
    /// `--config`'s file if given, else `config.toml` in the platform's settings folder.
    pub fn find(given: Option<&Path>) -> Source {
        match given {
            Some(path) => Source::Given(path.to_owned()),
            None => usual_path().map_or(Source::Nowhere, Source::Usual),
        }
    }
}

/// The settings file's usual path on this platform, from the process environment.
pub fn usual_path() -> Option<PathBuf> {
    crate::store::config_dir_for(crate::store::Platform::current(), |name| {
        std::env::var_os(name)
    })
    .ok()
    .map(|dir| dir.join(CONFIG_FILE))
}

/// A settings file given with `--config` that cannot be read at all (shown as given).
#[derive(Debug)]
pub struct UnreadableSettings {
    pub shown: String,
    pub error: crate::store::ReadError,
}

impl std::fmt::Display for UnreadableSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "--config {}: cannot read the settings file: {} (example: --config ~/hotseat.toml)",
            self.shown, self.error
        )
    }
}

impl std::error::Error for UnreadableSettings {}

/// Reads the settings from `source`: the settings and the first screen's word about them, if
/// anything is wrong. The error, for a `--config` file that cannot be read at all, is a usage
/// error.
pub fn load(source: &Source) -> Result<(Settings, Option<Message>), UnreadableSettings> {
    let (path, given) = match source {
        Source::Given(path) => (path, true),
        Source::Usual(path) => (path, false),
        Source::Nowhere => return Ok((Settings::default(), None)),
    };
    let shown = crate::store::shown(path);
    let bytes = match crate::store::read_bounded(path, MAX_FILE_BYTES) {
        Ok(bytes) => bytes,
        Err(error) if given => {
            return Err(UnreadableSettings {
                shown: excerpt(&shown),
                error,
            });
        }
        Err(e) if e.is_not_found() => return Ok((Settings::default(), None)),
        Err(e) => {
            let text = format!("Settings file {shown} not read ({e}): the defaults are used");
            return Ok((Settings::default(), Some(Message::error(text))));
        }
    };
    let Ok(text) = String::from_utf8(bytes) else {
        let text =
            format!("Settings file {shown} not read (it is not UTF-8 text): the defaults are used");
        return Ok((Settings::default(), Some(Message::error(text))));
    };
    let (settings, problems) = parse(&text);
    Ok((settings, notice(&shown, &problems)))
}

/// The first screen's word about the problems of the settings file `shown`: the first in full,
/// the lines of the others. Short enough for the two lines of the status line at 80 columns,
/// most important first; that the defaults stand in is for the guide and the man page.
pub fn notice(shown: &str, problems: &[Problem]) -> Option<Message> {
    let first = problems.first()?;
    let mut text = format!("Settings file {shown}");
    if let Some(line) = first.line {
        let _ = write!(text, ", line {line}");
    }
    let _ = write!(text, ": {}", first.text);
    // Every problem with its own reason, where there is room for them all (the plain mode's
    // line, a wide status line); the lines of the others only, where there is not.
    let mut whole = text.clone();
    for problem in &problems[1..] {
        match problem.line {
            Some(line) => {
                let _ = write!(whole, "; line {line}: {}", problem.text);
            }
            None => {
                let _ = write!(whole, "; {}", problem.text);
            }
        }
    }
    let others: Vec<String> = problems[1..]
        .iter()
        .filter_map(|p| p.line.map(|l| l.to_string()))
        .collect();
    match others.len() {
        0 => {}
        1 => {
            let _ = write!(text, " · also line {}", others[0]);
        }
        _ => {
            let _ = write!(text, " · also lines {}", others.join(", "));
        }
    }
    if problems.len() == 1 {
        return Some(Message::error(text));
    }
    Some(Message::error(whole).or_shorter(text))
}

/// The form's memory as written to `last-game.toml`: TOML that [`parse_choices`] reads back.
pub fn format_choices(choices: &FormChoices) -> String {
    format!(
        "# The last choices of hotseat's new-game form, which the next form opens with.\n\
         # Written by hotseat; your settings go in {CONFIG_FILE}.\n\
         white = {}\nblack = {}\ntime = {}\nchess960 = {}\n",
        toml_string(&choices.white),
        toml_string(&choices.black),
        toml_string(&choices.time),
        choices.chess960
    )
}

/// `text` as a TOML basic string, which is also a JSON string (the same escapes: `\"`, `\\`,
/// `\uXXXX` for control characters), so `hotseat games --json` writes its strings with it.
pub(crate) fn toml_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The form's memory read back, or `None` if the file is not what [`format_choices`] writes
/// (or was edited into something the form could not show).
pub fn parse_choices(text: &str) -> Option<FormChoices> {
    let table = DeTable::parse(text).ok()?.into_inner();
    let get = |key: &str| table.get(key).map(|v| v.get_ref());
    let name = |key: &str| {
        let text = get(key)?.as_str()?;
        crate::app::config::check_name(text).ok()
    };
    let time = get("time")?.as_str()?;
    FormChoices::new(
        name("white")?,
        name("black")?,
        time,
        get("chess960")?.as_bool()?,
    )
}

/// Reads the form's memory in the data folder `dir`: `None` if there is none or it is not
/// readable (see the [module docs](self)).
pub fn load_choices(dir: &Path) -> Option<FormChoices> {
    let bytes = crate::store::read_bounded(&dir.join(LAST_GAME_FILE), MAX_FILE_BYTES).ok()?;
    parse_choices(std::str::from_utf8(&bytes).ok()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_read() {
        let (s, problems) = parse(
            "white = \"Ann\"\nblack = \"Bob B.\"\ntime = \"5+3\"\nwhite-time = \"5+0\"\n\
             black-time = \"3+0d2\"\ntheme = \"Green\"\nascii = true\ncolor = \"never\"\n\
             auto-flip = true\nengine = \"/opt/sf\"\n",
        );
        assert_eq!(problems, []);
        assert_eq!(s.engine.as_deref(), Some(std::path::Path::new("/opt/sf")));
        assert_eq!(s.white.as_deref(), Some("Ann"));
        assert_eq!(s.black.as_deref(), Some("Bob B."));
        assert_eq!(s.time.unwrap().to_string(), "5+3");
        assert_eq!(s.white_time.unwrap().to_string(), "5+0");
        assert_eq!(s.black_time.unwrap().to_string(), "3+0d2");
        assert_eq!(s.theme, Some(Palette::Green));
        assert_eq!(s.glyphs, Some(GlyphSet::Ascii));
        assert_eq!(s.color, Some(ColorChoice::Never));
        assert_eq!(s.auto_flip, Some(true));
    }

    #[test]
    fn an_engine_must_be_named() {
        let (s, problems) = parse("engine = \"\"\n");
        assert_eq!(s.engine, None);
        assert!(
            problems[0].text.contains("engine = \"stockfish\""),
            "{problems:?}"
        );
    }

    #[test]
    fn an_empty_file_sets_nothing() {
        assert_eq!(parse(""), (Settings::default(), vec![]));
        assert_eq!(parse("# only a comment\n\n"), (Settings::default(), vec![]));
    }

    #[test]
    fn snake_case_keys_are_read_as_the_options_are_spelt() {
        let (s, problems) = parse("auto_flip = true\nwhite_time = \"1+0\"\n");
        assert_eq!(problems, []);
        assert_eq!(s.auto_flip, Some(true));
        assert!(s.white_time.is_some());
    }

    #[test]
    fn color_takes_the_option_words_or_true_and_false() {
        for (text, choice) in [
            ("\"auto\"", ColorChoice::Auto),
            ("\"Always\"", ColorChoice::Always),
            ("true", ColorChoice::Always),
            ("false", ColorChoice::Never),
            ("\"none\"", ColorChoice::Never),
            ("\"256\"", ColorChoice::Depth(crate::look::Depth::Ansi256)),
            ("\"16\"", ColorChoice::Depth(crate::look::Depth::Ansi16)),
            (
                "\"truecolor\"",
                ColorChoice::Depth(crate::look::Depth::TrueColor),
            ),
        ] {
            let (s, problems) = parse(&format!("color = {text}"));
            assert_eq!((s.color, problems), (Some(choice), vec![]), "{text}");
        }
        let (s, problems) = parse("color = \"sometimes\"");
        assert_eq!(s.color, None);
        assert!(
            problems[0]
                .text
                .contains("\"auto\", \"always\", \"never\", \"truecolor\", \"256\" or \"16\"")
        );
    }

    #[test]
    fn a_wrong_value_is_reported_by_line_and_the_others_are_kept() {
        let text = "white = \"Ann\"\ntime = \"5+\"\ntheme = \"blue\"\nauto-flip = \"yes\"\n";
        let (s, problems) = parse(text);
        assert_eq!(s.white.as_deref(), Some("Ann"));
        assert_eq!(s.theme, Some(Palette::Blue));
        assert_eq!(s.time, None);
        assert_eq!(s.auto_flip, None);
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].line, Some(2));
        assert!(
            problems[0]
                .text
                .starts_with("time: \"5+\" is not a time control")
        );
        assert!(
            problems[0].text.contains("like 5+3"),
            "{}",
            problems[0].text
        );
        assert_eq!(problems[1].line, Some(4));
        assert_eq!(
            problems[1].text,
            "auto-flip = \"yes\": write true or false, like auto-flip = true"
        );
    }

    #[test]
    fn a_value_of_the_wrong_type_says_how_to_write_it() {
        let (_, problems) = parse("time = 5\nwhite = [1, 2]\n");
        assert_eq!(
            problems[0].text,
            "time = 5: write it in quotes, like time = \"5+3\""
        );
        assert_eq!(
            problems[1].text,
            "white = (a array): write it in quotes, like white = \"Ann\""
        );
    }

    #[test]
    fn an_unknown_key_is_a_problem_naming_the_likely_one() {
        let (s, problems) = parse("colour = \"never\"\nwhite = \"Ann\"\n[window]\nsize = 3\n");
        assert_eq!(s.white.as_deref(), Some("Ann"));
        assert_eq!(s.color, None);
        assert_eq!(problems[0].line, Some(1));
        assert_eq!(
            problems[0].text,
            "unknown setting \"colour\", ignored (did you mean color?)"
        );
        assert_eq!(problems[1].line, Some(3));
        assert!(problems[1].text.contains("the settings are white, black"));
    }

    #[test]
    fn a_syntax_error_gives_the_defaults_and_its_line() {
        let (s, problems) = parse("white = \"Ann\"\ntime = 5+3\n");
        assert_eq!(s, Settings::default());
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].line, Some(2));
        assert!(problems[0].text.starts_with("not TOML: "), "{problems:?}");
        assert!(problems[0].text.contains("like time = \"5+3\""));
        let (_, problems) = parse("white = \"Ann\"\nwhite = \"Bob\"\n");
        assert_eq!(problems[0].line, Some(2), "a key set twice");
    }

    #[test]
    fn hostile_values_are_excerpted_and_escaped() {
        let (s, problems) = parse(&format!(
            "white = \"\\u001b[2J{}\"\ntheme = \"\\u001b]0;x\\u0007\"\n",
            "A".repeat(500)
        ));
        assert_eq!(s.white, None);
        for p in &problems {
            assert!(!p.text.chars().any(char::is_control), "{p:?}");
            assert!(p.text.chars().count() < 200, "{p:?}");
        }
        assert!(
            problems[1].text.contains("\\u{1b}]0;x\\u{7}"),
            "{problems:?}"
        );
        let nested = format!("x = {}1{}", "[".repeat(10_000), "]".repeat(10_000));
        let (_, problems) = parse(&nested);
        assert_eq!(problems.len(), 1, "deep nesting is refused, not a crash");
    }

    #[test]
    fn the_notice_names_the_file_the_line_and_the_other_lines() {
        let (_, problems) = parse("time = \"5+\"\nascii = 1\ncolour = 1\n");
        let message = notice("~/.config/hotseat/config.toml", &problems).unwrap();
        assert_eq!(message.kind, crate::app::MessageKind::Error);
        assert!(
            message.text.starts_with(
                "Settings file ~/.config/hotseat/config.toml, line 1: time: \"5+\" is not"
            ),
            "{}",
            message.text
        );
        // Each line with its own reason where there is room; their numbers where there is not.
        assert!(message.text.contains("; line 2: "), "{}", message.text);
        assert!(message.text.contains("; line 3: "), "{}", message.text);
        let short = message.shorter.last().unwrap();
        assert!(short.ends_with(" · also lines 2, 3"), "{short}");
        assert_eq!(message.for_width(60), short);
        assert_eq!(notice("x", &[]), None);
    }

    #[test]
    fn the_form_memory_reads_back_what_is_written() {
        for (white, black, time) in [
            ("Ann", "Bob", "5+3"),
            ("Ann \"the\" \\Rook", "Bob B.", "40/90+30,30+30"),
            ("Émile", "Zoë 李", "5+0 vs 3+0"),
        ] {
            let choices = FormChoices::new(white.into(), black.into(), time, true).unwrap();
            let text = format_choices(&choices);
            assert_eq!(parse_choices(&text), Some(choices), "{text}");
        }
        assert_eq!(parse_choices("white = \"Ann\""), None);
        assert_eq!(parse_choices("not toml"), None);
        assert_eq!(
            parse_choices("white = \"A\\u0007\"\nblack = \"B\"\ntime = \"5+3\"\nchess960 = false"),
            None,
            "a name the form would refuse"
        );
    }

    #[test]
    fn the_guide_example_sets_every_key_without_a_problem() {
        let readme = include_str!("../docs/07-settings-and-keys.md");
        let start = readme
            .find("```toml\n")
            .expect("a toml block in the guide's settings chapter")
            + 8;
        let example = &readme[start..start + readme[start..].find("```").unwrap()];
        let (s, problems) = parse(example);
        assert_eq!(problems, [], "{example}");
        for key in KEYS {
            assert!(
                example.lines().any(|l| l.starts_with(&format!("{key} = "))),
                "the guide's example lacks {key}"
            );
        }
        assert!(s.white.is_some() && s.time.is_some() && s.theme.is_some());
    }
}
