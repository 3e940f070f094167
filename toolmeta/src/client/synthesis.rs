//! Asking the catalog for the envelope of a call that carries none.
//!
//! The catalog is declared with the derive and exists with the `catalog` feature only;
//! without it a ledger resolves such calls from ACP's own fields.

#[cfg(feature = "catalog")]
use std::sync::Arc;

#[cfg(feature = "catalog")]
use serde_json::Value;

use super::Call;
#[cfg(feature = "catalog")]
use crate::ToolMeta;
#[cfg(feature = "catalog")]
use crate::catalog::{self, Harness};

/// What the ledger asks for an envelope when a call carries none: given the harness, the
/// tool's name and its parsed `rawInput`, the envelope — [`catalog::synthesize`] by
/// default; set with [`LedgerBuilder::synthesizer`](super::LedgerBuilder::synthesizer).
///
/// A closure, so a client's synthesizer can carry state — its own tool table, say — and
/// defer to the catalog for the rest:
///
/// ```
/// use std::collections::HashMap;
/// use toolmeta::catalog::{self, Harness};
/// use toolmeta::client::{Ledger, Source};
/// use toolmeta::{Identity, Namespace, ToolKind};
///
/// let mine: HashMap<&str, Identity> =
///     HashMap::from([("deploy", Identity::new("deploy", ToolKind::DeployApp, Namespace::Mcp))]);
/// let mut ledger = Ledger::builder()
///     .harness(Harness::Codex)
///     .synthesizer(move |harness, name, raw_input| match mine.get(name) {
///         Some(identity) => Some(identity.envelope().to_tool_meta()),
///         None => catalog::synthesize(harness, name, raw_input),
///     })
///     .build();
/// ledger.feed_line(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"deploy"}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!((call.source(), call.label()), (Source::Catalog, "Deploy App"));
/// ```
#[cfg(feature = "catalog")]
pub type Synthesizer = dyn Fn(Harness, &str, Option<&Value>) -> Option<ToolMeta> + Send + Sync;

/// A shared synthesizer: the ledger's options and the calls it completes hold it.
#[cfg(feature = "catalog")]
pub(crate) type SharedSynthesizer = Arc<Synthesizer>;

/// How an envelope sent without `input` is completed: through the catalog tool of its
/// `(namespace, name)`, once a reader asks for the input.
#[cfg(feature = "catalog")]
#[derive(Clone)]
pub(crate) struct Completion {
    pub(crate) harness: Harness,
    pub(crate) synthesizer: SharedSynthesizer,
}

#[cfg(feature = "catalog")]
impl Completion {
    pub(crate) fn complete(&self, name: &str, raw_input: Option<&Value>) -> Option<Value> {
        (self.synthesizer)(self.harness, name, raw_input).and_then(|meta| meta.input)
    }
}

#[cfg(feature = "catalog")]
impl std::fmt::Debug for Completion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Completion")
            .field("harness", &self.harness)
            .finish_non_exhaustive()
    }
}

/// The ledger's catalog options.
#[derive(Clone)]
pub(crate) struct CatalogOptions {
    #[cfg(feature = "catalog")]
    pub(crate) harness: Option<Harness>,
    #[cfg(feature = "catalog")]
    pub(crate) synthesizer: SharedSynthesizer,
}

impl std::fmt::Debug for CatalogOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut options = f.debug_struct("CatalogOptions");
        #[cfg(feature = "catalog")]
        options.field("harness", &self.harness);
        options.finish_non_exhaustive()
    }
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
            synthesizer: Arc::new(catalog::synthesize),
        }
    }
}

impl CatalogOptions {
    /// Asks the catalog about `call`, from the strongest evidence the call carries.
    ///
    /// A call with a usable envelope keeps its identity; when the envelope has no `input`,
    /// its `rawInput` is projected through the catalog tool of the envelope's
    /// `(namespace, name)`. Any other call is looked up in the catalog of its harness under
    /// each name the traffic gives it, strongest first — an explicit name, the first title,
    /// the `toolCallId`'s name — and last by the names of its `rawInput`'s arguments.
    ///
    /// The harness: `_meta.claudeCode` always marks Claude Code; otherwise the one the
    /// ledger was built with, else the one the call's id marks (Gemini CLI's pattern), else
    /// the one the agent named in its `initialize` answer (`agent`).
    #[cfg(feature = "catalog")]
    pub(crate) fn synthesize(&self, call: &mut Call, agent: Option<Harness>) {
        // Parsed only once it is known to be needed: most envelopes carry their input.
        let parse_raw_input = |call: &Call| {
            call.raw_input()
                .and_then(|raw| super::lenient::parse_value(raw.get()))
        };
        if let Some(envelope) = call.envelope().filter(|meta| meta.has_identity()) {
            if envelope.input.is_some() {
                call.set_completion(None);
                return;
            }
            let harness = envelope
                .namespace
                .as_deref()
                .and_then(crate::Namespace::from_wire)
                .and_then(Harness::from_namespace);
            call.set_completion(harness.map(|harness| Completion {
                harness,
                synthesizer: Arc::clone(&self.synthesizer),
            }));
            return;
        }
        let harness = if call.claude_code_tool_name().is_some() {
            Some(Harness::ClaudeCode)
        } else {
            self.harness
                .or_else(|| call.id_tool_name().map(|_| Harness::GeminiCli))
                .or(agent)
        };
        let Some(harness) = harness else {
            call.set_catalog(None);
            return;
        };
        let raw_input = parse_raw_input(call);
        let named = [
            call.explicit_name(),
            call.first_title_name(),
            call.id_tool_name(),
        ];
        let meta = named
            .into_iter()
            .flatten()
            .find_map(|name| (self.synthesizer)(harness, name, raw_input.as_ref()))
            .or_else(|| {
                let name = catalog::identify(harness, raw_input.as_ref()?)?;
                (self.synthesizer)(harness, name, raw_input.as_ref())
            });
        call.set_catalog(meta);
    }

    /// Without the catalog there is nothing to ask.
    #[cfg(not(feature = "catalog"))]
    pub(crate) fn synthesize(&self, _call: &mut Call, _agent: Option<()>) {}
}
