//! [`ProjectedKeys`]: a projected input written as JSON text straight from the keys the
//! wire-key projection ([`project_into`](super::raw::project_into)) gives, without an
//! object built first — the input the ledger keeps when it completes an envelope sent
//! without `input` (`client/resolve.rs`, `completion`; `docs/performance.md`, "The ledger
//! and `toolmeta inspect`").

use std::borrow::Cow;
use std::sync::LazyLock;

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::raw::{ProjectInto, ProjectedInput};

impl ProjectedInput<ProjectedKeys<'_>> {
    /// The input as JSON text, the bytes serializing it as an object gives; `None` when it
    /// is not an object.
    pub(crate) fn into_raw_value(self) -> Option<Box<RawValue>> {
        match self {
            ProjectedInput::Built(input) => input
                .is_object()
                .then(|| serde_json::value::to_raw_value(&input).ok())
                .flatten(),
            ProjectedInput::Keys(keys) => keys.into_raw_value(),
        }
    }
}

/// The keys [`project_into`](super::raw::project_into) projects, in projection order, their
/// values borrowed from the arguments where they are copied as sent: an input a caller wants
/// as JSON text is written from them straight away ([`ProjectedKeys::into_raw_value`]),
/// without an object built first.
pub(crate) struct ProjectedKeys<'a> {
    /// Each key once (a key projected again keeps its place and takes the later value, as
    /// inserting it into a [`Map`] again does).
    keys: Vec<(&'static str, Cow<'a, Value>)>,
}

impl ProjectedKeys<'_> {
    /// The input as JSON text: the very bytes serializing the same keys projected into a
    /// [`Map`] gives, keys in the order the map keeps them (sorted, or as inserted under
    /// serde_json's `preserve_order`).
    pub(crate) fn into_raw_value(mut self) -> Option<Box<RawValue>> {
        if map_sorts_keys() {
            self.keys.sort_unstable_by_key(|&(key, _)| key);
        }
        serde_json::value::to_raw_value(&self).ok()
    }
}

impl<'a> ProjectInto<'a> for ProjectedKeys<'a> {
    fn with_capacity(capacity: usize) -> Self {
        ProjectedKeys {
            keys: Vec::with_capacity(capacity),
        }
    }

    fn insert(&mut self, key: &'static str, value: Cow<'a, Value>) {
        match self.keys.iter_mut().find(|(kept, _)| *kept == key) {
            Some((_, kept)) => *kept = value,
            None => self.keys.push((key, value)),
        }
    }

    fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

impl Serialize for ProjectedKeys<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // As a `Map` serializes itself: its length, then each entry.
        let mut map = serializer.serialize_map(Some(self.keys.len()))?;
        for (key, value) in &self.keys {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Whether a [`Map`] keeps its keys sorted: it does unless serde_json's `preserve_order` is
/// on, which any crate of the build may turn on (the ACP SDK does), not only this crate's
/// feature of the same name — so the map is asked, once.
fn map_sorts_keys() -> bool {
    static SORTS: LazyLock<bool> = LazyLock::new(|| {
        let mut map = Map::new();
        map.insert("b".to_owned(), Value::Null);
        map.insert("a".to_owned(), Value::Null);
        map.keys().next().is_some_and(|first| first == "a")
    });
    *SORTS
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, Value, json};

    use super::ProjectedKeys;
    use crate::toolset::raw::project_into;
    use crate::{Identity, InputField, Namespace, ToolKind};

    /// A key projected twice keeps its first place and takes its last value, as inserting
    /// into a map does; the text is the object serialized, whichever order the map keeps.
    #[test]
    fn the_text_is_the_object_serialized() {
        const FIELDS: &[InputField] = &[
            InputField::new("path", "to"),
            InputField::new("command", "cmd"),
            InputField::new("path", "from"),
        ];
        let identity = Identity::new("t", ToolKind::Other, Namespace::GrokBuild);
        let raw = json!({"from": "b\u{e9}\"", "cmd": "ls", "to": "a"});
        let value = Value::Object(project_into::<Map<_, _>>(&identity, FIELDS, &raw).unwrap());
        assert_eq!(value, json!({"path": "b\u{e9}\"", "command": "ls"}));
        let text = project_into::<ProjectedKeys>(&identity, FIELDS, &raw)
            .unwrap()
            .into_raw_value()
            .unwrap();
        assert_eq!(text.get(), serde_json::to_string(&value).unwrap());
    }
}
