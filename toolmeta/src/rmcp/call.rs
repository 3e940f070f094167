//! [`call_tool_meta`]: the envelope of an MCP call.

use ::rmcp::model::CallToolRequestParams;
use serde_json::Value;

use crate::{RegisteredTool, ToolMeta};

/// The envelope, with `input`, of an MCP `tools/call` to a tool of a toolset: `lookup` finds
/// the tool by the call's name (`|name| TOOLS.get(name)`, for a
/// [`StaticToolset`](crate::StaticToolset) or a [`Toolset`](crate::Toolset)), and the
/// call's `arguments` are projected as raw JSON arguments
/// ([`RegisteredTool::tool_meta`]). `None` when the toolset does not know the tool, so
/// nothing is stamped. For harnesses that forward MCP calls as ACP tool calls; a handler
/// that already holds the typed arguments has their envelope from
/// [`ToolIdentity::tool_meta`](crate::ToolIdentity::tool_meta).
///
/// ```
/// use serde::Deserialize;
/// use serde_json::json;
/// use toolmeta::rmcp::call_tool_meta;
/// use toolmeta::rmcp::sdk::model::CallToolRequestParams;
/// use toolmeta::{ToolEntry, ToolIdentity, toolset};
///
/// #[derive(Deserialize, ToolIdentity)]
/// #[tool(name = "grep", namespace = "grok_build", kind = "search")]
/// struct Grep {
///     #[tool(project)]
///     pattern: String,
/// }
///
/// const TOOLS: toolmeta::StaticToolset = toolset![Grep];
///
/// let mut call = CallToolRequestParams::new("grep");
/// call.arguments = json!({"pattern": "TODO"}).as_object().cloned();
/// let meta = call_tool_meta(&call, |name| TOOLS.get(name)).unwrap();
/// assert_eq!(meta.input, Some(json!({"pattern": "TODO"})));
/// assert_eq!(call_tool_meta(&CallToolRequestParams::new("cursor_edit"), |name| TOOLS.get(name)), None);
/// ```
pub fn call_tool_meta<'a>(
    call: &CallToolRequestParams,
    lookup: impl FnOnce(&str) -> Option<RegisteredTool<'a>>,
) -> Option<ToolMeta> {
    let tool = lookup(&call.name)?;
    let arguments = call.arguments.clone().map(Value::Object);
    Some(tool.tool_meta(arguments.as_ref()))
}
