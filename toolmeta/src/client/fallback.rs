//! [`KindFallback`]: what ACP's own `kind` says about a call that carries no envelope.

use std::fmt;

use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::{Map, Value};

use super::fields::next_key;
use super::json_repair::is_small;
use crate::keys::{self, KeyType};
use crate::{LabelShape, ToolKind, normalize_offset};

/// The identity a reader can infer from ACP's `kind` field alone, used when a call has no
/// usable envelope (and the catalog does not know it).
///
/// | ACP `kind` | [`ToolKind`] | label | read-only | why |
/// |---|---|---|---|---|
/// | `read` | `read` | Read | yes | every contract kind ACP calls `read` only reads (Read, List Files, Code Intelligence, Memory Read, Sessions) |
/// | `edit` | `edit` | Edit | no | Edit and Write both change files |
/// | `delete` | `delete` | Delete | no | Delete |
/// | `move` | `move` | Move | no | Move |
/// | `search` | `search` | Search | unknown | Search and Memory Search only read, Search Tools does not |
/// | `execute` | `execute` | Run Command | no | Run Command, Background Task and Kill Task all act |
/// | `fetch` | `web_fetch` | Web Fetch | yes | Web Fetch and Web Search only read |
/// | `think` | `other` | Think | no | Plan, Subagent and Update Goal all act: a subagent can do whatever the agent can |
/// | `switch_mode` | `other` | Switch Mode | yes | Enter and Exit Plan Mode only read |
/// | `other`, anything else | `other` | Tool | unknown | an unknown tool could do anything |
///
/// ACP's `kind` alone never claims more than it says (DESIGN §6, "A reading must be
/// earned"): the read-only column is what every contract kind that maps to the ACP kind
/// ([`ToolKind::acp_kind`]) agrees on, and unknown where they differ. ACP's `think` and
/// `switch_mode` have no first-party kind of their own; they keep a label of their own so
/// they are not lumped with unknown tools.
///
/// ```
/// use toolmeta::ToolKind;
/// use toolmeta::client::KindFallback;
/// let fetch = KindFallback::from_acp_kind("fetch");
/// assert_eq!((fetch.kind, fetch.label, fetch.read_only), (ToolKind::WebFetch, "Web Fetch", Some(true)));
/// // A subagent is sent as `think` too: known only as `think`, a call is not read-only.
/// assert_eq!(KindFallback::from_acp_kind("think").read_only, Some(false));
/// assert_eq!(KindFallback::from_acp_kind("search").read_only, None);
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
        // Each row's read-only is worked out from the kind table when compiled.
        match acp_kind {
            "read" => const { row("read", ToolKind::Read, "Read") },
            "edit" => const { row("edit", ToolKind::Edit, "Edit") },
            "delete" => const { row("delete", ToolKind::Delete, "Delete") },
            "move" => const { row("move", ToolKind::Move, "Move") },
            "search" => const { row("search", ToolKind::Search, "Search") },
            "execute" => const { row("execute", ToolKind::Execute, "Run Command") },
            "fetch" => const { row("fetch", ToolKind::WebFetch, "Web Fetch") },
            "think" => const { row("think", ToolKind::Other, "Think") },
            "switch_mode" => const { row("switch_mode", ToolKind::Other, "Switch Mode") },
            _ => KindFallback {
                kind: ToolKind::Other,
                label: ToolKind::Other.label(),
                read_only: None,
            },
        }
    }
}

/// The row of the table for `acp_kind`.
const fn row(acp_kind: &str, kind: ToolKind, label: &'static str) -> KindFallback {
    KindFallback {
        kind,
        label,
        read_only: agreed_read_only(acp_kind),
    }
}

/// What the contract kinds that ACP calls `acp_kind` agree on about reading only: `None`
/// when they differ (or none maps to it). [`ToolKind::Other`], the unknown kind, claims
/// nothing and is left out.
const fn agreed_read_only(acp_kind: &str) -> Option<bool> {
    let mut agreed: Option<bool> = None;
    let mut at = 0;
    while at < ToolKind::ALL.len() {
        let kind = ToolKind::ALL[at];
        at += 1;
        if matches!(kind, ToolKind::Other) || !same(kind.acp_kind(), acp_kind) {
            continue;
        }
        match agreed {
            Some(read_only) if read_only != kind.is_read_only() => return None,
            _ => agreed = Some(kind.is_read_only()),
        }
    }
    agreed
}

/// `a == b`, in a `const fn`.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut at = 0;
    while at < a.len() {
        if a[at] != b[at] {
            return false;
        }
        at += 1;
    }
    true
}

/// What the fallback keeps of a call's `rawInput` when nothing identifies a catalog tool:
/// the keys canonical for the call's label (its shape's keys; any canonical key for a label
/// without a shape), each of its key's type, and only when every key the shape requires is
/// there. `offset` is normalized as everywhere (`0` → `1`, negative dropped); keys are taken
/// as the harness spelled them (a `file_path` is not guessed to be a `path`).
///
/// Read once, from text or a parsed value alike, building only the values kept
/// (`docs/performance.md`, "Where the time goes"). An error is arguments that are not an
/// object, or text serde_json does not read as it stands (the caller then repairs it:
/// [`parse_value`](super::json_repair::parse_value)). A key sent twice keeps its last value.
pub(crate) fn canonical_input<'de, D: Deserializer<'de>>(
    label: &str,
    arguments: D,
) -> Result<Option<Value>, D::Error> {
    let shape = LabelShape::of(label);
    let mut kept = arguments.deserialize_map(ShapeKeys(&shape))?;
    if !shape
        .required
        .iter()
        .all(|key| kept.iter().any(|(kept, _)| kept == key))
    {
        return Ok(None);
    }
    // The values read are the reading's own: moved into the input, not copied.
    let mut input = Map::new();
    for &key in shape.required.iter().chain(shape.optional) {
        let Some(at) = kept.iter().position(|(kept, _)| *kept == key) else {
            continue;
        };
        if let Some(value) = canonical_value(key, kept.swap_remove(at).1) {
            input.insert(key.to_owned(), value);
        }
    }
    let complete = shape.required.iter().all(|key| input.contains_key(*key));
    Ok((complete && !input.is_empty()).then_some(Value::Object(input)))
}

/// [`canonical_input`] of arguments sent as JSON text: `None` when the text is too long to
/// be read whole ([`is_small`]) or is not an object serde_json reads as it stands — the
/// caller then parses it, and repairs it or reads a long one in part.
pub(crate) fn canonical_input_of_text(label: &str, text: &str) -> Option<Option<Value>> {
    if !is_small(text) {
        return None;
    }
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let input = canonical_input(label, &mut deserializer).ok()?;
    deserializer.end().ok()?;
    Some(input)
}

/// Reads the values of an object's keys that a shape allows, each key with its last value;
/// every other value is checked and skipped, not built.
struct ShapeKeys<'s>(&'s LabelShape);

impl<'de> Visitor<'de> for ShapeKeys<'_> {
    type Value = Vec<(&'static str, Value)>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON object of arguments")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut kept: Vec<(&'static str, Value)> = Vec::new();
        while let Some(key) = next_key(&mut map)? {
            let Some(key) = shape_key(self.0, &key) else {
                map.next_value::<IgnoredAny>()?;
                continue;
            };
            let value: Value = map.next_value()?;
            match kept.iter_mut().find(|(kept, _)| *kept == key) {
                Some((_, earlier)) => *earlier = value,
                None => kept.push((key, value)),
            }
        }
        Ok(kept)
    }
}

/// The shape's own spelling of `key`, when the shape allows it.
fn shape_key(shape: &LabelShape, key: &str) -> Option<&'static str> {
    // Most keys are the harness's own names: turned away by one `match` on the canonical
    // keys, before the shape's list is walked.
    keys::key_type(key)?;
    let mut allowed = shape.required.iter().chain(shape.optional);
    allowed.find(|allowed| **allowed == key).copied()
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

fn canonical_value(key: &str, value: Value) -> Option<Value> {
    match keys::key_type(key)? {
        KeyType::Path | KeyType::Text => value.is_string().then_some(value),
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

    /// The canonical input of `raw`, read from its value and from its text: the one
    /// reading, whichever the source, gives the same.
    fn canonical(label: &str, raw: &Value) -> Option<Value> {
        let from_value = canonical_input(label, raw).ok().flatten();
        let text = raw.to_string();
        assert_eq!(
            canonical_input_of_text(label, &text),
            Some(from_value.clone()).filter(|_| raw.is_object()),
            "{label}: {text}"
        );
        from_value
    }

    #[test]
    fn the_fallback_keeps_the_keys_canonical_for_the_label() {
        let raw = json!({"command": "ls", "cwd": "/r", "timeout": 3, "path": "x"});
        assert_eq!(
            canonical("Run Command", &raw),
            Some(json!({"command": "ls", "cwd": "/r"}))
        );
        // The shape's required key is missing: nothing.
        assert_eq!(canonical("Read", &json!({"file_path": "a.rs"})), None);
        assert_eq!(
            canonical("Read", &json!({"path": "a.rs", "offset": 0, "limit": "9"})),
            Some(json!({"path": "a.rs", "offset": 1}))
        );
        // A label without a shape keeps any canonical key.
        assert_eq!(
            canonical("Think", &json!({"description": "d", "prompt": "p"})),
            Some(json!({"description": "d"}))
        );
        assert_eq!(canonical("Tool", &json!({"prompt": "p"})), None);
        assert_eq!(canonical("Tool", &json!("text")), None);
    }

    /// Text: an escaped key is its own unescaped spelling, a key sent twice keeps its last
    /// value, and what serde_json does not read as it stands (a lone surrogate, a number
    /// beyond `f64`, trailing text) or text too long to read whole is left to the caller.
    #[test]
    fn text_is_read_as_it_stands_or_left_to_the_caller() {
        let read = |text: &str| canonical_input_of_text("Read", text);
        assert_eq!(
            read(r#"{"p\u0061th":"a","offset":2,"offset":0}"#),
            Some(Some(json!({"path": "a", "offset": 1})))
        );
        assert_eq!(read(r#"{"path":"\ud800"}"#), None);
        assert_eq!(read(r#"{"path":"a","offset":1e400}"#), None);
        assert_eq!(read(r#"{"path":"a"} x"#), None);
        assert_eq!(read("[]"), None);
        let long = format!(r#"{{"path":"a","x":"{}"}}"#, "x".repeat(1 << 20));
        assert_eq!(read(&long), None);
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
