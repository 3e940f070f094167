//! The tool-call events of the wire contract's lifecycle, built in one place:
//!
//! 1. [`chosen`]: `tool_call` as soon as the tool is chosen: the identity-only envelope
//!    (from the static toolset, by wire name);
//! 2. [`parsed`]: `tool_call_update` once the arguments are parsed: the full envelope of the
//!    typed arguments, with `input`, beside `rawInput` and the resolved `locations`;
//! 3. [`permission`]: for edits, the tool call of `session/request_permission`, with that
//!    envelope, the diff and the resolved path;
//! 4. [`in_progress`] and [`finished`]: progress and completion, which carry no envelope.
//!
//! Each of the first three is completed from the tool's declaration by one call
//! ([`AcpToolEvent::complete`]): the envelope, ACP's `name` and `kind`, and `locations` from
//! the projected path (a Read's with its `line`). The confinement (`workdir.rs`) then says
//! where that path really leads. With `--no-envelopes` the agent is a harness that has not
//! adopted toolmeta (for `toolmeta proxy`'s tests): ACP's `kind` on the first event and the
//! resolved path as its location, as such a harness writes them by hand, and nothing else.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use agent_client_protocol::v1::schema::{
    Diff, ToolCall, ToolCallContent, ToolCallLocation, ToolCallStatus, ToolCallUpdate,
    ToolCallUpdateFields,
};
use serde_json::Value;
use toolmeta::ToolIdentity;
use toolmeta::acp::AcpToolEvent;

use crate::tools::TOOLS;

static DECLARED: OnceLock<bool> = OnceLock::new();

/// Whether the events are completed from the declaration (the default), or carry only
/// what a harness without toolmeta writes (`--no-envelopes`). Set once, at start.
pub fn set_declared(declared: bool) {
    let _ = DECLARED.set(declared);
}

fn declared() -> bool {
    *DECLARED.get().unwrap_or(&true)
}

/// Step 1, the tool is chosen: identity only, arguments not parsed yet.
pub fn chosen(id: &str, name: &str) -> ToolCall {
    let tool = TOOLS
        .get(name)
        .expect("the script names only registered tools");
    let mut call = ToolCall::new(id.to_owned(), name).status(ToolCallStatus::Pending);
    if declared() {
        // No arguments yet: nothing to locate.
        call.complete_from(&tool, None, None);
    } else {
        call.kind = tool.identity().kind.to_acp();
    }
    call
}

/// Step 2, the arguments are parsed: the typed tool's full envelope, the raw arguments, a
/// title, and the path the call touches in the session's directory `cwd`, where the
/// confinement resolved it (`None` when it was refused, or the call names no path).
pub fn parsed<T: ToolIdentity>(
    id: &str,
    tool: &T,
    arguments: &Value,
    cwd: &Path,
    resolved: Option<PathBuf>,
) -> ToolCallUpdate {
    let fields = ToolCallUpdateFields::new()
        .raw_input(arguments.clone())
        .title(title(T::IDENTITY.name, arguments));
    let mut update = ToolCallUpdate::new(id.to_owned(), fields);
    if !declared() {
        update.fields.locations = resolved.map(|path| vec![ToolCallLocation::new(path)]);
        return update;
    }
    // A refused path is located nowhere.
    update.complete(&tool.envelope(), resolved.is_some().then_some(cwd));
    follow(update.fields.locations.as_deref_mut(), resolved);
    update
}

/// Step 3, the tool call a permission request carries: the full envelope, the diff, and
/// the resolved path the edit will write.
pub fn permission<T: ToolIdentity>(
    id: &str,
    tool: &T,
    arguments: &Value,
    cwd: &Path,
    path: PathBuf,
    before: Option<String>,
    after: String,
) -> ToolCallUpdate {
    let diff = Diff::new(path.clone(), after).old_text(before);
    let mut update = ToolCallUpdate::new(
        id.to_owned(),
        ToolCallUpdateFields::new()
            .title(title(T::IDENTITY.name, arguments))
            .content(vec![ToolCallContent::Diff(diff)]),
    );
    if !declared() {
        update.fields.locations = Some(vec![ToolCallLocation::new(path)]);
        return update;
    }
    update.complete(&tool.envelope(), Some(cwd));
    follow(update.fields.locations.as_deref_mut(), Some(path));
    update
}

/// The one call places the path as the model wrote it in the session's directory; the
/// confinement followed its symlinks and `..` inside the directory, so the location shows
/// where the call really goes (keeping its `line`), without the trailing `/` that joining
/// the directory itself leaves.
fn follow(locations: Option<&mut [ToolCallLocation]>, resolved: Option<PathBuf>) {
    if let (Some(locations), Some(resolved)) = (locations, resolved) {
        for location in locations {
            location.path = resolved.components().collect();
        }
    }
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
