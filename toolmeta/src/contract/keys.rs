//! The canonical input keys: the shared vocabulary of the projection.
//!
//! Every projected value goes under one of these keys (or under a harness-specific
//! `extra` key), so that `read_file`'s `target_file` and Claude Code's `file_path` both
//! arrive as `path`.

/// The public half of the key table: the constants, [`CANONICAL`] and [`key_type`].
macro_rules! canonical_keys {
    ($( $(#[$doc:meta])* $name:ident { key: $key:literal, carries: $ty:ident, $($more:tt)* } )*) => {
        $($(#[$doc])* pub const $name: &str = $key;)*

        /// Every canonical key, in the order of the wire contract.
        pub const CANONICAL: &[&str] = &[$($name),*];

        /// The type a canonical key carries; `None` for a key that is not canonical (so
        /// `key_type(key).is_some()` says whether `key` is canonical).
        pub fn key_type(key: &str) -> Option<KeyType> {
            match key {
                $($key => Some(KeyType::$ty),)*
                _ => None,
            }
        }
    };
}

super::shared::keys::key_table!(canonical_keys);

/// What values a canonical key carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KeyType {
    /// A string naming a path (`path`, `directory`, `cwd`).
    Path,
    /// A string (`command`, `description`, `pattern`, `url`, `query`).
    Text,
    /// An integer (`offset`, `limit`).
    Integer,
}
