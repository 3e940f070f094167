//! [`Call`]: one tool call, merged across all its updates.

use std::borrow::Cow;
use std::fmt;

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::line::UpdateFields;
use super::loose::{WellKnown, merge_str};
use super::{KindFallback, LooseMeta};
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
    /// Neither: the identity is inferred from ACP's `kind`, and the name from ACP `name`,
    /// `_meta.claudeCode.toolName` or `title`.
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
/// | [`name`](Call::name) | envelope `name` · catalog · ACP `name` · `_meta.claudeCode.toolName` · `title` |
/// | [`kind`](Call::kind) | envelope `kind` · catalog · ACP `kind` ([`KindFallback`]; absent is ACP's default, `other`) |
/// | [`label`](Call::label) | envelope `label` (or its kind's) · catalog · ACP `kind` |
/// | [`namespace`](Call::namespace) | envelope `namespace` · catalog |
/// | [`read_only`](Call::read_only) | envelope `read_only` (or its kind's default) · catalog · ACP `kind` |
/// | [`input`](Call::input) | envelope `input` · catalog |
///
/// ```
/// use toolmeta::client::{Ledger, Source};
/// let mut ledger = Ledger::new();
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Read file","kind":"read"}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!(call.name(), Some("Read file"));
/// assert_eq!(call.label(), Some("Read"));
/// assert_eq!(call.source(), Source::Fallback);
/// ```
#[derive(Debug, Clone)]
pub struct Call {
    session_id: Option<Box<str>>,
    tool_call_id: Box<str>,
    envelope: Option<LooseMeta<'static>>,
    acp_name: Option<Cow<'static, str>>,
    acp_kind: Option<Cow<'static, str>>,
    title: Option<Cow<'static, str>>,
    status: Option<Cow<'static, str>>,
    claude_code_tool_name: Option<Cow<'static, str>>,
    raw_input: Option<Box<RawValue>>,
    catalog: Option<ToolMeta>,
    /// The catalog envelope's `input` as raw text, so both sources read the same way.
    catalog_input: Option<Box<RawValue>>,
    updates: u64,
}

impl Call {
    pub(crate) fn new(session_id: Option<&str>, tool_call_id: &str) -> Call {
        Call {
            session_id: session_id.map(Box::from),
            tool_call_id: tool_call_id.into(),
            envelope: None,
            acp_name: None,
            acp_kind: None,
            title: None,
            status: None,
            claude_code_tool_name: None,
            raw_input: None,
            catalog: None,
            catalog_input: None,
            updates: 0,
        }
    }

    /// Merges one update; returns whether it changed what the catalog would be asked.
    pub(crate) fn merge(&mut self, update: UpdateFields<'_>) -> bool {
        self.updates = self.updates.saturating_add(1);
        let UpdateFields {
            session_update: _,
            tool_call_id: _,
            title,
            kind,
            status,
            name,
            raw_input,
            meta,
        } = update;
        let catalog_inputs_changed = name.is_some()
            || title.is_some()
            || raw_input.is_some()
            || meta.claude_code_tool_name.is_some();
        merge_str(&mut self.acp_name, name, WellKnown::None);
        merge_str(&mut self.acp_kind, kind, WellKnown::AcpKinds);
        merge_str(&mut self.title, title, WellKnown::None);
        merge_str(&mut self.status, status, WellKnown::Statuses);
        merge_str(
            &mut self.claude_code_tool_name,
            meta.claude_code_tool_name,
            WellKnown::None,
        );
        if raw_input.is_some() {
            self.raw_input = raw_input;
        }
        if let Some(envelope) = meta.envelope {
            match &mut self.envelope {
                Some(merged) => merged.merge(envelope),
                None => self.envelope = Some(envelope.into_owned()),
            }
        }
        catalog_inputs_changed
    }

    pub(crate) fn adopt_session(&mut self, session_id: &str) {
        if self.session_id.is_none() {
            self.session_id = Some(session_id.into());
        }
    }

    #[cfg_attr(not(feature = "catalog"), allow(dead_code))]
    pub(crate) fn set_catalog(&mut self, meta: ToolMeta) {
        self.catalog_input = meta
            .input
            .as_ref()
            .filter(|input| input.is_object())
            .and_then(|input| serde_json::value::to_raw_value(input).ok());
        self.catalog = Some(meta);
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

    /// Whether the call's identity comes from an envelope (the catalog is then not asked).
    pub(crate) fn has_envelope_identity(&self) -> bool {
        self.envelope_identity().is_some()
    }

    fn envelope_identity(&self) -> Option<&LooseMeta<'static>> {
        self.envelope.as_ref().filter(|meta| meta.has_identity())
    }

    /// What ACP's `kind` says; an absent `kind` is ACP's default, `other`.
    fn fallback(&self) -> KindFallback {
        KindFallback::from_acp_kind(self.acp_kind.as_deref().unwrap_or("other"))
    }

    /// The tool's name (see the resolution order on [`Call`]).
    pub fn name(&self) -> Option<&str> {
        self.envelope
            .as_ref()
            .and_then(|meta| meta.name.as_deref())
            .or_else(|| self.catalog.as_ref().map(|meta| meta.name.as_str()))
            .or_else(|| self.fallback_name())
    }

    /// The name the fallback uses: ACP `name`, else `_meta.claudeCode.toolName`, else `title`.
    pub(crate) fn fallback_name(&self) -> Option<&str> {
        self.acp_name
            .as_deref()
            .or(self.claude_code_tool_name.as_deref())
            .or(self.title.as_deref())
    }

    /// What the tool does (see the resolution order on [`Call`]).
    pub fn kind(&self) -> Option<ToolKind> {
        self.envelope
            .as_ref()
            .and_then(|meta| meta.kind)
            .or_else(|| self.catalog.as_ref().map(|meta| meta.kind))
            .or_else(|| Some(self.fallback().kind))
    }

    /// The cross-harness label to group and display the call under.
    pub fn label(&self) -> Option<&str> {
        if let Some(meta) = &self.envelope {
            if let Some(label) = meta.label.as_deref() {
                return Some(label);
            }
            if let Some(kind) = meta.kind {
                return Some(kind.label());
            }
        }
        self.catalog
            .as_ref()
            .map(|meta| &*meta.label)
            .or_else(|| Some(self.fallback().label))
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

    /// The canonical input, from the envelope or the catalog, as raw JSON text (an object,
    /// its keys in the order they were sent).
    pub fn input(&self) -> Option<&RawValue> {
        self.envelope
            .as_ref()
            .and_then(|meta| meta.input.as_deref())
            .or(self.catalog_input.as_deref())
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

    /// The last `status` sent (`pending`, `in_progress`, `completed`, `failed`, ...).
    pub fn status(&self) -> Option<&str> {
        self.status.as_deref()
    }

    /// Whether the call has finished: its status is `completed` or `failed`.
    pub fn is_finished(&self) -> bool {
        matches!(self.status(), Some("completed" | "failed"))
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
