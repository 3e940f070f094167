//! Claude Code's built-in tools, as Claude Code sends their arguments (snake_case keys, the
//! tool names capitalized).
//!
//! Matches Claude Code 2.1.318 (claude-agent-sdk 0.3.318, as run by claude-agent-acp
//! 0.101.0): every tool in the tool lists that release sent to the model (recorded in
//! `tests/data/real/claude_code/tools.json`, including the deferred tools ToolSearch loaded:
//! WebFetch, WebSearch, NotebookEdit, EnterPlanMode, ExitPlanMode), plus the rest of the
//! tools reference (<https://code.claude.com/docs/en/tools-reference>: AskUserQuestion,
//! Cron*, *Worktree, Glob, Grep, LSP, Monitor, PowerShell, SendMessage, TaskOutput,
//! TaskStop, TodoWrite, MCP resources), and the tools of earlier releases that traffic still
//! carries (`Task`, now `Agent`; `BashOutput` and `KillShell`, now `TaskOutput` and
//! `TaskStop`; `LS`, `MultiEdit`). Tools whose arguments the sources do not show carry
//! identity only.
//!
//! claude-code-acp and claude-agent-acp expose the file tools through their own in-process
//! MCP server `acp` when the client can read and write files (as Zed does): the model then
//! calls `mcp__acp__Read`, `mcp__acp__Write`, `mcp__acp__Edit`, `mcp__acp__Bash`, ... (and
//! in some releases `mcp__acp__read`, ...). They are registered under those names too.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let ls = catalog::synthesize(Harness::ClaudeCode, "LS", Some(&json!({"path": "/repo/src"}))).unwrap();
//! assert_eq!((ls.label.as_ref(), ls.input), ("List Files", Some(json!({"directory": "/repo/src"}))));
//! ```

use serde::Deserialize;

use super::spec::{HarnessSpec, Tool, Tools};
use crate::ToolIdentity;
use crate::recognition::parties;

/// `Read`: reads a file, optionally a window of lines (`offset` is a 1-based line number).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Read",
    namespace = "claude_code",
    kind = "read"
)]
pub struct Read {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The line to start at.
    #[tool(project)]
    pub offset: Option<i64>,
    /// How many lines to read.
    #[tool(project)]
    pub limit: Option<u64>,
    /// The pages of a PDF to read.
    pub pages: Option<String>,
    /// Whether to read a large file whole.
    pub allow_large: Option<bool>,
}

/// `Write`: writes a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Write",
    namespace = "claude_code",
    kind = "write"
)]
pub struct Write {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The new contents.
    #[tool(payload)]
    pub content: String,
}

/// `Edit`: replaces a string in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Edit",
    namespace = "claude_code",
    kind = "edit"
)]
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

/// `MultiEdit`: several replacements in one file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "MultiEdit",
    namespace = "claude_code",
    kind = "edit"
)]
pub struct MultiEdit {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The replacements, applied in order.
    #[tool(payload)]
    pub edits: Vec<serde_json::Value>,
}

/// `NotebookEdit`: edits a cell of a Jupyter notebook.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "NotebookEdit",
    namespace = "claude_code",
    kind = "edit"
)]
pub struct NotebookEdit {
    /// The absolute path of the notebook.
    #[tool(project = "path")]
    pub notebook_path: String,
    /// The new source of the cell.
    #[tool(payload)]
    pub new_source: String,
    /// The cell to edit.
    pub cell_id: Option<String>,
    /// `code` or `markdown`.
    pub cell_type: Option<String>,
    /// `replace`, `insert` or `delete`.
    pub edit_mode: Option<String>,
}

/// `Bash`: runs a shell command.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Bash",
    namespace = "claude_code",
    kind = "execute"
)]
pub struct Bash {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// What the command does, in a few words.
    #[tool(project)]
    pub description: Option<String>,
    /// A timeout in milliseconds.
    pub timeout: Option<f64>,
    /// Whether to run it in the background.
    pub run_in_background: Option<bool>,
    /// Whether to run it outside the sandbox.
    #[serde(rename = "dangerouslyDisableSandbox")]
    pub dangerously_disable_sandbox: Option<bool>,
}

/// `PowerShell`: runs a PowerShell command (Windows).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "PowerShell",
    namespace = "claude_code",
    kind = "execute"
)]
pub struct PowerShell {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// What the command does, in a few words.
    #[tool(project)]
    pub description: Option<String>,
    /// A timeout in milliseconds.
    pub timeout: Option<f64>,
}

/// `TaskOutput` (formerly `BashOutput`): reads the output of a background task.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "TaskOutput",
    namespace = "claude_code",
    kind = "background_task_action",
    no_input
)]
pub struct TaskOutput {
    /// The background task.
    pub task_id: Option<String>,
    /// Whether to wait for it to finish.
    pub block: Option<bool>,
    /// How long to wait, in milliseconds.
    pub timeout: Option<f64>,
}

/// `TaskStop` (formerly `KillShell`): stops a background task.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "TaskStop",
    namespace = "claude_code",
    kind = "kill_task_action",
    no_input
)]
pub struct TaskStop {
    /// The background task.
    pub task_id: Option<String>,
}

/// `BashOutput`: reads the output of a background shell (earlier releases).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "BashOutput",
    namespace = "claude_code",
    kind = "background_task_action",
    no_input
)]
pub struct BashOutput {
    /// The background shell.
    pub bash_id: String,
}

/// `KillShell`: stops a background shell (earlier releases).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "KillShell",
    namespace = "claude_code",
    kind = "kill_task_action",
    no_input
)]
pub struct KillShell {
    /// The background shell.
    pub shell_id: String,
}

/// `Grep`: searches file contents with ripgrep (not offered by builds that search with
/// their embedded tools, as the captured one).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Grep",
    namespace = "claude_code",
    kind = "search"
)]
pub struct Grep {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// The file or directory to search.
    #[tool(project)]
    pub path: Option<String>,
    /// A glob filtering the files searched.
    pub glob: Option<String>,
    /// `content`, `files_with_matches` or `count`.
    pub output_mode: Option<String>,
}

/// `Glob`: finds files by name pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Glob",
    namespace = "claude_code",
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

/// `LS`: lists a directory (earlier releases).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "LS",
    namespace = "claude_code",
    kind = "list_dir"
)]
pub struct Ls {
    /// The absolute path of the directory.
    #[tool(project = "directory")]
    pub path: String,
    /// Globs to leave out.
    pub ignore: Option<Vec<String>>,
}

/// `WebFetch`: fetches a URL and runs a prompt over it.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "WebFetch",
    namespace = "claude_code",
    kind = "web_fetch"
)]
pub struct WebFetch {
    /// The URL.
    #[tool(project)]
    pub url: String,
    /// What to extract from the page.
    #[tool(payload)]
    pub prompt: String,
    /// Where in the page to continue (a character offset, not a line window).
    pub offset: Option<u64>,
}

/// `WebSearch`: searches the web.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "WebSearch",
    namespace = "claude_code",
    kind = "web_search"
)]
pub struct WebSearch {
    /// The query.
    #[tool(project)]
    pub query: String,
    /// Domains to restrict the search to.
    pub allowed_domains: Option<Vec<String>>,
    /// Domains to leave out.
    pub blocked_domains: Option<Vec<String>>,
}

/// `TodoWrite`: replaces the todo list.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "TodoWrite",
    namespace = "claude_code",
    kind = "plan",
    no_input
)]
pub struct TodoWrite {
    /// The todo list.
    #[tool(payload)]
    pub todos: Vec<serde_json::Value>,
}

/// `Agent` (formerly `Task`, still registered under that name): runs a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Agent",
    namespace = "claude_code",
    kind = "task"
)]
pub struct Agent {
    /// A short description of the task.
    #[tool(project)]
    pub description: String,
    /// The subagent's instructions.
    #[tool(payload)]
    pub prompt: String,
    /// Which subagent.
    pub subagent_type: Option<String>,
    /// The model to run it with.
    pub model: Option<String>,
    /// How hard it should think.
    pub effort: Option<String>,
    /// Whether to run it in the background.
    pub run_in_background: Option<bool>,
    /// `worktree` to run it in its own git worktree.
    pub isolation: Option<String>,
}

/// `EnterPlanMode`: switches to plan mode.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "EnterPlanMode",
    namespace = "claude_code",
    kind = "enter_plan",
    no_input
)]
pub struct EnterPlanMode {}

/// `ExitPlanMode`: presents the plan and leaves plan mode.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ExitPlanMode",
    namespace = "claude_code",
    kind = "exit_plan",
    no_input
)]
pub struct ExitPlanMode {
    /// The plan (sent by the model, though the schema no longer lists it).
    #[tool(payload)]
    pub plan: Option<String>,
    /// Prompts to allow once the plan is approved.
    #[serde(rename = "allowedPrompts")]
    pub allowed_prompts: Option<Vec<serde_json::Value>>,
}

/// `Skill`: loads a skill.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Skill",
    namespace = "claude_code",
    kind = "skill",
    no_input
)]
pub struct Skill {
    /// The skill.
    pub skill: String,
    /// Its arguments.
    pub args: Option<String>,
}

/// `ToolSearch`: finds and loads deferred tools (`select:A,B` loads them by name).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ToolSearch",
    namespace = "claude_code",
    kind = "search_tool"
)]
pub struct ToolSearch {
    /// What to look for.
    #[tool(project)]
    pub query: String,
    /// The most tools to return.
    pub max_results: Option<f64>,
}

/// `AskUserQuestion`: asks the user multiple-choice questions.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "AskUserQuestion",
    namespace = "claude_code",
    kind = "ask_user",
    no_input
)]
pub struct AskUserQuestion {
    /// The questions.
    #[tool(payload)]
    pub questions: Vec<serde_json::Value>,
}

/// `Workflow`: runs a workflow script.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Workflow",
    namespace = "claude_code",
    kind = "workflow",
    no_input
)]
pub struct Workflow {
    /// The script.
    #[tool(payload)]
    pub script: Option<String>,
    /// The workflow's name.
    pub name: Option<String>,
    /// What it does.
    pub description: Option<String>,
    /// Its title.
    pub title: Option<String>,
    /// Its arguments.
    pub args: Option<serde_json::Value>,
    /// The script's path.
    #[serde(rename = "scriptPath")]
    pub script_path: Option<String>,
    /// A run to resume.
    #[serde(rename = "resumeFromRunId")]
    pub resume_from_run_id: Option<String>,
}

/// `Monitor`: watches a background process.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Monitor",
    namespace = "claude_code",
    kind = "monitor",
    no_input
)]
pub struct Monitor {}

/// `SendMessage`: sends a message to a running subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "SendMessage",
    namespace = "claude_code",
    kind = "active_agent_message",
    no_input
)]
pub struct SendMessage {}

/// `LSP`: code intelligence through language servers.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "LSP",
    namespace = "claude_code",
    kind = "lsp",
    no_input
)]
pub struct Lsp {}

/// Declares Claude Code tools that carry identity only: their arguments are not in the
/// sources, or hold nothing canonical.
macro_rules! identity_only {
    ($($(#[$doc:meta])* $ty:ident = $name:literal, $kind:literal;)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Deserialize, ToolIdentity)]
        #[tool(crate = "crate", name = $name, namespace = "claude_code", kind = $kind, no_input)]
        pub struct $ty {}
    )*};
}

/// `ListAgents`: lists the agents that can be messaged.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ListAgents",
    namespace = "claude_code",
    kind = "other",
    read_only,
    no_input
)]
pub struct ListAgents {
    /// The channel to list.
    pub channel: Option<String>,
    /// A filter.
    pub q: Option<String>,
}

/// `ReportFindings`: reports review findings.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ReportFindings",
    namespace = "claude_code",
    kind = "other",
    no_input
)]
pub struct ReportFindings {
    /// How severe.
    pub level: Option<String>,
    /// The findings.
    pub findings: Vec<serde_json::Value>,
}

/// `ScheduleWakeup`: schedules the session to resume later.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ScheduleWakeup",
    namespace = "claude_code",
    kind = "other",
    no_input
)]
pub struct ScheduleWakeup {
    /// How long to wait.
    #[serde(rename = "delaySeconds")]
    pub delay_seconds: Option<f64>,
    /// Why.
    pub reason: Option<String>,
    /// The prompt to resume with.
    #[tool(payload)]
    pub prompt: Option<String>,
    /// Whether to cancel the wakeup instead.
    pub stop: Option<bool>,
    /// Whether nothing needs doing.
    pub noop: Option<bool>,
}

identity_only! {
    /// `CronCreate`: schedules a prompt.
    CronCreate = "CronCreate", "other";
    /// `CronDelete`: cancels a scheduled prompt.
    CronDelete = "CronDelete", "other";
    /// `CronList`: lists the scheduled prompts.
    CronList = "CronList", "other";
    /// `EnterWorktree`: moves the session into a new git worktree.
    EnterWorktree = "EnterWorktree", "other";
    /// `ExitWorktree`: leaves the worktree.
    ExitWorktree = "ExitWorktree", "other";
    /// `ListMcpResourcesTool`: lists the resources of the MCP servers.
    ListMcpResourcesTool = "ListMcpResourcesTool", "other";
    /// `ReadMcpResourceTool`: reads an MCP resource.
    ReadMcpResourceTool = "ReadMcpResourceTool", "other";
}

/// Claude Code in the catalog: what recognises it, the release its tools were checked
/// against, where they were read from, and its tools, each registered once.
pub(super) const SPEC: HarnessSpec = HarnessSpec {
    party: &parties::CLAUDE_CODE,
    release: "Claude Code 2.1.318 (claude-agent-sdk 0.3.318, run by claude-agent-acp 0.101.0)",
    source: "the tool lists that release sent to the model (tests/data/real/claude_code/tools.json), the tools reference https://code.claude.com/docs/en/tools-reference, and the tools of earlier releases that traffic still carries",
    // Claude Code's tools, and the names claude-code-acp / claude-agent-acp give the file
    // tools it serves itself.
    tools: Tools::new([
        Tool::of::<Agent>(),
        Tool::of::<Bash>(),
        Tool::of::<Edit>(),
        Tool::of::<EnterPlanMode>(),
        Tool::of::<ExitPlanMode>(),
        Tool::of::<ListAgents>(),
        Tool::of::<NotebookEdit>(),
        Tool::of::<Read>(),
        Tool::of::<ReportFindings>(),
        Tool::of::<ScheduleWakeup>(),
        Tool::of::<Skill>(),
        Tool::of::<ToolSearch>(),
        Tool::of::<WebFetch>(),
        Tool::of::<WebSearch>(),
        Tool::of::<Workflow>(),
        Tool::of::<Write>(),
        Tool::of::<AskUserQuestion>(),
        Tool::of::<CronCreate>(),
        Tool::of::<CronDelete>(),
        Tool::of::<CronList>(),
        Tool::of::<EnterWorktree>(),
        Tool::of::<ExitWorktree>(),
        Tool::of::<Glob>(),
        Tool::of::<Grep>(),
        Tool::of::<ListMcpResourcesTool>(),
        Tool::of::<ReadMcpResourceTool>(),
        Tool::of::<Lsp>(),
        Tool::of::<Monitor>(),
        Tool::of::<PowerShell>(),
        Tool::of::<SendMessage>(),
        Tool::of::<TaskOutput>(),
        Tool::of::<TaskStop>(),
        Tool::of::<TodoWrite>(),
        // Earlier releases.
        Tool::of::<Agent>().renamed("Task"),
        Tool::of::<BashOutput>(),
        Tool::of::<KillShell>(),
        // KillShell's name in some releases (listed in a Claude Code SDK init message quoted in
        // bitovi/ai-coding-agent `specifications/improved-output.md`).
        Tool::of::<KillShell>().renamed("KillBash"),
        Tool::of::<Ls>(),
        Tool::of::<MultiEdit>(),
        // The ACP adapters' own MCP server.
        Tool::of::<Read>().renamed("mcp__acp__Read"),
        Tool::of::<Write>().renamed("mcp__acp__Write"),
        Tool::of::<Edit>().renamed("mcp__acp__Edit"),
        Tool::of::<MultiEdit>().renamed("mcp__acp__MultiEdit"),
        Tool::of::<Bash>().renamed("mcp__acp__Bash"),
        Tool::of::<BashOutput>().renamed("mcp__acp__BashOutput"),
        Tool::of::<KillShell>().renamed("mcp__acp__KillShell"),
        Tool::of::<Read>().renamed("mcp__acp__read"),
        Tool::of::<Write>().renamed("mcp__acp__write"),
        Tool::of::<Edit>().renamed("mcp__acp__edit"),
    ])
    .registered(),
};
