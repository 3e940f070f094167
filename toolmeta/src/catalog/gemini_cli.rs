//! Google Gemini CLI's built-in tools, as Gemini CLI sends their arguments.
//!
//! Matches Gemini CLI 0.61.0: every tool in the tool lists that release sent to the model
//! (recorded in `tests/data/real/gemini_cli/tools.json`: the main agent's, the plan-mode
//! list with `exit_plan_mode`, and the subagent's with `complete_task`), plus `write_todos`
//! (offered to Gemini 2.x models only) and `read_many_files` (earlier releases).
//!
//! Gemini CLI's ACP traffic carries no `rawInput`: the tool name is only in the
//! `toolCallId` (`read_file__read_file_<epoch-ms>_<n>`), and the arguments only show in the
//! call's `locations` (see the client's fallback).
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let read = catalog::synthesize(Harness::GeminiCli, "read_file", Some(&json!({"file_path": "/r/a.ts", "start_line": 10, "end_line": 14})))
//!     .unwrap();
//! assert_eq!(read.input, Some(json!({"path": "/r/a.ts", "offset": 10, "limit": 5})));
//! ```

use serde::Deserialize;

use super::spec::{HarnessSpec, Tool, Tools};
use crate::ToolIdentity;
use crate::recognition::parties;

/// `read_file`: reads a file, optionally the lines `start_line..=end_line` (1-based, end
/// inclusive), projected as `offset = start_line` and `limit = end_line - start_line + 1`.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "read_file",
    namespace = "gemini_cli",
    kind = "read"
)]
pub struct ReadFile {
    /// The path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The first line to read (1-based).
    #[tool(project = "offset")]
    pub start_line: Option<i64>,
    /// The last line to read (inclusive).
    #[tool(project = "limit", last_line)]
    pub end_line: Option<i64>,
}

/// `read_many_files`: reads every file matching some paths or globs (earlier releases); no
/// single path to project.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "read_many_files",
    namespace = "gemini_cli",
    kind = "read",
    no_input
)]
pub struct ReadManyFiles {
    /// The paths or globs.
    pub paths: Vec<String>,
}

/// `write_file`: writes a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "write_file",
    namespace = "gemini_cli",
    kind = "write"
)]
pub struct WriteFile {
    /// The path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The new contents.
    #[tool(payload)]
    pub content: String,
}

/// `replace`: replaces a string in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "replace",
    namespace = "gemini_cli",
    kind = "edit"
)]
pub struct Replace {
    /// The path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// What the change is for.
    pub instruction: Option<String>,
    /// The text to replace.
    #[tool(payload)]
    pub old_string: String,
    /// The replacement.
    #[tool(payload)]
    pub new_string: String,
    /// Whether to replace every occurrence.
    pub allow_multiple: Option<bool>,
}

/// `run_shell_command`: runs a command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "run_shell_command",
    namespace = "gemini_cli",
    kind = "execute"
)]
pub struct RunShellCommand {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// What the command does.
    #[tool(project)]
    pub description: Option<String>,
    /// The directory to run it in.
    #[tool(project = "cwd")]
    pub dir_path: Option<String>,
    /// Whether to run it in the background.
    pub is_background: Option<bool>,
    /// How long to wait before returning, in milliseconds.
    pub delay_ms: Option<u64>,
}

/// `glob`: finds files by name pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "glob",
    namespace = "gemini_cli",
    kind = "search"
)]
pub struct Glob {
    /// The glob pattern.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project = "path")]
    pub dir_path: Option<String>,
    /// Whether matching is case-sensitive.
    pub case_sensitive: Option<bool>,
    /// Whether `.gitignore` applies.
    pub respect_git_ignore: Option<bool>,
    /// Whether `.geminiignore` applies.
    pub respect_gemini_ignore: Option<bool>,
}

/// `grep_search` (formerly `search_file_content`): searches file contents.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "grep_search",
    namespace = "gemini_cli",
    kind = "search"
)]
pub struct GrepSearch {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project = "path")]
    pub dir_path: Option<String>,
    /// A glob the files searched must match.
    pub include_pattern: Option<String>,
    /// A glob the files searched must not match.
    pub exclude_pattern: Option<String>,
    /// Whether to list file names only.
    pub names_only: Option<bool>,
    /// Whether matching is case-sensitive.
    pub case_sensitive: Option<bool>,
    /// Whether the pattern is a fixed string.
    pub fixed_strings: Option<bool>,
    /// Lines of context around each match.
    pub context: Option<u64>,
    /// Lines of context after each match.
    pub after: Option<u64>,
    /// Lines of context before each match.
    pub before: Option<u64>,
    /// Whether to search ignored files too.
    pub no_ignore: Option<bool>,
    /// The most matches per file.
    pub max_matches_per_file: Option<u64>,
    /// The most matches in all: the Search window's `limit`.
    #[tool(project = "limit")]
    pub total_max_matches: Option<u64>,
}

/// `list_directory`: lists a directory.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "list_directory",
    namespace = "gemini_cli",
    kind = "list_dir"
)]
pub struct ListDirectory {
    /// The directory.
    #[tool(project = "directory")]
    pub dir_path: String,
    /// Globs to leave out.
    pub ignore: Option<Vec<String>>,
    /// Which ignore files apply.
    pub file_filtering_options: Option<serde_json::Value>,
}

/// `web_fetch`: fetches the URLs mentioned in a prompt; the URLs are inside free text, so
/// it projects nothing.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "web_fetch",
    namespace = "gemini_cli",
    kind = "web_fetch",
    no_input
)]
pub struct WebFetch {
    /// The prompt, with the URLs to fetch.
    #[tool(payload)]
    pub prompt: String,
}

/// `google_web_search`: searches the web with Google.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "google_web_search",
    namespace = "gemini_cli",
    kind = "web_search"
)]
pub struct GoogleWebSearch {
    /// The query.
    #[tool(project)]
    pub query: String,
}

/// `write_todos`: replaces the todo list (Gemini 2.x models only).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "write_todos",
    namespace = "gemini_cli",
    kind = "plan",
    no_input
)]
pub struct WriteTodos {
    /// The todo list.
    #[tool(payload)]
    pub todos: Vec<serde_json::Value>,
}

/// `update_topic`: names the phase of work the agent is in (narration, not work).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "update_topic",
    namespace = "gemini_cli",
    kind = "other",
    read_only,
    no_input
)]
pub struct UpdateTopic {
    /// The chapter's title.
    pub title: Option<String>,
    /// The chapter's summary.
    pub summary: Option<String>,
    /// What the agent means to do.
    pub strategic_intent: String,
    /// Whether to wait for the previous calls.
    pub wait_for_previous: Option<bool>,
}

/// `list_background_processes`: lists the session's background processes.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "list_background_processes",
    namespace = "gemini_cli",
    kind = "background_task_action",
    read_only,
    no_input
)]
pub struct ListBackgroundProcesses {
    /// Whether to wait for the previous calls.
    pub wait_for_previous: Option<bool>,
}

/// `read_background_output`: reads a background process's output.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "read_background_output",
    namespace = "gemini_cli",
    kind = "background_task_action",
    read_only,
    no_input
)]
pub struct ReadBackgroundOutput {
    /// The process.
    pub pid: u64,
    /// How many lines to read.
    pub lines: Option<u64>,
    /// How long to wait first, in milliseconds.
    pub delay_ms: Option<u64>,
    /// Whether to wait for the previous calls.
    pub wait_for_previous: Option<bool>,
}

/// `enter_plan_mode`: switches to plan mode.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "enter_plan_mode",
    namespace = "gemini_cli",
    kind = "enter_plan",
    no_input
)]
pub struct EnterPlanMode {
    /// Why.
    pub reason: Option<String>,
}

/// `exit_plan_mode`: asks to leave plan mode with the plan in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "exit_plan_mode",
    namespace = "gemini_cli",
    kind = "exit_plan",
    no_input
)]
pub struct ExitPlanMode {
    /// The plan's file.
    pub plan_filename: String,
}

/// `invoke_agent`: delegates to a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "invoke_agent",
    namespace = "gemini_cli",
    kind = "task",
    no_input
)]
pub struct InvokeAgent {
    /// Which subagent.
    pub agent_name: String,
    /// Its instructions.
    #[tool(payload)]
    pub prompt: String,
    /// Whether to wait for the previous calls.
    pub wait_for_previous: Option<bool>,
}

/// `activate_skill`: loads a skill.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "activate_skill",
    namespace = "gemini_cli",
    kind = "skill",
    no_input
)]
pub struct ActivateSkill {
    /// The skill.
    pub name: String,
}

/// `complete_task`: a subagent's final answer.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "complete_task",
    namespace = "gemini_cli",
    kind = "other",
    read_only,
    no_input
)]
pub struct CompleteTask {
    /// The result.
    pub result: serde_json::Value,
    /// Whether to wait for the previous calls.
    pub wait_for_previous: Option<bool>,
}

/// Gemini CLI in the catalog: what recognises it, the release its tools were checked
/// against, where they were read from, and its tools, each registered once.
pub(super) const SPEC: HarnessSpec = HarnessSpec {
    party: &parties::GEMINI_CLI,
    release: "Gemini CLI 0.61.0",
    source: "the tool lists that release sent to the model (tests/data/real/gemini_cli/tools.json: main agent, plan mode, subagent), and google-gemini/gemini-cli packages/core/src/tools for write_todos and read_many_files",
    tools: Tools::new([
        Tool::of::<UpdateTopic>(),
        Tool::of::<ListDirectory>(),
        Tool::of::<ReadFile>(),
        Tool::of::<GrepSearch>(),
        Tool::of::<Glob>(),
        Tool::of::<Replace>(),
        Tool::of::<WriteFile>(),
        Tool::of::<WebFetch>(),
        Tool::of::<RunShellCommand>(),
        Tool::of::<ListBackgroundProcesses>(),
        Tool::of::<ReadBackgroundOutput>(),
        Tool::of::<GoogleWebSearch>(),
        Tool::of::<EnterPlanMode>(),
        Tool::of::<ExitPlanMode>(),
        Tool::of::<InvokeAgent>(),
        Tool::of::<ActivateSkill>(),
        Tool::of::<CompleteTask>(),
        Tool::of::<WriteTodos>(),
        Tool::of::<ReadManyFiles>(),
        // Earlier releases' name for grep_search: Gemini CLI's ACP traffic carries only the
        // name (in the call id), so the old name still identifies the tool.
        Tool::of::<GrepSearch>().renamed("search_file_content"),
    ])
    .registered(),
};
