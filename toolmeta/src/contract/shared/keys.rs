//! The key table: the canonical input keys, what each carries, and how a value is checked
//! and written.

/// The key table, one row per canonical key, in the order of the wire contract (which is
/// also the order of the projection):
///
/// - the constant `toolmeta::keys::NAME`, with its doc, and `key`, the key itself;
/// - `carries`: the values it carries (`Path`: a string naming a path; `Text`: a string;
///   `Integer`: an integer);
/// - `project_trait`: the `__private` trait a field type implements to carry the key, named
///   by the derive at the user's type;
/// - `write`: the `Projector` method that writes it (`offset` also names the method for a
///   source counted from 0, `#[tool(zero_based)]`);
/// - `message`, `label`, `note`: the `on_unimplemented` diagnostic of `project_trait`, the
///   compile error of a field whose type cannot carry the key (spelled out: a diagnostic
///   attribute takes only literals).
///
/// Adding a key is a row here and its row in `docs/wire-contract.md`.
macro_rules! key_table {
    ($callback:ident) => {
        $callback! {
            /// A file or directory path, exactly as the tool was given it (never resolved).
            PATH {
                key: "path", carries: Path, project_trait: ProjectPath, write: lossy,
                message: "`{Self}` cannot be projected as `path`: a path key needs a string or path type",
                label: "cannot be projected as `path`",
                note: "`path` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str>, PathBuf, &Path, Cow<Path>, Box<Path>, Arc<Path>, Rc<Path>, OsString, &OsStr (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// A 1-based start line (see [`normalize_offset`](crate::normalize_offset)).
            OFFSET {
                key: "offset", carries: Integer, project_trait: ProjectOffset, write: offset / offset_from_zero,
                message: "`{Self}` cannot be projected as `offset`: an integer key needs a primitive integer type",
                label: "cannot be projected as `offset`",
                note: "`offset` accepts i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// A maximum number of lines or entries.
            LIMIT {
                key: "limit", carries: Integer, project_trait: ProjectLimit, write: integer,
                message: "`{Self}` cannot be projected as `limit`: an integer key needs a primitive integer type",
                label: "cannot be projected as `limit`",
                note: "`limit` accepts i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// A shell command line.
            COMMAND {
                key: "command", carries: Text, project_trait: ProjectCommand, write: text,
                message: "`{Self}` cannot be projected as `command`: a text key needs a string type",
                label: "cannot be projected as `command`",
                note: "`command` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str>, and toolmeta::convert::Argv or CommandLine for an argv (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// A human-readable description of what a command does.
            DESCRIPTION {
                key: "description", carries: Text, project_trait: ProjectDescription, write: text,
                message: "`{Self}` cannot be projected as `description`: a text key needs a string type",
                label: "cannot be projected as `description`",
                note: "`description` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str> (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// The working directory of a command.
            CWD {
                key: "cwd", carries: Path, project_trait: ProjectCwd, write: lossy,
                message: "`{Self}` cannot be projected as `cwd`: a path key needs a string or path type",
                label: "cannot be projected as `cwd`",
                note: "`cwd` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str>, PathBuf, &Path, Cow<Path>, Box<Path>, Arc<Path>, Rc<Path>, OsString, &OsStr (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// The directory a listing is of.
            DIRECTORY {
                key: "directory", carries: Path, project_trait: ProjectDirectory, write: lossy,
                message: "`{Self}` cannot be projected as `directory`: a path key needs a string or path type",
                label: "cannot be projected as `directory`",
                note: "`directory` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str>, PathBuf, &Path, Cow<Path>, Box<Path>, Arc<Path>, Rc<Path>, OsString, &OsStr (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// A search pattern (regex or glob).
            PATTERN {
                key: "pattern", carries: Text, project_trait: ProjectPattern, write: text,
                message: "`{Self}` cannot be projected as `pattern`: a text key needs a string type",
                label: "cannot be projected as `pattern`",
                note: "`pattern` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str> (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// A URL to fetch (toolmeta's additive key).
            URL {
                key: "url", carries: Text, project_trait: ProjectUrl, write: text,
                message: "`{Self}` cannot be projected as `url`: a text key needs a string type",
                label: "cannot be projected as `url`",
                note: "`url` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str> (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
            /// A web search query (toolmeta's additive key).
            QUERY {
                key: "query", carries: Text, project_trait: ProjectQuery, write: text,
                message: "`{Self}` cannot be projected as `query`: a text key needs a string type",
                label: "cannot be projected as `query`",
                note: "`query` accepts String, &str, Cow<str>, Box<str>, Arc<str>, Rc<str> (or an Option of one); convert other types with #[tool(with = \"...\")]",
            }
        }
    };
}
pub(crate) use key_table;
