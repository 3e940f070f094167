//! The permission policy (DESIGN §8): one TOML file of allow, ask and deny rules on the
//! canonical identity of a call, for every agent.
//!
//! ```
//! use std::path::PathBuf;
//! use toolmeta::policy::{Call, CallIdentity, CommandInput, Context, Decision, Policy};
//!
//! let policy = Policy::from_toml(r#"
//! version = 1
//! default = "ask"
//!
//! [[rule]]
//! name = "tests"
//! decision = "allow"
//! label = "Run Command"
//! command = ["cargo test", "cargo check"]
//! match = ["cargo test -p toolmeta"]
//! not_match = ["cargo testx", "cargo test; rm x"]
//! "#, "policy.toml").unwrap();
//!
//! let context = Context::new(Some(PathBuf::from("/work/project")), PathBuf::from("/home/me"));
//! let call = |line: &str| Call {
//!     identities: vec![CallIdentity::labelled("Run Command").with_kind("execute")],
//!     earned: true,
//!     commands: vec![CommandInput::line(line)],
//!     ..Call::default()
//! };
//! assert_eq!(policy.decide(&call("cargo test && cargo check"), &context).decision, Decision::Allow);
//! assert_eq!(policy.decide(&call("cargo test $(rm -rf ~)"), &context).decision, Decision::Ask);
//! ```
//!
//! What a decision judges is the library's own [`Call`]: every identity the call has had,
//! whether it was earned, and every command, path and url it carried ([`Call::from_client_method`]
//! makes one from an editor-side request). docs/policy.md describes the format and every rule.

mod call;
mod command;
mod command_index;
mod decide;
mod error;
mod examples;
mod file;
mod host;
mod label_index;
#[cfg(feature = "client")]
mod ledger;
mod path;
mod path_index;
mod rule;
mod selectors;
mod shell;
mod verdict;
mod wrappers;

use std::path::Path;

pub use call::{Call, CallIdentity, ClientMethodError, CommandInput, Context};
pub use error::{LoadError, Problem};
pub use examples::{EXAMPLE_CWD, EXAMPLE_HOME, ExampleFailure};
#[cfg(feature = "client")]
pub use ledger::{CallHistory, MAX_PER_CALL};
pub use verdict::{Decision, Verdict};

use command_index::CommandIndex;
use label_index::LabelIndex;
use path_index::PathIndex;
use rule::Rule;

/// A loaded policy: its default and its rules, in order (files in the order they were added).
#[derive(Debug, Clone)]
pub struct Policy {
    default: Decision,
    rules: Vec<Rule>,
    /// Every rule's `path` patterns, matched at once.
    paths: PathIndex,
    /// Every deny and ask rule's `command` prefixes, looked up at once.
    commands: CommandIndex,
    /// The rules by the labels they select.
    labels: LabelIndex,
}

/// What running a policy file's examples found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExampleReport {
    /// How many examples the file has.
    pub examples: usize,
    /// Those that do not hold.
    pub failures: Vec<ExampleFailure>,
}

impl Policy {
    /// Reads a policy from its TOML text; `file` names it in errors and in the `FILE:N` name
    /// of a rule without `name`. A failing `match` / `not_match` example refuses the file.
    pub fn from_toml(text: &str, file: &str) -> Result<Policy, LoadError> {
        let parsed = file::parse(text, file)?;
        let failures = examples::failures(&parsed.rules);
        if !failures.is_empty() {
            return Err(LoadError {
                file: file.to_owned(),
                problems: failures
                    .iter()
                    .map(|failure| Problem {
                        line: Some(failure.line),
                        message: format!(
                            "{failure}: fix the rule or the example (`toolmeta policy test` lists them all)"
                        ),
                    })
                    .collect(),
            });
        }
        Ok(Policy {
            default: parsed.default,
            paths: PathIndex::new(&parsed.rules),
            commands: CommandIndex::new(&parsed.rules),
            labels: LabelIndex::new(&parsed.rules),
            rules: parsed.rules,
        })
    }

    /// Reads the policy file at `path` (named in errors as given).
    pub fn load(path: &Path) -> Result<Policy, LoadError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|err| LoadError {
            file: file.clone(),
            problems: vec![Problem {
                line: None,
                message: format!("cannot read the policy file: {err}"),
            }],
        })?;
        Policy::from_toml(&text, &file)
    }

    /// Adds `other`'s rules after this policy's; the stricter default wins.
    pub fn add(&mut self, other: Policy) {
        self.default = self.default.max(other.default);
        self.paths.extend(other.paths, self.rules.len());
        self.commands.extend(&other.rules, self.rules.len());
        self.rules.extend(other.rules);
        self.labels = LabelIndex::new(&self.rules);
    }

    /// The decision when no rule matches.
    pub fn default_decision(&self) -> Decision {
        self.default
    }

    /// How many rules the policy has.
    pub fn rule_count(&self) -> usize {
        self.rules.len()
    }

    /// The verdict on `call` in `context`.
    pub fn decide(&self, call: &Call, context: &Context) -> Verdict {
        decide::decide(
            &self.rules,
            &self.labels,
            &self.paths,
            &self.commands,
            self.default,
            call,
            context,
        )
    }
}

/// Runs the `match` / `not_match` examples of the policy file `text` (named `file`): `Err`
/// when the file does not load for any other reason.
pub fn test_examples(text: &str, file: &str) -> Result<ExampleReport, LoadError> {
    let parsed = file::parse(text, file)?;
    Ok(ExampleReport {
        examples: examples::count(&parsed.rules),
        failures: examples::failures(&parsed.rules),
    })
}

#[cfg(test)]
mod tests;
