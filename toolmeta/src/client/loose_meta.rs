//! [`LooseMeta`]: the tool-identity envelope read the way a client must read it — never
//! failing on an object.

use std::borrow::Cow;

use serde::de::{Deserialize, Deserializer, Error as _};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::fields::{FromValue, Raw, fields, read, read_object};
use crate::{TOOL_META_KEY, ToolKind};

/// The envelope as a tolerant reader sees it: every field optional, nothing fatal.
///
/// Where [`ToolMeta`](crate::ToolMeta) is strict (a typed consumer wants to know the
/// contract was broken), a client displaying a stream reads `LooseMeta`: a field of the
/// wrong JSON type, or an unknown one, is ignored and the rest kept, and `namespace` is a
/// plain string, so a namespace added after this crate was built reads. **A known kind
/// fixes the label** (DESIGN §2), so a free label never disguises it (an `edit` shown as
/// `Read`).
///
/// Strings and `input` borrow from the text read when they can;
/// [`LooseMeta::into_owned`] detaches them.
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
/// // A label that contradicts the known kind is not believed.
/// let disguised = serde_json::json!({"kind": "edit", "label": "Read"});
/// let meta = LooseMeta::from_value(&disguised).unwrap();
/// assert_eq!(meta.label.as_deref(), Some("Edit"));
/// assert_eq!(meta.contradicted_label.as_deref(), Some("Read"));
///
/// // Only a non-object is not an envelope at all.
/// assert!(LooseMeta::from_value(&serde_json::json!("read_file")).is_none());
/// ```
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct LooseMeta<'a> {
    /// `version`, when it is a non-negative integer.
    pub version: Option<u64>,
    /// `name`, the tool's wire name, when it is a string.
    pub name: Option<Cow<'a, str>>,
    /// `kind`, when it is a string (an unknown or case-mismatched one is
    /// [`ToolKind::Other`]).
    pub kind: Option<ToolKind>,
    /// `namespace`, when it is a string, known to this crate or not.
    pub namespace: Option<Cow<'a, str>>,
    /// The label: a known kind's whatever was sent (`other`'s only when none was); else
    /// `label` when it is a string.
    pub label: Option<Cow<'a, str>>,
    /// The `label` sent, when it contradicted the known kind (`label` is then the kind's).
    pub contradicted_label: Option<Cow<'a, str>>,
    /// `read_only`, when it is a boolean (see [`LooseMeta::read_only_or_default`]).
    pub read_only: Option<bool>,
    /// `input`, the canonical projection, when it is an object: its raw JSON text, key
    /// order kept ([`LooseMeta::input_map`] parses it).
    pub input: Option<Cow<'a, RawValue>>,
}

fields! {
    /// An envelope object as sent: what [`LooseMeta`] reads, and a call's kept envelope
    /// merges.
    pub(crate) struct EnvelopeFields<'a> {
        "version" => version: Option<u64> = read::scalar,
        "name" => name: Option<Cow<'a, str>> = read::scalar,
        "kind" => kind: Option<Cow<'a, str>> = read::scalar,
        "namespace" => namespace: Option<Cow<'a, str>> = read::scalar,
        "label" => label: Option<Cow<'a, str>> = read::scalar,
        "read_only" => read_only: Option<bool> = read::scalar,
        "input" => input: Option<Raw<'a>> = read::raw_object,
    }
}

impl<'a> EnvelopeFields<'a> {
    /// Takes `kind`, read the contract's way (an unknown string is `other`), and the label
    /// sent: a known kind's own when none was (an unknown kind says nothing about it).
    pub(crate) fn take_kind_and_label(&mut self) -> (Option<ToolKind>, Option<Cow<'a, str>>) {
        let known = self.kind.take().as_deref().map(ToolKind::from_wire);
        let label = self.label.take();
        let label = label.or_else(|| known.flatten().map(|kind| Cow::Borrowed(kind.label())));
        (known.map(|kind| kind.unwrap_or(ToolKind::Other)), label)
    }
}

impl<'a> LooseMeta<'a> {
    /// Reads an envelope from a JSON value; `None` only when the value is not an object.
    pub fn from_value(value: &'a Value) -> Option<LooseMeta<'a>> {
        LooseMeta::deserialize(value).ok()
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
        LooseMeta::deserialize(map).unwrap_or_default()
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
        let own = |text: Option<Cow<'_, str>>| text.map(|text| Cow::Owned(text.into_owned()));
        LooseMeta {
            version: self.version,
            name: own(self.name),
            kind: self.kind,
            namespace: own(self.namespace),
            label: own(self.label),
            contradicted_label: own(self.contradicted_label),
            read_only: self.read_only,
            input: self.input.map(|input| Cow::Owned(input.into_owned())),
        }
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
            && self.contradicted_label == other.contradicted_label
            && self.read_only == other.read_only
            && self.input.as_deref().map(RawValue::get) == other.input.as_deref().map(RawValue::get)
    }
}

/// The raw text on one line: a pretty-printed value is re-serialized compactly, so that it
/// can be written out as part of a JSON Lines record.
pub(crate) fn one_line(raw: Cow<'_, RawValue>) -> Cow<'_, RawValue> {
    if memchr::memchr2(b'\n', b'\r', raw.get().as_bytes()).is_none() {
        return raw;
    }
    serde_json::from_str::<Value>(raw.get())
        .ok()
        .and_then(|value| serde_json::value::to_raw_value(&value).ok())
        .map_or(raw, Cow::Owned)
}

/// Reads any JSON object without failing; only a value that is not an object is an error.
impl<'de> Deserialize<'de> for LooseMeta<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut fields = EnvelopeFields::default();
        // `input` is copied out, so that any deserializer (text or parsed values) reads.
        if !read_object::<FromValue, D, _>(deserializer, &mut fields)? {
            return Err(D::Error::custom("expected a tool-identity envelope object"));
        }
        let (kind, label) = fields.take_kind_and_label();
        let mut meta = LooseMeta {
            version: fields.version,
            name: fields.name,
            kind,
            namespace: fields.namespace,
            label,
            contradicted_label: None,
            read_only: fields.read_only,
            input: fields.input.map(one_line),
        };
        // A known kind fixes the label; a label sent that contradicts it is kept aside.
        if let Some(kind) = kind.filter(|kind| *kind != ToolKind::Other) {
            meta.contradicted_label = meta.label.take().filter(|label| label != kind.label());
            meta.label = Some(Cow::Borrowed(kind.label()));
        }
        Ok(meta)
    }
}
