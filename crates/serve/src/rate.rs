//! Budgets of what a client may make the server do, in a token bucket each: keys (each one
//! an event in its game's queue) and window changes (each one a redraw of its whole screen).
//! What goes over a budget is dropped, or for a window change, drawn later.

use std::time::{Duration, Instant};

/// A budget: `burst` at once, then `per_second`.
#[derive(Debug)]
pub struct Rate {
    tokens: f64,
    pub(crate) at: Instant,
    burst: f64,
    per_second: f64,
}

impl Rate {
    /// Keys: far above a player's typing (a key repeat is 30 a second, a paste of a line of
    /// moves 80 at once), far below what a game's loop handles, so its queue never grows.
    pub const BURST: f64 = 512.0;
    pub const PER_SECOND: f64 = 256.0;
    /// Window changes: a window dragged by its corner sends dozens a second, and a client can
    /// send thousands; a person sees no more than these redraws.
    pub const RESIZE_BURST: f64 = 4.0;
    pub const RESIZES_PER_SECOND: f64 = 8.0;

    /// A full budget of `burst`, refilled at `per_second`.
    pub fn new(burst: f64, per_second: f64) -> Rate {
        Rate {
            tokens: burst,
            at: Instant::now(),
            burst,
            per_second,
        }
    }

    /// The keys' budget.
    pub fn keys() -> Rate {
        Rate::new(Rate::BURST, Rate::PER_SECOND)
    }

    /// The window changes' budget.
    pub fn resizes() -> Rate {
        Rate::new(Rate::RESIZE_BURST, Rate::RESIZES_PER_SECOND)
    }

    /// Whether one more may go, at `now`.
    pub fn take(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    /// How long from `now` until one more may go.
    pub fn wait(&mut self, now: Instant) -> Duration {
        self.refill(now);
        Duration::from_secs_f64(((1.0 - self.tokens) / self.per_second).max(0.0))
    }

    fn refill(&mut self, now: Instant) {
        let refill = now.saturating_duration_since(self.at).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.at = self.at.max(now);
    }
}

impl Default for Rate {
    /// The keys' budget.
    fn default() -> Rate {
        Rate::keys()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_gives_its_burst_then_its_rate_and_says_how_long_to_wait() {
        let mut rate = Rate::new(4.0, 8.0);
        let now = rate.at;
        assert_eq!((0..10).filter(|_| rate.take(now)).count(), 4);
        assert_eq!(rate.wait(now), Duration::from_millis(125));
        let later = now + Duration::from_millis(125);
        assert_eq!(rate.wait(later), Duration::ZERO);
        assert!(rate.take(later));
        assert!(!rate.take(later));
        // A long rest fills it to its burst, no more.
        let much_later = later + Duration::from_secs(3600);
        assert_eq!((0..10).filter(|_| rate.take(much_later)).count(), 4);
    }
}
