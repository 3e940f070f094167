//! Filling in a call's `rawInput`: from its permission request's, key by key, and from a
//! later update that only adds arguments.
//!
//! A permission request's `rawInput` describes the permission, so it never replaces the
//! arguments the call's own updates sent; but the keys it names that the call's own
//! `rawInput` lacks are still arguments of the call (DESIGN §8: a call's input is
//! everything the call and the request have named). OpenCode's `bash` call first sends
//! `{"cwd": …}` and names the command only in its permission request.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;

use super::fields::next_key;

/// The call's own `rawInput` with the members of the request's `rawInput` whose keys it
/// lacks appended in the request's order (the call's own values win); `None` when the
/// request adds no key, or when either is not a JSON object.
pub(crate) fn fill_in(own: &RawValue, request: &RawValue) -> Option<Box<RawValue>> {
    let Members(requested) = serde_json::from_str(request.get()).ok()?;
    let Members(own_members) = serde_json::from_str(own.get()).ok()?;
    let lacks = |key: &Cow<'_, str>| !own_members.iter().any(|(own_key, _)| own_key == key);
    if !requested.iter().any(|(key, _)| lacks(key)) {
        return None;
    }
    let mut text = String::with_capacity(own.get().len() + request.get().len());
    text.push_str(own.get().trim_end().strip_suffix('}')?.trim_end());
    let mut has_members = !own_members.is_empty();
    for (key, value) in requested.iter().filter(|(key, _)| lacks(key)) {
        if has_members {
            text.push(',');
        }
        text.push_str(&serde_json::to_string(key).ok()?);
        text.push(':');
        text.push_str(value.get());
        has_members = true;
    }
    text.push('}');
    RawValue::from_string(text).ok()
}

/// Whether `later` names every member of `kept` with the same value (compared as sent)
/// and more: it only adds arguments, so taking it after the call finished rewrites none
/// (DESIGN §6: input may arrive late; identity is not rewritten after the fact). With
/// nothing kept, any object adds.
pub(crate) fn only_adds(kept: Option<&RawValue>, later: &RawValue) -> bool {
    let Ok(Members(later)) = serde_json::from_str::<Members<'_>>(later.get()) else {
        return false;
    };
    let Some(kept) = kept else {
        return true;
    };
    let Ok(Members(kept)) = serde_json::from_str::<Members<'_>>(kept.get()) else {
        return false;
    };
    kept.len() < later.len()
        && kept.iter().all(|(key, value)| {
            let mut sent = later.iter().filter(|(later_key, _)| later_key == key);
            sent.clone().next().is_some() && sent.all(|(_, later)| later.get() == value.get())
        })
}

/// A JSON object's members in order: each key borrowed from the text unless it has
/// escapes, each value as its raw text.
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
                while let Some(key) = next_key(&mut map)? {
                    members.push((key, map.next_value()?));
                }
                Ok(Members(members))
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

    fn adds(kept: Option<&str>, later: &str) -> bool {
        super::only_adds(kept.map(raw).as_deref(), &raw(later))
    }

    #[test]
    fn a_later_raw_input_that_keeps_every_member_only_adds() {
        let kept = r#"{"cwd":"/w","command":"echo hi"}"#;
        assert!(adds(
            Some(kept),
            r#"{"command":"echo hi","description":"d","cwd":"/w"}"#
        ));
        assert!(adds(None, r#"{"command":"ls"}"#));
        assert!(adds(Some("{}"), r#"{"command":"ls"}"#));
        // Another value, a member gone, nothing new, a duplicate that differs: not only adds.
        assert!(!adds(Some(kept), r#"{"command":"ls","cwd":"/w","x":1}"#));
        assert!(!adds(Some(kept), r#"{"command":"echo hi","x":1}"#));
        assert!(!adds(Some(kept), kept));
        assert!(!adds(
            Some(kept),
            r#"{"cwd":"/w","command":"echo hi","command":"rm x"}"#
        ));
        assert!(!adds(Some(kept), r#""text""#));
        assert!(!adds(Some(r#""text""#), r#"{"a":1}"#));
    }

    #[test]
    fn nothing_to_add_or_not_objects() {
        assert_eq!(filled(r#"{"a":1}"#, "{}"), None);
        assert_eq!(filled(r#"{"a":1}"#, r#"{"a":3}"#), None);
        assert_eq!(filled(r#""text""#, r#"{"a":1}"#), None);
        assert_eq!(filled(r#"{"a":1}"#, "[1]"), None);
    }
}
