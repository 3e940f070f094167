//! Google Gemini CLI's built-in tools, as Gemini CLI sends their arguments.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::ToolLookup;
//! use toolmeta::catalog::gemini_cli::TOOLS;
//!
//! let read = TOOLS
//!     .tool_meta("read_file", Some(&json!({"absolute_path": "/r/a.ts", "offset": 9, "limit": 5})))
//!     .unwrap();
//! assert_eq!(read.input, Some(json!({"path": "/r/a.ts", "offset": 10, "limit": 5})));
//! ```

use serde::Deserialize;

use crate::ToolIdentity;
use crate::toolset::{StaticToolset, ToolEntry};

/// `read_file`: reads a file, optionally a window of lines. Gemini CLI's `offset` is
/// **zero-based**; it is projected as the canonical 1-based line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "read_file",
    namespace = "gemini_cli",
    kind = "read"
)]
pub struct ReadFile {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub absolute_path: String,
    /// The zero-based line to start at.
    #[tool(project, with = "super::convert::zero_based_offset")]
    pub offset: Option<i64>,
    /// How many lines to read.
    #[tool(project)]
    pub limit: Option<u64>,
}

/// `read_many_files`: reads every file matching some paths or globs; no single path to
/// project.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "read_many_files",
    namespace = "gemini_cli",
    kind = "read",
    no_input
)]
pub struct ReadManyFiles {
    /// The paths or globs.
    pub paths: Vec<String>,
}

/// `write_file`: writes a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "write_file",
    namespace = "gemini_cli",
    kind = "write"
)]
pub struct WriteFile {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The new contents.
    #[tool(payload)]
    pub content: String,
}

/// `replace`: replaces a string in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "replace",
    namespace = "gemini_cli",
    kind = "edit"
)]
pub struct Replace {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The text to replace.
    #[tool(payload)]
    pub old_string: String,
    /// The replacement.
    #[tool(payload)]
    pub new_string: String,
    /// How many occurrences to expect.
    pub expected_replacements: Option<u64>,
}

/// `run_shell_command`: runs a command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "run_shell_command",
    namespace = "gemini_cli",
    kind = "execute"
)]
pub struct RunShellCommand {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// What the command does.
    #[tool(project)]
    pub description: Option<String>,
    /// The directory to run it in, relative to the project root.
    #[tool(project = "cwd")]
    pub directory: Option<String>,
}

/// `glob`: finds files by name pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "glob",
    namespace = "gemini_cli",
    kind = "search"
)]
pub struct Glob {
    /// The glob pattern.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project)]
    pub path: Option<String>,
    /// Whether matching is case-sensitive.
    pub case_sensitive: Option<bool>,
}

/// `search_file_content`: searches file contents.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "search_file_content",
    namespace = "gemini_cli",
    kind = "search"
)]
pub struct SearchFileContent {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project)]
    pub path: Option<String>,
    /// A glob filtering the files searched.
    pub include: Option<String>,
}

/// `list_directory`: lists a directory.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "list_directory",
    namespace = "gemini_cli",
    kind = "list_dir"
)]
pub struct ListDirectory {
    /// The absolute path of the directory.
    #[tool(project = "directory")]
    pub path: String,
    /// Globs to leave out.
    pub ignore: Option<Vec<String>>,
}

/// `web_fetch`: fetches the URLs mentioned in a prompt; the URLs are inside free text, so
/// it projects nothing.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "web_fetch",
    namespace = "gemini_cli",
    kind = "web_fetch",
    no_input
)]
pub struct WebFetch {
    /// The prompt, with the URLs to fetch.
    #[tool(payload)]
    pub prompt: String,
}

/// `google_web_search`: searches the web with Google.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "google_web_search",
    namespace = "gemini_cli",
    kind = "web_search"
)]
pub struct GoogleWebSearch {
    /// The query.
    #[tool(project)]
    pub query: String,
}

/// `write_todos`: replaces the todo list.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "write_todos",
    namespace = "gemini_cli",
    kind = "plan",
    no_input
)]
pub struct WriteTodos {
    /// The todo list.
    #[tool(payload)]
    pub todos: Vec<serde_json::Value>,
}

/// Gemini CLI's tools. `read_file` is registered [`ToolEntry::deserialized`] so that its
/// zero-based offset goes through the same conversion as the typed projection.
pub const TOOLS: StaticToolset = StaticToolset::new(&[
    ToolEntry::deserialized::<ReadFile>(),
    ToolEntry::of::<ReadManyFiles>(),
    ToolEntry::of::<WriteFile>(),
    ToolEntry::of::<Replace>(),
    ToolEntry::of::<RunShellCommand>(),
    ToolEntry::of::<Glob>(),
    ToolEntry::of::<SearchFileContent>(),
    ToolEntry::of::<ListDirectory>(),
    ToolEntry::of::<WebFetch>(),
    ToolEntry::of::<GoogleWebSearch>(),
    ToolEntry::of::<WriteTodos>(),
]);
