//! Projecting raw JSON arguments (`rawInput`) through the recorded wire keys; the rules are
//! documented (as a table) on the `toolset` module.

use serde_json::{Map, Value};

use crate::convert::one_based_offset;
use crate::keys::{KeyType, OFFSET, key_type};
use crate::{Identity, InputField, LabelShape, normalize_offset};

/// The canonical input of a call to the tool `identity` with raw arguments `raw`, projected
/// through `fields`; `None` when there is none (see the module docs for the rules).
pub(crate) fn project_raw(
    identity: &Identity,
    fields: &[InputField],
    raw: &Value,
) -> Option<Value> {
    if fields.is_empty() {
        return None;
    }
    let raw = raw.as_object()?;
    // Sized for every field, so that the map never grows while it is filled.
    let mut input = Map::with_capacity(fields.len());
    for field in fields {
        if field.converted {
            continue;
        }
        // serde reads the field from its wire key or any alias.
        let value = std::iter::once(field.wire)
            .chain(field.aliases.iter().copied())
            .find_map(|wire| raw.get(wire));
        match project_field(field, value) {
            Some(value) => {
                input.insert(field.key.to_owned(), value);
            }
            None if !field.optional => return None,
            None => {}
        }
    }
    let shape = LabelShape::of(identity.label);
    if shape.required.iter().any(|key| !input.contains_key(*key)) {
        return None;
    }
    // An empty projection omits `input`, as the typed path does: never `{}`.
    (!input.is_empty()).then_some(Value::Object(input))
}

/// The projected value of one field, or `None` when it is absent, `null`, of the wrong JSON
/// type, or a negative offset.
fn project_field(field: &InputField, raw: Option<&Value>) -> Option<Value> {
    let raw = raw.filter(|value| !value.is_null())?;
    if field.extra {
        return Some(raw.clone());
    }
    match key_type(field.key)? {
        KeyType::Path | KeyType::Text => raw.is_string().then(|| raw.clone()),
        KeyType::Integer if field.key == OFFSET => {
            let offset = match raw {
                Value::Number(n) => n.as_i64().map(i128::from).or(n.as_u64().map(i128::from))?,
                _ => return None,
            };
            let offset = if field.zero_based {
                one_based_offset(offset)
            } else {
                normalize_offset(offset)
            };
            offset.map(Value::from)
        }
        KeyType::Integer => (raw.is_i64() || raw.is_u64()).then(|| raw.clone()),
    }
}
