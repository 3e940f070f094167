//! [`ToolEntry`]: one tool as a toolset registers it.

use std::fmt;

use serde::de::DeserializeOwned;
#[cfg(feature = "client")]
use serde_json::value::RawValue;
use serde_json::{Map, Value};

#[cfg(feature = "client")]
use super::projected_text::ProjectedKeys;
use super::raw::{ProjectInto, ProjectedInput, project_into};
use crate::tool::Tagging;
use crate::{
    Effects, Identity, InputField, TaggedTool, ToolDispatch, ToolIdentity, TypedProjection,
};

/// One tool as a toolset registers it: its identity under its wire name, its projected
/// fields with their raw wire keys, and how raw JSON arguments are projected.
///
/// Const-constructible, so a [`StaticToolset`](super::StaticToolset) is checked at compile
/// time. Every key reaches the envelope whichever way a tool is registered:
///
/// - [`ToolEntry::of`] (what [`toolset!`](crate::toolset!) registers a tool struct with):
///   through the wire keys the derive recorded (see the rules on [`ToolEntry::project`]), or,
///   for a tool that converts a key in Rust (`with`, `compute`, serde's `deserialize_with`,
///   `flatten`, `from`, `try_from`, `transparent`), which raw JSON cannot run, by
///   deserializing the arguments into the tool type first. (Such a tool must implement
///   `Deserialize`: the derive says so at compile time.)
/// - [`ToolEntry::tagged`]: a serde-tagged enum of tools, by the variant the tag selects.
/// - [`ToolEntry::deserialized`]: always by deserializing the arguments into the tool type
///   and projecting that value, exactly as the derive does; raw arguments that do not
///   deserialize fall back to the wire keys.
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
    /// For a tagged tool: how its arguments select a variant.
    tagged: Option<Tagging>,
    /// Whether the entry was registered under a wire name of its own
    /// ([`ToolEntry::renamed`]), which a tagged tool's variants then carry instead of theirs.
    renamed: bool,
}

impl ToolEntry {
    /// A tool described by its identity and projected fields, projecting raw arguments
    /// through the fields' wire keys.
    pub const fn new(identity: Identity, fields: &'static [InputField]) -> ToolEntry {
        ToolEntry {
            identity,
            fields,
            typed: None,
            tagged: None,
            renamed: false,
        }
    }

    /// The tool type `T` under its own wire name, projecting raw arguments through the wire
    /// keys the derive recorded, or by deserializing them into `T` when a key of `T` is
    /// converted in Rust (see [`ToolEntry`]).
    ///
    /// ```
    /// use toolmeta::{Identity, InputField, Namespace, ToolEntry, ToolIdentity, ToolKind};
    /// # use serde::ser::SerializeMap;
    /// # struct Bash;
    /// # impl ToolIdentity for Bash {
    /// #     const IDENTITY: Identity = Identity::new("bash", ToolKind::Execute, Namespace::GrokBuild);
    /// #     const INPUT_FIELDS: &'static [InputField] = &[];
    /// #     fn project<M: SerializeMap>(&self, _: &mut M) -> Result<(), M::Error> { Ok(()) }
    /// # }
    /// const BASH: ToolEntry = ToolEntry::of::<Bash>();
    /// assert_eq!(BASH.name(), "bash");
    /// ```
    pub const fn of<T: ToolIdentity>() -> ToolEntry {
        ToolEntry {
            typed: T::TYPED_PROJECTION,
            ..ToolEntry::new(T::IDENTITY, T::INPUT_FIELDS)
        }
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
    /// assert_eq!(
    ///     ToolEntry::deserialized::<Shell>().project(&raw),
    ///     Some(json!({"command": "cargo test"}))
    /// );
    /// // `with` cannot run on raw JSON, so `of` deserializes this tool too.
    /// assert_eq!(
    ///     ToolEntry::of::<Shell>().project(&raw),
    ///     Some(json!({"command": "cargo test"}))
    /// );
    /// ```
    pub const fn deserialized<T: ToolIdentity + DeserializeOwned>() -> ToolEntry {
        ToolEntry {
            identity: T::IDENTITY,
            fields: T::INPUT_FIELDS,
            typed: Some(typed_projection::<T>),
            tagged: None,
            renamed: false,
        }
    }

    /// A tagged tool `T` (a serde internally tagged enum of tool variants, one wire name):
    /// raw arguments are projected by the variant their tag selects, and the envelope of a
    /// call carries that variant's identity. Before the arguments are known (the first
    /// `tool_call`), the variant's kind is not known either: the entry stands for its first
    /// variant that is not read-only (else its first), so that a tool that may write is never
    /// announced as read-only.
    ///
    /// ```
    /// use serde::Deserialize;
    /// use serde_json::json;
    /// use toolmeta::{ToolEntry, ToolIdentity, ToolKind};
    ///
    /// #[derive(Deserialize, ToolIdentity)]
    /// #[serde(tag = "command", rename_all = "snake_case")]
    /// enum TextEditor {
    ///     #[tool(name = "text_editor", namespace = "goose", kind = "read")]
    ///     View {
    ///         #[tool(project)]
    ///         path: String,
    ///     },
    ///     #[tool(name = "text_editor", namespace = "goose", kind = "write")]
    ///     Write {
    ///         #[tool(project)]
    ///         path: String,
    ///         #[tool(payload)]
    ///         file_text: String,
    ///     },
    /// }
    ///
    /// const EDITOR: ToolEntry = ToolEntry::tagged::<TextEditor>();
    /// let raw = json!({"command": "write", "path": "a.rs", "file_text": "fn main() {}"});
    /// assert_eq!(EDITOR.identity_for(&raw).kind, ToolKind::Write);
    /// assert_eq!(EDITOR.project(&raw), Some(json!({"path": "a.rs"})));
    /// // An unknown command, or none yet: the first variant that may write.
    /// assert_eq!(EDITOR.identity_for(&json!({"command": "undo"})).kind, ToolKind::Write);
    /// ```
    pub const fn tagged<T: TaggedTool>() -> ToolEntry {
        let variants = T::VARIANTS;
        assert!(
            !variants.is_empty(),
            "a tagged tool has at least one variant"
        );
        let mut first = &variants[0];
        let mut i = 0;
        while i < variants.len() {
            if !variants[i].identity.read_only {
                first = &variants[i];
                break;
            }
            i += 1;
        }
        ToolEntry {
            identity: first.identity,
            fields: first.fields,
            typed: T::TYPED_PROJECTION,
            tagged: Some(Tagging::of::<T>()),
            renamed: false,
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
    /// assert_eq!(SHELL.identity().name, "shell");
    /// ```
    pub const fn renamed(self, name: &'static str) -> ToolEntry {
        ToolEntry {
            identity: Identity {
                name,
                ..self.identity
            },
            renamed: true,
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

    /// The effects of a call to the tool, before its arguments are known: its identity's; for
    /// a [tagged](ToolEntry::tagged) tool, what any of its variants may do — read-only only
    /// if every variant is, destructive if one is, idempotent only if every one is,
    /// open-world if one is — since one definition (an MCP tool) stands for them all.
    ///
    /// ```
    /// use serde::Deserialize;
    /// use toolmeta::{ToolEntry, ToolIdentity};
    ///
    /// #[derive(Deserialize, ToolIdentity)]
    /// #[serde(tag = "command", rename_all = "snake_case")]
    /// enum TextEditor {
    ///     #[tool(name = "text_editor", namespace = "goose", kind = "read")]
    ///     View {
    ///         #[tool(project)]
    ///         path: String,
    ///     },
    ///     #[tool(name = "text_editor", namespace = "goose", kind = "write")]
    ///     Write {
    ///         #[tool(project)]
    ///         path: String,
    ///     },
    ///     #[tool(name = "text_editor", namespace = "goose", kind = "edit")]
    ///     StrReplace {
    ///         #[tool(project)]
    ///         path: String,
    ///     },
    /// }
    ///
    /// let effects = ToolEntry::tagged::<TextEditor>().effects();
    /// // `write` is idempotent, `str_replace` is not: the tool is not.
    /// assert!(!effects.read_only && effects.destructive && !effects.idempotent);
    /// ```
    pub fn effects(&self) -> Effects {
        let Some(tagging) = self.tagged else {
            return self.identity.effects();
        };
        tagging
            .variants
            .iter()
            .map(|variant| variant.identity.effects())
            .fold(self.identity.effects(), |all, one| {
                Effects::from_hints(
                    all.read_only && one.read_only,
                    all.destructive || one.destructive,
                    all.idempotent && one.idempotent,
                    all.open_world || one.open_world,
                )
            })
    }

    /// The identity of a call with raw arguments `raw`: for a [tagged](ToolEntry::tagged)
    /// tool, the variant the tag selects (under the wire name the entry was
    /// [renamed](ToolEntry::renamed) to, if it was: an enum of several tools, such as a
    /// catalog tagged by tool name, gives each variant's own); otherwise, and when the tag
    /// selects none, [`ToolEntry::identity`].
    pub fn identity_for(&self, raw: &Value) -> Identity {
        let selected = self.tagged.and_then(|tagging| tagging.variant_of(raw));
        match selected {
            Some(variant) if self.renamed => Identity {
                name: self.identity.name,
                ..variant.identity
            },
            Some(variant) => variant.identity,
            None => self.identity,
        }
    }

    /// The projected fields with their raw wire keys.
    pub const fn input_fields(&self) -> &'static [InputField] {
        self.fields
    }

    /// Whether raw arguments are projected through the recorded fields alone (not a
    /// [deserialized](ToolEntry::deserialized) or [tagged](ToolEntry::tagged) entry): what
    /// the catalog's data export can describe.
    #[cfg_attr(not(all(feature = "catalog", feature = "client")), allow(dead_code))]
    pub(crate) const fn projects_through_fields(&self) -> bool {
        self.typed.is_none() && self.tagged.is_none()
    }

    /// The canonical input of a call with raw JSON arguments `raw`; `None` when the tool has
    /// no input or the arguments cannot give one.
    ///
    /// # Projecting raw arguments
    ///
    /// The rules mirror what the derive does with a parsed value, and never emit a value the
    /// typed field could not have held:
    ///
    /// | raw value of a projected field | what the input gets |
    /// |---|---|
    /// | absent or `null`, optional field (an `Option`, or `#[serde(default)]`) | key omitted |
    /// | absent or `null`, required field | **no input** (the arguments would not have parsed) |
    /// | string, for `path` `directory` `cwd` `command` `description` `pattern` `url` `query` | the string, as given |
    /// | integer within the field type's range, for `limit` | the integer, as given |
    /// | integer within the field type's range, for `offset` | [`normalize_offset`](crate::normalize_offset): negative dropped, `0` → `1` |
    /// | integer within the field type's range, for a `zero_based` `offset` | [`one_based_offset`](crate::convert::one_based_offset): negative dropped, one added |
    /// | a value of the field's JSON type, for an `extra` key (a string, an integer within the type's range, a bool) | copied as given |
    /// | any other value: another JSON type (`"40"`, `40.5`, `[..]`), an integer out of the field type's range (`-5` or `1000` for a `u8`) | like an absent value (optional: dropped; required: no input): the typed field could not have held it |
    /// | any value, for a field converted by `with` | skipped: a Rust function cannot run on raw JSON |
    /// | any value, for a `#[serde(deserialize_with)]`/`#[serde(with)]` or flattened field, or a key computed from the whole tool | skipped, likewise |
    ///
    /// A field is read from its wire key (after `rename`/`rename_all`) or, failing that, from
    /// each of its `#[serde(alias)]`es in turn. What its type deserializes from is recorded by
    /// the derive ([`RawType`](crate::RawType)); a field recorded by hand
    /// ([`InputField::new`](crate::InputField::new)) takes what its key carries.
    ///
    /// An input in which no key is left (every optional field absent) is not emitted either —
    /// `input` is never `{}`, as on the typed path. An input that lacks a required key of its
    /// label's shape ([`LabelShape`](crate::LabelShape)) is not emitted at all, and a `no_input` tool (no projected fields) has no input.
    ///
    /// These are the rules of the wire keys. A tool that converts a key in Rust is not
    /// projected by them alone: [`ToolEntry::of`] (and [`ToolEntry::tagged`], `toolset!`)
    /// deserializes its raw arguments into the tool type and projects them exactly as the
    /// derive does, as [`ToolEntry::deserialized`] does for any tool, falling back to the
    /// wire keys when they do not deserialize.
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
        self.projection::<Map<String, Value>>(raw)
            .map(ProjectedInput::into_value)
    }

    /// [`ToolEntry::project`] as JSON text, the bytes serializing its value gives: a tool
    /// projected through its wire keys is written from them, without an object built
    /// first (the ledger keeps an input as text: `docs/performance.md`, "The ledger and
    /// `toolmeta inspect`").
    #[cfg(feature = "client")]
    #[cfg_attr(not(feature = "catalog"), allow(dead_code))]
    pub(crate) fn project_to_raw_value(&self, raw: &Value) -> Option<Box<RawValue>> {
        self.projection::<ProjectedKeys>(raw)?.into_raw_value()
    }

    /// The input projected from `raw`, the keys projected through the wire keys into `P`.
    fn projection<'a, P: ProjectInto<'a>>(&self, raw: &'a Value) -> Option<ProjectedInput<P>> {
        if let Some(typed) = self.typed
            && let Some(input) = typed(raw)
        {
            return input.map(ProjectedInput::Built);
        }
        match self.tagged {
            Some(tagging) => tagging
                .project(raw)
                .and_then(|(_, input)| input)
                .map(ProjectedInput::Built),
            None => project_into(&self.identity, self.fields, raw).map(ProjectedInput::Keys),
        }
    }
}

impl fmt::Debug for ToolEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolEntry")
            .field("identity", &self.identity)
            .field("fields", &self.fields)
            .field("deserialized", &self.typed.is_some())
            .field("tagged", &self.tagged)
            .finish()
    }
}

/// Deserializes `raw` into `T` and projects it as the derive does.
pub(crate) fn typed_projection<T: ToolIdentity + DeserializeOwned>(
    raw: &Value,
) -> Option<Option<Value>> {
    // Arguments are an object. serde would also read a struct from a JSON array, by
    // position, a form no harness sends: `["/etc/passwd", 0, 10]` would then project for a
    // deserialized entry and not for a wire-key one.
    if !raw.is_object() {
        return None;
    }
    let tool = T::deserialize(raw).ok()?;
    Some(tool.envelope().input_value())
}

/// [`typed_projection`] for a `#[serde(transparent)]` tool, whose arguments are the JSON of
/// its one field (a bare string, say), not an object.
pub(crate) fn transparent_projection<T: ToolIdentity + DeserializeOwned>(
    raw: &Value,
) -> Option<Option<Value>> {
    let tool = T::deserialize(raw).ok()?;
    Some(tool.envelope().input_value())
}

/// Deserializes `raw` into the tagged tool `T` and projects the variant it holds.
pub(crate) fn tagged_projection<T: ToolDispatch + DeserializeOwned>(
    raw: &Value,
) -> Option<Option<Value>> {
    if !raw.is_object() {
        return None;
    }
    let tool = T::deserialize(raw).ok()?;
    Some(tool.envelope().and_then(|envelope| envelope.input_value()))
}
