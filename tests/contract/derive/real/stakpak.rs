//! stakpak (stakpak/agent): the request structs of its local MCP tools, copied as declared
//! (field names, types and serde attributes exactly; doc comments and the `schemars`
//! attributes dropped), annotated for toolmeta under stakpak's own extension namespace,
//! `_stakpak`. Wire names are the `#[tool]` methods' names (rmcp names a tool after its
//! method), each taking `Parameters<Request>`. One request struct serves two tools of
//! different kinds (`run_command` runs and waits, `run_command_task` starts a background
//! task): the second is declared with `remote`.
//!
//! Provenance: stakpak/agent, libs/mcp/server/src/local_tools.rs
//! @ 4e44be9ceea9b893f9a93a015c6efeac7b8e7520.

use serde::{Deserialize, Deserializer};
use serde_json::json;
use toolmeta::ToolKind::*;
use toolmeta::{ToolFor, ToolIdentity};

use super::check::{Tool, case, remote_case};

#[derive(Debug, Deserialize, ToolIdentity)]
#[serde(deny_unknown_fields)]
#[tool(name = "run_command", namespace = "_stakpak", kind = "execute")]
pub struct RunCommandRequest {
    #[tool(project)]
    pub command: String,
    #[tool(project)]
    pub description: Option<String>,
    pub timeout: Option<u64>,
}

/// `run_command_task` takes the same request and starts the command in the background.
#[derive(ToolIdentity)]
#[tool(
    remote = "RunCommandRequest",
    name = "run_command_task",
    namespace = "_stakpak",
    kind = "background_task_action"
)]
pub struct RunCommandTask {
    #[tool(project)]
    pub command: String,
    #[tool(project)]
    pub description: Option<String>,
    pub timeout: Option<u64>,
}

fn deserialize_optional_nonempty_preserved_string<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    let value = Option::<String>::deserialize(deserializer)?;
    Ok(value.filter(|value| !value.is_empty()))
}

fn deserialize_optional_nonempty_trimmed_string<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<String>, D::Error> {
    let value = Option::<String>::deserialize(deserializer)?;
    Ok(value
        .map(|value| value.trim().to_owned())
        .filter(|value| !value.is_empty()))
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[serde(deny_unknown_fields)]
#[tool(name = "run_remote_command", namespace = "_stakpak", kind = "execute")]
pub struct RunRemoteCommandRequest {
    #[tool(project)]
    pub command: String,
    #[tool(project)]
    pub description: Option<String>,
    pub timeout: Option<u64>,
    #[tool(extra = "remote")]
    pub remote: String,
    #[serde(
        default,
        deserialize_with = "deserialize_optional_nonempty_preserved_string"
    )]
    pub password: Option<String>,
    #[serde(
        default,
        deserialize_with = "deserialize_optional_nonempty_trimmed_string"
    )]
    pub private_key_path: Option<String>,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "cancel_task",
    namespace = "_stakpak",
    kind = "kill_task_action"
)]
pub struct TaskStatusRequest {
    #[tool(extra = "task_id")]
    pub task_id: String,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "get_task_details",
    namespace = "_stakpak",
    kind = "background_task_action",
    read_only
)]
pub struct GetTaskDetailsRequest {
    #[tool(extra = "task_id")]
    pub task_id: String,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "get_all_tasks",
    namespace = "_stakpak",
    kind = "background_task_action",
    read_only,
    no_input
)]
pub struct GetAllTasksRequest {
    pub view: String,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "wait_for_tasks",
    namespace = "_stakpak",
    kind = "wait_tasks_action"
)]
pub struct AwaitTasksRequest {
    #[tool(extra = "task_ids")]
    pub task_ids: String,
    pub timeout: Option<u64>,
}

/// `view_range` is `[start_line, end_line]`, 1-indexed, `-1` for the end of the file.
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "view",
    namespace = "_stakpak",
    kind = "read",
    compute(limit = "view_lines")
)]
pub struct ViewRequest {
    #[tool(project)]
    pub path: String,
    #[tool(project = "offset", with = "view_start")]
    pub view_range: Option<[i32; 2]>,
    pub grep: Option<String>,
    pub glob: Option<String>,
    pub password: Option<String>,
    pub private_key_path: Option<String>,
    pub tree: Option<bool>,
}

fn view_start(range: &Option<[i32; 2]>) -> Option<i32> {
    range.map(|[start, _]| start)
}

fn view_lines(view: &ViewRequest) -> Option<i64> {
    let [start, end] = view.view_range?;
    (end >= start).then(|| i64::from(end) - i64::from(start) + 1)
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "str_replace", namespace = "_stakpak", kind = "edit")]
pub struct StrReplaceRequest {
    #[tool(project)]
    pub path: String,
    pub old_str: String,
    pub new_str: String,
    pub replace_all: Option<bool>,
    pub password: Option<String>,
    pub private_key_path: Option<String>,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "create", namespace = "_stakpak", kind = "write")]
pub struct CreateRequest {
    #[tool(project)]
    pub path: String,
    #[tool(payload)]
    pub file_text: String,
    pub password: Option<String>,
    pub private_key_path: Option<String>,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(
    name = "generate_password",
    namespace = "_stakpak",
    kind = "other",
    label = "Generate Password"
)]
pub struct GeneratePasswordRequest {
    #[tool(extra = "length")]
    pub length: Option<usize>,
    #[tool(extra = "no_symbols")]
    pub no_symbols: Option<bool>,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "remove", namespace = "_stakpak", kind = "delete")]
pub struct RemoveRequest {
    #[tool(project)]
    pub path: String,
    pub recursive: Option<bool>,
    pub password: Option<String>,
    pub private_key_path: Option<String>,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "view_web_page", namespace = "_stakpak", kind = "web_fetch")]
pub struct ViewWebPageRequest {
    #[tool(project)]
    pub url: String,
}

pub fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    let run =
        json!({"command": "cargo build", "description": "Builds the workspace", "timeout": 600});
    let expected = json!({"command": "cargo build", "description": "Builds the workspace"});
    tools.push(case::<RunCommandRequest>(
        ("run_command", Execute, "Run Command"),
        run.clone(),
        Some(expected.clone()),
        Some(expected.clone()),
    ));
    // The same request, as the other tool it serves: a background task.
    let request: RunCommandRequest = serde_json::from_value(run.clone()).unwrap();
    let task = RunCommandTask::of(&request).tool_meta();
    assert_eq!(
        (task.name.as_str(), task.kind),
        ("run_command_task", BackgroundTaskAction)
    );
    assert_eq!(task.input, Some(expected.clone()));
    tools.push(remote_case::<RunCommandTask, RunCommandRequest>(
        ("run_command_task", BackgroundTaskAction, "Background Task"),
        run,
        Some(expected.clone()),
        Some(expected),
    ));
    // `deny_unknown_fields`: arguments serde refuses give no typed envelope, and the
    // registered entry falls back to the wire keys.
    assert!(
        serde_json::from_value::<RunCommandRequest>(json!({"command": "ls", "shell": "zsh"}))
            .is_err()
    );
    tools.push(case::<RunRemoteCommandRequest>(
        ("run_remote_command", Execute, "Run Command"),
        json!({"command": "uptime", "remote": "ops@db1:2222", "password": ""}),
        Some(json!({"command": "uptime", "remote": "ops@db1:2222"})),
        Some(json!({"command": "uptime", "remote": "ops@db1:2222"})),
    ));
    tools.push(case::<TaskStatusRequest>(
        ("cancel_task", KillTaskAction, "Kill Task"),
        json!({"task_id": "t-42"}),
        Some(json!({"task_id": "t-42"})),
        Some(json!({"task_id": "t-42"})),
    ));
    tools.push(case::<GetTaskDetailsRequest>(
        ("get_task_details", BackgroundTaskAction, "Background Task"),
        json!({"task_id": "t-42"}),
        Some(json!({"task_id": "t-42"})),
        Some(json!({"task_id": "t-42"})),
    ));
    tools.push(case::<GetAllTasksRequest>(
        ("get_all_tasks", BackgroundTaskAction, "Background Task"),
        json!({"view": "all"}),
        None,
        None,
    ));
    tools.push(case::<AwaitTasksRequest>(
        ("wait_for_tasks", WaitTasksAction, "Wait for Tasks"),
        json!({"task_ids": "t-1 t-2", "timeout": 30}),
        Some(json!({"task_ids": "t-1 t-2"})),
        Some(json!({"task_ids": "t-1 t-2"})),
    ));
    tools.push(case::<ViewRequest>(
        ("view", Read, "Read"),
        json!({"path": "/repo/src/main.rs", "view_range": [10, 29]}),
        Some(json!({"path": "/repo/src/main.rs", "offset": 10, "limit": 20})),
        Some(json!({"path": "/repo/src/main.rs"})),
    ));
    // `-1` reads to the end: a start line and no limit.
    case::<ViewRequest>(
        ("view", Read, "Read"),
        json!({"path": "/repo/src/main.rs", "view_range": [40, -1]}),
        Some(json!({"path": "/repo/src/main.rs", "offset": 40})),
        Some(json!({"path": "/repo/src/main.rs"})),
    );
    tools.push(case::<StrReplaceRequest>(
        ("str_replace", Edit, "Edit"),
        json!({"path": "/repo/src/lib.rs", "old_str": "foo", "new_str": "bar"}),
        Some(json!({"path": "/repo/src/lib.rs"})),
        Some(json!({"path": "/repo/src/lib.rs"})),
    ));
    tools.push(case::<CreateRequest>(
        ("create", Write, "Write"),
        json!({"path": "/repo/new.rs", "file_text": "fn main() {}"}),
        Some(json!({"path": "/repo/new.rs"})),
        Some(json!({"path": "/repo/new.rs"})),
    ));
    tools.push(case::<GeneratePasswordRequest>(
        ("generate_password", Other, "Generate Password"),
        json!({"length": 24, "no_symbols": true}),
        Some(json!({"length": 24, "no_symbols": true})),
        Some(json!({"length": 24, "no_symbols": true})),
    ));
    tools.push(case::<RemoveRequest>(
        ("remove", Delete, "Delete"),
        json!({"path": "/repo/tmp", "recursive": true}),
        Some(json!({"path": "/repo/tmp"})),
        Some(json!({"path": "/repo/tmp"})),
    ));
    tools.push(case::<ViewWebPageRequest>(
        ("view_web_page", WebFetch, "Web Fetch"),
        json!({"url": "https://stakpak.dev"}),
        Some(json!({"url": "https://stakpak.dev"})),
        Some(json!({"url": "https://stakpak.dev"})),
    ));
    tools
}
