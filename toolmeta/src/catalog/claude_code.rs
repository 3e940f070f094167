//! Claude Code's built-in tools, as Claude Code sends their arguments (snake_case keys, the
//! tool names capitalized).
//!
//! ```
//! use serde_json::json;
//! use toolmeta::ToolLookup;
//! use toolmeta::catalog::claude_code::TOOLS;
//!
//! let ls = TOOLS.tool_meta("LS", Some(&json!({"path": "/repo/src"}))).unwrap();
//! assert_eq!((ls.label.as_ref(), ls.input), ("List Files", Some(json!({"directory": "/repo/src"}))));
//! ```

use serde::Deserialize;

use crate::ToolIdentity;
use crate::toolset::{StaticToolset, ToolEntry};

/// `Read`: reads a file, optionally a window of lines (`offset` is a 1-based line number).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Read",
    namespace = "claude_code",
    kind = "read"
)]
pub struct Read {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The line to start at.
    #[tool(project)]
    pub offset: Option<i64>,
    /// How many lines to read.
    #[tool(project)]
    pub limit: Option<u64>,
}

/// `Write`: writes a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Write",
    namespace = "claude_code",
    kind = "write"
)]
pub struct Write {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The new contents.
    #[tool(payload)]
    pub content: String,
}

/// `Edit`: replaces a string in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Edit",
    namespace = "claude_code",
    kind = "edit"
)]
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

/// `MultiEdit`: several replacements in one file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "MultiEdit",
    namespace = "claude_code",
    kind = "edit"
)]
pub struct MultiEdit {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The replacements, applied in order.
    #[tool(payload)]
    pub edits: Vec<serde_json::Value>,
}

/// `NotebookEdit`: edits a cell of a Jupyter notebook.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "NotebookEdit",
    namespace = "claude_code",
    kind = "edit"
)]
pub struct NotebookEdit {
    /// The absolute path of the notebook.
    #[tool(project = "path")]
    pub notebook_path: String,
    /// The new source of the cell.
    #[tool(payload)]
    pub new_source: String,
    /// The cell to edit.
    pub cell_id: Option<String>,
}

/// `Bash`: runs a shell command.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Bash",
    namespace = "claude_code",
    kind = "execute"
)]
pub struct Bash {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// What the command does, in a few words.
    #[tool(project)]
    pub description: Option<String>,
    /// A timeout in milliseconds.
    pub timeout: Option<u64>,
    /// Whether to run it in the background.
    pub run_in_background: Option<bool>,
}

/// `BashOutput`: reads the output of a background shell.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "BashOutput",
    namespace = "claude_code",
    kind = "background_task_action",
    no_input
)]
pub struct BashOutput {
    /// The background shell.
    pub bash_id: String,
}

/// `KillShell`: stops a background shell.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "KillShell",
    namespace = "claude_code",
    kind = "kill_task_action",
    no_input
)]
pub struct KillShell {
    /// The background shell.
    pub shell_id: String,
}

/// `Grep`: searches file contents with ripgrep.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Grep",
    namespace = "claude_code",
    kind = "search"
)]
pub struct Grep {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// The file or directory to search.
    #[tool(project)]
    pub path: Option<String>,
    /// A glob filtering the files searched.
    pub glob: Option<String>,
    /// `content`, `files_with_matches` or `count`.
    pub output_mode: Option<String>,
}

/// `Glob`: finds files by name pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Glob",
    namespace = "claude_code",
    kind = "search"
)]
pub struct Glob {
    /// The glob pattern.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project)]
    pub path: Option<String>,
}

/// `LS`: lists a directory.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "LS",
    namespace = "claude_code",
    kind = "list_dir"
)]
pub struct Ls {
    /// The absolute path of the directory.
    #[tool(project = "directory")]
    pub path: String,
    /// Globs to leave out.
    pub ignore: Option<Vec<String>>,
}

/// `WebFetch`: fetches a URL and runs a prompt over it.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "WebFetch",
    namespace = "claude_code",
    kind = "web_fetch"
)]
pub struct WebFetch {
    /// The URL.
    #[tool(project)]
    pub url: String,
    /// What to extract from the page.
    #[tool(payload)]
    pub prompt: String,
}

/// `WebSearch`: searches the web.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "WebSearch",
    namespace = "claude_code",
    kind = "web_search"
)]
pub struct WebSearch {
    /// The query.
    #[tool(project)]
    pub query: String,
    /// Domains to restrict the search to.
    pub allowed_domains: Option<Vec<String>>,
}

/// `TodoWrite`: replaces the todo list.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "TodoWrite",
    namespace = "claude_code",
    kind = "plan",
    no_input
)]
pub struct TodoWrite {
    /// The todo list.
    #[tool(payload)]
    pub todos: Vec<serde_json::Value>,
}

/// `Task`: runs a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Task",
    namespace = "claude_code",
    kind = "task"
)]
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

/// `ExitPlanMode`: presents the plan and leaves plan mode.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ExitPlanMode",
    namespace = "claude_code",
    kind = "exit_plan",
    no_input
)]
pub struct ExitPlanMode {
    /// The plan.
    #[tool(payload)]
    pub plan: String,
}

/// Claude Code's tools.
pub const TOOLS: StaticToolset = StaticToolset::new(&[
    ToolEntry::of::<Read>(),
    ToolEntry::of::<Write>(),
    ToolEntry::of::<Edit>(),
    ToolEntry::of::<MultiEdit>(),
    ToolEntry::of::<NotebookEdit>(),
    ToolEntry::of::<Bash>(),
    ToolEntry::of::<BashOutput>(),
    ToolEntry::of::<KillShell>(),
    ToolEntry::of::<Grep>(),
    ToolEntry::of::<Glob>(),
    ToolEntry::of::<Ls>(),
    ToolEntry::of::<WebFetch>(),
    ToolEntry::of::<WebSearch>(),
    ToolEntry::of::<TodoWrite>(),
    ToolEntry::of::<Task>(),
    ToolEntry::of::<ExitPlanMode>(),
]);
