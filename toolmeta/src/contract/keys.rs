//! The canonical input keys: the shared vocabulary of the projection.
//!
//! Every projected value goes under one of these keys (or under a harness-specific
//! `extra` key), so that `read_file`'s `target_file` and Claude Code's `file_path` both
//! arrive as `path`.

/// The table of canonical keys, one row each: the constant, its doc, the key, its type.
/// Adding a key is a row here (and its trait in `__private`, and its row in the derive's
/// table; `tests/contract_sync.rs` compares them).
macro_rules! canonical_keys {
    ($($(#[$doc:meta])* $name:ident = $key:literal: $ty:ident;)*) => {
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

canonical_keys! {
    /// A file or directory path, exactly as the tool was given it (never resolved).
    PATH = "path": Path;
    /// A 1-based start line (see [`normalize_offset`](crate::normalize_offset)).
    OFFSET = "offset": Integer;
    /// A maximum number of lines or entries.
    LIMIT = "limit": Integer;
    /// A shell command line.
    COMMAND = "command": Text;
    /// A human-readable description of what a command does.
    DESCRIPTION = "description": Text;
    /// The working directory of a command.
    CWD = "cwd": Path;
    /// The directory a listing is of.
    DIRECTORY = "directory": Path;
    /// A search pattern (regex or glob).
    PATTERN = "pattern": Text;
    /// A URL to fetch (toolmeta's additive key).
    URL = "url": Text;
    /// A web search query (toolmeta's additive key).
    QUERY = "query": Text;
}

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
