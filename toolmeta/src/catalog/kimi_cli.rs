//! Kimi CLI's tools, as Kimi CLI sends their arguments (PascalCase tool names).
//!
//! Matches Kimi CLI 1.51.0 (PyPI `kimi-cli`; MoonshotAI/kimi-cli `4a550eff`): every tool of
//! the lists that release sent to the model (main agent and explore subagent, recorded in
//! `tests/data/real/kimi_cli/tools.json`), plus `ReadMediaFile` and `SearchWeb` (offered with
//! a model that reads images, or with Moonshot's search service) and `Think` and `SendDMail`
//! (other agent specs). `tests/data/real/kimi_cli/tools.md` names the source file of each.
//!
//! Kimi CLI's ACP traffic carries no `rawInput`, no ACP kind and no `_meta`: the tool is
//! named only by its title, `{tool}` or `{tool}: {key argument}`.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let read = catalog::synthesize(Harness::KimiCli, "ReadFile", Some(&json!({"path": "src/a.py", "line_offset": 10, "n_lines": 5})))
//!     .unwrap();
//! assert_eq!(read.input, Some(json!({"path": "src/a.py", "offset": 10, "limit": 5})));
//! ```

use serde::Deserialize;

use super::spec::{HarnessSpec, Tool, Tools};
use crate::ToolIdentity;
use crate::recognition::parties;

/// `ReadFile`: reads a text file, optionally a window of lines.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ReadFile",
    namespace = "kimi_cli",
    kind = "read"
)]
pub struct ReadFile {
    /// The file's path.
    #[tool(project)]
    pub path: String,
    /// The line to start at (1-based; a negative one counts from the end, and is dropped).
    #[tool(project = "offset")]
    pub line_offset: Option<i64>,
    /// How many lines to read.
    #[tool(project = "limit")]
    pub n_lines: Option<u64>,
}

/// `ReadMediaFile`: reads an image or video file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ReadMediaFile",
    namespace = "kimi_cli",
    kind = "read"
)]
pub struct ReadMediaFile {
    /// The file's path.
    #[tool(project)]
    pub path: String,
}

/// `WriteFile`: writes or appends to a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "WriteFile",
    namespace = "kimi_cli",
    kind = "write"
)]
pub struct WriteFile {
    /// The file's path.
    #[tool(project)]
    pub path: String,
    /// The contents.
    #[tool(payload)]
    pub content: String,
    /// `overwrite` or `append`.
    pub mode: Option<String>,
}

/// `StrReplaceFile`: replaces strings in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "StrReplaceFile",
    namespace = "kimi_cli",
    kind = "edit"
)]
pub struct StrReplaceFile {
    /// The file's path.
    #[tool(project)]
    pub path: String,
    /// The replacement (`{old, new, replace_all}`) or a list of them.
    #[tool(payload)]
    pub edit: serde_json::Value,
}

/// `Glob`: finds files by name pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Glob",
    namespace = "kimi_cli",
    kind = "search"
)]
pub struct Glob {
    /// The glob pattern.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project = "path")]
    pub directory: Option<String>,
    /// Whether to list directories too.
    pub include_dirs: Option<bool>,
}

/// `Grep`: searches file contents with ripgrep. `head_limit` is not projected as `limit`: its
/// `0` means no limit, where a `limit` of 0 would mean no match.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Grep",
    namespace = "kimi_cli",
    kind = "search"
)]
pub struct Grep {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// The file or directory to search (`.` when absent).
    #[tool(project)]
    pub path: Option<String>,
    /// A glob filtering the files searched.
    pub glob: Option<String>,
    /// `content`, `files_with_matches` or `count_matches`.
    pub output_mode: Option<String>,
    /// Lines of context before each match.
    #[serde(rename = "-B")]
    pub before: Option<u64>,
    /// Lines of context after each match.
    #[serde(rename = "-A")]
    pub after: Option<u64>,
    /// Lines of context around each match.
    #[serde(rename = "-C")]
    pub context: Option<u64>,
    /// Whether to show line numbers.
    #[serde(rename = "-n")]
    pub line_numbers: Option<bool>,
    /// Whether matching ignores case.
    #[serde(rename = "-i")]
    pub ignore_case: Option<bool>,
    /// A file type to search.
    #[serde(rename = "type")]
    pub file_type: Option<String>,
    /// The most output lines or entries (`0`: all).
    pub head_limit: Option<u64>,
    /// How many output entries to skip (not a line number).
    pub offset: Option<u64>,
    /// Whether a match may span lines.
    pub multiline: Option<bool>,
    /// Whether to search ignored files too.
    pub include_ignored: Option<bool>,
}

/// `Shell`: runs a command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Shell",
    namespace = "kimi_cli",
    kind = "execute"
)]
pub struct Shell {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// A timeout in seconds.
    pub timeout: Option<u64>,
    /// Whether to run it in the background.
    pub run_in_background: Option<bool>,
    /// What the command does.
    #[tool(project)]
    pub description: Option<String>,
}

/// `FetchURL`: fetches a web page.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "FetchURL",
    namespace = "kimi_cli",
    kind = "web_fetch"
)]
pub struct FetchUrl {
    /// The URL.
    #[tool(project)]
    pub url: String,
}

/// `SearchWeb`: searches the web (Moonshot's search service).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "SearchWeb",
    namespace = "kimi_cli",
    kind = "web_search"
)]
pub struct SearchWeb {
    /// The query.
    #[tool(project)]
    pub query: String,
    /// The most results.
    pub limit: Option<u64>,
    /// Whether to fetch the pages' content.
    pub include_content: Option<bool>,
}

/// `SetTodoList`: replaces the todo list.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "SetTodoList",
    namespace = "kimi_cli",
    kind = "plan",
    no_input
)]
pub struct SetTodoList {
    /// The todo list.
    #[tool(payload)]
    pub todos: Option<serde_json::Value>,
}

/// `Agent`: delegates to a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "Agent", namespace = "kimi_cli", kind = "task")]
pub struct Agent {
    /// A short description of the task.
    #[tool(project)]
    pub description: String,
    /// The subagent's instructions.
    #[tool(payload)]
    pub prompt: String,
    /// Which subagent.
    pub subagent_type: Option<String>,
    /// The model it runs on.
    pub model: Option<serde_json::Value>,
    /// A subagent to resume.
    pub resume: Option<serde_json::Value>,
    /// Whether to run it in the background.
    pub run_in_background: Option<bool>,
    /// A timeout.
    pub timeout: Option<serde_json::Value>,
}

/// `TaskOutput`: reads a background task's output.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "TaskOutput",
    namespace = "kimi_cli",
    kind = "background_task_action",
    read_only,
    no_input
)]
pub struct TaskOutput {
    /// The background task.
    pub task_id: String,
    /// Whether to wait for it to finish.
    pub block: Option<bool>,
    /// How long to wait.
    pub timeout: Option<u64>,
}

/// `TaskList`: lists the background tasks (`limit` counts tasks, not a window).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "TaskList",
    namespace = "kimi_cli",
    kind = "background_task_action",
    read_only,
    no_input
)]
pub struct TaskList {
    /// Whether to list only the running ones.
    pub active_only: Option<bool>,
    /// The most tasks.
    pub limit: Option<u64>,
}

/// `TaskStop`: stops a background task.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "TaskStop",
    namespace = "kimi_cli",
    kind = "kill_task_action",
    no_input
)]
pub struct TaskStop {
    /// The background task.
    pub task_id: String,
    /// Why.
    pub reason: Option<String>,
}

/// `EnterPlanMode`: switches to plan mode.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "EnterPlanMode",
    namespace = "kimi_cli",
    kind = "enter_plan",
    no_input
)]
pub struct EnterPlanMode {}

/// `ExitPlanMode`: asks to leave plan mode.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "ExitPlanMode",
    namespace = "kimi_cli",
    kind = "exit_plan",
    no_input
)]
pub struct ExitPlanMode {
    /// The options offered.
    pub options: Option<serde_json::Value>,
}

/// `AskUserQuestion`: asks the user questions.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "AskUserQuestion",
    namespace = "kimi_cli",
    kind = "ask_user",
    no_input
)]
pub struct AskUserQuestion {
    /// The questions.
    #[tool(payload)]
    pub questions: Vec<serde_json::Value>,
}

/// `Think`: writes a thought down (not in the default agent).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "Think",
    namespace = "kimi_cli",
    kind = "other",
    read_only,
    no_input
)]
pub struct Think {
    /// The thought.
    #[tool(payload)]
    pub thought: String,
}

/// `SendDMail`: sends a message back to an earlier checkpoint (not in the default agent).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "SendDMail",
    namespace = "kimi_cli",
    kind = "other",
    no_input
)]
pub struct SendDMail {}

/// Kimi CLI in the catalog: what recognises it, the release its tools were checked
/// against, where they were read from, and its tools, each registered once.
pub(super) const SPEC: HarnessSpec = HarnessSpec {
    party: &parties::KIMI_CLI,
    release: "Kimi CLI 1.51.0 (PyPI kimi-cli, MoonshotAI/kimi-cli 4a550effdfcb29a25a5d325bf935296cc50cd417)",
    source: "the tool lists that release sent to the model (tests/data/real/kimi_cli/tools.json: main agent and explore subagent) and MoonshotAI/kimi-cli src/kimi_cli/tools at 4a550eff (tests/data/real/kimi_cli/tools.md names the file of each tool)",
    tools: Tools::new([
        Tool::of::<Agent>(),
        Tool::of::<AskUserQuestion>(),
        Tool::of::<SetTodoList>(),
        Tool::of::<Shell>(),
        Tool::of::<TaskList>(),
        Tool::of::<TaskOutput>(),
        Tool::of::<TaskStop>(),
        Tool::of::<ReadFile>(),
        Tool::of::<Glob>(),
        Tool::of::<Grep>(),
        Tool::of::<WriteFile>(),
        Tool::of::<StrReplaceFile>(),
        Tool::of::<FetchUrl>(),
        Tool::of::<ExitPlanMode>(),
        Tool::of::<EnterPlanMode>(),
        Tool::of::<ReadMediaFile>(),
        Tool::of::<SearchWeb>(),
        Tool::of::<Think>(),
        Tool::of::<SendDMail>(),
    ])
    .registered(),
};
