//! A rule's selectors (`label`, `kind`, `tool`, `namespace`, `agent`): which calls it is
//! about, and the names the file may use for them.

use crate::{Namespace, ToolKind};

use super::call::{CallIdentity, Context};

/// The labels a `label` selector may name: the contract's, and the fallback's `Tool` and
/// `Think`.
pub(crate) fn known_labels() -> impl Iterator<Item = &'static str> {
    let mut labels: Vec<&'static str> = ToolKind::ALL.iter().map(|kind| kind.label()).collect();
    labels.extend(["Tool", "Think"]);
    labels.sort_unstable();
    labels.dedup();
    labels.into_iter()
}

/// The kinds a `kind` selector may name: the contract's.
pub(crate) fn known_kinds() -> impl Iterator<Item = &'static str> {
    ToolKind::ALL.iter().map(|kind| kind.as_str())
}

/// A rule's selectors; `None` for one it does not name. A list holds when any value does.
#[derive(Debug, Clone, Default)]
pub(crate) struct Selectors {
    pub(crate) label: Option<Vec<String>>,
    pub(crate) kind: Option<Vec<String>>,
    pub(crate) tool: Option<Vec<String>>,
    pub(crate) namespace: Option<Vec<Namespace>>,
    pub(crate) agent: Option<Vec<String>>,
}

impl Selectors {
    /// Whether the rule names no selector at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.label.is_none()
            && self.kind.is_none()
            && self.tool.is_none()
            && self.namespace.is_none()
            && self.agent.is_none()
    }

    /// Whether the selectors about the session (`agent`) hold.
    pub(crate) fn session_holds(&self, context: &Context) -> bool {
        let Some(agents) = &self.agent else {
            return true;
        };
        agents.iter().any(|wanted| {
            let by_name = context
                .agent
                .as_deref()
                .is_some_and(|agent| agent.to_lowercase() == wanted.to_lowercase());
            let by_namespace = Namespace::from_wire(wanted).is_some_and(|wanted| {
                context.agent_namespace == Some(wanted)
                    || context
                        .agent
                        .as_deref()
                        .and_then(Namespace::for_agent)
                        .is_some_and(|agent| agent == wanted)
            });
            by_name || by_namespace
        })
    }

    /// Whether the selectors about the identity hold for `identity`.
    pub(crate) fn identity_holds(&self, identity: &CallIdentity) -> bool {
        let one_of = |wanted: &Option<Vec<String>>, have: Option<&str>| match wanted {
            None => true,
            Some(wanted) => have.is_some_and(|have| wanted.iter().any(|w| w == have)),
        };
        one_of(&self.label, Some(&identity.label))
            && one_of(&self.kind, identity.kind.as_deref())
            // The wire name exactly: Claude Code's `Bash` is not OpenCode's `bash`.
            && one_of(&self.tool, identity.tool.as_deref())
            && match &self.namespace {
                None => true,
                Some(wanted) => identity.namespace.as_deref().is_some_and(|have| {
                    match Namespace::from_wire(have) {
                        Some(have) => wanted.contains(&have),
                        None => wanted.iter().any(|w| w.as_str() == have),
                    }
                }),
            }
    }
}
