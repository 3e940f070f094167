//! [`ToolEntry`]: one tool as a toolset registers it.

use std::fmt;

use serde::de::DeserializeOwned;
use serde_json::Value;

use super::raw::project_raw;
use crate::{Identity, InputField, ToolIdentity};

/// Projects raw arguments by deserializing them into the typed tool; `None` when they do
/// not deserialize.
type TypedProjection = fn(&Value) -> Option<Option<Value>>;

/// One tool as a toolset registers it: its identity under its wire name, its projected
/// fields with their raw wire keys, and how raw JSON arguments are projected.
///
/// Const-constructible, so a [`StaticToolset`](super::StaticToolset) is checked at compile
/// time. Two ways to project raw arguments (`rawInput`):
///
/// - [`ToolEntry::of`]: through the wire keys the derive recorded (see the
///   [module docs](mod@crate::toolset) for the rules); fields converted by `with` are skipped.
/// - [`ToolEntry::deserialized`]: by deserializing the arguments into the tool type and
///   projecting that value, exactly as the derive does (`with` conversions included); raw
///   arguments that do not deserialize fall back to the wire keys.
///
/// ```
/// use toolmeta::keys;
/// use toolmeta::{Identity, InputField, Namespace, ToolEntry, ToolKind};
///
/// // A tool known only at run time (say, from an MCP server), described by hand.
/// const FIELDS: &[InputField] = &[InputField::new(keys::PATH, "filePath")];
/// const READ: ToolEntry = ToolEntry::new(
///     Identity::new("read", ToolKind::Read, Namespace::OpenCode),
///     FIELDS,
/// );
/// let input = READ.project(&serde_json::json!({"filePath": "a.rs", "offset": 3}));
/// assert_eq!(input, Some(serde_json::json!({"path": "a.rs"})));
/// ```
#[derive(Clone, Copy)]
pub struct ToolEntry {
    identity: Identity,
    fields: &'static [InputField],
    typed: Option<TypedProjection>,
}

impl ToolEntry {
    /// A tool described by its identity and projected fields, projecting raw arguments
    /// through the fields' wire keys.
    pub const fn new(identity: Identity, fields: &'static [InputField]) -> ToolEntry {
        ToolEntry {
            identity,
            fields,
            typed: None,
        }
    }

    /// The tool type `T` under its own wire name, projecting raw arguments through the wire
    /// keys the derive recorded.
    ///
    /// ```
    /// use toolmeta::{Identity, InputField, Namespace, Projection, ToolEntry, ToolIdentity, ToolKind};
    /// # use serde::ser::SerializeMap;
    /// # struct Bash;
    /// # impl Projection for Bash {
    /// #     fn has_input(&self) -> bool { true }
    /// #     fn project<M: SerializeMap>(&self, _: &mut M) -> Result<(), M::Error> { Ok(()) }
    /// # }
    /// # impl ToolIdentity for Bash {
    /// #     const IDENTITY: Identity = Identity::new("bash", ToolKind::Execute, Namespace::GrokBuild);
    /// #     const INPUT_FIELDS: &'static [InputField] = &[];
    /// # }
    /// const BASH: ToolEntry = ToolEntry::of::<Bash>();
    /// assert_eq!(BASH.name(), "bash");
    /// ```
    pub const fn of<T: ToolIdentity>() -> ToolEntry {
        ToolEntry::new(T::IDENTITY, T::INPUT_FIELDS)
    }

    /// The tool type `T` under its own wire name, projecting raw arguments by deserializing
    /// them into `T` first: the projection is then exactly the derive's, `with` conversions
    /// included. Arguments that do not deserialize into `T` are projected through the wire
    /// keys instead.
    ///
    /// ```
    /// use serde::Deserialize;
    /// use serde_json::json;
    /// use toolmeta::{ToolEntry, ToolIdentity};
    ///
    /// #[derive(Deserialize, ToolIdentity)]
    /// #[tool(name = "shell", namespace = "codex", kind = "execute")]
    /// struct Shell {
    ///     #[tool(project, with = "toolmeta::convert::command_line")]
    ///     command: Vec<String>,
    /// }
    ///
    /// let raw = json!({"command": ["cargo", "test"]});
    /// // Through the wire keys, `with` cannot run, and a Run Command input without
    /// // `command` would break its label shape: no input.
    /// assert_eq!(ToolEntry::of::<Shell>().project(&raw), None);
    /// // Deserialized, the conversion applies.
    /// assert_eq!(
    ///     ToolEntry::deserialized::<Shell>().project(&raw),
    ///     Some(json!({"command": "cargo test"}))
    /// );
    /// ```
    pub const fn deserialized<T: ToolIdentity + DeserializeOwned>() -> ToolEntry {
        ToolEntry {
            identity: T::IDENTITY,
            fields: T::INPUT_FIELDS,
            typed: Some(typed_projection::<T>),
        }
    }

    /// The same tool under another wire name, for a tool a harness exposes to the model
    /// under a name of its own.
    ///
    /// ```
    /// use toolmeta::{Identity, Namespace, ToolEntry, ToolKind};
    /// const SHELL: ToolEntry =
    ///     ToolEntry::new(Identity::new("bash", ToolKind::Execute, Namespace::GrokBuild), &[])
    ///         .renamed("shell");
    /// assert_eq!(SHELL.name(), "shell");
    /// assert_eq!(SHELL.identity_meta().name, "shell");
    /// ```
    pub const fn renamed(self, name: &'static str) -> ToolEntry {
        ToolEntry {
            identity: Identity {
                name,
                ..self.identity
            },
            ..self
        }
    }

    /// The wire name the tool is registered under.
    pub const fn name(&self) -> &'static str {
        self.identity.name
    }

    /// The tool's identity, under its registered wire name.
    pub const fn identity(&self) -> &Identity {
        &self.identity
    }

    /// The projected fields with their raw wire keys.
    pub const fn input_fields(&self) -> &'static [InputField] {
        self.fields
    }

    /// The identity-only envelope (no `input`), for the first `tool_call` of a call.
    pub fn identity_meta(&self) -> crate::ToolMeta {
        self.identity.tool_meta()
    }

    /// The canonical input of a call with raw JSON arguments `raw`; `None` when the tool has
    /// no input or the arguments cannot give one (see the [module docs](mod@crate::toolset)).
    ///
    /// ```
    /// use serde_json::json;
    /// use toolmeta::{ToolEntry, ToolIdentity};
    ///
    /// #[derive(serde::Deserialize, ToolIdentity)]
    /// #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
    /// struct ReadFile {
    ///     #[serde(rename = "target_file")]
    ///     #[tool(project = "path")]
    ///     path: String,
    ///     #[tool(project)]
    ///     offset: Option<i64>,
    /// }
    ///
    /// let read = ToolEntry::of::<ReadFile>();
    /// let project = |raw| read.project(&raw);
    /// assert_eq!(project(json!({"target_file": "a.rs", "offset": 0})), Some(json!({"path": "a.rs", "offset": 1})));
    /// assert_eq!(project(json!({"target_file": "a.rs", "offset": -5})), Some(json!({"path": "a.rs"})));
    /// assert_eq!(project(json!({"target_file": "a.rs", "offset": "3"})), Some(json!({"path": "a.rs"})));
    /// assert_eq!(project(json!({"offset": 3})), None); // the required path is missing
    /// ```
    pub fn project(&self, raw: &Value) -> Option<Value> {
        if let Some(typed) = self.typed
            && let Some(input) = typed(raw)
        {
            return input;
        }
        project_raw(&self.identity, self.fields, raw)
    }
}

impl fmt::Debug for ToolEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolEntry")
            .field("identity", &self.identity)
            .field("fields", &self.fields)
            .field("deserialized", &self.typed.is_some())
            .finish()
    }
}

/// Deserializes `raw` into `T` and projects it as the derive does.
fn typed_projection<T: ToolIdentity + DeserializeOwned>(raw: &Value) -> Option<Option<Value>> {
    let tool = T::deserialize(raw).ok()?;
    Some(tool.envelope().input_value())
}
