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
//! - Harnesses annotate their tool-argument structs with `#[derive(ToolIdentity)]`; the
//!   identity and the projection are emitted at compile time, and contract violations are
//!   compile errors.
//! - Clients read the envelope with [`ToolMeta`] (strict), or off a whole ACP stream with
//!   the tolerant [`client`] side.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "acp")]
pub mod acp;
#[cfg(feature = "catalog")]
pub mod catalog;
pub mod client;
mod decode;
mod envelope;
mod identity;
pub mod keys;
mod kind;
mod meta;
mod namespace;
mod offset;
#[cfg(feature = "schemars")]
pub mod schema;
mod shape;
mod tool;
pub mod toolset;

#[doc(hidden)]
pub mod __private;

pub use envelope::Envelope;
pub use identity::Identity;
pub use kind::ToolKind;
pub use meta::ToolMeta;
pub use namespace::{Namespace, UnknownNamespace};
pub use offset::normalize_offset;
pub use shape::LabelShape;
pub use tool::{InputField, Projection, ToolDispatch, ToolIdentity};
pub use toolset::{
    DuplicateToolName, RegisteredTool, StaticToolset, ToolEntry, ToolLookup, Toolset,
};

#[cfg(feature = "derive")]
pub use toolmeta_derive::ToolIdentity;

/// The key of the envelope in an ACP event's `_meta` object.
pub const TOOL_META_KEY: &str = "x.ai/tool";

/// The version of the envelope this crate writes.
pub const TOOL_META_VERSION: u32 = 1;
