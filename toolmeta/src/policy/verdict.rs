//! What a decision gives: [`Decision`] and [`Verdict`].

use std::fmt;

/// A rule's decision, and a verdict's: `deny` beats `ask` beats `allow` (the order of the
/// variants, from least to most strict).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Decision {
    /// The call goes ahead without asking anyone.
    Allow,
    /// The editor asks the person, as it would without a policy.
    Ask,
    /// The call is refused.
    Deny,
}

impl Decision {
    /// The decision as the policy file and `policy check` spell it: `allow`, `ask`, `deny`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Decision::Allow => "allow",
            Decision::Ask => "ask",
            Decision::Deny => "deny",
        }
    }
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The policy's verdict on one call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// What the policy decided.
    pub decision: Decision,
    /// The deciding rule: its `name`, else `FILE:N`; `"default"` when no rule matched.
    pub rule: String,
    /// The rules behind the decision: for an allow, the first allow rule in order for each
    /// simple command (each once); else the deciding rule; empty for the default.
    pub rules: Vec<String>,
    /// Why, in a sentence for a person.
    pub reason: String,
}
