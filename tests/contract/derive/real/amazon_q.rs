//! The Amazon Q Developer CLI (aws/amazon-q-developer-cli,
//! `crates/chat-cli/src/cli/chat/tools`): tool structs copied as the harness declares them
//! (field names, types and serde attributes exactly; doc comments dropped), annotated for
//! toolmeta. All read from the snapshot at commit
//! 15cc8f3cd18c4272925ce1c7053268eedff1ea0a (2026-04-23). Tool names as in `tool_index.json`.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case, tagged_case};

// crates/chat-cli/src/cli/chat/tools/fs_read.rs
/// A batch of reads: one call carries many paths, so no stable single shape.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(name = "fs_read", namespace = "amazon_q", kind = "read", no_input)]
pub struct FsRead {
    pub operations: Vec<FsReadOperation>,
    pub summary: Option<String>,
}

/// One operation of `fs_read`, internally tagged by `mode`: each variant's struct is a
/// tool of its own (below), so the enum dispatches to it, and raw arguments pick it by tag.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[serde(tag = "mode")]
pub enum FsReadOperation {
    Line(FsLine),
    Directory(FsDirectory),
    Search(FsSearch),
    Image(FsImage),
}

/// `limit` from the inclusive 1-based `start_line..=end_line`; an `end_line` of `-1` (or
/// any negative) counts from the end: no limit.
fn fs_line_count(line: &FsLine) -> Option<i32> {
    let start = line.start_line.unwrap_or(1);
    let end = line.end_line?;
    (start >= 1 && end >= start).then(|| end - start + 1)
}

// crates/chat-cli/src/cli/chat/tools/fs_read.rs: one operation of `fs_read` (`"mode":
// "Line"`), projected as the Read it is. A negative `start_line` counts from the end and is
// dropped by the `offset` rule.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "fs_read",
    namespace = "amazon_q",
    kind = "read",
    compute(limit = "fs_line_count")
)]
pub struct FsLine {
    #[tool(project)]
    pub path: String,
    #[tool(project = "offset")]
    pub start_line: Option<i32>,
    pub end_line: Option<i32>,
}

// crates/chat-cli/src/cli/chat/tools/fs_read.rs (`"mode": "Directory"`)
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(name = "fs_read", namespace = "amazon_q", kind = "list_dir")]
pub struct FsDirectory {
    #[tool(project = "directory")]
    pub path: String,
    #[tool(extra = "depth")]
    pub depth: Option<usize>,
}

// crates/chat-cli/src/cli/chat/tools/fs_read.rs (`"mode": "Search"`)
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(name = "fs_read", namespace = "amazon_q", kind = "search")]
pub struct FsSearch {
    #[tool(project)]
    pub path: String,
    #[tool(project)]
    pub pattern: String,
    pub context_lines: Option<usize>,
}

// crates/chat-cli/src/cli/chat/tools/fs_read.rs (`"mode": "Image"`): several paths, no
// single one to project.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "fs_read",
    namespace = "amazon_q",
    kind = "other",
    label = "Read Images",
    read_only,
    no_input
)]
pub struct FsImage {
    pub image_paths: Vec<String>,
}

// crates/chat-cli/src/cli/chat/tools/fs_write.rs: already a serde tagged enum; creating is
// a Write, the other commands Edits. Every content field is a payload.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[serde(tag = "command")]
pub enum FsWrite {
    #[serde(rename = "create")]
    #[tool(name = "fs_write", namespace = "amazon_q", kind = "write")]
    Create {
        #[tool(project)]
        path: String,
        #[tool(payload)]
        file_text: Option<String>,
        #[tool(payload)]
        new_str: Option<String>,
        summary: Option<String>,
    },
    #[serde(rename = "str_replace")]
    #[tool(name = "fs_write", namespace = "amazon_q", kind = "edit")]
    StrReplace {
        #[tool(project)]
        path: String,
        #[tool(payload)]
        old_str: String,
        #[tool(payload)]
        new_str: String,
        summary: Option<String>,
    },
    #[serde(rename = "insert")]
    #[tool(name = "fs_write", namespace = "amazon_q", kind = "edit")]
    Insert {
        #[tool(project)]
        path: String,
        insert_line: usize,
        #[tool(payload)]
        new_str: String,
        summary: Option<String>,
    },
    #[serde(rename = "append")]
    #[tool(name = "fs_write", namespace = "amazon_q", kind = "edit")]
    Append {
        #[tool(project)]
        path: String,
        #[tool(payload)]
        new_str: String,
        summary: Option<String>,
    },
}

// crates/chat-cli/src/cli/chat/tools/execute/mod.rs: `summary` is the model's one-line
// explanation of the command.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(name = "execute_bash", namespace = "amazon_q", kind = "execute")]
pub struct ExecuteCommand {
    #[tool(project)]
    pub command: String,
    #[tool(project = "description")]
    pub summary: Option<String>,
}

// crates/chat-cli/src/cli/chat/tools/knowledge.rs: `knowledge`, an internally tagged enum
// of newtype variants, each command's struct a tool of its own. `show` carries no
// arguments and has no struct: the dynamic catch-all (no identity).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[serde(tag = "command", rename_all = "lowercase")]
pub enum Knowledge {
    Add(KnowledgeAdd),
    Remove(KnowledgeRemove),
    Clear(KnowledgeClear),
    Search(KnowledgeSearch),
    Update(KnowledgeUpdate),
    #[tool(dynamic)]
    Show,
    Cancel(KnowledgeCancel),
}

// crates/chat-cli/src/cli/chat/tools/knowledge.rs: the `search` command of `knowledge`.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(name = "knowledge", namespace = "amazon_q", kind = "memory_search")]
pub struct KnowledgeSearch {
    #[tool(project)]
    pub query: String,
    #[tool(extra = "context_id")]
    pub context_id: Option<String>,
}

// crates/chat-cli/src/cli/chat/tools/knowledge.rs: the `add` command; `value` is a path
// or the text itself, so it is not projected.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "knowledge",
    namespace = "amazon_q",
    kind = "other",
    label = "Add Knowledge"
)]
pub struct KnowledgeAdd {
    #[tool(extra = "name")]
    pub name: String,
    pub value: String,
}

// crates/chat-cli/src/cli/chat/tools/knowledge.rs: the `remove` command; at least one of
// the three is given, the others default to "".
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "knowledge",
    namespace = "amazon_q",
    kind = "other",
    label = "Remove Knowledge"
)]
pub struct KnowledgeRemove {
    #[serde(default)]
    #[tool(extra = "name")]
    pub name: String,
    #[serde(default)]
    #[tool(extra = "context_id")]
    pub context_id: String,
    #[serde(default)]
    #[tool(project)]
    pub path: String,
}

// crates/chat-cli/src/cli/chat/tools/knowledge.rs: the `clear` command.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "knowledge",
    namespace = "amazon_q",
    kind = "other",
    label = "Clear Knowledge"
)]
pub struct KnowledgeClear {
    #[tool(extra = "confirm")]
    pub confirm: bool,
}

// crates/chat-cli/src/cli/chat/tools/knowledge.rs: the `update` command.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "knowledge",
    namespace = "amazon_q",
    kind = "other",
    label = "Update Knowledge"
)]
pub struct KnowledgeUpdate {
    #[serde(default)]
    #[tool(project)]
    pub path: String,
    #[serde(default)]
    #[tool(extra = "context_id")]
    pub context_id: String,
    #[serde(default)]
    #[tool(extra = "name")]
    pub name: String,
}

// crates/chat-cli/src/cli/chat/tools/knowledge.rs: the `cancel` command.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "knowledge",
    namespace = "amazon_q",
    kind = "other",
    label = "Cancel Knowledge Operation"
)]
pub struct KnowledgeCancel {
    #[tool(extra = "operation_id")]
    pub operation_id: String,
}

// crates/chat-cli/src/cli/chat/tools/use_aws.rs
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "use_aws",
    namespace = "amazon_q",
    kind = "other",
    label = "Use AWS"
)]
pub struct UseAws {
    #[tool(extra = "service_name")]
    pub service_name: String,
    #[tool(extra = "operation_name")]
    pub operation_name: String,
    pub parameters: Option<HashMap<String, serde_json::Value>>,
    #[tool(extra = "region")]
    pub region: String,
    pub profile_name: Option<String>,
    pub label: Option<String>,
}

/// Amazon Q's `GhIssueContext` holds the session (context manager, transcript); a unit
/// stands in for it, since it is never deserialized.
#[derive(Debug, Clone)]
pub struct GhIssueContext;

// crates/chat-cli/src/cli/chat/tools/gh_issue.rs: `context` is `skip_deserializing`, set
// by the program, never by the model.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "gh_issue",
    namespace = "amazon_q",
    kind = "other",
    label = "Report Issue"
)]
pub struct GhIssue {
    #[tool(extra = "title")]
    pub title: String,
    pub expected_behavior: Option<String>,
    pub actual_behavior: Option<String>,
    pub steps_to_reproduce: Option<String>,

    #[serde(skip_deserializing)]
    pub context: Option<GhIssueContext>,
}

// crates/chat-cli/src/cli/chat/tools/thinking.rs: the thought is the payload.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "thinking",
    namespace = "amazon_q",
    kind = "other",
    label = "Think",
    read_only,
    no_input
)]
pub struct Thinking {
    pub thought: String,
}

// crates/chat-cli/src/cli/chat/tools/introspect.rs
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    name = "introspect",
    namespace = "amazon_q",
    kind = "other",
    label = "Introspect",
    read_only
)]
pub struct Introspect {
    #[serde(default)]
    #[tool(project)]
    query: Option<String>,
}

#[derive(Serialize, Clone, Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub enum Operation {
    Launch,
    Status,
    List,
}

/// The operation as its wire name.
fn operation_name(operation: &Operation) -> Option<&'static str> {
    Some(match operation {
        Operation::Launch => "launch",
        Operation::Status => "status",
        Operation::List => "list",
    })
}

// crates/chat-cli/src/cli/chat/tools/delegate.rs: `task` is the subagent's prompt, a
// payload.
#[derive(Debug, Clone, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "delegate", namespace = "amazon_q", kind = "task")]
pub struct Delegate {
    #[tool(extra = "operation", with = "operation_name")]
    pub operation: Operation,
    #[serde(default)]
    #[tool(extra = "agent")]
    pub agent: Option<String>,
    #[serde(default)]
    #[tool(payload)]
    pub task: Option<String>,
}

// crates/chat-cli/src/cli/chat/tools/todo.rs: a plan, with no stable cross-harness shape.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[serde(tag = "command", rename_all = "camelCase")]
pub enum TodoList {
    #[tool(name = "todo_list", namespace = "amazon_q", kind = "plan", no_input)]
    Create {
        tasks: Vec<String>,
        todo_list_description: String,
    },
    #[tool(name = "todo_list", namespace = "amazon_q", kind = "plan", no_input)]
    Complete {
        completed_indices: Vec<usize>,
        context_update: String,
        modified_files: Option<Vec<String>>,
        current_id: String,
    },
    #[tool(name = "todo_list", namespace = "amazon_q", kind = "plan", no_input)]
    Load { load_id: String },
    #[tool(name = "todo_list", namespace = "amazon_q", kind = "plan", no_input)]
    Add {
        new_tasks: Vec<String>,
        insert_indices: Vec<usize>,
        new_description: Option<String>,
        current_id: String,
    },
    #[tool(name = "todo_list", namespace = "amazon_q", kind = "plan", no_input)]
    Remove {
        remove_indices: Vec<usize>,
        new_description: Option<String>,
        current_id: String,
    },
    #[tool(name = "todo_list", namespace = "amazon_q", kind = "plan", no_input)]
    Lookup,
}

/// Every Amazon Q tool above, each checked on real calls.
pub fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    tools.push(case::<FsRead>(
        ("fs_read", Read, "Read"),
        json!({"operations": [{"mode": "Line", "path": "src/main.rs", "start_line": 1, "end_line": 40}], "summary": "Read main"}),
        None,
        None,
    ));
    let read = ("fs_read", Read, "Read");
    tools.push(case::<FsLine>(
        read,
        json!({"path": "src/main.rs", "start_line": 10, "end_line": 40}),
        Some(json!({"path": "src/main.rs", "offset": 10, "limit": 31})),
        Some(json!({"path": "src/main.rs", "offset": 10})),
    ));
    case::<FsLine>(
        read,
        json!({"path": "src/main.rs", "start_line": -20}),
        Some(json!({"path": "src/main.rs"})),
        Some(json!({"path": "src/main.rs"})),
    );
    case::<FsLine>(
        read,
        json!({"path": "src/main.rs", "start_line": 5, "end_line": -1}),
        Some(json!({"path": "src/main.rs", "offset": 5})),
        Some(json!({"path": "src/main.rs", "offset": 5})),
    );
    tools.push(case::<FsDirectory>(
        ("fs_read", ListDir, "List Files"),
        json!({"path": "crates", "depth": 1}),
        Some(json!({"directory": "crates", "depth": 1})),
        Some(json!({"directory": "crates", "depth": 1})),
    ));
    tools.push(case::<FsSearch>(
        ("fs_read", Search, "Search"),
        json!({"path": "src/lib.rs", "pattern": "pub fn", "context_lines": 2}),
        Some(json!({"path": "src/lib.rs", "pattern": "pub fn"})),
        Some(json!({"path": "src/lib.rs", "pattern": "pub fn"})),
    ));
    tools.push(case::<FsImage>(
        ("fs_read", Other, "Read Images"),
        json!({"image_paths": ["a.png", "b.png"]}),
        None,
        None,
    ));
    // The operations as they arrive inside `operations`, tagged by `mode`.
    tools.push(tagged_case::<FsReadOperation>(
        read,
        json!({"mode": "Line", "path": "src/main.rs", "start_line": 3, "end_line": 4}),
        Some(json!({"path": "src/main.rs", "offset": 3, "limit": 2})),
        Some(json!({"path": "src/main.rs", "offset": 3})),
    ));
    tools.push(tagged_case::<FsReadOperation>(
        ("fs_read", ListDir, "List Files"),
        json!({"mode": "Directory", "path": "crates"}),
        Some(json!({"directory": "crates"})),
        Some(json!({"directory": "crates"})),
    ));
    tools.push(tagged_case::<FsReadOperation>(
        ("fs_read", Search, "Search"),
        json!({"mode": "Search", "path": "src", "pattern": "unsafe"}),
        Some(json!({"path": "src", "pattern": "unsafe"})),
        Some(json!({"path": "src", "pattern": "unsafe"})),
    ));
    tools.push(tagged_case::<FsReadOperation>(
        ("fs_read", Other, "Read Images"),
        json!({"mode": "Image", "image_paths": ["a.png"]}),
        None,
        None,
    ));
    tools.push(tagged_case::<FsWrite>(
        ("fs_write", Write, "Write"),
        json!({"command": "create", "path": "hello.py", "file_text": "print('hello')\n", "summary": "Create hello"}),
        Some(json!({"path": "hello.py"})),
        Some(json!({"path": "hello.py"})),
    ));
    tools.push(tagged_case::<FsWrite>(
        ("fs_write", Edit, "Edit"),
        json!({"command": "str_replace", "path": "hello.py", "old_str": "hello", "new_str": "world"}),
        Some(json!({"path": "hello.py"})),
        Some(json!({"path": "hello.py"})),
    ));
    tools.push(tagged_case::<FsWrite>(
        ("fs_write", Edit, "Edit"),
        json!({"command": "insert", "path": "hello.py", "insert_line": 3, "new_str": "x = 1\n"}),
        Some(json!({"path": "hello.py"})),
        Some(json!({"path": "hello.py"})),
    ));
    tools.push(tagged_case::<FsWrite>(
        ("fs_write", Edit, "Edit"),
        json!({"command": "append", "path": "log.txt", "new_str": "done\n"}),
        Some(json!({"path": "log.txt"})),
        Some(json!({"path": "log.txt"})),
    ));
    tools.push(case::<ExecuteCommand>(
        ("execute_bash", Execute, "Run Command"),
        json!({"command": "ls -la", "summary": "List the files"}),
        Some(json!({"command": "ls -la", "description": "List the files"})),
        Some(json!({"command": "ls -la", "description": "List the files"})),
    ));
    tools.push(case::<KnowledgeSearch>(
        ("knowledge", MemorySearch, "Memory Search"),
        json!({"query": "deployment steps", "context_id": "ctx-1"}),
        Some(json!({"query": "deployment steps", "context_id": "ctx-1"})),
        Some(json!({"query": "deployment steps", "context_id": "ctx-1"})),
    ));
    tools.push(tagged_case::<Knowledge>(
        ("knowledge", MemorySearch, "Memory Search"),
        json!({"command": "search", "query": "deployment steps"}),
        Some(json!({"query": "deployment steps"})),
        Some(json!({"query": "deployment steps"})),
    ));
    // `remove` with only a name: the defaulted `path` is "" when typed, absent when raw.
    tools.push(tagged_case::<Knowledge>(
        ("knowledge", Other, "Remove Knowledge"),
        json!({"command": "remove", "name": "runbooks"}),
        Some(json!({"path": "", "name": "runbooks", "context_id": ""})),
        Some(json!({"name": "runbooks"})),
    ));
    tools.push(case::<KnowledgeAdd>(
        ("knowledge", Other, "Add Knowledge"),
        json!({"name": "runbooks", "value": "/docs/runbooks"}),
        Some(json!({"name": "runbooks"})),
        Some(json!({"name": "runbooks"})),
    ));
    tools.push(case::<UseAws>(
        ("use_aws", Other, "Use AWS"),
        json!({"service_name": "s3", "operation_name": "list-buckets", "region": "us-east-1", "label": "List buckets"}),
        Some(json!({"service_name": "s3", "operation_name": "list-buckets", "region": "us-east-1"})),
        Some(json!({"service_name": "s3", "operation_name": "list-buckets", "region": "us-east-1"})),
    ));
    tools.push(case::<GhIssue>(
        ("gh_issue", Other, "Report Issue"),
        json!({"title": "Crash on start", "actual_behavior": "panics"}),
        Some(json!({"title": "Crash on start"})),
        Some(json!({"title": "Crash on start"})),
    ));
    tools.push(case::<Thinking>(
        ("thinking", Other, "Think"),
        json!({"thought": "First, list the crates."}),
        None,
        None,
    ));
    tools.push(case::<Introspect>(
        ("introspect", Other, "Introspect"),
        json!({"query": "how do I add an MCP server?"}),
        Some(json!({"query": "how do I add an MCP server?"})),
        Some(json!({"query": "how do I add an MCP server?"})),
    ));
    // No query: nothing projected, so no `input` (never `{}`).
    case::<Introspect>(("introspect", Other, "Introspect"), json!({}), None, None);
    // `operation` goes through a `with`: typed only.
    tools.push(case::<Delegate>(
        ("delegate", Task, "Subagent"),
        json!({"operation": "launch", "agent": "rust-agent", "task": "Refactor the parser and run the tests"}),
        Some(json!({"operation": "launch", "agent": "rust-agent"})),
        Some(json!({"agent": "rust-agent"})),
    ));
    tools.push(tagged_case::<TodoList>(
        ("todo_list", Plan, "Plan"),
        json!({"command": "create", "tasks": ["write tests", "ship"], "todo_list_description": "Release"}),
        None,
        None,
    ));
    tools.push(tagged_case::<TodoList>(
        ("todo_list", Plan, "Plan"),
        json!({"command": "lookup"}),
        None,
        None,
    ));
    tools
}
