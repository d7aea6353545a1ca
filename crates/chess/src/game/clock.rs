//! The chess clock: two players' times, whose is running, and what happens when a move is made.
//!
//! The clock never reads the time. Every call that depends on it takes `now`, a [`Duration`]
//! since any fixed origin (the app's start, say), and nothing is stored but the instant the
//! running clock was last started. That is what lets tests check a flag fall to the millisecond,
//! and lets the front end sleep until [`Clock::next_change`] instead of polling.
//!
//! How the rules play out, per player and per move:
//!
//! * the time used on a move is `now` minus when the clock started for it, minus pauses;
//! * with a simple delay the first `delay` of that is free, and the clock shows no change then;
//! * when the move is made ([`Clock::press`]) the increment of the move's period is added, a
//!   Bronstein delay gives back the time used up to the delay, and completing the last move of a
//!   period adds the next period's time;
//! * a clock at exactly zero has flagged; a press after that adds nothing and stops the clock.
//!
//! Takeback: time used stays used (as on lichess). Keep a [`Clock::snapshot`] before each move;
//! [`Clock::restore`] goes back to its turn and move counts, and each side's time is the time it
//! had then minus all the time it has been charged since (the moves taken back and the move in
//! progress), never more than it has now. So the increments, delay refunds and period times of
//! the moves taken back are given back, and the thinking time is not: a takeback never refunds
//! a clock, and never gives the time a replayed move earns twice.

use std::time::Duration;

use super::timecontrol::{DelayKind, TimeControl};
use crate::rules::Color;

mod format;

pub use format::{
    ParseClockError, ParseClockErrorKind, format_clock, format_pgn_clock, format_span,
    parse_pgn_clock,
};

/// One player's side of the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Side {
    control: TimeControl,
    /// The time on the clock when the current move began (for the side not to move: its time).
    remaining: Duration,
    /// Time already used on the current move in stretches that ended with a pause. Always zero
    /// for the side not to move.
    used: Duration,
    moves: u32,
    /// All the time charged for this side's completed moves (after any delay), which a takeback
    /// does not give back.
    spent: Duration,
}

impl Side {
    fn new(control: TimeControl) -> Side {
        Side {
            remaining: control.initial_time().unwrap_or(Duration::ZERO),
            control,
            used: Duration::ZERO,
            moves: 0,
            spent: Duration::ZERO,
        }
    }

    fn simple_delay(&self) -> Duration {
        match self.control.delay() {
            Some(d) if d.kind == DelayKind::Simple => d.amount,
            _ => Duration::ZERO,
        }
    }

    /// The time left after spending `elapsed` on the current move.
    fn left_after(&self, elapsed: Duration) -> Duration {
        let charged = elapsed.saturating_sub(self.simple_delay());
        self.remaining.saturating_sub(charged)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Not started yet, or stopped by a press after the flag fell.
    Stopped,
    /// The side to move's clock has been running since this instant.
    Running {
        since: Duration,
    },
    Paused,
}

/// What a [`Clock::press`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    /// The move was timed and the turn passed to the opponent.
    Switched,
    /// This side's flag had already fallen: nothing was added, the move was not counted, the turn
    /// stayed, and the clock stopped.
    FlagFell(Color),
}

/// A chess clock for two players, each with their own [`TimeControl`].
///
/// ```
/// use hotseat_chess::game::clock::{Clock, format_clock};
/// use hotseat_chess::rules::Color;
/// use std::time::Duration;
/// let tc = "5+3".parse().unwrap();
/// let mut clock = Clock::new(tc, "3+2".parse().unwrap());
/// clock.start(Duration::ZERO);
/// clock.press(Duration::from_secs(10)); // White moves after 10 s, gains 3 s
/// let white = clock.remaining(Color::White, Duration::from_secs(20)).unwrap();
/// assert_eq!(format_clock(white), "4:53");
/// assert_eq!(clock.running(), Some(Color::Black));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    sides: [Side; 2],
    turn: Color,
    state: State,
}

impl Default for Clock {
    /// An untimed clock.
    fn default() -> Clock {
        Clock::new(TimeControl::untimed(), TimeControl::untimed())
    }
}

impl Clock {
    /// A stopped clock, White to move, each side with the first period's time.
    pub fn new(white: TimeControl, black: TimeControl) -> Clock {
        Clock {
            sides: [Side::new(white), Side::new(black)],
            turn: Color::White,
            state: State::Stopped,
        }
    }

    fn side(&self, color: Color) -> &Side {
        &self.sides[color.index()]
    }

    fn side_mut(&mut self, color: Color) -> &mut Side {
        &mut self.sides[color.index()]
    }

    /// The time control of `color`.
    pub fn control(&self, color: Color) -> &TimeControl {
        &self.side(color).control
    }

    /// Time spent so far on the current move by the side to move, pauses excluded.
    fn elapsed(&self, now: Duration) -> Duration {
        let running = match self.state {
            State::Running { since } => now.saturating_sub(since),
            _ => Duration::ZERO,
        };
        self.side(self.turn).used.saturating_add(running)
    }

    /// Starts the clock of the side to move (White in a new game, FIDE 6.5). Does nothing if the
    /// clock is running or paused (use [`Clock::resume`]).
    pub fn start(&mut self, now: Duration) {
        if self.state == State::Stopped {
            self.state = State::Running { since: now };
        }
    }

    /// The side to move completes a move: its clock stops, the increment, Bronstein refund and
    /// any new period's time are added, and the opponent's clock starts (if the clock was
    /// running; a paused or stopped clock stays so). See [`Press`] for a press after flag fall.
    pub fn press(&mut self, now: Duration) -> Press {
        let elapsed = self.elapsed(now);
        let mover = self.turn;
        let side = self.side_mut(mover);
        let number = side.moves.saturating_add(1);
        if !side.control.is_untimed() {
            let left = side.left_after(elapsed);
            if left.is_zero() {
                side.spent = side.spent.saturating_add(side.remaining);
                side.remaining = Duration::ZERO;
                side.used = Duration::ZERO;
                self.state = State::Stopped;
                return Press::FlagFell(mover);
            }
            let refund = match side.control.delay() {
                Some(d) if d.kind == DelayKind::Bronstein => elapsed.min(d.amount),
                _ => Duration::ZERO,
            };
            let charged = side.remaining.saturating_sub(left).saturating_sub(refund);
            side.spent = side.spent.saturating_add(charged);
            side.remaining = left
                .saturating_add(refund)
                .saturating_add(side.control.increment_for_move(number))
                .saturating_add(side.control.time_added_after_move(number));
        }
        side.moves = number;
        side.used = Duration::ZERO;
        self.turn = !mover;
        if let State::Running { .. } = self.state {
            self.state = State::Running { since: now };
        }
        Press::Switched
    }

    /// Stops both clocks (an arbiter's pause). Does nothing unless running.
    pub fn pause(&mut self, now: Duration) {
        if let State::Running { since } = self.state {
            let stretch = now.saturating_sub(since);
            let side = self.side_mut(self.turn);
            side.used = side.used.saturating_add(stretch);
            self.state = State::Paused;
        }
    }

    /// Restarts the clock of the side that was running when paused. Does nothing unless paused;
    /// the rest of a simple delay carries over.
    pub fn resume(&mut self, now: Duration) {
        if self.state == State::Paused {
            self.state = State::Running { since: now };
        }
    }

    /// Whose clock is running, if any. At zero it stays "running" until pressed or paused.
    pub fn running(&self) -> Option<Color> {
        match self.state {
            State::Running { .. } => Some(self.turn),
            _ => None,
        }
    }

    /// True while paused.
    pub fn is_paused(&self) -> bool {
        self.state == State::Paused
    }

    /// The side whose move the clock is timing (or will time once started).
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The time `color` has left at `now`, never below zero; `None` for an untimed side. During a
    /// simple delay it does not go down.
    pub fn remaining(&self, color: Color, now: Duration) -> Option<Duration> {
        let side = self.side(color);
        if side.control.is_untimed() {
            return None;
        }
        let elapsed = if color == self.turn {
            self.elapsed(now)
        } else {
            Duration::ZERO
        };
        Some(side.left_after(elapsed))
    }

    /// Who has run out of time at `now` (exactly zero counts); `None` for untimed sides.
    pub fn flag(&self, now: Duration) -> Option<Color> {
        [self.turn, !self.turn]
            .into_iter()
            .find(|&c| self.remaining(c, now) == Some(Duration::ZERO))
    }

    /// How many moves `color` has completed on this clock.
    pub fn moves_made(&self, color: Color) -> u32 {
        self.side(color).moves
    }

    /// Sets `color`'s time, as when resuming a game from PGN `[%clk]` readings. For the side
    /// to move it is the time at the start of its current move, so while the clock runs, the
    /// time since it was last started or resumed still counts. Meant for a clock that is not
    /// running.
    pub fn set_remaining(&mut self, color: Color, remaining: Duration) {
        let side = self.side_mut(color);
        side.remaining = remaining;
        side.used = Duration::ZERO;
    }

    /// Sets how many moves `color` has completed, which decides the period it is in.
    pub fn set_moves_made(&mut self, color: Color, moves: u32) {
        self.side_mut(color).moves = moves;
    }

    /// Makes `color` the side to move, as when resuming a game with Black to move. Meant for a
    /// clock that is not running: a running clock's current stretch would count for `color`.
    pub fn set_turn(&mut self, color: Color) {
        if color != self.turn {
            let side = self.side_mut(self.turn);
            side.remaining = side.left_after(side.used);
            side.used = Duration::ZERO;
            self.turn = color;
        }
    }

    /// A copy of the clock as it stands at `now`, to keep before a move for takeback.
    pub fn snapshot(&self, now: Duration) -> Clock {
        let mut copy = self.clone();
        if let State::Running { .. } = self.state {
            copy.side_mut(self.turn).used = self.elapsed(now);
            copy.state = State::Running { since: now };
        }
        copy
    }

    /// The time `color` has left and all the time it has been charged, at `now`.
    fn standing(&self, color: Color, now: Duration) -> (Duration, Duration) {
        let side = self.side(color);
        let elapsed = if color == self.turn {
            self.elapsed(now)
        } else {
            Duration::ZERO
        };
        let left = side.left_after(elapsed);
        let charged = side.remaining.saturating_sub(left);
        (left, side.spent.saturating_add(charged))
    }

    /// Takes moves back to a [`Clock::snapshot`]: its move counts and side to move, and for
    /// each side the time left then minus all the time charged to it since, never more than it
    /// has at `now` (time used stays used; what the moves taken back earned is given back).
    /// The side to move's clock picks up from `now` if this clock is running (paused or stopped
    /// stays so), with a fresh move (a simple delay starts again).
    pub fn restore(&mut self, snapshot: Clock, now: Duration) {
        let state = match self.state {
            State::Running { .. } => State::Running { since: now },
            other => other,
        };
        let mut restored = snapshot.clone();
        for color in [Color::White, Color::Black] {
            let (left_now, charged_now) = self.standing(color, now);
            // The snapshot's clock stands still at the instant it was taken: `used` holds all.
            let (left_then, charged_then) = snapshot.standing(color, Duration::ZERO);
            let side = restored.side_mut(color);
            if !side.control.is_untimed() {
                side.remaining = left_then
                    .saturating_sub(charged_now.saturating_sub(charged_then))
                    .min(left_now);
            }
            side.used = Duration::ZERO;
            side.spent = charged_now;
        }
        *self = restored;
        self.state = state;
    }

    /// The next instant after `now` at which a text of [`format_clock`] will change, or a flag
    /// will fall; `None` when no timed clock is running or it is already at zero. The front end
    /// can sleep until then.
    pub fn next_change(&self, now: Duration) -> Option<Duration> {
        let State::Running { .. } = self.state else {
            return None;
        };
        let side = self.side(self.turn);
        if side.control.is_untimed() {
            return None;
        }
        let elapsed = self.elapsed(now);
        let left = side.left_after(elapsed);
        if left.is_zero() {
            return None;
        }
        let shown = format::shown(left);
        // The text shows `shown` until the time left drops below it; at 0:00.0 the next event
        // is the flag itself, at exactly zero.
        let until = if shown.is_zero() {
            left
        } else {
            left - shown + Duration::from_nanos(1)
        };
        let delay_left = side.simple_delay().saturating_sub(elapsed);
        Some(now.saturating_add(delay_left).saturating_add(until))
    }

    /// The next instant after `now` at which the delay left on the move (shown in whole
    /// seconds, rounded up) changes; `None` without a delay counting down.
    pub fn next_delay_tick(&self, now: Duration) -> Option<Duration> {
        let d = self.delay_left(self.turn, now)?;
        let shown = Duration::from_secs(d.as_secs() + u64::from(d.subsec_nanos() > 0));
        let step = d - (shown - Duration::from_secs(1));
        Some(now + step + Duration::from_nanos(1))
    }

    /// How much longer `color` can think on the current move at `now` and still have it cost
    /// nothing, while their clock runs; `None` with no delay, on the other side's turn, or once
    /// it is used up. With a simple delay the clock has not started counting down yet; with a
    /// Bronstein delay it counts down, but all the time used so far (the delay minus this) will
    /// be given back at the press. Either way the move costs time only once this runs out.
    pub fn delay_left(&self, color: Color, now: Duration) -> Option<Duration> {
        let State::Running { .. } = self.state else {
            return None;
        };
        let delay = self.side(color).control.delay()?;
        let left = delay.amount.saturating_sub(self.elapsed(now));
        (color == self.turn && !left.is_zero()).then_some(left)
    }

    /// How many more moves `color` must make before the next time control adds time; `None`
    /// when no more time will be added.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        let side = self.side(color);
        side.control.moves_to_go(side.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    fn clock(text: &str) -> Clock {
        Clock::new(tc(text), tc(text))
    }

    #[test]
    fn start_runs_whites_clock_first() {
        let mut c = clock("5+0");
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining(White, s(100)), Some(s(300)));
        c.start(s(10));
        assert_eq!(c.running(), Some(White));
        assert_eq!(c.remaining(White, s(15)), Some(s(295)));
        assert_eq!(c.remaining(Black, s(15)), Some(s(300)));
    }

    #[test]
    fn increment_is_added_on_every_move() {
        let mut c = clock("1+2");
        c.start(s(0));
        let mut now = s(0);
        for _ in 0..5 {
            now += s(5);
            assert_eq!(c.press(now), Press::Switched);
            now += s(1);
            assert_eq!(c.press(now), Press::Switched);
        }
        assert_eq!(c.remaining(White, now), Some(s(60 - 25 + 10)));
        assert_eq!(c.remaining(Black, now), Some(s(60 - 5 + 10)));
        assert_eq!(c.moves_made(White), 5);
        assert_eq!(c.moves_made(Black), 5);
    }

    #[test]
    fn the_delay_left_counts_down_on_the_movers_clock_only() {
        let tc: TimeControl = "5+0".parse().unwrap();
        let tc = tc.with_delay(DelayKind::Simple, s(3)).unwrap();
        let mut c = Clock::new(tc.clone(), tc);
        assert_eq!(c.delay_left(White, s(0)), None, "not started");
        c.start(s(0));
        assert_eq!(c.delay_left(White, ms(500)), Some(ms(2500)));
        assert_eq!(c.delay_left(Black, ms(500)), None);
        assert_eq!(c.delay_left(White, s(3)), None, "used up");
        // The screen shows whole seconds of it: the next wake-up is at the next one.
        assert_eq!(
            c.next_delay_tick(ms(500)),
            Some(ms(1000) + Duration::from_nanos(1))
        );
    }

    #[test]
    fn the_bronstein_delay_left_is_the_time_still_given_back_in_full() {
        let tc: TimeControl = "5+0".parse().unwrap();
        let tc = tc.with_delay(DelayKind::Bronstein, s(3)).unwrap();
        let mut c = Clock::new(tc.clone(), tc);
        c.start(s(0));
        assert_eq!(c.delay_left(White, ms(500)), Some(ms(2500)));
        // The clock runs meanwhile, and what was used is given back at the press.
        assert_eq!(c.remaining(White, ms(500)), Some(ms(299_500)));
        c.press(ms(2900));
        assert_eq!(c.remaining(White, ms(2900)), Some(s(300)), "cost nothing");
        assert_eq!(c.delay_left(Black, ms(2900)), Some(s(3)));
        assert_eq!(c.delay_left(Black, ms(5900)), None, "used up");
        c.press(s(7));
        assert_eq!(
            c.remaining(Black, s(7)),
            Some(ms(300_000 - 4100 + 3000)),
            "past it, only the delay comes back"
        );
    }

    #[test]
    fn moves_to_go_counts_down_to_the_next_control() {
        let tc: TimeControl = "40/90+30,30+30".parse().unwrap();
        let mut c = Clock::new(tc.clone(), tc);
        c.start(s(0));
        assert_eq!(c.moves_to_go(White), Some(40));
        c.press(s(1));
        assert_eq!(c.moves_to_go(White), Some(39));
        assert_eq!(c.moves_to_go(Black), Some(40));
    }

    #[test]
    fn simple_delay_move_within_the_delay_costs_nothing() {
        let mut c = clock("5+0d3");
        c.start(s(0));
        assert_eq!(c.remaining(White, ms(2999)), Some(s(300)));
        c.press(s(3));
        assert_eq!(c.remaining(White, s(3)), Some(s(300)));
    }

    #[test]
    fn simple_delay_move_outside_the_delay_costs_only_the_excess() {
        let mut c = clock("5+0d3");
        c.start(s(0));
        assert_eq!(c.remaining(White, ms(4500)), Some(ms(298_500)));
        c.press(s(10));
        assert_eq!(c.remaining(White, s(10)), Some(s(293)));
        // The delay starts again on Black's move.
        assert_eq!(c.remaining(Black, s(12)), Some(s(300)));
        assert_eq!(c.remaining(Black, s(14)), Some(s(299)));
    }

    #[test]
    fn bronstein_gives_back_the_time_used_up_to_the_delay() {
        let mut c = clock("5+0b3");
        c.start(s(0));
        // The clock counts down at once...
        assert_eq!(c.remaining(White, s(2)), Some(s(298)));
        // ...and a move within the delay gets all of it back.
        c.press(s(2));
        assert_eq!(c.remaining(White, s(2)), Some(s(300)));
        // A longer move gets back only the delay.
        c.press(s(12));
        assert_eq!(c.remaining(Black, s(12)), Some(s(293)));
    }

    #[test]
    fn bronstein_never_gives_more_than_was_used() {
        let mut c = clock("5+0b10");
        c.start(s(0));
        c.press(ms(1));
        assert_eq!(c.remaining(White, s(1)), Some(s(300)));
    }

    #[test]
    fn period_time_is_added_on_completing_move_40_and_leftover_carries() {
        let mut c = Clock::new(tc("40/90+30,30+30"), tc("none"));
        c.start(s(0));
        let mut now = s(0);
        for n in 1..=40 {
            now += s(100);
            c.press(now); // White: 100 s per move, +30 s
            if n == 39 {
                assert_eq!(c.remaining(White, now), Some(s(5400 - 39 * 70)));
            }
            c.press(now); // Black, untimed, instantly
        }
        // 5400 - 40 * 70 = 2600 left over, plus 30 minutes.
        assert_eq!(c.remaining(White, now), Some(s(2600 + 1800)));
        now += s(100);
        c.press(now);
        assert_eq!(c.remaining(White, now), Some(s(4400 - 70)));
        assert_eq!(c.moves_made(White), 41);
    }

    #[test]
    fn flag_falls_at_exactly_zero() {
        let mut c = clock("1+0");
        c.start(s(0));
        assert_eq!(c.flag(ms(59_999)), None);
        assert_eq!(c.remaining(White, ms(59_999)), Some(ms(1)));
        assert_eq!(c.flag(s(60)), Some(White));
        assert_eq!(c.remaining(White, s(60)), Some(Duration::ZERO));
        assert_eq!(c.remaining(White, s(99)), Some(Duration::ZERO));
    }

    #[test]
    fn press_one_millisecond_before_zero_is_in_time() {
        let mut c = clock("1+2");
        c.start(s(0));
        assert_eq!(c.press(ms(59_999)), Press::Switched);
        assert_eq!(c.remaining(White, s(60)), Some(ms(2001)));
        assert_eq!(c.flag(s(60)), None);
    }

    #[test]
    fn press_after_flag_fall_adds_nothing_and_stops_the_clock() {
        let mut c = clock("1+2b5");
        c.start(s(0));
        assert_eq!(c.press(s(60)), Press::FlagFell(White));
        assert_eq!(c.remaining(White, s(61)), Some(Duration::ZERO));
        assert_eq!(c.flag(s(61)), Some(White));
        assert_eq!(c.running(), None);
        assert_eq!(c.turn(), White);
        assert_eq!(c.moves_made(White), 0);
        assert_eq!(c.remaining(Black, s(100)), Some(s(60)));
    }

    #[test]
    fn flag_with_simple_delay_falls_after_delay_and_time() {
        let mut c = clock("1+0d5");
        c.start(s(0));
        assert_eq!(c.flag(ms(64_999)), None);
        assert_eq!(c.flag(s(65)), Some(White));
    }

    #[test]
    fn pause_stops_both_clocks_and_resume_restarts_the_side_that_was_running() {
        let mut c = clock("5+0");
        c.start(s(0));
        c.press(s(10));
        c.pause(s(20));
        assert!(c.is_paused());
        assert_eq!(c.running(), None);
        assert_eq!(c.remaining(White, s(500)), Some(s(290)));
        assert_eq!(c.remaining(Black, s(500)), Some(s(290)));
        assert_eq!(c.next_change(s(500)), None);
        c.resume(s(1000));
        assert_eq!(c.running(), Some(Black));
        assert_eq!(c.remaining(Black, s(1005)), Some(s(285)));
        assert_eq!(c.remaining(White, s(1005)), Some(s(290)));
    }

    #[test]
    fn pause_keeps_the_rest_of_a_simple_delay_and_bronstein_counts_the_whole_move() {
        let mut c = clock("5+0d3");
        c.start(s(0));
        c.pause(s(2));
        c.resume(s(100));
        assert_eq!(c.remaining(White, s(101)), Some(s(300)));
        assert_eq!(c.remaining(White, s(102)), Some(s(299)));

        let mut b = clock("5+0b3");
        b.start(s(0));
        b.pause(s(2));
        b.resume(s(100));
        b.press(s(102)); // 4 s used in all, 3 given back
        assert_eq!(b.remaining(White, s(102)), Some(s(299)));
    }

    #[test]
    fn each_player_has_their_own_control() {
        let mut c = Clock::new(tc("5+3"), tc("3+2"));
        c.start(s(0));
        c.press(s(10));
        c.press(s(20));
        assert_eq!(c.remaining(White, s(20)), Some(s(293)));
        assert_eq!(c.remaining(Black, s(20)), Some(s(172)));
        assert_eq!(c.control(Black), &tc("3+2"));
    }

    #[test]
    fn untimed_side_never_flags_and_has_no_remaining_time() {
        let mut c = Clock::default();
        c.start(s(0));
        assert_eq!(c.remaining(White, s(1_000_000)), None);
        assert_eq!(c.flag(s(1_000_000)), None);
        assert_eq!(c.next_change(s(5)), None);
        assert_eq!(c.press(s(1_000_000)), Press::Switched);
        assert_eq!(c.moves_made(White), 1);
        assert_eq!(c.running(), Some(Black));
    }

    #[test]
    fn rebuilding_from_clock_readings_resumes_with_the_right_side_and_period() {
        let mut c = Clock::new(tc("40/90+30,30+30"), tc("40/90+30,30+30"));
        c.set_remaining(White, s(600));
        c.set_remaining(Black, s(500));
        c.set_moves_made(White, 40);
        c.set_moves_made(Black, 39);
        c.set_turn(Black);
        c.start(s(0));
        assert_eq!(c.running(), Some(Black));
        c.press(s(100));
        assert_eq!(c.remaining(Black, s(100)), Some(s(500 - 100 + 30 + 1800)));
        assert_eq!(c.remaining(White, s(100)), Some(s(600)));
    }

    // This asserted the old rule, that a takeback gave Black back the 40 s it had thought; the
    // new rule (time used stays used) is the point of the change.
    #[test]
    fn a_takeback_keeps_the_time_used_on_both_clocks() {
        let mut c = clock("5+0");
        c.start(s(0));
        let before = c.snapshot(s(10));
        c.press(s(10));
        c.restore(before, s(50)); // Black thought 40 s; the move is taken back
        assert_eq!(c.running(), Some(White));
        assert_eq!(c.remaining(White, s(50)), Some(s(290)));
        assert_eq!(c.remaining(Black, s(50)), Some(s(260)), "not refunded");
        assert_eq!(c.remaining(White, s(55)), Some(s(285)));
        assert_eq!(c.moves_made(White), 0);
    }

    #[test]
    fn a_takeback_gives_back_the_increment_the_move_earned_not_the_thinking_time() {
        let mut c = clock("3+2");
        c.start(s(0));
        c.press(s(10)); // White: 172
        c.press(s(20)); // Black: 172
        let before = c.snapshot(s(30));
        c.press(s(30)); // White thought 10 s more: 164
        assert_eq!(c.remaining(White, s(30)), Some(s(164)));
        // Black thinks 19 s, then White's move is taken back: White to move again.
        c.restore(before, s(49));
        assert_eq!(c.running(), Some(White));
        assert_eq!(c.moves_made(White), 1);
        assert_eq!(
            c.remaining(White, s(49)),
            Some(s(162)),
            "10 s used, no 2 s kept"
        );
        assert_eq!(c.remaining(Black, s(49)), Some(s(153)), "19 s used");
        c.press(s(52)); // the move again: 3 s used, 2 s added once
        assert_eq!(c.remaining(White, s(52)), Some(s(161)));
    }

    #[test]
    fn two_plies_taken_back_charge_each_side_its_own_time() {
        let mut c = clock("5+0");
        c.start(s(0));
        c.press(s(5));
        let before = c.snapshot(s(5));
        c.press(s(5)); // White did not think at all on the second snapshot's move
        let first = c.snapshot(s(12));
        c.press(s(12)); // White: 7 s, 288 left after both moves
        c.press(s(20)); // Black: 8 s + 0 before -> 292
        c.restore(first, s(30)); // White thought 10 s more, Black's move taken back
        assert_eq!(c.remaining(White, s(30)), Some(s(278)));
        assert_eq!(c.remaining(Black, s(30)), Some(s(292)));
        assert_eq!(c.running(), Some(White));
        // Back another two plies, as a second takeback would.
        c.restore(before, s(40));
        assert_eq!(c.remaining(White, s(40)), Some(s(268)));
        assert_eq!(c.remaining(Black, s(40)), Some(s(292)));
        assert_eq!(c.running(), Some(Black));
    }

    #[test]
    fn a_takeback_of_the_move_ending_a_period_does_not_give_its_time_twice() {
        let mut c = Clock::new(tc("2/60+0,30+0"), tc("2/60+0,30+0"));
        c.start(s(0));
        c.press(s(10)); // White 3590
        c.press(s(20)); // Black 3590
        let before = c.snapshot(s(30));
        c.press(s(30)); // White's second move ends the period: 3580 + 1800
        assert_eq!(c.remaining(White, s(30)), Some(s(3580 + 1800)));
        c.restore(before, s(31));
        assert_eq!(c.remaining(White, s(31)), Some(s(3580)));
        assert_eq!(c.remaining(Black, s(31)), Some(s(3589)));
        c.press(s(35));
        assert_eq!(c.remaining(White, s(35)), Some(s(3576 + 1800)));
    }

    #[test]
    fn a_takeback_never_adds_time_even_to_a_clock_set_from_a_file() {
        let mut c = clock("5+0");
        let before = c.clone();
        c.press(s(0));
        // Resumed from a file: Black's reading says 100 s, less than the snapshot's 300 s.
        c.set_remaining(Black, s(100));
        c.start(s(0));
        c.restore(before, s(10));
        assert_eq!(c.remaining(Black, s(10)), Some(s(90)));
        assert_eq!(c.running(), Some(White));
    }

    #[test]
    fn a_takeback_keeps_a_paused_clock_paused_with_the_time_used() {
        let mut c = clock("5+0");
        c.start(s(0));
        let before = c.snapshot(s(10));
        c.press(s(10));
        c.pause(s(15));
        c.restore(before, s(100));
        assert!(c.is_paused());
        assert_eq!(c.remaining(Black, s(100)), Some(s(295)));
        assert_eq!(c.remaining(White, s(100)), Some(s(290)));
    }

    #[test]
    fn a_clock_running_backwards_in_time_charges_nothing() {
        let mut c = clock("5+0");
        c.start(s(10));
        assert_eq!(c.remaining(White, s(5)), Some(s(300)));
        assert_eq!(c.press(s(5)), Press::Switched);
    }

    #[test]
    fn next_change_is_when_the_shown_second_drops() {
        let mut c = clock("1+0");
        c.start(ms(700));
        // 60 s left at 0.7 s; 59.999999999 s shows 0:59 one nanosecond later.
        assert_eq!(
            c.next_change(ms(700)),
            Some(ms(700) + Duration::from_nanos(1))
        );
        let at = ms(1000);
        let next = c.next_change(at).unwrap();
        assert_eq!(next, ms(1700) + Duration::from_nanos(1));
    }

    #[test]
    fn next_change_waits_out_a_simple_delay() {
        let mut c = clock("1+0d5");
        c.start(s(0));
        assert_eq!(c.next_change(s(1)), Some(s(5) + Duration::from_nanos(1)));
    }

    #[test]
    fn next_change_under_a_tenth_is_the_flag_fall() {
        let mut c = clock("1+0");
        c.start(s(0));
        assert_eq!(c.next_change(ms(59_950)), Some(s(60)));
        assert_eq!(c.next_change(s(60)), None);
    }

    #[test]
    fn next_change_always_changes_the_text_and_nothing_changes_before() {
        for control in ["1+0", "0.5+0d2", "61s+0", "0.05+0b1"] {
            let mut c = clock(control);
            c.start(ms(3));
            let text = |t| format_clock(c.remaining(White, t).unwrap());
            let mut now = ms(3);
            let mut steps = 0;
            while let Some(next) = c.next_change(now) {
                assert!(next > now, "{control}: {next:?} after {now:?}");
                let before = next - Duration::from_nanos(1);
                assert_eq!(text(before), text(now), "{control} at {before:?}");
                assert!(
                    text(next) != text(now) || c.flag(next).is_some(),
                    "{control} at {next:?}"
                );
                now = next;
                steps += 1;
            }
            assert_eq!(c.flag(now), Some(White), "{control}");
            assert!(steps > 0);
        }
    }
}
