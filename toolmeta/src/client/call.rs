//! [`Call`]: one tool call, merged across all its updates.

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::content::ContentBlocks;
use super::line::UpdateFields;
use super::loose::{WellKnown, merge_str};
use super::{CallId, KindFallback, Location, LooseMeta, Permission, Status};
use crate::{ToolKind, ToolMeta};

/// Where a call's identity came from.
///
/// ```
/// use toolmeta::client::{Ledger, Source};
/// let mut ledger = Ledger::new();
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"a","_meta":{"x.ai/tool":{"name":"grep","kind":"search"}}}"#);
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"b","title":"grep","kind":"search"}"#);
/// let sources: Vec<&str> = ledger.calls().map(|call| call.source().as_str()).collect();
/// assert_eq!(sources, ["envelope", "fallback"]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    /// The call carried a usable `x.ai/tool` envelope.
    Envelope,
    /// No envelope; the catalog synthesized one from the call's tool name and `rawInput`.
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

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One tool call as the [`Ledger`](super::Ledger) has merged it so far.
///
/// Every update of the call was merged field by field: a field an update carries replaces
/// the earlier value, a field it lacks erases nothing. The raw merged fields are available
/// ([`Call::envelope`], [`Call::acp_kind`], [`Call::raw_input`], ...), and the resolved
/// identity is computed from them in one fixed order — the envelope first, then the
/// catalog's synthesized envelope, then ACP's own fields:
///
/// | accessor | resolved from |
/// |---|---|
/// | [`name`](Call::name) | envelope `name` · catalog · ACP `name` · `_meta.claudeCode.toolName` · `_meta.goose.toolCall.toolName` · the `toolCallId`'s tool name · the first title when it is a tool name — never a human title |
/// | [`kind`](Call::kind) | envelope `kind` · catalog · ACP `kind` ([`KindFallback`]; absent is ACP's default, `other`) |
/// | [`label`](Call::label) | envelope `label` (or its kind's) · catalog · ACP `kind` |
/// | [`namespace`](Call::namespace) | envelope `namespace` · catalog |
/// | [`read_only`](Call::read_only) | envelope `read_only` (or its kind's default) · catalog · ACP `kind` |
/// | [`effects`](Call::effects) | [`read_only`](Call::read_only), and the other hints' defaults of [`kind`](Call::kind) |
/// | [`input`](Call::input) | envelope `input` · catalog (also completing an envelope without `input`) · the `rawInput` keys canonical for the label · the first location |
///
/// Beside the identity, a call keeps what it showed of its work — [`content`](Call::content),
/// [`locations`](Call::locations), [`raw_output`](Call::raw_output), the subagent call that
/// made it ([`parent_tool_call_id`](Call::parent_tool_call_id)) — its
/// [`permission`](Call::permission) request and answer, and the times the stream gave
/// ([`first_seen`](Call::first_seen), [`finished_at`](Call::finished_at),
/// [`duration`](Call::duration)).
///
/// ```
/// use toolmeta::ToolKind;
/// use toolmeta::client::{Ledger, Source, Status};
/// let mut ledger = Ledger::new();
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Read file","kind":"read"}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!(call.name(), None); // a human title is not a tool name
/// assert_eq!(call.title(), Some("Read file"));
/// assert_eq!((call.label(), call.kind()), ("Read", ToolKind::Read));
/// assert_eq!(call.status(), Status::Pending); // ACP's default
/// assert_eq!(call.source(), Source::Fallback);
/// ```
#[derive(Debug, Clone)]
pub struct Call {
    id: CallId,
    session_id: Option<Box<str>>,
    tool_call_id: Box<str>,
    /// The length of the tool name `tool_call_id` starts with (Gemini CLI's pattern).
    id_tool_name_len: Option<usize>,
    envelope: Option<LooseMeta<'static>>,
    acp_name: Option<Cow<'static, str>>,
    acp_kind: Option<Cow<'static, str>>,
    title: Option<Cow<'static, str>>,
    /// The first `title` sent: OpenCode puts the tool's name there, and only there.
    first_title: Option<Cow<'static, str>>,
    status: Option<Cow<'static, str>>,
    claude_code_tool_name: Option<Cow<'static, str>>,
    goose_tool_name: Option<Cow<'static, str>>,
    raw_input: Option<Box<RawValue>>,
    /// Whether `raw_input` came from the call's own updates (not a permission request).
    raw_input_from_update: bool,
    locations: Box<[Location]>,
    /// The latest non-empty `content` array, as raw text.
    content: Option<Box<RawValue>>,
    /// Whether `content` came from the call's own updates (not a permission request).
    content_from_update: bool,
    raw_output: Option<Box<RawValue>>,
    parent_tool_call_id: Option<Box<str>>,
    permission: Option<Box<Permission>>,
    first_seen: Option<SystemTime>,
    last_seen: Option<SystemTime>,
    finished_at: Option<SystemTime>,
    catalog: Option<ToolMeta>,
    /// The catalog envelope's `input` as raw text, so both sources read the same way.
    catalog_input: Option<Box<RawValue>>,
    /// What the fallback kept when neither envelope nor catalog gave an input.
    fallback_input: Option<Box<RawValue>>,
    /// How to complete an envelope sent without `input` from `rawInput`.
    #[cfg(feature = "catalog")]
    completion: Option<super::synthesis::Completion>,
    /// For an envelope without `input`: the input completed from `rawInput` (or the
    /// fallback's), computed when first asked — most such envelopes get theirs later.
    lazy_input: OnceLock<Option<Box<RawValue>>>,
    updates: u64,
    /// What the ledger counted for the call at its last change ([`Call::retained_bytes`]).
    counted_bytes: usize,
    /// The identity and input digests at the call's last change.
    digests: (u64, u64),
}

impl Call {
    pub(crate) fn new(id: CallId, session_id: Option<&str>, tool_call_id: &str) -> Call {
        Call {
            id,
            session_id: session_id.map(Box::from),
            tool_call_id: tool_call_id.into(),
            id_tool_name_len: super::evidence::tool_name_in_id(tool_call_id).map(str::len),
            envelope: None,
            acp_name: None,
            acp_kind: None,
            title: None,
            first_title: None,
            status: None,
            claude_code_tool_name: None,
            goose_tool_name: None,
            raw_input: None,
            raw_input_from_update: false,
            locations: Box::default(),
            content: None,
            content_from_update: false,
            raw_output: None,
            parent_tool_call_id: None,
            permission: None,
            first_seen: None,
            last_seen: None,
            finished_at: None,
            catalog: None,
            catalog_input: None,
            fallback_input: None,
            #[cfg(feature = "catalog")]
            completion: None,
            lazy_input: OnceLock::new(),
            updates: 0,
            counted_bytes: 0,
            digests: (0, 0),
        }
    }

    /// A new call, with its bytes counted and its digests taken.
    pub(crate) fn fresh(id: CallId, session_id: Option<&str>, tool_call_id: &str) -> Call {
        let mut call = Call::new(id, session_id, tool_call_id);
        call.recount_bytes();
        call.retake_digests();
        call
    }

    /// The bytes the ledger counted for the call at its last change.
    pub(crate) fn counted_bytes(&self) -> usize {
        self.counted_bytes
    }

    /// Counts the call's bytes again (after a change); returns the new count.
    pub(crate) fn recount_bytes(&mut self) -> usize {
        self.counted_bytes = self.retained_bytes();
        self.counted_bytes
    }

    /// The identity and input digests at the call's last change.
    pub(crate) fn digests(&self) -> (u64, u64) {
        self.digests
    }

    /// Takes the digests again (after a change that may have changed them).
    pub(crate) fn retake_digests(&mut self) -> (u64, u64) {
        self.digests = (self.identity_digest(), self.input_digest());
        self.digests
    }

    /// Merges one update, seen at `time`; says what it changed.
    ///
    /// A permission request's `rawInput`, `kind`, `status` and `content` describe the
    /// permission (OpenCode sends `{filepath, diff}` or `{filepath, parentDir}`, Claude Code
    /// `{}` for ExitPlanMode, every harness `status: pending`): they fill in a call whose
    /// own updates have not sent theirs, and never replace them — so a permission request
    /// never moves a call's status backwards.
    pub(crate) fn merge(&mut self, update: UpdateFields<'_>, time: Option<SystemTime>) -> Merged {
        self.updates = self.updates.saturating_add(1);
        if let Some(time) = time {
            self.first_seen.get_or_insert(time);
            self.last_seen = Some(time);
        }
        let UpdateFields {
            session_update: _,
            tool_call_id: _,
            title,
            kind,
            status,
            name,
            raw_input,
            locations,
            content,
            raw_output,
            meta,
            permission,
        } = update;
        let from_permission = permission.is_some();
        let kind = kind.filter(|_| !from_permission || self.acp_kind.is_none());
        let status = status.filter(|_| !from_permission || self.status.is_none());
        let raw_input = raw_input.filter(|_| !from_permission || !self.raw_input_from_update);
        let content = content.filter(|_| !from_permission || !self.content_from_update);
        let identity_inputs = name.is_some()
            || title.is_some()
            || kind.is_some()
            || raw_input.is_some()
            || locations.is_some()
            || meta.claude_code_tool_name.is_some()
            || meta.goose_tool_name.is_some()
            || meta.envelope.is_some();
        if self.first_title.is_none() {
            merge_str(&mut self.first_title, title.clone(), WellKnown::None);
        }
        merge_str(&mut self.acp_name, name, WellKnown::None);
        merge_str(&mut self.acp_kind, kind, WellKnown::AcpKinds);
        merge_str(&mut self.title, title, WellKnown::None);
        // Compared as read: a first `pending` is no change from ACP's default.
        let status_before = self.status.clone();
        merge_str(&mut self.status, status, WellKnown::Statuses);
        let status_changed = self.status.as_deref().unwrap_or("pending")
            != status_before.as_deref().unwrap_or("pending");
        merge_str(
            &mut self.claude_code_tool_name,
            meta.claude_code_tool_name,
            WellKnown::None,
        );
        merge_str(
            &mut self.goose_tool_name,
            meta.goose_tool_name,
            WellKnown::None,
        );
        if let Some(raw) = raw_input {
            // `{}` is what Claude Code's first `tool_call` sends before the arguments
            // stream in: no arguments yet, so a permission request may still bring them.
            let empty = raw
                .get()
                .bytes()
                .filter(|b| !b.is_ascii_whitespace())
                .eq(*b"{}");
            self.raw_input_from_update = !from_permission && !empty;
            keep_raw(&mut self.raw_input, raw);
        }
        let mut content_changed = false;
        if let Some(locations) = locations {
            // Harnesses repeat their locations on update after update: copied only when new.
            let same = locations.len() == self.locations.len()
                && locations.iter().zip(&*self.locations).all(|(new, old)| {
                    new.path.as_deref() == Some(old.path()) && new.line == old.line()
                });
            if !same {
                self.locations = locations
                    .into_iter()
                    .filter_map(|location| Some(Location::new(&location.path?, location.line)))
                    .collect();
                content_changed = true;
            }
        }
        if let Some(content) = content {
            content_changed |= keep_raw(&mut self.content, content);
            self.content_from_update |= !from_permission;
        }
        if let Some(raw_output) = raw_output {
            content_changed |= keep_raw(&mut self.raw_output, raw_output);
        }
        if let Some(parent) = meta.parent_tool_call_id
            && self.parent_tool_call_id.as_deref() != Some(&*parent)
        {
            self.parent_tool_call_id = Some(parent.into());
            content_changed = true;
        }
        if let Some(envelope) = meta.envelope {
            match &mut self.envelope {
                Some(merged) => merged.merge(envelope),
                None => self.envelope = Some(envelope.into_owned()),
            }
        }
        let (permission_requested, replaced_request) = match permission {
            Some(request) => {
                let replaced = self.permission.replace(Box::new(Permission::requested(
                    request.request_id,
                    request.options,
                    time,
                )));
                (true, replaced.and_then(|permission| permission.request_id))
            }
            None => (false, None),
        };
        Merged {
            identity_inputs,
            status_changed,
            content_changed,
            permission_requested,
            replaced_request,
        }
    }

    /// The call's key in the ledger's index, moved out of it.
    pub(crate) fn into_key(self) -> (Option<Box<str>>, Box<str>) {
        (self.session_id, self.tool_call_id)
    }

    /// Whether the call has its first title (a later one names no tool).
    pub(crate) fn has_first_title(&self) -> bool {
        self.first_title.is_some()
    }

    /// The permission request, to record its answer.
    pub(crate) fn permission_mut(&mut self) -> Option<&mut Permission> {
        self.permission.as_deref_mut()
    }

    /// Records when the call finished (or that it is no longer finished).
    pub(crate) fn set_finished_at(&mut self, time: Option<SystemTime>) {
        self.finished_at = time;
    }

    /// A digest of the resolved identity, to tell whether an update changed it.
    fn identity_digest(&self) -> u64 {
        let mut hasher = Fx::default();
        (
            self.source(),
            self.name(),
            self.kind(),
            self.label(),
            self.namespace(),
            self.read_only(),
        )
            .hash(&mut hasher);
        hasher.finish()
    }

    /// A digest of what the canonical input is computed from, to tell whether an update
    /// changed it without computing an input that is only computed when asked.
    fn input_digest(&self) -> u64 {
        let mut hasher = Fx::default();
        let envelope_input = self
            .envelope
            .as_ref()
            .and_then(|meta| meta.input.as_deref())
            .map(RawValue::get);
        envelope_input.hash(&mut hasher);
        if envelope_input.is_none() && self.envelope_identity().is_some() {
            // Completed from `rawInput` (or the fallback's evidence) when asked.
            self.raw_input
                .as_deref()
                .map(RawValue::get)
                .hash(&mut hasher);
            self.locations.first().hash(&mut hasher);
        } else {
            self.catalog_input
                .as_deref()
                .map(RawValue::get)
                .hash(&mut hasher);
            self.fallback_input
                .as_deref()
                .map(RawValue::get)
                .hash(&mut hasher);
        }
        hasher.finish()
    }

    pub(crate) fn adopt_session(&mut self, session_id: &str) {
        if self.session_id.is_none() {
            self.session_id = Some(session_id.into());
        }
    }

    /// Records what the catalog said about the call: its envelope, or nothing.
    #[cfg_attr(not(feature = "catalog"), allow(dead_code))]
    pub(crate) fn set_catalog(&mut self, meta: Option<ToolMeta>) {
        self.catalog_input = meta
            .as_ref()
            .and_then(|meta| meta.input.as_ref())
            .filter(|input| input.is_object())
            .and_then(|input| serde_json::value::to_raw_value(input).ok());
        self.catalog = meta;
    }

    /// Records how the catalog would complete the call's envelope, which has no `input`.
    #[cfg(feature = "catalog")]
    pub(crate) fn set_completion(&mut self, completion: Option<super::synthesis::Completion>) {
        self.catalog = None;
        self.catalog_input = None;
        self.completion = completion;
    }

    /// Recomputes what the fallback keeps: when neither the envelope nor the catalog gave
    /// an input, the `rawInput` keys canonical for the call's label, or — when the call sent
    /// no `rawInput` at all — its first location, for labels whose shape has a path. For an
    /// envelope without `input` this, and the catalog's completion, wait until asked.
    pub(crate) fn refresh_fallback_input(&mut self) {
        self.lazy_input = OnceLock::new();
        let has_input = self
            .envelope
            .as_ref()
            .and_then(|meta| meta.input.as_deref())
            .is_some()
            || self.catalog_input.is_some();
        let kept = if has_input || self.envelope_identity().is_some() {
            None
        } else {
            self.kept_by_fallback()
        };
        self.fallback_input = kept.and_then(|input| serde_json::value::to_raw_value(&input).ok());
    }

    fn kept_by_fallback(&self) -> Option<Value> {
        let label = self.label();
        match (&self.raw_input, self.locations.first()) {
            // The catalog knew the tool and found no input in its arguments: that stands.
            (Some(_), _) if self.catalog.is_some() => None,
            (Some(raw), _) => super::lenient::parse_value(raw.get())
                .and_then(|raw| super::fallback::canonical_input(label, &raw)),
            (None, Some(location)) => {
                super::fallback::location_input(label, location.path(), location.line())
            }
            (None, None) => None,
        }
    }

    /// The input of an envelope sent without one: completed from `rawInput` through the
    /// catalog tool of its `(namespace, name)`, else what the fallback keeps.
    fn completed_input(&self) -> Option<&RawValue> {
        self.lazy_input
            .get_or_init(|| {
                #[cfg(feature = "catalog")]
                let completed = self.completion.as_ref().and_then(|completion| {
                    let name = self.envelope.as_ref()?.name.as_deref()?;
                    let raw = self
                        .raw_input
                        .as_ref()
                        .and_then(|raw| super::lenient::parse_value(raw.get()));
                    completion.complete(name, raw.as_ref())
                });
                #[cfg(not(feature = "catalog"))]
                let completed = None;
                completed
                    .or_else(|| self.kept_by_fallback())
                    .filter(Value::is_object)
                    .and_then(|input| serde_json::value::to_raw_value(&input).ok())
            })
            .as_deref()
    }

    /// About how many bytes the call holds, with its entries in the ledger's indexes
    /// (`2 *` the id and session: each is held by the call and by the index): what the
    /// ledger's byte budget counts.
    ///
    /// A pure function of the merged fields, so that what is added when a call changes is
    /// what is subtracted when it is evicted. The input an envelope without `input` is
    /// completed with, computed when first asked, is counted in advance as a second copy
    /// of `rawInput`; a catalog envelope's parsed `input` as twice its text.
    fn retained_bytes(&self) -> usize {
        fn text(value: &Option<Cow<'static, str>>) -> usize {
            match value {
                Some(Cow::Owned(owned)) => owned.len(),
                _ => 0,
            }
        }
        fn raw(value: &Option<Box<RawValue>>) -> usize {
            value.as_ref().map_or(0, |raw| raw.get().len())
        }
        // The call's box, and its entries in the id index, the session index and the
        // eviction queue (B-tree and hash-map slots, about a hundred bytes together).
        // The session index's entry too.
        const OVERHEAD: usize = size_of::<Call>() + 160;
        let session = self.session_id.as_ref().map_or(0, |session| session.len());
        let envelope = self.envelope.as_ref().map_or(0, |meta| {
            text(&meta.name) + text(&meta.namespace) + text(&meta.label) + raw(&meta.input)
        });
        let catalog = self.catalog.as_ref().map_or(0, |meta| meta.name.len());
        let completion = if self.envelope_identity().is_some()
            && self
                .envelope
                .as_ref()
                .is_some_and(|meta| meta.input.is_none())
        {
            raw(&self.raw_input)
        } else {
            0
        };
        OVERHEAD
            + 2 * self.tool_call_id.len()
            + 2 * session
            + text(&self.acp_name)
            + text(&self.acp_kind)
            + text(&self.title)
            + text(&self.first_title)
            + text(&self.status)
            + text(&self.claude_code_tool_name)
            + text(&self.goose_tool_name)
            + raw(&self.raw_input)
            + self
                .locations
                .iter()
                .map(|location| size_of::<Location>() + location.path().len())
                .sum::<usize>()
            + raw(&self.content)
            + raw(&self.raw_output)
            + self.parent_tool_call_id.as_ref().map_or(0, |id| id.len())
            + self
                .permission
                .as_ref()
                .map_or(0, |permission| permission.retained_bytes())
            + envelope
            + catalog
            + 3 * raw(&self.catalog_input)
            + raw(&self.fallback_input)
            + completion
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
        self.updates
    }

    /// Where the identity came from: a usable envelope, the catalog, or the fallback.
    ///
    /// An envelope is usable when it is an object naming at least one of `name`, `kind`,
    /// `namespace` or `label` (see [`LooseMeta::has_identity`]).
    pub fn source(&self) -> Source {
        if self.envelope_identity().is_some() {
            Source::Envelope
        } else if self.catalog.is_some() {
            Source::Catalog
        } else {
            Source::Fallback
        }
    }

    fn envelope_identity(&self) -> Option<&LooseMeta<'static>> {
        self.envelope.as_ref().filter(|meta| meta.has_identity())
    }

    /// What ACP's `kind` says; an absent `kind` is ACP's default, `other`.
    fn fallback(&self) -> KindFallback {
        KindFallback::from_acp_kind(self.acp_kind.as_deref().unwrap_or("other"))
    }

    /// The tool's name, when the traffic names the tool (see the resolution order on
    /// [`Call`]); never a human title — [`Call::title`] is that.
    pub fn name(&self) -> Option<&str> {
        self.envelope
            .as_ref()
            .and_then(|meta| meta.name.as_deref())
            .or_else(|| self.catalog.as_ref().map(|meta| meta.name.as_str()))
            .or_else(|| self.fallback_name())
    }

    /// The name the fallback uses, strongest evidence first: an explicit name (ACP `name`,
    /// `_meta.claudeCode.toolName`, `_meta.goose.toolCall.toolName`), the name in the
    /// `toolCallId` (Gemini CLI's pattern), and the first title when it is a tool name.
    pub(crate) fn fallback_name(&self) -> Option<&str> {
        self.explicit_name()
            .or_else(|| self.id_tool_name())
            .or_else(|| self.first_title_name())
    }

    /// A name the traffic gives the tool explicitly.
    pub(crate) fn explicit_name(&self) -> Option<&str> {
        self.acp_name
            .as_deref()
            .or(self.claude_code_tool_name.as_deref())
            .or(self.goose_tool_name.as_deref())
    }

    /// The first title, when it reads as a tool name rather than human text.
    pub(crate) fn first_title_name(&self) -> Option<&str> {
        self.first_title
            .as_deref()
            .filter(|title| super::evidence::is_tool_name(title))
    }

    /// The tool name in the `toolCallId`, when it follows Gemini CLI's pattern.
    pub(crate) fn id_tool_name(&self) -> Option<&str> {
        self.tool_call_id.get(..self.id_tool_name_len?)
    }

    /// What the tool does (see the resolution order on [`Call`]): always known, `other`
    /// when nothing says.
    pub fn kind(&self) -> ToolKind {
        self.envelope
            .as_ref()
            .and_then(|meta| meta.kind)
            .or_else(|| self.catalog.as_ref().map(|meta| meta.kind))
            .unwrap_or_else(|| self.fallback().kind)
    }

    /// The cross-harness label to group and display the call under: always known, `Tool`
    /// when nothing says.
    pub fn label(&self) -> &str {
        if let Some(meta) = &self.envelope {
            if let Some(label) = meta.label.as_deref() {
                return label;
            }
            if let Some(kind) = meta.kind {
                return kind.label();
            }
        }
        self.catalog
            .as_ref()
            .map_or(self.fallback().label, |meta| &*meta.label)
    }

    /// The namespace, as a string (a namespace unknown to this crate is kept as sent).
    pub fn namespace(&self) -> Option<&str> {
        self.envelope
            .as_ref()
            .and_then(|meta| meta.namespace.as_deref())
            .or_else(|| self.catalog.as_ref().map(|meta| meta.namespace.as_str()))
    }

    /// Whether the tool only reads, when anything says so.
    pub fn read_only(&self) -> Option<bool> {
        self.envelope
            .as_ref()
            .and_then(LooseMeta::read_only_or_default)
            .or_else(|| self.catalog.as_ref().map(|meta| meta.read_only))
            .or_else(|| self.fallback().read_only)
    }

    /// What calling the tool does (MCP's four hints), when anything says whether it only
    /// reads: [`Call::read_only`], with the defaults of [`Call::kind`] for the other three
    /// (the envelope carries `read_only` only; see [`Effects`](crate::Effects)). A read-only
    /// call is never destructive and always idempotent.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// ledger.feed_line(r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"c1","title":"bash","_meta":{"x.ai/tool":{"version":1,"name":"bash","kind":"execute","namespace":"grok_build","label":"Run Command","read_only":false}}}}}"#);
    /// let effects = ledger.get_in_session("s1", "c1").unwrap().effects().unwrap();
    /// assert!(effects.destructive && !effects.idempotent && effects.open_world);
    /// ```
    pub fn effects(&self) -> Option<crate::Effects> {
        let read_only = self.read_only()?;
        Some(crate::Effects::of(self.kind()).with_read_only(read_only))
    }

    /// The canonical input, from the envelope or the catalog, as raw JSON text (an object,
    /// its keys in the order they were sent), on one line: an input sent pretty-printed is
    /// re-serialized compactly when it is read, so it can be written into a JSON Lines record.
    pub fn input(&self) -> Option<&RawValue> {
        if let Some(input) = self
            .envelope
            .as_ref()
            .and_then(|meta| meta.input.as_deref())
        {
            return Some(input);
        }
        if self.envelope_identity().is_some() {
            return self.completed_input();
        }
        self.catalog_input
            .as_deref()
            .or(self.fallback_input.as_deref())
    }

    /// The canonical input parsed into a JSON object.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","_meta":{"x.ai/tool":{"kind":"read","input":{"path":"a.rs"}}}}"#);
    /// assert_eq!(ledger.get("c1").unwrap().input_map().unwrap()["path"], "a.rs");
    /// ```
    pub fn input_map(&self) -> Option<Map<String, Value>> {
        self.input()
            .and_then(|raw| serde_json::from_str(raw.get()).ok())
    }

    /// The last `status` the call's own updates sent (a permission request's only when
    /// they sent none), [`Status::Pending`] when none was.
    pub fn status(&self) -> Status<'_> {
        self.status
            .as_deref()
            .map_or(Status::Pending, Status::from_wire)
    }

    /// Whether the call has finished: its status is `completed` or `failed`, or its
    /// permission was rejected or cancelled (a harness may send nothing more for a call it
    /// was refused).
    pub fn is_finished(&self) -> bool {
        self.status().is_terminal() || self.is_rejected()
    }

    /// Whether the call's permission was rejected or cancelled: whatever its status says,
    /// the tool did not run as asked.
    pub fn is_rejected(&self) -> bool {
        self.permission
            .as_ref()
            .is_some_and(|permission| permission.decision().denies())
    }

    /// The latest permission request for the call, and its answer once known.
    pub fn permission(&self) -> Option<&Permission> {
        self.permission.as_deref()
    }

    /// When the call was first seen: the time of its first update that had one (a
    /// persisted line's `timestamp`, or the time given to
    /// [`Ledger::feed_line_at`](super::Ledger::feed_line_at)).
    pub fn first_seen(&self) -> Option<SystemTime> {
        self.first_seen
    }

    /// The time of its latest update that had one.
    pub fn last_seen(&self) -> Option<SystemTime> {
        self.last_seen
    }

    /// When the call finished (see [`Call::is_finished`]), when that update had a time.
    pub fn finished_at(&self) -> Option<SystemTime> {
        self.finished_at
    }

    /// How long the call took: from [`first_seen`](Call::first_seen) to
    /// [`finished_at`](Call::finished_at), when both are known.
    pub fn duration(&self) -> Option<Duration> {
        self.finished_at?.duration_since(self.first_seen?).ok()
    }

    /// The blocks of the latest non-empty `content` the call's updates sent (a permission
    /// request's only when they sent none), read from the raw text kept: text, diffs,
    /// terminals, and the rest as sent.
    pub fn content(&self) -> ContentBlocks<'_> {
        ContentBlocks::of(self.content.as_deref())
    }

    /// The latest non-empty `content`, as raw JSON text (an array).
    pub fn raw_content(&self) -> Option<&RawValue> {
        self.content.as_deref()
    }

    /// The latest non-empty `locations` sent, those with a path, in order.
    pub fn locations(&self) -> &[Location] {
        &self.locations
    }

    /// The last `rawOutput` sent (never `null`), as raw JSON text.
    pub fn raw_output(&self) -> Option<&RawValue> {
        self.raw_output.as_deref()
    }

    /// The `toolCallId` of the call that made this one, when the harness says: Claude
    /// Code's `_meta.claudeCode.parentToolUseId` names the subagent (`Agent`/`Task`) call
    /// whose subagent made it.
    pub fn parent_tool_call_id(&self) -> Option<&str> {
        self.parent_tool_call_id.as_deref()
    }

    /// The last `title` sent.
    pub fn title(&self) -> Option<&str> {
        self.title.as_deref()
    }

    /// The last ACP `kind` sent, as a string.
    pub fn acp_kind(&self) -> Option<&str> {
        self.acp_kind.as_deref()
    }

    /// `_meta.claudeCode.toolName`, when the call came from Claude Code.
    pub fn claude_code_tool_name(&self) -> Option<&str> {
        self.claude_code_tool_name.as_deref()
    }

    /// `_meta.goose.toolCall.toolName`, when the call came from goose.
    pub fn goose_tool_name(&self) -> Option<&str> {
        self.goose_tool_name.as_deref()
    }

    /// The first `title` sent (OpenCode names the tool there, and only there).
    pub fn first_title(&self) -> Option<&str> {
        self.first_title.as_deref()
    }

    /// The last `rawInput` sent (never `null`), as raw JSON text.
    ///
    /// ```
    /// use toolmeta::client::Ledger;
    /// let mut ledger = Ledger::new();
    /// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","rawInput":{"command":"ls"}}"#);
    /// let raw = ledger.get("c1").unwrap().raw_input().unwrap();
    /// let value: serde_json::Value = serde_json::from_str(raw.get()).unwrap();
    /// assert_eq!(value["command"], "ls");
    /// ```
    pub fn raw_input(&self) -> Option<&RawValue> {
        self.raw_input.as_deref()
    }

    /// The envelope merged across the call's updates, as read (usable or not).
    pub fn envelope(&self) -> Option<&LooseMeta<'static>> {
        self.envelope.as_ref()
    }

    /// The envelope the catalog synthesized, for a call without a usable envelope.
    pub fn catalog_meta(&self) -> Option<&ToolMeta> {
        self.catalog.as_ref()
    }
}

/// What merging one update changed.
#[derive(Debug, Default)]
pub(crate) struct Merged {
    /// Something the identity or the input is resolved from arrived.
    pub(crate) identity_inputs: bool,
    pub(crate) status_changed: bool,
    pub(crate) content_changed: bool,
    pub(crate) permission_requested: bool,
    /// The id of an unanswered permission request the update's request replaced.
    pub(crate) replaced_request: Option<super::line::RequestId>,
}

/// A word-at-a-time multiplicative hash (FxHash's): the digests hash a few short strings
/// per update, where SipHash's rounds cost more than the strings (a collision only loses
/// one event).
#[derive(Default)]
struct Fx(u64);

impl Fx {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut buffer = [0; 8];
            buffer.copy_from_slice(word);
            self.add(u64::from_le_bytes(buffer));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut buffer = [0; 8];
            buffer[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buffer));
        }
    }

    fn write_u8(&mut self, value: u8) {
        self.add(u64::from(value));
    }

    fn write_usize(&mut self, value: usize) {
        self.add(value as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Keeps `later` in `slot`, copying it out of the line only when it differs from what is
/// kept (harnesses repeat the same `rawInput` and `content` on update after update); says
/// whether it differed.
fn keep_raw(slot: &mut Option<Box<RawValue>>, later: &RawValue) -> bool {
    if slot.as_deref().map(RawValue::get) == Some(later.get()) {
        return false;
    }
    *slot = Some(later.to_owned());
    true
}
