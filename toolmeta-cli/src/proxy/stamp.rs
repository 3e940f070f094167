//! [`Stamper`]: the envelope the ledger resolves for a tool-call event, spliced into the
//! event's line.

use std::borrow::Cow;
use std::ops::Range;
use std::path::Path;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use toolmeta::catalog::Harness;
use toolmeta::client::{Call, Ledger, PROXY_EVIDENCE_KEY, PermissionOutcome};
use toolmeta::policy::CallHistory;
use toolmeta::{Namespace, TOOL_META_KEY, ToolKind};

use super::decide::ClientMethod;
use super::scan::{self, Event, Locations, Meta, Origin, Response, Scanned};
use crate::HarnessArg;
use crate::MAX_LINE_BYTES;

/// How many finished calls the proxy's ledger keeps: a finished call rarely hears more.
const MAX_FINISHED: usize = 1_000;
/// The bytes the proxy's ledger may hold (ids, names, inputs, content of the calls).
const MAX_RETAINED_BYTES: usize = 32 << 20;

/// Adds the `x.ai/tool` envelope to the agent→client tool-call events that carry none.
///
/// Each line of the agent is given to [`Stamper::stamp`]: a tool-call event is fed to a
/// [`Ledger`] (the same identification as `toolmeta inspect`'s, built when the first event
/// arrives, for the harness the agent's `initialize` answer names, else `--harness`), and
/// gets the envelope of the call as the ledger resolved it, spliced into the line's text:
/// every other byte stays as the agent wrote it.
///
/// Stamped: a `tool_call`, a `tool_call_update` that carries evidence of its tool or its
/// arguments (`kind`, `name`, `rawInput`, `locations`, a harness's tool-name key in
/// `_meta`, a first `title`), and a permission request's `toolCall` — when its `_meta` has
/// no `x.ai/tool` key. A `_meta` that is not an object, and a call whose tool nothing
/// names, leave the line unchanged. Beside the envelope goes the proxy's mark,
/// `_meta["toolmeta/evidence"] = {"evidence", "earned"}`: what the identity rests on and
/// whether it is earned (DESIGN §8), so a reader trusts the envelope only that far.
///
/// ```
/// use std::time::SystemTime;
/// use toolmeta_cli::proxy::Stamper;
///
/// let mut stamper = Stamper::new(None, false);
/// let now = SystemTime::now();
/// let init = r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":1,"agentInfo":{"name":"codex-acp"}}}"#;
/// assert_eq!(stamper.stamp(init.as_bytes(), now), None);
/// let call = r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Search", "kind":"search","rawInput":{"query":"q","action":{}}}}}"#;
/// let stamped = String::from_utf8(stamper.stamp(call.as_bytes(), now).unwrap()).unwrap();
/// assert_eq!(
///     stamped,
///     r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Search", "kind":"search","rawInput":{"query":"q","action":{}},"_meta":{"x.ai/tool":{"version":1,"name":"web_search","kind":"web_search","namespace":"codex","label":"Web Search","read_only":true,"input":{"query":"q"}},"toolmeta/evidence":{"evidence":"arguments","earned":true}}}}}"#
/// );
/// ```
pub struct Stamper {
    /// Built at the first tool-call event, once the agent has said its name (or not).
    ledger: Option<Ledger>,
    /// What each call of the ledger has carried over its life, for a policy.
    history: CallHistory,
    /// `--harness`: a catalog harness's name or the agent's.
    harness: Option<HarnessArg>,
    /// `agentInfo.name` from the agent's `initialize` answer.
    agent_name: Option<String>,
    /// The namespace for calls the catalog cannot give one (an agent without a catalog).
    agent_namespace: Option<Namespace>,
    acp_fields: bool,
}

impl std::fmt::Debug for Stamper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stamper")
            .field("harness", &self.harness)
            .field("agent_name", &self.agent_name)
            .field("agent_namespace", &self.agent_namespace)
            .field("acp_fields", &self.acp_fields)
            .finish_non_exhaustive()
    }
}

impl Stamper {
    /// A stamper for an agent that `harness` names when its `initialize` answer does not (a
    /// catalog harness, or the agent's own name: a [`HarnessArg`]), which also fills ACP's
    /// `name`, `kind` and `locations` when `acp_fields`.
    pub fn new(harness: Option<&str>, acp_fields: bool) -> Stamper {
        Stamper {
            ledger: None,
            history: CallHistory::new(),
            harness: harness.map(HarnessArg::new),
            agent_name: None,
            agent_namespace: None,
            acp_fields,
        }
    }

    /// Reads one line the agent sent (without its line ending) at `now`; returns the line
    /// to send instead, or `None` to send it unchanged.
    pub fn stamp(&mut self, line: &[u8], now: SystemTime) -> Option<Vec<u8>> {
        self.read(line, now).0
    }

    /// [`Stamper::stamp`], and what else the line is to the proxy.
    pub(crate) fn read<'a>(
        &mut self,
        line: &'a [u8],
        now: SystemTime,
    ) -> (Option<Vec<u8>>, Seen<'a>) {
        if line.len() > MAX_LINE_BYTES {
            return (None, Seen::Nothing);
        }
        let Ok(text) = std::str::from_utf8(line) else {
            return (None, Seen::Nothing);
        };
        let event = match scan::scan(text) {
            Scanned::Event(event) => event,
            Scanned::AgentInfo(name) => {
                if self.agent_name.is_none() {
                    self.agent_name = Some(name.into_owned());
                }
                return (None, Seen::Nothing);
            }
            Scanned::Response(response) => return (None, Seen::Response(response)),
            Scanned::Request {
                method,
                id,
                session_id,
            } => {
                return (
                    None,
                    Seen::Request {
                        method,
                        id,
                        session_id,
                    },
                );
            }
            Scanned::Other => return (None, Seen::Nothing),
        };
        let seen = match (event.origin, event.request_id) {
            (Origin::Permission, Some(id)) => Seen::Permission {
                id,
                session_id: event.session_id.clone(),
                tool_call_id: event.tool_call_id.clone(),
            },
            _ => Seen::Nothing,
        };
        (self.stamp_event(text, &event, now), seen)
    }

    /// Feeds `event`'s line to the ledger; returns it with the envelope spliced in, when
    /// it gets one.
    fn stamp_event(&mut self, text: &str, event: &Event<'_>, now: SystemTime) -> Option<Vec<u8>> {
        if self.ledger.is_none() {
            self.start();
        }
        let ledger = self.ledger.as_mut()?;
        let had_first_title = find(ledger, event).is_some_and(|call| call.title().is_some());
        ledger.feed_at(text, now);
        self.history.note(ledger);
        if event.origin == Origin::Permission
            && let Some(call) = find(ledger, event)
        {
            // What the request itself carried, which the ledger merges only where the
            // call's own updates left a gap (DESIGN §8, "What is judged").
            if let Ok(message) = serde_json::from_str::<serde_json::Value>(text)
                && let Some(tool_call) = message.pointer("/params/toolCall")
            {
                self.history.note_request(ledger, call.id(), tool_call);
            }
        }
        if !wants_envelope(event, had_first_title) {
            return None;
        }
        let call = find(ledger, event)?;
        let harness_namespace = ledger.harness().map(Harness::namespace);
        let namespace = call
            .namespace()
            .or(harness_namespace
                .as_ref()
                .map(|namespace| namespace.as_str()))
            .or(self.agent_namespace.as_ref().map(Namespace::as_str))?;
        let envelope = serde_json::to_string(&call.resolved_envelope(namespace)?).ok()?;
        // The proxy's own envelope says what it rests on (DESIGN §8), so that a reader
        // trusts it only as far as that goes.
        let marked = format!(
            "\"{TOOL_META_KEY}\":{envelope},\"{PROXY_EVIDENCE_KEY}\":{}",
            call.evidence().proxy_mark()
        );
        Some(splice(text, edits(event, call, &marked, self.acp_fields)))
    }

    /// Feeds the answer to a permission request (the client's, or the proxy's own) to the
    /// ledger, which holds the request; returns the call's outcome as it now stands.
    pub(crate) fn answer(
        &mut self,
        answer: &[u8],
        session_id: Option<&str>,
        tool_call_id: &str,
        now: SystemTime,
    ) -> Option<PermissionOutcome> {
        let ledger = self.ledger.as_mut()?;
        ledger.feed_at(answer, now);
        self.history.note(ledger);
        let call = match session_id {
            Some(session_id) => ledger.get_in_session(session_id, tool_call_id),
            None => ledger.get(tool_call_id),
        };
        call?.permission()?.outcome().cloned()
    }

    /// The call `tool_call_id` of session `session_id`, as the ledger has merged it.
    pub(crate) fn call(&self, session_id: Option<&str>, tool_call_id: &str) -> Option<&Call> {
        let ledger = self.ledger.as_ref()?;
        match session_id {
            Some(session_id) => ledger.get_in_session(session_id, tool_call_id),
            None => ledger.get(tool_call_id),
        }
    }

    /// What each call has carried over its life (DESIGN §8, "What is judged").
    pub(crate) fn history(&self) -> &CallHistory {
        &self.history
    }

    /// The agent's name: its `initialize` answer's `agentInfo.name`, else `--harness`.
    pub(crate) fn agent(&self) -> Option<&str> {
        self.agent_name
            .as_deref()
            .or(self.harness.as_ref().map(HarnessArg::name))
    }

    /// Builds the ledger for the agent the traffic has named.
    fn start(&mut self) {
        let named = match &self.agent_name {
            Some(name) => Some(HarnessArg::new(name)),
            None => self.harness.clone(),
        };
        let harness = named.as_ref().and_then(HarnessArg::harness);
        let mut builder = Ledger::builder()
            .max_finished(MAX_FINISHED)
            .max_retained_bytes(MAX_RETAINED_BYTES);
        if let Some(harness) = harness {
            builder = builder.harness(harness);
        }
        self.ledger = Some(builder.build());
        self.agent_namespace = match harness {
            Some(_) => None,
            // DESIGN §7: the extension namespace made from the agent's own name.
            None => named
                .as_ref()
                .and_then(|named| Namespace::for_agent(named.name())),
        };
    }
}

/// What a line of the agent is to the proxy, beside its envelope.
pub(crate) enum Seen<'a> {
    /// Nothing more.
    Nothing,
    /// A permission request the proxy read: its id, session and call.
    Permission {
        id: &'a RawValue,
        session_id: Option<Cow<'a, str>>,
        tool_call_id: Cow<'a, str>,
    },
    /// A request to the client of another [`ClientMethod`].
    Request {
        method: ClientMethod,
        id: &'a RawValue,
        session_id: Option<Cow<'a, str>>,
    },
    /// A response to one of the client's requests.
    Response(Response<'a>),
}

/// The call an event updates, after it was fed.
fn find<'l>(ledger: &'l Ledger, event: &Event<'_>) -> Option<&'l Call> {
    match &event.session_id {
        Some(session_id) => ledger.get_in_session(session_id, &event.tool_call_id),
        None => ledger.get(&event.tool_call_id),
    }
}

/// Whether an event gets an envelope: not when its `_meta` has one (even partial) or is
/// not an object, nor a `tool_call_update` without evidence or arguments.
fn wants_envelope(event: &Event<'_>, had_first_title: bool) -> bool {
    let room = match event.meta {
        Meta::Absent => true,
        Meta::Object { has_envelope, .. } => !has_envelope,
        Meta::NotObject => false,
    };
    room && (event.origin != Origin::ToolCallUpdate || event.carries_evidence(had_first_title))
}

/// The changes that put the `_meta` members `marked` (the envelope and the proxy's mark)
/// (and with `acp_fields`, ACP's own fields) into the event's line.
fn edits(event: &Event<'_>, call: &Call, marked: &str, acp_fields: bool) -> Vec<Edit> {
    let mut edits = Vec::new();
    // Members added at the end of the event object.
    let mut added = Vec::new();
    match &event.meta {
        Meta::Object { span, is_empty, .. } => {
            let comma = if *is_empty { "" } else { "," };
            edits.push(Edit::insert(span.end - 1, format!("{comma}{marked}")));
        }
        _ => added.push(format!("\"_meta\":{{{marked}}}")),
    }
    if acp_fields {
        self::acp_fields(event, call, &mut edits, &mut added);
    }
    if !added.is_empty() {
        edits.push(Edit::insert(event.close, format!(",{}", added.join(","))));
    }
    edits
}

/// ACP's own `name`, `kind` and `locations`, where the event has none (an ACP `kind` of
/// `other` counts as none: ACP cannot tell it from unset).
fn acp_fields(event: &Event<'_>, call: &Call, edits: &mut Vec<Edit>, added: &mut Vec<String>) {
    if !event.has_name
        && let Some(name) = call.name()
        && let Ok(name) = serde_json::to_string(name)
    {
        added.push(format!("\"name\":{name}"));
    }
    let acp_kind = call.kind().acp_kind();
    if acp_kind != "other" {
        match &event.kind {
            None => added.push(format!("\"kind\":\"{acp_kind}\"")),
            Some((value, true)) => edits.push(Edit {
                at: value.clone(),
                text: format!("\"{acp_kind}\""),
            }),
            Some((_, false)) => {}
        }
    }
    let location = || {
        #[derive(Deserialize)]
        struct PathInput {
            path: Option<String>,
            offset: Option<u64>,
        }
        /// ACP's `ToolCallLocation`, in its field order.
        #[derive(Serialize)]
        struct Location {
            path: String,
            #[serde(skip_serializing_if = "Option::is_none")]
            line: Option<u64>,
        }
        let input: PathInput = serde_json::from_str(call.input()?.get()).ok()?;
        let path = input.path.filter(|path| Path::new(path).is_absolute())?;
        // A line only where the offset is a line: a Read's.
        let line = input.offset.filter(|_| call.kind() == ToolKind::Read);
        serde_json::to_string(&[Location { path, line }]).ok()
    };
    match &event.locations {
        Locations::Absent => {
            if let Some(locations) = location() {
                added.push(format!("\"locations\":{locations}"));
            }
        }
        Locations::Empty(value) => {
            if let Some(locations) = location() {
                edits.push(Edit {
                    at: value.clone(),
                    text: locations,
                });
            }
        }
        Locations::Present => {}
    }
}

/// A change to a line: the bytes `at` replaced with `text`.
struct Edit {
    at: Range<usize>,
    text: String,
}

impl Edit {
    fn insert(at: usize, text: String) -> Edit {
        Edit { at: at..at, text }
    }
}

/// `line` with `edits` (which do not overlap) made.
fn splice(line: &str, mut edits: Vec<Edit>) -> Vec<u8> {
    edits.sort_by_key(|edit| (edit.at.start, edit.at.end));
    let added: usize = edits.iter().map(|edit| edit.text.len()).sum();
    let mut out = Vec::with_capacity(line.len() + added);
    let mut at = 0;
    for edit in edits {
        out.extend_from_slice(&line.as_bytes()[at..edit.at.start]);
        out.extend_from_slice(edit.text.as_bytes());
        at = edit.at.end;
    }
    out.extend_from_slice(&line.as_bytes()[at..]);
    out
}
