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
//! call.stamp_envelope(&GREP.envelope());
//! call.set_tool_kind(GREP.kind);
//! let json = serde_json::to_value(&call).unwrap();
//! assert_eq!(json["kind"], "search");
//! assert_eq!(json["_meta"]["x.ai/tool"]["label"], "Search");
//!
//! // A later update keeps the harness's own `_meta` keys.
//! let mut update = ToolCallUpdate::new("call_1", ToolCallUpdateFields::new())
//!     .meta(json!({"backend": true}).as_object().cloned());
//! update.stamp_envelope(&GREP.envelope());
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

use crate::{Envelope, Projection, ToolIdentity, ToolKind, ToolLookup, ToolMeta};

/// An ACP tool-call event that carries the envelope: [`ToolCall`] and [`ToolCallUpdate`].
///
/// Every stamping method inserts (or replaces) the envelope in the event's `_meta`, keeping
/// every other key, and creates `_meta` when the event has none.
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
/// assert!(call.stamp_from(&TOOLS, "web_fetch", None));
/// // An unknown tool: nothing stamped, no `_meta` created.
/// let mut other = ToolCall::new("call_2", "cursor_edit");
/// assert!(!other.stamp_from(&TOOLS, "cursor_edit", None));
/// assert_eq!(other.meta, None);
/// ```
///
/// [`ToolCall`]: schema::v1::ToolCall
/// [`ToolCallUpdate`]: schema::v1::ToolCallUpdate
pub trait AcpToolEvent: sealed::Sealed {
    /// The event's `_meta` object.
    fn meta_mut(&mut self) -> &mut Option<Meta>;

    /// Sets the event's ACP `kind`.
    fn set_acp_kind(&mut self, kind: AcpToolKind);

    /// Sets the event's ACP `kind` to the one mapped from the envelope kind `kind` (see
    /// [`ToolKind::to_acp`]).
    fn set_tool_kind(&mut self, kind: ToolKind) {
        self.set_acp_kind(kind.to_acp());
    }

    /// Stamps a borrowing envelope: a typed tool's ([`ToolIdentity::envelope`]), an
    /// identity-only one ([`Identity::envelope`](crate::Identity::envelope)), renamed or not.
    fn stamp_envelope<T: Projection + ?Sized>(&mut self, envelope: &Envelope<'_, T>) {
        let meta = self.meta_mut();
        *meta = Some(envelope.stamp(meta.take()));
    }

    /// Stamps the full envelope of a typed tool value.
    fn stamp_tool<T: ToolIdentity>(&mut self, tool: &T) {
        self.stamp_envelope(&tool.envelope());
    }

    /// Stamps an owned envelope.
    fn stamp_tool_meta(&mut self, tool_meta: &ToolMeta) {
        let meta = self.meta_mut();
        *meta = Some(tool_meta.stamp(meta.take()));
    }

    /// Stamps the envelope of a call to `name` found in `tools`, with its input projected
    /// from `raw_input` (identity only when `None`). Returns whether the tool was found; an
    /// unknown name leaves the event untouched.
    fn stamp_from(
        &mut self,
        tools: &impl ToolLookup,
        name: &str,
        raw_input: Option<&Value>,
    ) -> bool {
        match tools.tool_meta(name, raw_input) {
            Some(tool_meta) => {
                self.stamp_tool_meta(&tool_meta);
                true
            }
            None => false,
        }
    }
}

impl AcpToolEvent for ToolCall {
    fn meta_mut(&mut self) -> &mut Option<Meta> {
        &mut self.meta
    }

    fn set_acp_kind(&mut self, kind: AcpToolKind) {
        self.kind = kind;
    }
}

impl AcpToolEvent for ToolCallUpdate {
    fn meta_mut(&mut self) -> &mut Option<Meta> {
        &mut self.meta
    }

    fn set_acp_kind(&mut self, kind: AcpToolKind) {
        self.fields.kind = Some(kind);
    }
}

mod sealed {
    use super::schema::v1::{ToolCall, ToolCallUpdate};

    pub trait Sealed {}
    impl Sealed for ToolCall {}
    impl Sealed for ToolCallUpdate {}
}
