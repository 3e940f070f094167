//! OpenAI Codex's tools, as Codex sends their arguments — and as codex-acp shows them.
//!
//! Matches codex-acp 0.16.0 (codex-rs 0.137.0, model `gpt-5.5`): every tool in the tool list
//! that release sent to the model (`exec_command`, `write_stdin`, `update_plan`, `get_goal`,
//! `create_goal`, `update_goal`, `request_user_input`, `apply_patch`, `view_image`,
//! `tool_search`, `web_search`; recorded in `tests/data/real/codex/tools.json`), plus the
//! tools other models and configurations get (`shell`, `shell_command`, `read_file`,
//! `list_dir`, `grep_files`, and the multi-agent `spawn_agent`, `send_input`, `wait`,
//! `close_agent`; from openai/codex `codex-rs/core/src/tools/spec.rs`).
//!
//! codex-acp sends no tool name. Its `rawInput` is the event Codex emitted for the call,
//! not the model's arguments: an exec is an `ExecCommandBegin` (argv `command`, `cwd`,
//! `parsed_cmd`, `source`, ...), a patch a `PatchApplyBegin` (`changes`), a hosted web search
//! `{query, action}`. The tools below accept those event fields as well (serde aliases and
//! unprojected fields), so [`identify`](super::identify) can name the tool from them.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let patch = catalog::synthesize(Harness::Codex, "apply_patch", Some(&json!({"input": "*** Begin Patch"}))).unwrap();
//! assert_eq!((patch.label.as_ref(), patch.input), ("Edit", None));
//! // codex-acp's ExecCommandBegin event, projected through `exec_command`.
//! let exec = catalog::synthesize(Harness::Codex,
//!         "exec_command",
//!         Some(&json!({"command": ["/bin/bash", "-lc", "cat README.md"], "cwd": "/repo",
//!                      "parsed_cmd": [{"type": "read", "cmd": "cat README.md"}]})),
//!     )
//!     .unwrap();
//! assert_eq!(exec.input, Some(json!({"command": "cat README.md", "cwd": "/repo"})));
//! ```

use serde::Deserialize;

use super::spec::{HarnessSpec, Tool, Tools};
use crate::ToolIdentity;
use crate::convert::{Argv, CommandLine};
use crate::recognition::parties;

/// `shell`: runs an argv (`["bash", "-lc", "cargo test"]`); projected as one command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "shell", namespace = "codex", kind = "execute")]
pub struct Shell {
    /// The argv to run, as one command line.
    #[tool(project)]
    pub command: Argv,
    /// The working directory.
    #[tool(project = "cwd")]
    pub workdir: Option<String>,
    /// A timeout in milliseconds.
    pub timeout_ms: Option<u64>,
    /// Why the command needs to leave the sandbox.
    pub justification: Option<String>,
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

/// `exec_command`: starts a command in a PTY (unified exec), the shell tool of current
/// models. Also accepts codex-acp's `ExecCommandBegin` and `ExecApprovalRequest` events:
/// their argv `command` and `cwd` are aliases of `cmd` and `workdir`, and `parsed_cmd`,
/// `source`, `process_id`, `proposed_execpolicy_amendment`, `available_decisions`,
/// `reason` and the events' `call_id`, `turn_id` and `started_at_ms` are event fields (as
/// recorded in `tests/data/real/codex/session.jsonl`).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "exec_command",
    namespace = "codex",
    kind = "execute"
)]
pub struct ExecCommand {
    /// The command line (the event's argv `command`, as one command line).
    #[serde(alias = "command")]
    #[tool(project = "command")]
    pub cmd: CommandLine,
    /// The working directory (the event's `cwd`).
    #[serde(alias = "cwd")]
    #[tool(project = "cwd")]
    pub workdir: Option<String>,
    /// Why the command needs to leave the sandbox.
    pub justification: Option<String>,
    /// Whether to run a login shell.
    pub login: Option<bool>,
    /// The shell to run it with.
    pub shell: Option<String>,
    /// Whether to allocate a TTY.
    pub tty: Option<bool>,
    /// How long to wait for output, in milliseconds.
    pub yield_time_ms: Option<u64>,
    /// The most output tokens to return.
    pub max_output_tokens: Option<u64>,
    /// The sandbox permissions asked for.
    pub sandbox_permissions: Option<String>,
    /// A command prefix to allow from now on.
    pub prefix_rule: Option<Vec<String>>,
    /// The event's parse of the command (`read`, `list_files`, `search`, `unknown`).
    pub parsed_cmd: Option<Vec<serde_json::Value>>,
    /// The event's source (`unified_exec_startup`, ...).
    pub source: Option<String>,
    /// The event's process id.
    pub process_id: Option<String>,
    /// The event's call id.
    pub call_id: Option<String>,
    /// The event's turn.
    pub turn_id: Option<String>,
    /// When the event started, in Unix milliseconds.
    pub started_at_ms: Option<u64>,
    /// The approval request's reason.
    pub reason: Option<String>,
    /// The approval request's proposed allow rule.
    pub proposed_execpolicy_amendment: Option<Vec<String>>,
    /// The approval request's decisions.
    pub available_decisions: Option<Vec<serde_json::Value>>,
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
    /// How long to wait for output, in milliseconds.
    pub yield_time_ms: Option<u64>,
    /// The most output tokens to return.
    pub max_output_tokens: Option<u64>,
}

/// `apply_patch`: applies a patch in Codex's patch format (a freeform tool: the model sends
/// the patch as text, `input`). codex-acp sends the `PatchApplyBegin` (or the
/// `ApplyPatchApprovalRequest`) event instead, whose `changes` maps each file to its change,
/// beside the events' `call_id`, `turn_id`, `started_at_ms`, `reason` and `grant_root`.
/// Several files, inside the patch: it projects nothing.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "apply_patch",
    namespace = "codex",
    kind = "edit",
    no_input
)]
pub struct ApplyPatch {
    /// The patch, as the model wrote it.
    #[tool(payload)]
    pub input: Option<String>,
    /// The event's changes, by absolute path.
    #[tool(payload)]
    pub changes: Option<serde_json::Map<String, serde_json::Value>>,
    /// Whether the event says the patch was approved without asking.
    pub auto_approved: Option<bool>,
    /// The event's call id.
    pub call_id: Option<String>,
    /// The event's turn.
    pub turn_id: Option<String>,
    /// When the event started, in Unix milliseconds.
    pub started_at_ms: Option<u64>,
    /// The approval request's reason.
    pub reason: Option<String>,
    /// The approval request's root to grant writes under.
    pub grant_root: Option<String>,
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
    /// The detail to attach it at.
    pub detail: Option<String>,
}

/// `web_search`: the hosted web search (the model runs it; codex-acp reports it with
/// `rawInput` `{query, action}`).
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
    /// What the search did (`{type: "search", query, queries}`).
    pub action: Option<serde_json::Value>,
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

/// `get_goal`: reads the current goal.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "get_goal",
    namespace = "codex",
    kind = "other",
    read_only,
    no_input
)]
pub struct GetGoal {}

/// `create_goal`: sets a goal.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "create_goal",
    namespace = "codex",
    kind = "goal_update",
    no_input
)]
pub struct CreateGoal {
    /// What the goal is.
    pub objective: String,
    /// The token budget.
    pub token_budget: Option<u64>,
}

/// `update_goal`: changes the goal's status.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "update_goal",
    namespace = "codex",
    kind = "goal_update",
    no_input
)]
pub struct UpdateGoal {
    /// The new status.
    pub status: String,
}

/// `request_user_input`: asks the user questions.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "request_user_input",
    namespace = "codex",
    kind = "ask_user",
    no_input
)]
pub struct RequestUserInput {
    /// The questions.
    #[tool(payload)]
    pub questions: Vec<serde_json::Value>,
}

/// `tool_search`: searches the deferred tools (a hosted tool type; its arguments are not
/// in the tool list).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "tool_search",
    namespace = "codex",
    kind = "search_tool",
    no_input
)]
pub struct ToolSearch {}

/// `spawn_agent`: starts a subagent (multi-agent tools; not in the capture's tool list).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "spawn_agent",
    namespace = "codex",
    kind = "task",
    no_input
)]
pub struct SpawnAgent {}

/// `send_input`: sends a message to a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "send_input",
    namespace = "codex",
    kind = "active_agent_message",
    no_input
)]
pub struct SendInput {}

/// `wait`: waits for subagents.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "wait",
    namespace = "codex",
    kind = "wait_tasks_action",
    no_input
)]
pub struct Wait {}

/// `close_agent`: stops a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "close_agent",
    namespace = "codex",
    kind = "kill_task_action",
    no_input
)]
pub struct CloseAgent {}

/// Codex in the catalog: what recognises it, the release its tools were checked
/// against, where they were read from, and its tools, each registered once.
pub(super) const SPEC: HarnessSpec = HarnessSpec {
    party: &parties::CODEX,
    release: "codex-acp 0.16.0 (codex-rs 0.137.0)",
    source: "the tool list that release sent to the model (tests/data/real/codex/tools.json), openai/codex codex-rs/core/src/tools/spec.rs, and codex-acp's event fields (ExecCommandBegin, PatchApplyBegin)",
    tools: Tools::new([
        Tool::of::<ExecCommand>(),
        Tool::of::<WriteStdin>(),
        Tool::of::<UpdatePlan>(),
        Tool::of::<GetGoal>(),
        Tool::of::<CreateGoal>(),
        Tool::of::<UpdateGoal>(),
        Tool::of::<RequestUserInput>(),
        Tool::of::<ApplyPatch>(),
        Tool::of::<ViewImage>(),
        Tool::of::<ToolSearch>(),
        Tool::of::<WebSearch>(),
        Tool::of::<Shell>(),
        Tool::of::<ShellCommand>(),
        Tool::of::<ReadFile>(),
        Tool::of::<ListDir>(),
        Tool::of::<GrepFiles>(),
        Tool::of::<SpawnAgent>(),
        Tool::of::<SendInput>(),
        Tool::of::<Wait>(),
        Tool::of::<CloseAgent>(),
    ])
    .registered(),
};
