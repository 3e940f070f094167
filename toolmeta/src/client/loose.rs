//! [`LooseMeta`]: the tool-identity envelope read the way a client must read it — never
//! failing on an object.

use std::borrow::Cow;

use serde::de::{Deserialize, Deserializer, Error as _, MapAccess};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::tolerant::{Loose, Tolerant, next_key, read_into, skip_value};
use crate::{TOOL_META_KEY, ToolKind};

/// The envelope as a tolerant reader sees it: every field optional, nothing fatal.
///
/// Where [`ToolMeta`](crate::ToolMeta) is strict (a typed consumer wants to know the
/// contract was broken), `LooseMeta` is what a client displaying a stream uses: reading it
/// from a JSON object never fails.
///
/// - A field of the wrong JSON type is ignored and the other fields are kept.
/// - `namespace` is a plain string, so a namespace added after this crate was built reads.
/// - `kind` is read the contract's way: an unknown or case-mismatched string is
///   [`ToolKind::Other`].
/// - When `label` is absent and `kind` is a known kind, the kind's label is supplied.
/// - `input` is kept when it is an object, as raw JSON text exactly as sent (its key order
///   included; [`LooseMeta::input_map`] parses it); `"input": null` (or any non-object) is
///   absent.
/// - Unknown fields are ignored.
///
/// Strings borrow from the input when they can (`LooseMeta<'a>`); [`LooseMeta::into_owned`]
/// detaches them.
///
/// ```
/// use toolmeta::ToolKind;
/// use toolmeta::client::LooseMeta;
///
/// let envelope = serde_json::json!({
///     "version": 1, "name": 42, "kind": "read", "namespace": "cursor",
///     "read_only": "yes", "input": {"path": "src/lib.rs"}, "later": true
/// });
/// let meta = LooseMeta::from_value(&envelope).unwrap();
/// assert_eq!(meta.name, None); // wrong type: ignored, the rest is kept
/// assert_eq!(meta.kind, Some(ToolKind::Read));
/// assert_eq!(meta.label.as_deref(), Some("Read")); // supplied from the kind
/// assert_eq!(meta.namespace.as_deref(), Some("cursor")); // not a known namespace: kept
/// assert_eq!(meta.read_only, None);
/// assert_eq!(meta.input_map().unwrap()["path"], "src/lib.rs");
///
/// // Only a non-object is not an envelope at all.
/// assert!(LooseMeta::from_value(&serde_json::json!("read_file")).is_none());
/// ```
#[derive(Debug, Clone, Default)]
pub struct LooseMeta<'a> {
    /// `version`, when it is a non-negative integer.
    pub version: Option<u64>,
    /// `name`, the tool's wire name, when it is a string.
    pub name: Option<Cow<'a, str>>,
    /// `kind`, when it is a string (unknown kinds are [`ToolKind::Other`]).
    pub kind: Option<ToolKind>,
    /// `namespace`, when it is a string, known to this crate or not.
    pub namespace: Option<Cow<'a, str>>,
    /// `label`, when it is a string; else the label of a known `kind`.
    pub label: Option<Cow<'a, str>>,
    /// `read_only`, when it is a boolean (see [`LooseMeta::read_only_or_default`]).
    pub read_only: Option<bool>,
    /// `input`, the canonical projection, when it is an object: its raw JSON text.
    pub input: Option<Box<RawValue>>,
}

impl<'a> LooseMeta<'a> {
    /// Reads an envelope from a JSON value; `None` only when the value is not an object.
    pub fn from_value(value: &'a Value) -> Option<LooseMeta<'a>> {
        value.as_object().map(LooseMeta::from_map)
    }

    /// Reads an envelope from a JSON object. Never fails.
    ///
    /// ```
    /// use toolmeta::client::LooseMeta;
    /// let object = serde_json::json!({"name": "grep", "input": null});
    /// let meta = LooseMeta::from_map(object.as_object().unwrap());
    /// assert_eq!(meta.name.as_deref(), Some("grep"));
    /// assert!(meta.input.is_none());
    /// ```
    pub fn from_map(map: &'a Map<String, Value>) -> LooseMeta<'a> {
        // The tolerant visitor only fails on text that is not JSON, which a `Map` never is.
        Loose::<LooseMeta<'a>>::deserialize(map)
            .ok()
            .and_then(|Loose(meta)| meta)
            .unwrap_or_default()
    }

    /// Reads the envelope under [`TOOL_META_KEY`] of an event's `_meta` object; `None` when
    /// the key is absent or its value is not an object.
    ///
    /// ```
    /// use toolmeta::client::LooseMeta;
    /// let meta = serde_json::json!({"bash_mode": true, "x.ai/tool": {"kind": "execute"}});
    /// let envelope = LooseMeta::from_meta(meta.as_object().unwrap()).unwrap();
    /// assert_eq!(envelope.label.as_deref(), Some("Run Command"));
    /// ```
    pub fn from_meta(meta: &'a Map<String, Value>) -> Option<LooseMeta<'a>> {
        meta.get(TOOL_META_KEY).and_then(LooseMeta::from_value)
    }

    /// `input` parsed into a JSON object.
    ///
    /// ```
    /// use toolmeta::client::LooseMeta;
    /// let envelope = serde_json::json!({"input": {"command": "ls"}});
    /// let input = LooseMeta::from_value(&envelope).unwrap().input_map().unwrap();
    /// assert_eq!(input["command"], "ls");
    /// ```
    pub fn input_map(&self) -> Option<Map<String, Value>> {
        self.input
            .as_ref()
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
    }

    /// `read_only` as sent, else the read-only default of `kind`, else `None`.
    ///
    /// ```
    /// use toolmeta::client::LooseMeta;
    /// let meta = serde_json::json!({"kind": "search"});
    /// assert_eq!(LooseMeta::from_value(&meta).unwrap().read_only_or_default(), Some(true));
    /// ```
    pub fn read_only_or_default(&self) -> Option<bool> {
        self.read_only
            .or_else(|| self.kind.map(ToolKind::is_read_only))
    }

    /// Whether the envelope says who the tool is: a name, kind, namespace or label.
    ///
    /// An object without any of them (`{}`, or one whose fields all had the wrong type)
    /// identifies nothing; the ledger then falls back to ACP's own fields.
    pub fn has_identity(&self) -> bool {
        self.name.is_some()
            || self.kind.is_some()
            || self.namespace.is_some()
            || self.label.is_some()
    }

    /// The same envelope owning its strings.
    pub fn into_owned(self) -> LooseMeta<'static> {
        LooseMeta {
            version: self.version,
            name: self.name.map(owned),
            kind: self.kind,
            namespace: self
                .namespace
                .map(|namespace| owned_or_static(namespace, WellKnown::Namespaces)),
            label: self
                .label
                .map(|label| owned_or_static(label, WellKnown::Labels)),
            read_only: self.read_only,
            input: self.input,
        }
    }
}

impl LooseMeta<'static> {
    /// Merges a later envelope of the same call into this one, field by field: a field the
    /// later envelope carries replaces this one's, a field it lacks erases nothing.
    ///
    /// ```
    /// use toolmeta::client::LooseMeta;
    /// let first = serde_json::json!({"name": "read_file", "kind": "read"});
    /// let later = serde_json::json!({"input": {"path": "a.rs"}});
    /// let mut merged = LooseMeta::from_value(&first).unwrap().into_owned();
    /// merged.merge(LooseMeta::from_value(&later).unwrap());
    /// assert_eq!(merged.name.as_deref(), Some("read_file"));
    /// assert_eq!(merged.input.unwrap().get(), r#"{"path":"a.rs"}"#);
    /// ```
    pub fn merge(&mut self, later: LooseMeta<'_>) {
        let LooseMeta {
            version,
            name,
            kind,
            namespace,
            label,
            read_only,
            input,
        } = later;
        self.version = version.or(self.version);
        merge_str(&mut self.name, name, WellKnown::None);
        self.kind = kind.or(self.kind);
        merge_str(&mut self.namespace, namespace, WellKnown::Namespaces);
        merge_str(&mut self.label, label, WellKnown::Labels);
        self.read_only = read_only.or(self.read_only);
        if input.is_some() {
            self.input = input;
        }
    }
}

/// Reads one envelope object, remembering whether its `kind` was a known kind.
#[derive(Default)]
struct EnvelopeReader<'a> {
    meta: LooseMeta<'a>,
    kind_is_known: bool,
}

impl<'a> EnvelopeReader<'a> {
    fn read_field<A: MapAccess<'a>>(&mut self, key: &str, map: &mut A) -> Result<(), A::Error> {
        let meta = &mut self.meta;
        match key {
            "version" => read_into(map, &mut meta.version),
            "name" => read_into(map, &mut meta.name),
            "kind" => {
                let mut kind: Option<Cow<'_, str>> = None;
                read_into(map, &mut kind)?;
                if let Some(kind) = kind {
                    let known = ToolKind::from_wire(&kind);
                    self.kind_is_known = known.is_some();
                    meta.kind = Some(known.unwrap_or(ToolKind::Other));
                }
                Ok(())
            }
            "namespace" => read_into(map, &mut meta.namespace),
            "label" => read_into(map, &mut meta.label),
            "read_only" => read_into(map, &mut meta.read_only),
            "input" => {
                let input = map.next_value::<Box<RawValue>>()?;
                // Raw text has no leading whitespace: an object starts with `{`.
                if input.get().starts_with('{') {
                    meta.input = Some(compact(input));
                }
                Ok(())
            }
            _ => skip_value(map),
        }
    }

    fn finish(self) -> LooseMeta<'a> {
        let mut meta = self.meta;
        // Only a kind this crate knows has a label to supply: an unknown kind string reads
        // as `other`, but says nothing about how the tool should be displayed.
        if meta.label.is_none() && self.kind_is_known {
            meta.label = meta.kind.map(|kind| Cow::Borrowed(kind.label()));
        }
        meta
    }
}

/// Equal when every field is; `input` compares as raw text.
impl PartialEq for LooseMeta<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
            && self.name == other.name
            && self.kind == other.kind
            && self.namespace == other.namespace
            && self.label == other.label
            && self.read_only == other.read_only
            && self.input.as_ref().map(|raw| raw.get()) == other.input.as_ref().map(|raw| raw.get())
    }
}

/// The raw text on one line: a pretty-printed `input` is re-serialized compactly, so it can
/// be written out as part of a JSON Lines record.
fn compact(raw: Box<RawValue>) -> Box<RawValue> {
    if !raw.get().contains(['\n', '\r']) {
        return raw;
    }
    serde_json::from_str::<Value>(raw.get())
        .ok()
        .and_then(|value| serde_json::value::to_raw_value(&value).ok())
        .unwrap_or(raw)
}

/// Detaches a string, without copying it when it is one of the `well_known` values.
fn owned_or_static(value: Cow<'_, str>, well_known: WellKnown) -> Cow<'static, str> {
    match well_known.find(&value) {
        Some(known) => Cow::Borrowed(known),
        None => Cow::Owned(value.into_owned()),
    }
}

fn owned(value: Cow<'_, str>) -> Cow<'static, str> {
    Cow::Owned(value.into_owned())
}

/// Replaces `slot` with `later` when it is present and different; a value in `well_known`
/// is stored without a copy (streams repeat the same few labels, kinds and statuses).
pub(crate) fn merge_str(
    slot: &mut Option<Cow<'static, str>>,
    later: Option<Cow<'_, str>>,
    well_known: WellKnown,
) {
    if let Some(later) = later
        && slot.as_deref() != Some(&*later)
    {
        *slot = Some(owned_or_static(later, well_known));
    }
}

/// Sets of strings that recur in every stream.
#[derive(Clone, Copy)]
pub(crate) enum WellKnown {
    /// Nothing to share (names, titles, ids).
    None,
    /// The labels of the kinds.
    Labels,
    /// The wire names of the namespaces.
    Namespaces,
    /// ACP's tool kinds.
    AcpKinds,
    /// ACP's tool-call statuses.
    Statuses,
}

impl WellKnown {
    fn find(self, value: &str) -> Option<&'static str> {
        match self {
            WellKnown::None => None,
            WellKnown::Labels => ToolKind::ALL
                .iter()
                .map(|kind| kind.label())
                .find(|label| *label == value),
            WellKnown::Namespaces => crate::Namespace::ALL
                .iter()
                .map(|ns| ns.as_str())
                .find(|ns| *ns == value),
            WellKnown::AcpKinds => super::KindFallback::ACP_KINDS
                .iter()
                .copied()
                .find(|kind| *kind == value),
            WellKnown::Statuses => ["pending", "in_progress", "completed", "failed"]
                .into_iter()
                .find(|status| *status == value),
        }
    }
}

impl<'de> Tolerant<'de> for LooseMeta<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut reader = EnvelopeReader::default();
        while let Some(key) = next_key(&mut map)? {
            reader.read_field(&key, &mut map)?;
        }
        Ok(Some(reader.finish()))
    }
}

/// Reads any JSON object without failing; only a value that is not an object is an error.
impl<'de> Deserialize<'de> for LooseMeta<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Loose::<LooseMeta<'de>>::deserialize(deserializer)?
            .0
            .ok_or_else(|| D::Error::custom("expected a tool-identity envelope object"))
    }
}
