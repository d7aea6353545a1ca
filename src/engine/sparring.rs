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
//! later: 1320 to 3190; 15.1: 1350 to 2850 — the range is read from the engine itself).
//!
//! # How long it thinks
//!
//! Every strength has a think budget per move, never the clock's whole management (given the
//! clocks, Stockfish plans for the game and spent 10–38 s a move at 1500 Elo on 5+3, issue
//! 56): a level its think time above, an Elo [`elo_movetime`] (150 ms at 1320, 1 s at 2000,
//! 4 s at 3190: lichess's app gives its Elo levels such times), and either no more than
//! [`clock_share`] of its own clock, so that a fast game stays fast. The clocks go with the
//! question too, so that Stockfish, short of time, moves sooner still.
//!
//! A limited Stockfish chooses its move once its search reaches `1 + skill level` plies (its
//! `Skill::time_to_pick`) and only wastes the time after that: an Elo's search is ended at
//! that depth ([`elo_depth`], from the skill level that Stockfish 15 and 16 each derive from
//! the Elo, the deeper of the two), so that below 2000 Elo it answers in well under a second
//! without playing any differently. An engine that is not Stockfish gets the budget alone.

use std::time::Duration;

pub use crate::game::sparring::{LEVELS, SearchClock, Strength};

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

/// An Elo's think budget a move before its clock is counted: 150 ms at 1320 Elo, 1 s at
/// 2000, 4 s at 3190, in straight lines between (lichess's app thinks for 150 ms at 1320,
/// 1.1 s at 1950, 5 s at 3190).
///
/// ```
/// use std::time::Duration;
/// use hotseat::engine::sparring::elo_movetime;
/// assert_eq!(elo_movetime(1320), Duration::from_millis(150));
/// assert_eq!(elo_movetime(2000), Duration::from_millis(1000));
/// assert_eq!(elo_movetime(3190), Duration::from_millis(4000));
/// ```
pub fn elo_movetime(elo: u32) -> Duration {
    const POINTS: [(u32, u64); 3] = [(1320, 150), (2000, 1000), (3190, 4000)];
    let elo = elo.clamp(POINTS[0].0, POINTS[2].0);
    let (lo, hi) = if elo <= POINTS[1].0 {
        (POINTS[0], POINTS[1])
    } else {
        (POINTS[1], POINTS[2])
    };
    let ms = lo.1 + (hi.1 - lo.1) * u64::from(elo - lo.0) / u64::from(hi.0 - lo.0);
    Duration::from_millis(ms)
}

/// The depth at which a Stockfish limited to `elo` picks its move (`1 + skill level`, the
/// skill level as Stockfish 15.1 and as Stockfish 16 derive it from the Elo, the deeper of
/// the two): searching further changes nothing but the time taken.
///
/// ```
/// use hotseat::engine::sparring::elo_depth;
/// assert_eq!(elo_depth(1350), 1);
/// assert_eq!(elo_depth(2000), 7);
/// assert_eq!(elo_depth(2850), 19);
/// assert_eq!(elo_depth(3190), 21);
/// ```
pub fn elo_depth(elo: u32) -> u32 {
    // Stockfish 15.1, search.cpp `Skill`: level = ((elo - 1346.6) / 143.4)^(1 / 0.806),
    // clamped to 0..=20; these are the Elos where it reaches 1, 2, ... 20 (a table rather
    // than `powf`, which would bring back libm: tests/suite/linkage.rs).
    const SF15_LEVELS_FROM: [u32; 20] = [
        1490, 1598, 1695, 1785, 1872, 1955, 2035, 2113, 2190, 2264, 2338, 2410, 2481, 2550, 2619,
        2687, 2754, 2820, 2886, 2951,
    ];
    let sf15 = SF15_LEVELS_FROM.iter().filter(|&&from| elo >= from).count() as u32;
    // Stockfish 16 and later: a cubic over the range 1320..=3190, clamped to 0..=19.
    let e = (f64::from(elo) - 1320.0) / (3190.0 - 1320.0);
    let sf16 = (((37.2473 * e - 40.8525) * e + 22.2943) * e - 0.311438).clamp(0.0, 19.0);
    // At most 21 plies: both levels are clamped at 20 and below.
    1 + sf15.max(sf16.floor() as u32)
}

/// The most of its own clock one search may take: a twentieth of what is left and half the
/// increment (3+2 at the start: 10 s; with 10 s left and no increment, half a second), and
/// never more than half of what is left (the increment comes only after the move).
///
/// ```
/// use std::time::Duration;
/// use hotseat::engine::sparring::clock_share;
/// let s = Duration::from_secs;
/// assert_eq!(clock_share(s(180), s(2)), s(10));
/// assert_eq!(clock_share(s(10), Duration::ZERO), Duration::from_millis(500));
/// assert_eq!(clock_share(s(1), s(10)), Duration::from_millis(500));
/// ```
pub fn clock_share(own: Duration, increment: Duration) -> Duration {
    (own / 20 + increment / 2).min(own / 2)
}

/// The `go` line for a move: the think budget ([`think_time`]) as `movetime`, the depth that
/// makes a level (or at which a limited Stockfish picks its move: `stockfish` says the engine
/// is one), and the clocks when timed. `white` says the engine's side.
///
/// ```
/// use hotseat::engine::sparring::{Strength, go};
/// assert_eq!(go(Strength::Level(4), None, true, true), "go depth 5 movetime 200");
/// assert_eq!(go(Strength::Elo(2000), None, false, true), "go depth 7 movetime 1000");
/// assert_eq!(go(Strength::Elo(2000), None, false, false), "go movetime 1000");
/// ```
pub fn go(strength: Strength, clock: Option<&SearchClock>, white: bool, stockfish: bool) -> String {
    let depth = match (level_spec(strength), strength) {
        (Some(spec), _) => Some(spec.depth),
        (None, Strength::Elo(elo)) if stockfish => Some(elo_depth(elo)),
        (None, _) => None,
    };
    let mut go = String::from("go");
    if let Some(depth) = depth {
        go.push_str(&format!(" depth {depth}"));
    }
    go.push_str(&format!(
        " movetime {}",
        think_time(strength, clock, white).as_millis().max(1)
    ));
    if let Some(clock) = clock {
        go.push_str(&clock_words(clock, white));
    }
    go
}

/// The think budget of a move: the level's think time or the Elo's ([`elo_movetime`]), and
/// in a timed game no more than its [`clock_share`].
pub fn think_time(strength: Strength, clock: Option<&SearchClock>, white: bool) -> Duration {
    let budget = match (level_spec(strength), strength) {
        (Some(spec), _) => spec.movetime,
        (None, Strength::Elo(elo)) => elo_movetime(elo),
        (None, Strength::Level(_)) => SPECS[0].movetime,
    };
    match clock {
        Some(c) if white => budget.min(clock_share(c.white, c.white_inc)),
        Some(c) => budget.min(clock_share(c.black, c.black_inc)),
        None => budget,
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
    fn a_timed_go_gives_the_budget_and_the_clocks_with_the_engines_own_time_less_the_margin() {
        let clock = SearchClock {
            white: Duration::from_secs(300),
            black: Duration::from_millis(4_321),
            white_inc: Duration::from_secs(3),
            black_inc: Duration::ZERO,
            moves_to_go: Some(12),
        };
        assert_eq!(
            go(Strength::Level(2), Some(&clock), false, true),
            "go depth 2 movetime 100 wtime 300000 btime 4121 winc 3000 binc 0 movestogo 12"
        );
        // An Elo thinks its own budget, not the clock's management, to the depth where
        // Stockfish picks its move.
        assert_eq!(
            go(Strength::Elo(1700), Some(&clock), true, true),
            "go depth 4 movetime 625 wtime 299800 btime 4321 winc 3000 binc 0 movestogo 12"
        );
        // Short of time, a twentieth of what is left: 4.321 s / 20.
        assert_eq!(
            go(Strength::Elo(1700), Some(&clock), false, false),
            "go movetime 216 wtime 300000 btime 4121 winc 3000 binc 0 movestogo 12"
        );
        // No time left at all: still a move at once, never `wtime 0` nor `movetime 0`.
        let flagging = SearchClock {
            white: Duration::ZERO,
            ..clock
        };
        assert!(
            go(Strength::Elo(1700), Some(&flagging), true, true)
                .starts_with("go depth 4 movetime 1 wtime 1 ")
        );
        assert_eq!(
            think_time(Strength::Level(8), Some(&clock), true),
            Duration::from_millis(1000)
        );
        assert_eq!(
            think_time(Strength::Level(8), Some(&clock), false),
            Duration::from_micros(216_050)
        );
        assert_eq!(
            think_time(Strength::Level(8), Some(&flagging), true),
            Duration::ZERO
        );
        assert_eq!(
            think_time(Strength::Elo(2850), None, false),
            elo_movetime(2850)
        );
    }

    #[test]
    fn the_think_budget_grows_with_the_elo_and_stays_under_a_second_to_2000() {
        let mut last = Duration::ZERO;
        let mut last_depth = 0;
        for elo in (1320..=3190).step_by(10) {
            let budget = elo_movetime(elo);
            assert!(budget >= last, "{elo}: {budget:?} after {last:?}");
            assert!(elo > 2000 || budget <= Duration::from_secs(1), "{elo}");
            let depth = elo_depth(elo);
            assert!(depth >= last_depth && depth <= 21, "{elo}: depth {depth}");
            (last, last_depth) = (budget, depth);
        }
        // Out of the range: the nearest end's.
        assert_eq!(elo_movetime(800), elo_movetime(1320));
        assert_eq!(elo_movetime(4000), elo_movetime(3190));
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
