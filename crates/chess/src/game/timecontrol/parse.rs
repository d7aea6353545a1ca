//! Reading time controls from text: the command-line syntax, the PGN tag, a number of seconds
//! and a delay.
//!
//! A small hand-written cursor rather than `f64` parsing: decimals are read exactly (so `0.25`
//! minutes is exactly 15 seconds), `NaN`, `inf` and exponents simply are not numbers, and every
//! sum is checked, so no input can overflow or panic. Errors name the problem and end with an
//! example of what to write.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::{Delay, DelayKind, MAX_DELAY, MAX_PERIODS, Period, TimeControl, TimeControlError};

/// Which text form was being read; it decides the wording and the example of an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextForm {
    /// The command-line syntax, `5+3`.
    CommandLine,
    /// The PGN `TimeControl` tag, `300+3`.
    Pgn,
    /// A number of seconds, `3`.
    Seconds,
    /// A delay, `simple 3`.
    Delay,
}

/// Text that could not be read as a time control, a number of seconds or a delay.
///
/// ```
/// use hotseat_chess::game::timecontrol::TimeControl;
/// let e = "5+".parse::<TimeControl>().unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "\"5+\" is not a time control: missing the increment after '+' \
///      (write minutes+seconds, like 5+3)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTimeControlError {
    input: String,
    form: TextForm,
    error: TimeControlError,
}

/// Inputs longer than this are shortened in error messages.
const SHOWN_INPUT_CHARS: usize = 40;

impl ParseTimeControlError {
    fn new(input: &str, form: TextForm, error: TimeControlError) -> ParseTimeControlError {
        let mut shown: String = input.chars().take(SHOWN_INPUT_CHARS).collect();
        if input.chars().nth(SHOWN_INPUT_CHARS).is_some() {
            shown.push('…');
        }
        ParseTimeControlError {
            input: shown,
            form,
            error,
        }
    }

    /// What was wrong.
    pub fn error(&self) -> &TimeControlError {
        &self.error
    }

    /// Which form was being read.
    pub fn form(&self) -> TextForm {
        self.form
    }

    /// The text (shortened when long).
    pub fn input(&self) -> &str {
        &self.input
    }

    fn example(&self) -> &'static str {
        use TimeControlError::*;
        match (self.form, &self.error) {
            (TextForm::Pgn, _) => {
                "write seconds+increment, like 300+3, or periods, like 40/5400+30:1800+30"
            }
            (TextForm::Seconds, _) => "write whole seconds, like 3",
            (TextForm::Delay, _) => "write simple or bronstein and the seconds, like simple 3",
            (
                TextForm::CommandLine,
                MoveCountMissing | ZeroMoves | TooManyMoves | NotWholeMoves | TooManyPeriods,
            ) => "write moves/minutes+seconds periods, like 40/90+30,30+30",
            (TextForm::CommandLine, NotWholeSeconds) => {
                "write minutes that make whole seconds, like 0.25 for 15 s, or seconds, like 45s+0"
            }
            (TextForm::CommandLine, DelayTooLarge | DelayWithoutTime) => {
                "write the delay seconds after the control, like 5+0d3"
            }
            (TextForm::CommandLine, _) => "write minutes+seconds, like 5+3",
        }
    }
}

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.form {
            TextForm::CommandLine => "a time control",
            TextForm::Pgn => "a PGN TimeControl",
            TextForm::Seconds => "a number of seconds",
            TextForm::Delay => "a delay",
        };
        write!(
            f,
            "\"{}\" is not {what}: {} ({})",
            self.input.escape_debug(),
            self.error,
            self.example()
        )
    }
}

impl std::error::Error for ParseTimeControlError {}

/// The command-line syntax; see the [module docs](super).
impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        parse_command_line(s).map_err(|e| ParseTimeControlError::new(s, TextForm::CommandLine, e))
    }
}

impl TimeControl {
    /// Reads a PGN `TimeControl` tag value: `-` (untimed), `300`, `300+3`, `40/5400+30:1800+30`
    /// (seconds). `?` (unknown) and sandclock `*180` are errors the caller may treat as untimed.
    pub fn from_pgn(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        parse_pgn(s).map_err(|e| ParseTimeControlError::new(s, TextForm::Pgn, e))
    }
}

/// Reads a whole number of seconds from 0 to 3600, as for `--delay 3` (an `s` may follow).
///
/// ```
/// use hotseat_chess::game::timecontrol::parse_seconds;
/// assert_eq!(parse_seconds("3").unwrap().as_secs(), 3);
/// assert!(parse_seconds("-3").is_err());
/// ```
pub fn parse_seconds(s: &str) -> Result<Duration, ParseTimeControlError> {
    let read = || {
        let mut c = Cursor::new(s.trim());
        let d = c
            .number("a number of seconds")?
            .seconds(TimeControlError::SecondsTooLarge)?;
        c.eat('s');
        c.end()?;
        if d > MAX_DELAY {
            return Err(TimeControlError::SecondsTooLarge);
        }
        Ok(d)
    };
    read().map_err(|e| ParseTimeControlError::new(s, TextForm::Seconds, e))
}

/// `simple 3`, `us 3` or `bronstein 3` (any case); see [`Delay`].
impl FromStr for Delay {
    type Err = ParseTimeControlError;

    fn from_str(s: &str) -> Result<Delay, ParseTimeControlError> {
        let read = || {
            let t = s.trim();
            let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
            let kind = if word.eq_ignore_ascii_case("simple") || word.eq_ignore_ascii_case("us") {
                DelayKind::Simple
            } else if word.eq_ignore_ascii_case("bronstein") {
                DelayKind::Bronstein
            } else {
                return Err(TimeControlError::Expected {
                    what: "simple or bronstein",
                    found: word.chars().next(),
                });
            };
            let mut c = Cursor::new(rest.trim());
            let amount = c
                .number("the delay seconds")?
                .seconds(TimeControlError::DelayTooLarge)?;
            c.eat('s');
            c.end()?;
            if amount > MAX_DELAY {
                return Err(TimeControlError::DelayTooLarge);
            }
            Ok(Delay { kind, amount })
        };
        read().map_err(|e| ParseTimeControlError::new(s, TextForm::Delay, e))
    }
}

fn parse_command_line(s: &str) -> Result<TimeControl, TimeControlError> {
    let t = s.trim();
    if t.is_empty() {
        return Err(TimeControlError::Empty);
    }
    let mut c = Cursor::new(t);
    let mut periods = Vec::new();
    if !c.eat_word("none") {
        let mut what = "the minutes";
        loop {
            if periods.len() == MAX_PERIODS {
                return Err(TimeControlError::TooManyPeriods);
            }
            periods.push(c.command_line_period(what)?);
            c.skip_ws();
            if !c.eat(',') {
                break;
            }
            what = "the next period after ','";
        }
    }
    c.skip_ws();
    let delay = match c.peek() {
        Some('d' | 'D') => Some((DelayKind::Simple, "the delay seconds after 'd'")),
        Some('b' | 'B') => Some((DelayKind::Bronstein, "the delay seconds after 'b'")),
        _ => None,
    };
    let delay = match delay {
        Some((kind, what)) => {
            c.bump();
            let amount = c.number(what)?.seconds(TimeControlError::DelayTooLarge)?;
            Some((kind, amount))
        }
        None => None,
    };
    c.end()?;
    let tc = if periods.is_empty() {
        TimeControl::untimed()
    } else {
        TimeControl::new(periods)?
    };
    match delay {
        Some((kind, amount)) => tc.with_delay(kind, amount),
        None => Ok(tc),
    }
}

fn parse_pgn(s: &str) -> Result<TimeControl, TimeControlError> {
    let t = s.trim();
    match t {
        "" => return Err(TimeControlError::Empty),
        "-" => return Ok(TimeControl::untimed()),
        "?" => return Err(TimeControlError::Unknown),
        _ if t.starts_with('*') => return Err(TimeControlError::Sandclock),
        _ => {}
    }
    let mut c = Cursor::new(t);
    let mut periods = Vec::new();
    let mut what = "the seconds";
    loop {
        if periods.len() == MAX_PERIODS {
            return Err(TimeControlError::TooManyPeriods);
        }
        periods.push(c.pgn_period(what)?);
        c.skip_ws();
        if !c.eat(':') {
            break;
        }
        what = "the next period after ':'";
    }
    c.end()?;
    TimeControl::new(periods)
}

/// A position in the text being read. It only ever steps over whole characters.
struct Cursor<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str) -> Cursor<'a> {
        Cursor { s, pos: 0 }
    }

    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    fn bump(&mut self) {
        if let Some(c) = self.peek() {
            self.pos += c.len_utf8();
        }
    }

    fn eat(&mut self, c: char) -> bool {
        let hit = self.peek() == Some(c);
        if hit {
            self.bump();
        }
        hit
    }

    /// Steps over `word` (any case) if the text continues with it.
    fn eat_word(&mut self, word: &str) -> bool {
        let rest = &self.s[self.pos..];
        let hit = rest
            .get(..word.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(word));
        if hit {
            self.pos += word.len();
        }
        hit
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Fails on anything but the end (after spaces).
    fn end(&mut self) -> Result<(), TimeControlError> {
        self.skip_ws();
        match self.peek() {
            None => Ok(()),
            Some(c) => Err(TimeControlError::Unexpected(c)),
        }
    }

    fn digits(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        &self.s[start..self.pos]
    }

    /// An unsigned decimal, `12` or `0.25`; `what` names it in the error when there is none.
    fn number(&mut self, what: &'static str) -> Result<Decimal<'a>, TimeControlError> {
        self.skip_ws();
        match self.peek() {
            Some('-') => return Err(TimeControlError::Negative),
            Some(c) if c.is_ascii_digit() => {}
            found => return Err(TimeControlError::Expected { what, found }),
        }
        let int = self.digits();
        let mut frac = "";
        if self.eat('.') {
            frac = self.digits();
            if frac.is_empty() {
                return Err(TimeControlError::Expected {
                    what: "digits after '.'",
                    found: self.peek(),
                });
            }
        }
        Ok(Decimal { int, frac })
    }

    /// `[moves/]minutes[s|m][+seconds]`.
    fn command_line_period(&mut self, what: &'static str) -> Result<Period, TimeControlError> {
        let first = self.number(what)?;
        self.skip_ws();
        let (moves, base) = if self.eat('/') {
            (Some(first.moves()?), self.number("the minutes after '/'")?)
        } else {
            (None, first)
        };
        let scale = if self.eat('s') || self.eat('S') {
            1
        } else {
            let _ = self.eat('m') || self.eat('M');
            60
        };
        let time = base.scaled(scale, TimeControlError::TooMuchTime)?;
        self.skip_ws();
        let increment = if self.eat('+') {
            self.number("the increment after '+'")?
                .seconds(TimeControlError::IncrementTooLarge)?
        } else {
            Duration::ZERO
        };
        Ok(Period::new(moves, time, increment))
    }

    /// `[moves/]seconds[+seconds]`.
    fn pgn_period(&mut self, what: &'static str) -> Result<Period, TimeControlError> {
        let first = self.number(what)?;
        self.skip_ws();
        let (moves, base) = if self.eat('/') {
            (Some(first.moves()?), self.number("the seconds after '/'")?)
        } else {
            (None, first)
        };
        let time = base.seconds(TimeControlError::TooMuchTime)?;
        self.skip_ws();
        let increment = if self.eat('+') {
            self.number("the increment after '+'")?
                .seconds(TimeControlError::IncrementTooLarge)?
        } else {
            Duration::ZERO
        };
        Ok(Period::new(moves, time, increment))
    }
}

/// The digits of a decimal number, not yet converted.
struct Decimal<'a> {
    int: &'a str,
    frac: &'a str,
}

impl Decimal<'_> {
    /// The integer part, or `None` if it does not fit in a `u64`.
    fn int(&self) -> Option<u64> {
        self.int.bytes().try_fold(0u64, |acc, b| {
            acc.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        })
    }

    /// The value times `scale` (1 for seconds, 60 for minutes), as whole seconds. `too_large`
    /// is the error for values beyond `u64`; the caller checks the real limits.
    fn scaled(
        &self,
        scale: u64,
        too_large: TimeControlError,
    ) -> Result<Duration, TimeControlError> {
        let frac = self.frac.trim_end_matches('0');
        // With `scale` dividing 60, more than two decimals never make a whole number.
        if frac.len() > 2 {
            return Err(TimeControlError::NotWholeSeconds);
        }
        let (f, den) = match frac.len() {
            0 => (0, 1),
            1 => (u64::from(frac.as_bytes()[0] - b'0'), 10),
            _ => (frac.parse::<u64>().unwrap_or(0), 100),
        };
        if !(f * scale).is_multiple_of(den) {
            return Err(TimeControlError::NotWholeSeconds);
        }
        let secs = self
            .int()
            .and_then(|i| i.checked_mul(scale))
            .and_then(|s| s.checked_add(f * scale / den))
            .ok_or(too_large)?;
        Ok(Duration::from_secs(secs))
    }

    fn seconds(&self, too_large: TimeControlError) -> Result<Duration, TimeControlError> {
        self.scaled(1, too_large)
    }

    fn moves(&self) -> Result<u32, TimeControlError> {
        if !self.frac.trim_end_matches('0').is_empty() {
            return Err(TimeControlError::NotWholeMoves);
        }
        self.int()
            .and_then(|m| u32::try_from(m).ok())
            .ok_or(TimeControlError::TooManyMoves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::timecontrol::{MAX_INCREMENT, MAX_PERIOD_TIME};
    use proptest::prelude::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    fn err(s: &str) -> String {
        match s.parse::<TimeControl>() {
            Ok(t) => panic!("{s:?} parsed as {t:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn minutes_plus_seconds() {
        assert_eq!(tc("5+3"), TimeControl::fischer(secs(300), secs(3)).unwrap());
        assert_eq!(tc("5"), TimeControl::fischer(secs(300), secs(0)).unwrap());
        assert_eq!(tc(" 5 + 3 "), tc("5+3"));
        assert_eq!(tc("none"), TimeControl::untimed());
        assert_eq!(tc("NONE"), TimeControl::untimed());
    }

    #[test]
    fn fractional_minutes_are_exact() {
        assert_eq!(tc("0.5+0").initial_time(), Some(secs(30)));
        assert_eq!(tc("0.25+2").initial_time(), Some(secs(15)));
        assert_eq!(tc("1.50+0").initial_time(), Some(secs(90)));
        assert_eq!(tc("0.05").initial_time(), Some(secs(3)));
        assert_eq!(tc("45s+0").initial_time(), Some(secs(45)));
        assert_eq!(tc("5m+3"), tc("5+3"));
    }

    #[test]
    fn multi_period_with_move_counts() {
        let t = tc("40/90+30,30+30");
        assert_eq!(
            t.periods(),
            [
                Period::new(Some(40), secs(5400), secs(30)),
                Period::new(None, secs(1800), secs(30)),
            ]
        );
        assert_eq!(tc("40/90+30, 30+30"), t);
    }

    #[test]
    fn delay_suffix() {
        let t = tc("5+0d3");
        assert_eq!(
            t.delay(),
            Some(Delay {
                kind: DelayKind::Simple,
                amount: secs(3)
            })
        );
        assert_eq!(
            tc("5 b2").delay().map(|d| d.kind),
            Some(DelayKind::Bronstein)
        );
    }

    #[test]
    fn missing_increment_is_reported_with_an_example() {
        assert_eq!(
            err("5+"),
            "\"5+\" is not a time control: missing the increment after '+' \
             (write minutes+seconds, like 5+3)"
        );
    }

    #[test]
    fn negative_time_is_rejected() {
        assert_eq!(
            err("-1+0"),
            "\"-1+0\" is not a time control: times and move counts can't be negative \
             (write minutes+seconds, like 5+3)"
        );
        assert!(err("5+-3").contains("can't be negative"));
    }

    #[test]
    fn words_are_not_numbers() {
        assert_eq!(
            err("abc"),
            "\"abc\" is not a time control: expected the minutes, found 'a' \
             (write minutes+seconds, like 5+3)"
        );
        assert!(err("NaN").contains("expected the minutes, found 'N'"));
        assert!(err("inf+0").contains("found 'i'"));
        assert!(err("1e3").contains("unexpected 'e'"));
        assert!(err("").contains("it is empty"));
    }

    #[test]
    fn zero_time_is_rejected() {
        assert_eq!(
            err("0+0"),
            "\"0+0\" is not a time control: the first period gives no time to start with \
             (write minutes+seconds, like 5+3)"
        );
        assert!(err("0+3").contains("no time to start with"));
    }

    #[test]
    fn absurd_sizes_are_rejected() {
        assert!(err("1441+0").contains("at most 24 hours"));
        assert_eq!(tc("1440+0").initial_time(), Some(MAX_PERIOD_TIME));
        assert!(err("5+3601").contains("increment can be at most 1 hour"));
        assert_eq!(tc("5+3600").periods()[0].increment, MAX_INCREMENT);
        assert!(err("1001/90,30").contains("at most 1000 moves"));
        assert!(err("99999999999999999999999+0").contains("at most 24 hours"));
        assert!(err("5+99999999999999999999999").contains("at most 1 hour"));
        assert!(err("99999999999/90,30").contains("at most 1000 moves"));
        assert!(err("5d3601").contains("delay can be at most 1 hour"));
        assert!(err("1,1,1,1,1,1,1,1,1").contains("at most 8 periods"));
    }

    #[test]
    fn periods_need_move_counts_except_the_last() {
        assert_eq!(
            err("90+30,30+30"),
            "\"90+30,30+30\" is not a time control: every period but the last needs a move \
             count (write moves/minutes+seconds periods, like 40/90+30,30+30)"
        );
        assert!(err("0/90,30").contains("at least 1 move"));
        assert!(err("40.5/90,30").contains("whole number"));
        assert!(err("40/90+30,").contains("missing the next period after ','"));
        assert!(err("40/").contains("missing the minutes after '/'"));
    }

    #[test]
    fn fractions_must_make_whole_seconds() {
        assert!(err("0.01+0").contains("whole number of seconds"));
        assert!(err("0.125+0").contains("whole number of seconds"));
        assert!(err("5+0.5").contains("whole number of seconds"));
        assert!(err("5.+0").contains("expected digits after '.', found '+'"));
        assert!(err("5.").contains("missing digits after '.'"));
    }

    #[test]
    fn delay_on_untimed_or_stray_text_is_rejected() {
        assert!(err("none d3").contains("an untimed game can't have a delay"));
        assert_eq!(tc("none d0"), TimeControl::untimed());
        assert!(err("nonesuch").contains("unexpected 's'"));
        assert!(err("5+3 x").contains("unexpected 'x'"));
        assert!(err("5d").contains("missing the delay seconds after 'd'"));
    }

    #[test]
    fn long_inputs_are_shortened_in_messages() {
        let e = err(&"x".repeat(100));
        assert!(e.starts_with(&format!("\"{}…\"", "x".repeat(40))), "{e}");
    }

    #[test]
    fn pgn_forms() {
        let p = |s| TimeControl::from_pgn(s).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p("-"), TimeControl::untimed());
        assert_eq!(p("300"), tc("5"));
        assert_eq!(p("300+3"), tc("5+3"));
        assert_eq!(p("40/5400+30:1800+30"), tc("40/90+30,30+30"));
        assert_eq!(p("40/7200").describe(), "40 moves in 120+0, repeating");
    }

    #[test]
    fn pgn_errors() {
        let e = |s| TimeControl::from_pgn(s).unwrap_err();
        assert_eq!(e("?").error(), &TimeControlError::Unknown);
        assert_eq!(e("*180").error(), &TimeControlError::Sandclock);
        assert_eq!(
            e("300+").to_string(),
            "\"300+\" is not a PGN TimeControl: missing the increment after '+' \
             (write seconds+increment, like 300+3, or periods, like 40/5400+30:1800+30)"
        );
        assert_eq!(e("300.5").error(), &TimeControlError::NotWholeSeconds);
        assert_eq!(e("0").error(), &TimeControlError::NoTime);
        assert_eq!(e("86401").error(), &TimeControlError::TooMuchTime);
    }

    #[test]
    fn seconds_values() {
        assert_eq!(parse_seconds("3"), Ok(secs(3)));
        assert_eq!(parse_seconds(" 3s "), Ok(secs(3)));
        assert_eq!(parse_seconds("0"), Ok(secs(0)));
        assert_eq!(
            parse_seconds("x").unwrap_err().to_string(),
            "\"x\" is not a number of seconds: expected a number of seconds, found 'x' \
             (write whole seconds, like 3)"
        );
        assert!(parse_seconds("3601").is_err());
        assert!(parse_seconds("1.5").is_err());
        assert!(parse_seconds("-1").is_err());
        assert!(parse_seconds("").is_err());
    }

    #[test]
    fn delay_text_form() {
        let d: Delay = "US 5".parse().unwrap();
        assert_eq!(d.kind, DelayKind::Simple);
        assert_eq!(d.to_string(), "simple 5");
        assert!(
            "fischer 5"
                .parse::<Delay>()
                .unwrap_err()
                .to_string()
                .contains("expected simple or bronstein, found 'f'")
        );
        assert!("bronstein".parse::<Delay>().is_err());
        assert!("bronstein 3601".parse::<Delay>().is_err());
    }

    fn arb_control() -> impl Strategy<Value = TimeControl> {
        let period = (1u32..=1000, 0u64..=86_400, 0u64..=3600)
            .prop_map(|(m, t, i)| Period::new(Some(m), secs(t), secs(i)));
        let first_time = 1u64..=86_400;
        (
            first_time,
            0u64..=3600,
            prop::collection::vec(period, 0..4),
            prop::option::of(1u32..=1000),
            prop::option::of((prop::bool::ANY, 1u64..=3600)),
        )
            .prop_map(|(t, i, mut rest, last_moves, delay)| {
                let mut periods = vec![Period::new(Some(1), secs(t), secs(i))];
                periods.append(&mut rest);
                let n = periods.len();
                periods[n - 1].moves = last_moves;
                let tc = TimeControl::new(periods).unwrap();
                match delay {
                    Some((simple, d)) => {
                        let kind = if simple {
                            DelayKind::Simple
                        } else {
                            DelayKind::Bronstein
                        };
                        tc.with_delay(kind, secs(d)).unwrap()
                    }
                    None => tc,
                }
            })
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(s in "\\PC*") {
            let _ = s.parse::<TimeControl>().map_err(|e| e.to_string());
            let _ = TimeControl::from_pgn(&s).map_err(|e| e.to_string());
            let _ = parse_seconds(&s).map_err(|e| e.to_string());
            let _ = s.parse::<Delay>().map_err(|e| e.to_string());
        }

        #[test]
        fn time_control_like_text_never_panics(s in "[0-9./+,:smdb -]{0,30}") {
            let _ = s.parse::<TimeControl>().map_err(|e| e.to_string());
            let _ = TimeControl::from_pgn(&s).map_err(|e| e.to_string());
        }

        #[test]
        fn display_round_trips(t in arb_control()) {
            prop_assert_eq!(tc(&t.to_string()), t);
        }

        #[test]
        fn pgn_round_trips_without_the_delay(t in arb_control()) {
            let back = TimeControl::from_pgn(&t.to_pgn()).unwrap();
            prop_assert_eq!(back, t.without_delay());
        }

        #[test]
        fn delay_text_round_trips(simple in prop::bool::ANY, s in 0u64..=3600) {
            let kind = if simple { DelayKind::Simple } else { DelayKind::Bronstein };
            let d = Delay { kind, amount: secs(s) };
            prop_assert_eq!(d.to_string().parse::<Delay>(), Ok(d));
        }
    }
}
