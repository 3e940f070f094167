//! Reading a persisted line's `timestamp`: Unix time as a number (seconds, milliseconds,
//! microseconds or nanoseconds, told apart by magnitude) or an RFC 3339 string.

use std::borrow::Cow;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::fields::Tolerant;

/// A point in time a line carried.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Timestamp(pub(crate) SystemTime);

/// How many units of a Unix time make a second: the unit that puts it between 1973 and
/// 5138 (below 1e11 it is seconds: 1e11 s is the year 5138, 1e11 ms is 1973).
fn units_per_second(value: f64) -> u64 {
    match value {
        _ if value < 1e11 => 1,
        _ if value < 1e14 => 1_000,
        _ if value < 1e17 => 1_000_000,
        _ => 1_000_000_000,
    }
}

impl Tolerant<'_> for Timestamp {
    /// An integer Unix time, read exactly (no float rounding) in the unit of
    /// [`units_per_second`].
    fn from_u64(value: u64) -> Option<Self> {
        let since_epoch = match units_per_second(value as f64) {
            1 => Duration::from_secs(value),
            1_000 => Duration::from_millis(value),
            1_000_000 => Duration::from_micros(value),
            _ => Duration::from_nanos(value),
        };
        UNIX_EPOCH.checked_add(since_epoch).map(Timestamp)
    }

    /// A Unix time in the unit of [`units_per_second`]. Negative and non-finite times read
    /// as none.
    fn from_f64(value: f64) -> Option<Self> {
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        let seconds = value / units_per_second(value) as f64;
        let since_epoch = Duration::try_from_secs_f64(seconds).ok()?;
        UNIX_EPOCH.checked_add(since_epoch).map(Timestamp)
    }

    fn from_str(value: Cow<'_, str>) -> Option<Self> {
        rfc3339(&value).map(Timestamp)
    }
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (`t`, `z` and a space as the separator are
/// accepted too); anything else reads as none.
fn rfc3339(text: &str) -> Option<SystemTime> {
    let bytes = text.as_bytes();
    let number = |range: std::ops::Range<usize>| -> Option<u32> {
        let digits = bytes.get(range)?;
        digits.iter().try_fold(0u32, |value, &digit| {
            digit
                .is_ascii_digit()
                .then(|| value * 10 + u32::from(digit - b'0'))
        })
    };
    let separators = [(4, b'-'), (7, b'-'), (13, b':'), (16, b':')];
    if separators
        .iter()
        .any(|&(at, byte)| bytes.get(at) != Some(&byte))
        || !matches!(bytes.get(10), Some(b'T' | b't' | b' '))
    {
        return None;
    }
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    if !(1..=12).contains(&month)
        || day == 0
        || day > days_in_month(year, month)
        || hour > 23
        || minute > 59
        || second > 60
    {
        return None;
    }
    let mut at = 19;
    let mut nanos = 0u32;
    if bytes.get(at) == Some(&b'.') {
        let digits = bytes[at + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return None;
        }
        // Nanoseconds: the first nine digits, right-padded.
        let kept = digits.min(9);
        nanos = number(at + 1..at + 1 + kept)? * 10u32.pow(9 - kept as u32);
        at += 1 + digits;
    }
    let offset_seconds: i64 = match bytes.get(at..)? {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let (hours, minutes) = (number(at + 1..at + 3)?, number(at + 4..at + 6)?);
            if hours > 23 || minutes > 59 {
                return None;
            }
            let offset = i64::from(hours * 3600 + minutes * 60);
            if *sign == b'+' { offset } else { -offset }
        }
        _ => return None,
    };
    // A leap second reads as the last second of its minute.
    let second = second.min(59);
    let days = days_from_civil(i64::from(year), month, day);
    let seconds = days * 86_400 + i64::from(hour * 3600 + minute * 60 + second) - offset_seconds;
    let (whole, at) = (
        Duration::from_secs(seconds.unsigned_abs()),
        UNIX_EPOCH + Duration::from_nanos(u64::from(nanos)),
    );
    if seconds >= 0 {
        at.checked_add(whole)
    } else {
        at.checked_sub(whole)
    }
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month = i64::from(month);
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unix(seconds: u64, nanos: u32) -> SystemTime {
        UNIX_EPOCH + Duration::new(seconds, nanos)
    }

    #[test]
    fn numbers_are_read_in_the_unit_their_magnitude_says() {
        // 2026-09-29T12:16:32Z in each unit.
        let at = Some(Timestamp(unix(1_790_684_192, 0)));
        assert_eq!(Timestamp::from_u64(1_790_684_192), at);
        assert_eq!(Timestamp::from_u64(1_790_684_192_000), at);
        assert_eq!(Timestamp::from_u64(1_790_684_192_000_000), at);
        assert_eq!(Timestamp::from_u64(1_790_684_192_000_000_000), at);
        assert_eq!(
            Timestamp::from_f64(1_790_684_192.5),
            Some(Timestamp(unix(1_790_684_192, 500_000_000)))
        );
        assert_eq!(Timestamp::from_u64(1), Some(Timestamp(unix(1, 0))));
        assert_eq!(Timestamp::from_f64(-1.0), None);
        assert_eq!(Timestamp::from_f64(f64::NAN), None);
    }

    #[test]
    fn rfc3339_strings_are_read_with_their_offset() {
        // `date -u -d 2026-09-29T12:16:32Z +%s` is 1790684192.
        assert_eq!(
            rfc3339("2026-09-29T12:16:32Z"),
            Some(unix(1_790_684_192, 0))
        );
        assert_eq!(
            rfc3339("2026-09-29T14:16:32.25+02:00"),
            Some(unix(1_790_684_192, 250_000_000))
        );
        assert_eq!(
            rfc3339("2026-09-29 07:16:32.123456789123-05:00"),
            Some(unix(1_790_684_192, 123_456_789))
        );
        assert_eq!(rfc3339("1970-01-01T00:00:00Z"), Some(UNIX_EPOCH));
        assert_eq!(
            rfc3339("2024-02-29T00:00:00Z"),
            Some(unix(1_709_164_800, 0))
        );
        assert_eq!(
            rfc3339("1969-12-31T23:59:59Z"),
            UNIX_EPOCH.checked_sub(Duration::from_secs(1))
        );
        for wrong in [
            "2026-09-29",
            "2026-09-29T12:16:32",
            "2026-13-01T00:00:00Z",
            "2025-02-29T00:00:00Z",
            "2026-09-29T24:00:00Z",
            "2026-09-29T12:16:32.Z",
            "2026-09-29T12:16:32+2:00",
            "2026-09-29T12:16:32Zjunk",
            "yesterday",
            "",
        ] {
            assert_eq!(rfc3339(wrong), None, "{wrong}");
        }
    }
}
