//! Recognising the shapes a tool-call update arrives in, reading only what the ledger uses.
//!
//! One line may be a JSON-RPC notification, a persisted log line (`timestamp` + `method`),
//! a bare `params` object, a bare `update` object, or a `session/request_permission`
//! request, or a client's answer to a permission request. Each shape is read by a tolerant
//! visitor that picks the fields the ledger merges and skips the rest without building it;
//! `rawInput`, `rawOutput` and `content` are kept as raw JSON text, parsed only when asked.

use std::borrow::Cow;
use std::fmt;

use serde::de::{MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use super::LooseMeta;
use super::time::Timestamp;
use super::tolerant::{Fields, Loose, Tolerant, next_key, read_fields_into, read_into, skip_value};
use crate::TOOL_META_KEY;

/// What one line turned out to be.
pub(crate) enum Recognized<'a> {
    /// The agent's answer to `initialize`, naming the agent (`result.agentInfo.name`).
    AgentInfo { name: Cow<'a, str> },
    /// An update of one tool call (a permission request's `toolCall` included).
    ToolCall {
        session_id: Option<Cow<'a, str>>,
        update: Box<UpdateFields<'a>>,
        /// The line's own `timestamp` (persisted logs).
        time: Option<Timestamp>,
    },
    /// A client's answer to a permission request: the request's JSON-RPC `id` and the
    /// outcome it chose.
    PermissionAnswer {
        request_id: RequestId,
        outcome: AnsweredOutcome<'a>,
        time: Option<Timestamp>,
    },
    /// A session update about something else (message chunks, plans, turn ends...).
    OtherUpdate,
    /// Valid JSON, but not a session update (responses, other methods, numbers).
    NotUpdate,
    /// A tool-call update without a string `toolCallId`: it cannot be merged.
    MissingToolCallId,
    /// A JSON-RPC batch: an array of messages, each recognised on its own (never a batch).
    Batch(Vec<Recognized<'a>>),
}

/// Reads one line of JSON text and recognises its shape.
pub(crate) fn recognize<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Recognized<'de>, D::Error> {
    deserializer.deserialize_any(LineVisitor)
}

/// A line's top-level value: one message (an object, read in place), a JSON-RPC batch of
/// them, or anything else (not an update).
struct LineVisitor;

impl<'de> Visitor<'de> for LineVisitor {
    type Value = Recognized<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Recognized<'de>, A::Error> {
        let mut line = LineFields::default();
        line.read_fields(map)?;
        Ok(line.recognize())
    }

    /// A batch: each element read as one message (an array in it is not a message).
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Recognized<'de>, A::Error> {
        let mut messages = Vec::new();
        while let Some(Loose(line)) = seq.next_element::<Loose<LineFields<'de>>>()? {
            messages.push(line.map_or(Recognized::NotUpdate, LineFields::recognize));
        }
        Ok(Recognized::Batch(messages))
    }

    fn visit_some<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Recognized<'de>, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_bool<E>(self, _: bool) -> Result<Recognized<'de>, E> {
        Ok(Recognized::NotUpdate)
    }

    fn visit_i64<E>(self, _: i64) -> Result<Recognized<'de>, E> {
        Ok(Recognized::NotUpdate)
    }

    fn visit_u64<E>(self, _: u64) -> Result<Recognized<'de>, E> {
        Ok(Recognized::NotUpdate)
    }

    fn visit_f64<E>(self, _: f64) -> Result<Recognized<'de>, E> {
        Ok(Recognized::NotUpdate)
    }

    fn visit_str<E>(self, _: &str) -> Result<Recognized<'de>, E> {
        Ok(Recognized::NotUpdate)
    }

    fn visit_unit<E>(self) -> Result<Recognized<'de>, E> {
        Ok(Recognized::NotUpdate)
    }

    fn visit_none<E>(self) -> Result<Recognized<'de>, E> {
        Ok(Recognized::NotUpdate)
    }
}

/// The fields of an ACP `ToolCall` / `ToolCallUpdate` the ledger merges.
///
/// Always boxed while reading: it is large, and returning it by value through each level of
/// the visitors would copy it at every level.
#[derive(Default)]
pub(crate) struct UpdateFields<'a> {
    pub(crate) session_update: Option<Cow<'a, str>>,
    pub(crate) tool_call_id: Option<Cow<'a, str>>,
    pub(crate) title: Option<Cow<'a, str>>,
    pub(crate) kind: Option<Cow<'a, str>>,
    pub(crate) status: Option<Cow<'a, str>>,
    /// Not an ACP field, but some agents send the tool's wire name under it.
    pub(crate) name: Option<Cow<'a, str>>,
    /// Any JSON but `null`, as raw text borrowed from the line (copied only when kept).
    pub(crate) raw_input: Option<&'a RawValue>,
    /// The `locations` that have a `path`; `None` when the update sent none (or only an
    /// empty list, which harnesses send on updates that do not mean to clear them).
    pub(crate) locations: Option<Vec<Location<'a>>>,
    /// `content`, a non-empty array, as raw text borrowed from the line.
    pub(crate) content: Option<&'a RawValue>,
    /// `rawOutput`, any JSON but `null`, as raw text borrowed from the line.
    pub(crate) raw_output: Option<&'a RawValue>,
    pub(crate) meta: MetaFields<'a>,
    /// Set when the update is a permission request's `toolCall`: its `rawInput`, `kind`,
    /// `status` and `content` describe the permission asked for, and only fill in what the
    /// call's own updates have not sent.
    pub(crate) permission: Option<PermissionRequest<'a>>,
}

/// What a `session/request_permission` request asks, beside its `toolCall`.
#[derive(Default)]
pub(crate) struct PermissionRequest<'a> {
    /// The request's JSON-RPC `id`, which the client's answer repeats.
    pub(crate) request_id: Option<RequestId>,
    /// The options offered.
    pub(crate) options: Vec<OptionFields<'a>>,
}

/// One `PermissionOption`: `{optionId, name, kind}`.
#[derive(Default)]
pub(crate) struct OptionFields<'a> {
    pub(crate) option_id: Option<Cow<'a, str>>,
    pub(crate) name: Option<Cow<'a, str>>,
    pub(crate) kind: Option<Cow<'a, str>>,
}

/// A JSON-RPC request id: a non-negative integer or a string.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum RequestId {
    Number(u64),
    Text(Box<str>),
}

/// The `outcome` of a `RequestPermissionResponse`.
pub(crate) enum AnsweredOutcome<'a> {
    Selected(Cow<'a, str>),
    Cancelled,
}

/// One ACP `ToolCallLocation`: a path, and maybe a line (1-based).
#[derive(Debug, Clone, Default)]
pub(crate) struct Location<'a> {
    pub(crate) path: Option<Cow<'a, str>>,
    pub(crate) line: Option<u64>,
}

/// The parts of an update's `_meta` the ledger reads.
#[derive(Default)]
pub(crate) struct MetaFields<'a> {
    /// `_meta["x.ai/tool"]`, when it is an object.
    pub(crate) envelope: Option<LooseMeta<'a>>,
    /// `_meta.claudeCode.toolName`: the mark of a Claude Code call.
    pub(crate) claude_code_tool_name: Option<Cow<'a, str>>,
    /// `_meta.claudeCode.parentToolUseId`: the subagent call that made this one.
    pub(crate) parent_tool_call_id: Option<Cow<'a, str>>,
    /// `_meta.goose.toolCall.toolName`: goose's name for the tool.
    pub(crate) goose_tool_name: Option<Cow<'a, str>>,
}

/// An object whose one interesting field is a tool name: `_meta.goose.toolCall`
/// (`toolName`) and `agentInfo` (`name`).
#[derive(Default)]
struct ToolNameFields<'a> {
    tool_name: Option<Cow<'a, str>>,
}

/// `_meta.claudeCode`: the tool name, and the subagent call a call was made by.
#[derive(Default)]
struct ClaudeCodeFields<'a> {
    tool_name: Option<Cow<'a, str>>,
    parent_tool_use_id: Option<Cow<'a, str>>,
}

/// `_meta.goose`: the tool name is one level down, in `toolCall`.
#[derive(Default)]
struct GooseFields<'a> {
    tool_call: Option<ToolNameFields<'a>>,
}

#[derive(Default)]
struct ParamsFields<'a> {
    session_id: Option<Cow<'a, str>>,
    update: Option<Box<UpdateFields<'a>>>,
    tool_call: Option<Box<UpdateFields<'a>>>,
    /// The ACP v2 draft's permission request: `params.subject.toolCall`.
    subject: Option<SubjectFields<'a>>,
    /// `agentInfo`, in logs that record the `initialize` answer under `params`.
    agent_info: Option<ToolNameFields<'a>>,
    /// A permission request's `options`.
    options: Option<Vec<OptionFields<'a>>>,
}

#[derive(Default)]
struct SubjectFields<'a> {
    tool_call: Option<Box<UpdateFields<'a>>>,
}

/// A response's `result`, read for `agentInfo.name` and a permission `outcome`.
#[derive(Default)]
struct ResultFields<'a> {
    agent_info: Option<ToolNameFields<'a>>,
    outcome: Option<OutcomeFields<'a>>,
}

/// `RequestPermissionOutcome`: `{"outcome":"selected","optionId":…}` or
/// `{"outcome":"cancelled"}`.
#[derive(Default)]
struct OutcomeFields<'a> {
    outcome: Option<Cow<'a, str>>,
    option_id: Option<Cow<'a, str>>,
}

/// A line's top-level object: the envelope of a message, or a bare `params` or `update`.
#[derive(Default)]
struct LineFields<'a> {
    /// A persisted line's `timestamp`.
    timestamp: Option<Timestamp>,
    /// A request's or response's JSON-RPC `id`.
    id: Option<RequestId>,
    method: Option<Cow<'a, str>>,
    params: Option<ParamsFields<'a>>,
    /// Boxed, like the rare fields below: the line's fields are moved a few times while a
    /// line is read, and most lines have none of these.
    result: Option<Box<ResultFields<'a>>>,
    /// The fields of a bare `params` object.
    bare_params: Option<Box<ParamsFields<'a>>>,
    /// The fields of a bare `update` object, allocated at its first field.
    bare_update: Option<Box<UpdateFields<'a>>>,
}

impl<'a> LineFields<'a> {
    fn recognize(self) -> Recognized<'a> {
        let time = self.timestamp;
        if let Some(result) = self.result.map(|result| *result) {
            if let Some(ToolNameFields {
                tool_name: Some(name),
            }) = result.agent_info
            {
                return Recognized::AgentInfo { name };
            }
            let outcome = result.outcome.and_then(|outcome| {
                match (outcome.outcome.as_deref(), outcome.option_id) {
                    (Some("selected"), Some(option_id)) => {
                        Some(AnsweredOutcome::Selected(option_id))
                    }
                    (Some("cancelled"), _) => Some(AnsweredOutcome::Cancelled),
                    _ => None,
                }
            });
            if let (Some(request_id), Some(outcome)) = (&self.id, outcome) {
                return Recognized::PermissionAnswer {
                    request_id: request_id.clone(),
                    outcome,
                    time,
                };
            }
        }
        match self.method.as_deref() {
            // `_x.ai/session_notification`: Grok's persisted form of a session update.
            Some("session/update" | "_x.ai/session/update" | "_x.ai/session_notification") => {
                match self.params {
                    Some(params) => params.recognize_update(time),
                    None => Recognized::NotUpdate,
                }
            }
            Some("session/request_permission") => match self.params {
                Some(params) => params.recognize_permission(self.id, time),
                None => Recognized::NotUpdate,
            },
            // A log that records the answer to `initialize` as `{method, params}`.
            Some("initialize") => match self.params.and_then(|params| params.agent_info) {
                Some(ToolNameFields {
                    tool_name: Some(name),
                }) => Recognized::AgentInfo { name },
                _ => Recognized::NotUpdate,
            },
            Some(_) => Recognized::NotUpdate,
            // No method: a persisted line that lost it, a bare `params`, or a bare `update`.
            None => match self.params {
                Some(params) => params.recognize_any(self.id, time),
                None if self.bare_params.as_ref().is_some_and(|p| p.is_present()) => {
                    match self.bare_params {
                        Some(params) => params.recognize_any(self.id, time),
                        None => Recognized::NotUpdate,
                    }
                }
                None => match self.bare_update {
                    Some(update) => recognize_update(None, update, time),
                    None => Recognized::NotUpdate,
                },
            },
        }
    }
}

impl<'a> ParamsFields<'a> {
    fn is_present(&self) -> bool {
        self.update.is_some() || self.tool_call.is_some() || self.subject.is_some()
    }

    fn recognize_update(self, time: Option<Timestamp>) -> Recognized<'a> {
        match self.update {
            Some(update) => recognize_update(self.session_id, update, time),
            None => Recognized::NotUpdate,
        }
    }

    fn recognize_permission(
        self,
        request_id: Option<RequestId>,
        time: Option<Timestamp>,
    ) -> Recognized<'a> {
        let tool_call = self
            .tool_call
            .or_else(|| self.subject.and_then(|subject| subject.tool_call));
        match tool_call {
            Some(mut tool_call) => {
                tool_call.permission = Some(PermissionRequest {
                    request_id,
                    options: self.options.unwrap_or_default(),
                });
                recognize_tool_call(self.session_id, tool_call, time)
            }
            None => Recognized::NotUpdate,
        }
    }

    fn recognize_any(
        self,
        request_id: Option<RequestId>,
        time: Option<Timestamp>,
    ) -> Recognized<'a> {
        if self.update.is_some() {
            self.recognize_update(time)
        } else {
            self.recognize_permission(request_id, time)
        }
    }

    /// Whether `key` is one of the fields `read_field` reads.
    fn is_field(key: &str) -> bool {
        matches!(
            key,
            "sessionId" | "update" | "toolCall" | "subject" | "agentInfo" | "options"
        )
    }
}

fn recognize_update<'a>(
    session_id: Option<Cow<'a, str>>,
    update: Box<UpdateFields<'a>>,
    time: Option<Timestamp>,
) -> Recognized<'a> {
    match update.session_update.as_deref() {
        Some("tool_call" | "tool_call_update") => recognize_tool_call(session_id, update, time),
        Some(_) => Recognized::OtherUpdate,
        None => Recognized::NotUpdate,
    }
}

fn recognize_tool_call<'a>(
    session_id: Option<Cow<'a, str>>,
    update: Box<UpdateFields<'a>>,
    time: Option<Timestamp>,
) -> Recognized<'a> {
    if update.tool_call_id.is_some() {
        Recognized::ToolCall {
            session_id,
            update,
            time,
        }
    } else {
        Recognized::MissingToolCallId
    }
}

impl<'a> UpdateFields<'a> {
    /// Whether the update carries a field the identity or the input is resolved from, for a
    /// call that has (or has not) its first title already: later titles resolve nothing.
    pub(crate) fn carries_identity_evidence(&self, has_first_title: bool) -> bool {
        (self.title.is_some() && !has_first_title)
            || self.kind.is_some()
            || self.name.is_some()
            || self.raw_input.is_some()
            || self.locations.is_some()
            || self.meta.envelope.is_some()
            || self.meta.claude_code_tool_name.is_some()
            || self.meta.goose_tool_name.is_some()
    }

    /// Whether `key` is one of the fields `read_field` reads.
    fn is_field(key: &str) -> bool {
        matches!(
            key,
            "sessionUpdate"
                | "toolCallId"
                | "title"
                | "kind"
                | "status"
                | "name"
                | "rawInput"
                | "rawOutput"
                | "content"
                | "locations"
                | "_meta"
        )
    }

    fn read_field<A: MapAccess<'a>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        match key {
            "sessionUpdate" => read_into(map, &mut self.session_update)?,
            "toolCallId" => read_into(map, &mut self.tool_call_id)?,
            "title" => read_into(map, &mut self.title)?,
            "kind" => read_into(map, &mut self.kind)?,
            "status" => read_into(map, &mut self.status)?,
            "name" => read_into(map, &mut self.name)?,
            "rawInput" => {
                let raw = map.next_value::<&'a RawValue>()?;
                if raw.get() != "null" {
                    self.raw_input = Some(raw);
                }
            }
            "rawOutput" => {
                let raw = map.next_value::<&'a RawValue>()?;
                if raw.get() != "null" {
                    self.raw_output = Some(raw);
                }
            }
            "content" => {
                let raw = map.next_value::<&'a RawValue>()?;
                // Only a non-empty array is content; `[]` clears nothing (see `locations`).
                let text = raw.get();
                if text.starts_with('[') && !text[1..].trim_start().starts_with(']') {
                    self.content = Some(raw);
                }
            }
            "locations" => {
                if let Loose(Some(Locations(locations))) =
                    map.next_value::<Loose<Locations<'a>>>()?
                    && !locations.is_empty()
                {
                    self.locations = Some(locations);
                }
            }
            "_meta" => {
                if let Loose(Some(meta)) = map.next_value::<Loose<MetaFields<'a>>>()? {
                    self.meta = meta;
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

impl<'de> Tolerant<'de> for Box<UpdateFields<'de>> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut update = Box::<UpdateFields<'de>>::default();
        while let Some(key) = next_key(&mut map)? {
            if !update.read_field(&key, &mut map)? {
                skip_value(&mut map)?;
            }
        }
        Ok(Some(update))
    }
}

impl<'de> Tolerant<'de> for MetaFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut meta = MetaFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                TOOL_META_KEY => read_into(&mut map, &mut meta.envelope)?,
                "claudeCode" => {
                    if let Loose(Some(claude)) = map.next_value::<Loose<ClaudeCodeFields<'de>>>()? {
                        meta.claude_code_tool_name =
                            claude.tool_name.or(meta.claude_code_tool_name);
                        meta.parent_tool_call_id =
                            claude.parent_tool_use_id.or(meta.parent_tool_call_id);
                    }
                }
                "goose" => {
                    if let Loose(Some(goose)) = map.next_value::<Loose<GooseFields<'de>>>()? {
                        meta.goose_tool_name = goose
                            .tool_call
                            .and_then(|call| call.tool_name)
                            .or(meta.goose_tool_name);
                    }
                }
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(meta))
    }
}

impl<'de> Tolerant<'de> for ToolNameFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = ToolNameFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                // `toolName` in `_meta`, `name` in `agentInfo`.
                "toolName" | "name" => read_into(&mut map, &mut fields.tool_name)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(fields))
    }
}

impl<'de> Tolerant<'de> for ClaudeCodeFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = ClaudeCodeFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "toolName" => read_into(&mut map, &mut fields.tool_name)?,
                "parentToolUseId" => read_into(&mut map, &mut fields.parent_tool_use_id)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(fields))
    }
}

impl<'de> Tolerant<'de> for OptionFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = OptionFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "optionId" => read_into(&mut map, &mut fields.option_id)?,
                "name" => read_into(&mut map, &mut fields.name)?,
                "kind" => read_into(&mut map, &mut fields.kind)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(fields.option_id.is_some().then_some(fields))
    }
}

/// `options`: the options with an `optionId`; the others are skipped.
impl<'de> Tolerant<'de> for Vec<OptionFields<'de>> {
    fn from_seq<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        let mut options = Vec::new();
        while let Some(Loose(option)) = seq.next_element::<Loose<OptionFields<'de>>>()? {
            options.extend(option);
        }
        Ok(Some(options))
    }
}

impl<'de> Tolerant<'de> for OutcomeFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = OutcomeFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "outcome" => read_into(&mut map, &mut fields.outcome)?,
                "optionId" => read_into(&mut map, &mut fields.option_id)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(fields))
    }
}

impl Tolerant<'_> for RequestId {
    fn from_u64(value: u64) -> Option<Self> {
        Some(RequestId::Number(value))
    }

    fn from_str(value: Cow<'_, str>) -> Option<Self> {
        Some(RequestId::Text(value.into()))
    }
}

impl<'de> Tolerant<'de> for GooseFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = GooseFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "toolCall" => read_into(&mut map, &mut fields.tool_call)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(fields))
    }
}

impl<'de> Tolerant<'de> for SubjectFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = SubjectFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "toolCall" => read_into(&mut map, &mut fields.tool_call)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(fields))
    }
}

impl<'de> Tolerant<'de> for Box<ResultFields<'de>> {
    fn from_map<A: MapAccess<'de>>(map: A) -> Result<Option<Self>, A::Error> {
        Ok(ResultFields::from_map(map)?.map(Box::new))
    }
}

impl<'de> Tolerant<'de> for ResultFields<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut fields = ResultFields::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "agentInfo" => read_into(&mut map, &mut fields.agent_info)?,
                "outcome" => read_into(&mut map, &mut fields.outcome)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Some(fields))
    }
}

/// `locations`: every location with a path, in order.
struct Locations<'a>(Vec<Location<'a>>);

impl<'de> Tolerant<'de> for Locations<'de> {
    fn from_seq<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        let mut locations = Vec::new();
        while let Some(Loose(location)) = seq.next_element::<Loose<Location<'de>>>()? {
            locations.extend(location);
        }
        Ok(Some(Locations(locations)))
    }
}

impl<'de> Tolerant<'de> for Location<'de> {
    fn from_map<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        let mut location = Location::default();
        while let Some(key) = next_key(&mut map)? {
            match &*key {
                "path" => read_into(&mut map, &mut location.path)?,
                "line" => read_into(&mut map, &mut location.line)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(location.path.is_some().then_some(location))
    }
}

impl<'a> Fields<'a> for ParamsFields<'a> {
    fn read_field<A: MapAccess<'a>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        match key {
            "sessionId" => read_into(map, &mut self.session_id)?,
            "update" => read_into(map, &mut self.update)?,
            "toolCall" => read_into(map, &mut self.tool_call)?,
            "subject" => read_into(map, &mut self.subject)?,
            "agentInfo" => read_into(map, &mut self.agent_info)?,
            "options" => read_into(map, &mut self.options)?,
            _ => return Ok(false),
        }
        Ok(true)
    }
}

impl<'de> Fields<'de> for LineFields<'de> {
    fn read_field<A: MapAccess<'de>>(&mut self, key: &str, map: &mut A) -> Result<bool, A::Error> {
        match key {
            "timestamp" => read_into(map, &mut self.timestamp)?,
            "id" => read_into(map, &mut self.id)?,
            "method" => read_into(map, &mut self.method)?,
            "params" => read_fields_into(map, &mut self.params)?,
            "result" => read_into(map, &mut self.result)?,
            key if UpdateFields::is_field(key) => {
                return self
                    .bare_update
                    .get_or_insert_with(Box::default)
                    .read_field(key, map);
            }
            key if ParamsFields::is_field(key) => {
                return self
                    .bare_params
                    .get_or_insert_with(Box::default)
                    .read_field(key, map);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// A message of a batch.
impl<'de> Tolerant<'de> for LineFields<'de> {
    fn from_map<A: MapAccess<'de>>(map: A) -> Result<Option<Self>, A::Error> {
        let mut line = LineFields::default();
        line.read_fields(map)?;
        Ok(Some(line))
    }
}
