//! Time, announced: a word when the running clock passes one of the warning times (one
//! minute, thirty seconds, ten seconds by default; `warnings` in config.toml), without waiting
//! for a line of input.
//!
//! Each side's clock is watched for the times it passes while it runs. A time already passed
//! when the side's turn begins is not announced (the player heard it on an earlier move, or can
//! ask `clock`); an increment that lifts the clock back above a time makes it due again. When
//! several are passed at once only the lowest is said, and no two warnings come closer together
//! than [`MIN_GAP`], so that a listener can follow: a warning due sooner waits. The flag's fall
//! is not a warning: the game ends, and that is said at once.
//!
//! Pure: the time is passed in, and [`Warnings::next_due`] tells the loop when to look again.

use std::time::Duration;

use super::speech::{count, spoken_time};
use crate::game::clock::Clock;
use crate::rules::Color;

/// The warnings when the settings file names none.
pub const DEFAULT_WARNINGS: [Duration; 3] = [
    Duration::from_secs(60),
    Duration::from_secs(30),
    Duration::from_secs(10),
];

/// The shortest time between two warnings.
pub const MIN_GAP: Duration = Duration::from_secs(3);

/// The state of the announcements; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Warnings {
    /// Largest first.
    times: Vec<Duration>,
    /// For each side: how many of `times` it has passed and heard (or had passed when its turn
    /// began).
    heard: [usize; 2],
    /// The side whose clock ran at the last look.
    running: Option<Color>,
    /// When the last warning was said.
    last: Option<Duration>,
}

impl Warnings {
    /// Warnings at `times` left (any order; duplicates and zero ignored).
    pub fn new(times: &[Duration]) -> Warnings {
        let mut times: Vec<Duration> = times.iter().copied().filter(|t| !t.is_zero()).collect();
        times.sort_unstable_by(|a, b| b.cmp(a));
        times.dedup();
        Warnings {
            times,
            heard: [0; 2],
            running: None,
            last: None,
        }
    }

    /// How many warning times `left` has passed.
    fn passed(&self, left: Duration) -> usize {
        self.times.iter().filter(|&&t| left <= t).count()
    }

    /// What to say at `now`, if anything: `White: 30 seconds left.`
    pub fn check(&mut self, clock: &Clock, now: Duration) -> Option<String> {
        let Some(color) = clock.running().filter(|_| !clock.is_paused()) else {
            self.running = None;
            return None;
        };
        let left = clock.remaining(color, now)?;
        let passed = self.passed(left);
        let side = color.index();
        if self.running != Some(color) {
            // A new turn: what is passed already is not news.
            self.running = Some(color);
            self.heard[side] = passed;
            return None;
        }
        // An increment (or a takeback) may have lifted the clock above a time again.
        self.heard[side] = self.heard[side].min(passed);
        if passed <= self.heard[side] || left.is_zero() {
            return None;
        }
        if self.last.is_some_and(|last| now < last + MIN_GAP) {
            return None;
        }
        self.heard[side] = passed;
        self.last = Some(now);
        Some(format!(
            "{color}: {} left.",
            warning_words(self.times[passed - 1])
        ))
    }

    /// When to look again: the next warning time of the running clock, or the end of the gap
    /// a warning waits for. `None`: nothing is due without an event.
    pub fn next_due(&self, clock: &Clock, now: Duration) -> Option<Duration> {
        let color = clock.running().filter(|_| !clock.is_paused())?;
        let left = clock.remaining(color, now)?;
        if self.running != Some(color) {
            return Some(now);
        }
        let passed = self.passed(left);
        let heard = self.heard[color.index()].min(passed);
        if passed > heard {
            return Some(self.last.map_or(now, |last| (last + MIN_GAP).max(now)));
        }
        let next = self.times.get(passed)?;
        Some(now + left.saturating_sub(*next))
    }
}

/// `1 minute`, `30 seconds`: a warning time in round words.
fn warning_words(t: Duration) -> String {
    if t.as_secs() >= 60 && t.as_secs().is_multiple_of(60) && t.subsec_nanos() == 0 {
        count(t.as_secs() / 60, "minute")
    } else {
        spoken_time(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::timecontrol::TimeControl;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    /// A clock of `tc` for both, started at zero: White's runs.
    fn clock(tc: &str) -> Clock {
        let tc: TimeControl = tc.parse().unwrap();
        let mut clock = Clock::new(tc.clone(), tc);
        clock.start(Duration::ZERO);
        clock
    }

    /// Everything said from 0 to `until`, looking every 100 ms.
    fn said(w: &mut Warnings, clock: &Clock, until: u64) -> Vec<(u64, String)> {
        let mut out = Vec::new();
        for ms in (0..=until * 1000).step_by(100) {
            let now = Duration::from_millis(ms);
            if let Some(text) = w.check(clock, now) {
                out.push((ms, text));
            }
        }
        out
    }

    #[test]
    fn one_minute_thirty_and_ten_seconds_once_each() {
        let clock = clock("1.5+0");
        let mut w = Warnings::new(&DEFAULT_WARNINGS);
        let out = said(&mut w, &clock, 90);
        assert_eq!(
            out,
            vec![
                (30_000, "White: 1 minute left.".to_owned()),
                (60_000, "White: 30 seconds left.".to_owned()),
                (80_000, "White: 10 seconds left.".to_owned()),
            ]
        );
    }

    #[test]
    fn next_due_is_the_next_warning_time() {
        let clock = clock("1.5+0");
        let mut w = Warnings::new(&DEFAULT_WARNINGS);
        assert_eq!(w.check(&clock, Duration::ZERO), None);
        assert_eq!(w.next_due(&clock, secs(1)), Some(secs(30)));
        assert_eq!(
            w.check(&clock, secs(30)).as_deref(),
            Some("White: 1 minute left.")
        );
        assert_eq!(w.next_due(&clock, secs(31)), Some(secs(60)));
    }

    #[test]
    fn times_passed_before_the_turn_are_not_news_and_close_ones_wait() {
        // 25 seconds: 1 minute and 30 seconds are passed already.
        let clock = clock("25s+0");
        let mut w = Warnings::new(&[secs(60), secs(30), secs(10), secs(9)]);
        let out = said(&mut w, &clock, 25);
        // 10 s at 15 s; 9 s would be at 16 s but waits for the gap.
        assert_eq!(
            out,
            vec![
                (15_000, "White: 10 seconds left.".to_owned()),
                (18_000, "White: 9 seconds left.".to_owned()),
            ]
        );
    }

    #[test]
    fn no_warnings_without_a_running_clock() {
        let tc = TimeControl::default();
        let clock = Clock::new(tc.clone(), tc);
        let mut w = Warnings::new(&DEFAULT_WARNINGS);
        assert_eq!(w.check(&clock, secs(100)), None);
        assert_eq!(w.next_due(&clock, secs(100)), None);
    }
}
