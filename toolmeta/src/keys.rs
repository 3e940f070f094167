//! The canonical input keys: the shared vocabulary of the projection.
//!
//! Every projected value goes under one of these keys (or under a harness-specific
//! `extra` key), so that `read_file`'s `target_file` and Claude Code's `file_path` both
//! arrive as `path`.

/// A file or directory path, exactly as the tool was given it (never resolved).
pub const PATH: &str = "path";
/// A 1-based start line (see [`normalize_offset`](crate::normalize_offset)).
pub const OFFSET: &str = "offset";
/// A maximum number of lines or entries.
pub const LIMIT: &str = "limit";
/// A shell command line.
pub const COMMAND: &str = "command";
/// A human-readable description of what a command does.
pub const DESCRIPTION: &str = "description";
/// The working directory of a command.
pub const CWD: &str = "cwd";
/// The directory a listing is of.
pub const DIRECTORY: &str = "directory";
/// A search pattern (regex or glob).
pub const PATTERN: &str = "pattern";
/// A URL to fetch (toolmeta's additive key).
pub const URL: &str = "url";
/// A web search query (toolmeta's additive key).
pub const QUERY: &str = "query";

/// Every canonical key, in the order of the wire contract.
pub const CANONICAL: &[&str] = &[
    PATH,
    OFFSET,
    LIMIT,
    COMMAND,
    DESCRIPTION,
    CWD,
    DIRECTORY,
    PATTERN,
    URL,
    QUERY,
];

/// What values a canonical key carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyType {
    /// A string naming a path (`path`, `directory`, `cwd`).
    Path,
    /// A string (`command`, `description`, `pattern`, `url`, `query`).
    Text,
    /// An integer (`offset`, `limit`).
    Integer,
}

/// Whether `key` is one of the [`CANONICAL`] keys.
pub fn is_canonical(key: &str) -> bool {
    CANONICAL.contains(&key)
}

/// The type a canonical key carries; `None` for a key that is not canonical.
pub fn key_type(key: &str) -> Option<KeyType> {
    match key {
        PATH | DIRECTORY | CWD => Some(KeyType::Path),
        COMMAND | DESCRIPTION | PATTERN | URL | QUERY => Some(KeyType::Text),
        OFFSET | LIMIT => Some(KeyType::Integer),
        _ => None,
    }
}
