//! A sparring partner's strength and manners, as pure data the app can hold: a level or an
//! Elo, the clocks an engine is asked to move on, and the two rules a human opponent is owed an
//! answer by — a draw offer and resignation. How a strength is made in the engine (its settings
//! and `go` line) lives at the program's edge, in `hotseat::engine::sparring`.

use std::fmt;
use std::ops::RangeInclusive;
use std::time::Duration;

use super::report::Eval;
use crate::rules::{Color, Move, Position};

/// The levels, weakest first.
pub const LEVELS: RangeInclusive<u8> = 1..=8;

/// The Elo range of current Stockfish (16 and later); an engine says its own at the handshake
/// (`option name UCI_Elo … min … max …`), and that is the range a game is checked against.
pub const STOCKFISH_ELO: RangeInclusive<u32> = 1320..=3190;

/// From this move number on, a draw offer may be accepted.
pub const DRAW_FROM_MOVE: u32 = 30;

/// A draw is accepted when the engine does not think itself better than this (centipawns,
/// its own view).
pub const DRAW_MARGIN_CP: i32 = 50;

/// Hopeless, for resigning: this far behind (centipawns, its own view), or a mate against it.
pub const RESIGN_CP: i32 = -1000;

/// Resigning takes this many of its own moves in a row judged hopeless.
pub const RESIGN_AFTER: u32 = 3;

/// The weakest Elo that resigns; below, the engine plays on to mate, as do levels below
/// [`RESIGN_FROM_LEVEL`].
pub const RESIGN_FROM_ELO: u32 = 1800;

/// The weakest level that resigns.
pub const RESIGN_FROM_LEVEL: u8 = 5;

/// How strong the sparring partner plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strength {
    /// One of [`LEVELS`].
    Level(u8),
    /// An Elo within the engine's `UCI_Elo` range.
    Elo(u32),
}

/// Why a strength cannot be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrengthError {
    Level(i64),
    Elo {
        elo: i64,
        engine: String,
        range: RangeInclusive<u32>,
    },
    /// The engine cannot limit its strength by Elo.
    NoElo {
        engine: String,
    },
}

impl fmt::Display for StrengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrengthError::Level(level) => write!(
                f,
                "there is no level {level}: the levels go from {} (weakest) to {} (full \
                 strength)",
                LEVELS.start(),
                LEVELS.end()
            ),
            StrengthError::Elo { elo, engine, range } => write!(
                f,
                "{engine} cannot play at {elo} Elo: it plays from {} to {} Elo (for weaker \
                 play, choose a level from {} to {} instead)",
                range.start(),
                range.end(),
                LEVELS.start(),
                LEVELS.end()
            ),
            StrengthError::NoElo { engine } => write!(
                f,
                "{engine} has no UCI_Elo option, so it cannot play at a given Elo: choose a \
                 level from {} to {} instead",
                LEVELS.start(),
                LEVELS.end()
            ),
        }
    }
}

impl std::error::Error for StrengthError {}

/// The clocks when the engine is asked for a move in a timed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchClock {
    pub white: Duration,
    pub black: Duration,
    /// Added after each move (a delay counts as an increment here: at most that much comes
    /// back).
    pub white_inc: Duration,
    pub black_inc: Duration,
    /// Moves until the next time control, for the side to move, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// One question for the engine: its move (or a hint for the human) in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// Names the answer.
    pub id: u64,
    /// The game's start and its moves so far (legal, as the game checked them).
    pub start: Position,
    pub moves: Vec<Move>,
    /// The clocks, in a timed game.
    pub clock: Option<SearchClock>,
    /// A hint for the human: full strength, not the engine's own move at its level.
    pub hint: bool,
}

/// An engine's `UCI_Elo` option, as it announced it.
pub type EloRange = RangeInclusive<u32>;

impl Strength {
    /// A level, checked.
    ///
    /// ```
    /// use hotseat_chess::game::sparring::Strength;
    /// assert_eq!(Strength::level(4), Ok(Strength::Level(4)));
    /// assert!(Strength::level(9).unwrap_err().to_string().contains("from 1 (weakest) to 8"));
    /// ```
    pub fn level(level: i64) -> Result<Strength, StrengthError> {
        u8::try_from(level)
            .ok()
            .filter(|l| LEVELS.contains(l))
            .map(Strength::Level)
            .ok_or(StrengthError::Level(level))
    }

    /// An Elo, checked against the range `engine` announced (`None`: it has no `UCI_Elo`).
    pub fn elo(elo: i64, engine: &str, range: Option<EloRange>) -> Result<Strength, StrengthError> {
        let Some(range) = range else {
            return Err(StrengthError::NoElo {
                engine: engine.to_owned(),
            });
        };
        u32::try_from(elo)
            .ok()
            .filter(|e| range.contains(e))
            .map(Strength::Elo)
            .ok_or(StrengthError::Elo {
                elo,
                engine: engine.to_owned(),
                range,
            })
    }

    /// The name the game's tags give the engine: `Stockfish (level 4)`, `Stockfish (1500 Elo)`.
    pub fn player_name(self, engine: &str) -> String {
        match self {
            Strength::Level(level) => format!("{engine} (level {level})"),
            Strength::Elo(elo) => format!("{engine} ({elo} Elo)"),
        }
    }

    /// Whether this strength resigns a hopeless game (else it plays on to mate).
    pub fn resigns(self) -> bool {
        match self {
            Strength::Level(level) => level >= RESIGN_FROM_LEVEL,
            Strength::Elo(elo) => elo >= RESIGN_FROM_ELO,
        }
    }
}

/// The engine and strength a player's name says, as [`Strength::player_name`] writes it:
/// `Stockfish (level 4)`, `Stockfish (1500 Elo)` (a level of [`LEVELS`], an Elo of
/// [`STOCKFISH_ELO`]). A saved game resumed, or a game set up with such a name in the new-game
/// form, is played against that engine.
///
/// ```
/// use hotseat_chess::game::sparring::{Strength, parse_player_name};
/// assert_eq!(
///     parse_player_name("Stockfish (level 4)"),
///     Some(("Stockfish".to_owned(), Strength::Level(4)))
/// );
/// assert_eq!(
///     parse_player_name("Stockfish (1500 Elo)"),
///     Some(("Stockfish".to_owned(), Strength::Elo(1500)))
/// );
/// assert_eq!(parse_player_name("Ann"), None);
/// assert_eq!(parse_player_name("Stockfish (level 9)"), None);
/// ```
pub fn parse_player_name(name: &str) -> Option<(String, Strength)> {
    let (engine, rest) = name.trim().rsplit_once(" (")?;
    let inside = rest.strip_suffix(')')?;
    let strength = if let Some(level) = inside.strip_prefix("level ") {
        Strength::Level(level.parse().ok().filter(|l| LEVELS.contains(l))?)
    } else {
        let elo = inside.strip_suffix(" Elo")?;
        Strength::Elo(elo.parse().ok().filter(|e| STOCKFISH_ELO.contains(e))?)
    };
    let engine = engine.trim();
    (!engine.is_empty() && !engine.contains(['(', ')'])).then(|| (engine.to_owned(), strength))
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Strength::Level(level) => write!(f, "level {level}"),
            Strength::Elo(elo) => write!(f, "{elo} Elo"),
        }
    }
}

/// An evaluation from `side`'s point of view: centipawns, or moves to mate (negative when
/// `side` is mated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Own {
    Cp(i32),
    Mate(i64),
}

fn own(eval: Eval, side: Color) -> Own {
    match eval {
        Eval::Cp(cp) => Own::Cp(if side == Color::White { cp } else { -cp }),
        Eval::Mate { winner, moves } => {
            let moves = i64::from(moves);
            Own::Mate(if winner == side { moves } else { -moves })
        }
    }
}

/// The answer of the engine playing `side` to a draw offer, from its evaluation of the
/// position (White's view, as the driver gives it) and the move number: declined before move
/// [`DRAW_FROM_MOVE`]; from then on accepted when the engine does not think itself better by
/// more than [`DRAW_MARGIN_CP`] (a mate against it included), declined when it does or sees
/// a mate for itself, or has no evaluation. The rule is the same at every level: a draw is the
/// human's to earn, not a level's to give away.
///
/// ```
/// use hotseat_chess::game::report::Eval;
/// use hotseat_chess::game::sparring::accepts_draw;
/// use hotseat_chess::rules::Color;
/// assert!(!accepts_draw(Some(Eval::Cp(0)), Color::Black, 12));
/// assert!(accepts_draw(Some(Eval::Cp(20)), Color::Black, 31));
/// // Black is the engine: White's +1.80 is its -1.80, and it takes the draw.
/// assert!(accepts_draw(Some(Eval::Cp(180)), Color::Black, 31));
/// assert!(!accepts_draw(Some(Eval::Cp(-180)), Color::Black, 31));
/// ```
pub fn accepts_draw(eval: Option<Eval>, side: Color, move_number: u32) -> bool {
    if move_number < DRAW_FROM_MOVE {
        return false;
    }
    match eval.map(|e| own(e, side)) {
        Some(Own::Cp(cp)) => cp <= DRAW_MARGIN_CP,
        Some(Own::Mate(n)) => n <= 0,
        None => false,
    }
}

/// Whether an evaluation is hopeless for `side`: [`RESIGN_CP`] or worse, or a mate against it.
pub fn hopeless(eval: Eval, side: Color) -> bool {
    match own(eval, side) {
        Own::Cp(cp) => cp <= RESIGN_CP,
        Own::Mate(n) => n <= 0,
    }
}

/// The resignation rule, move by move: a strength that [resigns](Strength::resigns) does so
/// once [`RESIGN_AFTER`] of its own moves in a row were [`hopeless`]; a move that is not
/// resets the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resignation {
    strength: Strength,
    side: Color,
    hopeless_in_a_row: u32,
}

impl Resignation {
    /// For the engine playing `side` at `strength`.
    pub fn new(strength: Strength, side: Color) -> Resignation {
        Resignation {
            strength,
            side,
            hopeless_in_a_row: 0,
        }
    }

    /// Takes the evaluation of the engine's latest search (White's view); whether it resigns
    /// now.
    pub fn after_search(&mut self, eval: Option<Eval>) -> bool {
        match eval {
            Some(eval) if hopeless(eval, self.side) => self.hopeless_in_a_row += 1,
            _ => self.hopeless_in_a_row = 0,
        }
        self.strength.resigns() && self.hopeless_in_a_row >= RESIGN_AFTER
    }

    /// Forgets the count (after a takeback: the moves it counted are gone).
    pub fn reset(&mut self) {
        self.hopeless_in_a_row = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_or_elo_out_of_range_says_the_range() {
        assert_eq!(Strength::level(1), Ok(Strength::Level(1)));
        for bad in [0, 9, -3, 300] {
            let err = Strength::level(bad).unwrap_err().to_string();
            assert!(err.contains(&format!("no level {bad}")), "{err}");
            assert!(err.contains("from 1 (weakest) to 8"), "{err}");
        }
        let sf15 = Some(1350..=2850);
        assert_eq!(
            Strength::elo(1500, "Stockfish 15.1", sf15.clone()),
            Ok(Strength::Elo(1500))
        );
        let err = Strength::elo(1320, "Stockfish 15.1", sf15)
            .unwrap_err()
            .to_string();
        assert!(err.contains("from 1350 to 2850 Elo"), "{err}");
        assert!(err.contains("Stockfish 15.1 cannot play at 1320"), "{err}");
        let err = Strength::elo(1500, "Fake", None).unwrap_err().to_string();
        assert!(err.contains("no UCI_Elo"), "{err}");
        assert_eq!(
            Strength::Level(4).player_name("Stockfish"),
            "Stockfish (level 4)"
        );
        assert_eq!(
            Strength::Elo(1500).player_name("Stockfish"),
            "Stockfish (1500 Elo)"
        );
    }

    #[test]
    fn draw_offers_are_answered_by_move_number_and_evaluation() {
        let white = Color::White;
        assert!(!accepts_draw(Some(Eval::Cp(0)), white, 29));
        assert!(accepts_draw(Some(Eval::Cp(0)), white, 30));
        assert!(accepts_draw(Some(Eval::Cp(DRAW_MARGIN_CP)), white, 40));
        assert!(!accepts_draw(Some(Eval::Cp(DRAW_MARGIN_CP + 1)), white, 40));
        assert!(accepts_draw(
            Some(Eval::Cp(DRAW_MARGIN_CP + 1)),
            Color::Black,
            40
        ));
        assert!(accepts_draw(Some(Eval::Cp(-400)), white, 40));
        let mated = Eval::Mate {
            winner: Color::Black,
            moves: 3,
        };
        assert!(accepts_draw(Some(mated), white, 40));
        assert!(!accepts_draw(Some(mated), Color::Black, 40));
        assert!(!accepts_draw(None, white, 40));
    }

    #[test]
    fn higher_levels_resign_after_three_hopeless_moves_lower_ones_play_to_mate() {
        // Black is the engine; White's view +15 pawns.
        let lost = Some(Eval::Cp(1500));
        let mut strong = Resignation::new(Strength::Level(6), Color::Black);
        assert!(!strong.after_search(lost));
        assert!(!strong.after_search(Some(Eval::Mate {
            winner: Color::White,
            moves: 9
        })));
        // One hopeful move resets the count.
        assert!(!strong.after_search(Some(Eval::Cp(200))));
        assert!(!strong.after_search(lost));
        assert!(!strong.after_search(lost));
        assert!(strong.after_search(lost));
        // The same evaluation is White's win, not its loss, for an engine playing White.
        let mut winning = Resignation::new(Strength::Level(8), Color::White);
        for _ in 0..5 {
            assert!(!winning.after_search(lost));
        }
        let mut weak = Resignation::new(Strength::Level(4), Color::Black);
        for _ in 0..10 {
            assert!(!weak.after_search(lost));
        }
        assert!(Strength::Elo(2000).resigns());
        assert!(!Strength::Elo(1500).resigns());
        let mut taken_back = Resignation::new(Strength::Level(8), Color::Black);
        taken_back.after_search(lost);
        taken_back.after_search(lost);
        taken_back.reset();
        assert!(!taken_back.after_search(lost));
    }
}
