//! The tool-call events of the wire contract's lifecycle, built in one place:
//!
//! 1. [`chosen`]: `tool_call` as soon as the tool is chosen: the identity-only envelope
//!    (from the static toolset, by wire name) and an ACP `kind` that agrees with it;
//! 2. [`parsed`]: `tool_call_update` once the arguments are parsed: the full envelope of the
//!    typed arguments, with `input`, beside `rawInput` and the resolved `locations`;
//! 3. [`permission`]: for edits, the tool call of `session/request_permission`, with that
//!    envelope, the diff and the resolved path;
//! 4. [`in_progress`] and [`finished`]: progress and completion, which carry no envelope.

use std::path::PathBuf;

use agent_client_protocol::v1::schema::{
    Diff, ToolCall, ToolCallContent, ToolCallLocation, ToolCallStatus, ToolCallUpdate,
    ToolCallUpdateFields,
};
use serde_json::Value;
use toolmeta::ToolIdentity;
use toolmeta::acp::AcpToolEvent;

use crate::tools::TOOLS;

/// Step 1, the tool is chosen: identity only, arguments not parsed yet.
pub fn chosen(id: &str, name: &str) -> ToolCall {
    let tool = TOOLS
        .get(name)
        .expect("the script names only registered tools");
    let mut call = ToolCall::new(id.to_owned(), name).status(ToolCallStatus::Pending);
    call.stamp_from(&tool, None);
    call.set_tool_kind(tool.identity().kind);
    call
}

/// Step 2, the arguments are parsed: the typed tool's full envelope, the raw arguments, a
/// title, and the path the call touches, resolved (absent when it was refused).
pub fn parsed<T: ToolIdentity>(
    id: &str,
    tool: &T,
    arguments: &Value,
    location: Option<PathBuf>,
) -> ToolCallUpdate {
    let mut fields = ToolCallUpdateFields::new()
        .raw_input(arguments.clone())
        .title(title(T::IDENTITY.name, arguments));
    if let Some(path) = location {
        fields = fields.locations(vec![ToolCallLocation::new(path)]);
    }
    let mut update = ToolCallUpdate::new(id.to_owned(), fields);
    update.stamp(&tool.envelope());
    update
}

/// Step 3, the tool call a permission request carries: the full envelope, the diff, and
/// the resolved path the edit will write.
pub fn permission<T: ToolIdentity>(
    id: &str,
    tool: &T,
    arguments: &Value,
    path: PathBuf,
    before: Option<String>,
    after: String,
) -> ToolCallUpdate {
    let diff = Diff::new(path.clone(), after).old_text(before);
    let mut update = ToolCallUpdate::new(
        id.to_owned(),
        ToolCallUpdateFields::new()
            .title(title(T::IDENTITY.name, arguments))
            .content(vec![ToolCallContent::Diff(diff)])
            .locations(vec![ToolCallLocation::new(path)]),
    );
    update.stamp(&tool.envelope());
    update
}

/// Step 4, progress: no envelope.
pub fn in_progress(id: &str) -> ToolCallUpdate {
    ToolCallUpdate::new(
        id.to_owned(),
        ToolCallUpdateFields::new().status(ToolCallStatus::InProgress),
    )
}

/// Step 4, completion: no envelope; the final status and the output.
pub fn finished(id: &str, status: ToolCallStatus, output: String) -> ToolCallUpdate {
    ToolCallUpdate::new(
        id.to_owned(),
        ToolCallUpdateFields::new()
            .status(status)
            .content(vec![ToolCallContent::from(output)]),
    )
}

/// A human title, as agents show them (the envelope, not the title, names the tool).
fn title(name: &str, arguments: &Value) -> String {
    let text = |key: &str| arguments.get(key).and_then(Value::as_str).unwrap_or("");
    match name {
        "read_file" => format!("Read `{}`", text("target_file")),
        "list_dir" => format!("List `{}`", text("target_directory")),
        "grep" => format!("Search `{}`", text("pattern")),
        "run_terminal_command" => format!("Run `{}`", text("command")),
        "search_replace" => format!("Edit `{}`", text("file_path")),
        _ => name.to_owned(),
    }
}
