//! Refusals on the server's output: the first from an address in a minute written at once,
//! the rest counted and written as a few lines when the minute is over. A flood of refused
//! connections writes at most [`SAID_A_MINUTE`] + [`COUNTED_A_MINUTE`] + 1 lines a minute
//! (before, a line each: 1.8 MB in three minutes), and the bookkeeping holds at most
//! [`SAID_A_MINUTE`] addresses.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use crate::admission::Address;

/// The window of the counts.
pub const MINUTE: Duration = Duration::from_secs(60);
/// Addresses whose first refusal of the minute is written at once; others' are only counted.
pub const SAID_A_MINUTE: usize = 64;
/// Addresses written with their count at the end of a minute; the rest in one line.
pub const COUNTED_A_MINUTE: usize = 10;

/// The refusals of the minute.
#[derive(Debug)]
pub struct Refusals {
    since: Instant,
    /// The addresses said this minute: refused since, and the first reason.
    said: HashMap<Address, (usize, String)>,
    /// Refusals of addresses past [`SAID_A_MINUTE`].
    unsaid: usize,
}

impl Refusals {
    pub fn new(now: Instant) -> Refusals {
        Refusals {
            since: now,
            said: HashMap::new(),
            unsaid: 0,
        }
    }

    /// A connection from `address` refused at `now` because `why`: the lines to write now.
    pub fn refused(&mut self, address: Address, why: &str, now: Instant) -> Vec<String> {
        let mut lines = self.tick(now);
        let room = self.said.len() < SAID_A_MINUTE;
        match self.said.get_mut(&address) {
            Some((more, _)) => *more += 1,
            None if room => {
                self.said.insert(address, (0, why.to_owned()));
                lines.push(format!("Refused a connection from {address}: {why}"));
            }
            None => self.unsaid += 1,
        }
        lines
    }

    /// The lines of the minute past, once it is over at `now` (then a new one starts).
    pub fn tick(&mut self, now: Instant) -> Vec<String> {
        if now.saturating_duration_since(self.since) < MINUTE {
            return Vec::new();
        }
        self.since = now;
        let mut counted: Vec<(Address, usize, String)> = self
            .said
            .drain()
            .filter(|(_, (more, _))| *more > 0)
            .map(|(address, (more, why))| (address, more, why))
            .collect();
        counted.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then_with(|| a.0.to_string().cmp(&b.0.to_string()))
        });
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        let mut lines: Vec<String> = counted
            .iter()
            .take(COUNTED_A_MINUTE)
            .map(|(address, n, why)| {
                format!(
                    "Refused {n} more connection{} from {address} in the last minute: {why}",
                    plural(*n)
                )
            })
            .collect();
        let more = counted
            .iter()
            .skip(COUNTED_A_MINUTE)
            .map(|(_, n, _)| n)
            .sum::<usize>()
            + std::mem::take(&mut self.unsaid);
        if more > 0 {
            lines.push(format!(
                "Refused {more} more connection{} in the last minute, from other addresses",
                plural(more)
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn address(i: u32) -> Address {
        Address::of(std::net::IpAddr::V4(std::net::Ipv4Addr::from(
            0x7f00_0000 + i,
        )))
    }

    #[test]
    fn an_address_is_written_once_a_minute_then_counted() {
        let start = Instant::now();
        let mut refusals = Refusals::new(start);
        let lines = refusals.refused(address(1), "too many", start);
        assert_eq!(lines, ["Refused a connection from 127.0.0.1: too many"]);
        for s in 1..50 {
            let at = start + Duration::from_secs(s);
            assert!(refusals.refused(address(1), "too many", at).is_empty());
        }
        let lines = refusals.tick(start + MINUTE);
        assert_eq!(
            lines,
            ["Refused 49 more connections from 127.0.0.1 in the last minute: too many"]
        );
        // A new minute: said again at once.
        let lines = refusals.refused(address(1), "too many", start + MINUTE);
        assert_eq!(lines.len(), 1);
        assert!(refusals.tick(start + MINUTE * 2).is_empty());
    }

    #[test]
    fn a_flood_from_many_addresses_writes_a_bounded_number_of_lines_and_keeps_few() {
        let start = Instant::now();
        let mut refusals = Refusals::new(start);
        let mut written = 0;
        for minute in 0..3u32 {
            for i in 0..100_000u32 {
                let at = start + MINUTE * minute + Duration::from_micros(u64::from(i));
                written += refusals.refused(address(i % 5000), "busy", at).len();
                assert!(refusals.said.len() <= SAID_A_MINUTE);
            }
        }
        written += refusals.tick(start + MINUTE * 3).len();
        assert!(
            written <= 3 * (SAID_A_MINUTE + COUNTED_A_MINUTE + 1),
            "{written} lines"
        );
    }
}
