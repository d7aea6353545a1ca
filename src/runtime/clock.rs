//! The wall clock of a session: the time now, with the players' own offset from UTC, for the
//! dates and start times that saved games carry. Read once at start-up ([`start`](super::start));
//! the app's time after that is a monotonic clock.

use std::time::SystemTime;

use crate::game::stamp::WallClock;

/// The wall clock now, with the local offset from UTC (the system's time zone, or `TZ`): the
/// dates and start times that saved games carry are the players' own. Where the time zone
/// cannot be found, stamps are UTC and say so (as they do in a zone at UTC+00:00). The offset
/// is read once: a session that runs across a change to or from summer time dates its later
/// games an hour off, which is the price of not asking the time zone on every save.
pub fn local_wall_clock() -> WallClock {
    let at = SystemTime::now();
    let utc_offset =
        jiff::Timestamp::try_from(at).map_or(0, |t| local_zone().to_offset(t).seconds());
    WallClock { at, utc_offset }
}

/// The system's time zone. Where `TZ` is unset, `/etc/localtime` is the zone, read as it is:
/// jiff's own lookup would take its name from the link and find it in the zoneinfo database,
/// listing every zone's name first (600 files walked and 160 KiB more resident, for an offset
/// that the file itself gives). Anything else (`TZ` set, no readable file, another system) is
/// jiff's.
fn local_zone() -> jiff::tz::TimeZone {
    let tz_set = std::env::var_os("TZ").is_some();
    zone_from_file(tz_set, || std::fs::read("/etc/localtime"))
        .unwrap_or_else(jiff::tz::TimeZone::system)
}

/// The zone of a TZif file (`/etc/localtime`), when `TZ` does not name another and on a
/// system that has such a file.
fn zone_from_file(
    tz_set: bool,
    read: impl FnOnce() -> std::io::Result<Vec<u8>>,
) -> Option<jiff::tz::TimeZone> {
    if tz_set || !cfg!(unix) {
        return None;
    }
    jiff::tz::TimeZone::tzif("Local", &read().ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A TZif file (version 1) of one zone at a fixed UTC+05:30, "IST".
    fn fixed_zone_file() -> Vec<u8> {
        let mut file = b"TZif".to_vec();
        file.extend([0; 16]); // version 1, reserved
        // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
        for count in [0u32, 0, 0, 0, 1, 4] {
            file.extend(count.to_be_bytes());
        }
        file.extend((5 * 3600 + 1800i32).to_be_bytes()); // the offset
        file.extend([0, 0]); // not summer time, the name at 0
        file.extend(b"IST\0");
        file
    }

    #[test]
    #[cfg(unix)]
    fn the_local_zone_is_read_from_the_file_when_tz_is_unset() {
        let zone = zone_from_file(false, || Ok(fixed_zone_file())).expect("a zone");
        let offset = zone.to_offset(jiff::Timestamp::UNIX_EPOCH);
        assert_eq!(offset.seconds(), 5 * 3600 + 1800);
    }

    #[test]
    fn tz_or_a_missing_or_unreadable_file_leaves_the_zone_to_jiff() {
        assert!(zone_from_file(true, || Ok(fixed_zone_file())).is_none());
        let missing = || Err(std::io::Error::from(std::io::ErrorKind::NotFound));
        assert!(zone_from_file(false, missing).is_none());
        assert!(zone_from_file(false, || Ok(b"not a zone".to_vec())).is_none());
    }
}
