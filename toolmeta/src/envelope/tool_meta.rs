//! [`ToolMeta`]: the owned tool-identity envelope, strict on both ways.

use std::borrow::Cow;

use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

use super::decode;
use crate::envelope::IdentityParts;
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
///
/// Decoding errors name the field they are about:
///
/// ```
/// # use toolmeta::ToolMeta;
/// let err = serde_json::from_str::<ToolMeta>(
///     r#"{"version":"1","name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true}"#,
/// ).unwrap_err();
/// assert!(err.to_string().starts_with("invalid type: string \"1\", expected `version`"));
/// ```
///
/// `#[non_exhaustive]`: the contract adds optional fields without a version bump (readers
/// ignore unknown fields), and each becomes a field here. Build one from an [`Envelope`]
/// ([`Envelope::to_tool_meta`](crate::Envelope::to_tool_meta)), then set its public fields.
///
/// [`Envelope`]: crate::Envelope
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
// The derives become inherent `ToolMeta::serialize`/`deserialize`, wrapped by the trait
// impls below and in `decode`, which only accept an object (serde's derive also takes a
// sequence of the field values, which is no envelope).
#[serde(remote = "Self")]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "schemars", schemars(transform = crate::schema::describe_tool_meta))]
pub struct ToolMeta {
    /// The envelope version, [`TOOL_META_VERSION`](crate::TOOL_META_VERSION) when written.
    #[serde(deserialize_with = "decode::version")]
    #[cfg_attr(
        feature = "schemars",
        schemars(
            description = "The envelope version, 1; bumps only on removal or change of meaning."
        )
    )]
    pub version: u32,
    /// The model-facing wire name of the tool, after any runtime rename.
    #[serde(deserialize_with = "decode::name")]
    pub name: String,
    /// What the tool does.
    #[serde(deserialize_with = "decode::kind")]
    pub kind: ToolKind,
    /// The toolset the tool belongs to.
    #[serde(deserialize_with = "decode::namespace")]
    pub namespace: Namespace,
    /// The cross-harness grouping and display key.
    #[serde(deserialize_with = "decode::label")]
    pub label: Cow<'static, str>,
    /// Whether the tool only reads.
    #[serde(deserialize_with = "decode::read_only")]
    pub read_only: bool,
    /// The canonical projection of the tool's input, an object; absent (never `null`) if none.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "decode::input"
    )]
    #[cfg_attr(
        feature = "schemars",
        schemars(schema_with = "crate::schema::input_schema")
    )]
    pub input: Option<Value>,
}

impl Serialize for ToolMeta {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ToolMeta::serialize(self, serializer)
    }
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
        let identity = IdentityParts {
            version: self.version,
            name: &self.name,
            kind: self.kind,
            namespace: self.namespace,
            label: &self.label,
            read_only: self.read_only,
        };
        let mut meta = existing.unwrap_or_default();
        meta.insert(
            TOOL_META_KEY.to_owned(),
            identity.envelope_object(self.input.clone()),
        );
        meta
    }
}
