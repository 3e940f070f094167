//! One `[[rule]]` of a policy, loaded.

use super::command::CommandConstraint;
use super::host::HostConstraint;
use super::path::PathConstraint;
use super::selectors::Selectors;
use super::verdict::Decision;

/// The input key a rule's examples are values of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InputKey {
    Command,
    Path,
    Host,
}

/// One example of a rule: a value of its one input key that must (or must not) match.
#[derive(Debug, Clone)]
pub(crate) struct Example {
    pub(crate) value: String,
    pub(crate) should_match: bool,
    pub(crate) line: usize,
}

/// A loaded rule.
#[derive(Debug, Clone)]
pub(crate) struct Rule {
    /// Its `name`, else `FILE:N`.
    pub(crate) name: String,
    pub(crate) decision: Decision,
    pub(crate) selectors: Selectors,
    pub(crate) command: Option<CommandConstraint>,
    pub(crate) path: Option<PathConstraint>,
    pub(crate) host: Option<HostConstraint>,
    /// `evidence = "any"`: an allow also matches a call whose identity is not earned.
    pub(crate) evidence_any: bool,
    pub(crate) examples: Vec<Example>,
}

impl Rule {
    /// The one input key the rule constrains, if it constrains exactly one.
    pub(crate) fn input_key(&self) -> Option<InputKey> {
        match (&self.command, &self.path, &self.host) {
            (Some(_), None, None) => Some(InputKey::Command),
            (None, Some(_), None) => Some(InputKey::Path),
            (None, None, Some(_)) => Some(InputKey::Host),
            _ => None,
        }
    }
}
