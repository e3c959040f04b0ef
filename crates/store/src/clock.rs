//! Wall-clock time as the files store it: whole seconds since the Unix epoch (UTC), and the few
//! calendar renderings the files and the UI need, without pulling in a date library.

use std::time::{SystemTime, UNIX_EPOCH};

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

/// (year, month 1..=12, day 1..=31) of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// Days since 1970-01-01 of a calendar date (inverse of [`civil_from_days`]).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// `2026-11-21`: the SGF `DT` format and what the history and hall of fame show.
pub fn date(secs: u64) -> String {
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `2026-11-21 21:09 UTC`, for lists where several games a day are common.
pub fn date_time(secs: u64) -> String {
    let rem = secs % 86_400;
    format!(
        "{} {:02}:{:02} UTC",
        date(secs),
        rem / 3600,
        rem % 3600 / 60
    )
}

/// `20261121T210908Z`: sorts by time and is safe in a file name on every platform.
pub fn stamp(secs: u64) -> String {
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let rem = secs % 86_400;
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Reads an SGF `DT` value's first date (`2026-11-21`, or `2026-11-21,22`) as midnight UTC.
pub fn parse_date(text: &str) -> Option<u64> {
    let first = text.trim().get(..10)?;
    let mut parts = first.split('-');
    let y: i64 = parts.next()?.parse().ok()?;
    let m: u32 = parts.next()?.parse().ok()?;
    let d: u32 = parts.next()?.parse().ok()?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || y < 1970 {
        return None;
    }
    u64::try_from(days_from_civil(y, m, d) * 86_400).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_dates() {
        assert_eq!(date(0), "1970-01-01");
        // 2026-11-21 21:09:08 UTC.
        assert_eq!(stamp(1_795_295_348), "20261121T210908Z");
        assert_eq!(date_time(1_795_295_348), "2026-11-21 21:09 UTC");
        assert_eq!(date(951_782_400), "2000-02-29");
    }

    proptest! {
        #[test]
        fn dates_round_trip(days in 0u64..200_000) {
            let secs = days * 86_400;
            prop_assert_eq!(parse_date(&date(secs)), Some(secs));
        }
    }
}
