//! The shapes an ACP message arrives in, as tables of the fields the ledger reads
//! ([`fields!`]: read in place, every other key skipped unbuilt), and what a message turns
//! out to be: a JSON-RPC notification, a persisted log line (`timestamp` + `method`), a bare
//! `params` or `update` object, a permission request or the client's answer to one, the
//! agent's answer to `initialize`, or a JSON-RPC batch of them.

use std::borrow::Cow;
use std::marker::PhantomData;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::evidence::{META_KEY_COUNT, META_KEYS};
use super::evidence_value::{PROXY_EVIDENCE_KEY, ProxyMarkFields};
use super::few::Few;
use super::fields::{Element, Fields, Loose, Raw, Source, Tolerant, fields, read, scalars_read_as};
use super::loose_meta::EnvelopeFields;
use super::route::{MethodKind, UpdateKind};
use super::text::{Text, WellKnown};
use super::time::Timestamp;
use crate::TOOL_META_KEY;

fields! {
    /// A line's top-level object: a message's envelope.
    pub(crate) struct LineFields<'a> {
        /// A persisted line's time.
        "timestamp" => timestamp: Option<Timestamp> = read::scalar,
        /// A request's or response's JSON-RPC `id`.
        "id" => id: Option<RequestId> = read::scalar,
        "method" => method: Option<Cow<'a, str>> = read::scalar,
        "params" => params: Option<ParamsFields<'a>> = read::object,
        "result" => result: Option<ResultFields<'a>> = read::object,
    }
}

fields! {
    /// A message's `params` (or a bare `params` object).
    pub(crate) struct ParamsFields<'a> {
        "sessionId" => session_id: Option<Cow<'a, str>> = read::scalar,
        "update" => update: Option<UpdateFields<'a>> = read::object,
        /// A permission request's tool call (boxed, as `subject`: few lines have one, and
        /// every line is read into room for all its fields).
        "toolCall" => tool_call: Option<Box<UpdateFields<'a>>> = read::object,
        /// The ACP v2 draft's permission request: `params.subject.toolCall`.
        "subject" => subject: Option<Box<SubjectFields<'a>>> = read::object,
        /// A log that records the `initialize` answer under `params`.
        "agentInfo" => agent_info: Option<AgentInfoFields<'a>> = read::object,
        /// A permission request's options.
        "options" => options: Option<Few<OptionFields<'a>>> = read::objects,
    }
}

fields! {
    /// The fields of an ACP `ToolCall` / `ToolCallUpdate` the ledger merges (and of the
    /// other session updates, what tells them apart).
    pub(crate) struct UpdateFields<'a> {
        "sessionUpdate" => session_update: Option<Cow<'a, str>> = read::scalar,
        "toolCallId" => tool_call_id: Option<Cow<'a, str>> = read::scalar,
        "title" => title: Option<Cow<'a, str>> = read::scalar,
        "kind" => kind: Option<Cow<'a, str>> = read::scalar,
        "status" => status: Option<Cow<'a, str>> = read::scalar,
        /// ACP's first-class tool name (stable since schema 1.22).
        "name" => name: Option<Cow<'a, str>> = read::scalar,
        "rawInput" => raw_input: Option<Raw<'a>> = read::raw,
        "rawOutput" => raw_output: Option<Raw<'a>> = read::raw,
        /// A non-empty array.
        "content" => content: Option<Raw<'a>> = read::raw_array,
        /// The locations that have a path; absent when none has.
        "locations" => locations: Option<Few<LocationFields<'a>>> = read::objects,
        "_meta" => meta: Option<MetaFields<'a>> = read::object,
        /// A `subagent_update`'s child session.
        "sessionId" => session_id: Option<Cow<'a, str>> = read::scalar,
    }
}

fields! {
    /// One ACP `ToolCallLocation`, kept when it has a path.
    pub(crate) struct LocationFields<'a> (kept with path) {
        "path" => path: Option<Cow<'a, str>> = read::scalar,
        "line" => line: Option<u64> = read::scalar,
    }
}

fields! {
    /// One `PermissionOption`, kept when it has an `optionId`.
    pub(crate) struct OptionFields<'a> (kept with option_id) {
        "optionId" => option_id: Option<Cow<'a, str>> = read::scalar,
        "name" => name: Option<Cow<'a, str>> = read::scalar,
        "kind" => kind: Option<Cow<'a, str>> = read::scalar,
    }
}

fields! {
    /// The ACP v2 draft's permission `subject`.
    pub(crate) struct SubjectFields<'a> {
        "toolCall" => tool_call: Option<UpdateFields<'a>> = read::object,
    }
}

fields! {
    /// `agentInfo`, in an `initialize` answer.
    pub(crate) struct AgentInfoFields<'a> {
        "name" => name: Option<Cow<'a, str>> = read::scalar,
        "title" => title: Option<Cow<'a, str>> = read::scalar,
    }
}

fields! {
    /// A response's `result`: an `initialize` answer's `agentInfo`, or a permission
    /// answer's `outcome`.
    pub(crate) struct ResultFields<'a> {
        "agentInfo" => agent_info: Option<AgentInfoFields<'a>> = read::object,
        "outcome" => outcome: Option<OutcomeFields<'a>> = read::object,
    }
}

fields! {
    /// `RequestPermissionOutcome`: `{"outcome":"selected","optionId":…}` or
    /// `{"outcome":"cancelled"}`.
    pub(crate) struct OutcomeFields<'a> {
        "outcome" => outcome: Option<Cow<'a, str>> = read::scalar,
        "optionId" => option_id: Option<Cow<'a, str>> = read::scalar,
    }
}

/// The parts of an update's `_meta` the ledger reads: the envelope, and every key of
/// [`META_KEYS`], by its place in that list.
#[derive(Default)]
pub(crate) struct MetaFields<'a> {
    /// `_meta["x.ai/tool"]`, when it is an object.
    pub(crate) envelope: Option<EnvelopeFields<'a>>,
    /// What each of the `_meta` keys said, when it is a string.
    pub(crate) keys: [Option<Cow<'a, str>>; META_KEY_COUNT],
    /// `_meta["toolmeta/evidence"]`, the proxy's mark on an envelope it stamped.
    pub(crate) proxy_mark: Option<ProxyMarkFields<'a>>,
}

impl<'de> Fields<'de> for MetaFields<'de> {
    fn read_field<S: Source<'de>, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        if key == TOOL_META_KEY {
            read::object(PhantomData::<S>, map, &mut self.envelope)?;
            return Ok(true);
        }
        if key == PROXY_EVIDENCE_KEY {
            read::object(PhantomData::<S>, map, &mut self.proxy_mark)?;
            return Ok(true);
        }
        read_meta_key(map, key, 0, u32::MAX, &mut self.keys)
    }
}

/// Reads the value of key `key`, at `depth` under `_meta`, for the [`META_KEYS`] in `mask`
/// whose path goes through it: a string where a path ends, an object where one goes on.
/// `Ok(false)` when no path goes through the key.
fn read_meta_key<'de, A: MapAccess<'de>>(
    map: &mut A,
    key: &str,
    depth: usize,
    mask: u32,
    keys: &mut [Option<Cow<'de, str>>; META_KEY_COUNT],
) -> Result<bool, A::Error> {
    let mut deeper = 0u32;
    for (index, meta_key) in META_KEYS.iter().enumerate() {
        if mask & (1 << index) == 0 || meta_key.path.keys().get(depth) != Some(&key) {
            continue;
        }
        if meta_key.path.keys().len() == depth + 1 {
            // No path is a prefix of another (a test says so): this key is a name.
            if let Loose(Some(value)) = map.next_value::<Loose<Cow<'de, str>>>()? {
                keys[index] = Some(value);
            }
            return Ok(true);
        }
        deeper |= 1 << index;
    }
    if deeper == 0 {
        return Ok(false);
    }
    map.next_value_seed(MetaLevel {
        depth: depth + 1,
        mask: deeper,
        keys,
    })?;
    Ok(true)
}

/// An object under `_meta` some [`META_KEYS`] go through.
struct MetaLevel<'k, 'de> {
    depth: usize,
    mask: u32,
    keys: &'k mut [Option<Cow<'de, str>>; META_KEY_COUNT],
}

impl<'de> DeserializeSeed<'de> for MetaLevel<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for MetaLevel<'_, 'de> {
    type Value = ();

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = super::fields::next_key(&mut map)? {
            if !read_meta_key(&mut map, &key, self.depth, self.mask, self.keys)? {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }

    scalars_read_as!(());
}

/// A JSON-RPC request id: a non-negative integer or a string.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum RequestId {
    Number(u64),
    Text(Text),
}

impl Tolerant<'_> for RequestId {
    fn from_u64(value: u64) -> Option<Self> {
        Some(RequestId::Number(value))
    }

    fn from_str(value: Cow<'_, str>) -> Option<Self> {
        Some(RequestId::Text(Text::new(&value, WellKnown::None)))
    }
}

/// One message's object: its own fields, and those of a bare `params` or `update` object
/// (allocated only when the line is one).
#[derive(Default)]
pub(crate) struct Line<'a> {
    pub(crate) fields: LineFields<'a>,
    pub(crate) bare_params: Option<Box<ParamsFields<'a>>>,
    pub(crate) bare_update: Option<Box<UpdateFields<'a>>>,
}

impl<'de> Fields<'de> for Line<'de> {
    fn read_field<S: Source<'de>, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<bool, A::Error> {
        if self.fields.read_field::<S, A>(key, map)? {
            Ok(true)
        } else if ParamsFields::is_key(key) {
            let params = self.bare_params.get_or_insert_with(Box::default);
            params.read_field::<S, A>(key, map)
        } else if UpdateFields::is_key(key) {
            let update = self.bare_update.get_or_insert_with(Box::default);
            update.read_field::<S, A>(key, map)
        } else {
            Ok(false)
        }
    }
}

/// What one line of JSON holds: one message (read into the caller's [`Line`]), a JSON-RPC
/// batch of them, or no message.
pub(crate) enum Messages<'a> {
    One,
    Batch(Vec<Line<'a>>),
    Other,
}

/// Reads one JSON value (a line's text, or a parsed value) into the messages it holds: an
/// object into `line`, where it stays while the ledger applies it.
pub(crate) fn read_messages<'de, S: Source<'de>, D: Deserializer<'de>>(
    deserializer: D,
    line: &mut Line<'de>,
) -> Result<Messages<'de>, D::Error> {
    deserializer.deserialize_any(ReadVisitor::<S>(line, PhantomData))
}

struct ReadVisitor<'l, 'de, S>(&'l mut Line<'de>, PhantomData<S>);

impl<'de, S: Source<'de>> Visitor<'de> for ReadVisitor<'_, 'de, S> {
    type Value = Messages<'de>;

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Messages<'de>, A::Error> {
        self.0.read_fields::<S, A>(map)?;
        Ok(Messages::One)
    }

    /// A batch: each object one message (an array in it is not a message).
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Messages<'de>, A::Error> {
        let mut messages = Vec::new();
        loop {
            let mut line = Line::default();
            match seq.next_element_seed(Element::<Line<'de>, S>(&mut line, PhantomData))? {
                Some(true) => messages.push(line),
                Some(false) => messages.push(Line::default()),
                None => return Ok(Messages::Batch(messages)),
            }
        }
    }

    scalars_read_as!(Messages::Other);
}

/// What one message turned out to be: where the ledger routes it.
pub(crate) enum Route<'m, 'a> {
    /// The agent's answer to `initialize`, naming the agent (`agentInfo`).
    AgentInfo {
        name: Cow<'a, str>,
        title: Option<Cow<'a, str>>,
    },
    /// An update of one tool call (a permission request's `toolCall` included).
    ToolCall {
        session_id: Option<&'m str>,
        update: &'m mut UpdateFields<'a>,
        /// The request, when the update is a permission request's tool call.
        permission: Option<PermissionRequest<'a>>,
    },
    /// A `subagent_update`: session `parent` runs the subagent session `child`.
    Subagent {
        parent: Option<&'m str>,
        child: &'m str,
    },
    /// A client's answer to a permission request: the request's `id` and the outcome.
    PermissionAnswer {
        request_id: RequestId,
        outcome: AnsweredOutcome<'a>,
    },
    /// A session update about something else (message chunks, plans, turn ends...).
    OtherUpdate,
    /// Valid JSON, but not a session update (responses, other methods, numbers).
    NotUpdate,
    /// A tool-call update without a string `toolCallId`: it cannot be merged.
    MissingToolCallId,
}

/// What a `session/request_permission` request asks, beside its `toolCall`.
pub(crate) struct PermissionRequest<'a> {
    /// The request's JSON-RPC `id`, which the client's answer repeats.
    pub(crate) request_id: Option<RequestId>,
    pub(crate) options: Few<OptionFields<'a>>,
}

/// The `outcome` of a `RequestPermissionResponse`.
pub(crate) enum AnsweredOutcome<'a> {
    Selected(Cow<'a, str>),
    Cancelled,
}

impl<'a> AnsweredOutcome<'a> {
    /// What `{"outcome": outcome, "optionId": option_id}` answers, if it is an answer.
    pub(crate) fn of(outcome: Option<&str>, option_id: Option<Cow<'a, str>>) -> Option<Self> {
        match (outcome, option_id) {
            (Some("selected"), Some(option_id)) => Some(AnsweredOutcome::Selected(option_id)),
            (Some("cancelled"), _) => Some(AnsweredOutcome::Cancelled),
            _ => None,
        }
    }
}

impl<'a> Line<'a> {
    /// The line's own `timestamp` (a persisted log's).
    pub(crate) fn time(&self) -> Option<Timestamp> {
        self.fields.timestamp
    }

    /// What the message is, and so where the ledger takes it.
    pub(crate) fn route(&mut self) -> Route<'_, 'a> {
        let line = &mut self.fields;
        if let Some(result) = &mut line.result {
            if let Some(route) = result.agent_info.as_mut().and_then(AgentInfoFields::route) {
                return route;
            }
            let outcome = (result.outcome.as_mut()).and_then(|outcome| {
                AnsweredOutcome::of(outcome.outcome.as_deref(), outcome.option_id.take())
            });
            if let (Some(request_id), Some(outcome)) = (line.id.clone(), outcome) {
                return Route::PermissionAnswer {
                    request_id,
                    outcome,
                };
            }
        }
        let request_id = line.id.take();
        match line.method.as_deref().map(MethodKind::of) {
            Some(MethodKind::SessionUpdate) => match &mut line.params {
                Some(params) => params.update_message(),
                None => Route::NotUpdate,
            },
            Some(MethodKind::PermissionRequest) => match &mut line.params {
                Some(params) => params.permission_message(request_id),
                None => Route::NotUpdate,
            },
            // A log that records the answer to `initialize` as `{method, params}`.
            Some(MethodKind::Initialize) => (line.params.as_mut())
                .and_then(|params| params.agent_info.as_mut()?.route())
                .unwrap_or(Route::NotUpdate),
            Some(_) => Route::NotUpdate,
            // No method: a persisted line that lost it, a bare `params`, or a bare `update`.
            None => {
                if let Some(params) = &mut line.params {
                    params.any_message(request_id)
                } else if let Some(params) = self.bare_params.as_mut().filter(|p| p.is_message()) {
                    params.any_message(request_id)
                } else if let Some(update) = &mut self.bare_update {
                    update_message(None, update)
                } else {
                    Route::NotUpdate
                }
            }
        }
    }
}

impl<'a> AgentInfoFields<'a> {
    /// The agent it names, when it has a `name`.
    fn route<'m>(&mut self) -> Option<Route<'m, 'a>> {
        let name = self.name.take()?;
        let title = self.title.take();
        Some(Route::AgentInfo { name, title })
    }
}

impl<'a> ParamsFields<'a> {
    /// Whether the object holds a message.
    fn is_message(&self) -> bool {
        self.update.is_some() || self.tool_call.is_some() || self.subject.is_some()
    }

    fn update_message(&mut self) -> Route<'_, 'a> {
        match &mut self.update {
            Some(update) => update_message(self.session_id.as_deref(), update),
            None => Route::NotUpdate,
        }
    }

    fn permission_message(&mut self, request_id: Option<RequestId>) -> Route<'_, 'a> {
        let tool_call = match (&mut self.tool_call, &mut self.subject) {
            (Some(tool_call), _) => tool_call,
            (None, Some(subject)) => match &mut subject.tool_call {
                Some(tool_call) => tool_call,
                None => return Route::NotUpdate,
            },
            _ => return Route::NotUpdate,
        };
        if tool_call.tool_call_id.is_none() {
            return Route::MissingToolCallId;
        }
        Route::ToolCall {
            session_id: self.session_id.as_deref(),
            update: tool_call,
            permission: Some(PermissionRequest {
                request_id,
                options: self.options.take().unwrap_or_default(),
            }),
        }
    }

    fn any_message(&mut self, request_id: Option<RequestId>) -> Route<'_, 'a> {
        if self.update.is_some() {
            self.update_message()
        } else {
            self.permission_message(request_id)
        }
    }
}

fn update_message<'m, 'a>(
    session_id: Option<&'m str>,
    update: &'m mut UpdateFields<'a>,
) -> Route<'m, 'a> {
    match update.session_update.as_deref().map(UpdateKind::of) {
        Some(kind) if kind.is_tool_call() && update.tool_call_id.is_some() => Route::ToolCall {
            session_id,
            update,
            permission: None,
        },
        Some(kind) if kind.is_tool_call() => Route::MissingToolCallId,
        Some(UpdateKind::Subagent) => match update.session_id.as_deref() {
            Some(child) => Route::Subagent {
                parent: session_id,
                child,
            },
            None => Route::OtherUpdate,
        },
        Some(_) => Route::OtherUpdate,
        None => Route::NotUpdate,
    }
}
