//! Filling in a call's `rawInput` from its permission request's, key by key.
//!
//! A permission request's `rawInput` describes the permission, so it never replaces the
//! arguments the call's own updates sent; but the keys it names that the call's own
//! `rawInput` lacks are still arguments of the call (DESIGN §8: a call's input is
//! everything the call and the request have named). OpenCode's `bash` call first sends
//! `{"cwd": …}` and names the command only in its permission request.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

/// The call's own `rawInput` with the members of the request's `rawInput` whose keys it
/// lacks appended in the request's order (the call's own values win); `None` when the
/// request adds no key, or when either is not a JSON object.
pub(crate) fn fill_in(own: &RawValue, request: &RawValue) -> Option<Box<RawValue>> {
    let request = serde_json::from_str::<Members<'_>>(request.get()).ok()?.0;
    if request.is_empty() {
        return None;
    }
    let own_keys = serde_json::from_str::<Keys<'_>>(own.get()).ok()?.0;
    let mut text = own.get().trim_end().strip_suffix('}')?.trim_end().to_owned();
    let mut has_members = !own_keys.is_empty();
    let mut added = false;
    for (key, value) in &request {
        if own_keys.contains(key) {
            continue;
        }
        if has_members {
            text.push(',');
        }
        text.push_str(&serde_json::to_string(key).ok()?);
        text.push(':');
        text.push_str(value.get());
        has_members = true;
        added = true;
    }
    text.push('}');
    if !added {
        return None;
    }
    RawValue::from_string(text).ok()
}

/// A JSON object's members in order, values as their raw text.
struct Members<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'de> Deserialize<'de> for Members<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Of;
        impl<'de> Visitor<'de> for Of {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut members = Vec::new();
                while let Some((key, value)) = map.next_entry::<Cow<'de, str>, &'de RawValue>()? {
                    members.push((key, value));
                }
                Ok(Members(members))
            }
        }
        deserializer.deserialize_map(Of)
    }
}

/// A JSON object's keys.
struct Keys<'a>(HashSet<Cow<'a, str>>);

impl<'de> Deserialize<'de> for Keys<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Of;
        impl<'de> Visitor<'de> for Of {
            type Value = Keys<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut keys = HashSet::new();
                while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                    map.next_value::<IgnoredAny>()?;
                    keys.insert(key);
                }
                Ok(Keys(keys))
            }
        }
        deserializer.deserialize_map(Of)
    }
}

#[cfg(test)]
mod tests {
    use super::fill_in;
    use serde_json::value::RawValue;

    fn raw(text: &str) -> Box<RawValue> {
        RawValue::from_string(text.to_owned()).unwrap()
    }

    fn filled(own: &str, request: &str) -> Option<String> {
        fill_in(&raw(own), &raw(request)).map(|raw| raw.get().to_owned())
    }

    #[test]
    fn the_request_adds_the_keys_the_call_lacks() {
        // OpenCode 1.18.33's `bash`: `{cwd}` in the call, `{command}` in the request.
        assert_eq!(
            filled(r#"{"cwd":"/w"}"#, r#"{"command":"echo hi"}"#).as_deref(),
            Some(r#"{"cwd":"/w","command":"echo hi"}"#)
        );
        assert_eq!(
            filled(" { } ", r#"{"a":1,"b":[2]}"#).as_deref(),
            Some(r#"{"a":1,"b":[2]}"#)
        );
    }

    #[test]
    fn the_calls_own_values_win() {
        assert_eq!(
            filled(
                r#"{"command":"ls","cwd":"/w"}"#,
                r#"{"command":"rm -rf /","timeout":5}"#
            )
            .as_deref(),
            Some(r#"{"command":"ls","cwd":"/w","timeout":5}"#)
        );
        // Keys compared unescaped: `"\u0061"` is `a`.
        assert_eq!(filled(r#"{"\u0061":1}"#, r#"{"a":2}"#), None);
        assert_eq!(
            filled(r#"{"a":1}"#, r#"{"a\"b":2}"#).as_deref(),
            Some(r#"{"a":1,"a\"b":2}"#)
        );
    }

    #[test]
    fn nothing_to_add_or_not_objects() {
        assert_eq!(filled(r#"{"a":1}"#, "{}"), None);
        assert_eq!(filled(r#"{"a":1}"#, r#"{"a":3}"#), None);
        assert_eq!(filled(r#""text""#, r#"{"a":1}"#), None);
        assert_eq!(filled(r#"{"a":1}"#, "[1]"), None);
    }
}
