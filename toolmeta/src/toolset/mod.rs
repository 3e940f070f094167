//! Toolsets: the tools a harness registers, looked up by wire name.
//!
//! A harness streams a tool call before its arguments are parsed: the first ACP `tool_call`
//! knows only the wire name the model used. A toolset maps that name (after any runtime
//! rename) to the tool's [`Identity`], so the identity-only envelope can be stamped at
//! once, and projects the call's raw JSON arguments (`rawInput`) onto the canonical input
//! through the raw wire keys the derive recorded — no typed struct needed.
//!
//! - [`StaticToolset`] (or the [`toolset!`](crate::toolset!) macro): fixed at compile time;
//!   a duplicate wire name is a compile error.
//! - [`Toolset`]: built at run time; a duplicate wire name is a [`DuplicateToolName`] error.
//! - [`RegisteredTool`]: what a lookup by wire name finds; it builds and stamps the
//!   envelope of a call from its raw arguments. A wire name the toolset does not know finds
//!   nothing, so nothing is stamped.
//! - [`ToolEntry`]: one tool as a toolset registers it; [`ToolEntry::project`] states the
//!   rules of projecting raw arguments.
//!
//! The types are exported at the crate root.

mod entry;
#[cfg(feature = "client")]
mod projected_text;
pub(crate) mod raw;
mod runtime_toolset;
mod static_toolset;

use serde_json::{Map, Value};

use crate::envelope::IdentityParts;
use crate::{Effects, Identity, TOOL_META_KEY, ToolMeta};

pub use entry::ToolEntry;
pub(crate) use entry::{tagged_projection, transparent_projection, typed_projection};
pub use runtime_toolset::{DuplicateToolName, Toolset};
pub use static_toolset::{IntoToolEntry, StaticToolset};

/// One tool of a toolset, as a lookup by wire name finds it
/// ([`StaticToolset::get`], [`Toolset::get`]): the wire name it is registered under and its
/// [`ToolEntry`]. It builds the envelope of a call to the tool from the call's raw JSON
/// arguments, and stamps it into the event's `_meta`: identity only before the arguments
/// are parsed (`raw_input` `None`), with `input` projected from them after.
///
/// ```
/// use serde_json::{Map, json};
/// use toolmeta::{ToolIdentity, toolset};
///
/// #[derive(serde::Deserialize, ToolIdentity)]
/// #[tool(name = "read", namespace = "opencode", kind = "read")]
/// #[serde(rename_all = "camelCase")]
/// struct Read {
///     #[tool(project = "path")]
///     file_path: String,
///     #[tool(project)]
///     offset: Option<i64>,
/// }
///
/// const TOOLS: toolmeta::StaticToolset = toolset![Read, Read as "view"];
///
/// // The first event: the model named the tool, its arguments are not parsed yet.
/// let view = TOOLS.get("view").unwrap();
/// let existing = Map::from_iter([("bash_mode".to_owned(), json!(false))]);
/// let meta = view.stamp(None, Some(existing));
/// assert_eq!(meta["bash_mode"], false);
/// assert_eq!(meta["x.ai/tool"]["name"], "view");
/// assert!(meta["x.ai/tool"].get("input").is_none());
/// // Later: the full envelope, projected from the raw arguments.
/// let meta = view.tool_meta(Some(&json!({"filePath": "a.rs", "offset": 0})));
/// assert_eq!(meta.input, Some(json!({"path": "a.rs", "offset": 1})));
/// // A tool the toolset does not know: nothing to stamp.
/// assert!(TOOLS.get("cursor_edit").is_none());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct RegisteredTool<'a> {
    name: &'a str,
    entry: &'a ToolEntry,
}

impl<'a> RegisteredTool<'a> {
    fn new(name: &'a str, entry: &'a ToolEntry) -> RegisteredTool<'a> {
        RegisteredTool { name, entry }
    }

    /// The wire name the tool is registered under (what the envelope's `name` carries).
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The tool's identity, as the first `tool_call` announces it (for a
    /// [tagged](ToolEntry::tagged) tool, before the tag selects a variant). Its `name` is
    /// the entry's; the envelope carries the registered [`Self::name`].
    pub fn identity(&self) -> &'a Identity {
        self.entry.identity()
    }

    /// The effects of a call to the tool, before its arguments are known (see
    /// [`ToolEntry::effects`]).
    pub fn effects(&self) -> Effects {
        self.entry.effects()
    }

    /// The registered entry: its projected fields, its raw projection.
    pub fn entry(&self) -> &'a ToolEntry {
        self.entry
    }

    /// The envelope of a call with raw JSON arguments `raw_input`; identity only when they
    /// are `None` or give no input (see [`ToolEntry::project`]).
    pub fn tool_meta(&self, raw_input: Option<&Value>) -> ToolMeta {
        let identity = self.identity_for(raw_input);
        let mut meta = identity.envelope().with_name(self.name).to_tool_meta();
        meta.input = raw_input.and_then(|raw| self.entry.project(raw));
        meta
    }

    /// Inserts (or replaces) the envelope of a call with raw JSON arguments `raw_input`
    /// under [`TOOL_META_KEY`] in the event's `existing` `_meta`, keeping every other key,
    /// and creates the map when there is none; identity only when `raw_input` is `None`.
    pub fn stamp(
        &self,
        raw_input: Option<&Value>,
        existing: Option<Map<String, Value>>,
    ) -> Map<String, Value> {
        let identity = self.identity_for(raw_input);
        let input = raw_input.and_then(|raw| self.entry.project(raw));
        // Built straight into the map (see `template`), not through a `ToolMeta`.
        let envelope = IdentityParts::of(&identity, self.name).envelope_object(input);
        let mut meta = existing.unwrap_or_default();
        meta.insert(TOOL_META_KEY.to_owned(), envelope);
        meta
    }

    /// The identity of a call with raw arguments `raw_input` (a tagged tool's variant).
    fn identity_for(&self, raw_input: Option<&Value>) -> Identity {
        match raw_input {
            Some(raw) => self.entry.identity_for(raw),
            None => *self.entry.identity(),
        }
    }
}
