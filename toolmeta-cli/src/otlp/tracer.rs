//! From a session's messages to spans (DESIGN §8): `invoke_agent` per prompt turn,
//! `execute_tool {gen_ai.tool.name}` per call, each emitted once, when it ends.
//!
//! The tracer is fed line by line beside a ledger: [`Tracer::observe`] with each message
//! (prompts, their answers, `session/load`, the agent's name: what the ledger does not
//! keep), then [`Tracer::after`] once the ledger has read that message (its events start
//! and end the calls), and
//! [`Tracer::finish`] when the stream ends (what is still open is ended there, marked
//! unfinished). `inspect` feeds it a log; the proxy can feed it the same way, live.
//!
//! Identity comes from the ledger's public [`Call`] only, the evidence value too
//! ([`Call::evidence`], the library's one definition).

use std::collections::{HashMap, HashSet, VecDeque};
use std::time::SystemTime;

use opentelemetry::propagation::TextMapPropagator as _;
use opentelemetry::trace::{
    SpanContext, SpanId, SpanKind, Status, TraceContextExt as _, TraceFlags, TraceId, TraceState,
};
use opentelemetry::{Array, InstrumentationScope, KeyValue, StringValue, Value};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{
    IdGenerator as _, RandomIdGenerator, SpanData, SpanEvents, SpanLinks,
};
use toolmeta::client::{Call, CallId, Change, Ledger, PermissionDecision};

use super::messages::{self, Fact, PolicyDecision};
use super::names;
use crate::log::Direction;

/// How many finished calls stay known as possible parents of a subagent's calls, and how many
/// sessions, waiting prompts and loads are remembered: the tracer's memory is bounded
/// whatever the stream.
const REMEMBERED: usize = 4096;

/// Where a span hangs: its trace and its parent.
#[derive(Debug, Clone, Copy)]
struct Place {
    trace_id: TraceId,
    /// `SpanId::INVALID` for a root.
    parent: SpanId,
    parent_is_remote: bool,
}

/// An open prompt turn.
#[derive(Debug, Clone)]
struct Turn {
    session_id: String,
    request_id: String,
    span_id: SpanId,
    place: Place,
    start: Option<SystemTime>,
}

/// A call seen and not yet ended.
#[derive(Debug, Clone, Copy)]
struct OpenCall {
    span_id: SpanId,
    /// The turn (or session trace) open when the call was first seen.
    place: Place,
    replayed: bool,
}

/// Turns a session's messages into spans. See the module documentation.
#[derive(Debug)]
pub struct Tracer {
    include_input: bool,
    scope: InstrumentationScope,
    ids: RandomIdGenerator,
    agent_name: Option<String>,
    /// The open turn of each session.
    turns: HashMap<String, Turn>,
    /// `session/load` requests waiting for their answer: request id → session.
    loads: HashMap<String, String>,
    /// Sessions being loaded: their calls are replays.
    loading: HashSet<String>,
    /// The trace of a session's calls outside any turn (one per session).
    session_traces: Bounded<String, TraceId>,
    open: HashMap<CallId, OpenCall>,
    /// Ended calls, as parents of subagent calls: (session, toolCallId) → (trace, span).
    ended: Bounded<(Option<String>, String), (TraceId, SpanId)>,
    /// The latest time any message carried: where the stream ends.
    latest: Option<SystemTime>,
    /// The policy's decisions on permission requests, from a proxy log's policy records:
    /// (session, toolCallId) → the decision.
    policy: Bounded<(Option<String>, String), PolicyDecision>,
}

impl Tracer {
    /// A tracer; with `include_input`, call spans carry the raw arguments and the canonical
    /// input (`--otlp-input`).
    pub fn new(include_input: bool) -> Tracer {
        Tracer {
            include_input,
            scope: InstrumentationScope::builder(names::SCOPE)
                .with_version(env!("CARGO_PKG_VERSION"))
                .with_schema_url(names::SCHEMA_URL)
                .build(),
            ids: RandomIdGenerator::default(),
            agent_name: None,
            turns: HashMap::new(),
            loads: HashMap::new(),
            loading: HashSet::new(),
            session_traces: Bounded::new(REMEMBERED),
            open: HashMap::new(),
            ended: Bounded::new(REMEMBERED),
            latest: None,
            policy: Bounded::new(REMEMBERED),
        }
    }

    /// Reads one message (JSON text), before [`Tracer::after`] reads the ledger's events of
    /// it: a prompt opens a turn, its answer ends it (emitted to `emit`), `session/load`
    /// marks the replays, the `initialize` answer names the agent. `dir` is the message's
    /// direction when the log says; `time` its time when it has one.
    pub fn observe(
        &mut self,
        message: &str,
        dir: Option<Direction>,
        time: Option<SystemTime>,
        emit: &mut dyn FnMut(SpanData),
    ) {
        if let Some(time) = time {
            self.latest = Some(self.latest.map_or(time, |latest| latest.max(time)));
        }
        let Some(fact) = messages::read(message) else {
            return;
        };
        let from_client = dir != Some(Direction::AgentToClient);
        let from_agent = dir != Some(Direction::ClientToAgent);
        match fact {
            Fact::Prompt {
                id,
                session_id,
                traceparent,
            } if from_client => {
                // A prompt sent while one is open ends that one: ACP has one turn at a time.
                if let Some(turn) = self.turns.remove(&session_id) {
                    emit(self.turn_span(turn, time, None, None, true));
                }
                // Open turns are bounded like the rest: past the bound, the oldest is ended
                // there, unfinished.
                if self.turns.len() >= REMEMBERED
                    && let Some(oldest) = self
                        .turns
                        .values()
                        .min_by_key(|turn| turn.start)
                        .map(|turn| turn.session_id.clone())
                    && let Some(turn) = self.turns.remove(&oldest)
                {
                    emit(self.turn_span(turn, time, None, None, true));
                }
                let place = traceparent
                    .and_then(|traceparent| remote_parent(&traceparent))
                    .unwrap_or_else(|| Place {
                        trace_id: self.ids.new_trace_id(),
                        parent: SpanId::INVALID,
                        parent_is_remote: false,
                    });
                let turn = Turn {
                    session_id: session_id.clone(),
                    request_id: id,
                    span_id: self.ids.new_span_id(),
                    place,
                    start: time,
                };
                self.turns.insert(session_id, turn);
            }
            Fact::Load { id, session_id } if from_client => {
                // Loads never answered pile up only in a broken stream: past the bound they
                // are forgotten, and later calls of those sessions count as run, not replayed.
                if self.loads.len() >= REMEMBERED {
                    self.loads.clear();
                    self.loading.clear();
                }
                self.loading.insert(session_id.clone());
                self.loads.insert(id, session_id);
            }
            Fact::Answer {
                id,
                stop_reason,
                error_code,
                agent_name,
            } if from_agent => {
                if let Some(name) = agent_name {
                    self.agent_name = Some(name);
                }
                if let Some(session_id) = self.loads.remove(&id) {
                    self.loading.remove(&session_id);
                }
                // A prompt's answer: the request's id, and (when the log does not say the
                // direction) the shape of a prompt's answer, not the client's answer to a
                // permission request that happens to share the id.
                let session = self
                    .turns
                    .iter()
                    .find(|(_, turn)| turn.request_id == id)
                    .map(|(session, _)| session.clone());
                if let Some(session) = session
                    && (dir.is_some() || stop_reason.is_some() || error_code.is_some())
                    && let Some(turn) = self.turns.remove(&session)
                {
                    emit(self.turn_span(turn, time, stop_reason, error_code, false));
                }
            }
            Fact::Policy(decision) => {
                let key = (decision.session_id.clone(), decision.tool_call_id.clone());
                self.policy.insert(key, decision);
            }
            _ => {}
        }
    }

    /// Reads the ledger's events of the message it just read: a new call is placed (under
    /// its session's open turn), an ended or evicted one is emitted to `emit`.
    pub fn after(&mut self, ledger: &Ledger, emit: &mut dyn FnMut(SpanData)) {
        for event in ledger.events() {
            let Some(call) = ledger.call(event.call) else {
                continue;
            };
            if let Some(time) = call.last_seen() {
                self.latest = Some(self.latest.map_or(time, |latest| latest.max(time)));
            }
            match event.change {
                Change::Created => {
                    let place = self.place_in_session(call.session_id());
                    let replayed = call
                        .session_id()
                        .is_some_and(|session| self.loading.contains(session));
                    self.open.insert(
                        event.call,
                        OpenCall {
                            span_id: self.ids.new_span_id(),
                            place,
                            replayed,
                        },
                    );
                }
                Change::Finished => {
                    if let Some(open) = self.open.remove(&event.call) {
                        emit(self.call_span(ledger, call, open, false));
                    }
                }
                Change::Evicted => {
                    if let Some(open) = self.open.remove(&event.call) {
                        emit(self.call_span(ledger, call, open, true));
                    }
                }
                _ => {}
            }
        }
    }

    /// Ends what is still open when the stream ends: every call and turn, marked
    /// `toolmeta.unfinished`, at the stream's last time. The tracer can then read another
    /// stream (the next file): what it learnt of this one's agent and times is forgotten.
    pub fn finish(&mut self, ledger: &Ledger, emit: &mut dyn FnMut(SpanData)) {
        let mut open: Vec<(CallId, OpenCall)> = self.open.drain().collect();
        // Parents before their subagents' calls: a handle is the call's place in first-seen
        // order, and a parent's span must be known when its children's are built.
        open.sort_by_key(|(id, _)| *id);
        for (id, open) in open {
            if let Some(call) = ledger.call(id) {
                emit(self.call_span(ledger, call, open, true));
            }
        }
        let turns: Vec<Turn> = self.turns.drain().map(|(_, turn)| turn).collect();
        for turn in turns {
            let latest = self.latest;
            emit(self.turn_span(turn, latest, None, None, true));
        }
        self.latest = None;
        self.agent_name = None;
        self.loads.clear();
        self.loading.clear();
    }

    /// The place of a call first seen now in `session`: under its open turn, else at the
    /// root of the session's own trace.
    fn place_in_session(&mut self, session: Option<&str>) -> Place {
        if let Some(turn) = session.and_then(|session| self.turns.get(session)) {
            return Place {
                trace_id: turn.place.trace_id,
                parent: turn.span_id,
                parent_is_remote: false,
            };
        }
        let key = session.unwrap_or_default().to_owned();
        let trace_id = match self.session_traces.get(&key) {
            Some(trace_id) => *trace_id,
            None => {
                let trace_id = self.ids.new_trace_id();
                self.session_traces.insert(key, trace_id);
                trace_id
            }
        };
        Place {
            trace_id,
            parent: SpanId::INVALID,
            parent_is_remote: false,
        }
    }

    /// The `invoke_agent` span of a turn that ended at `end` (its answer's time).
    fn turn_span(
        &self,
        turn: Turn,
        end: Option<SystemTime>,
        stop_reason: Option<String>,
        error_code: Option<String>,
        unfinished: bool,
    ) -> SpanData {
        let mut attributes = vec![
            KeyValue::new(names::GEN_AI_OPERATION_NAME, names::INVOKE_AGENT),
            KeyValue::new(names::GEN_AI_CONVERSATION_ID, turn.session_id.clone()),
        ];
        if let Some(name) = &self.agent_name {
            attributes.push(KeyValue::new(names::GEN_AI_AGENT_NAME, name.clone()));
        }
        if let Some(reason) = stop_reason {
            attributes.push(KeyValue::new(names::STOP_REASON, reason));
        }
        let status = match error_code {
            Some(code) => {
                attributes.push(KeyValue::new(names::ERROR_TYPE, code.clone()));
                Status::error(code)
            }
            None => Status::Unset,
        };
        if unfinished {
            attributes.push(KeyValue::new(names::UNFINISHED, true));
        }
        let (start, end) = times(turn.start, end.or(turn.start), &mut attributes);
        self.span(
            turn.place,
            turn.span_id,
            names::INVOKE_AGENT.into(),
            SpanKind::Client,
            (start, end),
            attributes,
            status,
        )
    }

    /// The `execute_tool {gen_ai.tool.name}` span of a call.
    fn call_span(
        &mut self,
        ledger: &Ledger,
        call: &Call,
        open: OpenCall,
        unfinished: bool,
    ) -> SpanData {
        let tool_name = call.name().unwrap_or(call.label()).to_owned();
        let mut attributes = vec![
            KeyValue::new(names::GEN_AI_OPERATION_NAME, names::EXECUTE_TOOL),
            KeyValue::new(names::GEN_AI_TOOL_NAME, tool_name.clone()),
            KeyValue::new(names::GEN_AI_TOOL_CALL_ID, call.tool_call_id().to_owned()),
            KeyValue::new(names::GEN_AI_TOOL_TYPE, tool_type(call)),
            KeyValue::new(names::LABEL, call.label().to_owned()),
            KeyValue::new(names::KIND, call.kind().as_str()),
        ];
        if let Some(name) = &self.agent_name {
            attributes.push(KeyValue::new(names::GEN_AI_AGENT_NAME, name.clone()));
        }
        if let Some(session) = call.session_id() {
            attributes.push(KeyValue::new(
                names::GEN_AI_CONVERSATION_ID,
                session.to_owned(),
            ));
        }
        if let Some(namespace) = call.namespace() {
            attributes.push(KeyValue::new(names::NAMESPACE, namespace.to_owned()));
        }
        if let Some(read_only) = call.read_only() {
            attributes.push(KeyValue::new(names::READ_ONLY, read_only));
        }
        let evidence = call.evidence();
        attributes.push(KeyValue::new(names::EVIDENCE, evidence.evidence.as_str()));
        if let Some(key) = evidence.evidence_key {
            attributes.push(KeyValue::new(names::EVIDENCE_KEY, key));
        }
        if !evidence.evidence_keys.is_empty() {
            let keys = evidence
                .evidence_keys
                .into_iter()
                .map(StringValue::from)
                .collect();
            attributes.push(KeyValue::new(
                names::EVIDENCE_KEYS,
                Value::Array(Array::String(keys)),
            ));
        }
        attributes.push(KeyValue::new(names::EARNED, evidence.earned));
        let decision = call
            .permission()
            .and_then(|permission| match permission.decision() {
                PermissionDecision::Allowed => Some(names::PERMISSION_ALLOWED),
                PermissionDecision::Rejected => Some(names::REJECTED),
                PermissionDecision::Cancelled => Some(names::CANCELLED),
                _ => None,
            });
        if let Some(decision) = decision {
            attributes.push(KeyValue::new(names::PERMISSION_DECISION, decision));
            // The policy's answer when a policy record says it answered this call's request;
            // else the client's, its user's.
            let key = (
                call.session_id().map(str::to_owned),
                call.tool_call_id().to_owned(),
            );
            match self.policy.get(&key).filter(|policy| policy.answered()) {
                Some(policy) => {
                    attributes.push(KeyValue::new(names::PERMISSION_BY, names::BY_POLICY));
                    if let Some(rule) = &policy.rule {
                        attributes.push(KeyValue::new(names::PERMISSION_RULE, rule.clone()));
                    }
                }
                None => attributes.push(KeyValue::new(names::PERMISSION_BY, names::BY_USER)),
            }
        }
        let error = if call.status().as_str() == "failed" {
            Some(names::FAILED)
        } else if call.is_rejected() {
            decision
                .filter(|decision| *decision == names::CANCELLED)
                .or(Some(names::REJECTED))
        } else {
            None
        };
        let status = match error {
            Some(error) => {
                attributes.push(KeyValue::new(names::ERROR_TYPE, error));
                Status::error(error)
            }
            None if unfinished => Status::Unset,
            None => Status::Ok,
        };
        if unfinished {
            attributes.push(KeyValue::new(names::UNFINISHED, true));
        }
        if open.replayed {
            attributes.push(KeyValue::new(names::REPLAYED, true));
        }
        if self.include_input {
            if let Some(raw) = call.raw_input() {
                attributes.push(KeyValue::new(
                    names::GEN_AI_TOOL_CALL_ARGUMENTS,
                    raw.get().to_owned(),
                ));
            }
            if let Some(input) = call.input() {
                attributes.push(KeyValue::new(names::INPUT, input.get().to_owned()));
            }
        }
        let end = if unfinished {
            self.latest.or(call.last_seen())
        } else {
            call.finished_at().or(call.last_seen())
        };
        let (start, end) = times(call.first_seen(), end, &mut attributes);
        // A subagent's call hangs under the call that started it, wherever that call is.
        let place = self.parent_call(ledger, call).unwrap_or(open.place);
        self.ended.insert(
            (
                call.session_id().map(str::to_owned),
                call.tool_call_id().to_owned(),
            ),
            (place.trace_id, open.span_id),
        );
        self.span(
            place,
            open.span_id,
            format!("{} {tool_name}", names::EXECUTE_TOOL).into(),
            SpanKind::Internal,
            (start, end),
            attributes,
            status,
        )
    }

    /// The place under the call that started `call`'s subagent, when the ledger knows it
    /// and that call has a span.
    fn parent_call(&self, ledger: &Ledger, call: &Call) -> Option<Place> {
        let parent = ledger.parent(call)?;
        let tool_call_id = parent.tool_call_id?;
        let parent_call = match parent.session_id {
            Some(session) => ledger.get_in_session(session, tool_call_id),
            None => ledger.get(tool_call_id),
        };
        let (trace_id, span_id) = match parent_call.and_then(|parent| self.open.get(&parent.id())) {
            Some(open) => (open.place.trace_id, open.span_id),
            None => *self.ended.get(&(
                parent.session_id.map(str::to_owned),
                tool_call_id.to_owned(),
            ))?,
        };
        Some(Place {
            trace_id,
            parent: span_id,
            parent_is_remote: false,
        })
    }

    #[allow(clippy::too_many_arguments, reason = "one span's fields")]
    fn span(
        &self,
        place: Place,
        span_id: SpanId,
        name: std::borrow::Cow<'static, str>,
        kind: SpanKind,
        (start, end): (SystemTime, SystemTime),
        attributes: Vec<KeyValue>,
        status: Status,
    ) -> SpanData {
        SpanData {
            span_context: SpanContext::new(
                place.trace_id,
                span_id,
                TraceFlags::SAMPLED,
                false,
                TraceState::default(),
            ),
            parent_span_id: place.parent,
            parent_span_is_remote: place.parent_is_remote,
            span_kind: kind,
            name,
            start_time: start,
            end_time: end,
            attributes,
            dropped_attributes_count: 0,
            events: SpanEvents::default(),
            links: SpanLinks::default(),
            status,
            instrumentation_scope: self.scope.clone(),
        }
    }
}

/// A span's times: from the stream when it has them (an end never before the start), else
/// the time of export with zero duration and `toolmeta.timed = false`.
fn times(
    start: Option<SystemTime>,
    end: Option<SystemTime>,
    attributes: &mut Vec<KeyValue>,
) -> (SystemTime, SystemTime) {
    match start {
        Some(start) => (start, end.map_or(start, |end| end.max(start))),
        None => {
            attributes.push(KeyValue::new(names::TIMED, false));
            let now = SystemTime::now();
            (now, now)
        }
    }
}

/// The parent of a turn whose prompt carried a W3C `traceparent` (ACP reserves the key in
/// `_meta`), read by the official propagator; `None` when it does not read as one.
fn remote_parent(traceparent: &str) -> Option<Place> {
    let carrier = HashMap::from([("traceparent".to_owned(), traceparent.to_owned())]);
    let context = TraceContextPropagator::new().extract(&carrier);
    let remote = context.span().span_context().clone();
    remote.is_valid().then(|| Place {
        trace_id: remote.trace_id(),
        parent: remote.span_id(),
        parent_is_remote: true,
    })
}

/// `extension` for an MCP tool (the contract's `mcp` namespace, or the `mcp__server__tool`
/// names agents give MCP tools), else `function`.
fn tool_type(call: &Call) -> &'static str {
    let mcp = call.namespace() == Some("mcp")
        || call.name().is_some_and(|name| name.starts_with("mcp__"));
    if mcp { "extension" } else { "function" }
}

/// A map that forgets its oldest entries past a bound.
#[derive(Debug)]
struct Bounded<K, V> {
    limit: usize,
    map: HashMap<K, V>,
    order: VecDeque<K>,
}

impl<K: std::hash::Hash + Eq + Clone, V> Bounded<K, V> {
    fn new(limit: usize) -> Bounded<K, V> {
        Bounded {
            limit,
            map: HashMap::new(),
            order: VecDeque::new(),
        }
    }

    fn get(&self, key: &K) -> Option<&V> {
        self.map.get(key)
    }

    fn insert(&mut self, key: K, value: V) {
        if self.map.insert(key.clone(), value).is_none() {
            self.order.push_back(key);
            if self.order.len() > self.limit
                && let Some(oldest) = self.order.pop_front()
            {
                self.map.remove(&oldest);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence_of(update: &str) -> toolmeta::client::EvidenceValue {
        let mut ledger = Ledger::new();
        ledger.feed(update);
        ledger.get("c1").expect("the call").evidence()
    }

    #[test]
    fn the_evidence_value_follows_design_section_8() {
        let envelope = evidence_of(
            r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read","_meta":{"x.ai/tool":{"name":"read_file","namespace":"grok_build","kind":"read","label":"Read","read_only":true}}}"#,
        );
        assert_eq!(
            (envelope.evidence.as_str(), envelope.earned),
            ("envelope", true)
        );
        let meta = evidence_of(
            r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read","_meta":{"claudeCode":{"toolName":"Read"}}}"#,
        );
        assert_eq!(
            (meta.evidence.as_str(), meta.evidence_key, meta.earned),
            ("meta", Some("claudeCode.toolName"), true)
        );
        // ACP's kind alone names nothing and earns nothing.
        let kind = evidence_of(
            r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read","title":"Reading the file"}"#,
        );
        assert_eq!((kind.evidence.as_str(), kind.earned), ("acp_kind", false));
        let nothing = evidence_of(r#"{"sessionUpdate":"tool_call","toolCallId":"c1"}"#);
        assert_eq!((nothing.evidence.as_str(), nothing.earned), ("none", false));
    }
}
