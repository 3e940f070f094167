//! [`Ledger`]: every tool call of an ACP stream, merged across its updates, in bounded memory.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::time::SystemTime;

use super::agent::Agent;
use super::fields::{FromText, FromValue};
use super::line::{AnsweredOutcome, Line, Messages, Route, read_messages};
use super::received::Received;
use super::resolve::Context;
pub use super::store::Calls;
use super::store::{Limits, Store};
use super::synthesis::Catalog;
use super::text::{Text, WellKnown};
use super::time::Timestamp;
use super::{Call, CallId, Event, LineCounts, Message, PermissionOutcome};
use crate::Namespace;
use crate::recognition::Party;

/// What a message fed to the [`Ledger`] turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LineOutcome {
    /// An update of a tool call (including a permission request's `toolCall`): merged.
    ToolCall,
    /// A client's answer to a permission request the ledger read: recorded on its call.
    PermissionAnswer,
    /// A session update about something else (message chunks, plans, turn ends, subagent
    /// announcements): read for what it links, not merged.
    OtherUpdate,
    /// An empty or whitespace-only line: ignored.
    Blank,
    /// Not JSON (or not UTF-8): skipped.
    NotJson,
    /// JSON, but not a session update (a response, another method, a number...): skipped.
    NotUpdate,
    /// A tool-call update without a string `toolCallId`, so it cannot be merged: skipped.
    MissingToolCallId,
    /// Longer than the ledger's line limit: skipped unread.
    TooLong,
}

impl LineOutcome {
    /// Which outcome a batch line takes among those of its messages: the most telling.
    fn batch_rank(self) -> u8 {
        match self {
            LineOutcome::ToolCall => 4,
            LineOutcome::PermissionAnswer => 3,
            LineOutcome::OtherUpdate => 2,
            LineOutcome::MissingToolCallId => 1,
            _ => 0,
        }
    }
}

/// How far reading one line got: reading needs nothing of the ledger, so a stream's lines
/// can be read ahead of applying them. The messages read are in the caller's [`Line`].
pub(crate) enum Reading<'a> {
    /// Nothing to apply: the line is too long, not UTF-8, blank or not JSON.
    Done(LineOutcome),
    /// The messages one JSON value holds.
    Read(Messages<'a>),
    /// JSON that serde_json cannot represent: repaired when applied.
    Repair(&'a str),
}

impl<'a> Reading<'a> {
    pub(crate) fn of_bytes(bytes: &'a [u8], max_line_bytes: usize, line: &mut Line<'a>) -> Self {
        if bytes.len() > max_line_bytes {
            return Reading::Done(LineOutcome::TooLong);
        }
        match std::str::from_utf8(bytes) {
            Ok(text) => Reading::of_text(text, max_line_bytes, line),
            Err(_) => Reading::Done(LineOutcome::NotJson),
        }
    }

    pub(crate) fn of_text(text: &'a str, max_line_bytes: usize, line: &mut Line<'a>) -> Self {
        if text.len() > max_line_bytes {
            return Reading::Done(LineOutcome::TooLong);
        }
        // A byte-order mark (Windows tools write one at the start of a file) is not JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim_ascii().is_empty() {
            return Reading::Done(LineOutcome::Blank);
        }
        Reading::of_json(text, line)
    }

    /// Reads text that must hold one JSON value and nothing else into `line`.
    pub(crate) fn of_json(text: &'a str, line: &mut Line<'a>) -> Self {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        match read_messages::<FromText, _>(&mut deserializer, line) {
            Ok(lines) if deserializer.end().is_ok() => Reading::Read(lines),
            _ => Reading::Repair(text),
        }
    }
}

/// Every tool call of an ACP stream, merged across its updates.
///
/// Feed it messages ([`Ledger::feed`], [`Ledger::feed_at`], [`Ledger::read_lines`]) in any
/// shape seen in the wild — as a line of text, its bytes, a parsed [`Value`](serde_json::Value),
/// or (`acp` feature) the SDK's typed messages (see [`Message`]):
///
/// - JSON-RPC notifications: `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":…,"update":{…}}}`;
/// - persisted log lines: `{"timestamp":…,"method":"session/update" | "_x.ai/session/update","params":{…}}`;
/// - bare `params` objects (`{"sessionId":…,"update":{…}}`) and bare `update` objects
///   (`{"sessionUpdate":"tool_call",…}`);
/// - `session/request_permission` requests, whose `params.toolCall` is an update of that
///   call and whose `options` are kept (see [`Call::permission`]), and the client's answers
///   to them (matched by JSON-RPC `id`), as a log of both directions records them;
/// - the agent's answer to `initialize`, whose `agentInfo` names the harness;
/// - ACP's subagent sessions: `subagent_update`, and a tool call's `session` content;
/// - JSON-RPC batches: an array of any of the above, read message by message (the line's
///   [`LineOutcome`] is the most telling of its messages': a tool call, else a permission
///   answer, else another update, else an update without `toolCallId`, else not an update).
///
/// After each message, [`Ledger::events`] says what happened to which call ([`Event`]).
///
/// Updates are merged per call by `toolCallId` within a session (see [`Ledger::get_in_session`]):
/// last write wins field by field, an absent field never erases an earlier value, an update
/// that arrives before its `tool_call` is kept, a re-sent `tool_call` does not create a
/// second call, and calls keep their first-seen order. A call without a usable envelope is
/// resolved from the catalog, else from ACP's own fields (see [`Call`]).
///
/// Memory is bounded in calls and in bytes ([`LedgerBuilder`]). The keys of evicted calls
/// are remembered (a bounded number): a late `tool_call_update` for one is dropped and
/// counted ([`LineCounts::late_updates`]), a new `tool_call` with its id starts a new call.
/// Every eviction and skipped line is counted ([`LineCounts::is_complete`]).
///
/// ```
/// use toolmeta::ToolKind;
/// use toolmeta::client::{Ledger, Source, Status};
///
/// let mut ledger = Ledger::new();
/// for line in [
///     r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"read_file","_meta":{"x.ai/tool":{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true}}}}}"#,
///     r#"{"timestamp":1,"method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","_meta":{"x.ai/tool":{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/lib.rs"}}}}}}"#,
///     r#"{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed"}"#,
///     "not json",
/// ] {
///     ledger.feed(line);
/// }
/// let call = ledger.get("c1").unwrap();
/// assert_eq!((call.name(), call.label(), call.status()), (Some("read_file"), "Read", Status::Completed));
/// assert_eq!(call.kind(), ToolKind::Read);
/// assert_eq!(call.input().unwrap().get(), r#"{"path":"src/lib.rs"}"#);
/// assert_eq!(call.source(), Source::Envelope);
/// assert_eq!(ledger.len(), 1);
/// assert_eq!(ledger.counts().not_json, 1);
/// ```
pub struct Ledger {
    pub(crate) options: LedgerBuilder,
    pub(crate) store: Store,
    /// The agent the stream's `initialize` answer named (or a Grok Build envelope did).
    pub(crate) agent: Option<Agent>,
    subagents: SessionLinks,
    /// The time the caller gave for the message being fed.
    clock: Option<SystemTime>,
}

/// Options of a [`Ledger`], set before it reads anything.
///
/// ```
/// use toolmeta::client::Ledger;
/// let ledger = Ledger::builder()
///     .max_finished(1_000)
///     .max_pending(100)
///     .max_line_bytes(1 << 20)
///     .build();
/// assert!(ledger.is_empty());
/// ```
///
/// With the `catalog` feature, `LedgerBuilder::harness` names the agent behind calls that
/// carry no envelope, and `LedgerBuilder::synthesizer` replaces the catalog.
#[derive(Clone, Debug)]
pub struct LedgerBuilder {
    pub(crate) catalog: Catalog,
    limits: Limits,
    pub(crate) max_line_bytes: usize,
}

impl LedgerBuilder {
    /// The default number of finished calls retained.
    pub const DEFAULT_MAX_FINISHED: usize = 10_000;
    /// The default number of unfinished calls retained.
    pub const DEFAULT_MAX_PENDING: usize = 10_000;
    /// The default longest line the ledger reads (16 MiB).
    pub const DEFAULT_MAX_LINE_BYTES: usize = 16 << 20;
    /// The default budget of the bytes the retained calls hold (128 MiB).
    pub const DEFAULT_MAX_RETAINED_BYTES: usize = 128 << 20;

    /// How many finished calls to retain before evicting the oldest finished one (the call
    /// the message just updated is never evicted for this limit).
    pub fn max_finished(mut self, calls: usize) -> LedgerBuilder {
        self.limits.max_finished = calls;
        self
    }

    /// How many unfinished calls to retain before evicting the oldest unfinished one
    /// (a call whose completion was never seen must not stay forever). The call the message
    /// just updated is never evicted for this limit, so even `0` keeps the latest call.
    pub fn max_pending(mut self, calls: usize) -> LedgerBuilder {
        self.limits.max_pending = calls;
        self
    }

    /// The longest line [`Ledger::read_lines`] and [`Ledger::feed`] read; longer lines are
    /// skipped unread ([`LineOutcome::TooLong`]).
    pub fn max_line_bytes(mut self, bytes: usize) -> LedgerBuilder {
        self.max_line_bytes = bytes;
        self
    }

    /// About how many bytes the retained calls may hold ([`Ledger::retained_bytes`]) before
    /// the oldest finished call (else the oldest unfinished one) is evicted, whatever the
    /// number of calls. A call larger than the whole budget is evicted as soon as it is merged.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::builder().max_retained_bytes(4 << 20).build();
    /// let big = "x".repeat(1 << 20);
    /// for id in 0..10 {
    ///     ledger.feed(format!(
    ///         r#"{{"sessionUpdate":"tool_call","toolCallId":"c{id}","rawInput":{{"text":"{big}"}}}}"#
    ///     ).as_str());
    /// }
    /// assert!(ledger.retained_bytes() <= 4 << 20);
    /// assert_eq!(ledger.len(), 3);
    /// assert_eq!(ledger.counts().evicted_for_bytes, 7);
    /// ```
    pub fn max_retained_bytes(mut self, bytes: usize) -> LedgerBuilder {
        self.limits.max_retained_bytes = bytes;
        self
    }

    /// The ledger.
    pub fn build(self) -> Ledger {
        Ledger {
            store: Store::new(self.limits),
            subagents: SessionLinks {
                max: self.limits.max_calls(),
                ..SessionLinks::default()
            },
            options: self,
            agent: None,
            clock: None,
        }
    }
}

impl Default for LedgerBuilder {
    fn default() -> Self {
        LedgerBuilder {
            catalog: Catalog::default(),
            limits: Limits {
                max_finished: Self::DEFAULT_MAX_FINISHED,
                max_pending: Self::DEFAULT_MAX_PENDING,
                max_retained_bytes: Self::DEFAULT_MAX_RETAINED_BYTES,
            },
            max_line_bytes: Self::DEFAULT_MAX_LINE_BYTES,
        }
    }
}

impl Default for Ledger {
    fn default() -> Self {
        Ledger::new()
    }
}

impl fmt::Debug for Ledger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ledger")
            .field("options", &self.options)
            .field("calls", &self.store.len())
            .field("retained_bytes", &self.store.retained_bytes())
            .field("counts", &self.store.counts)
            .finish_non_exhaustive()
    }
}

/// The call that started a subagent's session (see [`Ledger::parent`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Parent<'a> {
    /// The session the subagent was started from, when the stream said.
    pub session_id: Option<&'a str>,
    /// The `toolCallId` of the call that started it, when the stream said.
    pub tool_call_id: Option<&'a str>,
}

impl Ledger {
    /// A ledger with the default options: no harness named, the built-in catalog and limits.
    pub fn new() -> Ledger {
        LedgerBuilder::default().build()
    }

    /// Options for a ledger.
    pub fn builder() -> LedgerBuilder {
        LedgerBuilder::default()
    }

    /// Reads one message (see [`Message`] for its forms: a line of text, its bytes, a
    /// parsed value, the SDK's typed messages). Never panics; every message is counted in
    /// [`Ledger::counts`]; what it did to which call is in [`Ledger::events`] until the
    /// next message is fed.
    ///
    /// The calls' times come from the message's own `timestamp` (a persisted log line); use
    /// [`Ledger::feed_at`] to give the time of messages that carry none.
    ///
    /// ```
    /// use toolmeta::client::{Ledger, LineOutcome};
    /// let mut ledger = Ledger::new();
    /// let update = r#"{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"failed"}}"#;
    /// assert_eq!(ledger.feed(update), LineOutcome::ToolCall);
    /// assert_eq!(ledger.feed(r#"{"jsonrpc":"2.0","id":1,"result":null}"#), LineOutcome::NotUpdate);
    /// assert_eq!(ledger.feed("{\"truncated\":"), LineOutcome::NotJson);
    /// assert_eq!(ledger.feed(r#"{"sessionUpdate":"tool_call"}"#), LineOutcome::MissingToolCallId);
    /// let parsed = serde_json::json!({"sessionUpdate": "tool_call", "toolCallId": "c2", "kind": "execute"});
    /// assert_eq!(ledger.feed(&parsed), LineOutcome::ToolCall);
    /// assert_eq!(ledger.get("c2").unwrap().label(), "Run Command");
    /// ```
    pub fn feed<M: Message>(&mut self, message: M) -> LineOutcome {
        self.begin(None);
        let outcome = message.read_into(self);
        self.count(outcome)
    }

    /// Reads one message received at `time` (see [`Ledger::feed`]); a message that carries
    /// its own `timestamp` (a persisted log) keeps it.
    ///
    /// ```
    /// use std::time::{Duration, SystemTime};
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
    /// ledger.feed_at(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read"}"#, start);
    /// ledger.feed_at(
    ///     r#"{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed"}"#,
    ///     start + Duration::from_millis(250),
    /// );
    /// let call = ledger.get("c1").unwrap();
    /// assert_eq!(call.first_seen(), Some(start));
    /// assert_eq!(call.duration(), Some(Duration::from_millis(250)));
    /// ```
    pub fn feed_at<M: Message>(&mut self, message: M, time: SystemTime) -> LineOutcome {
        self.begin(Some(time));
        let outcome = message.read_into(self);
        self.count(outcome)
    }

    /// What the last message fed did, to which call, in the order it happened; empty after
    /// a message that changed no call. [`Ledger::read_lines`] keeps only the last line's.
    ///
    /// ```
    /// use toolmeta::client::{Change, Ledger};
    /// let mut ledger = Ledger::new();
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"execute","rawInput":{"command":"ls"}}"#);
    /// let changes: Vec<Change> = ledger.events().iter().map(|event| event.change).collect();
    /// assert_eq!(changes, [Change::Created, Change::Identified, Change::InputChanged]);
    /// ledger.feed(r#"{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed"}"#);
    /// let changes: Vec<Change> = ledger.events().iter().map(|event| event.change).collect();
    /// assert_eq!(changes, [Change::StatusChanged, Change::Finished]);
    /// let call = ledger.call(ledger.events()[0].call).unwrap();
    /// assert_eq!(call.input().unwrap().get(), r#"{"command":"ls"}"#);
    /// ```
    pub fn events(&self) -> &[Event] {
        self.store.events()
    }

    /// The call a handle names: a retained call, or one the last message fed evicted
    /// (unless the byte budget is too small to hold even the evicted calls' keys).
    pub fn call(&self, id: CallId) -> Option<&Call> {
        self.store.call(id)
    }

    /// The retained calls, in first-seen order.
    pub fn calls(&self) -> Calls<'_> {
        self.store.calls()
    }

    /// The call with `tool_call_id` (the most recently started one if several sessions
    /// used the same id).
    pub fn get(&self, tool_call_id: &str) -> Option<&Call> {
        self.store.get(None, tool_call_id)
    }

    /// The call with `tool_call_id` in session `session_id` (or one whose updates never
    /// named a session).
    ///
    /// Calls are merged per session: two sessions that both number their calls `call_1`
    /// keep two calls. An update that names no session (a bare `update` object) belongs to
    /// the most recently started call with its id.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// for session in ["s1", "s2"] {
    ///     ledger.feed(format!(
    ///         r#"{{"sessionId":"{session}","update":{{"sessionUpdate":"tool_call","toolCallId":"call_1","title":"{session}"}}}}"#
    ///     ).as_str());
    /// }
    /// assert_eq!(ledger.len(), 2);
    /// assert_eq!(ledger.get_in_session("s1", "call_1").unwrap().title(), Some("s1"));
    /// assert_eq!(ledger.get("call_1").unwrap().title(), Some("s2")); // the latest
    /// ```
    pub fn get_in_session(&self, session_id: &str, tool_call_id: &str) -> Option<&Call> {
        self.store.get(Some(session_id), tool_call_id)
    }

    /// Who started the subagent that made `call`: the call that started its session (ACP's
    /// subagent sessions: a `subagent_update`, or a tool call whose `content` links the
    /// session), or the call a legacy `_meta` hint names
    /// ([`Call::parent_tool_call_id`]). `None` for a call of the main session.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// ledger.feed(r#"{"sessionId":"main","update":{"sessionUpdate":"tool_call","toolCallId":"task-1","title":"Explore","kind":"other","content":[{"type":"session","sessionId":"child-1"}]}}"#);
    /// ledger.feed(r#"{"sessionId":"child-1","update":{"sessionUpdate":"tool_call","toolCallId":"r1","kind":"read","locations":[{"path":"/r/a.rs"}]}}"#);
    /// let read = ledger.get_in_session("child-1", "r1").unwrap();
    /// let parent = ledger.parent(read).unwrap();
    /// assert_eq!((parent.session_id, parent.tool_call_id), (Some("main"), Some("task-1")));
    /// assert_eq!(ledger.parent(ledger.get("task-1").unwrap()), None);
    /// ```
    pub fn parent<'a>(&'a self, call: &'a Call) -> Option<Parent<'a>> {
        if let Some(tool_call_id) = call.parent_tool_call_id() {
            return Some(Parent {
                session_id: call.session_id(),
                tool_call_id: Some(tool_call_id),
            });
        }
        let link = self.subagents.by_child.get(call.session_id()?)?;
        Some(Parent {
            session_id: link.session_id.as_deref(),
            tool_call_id: link.tool_call_id.as_deref(),
        })
    }

    /// How many calls are retained.
    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// Whether no call is retained.
    pub fn is_empty(&self) -> bool {
        self.store.len() == 0
    }

    /// What the messages read so far turned out to be, and how many calls were evicted.
    pub fn counts(&self) -> &LineCounts {
        &self.store.counts
    }

    /// About how many bytes the retained calls hold — the text of their ids, sessions,
    /// titles, names, `rawInput`s, inputs, content, `rawOutput`s, locations and permission
    /// options, and a fixed overhead per call — with the keys of evicted calls. Never more
    /// than [`LedgerBuilder::max_retained_bytes`] once a message has been read.
    pub fn retained_bytes(&self) -> usize {
        self.store.retained_bytes()
    }

    /// Starts feeding one message: the previous one's events and evicted calls are dropped.
    pub(crate) fn begin(&mut self, time: Option<SystemTime>) {
        self.store.begin();
        self.clock = time;
    }

    pub(crate) fn count(&mut self, outcome: LineOutcome) -> LineOutcome {
        self.store.counts.record(outcome);
        outcome
    }

    pub(crate) fn read_bytes(&mut self, bytes: &[u8]) -> LineOutcome {
        let mut line = Line::default();
        let reading = Reading::of_bytes(bytes, self.options.max_line_bytes, &mut line);
        self.apply_reading(reading, &mut line)
    }

    pub(crate) fn read_text(&mut self, text: &str) -> LineOutcome {
        let mut line = Line::default();
        let reading = Reading::of_text(text, self.options.max_line_bytes, &mut line);
        self.apply_reading(reading, &mut line)
    }

    #[cfg(feature = "acp")]
    pub(crate) fn read_json(&mut self, text: &str) -> LineOutcome {
        let mut line = Line::default();
        let reading = Reading::of_json(text, &mut line);
        self.apply_reading(reading, &mut line)
    }

    /// Applies what reading a line into `line` read (the outcome is not counted yet, as
    /// with every `read_*`).
    pub(crate) fn apply_reading<'a>(
        &mut self,
        reading: Reading<'a>,
        line: &mut Line<'a>,
    ) -> LineOutcome {
        match reading {
            Reading::Done(outcome) => outcome,
            Reading::Read(lines) => self.apply(lines, line),
            // Well-formed JSON that serde_json cannot represent (a lone surrogate, `1e400`,
            // deep nesting) loses only the values it cannot represent.
            Reading::Repair(text) => match super::json_repair::repair(text) {
                Some(repaired) => {
                    let mut line = Line::default();
                    match Reading::of_json(&repaired, &mut line) {
                        Reading::Read(lines) => self.apply(lines, &mut line),
                        _ => LineOutcome::NotJson,
                    }
                }
                None => LineOutcome::NotJson,
            },
        }
    }

    /// Reads a parsed message in place: its raw values (`rawInput`, `content`, ...) are
    /// written out of it one by one, the rest is read as it is.
    pub(crate) fn read_value(&mut self, message: &serde_json::Value) -> LineOutcome {
        let mut line = Line::default();
        match read_messages::<FromValue, _>(message, &mut line) {
            Ok(lines) => self.apply(lines, &mut line),
            // Reading a `Value` does not fail; were it to, it is no message.
            Err(_) => LineOutcome::NotUpdate,
        }
    }

    fn apply<'a>(&mut self, lines: Messages<'a>, line: &mut Line<'a>) -> LineOutcome {
        match lines {
            Messages::One => self.apply_line(line),
            Messages::Batch(mut lines) => lines
                .iter_mut()
                .map(|line| self.apply_line(line))
                .max_by_key(|outcome| outcome.batch_rank())
                .unwrap_or(LineOutcome::NotUpdate),
            Messages::Other => LineOutcome::NotUpdate,
        }
    }

    fn apply_line(&mut self, line: &mut Line<'_>) -> LineOutcome {
        let time = line.time().map(|Timestamp(time)| time).or(self.clock);
        match line.route() {
            Route::ToolCall {
                session_id,
                update,
                permission,
            } => {
                self.merge(session_id, update, permission, time);
                LineOutcome::ToolCall
            }
            Route::PermissionAnswer {
                request_id,
                outcome,
            } => match self.store.answered(&request_id) {
                Some(seq) => {
                    self.answer(seq, outcome, time);
                    LineOutcome::PermissionAnswer
                }
                // A response to something else (or to a request for an evicted call).
                None => LineOutcome::NotUpdate,
            },
            Route::AgentInfo { name, title } => {
                self.agent = Some(Agent::named(&name, title.as_deref()));
                LineOutcome::NotUpdate
            }
            Route::Subagent { parent, child } => {
                self.subagents.link(child, parent, None);
                LineOutcome::OtherUpdate
            }
            Route::OtherUpdate => LineOutcome::OtherUpdate,
            Route::NotUpdate => LineOutcome::NotUpdate,
            Route::MissingToolCallId => LineOutcome::MissingToolCallId,
        }
    }

    fn merge(
        &mut self,
        session_id: Option<&str>,
        update: &mut super::line::UpdateFields<'_>,
        permission: Option<super::line::PermissionRequest<'_>>,
        time: Option<SystemTime>,
    ) {
        let Some(tool_call_id) = update.tool_call_id.take() else {
            return;
        };
        // Only Grok Build emits its own envelopes: one marks the harness of the stream.
        if self.agent.is_none()
            && let Some(envelope) = update.meta.as_ref().and_then(|meta| meta.envelope.as_ref())
            && let Some(namespace) = envelope.namespace.as_deref()
            && namespace.starts_with("grok_build")
        {
            self.agent = Party::of_namespace(Namespace::GrokBuild).map(Agent::of_party);
        }
        let context = Context {
            catalog: &self.options.catalog,
            agent: self.agent.as_ref(),
        };
        let starts_call = update.session_update.as_deref() == Some("tool_call");
        let mut permission = permission.map(|request| self.store.share_options(request));
        let mut merge = |received: &mut Received| received.merge(update, permission.take(), time);
        // The call is looked up once: a call the index names is changed if it is retained.
        let (id, store) = (&tool_call_id, &mut self.store);
        let changed = match store.indexed(session_id, id) {
            Some(seq) => match store.change(seq, session_id, &context, time, &mut merge) {
                Some(merged) => Some((seq, merged)),
                // The call was evicted: an update is late, a `tool_call` starts a new call.
                None if starts_call => {
                    store.create(Some(seq), session_id, id, &context, time, &mut merge)
                }
                None => {
                    store.counts.late_updates += 1;
                    return;
                }
            },
            None => store.create(None, session_id, id, &context, time, &mut merge),
        };
        let Some((seq, merged)) = changed else {
            return;
        };
        if merged.child_session_changed
            && let Some(call) = self.store.call(CallId(seq))
            && let Some(child) = call.subagent_session()
        {
            let tool_call_id = Some(call.tool_call_id());
            self.subagents.link(child, call.session_id(), tool_call_id);
        }
    }

    fn answer(&mut self, seq: u64, outcome: AnsweredOutcome<'_>, time: Option<SystemTime>) {
        let outcome = match outcome {
            AnsweredOutcome::Selected(option_id) => {
                PermissionOutcome::Selected(option_id.into_owned())
            }
            AnsweredOutcome::Cancelled => PermissionOutcome::Cancelled,
        };
        let context = Context {
            catalog: &self.options.catalog,
            agent: self.agent.as_ref(),
        };
        self.store.change(seq, None, &context, time, |received| {
            received.answer(outcome, time)
        });
    }

    /// Records the answer to the permission request of the call with `tool_call_id` in
    /// `session_id` (the typed answer names the call, not the request's id).
    #[cfg(feature = "acp")]
    pub(crate) fn answer_call(
        &mut self,
        session_id: &str,
        tool_call_id: &str,
        outcome: AnsweredOutcome<'_>,
    ) -> LineOutcome {
        let call = self.store.get(Some(session_id), tool_call_id);
        let Some((seq, request)) =
            call.and_then(|call| Some((call.id().0, call.permission()?.request_id.clone())))
        else {
            return LineOutcome::NotUpdate;
        };
        if let Some(request) = request {
            self.store.answered(&request);
        }
        self.answer(seq, outcome, self.clock);
        LineOutcome::PermissionAnswer
    }
}

/// The subagent sessions the stream linked to where they were started from: the oldest
/// links go first, and ids too long to be ids are not kept.
#[derive(Default)]
struct SessionLinks {
    by_child: HashMap<Text, Link>,
    order: VecDeque<Text>,
    max: usize,
}

struct Link {
    session_id: Option<Text>,
    tool_call_id: Option<Text>,
}

/// The longest session or call id a link keeps.
const MAX_LINKED_ID: usize = 256;

impl SessionLinks {
    /// Links subagent session `child` to session `parent`: by a `subagent_update` (no
    /// call: a link already kept stays), or by the call `tool_call_id` of `parent` whose
    /// content names `child` (it replaces the link).
    fn link(&mut self, child: &str, parent: Option<&str>, tool_call_id: Option<&str>) {
        let too_long = |id: Option<&str>| id.is_some_and(|id| id.len() > MAX_LINKED_ID);
        // A linking call's session is kept whatever its length, as the call keeps it.
        if too_long(Some(child))
            || too_long(tool_call_id)
            || tool_call_id.is_none() && too_long(parent)
        {
            return;
        }
        let text = |id: &str| Text::new(id, WellKnown::None);
        let link = Link {
            session_id: parent.map(text),
            tool_call_id: tool_call_id.map(text),
        };
        if let Some(kept) = self.by_child.get_mut(child) {
            if tool_call_id.is_some() {
                *kept = link;
            } else if kept.session_id.is_none() {
                kept.session_id = link.session_id;
            }
            return;
        }
        while self.by_child.len() >= self.max
            && let Some(oldest) = self.order.pop_front()
        {
            self.by_child.remove(&oldest);
        }
        self.order.push_back(text(child));
        self.by_child.insert(text(child), link);
    }
}

impl<'a> IntoIterator for &'a Ledger {
    type Item = &'a Call;
    type IntoIter = Calls<'a>;

    fn into_iter(self) -> Calls<'a> {
        self.calls()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::Change;
    use crate::client::Status;

    /// The indexes never keep entries for evicted calls, whatever the mix of sessions,
    /// re-used ids, status flapping and late updates.
    #[test]
    fn indexes_stay_in_step_with_the_calls() {
        let mut ledger = Ledger::builder().max_finished(50).max_pending(20).build();
        for i in 0..20_000u64 {
            let id = i % 700;
            let session = i % 3;
            let status = ["pending", "in_progress", "completed", "failed"][(i % 7 % 4) as usize];
            let line = session_update(&format!("s{session}"), &format!("c{id}"), status);
            assert_eq!(ledger.feed(&line), LineOutcome::ToolCall);
            if i % 5 == 0 {
                ledger.feed(&*format!(
                    r#"{{"sessionUpdate":"tool_call","toolCallId":"c{id}"}}"#
                ));
            }
            ledger.store.check();
            assert!(ledger.len() <= 70);
        }
        assert!(ledger.counts().evicted_finished > 0);
        assert!(ledger.counts().evicted_pending > 0);
    }

    fn session_update(session: &str, id: &str, status: &str) -> String {
        format!(
            r#"{{"jsonrpc":"2.0","method":"session/update","params":{{"sessionId":"{session}","update":{{"sessionUpdate":"tool_call_update","toolCallId":"{id}","status":"{status}"}}}}}}"#
        )
    }

    /// Candidate calls examined to merge `lines` updates, each in its own session, all with
    /// the id `same_id` or each with its own.
    fn probes_for(lines: usize, same_id: bool) -> (u64, Ledger) {
        let mut ledger = Ledger::builder()
            .max_finished(10_000)
            .max_pending(10_000)
            .build();
        for i in 0..lines {
            let id = format!("call_{}", if same_id { 1 } else { i });
            // Half finish, so both eviction queues work.
            let status = ["completed", "in_progress"][i % 2];
            let line = session_update(&format!("s{i}"), &id, status);
            assert_eq!(ledger.feed(&line), LineOutcome::ToolCall);
        }
        (ledger.store.probes(), ledger)
    }

    /// Issue 16: one `toolCallId` reused by 30k sessions took 11 s (every line scanned every
    /// call with the id, eviction `retain`ed over them) against 24 ms with distinct ids.
    /// Counting the calls each lookup examines keeps the test free of timing.
    #[test]
    fn one_tool_call_id_across_sessions_costs_what_distinct_ids_do() {
        let lines = 30_000;
        let (same, ledger) = probes_for(lines, true);
        let (distinct, _) = probes_for(lines, false);
        // Each lookup examines at most two candidates, whichever the traffic.
        assert!(same <= 2 * lines as u64, "{same} probes for {lines} lines");
        assert!(
            distinct <= 2 * lines as u64,
            "{distinct} probes for {lines} lines"
        );
        // The work was done: the calls are there, each in its session, some evicted.
        assert_eq!(ledger.len(), 20_000);
        assert_eq!(
            ledger.counts().evicted_finished + ledger.counts().evicted_pending,
            10_000
        );
        assert_eq!(
            ledger
                .get_in_session("s29999", "call_1")
                .map(Call::session_id),
            Some(Some("s29999"))
        );
        assert_eq!(
            ledger.get_in_session("s29998", "call_1").map(Call::status),
            Some(Status::Completed)
        );
        assert!(ledger.get_in_session("s1", "call_1").is_none(), "evicted");
        assert_eq!(
            ledger.get("call_1").and_then(Call::session_id),
            Some("s29999")
        );
        ledger.store.check();
        assert_eq!(ledger.len(), 20_000);
    }

    /// Forgetting a session frees its calls' slots at once: the slots stay in step with the
    /// calls, and the next calls take them.
    #[test]
    fn forgetting_a_session_frees_its_slots() {
        let mut ledger = Ledger::new();
        for i in 0..100 {
            let line = session_update(&format!("s{}", i % 2), &format!("c{i}"), "completed");
            ledger.feed(&*line);
        }
        assert_eq!(ledger.forget_session("s0"), 50);
        ledger.store.check();
        assert_eq!(ledger.len(), 50);
        for i in 100..150 {
            ledger.feed(&*session_update("s0", &format!("c{i}"), "completed"));
        }
        ledger.store.check();
        assert_eq!(ledger.len(), 100);
    }

    /// Under a byte budget a few calls exceed, the slots stay in step with the calls: calls
    /// evicted for bytes; and, under a budget smaller than one tombstone, tombstones dropped
    /// for bytes while they still hold the call this message evicted.
    #[test]
    fn slots_stay_in_step_under_a_byte_budget() {
        for budget in [16 << 10, 64] {
            let mut ledger = Ledger::builder().max_retained_bytes(budget).build();
            for i in 0..600usize {
                // Up to 24 KiB of content: every seventh call alone is over the budget.
                let text = "x".repeat(i % 7 * 4096);
                ledger.feed(&*format!(
                    r#"{{"sessionUpdate":"tool_call","toolCallId":"c{}","status":"{}","content":[{{"type":"content","content":{{"type":"text","text":"{text}"}}}}]}}"#,
                    i % 50,
                    if i % 3 == 0 { "pending" } else { "completed" },
                ));
                ledger.store.check();
                assert!(ledger.store.retained_bytes() <= budget, "line {i}");
            }
            assert!(ledger.counts().evicted_for_bytes > 0, "budget {budget}");
        }
    }

    /// Issue 26: a line that re-sends the call evicted last found its tombstone by scanning
    /// every tombstone (20,000 with the default limits) — 5.4 times slower per line. The
    /// tombstones are now found by call: re-sending the evicted call costs what any line
    /// costs, counted in index probes and in tombstone lookups, not time.
    #[test]
    fn re_sending_the_call_evicted_last_does_not_scan_the_tombstones() {
        let mut ledger = Ledger::builder()
            .max_finished(1000)
            .max_pending(1000)
            .build();
        for i in 0..3000u64 {
            ledger.feed(&*format!(
                r#"{{"sessionUpdate":"tool_call","toolCallId":"c{i}","status":"completed"}}"#
            ));
        }
        assert_eq!(ledger.counts().evicted_finished, 2000);
        let steps_before = ledger.store.tombstone_steps();
        for i in 0..1000u64 {
            // A new call evicts the oldest finished one; the next line re-sends that one.
            ledger.feed(&*format!(
                r#"{{"sessionUpdate":"tool_call","toolCallId":"n{i}","status":"completed"}}"#
            ));
            let evicted = ledger
                .events()
                .iter()
                .find(|event| event.change == Change::Evicted)
                .and_then(|event| ledger.call(event.call))
                .map(|call| call.tool_call_id().to_owned())
                .expect("each new call evicts one");
            ledger.feed(&*format!(
                r#"{{"sessionUpdate":"tool_call","toolCallId":"{evicted}","status":"completed"}}"#
            ));
            assert!(ledger.get(&evicted).is_some());
        }
        let steps = ledger.store.tombstone_steps() - steps_before;
        assert!(steps <= 8 * 2000, "{steps} tombstone steps for 2000 lines");
        ledger.store.check();
    }
}
