//! Asking the catalog for the envelope of a call that carries none.
//!
//! The catalog is declared with the derive and exists with the `catalog` feature only;
//! without it a ledger resolves such calls from ACP's own fields.

#[cfg(feature = "catalog")]
use serde_json::Value;

use super::Call;
#[cfg(feature = "catalog")]
use crate::ToolMeta;
#[cfg(feature = "catalog")]
use crate::catalog::{self, Harness};

/// The function the ledger asks for an envelope when a call carries none: the harness, the
/// tool's name, and its parsed `rawInput`; [`catalog::synthesize`] by default.
///
/// A client with tools of its own can answer for them and defer to the catalog otherwise:
///
/// ```
/// use serde_json::Value;
/// use toolmeta::catalog::{self, Harness};
/// use toolmeta::client::{Ledger, Source};
/// use toolmeta::{Identity, Namespace, ToolKind, ToolMeta};
///
/// fn my_catalog(harness: Harness, name: &str, raw_input: Option<&Value>) -> Option<ToolMeta> {
///     match name {
///         "deploy" => Some(Identity::new("deploy", ToolKind::DeployApp, Namespace::Mcp).tool_meta()),
///         _ => catalog::synthesize(harness, name, raw_input),
///     }
/// }
///
/// let mut ledger = Ledger::builder().harness(Harness::Codex).synthesizer(my_catalog).build();
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"deploy"}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!((call.source(), call.label()), (Source::Catalog, Some("Deploy App")));
/// ```
#[cfg(feature = "catalog")]
pub type Synthesizer = fn(Harness, &str, Option<&Value>) -> Option<ToolMeta>;

/// The ledger's catalog options.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CatalogOptions {
    #[cfg(feature = "catalog")]
    pub(crate) harness: Option<Harness>,
    #[cfg(feature = "catalog")]
    pub(crate) synthesizer: Synthesizer,
}

// Without the catalog the struct is empty and `Default` could be derived; with it, the
// default synthesizer is a function, which `derive(Default)` cannot supply.
#[cfg_attr(not(feature = "catalog"), allow(clippy::derivable_impls))]
impl Default for CatalogOptions {
    fn default() -> Self {
        CatalogOptions {
            #[cfg(feature = "catalog")]
            harness: None,
            #[cfg(feature = "catalog")]
            synthesizer: catalog::synthesize,
        }
    }
}

impl CatalogOptions {
    /// Asks the catalog for `call`'s envelope, and records it when the catalog knows the tool.
    #[cfg(feature = "catalog")]
    pub(crate) fn synthesize(&self, call: &mut Call) {
        // `_meta.claudeCode.toolName` marks a Claude Code call whatever the ledger was told.
        let (harness, name) = match (call.claude_code_tool_name(), self.harness) {
            (Some(tool_name), _) => (Harness::ClaudeCode, tool_name),
            (None, Some(harness)) => match call.fallback_name() {
                Some(name) => (harness, name),
                None => return,
            },
            (None, None) => return,
        };
        let raw_input = call
            .raw_input()
            .and_then(|raw| serde_json::from_str::<Value>(raw.get()).ok());
        if let Some(meta) = (self.synthesizer)(harness, name, raw_input.as_ref()) {
            call.set_catalog(meta);
        }
    }

    /// Without the catalog there is nothing to ask.
    #[cfg(not(feature = "catalog"))]
    pub(crate) fn synthesize(&self, _call: &mut Call) {}
}
