//! A rule's `match` / `not_match` examples: values of its one input key, checked against that
//! rule alone with its selectors taken as met (DESIGN §8).

use std::path::PathBuf;

use super::call::{CommandInput, Context};
use super::command::ReadCommand;
use super::command_index::CommandIndex;
use super::host::UrlHost;
use super::path::{Bases, ReadPath};
use super::path_index::PathIndex;
use super::rule::{InputKey, Rule};
use super::verdict::Decision;

/// The session examples are judged in: a relative example path is resolved against its cwd,
/// `~/` is its home.
pub const EXAMPLE_CWD: &str = "/home/user/project";
/// The home directory of the examples' session.
pub const EXAMPLE_HOME: &str = "/home/user";

/// An example that does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExampleFailure {
    /// The rule's name (its `name`, else `FILE:N`).
    pub rule: String,
    /// The example's 1-based line.
    pub line: usize,
    /// The example as written.
    pub example: String,
    /// Whether it was a `match` (that does not match) rather than a `not_match` (that does).
    pub should_match: bool,
}

impl std::fmt::Display for ExampleFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.should_match {
            write!(
                f,
                "rule `{}`: `match` example {:?} does not match the rule",
                self.rule, self.example
            )
        } else {
            write!(
                f,
                "rule `{}`: `not_match` example {:?} matches the rule",
                self.rule, self.example
            )
        }
    }
}

fn example_context() -> Context {
    Context::new(
        Some(PathBuf::from(EXAMPLE_CWD)),
        PathBuf::from(EXAMPLE_HOME),
    )
}

/// Whether `value`, as the rule's one input key, matches `rule` alone.
fn matches(rule: &Rule, key: InputKey, value: &str, context: &Context) -> bool {
    let allow = rule.decision == Decision::Allow;
    match key {
        InputKey::Command => {
            let Some(command) = &rule.command else {
                return false;
            };
            let read = ReadCommand::read(&CommandInput::line(value), context, &Bases::new(context));
            if allow {
                read.cwd_inside
                    && read
                        .plain
                        .as_ref()
                        .is_some_and(|commands| commands.iter().all(|words| command.allows(words)))
            } else {
                CommandIndex::new(std::slice::from_ref(rule)).denied(&[read], 1)[0]
            }
        }
        InputKey::Path => {
            if rule.path.is_none() {
                return false;
            }
            let index = PathIndex::new(std::slice::from_ref(rule));
            let bases = Bases::new(context);
            let read = [ReadPath::read(value, &bases)];
            if allow {
                index.allowed(&read, &bases, 1)[0]
            } else {
                index.denied(&read, &bases, 1)[0]
            }
        }
        InputKey::Host => {
            let Some(host) = &rule.host else { return false };
            host.matches(&UrlHost::read(value))
        }
    }
}

/// Every example of `rules` that does not hold, in the order of the file.
pub(crate) fn failures(rules: &[Rule]) -> Vec<ExampleFailure> {
    let context = example_context();
    let mut out = Vec::new();
    for rule in rules {
        let Some(key) = rule.input_key() else {
            continue;
        };
        for example in &rule.examples {
            if matches(rule, key, &example.value, &context) != example.should_match {
                out.push(ExampleFailure {
                    rule: rule.name.clone(),
                    line: example.line,
                    example: example.value.clone(),
                    should_match: example.should_match,
                });
            }
        }
    }
    out
}

/// How many examples `rules` hold.
pub(crate) fn count(rules: &[Rule]) -> usize {
    rules.iter().map(|rule| rule.examples.len()).sum()
}
