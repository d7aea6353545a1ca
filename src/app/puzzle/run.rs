//! Puzzle Storm and Puzzle Streak at the puzzle's table: the chess crate's rules
//! ([`chess::puzzle::Storm`], [`chess::puzzle::Streak`], shared with the plain mode), the run's
//! score on the panel, the next puzzle asked for at once after each one, and the personal best
//! written when the run ends.
//!
//! Storm: three minutes from the first move, ten seconds off a wrong move (which also moves on
//! to the next puzzle), time earned at combos of 5, 12, 20 and 30, puzzles from 800 rising.
//! Streak: rising difficulty from 1000, one mistake ends it, one skip (Ctrl-V). Neither has
//! hints, a shown solution or retries.

use std::time::Duration;

use chess::puzzle::run::storm_rating;
use chess::puzzle::{Duel, DuelRules, Storm, Streak};

use crate::store::PuzzleMode;

/// Which run the puzzles are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RunKind {
    /// One at a time, rated.
    #[default]
    Puzzles,
    Storm,
    Streak,
    /// Two players at this keyboard, the same list, a clock each (see [`chess::puzzle::duel`]).
    Duel,
}

/// A duel's players and rules, as the command line sets them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuelSetup {
    /// The second player (the first is the puzzles' player, who starts).
    pub opponent: String,
    pub rules: DuelRules,
}

/// A run under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Run {
    Puzzles,
    Storm(Storm),
    Streak(Streak),
    /// The duel, and its two players' names.
    Duel(Box<(Duel, [String; 2])>),
    /// A duel across the network: this screen's copy of the host's (see `net`).
    Net(Box<super::net::NetDuel>),
}

impl Run {
    /// A run of `kind`; a duel between `player` and the setup's opponent.
    pub fn new(kind: RunKind, player: &str, duel: Option<&DuelSetup>) -> Run {
        match (kind, duel) {
            (RunKind::Duel, Some(setup)) => Run::Duel(Box::new((
                Duel::new(setup.rules),
                [player.to_owned(), setup.opponent.clone()],
            ))),
            (RunKind::Storm, _) => Run::Storm(Storm::new()),
            (RunKind::Streak, _) => Run::Streak(Streak::new()),
            _ => Run::Puzzles,
        }
    }

    /// The player to solve in a duel.
    pub fn duel_solver(&self) -> Option<&str> {
        match self {
            Run::Duel(d) => Some(&d.1[d.0.turn()]),
            Run::Net(net) => net.solver(),
            _ => None,
        }
    }

    pub fn kind(&self) -> RunKind {
        match self {
            Run::Puzzles => RunKind::Puzzles,
            Run::Storm(_) => RunKind::Storm,
            Run::Streak(_) => RunKind::Streak,
            Run::Duel(_) | Run::Net(_) => RunKind::Duel,
        }
    }

    /// The mode an attempt is written with (`rated` for a rated single puzzle).
    pub fn mode(&self, rated: bool) -> PuzzleMode {
        match self {
            Run::Puzzles if rated => PuzzleMode::Rated,
            Run::Puzzles | Run::Duel(_) | Run::Net(_) => PuzzleMode::Casual,
            Run::Storm(_) => PuzzleMode::Storm,
            Run::Streak(_) => PuzzleMode::Streak,
        }
    }

    /// The rating the next puzzle is chosen near; `None`: the player's own.
    pub fn target(&self, given: usize) -> Option<u16> {
        match self {
            Run::Puzzles | Run::Duel(_) | Run::Net(_) => None,
            Run::Storm(_) => Some(storm_rating(given)),
            Run::Streak(streak) => Some(streak.next_rating()),
        }
    }

    /// The run's name, for the words.
    pub fn name(&self) -> &'static str {
        match self {
            Run::Puzzles => "Puzzles",
            Run::Storm(_) => "Storm",
            Run::Streak(_) => "Streak",
            Run::Duel(_) | Run::Net(_) => "duel",
        }
    }

    /// The score: puzzles solved in the run.
    pub fn score(&self) -> u32 {
        match self {
            Run::Puzzles => 0,
            Run::Storm(storm) => storm.score(),
            Run::Streak(streak) => streak.score(),
            Run::Duel(d) => d.0.score()[0].max(d.0.score()[1]),
            Run::Net(net) => net.state().map_or(0, |s| s.score[0].max(s.score[1])),
        }
    }

    /// Whether the run is over at `now` (Storm's time, Streak's mistake).
    pub fn is_over(&self, now: Duration) -> bool {
        match self {
            Run::Puzzles => false,
            Run::Storm(storm) => storm.is_over(now),
            Run::Streak(streak) => streak.is_over(),
            Run::Duel(d) => d.0.is_over(now),
            Run::Net(net) => net.is_over(),
        }
    }

    /// The panel's title: `Storm 2:43 · 5 solved · combo 3`.
    pub fn title(&self, now: Duration) -> Option<String> {
        match self {
            Run::Puzzles => None,
            Run::Storm(storm) => {
                let left = storm.remaining(now).as_secs();
                Some(format!(
                    "Storm {}:{:02} · {} solved · combo {}",
                    left / 60,
                    left % 60,
                    storm.score(),
                    storm.combo().current()
                ))
            }
            Run::Streak(streak) => Some(format!(
                "Streak · {} solved{}",
                streak.score(),
                if streak.can_skip() { " · 1 skip" } else { "" }
            )),
            Run::Net(net) => Some(net.title(now)),
            Run::Duel(d) => {
                let (duel, names) = (&d.0, &d.1);
                let clock = |p: usize| {
                    let left = duel.remaining(p, now).as_secs();
                    let mark = if p == duel.turn() && !duel.is_over(now) {
                        "▶"
                    } else {
                        ""
                    };
                    format!("{mark}{} {}:{:02}", names[p], left / 60, left % 60)
                };
                let [a, b] = duel.score();
                Some(format!(
                    "{} {a}–{b} {} · {}/{}",
                    clock(0),
                    clock(1),
                    duel.number().min(duel.rules().puzzles),
                    duel.rules().puzzles
                ))
            }
        }
    }

    /// When the screen changes next by itself: Storm's clock, each second, once it runs.
    pub fn next_wake(&self, now: Duration) -> Option<Duration> {
        let left = match self {
            Run::Storm(storm) if storm.moves() > 0 && !storm.is_over(now) => storm.remaining(now),
            Run::Duel(d) if !d.0.is_over(now) => d.0.remaining(d.0.turn(), now),
            Run::Net(net) => return net.next_wake(now),
            _ => return None,
        };
        let into_second = Duration::from_nanos((left.as_nanos() % 1_000_000_000) as u64);
        let step = if into_second.is_zero() {
            Duration::from_secs(1)
        } else {
            into_second
        };
        Some(now + step.min(left))
    }

    /// What a run's end says: `Storm over: 7 solved, 2 wrong, best combo 9`.
    pub fn summary(&self) -> String {
        match self {
            Run::Puzzles => String::new(),
            Run::Net(net) => net.summary(),
            Run::Storm(storm) => format!(
                "Storm over: {} solved, {} wrong, best combo {}",
                storm.score(),
                storm.errors(),
                storm.combo().best()
            ),
            Run::Streak(streak) => format!("Streak over: {} solved", streak.score()),
            Run::Duel(d) => {
                let (duel, names) = (&d.0, &d.1);
                let [a, b] = duel.score();
                let result = match duel.winner() {
                    Some(p) => format!("{} wins", names[p]),
                    None => "a draw".to_owned(),
                };
                format!("Duel over: {} {a}, {} {b} — {result}", names[0], names[1])
            }
        }
    }
}

/// The personal best's words once the run is written: `old` is the best before it.
pub fn best_words(score: u32, old: Option<u32>) -> String {
    match old {
        Some(old) if score > old => format!("a new personal best (was {old})!"),
        Some(old) => format!("personal best {old}"),
        None => "your first: a personal best".to_owned(),
    }
}
