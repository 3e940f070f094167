//! OpenAI Codex (openai/codex, `codex-rs`): tool-argument structs copied as the harness
//! declares them (field names, types and serde attributes exactly; doc comments dropped),
//! annotated for toolmeta. Provenance on each struct: repository, path, and the commit of
//! the stored copy it was read from.

use serde::Deserialize;
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case};

// openai/codex  codex-rs/core/src/tools/handlers/read_file.rs
// @ 001cb8e233f250c7086c791c51390286c087faea
/// `offset` is documented there as a "1-indexed line number to start reading from;
/// defaults to 1", `limit` as "defaults to 2000".
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "codex", kind = "read")]
struct ReadFileArgs {
    #[tool(project = "path")]
    file_path: String,
    #[serde(default = "defaults::offset")]
    #[tool(project)]
    offset: usize,
    #[serde(default = "defaults::limit")]
    #[tool(project)]
    limit: usize,
    #[serde(default)]
    mode: ReadMode,
    #[serde(default)]
    indentation: Option<IndentationArgs>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "snake_case")]
enum ReadMode {
    // Codex implements `Default` in its `defaults` module; the variant is `Slice`.
    #[default]
    Slice,
    Indentation,
}

#[derive(Deserialize, Clone)]
struct IndentationArgs {
    #[serde(default)]
    anchor_line: Option<usize>,
    #[serde(default = "defaults::max_levels")]
    max_levels: usize,
    #[serde(default = "defaults::include_siblings")]
    include_siblings: bool,
    #[serde(default = "defaults::include_header")]
    include_header: bool,
    #[serde(default)]
    max_lines: Option<usize>,
}

mod defaults {
    // The values Codex documents for its defaults (the module's bodies are not copied).
    pub fn offset() -> usize {
        1
    }
    pub fn limit() -> usize {
        2000
    }
    pub fn max_levels() -> usize {
        0
    }
    pub fn include_siblings() -> bool {
        false
    }
    pub fn include_header() -> bool {
        true
    }
}

fn default_list_offset() -> usize {
    1
}

fn default_list_limit() -> usize {
    25
}

fn default_depth() -> usize {
    2
}

// openai/codex  codex-rs/core/src/tools/handlers/list_dir.rs
// @ 3688f6843232c363108e03d933693c41b2cbad09 (its default functions are named
// `default_offset`/`default_limit`, renamed here to share the file)
/// `offset` is "a 1-indexed entry number": a window over the entries.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "list_dir", namespace = "codex", kind = "list_dir")]
struct ListDirArgs {
    #[tool(project = "directory")]
    dir_path: String,
    #[serde(default = "default_list_offset")]
    #[tool(project)]
    offset: usize,
    #[serde(default = "default_list_limit")]
    #[tool(project)]
    limit: usize,
    #[serde(default = "default_depth")]
    #[tool(extra = "depth")]
    depth: usize,
}

fn default_grep_limit() -> usize {
    100
}

// openai/codex  codex-rs/core/src/tools/handlers/grep_files.rs
// @ 071fff16396df730c39dadcbe44d4aff03514713 (`default_limit` renamed)
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "grep_files", namespace = "codex", kind = "search")]
struct GrepFilesArgs {
    #[tool(project)]
    pattern: String,
    #[serde(default)]
    #[tool(extra = "include")]
    include: Option<String>,
    #[serde(default)]
    #[tool(project)]
    path: Option<String>,
    #[serde(default = "default_grep_limit")]
    #[tool(project)]
    limit: usize,
}

// openai/codex  codex-rs/core/src/tools/handlers/view_image.rs
// @ 0852c5d5687bfa89223e2fbde653c974065fce43
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "view_image", namespace = "codex", kind = "read")]
struct ViewImageArgs {
    #[tool(project)]
    path: String,
    detail: Option<String>,
}

/// Codex's `SandboxPermissions` (codex-rs/protocol), reduced to what deserializing needs.
#[derive(Deserialize, Default, Debug)]
#[serde(rename_all = "snake_case")]
enum SandboxPermissions {
    #[default]
    UseDefault,
    RequireEscalated,
}

fn default_exec_yield_time_ms() -> u64 {
    10000
}

fn default_write_stdin_yield_time_ms() -> u64 {
    250
}

// openai/codex  codex-rs/core/src/tools/handlers/unified_exec.rs
// @ 010d3e6290ba820300d5d173051df405d3df7e1a
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "exec_command", namespace = "codex", kind = "execute")]
struct ExecCommandArgs {
    #[tool(project = "command")]
    cmd: String,
    #[serde(default)]
    #[tool(project = "cwd")]
    workdir: Option<String>,
    #[serde(default)]
    shell: Option<String>,
    #[serde(default)]
    login: Option<bool>,
    #[serde(default = "default_exec_yield_time_ms")]
    yield_time_ms: u64,
    #[serde(default)]
    max_output_tokens: Option<usize>,
    #[serde(default)]
    sandbox_permissions: SandboxPermissions,
    #[serde(default)]
    justification: Option<String>,
}

// openai/codex  codex-rs/core/src/tools/handlers/unified_exec.rs (as above)
/// Keystrokes for a running session: what is typed is not projected.
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "write_stdin",
    namespace = "codex",
    kind = "other",
    label = "Write Stdin"
)]
struct WriteStdinArgs {
    #[tool(extra = "session_id")]
    session_id: i32,
    #[serde(default)]
    chars: String,
    #[serde(default = "default_write_stdin_yield_time_ms")]
    yield_time_ms: u64,
    #[serde(default)]
    max_output_tokens: Option<usize>,
}

// openai/codex  codex-rs/protocol/src/models.rs, the revision with
// `with_escalated_permissions` (found by content search; commit not recorded)
/// An argv: projected as one command line through `toolmeta::convert::command_line`.
#[derive(Deserialize, Debug, Clone, PartialEq, ToolIdentity)]
#[tool(name = "shell", namespace = "codex", kind = "execute")]
pub struct ShellToolCallParams {
    #[tool(project, with = "toolmeta::convert::command_line")]
    pub command: Vec<String>,
    #[tool(project = "cwd")]
    pub workdir: Option<String>,

    #[serde(alias = "timeout")]
    pub timeout_ms: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with_escalated_permissions: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub justification: Option<String>,
}

// openai/codex  codex-rs/core/src/tools/handlers/mcp_resource.rs (stored copy of the
// index; commit not recorded)
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "read_mcp_resource",
    namespace = "codex",
    kind = "other",
    label = "Read Resource",
    read_only
)]
struct ReadResourceArgs {
    #[tool(extra = "server")]
    server: String,
    #[tool(extra = "uri")]
    uri: String,
}

// openai/codex  codex-rs/core/src/tools/handlers/mcp_resource.rs (as above)
#[derive(Debug, Deserialize, Default, ToolIdentity)]
#[tool(
    name = "list_mcp_resources",
    namespace = "codex",
    kind = "other",
    label = "List Resources",
    read_only
)]
struct ListResourcesArgs {
    #[serde(default)]
    #[tool(extra = "server")]
    server: Option<String>,
    #[serde(default)]
    cursor: Option<String>,
}

/// Every Codex tool above, each checked on real calls.
pub fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    let read = ("read_file", Read, "Read");
    tools.push(case::<ReadFileArgs>(
        read,
        json!({"file_path": "/repo/src/lib.rs", "offset": 120, "limit": 40}),
        Some(json!({"path": "/repo/src/lib.rs", "offset": 120, "limit": 40})),
        Some(json!({"path": "/repo/src/lib.rs", "offset": 120, "limit": 40})),
    ));
    // Defaulted fields: the typed value has serde's defaults; the raw JSON has no key.
    case::<ReadFileArgs>(
        read,
        json!({"file_path": "/repo/src/lib.rs", "mode": "indentation", "indentation": {"anchor_line": 7}}),
        Some(json!({"path": "/repo/src/lib.rs", "offset": 1, "limit": 2000})),
        Some(json!({"path": "/repo/src/lib.rs"})),
    );
    tools.push(case::<ListDirArgs>(
        ("list_dir", ListDir, "List Files"),
        json!({"dir_path": "/repo/src", "offset": 26, "limit": 25, "depth": 3}),
        Some(json!({"offset": 26, "limit": 25, "directory": "/repo/src", "depth": 3})),
        Some(json!({"offset": 26, "limit": 25, "directory": "/repo/src", "depth": 3})),
    ));
    case::<ListDirArgs>(
        ("list_dir", ListDir, "List Files"),
        json!({"dir_path": "/repo"}),
        Some(json!({"offset": 1, "limit": 25, "directory": "/repo", "depth": 2})),
        Some(json!({"directory": "/repo"})),
    );
    tools.push(case::<GrepFilesArgs>(
        ("grep_files", Search, "Search"),
        json!({"pattern": "fn main", "include": "*.rs", "path": "codex-rs", "limit": 10}),
        Some(json!({"path": "codex-rs", "limit": 10, "pattern": "fn main", "include": "*.rs"})),
        Some(json!({"path": "codex-rs", "limit": 10, "pattern": "fn main", "include": "*.rs"})),
    ));
    case::<GrepFilesArgs>(
        ("grep_files", Search, "Search"),
        json!({"pattern": "TODO"}),
        Some(json!({"limit": 100, "pattern": "TODO"})),
        Some(json!({"pattern": "TODO"})),
    );
    tools.push(case::<ViewImageArgs>(
        ("view_image", Read, "Read"),
        json!({"path": "/tmp/screenshot.png", "detail": "original"}),
        Some(json!({"path": "/tmp/screenshot.png"})),
        Some(json!({"path": "/tmp/screenshot.png"})),
    ));
    tools.push(case::<ExecCommandArgs>(
        ("exec_command", Execute, "Run Command"),
        json!({"cmd": "cargo test -p codex-core", "workdir": "/repo/codex-rs", "yield_time_ms": 500}),
        Some(json!({"command": "cargo test -p codex-core", "cwd": "/repo/codex-rs"})),
        Some(json!({"command": "cargo test -p codex-core", "cwd": "/repo/codex-rs"})),
    ));
    tools.push(case::<WriteStdinArgs>(
        ("write_stdin", Other, "Write Stdin"),
        json!({"session_id": 3, "chars": "y\n"}),
        Some(json!({"session_id": 3})),
        Some(json!({"session_id": 3})),
    ));
    // The argv needs a Rust conversion: the raw projection cannot give the required
    // `command`, so it gives no input; the typed one converts (a `bash -lc` script is the
    // script itself). `timeout` is an alias serde accepts.
    tools.push(case::<ShellToolCallParams>(
        ("shell", Execute, "Run Command"),
        json!({"command": ["bash", "-lc", "cargo fmt && cargo test"], "workdir": "/repo", "timeout": 1000}),
        Some(json!({"command": "cargo fmt && cargo test", "cwd": "/repo"})),
        None,
    ));
    case::<ShellToolCallParams>(
        ("shell", Execute, "Run Command"),
        json!({"command": ["rg", "-n", "fn main", "src"]}),
        Some(json!({"command": "rg -n 'fn main' src"})),
        None,
    );
    tools.push(case::<ReadResourceArgs>(
        ("read_mcp_resource", Other, "Read Resource"),
        json!({"server": "docs", "uri": "file:///guide/setup.md"}),
        Some(json!({"server": "docs", "uri": "file:///guide/setup.md"})),
        Some(json!({"server": "docs", "uri": "file:///guide/setup.md"})),
    ));
    // No server: nothing projected, so no `input` at all (never `{}`).
    tools.push(case::<ListResourcesArgs>(
        ("list_mcp_resources", Other, "List Resources"),
        json!({}),
        None,
        None,
    ));
    case::<ListResourcesArgs>(
        ("list_mcp_resources", Other, "List Resources"),
        json!({"server": "docs", "cursor": "abc"}),
        Some(json!({"server": "docs"})),
        Some(json!({"server": "docs"})),
    );
    tools
}
