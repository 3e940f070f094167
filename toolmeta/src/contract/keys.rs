//! The canonical input keys: the shared vocabulary of the projection.
//!
//! Every projected value goes under one of these keys (or under a harness-specific
//! `extra` key), so that `read_file`'s `target_file` and Claude Code's `file_path` both
//! arrive as `path`.

/// The table of canonical keys, one row each: the constant and its doc, the key, the type of
/// value it carries, and the `__private` trait a field type implements to carry it, with that
/// trait's `on_unimplemented` message, label and note — the compile error of a field whose
/// type cannot carry the key (spelled out: a diagnostic attribute takes only literals).
///
/// Adding a key is a row here and its row in the derive's table; `tests/contract_sync.rs`
/// compares the two. Each reader of the table passes a macro that receives every row
/// (`key_table!(canonical_keys)` here, `key_table!(key_traits)` in `__private`).
macro_rules! key_table {
    ($callback:ident) => {
        $callback! {
            /// A file or directory path, exactly as the tool was given it (never resolved).
            PATH = "path": Path => ProjectPath,
                "`{Self}` cannot be projected as `path`: a path key needs a string or path type",
                "cannot be projected as `path`",
                "`path` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str>, PathBuf, &Path, Cow<Path>, Box<Path>, Arc<Path>, Rc<Path>, OsString, &OsStr (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// A 1-based start line (see [`normalize_offset`](crate::normalize_offset)).
            OFFSET = "offset": Integer => ProjectOffset,
                "`{Self}` cannot be projected as `offset`: an integer key needs a primitive integer type",
                "cannot be projected as `offset`",
                "`offset` accepts i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// A maximum number of lines or entries.
            LIMIT = "limit": Integer => ProjectLimit,
                "`{Self}` cannot be projected as `limit`: an integer key needs a primitive integer type",
                "cannot be projected as `limit`",
                "`limit` accepts i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// A shell command line.
            COMMAND = "command": Text => ProjectCommand,
                "`{Self}` cannot be projected as `command`: a text key needs a string type",
                "cannot be projected as `command`",
                "`command` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str>, and toolmeta::convert::Argv or CommandLine for an argv (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// A human-readable description of what a command does.
            DESCRIPTION = "description": Text => ProjectDescription,
                "`{Self}` cannot be projected as `description`: a text key needs a string type",
                "cannot be projected as `description`",
                "`description` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str> (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// The working directory of a command.
            CWD = "cwd": Path => ProjectCwd,
                "`{Self}` cannot be projected as `cwd`: a path key needs a string or path type",
                "cannot be projected as `cwd`",
                "`cwd` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str>, PathBuf, &Path, Cow<Path>, Box<Path>, Arc<Path>, Rc<Path>, OsString, &OsStr (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// The directory a listing is of.
            DIRECTORY = "directory": Path => ProjectDirectory,
                "`{Self}` cannot be projected as `directory`: a path key needs a string or path type",
                "cannot be projected as `directory`",
                "`directory` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str>, PathBuf, &Path, Cow<Path>, Box<Path>, Arc<Path>, Rc<Path>, OsString, &OsStr (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// A search pattern (regex or glob).
            PATTERN = "pattern": Text => ProjectPattern,
                "`{Self}` cannot be projected as `pattern`: a text key needs a string type",
                "cannot be projected as `pattern`",
                "`pattern` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str> (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// A URL to fetch (toolmeta's additive key).
            URL = "url": Text => ProjectUrl,
                "`{Self}` cannot be projected as `url`: a text key needs a string type",
                "cannot be projected as `url`",
                "`url` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str> (or an Option of one); convert other types with #[tool(with = \"...\")]";
            /// A web search query (toolmeta's additive key).
            QUERY = "query": Text => ProjectQuery,
                "`{Self}` cannot be projected as `query`: a text key needs a string type",
                "cannot be projected as `query`",
                "`query` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str> (or an Option of one); convert other types with #[tool(with = \"...\")]";
        }
    };
}
pub(crate) use key_table;

/// The public half of the key table: the constants, [`CANONICAL`] and [`key_type`].
macro_rules! canonical_keys {
    ($($(#[$doc:meta])* $name:ident = $key:literal: $ty:ident => $trait:ident, $message:literal, $label:literal, $note:literal;)*) => {
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

key_table!(canonical_keys);

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
