//! Projecting raw JSON arguments (`rawInput`) through the recorded wire keys; the rules are
//! documented (as a table) on `ToolEntry::project`.

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::convert::{command_line, line_count, one_based_offset};
use crate::keys::{KeyType, OFFSET, key_type};
use crate::{Identity, InputField, LabelShape, RawType, normalize_offset};

/// The canonical input of a call to the tool `identity` with raw arguments `raw`, projected
/// through `fields`; `None` when there is none (see the rules on `ToolEntry::project`).
pub(crate) fn project_raw(
    identity: &Identity,
    fields: &[InputField],
    raw: &Value,
) -> Option<Value> {
    project_into::<Map<String, Value>>(identity, fields, raw).map(Value::Object)
}

/// A tool's canonical input as projected: built by a typed or tagged projection, or the keys
/// projected through the wire keys into `P` (a [`Map`], or `ProjectedKeys` to write as text).
pub(crate) enum ProjectedInput<P> {
    Built(Value),
    Keys(P),
}

impl ProjectedInput<Map<String, Value>> {
    /// The input as an object.
    pub(crate) fn into_value(self) -> Value {
        match self {
            ProjectedInput::Built(input) => input,
            ProjectedInput::Keys(keys) => Value::Object(keys),
        }
    }
}

/// Where [`project_into`] puts the keys it projects: a key projected again takes the later
/// value in the place of the first.
pub(crate) trait ProjectInto<'a> {
    fn with_capacity(capacity: usize) -> Self;
    fn insert(&mut self, key: &'static str, value: Cow<'a, Value>);
    fn is_empty(&self) -> bool;
}

impl<'a> ProjectInto<'a> for Map<String, Value> {
    fn with_capacity(capacity: usize) -> Self {
        Map::with_capacity(capacity)
    }

    fn insert(&mut self, key: &'static str, value: Cow<'a, Value>) {
        Map::insert(self, key.to_owned(), value.into_owned());
    }

    fn is_empty(&self) -> bool {
        Map::is_empty(self)
    }
}

/// The keys [`project_raw`] projects from `raw`, into `P`; `None` when they give no input.
pub(crate) fn project_into<'a, P: ProjectInto<'a>>(
    identity: &Identity,
    fields: &[InputField],
    raw: &'a Value,
) -> Option<P> {
    if fields.is_empty() {
        return None;
    }
    let raw = raw.as_object()?;
    let shape = LabelShape::of(identity.label);
    // Sized for every field, so that it never grows while it is filled.
    let mut input = P::with_capacity(fields.len());
    // One bit per required key of the shape, set as it is inserted.
    let mut required_found = 0u32;
    // The projected `offset`, where a `last_line` range starts (projected before `limit`).
    let mut first_line = None;
    for field in fields {
        if field.converted {
            continue;
        }
        // serde reads the field from its wire key or any alias.
        let value = std::iter::once(field.wire)
            .chain(field.aliases.iter().copied())
            .find_map(|wire| raw_value(raw, wire));
        let projected = project_field(field, value);
        if !field.extra && field.key == OFFSET {
            first_line = projected
                .as_ref()
                .and_then(Option::as_ref)
                .and_then(|offset| offset.as_u64());
        }
        let projected = match projected {
            // An empty or inverted range has no `limit`; the arguments still parsed.
            Some(Some(last)) if field.last_line => {
                match json_integer(&last).and_then(|last| line_count(first_line, last)) {
                    Some(limit) => Some(Some(Cow::Owned(Value::from(limit)))),
                    None => continue,
                }
            }
            projected => projected,
        };
        match projected {
            // Read, but normalized away (a negative `offset`): the key is dropped, as on the
            // typed path, and the arguments still give an input.
            Some(None) => {}
            Some(Some(value)) => {
                // Noted as inserted rather than looked up afterwards: a lookup in an
                // `IndexMap` hashes the key.
                if let Some(at) = required_position(&shape, field) {
                    required_found |= 1 << at;
                }
                input.insert(field.key, value);
            }
            None if !field.optional => return None,
            None => {}
        }
    }
    if required_found.count_ones() as usize != shape.required.len() {
        return None;
    }
    // An empty projection omits `input`, as the typed path does: never `{}`.
    (!input.is_empty()).then_some(input)
}

/// Which of the shape's required keys `field` projects, if any.
fn required_position(shape: &LabelShape, field: &InputField) -> Option<usize> {
    if field.extra {
        return None;
    }
    // A shape requires one key or none; a bit per key leaves room for 32.
    shape
        .required
        .iter()
        .take(32)
        .position(|key| *key == field.key)
}

/// The value of `key` in the raw arguments. Arguments are a handful of keys: comparing each
/// is cheaper than a map lookup, which with serde_json's `preserve_order` hashes the key
/// with SipHash; a larger object is searched by the map.
fn raw_value<'a>(raw: &'a Map<String, Value>, key: &str) -> Option<&'a Value> {
    const SCANNED: usize = 8;
    if raw.len() <= SCANNED {
        raw.iter()
            .find_map(|(name, value)| (name == key).then_some(value))
    } else {
        raw.get(key)
    }
}

/// The projected value of one field: `None` when it is absent, `null` or a value the field's
/// type does not deserialize from (another JSON type, an integer out of its range): the
/// typed field could not have held it; `Some(None)` when it is read but normalized away (a
/// negative `offset`, or one beyond `u64` once shifted from 0).
fn project_field<'a>(field: &InputField, raw: Option<&'a Value>) -> Option<Option<Cow<'a, Value>>> {
    let raw = raw.filter(|value| !value.is_null())?;
    let command_line_of =
        |raw: &Value| as_argv(raw).map(|argv| Some(Cow::Owned(Value::from(command_line(&argv)))));
    match field.raw {
        RawType::Argv => return command_line_of(raw),
        RawType::CommandLine => {
            return match raw {
                Value::String(_) => Some(Some(Cow::Borrowed(raw))),
                _ => command_line_of(raw),
            };
        }
        _ => {}
    }
    if !field.extra {
        // A canonical key carries its own type, whatever the field records.
        let of_key = match key_type(field.key)? {
            KeyType::Path | KeyType::Text => raw.is_string(),
            KeyType::Integer => json_integer(raw).is_some(),
        };
        if !of_key {
            return None;
        }
    }
    if !deserializes_from(field, raw) {
        return None;
    }
    if field.extra || field.key != OFFSET {
        return Some(Some(Cow::Borrowed(raw)));
    }
    let offset = json_integer(raw)?;
    let offset = if field.zero_based {
        one_based_offset(offset)
    } else {
        normalize_offset(offset)
    };
    Some(offset.map(|offset| Cow::Owned(Value::from(offset))))
}

/// Whether the field's Rust type deserializes from `raw` (see [`RawType`]): the typed
/// field could have held it.
fn deserializes_from(field: &InputField, raw: &Value) -> bool {
    match field.raw {
        // Recorded by hand: what the key carries; an extra key, what an extra value can be.
        RawType::OfKey => match key_type(field.key) {
            _ if field.extra => raw.is_string() || raw.is_boolean() || json_integer(raw).is_some(),
            Some(KeyType::Path | KeyType::Text) => raw.is_string(),
            Some(KeyType::Integer) => json_integer(raw).is_some(),
            None => false,
        },
        RawType::String => raw.is_string(),
        RawType::Integer { min, max } => {
            json_integer(raw).is_some_and(|n| i128::from(min) <= n && n <= i128::from(max))
        }
        RawType::Bool => raw.is_boolean(),
        RawType::Unreadable => false,
        // Converted before this check (`project_field`).
        RawType::Argv | RawType::CommandLine => false,
    }
}

/// `raw` as an argv: an array of strings, else `None`.
fn as_argv(raw: &Value) -> Option<Vec<&str>> {
    raw.as_array()?.iter().map(Value::as_str).collect()
}

/// `raw` as an integer, if it is a JSON integer (not a float such as `40.0` or `40.5`).
fn json_integer(raw: &Value) -> Option<i128> {
    match raw {
        Value::Number(n) => n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)),
        _ => None,
    }
}
