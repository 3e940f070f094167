//! Finding, in the text of one agent→client line, the tool-call event the proxy may stamp
//! and where its parts are: the event object, its `_meta`, its ACP `name`, `kind` and
//! `locations`, as byte ranges of the line, without building any of it.
//!
//! Each level is read by serde_json into borrowed [`RawValue`]s, whose text is a slice of
//! the line: its place in the line is where the slice starts. A line that does not read
//! cleanly (a duplicated key at any level the proxy reads, a field of an unexpected type,
//! a batch) is not an event: it passes unchanged.

use std::borrow::Cow;
use std::ops::Range;

use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, de};
use serde_json::value::RawValue;

/// What one agent→client line is, for the proxy.
pub(crate) enum Scanned<'a> {
    /// A tool-call event: a `session/update` whose update is a `tool_call` or a
    /// `tool_call_update`, or a `session/request_permission` request's `toolCall`.
    Event(Event<'a>),
    /// A response naming the agent: `result.agentInfo.name`.
    AgentInfo(Cow<'a, str>),
    /// Anything else.
    Other,
}

/// Which tool-call event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Origin {
    /// `sessionUpdate: "tool_call"`.
    ToolCall,
    /// `sessionUpdate: "tool_call_update"`.
    ToolCallUpdate,
    /// A permission request's `toolCall`.
    Permission,
}

/// One tool-call event, located in its line.
pub(crate) struct Event<'a> {
    pub(crate) origin: Origin,
    pub(crate) session_id: Option<Cow<'a, str>>,
    pub(crate) tool_call_id: Cow<'a, str>,
    /// The event object, braces included.
    pub(crate) object: Range<usize>,
    /// Whether the object has no key at all.
    pub(crate) object_is_empty: bool,
    pub(crate) meta: Meta,
    /// The value of `title`, when sent and not `null`.
    pub(crate) has_title: bool,
    /// ACP's `kind`: where its value is, and whether it is `"other"`.
    pub(crate) kind: Option<(Range<usize>, bool)>,
    /// ACP's `name`, when sent and not `null`.
    pub(crate) has_name: bool,
    /// `rawInput`, when sent and not `null`.
    pub(crate) has_raw_input: bool,
    pub(crate) locations: Locations,
}

/// The event's `_meta`.
pub(crate) enum Meta {
    /// No `_meta` key.
    Absent,
    /// An object: where it is, whether it is empty, whether it has an `x.ai/tool` key (of
    /// any value), and whether it names the tool (a harness's tool-name key).
    Object {
        span: Range<usize>,
        is_empty: bool,
        has_envelope: bool,
        names_tool: bool,
    },
    /// Something else (`null`, a string...): the line is left alone.
    NotObject,
}

/// The event's `locations`.
pub(crate) enum Locations {
    /// No `locations` key.
    Absent,
    /// `null` or `[]`: none, at this range.
    Empty(Range<usize>),
    /// A non-empty list (or a value of another type, which is not the proxy's to replace).
    Present,
}

impl Event<'_> {
    /// Whether the event carries evidence of its tool's identity or its arguments, for a
    /// call whose first title is (or is not) already known: a later title is human text.
    pub(crate) fn carries_evidence(&self, has_first_title: bool) -> bool {
        (self.has_title && !has_first_title)
            || self.kind.is_some()
            || self.has_name
            || self.has_raw_input
            || matches!(self.locations, Locations::Present)
            || matches!(
                self.meta,
                Meta::Object {
                    names_tool: true,
                    ..
                }
            )
    }
}

/// Reads one line of text.
pub(crate) fn scan(line: &str) -> Scanned<'_> {
    // A batch (`[...]`) would read positionally into the structs below.
    if !line.trim_start().starts_with('{') {
        return Scanned::Other;
    }
    let Ok(message) = serde_json::from_str::<MessageFields<'_>>(line) else {
        return Scanned::Other;
    };
    match message.method.as_deref() {
        Some("session/update") => message
            .params
            .and_then(read::<ParamsFields<'_>>)
            .and_then(|params| {
                let update = params.update?;
                event(line, params.session_id, update, None)
            })
            .map_or(Scanned::Other, Scanned::Event),
        Some("session/request_permission") => message
            .params
            .and_then(read::<ParamsFields<'_>>)
            .and_then(|params| {
                let tool_call = params.tool_call?;
                event(line, params.session_id, tool_call, Some(Origin::Permission))
            })
            .map_or(Scanned::Other, Scanned::Event),
        Some(_) => Scanned::Other,
        None => message
            .result
            .and_then(read::<ResultFields<'_>>)
            .and_then(|result| result.agent_info)
            .and_then(read::<AgentInfoFields<'_>>)
            .and_then(|info| info.name)
            .and_then(string)
            .map_or(Scanned::Other, Scanned::AgentInfo),
    }
}

fn event<'a>(
    line: &'a str,
    session_id: Option<&'a RawValue>,
    object: &'a RawValue,
    origin: Option<Origin>,
) -> Option<Event<'a>> {
    let text = object.get();
    if !text.starts_with('{') {
        return None;
    }
    let fields: EventFields<'a> = read(object)?;
    let origin = match origin {
        Some(origin) => origin,
        None => match string(fields.session_update?)?.as_ref() {
            "tool_call" => Origin::ToolCall,
            "tool_call_update" => Origin::ToolCallUpdate,
            _ => return None,
        },
    };
    let meta = match fields.meta {
        None => Meta::Absent,
        Some(meta) if meta.get().starts_with('{') => {
            let keys: MetaKeys = read(meta)?;
            Meta::Object {
                span: span(line, meta),
                is_empty: is_empty_object(meta),
                has_envelope: keys.has_envelope,
                names_tool: keys.names_tool,
            }
        }
        Some(_) => Meta::NotObject,
    };
    let locations = match fields.locations {
        None => Locations::Absent,
        Some(locations) => {
            let text = locations.get();
            let empty_list = text.starts_with('[') && text[1..].trim_start().starts_with(']');
            if text == "null" || empty_list {
                Locations::Empty(span(line, locations))
            } else {
                Locations::Present
            }
        }
    };
    Some(Event {
        origin,
        session_id: session_id.and_then(string),
        tool_call_id: string(fields.tool_call_id?)?,
        object: span(line, object),
        object_is_empty: is_empty_object(object),
        meta,
        has_title: fields.title.is_some_and(not_null),
        kind: fields
            .kind
            .filter(|kind| not_null(kind))
            .map(|kind| (span(line, kind), kind.get() == "\"other\"")),
        has_name: fields.name.is_some_and(not_null),
        has_raw_input: fields.raw_input.is_some_and(not_null),
        locations,
    })
}

/// Where `inner`, a slice of `line`, is in it.
fn span(line: &str, inner: &RawValue) -> Range<usize> {
    let text = inner.get();
    // Both are slices of one buffer: `inner` was read, borrowed, out of `line`.
    let start = (text.as_ptr() as usize).wrapping_sub(line.as_ptr() as usize);
    debug_assert!(start + text.len() <= line.len());
    start..start + text.len()
}

fn is_empty_object(object: &RawValue) -> bool {
    let text = object.get();
    text.len() >= 2 && text[1..text.len() - 1].trim().is_empty()
}

fn not_null(value: &RawValue) -> bool {
    value.get() != "null"
}

fn read<'a, T: Deserialize<'a>>(raw: &'a RawValue) -> Option<T> {
    serde_json::from_str(raw.get()).ok()
}

/// A JSON string's value, borrowed when it has no escapes.
fn string(raw: &RawValue) -> Option<Cow<'_, str>> {
    let text = raw.get();
    match serde_json::from_str::<&str>(text) {
        Ok(value) => Some(Cow::Borrowed(value)),
        Err(_) => serde_json::from_str::<String>(text).ok().map(Cow::Owned),
    }
}

/// A field that is read as its raw text, `null` included (serde reads `null` into `None`
/// for an `Option`, which would hide a `_meta: null`).
fn present<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<&'de RawValue>, D::Error> {
    <&'de RawValue>::deserialize(deserializer).map(Some)
}

#[derive(Deserialize)]
struct MessageFields<'a> {
    #[serde(borrow, default)]
    method: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    params: Option<&'a RawValue>,
    #[serde(borrow, default)]
    result: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct ParamsFields<'a> {
    #[serde(rename = "sessionId", borrow, default)]
    session_id: Option<&'a RawValue>,
    #[serde(borrow, default)]
    update: Option<&'a RawValue>,
    #[serde(rename = "toolCall", borrow, default)]
    tool_call: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct ResultFields<'a> {
    #[serde(rename = "agentInfo", borrow, default)]
    agent_info: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct AgentInfoFields<'a> {
    #[serde(borrow, default)]
    name: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct EventFields<'a> {
    #[serde(rename = "sessionUpdate", borrow, default)]
    session_update: Option<&'a RawValue>,
    #[serde(rename = "toolCallId", borrow, default)]
    tool_call_id: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    title: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    kind: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    name: Option<&'a RawValue>,
    #[serde(rename = "rawInput", borrow, default, deserialize_with = "present")]
    raw_input: Option<&'a RawValue>,
    #[serde(borrow, default, deserialize_with = "present")]
    locations: Option<&'a RawValue>,
    #[serde(rename = "_meta", borrow, default, deserialize_with = "present")]
    meta: Option<&'a RawValue>,
}

/// The keys of a `_meta` object the proxy looks at: the envelope's, and the tool-name keys
/// of the harnesses that have one (`claudeCode.toolName`, `goose.toolCall.toolName`, Qwen
/// Code's `toolName`, `tool_name`).
#[derive(Default)]
struct MetaKeys {
    has_envelope: bool,
    names_tool: bool,
}

impl<'de> Deserialize<'de> for MetaKeys {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MetaKeys, D::Error> {
        deserializer.deserialize_map(MetaVisitor)
    }
}

struct MetaVisitor;

impl<'de> Visitor<'de> for MetaVisitor {
    type Value = MetaKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a `_meta` object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<MetaKeys, A::Error> {
        let mut keys = MetaKeys::default();
        while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
            match key.as_ref() {
                toolmeta::TOOL_META_KEY => {
                    keys.has_envelope = true;
                    map.next_value::<IgnoredAny>()?;
                }
                "claudeCode" => {
                    let raw = map.next_value::<&'de RawValue>()?;
                    keys.names_tool |= read::<ToolNameFields>(raw).is_some_and(|f| f.named());
                }
                "goose" => {
                    let raw = map.next_value::<&'de RawValue>()?;
                    keys.names_tool |= read::<GooseFields<'_>>(raw)
                        .and_then(|goose| goose.tool_call)
                        .and_then(read::<ToolNameFields>)
                        .is_some_and(|f| f.named());
                }
                "toolName" | "tool_name" => {
                    let raw = map.next_value::<&'de RawValue>()?;
                    keys.names_tool |= raw.get().starts_with('"');
                }
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(keys)
    }
}

/// An object whose `toolName` is a string.
#[derive(Deserialize)]
struct ToolNameFields {
    #[serde(rename = "toolName", default)]
    tool_name: Option<IgnoredStr>,
}

impl ToolNameFields {
    fn named(&self) -> bool {
        self.tool_name.is_some()
    }
}

#[derive(Deserialize)]
struct GooseFields<'a> {
    #[serde(rename = "toolCall", borrow, default)]
    tool_call: Option<&'a RawValue>,
}

/// A string, not kept.
struct IgnoredStr;

impl<'de> Deserialize<'de> for IgnoredStr {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<IgnoredStr, D::Error> {
        struct StrVisitor;
        impl Visitor<'_> for StrVisitor {
            type Value = IgnoredStr;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<IgnoredStr, E> {
                Ok(IgnoredStr)
            }
        }
        deserializer.deserialize_str(StrVisitor)
    }
}

/// A key, borrowed from the line when it has no escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key<'de>, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(key)))
            }
            fn visit_str<E: de::Error>(self, key: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(key.to_owned())))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}
