//! OpenCode's built-in tools, as OpenCode sends their arguments (camelCase keys).
//!
//! ```
//! use serde_json::json;
//! use toolmeta::ToolLookup;
//! use toolmeta::catalog::opencode::TOOLS;
//!
//! let edit = TOOLS
//!     .tool_meta("edit", Some(&json!({"filePath": "/r/a.ts", "oldString": "a", "newString": "b"})))
//!     .unwrap();
//! assert_eq!((edit.label.as_ref(), edit.input), ("Edit", Some(json!({"path": "/r/a.ts"}))));
//! ```

use serde::Deserialize;

use crate::ToolIdentity;
use crate::toolset::{StaticToolset, ToolEntry};

/// `read`: reads a file, optionally a window of lines. OpenCode's `offset` is
/// **zero-based**; it is projected as the canonical 1-based line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "read", namespace = "opencode", kind = "read")]
#[serde(rename_all = "camelCase")]
pub struct Read {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The zero-based line to start at.
    #[tool(project, with = "super::convert::zero_based_offset")]
    pub offset: Option<i64>,
    /// How many lines to read.
    #[tool(project)]
    pub limit: Option<u64>,
}

/// `write`: writes a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "write",
    namespace = "opencode",
    kind = "write"
)]
#[serde(rename_all = "camelCase")]
pub struct Write {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The new contents.
    #[tool(payload)]
    pub content: String,
}

/// `edit`: replaces a string in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "edit", namespace = "opencode", kind = "edit")]
#[serde(rename_all = "camelCase")]
pub struct Edit {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The text to replace.
    #[tool(payload)]
    pub old_string: String,
    /// The replacement.
    #[tool(payload)]
    pub new_string: String,
    /// Whether to replace every occurrence.
    pub replace_all: Option<bool>,
}

/// `patch`: applies a patch; the files it touches are inside the patch, so it projects
/// nothing.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "patch",
    namespace = "opencode",
    kind = "edit",
    no_input
)]
#[serde(rename_all = "camelCase")]
pub struct Patch {
    /// The patch.
    #[tool(payload)]
    pub patch_text: String,
}

/// `bash`: runs a command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "bash",
    namespace = "opencode",
    kind = "execute"
)]
#[serde(rename_all = "camelCase")]
pub struct Bash {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// What the command does, in a few words.
    #[tool(project)]
    pub description: Option<String>,
    /// The working directory.
    #[tool(project = "cwd")]
    pub workdir: Option<String>,
    /// A timeout in milliseconds.
    pub timeout: Option<u64>,
}

/// `grep`: searches file contents.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "grep",
    namespace = "opencode",
    kind = "search"
)]
#[serde(rename_all = "camelCase")]
pub struct Grep {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project)]
    pub path: Option<String>,
    /// A glob filtering the files searched.
    pub include: Option<String>,
}

/// `glob`: finds files by name pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "glob",
    namespace = "opencode",
    kind = "search"
)]
#[serde(rename_all = "camelCase")]
pub struct Glob {
    /// The glob pattern.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project)]
    pub path: Option<String>,
}

/// `list`: lists a directory. OpenCode may omit `path` (meaning the project root); such a
/// call has no directory to report, so it carries no input rather than a guessed one.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "list", namespace = "opencode", kind = "list")]
#[serde(rename_all = "camelCase")]
pub struct List {
    /// The absolute path of the directory.
    #[tool(project = "directory")]
    pub path: String,
    /// Globs to leave out.
    pub ignore: Option<Vec<String>>,
}

/// `webfetch`: fetches a URL.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "webfetch",
    namespace = "opencode",
    kind = "web_fetch"
)]
#[serde(rename_all = "camelCase")]
pub struct Webfetch {
    /// The URL.
    #[tool(project)]
    pub url: String,
    /// `text`, `markdown` or `html`.
    pub format: Option<String>,
}

/// `todowrite`: replaces the todo list.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "todowrite",
    namespace = "opencode",
    kind = "plan",
    no_input
)]
#[serde(rename_all = "camelCase")]
pub struct Todowrite {
    /// The todo list.
    #[tool(payload)]
    pub todos: Vec<serde_json::Value>,
}

/// `todoread`: reads the todo list.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "todoread",
    namespace = "opencode",
    kind = "plan",
    read_only,
    no_input
)]
pub struct Todoread {}

/// `task`: runs a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "task", namespace = "opencode", kind = "task")]
#[serde(rename_all = "camelCase")]
pub struct Task {
    /// A short description of the task.
    #[tool(project)]
    pub description: String,
    /// The subagent's instructions.
    #[tool(payload)]
    pub prompt: String,
    /// Which subagent.
    pub subagent_type: Option<String>,
}

/// OpenCode's tools. `read` is registered [`ToolEntry::deserialized`] so that its
/// zero-based offset goes through the same conversion as the typed projection.
pub const TOOLS: StaticToolset = StaticToolset::new(&[
    ToolEntry::deserialized::<Read>(),
    ToolEntry::of::<Write>(),
    ToolEntry::of::<Edit>(),
    ToolEntry::of::<Patch>(),
    ToolEntry::of::<Bash>(),
    ToolEntry::of::<Grep>(),
    ToolEntry::of::<Glob>(),
    ToolEntry::of::<List>(),
    ToolEntry::of::<Webfetch>(),
    ToolEntry::of::<Todowrite>(),
    ToolEntry::of::<Todoread>(),
    ToolEntry::of::<Task>(),
]);
