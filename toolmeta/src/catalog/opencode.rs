//! OpenCode's built-in tools, as OpenCode sends their arguments (camelCase keys).
//!
//! Matches OpenCode 1.18.33: every tool in the tool list that release sent to the model
//! (recorded in `tests/data/real/opencode/tools.json`: `bash`, `edit`, `glob`, `grep`,
//! `read`, `skill`, `task`, `todowrite`, `webfetch`, `websearch`, `write`), plus the tools
//! other models and clients get, from sst/opencode `packages/opencode/src/tool/registry.ts`
//! (`apply_patch` instead of `edit`/`write` for GPT models, `question`, the experimental
//! `lsp` and `plan_exit`), and `list` and `todoread` of earlier releases.
//!
//! OpenCode's ACP traffic names the tool only in the first `title` of a call (later titles
//! are human text), and its `rawInput` is the model's arguments — except that the `bash`
//! updates add the resolved `cwd`, and permission requests carry the permission's own data.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let edit = catalog::synthesize(Harness::OpenCode, "edit", Some(&json!({"filePath": "/r/a.ts", "oldString": "a", "newString": "b"})))
//!     .unwrap();
//! assert_eq!((edit.label.as_ref(), edit.input), ("Edit", Some(json!({"path": "/r/a.ts"}))));
//! ```

use serde::Deserialize;

use super::spec::{HarnessSpec, Tool, Tools};
use crate::ToolIdentity;
use crate::recognition::parties;

/// `read`: reads a file (or lists a directory), optionally a window of lines; `offset` is
/// the 1-based line to start at.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "read", namespace = "opencode", kind = "read")]
#[serde(rename_all = "camelCase")]
pub struct Read {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The line to start at (1-based).
    #[tool(project)]
    pub offset: Option<i64>,
    /// How many lines to read.
    #[tool(project)]
    pub limit: Option<u64>,
}

/// `write`: writes a whole file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "write",
    namespace = "opencode",
    kind = "write"
)]
#[serde(rename_all = "camelCase")]
pub struct Write {
    /// The absolute path of the file.
    #[tool(project = "path")]
    pub file_path: String,
    /// The new contents.
    #[tool(payload)]
    pub content: String,
}

/// `edit`: replaces a string in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "edit", namespace = "opencode", kind = "edit")]
#[serde(rename_all = "camelCase")]
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

/// `apply_patch`: applies a patch (offered to GPT models instead of `edit` and `write`);
/// the files it touches are inside the patch, so it projects nothing.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "apply_patch",
    namespace = "opencode",
    kind = "edit",
    no_input
)]
#[serde(rename_all = "camelCase")]
pub struct ApplyPatch {
    /// The patch.
    #[tool(payload)]
    pub patch_text: String,
}

/// `bash`: runs a command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "bash",
    namespace = "opencode",
    kind = "execute"
)]
#[serde(rename_all = "camelCase")]
pub struct Bash {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// The working directory; OpenCode's ACP updates carry the resolved one as `cwd`.
    #[serde(alias = "cwd")]
    #[tool(project = "cwd")]
    pub workdir: Option<String>,
    /// A timeout in milliseconds.
    pub timeout: Option<u64>,
}

/// `grep`: searches file contents.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "grep",
    namespace = "opencode",
    kind = "search"
)]
#[serde(rename_all = "camelCase")]
pub struct Grep {
    /// The regular expression.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project)]
    pub path: Option<String>,
    /// A glob filtering the files searched.
    pub include: Option<String>,
}

/// `glob`: finds files by name pattern.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "glob",
    namespace = "opencode",
    kind = "search"
)]
#[serde(rename_all = "camelCase")]
pub struct Glob {
    /// The glob pattern.
    #[tool(project)]
    pub pattern: String,
    /// The directory to search.
    #[tool(project)]
    pub path: Option<String>,
}

/// `list`: lists a directory. OpenCode may omit `path` (meaning the project root); such a
/// call has no directory to report, so it carries no input rather than a guessed one.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "list", namespace = "opencode", kind = "list")]
#[serde(rename_all = "camelCase")]
pub struct List {
    /// The absolute path of the directory.
    #[tool(project = "directory")]
    pub path: String,
    /// Globs to leave out.
    pub ignore: Option<Vec<String>>,
}

/// `webfetch`: fetches a URL.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "webfetch",
    namespace = "opencode",
    kind = "web_fetch"
)]
#[serde(rename_all = "camelCase")]
pub struct Webfetch {
    /// The URL.
    #[tool(project)]
    pub url: String,
    /// `text`, `markdown` or `html`.
    pub format: Option<String>,
    /// A timeout in seconds.
    pub timeout: Option<f64>,
}

/// `websearch`: searches the web (with Exa or another provider; offered when one is set up).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "websearch",
    namespace = "opencode",
    kind = "web_search"
)]
#[serde(rename_all = "camelCase")]
pub struct Websearch {
    /// The query.
    #[tool(project)]
    pub query: String,
    /// How many results.
    pub num_results: Option<f64>,
    /// Whether to crawl live.
    pub livecrawl: Option<String>,
    /// The kind of search.
    #[serde(rename = "type")]
    pub search_type: Option<String>,
    /// The most context characters.
    pub context_max_characters: Option<f64>,
}

/// `skill`: loads a skill.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "skill",
    namespace = "opencode",
    kind = "skill",
    no_input
)]
pub struct Skill {
    /// The skill.
    pub name: String,
}

/// `question`: asks the user questions (offered to the app, CLI and desktop clients).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "question",
    namespace = "opencode",
    kind = "ask_user",
    no_input
)]
pub struct Question {
    /// The questions.
    #[tool(payload)]
    pub questions: Vec<serde_json::Value>,
}

/// `lsp`: code intelligence through a language server (experimental).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "lsp",
    namespace = "opencode",
    kind = "lsp",
    no_input
)]
#[serde(rename_all = "camelCase")]
pub struct Lsp {
    /// The operation (`goToDefinition`, `findReferences`, ...).
    pub operation: Option<String>,
    /// The file.
    pub file_path: Option<String>,
}

/// `plan_exit`: asks to leave plan mode (experimental, CLI only).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "plan_exit",
    namespace = "opencode",
    kind = "exit_plan",
    no_input
)]
pub struct PlanExit {}

/// `todowrite`: replaces the todo list.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "todowrite",
    namespace = "opencode",
    kind = "plan",
    no_input
)]
#[serde(rename_all = "camelCase")]
pub struct Todowrite {
    /// The todo list.
    #[tool(payload)]
    pub todos: Vec<serde_json::Value>,
}

/// `todoread`: reads the todo list.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "todoread",
    namespace = "opencode",
    kind = "plan",
    read_only,
    no_input
)]
pub struct Todoread {}

/// `task`: runs a subagent.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(crate = "crate", name = "task", namespace = "opencode", kind = "task")]
#[serde(rename_all = "camelCase")]
pub struct Task {
    /// A short description of the task.
    #[tool(project)]
    pub description: String,
    /// The subagent's instructions.
    #[tool(payload)]
    pub prompt: String,
    /// Which subagent (snake_case on the wire, unlike the other arguments).
    #[serde(rename = "subagent_type")]
    pub subagent_type: String,
    /// A previous task to resume.
    #[serde(rename = "task_id")]
    pub task_id: Option<String>,
    /// The command that triggered the task.
    pub command: Option<String>,
}

/// OpenCode in the catalog: what recognises it, the release its tools were checked
/// against, where they were read from, and its tools, each registered once.
pub(super) const SPEC: HarnessSpec = HarnessSpec {
    party: &parties::OPENCODE,
    release: "OpenCode 1.18.33",
    source: "the tool list that release sent to the model (tests/data/real/opencode/tools.json), and sst/opencode packages/opencode/src/tool/registry.ts for the tools other models and clients get",
    tools: Tools::new([
        Tool::of::<Bash>(),
        Tool::of::<Edit>(),
        Tool::of::<Glob>(),
        Tool::of::<Grep>(),
        Tool::of::<Read>(),
        Tool::of::<Skill>(),
        Tool::of::<Task>(),
        Tool::of::<Todowrite>(),
        Tool::of::<Webfetch>(),
        Tool::of::<Websearch>(),
        Tool::of::<Write>(),
        Tool::of::<ApplyPatch>(),
        Tool::of::<Question>(),
        Tool::of::<Lsp>(),
        Tool::of::<PlanExit>(),
        Tool::of::<List>(),
        Tool::of::<Todoread>(),
    ])
    .registered(),
};
