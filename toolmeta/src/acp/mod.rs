//! Completing and stamping `agent-client-protocol-schema` values directly (the `acp`
//! feature).
//!
//! [`AcpToolEvent`] is implemented for ACP's [`ToolCall`] and [`ToolCallUpdate`] (a
//! `session/request_permission` request carries a `ToolCallUpdate` too).
//! [`AcpToolEvent::complete`] makes an event complete from the declaration in one call: the
//! envelope in its `_meta` under [`TOOL_META_KEY`](crate::TOOL_META_KEY) (every other `_meta`
//! key kept), and ACP's own `name`, `kind` and `locations` where the harness set none.
//! [`ToolKind::to_acp`] maps the envelope's kind onto ACP's own `ToolKind` (the table is on
//! that function); [`AcpToolEvent::stamp`] writes the envelope alone.
//!
//! The ACP crate is re-exported as [`schema`], so a harness uses the very version toolmeta
//! was built against.
//!
//! ```
//! use std::path::Path;
//! use serde_json::json;
//! use toolmeta::acp::AcpToolEvent;
//! use toolmeta::acp::schema::v1::{ToolCall, ToolCallUpdate, ToolCallUpdateFields};
//! use toolmeta::{Identity, Namespace, ToolKind};
//!
//! const GREP: Identity = Identity::new("grep", ToolKind::Search, Namespace::GrokBuild);
//! let cwd = Path::new("/work/repo");
//!
//! // The first event: identity only, ACP's `name` and a `kind` that agrees with it.
//! let mut call = ToolCall::new("call_1", "grep");
//! call.complete(&GREP.envelope(), Some(cwd));
//! let json = serde_json::to_value(&call).unwrap();
//! assert_eq!(json["name"], "grep");
//! assert_eq!(json["kind"], "search");
//! assert_eq!(json["_meta"]["x.ai/tool"]["label"], "Search");
//!
//! // A later update keeps the harness's own `_meta` keys.
//! let mut update = ToolCallUpdate::new("call_1", ToolCallUpdateFields::new())
//!     .meta(json!({"backend": true}).as_object().cloned());
//! update.complete(&GREP.envelope(), Some(cwd));
//! assert_eq!(update.meta.as_ref().unwrap()["backend"], true);
//! ```
//!
//! [`ToolCall`]: schema::v1::ToolCall
//! [`ToolCallUpdate`]: schema::v1::ToolCallUpdate
//! [`ToolKind::to_acp`]: crate::ToolKind::to_acp

mod complete;
mod kind;

pub use agent_client_protocol_schema as schema;

use std::path::Path;

use schema::v1::{Meta, ToolCall, ToolCallLocation, ToolCallUpdate, ToolKind as AcpToolKind};
use serde_json::Value;

use crate::{Envelope, Projection, RegisteredTool, ToolKind};
use complete::Declared;

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

    /// Makes the event complete from the declaration, in one call: stamps `envelope` (as
    /// [`AcpToolEvent::stamp`]) and fills ACP's own fields where the event has none —
    ///
    /// - `name`: the envelope's wire name;
    /// - `kind`: the envelope kind's ACP kind ([`ToolKind::to_acp`]); ACP cannot tell an
    ///   unset kind from `other`, so an `other` is filled too, and `other` is never written;
    /// - `locations`: the `path` of the envelope's `input` (else its `directory`, a
    ///   listing's target) made absolute against `cwd`, the session's working directory,
    ///   with a Read's `offset` as its `line`. Without a `cwd` (or when it is not absolute,
    ///   or the path is empty) `locations` is left alone: ACP wants absolute paths.
    ///
    /// A field the harness set is never overwritten; on a [`ToolCallUpdate`] a `locations`
    /// sent empty (which clears the client's) counts as set. The first `tool_call`, before
    /// the arguments are parsed, takes the identity-only envelope and gets no locations.
    ///
    /// ```
    /// use std::path::Path;
    /// use serde::Deserialize;
    /// use toolmeta::ToolIdentity;
    /// use toolmeta::acp::AcpToolEvent;
    /// use toolmeta::acp::schema::v1::{ToolCall, ToolCallUpdate, ToolCallUpdateFields};
    ///
    /// #[derive(Deserialize, ToolIdentity)]
    /// #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
    /// struct ReadFile {
    ///     #[serde(rename = "target_file")]
    ///     #[tool(project = "path")]
    ///     path: String,
    ///     #[tool(project)]
    ///     offset: Option<i64>,
    /// }
    ///
    /// let cwd = Path::new("/work/repo");
    /// // The tool is chosen: identity only.
    /// let mut call = ToolCall::new("call_1", "Read");
    /// call.complete(&ReadFile::IDENTITY.envelope(), Some(cwd));
    /// let wire = serde_json::to_value(&call).unwrap();
    /// assert_eq!((&wire["name"], &wire["kind"]), (&"read_file".into(), &"read".into()));
    /// assert_eq!(wire["_meta"]["x.ai/tool"]["label"], "Read");
    ///
    /// // The arguments are parsed: the full envelope, and where the call reads.
    /// let read: ReadFile = serde_json::from_str(r#"{"target_file": "src/lib.rs", "offset": 40}"#).unwrap();
    /// let mut update = ToolCallUpdate::new("call_1", ToolCallUpdateFields::new());
    /// update.complete(&read.envelope(), Some(cwd));
    /// let wire = serde_json::to_value(&update).unwrap();
    /// assert_eq!(wire["locations"][0]["path"], "/work/repo/src/lib.rs");
    /// assert_eq!(wire["locations"][0]["line"], 40);
    /// assert_eq!(wire["_meta"]["x.ai/tool"]["input"]["path"], "src/lib.rs");
    /// ```
    fn complete<T: Projection + ?Sized>(&mut self, envelope: &Envelope<'_, T>, cwd: Option<&Path>) {
        self.stamp(envelope);
        let identity = envelope.identity();
        let declared = Declared {
            name: envelope.name(),
            kind: identity.kind,
            label: identity.label,
        };
        complete::fill(self, declared, cwd);
    }

    /// [`AcpToolEvent::complete`] for a call to `tool`, a tool of a toolset, with its input
    /// projected from the raw arguments `raw_input` (identity only when `None`, as
    /// [`AcpToolEvent::stamp_from`]); a tagged tool's call gets the kind of the variant its
    /// arguments select.
    ///
    /// ```
    /// use std::path::Path;
    /// use serde_json::json;
    /// use toolmeta::acp::AcpToolEvent;
    /// use toolmeta::acp::schema::v1::{ToolCallUpdate, ToolCallUpdateFields, ToolKind};
    /// use toolmeta::{Identity, InputField, Namespace, StaticToolset, ToolEntry, keys};
    ///
    /// const TOOLS: StaticToolset = StaticToolset::new(&[ToolEntry::new(
    ///     Identity::new("list_dir", toolmeta::ToolKind::ListDir, Namespace::GrokBuild),
    ///     &[InputField::new(keys::DIRECTORY, "target_directory")],
    /// )]);
    /// let raw = json!({"target_directory": "."});
    /// // The harness chose its own ACP kind: it is kept.
    /// let mut update = ToolCallUpdate::new("call_2", ToolCallUpdateFields::new().kind(ToolKind::Search));
    /// update.complete_from(&TOOLS.get("list_dir").unwrap(), Some(&raw), Some(Path::new("/work/repo")));
    /// assert_eq!(update.fields.kind, Some(ToolKind::Search));
    /// assert_eq!(update.fields.name.as_deref(), Some("list_dir"));
    /// assert_eq!(update.fields.locations.unwrap()[0].path, Path::new("/work/repo"));
    /// ```
    fn complete_from(
        &mut self,
        tool: &RegisteredTool<'_>,
        raw_input: Option<&Value>,
        cwd: Option<&Path>,
    ) {
        self.stamp_from(tool, raw_input);
        let identity = match raw_input {
            Some(raw) => tool.entry().identity_for(raw),
            None => *tool.identity(),
        };
        let declared = Declared {
            name: tool.name(),
            kind: identity.kind,
            label: identity.label,
        };
        complete::fill(self, declared, cwd);
    }
}

impl sealed::Sealed for ToolCall {
    fn meta_mut(&mut self) -> &mut Option<Meta> {
        &mut self.meta
    }

    fn meta(&self) -> Option<&Meta> {
        self.meta.as_ref()
    }

    fn set_acp_kind(&mut self, kind: AcpToolKind) {
        self.kind = kind;
    }

    fn acp_kind(&self) -> Option<AcpToolKind> {
        Some(self.kind)
    }

    fn acp_name_mut(&mut self) -> &mut Option<String> {
        &mut self.name
    }

    fn lacks_locations(&self) -> bool {
        self.locations.is_empty()
    }

    fn set_locations(&mut self, locations: Vec<ToolCallLocation>) {
        self.locations = locations;
    }
}

impl AcpToolEvent for ToolCall {}

impl sealed::Sealed for ToolCallUpdate {
    fn meta_mut(&mut self) -> &mut Option<Meta> {
        &mut self.meta
    }

    fn meta(&self) -> Option<&Meta> {
        self.meta.as_ref()
    }

    fn set_acp_kind(&mut self, kind: AcpToolKind) {
        self.fields.kind = Some(kind);
    }

    fn acp_kind(&self) -> Option<AcpToolKind> {
        self.fields.kind
    }

    fn acp_name_mut(&mut self) -> &mut Option<String> {
        &mut self.fields.name
    }

    fn lacks_locations(&self) -> bool {
        self.fields.locations.is_none()
    }

    fn set_locations(&mut self, locations: Vec<ToolCallLocation>) {
        self.fields.locations = Some(locations);
    }
}

impl AcpToolEvent for ToolCallUpdate {}

mod sealed {
    use super::schema::v1::{Meta, ToolCallLocation, ToolKind as AcpToolKind};

    /// Where an event keeps its `_meta` and ACP's own `name`, `kind` and `locations`; only
    /// ACP's tool-call events implement it.
    pub trait Sealed {
        /// The event's `_meta` object.
        fn meta_mut(&mut self) -> &mut Option<Meta>;

        /// The event's `_meta` object, to read.
        fn meta(&self) -> Option<&Meta>;

        /// Sets the event's ACP `kind`.
        fn set_acp_kind(&mut self, kind: AcpToolKind);

        /// The event's ACP `kind`; `None` when it sends none.
        fn acp_kind(&self) -> Option<AcpToolKind>;

        /// The event's ACP `name`.
        fn acp_name_mut(&mut self) -> &mut Option<String>;

        /// Whether the event sends no `locations`.
        fn lacks_locations(&self) -> bool;

        /// Sets the event's `locations`.
        fn set_locations(&mut self, locations: Vec<ToolCallLocation>);
    }
}
