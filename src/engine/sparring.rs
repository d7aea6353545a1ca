//! How a sparring partner's strength is made in a UCI engine: the `setoption` lines a level or
//! an Elo sets, and the `go` line it is sent for a move, on the clock or not. Pure text; the
//! strength itself and the draw and resignation rules are the game's
//! ([`crate::game::sparring`]), so that the app can hold them without knowing of a process.
//!
//! # How a level is made
//!
//! lichess's eight levels are the published model (fishnet, `SkillLevel` in `src/api.rs`):
//! each level is a Stockfish `Skill Level`, a depth and a think time, sent together as
//! `go movetime T depth D`, with the clocks added in a timed game so that Stockfish never
//! spends more than its clock allows. lichess runs Fairy-Stockfish, whose `Skill Level` goes
//! down to −9; Stockfish's stops at 0. Levels 4–8 keep lichess's skill, depth and time;
//! levels 1–3, which lichess makes with skills below 0, are made here with skill 0 and a
//! shallower search over more candidate moves: with a skill below 20, Stockfish searches at
//! least four lines (`MultiPV`) and picks among them at random, weighted by how much worse
//! each is; more lines to pick from make a weaker, wilder player. `benches/sparring.sh`
//! measures that the levels are ordered (benches/README.md).
//!
//! | level | Skill Level | depth | think time | lines picked from |
//! |------:|------------:|------:|-----------:|------------------:|
//! | 1     | 0           | 1     | 50 ms      | 8                 |
//! | 2     | 0           | 2     | 100 ms     | 6                 |
//! | 3     | 0           | 3     | 150 ms     | 4                 |
//! | 4     | 3           | 5     | 200 ms     | 4                 |
//! | 5     | 7           | 5     | 300 ms     | 4                 |
//! | 6     | 11          | 8     | 400 ms     | 4                 |
//! | 7     | 16          | 13    | 500 ms     | 4                 |
//! | 8     | 20          | 22    | 1000 ms    | 1 (full strength) |
//!
//! An Elo is Stockfish's own model: `UCI_LimitStrength` and `UCI_Elo` (Stockfish 16 and
//! later: 1320 to 3190; 15.1: 1350 to 2850 — the range is read from the engine itself), on
//! the clock in a timed game and [`ELO_MOVETIME`] a move in an untimed one.

use std::time::Duration;

pub use crate::game::sparring::{LEVELS, SearchClock, Strength};

/// An Elo player's think time in an untimed game.
pub const ELO_MOVETIME: Duration = Duration::from_millis(1000);

/// What the engine is told it has, less this: the time between its `bestmove` and the move on
/// hotseat's clock (the pipe, the event loop, a busy machine). Stockfish keeps a margin of its
/// own besides (`Move Overhead`, set to [`MOVE_OVERHEAD_MS`]).
pub const SAFETY_MARGIN: Duration = Duration::from_millis(200);

/// Stockfish's own margin per move, in milliseconds (`Move Overhead`; its default is 10).
pub const MOVE_OVERHEAD_MS: u32 = 100;

/// What one level sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// Stockfish's `Skill Level` (0–20; 20 is full strength).
    pub skill: u8,
    /// The deepest search, in plies.
    pub depth: u32,
    /// The longest think, untimed or timed.
    pub movetime: Duration,
    /// How many lines it picks from (`MultiPV`; Stockfish searches at least 4 below skill 20).
    pub lines: u32,
}

const fn spec(skill: u8, depth: u32, ms: u64, lines: u32) -> LevelSpec {
    LevelSpec {
        skill,
        depth,
        movetime: Duration::from_millis(ms),
        lines,
    }
}

/// The levels' settings, level 1 first (the table in the module's documentation).
const SPECS: [LevelSpec; 8] = [
    spec(0, 1, 50, 8),
    spec(0, 2, 100, 6),
    spec(0, 3, 150, 4),
    spec(3, 5, 200, 4),
    spec(7, 5, 300, 4),
    spec(11, 8, 400, 4),
    spec(16, 13, 500, 4),
    spec(20, 22, 1000, 1),
];

/// A level's settings (`None` for an Elo).
pub fn level_spec(strength: Strength) -> Option<LevelSpec> {
    match strength {
        Strength::Level(level) => {
            let index = usize::from(level.clamp(*LEVELS.start(), *LEVELS.end()) - 1);
            Some(SPECS[index])
        }
        Strength::Elo(_) => None,
    }
}

/// The `setoption` lines (name, value) that make `strength`, in order. Options the engine did
/// not announce are left out by the driver.
///
/// ```
/// use hotseat::engine::sparring::{Strength, options};
/// let lines = options(Strength::Elo(1500));
/// assert!(lines.contains(&("UCI_LimitStrength", "true".to_owned())));
/// assert!(lines.contains(&("UCI_Elo", "1500".to_owned())));
/// ```
pub fn options(strength: Strength) -> Vec<(&'static str, String)> {
    match (strength, level_spec(strength)) {
        (Strength::Elo(elo), _) => vec![
            ("Skill Level", "20".to_owned()),
            ("MultiPV", "1".to_owned()),
            ("UCI_LimitStrength", "true".to_owned()),
            ("UCI_Elo", elo.to_string()),
        ],
        (Strength::Level(_), spec) => {
            let spec = spec.unwrap_or(SPECS[0]);
            vec![
                ("UCI_LimitStrength", "false".to_owned()),
                ("Skill Level", spec.skill.to_string()),
                ("MultiPV", spec.lines.to_string()),
            ]
        }
    }
}

/// The full-strength settings, for a hint: no limit, one line.
pub fn full_strength_options() -> Vec<(&'static str, String)> {
    vec![
        ("UCI_LimitStrength", "false".to_owned()),
        ("Skill Level", "20".to_owned()),
        ("MultiPV", "1".to_owned()),
    ]
}

/// The `go` line for a move: the level's depth and think time (an Elo's fixed time when
/// untimed), with the clocks when timed. `white` says the engine's side.
///
/// ```
/// use hotseat::engine::sparring::{Strength, go};
/// assert_eq!(go(Strength::Level(4), None, true), "go depth 5 movetime 200");
/// assert_eq!(go(Strength::Elo(2000), None, false), "go movetime 1000");
/// ```
pub fn go(strength: Strength, clock: Option<&SearchClock>, white: bool) -> String {
    let mut go = String::from("go");
    match level_spec(strength) {
        Some(spec) => {
            go.push_str(&format!(
                " depth {} movetime {}",
                spec.depth,
                spec.movetime.as_millis()
            ));
        }
        None if clock.is_none() => {
            go.push_str(&format!(" movetime {}", ELO_MOVETIME.as_millis()));
        }
        None => {}
    }
    if let Some(clock) = clock {
        go.push_str(&clock_words(clock, white));
    }
    go
}

/// The longest `strength` thinks: the level's think time (within its clock), an Elo's untimed
/// time, or its whole clock.
pub fn think_time(strength: Strength, clock: Option<&SearchClock>, white: bool) -> Duration {
    let own = clock.map(|c| if white { c.white } else { c.black });
    match (level_spec(strength), own) {
        (Some(spec), Some(own)) => spec.movetime.min(own),
        (Some(spec), None) => spec.movetime,
        (None, Some(own)) => own,
        (None, None) => ELO_MOVETIME,
    }
}

/// ` wtime … btime … winc … binc … [movestogo …]`, the engine's own time less
/// [`SAFETY_MARGIN`] (at least 1 ms, so that it still moves at once: `wtime 0` reads to some
/// engines as no clock at all).
///
/// ```
/// use std::time::Duration;
/// use hotseat::engine::sparring::{SearchClock, clock_words};
/// let clock = SearchClock {
///     white: Duration::from_secs(60),
///     black: Duration::from_millis(150),
///     white_inc: Duration::from_secs(2),
///     black_inc: Duration::from_secs(2),
///     moves_to_go: None,
/// };
/// assert_eq!(clock_words(&clock, true), " wtime 59800 btime 150 winc 2000 binc 2000");
/// assert_eq!(clock_words(&clock, false), " wtime 60000 btime 1 winc 2000 binc 2000");
/// ```
pub fn clock_words(clock: &SearchClock, white: bool) -> String {
    let own = |time: Duration| {
        time.saturating_sub(SAFETY_MARGIN)
            .max(Duration::from_millis(1))
    };
    let (wtime, btime) = if white {
        (own(clock.white), clock.black)
    } else {
        (clock.white, own(clock.black))
    };
    let mut words = format!(
        " wtime {} btime {} winc {} binc {}",
        wtime.as_millis(),
        btime.as_millis(),
        clock.white_inc.as_millis(),
        clock.black_inc.as_millis()
    );
    if let Some(n) = clock.moves_to_go.filter(|&n| n > 0) {
        words.push_str(&format!(" movestogo {n}"));
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger_in_every_setting() {
        for pair in SPECS.windows(2) {
            let (weaker, stronger) = (pair[0], pair[1]);
            assert!(weaker.skill <= stronger.skill, "{weaker:?} {stronger:?}");
            assert!(weaker.depth <= stronger.depth, "{weaker:?} {stronger:?}");
            assert!(
                weaker.movetime < stronger.movetime,
                "{weaker:?} {stronger:?}"
            );
            assert!(weaker.lines >= stronger.lines, "{weaker:?} {stronger:?}");
        }
        // lichess's levels 4-8, where Stockfish's skill reaches.
        let lichess = [
            (3, 5, 200),
            (7, 5, 300),
            (11, 8, 400),
            (16, 13, 500),
            (20, 22, 1000),
        ];
        for (level, (skill, depth, ms)) in (4..=8).zip(lichess) {
            let spec = level_spec(Strength::Level(level)).unwrap();
            assert_eq!(
                (spec.skill, spec.depth, spec.movetime.as_millis()),
                (skill, depth, ms)
            );
        }
    }

    #[test]
    fn a_timed_go_gives_the_clocks_with_the_engines_own_time_less_the_margin() {
        let clock = SearchClock {
            white: Duration::from_secs(300),
            black: Duration::from_millis(4_321),
            white_inc: Duration::from_secs(3),
            black_inc: Duration::ZERO,
            moves_to_go: Some(12),
        };
        assert_eq!(
            go(Strength::Level(2), Some(&clock), false),
            "go depth 2 movetime 100 wtime 300000 btime 4121 winc 3000 binc 0 movestogo 12"
        );
        assert_eq!(
            go(Strength::Elo(1700), Some(&clock), true),
            "go wtime 299800 btime 4321 winc 3000 binc 0 movestogo 12"
        );
        // No time left at all: still a move at once, never `wtime 0`.
        let flagging = SearchClock {
            white: Duration::ZERO,
            ..clock
        };
        assert!(go(Strength::Elo(1700), Some(&flagging), true).starts_with("go wtime 1 "));
        // The longest think: the level's time within its clock, or the clock.
        assert_eq!(
            think_time(Strength::Level(8), Some(&clock), false),
            Duration::from_millis(1000)
        );
        assert_eq!(
            think_time(Strength::Level(8), Some(&flagging), true),
            Duration::ZERO
        );
        assert_eq!(
            think_time(Strength::Elo(1700), Some(&clock), false),
            clock.black
        );
        assert_eq!(think_time(Strength::Elo(1700), None, false), ELO_MOVETIME);
    }

    #[test]
    fn each_strength_sets_the_options_that_make_it() {
        assert_eq!(
            options(Strength::Level(1)),
            [
                ("UCI_LimitStrength", "false".to_owned()),
                ("Skill Level", "0".to_owned()),
                ("MultiPV", "8".to_owned())
            ]
        );
        let elo = options(Strength::Elo(2100));
        assert_eq!(elo.last(), Some(&("UCI_Elo", "2100".to_owned())));
        assert!(elo.contains(&("Skill Level", "20".to_owned())));
        assert!(full_strength_options().contains(&("UCI_LimitStrength", "false".to_owned())));
    }
}
