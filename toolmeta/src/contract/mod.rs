//! The wire contract's tables: the envelope's key and version, the kinds, the namespaces,
//! the effects, the canonical input keys, the label shapes and the `offset` normalization. Everything
//! else in the crate reads these; nothing here depends on the rest of the crate.
//!
//! The tables themselves are in `shared/`, the one source the derive compiles too.

mod effects;
pub mod keys;
mod kind;
mod namespace;
mod offset;
mod shape;
// The derive reads columns, tables and rules of `shared` that the runtime has no use for.
#[allow(dead_code, unused_imports)]
pub(crate) mod shared;

pub use effects::Effects;
pub use kind::ToolKind;
pub use namespace::{ExtensionName, Namespace, UnknownNamespace};
pub use offset::normalize_offset;
pub use shape::LabelShape;

/// The key of the envelope in an ACP event's `_meta` object.
pub const TOOL_META_KEY: &str = "x.ai/tool";

/// The version of the envelope this crate writes.
pub const TOOL_META_VERSION: u32 = 1;
