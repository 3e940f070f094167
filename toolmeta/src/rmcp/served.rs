//! [`ServedTool`]: an MCP tool definition read back into an identity and its effects.

use ::rmcp::model::{Tool, ToolAnnotations};
use serde::Deserialize;

use crate::{Effects, Namespace, TOOL_META_KEY, TOOL_META_VERSION, ToolKind, ToolMeta};

/// An MCP tool as its definition describes it, for agents that consume MCP servers: who it
/// is and what calling it does. Read with [`McpTool::served`](super::McpTool::served).
///
/// - **identity** ([`ServedTool::meta`], identity only): the envelope under
///   `_meta["x.ai/tool"]` when it decodes strictly; else the tool's MCP name in the `mcp`
///   namespace, kind `other` (label `Tool`), read-only as its `readOnlyHint` says.
/// - **effects** ([`ServedTool::effects`]): read-only as the envelope says, else as the
///   `readOnlyHint`; each other hint as the annotations give it, else the default of the
///   envelope's kind — or MCP's own default without an envelope (destructive, not
///   idempotent, open-world: [`Effects::MCP_DEFAULTS`]). A read-only tool is never
///   destructive and always idempotent, whatever its other hints say (MCP gives them
///   meaning only for a tool that is not read-only).
///
/// ```
/// use std::sync::Arc;
/// use toolmeta::rmcp::{McpTool, ServedToolSource};
/// use toolmeta::rmcp::sdk::model::{Tool, ToolAnnotations};
/// use toolmeta::{Namespace, ToolKind};
///
/// // Another server's tool, with hints and no envelope.
/// let tool = Tool::new("fetch", "Fetches a URL.", Arc::new(Default::default()))
///     .annotate(ToolAnnotations::new().read_only(true));
/// let served = tool.served();
/// assert_eq!(served.source, ServedToolSource::Annotations);
/// assert_eq!(served.meta.name, "fetch");
/// assert_eq!((served.meta.kind, served.meta.namespace), (ToolKind::Other, Namespace::Mcp));
/// assert!(served.effects.read_only && !served.effects.destructive);
/// assert!(served.effects.open_world); // MCP's default: not said otherwise
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct ServedTool {
    /// The tool's identity-only envelope: the one to stamp on the calls an agent makes to
    /// it. A definition's envelope carries no `input` (an `input` found there describes no
    /// call and is not kept).
    pub meta: ToolMeta,
    /// What calling the tool does.
    pub effects: Effects,
    /// Where the identity comes from.
    pub source: ServedToolSource,
}

/// Where a [`ServedTool`]'s identity comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ServedToolSource {
    /// The envelope in the definition's `_meta`.
    Envelope,
    /// The definition has no envelope: the identity is its MCP name, in the `mcp` namespace.
    Annotations,
    /// The definition's envelope does not decode strictly (the error says why), so it is
    /// read as [`ServedToolSource::Annotations`].
    BrokenEnvelope(String),
}

/// Reads `tool` into a [`ServedTool`].
pub(super) fn served(tool: &Tool) -> ServedTool {
    let hints = tool.annotations.clone().unwrap_or_default();
    let envelope = tool.meta.as_ref().and_then(|meta| meta.get(TOOL_META_KEY));
    let decoded = envelope.map(<ToolMeta as Deserialize>::deserialize);
    let (meta, defaults, source) = match decoded {
        Some(Ok(mut meta)) => {
            meta.input = None;
            let defaults = Effects::of(meta.kind).with_read_only(meta.read_only);
            (meta, defaults, ServedToolSource::Envelope)
        }
        Some(Err(error)) => {
            let (meta, defaults) = from_annotations(tool, &hints);
            (
                meta,
                defaults,
                ServedToolSource::BrokenEnvelope(error.to_string()),
            )
        }
        None => {
            let (meta, defaults) = from_annotations(tool, &hints);
            (meta, defaults, ServedToolSource::Annotations)
        }
    };
    let effects = Effects::from_hints(
        meta.read_only,
        hints.destructive_hint.unwrap_or(defaults.destructive),
        hints.idempotent_hint.unwrap_or(defaults.idempotent),
        hints.open_world_hint.unwrap_or(defaults.open_world),
    );
    ServedTool {
        meta,
        effects,
        source,
    }
}

/// The identity of a tool without an envelope, and the defaults of its effects: MCP's own,
/// read-only as its hint says.
fn from_annotations(tool: &Tool, hints: &ToolAnnotations) -> (ToolMeta, Effects) {
    let read_only = hints
        .read_only_hint
        .unwrap_or(Effects::MCP_DEFAULTS.read_only);
    let meta = ToolMeta {
        version: TOOL_META_VERSION,
        name: tool.name.to_string(),
        kind: ToolKind::Other,
        namespace: Namespace::Mcp,
        label: ToolKind::Other.label().into(),
        read_only,
        input: None,
    };
    (meta, Effects::MCP_DEFAULTS.with_read_only(read_only))
}
