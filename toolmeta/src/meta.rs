//! [`ToolMeta`]: the owned tool-identity envelope, strict on both ways.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::{Namespace, TOOL_META_KEY, ToolKind};

/// The canonical tool-identity envelope, as it rides under `_meta["x.ai/tool"]`.
///
/// Serializes its fields in the wire order (`version`, `name`, `kind`, `namespace`,
/// `label`, `read_only`, `input`) and omits `input` when it is `None`. Deserialization is
/// strict where the contract is closed (a missing field, a wrong type or an unknown
/// namespace is an error naming the field) and tolerant where it is open (an unknown kind
/// reads as [`ToolKind::Other`], unknown fields are ignored, `"input": null` is `None`).
///
/// ```
/// use toolmeta::{ToolMeta, ToolKind, Namespace};
/// let meta: ToolMeta = serde_json::from_str(
///     r#"{"version":1,"name":"read_file","kind":"read","namespace":"GrokBuild",
///         "label":"Read","read_only":true,"input":null,"later_field":0}"#,
/// ).unwrap();
/// assert_eq!(meta.kind, ToolKind::Read);
/// assert_eq!(meta.namespace, Namespace::GrokBuild);
/// assert_eq!(meta.input, None);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolMeta {
    /// The envelope version, [`TOOL_META_VERSION`](crate::TOOL_META_VERSION) when written.
    pub version: u32,
    /// The model-facing wire name of the tool, after any runtime rename.
    pub name: String,
    /// What the tool does.
    pub kind: ToolKind,
    /// The toolset the tool belongs to.
    pub namespace: Namespace,
    /// The cross-harness grouping and display key.
    pub label: Cow<'static, str>,
    /// Whether the tool only reads.
    pub read_only: bool,
    /// The canonical projection of the tool's input; `None` when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<Value>,
}

impl ToolMeta {
    /// Reads the envelope strictly from an event's `_meta` object; `None` when the key is
    /// absent, `Some(Err(..))` when it is present but does not decode.
    pub fn from_meta(meta: &Map<String, Value>) -> Option<Result<ToolMeta, serde_json::Error>> {
        meta.get(TOOL_META_KEY).map(ToolMeta::deserialize)
    }

    /// Inserts (or replaces) this envelope under [`TOOL_META_KEY`] in `existing`, keeping
    /// every other key; creates the map when there is none.
    pub fn stamp(&self, existing: Option<Map<String, Value>>) -> Map<String, Value> {
        let mut meta = existing.unwrap_or_default();
        let value = serde_json::to_value(self).expect("a ToolMeta always serializes to JSON");
        meta.insert(TOOL_META_KEY.to_owned(), value);
        meta
    }
}
