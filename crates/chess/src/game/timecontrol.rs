//! Time controls: how much time one player gets, and when more is added.
//!
//! A [`TimeControl`] belongs to one player, so odds games simply give the two players different
//! ones. It is a list of [`Period`]s plus an optional [`Delay`]:
//!
//! * no periods — untimed;
//! * one period without a move count — sudden death, with a Fischer increment when
//!   [`Period::increment`] is not zero;
//! * several periods — every period but the last has a move count; when a player completes the
//!   last move of a period (move 40 of `40/90+30,30+30`) the next period's time is added to what
//!   is left over. A last period *with* a move count repeats (`40/120` is 2 hours for every 40
//!   moves), which is how PGN's `40/7200` is usually read;
//! * a delay — [`DelayKind::Simple`] (US delay: the clock waits before counting down on each move)
//!   or [`DelayKind::Bronstein`] (the time used on a move is given back, up to the delay).
//!
//! Every duration in a time control is a whole number of seconds, within [`MAX_PERIOD_TIME`],
//! [`MAX_INCREMENT`] and [`MAX_DELAY`]; a period has at most [`MAX_MOVES_PER_PERIOD`] moves. So
//! the text forms below always round-trip, and nothing the clock computes can overflow.
//!
//! Three text forms (read by the private `parse` module):
//!
//! * [`Display`](fmt::Display) / [`FromStr`](std::str::FromStr): the command-line syntax —
//!   `none`, `5+3` (minutes + seconds), `0.5+0` (written back as `30s+0`), `5`, `45s+0` (base in seconds),
//!   `40/90+30,30+30`, and a delay suffix `d3` (simple) or `b3` (Bronstein), as in `5+0d3`.
//! * [`TimeControl::to_pgn`] / [`TimeControl::from_pgn`]: the PGN `TimeControl` tag — `-`,
//!   `300`, `300+3`, `40/5400+30:1800+30`. PGN has no delay syntax, so the delay is left out and
//!   must be stored elsewhere (see [`Delay`]'s text form).
//! * [`TimeControl::describe`]: words for the screen — `5+3`,
//!   `40 moves in 90+30, then 30+30`, `5+0, 3 s delay`.

use std::fmt;
use std::time::Duration;

mod parse;

pub use parse::{ParseTimeControlError, TextForm, parse_seconds};

/// The most time one period may give: 24 hours.
pub const MAX_PERIOD_TIME: Duration = Duration::from_secs(24 * 3600);
/// The largest increment: 1 hour.
pub const MAX_INCREMENT: Duration = Duration::from_secs(3600);
/// The longest delay: 1 hour.
pub const MAX_DELAY: Duration = Duration::from_secs(3600);
/// The most moves one period may count.
pub const MAX_MOVES_PER_PERIOD: u32 = 1000;
/// The most periods one control may have.
pub const MAX_PERIODS: usize = 8;

/// How a delay works.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DelayKind {
    /// US (simple) delay: on each move the clock waits this long before counting down, so a move
    /// made within the delay costs nothing and a longer one costs only the excess.
    Simple,
    /// Bronstein delay: the clock counts down at once, and when the move is made the time used is
    /// given back up to the delay, so a player never gains time.
    Bronstein,
}

/// A delay: its kind and its length.
///
/// Its text form (`Display`/`FromStr`) is `simple 3` or `bronstein 3` (seconds), meant for a
/// non-standard PGN tag, since PGN's `TimeControl` tag has no delay syntax.
///
/// ```
/// use hotseat_chess::game::timecontrol::{Delay, DelayKind};
/// use std::time::Duration;
/// let d: Delay = "bronstein 3".parse().unwrap();
/// assert_eq!(d, Delay { kind: DelayKind::Bronstein, amount: Duration::from_secs(3) });
/// assert_eq!(d.to_string(), "bronstein 3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Delay {
    pub kind: DelayKind,
    pub amount: Duration,
}

/// One period of a time control: `time` is given when the period begins, `increment` after each
/// move made in it, and `moves` is how many moves it lasts (`None`: the rest of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    pub moves: Option<u32>,
    pub time: Duration,
    pub increment: Duration,
}

impl Period {
    /// A period of `moves` moves (or the rest of the game) with this time and increment.
    pub const fn new(moves: Option<u32>, time: Duration, increment: Duration) -> Period {
        Period {
            moves,
            time,
            increment,
        }
    }
}

/// What is wrong with a time control: the reason part of a parse error, and what
/// [`TimeControl::new`] and [`TimeControl::with_delay`] return.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControlError {
    /// Nothing was written.
    Empty,
    /// Something is missing: `what` (e.g. "the increment after '+'"), and what was found instead.
    Expected {
        what: &'static str,
        found: Option<char>,
    },
    /// A character that does not belong there.
    Unexpected(char),
    /// A minus sign: times and counts can't be negative.
    Negative,
    /// A time that is not a whole number of seconds (e.g. 0.01 minutes).
    NotWholeSeconds,
    /// A move count with a fraction.
    NotWholeMoves,
    /// The first period gives no time at all (`0+0`, `0+3`).
    NoTime,
    /// A period of zero moves.
    ZeroMoves,
    /// More than [`MAX_MOVES_PER_PERIOD`] moves in a period.
    TooManyMoves,
    /// A period gives more than [`MAX_PERIOD_TIME`].
    TooMuchTime,
    /// An increment above [`MAX_INCREMENT`].
    IncrementTooLarge,
    /// A delay above [`MAX_DELAY`].
    DelayTooLarge,
    /// A number of seconds above one hour (see [`parse_seconds`]).
    SecondsTooLarge,
    /// A period other than the last has no move count.
    MoveCountMissing,
    /// More than [`MAX_PERIODS`] periods.
    TooManyPeriods,
    /// A delay given to an untimed control.
    DelayWithoutTime,
    /// PGN's `?`: the time control is unknown.
    Unknown,
    /// PGN's sandclock form `*180`, which this clock does not support.
    Sandclock,
}

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TimeControlError::*;
        match self {
            Empty => f.write_str("it is empty"),
            Expected { what, found: None } => write!(f, "missing {what}"),
            Expected {
                what,
                found: Some(c),
            } => write!(f, "expected {what}, found '{c}'"),
            Unexpected(c) => write!(f, "unexpected '{c}'"),
            Negative => f.write_str("times and move counts can't be negative"),
            NotWholeSeconds => f.write_str("times must come to a whole number of seconds"),
            NotWholeMoves => f.write_str("a move count must be a whole number"),
            NoTime => f.write_str("the first period gives no time to start with"),
            ZeroMoves => f.write_str("a period must last at least 1 move"),
            TooManyMoves => write!(f, "a period can last at most {MAX_MOVES_PER_PERIOD} moves"),
            TooMuchTime => f.write_str("a period can give at most 24 hours (1440 minutes)"),
            IncrementTooLarge => f.write_str("an increment can be at most 1 hour (3600 seconds)"),
            DelayTooLarge => f.write_str("a delay can be at most 1 hour (3600 seconds)"),
            SecondsTooLarge => f.write_str("it can be at most 1 hour (3600 seconds)"),
            MoveCountMissing => f.write_str("every period but the last needs a move count"),
            TooManyPeriods => write!(f, "at most {MAX_PERIODS} periods are allowed"),
            DelayWithoutTime => f.write_str("an untimed game can't have a delay"),
            Unknown => f.write_str("the time control is unknown ('?')"),
            Sandclock => f.write_str("sandclock time controls ('*') are not supported"),
        }
    }
}

impl std::error::Error for TimeControlError {}

/// One player's time control. See the [module docs](self) for the forms it takes.
///
/// ```
/// use hotseat_chess::game::timecontrol::TimeControl;
/// let tc: TimeControl = "40/90+30,30+30".parse().unwrap();
/// assert_eq!(tc.to_pgn(), "40/5400+30:1800+30");
/// assert_eq!(tc.describe(), "40 moves in 90+30, then 30+30");
/// assert_eq!("5+3".parse::<TimeControl>().unwrap().to_string(), "5+3");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Empty when untimed.
    periods: Vec<Period>,
    delay: Option<Delay>,
}

impl TimeControl {
    /// No clock at all.
    pub const fn untimed() -> TimeControl {
        TimeControl {
            periods: Vec::new(),
            delay: None,
        }
    }

    /// `time` for the whole game, plus `increment` after every move (zero for plain sudden death).
    pub fn fischer(time: Duration, increment: Duration) -> Result<TimeControl, TimeControlError> {
        TimeControl::new(vec![Period::new(None, time, increment)])
    }

    /// A control made of these periods, checked: at least one and at most [`MAX_PERIODS`], a
    /// move count on all but the last, whole seconds within the limits, and some time to start.
    pub fn new(periods: Vec<Period>) -> Result<TimeControl, TimeControlError> {
        let Some(first) = periods.first() else {
            return Err(TimeControlError::NoTime);
        };
        if periods.len() > MAX_PERIODS {
            return Err(TimeControlError::TooManyPeriods);
        }
        let last = periods.len() - 1;
        for (i, p) in periods.iter().enumerate() {
            match p.moves {
                None if i < last => return Err(TimeControlError::MoveCountMissing),
                Some(0) => return Err(TimeControlError::ZeroMoves),
                Some(m) if m > MAX_MOVES_PER_PERIOD => return Err(TimeControlError::TooManyMoves),
                _ => {}
            }
            if p.time > MAX_PERIOD_TIME {
                return Err(TimeControlError::TooMuchTime);
            }
            if p.increment > MAX_INCREMENT {
                return Err(TimeControlError::IncrementTooLarge);
            }
            if p.time.subsec_nanos() != 0 || p.increment.subsec_nanos() != 0 {
                return Err(TimeControlError::NotWholeSeconds);
            }
        }
        if first.time.is_zero() {
            return Err(TimeControlError::NoTime);
        }
        Ok(TimeControl {
            periods,
            delay: None,
        })
    }

    /// The same control with a delay of this kind and length (replacing any delay it had). A zero
    /// delay removes the delay. Untimed controls can't have one.
    pub fn with_delay(
        mut self,
        kind: DelayKind,
        amount: Duration,
    ) -> Result<TimeControl, TimeControlError> {
        if amount.is_zero() {
            self.delay = None;
            return Ok(self);
        }
        if self.is_untimed() {
            return Err(TimeControlError::DelayWithoutTime);
        }
        if amount > MAX_DELAY {
            return Err(TimeControlError::DelayTooLarge);
        }
        if amount.subsec_nanos() != 0 {
            return Err(TimeControlError::NotWholeSeconds);
        }
        self.delay = Some(Delay { kind, amount });
        Ok(self)
    }

    /// The same control without its delay.
    pub fn without_delay(mut self) -> TimeControl {
        self.delay = None;
        self
    }

    /// True when there is no clock.
    pub fn is_untimed(&self) -> bool {
        self.periods.is_empty()
    }

    /// The periods, in order; empty when untimed.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// The delay, if any.
    pub fn delay(&self) -> Option<Delay> {
        self.delay
    }

    /// The time on the clock before the first move; `None` when untimed.
    pub fn initial_time(&self) -> Option<Duration> {
        self.periods.first().map(|p| p.time)
    }

    /// The index of the period that the player's `move_number`-th move (counting from 1) belongs
    /// to; `None` when untimed.
    pub fn period_of_move(&self, move_number: u32) -> Option<usize> {
        let last = self.periods.len().checked_sub(1)?;
        let k = u64::from(move_number);
        let mut end = 0u64;
        for (i, p) in self.periods[..last].iter().enumerate() {
            end += u64::from(p.moves.unwrap_or(0));
            if k <= end {
                return Some(i);
            }
        }
        Some(last)
    }

    /// The increment earned by completing the player's `move_number`-th move: that of the period
    /// the move belongs to.
    pub fn increment_for_move(&self, move_number: u32) -> Duration {
        self.period_of_move(move_number)
            .map_or(Duration::ZERO, |i| self.periods[i].increment)
    }

    /// The period time added on completing the player's `move_number`-th move: the next period's
    /// time when that move ends a period (move 40 of `40/90+30,30+30`), else zero.
    pub fn time_added_after_move(&self, move_number: u32) -> Duration {
        let k = u64::from(move_number);
        let mut end = 0u64;
        let n = self.periods.len();
        for (i, p) in self.periods.iter().enumerate() {
            let Some(moves) = p.moves else {
                return Duration::ZERO;
            };
            let moves = u64::from(moves);
            if i + 1 < n {
                end += moves;
                if k == end {
                    return self.periods[i + 1].time;
                }
                if k < end {
                    return Duration::ZERO;
                }
            } else if k > end && moves > 0 && (k - end).is_multiple_of(moves) {
                // The last period repeats.
                return p.time;
            }
        }
        Duration::ZERO
    }

    /// The most time a player can have on the clock after completing `moves_made` moves: the
    /// first period's time with every increment and every period's time added since. A clock
    /// reading from a file above it is impossible. `None` when untimed.
    pub fn most_after(&self, moves_made: u32) -> Option<Duration> {
        let mut most = self.initial_time()?;
        for k in 1..=moves_made {
            most = most
                .saturating_add(self.increment_for_move(k))
                .saturating_add(self.time_added_after_move(k));
        }
        Some(most)
    }

    /// How many more moves the player must make, after `moves_made`, before more time is added;
    /// `None` when no more time will ever be added (untimed, or in a final sudden-death period).
    pub fn moves_to_go(&self, moves_made: u32) -> Option<u32> {
        let n = self.periods.len();
        let mut end = 0u64;
        let made = u64::from(moves_made);
        for (i, p) in self.periods.iter().enumerate() {
            let moves = u64::from(p.moves?);
            if i + 1 < n {
                end += moves;
                if made < end {
                    return u32::try_from(end - made).ok();
                }
            } else if moves > 0 {
                let into = made.saturating_sub(end) % moves;
                return u32::try_from(moves - into).ok();
            }
        }
        None
    }

    /// The PGN `TimeControl` tag value: `-`, `300`, `300+3`, `40/5400+30:1800+30`. The delay is
    /// left out (PGN has no syntax for it); store [`TimeControl::delay`] separately.
    pub fn to_pgn(&self) -> String {
        if self.is_untimed() {
            return "-".to_owned();
        }
        let fields: Vec<String> = self
            .periods
            .iter()
            .map(|p| {
                let mut s = String::new();
                if let Some(m) = p.moves {
                    s += &format!("{m}/");
                }
                s += &p.time.as_secs().to_string();
                if !p.increment.is_zero() {
                    s += &format!("+{}", p.increment.as_secs());
                }
                s
            })
            .collect();
        fields.join(":")
    }

    /// Words for the screen: `untimed`, `5+3`, `40 moves in 90+30, then 30+30`,
    /// `40 moves in 120+0, repeating`, `5+0, 3 s delay`, `5+0, 3 s Bronstein delay`.
    pub fn describe(&self) -> String {
        if self.is_untimed() {
            return "untimed".to_owned();
        }
        let parts: Vec<String> = self
            .periods
            .iter()
            .map(|p| {
                let base = format!("{}+{}", Minutes(p.time), p.increment.as_secs());
                match p.moves {
                    Some(m) => format!("{m} moves in {base}"),
                    None => base,
                }
            })
            .collect();
        let mut s = parts.join(", then ");
        if self.periods.last().is_some_and(|p| p.moves.is_some()) {
            s += ", repeating";
        }
        if let Some(d) = self.delay {
            s += &format!(", {} s", d.amount.as_secs());
            if d.kind == DelayKind::Bronstein {
                s += " Bronstein";
            }
            s += " delay";
        }
        s
    }
}

/// Writes a base time in the command-line syntax as a player reads it: whole minutes as minutes
/// (`5`, `90`), anything else in seconds with an `s` (`15s`, `90s`, `301s`), never a fraction of
/// a minute like `0.25` that nobody says.
struct Minutes(Duration);

impl fmt::Display for Minutes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.as_secs();
        if secs.is_multiple_of(60) {
            write!(f, "{}", secs / 60)
        } else {
            write!(f, "{secs}s")
        }
    }
}

/// The command-line syntax: `none`, `5+3`, `30s+0`, `301s+0`, `40/90+30,30+30`, `5+0d3`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_untimed() {
            return f.write_str("none");
        }
        for (i, p) in self.periods.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            if let Some(m) = p.moves {
                write!(f, "{m}/")?;
            }
            write!(f, "{}+{}", Minutes(p.time), p.increment.as_secs())?;
        }
        if let Some(d) = self.delay {
            let letter = match d.kind {
                DelayKind::Simple => 'd',
                DelayKind::Bronstein => 'b',
            };
            write!(f, "{letter}{}", d.amount.as_secs())?;
        }
        Ok(())
    }
}

/// `simple 3` or `bronstein 3` (whole seconds).
impl fmt::Display for Delay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            DelayKind::Simple => "simple",
            DelayKind::Bronstein => "bronstein",
        };
        write!(f, "{kind} {}", self.amount.as_secs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn classical() -> TimeControl {
        TimeControl::new(vec![
            Period::new(Some(40), secs(5400), secs(30)),
            Period::new(None, secs(1800), secs(30)),
        ])
        .unwrap()
    }

    #[test]
    fn period_time_is_added_on_completing_the_periods_last_move() {
        let tc = classical();
        assert_eq!(tc.time_added_after_move(39), Duration::ZERO);
        assert_eq!(tc.time_added_after_move(40), secs(1800));
        assert_eq!(tc.time_added_after_move(41), Duration::ZERO);
        assert_eq!(tc.time_added_after_move(80), Duration::ZERO);
        assert_eq!(tc.period_of_move(40), Some(0));
        assert_eq!(tc.period_of_move(41), Some(1));
    }

    #[test]
    fn last_period_with_a_move_count_repeats() {
        let tc = TimeControl::new(vec![
            Period::new(Some(40), secs(7200), Duration::ZERO),
            Period::new(Some(20), secs(3600), Duration::ZERO),
        ])
        .unwrap();
        assert_eq!(tc.time_added_after_move(40), secs(3600));
        assert_eq!(tc.time_added_after_move(60), secs(3600));
        assert_eq!(tc.time_added_after_move(70), Duration::ZERO);
        assert_eq!(tc.time_added_after_move(80), secs(3600));
        assert_eq!(tc.moves_to_go(0), Some(40));
        assert_eq!(tc.moves_to_go(45), Some(15));
        assert_eq!(tc.moves_to_go(60), Some(20));
        assert_eq!(
            tc.describe(),
            "40 moves in 120+0, then 20 moves in 60+0, repeating"
        );
    }

    #[test]
    fn increment_belongs_to_the_period_of_the_move() {
        let tc = TimeControl::new(vec![
            Period::new(Some(2), secs(60), secs(1)),
            Period::new(None, secs(60), secs(5)),
        ])
        .unwrap();
        assert_eq!(tc.increment_for_move(2), secs(1));
        assert_eq!(tc.increment_for_move(3), secs(5));
        assert_eq!(tc.moves_to_go(1), Some(1));
        assert_eq!(tc.moves_to_go(2), None);
    }

    #[test]
    fn untimed_has_no_periods_and_adds_nothing() {
        let tc = TimeControl::untimed();
        assert!(tc.is_untimed());
        assert_eq!(tc.initial_time(), None);
        assert_eq!(tc.period_of_move(1), None);
        assert_eq!(tc.increment_for_move(1), Duration::ZERO);
        assert_eq!(tc.time_added_after_move(1), Duration::ZERO);
        assert_eq!(tc.to_pgn(), "-");
        assert_eq!(tc.to_string(), "none");
        assert_eq!(tc.describe(), "untimed");
    }

    #[test]
    fn new_rejects_a_period_without_moves_before_the_last() {
        let e = TimeControl::new(vec![
            Period::new(None, secs(60), Duration::ZERO),
            Period::new(None, secs(60), Duration::ZERO),
        ]);
        assert_eq!(e, Err(TimeControlError::MoveCountMissing));
    }

    #[test]
    fn new_rejects_fractions_of_seconds_and_oversized_values() {
        let half = Duration::from_millis(500);
        assert_eq!(
            TimeControl::fischer(half, Duration::ZERO),
            Err(TimeControlError::NotWholeSeconds)
        );
        assert_eq!(
            TimeControl::fischer(MAX_PERIOD_TIME + secs(1), Duration::ZERO),
            Err(TimeControlError::TooMuchTime)
        );
        assert_eq!(
            TimeControl::fischer(secs(60), MAX_INCREMENT + secs(1)),
            Err(TimeControlError::IncrementTooLarge)
        );
        assert_eq!(
            TimeControl::fischer(Duration::ZERO, secs(3)),
            Err(TimeControlError::NoTime)
        );
        assert_eq!(TimeControl::new(vec![]), Err(TimeControlError::NoTime));
    }

    #[test]
    fn delay_rules() {
        let tc = TimeControl::fischer(secs(300), Duration::ZERO).unwrap();
        let d = tc.clone().with_delay(DelayKind::Simple, secs(3)).unwrap();
        assert_eq!(d.delay().map(|d| d.amount), Some(secs(3)));
        assert_eq!(d.describe(), "5+0, 3 s delay");
        assert_eq!(d.to_string(), "5+0d3");
        assert_eq!(d.to_pgn(), "300");
        let b = tc
            .clone()
            .with_delay(DelayKind::Bronstein, secs(2))
            .unwrap();
        assert_eq!(b.describe(), "5+0, 2 s Bronstein delay");
        assert_eq!(b.to_string(), "5+0b2");
        assert_eq!(d.with_delay(DelayKind::Simple, Duration::ZERO).unwrap(), tc);
        assert_eq!(
            tc.clone()
                .with_delay(DelayKind::Simple, MAX_DELAY + secs(1)),
            Err(TimeControlError::DelayTooLarge)
        );
        assert_eq!(
            TimeControl::untimed().with_delay(DelayKind::Simple, secs(3)),
            Err(TimeControlError::DelayWithoutTime)
        );
    }

    #[test]
    fn whole_minutes_are_written_in_minutes_and_the_rest_in_seconds() {
        let w = |s| Minutes(secs(s)).to_string();
        assert_eq!(w(300), "5");
        assert_eq!(w(60), "1");
        assert_eq!(w(30), "30s");
        assert_eq!(w(15), "15s");
        assert_eq!(w(3), "3s");
        assert_eq!(w(45), "45s");
        assert_eq!(w(12), "12s");
        assert_eq!(w(90), "90s");
        assert_eq!(w(301), "301s");
        assert_eq!(w(1), "1s");
        assert_eq!(w(0), "0");
    }

    #[test]
    fn a_control_under_a_minute_reads_as_typed_and_types_back() {
        for (typed, shown) in [("15s+0", "15s+0"), ("0.25+0", "15s+0"), ("1.5+2", "90s+2")] {
            let tc: TimeControl = typed.parse().unwrap();
            assert_eq!(tc.describe(), shown);
            assert_eq!(tc.to_string(), shown);
            assert_eq!(shown.parse::<TimeControl>().unwrap(), tc);
        }
    }

    #[test]
    fn descriptions_are_consistent() {
        assert_eq!(classical().describe(), "40 moves in 90+30, then 30+30");
        assert_eq!(classical().to_string(), "40/90+30,30+30");
        assert_eq!(classical().to_pgn(), "40/5400+30:1800+30");
        let blitz = TimeControl::fischer(secs(180), secs(2)).unwrap();
        assert_eq!(blitz.describe(), "3+2");
        assert_eq!(blitz.to_pgn(), "180+2");
    }
}
