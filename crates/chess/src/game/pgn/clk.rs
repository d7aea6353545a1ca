//! Commands embedded in comments, such as `{[%clk 0:04:59]}`, the clock time left after a move.
//!
//! Lichess, chess.com and most databases store clock readings this way; we do too, so a game
//! read back shows the clocks it was played with. `[%eval …]` is read by
//! [`crate::game::report`]; other commands (`[%csl …]`) are not interpreted, and all are removed
//! for display by [`strip_commands`].

use std::time::Duration;

fn skip_spaces(s: &[u8]) -> &[u8] {
    let n = s.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &s[n..]
}

/// Splits off a run of `min..=max` ASCII digits and its value.
fn digits(s: &[u8], min: usize, max: usize) -> Option<(u64, &[u8])> {
    let n = s.iter().take_while(|b| b.is_ascii_digit()).count();
    if n < min || n > max {
        return None;
    }
    let value = s[..n]
        .iter()
        .fold(0u64, |v, &d| v * 10 + u64::from(d - b'0'));
    Some((value, &s[n..]))
}

/// Reads `%clk H:MM:SS[.fff] ]` at the start of `s`, the text just after a `[`.
fn read_clk_command(s: &[u8]) -> Option<Duration> {
    let s = skip_spaces(s).strip_prefix(b"%clk")?;
    if !s.first().is_some_and(u8::is_ascii_whitespace) {
        return None;
    }
    let (hours, s) = digits(skip_spaces(s), 1, 9)?;
    let (minutes, s) = digits(s.strip_prefix(b":")?, 1, 2)?;
    let (seconds, s) = digits(s.strip_prefix(b":")?, 1, 2)?;
    if minutes >= 60 || seconds >= 60 {
        return None;
    }
    let (nanos, s) = match s.strip_prefix(b".") {
        Some(fraction) => {
            let n = fraction.iter().take_while(|b| b.is_ascii_digit()).count();
            let (value, _) = digits(&fraction[..n.min(9)], 1, 9)?;
            let scale = 10u64.pow(9 - n.min(9) as u32);
            (value * scale, &fraction[n..])
        }
        None => (0, s),
    };
    if !skip_spaces(s).starts_with(b"]") {
        return None;
    }
    let secs = hours * 3600 + minutes * 60 + seconds;
    Some(Duration::new(secs, u32::try_from(nanos).ok()?))
}

/// The clock time in the first well-formed `[%clk H:MM:SS]` command of a comment, if any.
///
/// Hours may have any number of digits up to nine, seconds a decimal fraction, and spaces may
/// surround the parts.
///
/// ```
/// use std::time::Duration;
/// use hotseat_chess::game::pgn::parse_clk_comment;
/// assert_eq!(parse_clk_comment(b"[%clk 0:04:59]"), Some(Duration::from_secs(299)));
/// assert_eq!(parse_clk_comment(b"ok [%eval 0.3] [%clk  1:02:03.4 ]"), Some(Duration::from_millis(3_723_400)));
/// assert_eq!(parse_clk_comment(b"[%clk 0:60:00]"), None);
/// ```
pub fn parse_clk_comment(comment: &[u8]) -> Option<Duration> {
    comment
        .iter()
        .enumerate()
        .filter(|&(_, &b)| b == b'[')
        .find_map(|(i, _)| read_clk_command(&comment[i + 1..]))
}

/// The `[%clk H:MM:SS]` command for a clock reading, with tenths of a second when there are
/// any (`[%clk 0:00:09.5]`). [`parse_clk_comment`] reads it back to the tenth.
///
/// ```
/// use std::time::Duration;
/// use hotseat_chess::game::pgn::clk_command;
/// assert_eq!(clk_command(Duration::from_secs(299)), "[%clk 0:04:59]");
/// assert_eq!(clk_command(Duration::from_millis(3_723_456)), "[%clk 1:02:03.4]");
/// ```
pub fn clk_command(remaining: Duration) -> String {
    let secs = remaining.as_secs();
    let (hours, minutes, seconds) = (secs / 3600, secs / 60 % 60, secs % 60);
    let tenths = remaining.subsec_millis() / 100;
    if tenths == 0 {
        format!("[%clk {hours}:{minutes:02}:{seconds:02}]")
    } else {
        format!("[%clk {hours}:{minutes:02}:{seconds:02}.{tenths}]")
    }
}

/// A comment as people should see it: `[%…]` commands removed, whitespace runs collapsed to one
/// space, invalid UTF-8 replaced.
///
/// ```
/// use hotseat_chess::game::pgn::strip_commands;
/// assert_eq!(strip_commands(b" [%clk 0:04:59] Draw\n offered [%eval 0.2]"), "Draw offered");
/// assert_eq!(strip_commands(b"[%clk 0:04:59]"), "");
/// ```
pub fn strip_commands(comment: &[u8]) -> String {
    let mut kept = Vec::with_capacity(comment.len());
    let mut rest = comment;
    // A command opens with `[%`, or `[ %`: what the clock reader accepts is what is removed.
    let opens = |rest: &[u8]| {
        rest.iter()
            .enumerate()
            .find(|&(i, &b)| b == b'[' && skip_spaces(&rest[i + 1..]).starts_with(b"%"))
            .map(|(i, _)| i)
    };
    while let Some(start) = opens(rest) {
        kept.extend_from_slice(&rest[..start]);
        kept.push(b' ');
        rest = match rest[start..].iter().position(|&b| b == b']') {
            Some(end) => &rest[start + end + 1..],
            None => &[],
        };
    }
    kept.extend_from_slice(rest);
    let text = String::from_utf8_lossy(&kept);
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clk(s: &str) -> Option<Duration> {
        parse_clk_comment(s.as_bytes())
    }

    #[test]
    fn clk_reads_hours_minutes_seconds() {
        assert_eq!(clk("[%clk 0:04:59]"), Some(Duration::from_secs(299)));
        assert_eq!(clk("[%clk 10:00:00]"), Some(Duration::from_secs(36_000)));
        assert_eq!(clk("[%clk 0:00:00]"), Some(Duration::ZERO));
        assert_eq!(clk("[%clk 0:4:5]"), Some(Duration::from_secs(245)));
    }

    #[test]
    fn clk_reads_fractions_of_a_second() {
        assert_eq!(
            clk("[%clk 1:02:03.4]"),
            Some(Duration::from_millis(3_723_400))
        );
        assert_eq!(clk("[%clk 0:00:01.25]"), Some(Duration::from_millis(1_250)));
        assert_eq!(
            clk("[%clk 0:00:01.1234567891]"),
            Some(Duration::new(1, 123_456_789))
        );
        assert_eq!(clk("[%clk 0:00:01.]"), None);
    }

    #[test]
    fn clk_allows_extra_spaces_and_surrounding_text() {
        assert_eq!(clk("[ %clk   0:04:59  ]"), Some(Duration::from_secs(299)));
        assert_eq!(clk("\n[%clk\t0:04:59]\n"), Some(Duration::from_secs(299)));
        assert_eq!(
            clk("good move [%eval 0.17] [%clk 0:01:00] [%emt 0:00:02]"),
            Some(Duration::from_secs(60))
        );
    }

    #[test]
    fn clk_takes_the_first_well_formed_command() {
        assert_eq!(clk("[%clk x] [%clk 0:00:07]"), Some(Duration::from_secs(7)));
    }

    #[test]
    fn clk_rejects_malformed_commands() {
        for bad in [
            "",
            "[%clk]",
            "[%clk 0:04]",
            "[%clk 0:04:59",
            "[%clk0:04:59]",
            "[%clock 0:04:59]",
            "[%clk 0:04:60]",
            "[%clk 0:60:00]",
            "[%clk 0:004:59]",
            "[%clk -1:04:59]",
            "[%clk 1234567890:00:00]",
            "[%clk 0:04:59 x]",
            "%clk 0:04:59]",
        ] {
            assert_eq!(clk(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn clk_command_round_trips_through_the_parser() {
        for millis in [0, 900, 59_000, 299_000, 3_723_400, 360_000_000] {
            let d = Duration::from_millis(millis);
            assert_eq!(clk(&clk_command(d)), Some(d));
        }
        assert_eq!(
            clk(&clk_command(Duration::from_millis(1_999))),
            Some(Duration::from_millis(1_900))
        );
    }

    #[test]
    fn strip_commands_removes_every_command_and_tidies_spaces() {
        assert_eq!(strip_commands(b"[%clk 0:04:59]"), "");
        assert_eq!(
            strip_commands(b"[%clk 0:04:59] White offers a draw"),
            "White offers a draw"
        );
        assert_eq!(strip_commands(b"a[%csl Ga4]b"), "a b");
        assert_eq!(strip_commands(b"a [ %clk 0:04:59] b"), "a b");
        assert_eq!(strip_commands(b"keep [this] text"), "keep [this] text");
        assert_eq!(strip_commands(b"cut [%clk 0:0"), "cut");
        assert_eq!(strip_commands(b"\xff ok"), "\u{fffd} ok");
    }
}
