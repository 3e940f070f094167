//! [`McpTool`]: rmcp's `Tool`, completed from a declaration and read back.

use ::rmcp::model::{MetaObject, Tool, ToolAnnotations};

use super::McpDeclaration;
use super::declaration::stamp_identity;
use super::served::{ServedTool, served};

/// rmcp's MCP tool definition ([`Tool`]), completed from a declaration and read back.
///
/// ```
/// use std::sync::Arc;
/// use toolmeta::rmcp::McpTool;
/// use toolmeta::rmcp::sdk::model::{Tool, ToolAnnotations};
/// use toolmeta::{Identity, Namespace, ToolKind};
///
/// const EDIT: Identity = Identity::new("edit", ToolKind::Edit, Namespace::OpenCode);
///
/// // A definition the harness built its own way (rmcp's `#[tool]` macro makes the same),
/// // with one hint of its own.
/// let mut tool = Tool::new("edit", "Edits a file.", Arc::new(Default::default()))
///     .annotate(ToolAnnotations::new().idempotent(true));
/// tool.complete(&EDIT);
/// let annotations = tool.annotations.as_ref().unwrap();
/// assert_eq!(annotations.idempotent_hint, Some(true)); // the harness's, kept
/// assert_eq!(annotations.destructive_hint, Some(true)); // the declaration's
///
/// // An MCP client reads it back.
/// let served = tool.served();
/// assert_eq!((served.meta.kind, served.meta.label.as_ref()), (ToolKind::Edit, "Edit"));
/// assert!(served.effects.destructive && served.effects.idempotent);
/// ```
pub trait McpTool: sealed::Sealed {
    /// Completes a tool definition the harness built its own way (rmcp's `#[tool]` macro, a
    /// tool router, [`Tool::new`]) from `declaration`: each annotation hint and the `title`
    /// it lacks (see [`McpDeclaration::mcp_annotations`]; a hint or title the harness set is
    /// kept), and the identity-only envelope in `_meta`, named by the tool's own `name`
    /// (inserted or replaced; every other `_meta` key is kept).
    fn complete<D: McpDeclaration + ?Sized>(&mut self, declaration: &D);

    /// Reads the definition back into an identity and its effects, as an MCP client sees
    /// them (see [`ServedTool`]).
    fn served(&self) -> ServedTool;
}

impl McpTool for Tool {
    fn complete<D: McpDeclaration + ?Sized>(&mut self, declaration: &D) {
        let declared = declaration.mcp_annotations();
        let annotations = self
            .annotations
            .get_or_insert_with(ToolAnnotations::default);
        fill(&mut annotations.title, declared.title);
        fill(&mut annotations.read_only_hint, declared.read_only_hint);
        fill(&mut annotations.destructive_hint, declared.destructive_hint);
        fill(&mut annotations.idempotent_hint, declared.idempotent_hint);
        fill(&mut annotations.open_world_hint, declared.open_world_hint);
        let existing = self.meta.take().map(|meta| meta.0);
        self.meta = Some(MetaObject(stamp_identity(
            declaration,
            &self.name,
            existing,
        )));
    }

    fn served(&self) -> ServedTool {
        served(self)
    }
}

/// Sets `slot` to `declared` when it is unset.
fn fill<T>(slot: &mut Option<T>, declared: Option<T>) {
    if slot.is_none() {
        *slot = declared;
    }
}

mod sealed {
    /// Only rmcp's `Tool` is an MCP tool definition.
    pub trait Sealed {}

    impl Sealed for ::rmcp::model::Tool {}
}
