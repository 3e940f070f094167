//! forge (antinomyhq/forge): the tool-argument structs of its catalog, copied as the harness
//! declares them (field names, types and serde attributes exactly; doc comments dropped;
//! forge derives `Deserialize` through `eserde`, a drop-in for serde's that reads the same
//! attributes), annotated for toolmeta under forge's own extension namespace, `_forge`.
//!
//! Provenance of every struct: antinomyhq/forge, crates/forge_domain/src/tools/catalog.rs
//! @ 54cecac14984728f9a019974aa23c7617b103268. Wire names are the catalog's tags
//! (`#[serde(tag = "name", content = "arguments", rename_all = "snake_case")]`).

use std::path::PathBuf;

use serde::Deserialize;
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case, tagged_case};

fn default_true() -> bool {
    true
}

/// `start_line` is documented as "starting from 1 not 0"; `end_line` is inclusive, so the
/// window's `limit` is computed from both.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "read",
    namespace = "_forge",
    kind = "read",
    compute(limit = "window")
)]
pub struct FSRead {
    #[serde(alias = "path")]
    #[tool(project = "path")]
    pub file_path: String,
    #[tool(project = "offset")]
    pub start_line: Option<i32>,
    #[serde(default = "default_true")]
    pub show_line_numbers: bool,
    pub end_line: Option<i32>,
}

fn window(read: &FSRead) -> Option<i64> {
    let (start, end) = (read.start_line?, read.end_line?);
    (end >= start).then(|| i64::from(end) - i64::from(start) + 1)
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "write", namespace = "_forge", kind = "write")]
pub struct FSWrite {
    #[serde(alias = "path")]
    #[tool(project = "path")]
    pub file_path: String,
    #[tool(payload)]
    pub content: String,
    #[serde(default)]
    pub overwrite: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutputMode {
    Content,
    FilesWithMatches,
    Count,
}

/// `offset` here skips matches before `head_limit` (0-based, not a start line): the Search
/// shape has no window start, so it is not projected.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "fs_search", namespace = "_forge", kind = "search")]
pub struct FSSearch {
    #[tool(project)]
    pub pattern: String,
    #[tool(project)]
    pub path: Option<String>,
    #[tool(extra = "glob")]
    pub glob: Option<String>,
    pub output_mode: Option<OutputMode>,
    #[serde(rename = "-B")]
    pub before_context: Option<u32>,
    #[serde(rename = "-A")]
    pub after_context: Option<u32>,
    #[serde(rename = "-C")]
    pub context: Option<u32>,
    #[serde(rename = "-n")]
    pub show_line_numbers: Option<bool>,
    #[serde(rename = "-i")]
    pub case_insensitive: Option<bool>,
    #[serde(rename = "type")]
    #[tool(extra = "file_type")]
    pub file_type: Option<String>,
    #[tool(project = "limit")]
    pub head_limit: Option<u32>,
    pub offset: Option<u32>,
    pub multiline: Option<bool>,
}

#[derive(Deserialize)]
pub struct SearchQuery {
    pub query: String,
    pub use_case: String,
}

/// Several queries at once: no one search pattern to project.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "sem_search", namespace = "_forge", kind = "search", no_input)]
pub struct SemanticSearch {
    pub queries: Vec<SearchQuery>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "remove", namespace = "_forge", kind = "delete")]
pub struct FSRemove {
    #[tool(project)]
    pub path: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "patch", namespace = "_forge", kind = "edit")]
pub struct FSPatch {
    #[serde(alias = "path")]
    #[tool(project = "path")]
    pub file_path: String,
    #[serde(alias = "search")]
    #[tool(payload)]
    pub old_string: String,
    #[serde(alias = "content")]
    #[tool(payload)]
    pub new_string: String,
    #[serde(default)]
    pub replace_all: bool,
}

#[derive(Deserialize)]
pub struct PatchEdit {
    pub old_string: String,
    pub new_string: String,
    #[serde(default)]
    pub replace_all: bool,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "multi_patch", namespace = "_forge", kind = "edit")]
pub struct FSMultiPatch {
    #[tool(project = "path")]
    pub file_path: String,
    #[tool(payload)]
    pub edits: Vec<PatchEdit>,
}

/// Reverts a file to its previous state: an edit of that file.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "undo", namespace = "_forge", kind = "edit")]
pub struct FSUndo {
    #[tool(project)]
    pub path: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "shell", namespace = "_forge", kind = "execute")]
pub struct Shell {
    #[tool(project)]
    pub command: String,
    #[serde(default)]
    #[tool(project)]
    pub cwd: Option<PathBuf>,
    #[serde(default)]
    pub keep_ansi: bool,
    #[serde(default)]
    pub env: Option<Vec<String>>,
    #[serde(default)]
    #[tool(project)]
    pub description: Option<String>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "fetch", namespace = "_forge", kind = "web_fetch")]
pub struct NetFetch {
    #[tool(project)]
    pub url: String,
    #[serde(default)]
    pub raw: Option<bool>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "followup", namespace = "_forge", kind = "ask_user")]
pub struct Followup {
    #[tool(extra = "question")]
    pub question: String,
    pub multiple: Option<bool>,
    pub option1: Option<String>,
    pub option2: Option<String>,
    pub option3: Option<String>,
    pub option4: Option<String>,
    pub option5: Option<String>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "plan", namespace = "_forge", kind = "plan")]
pub struct PlanCreate {
    #[tool(extra = "plan_name")]
    pub plan_name: String,
    pub version: String,
    pub content: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "skill", namespace = "_forge", kind = "skill")]
pub struct SkillFetch {
    #[tool(extra = "skill")]
    pub name: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TodoStatus {
    Pending,
    InProgress,
    Completed,
    Cancelled,
}

#[derive(Deserialize)]
pub struct TodoItem {
    pub content: String,
    pub status: TodoStatus,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "todo_write", namespace = "_forge", kind = "plan", no_input)]
pub struct TodoWrite {
    pub todos: Vec<TodoItem>,
}

/// Reads the plan: a plan tool that only reads.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "todo_read",
    namespace = "_forge",
    kind = "plan",
    read_only,
    no_input
)]
pub struct TodoRead {}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "task", namespace = "_forge", kind = "task")]
pub struct TaskInput {
    pub tasks: Vec<String>,
    #[tool(extra = "agent_id")]
    pub agent_id: String,
    pub session_id: Option<String>,
}

// Two inputs of the same file's older tool set (`FSListInput`, `FSFileInfoInput`), still declared.

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "list", namespace = "_forge", kind = "list_dir")]
pub struct FSListInput {
    #[tool(project = "directory")]
    pub path: String,
    pub recursive: Option<bool>,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "file_info",
    namespace = "_forge",
    kind = "other",
    label = "File Info",
    read_only
)]
pub struct FSFileInfoInput {
    #[tool(project)]
    pub path: String,
}

/// The catalog itself: adjacently tagged, each call `{"name": .., "arguments": {..}}`.
#[derive(Deserialize, ToolIdentity)]
#[serde(tag = "name", content = "arguments", rename_all = "snake_case")]
pub enum ToolCatalog {
    #[serde(alias = "Read")]
    Read(FSRead),
    #[serde(alias = "Write")]
    Write(FSWrite),
    FsSearch(FSSearch),
    SemSearch(SemanticSearch),
    Remove(FSRemove),
    Patch(FSPatch),
    MultiPatch(FSMultiPatch),
    Undo(FSUndo),
    Shell(Shell),
    Fetch(NetFetch),
    Followup(Followup),
    Plan(PlanCreate),
    Skill(SkillFetch),
    TodoWrite(TodoWrite),
    TodoRead(TodoRead),
    #[serde(alias = "Task")]
    Task(TaskInput),
}

pub fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    let read = ("read", Read, "Read");
    // The window is given as first and last line: `limit` is computed, so the raw wire keys
    // alone miss it, and a toolset projects by deserializing.
    tools.push(case::<FSRead>(
        read,
        json!({"file_path": "/repo/src/main.rs", "start_line": 120, "end_line": 180}),
        Some(json!({"path": "/repo/src/main.rs", "offset": 120, "limit": 61})),
        Some(json!({"path": "/repo/src/main.rs", "offset": 120})),
    ));
    case::<FSRead>(
        read,
        json!({"path": "/repo/README.md", "show_line_numbers": false}),
        Some(json!({"path": "/repo/README.md"})),
        Some(json!({"path": "/repo/README.md"})),
    );
    tools.push(case::<FSWrite>(
        ("write", Write, "Write"),
        json!({"file_path": "/repo/notes.md", "content": "# Notes\n", "overwrite": true}),
        Some(json!({"path": "/repo/notes.md"})),
        Some(json!({"path": "/repo/notes.md"})),
    ));
    tools.push(case::<FSSearch>(
        ("fs_search", Search, "Search"),
        json!({"pattern": "fn main", "path": "crates", "glob": "*.rs", "head_limit": 20, "-i": true, "type": "rust"}),
        Some(json!({"path": "crates", "limit": 20, "pattern": "fn main", "glob": "*.rs", "file_type": "rust"})),
        Some(json!({"path": "crates", "limit": 20, "pattern": "fn main", "glob": "*.rs", "file_type": "rust"})),
    ));
    tools.push(case::<SemanticSearch>(
        ("sem_search", Search, "Search"),
        json!({"queries": [{"query": "retry with backoff", "use_case": "the function implementation"}]}),
        None,
        None,
    ));
    tools.push(case::<FSRemove>(
        ("remove", Delete, "Delete"),
        json!({"path": "/repo/tmp.txt"}),
        Some(json!({"path": "/repo/tmp.txt"})),
        Some(json!({"path": "/repo/tmp.txt"})),
    ));
    tools.push(case::<FSPatch>(
        ("patch", Edit, "Edit"),
        json!({"file_path": "/repo/src/lib.rs", "old_string": "old()", "new_string": "new()"}),
        Some(json!({"path": "/repo/src/lib.rs"})),
        Some(json!({"path": "/repo/src/lib.rs"})),
    ));
    // `search` and `content` are aliases of the payloads: never projected.
    case::<FSPatch>(
        ("patch", Edit, "Edit"),
        json!({"path": "/repo/src/lib.rs", "search": "old()", "content": "new()"}),
        Some(json!({"path": "/repo/src/lib.rs"})),
        Some(json!({"path": "/repo/src/lib.rs"})),
    );
    tools.push(case::<FSMultiPatch>(
        ("multi_patch", Edit, "Edit"),
        json!({"file_path": "/repo/src/lib.rs", "edits": [{"old_string": "a", "new_string": "b"}]}),
        Some(json!({"path": "/repo/src/lib.rs"})),
        Some(json!({"path": "/repo/src/lib.rs"})),
    ));
    tools.push(case::<FSUndo>(
        ("undo", Edit, "Edit"),
        json!({"path": "/repo/src/lib.rs"}),
        Some(json!({"path": "/repo/src/lib.rs"})),
        Some(json!({"path": "/repo/src/lib.rs"})),
    ));
    tools.push(case::<Shell>(
        ("shell", Execute, "Run Command"),
        json!({"command": "cargo test", "cwd": "/repo", "env": ["PATH"], "description": "Runs the tests"}),
        Some(json!({"command": "cargo test", "description": "Runs the tests", "cwd": "/repo"})),
        Some(json!({"command": "cargo test", "description": "Runs the tests", "cwd": "/repo"})),
    ));
    tools.push(case::<NetFetch>(
        ("fetch", WebFetch, "Web Fetch"),
        json!({"url": "https://docs.rs/serde", "raw": true}),
        Some(json!({"url": "https://docs.rs/serde"})),
        Some(json!({"url": "https://docs.rs/serde"})),
    ));
    tools.push(case::<Followup>(
        ("followup", AskUser, "Ask User"),
        json!({"question": "Which database?", "option1": "Postgres", "option2": "SQLite"}),
        Some(json!({"question": "Which database?"})),
        Some(json!({"question": "Which database?"})),
    ));
    tools.push(case::<PlanCreate>(
        ("plan", Plan, "Plan"),
        json!({"plan_name": "auth-refactor", "version": "v1", "content": "# Plan\n- step"}),
        Some(json!({"plan_name": "auth-refactor"})),
        Some(json!({"plan_name": "auth-refactor"})),
    ));
    tools.push(case::<SkillFetch>(
        ("skill", Skill, "Skill"),
        json!({"name": "code_review"}),
        Some(json!({"skill": "code_review"})),
        Some(json!({"skill": "code_review"})),
    ));
    tools.push(case::<TodoWrite>(
        ("todo_write", Plan, "Plan"),
        json!({"todos": [{"content": "write tests", "status": "in_progress"}]}),
        None,
        None,
    ));
    tools.push(case::<TodoRead>(
        ("todo_read", Plan, "Plan"),
        json!({}),
        None,
        None,
    ));
    const { assert!(TodoRead::IDENTITY.read_only) };
    tools.push(case::<TaskInput>(
        ("task", Task, "Subagent"),
        json!({"tasks": ["review the diff"], "agent_id": "sage"}),
        Some(json!({"agent_id": "sage"})),
        Some(json!({"agent_id": "sage"})),
    ));
    tools.push(case::<FSListInput>(
        ("list", ListDir, "List Files"),
        json!({"path": "/repo/crates", "recursive": true}),
        Some(json!({"directory": "/repo/crates"})),
        Some(json!({"directory": "/repo/crates"})),
    ));
    tools.push(case::<FSFileInfoInput>(
        ("file_info", Other, "File Info"),
        json!({"path": "/repo/Cargo.toml"}),
        Some(json!({"path": "/repo/Cargo.toml"})),
        Some(json!({"path": "/repo/Cargo.toml"})),
    ));
    // A whole call through the catalog: the variant's arguments are under `arguments`.
    tagged_case::<ToolCatalog>(
        read,
        json!({"name": "read", "arguments": {"file_path": "/repo/src/main.rs", "start_line": 1, "end_line": 40}}),
        Some(json!({"path": "/repo/src/main.rs", "offset": 1, "limit": 40})),
        Some(json!({"path": "/repo/src/main.rs", "offset": 1})),
    );
    tagged_case::<ToolCatalog>(
        read,
        json!({"name": "Read", "arguments": {"path": "/repo/src/main.rs"}}),
        Some(json!({"path": "/repo/src/main.rs"})),
        Some(json!({"path": "/repo/src/main.rs"})),
    );
    tagged_case::<ToolCatalog>(
        ("shell", Execute, "Run Command"),
        json!({"name": "shell", "arguments": {"command": "ls"}}),
        Some(json!({"command": "ls"})),
        Some(json!({"command": "ls"})),
    );
    tools
}
