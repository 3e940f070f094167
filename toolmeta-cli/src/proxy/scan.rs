//! Finding, in the text of one agent→client line, the tool-call event the proxy may stamp
//! and where its parts are: the event object, its `_meta`, its ACP `name`, `kind` and
//! `locations`, as byte ranges of the line, without building any of it.
//!
//! The line is read once by serde_json, its values borrowed as [`RawValue`]s, whose text is
//! a slice of the line: its place in the line is where the slice starts. A line that does
//! not read cleanly (a duplicated key at any level the proxy reads, a field of an
//! unexpected type, a batch) is not an event: it passes unchanged.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::LazyLock;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, de};
use serde_json::value::RawValue;
use toolmeta::client::{MethodKind, UpdateKind};
use toolmeta::recognition;

use super::decide::ClientMethod;

/// What one agent→client line is, for the proxy.
pub(crate) enum Scanned<'a> {
    /// A tool-call event: a `session/update` whose update is a `tool_call` or a
    /// `tool_call_update`, or a `session/request_permission` request's `toolCall`.
    Event(Event<'a>),
    /// A response naming the agent: `result.agentInfo.name`.
    AgentInfo(Cow<'a, str>),
    /// Another response (to one of the client's requests): its `id`, and what a
    /// `session/new` or `session/prompt` answer says.
    Response(Response<'a>),
    /// A request to the client the proxy may answer itself (`fs/read_text_file`,
    /// `fs/write_text_file`, `terminal/create`), with its `id` and `params.sessionId`. (A
    /// `session/request_permission` request is an [`Event`].)
    Request {
        method: ClientMethod,
        id: &'a RawValue,
        session_id: Option<Cow<'a, str>>,
    },
    /// Anything else.
    Other,
}

/// A response of the agent.
pub(crate) struct Response<'a> {
    pub(crate) id: &'a RawValue,
    /// `result.sessionId` (a `session/new` answer).
    pub(crate) session_id: Option<Cow<'a, str>>,
    /// `result.stopReason` (a `session/prompt` answer).
    pub(crate) stop_reason: Option<Cow<'a, str>>,
    /// Whether it is an error response.
    pub(crate) is_error: bool,
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
    /// A permission request's JSON-RPC `id`.
    pub(crate) request_id: Option<&'a RawValue>,
    pub(crate) session_id: Option<Cow<'a, str>>,
    pub(crate) tool_call_id: Cow<'a, str>,
    /// Where the event object's closing brace is (the object has at least one member).
    pub(crate) close: usize,
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

/// Reads one line of text, in one pass: the message and its `params` are read in place,
/// every value of the event object is borrowed as raw text (so the last one says where the
/// object ends), and a `session/update` about anything but a tool call stops the reading
/// at its `sessionUpdate`.
pub(crate) fn scan(line: &str) -> Scanned<'_> {
    // A batch (`[...]`) or any other value is not a message.
    if !line.trim_start().starts_with('{') {
        return Scanned::Other;
    }
    let mut deserializer = serde_json::Deserializer::from_str(line);
    let message = match MessageFields::deserialize(&mut deserializer) {
        Ok(message) if deserializer.end().is_ok() => message,
        _ => return Scanned::Other,
    };
    // The ledger's routing by `method`; what the proxy adds is where the parts are.
    let Some(method) = message.method.as_deref() else {
        return response(message);
    };
    let (object, origin) = match MethodKind::of(method) {
        MethodKind::SessionUpdate => (message.params.and_then(|p| p.update), None),
        MethodKind::PermissionRequest => (
            message.params.and_then(|p| p.tool_call),
            Some(Origin::Permission),
        ),
        _ => {
            return match (ClientMethod::of(method), message.id) {
                (Some(method), Some(id)) => Scanned::Request {
                    method,
                    id,
                    session_id: message.session_id.and_then(string),
                },
                _ => Scanned::Other,
            };
        }
    };
    let session_id = message.session_id.and_then(string);
    let request_id = message.id;
    object
        .and_then(|object| event(line, session_id, object, origin))
        .map_or(Scanned::Other, |event| {
            Scanned::Event(Event {
                request_id,
                ..event
            })
        })
}

/// A message without a method: a response naming the agent, or another response.
fn response(message: MessageFields<'_>) -> Scanned<'_> {
    let result = message.result.and_then(read::<ResultFields<'_>>);
    if let Some(name) = result
        .as_ref()
        .and_then(|result| result.agent_info)
        .and_then(read::<AgentInfoFields<'_>>)
        .and_then(|info| info.name)
        .and_then(string)
    {
        return Scanned::AgentInfo(name);
    }
    match message.id {
        Some(id) if message.result.is_some() || message.has_error => {
            let (session_id, stop_reason) = match result {
                Some(result) => (
                    result.session_id.and_then(string),
                    result.stop_reason.and_then(string),
                ),
                None => (None, None),
            };
            Scanned::Response(Response {
                id,
                session_id,
                stop_reason,
                is_error: message.has_error,
            })
        }
        _ => Scanned::Other,
    }
}

fn event<'a>(
    line: &'a str,
    session_id: Option<Cow<'a, str>>,
    fields: EventFields<'a>,
    origin: Option<Origin>,
) -> Option<Event<'a>> {
    let origin = match origin {
        Some(origin) => origin,
        None => match UpdateKind::of(&string(fields.session_update?)?) {
            UpdateKind::ToolCall => Origin::ToolCall,
            UpdateKind::ToolCallUpdate => Origin::ToolCallUpdate,
            _ => return None,
        },
    };
    // The object's closing brace follows its last value, after any whitespace.
    let after_last = span(line, fields.last?).end;
    let close = after_last + (line[after_last..].len() - line[after_last..].trim_start().len());
    if line.as_bytes().get(close) != Some(&b'}') {
        return None;
    }
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
        request_id: None,
        session_id,
        tool_call_id: string(fields.tool_call_id?)?,
        close,
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

/// Puts `value` in `slot`, refusing a key sent twice (which one would a client read?).
fn once<T, E: de::Error>(slot: &mut Option<T>, value: T, key: &'static str) -> Result<(), E> {
    if slot.is_some() {
        return Err(E::duplicate_field(key));
    }
    *slot = Some(value);
    Ok(())
}

/// A message: its `method`, its `params` read in place, its `result` as raw text.
#[derive(Default)]
struct MessageFields<'a> {
    id: Option<&'a RawValue>,
    has_error: bool,
    method: Option<Cow<'a, str>>,
    params: Option<ParamsFields<'a>>,
    result: Option<&'a RawValue>,
    /// `params.sessionId`.
    session_id: Option<&'a RawValue>,
}

impl<'de> Deserialize<'de> for MessageFields<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MessageVisitor;
        impl<'de> Visitor<'de> for MessageVisitor {
            type Value = MessageFields<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON-RPC message")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut message = MessageFields::default();
                while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
                    match key.as_ref() {
                        "method" => {
                            let Key(method) = map.next_value()?;
                            once(&mut message.method, method, "method")?;
                        }
                        "params" => {
                            let params: ParamsFields<'de> = map.next_value()?;
                            if let Some(session_id) = params.session_id {
                                message.session_id = Some(session_id);
                            }
                            once(&mut message.params, params, "params")?;
                        }
                        "result" => {
                            let result = map.next_value()?;
                            once(&mut message.result, result, "result")?;
                        }
                        "id" => {
                            let id = map.next_value()?;
                            once(&mut message.id, id, "id")?;
                        }
                        "error" => {
                            map.next_value::<IgnoredAny>()?;
                            message.has_error = true;
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(message)
            }
        }
        deserializer.deserialize_map(MessageVisitor)
    }
}

/// A message's `params`: `sessionId`, and the event objects `update` and `toolCall`.
#[derive(Default)]
struct ParamsFields<'a> {
    session_id: Option<&'a RawValue>,
    update: Option<EventFields<'a>>,
    tool_call: Option<EventFields<'a>>,
}

impl<'de> Deserialize<'de> for ParamsFields<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ParamsVisitor;
        impl<'de> Visitor<'de> for ParamsVisitor {
            type Value = ParamsFields<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object of params")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut params = ParamsFields::default();
                while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
                    match key.as_ref() {
                        "sessionId" => {
                            let session_id = map.next_value()?;
                            once(&mut params.session_id, session_id, "sessionId")?;
                        }
                        "update" => {
                            let update = map.next_value_seed(EventSeed { update: true })?;
                            once(&mut params.update, update, "update")?;
                        }
                        "toolCall" => {
                            let tool_call = map.next_value_seed(EventSeed { update: false })?;
                            once(&mut params.tool_call, tool_call, "toolCall")?;
                        }
                        _ => {
                            map.next_value::<IgnoredAny>()?;
                        }
                    }
                }
                Ok(params)
            }
        }
        deserializer.deserialize_map(ParamsVisitor)
    }
}

/// The fields of a tool-call event object the proxy reads, as raw text, and its last
/// value (of any key), after which the object closes.
#[derive(Default)]
struct EventFields<'a> {
    session_update: Option<&'a RawValue>,
    tool_call_id: Option<&'a RawValue>,
    title: Option<&'a RawValue>,
    kind: Option<&'a RawValue>,
    name: Option<&'a RawValue>,
    raw_input: Option<&'a RawValue>,
    locations: Option<&'a RawValue>,
    meta: Option<&'a RawValue>,
    last: Option<&'a RawValue>,
}

/// Reads an event object; for a session update (`update`), stops with an error at a
/// `sessionUpdate` that is not a tool call's: nothing of the line is needed then.
struct EventSeed {
    update: bool,
}

impl<'de> de::DeserializeSeed<'de> for EventSeed {
    type Value = EventFields<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for EventSeed {
    type Value = EventFields<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a tool-call event object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut fields = EventFields::default();
        while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
            let value: &'de RawValue = map.next_value()?;
            fields.last = Some(value);
            let (slot, name) = match key.as_ref() {
                "sessionUpdate" => {
                    if self.update
                        && !string(value).is_some_and(|kind| UpdateKind::of(&kind).is_tool_call())
                    {
                        return Err(de::Error::custom("not a tool-call update"));
                    }
                    (&mut fields.session_update, "sessionUpdate")
                }
                "toolCallId" => (&mut fields.tool_call_id, "toolCallId"),
                "title" => (&mut fields.title, "title"),
                "kind" => (&mut fields.kind, "kind"),
                "name" => (&mut fields.name, "name"),
                "rawInput" => (&mut fields.raw_input, "rawInput"),
                "locations" => (&mut fields.locations, "locations"),
                "_meta" => (&mut fields.meta, "_meta"),
                _ => continue,
            };
            once(slot, value, name)?;
        }
        Ok(fields)
    }
}

#[derive(Deserialize)]
struct ResultFields<'a> {
    #[serde(rename = "agentInfo", borrow, default)]
    agent_info: Option<&'a RawValue>,
    #[serde(rename = "sessionId", borrow, default)]
    session_id: Option<&'a RawValue>,
    #[serde(rename = "stopReason", borrow, default)]
    stop_reason: Option<&'a RawValue>,
}

#[derive(Deserialize)]
struct AgentInfoFields<'a> {
    #[serde(borrow, default)]
    name: Option<&'a RawValue>,
}

/// The keys of a `_meta` object the proxy looks at: the envelope's, and the tool-name keys
/// of every party ([`toolmeta::recognition`]: `claudeCode.toolName`,
/// `goose.toolCall.toolName`, Qwen Code's `toolName`, `tool_name`, …).
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
            if key == toolmeta::TOOL_META_KEY {
                keys.has_envelope = true;
                map.next_value::<IgnoredAny>()?;
                continue;
            }
            match paths_through(ALL_PATHS, 0, &key) {
                0 => {
                    map.next_value::<IgnoredAny>()?;
                }
                through => {
                    let raw = map.next_value::<&'de RawValue>()?;
                    keys.names_tool |= names_tool(raw, 1, through);
                }
            }
        }
        Ok(keys)
    }
}

/// The `_meta` tool-name keys of every party, key by key.
static TOOL_NAME_PATHS: LazyLock<Vec<&'static [&'static str]>> = LazyLock::new(|| {
    let paths: Vec<&'static [&'static str]> = recognition::PARTIES
        .iter()
        .flat_map(|party| party.recognition.meta_tool_names)
        .chain(recognition::SHARED_META_TOOL_NAMES)
        .map(|key| key.path.keys())
        .collect();
    assert!(paths.len() <= 64, "a mask of 64 bits holds every path");
    paths
});

/// Every path of [`TOOL_NAME_PATHS`], as a mask.
const ALL_PATHS: u64 = u64::MAX;

/// The paths of `mask` whose key at `depth` is `key`.
fn paths_through(mask: u64, depth: usize, key: &str) -> u64 {
    TOOL_NAME_PATHS
        .iter()
        .enumerate()
        .filter(|(i, path)| mask & (1 << i) != 0 && path.get(depth) == Some(&key))
        .fold(0, |through, (i, _)| through | (1 << i))
}

/// Whether `raw`, the value `depth` keys down the paths of `mask`, is a string where one
/// of them ends, or an object holding one further down. No path is a prefix of another (a
/// test of the list says so): a key ends paths or goes on, not both.
fn names_tool(raw: &RawValue, depth: usize, mask: u64) -> bool {
    let ends = TOOL_NAME_PATHS
        .iter()
        .enumerate()
        .any(|(i, path)| mask & (1 << i) != 0 && path.len() == depth);
    if ends {
        return raw.get().starts_with('"');
    }
    let mut deserializer = serde_json::Deserializer::from_str(raw.get());
    Level { depth, mask }
        .deserialize(&mut deserializer)
        .unwrap_or(false)
}

/// An object under `_meta` some tool-name paths go through.
struct Level {
    depth: usize,
    mask: u64,
}

impl<'de> DeserializeSeed<'de> for Level {
    type Value = bool;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Level {
    type Value = bool;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
        let mut named = false;
        while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
            match paths_through(self.mask, self.depth, &key) {
                0 => {
                    map.next_value::<IgnoredAny>()?;
                }
                through => {
                    let raw = map.next_value::<&'de RawValue>()?;
                    named |= names_tool(raw, self.depth + 1, through);
                }
            }
        }
        Ok(named)
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
