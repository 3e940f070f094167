//! The envelope as a `serde_json` object, built by cloning a template of its keys.
//!
//! Stamping must hand back a `serde_json::Map`, so its cost is the map's: an allocation per
//! key and per string value, and a search per inserted key (a `BTreeMap`'s comparisons, or
//! an `IndexMap`'s hashing with serde_json's `preserve_order`). The envelope's keys are the
//! same for every tool, so they are inserted once, into a template; each envelope clones
//! it, which copies the keys (and, for an `IndexMap`, the hash table) without searching, and
//! then fills the values in the map's own iteration order, recorded when the template was
//! built — so the same code is right whichever way serde_json orders its maps (a feature
//! another crate may turn on).

use std::sync::LazyLock;

use serde_json::{Map, Value};

use crate::{Identity, Namespace, TOOL_META_VERSION, ToolKind};

/// One key of the envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    Version,
    Name,
    Kind,
    Namespace,
    Label,
    ReadOnly,
    Input,
}

/// The envelope's keys in the wire order, which is the order of a stamped `_meta` when
/// serde_json keeps insertion order.
const WIRE_ORDER: [(&str, Slot); 7] = [
    ("version", Slot::Version),
    ("name", Slot::Name),
    ("kind", Slot::Kind),
    ("namespace", Slot::Namespace),
    ("label", Slot::Label),
    ("read_only", Slot::ReadOnly),
    ("input", Slot::Input),
];

/// An envelope object with every value `null`, and which key each of its entries holds, in
/// the map's iteration order.
struct Template<const N: usize> {
    keys: Map<String, Value>,
    order: [Slot; N],
}

impl<const N: usize> Template<N> {
    /// The template of the first `N` keys of [`WIRE_ORDER`].
    fn new() -> Template<N> {
        let mut keys = Map::with_capacity(N);
        for (key, _) in &WIRE_ORDER[..N] {
            keys.insert((*key).to_owned(), Value::Null);
        }
        let mut order = [Slot::Version; N];
        for (slot, key) in order.iter_mut().zip(keys.keys()) {
            *slot = WIRE_ORDER
                .iter()
                .find(|(wire, _)| wire == key)
                .map(|(_, slot)| *slot)
                .expect("the template holds only envelope keys");
        }
        Template { keys, order }
    }
}

/// The identity-only envelope's template.
static IDENTITY_ONLY: LazyLock<Template<6>> = LazyLock::new(Template::new);

/// The template of an envelope with `input`.
static WITH_INPUT: LazyLock<Template<7>> = LazyLock::new(Template::new);

/// The identity half of an envelope, borrowed from an [`Identity`] or a
/// [`ToolMeta`](crate::ToolMeta).
#[derive(Debug, Clone, Copy)]
pub(crate) struct IdentityParts<'a> {
    pub(crate) version: u32,
    pub(crate) name: &'a str,
    pub(crate) kind: ToolKind,
    pub(crate) namespace: Namespace,
    pub(crate) label: &'a str,
    pub(crate) read_only: bool,
}

impl<'a> IdentityParts<'a> {
    /// `identity` under the wire name `name` (a runtime rename, or its own).
    pub(crate) fn of(identity: &'a Identity, name: &'a str) -> IdentityParts<'a> {
        IdentityParts {
            version: TOOL_META_VERSION,
            name,
            kind: identity.kind,
            namespace: identity.namespace,
            label: identity.label,
            read_only: identity.read_only,
        }
    }

    /// The envelope object, with `input` when there is one: the same object as
    /// serializing the equivalent envelope into a `Value`.
    pub(crate) fn envelope_object(self, input: Option<Value>) -> Value {
        match input {
            Some(input) => self.fill(&WITH_INPUT, input),
            None => self.fill(&IDENTITY_ONLY, Value::Null),
        }
    }

    /// Clones `template` and fills its values.
    fn fill<const N: usize>(self, template: &Template<N>, input: Value) -> Value {
        let mut envelope = template.keys.clone();
        let mut input = Some(input);
        for (slot, value) in template.order.iter().zip(envelope.values_mut()) {
            let filled = match slot {
                Slot::Version => Value::from(self.version),
                Slot::Name => Value::String(self.name.to_owned()),
                Slot::Kind => Value::String(self.kind.as_str().to_owned()),
                Slot::Namespace => Value::String(self.namespace.as_str().to_owned()),
                Slot::Label => Value::String(self.label.to_owned()),
                Slot::ReadOnly => Value::Bool(self.read_only),
                Slot::Input => input.take().unwrap_or_default(),
            };
            // The template's values are all `null`, which owns nothing: forgetting it skips
            // a call to drop it per key.
            std::mem::forget(std::mem::replace(value, filled));
        }
        Value::Object(envelope)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Namespace, ToolKind};

    const READ: Identity = Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild);

    #[test]
    fn every_key_of_the_wire_order_is_filled_in_that_order() {
        let input = serde_json::json!({"path": "a.rs"});
        let envelope = IdentityParts::of(&READ, "read").envelope_object(Some(input));
        let expected = r#"{"version":1,"name":"read","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"a.rs"}}"#;
        let expected: Value = serde_json::from_str(expected).unwrap();
        assert_eq!(envelope, expected);
        // The template's order, whatever the map's: every slot once.
        let order = WITH_INPUT.order;
        for (_, slot) in WIRE_ORDER {
            assert_eq!(order.iter().filter(|s| **s == slot).count(), 1);
        }
    }

    #[test]
    fn the_identity_only_envelope_has_no_input_key() {
        let envelope = IdentityParts::of(&READ, "read_file").envelope_object(None);
        let object = envelope.as_object().unwrap();
        assert_eq!(object.len(), 6);
        assert!(!object.contains_key("input"));
        assert_eq!(object["label"], "Read");
    }
}
