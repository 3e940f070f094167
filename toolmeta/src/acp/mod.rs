//! Stamping `agent-client-protocol-schema` values directly (the `acp` feature).
//!
//! [`AcpToolEvent`] is implemented for ACP's [`ToolCall`] and [`ToolCallUpdate`] (a
//! `session/request_permission` request carries a `ToolCallUpdate` too): the envelope goes
//! into the event's `_meta` under [`TOOL_META_KEY`](crate::TOOL_META_KEY), every other
//! `_meta` key is kept. [`ToolKind::to_acp`] maps the envelope's kind onto ACP's own
//! `ToolKind` (the table is on that function).
//!
//! The ACP crate is re-exported as [`schema`], so a harness uses the very version toolmeta
//! was built against.
//!
//! ```
//! use serde_json::json;
//! use toolmeta::acp::AcpToolEvent;
//! use toolmeta::acp::schema::v1::{ToolCall, ToolCallUpdate, ToolCallUpdateFields};
//! use toolmeta::{Identity, Namespace, ToolKind};
//!
//! const GREP: Identity = Identity::new("grep", ToolKind::Search, Namespace::GrokBuild);
//!
//! // The first event: identity only, and an ACP kind that agrees with it.
//! let mut call = ToolCall::new("call_1", "grep");
//! call.stamp(&GREP.envelope());
//! call.set_tool_kind(GREP.kind);
//! let json = serde_json::to_value(&call).unwrap();
//! assert_eq!(json["kind"], "search");
//! assert_eq!(json["_meta"]["x.ai/tool"]["label"], "Search");
//!
//! // A later update keeps the harness's own `_meta` keys.
//! let mut update = ToolCallUpdate::new("call_1", ToolCallUpdateFields::new())
//!     .meta(json!({"backend": true}).as_object().cloned());
//! update.stamp(&GREP.envelope());
//! assert_eq!(update.meta.as_ref().unwrap()["backend"], true);
//! ```
//!
//! [`ToolCall`]: schema::v1::ToolCall
//! [`ToolCallUpdate`]: schema::v1::ToolCallUpdate
//! [`ToolKind::to_acp`]: crate::ToolKind::to_acp

mod kind;

pub use agent_client_protocol_schema as schema;

use schema::v1::{Meta, ToolCall, ToolCallUpdate, ToolKind as AcpToolKind};
use serde_json::Value;

use crate::{Envelope, Projection, RegisteredTool, ToolKind};

/// An ACP tool-call event that carries the envelope: [`ToolCall`] and [`ToolCallUpdate`].
///
/// Each stamping method inserts (or replaces) the envelope in the event's `_meta`, keeping
/// every other key, and creates `_meta` when the event has none: [`AcpToolEvent::stamp`]
/// for an envelope in hand (a typed tool's, or an identity-only one), and
/// [`AcpToolEvent::stamp_from`] for a tool of a toolset, from the call's raw arguments. An
/// owned [`ToolMeta`](crate::ToolMeta) is stamped into the event's public `meta` field
/// with [`ToolMeta::stamp`](crate::ToolMeta::stamp).
///
/// ```
/// use serde_json::json;
/// use toolmeta::acp::AcpToolEvent;
/// use toolmeta::acp::schema::v1::ToolCall;
/// use toolmeta::{Identity, Namespace, StaticToolset, ToolEntry, ToolKind};
///
/// const TOOLS: StaticToolset = StaticToolset::new(&[ToolEntry::new(
///     Identity::new("web_fetch", ToolKind::WebFetch, Namespace::GrokBuild),
///     &[],
/// )]);
/// let mut call = ToolCall::new("call_1", "web_fetch");
/// if let Some(tool) = TOOLS.get("web_fetch") {
///     call.stamp_from(&tool, None);
///     call.set_tool_kind(tool.identity().kind);
/// }
/// assert_eq!(call.meta.unwrap()["x.ai/tool"]["label"], "Web Fetch");
/// // An unknown tool: nothing to stamp, no `_meta` created.
/// let other = ToolCall::new("call_2", "cursor_edit");
/// assert!(TOOLS.get("cursor_edit").is_none());
/// assert_eq!(other.meta, None);
/// ```
///
/// [`ToolCall`]: schema::v1::ToolCall
/// [`ToolCallUpdate`]: schema::v1::ToolCallUpdate
pub trait AcpToolEvent: sealed::Sealed {
    /// Sets the event's ACP `kind` to the one mapped from the envelope kind `kind` (see
    /// [`ToolKind::to_acp`]).
    fn set_tool_kind(&mut self, kind: ToolKind) {
        self.set_acp_kind(kind.to_acp());
    }

    /// Stamps an envelope: a typed tool's ([`ToolIdentity::envelope`](crate::ToolIdentity::envelope)),
    /// an identity-only one ([`Identity::envelope`](crate::Identity::envelope)), renamed or
    /// not.
    fn stamp<T: Projection + ?Sized>(&mut self, envelope: &Envelope<'_, T>) {
        let meta = self.meta_mut();
        *meta = Some(envelope.stamp(meta.take()));
    }

    /// Stamps the envelope of a call to `tool`, a tool of a toolset, with its input projected
    /// from the raw arguments `raw_input` (identity only when `None`); see
    /// [`RegisteredTool::stamp`].
    fn stamp_from(&mut self, tool: &RegisteredTool<'_>, raw_input: Option<&Value>) {
        let meta = self.meta_mut();
        *meta = Some(tool.stamp(raw_input, meta.take()));
    }
}

impl sealed::Sealed for ToolCall {
    fn meta_mut(&mut self) -> &mut Option<Meta> {
        &mut self.meta
    }

    fn set_acp_kind(&mut self, kind: AcpToolKind) {
        self.kind = kind;
    }
}

impl AcpToolEvent for ToolCall {}

impl sealed::Sealed for ToolCallUpdate {
    fn meta_mut(&mut self) -> &mut Option<Meta> {
        &mut self.meta
    }

    fn set_acp_kind(&mut self, kind: AcpToolKind) {
        self.fields.kind = Some(kind);
    }
}

impl AcpToolEvent for ToolCallUpdate {}

mod sealed {
    use super::schema::v1::{Meta, ToolKind as AcpToolKind};

    /// Where an event keeps its `_meta` and its ACP `kind`; only ACP's tool-call events
    /// implement it.
    pub trait Sealed {
        /// The event's `_meta` object.
        fn meta_mut(&mut self) -> &mut Option<Meta>;

        /// Sets the event's ACP `kind`.
        fn set_acp_kind(&mut self, kind: AcpToolKind);
    }
}
