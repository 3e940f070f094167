//! [`McpDeclaration`]: a declared tool as MCP describes it.

use std::borrow::Cow;
use std::sync::Arc;

use ::rmcp::model::{JsonObject, MetaObject, Tool, ToolAnnotations};
use serde_json::{Map, Value};

use crate::{Effects, Identity, RegisteredTool};

/// A declared tool, as an MCP server lists it: implemented by a derived tool's
/// [`Identity`] (`T::IDENTITY`) and by a tool of a toolset ([`RegisteredTool`], under the
/// name it is registered under).
///
/// ```
/// use std::sync::Arc;
/// use toolmeta::rmcp::McpDeclaration;
/// use toolmeta::{Identity, Namespace, StaticToolset, ToolEntry, ToolKind};
///
/// const TOOLS: StaticToolset = StaticToolset::new(&[ToolEntry::new(
///     Identity::new("bash", ToolKind::Execute, Namespace::GrokBuild),
///     &[],
/// )
/// .renamed("shell")]);
///
/// let shell = TOOLS.get("shell").unwrap();
/// let annotations = shell.mcp_annotations();
/// // A command may do anything: MCP's cautious hints, written out.
/// assert_eq!(annotations.read_only_hint, Some(false));
/// assert_eq!(annotations.destructive_hint, Some(true));
/// assert_eq!(annotations.idempotent_hint, Some(false));
/// assert_eq!(annotations.open_world_hint, Some(true));
/// // The label is not a title.
/// assert_eq!(annotations.title, None);
///
/// let tool = shell.mcp_tool("Runs a shell command.", Arc::new(Default::default()));
/// assert_eq!(tool.name, "shell");
/// assert_eq!(tool.meta.unwrap()["x.ai/tool"]["label"], "Run Command");
/// ```
pub trait McpDeclaration: sealed::Sealed {
    /// The tool's MCP annotations: the four effect hints of its [`Effects`], each written
    /// out (so that no client falls back on MCP's defaults, which make a tool that omits
    /// them look destructive and open-world), and a `title` only where the declaration
    /// gives one ([`Identity::title`]): the label is a grouping key, not a title.
    fn mcp_annotations(&self) -> ToolAnnotations {
        let effects = self.declared_effects();
        ToolAnnotations::from_raw(
            self.declared_identity().title.map(str::to_owned),
            Some(effects.read_only),
            Some(effects.destructive),
            Some(effects.idempotent),
            Some(effects.open_world),
        )
    }

    /// The tool's MCP definition: its wire name, `description`, `input_schema` (the
    /// harness's own, e.g. from schemars), its [annotations](McpDeclaration::mcp_annotations),
    /// and its identity-only envelope under `_meta["x.ai/tool"]`.
    fn mcp_tool(
        &self,
        description: impl Into<Cow<'static, str>>,
        input_schema: Arc<JsonObject>,
    ) -> Tool {
        let mut tool = Tool::new(self.wire_name().to_owned(), description, input_schema);
        tool.annotations = Some(self.mcp_annotations());
        tool.meta = Some(MetaObject(stamp_identity(self, &tool.name, None)));
        tool
    }
}

/// Stamps the declaration's identity-only envelope, named `name` (the MCP tool's own name),
/// into the `_meta` object `existing`, keeping its other keys.
pub(super) fn stamp_identity<D: McpDeclaration + ?Sized>(
    declaration: &D,
    name: &str,
    existing: Option<Map<String, Value>>,
) -> Map<String, Value> {
    declaration
        .declared_identity()
        .envelope()
        .with_name(name)
        .stamp(existing)
}

impl McpDeclaration for Identity {}

impl McpDeclaration for RegisteredTool<'_> {}

pub(super) mod sealed {
    use super::*;

    /// What a declaration gives MCP; only toolmeta's declarations implement it.
    pub trait Sealed {
        /// The wire name the tool is listed under.
        fn wire_name(&self) -> &str;

        /// The identity (for a tagged tool, the one its first event announces).
        fn declared_identity(&self) -> &Identity;

        /// The effects of a call (for a tagged tool, of any of its variants).
        fn declared_effects(&self) -> Effects;
    }

    impl Sealed for Identity {
        fn wire_name(&self) -> &str {
            self.name
        }

        fn declared_identity(&self) -> &Identity {
            self
        }

        fn declared_effects(&self) -> Effects {
            self.effects()
        }
    }

    impl Sealed for RegisteredTool<'_> {
        fn wire_name(&self) -> &str {
            self.name()
        }

        fn declared_identity(&self) -> &Identity {
            self.identity()
        }

        fn declared_effects(&self) -> Effects {
            self.effects()
        }
    }
}
