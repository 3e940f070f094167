//! rust-mcp-filesystem (rust-mcp-stack/rust-mcp-filesystem): the argument structs of its MCP
//! tools, copied as declared (field names, types and serde attributes exactly; doc comments
//! and the `#[mcp_tool(...)]`, `Serialize`, `JsonSchema` derives dropped), annotated for
//! toolmeta under the server's own extension namespace, `_rust_mcp_filesystem`. Wire names
//! are the `#[mcp_tool(name = "...")]` of each.
//!
//! Provenance: rust-mcp-stack/rust-mcp-filesystem, src/tools/<file>.rs (named on each
//! struct) @ 135656723036e4ee59707f547b4521168677e625.

use serde::Deserialize;
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case};

// src/tools/read_text_file.rs
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "read_text_file",
    namespace = "_rust_mcp_filesystem",
    kind = "read"
)]
pub struct ReadTextFile {
    #[tool(project)]
    pub path: String,
    #[serde(default)]
    pub with_line_numbers: Option<bool>,
}

// src/tools/read_file_lines.rs: "starting at a specified line offset (0-based)".
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "read_file_lines",
    namespace = "_rust_mcp_filesystem",
    kind = "read"
)]
pub struct ReadFileLines {
    #[tool(project)]
    pub path: String,
    #[tool(project, zero_based)]
    pub offset: u64,
    #[tool(project)]
    pub limit: Option<u64>,
}

// src/tools/head_file.rs: the first `lines` lines.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "head_file", namespace = "_rust_mcp_filesystem", kind = "read")]
pub struct HeadFile {
    #[tool(project)]
    pub path: String,
    #[tool(project = "limit")]
    pub lines: u64,
}

// src/tools/tail_file.rs: the last `lines` lines, a window from the end that `offset` and
// `limit` (from the start) cannot say: kept as an extra.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "tail_file", namespace = "_rust_mcp_filesystem", kind = "read")]
pub struct TailFile {
    #[tool(project)]
    pub path: String,
    #[tool(extra = "last_lines")]
    pub lines: u64,
}

// src/tools/list_directory.rs
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "list_directory",
    namespace = "_rust_mcp_filesystem",
    kind = "list_dir"
)]
pub struct ListDirectory {
    #[tool(project = "directory")]
    pub path: String,
}

// src/tools/directory_tree.rs
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "directory_tree",
    namespace = "_rust_mcp_filesystem",
    kind = "list_dir"
)]
pub struct DirectoryTree {
    #[tool(project = "directory")]
    pub path: String,
    #[tool(extra = "max_depth")]
    pub max_depth: Option<u64>,
}

// src/tools/search_files_content.rs: `query` is what is searched for; `pattern` is the glob
// of the files searched.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "search_files_content",
    namespace = "_rust_mcp_filesystem",
    kind = "search"
)]
pub struct SearchFilesContent {
    #[tool(project)]
    pub path: String,
    #[tool(extra = "glob")]
    pub pattern: String,
    #[tool(project = "pattern")]
    pub query: String,
    pub is_regex: Option<bool>,
    #[serde(rename = "excludePatterns")]
    pub exclude_patterns: Option<Vec<String>>,
    pub min_bytes: Option<u64>,
    pub max_bytes: Option<u64>,
}

// src/tools/search_file.rs: file names matching `pattern`.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "search_files",
    namespace = "_rust_mcp_filesystem",
    kind = "search"
)]
pub struct SearchFiles {
    #[tool(project)]
    pub path: String,
    #[tool(project)]
    pub pattern: String,
    #[serde(rename = "excludePatterns")]
    pub exclude_patterns: Option<Vec<String>>,
    pub min_bytes: Option<u64>,
    pub max_bytes: Option<u64>,
}

// src/tools/move_file.rs
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "move_file", namespace = "_rust_mcp_filesystem", kind = "move")]
pub struct MoveFile {
    #[tool(project = "path")]
    pub source: String,
    #[tool(extra = "destination")]
    pub destination: String,
}

// src/tools/write_file.rs
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "write_file",
    namespace = "_rust_mcp_filesystem",
    kind = "write"
)]
pub struct WriteFile {
    #[tool(project)]
    pub path: String,
    #[tool(payload)]
    pub content: String,
}

// src/tools/edit_file.rs
#[derive(Deserialize)]
pub struct EditOperation {
    #[serde(rename = "oldText")]
    pub old_text: String,
    #[serde(rename = "newText")]
    pub new_text: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "edit_file", namespace = "_rust_mcp_filesystem", kind = "edit")]
pub struct EditFile {
    #[tool(project)]
    pub path: String,
    #[tool(payload)]
    pub edits: Vec<EditOperation>,
    #[serde(rename = "dryRun", default)]
    pub dry_run: Option<bool>,
    #[serde(rename = "replaceAll", default)]
    pub replace_all: Option<bool>,
}

// src/tools/create_directory.rs
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "create_directory",
    namespace = "_rust_mcp_filesystem",
    kind = "other",
    label = "Create Directory"
)]
pub struct CreateDirectory {
    #[tool(project = "directory")]
    pub path: String,
}

// src/tools/get_file_info.rs
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "get_file_info",
    namespace = "_rust_mcp_filesystem",
    kind = "other",
    label = "File Info",
    read_only
)]
pub struct GetFileInfo {
    #[tool(project)]
    pub path: String,
}

pub fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    let read = |name| (name, Read, "Read");
    tools.push(case::<ReadTextFile>(
        read("read_text_file"),
        json!({"path": "/work/src/lib.rs", "with_line_numbers": true}),
        Some(json!({"path": "/work/src/lib.rs"})),
        Some(json!({"path": "/work/src/lib.rs"})),
    ));
    // Counted from 0: line 0 is the first line, 1-based 1.
    tools.push(case::<ReadFileLines>(
        read("read_file_lines"),
        json!({"path": "/work/src/lib.rs", "offset": 0, "limit": 10}),
        Some(json!({"path": "/work/src/lib.rs", "offset": 1, "limit": 10})),
        Some(json!({"path": "/work/src/lib.rs", "offset": 1, "limit": 10})),
    ));
    case::<ReadFileLines>(
        read("read_file_lines"),
        json!({"path": "/work/src/lib.rs", "offset": 99}),
        Some(json!({"path": "/work/src/lib.rs", "offset": 100})),
        Some(json!({"path": "/work/src/lib.rs", "offset": 100})),
    );
    tools.push(case::<HeadFile>(
        read("head_file"),
        json!({"path": "/work/README.md", "lines": 5}),
        Some(json!({"path": "/work/README.md", "limit": 5})),
        Some(json!({"path": "/work/README.md", "limit": 5})),
    ));
    tools.push(case::<TailFile>(
        read("tail_file"),
        json!({"path": "/work/log.txt", "lines": 20}),
        Some(json!({"path": "/work/log.txt", "last_lines": 20})),
        Some(json!({"path": "/work/log.txt", "last_lines": 20})),
    ));
    tools.push(case::<ListDirectory>(
        ("list_directory", ListDir, "List Files"),
        json!({"path": "/work/src"}),
        Some(json!({"directory": "/work/src"})),
        Some(json!({"directory": "/work/src"})),
    ));
    tools.push(case::<DirectoryTree>(
        ("directory_tree", ListDir, "List Files"),
        json!({"path": "/work", "max_depth": 2}),
        Some(json!({"directory": "/work", "max_depth": 2})),
        Some(json!({"directory": "/work", "max_depth": 2})),
    ));
    tools.push(case::<SearchFilesContent>(
        ("search_files_content", Search, "Search"),
        json!({"path": "/work", "pattern": "**/*.rs", "query": "unwrap()", "excludePatterns": ["target"]}),
        Some(json!({"path": "/work", "pattern": "unwrap()", "glob": "**/*.rs"})),
        Some(json!({"path": "/work", "pattern": "unwrap()", "glob": "**/*.rs"})),
    ));
    tools.push(case::<SearchFiles>(
        ("search_files", Search, "Search"),
        json!({"path": "/work", "pattern": "*.toml", "min_bytes": 10}),
        Some(json!({"path": "/work", "pattern": "*.toml"})),
        Some(json!({"path": "/work", "pattern": "*.toml"})),
    ));
    tools.push(case::<MoveFile>(
        ("move_file", Move, "Move"),
        json!({"source": "/work/a.txt", "destination": "/work/b.txt"}),
        Some(json!({"path": "/work/a.txt", "destination": "/work/b.txt"})),
        Some(json!({"path": "/work/a.txt", "destination": "/work/b.txt"})),
    ));
    tools.push(case::<WriteFile>(
        ("write_file", Write, "Write"),
        json!({"path": "/work/new.txt", "content": "hello"}),
        Some(json!({"path": "/work/new.txt"})),
        Some(json!({"path": "/work/new.txt"})),
    ));
    tools.push(case::<EditFile>(
        ("edit_file", Edit, "Edit"),
        json!({"path": "/work/a.rs", "edits": [{"oldText": "a", "newText": "b"}], "dryRun": true}),
        Some(json!({"path": "/work/a.rs"})),
        Some(json!({"path": "/work/a.rs"})),
    ));
    tools.push(case::<CreateDirectory>(
        ("create_directory", Other, "Create Directory"),
        json!({"path": "/work/out"}),
        Some(json!({"directory": "/work/out"})),
        Some(json!({"directory": "/work/out"})),
    ));
    tools.push(case::<GetFileInfo>(
        ("get_file_info", Other, "File Info"),
        json!({"path": "/work/Cargo.toml"}),
        Some(json!({"path": "/work/Cargo.toml"})),
        Some(json!({"path": "/work/Cargo.toml"})),
    ));
    tools
}
