//! [`ToolFor`]: a tool declared for an argument type the harness does not write — a struct
//! another macro generates, or one struct that several tools share — on a definition that
//! mirrors its fields, after serde's `remote`.

use std::marker::PhantomData;

use serde::ser::SerializeMap;
use serde_json::Value;

use crate::{Envelope, Projection, ToolIdentity, ToolMeta};

/// A tool declared for the argument type `T`: what `#[tool(remote = "T", ...)]` gives the
/// definition it is on.
///
/// The definition is a struct whose fields mirror `T`'s (the same names and types: the
/// derive checks them against `T`), annotated as any tool. It is the tool: it registers in
/// a toolset like any (`toolset![ListDir]`), whose raw arguments are deserialized into `T`;
/// and a `T` value gets its envelope through [`ToolFor::of`]. One argument struct serves
/// several tools of different kinds this way, each with its own definition; so does a
/// struct another macro generates.
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use toolmeta::{ToolFor, ToolIdentity, toolset};
///
/// // codex's `PathArgs` serves `read_file`, `list_dir` and `get_file_info`.
/// #[derive(Deserialize, ToolIdentity)]
/// #[tool(name = "read_file", namespace = "codex", kind = "read")]
/// struct PathArgs {
///     #[tool(project)]
///     path: String,
/// }
///
/// #[derive(ToolIdentity)]
/// #[tool(remote = "PathArgs", name = "list_dir", namespace = "codex", kind = "list_dir")]
/// struct ListDir {
///     #[tool(project = "directory")]
///     path: String,
/// }
///
/// let args = PathArgs { path: "src".into() };
/// assert_eq!(args.tool_meta().input, Some(json!({"path": "src"})));
/// assert_eq!(ListDir::of(&args).tool_meta().input, Some(json!({"directory": "src"})));
///
/// const TOOLS: toolmeta::StaticToolset = toolset![PathArgs, ListDir];
/// let listed = TOOLS.get("list_dir").unwrap().tool_meta(Some(&json!({"path": "src"})));
/// assert_eq!(listed.input, Some(json!({"directory": "src"})));
/// ```
pub trait ToolFor<T: ?Sized>: ToolIdentity {
    /// Whether `value` carries an `input` (see [`ToolIdentity::has_input`]).
    fn has_input_of(value: &T) -> bool {
        let _ = value;
        true
    }

    /// Writes `value`'s projected entries (see [`ToolIdentity::project`]).
    fn project_of<M: SerializeMap>(value: &T, map: &mut M) -> Result<(), M::Error>;

    /// `value` as this tool: its envelope, its owned envelope.
    fn of(value: &T) -> ToolView<'_, Self, T>
    where
        Self: Sized,
    {
        ToolView {
            value,
            tool: PhantomData,
        }
    }
}

/// A value of an argument type seen as the tool `D` declared for it ([`ToolFor::of`]).
pub struct ToolView<'a, D, T: ?Sized> {
    value: &'a T,
    tool: PhantomData<fn() -> D>,
}

impl<D: ToolFor<T>, T: ?Sized> ToolView<'_, D, T> {
    /// The borrowing envelope (see [`ToolIdentity::envelope`]).
    pub fn envelope(&self) -> Envelope<'_, Self> {
        Envelope::new(D::IDENTITY, self)
    }

    /// The owned envelope.
    pub fn tool_meta(&self) -> ToolMeta {
        self.envelope().to_tool_meta()
    }
}

impl<D: ToolFor<T>, T: ?Sized> Projection for ToolView<'_, D, T> {
    fn has_input(&self) -> bool {
        D::has_input_of(self.value)
    }

    fn project<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        D::project_of(self.value, map)
    }
}

/// Deserializes `raw` into `T` and projects it as the tool `D`.
pub(crate) fn remote_projection<D: ToolFor<T>, T: serde::de::DeserializeOwned>(
    raw: &Value,
) -> Option<Option<Value>> {
    // Arguments are an object (see `typed_projection`).
    if !raw.is_object() {
        return None;
    }
    let value = T::deserialize(raw).ok()?;
    Some(D::of(&value).envelope().input_value())
}
