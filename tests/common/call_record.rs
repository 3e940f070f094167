//! Everything a [`Call`] says through the public API, as one JSON value: what two ledgers
//! fed the same messages must agree on.

use std::time::UNIX_EPOCH;

use serde_json::{Value, json};
use toolmeta::client::{Call, Content, PermissionOutcome};

/// The call's identity, input, status, times, content, locations, output and permission.
/// Raw JSON is compared parsed: a `Value` may order an object's keys differently from the
/// text it came from.
pub fn call_record(call: &Call) -> Value {
    let parsed = |raw: Option<&serde_json::value::RawValue>| {
        raw.map(|raw| serde_json::from_str::<Value>(raw.get()).unwrap_or(Value::Null))
    };
    let millis = |time: Option<std::time::SystemTime>| {
        time.and_then(|time| time.duration_since(UNIX_EPOCH).ok())
            .map(|since| since.as_millis() as u64)
    };
    let content: Vec<Value> = call
        .content()
        .map(|block| match block {
            Content::Text(text) => json!({"text": text}),
            Content::Diff {
                path,
                old_text,
                new_text,
            } => json!({"diff": path, "old": old_text, "new": new_text}),
            Content::Terminal { terminal_id } => json!({"terminal": terminal_id}),
            Content::Other(raw) => json!({"other": parsed(Some(raw))}),
            other => json!({"unexpected": format!("{other:?}")}),
        })
        .collect();
    json!({
        "id": call.tool_call_id(),
        "session": call.session_id(),
        "name": call.name(),
        "title": call.title(),
        "label": call.label(),
        "kind": call.kind().as_str(),
        "namespace": call.namespace(),
        "read_only": call.read_only(),
        "source": call.source().as_str(),
        "input": parsed(call.input()),
        "raw_input": parsed(call.raw_input()),
        "status": call.status().as_str(),
        "finished": call.is_finished(),
        "first_seen": millis(call.first_seen()),
        "finished_at": millis(call.finished_at()),
        "content": content,
        "locations": call.locations().iter().map(|l| json!([l.path(), l.line()])).collect::<Vec<_>>(),
        "raw_output": parsed(call.raw_output()),
        "parent": call.parent_tool_call_id(),
        "permission": call.permission().map(|permission| json!({
            "options": permission.options().iter().map(|o| json!([o.id(), o.name(), o.kind()])).collect::<Vec<_>>(),
            "decision": permission.decision().as_str(),
            "selected": match permission.outcome() {
                Some(PermissionOutcome::Selected(id)) => Some(id.as_str()),
                _ => None,
            },
        })),
    })
}
