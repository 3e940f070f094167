//! Newer OpenAI Codex tools (openai/codex, `codex-rs`): argument structs copied as declared
//! (field names, types and serde attributes exactly), under `codex`. The `files` tools name
//! themselves with constants (`FILES_COPY_TOOL_NAME`, ...), which give the wire names here
//! too; one struct, `SourceTargetArgs`, serves both `materialize` and `copy`.
//!
//! Provenance: openai/codex —
//! codex-rs/core/src/tools/handlers/glob.rs @ 7f9db2bfdc96c3907b39d3b5d60aadfc1743e04b;
//! codex-rs/core/src/tools/handlers/files.rs @ 5477a1771ebcdaac4d15cae9e35a8f320baa9476
//! (the constants from files_spec.rs beside it).

use serde::Deserialize;
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case, remote_case};

pub(crate) const FILES_MATERIALIZE_TOOL_NAME: &str = "materialize";
pub(crate) const FILES_COPY_TOOL_NAME: &str = "copy";
pub(crate) const FILES_EXPORT_FOR_TOOL_NAME: &str = "export_for_tool";

const DEFAULT_LIMIT: usize = 100;

fn default_limit() -> usize {
    DEFAULT_LIMIT
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "glob", namespace = "codex", kind = "search")]
struct GlobArgs {
    #[tool(project)]
    pattern: String,
    #[serde(default)]
    #[tool(project)]
    path: Option<String>,
    #[serde(default = "default_limit")]
    #[tool(project)]
    limit: usize,
}

/// `materialize` copies a file ref into the workspace.
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = FILES_MATERIALIZE_TOOL_NAME, namespace = "codex", kind = "other", label = "Materialize File")]
struct SourceTargetArgs {
    #[tool(extra = "source_uri")]
    source_uri: String,
    #[tool(extra = "target_uri")]
    target_uri: String,
}

/// `copy` takes the same arguments.
#[derive(ToolIdentity)]
#[tool(remote = "SourceTargetArgs", name = FILES_COPY_TOOL_NAME, namespace = "codex", kind = "other", label = "Copy File")]
struct Copy {
    #[tool(extra = "source_uri")]
    source_uri: String,
    #[tool(extra = "target_uri")]
    target_uri: String,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = FILES_EXPORT_FOR_TOOL_NAME, namespace = "codex", kind = "other", label = "Export File", read_only)]
struct ExportForToolArgs {
    #[tool(extra = "file_uri")]
    file_uri: String,
    #[tool(extra = "mime_type")]
    mime_type: String,
}

pub fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    tools.push(case::<GlobArgs>(
        ("glob", Search, "Search"),
        json!({"pattern": "src/**/*.rs", "path": "codex-rs", "limit": 50}),
        Some(json!({"path": "codex-rs", "limit": 50, "pattern": "src/**/*.rs"})),
        Some(json!({"path": "codex-rs", "limit": 50, "pattern": "src/**/*.rs"})),
    ));
    // `limit` defaults to 100: the typed value has it, the raw JSON does not.
    case::<GlobArgs>(
        ("glob", Search, "Search"),
        json!({"pattern": "*.toml"}),
        Some(json!({"limit": 100, "pattern": "*.toml"})),
        Some(json!({"pattern": "*.toml"})),
    );
    let uris =
        json!({"source_uri": "provider://files/a.png", "target_uri": "workspace://out/a.png"});
    tools.push(case::<SourceTargetArgs>(
        ("materialize", Other, "Materialize File"),
        uris.clone(),
        Some(uris.clone()),
        Some(uris.clone()),
    ));
    tools.push(remote_case::<Copy, SourceTargetArgs>(
        ("copy", Other, "Copy File"),
        uris.clone(),
        Some(uris.clone()),
        Some(uris),
    ));
    tools.push(case::<ExportForToolArgs>(
        ("export_for_tool", Other, "Export File"),
        json!({"file_uri": "workspace://out/a.png", "mime_type": "image/png"}),
        Some(json!({"file_uri": "workspace://out/a.png", "mime_type": "image/png"})),
        Some(json!({"file_uri": "workspace://out/a.png", "mime_type": "image/png"})),
    ));
    tools
}
