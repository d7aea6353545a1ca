//! Clock times as text: on screen, and in PGN `[%clk]` comments.
//!
//! Times are always truncated, never rounded, so a player never sees more time than they have:
//! a clock showing `0:00.0` has less than a tenth of a second left.

use std::fmt;
use std::time::Duration;

/// Below this the screen shows tenths of a second.
const TENTHS_BELOW: Duration = Duration::from_secs(20);

/// The time that [`format_clock`] shows for `t`: `t` truncated to the second, or to the tenth
/// below 20 seconds.
pub(super) fn shown(t: Duration) -> Duration {
    let whole = Duration::from_secs(t.as_secs());
    if t < TENTHS_BELOW {
        whole + Duration::from_millis(u64::from(t.subsec_millis() / 100 * 100))
    } else {
        whole
    }
}

/// A clock time for the screen: `1:00:00` (`H:MM:SS`) from one hour up, `59:59` (`M:SS`) below,
/// and `0:19.9` (`M:SS.t`) under 20 seconds — always truncated.
///
/// ```
/// use hotseat_chess::game::clock::format_clock;
/// use std::time::Duration;
/// assert_eq!(format_clock(Duration::from_secs(3600)), "1:00:00");
/// assert_eq!(format_clock(Duration::from_millis(3_599_999)), "59:59");
/// assert_eq!(format_clock(Duration::from_millis(7_399)), "0:07.3");
/// ```
pub fn format_clock(t: Duration) -> String {
    let secs = t.as_secs();
    if t >= TENTHS_BELOW {
        hours_minutes_seconds(secs)
    } else {
        format!("0:{secs:02}.{}", t.subsec_millis() / 100)
    }
}

/// `H:MM:SS` from one hour up, `M:SS` below.
fn hours_minutes_seconds(secs: u64) -> String {
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// A span of time, such as how long a move took: written as the clock is (`1:02:03` from one
/// hour up, `12:05` below), with tenths only when there are any (`0:01.4`, `0:05`).
///
/// ```
/// use hotseat_chess::game::clock::format_span;
/// use std::time::Duration;
/// assert_eq!(format_span(Duration::from_secs(3723)), "1:02:03");
/// assert_eq!(format_span(Duration::from_secs(5)), "0:05");
/// assert_eq!(format_span(Duration::from_millis(1_400)), "0:01.4");
/// ```
pub fn format_span(t: Duration) -> String {
    let text = hours_minutes_seconds(t.as_secs());
    match t.subsec_millis() / 100 {
        0 => text,
        tenths => format!("{text}.{tenths}"),
    }
}

/// A PGN `[%clk]` value: `H:MM:SS` in whole seconds, truncated, as in `[%clk 0:04:59]`.
///
/// ```
/// use hotseat_chess::game::clock::format_pgn_clock;
/// use std::time::Duration;
/// assert_eq!(format_pgn_clock(Duration::from_millis(299_900)), "0:04:59");
/// ```
pub fn format_pgn_clock(t: Duration) -> String {
    let secs = t.as_secs();
    format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// What is wrong with a `[%clk]` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseClockErrorKind {
    /// Not three fields separated by `:`.
    Shape,
    /// The hours are not a whole number (or absurdly large).
    Hours,
    /// The minutes are not 00 to 59.
    Minutes,
    /// The seconds are not 00 to 59, with an optional fraction.
    Seconds,
}

/// Text that is not a `[%clk]` value.
///
/// ```
/// use hotseat_chess::game::clock::parse_pgn_clock;
/// assert_eq!(
///     parse_pgn_clock("0:4:99").unwrap_err().to_string(),
///     "\"0:4:99\" is not a clock reading: the seconds must be 00 to 59 \
///      (write H:MM:SS, like 0:04:59)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseClockError {
    input: String,
    kind: ParseClockErrorKind,
}

impl ParseClockError {
    /// What was wrong.
    pub fn kind(&self) -> ParseClockErrorKind {
        self.kind
    }
}

impl fmt::Display for ParseClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = match self.kind {
            ParseClockErrorKind::Shape => "it needs hours, minutes and seconds separated by ':'",
            ParseClockErrorKind::Hours => "the hours must be a whole number",
            ParseClockErrorKind::Minutes => "the minutes must be 00 to 59",
            ParseClockErrorKind::Seconds => "the seconds must be 00 to 59",
        };
        write!(
            f,
            "\"{}\" is not a clock reading: {reason} (write H:MM:SS, like 0:04:59)",
            self.input.escape_debug()
        )
    }
}

impl std::error::Error for ParseClockError {}

/// Reads a PGN `[%clk]` value: `0:04:59`, or with a fraction of a second, `0:04:59.3`.
pub fn parse_pgn_clock(s: &str) -> Result<Duration, ParseClockError> {
    let fail = |kind| ParseClockError {
        input: s.chars().take(40).collect(),
        kind,
    };
    let mut fields = s.trim().split(':');
    let (Some(h), Some(m), Some(sec), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(fail(ParseClockErrorKind::Shape));
    };
    let hours = whole(h, usize::MAX).ok_or(fail(ParseClockErrorKind::Hours))?;
    let minutes = whole(m, 2)
        .filter(|&m| m < 60)
        .ok_or(fail(ParseClockErrorKind::Minutes))?;
    let (sec, frac) = sec.split_once('.').unwrap_or((sec, "0"));
    let seconds = whole(sec, 2)
        .filter(|&s| s < 60)
        .ok_or(fail(ParseClockErrorKind::Seconds))?;
    if frac.is_empty() || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return Err(fail(ParseClockErrorKind::Seconds));
    }
    // Nanoseconds from the first nine digits of the fraction; the rest is truncated.
    let nanos = frac
        .bytes()
        .chain(std::iter::repeat(b'0'))
        .take(9)
        .fold(0u32, |acc, b| acc * 10 + u32::from(b - b'0'));
    let secs = hours
        .checked_mul(3600)
        .and_then(|h| h.checked_add(minutes * 60 + seconds))
        .ok_or(fail(ParseClockErrorKind::Hours))?;
    Ok(Duration::new(secs, nanos))
}

/// A whole number of at most `max_digits` digits (at least one), if it fits in a `u64`.
fn whole(s: &str, max_digits: usize) -> Option<u64> {
    if s.is_empty() || s.len() > max_digits {
        return None;
    }
    s.bytes().try_fold(0u64, |acc, b| {
        if !b.is_ascii_digit() {
            return None;
        }
        acc.checked_mul(10)?.checked_add(u64::from(b - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn hours_show_from_one_hour_up() {
        assert_eq!(format_clock(ms(3_600_000)), "1:00:00");
        assert_eq!(format_clock(ms(3_599_999)), "59:59");
        assert_eq!(format_clock(ms(36_000_000 + 61_000)), "10:01:01");
        assert_eq!(format_clock(Duration::from_secs(5400)), "1:30:00");
    }

    #[test]
    fn tenths_show_under_twenty_seconds() {
        assert_eq!(format_clock(ms(20_000)), "0:20");
        assert_eq!(format_clock(ms(19_999)), "0:19.9");
        assert_eq!(format_clock(ms(20_999)), "0:20");
        assert_eq!(format_clock(ms(7_399)), "0:07.3");
        assert_eq!(format_clock(ms(300_000)), "5:00");
    }

    #[test]
    fn zero_shows_only_under_a_tenth() {
        assert_eq!(format_clock(Duration::ZERO), "0:00.0");
        assert_eq!(format_clock(ms(99)), "0:00.0");
        assert_eq!(format_clock(ms(100)), "0:00.1");
    }

    #[test]
    fn shown_matches_the_text() {
        assert_eq!(shown(ms(19_999)), ms(19_900));
        assert_eq!(shown(ms(20_999)), ms(20_000));
        assert_eq!(shown(ms(99)), Duration::ZERO);
    }

    #[test]
    fn pgn_clock_is_whole_seconds_truncated() {
        assert_eq!(format_pgn_clock(ms(299_999)), "0:04:59");
        assert_eq!(format_pgn_clock(ms(3_723_000)), "1:02:03");
        assert_eq!(format_pgn_clock(Duration::ZERO), "0:00:00");
    }

    #[test]
    fn pgn_clock_readings_parse_with_or_without_fraction() {
        assert_eq!(parse_pgn_clock("0:04:59"), Ok(ms(299_000)));
        assert_eq!(parse_pgn_clock(" 0:04:59.3 "), Ok(ms(299_300)));
        assert_eq!(parse_pgn_clock("1:02:03.25"), Ok(ms(3_723_250)));
        assert_eq!(
            parse_pgn_clock("0:00:00.1234567891"),
            Ok(Duration::new(0, 123_456_789))
        );
    }

    #[test]
    fn bad_pgn_clock_readings_are_rejected() {
        let kind = |s| parse_pgn_clock(s).unwrap_err().kind();
        assert_eq!(kind("4:59"), ParseClockErrorKind::Shape);
        assert_eq!(kind("0:0:4:59"), ParseClockErrorKind::Shape);
        assert_eq!(kind("x:04:59"), ParseClockErrorKind::Hours);
        assert_eq!(kind("-1:04:59"), ParseClockErrorKind::Hours);
        assert_eq!(
            kind("99999999999999999999:00:00"),
            ParseClockErrorKind::Hours
        );
        assert_eq!(kind("9999999999999999:00:00"), ParseClockErrorKind::Hours);
        assert_eq!(kind("0:60:00"), ParseClockErrorKind::Minutes);
        assert_eq!(kind("0:123:00"), ParseClockErrorKind::Minutes);
        assert_eq!(kind("0:04:60"), ParseClockErrorKind::Seconds);
        assert_eq!(kind("0:04:59."), ParseClockErrorKind::Seconds);
        assert_eq!(kind("0:04:59.x"), ParseClockErrorKind::Seconds);
        assert_eq!(kind("0:04:+9"), ParseClockErrorKind::Seconds);
    }

    proptest! {
        #[test]
        fn pgn_clock_text_never_panics(s in "\\PC*") {
            let _ = parse_pgn_clock(&s).map_err(|e| e.to_string());
        }

        #[test]
        fn pgn_clock_round_trips_whole_seconds(secs in 0u64..1_000_000) {
            let t = Duration::from_secs(secs);
            prop_assert_eq!(parse_pgn_clock(&format_pgn_clock(t)), Ok(t));
        }

        #[test]
        fn screen_text_never_shows_more_than_is_left(n in 0u64..10_000_000) {
            let t = ms(n);
            prop_assert!(shown(t) <= t);
            prop_assert!(t - shown(t) < Duration::from_secs(1));
        }
    }
}
