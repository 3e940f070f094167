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
