//! Qwen Code's tools, as Qwen Code sends their arguments.
//!
//! Matches Qwen Code 0.24.4 (`@qwen-code/qwen-code`, built from QwenLM/qwen-code
//! `9674d6efdc`): every tool of the lists that release sent to the model (main agent and
//! Explore subagent, recorded in `tests/data/real/qwen_code/tools.json`), the deferred tools
//! the model loads with `tool_search` and calls through the `tool_call` wrapper (`web_fetch`,
//! `task_stop`, `monitor`, `send_message`, `zoom_image`, the cron, worktree, MCP-resource and
//! artifact tools), and the legacy names the release still accepts (`search_file_content`,
//! `replace`, `task`). `tests/data/real/qwen_code/tools.md` names the source file of each.
//!
//! Qwen Code names the tool in `_meta.toolName` on every update; its wrapper renames a
//! running call (`tool_call`, then the wrapped tool). `read_file`'s `offset` counts from 0.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let read = catalog::synthesize(Harness::QwenCode, "read_file", Some(&json!({"file_path": "/r/a.py", "offset": 0, "limit": 5})))
//!     .unwrap();
//! assert_eq!(read.input, Some(json!({"path": "/r/a.py", "offset": 1, "limit": 5})));
//! ```

use serde::Deserialize;

use super::spec::{HarnessSpec, Tool, Tools};
use crate::ToolIdentity;
use crate::recognition::parties;

/// `read_file`: reads a file, optionally a window of lines from a 0-based `offset`.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "read_file",
    namespace = "qwen_code",
    kind = "read"
)]
pub struct ReadFile {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The line to start at, counted from 0 ("the 0-based line number to start reading from").
    #[tool(project, zero_based)]
    pub offset: Option<i64>,
    /// How many lines to read.
    #[tool(project)]
    pub limit: Option<u64>,
    /// The pages of a PDF to read.
    pub pages: Option<String>,
}

/// `edit` (legacy `replace`): replaces a string in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "edit", namespace = "qwen_code", kind = "edit")]
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

/// `write_file`: writes a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "write_file",
    namespace = "qwen_code",
    kind = "write"
)]
pub struct WriteFile {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The new contents.
    #[tool(payload)]
    pub content: String,
    /// Whether to record the file as an artifact.
    pub record_as_artifact: Option<bool>,
}

/// `notebook_edit`: edits a cell of a Jupyter notebook.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "notebook_edit",
    namespace = "qwen_code",
    kind = "edit"
)]
pub struct NotebookEdit {
    /// The absolute path of the notebook.
    #[tool(project = "path")]
    pub notebook_path: String,
    /// The cell to edit.
    pub cell_id: Option<String>,
    /// The new source of the cell.
    #[tool(payload)]
    pub new_source: Option<String>,
    /// `code` or `markdown`.
    pub cell_type: Option<String>,
    /// `replace`, `insert` or `delete`.
    pub edit_mode: Option<String>,
}

/// `glob`: finds files by name pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "glob",
    namespace = "qwen_code",
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

/// `grep_search` (legacy `search_file_content`): searches file contents with ripgrep.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "grep_search",
    namespace = "qwen_code",
    kind = "search"
)]
pub struct GrepSearch {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// A glob the files searched must match.
    pub glob: Option<String>,
    /// The file or directory to search.
    #[tool(project)]
    pub path: Option<String>,
    /// The most matching lines: the Search window's `limit`.
    #[tool(project)]
    pub limit: Option<u64>,
}

/// `list_directory` (opt-in): lists a directory.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "list_directory",
    namespace = "qwen_code",
    kind = "list_dir"
)]
pub struct ListDirectory {
    /// The absolute path of the directory.
    #[tool(project = "directory")]
    pub path: String,
    /// Globs to leave out.
    pub ignore: Option<Vec<String>>,
    /// Which ignore files apply.
    pub file_filtering_options: Option<serde_json::Value>,
}

/// `run_shell_command`: runs a command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "run_shell_command",
    namespace = "qwen_code",
    kind = "execute"
)]
pub struct RunShellCommand {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// Whether to run it in the background.
    pub is_background: Option<bool>,
    /// A timeout in milliseconds.
    pub timeout: Option<u64>,
    /// What the command does.
    #[tool(project)]
    pub description: Option<String>,
    /// The directory to run it in.
    #[tool(project = "cwd")]
    pub directory: Option<String>,
}

/// `monitor` (deferred): runs a command and reports its output as events.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "monitor",
    namespace = "qwen_code",
    kind = "monitor"
)]
pub struct Monitor {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// What the command does.
    #[tool(project)]
    pub description: Option<String>,
    /// The directory to run it in.
    #[tool(project = "cwd")]
    pub directory: Option<String>,
    /// The most events to report.
    pub max_events: Option<u64>,
    /// How long to wait without output, in milliseconds.
    pub idle_timeout_ms: Option<u64>,
}

/// `web_fetch` (deferred in the main agent): fetches a URL and runs a prompt over it.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "web_fetch",
    namespace = "qwen_code",
    kind = "web_fetch"
)]
pub struct WebFetch {
    /// The URL.
    #[tool(project)]
    pub url: String,
    /// What to extract from the page.
    pub prompt: String,
    /// The format to fetch it in.
    pub format: Option<String>,
}

/// `web_search` (needs a search provider): searches the web.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "web_search",
    namespace = "qwen_code",
    kind = "web_search"
)]
pub struct WebSearch {
    /// The query.
    #[tool(project)]
    pub query: String,
}

/// `tool_search`: searches the deferred tools (`select:<name>` loads one).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "tool_search",
    namespace = "qwen_code",
    kind = "search_tool"
)]
pub struct ToolSearch {
    /// The query.
    #[tool(project)]
    pub query: String,
    /// The most tools to return.
    pub max_results: Option<u64>,
}

/// `tool_call`: calls a deferred tool; ACP then shows the wrapped tool under its own name.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "tool_call",
    namespace = "qwen_code",
    kind = "use_tool",
    no_input
)]
pub struct ToolCall {
    /// The wrapped tool.
    pub name: String,
    /// Its arguments.
    pub arguments: serde_json::Map<String, serde_json::Value>,
}

/// `agent` (legacy `task`): delegates to a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "agent",
    namespace = "qwen_code",
    kind = "task"
)]
pub struct Agent {
    /// A short description of the task.
    #[tool(project)]
    pub description: String,
    /// The subagent's instructions.
    #[tool(payload)]
    pub prompt: String,
    /// The todo item the task is for.
    pub todo_id: Option<String>,
    /// Which subagent.
    pub subagent_type: Option<String>,
    /// How many turns of the conversation to fork.
    pub fork_turns: Option<serde_json::Value>,
    /// The tools of a forked subagent.
    pub fork_tools: Option<Vec<serde_json::Value>>,
    /// The profile of a forked subagent.
    pub fork_profile: Option<String>,
    /// Whether to run it in the background.
    pub run_in_background: Option<bool>,
    /// How to isolate it.
    pub isolation: Option<String>,
    /// Its working directory.
    pub working_dir: Option<String>,
}

/// `todo_write` (opt-in): replaces the todo list (shown as an ACP plan, not a tool call).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "todo_write",
    namespace = "qwen_code",
    kind = "plan",
    no_input
)]
pub struct TodoWrite {
    /// The todo list.
    #[tool(payload)]
    pub todos: Vec<serde_json::Value>,
}

/// `enter_plan_mode`: switches to plan mode.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "enter_plan_mode",
    namespace = "qwen_code",
    kind = "enter_plan",
    no_input
)]
pub struct EnterPlanMode {
    /// Whether the user asked for it.
    #[serde(rename = "userRequested")]
    pub user_requested: Option<bool>,
}

/// `exit_plan_mode`: presents the plan and asks to leave plan mode.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "exit_plan_mode",
    namespace = "qwen_code",
    kind = "exit_plan",
    no_input
)]
pub struct ExitPlanMode {
    /// The plan.
    #[tool(payload)]
    pub plan: String,
    /// What the user asked.
    #[serde(rename = "originalRequest")]
    pub original_request: Option<String>,
    /// What the research found.
    #[serde(rename = "researchSummary")]
    pub research_summary: Option<String>,
}

/// `ask_user_question`: asks the user questions.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ask_user_question",
    namespace = "qwen_code",
    kind = "ask_user",
    no_input
)]
pub struct AskUserQuestion {
    /// The questions.
    #[tool(payload)]
    pub questions: Vec<serde_json::Value>,
    /// Where the questions come from.
    pub metadata: Option<serde_json::Value>,
}

/// `skill`: loads a skill.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "skill",
    namespace = "qwen_code",
    kind = "skill",
    no_input
)]
pub struct Skill {
    /// The skill.
    pub skill: String,
    /// Its arguments.
    pub args: Option<String>,
}

/// `task_stop` (deferred): stops a background task.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "task_stop",
    namespace = "qwen_code",
    kind = "kill_task_action",
    no_input
)]
pub struct TaskStop {
    /// The background task.
    pub task_id: String,
}

/// `send_message` (deferred): sends a message to a running subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "send_message",
    namespace = "qwen_code",
    kind = "active_agent_message",
    no_input
)]
pub struct SendMessage {
    /// The recipient.
    pub to: Option<String>,
    /// The subagent's task.
    pub task_id: Option<String>,
    /// The message.
    #[tool(payload)]
    pub message: String,
    /// A summary of it.
    pub summary: Option<String>,
}

/// `update_goal`: changes the goal's status.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "update_goal",
    namespace = "qwen_code",
    kind = "goal_update",
    no_input
)]
pub struct UpdateGoal {
    /// The new status.
    pub status: String,
    /// Why.
    pub reason: String,
    /// What blocks the goal.
    #[serde(rename = "blockerKind")]
    pub blocker_kind: Option<String>,
}

/// `get_goal`: reads the current goal.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "get_goal",
    namespace = "qwen_code",
    kind = "other",
    read_only,
    no_input
)]
pub struct GetGoal {}

/// `list_agents`: lists the subagents.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "list_agents",
    namespace = "qwen_code",
    kind = "other",
    read_only,
    no_input
)]
pub struct ListAgents {}

/// `zoom_image` (deferred): reads a region of an image.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "zoom_image",
    namespace = "qwen_code",
    kind = "read"
)]
pub struct ZoomImage {
    /// The image's path.
    #[tool(project = "path")]
    pub file_path: String,
    /// The region's left edge.
    pub x1: Option<f64>,
    /// The region's top edge.
    pub y1: Option<f64>,
    /// The region's right edge.
    pub x2: Option<f64>,
    /// The region's bottom edge.
    pub y2: Option<f64>,
}

/// `lsp` (not offered in the recording): asks the language server, as Claude Code's `LSP`.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "lsp",
    namespace = "qwen_code",
    kind = "lsp",
    no_input
)]
pub struct Lsp {}

/// A deferred tool of kind `other` whose arguments no recording shows: identity only.
macro_rules! other_tools {
    ($($(#[$doc:meta])* $ty:ident = $name:literal $(, $read_only:ident)?;)*) => {
        $(
            $(#[$doc])*
            #[derive(Debug, Clone, Deserialize, ToolIdentity)]
            #[tool(crate = "crate", name = $name, namespace = "qwen_code", kind = "other", $($read_only,)? no_input)]
            pub struct $ty {}
        )*
    };
}

other_tools! {
    /// `cron_create` (deferred): schedules a prompt.
    CronCreate = "cron_create";
    /// `cron_delete` (deferred): removes a schedule.
    CronDelete = "cron_delete";
    /// `cron_list` (deferred): lists the schedules.
    CronList = "cron_list", read_only;
    /// `loop_wakeup` (deferred): schedules the next turn of a loop.
    LoopWakeup = "loop_wakeup";
    /// `enter_worktree` (deferred): moves the session into a git worktree.
    EnterWorktree = "enter_worktree";
    /// `exit_worktree` (deferred): leaves the worktree.
    ExitWorktree = "exit_worktree";
    /// `read_mcp_resource` (deferred): reads an MCP server's resource.
    ReadMcpResource = "read_mcp_resource", read_only;
    /// `record_artifact` (deferred): records an artifact of the session.
    RecordArtifact = "record_artifact";
    /// `report_findings` (deferred): a subagent's report.
    ReportFindings = "report_findings";
}

/// Qwen Code in the catalog: what recognises it, the release its tools were checked
/// against, where they were read from, and its tools, each registered once.
pub(super) const SPEC: HarnessSpec = HarnessSpec {
    party: &parties::QWEN_CODE,
    release: "Qwen Code 0.24.4 (@qwen-code/qwen-code, built from QwenLM/qwen-code 9674d6efdc)",
    source: "the tool lists that release sent to the model (tests/data/real/qwen_code/tools.json: main agent and Explore subagent), the deferred tools' schemas in its tool_search results, and its bundle's packages/core/src/tools/*.ts (tests/data/real/qwen_code/tools.md names the file of each tool)",
    tools: Tools::new([
        Tool::of::<Agent>(),
        Tool::of::<AskUserQuestion>(),
        Tool::of::<Edit>(),
        Tool::of::<EnterPlanMode>(),
        Tool::of::<ExitPlanMode>(),
        Tool::of::<GetGoal>(),
        Tool::of::<Glob>(),
        Tool::of::<GrepSearch>(),
        Tool::of::<ListAgents>(),
        Tool::of::<ListDirectory>(),
        Tool::of::<NotebookEdit>(),
        Tool::of::<ReadFile>(),
        Tool::of::<RunShellCommand>(),
        Tool::of::<Skill>(),
        Tool::of::<TodoWrite>(),
        Tool::of::<ToolCall>(),
        Tool::of::<ToolSearch>(),
        Tool::of::<UpdateGoal>(),
        Tool::of::<WriteFile>(),
        Tool::of::<WebFetch>(),
        // Deferred, loaded through tool_search.
        Tool::of::<TaskStop>(),
        Tool::of::<Monitor>(),
        Tool::of::<SendMessage>(),
        Tool::of::<ZoomImage>(),
        Tool::of::<CronCreate>(),
        Tool::of::<CronDelete>(),
        Tool::of::<CronList>(),
        Tool::of::<LoopWakeup>(),
        Tool::of::<EnterWorktree>(),
        Tool::of::<ExitWorktree>(),
        Tool::of::<ReadMcpResource>(),
        Tool::of::<RecordArtifact>(),
        Tool::of::<ReportFindings>(),
        // Offered only with a search provider or a language server.
        Tool::of::<WebSearch>(),
        Tool::of::<Lsp>(),
        // Legacy names the release still accepts (`ToolNamesMigration`, tools/tool-names.ts).
        Tool::of::<GrepSearch>().renamed("search_file_content"),
        Tool::of::<Edit>().renamed("replace"),
        Tool::of::<Agent>().renamed("task"),
    ])
    .registered(),
};
