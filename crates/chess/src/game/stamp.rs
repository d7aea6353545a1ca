//! Dates and times for tags and file names, from a moment the caller passes in.
//!
//! hotseat needs only a few fixed formats: `2026-11-21T20:14:00+01:00` for the
//! `HotseatStarted`/`HotseatSaved` tags, `2026.11.21` for the PGN `Date` tag and `2026-11-21`
//! for file names. They are in the players' local time, as a chess player writes a game's date
//! and reads "started 20:14", and the tags carry the UTC offset, so the moment is unambiguous
//! when a saved game travels. The offset itself comes from the front end ([`WallClock`]): this
//! module does no time-zone lookups and never reads the clock. The calendar and the RFC 3339
//! text are `jiff`'s.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::tz::Offset;

/// A moment as a wall clock shows it, to the second, with its offset from UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    at: Timestamp,
    /// East of UTC, a whole number of minutes.
    offset: Offset,
}

impl Stamp {
    /// The moment `secs` seconds after 1970-01-01 00:00:00 UTC, in UTC.
    ///
    /// ```
    /// use hotseat_chess::game::stamp::Stamp;
    /// let t = Stamp::from_unix(1_795_292_040);
    /// assert_eq!(t.rfc3339(), "2026-11-21T20:14:00Z");
    /// assert_eq!(t.pgn_date(), "2026.11.21");
    /// ```
    pub fn from_unix(secs: i64) -> Stamp {
        Stamp::local(secs, 0)
    }

    /// The moment `secs` seconds after 1970-01-01 00:00:00 UTC, on a wall clock `utc_offset`
    /// seconds east of UTC. RFC 3339 writes offsets in minutes, so seconds beyond whole minutes
    /// (local mean time of old zone rules) are dropped rather than written wrong.
    ///
    /// ```
    /// use hotseat_chess::game::stamp::Stamp;
    /// // 2026-11-22 01:30 UTC is still the 21st in New York (UTC-05:00).
    /// let t = Stamp::local(1_795_311_000, -5 * 3600);
    /// assert_eq!(t.rfc3339(), "2026-11-21T20:30:00-05:00");
    /// assert_eq!(t.date(), "2026-11-21");
    /// ```
    pub fn local(secs: i64, utc_offset: i32) -> Stamp {
        // Beyond jiff's range (years -9999 to 9999) the moment is clamped to it, and an
        // offset of more than a day (none exists) is taken for UTC.
        let secs = secs.clamp(Timestamp::MIN.as_second(), Timestamp::MAX.as_second());
        Stamp {
            at: Timestamp::from_second(secs).unwrap_or(Timestamp::UNIX_EPOCH),
            offset: Offset::from_seconds(utc_offset / 60 * 60).unwrap_or(Offset::UTC),
        }
    }

    /// The date and time on the wall clock.
    fn civil(&self) -> DateTime {
        self.offset.to_datetime(self.at)
    }

    /// The moment `t` in UTC, clamped to the Unix epoch if it is earlier.
    pub fn from_system_time(t: SystemTime) -> Stamp {
        Stamp::from_unix(unix_seconds(t))
    }

    /// `2026-11-21T20:14:00+01:00`, or `...Z` in UTC.
    pub fn rfc3339(&self) -> String {
        if self.offset == Offset::UTC {
            self.at.to_string()
        } else {
            self.at.display_with_offset(self.offset).to_string()
        }
    }

    /// `2026-11-21`.
    pub fn date(&self) -> String {
        self.civil().strftime("%Y-%m-%d").to_string()
    }

    /// `2026.11.21`, for the PGN `Date` tag.
    pub fn pgn_date(&self) -> String {
        self.civil().strftime("%Y.%m.%d").to_string()
    }

    /// `2026-11-21-2014`: a date for file names that still sorts games of one day.
    pub fn file_stamp(&self) -> String {
        self.civil().strftime("%Y-%m-%d-%H%M").to_string()
    }
}

/// Seconds since the Unix epoch, clamped to 0 before it.
fn unix_seconds(t: SystemTime) -> i64 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The wall clock at app time zero, as the front end read it: the moment, and the local
/// offset from UTC at that moment (`0` when the time zone is unknown: then stamps are UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WallClock {
    pub at: SystemTime,
    pub utc_offset: i32,
}

impl WallClock {
    /// A wall clock that keeps UTC.
    pub const fn utc(at: SystemTime) -> WallClock {
        WallClock { at, utc_offset: 0 }
    }

    /// The local time `after` app time zero.
    ///
    /// ```
    /// use std::time::{Duration, SystemTime};
    /// use hotseat_chess::game::stamp::WallClock;
    /// let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_292_040);
    /// let paris = WallClock { at: start, utc_offset: 3600 };
    /// assert_eq!(paris.stamp(Duration::from_secs(60)).rfc3339(), "2026-11-21T21:15:00+01:00");
    /// ```
    pub fn stamp(&self, after: Duration) -> Stamp {
        Stamp::local(unix_seconds(self.at + after), self.utc_offset)
    }
}

/// `2026-11-21 20:14` from a stamp such as `2026-11-21T20:14:00Z`, with ` UTC` when it says
/// so; any other text is returned as it is (it may have been written by hand).
pub fn readable(stamp: &str) -> String {
    let b = stamp.as_bytes();
    let shaped = b.len() >= 16
        && b[4] == b'-'
        && b[7] == b'-'
        && (b[10] == b'T' || b[10] == b' ')
        && b[13] == b':'
        && stamp.is_char_boundary(16);
    if !shaped {
        return stamp.to_owned();
    }
    let zone = if stamp.ends_with('Z') { " UTC" } else { "" };
    format!("{} {}{zone}", &stamp[..10], &stamp[11..16])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epoch_and_leap_days() {
        assert_eq!(Stamp::from_unix(0).rfc3339(), "1970-01-01T00:00:00Z");
        // 2024-02-29 12:00:00 UTC.
        assert_eq!(
            Stamp::from_unix(1_709_208_000).rfc3339(),
            "2024-02-29T12:00:00Z"
        );
        // 2000-03-01, after a century leap day.
        assert_eq!(Stamp::from_unix(951_868_800).date(), "2000-03-01");
        assert_eq!(Stamp::from_unix(-1).rfc3339(), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn local_stamps_carry_their_offset() {
        // 2026-11-21 20:14:00 UTC.
        let t = 1_795_292_040;
        assert_eq!(
            Stamp::local(t, 5 * 3600 + 30 * 60).rfc3339(),
            "2026-11-22T01:44:00+05:30"
        );
        assert_eq!(Stamp::local(t, 5 * 3600 + 30 * 60).pgn_date(), "2026.11.22");
        assert_eq!(
            Stamp::local(t, -(3 * 3600 + 30 * 60)).rfc3339(),
            "2026-11-21T16:44:00-03:30"
        );
        assert_eq!(Stamp::local(t, 0).rfc3339(), "2026-11-21T20:14:00Z");
        // Offsets are whole minutes: the time and its label agree.
        assert_eq!(Stamp::local(t, -30).rfc3339(), "2026-11-21T20:14:00Z");
        assert_eq!(
            Stamp::local(t, -3661).rfc3339(),
            "2026-11-21T19:13:00-01:01"
        );
        let wall = WallClock {
            at: UNIX_EPOCH + Duration::from_secs(t as u64),
            utc_offset: -8 * 3600,
        };
        assert_eq!(
            wall.stamp(Duration::from_secs(3600)).file_stamp(),
            "2026-11-21-1314"
        );
        assert_eq!(
            readable(&wall.stamp(Duration::ZERO).rfc3339()),
            "2026-11-21 12:14"
        );
    }

    #[test]
    fn file_stamp_has_hours_and_minutes() {
        assert_eq!(
            Stamp::from_unix(1_795_292_040).file_stamp(),
            "2026-11-21-2014"
        );
    }

    #[test]
    fn readable_stamps_drop_seconds() {
        assert_eq!(readable("2026-11-21T20:14:00Z"), "2026-11-21 20:14 UTC");
        assert_eq!(readable("2026-11-21T20:14:00+01:00"), "2026-11-21 20:14");
        assert_eq!(readable("yesterday"), "yesterday");
    }
}
