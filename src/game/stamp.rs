//! Dates and times for tags and file names, from a moment the caller passes in.
//!
//! hotseat has no date crate, and needs only a few fixed formats: `2026-11-21T20:14:00Z` for
//! the `HotseatStarted`/`HotseatSaved` tags, `2026.11.21` for the PGN `Date` tag and
//! `2026-11-21` for file names. All of them are UTC: the local time zone would need the
//! system's time-zone database, and a UTC stamp is unambiguous when a saved game travels.
//! The conversion is Howard Hinnant's `civil_from_days`, exact over the proleptic Gregorian
//! calendar. Nothing here reads the clock: the app passes `SystemTime::now()` in.

use std::time::{SystemTime, UNIX_EPOCH};

/// A moment in UTC, to the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct UtcStamp {
    pub year: i64,
    pub month: u8,
    pub day: u8,
    pub hour: u8,
    pub minute: u8,
    pub second: u8,
}

impl UtcStamp {
    /// The moment `secs` seconds after 1970-01-01 00:00:00 UTC.
    ///
    /// ```
    /// use hotseat::store::UtcStamp;
    /// let t = UtcStamp::from_unix(1_795_292_040);
    /// assert_eq!(t.rfc3339(), "2026-11-21T20:14:00Z");
    /// assert_eq!(t.pgn_date(), "2026.11.21");
    /// ```
    pub fn from_unix(secs: i64) -> UtcStamp {
        let days = secs.div_euclid(86_400);
        let rest = secs.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        UtcStamp {
            year,
            month,
            day,
            hour: (rest / 3600) as u8,
            minute: (rest % 3600 / 60) as u8,
            second: (rest % 60) as u8,
        }
    }

    /// The moment `t`, clamped to the Unix epoch if it is earlier.
    pub fn from_system_time(t: SystemTime) -> UtcStamp {
        let secs = t
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        UtcStamp::from_unix(secs)
    }

    /// `2026-11-21T20:14:00Z`.
    pub fn rfc3339(&self) -> String {
        format!(
            "{}T{:02}:{:02}:{:02}Z",
            self.date(),
            self.hour,
            self.minute,
            self.second
        )
    }

    /// `2026-11-21`.
    pub fn date(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `2026.11.21`, for the PGN `Date` tag.
    pub fn pgn_date(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }

    /// `2026-11-21-2014`: a date for file names that still sorts games of one day.
    pub fn file_stamp(&self) -> String {
        format!("{}-{:02}{:02}", self.date(), self.hour, self.minute)
    }
}

/// Year, month, day of the day `days` after 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `2026-11-21 20:14` from a stamp such as `2026-11-21T20:14:00Z`, with ` UTC` when it says
/// so; any other text is returned as it is (it may have been written by hand).
pub(crate) fn readable(stamp: &str) -> String {
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
        assert_eq!(UtcStamp::from_unix(0).rfc3339(), "1970-01-01T00:00:00Z");
        // 2024-02-29 12:00:00 UTC.
        assert_eq!(
            UtcStamp::from_unix(1_709_208_000).rfc3339(),
            "2024-02-29T12:00:00Z"
        );
        // 2000-03-01, after a century leap day.
        assert_eq!(UtcStamp::from_unix(951_868_800).date(), "2000-03-01");
        assert_eq!(UtcStamp::from_unix(-1).rfc3339(), "1969-12-31T23:59:59Z");
    }

    #[test]
    fn file_stamp_has_hours_and_minutes() {
        assert_eq!(
            UtcStamp::from_unix(1_795_292_040).file_stamp(),
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
