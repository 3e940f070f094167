//! Grok Build's own tools (namespace `grok_build`), for traffic from releases that send
//! envelopes without `input`, or identity without arguments a client can read.
//!
//! Source: the conformance session published by the harness that defined the envelope
//! (`acp_session.jsonl`; a copy with its provenance is in `tests/data/real/grok_build/`): `read_file`, `grep`, `search_replace`,
//! `run_terminal_command` and `web_search` calls, with `rawInput` and the envelope the
//! harness emitted for them, which these declarations reproduce; and the DESIGN's
//! `read_file` (`target_file`, `offset`, `limit`, `pages`). `list_dir` and `task` are
//! Grok Build tool names whose arguments no public source we found shows: they carry
//! identity only. Grok Build's `offset` is 1-based, `0` meaning the first line (the session's
//! `offset: 0` is projected as `1`).
//!
//! ```
//! use serde_json::json;
//! use toolmeta::catalog::{self, Harness};
//!
//! let read = catalog::synthesize(Harness::GrokBuild, "read_file", Some(&json!({"variant": "ReadFile", "target_file": "src/config.rs", "offset": 0, "limit": 40})))
//!     .unwrap();
//! assert_eq!(read.input, Some(json!({"path": "src/config.rs", "offset": 1, "limit": 40})));
//! ```

use serde::Deserialize;

use super::spec::{HarnessSpec, Tool, Tools};
use crate::ToolIdentity;
use crate::recognition::parties;

/// `read_file`: reads a file, optionally a window of lines.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "read_file",
    namespace = "grok_build",
    kind = "read"
)]
pub struct ReadFile {
    /// The file.
    #[tool(project = "path")]
    pub target_file: String,
    /// The line to start at (1-based; `0` is the first line).
    #[tool(project)]
    pub offset: Option<i64>,
    /// How many lines to read.
    #[tool(project)]
    pub limit: Option<u64>,
    /// The pages of a PDF to read.
    pub pages: Option<String>,
}

/// `grep`: searches file contents.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "grep",
    namespace = "grok_build",
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
    /// Whether matching ignores case.
    #[serde(rename = "-i")]
    pub ignore_case: Option<bool>,
    /// A file type filtering the files searched.
    #[serde(rename = "type")]
    pub file_type: Option<String>,
    /// Whether a match may span lines.
    pub multiline: Option<bool>,
}

/// `search_replace`: replaces a string in a file.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "search_replace",
    namespace = "grok_build",
    kind = "edit"
)]
pub struct SearchReplace {
    /// The file.
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

/// `run_terminal_command`: runs a command line.
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "run_terminal_command",
    namespace = "grok_build",
    kind = "execute"
)]
pub struct RunTerminalCommand {
    /// The command line.
    #[tool(project)]
    pub command: String,
    /// What the command does.
    #[tool(project)]
    pub description: Option<String>,
    /// Whether to run it in the background (the model's argument; the session's later
    /// `rawInput` spells it `is_background`).
    #[serde(alias = "is_background")]
    pub background: Option<bool>,
}

/// `web_search`: searches the web (the session shows no arguments).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "web_search",
    namespace = "grok_build",
    kind = "web_search",
    no_input
)]
pub struct WebSearch {}

/// `list_dir`: lists a directory (arguments not found in public sources).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "list_dir",
    namespace = "grok_build",
    kind = "list_dir",
    no_input
)]
pub struct ListDir {}

/// `task`: runs a subagent (arguments not found in public sources).
#[derive(Debug, Clone, Deserialize, ToolIdentity)]
#[tool(
    crate = "crate",
    name = "task",
    namespace = "grok_build",
    kind = "task",
    no_input
)]
pub struct Task {}

/// Grok Build in the catalog: what recognises it, the release its tools were checked
/// against, where they were read from, and its tools, each registered once.
pub(super) const SPEC: HarnessSpec = HarnessSpec {
    party: &parties::GROK_BUILD,
    release: "the conformance session published by the harness that defined the envelope",
    source: "tests/data/real/grok_build/session.jsonl (its calls' rawInput beside the envelopes the harness emitted for them) and DESIGN's read_file",
    tools: Tools::new([
        Tool::of::<ReadFile>(),
        Tool::of::<Grep>(),
        Tool::of::<SearchReplace>(),
        Tool::of::<RunTerminalCommand>(),
        Tool::of::<WebSearch>(),
        Tool::of::<ListDir>(),
        Tool::of::<Task>(),
    ])
    .registered(),
};
