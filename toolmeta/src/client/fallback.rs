//! [`KindFallback`]: what ACP's own `kind` says about a call that carries no envelope.

use serde_json::{Map, Value};

use crate::keys::{self, KeyType};
use crate::{LabelShape, ToolKind, normalize_offset};

/// The identity a reader can infer from ACP's `kind` field alone, used when a call has no
/// usable envelope (and the catalog does not know it).
///
/// | ACP `kind` | [`ToolKind`] | label | read-only |
/// |---|---|---|---|
/// | `read` | `read` | Read | yes |
/// | `edit` | `edit` | Edit | no |
/// | `delete` | `delete` | Delete | no |
/// | `move` | `move` | Move | no |
/// | `search` | `search` | Search | yes |
/// | `execute` | `execute` | Run Command | no |
/// | `fetch` | `web_fetch` | Web Fetch | yes |
/// | `think` | `other` | Think | yes |
/// | `switch_mode` | `other` | Switch Mode | yes |
/// | `other`, anything else | `other` | Tool | unknown |
///
/// ACP's `think` and `switch_mode` have no first-party kind; they keep a label of their own
/// so they are not lumped with unknown tools, and are read-only like the first-party
/// `enter_plan`/`exit_plan` mode switches. An `other` tool could do anything, so its
/// read-only flag is left unknown rather than guessed.
///
/// ```
/// use toolmeta::ToolKind;
/// use toolmeta::client::KindFallback;
/// let fetch = KindFallback::from_acp_kind("fetch");
/// assert_eq!((fetch.kind, fetch.label, fetch.read_only), (ToolKind::WebFetch, "Web Fetch", Some(true)));
/// assert_eq!(KindFallback::from_acp_kind("Read").label, "Tool"); // case-sensitive, like ACP
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindFallback {
    /// The kind the ACP kind corresponds to.
    pub kind: ToolKind,
    /// The label to group and display the call under.
    pub label: &'static str,
    /// Whether the call only reads, when the ACP kind says so either way.
    pub read_only: Option<bool>,
}

impl KindFallback {
    /// ACP's tool kinds (`ToolKind` in ACP's schema), by wire name: the rows of the table.
    pub const ACP_KINDS: &'static [&'static str] = &[
        "read",
        "edit",
        "delete",
        "move",
        "search",
        "execute",
        "think",
        "fetch",
        "switch_mode",
        "other",
    ];

    /// The fallback identity for an ACP `kind` string.
    pub fn from_acp_kind(acp_kind: &str) -> KindFallback {
        let first_party = |kind: ToolKind| KindFallback {
            kind,
            label: kind.label(),
            read_only: Some(kind.is_read_only()),
        };
        match acp_kind {
            "read" => first_party(ToolKind::Read),
            "edit" => first_party(ToolKind::Edit),
            "delete" => first_party(ToolKind::Delete),
            "move" => first_party(ToolKind::Move),
            "search" => first_party(ToolKind::Search),
            "execute" => first_party(ToolKind::Execute),
            "fetch" => first_party(ToolKind::WebFetch),
            "think" => KindFallback {
                kind: ToolKind::Other,
                label: "Think",
                read_only: Some(true),
            },
            "switch_mode" => KindFallback {
                kind: ToolKind::Other,
                label: "Switch Mode",
                read_only: Some(true),
            },
            _ => KindFallback {
                kind: ToolKind::Other,
                label: ToolKind::Other.label(),
                read_only: None,
            },
        }
    }
}

/// What the fallback keeps of a call's `rawInput` when nothing identifies a catalog tool:
/// the keys that are canonical for the call's label (its shape's keys; any canonical key
/// for a label without a shape), each of the type the key carries, and only when every key
/// the shape requires is there. `offset` is normalized as everywhere (`0` → `1`, negative
/// dropped). Keys are taken as the harness spelled them: a `file_path` is not guessed to be
/// a `path`.
pub(crate) fn canonical_input(label: &str, raw: &Value) -> Option<Value> {
    let raw = raw.as_object()?;
    let shape = LabelShape::of(label);
    // Turned away before any key is copied when the arguments lack a key the shape
    // requires, or carry none it allows (a harness's own argument names, `file_path`): the
    // arguments have a few keys, a label without a shape allows every canonical key.
    if !shape.required.iter().all(|key| raw.contains_key(*key))
        || !raw.keys().any(|key| shape.allows(key))
    {
        return None;
    }
    let mut input = Map::new();
    for &key in shape.required.iter().chain(shape.optional) {
        if let Some(value) = raw.get(key).and_then(|value| canonical_value(key, value)) {
            input.insert(key.to_owned(), value);
        }
    }
    let complete = shape.required.iter().all(|key| input.contains_key(*key));
    (complete && !input.is_empty()).then_some(Value::Object(input))
}

/// What a call that sent no `rawInput` at all (Gemini CLI) shows of its arguments in its
/// first location: `path`, and `offset` from `line` where the shape has one, for labels
/// whose own shape has a path (Read, Edit, Write, Delete, Search — whose `pattern` is then
/// missing, so Search keeps nothing).
pub(crate) fn location_input(label: &str, path: &str, line: Option<u64>) -> Option<Value> {
    let shape = LabelShape::of(label);
    if shape.open || !shape.allows(keys::PATH) {
        return None;
    }
    let mut input = Map::new();
    input.insert(keys::PATH.to_owned(), Value::from(path));
    if let Some(offset) = line.filter(|_| shape.allows(keys::OFFSET)) {
        input.insert(keys::OFFSET.to_owned(), Value::from(offset.max(1)));
    }
    let complete = shape.required.iter().all(|key| input.contains_key(*key));
    complete.then_some(Value::Object(input))
}

fn canonical_value(key: &str, value: &Value) -> Option<Value> {
    match keys::key_type(key)? {
        KeyType::Path | KeyType::Text => value.is_string().then(|| value.clone()),
        KeyType::Integer if key == keys::OFFSET => {
            let offset = value
                .as_i64()
                .map(i128::from)
                .or(value.as_u64().map(i128::from))?;
            normalize_offset(offset).map(Value::from)
        }
        KeyType::Integer => value.as_u64().map(Value::from),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_fallback_keeps_the_keys_canonical_for_the_label() {
        let raw = json!({"command": "ls", "cwd": "/r", "timeout": 3, "path": "x"});
        assert_eq!(
            canonical_input("Run Command", &raw),
            Some(json!({"command": "ls", "cwd": "/r"}))
        );
        // The shape's required key is missing: nothing.
        assert_eq!(canonical_input("Read", &json!({"file_path": "a.rs"})), None);
        assert_eq!(
            canonical_input("Read", &json!({"path": "a.rs", "offset": 0, "limit": "9"})),
            Some(json!({"path": "a.rs", "offset": 1}))
        );
        // A label without a shape keeps any canonical key.
        assert_eq!(
            canonical_input("Think", &json!({"description": "d", "prompt": "p"})),
            Some(json!({"description": "d"}))
        );
        assert_eq!(canonical_input("Tool", &json!({"prompt": "p"})), None);
        assert_eq!(canonical_input("Tool", &json!("text")), None);
    }

    #[test]
    fn locations_supply_a_path_for_labels_with_one() {
        assert_eq!(
            location_input("Read", "/r/a.rs", Some(10)),
            Some(json!({"path": "/r/a.rs", "offset": 10}))
        );
        assert_eq!(
            location_input("Edit", "/r/a.rs", Some(3)),
            Some(json!({"path": "/r/a.rs"}))
        );
        assert_eq!(location_input("Search", "/r", None), None);
        assert_eq!(location_input("Run Command", "/r", None), None);
        assert_eq!(location_input("Subagent", "/r", None), None);
    }
}
