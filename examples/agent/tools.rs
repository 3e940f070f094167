//! The agent's tools: each a typed argument struct that derives its tool-identity envelope,
//! and the static toolset that stamps a call before its arguments are parsed.

use serde::Deserialize;
use serde_json::Value;
use toolmeta::{StaticToolset, ToolEntry, ToolIdentity};

/// Reads a window of a file: `offset` is the 1-based first line (0 reads from the start).
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
pub struct ReadFile {
    #[serde(rename = "target_file")]
    #[tool(project = "path")]
    pub path: String,
    #[tool(project)]
    pub offset: Option<i64>,
    #[tool(project)]
    pub limit: Option<u64>,
}

/// Lists a directory.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "list_dir", namespace = "grok_build", kind = "list_dir")]
pub struct ListDir {
    #[tool(project = "directory")]
    pub target_directory: String,
}

/// Searches files for a literal pattern.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "grep", namespace = "grok_build", kind = "search")]
pub struct Grep {
    #[tool(project)]
    pub pattern: String,
    #[tool(project)]
    pub path: Option<String>,
}

/// Runs a shell command.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "run_terminal_command",
    namespace = "grok_build",
    kind = "execute"
)]
pub struct RunTerminalCommand {
    #[tool(project)]
    pub command: String,
    #[tool(project)]
    pub cwd: Option<String>,
}

/// Replaces one occurrence of a string in a file; an empty `old_string` creates the file.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "search_replace", namespace = "grok_build", kind = "edit")]
pub struct SearchReplace {
    #[tool(project = "path")]
    pub file_path: String,
    #[tool(payload)]
    pub old_string: String,
    #[tool(payload)]
    pub new_string: String,
}

/// The tools by wire name: the first `tool_call` is stamped from here, before the arguments
/// are parsed. A duplicate wire name would stop the build.
pub const TOOLS: StaticToolset = StaticToolset::new(&[
    ToolEntry::deserialized::<ReadFile>(),
    ToolEntry::deserialized::<ListDir>(),
    ToolEntry::deserialized::<Grep>(),
    ToolEntry::deserialized::<RunTerminalCommand>(),
    ToolEntry::deserialized::<SearchReplace>(),
]);

/// The path argument of a call, as the model gave it: what the call touches, resolved
/// inside the session's directory before anything runs. Every tool names at most one.
pub fn path_argument(arguments: &Value) -> Option<&str> {
    [
        "target_file",
        "file_path",
        "target_directory",
        "path",
        "cwd",
    ]
    .into_iter()
    .find_map(|key| arguments.get(key)?.as_str())
}
