//! Wall-clock time as the files store it: whole seconds since the Unix epoch (UTC), and the calendar
//! readings the files and the UI need, by `jiff`: in UTC where the files need a fixed form (file
//! names), and in the player's own time zone where a person reads them (a record's date, the
//! history's times): a game played at 7 in the morning in Beijing is of that day, not the day before.

use std::time::{SystemTime, UNIX_EPOCH};

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

/// Seconds since 1970-01-01 00:00:00 UTC. A clock set before 1970 reads as 0 rather than failing.
pub fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Milliseconds since the epoch: a game's start time and identity.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

fn timestamp(secs: u64) -> Timestamp {
    i64::try_from(secs)
        .ok()
        .and_then(|s| Timestamp::from_second(s).ok())
        .unwrap_or(Timestamp::MAX)
}

/// A moment as a clock on the wall shows it in some time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalTime {
    pub year: i16,
    /// 1..=12.
    pub month: i8,
    pub day: i8,
    pub hour: i8,
    pub minute: i8,
}

/// `secs` in the system's time zone (the `TZ` variable, else `/etc/localtime`; UTC when neither is
/// known).
pub fn local_time(secs: u64) -> LocalTime {
    local_time_in(secs, &TimeZone::system())
}

/// `secs` in the time zone `zone`.
pub fn local_time_in(secs: u64, zone: &TimeZone) -> LocalTime {
    let at = timestamp(secs).to_zoned_datetime(zone.clone());
    LocalTime {
        year: at.year(),
        month: at.month(),
        day: at.day(),
        hour: at.hour(),
        minute: at.minute(),
    }
}

/// `2026-11-21`, the day in the system's time zone: the SGF `DT` format and what the history and the
/// hall of fame show.
pub fn date(secs: u64) -> String {
    date_in(secs, &TimeZone::system())
}

/// `2026-11-21` in the time zone `zone`.
pub fn date_in(secs: u64, zone: &TimeZone) -> String {
    let t = local_time_in(secs, zone);
    format!("{:04}-{:02}-{:02}", t.year, t.month, t.day)
}

/// `2026-11-21 21:09`, in the system's time zone, for lists where several games a day are common.
pub fn date_time(secs: u64) -> String {
    date_time_in(secs, &TimeZone::system())
}

/// `2026-11-21 21:09` in the time zone `zone`.
pub fn date_time_in(secs: u64, zone: &TimeZone) -> String {
    let t = local_time_in(secs, zone);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        t.year, t.month, t.day, t.hour, t.minute
    )
}

/// `20261121T210908Z`, in UTC: sorts by time and is safe in a file name on every platform.
pub fn stamp(secs: u64) -> String {
    timestamp(secs).strftime("%Y%m%dT%H%M%SZ").to_string()
}

/// Reads an SGF `DT` value's first date (`2026-11-21`, or `2026-11-21,22`) as midnight UTC.
pub fn parse_date(text: &str) -> Option<u64> {
    let first = text.trim().get(..10)?;
    let day: Date = first.parse().ok()?;
    let midnight = day
        .to_zoned_datetime(TimeZone::UTC)
        .ok()?
        .timestamp()
        .as_second();
    u64::try_from(midnight).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_dates() {
        let utc = TimeZone::UTC;
        assert_eq!(date_in(0, &utc), "1970-01-01");
        // 2026-11-21 21:09:08 UTC.
        assert_eq!(stamp(1_795_295_348), "20261121T210908Z");
        assert_eq!(date_time_in(1_795_295_348, &utc), "2026-11-21 21:09");
        assert_eq!(date_in(951_782_400, &utc), "2000-02-29");
    }

    #[test]
    fn a_player_in_beijing_sees_the_day_and_hour_of_beijing() {
        let beijing = TimeZone::get("Asia/Shanghai").expect("the time zone database");
        // 2026-11-21 21:09 UTC is 05:09 on the 22nd in Beijing.
        assert_eq!(date_time_in(1_795_295_348, &beijing), "2026-11-22 05:09");
        assert_eq!(date_in(1_795_295_348, &beijing), "2026-11-22");
        let t = local_time_in(1_795_295_348, &beijing);
        assert_eq!(
            (t.year, t.month, t.day, t.hour, t.minute),
            (2026, 11, 22, 5, 9)
        );
    }

    #[test]
    fn bad_dates_are_not_read() {
        assert_eq!(parse_date("2026-13-01"), None);
        assert_eq!(parse_date("2026-02-30"), None);
        assert_eq!(parse_date("soon"), None);
        assert_eq!(parse_date("2026-11-21,22"), parse_date("2026-11-21"));
    }

    proptest! {
        #[test]
        fn dates_round_trip(days in 0u64..200_000) {
            let secs = days * 86_400;
            prop_assert_eq!(parse_date(&date_in(secs, &TimeZone::UTC)), Some(secs));
        }
    }
}
