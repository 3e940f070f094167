//! Zed's agent (zed-industries/zed, `crates/agent/src/tools`): tool-input structs copied
//! as the harness declares them (field names, types and serde attributes exactly; doc
//! comments and `JsonSchema` dropped), annotated for toolmeta. Provenance on each struct:
//! repository, path, and the commit of the stored copy it was read from. The tool name is
//! the tool's `NAME` constant.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case, tagged_case};

/// `limit` from the inclusive 1-based `start_line..=end_line`, as Zed resolves the range
/// (start defaults to 1 and is at least 1; an end before the start reads one line); no
/// `end_line`, no limit.
fn read_file_line_count(input: &ReadFileToolInput) -> Option<u32> {
    let start = input.start_line.unwrap_or(1).max(1);
    let end = input.end_line?.max(start);
    Some(end - start + 1)
}

// zed-industries/zed  crates/agent/src/tools/read_file_tool.rs
// @ 015419a291f37533acbb70ae98f76de66c32a7b0
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(
    name = "read_file",
    namespace = "zed",
    kind = "read",
    compute(limit = "read_file_line_count")
)]
pub struct ReadFileToolInput {
    #[tool(project)]
    pub path: String,
    #[serde(default)]
    #[tool(project = "offset")]
    pub start_line: Option<u32>,
    #[serde(default)]
    pub end_line: Option<u32>,
}

// zed-industries/zed  crates/agent/src/tools/edit_file_tool.rs
// @ 00f12a12e405110e63e665dfb03bd93912519f08
/// As declared, `mode` is a plain field, so the struct has one kind: `edit`. The tagged
/// declaration below reads the same JSON with a kind per mode.
#[derive(Clone, Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "edit_file", namespace = "zed", kind = "edit")]
pub struct EditFileToolInput {
    pub display_description: String,

    #[tool(project)]
    pub path: PathBuf,
    pub mode: EditFileMode,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EditFileMode {
    Edit,
    Create,
    Overwrite,
}

/// The same arguments as `EditFileToolInput`, declared as serde reads them with `mode` as
/// an internal tag: creating or overwriting a file is a Write, editing it an Edit.
#[derive(Clone, Debug, Deserialize, ToolIdentity)]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum EditFileByMode {
    #[tool(name = "edit_file", namespace = "zed", kind = "edit")]
    Edit {
        display_description: String,
        #[tool(project)]
        path: PathBuf,
    },
    #[tool(name = "edit_file", namespace = "zed", kind = "write")]
    Create {
        display_description: String,
        #[tool(project)]
        path: PathBuf,
    },
    #[tool(name = "edit_file", namespace = "zed", kind = "write")]
    Overwrite {
        display_description: String,
        #[tool(project)]
        path: PathBuf,
    },
}

// zed-industries/zed  crates/agent/src/tools/grep_tool.rs
// @ 015419a291f37533acbb70ae98f76de66c32a7b0
/// `offset` pages through results (0-based, 20 per page): not a window the Search shape
/// has, so it is not projected.
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "grep", namespace = "zed", kind = "search")]
pub struct GrepToolInput {
    #[tool(project = "pattern")]
    pub regex: String,
    #[tool(extra = "include_pattern")]
    pub include_pattern: Option<String>,
    #[serde(default)]
    pub offset: u32,
    #[serde(default)]
    #[tool(extra = "case_sensitive")]
    pub case_sensitive: bool,
}

// zed-industries/zed  crates/agent/src/tools/list_directory_tool.rs
// @ 015419a291f37533acbb70ae98f76de66c32a7b0
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "list_directory", namespace = "zed", kind = "list_dir")]
pub struct ListDirectoryToolInput {
    #[tool(project = "directory")]
    pub path: String,
}

// zed-industries/zed  crates/agent/src/tools/find_path_tool.rs
// @ 015419a291f37533acbb70ae98f76de66c32a7b0
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "find_path", namespace = "zed", kind = "search")]
pub struct FindPathToolInput {
    #[tool(project = "pattern")]
    pub glob: String,
    #[serde(default)]
    pub offset: usize,
}

// zed-industries/zed  crates/agent/src/tools/terminal_tool.rs
// @ 0129684538cbd56deecf0414196f8a9cba2dc709
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "terminal", namespace = "zed", kind = "execute")]
pub struct TerminalToolInput {
    #[tool(project)]
    pub command: String,
    #[tool(project = "cwd")]
    pub cd: String,
    pub timeout_ms: Option<u64>,
}

// zed-industries/zed  crates/agent/src/tools/terminal_tool.rs (as above); registered as
// `sandboxed_terminal` but exposed to the model as `terminal`
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "terminal", namespace = "zed", kind = "execute")]
pub struct SandboxedTerminalToolInput {
    #[tool(project)]
    pub command: String,
    #[tool(project = "cwd")]
    pub cd: String,
    pub timeout_ms: Option<u64>,
    #[serde(default)]
    pub allow_network: Option<bool>,
    #[serde(default)]
    pub fs_write_paths: Vec<String>,
    #[serde(default)]
    pub allow_fs_write_all: Option<bool>,
    #[serde(default)]
    pub unsandboxed: Option<bool>,
}

// zed-industries/zed  crates/agent/src/tools/fetch_tool.rs
// @ 015419a291f37533acbb70ae98f76de66c32a7b0
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "fetch", namespace = "zed", kind = "web_fetch")]
pub struct FetchToolInput {
    #[tool(project)]
    url: String,
}

// zed-industries/zed  crates/agent/src/tools/delete_path_tool.rs
// @ 000e783fddd704e6a0fa2be12fe41c56c94e820c
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "delete_path", namespace = "zed", kind = "delete")]
pub struct DeletePathToolInput {
    #[tool(project)]
    pub path: String,
}

// zed-industries/zed  crates/agent/src/tools/move_path_tool.rs
// @ 015419a291f37533acbb70ae98f76de66c32a7b0
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "move_path", namespace = "zed", kind = "move")]
pub struct MovePathToolInput {
    #[tool(project = "path")]
    pub source_path: String,

    #[tool(extra = "destination_path")]
    pub destination_path: String,
}

// zed-industries/zed  crates/agent/src/tools/web_search_tool.rs
// @ 015419a291f37533acbb70ae98f76de66c32a7b0
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "search_web", namespace = "zed", kind = "web_search")]
pub struct WebSearchToolInput {
    #[tool(project)]
    query: String,
}

/// Every Zed tool above, each checked on real calls.
pub fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    let read = ("read_file", Read, "Read");
    // `limit` is computed from the whole range: typed only.
    tools.push(case::<ReadFileToolInput>(
        read,
        json!({"path": "zed/crates/agent/src/thread.rs", "start_line": 100, "end_line": 149}),
        Some(json!({"path": "zed/crates/agent/src/thread.rs", "offset": 100, "limit": 50})),
        Some(json!({"path": "zed/crates/agent/src/thread.rs", "offset": 100})),
    ));
    case::<ReadFileToolInput>(
        read,
        json!({"path": "zed/README.md", "end_line": 20}),
        Some(json!({"path": "zed/README.md", "limit": 20})),
        Some(json!({"path": "zed/README.md"})),
    );
    case::<ReadFileToolInput>(
        read,
        json!({"path": "zed/README.md", "start_line": 0}),
        Some(json!({"path": "zed/README.md", "offset": 1})),
        Some(json!({"path": "zed/README.md", "offset": 1})),
    );
    tools.push(case::<EditFileToolInput>(
        ("edit_file", Edit, "Edit"),
        json!({"display_description": "Fix API endpoint URLs", "path": "backend/src/api.rs", "mode": "edit"}),
        Some(json!({"path": "backend/src/api.rs"})),
        Some(json!({"path": "backend/src/api.rs"})),
    ));
    tools.push(tagged_case::<EditFileByMode>(
        ("edit_file", Edit, "Edit"),
        json!({"display_description": "Fix API endpoint URLs", "path": "backend/src/api.rs", "mode": "edit"}),
        Some(json!({"path": "backend/src/api.rs"})),
        Some(json!({"path": "backend/src/api.rs"})),
    ));
    tools.push(tagged_case::<EditFileByMode>(
        ("edit_file", Write, "Write"),
        json!({"display_description": "Add a footer", "path": "frontend/footer.js", "mode": "create"}),
        Some(json!({"path": "frontend/footer.js"})),
        Some(json!({"path": "frontend/footer.js"})),
    ));
    tools.push(tagged_case::<EditFileByMode>(
        ("edit_file", Write, "Write"),
        json!({"display_description": "Rewrite the config", "path": "frontend/config.json", "mode": "overwrite"}),
        Some(json!({"path": "frontend/config.json"})),
        Some(json!({"path": "frontend/config.json"})),
    ));
    // `case_sensitive` is `#[serde(default)]`: raw arguments without it still project.
    tools.push(case::<GrepToolInput>(
        ("grep", Search, "Search"),
        json!({"regex": "fn\\s+main", "include_pattern": "backend/**/*.rs"}),
        Some(json!({"pattern": "fn\\s+main", "include_pattern": "backend/**/*.rs", "case_sensitive": false})),
        Some(json!({"pattern": "fn\\s+main", "include_pattern": "backend/**/*.rs"})),
    ));
    case::<GrepToolInput>(
        ("grep", Search, "Search"),
        json!({"regex": "TODO", "include_pattern": null, "offset": 20, "case_sensitive": true}),
        Some(json!({"pattern": "TODO", "case_sensitive": true})),
        Some(json!({"pattern": "TODO", "case_sensitive": true})),
    );
    tools.push(case::<ListDirectoryToolInput>(
        ("list_directory", ListDir, "List Files"),
        json!({"path": "project/src"}),
        Some(json!({"directory": "project/src"})),
        Some(json!({"directory": "project/src"})),
    ));
    tools.push(case::<FindPathToolInput>(
        ("find_path", Search, "Search"),
        json!({"glob": "**/*thing*.txt", "offset": 50}),
        Some(json!({"pattern": "**/*thing*.txt"})),
        Some(json!({"pattern": "**/*thing*.txt"})),
    ));
    tools.push(case::<TerminalToolInput>(
        ("terminal", Execute, "Run Command"),
        json!({"command": "git --no-pager log -n 5", "cd": "zed", "timeout_ms": 30000}),
        Some(json!({"command": "git --no-pager log -n 5", "cwd": "zed"})),
        Some(json!({"command": "git --no-pager log -n 5", "cwd": "zed"})),
    ));
    tools.push(case::<SandboxedTerminalToolInput>(
        ("terminal", Execute, "Run Command"),
        json!({"command": "cargo fetch", "cd": "zed", "allow_network": true, "fs_write_paths": ["~/.cargo"]}),
        Some(json!({"command": "cargo fetch", "cwd": "zed"})),
        Some(json!({"command": "cargo fetch", "cwd": "zed"})),
    ));
    tools.push(case::<FetchToolInput>(
        ("fetch", WebFetch, "Web Fetch"),
        json!({"url": "https://zed.dev/docs"}),
        Some(json!({"url": "https://zed.dev/docs"})),
        Some(json!({"url": "https://zed.dev/docs"})),
    ));
    tools.push(case::<DeletePathToolInput>(
        ("delete_path", Delete, "Delete"),
        json!({"path": "directory1/a/something.txt"}),
        Some(json!({"path": "directory1/a/something.txt"})),
        Some(json!({"path": "directory1/a/something.txt"})),
    ));
    tools.push(case::<MovePathToolInput>(
        ("move_path", Move, "Move"),
        json!({"source_path": "directory1/a/something.txt", "destination_path": "directory2/b/renamed.txt"}),
        Some(json!({"path": "directory1/a/something.txt", "destination_path": "directory2/b/renamed.txt"})),
        Some(json!({"path": "directory1/a/something.txt", "destination_path": "directory2/b/renamed.txt"})),
    ));
    tools.push(case::<WebSearchToolInput>(
        ("search_web", WebSearch, "Web Search"),
        json!({"query": "rust proc macro spans"}),
        Some(json!({"query": "rust proc macro spans"})),
        Some(json!({"query": "rust proc macro spans"})),
    ));
    tools
}
