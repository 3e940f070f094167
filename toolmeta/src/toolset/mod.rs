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
//! - [`ToolLookup`]: what both offer — look up, build the envelope, stamp `_meta`. An
//!   unknown wire name stamps nothing: `_meta` is returned untouched, and none is created.
//!
//! # Projecting raw arguments
//!
//! The rules mirror what the derive does with a parsed value, and never emit a value the
//! typed field could not have held:
//!
//! | raw value of a projected field | what the input gets |
//! |---|---|
//! | absent or `null`, optional field (an `Option`, or `#[serde(default)]`) | key omitted |
//! | absent or `null`, required field | **no input** (the arguments would not have parsed) |
//! | string, for `path` `directory` `cwd` `command` `description` `pattern` `url` `query` | the string, as given |
//! | integer within the field type's range, for `limit` | the integer, as given |
//! | integer within the field type's range, for `offset` | [`normalize_offset`](crate::normalize_offset): negative dropped, `0` → `1` |
//! | integer within the field type's range, for a `zero_based` `offset` | [`one_based_offset`](crate::convert::one_based_offset): negative dropped, one added |
//! | a value of the field's JSON type, for an `extra` key (a string, an integer within the type's range, a bool) | copied as given |
//! | any other value: another JSON type (`"40"`, `40.5`, `[..]`), an integer out of the field type's range (`-5` or `1000` for a `u8`) | like an absent value (optional: dropped; required: no input): the typed field could not have held it |
//! | any value, for a field converted by `with` | skipped: a Rust function cannot run on raw JSON |
//! | any value, for a `#[serde(deserialize_with)]`/`#[serde(with)]` or flattened field, or a key computed from the whole tool | skipped, likewise |
//!
//! A field is read from its wire key (after `rename`/`rename_all`) or, failing that, from
//! each of its `#[serde(alias)]`es in turn. What its type deserializes from is recorded by
//! the derive ([`RawType`](crate::RawType)); a field recorded by hand
//! ([`InputField::new`](crate::InputField::new)) takes what its key carries.
//!
//! An input in which no key is left (every optional field absent) is not emitted either —
//! `input` is never `{}`, as on the typed path. An input that lacks a required key of its label's shape ([`LabelShape`](crate::LabelShape))
//! is not emitted at all, and a `no_input` tool (no projected fields) has no input. To
//! project through `with` conversions, register the tool with
//! [`ToolEntry::deserialized`]: the raw arguments are deserialized into the tool type and
//! projected exactly as the derive does (falling back to the wire keys when they do not
//! deserialize).
//!
//! ```
//! use serde_json::json;
//! use toolmeta::{ToolIdentity, ToolLookup, toolset};
//!
//! #[derive(serde::Deserialize, ToolIdentity)]
//! #[tool(name = "read", namespace = "opencode", kind = "read")]
//! #[serde(rename_all = "camelCase")]
//! struct Read {
//!     #[tool(project = "path")]
//!     file_path: String,
//!     #[tool(project)]
//!     offset: Option<i64>,
//! }
//!
//! const TOOLS: toolmeta::StaticToolset = toolset![Read];
//!
//! // First event: identity only.
//! let meta = TOOLS.stamp_identity("read", None).unwrap();
//! assert!(meta["x.ai/tool"].get("input").is_none());
//! // Later: the full envelope from the raw arguments.
//! let meta = TOOLS.tool_meta("read", Some(&json!({"filePath": "a.rs", "offset": 0}))).unwrap();
//! assert_eq!(meta.input, Some(json!({"path": "a.rs", "offset": 1})));
//! // A tool the toolset does not know: nothing is stamped.
//! assert_eq!(TOOLS.stamp_identity("cursor_edit", None), None);
//! ```

mod entry;
pub(crate) mod raw;
mod runtime_toolset;
mod static_toolset;

use serde_json::{Map, Value};

use crate::envelope::IdentityParts;
use crate::{Identity, TOOL_META_KEY, ToolMeta};

pub use entry::ToolEntry;
pub use runtime_toolset::{DuplicateToolName, Toolset};
pub use static_toolset::StaticToolset;

/// Looking tools up by wire name, and stamping their envelopes: what every toolset offers.
///
/// The stamping methods take the event's existing `_meta` and give it back with the
/// envelope inserted (or replaced) under [`TOOL_META_KEY`], every
/// other key kept. For a wire name the toolset does not know they give `existing` back
/// unchanged — `None` stays `None`.
pub trait ToolLookup {
    /// The tool registered under the wire name `name`.
    fn get(&self, name: &str) -> Option<RegisteredTool<'_>>;

    /// Every registered tool, in registration order.
    fn tools(&self) -> impl Iterator<Item = RegisteredTool<'_>>;

    /// Whether a tool is registered under `name`.
    fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// The identity-only envelope of `name` (no `input`); `None` when unknown.
    fn identity_meta(&self, name: &str) -> Option<ToolMeta> {
        self.get(name).map(|tool| tool.identity_meta())
    }

    /// The envelope of a call to `name` with raw JSON arguments `raw_input` (identity only
    /// when they are `None` or give no input); `None` when the name is unknown.
    fn tool_meta(&self, name: &str, raw_input: Option<&Value>) -> Option<ToolMeta> {
        self.get(name).map(|tool| tool.tool_meta(raw_input))
    }

    /// Stamps the identity-only envelope of `name` into `existing`, for the first
    /// `tool_call` of a call; `existing` unchanged when the name is unknown.
    fn stamp_identity(
        &self,
        name: &str,
        existing: Option<Map<String, Value>>,
    ) -> Option<Map<String, Value>> {
        match self.get(name) {
            Some(tool) => Some(tool.stamp(None, existing)),
            None => existing,
        }
    }

    /// Stamps the envelope of a call to `name` with raw arguments `raw_input` into
    /// `existing`; `existing` unchanged when the name is unknown.
    ///
    /// ```
    /// use serde_json::json;
    /// use toolmeta::{ToolIdentity, ToolLookup, toolset};
    ///
    /// #[derive(ToolIdentity)]
    /// #[tool(name = "bash", namespace = "grok_build", kind = "execute")]
    /// struct Bash {
    ///     #[tool(project)]
    ///     command: String,
    /// }
    ///
    /// let tools = toolset![Bash];
    /// let existing = json!({"bash_mode": true}).as_object().cloned();
    /// let meta = tools.stamp("bash", Some(&json!({"command": "ls"})), existing.clone()).unwrap();
    /// assert_eq!(meta["bash_mode"], true);
    /// assert_eq!(meta["x.ai/tool"]["input"], json!({"command": "ls"}));
    /// // Unknown: `_meta` comes back as it was.
    /// assert_eq!(tools.stamp("zsh", Some(&json!({"command": "ls"})), existing.clone()), existing);
    /// ```
    fn stamp(
        &self,
        name: &str,
        raw_input: Option<&Value>,
        existing: Option<Map<String, Value>>,
    ) -> Option<Map<String, Value>> {
        match self.get(name) {
            Some(tool) => Some(tool.stamp(raw_input, existing)),
            None => existing,
        }
    }
}

/// One tool of a toolset, as a lookup finds it: the wire name it is registered under and
/// its [`ToolEntry`].
///
/// ```
/// use serde_json::json;
/// use toolmeta::{Identity, Namespace, ToolEntry, ToolKind, ToolLookup, Toolset};
///
/// let mut tools = Toolset::new();
/// tools
///     .insert_as("shell", ToolEntry::new(Identity::new("bash", ToolKind::Execute, Namespace::Codex), &[]))
///     .unwrap();
/// let shell = tools.get("shell").unwrap();
/// assert_eq!(shell.name(), "shell");
/// assert_eq!(shell.entry().name(), "bash");
/// let meta = shell.stamp(None, Some(json!({"bash_mode": true}).as_object().unwrap().clone()));
/// assert_eq!(meta["bash_mode"], json!(true));
/// assert_eq!(meta["x.ai/tool"]["name"], json!("shell"));
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

    /// The tool's identity (its `name` is the entry's; the envelope carries [`Self::name`]).
    pub fn identity(&self) -> &'a Identity {
        self.entry.identity()
    }

    /// The registered entry.
    pub fn entry(&self) -> &'a ToolEntry {
        self.entry
    }

    /// The canonical input of a call with raw JSON arguments `raw` (see the
    /// [module docs](self)); `None` when there is none.
    pub fn project(&self, raw: &Value) -> Option<Value> {
        self.entry.project(raw)
    }

    /// The identity-only envelope (no `input`).
    pub fn identity_meta(&self) -> ToolMeta {
        self.tool_meta(None)
    }

    /// The envelope of a call with raw JSON arguments `raw_input`; identity only when they
    /// are `None` or give no input.
    pub fn tool_meta(&self, raw_input: Option<&Value>) -> ToolMeta {
        let identity = match raw_input {
            Some(raw) => self.entry.identity_for(raw),
            None => *self.entry.identity(),
        };
        let envelope = identity.envelope().with_name(self.name);
        ToolMeta {
            input: raw_input.and_then(|raw| self.project(raw)),
            ..envelope.to_tool_meta()
        }
    }

    /// Stamps the envelope of a call with raw arguments `raw_input` into `existing`,
    /// keeping every other key (identity only when `raw_input` is `None`).
    pub fn stamp(
        &self,
        raw_input: Option<&Value>,
        existing: Option<Map<String, Value>>,
    ) -> Map<String, Value> {
        let identity = match raw_input {
            Some(raw) => self.entry.identity_for(raw),
            None => *self.entry.identity(),
        };
        let input = raw_input.and_then(|raw| self.project(raw));
        // Built straight into the map (see `template`), not through a `ToolMeta`.
        let envelope = IdentityParts::of(&identity, self.name).envelope_object(input);
        let mut meta = existing.unwrap_or_default();
        meta.insert(TOOL_META_KEY.to_owned(), envelope);
        meta
    }
}
