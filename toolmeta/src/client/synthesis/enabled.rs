//! With the `catalog` feature: the built-in catalog, or the client's own synthesizer.

use std::collections::HashSet;
use std::sync::{Arc, LazyLock};

use foldhash::fast::FixedState;

use serde_json::Value;

pub(crate) use crate::catalog::Harness;
use crate::client::resolve::Input;
use crate::client::{Ledger, LedgerBuilder};
use crate::{Namespace, ToolKind, ToolMeta, catalog};

/// What the ledger asks for an envelope when a call carries none: given the harness, the
/// tool's name and its parsed `rawInput`, the envelope — [`catalog::synthesize`] by
/// default; set with [`LedgerBuilder::synthesizer`].
///
/// It is taken to be a function of its three arguments: while a call's `rawInput` stays the
/// same, the ledger keeps the answer it got for that harness and name, and does not ask
/// again when the call is resolved again (an update that adds ACP `kind` or a title).
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
/// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"deploy"}"#);
/// let call = ledger.get("c1").unwrap();
/// assert_eq!((call.source(), call.label()), (Source::Catalog, "Deploy App"));
/// ```
pub type Synthesizer = dyn Fn(Harness, &str, Option<&Value>) -> Option<ToolMeta> + Send + Sync;

/// The catalog the ledger asks, and the harness its caller named.
#[derive(Clone, Default)]
pub(crate) struct Catalog {
    harness: Option<Harness>,
    /// The client's own synthesizer; `None` for the built-in catalog, which can also be
    /// asked for an input alone ([`Catalog::input`]).
    synthesizer: Option<Arc<Synthesizer>>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("harness", &self.harness)
            .finish_non_exhaustive()
    }
}

impl Catalog {
    /// The harness the ledger was built with.
    pub(crate) fn named_harness(&self) -> Option<Harness> {
        self.harness
    }

    /// The harness whose tools carry `namespace` (a wire name or alias).
    pub(crate) fn harness_of(namespace: &str) -> Option<Harness> {
        Namespace::from_wire(namespace).and_then(Harness::from_namespace)
    }

    /// The harness whose tools carry `namespace`.
    pub(crate) fn harness_of_namespace(namespace: &Namespace) -> Option<Harness> {
        Harness::from_namespace(*namespace)
    }

    pub(crate) fn namespace_of(harness: Harness) -> Namespace {
        harness.namespace()
    }

    /// The envelope of a call to `name` on `harness`, if the catalog knows the tool.
    pub(crate) fn synthesize(
        &self,
        harness: Harness,
        name: &str,
        raw_input: Option<&Value>,
    ) -> Option<ToolMeta> {
        match &self.synthesizer {
            Some(synthesizer) => synthesizer(harness, name, raw_input),
            None => catalog::synthesize(harness, name, raw_input),
        }
    }

    /// The `input` of [`Catalog::synthesize`]'s envelope, kept as the ledger keeps it
    /// ([`Input::kept`]); `None` when the catalog does not know the tool or gives it no
    /// input. The built-in catalog projects the input alone, written as JSON text from the
    /// projected keys: a whole envelope, and an object to serialize, were more than half of
    /// completing an envelope sent without `input` (`client/resolve.rs`, `completion`).
    pub(crate) fn input(
        &self,
        harness: Harness,
        name: &str,
        raw_input: Option<&Value>,
    ) -> Option<Input> {
        match &self.synthesizer {
            Some(synthesizer) => {
                let input = synthesizer(harness, name, raw_input)?.input?;
                Some(Input::kept(Some(input)))
            }
            None => catalog::synthesized_input(harness, name, raw_input).map(Input::Kept),
        }
    }

    /// The tools of `harness` whose arguments fit `raw_input` best (see
    /// [`catalog::identify`]): one, several equally well, or none.
    pub(crate) fn fits(harness: Harness, raw_input: &Value) -> Vec<&'static str> {
        catalog::fits(harness, raw_input)
    }

    /// The argument names of `harness`'s tool `name` (aliases included).
    pub(crate) fn argument_names(harness: Harness, name: &str) -> Option<&'static [&'static str]> {
        harness.argument_names(name)
    }

    /// The keys `harness`'s events carry whatever the tool: no evidence of a tool.
    pub(crate) fn event_keys(harness: Harness) -> &'static [&'static str] {
        harness.party().recognition.event_keys
    }

    pub(crate) fn tool_kind(harness: Harness, name: &str) -> Option<ToolKind> {
        harness.tools().get(name).map(|tool| tool.identity().kind)
    }

    /// `name` as the catalog spells it, when it is the name of one of its tools: a call's
    /// name, said again by every call of that tool, is then kept without a copy.
    pub(crate) fn tool_name(name: &str) -> Option<&'static str> {
        static NAMES: LazyLock<HashSet<&'static str, FixedState>> = LazyLock::new(|| {
            Harness::ALL
                .iter()
                .flat_map(|harness| harness.tools().tools())
                .map(|tool| tool.name())
                .collect()
        });
        NAMES.get(name).copied()
    }
}

impl LedgerBuilder {
    /// The harness that produced the stream, for calls that carry no envelope and no mark
    /// of their own (`_meta.claudeCode` always means Claude Code).
    ///
    /// Without it, the marks the traffic carries name the harness where they exist: the
    /// agent's `initialize` answer (`agentInfo.name`), Gemini CLI's call ids, a Grok Build
    /// envelope.
    ///
    /// ```
    /// use toolmeta::catalog::Harness;
    /// use toolmeta::client::{Ledger, Source};
    /// let mut ledger = Ledger::builder().harness(Harness::Codex).build();
    /// ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","name":"shell","rawInput":{"command":["ls","-la"]}}"#);
    /// let call = ledger.get("c1").unwrap();
    /// assert_eq!((call.source(), call.namespace()), (Source::Catalog, Some("codex")));
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "catalog")))]
    pub fn harness(mut self, harness: Harness) -> LedgerBuilder {
        self.catalog.harness = Some(harness);
        self
    }

    /// Replaces the catalog (by default [`catalog::synthesize`]), e.g. with a client's own,
    /// which may carry state: see [`Synthesizer`].
    #[cfg_attr(docsrs, doc(cfg(feature = "catalog")))]
    pub fn synthesizer(
        mut self,
        synthesizer: impl Fn(Harness, &str, Option<&Value>) -> Option<ToolMeta> + Send + Sync + 'static,
    ) -> LedgerBuilder {
        self.catalog.synthesizer = Some(Arc::new(synthesizer));
        self
    }
}

impl Ledger {
    /// The harness behind the stream: the one the ledger was built with, else the one the
    /// traffic named (the agent's `initialize` answer, a Grok Build envelope).
    #[cfg_attr(docsrs, doc(cfg(feature = "catalog")))]
    pub fn harness(&self) -> Option<Harness> {
        (self.options.catalog.harness).or_else(|| self.agent.as_ref()?.harness)
    }
}
