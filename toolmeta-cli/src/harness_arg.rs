//! `--harness NAME`, one type for every command that takes it: the name as given, and the
//! catalog harness it names, worked out once when the command line is parsed.

use std::convert::Infallible;
use std::str::FromStr;

use toolmeta::catalog::{Harness, UnknownHarness};

/// The agent a command is told of with `--harness`: a catalog harness's name
/// (`claude_code`, …), or an agent's own name (`codex-acp`, `acme-coder`), which names a
/// catalog harness when the catalog knows the agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HarnessArg {
    name: String,
    harness: Option<Harness>,
}

impl HarnessArg {
    /// `name` as an agent's name or a catalog harness's.
    pub fn new(name: &str) -> HarnessArg {
        HarnessArg {
            name: name.to_owned(),
            harness: harness_named(name),
        }
    }

    /// `name` when it names a harness of the catalog (for a command that only reads a
    /// catalog harness, such as `inspect`); the error says it does not.
    pub fn catalog(name: &str) -> Result<HarnessArg, UnknownHarness> {
        let harness = name.parse::<Harness>()?;
        Ok(HarnessArg {
            name: name.to_owned(),
            harness: Some(harness),
        })
    }

    /// The name as given.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The catalog harness the name names, if any.
    pub fn harness(&self) -> Option<Harness> {
        self.harness
    }
}

impl FromStr for HarnessArg {
    type Err = Infallible;

    fn from_str(name: &str) -> Result<HarnessArg, Infallible> {
        Ok(HarnessArg::new(name))
    }
}

/// The catalog harness `name` names: a harness's wire name (or alias), else an agent name
/// the catalog recognises.
fn harness_named(name: &str) -> Option<Harness> {
    name.parse::<Harness>()
        .ok()
        .or_else(|| Harness::from_agent_name(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_catalog_name_an_agent_name_and_an_unknown_agent() {
        assert_eq!(HarnessArg::new("codex").harness(), Some(Harness::Codex));
        assert_eq!(HarnessArg::new("codex-acp").harness(), Some(Harness::Codex));
        let unknown = HarnessArg::new("acme-coder");
        assert_eq!((unknown.name(), unknown.harness()), ("acme-coder", None));
    }

    #[test]
    fn catalog_refuses_an_agent_name() {
        assert!(HarnessArg::catalog("codex-acp").is_err());
        assert_eq!(
            HarnessArg::catalog("gemini_cli").map(|arg| arg.harness()),
            Ok(Some(Harness::GeminiCli))
        );
    }
}
