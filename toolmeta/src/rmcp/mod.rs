//! The declaration on MCP, through the official MCP Rust SDK, `rmcp` (the `rmcp` feature).
//!
//! - [`McpDeclaration`], for a derived tool's [`Identity`](crate::Identity) and a tool of a
//!   toolset ([`RegisteredTool`](crate::RegisteredTool)): the tool's MCP
//!   [`ToolAnnotations`](sdk::model::ToolAnnotations) — its four effect hints, and a `title`
//!   only where the declaration gives one (the label is not a title) — and an MCP tool
//!   definition whose `_meta` carries the identity-only envelope, with the input schema the
//!   harness chose (schemars, as rmcp's own macros use).
//! - [`McpTool`], for rmcp's [`Tool`](sdk::model::Tool): [`McpTool::complete`] fills a tool
//!   definition the harness built its own way (rmcp's `#[tool]` macros, a router), and
//!   [`McpTool::served`] reads any server's definition back into an identity and its
//!   effects, for agents that consume MCP tools.
//! - [`call_tool_meta`]: the envelope, with `input`, of an MCP call to a tool of a toolset,
//!   for harnesses that forward MCP calls as ACP tool calls.
//!
//! The SDK is re-exported as [`sdk`], so a harness uses the very version toolmeta was built
//! against. The feature needs rmcp's model types only: none of rmcp's default features
//! (its server, macros and transports are the harness's own choice).
//!
//! ```
//! use std::sync::Arc;
//! use serde::Deserialize;
//! use toolmeta::ToolIdentity;
//! use toolmeta::rmcp::McpDeclaration;
//!
//! #[derive(Deserialize, ToolIdentity)]
//! #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
//! struct ReadFile {
//!     #[tool(project)]
//!     path: String,
//! }
//!
//! // The input schema is the harness's (here written out; rmcp's macros use schemars).
//! let schema = serde_json::json!({"type": "object", "properties": {"path": {"type": "string"}}});
//! let tool = ReadFile::IDENTITY.mcp_tool(
//!     "Reads a file.",
//!     Arc::new(schema.as_object().unwrap().clone()),
//! );
//! let wire = serde_json::to_value(&tool).unwrap();
//! assert_eq!(
//!     wire["annotations"],
//!     serde_json::json!({"readOnlyHint": true, "destructiveHint": false,
//!                        "idempotentHint": true, "openWorldHint": false})
//! );
//! assert_eq!(wire["_meta"]["x.ai/tool"]["label"], "Read");
//! assert!(wire["_meta"]["x.ai/tool"].get("input").is_none());
//! ```

mod call;
mod declaration;
mod served;
mod tool;

pub use ::rmcp as sdk;

pub use call::call_tool_meta;
pub use declaration::McpDeclaration;
pub use served::{ServedTool, ServedToolSource};
pub use tool::McpTool;
