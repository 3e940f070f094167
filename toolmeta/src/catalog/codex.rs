//! OpenAI Codex CLI's tools, as Codex sends their arguments.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::ToolLookup;
//! use toolmeta::catalog::codex::TOOLS;
//!
//! let patch = TOOLS.tool_meta("apply_patch", Some(&json!({"input": "*** Begin Patch"}))).unwrap();
//! assert_eq!((patch.label.as_ref(), patch.input), ("Edit", None));
//! ```

use serde::Deserialize;

use crate::ToolIdentity;
use crate::toolset::{StaticToolset, ToolEntry};

/// `shell`: runs an argv (`["bash", "-lc", "cargo test"]`); projected as one command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "shell", namespace = "codex", kind = "execute")]
pub struct Shell {
    /// The argv to run.
    #[tool(project, with = "shell_command_line")]
    pub command: Vec<String>,
    /// The working directory.
    #[tool(project = "cwd")]
    pub workdir: Option<String>,
    /// A timeout in milliseconds.
    pub timeout_ms: Option<u64>,
    /// Why the command needs to leave the sandbox.
    pub justification: Option<String>,
}

/// `command`, which a Run Command tool always carries, as one command line (`""` for an
/// empty argv): a `with` function for a required key returns the value itself.
fn shell_command_line(argv: &Vec<String>) -> String {
    super::convert::command_line(argv).unwrap_or_default()
}

/// `shell_command`: runs a command line in the user's shell.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "shell_command",
    namespace = "codex",
    kind = "execute"
)]
pub struct ShellCommand {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// The working directory.
    #[tool(project = "cwd")]
    pub workdir: Option<String>,
    /// A timeout in milliseconds.
    pub timeout_ms: Option<u64>,
}

/// `exec_command`: starts a command in a persistent session (unified exec).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "exec_command",
    namespace = "codex",
    kind = "execute"
)]
pub struct ExecCommand {
    /// The command line.
    #[tool(project = "command")]
    pub cmd: String,
    /// The working directory.
    #[tool(project = "cwd")]
    pub workdir: Option<String>,
    /// How long to wait for output, in milliseconds.
    pub yield_time_ms: Option<u64>,
}

/// `write_stdin`: writes to a running exec session.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "write_stdin",
    namespace = "codex",
    kind = "background_task_action",
    no_input
)]
pub struct WriteStdin {
    /// The exec session.
    pub session_id: u64,
    /// The characters to write.
    #[tool(payload)]
    pub chars: Option<String>,
}

/// `apply_patch`: applies a patch in Codex's patch format; the files it touches are inside
/// the patch, so it projects nothing.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "apply_patch",
    namespace = "codex",
    kind = "edit",
    no_input
)]
pub struct ApplyPatch {
    /// The patch.
    #[tool(payload)]
    pub input: String,
}

/// `read_file`: reads a window of a file (`offset` is a 1-based line number).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "read_file",
    namespace = "codex",
    kind = "read"
)]
pub struct ReadFile {
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

/// `list_dir`: lists a directory.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "list_dir",
    namespace = "codex",
    kind = "list_dir"
)]
pub struct ListDir {
    /// The absolute path of the directory.
    #[tool(project = "directory")]
    pub dir_path: String,
    /// How deep to descend.
    pub depth: Option<u64>,
}

/// `grep_files`: finds files whose contents match a pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "grep_files",
    namespace = "codex",
    kind = "search"
)]
pub struct GrepFiles {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project)]
    pub path: Option<String>,
    /// A glob filtering the files searched.
    pub include: Option<String>,
}

/// `view_image`: attaches a local image.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "view_image",
    namespace = "codex",
    kind = "read"
)]
pub struct ViewImage {
    /// The image's path.
    #[tool(project)]
    pub path: String,
}

/// `web_search`: searches the web.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "web_search",
    namespace = "codex",
    kind = "web_search"
)]
pub struct WebSearch {
    /// The query.
    #[tool(project)]
    pub query: String,
}

/// `update_plan`: replaces the plan.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "update_plan",
    namespace = "codex",
    kind = "plan",
    no_input
)]
pub struct UpdatePlan {
    /// Why the plan changed.
    pub explanation: Option<String>,
    /// The steps.
    #[tool(payload)]
    pub plan: Vec<serde_json::Value>,
}

/// Codex's tools. `shell` is registered [`ToolEntry::deserialized`] so that its argv goes
/// through the same conversion as the typed projection.
pub const TOOLS: StaticToolset = StaticToolset::new(&[
    ToolEntry::deserialized::<Shell>(),
    ToolEntry::of::<ShellCommand>(),
    ToolEntry::of::<ExecCommand>(),
    ToolEntry::of::<WriteStdin>(),
    ToolEntry::of::<ApplyPatch>(),
    ToolEntry::of::<ReadFile>(),
    ToolEntry::of::<ListDir>(),
    ToolEntry::of::<GrepFiles>(),
    ToolEntry::of::<ViewImage>(),
    ToolEntry::of::<WebSearch>(),
    ToolEntry::of::<UpdatePlan>(),
]);
