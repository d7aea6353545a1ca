//! The new-game form: player names, a time control (a preset or typed), the board's theme and
//! the start position (the initial one, a pasted FEN, or Chess960: a typed start number or a
//! random one).
//!
//! Five fields, one at a time: Up/Down (or Tab) move between them, Left/Right change a choice,
//! typing edits a name — or, on the clock and start rows, switches to "custom" / "FEN" and types
//! there. Problems are shown beside their field as soon as there is text to check (the exact
//! FEN or time-control error), and Enter starts the game only when everything is valid.

use super::config::MAX_NAME_CHARS;
use super::keymap::Action;
use crate::game::timecontrol::{ParseTimeControlError, TimeControl};
use crate::game::{Game, GameSetup};
use crate::look::Palette;
use crate::rules::{Color, FenError, Position};

/// The time-control presets, in the order Left/Right cycles them; "custom" follows.
pub const TIME_PRESETS: [&str; 11] = [
    "1+0", "3+0", "3+2", "5+0", "5+3", "10+0", "10+5", "15+10", "30+0", "90+30", "none",
];

/// The index of the "custom" time choice.
pub const CUSTOM: usize = TIME_PRESETS.len();

/// The longest FEN the form takes.
const MAX_FEN_CHARS: usize = 120;
/// The longest Chess960 start number.
const MAX_CHESS960_CHARS: usize = 3;
/// The longest typed time control.
const MAX_TIME_CHARS: usize = 40;

/// A row of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    White,
    Black,
    Time,
    /// The board's colours, which the new game opens with.
    Theme,
    Start,
}

impl Field {
    pub const ALL: [Field; 5] = [
        Field::White,
        Field::Black,
        Field::Time,
        Field::Theme,
        Field::Start,
    ];

    pub const fn label(self) -> &'static str {
        match self {
            Field::White => "White",
            Field::Black => "Black",
            Field::Time => "Clock",
            Field::Theme => "Theme",
            Field::Start => "Start",
        }
    }

    fn step(self, delta: isize) -> Field {
        let i = Field::ALL.iter().position(|&f| f == self).unwrap_or(0);
        let n = Field::ALL.len() as isize;
        Field::ALL[(i as isize + delta).rem_euclid(n) as usize]
    }
}

/// The choices of a game started from the form, which the next form opens with (in this
/// session, and in later ones through `last-game.toml`; see [`crate::settings`]): the names,
/// the clock as the form shows it (a preset or the typed control), and Chess960 or not. A
/// typed FEN or Chess960 number is a one-off and is not kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormChoices {
    pub white: String,
    pub black: String,
    pub time: String,
    pub chess960: bool,
}

impl FormChoices {
    /// Choices the form can show: `None` if `time` does not read as the form reads it (or is
    /// longer than it takes).
    pub fn new(white: String, black: String, time: &str, chess960: bool) -> Option<FormChoices> {
        let time = time.trim();
        (time.chars().count() <= MAX_TIME_CHARS && read_time_controls(time).is_ok()).then(|| {
            FormChoices {
                white,
                black,
                time: time.to_owned(),
                chess960,
            }
        })
    }
}

/// What the form did with an action.
#[derive(Clone, Debug)]
pub enum FormResult {
    Editing,
    Cancel,
    Start(Box<GameSetup>),
}

/// The state of the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub white: String,
    pub black: String,
    /// An index into [`TIME_PRESETS`], or [`CUSTOM`].
    pub time: usize,
    /// The typed time control when `time` is [`CUSTOM`].
    pub custom: String,
    /// The board's colours for the new game.
    pub palette: Palette,
    /// Start from `fen` rather than the initial position.
    pub from_fen: bool,
    pub fen: String,
    /// Play Chess960 (when `from_fen` is false): from start `chess960_number`, or a random
    /// start when that is empty.
    pub chess960: bool,
    pub chess960_number: String,
    pub field: Field,
    /// Enter was pressed with a problem: empty custom fields are reported too.
    pub submitted: bool,
    /// The current field still shows the text it was filled in with: the first character typed
    /// replaces it, as in every form (Backspace edits it instead).
    pub prefilled: bool,
}

impl NewGameForm {
    /// A form filled in like `game`: same names and time control, the initial position (a
    /// random Chess960 one after a Chess960 game), and the board colours of `palette`.
    pub fn new(game: &Game, palette: Palette) -> NewGameForm {
        let control = |color| game.clock().control(color).to_string();
        let (white, black) = (control(Color::White), control(Color::Black));
        let tc = if white == black {
            white
        } else {
            format!("{white} vs {black}")
        };
        let time = TIME_PRESETS.iter().position(|&p| p == tc).unwrap_or(CUSTOM);
        NewGameForm {
            white: game.player(Color::White).to_owned(),
            black: game.player(Color::Black).to_owned(),
            time,
            custom: if time == CUSTOM { tc } else { String::new() },
            palette,
            from_fen: false,
            fen: String::new(),
            chess960: game.record().start().is_chess960(),
            chess960_number: String::new(),
            field: Field::White,
            submitted: false,
            prefilled: true,
        }
    }

    /// Fills the form with the choices of the last game started from it.
    pub fn recall(&mut self, choices: &FormChoices) {
        self.white.clone_from(&choices.white);
        self.black.clone_from(&choices.black);
        self.time = TIME_PRESETS
            .iter()
            .position(|&p| p == choices.time)
            .unwrap_or(CUSTOM);
        self.custom = if self.time == CUSTOM {
            choices.time.clone()
        } else {
            String::new()
        };
        self.from_fen = false;
        self.chess960 = choices.chess960;
    }

    /// What to remember of the game this form starts, `setup` (see [`FormChoices`]).
    pub fn choices(&self, setup: &GameSetup) -> FormChoices {
        FormChoices {
            white: setup.white.clone(),
            black: setup.black.clone(),
            time: match TIME_PRESETS.get(self.time) {
                Some(preset) => (*preset).to_owned(),
                None => self.custom.trim().to_owned(),
            },
            chess960: self.chess960 && !self.from_fen,
        }
    }

    /// The label of the time choice shown.
    pub fn time_label(&self) -> &str {
        TIME_PRESETS.get(self.time).copied().unwrap_or("custom")
    }

    /// The chosen time controls, White's and Black's, or what is wrong with the typed text.
    /// A typed control reads as `--time` does (periods `40/90+30,30+30`, delays `5+0d3`
    /// and `5+0b2`); `5+0 vs 3+0` gives each side its own, for time odds.
    pub fn time_control(&self) -> Result<(TimeControl, TimeControl), FormError> {
        let text = match TIME_PRESETS.get(self.time) {
            Some(preset) => *preset,
            None if self.custom.trim().is_empty() => return Err(FormError::NoTimeControl),
            None => self.custom.trim(),
        };
        read_time_controls(text)
    }

    /// The chosen start position, or what is wrong with the FEN or the Chess960 number. A
    /// Chess960 choice without a number is a new random start at each call.
    pub fn start_position(&self) -> Result<Position, FormError> {
        if self.chess960 && !self.from_fen {
            let number = match self.chess960_number.trim() {
                "" => random_chess960_number(),
                text => text
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n < 960)
                    .ok_or_else(|| FormError::Chess960(text.to_owned()))?,
            };
            return Position::chess960(number).ok_or(FormError::Chess960(number.to_string()));
        }
        if !self.from_fen {
            return Ok(Position::initial());
        }
        if self.fen.trim().is_empty() {
            return Err(FormError::NoFen);
        }
        Position::from_fen(self.fen.trim()).map_err(FormError::Fen)
    }

    /// The problem to show beside `field`: typed text that does not read, or (after Enter) an
    /// empty custom field.
    pub fn error(&self, field: Field) -> Option<String> {
        let shown = |text: &str| self.submitted || !text.trim().is_empty();
        let problem = match field {
            Field::Time if self.time == CUSTOM && shown(&self.custom) => self.time_control().err(),
            Field::Start if self.from_fen && shown(&self.fen) => self.start_position().err(),
            Field::Start if self.chess960 && !self.chess960_number.is_empty() => {
                self.start_position().err()
            }
            _ => None,
        };
        problem.map(|e| e.to_string())
    }

    /// Applies an action of the form's key context.
    pub fn update(&mut self, action: Action) -> FormResult {
        match action {
            Action::CursorUp => self.go_to(self.field.step(-1)),
            Action::CursorDown => self.go_to(self.field.step(1)),
            Action::CursorLeft => self.change_choice(-1),
            Action::CursorRight => self.change_choice(1),
            Action::Input(c) => self.type_char(c),
            Action::DeleteChar => self.delete_char(),
            Action::Cancel => return FormResult::Cancel,
            Action::Select => return self.submit(),
            _ => {}
        }
        FormResult::Editing
    }

    /// Moves to `field`, whose text the first character typed replaces.
    fn go_to(&mut self, field: Field) {
        self.field = field;
        self.prefilled = true;
    }

    fn change_choice(&mut self, delta: isize) {
        match self.field {
            Field::Time => {
                let n = (CUSTOM + 1) as isize;
                self.time = (self.time as isize + delta).rem_euclid(n) as usize;
            }
            Field::Theme => {
                let n = Palette::ALL.len() as isize;
                let i = Palette::ALL.iter().position(|&p| p == self.palette);
                let i = (i.unwrap_or(0) as isize + delta).rem_euclid(n) as usize;
                self.palette = Palette::ALL[i];
            }
            Field::Start => {
                // initial position, FEN, Chess960, and round again.
                let choice = match (self.from_fen, self.chess960) {
                    (true, _) => 1,
                    (false, true) => 2,
                    (false, false) => 0,
                };
                let next = (choice + delta).rem_euclid(3);
                self.from_fen = next == 1;
                self.chess960 = next == 2;
            }
            Field::White | Field::Black => {}
        }
    }

    fn type_char(&mut self, c: char) {
        // Invisible and direction-changing characters would let a name pass for another.
        if c.is_control() || crate::text::is_invisible(c) {
            return;
        }
        let replace = std::mem::take(&mut self.prefilled);
        let push = |text: &mut String, max: usize| {
            if replace {
                text.clear();
            }
            if text.chars().count() < max {
                text.push(c);
            }
        };
        match self.field {
            Field::White => push(&mut self.white, MAX_NAME_CHARS),
            Field::Black => push(&mut self.black, MAX_NAME_CHARS),
            Field::Time => {
                if self.time != CUSTOM {
                    self.time = CUSTOM;
                    self.custom.clear();
                }
                push(&mut self.custom, MAX_TIME_CHARS);
            }
            Field::Start if self.chess960 && !self.from_fen && c.is_ascii_digit() => {
                push(&mut self.chess960_number, MAX_CHESS960_CHARS);
            }
            Field::Start => {
                if !self.from_fen {
                    self.from_fen = true;
                    // Digits typed on Chess960 were the start of a pasted FEN.
                    self.fen = if self.chess960 {
                        std::mem::take(&mut self.chess960_number)
                    } else {
                        String::new()
                    };
                    self.chess960 = false;
                }
                push(&mut self.fen, MAX_FEN_CHARS);
            }
            Field::Theme => {}
        }
    }

    fn delete_char(&mut self) {
        self.prefilled = false;
        match self.field {
            Field::White => drop(self.white.pop()),
            Field::Black => drop(self.black.pop()),
            Field::Time if self.time == CUSTOM => drop(self.custom.pop()),
            Field::Start if self.from_fen => drop(self.fen.pop()),
            Field::Start if self.chess960 => drop(self.chess960_number.pop()),
            Field::Time | Field::Start | Field::Theme => {}
        }
    }

    /// What the Start row shows for a Chess960 choice.
    pub fn chess960_label(&self) -> String {
        match self.chess960_number.as_str() {
            "" => "Chess960 (random start)".to_owned(),
            n => format!("Chess960 #{n}"),
        }
    }

    fn submit(&mut self) -> FormResult {
        self.submitted = true;
        let (white_time, black_time) = match self.time_control() {
            Ok(tcs) => tcs,
            Err(_) => {
                self.field = Field::Time;
                return FormResult::Editing;
            }
        };
        let start = match self.start_position() {
            Ok(pos) => pos,
            Err(_) => {
                self.field = Field::Start;
                return FormResult::Editing;
            }
        };
        let name = |text: &str, default: Color| {
            let t = text.trim();
            if t.is_empty() {
                default.to_string()
            } else {
                t.to_owned()
            }
        };
        FormResult::Start(Box::new(GameSetup {
            start,
            white: name(&self.white, Color::White),
            black: name(&self.black, Color::Black),
            white_time,
            black_time,
        }))
    }
}

/// White's and Black's time controls from the form's clock text: one control for both, or
/// `5+0 vs 3+0` for time odds.
fn read_time_controls(text: &str) -> Result<(TimeControl, TimeControl), FormError> {
    let read = |t: &str| {
        t.trim()
            .parse::<TimeControl>()
            .map_err(FormError::TimeControl)
    };
    match text.split_once(" vs ") {
        Some((white, black)) => Ok((read(white)?, read(black)?)),
        None => read(text).map(|tc| (tc.clone(), tc)),
    }
}

/// What is wrong with the form's clock or start position, as the form says it under the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormError {
    /// "Custom" time, and nothing typed.
    NoTimeControl,
    TimeControl(ParseTimeControlError),
    /// Not a Chess960 start number (the text typed).
    Chess960(String),
    /// "From a FEN", and nothing typed.
    NoFen,
    Fen(FenError),
}

impl std::fmt::Display for FormError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormError::NoTimeControl => {
                f.write_str("type a time control, like 5+3, 40/90+30,30+30, 5+0d3 or 5+0 vs 3+0")
            }
            FormError::TimeControl(e) => write!(f, "{e}"),
            FormError::Chess960(text) => write!(
                f,
                "\"{text}\" is not a Chess960 start: type a number from 0 to 959 \
                 (518 is the standard one), or nothing for a random one"
            ),
            FormError::NoFen => f.write_str("paste or type a FEN"),
            FormError::Fen(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for FormError {}

/// One of the 960 Chess960 start numbers, picked at random (from the seed the standard library
/// draws from the system for each hasher; no generator crate is needed for one number).
pub fn random_chess960_number() -> u32 {
    use std::hash::{BuildHasher, Hasher};
    let seed = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    (seed % 960) as u32
}
