//! # toolmeta
//!
//! The canonical **tool-identity envelope** for Agent Client Protocol (ACP) tool calls,
//! made impossible to get wrong.
//!
//! Every coding agent names its tools differently (`read_file`, `Read`, `read`); the
//! envelope that rides under `_meta["x.ai/tool"]` on each tool-call event says what the
//! tool *is* — its [`ToolKind`], its [`Namespace`], a cross-harness `label` such as
//! `"Read"` — and projects its input onto shared canonical [`keys`].
//!
//! ```
//! use serde::Deserialize;
//! use toolmeta::ToolIdentity;
//!
//! #[derive(Deserialize, ToolIdentity)]
//! #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
//! struct ReadFile {
//!     #[serde(rename = "target_file")]
//!     #[tool(project = "path")]
//!     path: String,
//!     #[tool(project)]
//!     offset: Option<i64>,
//! }
//!
//! let read: ReadFile = serde_json::from_str(r#"{"target_file":"src/main.rs","offset":0}"#).unwrap();
//! // The envelope, written in the contract's field order:
//! assert_eq!(
//!     serde_json::to_string(&read.envelope()).unwrap(),
//!     r#"{"version":1,"name":"read_file","kind":"read","namespace":"grok_build","label":"Read","read_only":true,"input":{"path":"src/main.rs","offset":1}}"#
//! );
//! // Stamped into an event's `_meta`:
//! let meta = read.envelope().stamp(None);
//! assert_eq!(meta["x.ai/tool"]["label"], "Read");
//! assert_eq!(meta["x.ai/tool"]["input"]["path"], "src/main.rs");
//! ```
//!
//! ## Harness side
//! - `#[derive(ToolIdentity)]` on each tool-argument struct: the [`Identity`] and the
//!   projection ([`ToolIdentity::project`], the tool's [`Projection`]) are emitted at compile
//!   time, and contract violations are compile errors at the offending tokens. [`ToolIdentity`] then gives the borrowing [`Envelope`] (which
//!   serializes, stamps an event's `_meta` and takes a runtime wire name) and the owned
//!   [`ToolMeta`]; `T::IDENTITY.envelope()` is the identity-only envelope of the first
//!   `tool_call`. An enum of tools gets [`ToolDispatch`].
//! - Toolsets ([`StaticToolset`], the [`toolset!`] macro, [`Toolset`]): the tools a harness
//!   registers, by wire name, to stamp the first `tool_call` before its arguments are
//!   parsed and to project raw JSON arguments ([`RegisteredTool`]).
//! - [`Effects`]: MCP's four effect hints (read-only, destructive, idempotent, open-world),
//!   defaults per kind, overridden in the declaration.
//! - `acp` (feature): complete ACP tool-call events from the declaration in one call
//!   (envelope, ACP `name`, `kind` and `locations`), on `agent-client-protocol-schema` types.
//! - `rmcp` (feature): MCP tool annotations and definitions from the declaration, on the
//!   official MCP Rust SDK's types, and an MCP tool read back into an identity and effects.
//!
//! ## Client side
//! - [`ToolMeta`] decodes an envelope strictly; `client` (feature) reads whole ACP
//!   streams tolerantly and merges each call's updates.
//! - `catalog` (feature): the tools of harnesses that send no envelope, so a client can
//!   synthesize one from their `rawInput`.
//! - `recognition` (with `client` or `catalog`): what recognises each harness and agent in
//!   ACP traffic (agent names, `_meta` keys, call-id and title formats) — the one list the
//!   ledger, the proxy and the catalog's data export read.
//!
//! ## Features
//!
//! | feature | default | what |
//! |---|---|---|
//! | `derive` | yes | re-exports `#[derive(ToolIdentity)]` |
//! | `client` | no | `client`: the tolerant reader and the ledger |
//! | `catalog` | no | `catalog`: Claude Code, Codex, Gemini CLI, OpenCode, Grok Build, Qwen Code and Kimi CLI tools (needs `derive`); with `client`, their data export (`catalog::export`) |
//! | `acp` | no | `acp`: completing and stamping `agent-client-protocol-schema` `ToolCall`/`ToolCallUpdate` |
//! | `rmcp` | no | `rmcp`: MCP tool annotations and definitions on `rmcp`'s model types |
//! | `schemars` | no | `JsonSchema` for the wire types and `schema::tool_meta_schema()` |
//! | `preserve_order` | no (`acp` turns it on) | serde_json's `preserve_order`: see below |
//!
//! ## Key order
//!
//! The envelope is always *written* in the contract's field order (`version`, `name`,
//! `kind`, `namespace`, `label`, `read_only`, `input`) and its `input` in projection order:
//! [`Envelope`] and [`ToolMeta`] serialize themselves. Where it becomes a
//! `serde_json::Map` — inside a stamped `_meta`, and the `input` of a [`ToolMeta`] — the
//! order is serde_json's: sorted keys, unless serde_json's `preserve_order` feature is on
//! anywhere in the build. `agent-client-protocol-schema` turns it on, so ACP events stamped
//! by a harness keep the contract order; elsewhere, the `preserve_order` feature of this
//! crate turns it on. It is not a default because it changes `serde_json::Map` for every
//! crate of the build. JSON readers do not depend on key order; the values are the same
//! either way.
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "acp")]
pub mod acp;
#[cfg(feature = "catalog")]
pub mod catalog;
#[cfg(feature = "client")]
pub mod client;
mod contract;
pub mod convert;
mod envelope;
#[cfg(feature = "policy")]
pub mod policy;
#[cfg(any(feature = "client", feature = "catalog"))]
pub mod recognition;
#[cfg(feature = "rmcp")]
pub mod rmcp;
#[cfg(feature = "schemars")]
pub mod schema;
mod tool;
mod toolset;

#[doc(hidden)]
pub mod __private;

pub use contract::keys;
pub use contract::{
    Effects, ExtensionName, LabelShape, Namespace, TOOL_META_KEY, TOOL_META_VERSION, ToolKind,
    UnknownNamespace, normalize_offset,
};
pub use envelope::{Envelope, Identity, ToolMeta};
#[doc(hidden)]
pub use tool::TypedProjection;
pub use tool::{
    InputField, Projection, RawType, TaggedTool, TaggedVariant, ToolDispatch, ToolFor,
    ToolIdentity, ToolView,
};
pub use toolset::{
    DuplicateToolName, IntoToolEntry, RegisteredTool, StaticToolset, ToolEntry, Toolset,
};

#[cfg(feature = "derive")]
pub use toolmeta_derive::ToolIdentity;
