//! [`Envelope`]: the borrowing envelope, serialized straight from the tool's fields.

mod decode;
mod identity;
mod template;
mod tool_meta;

pub use identity::Identity;
pub(crate) use template::IdentityParts;
pub use tool_meta::ToolMeta;

use serde::ser::{SerializeMap, SerializeStruct};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use crate::{Projection, TOOL_META_KEY, TOOL_META_VERSION};

/// The tool-identity envelope of one tool value, borrowing its fields.
///
/// It serializes to the same JSON as the equivalent [`ToolMeta`] — the same bytes when
/// serde_json keeps key order (see [Key order](crate#key-order)) — without building a
/// `serde_json::Value` on the way, so writing it into a buffer with enough capacity makes
/// no heap allocation. Build one with [`ToolIdentity::envelope`](crate::ToolIdentity::envelope)
/// or [`Identity::envelope`] (identity only).
///
/// ```
/// use toolmeta::{Identity, Namespace, ToolKind};
/// const BASH: Identity = Identity::new("bash", ToolKind::Execute, Namespace::GrokBuild);
/// // A harness that exposes the tool to the model as `shell` renames it at run time:
/// let json = serde_json::to_string(&BASH.envelope().with_name("shell")).unwrap();
/// assert_eq!(
///     json,
///     r#"{"version":1,"name":"shell","kind":"execute","namespace":"grok_build","label":"Run Command","read_only":false}"#
/// );
/// ```
#[derive(Debug)]
pub struct Envelope<'a, T: ?Sized = ()> {
    identity: Identity,
    name: &'a str,
    input: Option<&'a T>,
}

impl<T: ?Sized> Clone for Envelope<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for Envelope<'_, T> {}

impl Envelope<'static, ()> {
    /// The identity-only envelope of `identity`: no `input` ([`Identity::envelope`]).
    const fn identity_only(identity: Identity) -> Envelope<'static, ()> {
        Envelope {
            identity,
            name: identity.name,
            input: None,
        }
    }
}

impl<'a, T: Projection + ?Sized> Envelope<'a, T> {
    /// The envelope of `tool` under `identity`, with `input` when the tool projects one.
    pub fn new(identity: Identity, tool: &'a T) -> Envelope<'a, T> {
        Envelope {
            identity,
            name: identity.name,
            input: tool.has_input().then_some(tool),
        }
    }

    /// The same envelope under another wire name, for a tool a harness renames at run time.
    pub fn with_name(self, name: &'a str) -> Envelope<'a, T> {
        Envelope { name, ..self }
    }

    /// The identity this envelope carries (its `name` before any [`Envelope::with_name`]).
    pub fn identity(&self) -> &Identity {
        &self.identity
    }

    /// The wire name this envelope carries.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// Whether the envelope carries an `input`.
    pub fn has_input(&self) -> bool {
        self.input.is_some()
    }

    /// The canonical input as a JSON value; `None` when the envelope carries none.
    pub fn input_value(&self) -> Option<Value> {
        self.input.map(|tool| {
            // The value serializer takes the length as a capacity hint only: sized for the
            // largest label shape, the input object does not grow while it is filled.
            let input = serde_json::value::Serializer
                .serialize_map(Some(INPUT_CAPACITY))
                .and_then(|mut map| {
                    tool.project(&mut map)?;
                    SerializeMap::end(map)
                });
            input.expect(INFALLIBLE)
        })
    }

    /// The owned envelope.
    pub fn to_tool_meta(&self) -> ToolMeta {
        ToolMeta {
            version: TOOL_META_VERSION,
            name: self.name.to_owned(),
            kind: self.identity.kind,
            namespace: self.identity.namespace,
            label: self.identity.label.into(),
            read_only: self.identity.read_only,
            input: self.input_value(),
        }
    }

    /// The envelope as a JSON value, equal to serializing it.
    pub fn to_value(&self) -> Value {
        // Built from the envelope's key template rather than through
        // `serde_json::to_value(self)`: see `template`.
        IdentityParts::of(&self.identity, self.name).envelope_object(self.input_value())
    }

    /// Inserts (or replaces) the envelope under [`TOOL_META_KEY`] in an event's existing
    /// `_meta` object, keeping every other key; creates the object when there is none.
    pub fn stamp(&self, existing: Option<Map<String, Value>>) -> Map<String, Value> {
        let mut meta = existing.unwrap_or_default();
        meta.insert(TOOL_META_KEY.to_owned(), self.to_value());
        meta
    }
}

/// Why serializing a projection cannot fail: the derive only admits strings,
/// lossily-converted paths, saturating integers and bools as values, and string keys.
const INFALLIBLE: &str = "toolmeta projections serialize infallibly";

/// Entries of the largest label shape (`Read`, `Run Command`: three) plus one extra key.
const INPUT_CAPACITY: usize = 4;

impl<T: Projection + ?Sized> Serialize for Envelope<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let len = 6 + usize::from(self.input.is_some());
        let mut envelope = serializer.serialize_struct("ToolMeta", len)?;
        envelope.serialize_field("version", &TOOL_META_VERSION)?;
        envelope.serialize_field("name", self.name)?;
        envelope.serialize_field("kind", &self.identity.kind)?;
        envelope.serialize_field("namespace", &self.identity.namespace)?;
        envelope.serialize_field("label", self.identity.label)?;
        envelope.serialize_field("read_only", &self.identity.read_only)?;
        match self.input {
            Some(tool) => envelope.serialize_field("input", &InputRef(tool))?,
            None => envelope.skip_field("input")?,
        }
        envelope.end()
    }
}

/// The canonical input of a tool value, serialized as a map by its [`Projection`].
struct InputRef<'a, T: ?Sized>(&'a T);

impl<T: Projection + ?Sized> Serialize for InputRef<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        self.0.project(&mut map)?;
        map.end()
    }
}
