//! The `offset` normalization of the wire contract.

/// Normalizes a source offset to the canonical 1-based start line.
///
/// Negative offsets count from the end of the file and have no 1-based equivalent, so they
/// are dropped (`None`); `0` means "from the start" and becomes `1`; positive values are
/// kept (a value beyond `u64::MAX`, which no file has, is dropped too). Accepts every
/// primitive integer type.
///
/// ```
/// use toolmeta::normalize_offset;
/// assert_eq!(normalize_offset(0_i64), Some(1));
/// assert_eq!(normalize_offset(-5_i32), None);
/// assert_eq!(normalize_offset(42_u16), Some(42));
/// ```
pub fn normalize_offset<T: TryInto<i128>>(offset: T) -> Option<u64> {
    let offset: i128 = offset.try_into().ok()?;
    match offset {
        i128::MIN..=-1 => None,
        0 => Some(1),
        n => u64::try_from(n).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::normalize_offset;

    macro_rules! for_every_integer_type {
        ($check:ident) => {
            $check!(
                i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
            );
        };
    }

    #[test]
    fn zero_becomes_one_and_positives_are_kept_for_every_integer_type() {
        macro_rules! check {
            ($($t:ty),*) => {$(
                assert_eq!(normalize_offset(0 as $t), Some(1), stringify!($t));
                assert_eq!(normalize_offset(1 as $t), Some(1), stringify!($t));
                assert_eq!(normalize_offset(42 as $t), Some(42), stringify!($t));
                assert_eq!(normalize_offset(<$t>::MAX).map(u128::from), u64::try_from(<$t>::MAX).ok().map(u128::from), stringify!($t));
            )*};
        }
        for_every_integer_type!(check);
    }

    #[test]
    fn negatives_are_dropped_for_every_signed_type() {
        macro_rules! check {
            ($($t:ty),*) => {$(
                assert_eq!(normalize_offset(-1 as $t), None, stringify!($t));
                assert_eq!(normalize_offset(-5 as $t), None, stringify!($t));
                assert_eq!(normalize_offset(<$t>::MIN), None, stringify!($t));
            )*};
        }
        check!(i8, i16, i32, i64, i128, isize);
    }

    #[test]
    fn extremes_beyond_u64_are_dropped() {
        assert_eq!(normalize_offset(u64::MAX), Some(u64::MAX));
        assert_eq!(normalize_offset(i64::MAX), Some(i64::MAX as u64));
        assert_eq!(normalize_offset(u128::from(u64::MAX) + 1), None);
        assert_eq!(normalize_offset(u128::MAX), None);
        assert_eq!(normalize_offset(i128::MAX), None);
        assert_eq!(normalize_offset(i128::MIN), None);
        assert_eq!(normalize_offset(u8::MIN), Some(1));
    }
}
