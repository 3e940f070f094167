//! [`Call`]: one tool call — what it received, and what is resolved from that.

use std::borrow::Cow;
use std::time::{Duration, SystemTime};

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::ToolKind;
use crate::client::content::ContentBlocks;
use crate::client::evidence::Evidence;
use crate::client::evidence_value::{EvidenceValue, evidence_of};
use crate::client::received::{Conflict, Envelope, PathFrom, Rare, Received};
use crate::client::resolve::{Input, Resolved};
use crate::client::text::Text;
use crate::client::{CallId, Content, KindFallback, Location, LooseMeta, Permission, Status};

/// Where a call's identity came from.
///
/// ```
/// use toolmeta::client::{Ledger, Source};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"a","_meta":{"x.ai/tool":{"name":"grep","kind":"search"}}}"#);
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"b","title":"grep","kind":"search"}"#);
/// let sources: Vec<&str> = ledger.calls().map(|call| call.source().as_str()).collect();
/// assert_eq!(sources, ["envelope", "fallback"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// The call carried a usable `x.ai/tool` envelope.
    Envelope,
    /// No envelope; the catalog synthesized one from the call's evidence and `rawInput`.
    Catalog,
    /// Neither: the identity is inferred from ACP's `kind`, and the name from what the
    /// traffic shows (see [`Call::name`]).
    Fallback,
}

impl Source {
    /// `"envelope"`, `"catalog"` or `"fallback"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Source::Envelope => "envelope",
            Source::Catalog => "catalog",
            Source::Fallback => "fallback",
        }
    }
}

/// How a call ended, as an audit reads it.
///
/// ```
/// use toolmeta::client::{Ledger, Outcome};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"c1","kind":"edit"},"options":[{"optionId":"no","name":"Reject","kind":"reject_once"}]}}"#);
/// ledger.feed(r#"{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"selected","optionId":"no"}}}"#);
/// assert_eq!(ledger.get("c1").unwrap().outcome(), Outcome::Rejected);
/// // The agent then says the refused call completed: it ran although it was refused.
/// ledger.feed(r#"{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed"}}"#);
/// assert_eq!(ledger.get("c1").unwrap().outcome(), Outcome::RejectedButCompleted);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Outcome {
    /// Not finished (see [`Call::is_finished`]).
    Unfinished,
    /// Completed.
    Completed,
    /// Failed.
    Failed,
    /// Its permission was rejected or cancelled, and nothing says it ran.
    Rejected,
    /// Its permission was rejected or cancelled, yet the agent reported it completed.
    RejectedButCompleted,
}

impl Outcome {
    /// `unfinished`, `completed`, `failed`, `rejected` or `rejected but completed`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Unfinished => "unfinished",
            Outcome::Completed => "completed",
            Outcome::Failed => "failed",
            Outcome::Rejected => "rejected",
            Outcome::RejectedButCompleted => "rejected but completed",
        }
    }
}

/// A path a call named, and where it named it (see [`Call::paths`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CallPath<'a> {
    /// The path, as sent.
    pub path: Cow<'a, str>,
    /// Where the call named it.
    pub from: PathFrom,
}

/// One tool call as the [`Ledger`](crate::client::Ledger) has merged it so far.
///
/// A call is two things. What it *received*: every update merged field by field (a field
/// an update carries replaces the earlier value, a field it lacks erases nothing) —
/// [`envelope`](Call::envelope), [`claims`](Call::claims), [`acp_kind`](Call::acp_kind),
/// [`raw_input`](Call::raw_input), content, locations, status, permission, times. And what
/// is *resolved* from that, by one pure function after each change, strongest evidence
/// first (DESIGN §6) — the envelope, then the catalog asked under each name the claims
/// give and then by the argument names of `rawInput`, then ACP's own fields:
///
/// | accessor | resolved from |
/// |---|---|
/// | [`name`](Call::name) | envelope `name` · catalog · the strongest claim ([`named_by`](Call::named_by)): ACP `name`, a harness's `_meta` key, the first title when it is a tool name, the `toolCallId`'s tool name, an adapter's fixed title format — never a human title |
/// | [`kind`](Call::kind) | envelope `kind` · catalog · ACP `kind` ([`KindFallback`](crate::client::KindFallback); absent is ACP's default, `other`) |
/// | [`label`](Call::label) | envelope (a known kind fixes it) · catalog · ACP `kind` |
/// | [`namespace`](Call::namespace) | envelope `namespace` · catalog · the harness's (its mark, the one named, the agent's: a catalog harness, a first-party namespace, or the extension namespace made from `agentInfo.name`) |
/// | [`read_only`](Call::read_only) | envelope `read_only` (or its kind's default) · catalog · ACP `kind` |
/// | [`input`](Call::input) | envelope `input` · catalog (also completing an envelope without `input`) · the `rawInput` keys canonical for the label · the first location |
///
/// Once the call has finished, its identity is kept: a later update that says otherwise
/// is recorded ([`conflicts`](Call::conflicts), [`Change::IdentityConflict`](crate::client::Change)),
/// not believed. Its input may still arrive late: a later `rawInput` that only adds
/// arguments to the one kept (every member kept, with the same value) is taken when the
/// call keeps its identity with it.
///
/// ```
/// use toolmeta::ToolKind;
/// use toolmeta::client::{Ledger, Source, Status};
/// let mut ledger = Ledger::new();
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Read file","kind":"read"}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!(call.name(), None); // a human title is not a tool name
/// assert_eq!(call.title(), Some("Read file"));
/// assert_eq!((call.label(), call.kind()), ("Read", ToolKind::Read));
/// assert_eq!(call.status(), Status::Pending); // ACP's default
/// assert_eq!(call.source(), Source::Fallback);
/// ```
#[derive(Debug)]
pub struct Call {
    id: CallId,
    pub(super) session_id: Option<Text>,
    tool_call_id: Text,
    /// What the call's updates sent, merged (changed only through `Store::change`).
    pub(super) received: Received,
    pub(super) resolved: Resolved,
    /// What the ledger counted for the call at its last change.
    pub(super) counted_bytes: usize,
}

impl Call {
    pub(super) fn new(id: CallId, session_id: Option<Text>, tool_call_id: Text) -> Call {
        Call {
            id,
            session_id,
            tool_call_id,
            received: Received::default(),
            resolved: Resolved::of_kind(KindFallback::from_acp_kind("other")),
            counted_bytes: 0,
        }
    }

    fn rare(&self) -> Option<&Rare> {
        self.received.rare.as_deref()
    }

    /// The call's key in the ledger's index.
    pub(super) fn key(&self) -> (Option<&Text>, &Text) {
        (self.session_id.as_ref(), &self.tool_call_id)
    }

    /// About how many bytes the call holds, with its entries in the ledger's indexes: a pure
    /// function of the call, so that what is added when it changes is what is subtracted
    /// when it is evicted.
    pub(super) fn retained_bytes(&self) -> usize {
        // The call's slot and its entries in the id index, the lookup by number and the
        // eviction queue (hash-map and ring-buffer slots, about a hundred bytes together).
        const OVERHEAD: usize = size_of::<Call>() + 160;
        let input = match &self.resolved.input {
            Input::Kept(input) => input.get().len(),
            Input::None | Input::Envelope => 0,
        };
        OVERHEAD
            + self.tool_call_id.retained_bytes()
            + self.session_id.as_ref().map_or(0, |session| session.len())
            + self.received.retained_bytes()
            + input
            + self.resolved.ambiguous.len() * size_of::<&str>()
    }

    /// The call's handle in its ledger.
    pub fn id(&self) -> CallId {
        self.id
    }

    /// The session the call belongs to, when its updates said.
    pub fn session_id(&self) -> Option<&str> {
        self.session_id.as_deref()
    }

    /// The call's `toolCallId`.
    pub fn tool_call_id(&self) -> &str {
        &self.tool_call_id
    }

    /// How many updates were merged into this call.
    pub fn update_count(&self) -> u64 {
        u64::from(self.received.updates)
    }

    /// Where the identity came from: a usable envelope ([`LooseMeta::has_identity`]), the
    /// catalog, or the fallback.
    pub fn source(&self) -> Source {
        self.resolved.source
    }

    /// What named the tool: the envelope, or the strongest claim the catalog knew (or, in
    /// the fallback, the strongest claim), or the argument names of `rawInput`.
    pub fn named_by(&self) -> Option<Evidence> {
        self.resolved.named_by
    }

    /// What the identity rests on, and whether it is earned (DESIGN §8): see
    /// [`EvidenceValue`].
    pub fn evidence(&self) -> EvidenceValue {
        evidence_of(&self.received, &self.resolved)
    }

    /// The reading ACP's `kind` alone gives the call: the one a policy also tests deny and
    /// ask rules against when the identity is not [earned](EvidenceValue::earned), so that
    /// a misreading never slips a call past a deny.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"execute","title":"View Image /r/a.png","_meta":{"x.ai/tool":{"name":"view_image","kind":"read"}}}"#);
    /// let call = ledger.get("c1").unwrap();
    /// assert_eq!(call.label(), "Read");
    /// assert!(!call.evidence().earned); // read-only, but sent as `execute`
    /// assert_eq!(call.kind_alone().label, "Run Command");
    /// ```
    pub fn kind_alone(&self) -> KindFallback {
        KindFallback::from_acp_kind(self.acp_kind().unwrap_or("other"))
    }

    /// The tool's name, when the traffic names the tool (see the resolution order on
    /// [`Call`]); never a human title — [`Call::title`] is that.
    pub fn name(&self) -> Option<&str> {
        self.resolved.name.as_deref()
    }

    /// What the tool does (see the resolution order on [`Call`]): always known, `other`
    /// when nothing says.
    pub fn kind(&self) -> ToolKind {
        self.resolved.kind
    }

    /// The cross-harness label to group and display the call under: always known, `Tool`
    /// when nothing says. A known kind fixes it: a label that contradicts the kind is not
    /// shown (see [`LooseMeta::contradicted_label`]).
    pub fn label(&self) -> &str {
        &self.resolved.label
    }

    /// The namespace, as a string (a namespace unknown to this crate, or the extension
    /// namespace of an agent without a catalog, is kept as is).
    pub fn namespace(&self) -> Option<&str> {
        self.resolved.namespace.as_deref()
    }

    /// Whether the tool only reads, when anything says so.
    pub fn read_only(&self) -> Option<bool> {
        self.resolved.read_only
    }

    /// What calling the tool does (MCP's four hints), when anything says whether it only
    /// reads: [`Call::read_only`], with the defaults of [`Call::kind`] for the other three
    /// (the envelope carries `read_only` only; see [`Effects`](crate::Effects)). A read-only
    /// call is never destructive and always idempotent.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// ledger.feed(r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"bash","_meta":{"x.ai/tool":{"version":1,"name":"bash","kind":"execute","namespace":"grok_build","label":"Run Command","read_only":false}}}}}"#);
    /// let effects = ledger.get_in_session("s1", "c1").unwrap().effects().unwrap();
    /// assert!(effects.destructive && !effects.idempotent && effects.open_world);
    /// ```
    pub fn effects(&self) -> Option<crate::Effects> {
        let read_only = self.read_only()?;
        Some(crate::Effects::of(self.kind()).with_read_only(read_only))
    }

    /// The catalog tools the call's arguments fit equally well, when nothing else said
    /// which one it was (the reader does not pick one at random); empty otherwise.
    pub fn ambiguous_tools(&self) -> &[&'static str] {
        &self.resolved.ambiguous
    }

    /// The canonical input, as raw JSON text (an object, its keys in the order they were
    /// sent), on one line: an input sent pretty-printed is re-serialized compactly when it
    /// is kept, so it can be written into a JSON Lines record.
    pub fn input(&self) -> Option<&RawValue> {
        let envelope = self.received.envelope.as_ref();
        match &self.resolved.input {
            Input::None => None,
            Input::Envelope => envelope.and_then(|envelope| envelope.input.as_deref()),
            Input::Kept(input) => Some(input),
        }
    }

    /// The canonical input parsed into a JSON object.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","_meta":{"x.ai/tool":{"kind":"read","input":{"path":"a.rs"}}}}"#);
    /// assert_eq!(ledger.get("c1").unwrap().input_map().unwrap()["path"], "a.rs");
    /// ```
    pub fn input_map(&self) -> Option<Map<String, Value>> {
        self.input()
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
    }

    /// Every path the call named, each once, in this order: its input's `path` or
    /// `directory`, its locations, the diffs of its content, then the locations and diffs
    /// later updates replaced. A diff or a location is evidence of what a call touched,
    /// whatever its label says.
    ///
    /// ```
    /// use toolmeta::client::{Ledger, PathFrom};
    /// let mut ledger = Ledger::new();
    /// // An envelope that says `read`, ACP kind `edit`, a location and diffs of other files.
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"edit","locations":[{"path":"/home/u/.ssh/authorized_keys"}],"content":[{"type":"diff","path":"/home/u/.ssh/authorized_keys","oldText":"a","newText":"b"},{"type":"diff","path":"/home/u/.bashrc","newText":"x"}],"_meta":{"x.ai/tool":{"kind":"read","input":{"path":"README.md"}}}}"#);
    /// let call = ledger.get("c1").unwrap();
    /// assert_eq!(call.label(), "Read");
    /// let paths = call.paths();
    /// let paths: Vec<(&str, PathFrom)> = paths.iter().map(|p| (&*p.path, p.from)).collect();
    /// assert_eq!(paths, [
    ///     ("README.md", PathFrom::Input),
    ///     ("/home/u/.ssh/authorized_keys", PathFrom::Location),
    ///     ("/home/u/.bashrc", PathFrom::NewFile),
    /// ]);
    /// ```
    pub fn paths<'a>(&'a self) -> Vec<CallPath<'a>> {
        let mut paths = Vec::new();
        let mut add = |path: Cow<'a, str>, from| {
            if !paths.iter().any(|seen: &CallPath<'_>| seen.path == path) {
                paths.push(CallPath { path, from });
            }
        };
        if let Some(input) = self.input_map() {
            for key in [crate::keys::PATH, crate::keys::DIRECTORY] {
                if let Some(path) = input.get(key).and_then(Value::as_str) {
                    add(Cow::Owned(path.to_owned()), PathFrom::Input);
                }
            }
        }
        for location in self.locations() {
            add(Cow::Borrowed(location.path()), PathFrom::Location);
        }
        for block in self.content() {
            if let Content::Diff { path, old_text, .. } = block {
                add(path, PathFrom::of_diff(&old_text));
            }
        }
        for (from, path) in self.rare().map_or(&[][..], |rare| &rare.earlier_paths) {
            add(Cow::Borrowed(path), *from);
        }
        paths
    }

    /// The last `status` the call's updates sent ([`Status::Pending`] when none was, or
    /// when a permission request put a running call back to waiting).
    pub fn status(&self) -> Status<'_> {
        self.received.status()
    }

    /// Whether the call has finished: its status became `completed` or `failed`, or its
    /// permission was rejected or cancelled (a harness may send nothing more for a call it
    /// was refused). Once finished, a call stays finished and keeps its identity.
    pub fn is_finished(&self) -> bool {
        self.received.finished
    }

    /// Whether the call's permission was rejected or cancelled: the tool was not allowed to
    /// run as asked (see [`Call::outcome`] for whether the agent says it ran anyway).
    pub fn is_rejected(&self) -> bool {
        self.received.denied()
    }

    /// How the call ended: unfinished, completed, failed, rejected, or rejected but
    /// completed — the case an audit most needs to see.
    pub fn outcome(&self) -> Outcome {
        match (self.is_rejected(), self.status()) {
            (true, Status::Completed) => Outcome::RejectedButCompleted,
            (true, _) => Outcome::Rejected,
            (false, _) if !self.is_finished() => Outcome::Unfinished,
            (false, Status::Failed) => Outcome::Failed,
            (false, _) => Outcome::Completed,
        }
    }

    /// The latest permission request for the call, and its answer once known.
    pub fn permission(&self) -> Option<&Permission> {
        self.received.permission.as_deref()
    }

    /// Claims after the call finished that contradicted the identity it finished with:
    /// the call kept its identity ([`Conflict`] has an example).
    pub fn conflicts(&self) -> &[Conflict] {
        self.rare().map_or(&[], |rare| &rare.conflicts)
    }

    /// When the call was first seen: the time of its first update that had one (a
    /// persisted line's `timestamp`, or the time given to
    /// [`Ledger::feed_at`](crate::client::Ledger::feed_at)).
    pub fn first_seen(&self) -> Option<SystemTime> {
        self.received.first_seen
    }

    /// The time of its latest update that had one.
    pub fn last_seen(&self) -> Option<SystemTime> {
        self.received.last_seen
    }

    /// When the call finished (see [`Call::is_finished`]), when that update had a time.
    pub fn finished_at(&self) -> Option<SystemTime> {
        self.received.finished_at
    }

    /// How long the call took: from [`first_seen`](Call::first_seen) to
    /// [`finished_at`](Call::finished_at), when both are known.
    pub fn duration(&self) -> Option<Duration> {
        self.finished_at()?.duration_since(self.first_seen()?).ok()
    }

    /// The blocks of the latest non-empty `content` the call's updates sent (a permission
    /// request's only when they sent none), read from the raw text kept: text, diffs,
    /// terminals, subagent sessions, and the rest as sent.
    pub fn content(&self) -> ContentBlocks<'_> {
        ContentBlocks::of(self.received.content.as_deref())
    }

    /// The latest non-empty `locations` sent, those with a path, in order.
    pub fn locations(&self) -> &[Location] {
        &self.received.locations
    }

    /// The last `rawOutput` sent (never `null`), as raw JSON text.
    pub fn raw_output(&self) -> Option<&RawValue> {
        self.received.raw_output.as_deref()
    }

    /// The `toolCallId` of the call that made this one, when a legacy hint says
    /// (`_meta.claudeCode.parentToolUseId`, Qwen Code's `_meta.parentToolCallId`). ACP's
    /// subagent sessions link a whole session instead: see
    /// [`Ledger::parent`](crate::client::Ledger::parent).
    pub fn parent_tool_call_id(&self) -> Option<&str> {
        self.rare()?.parent_tool_call_id.as_deref()
    }

    /// The subagent session the call started, when its `content` links one
    /// (`{"type":"session","sessionId":…}`).
    pub fn subagent_session(&self) -> Option<&str> {
        self.rare()?.child_session.as_deref()
    }

    /// The last `title` sent.
    pub fn title(&self) -> Option<&str> {
        self.received.title.as_deref()
    }

    /// The last ACP `kind` sent, as a string.
    pub fn acp_kind(&self) -> Option<&str> {
        self.received.acp_kind.as_deref()
    }

    /// Every claim the traffic made about the tool's name, with what made it, strongest
    /// first: ACP `name`, each harness `_meta` key, the first title, the `toolCallId`, a
    /// fixed title format of the call's harness. Names are as sent (a camelCase `_meta`
    /// name stays camelCase here).
    ///
    /// ```
    /// use toolmeta::client::{Evidence, Ledger};
    /// let mut ledger = Ledger::new();
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","name":"Read","_meta":{"claudeCode":{"toolName":"Read"}}}"#);
    /// let claims: Vec<(Evidence, &str)> = ledger.get("c1").unwrap().claims().collect();
    /// assert_eq!(claims, [(Evidence::AcpName, "Read"), (Evidence::MetaKey("claudeCode.toolName"), "Read")]);
    /// ```
    pub fn claims(&self) -> impl Iterator<Item = (Evidence, &str)> + '_ {
        let names = self.received.names(&self.tool_call_id, self.resolved.party);
        names.map(|named| (named.by, named.sent))
    }

    /// The last `rawInput` sent (never `null`), as raw JSON text.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","rawInput":{"command":"ls"}}"#);
    /// let raw = ledger.get("c1").unwrap().raw_input().unwrap();
    /// let value: serde_json::Value = serde_json::from_str(raw.get()).unwrap();
    /// assert_eq!(value["command"], "ls");
    /// ```
    pub fn raw_input(&self) -> Option<&RawValue> {
        self.received.raw_input.as_deref()
    }

    /// The envelope merged across the call's updates, as read (usable or not).
    pub fn envelope(&self) -> Option<LooseMeta<'_>> {
        self.received.envelope.as_ref().map(Envelope::as_loose)
    }
}
