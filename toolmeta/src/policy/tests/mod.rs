//! The policy's semantics, one test per rule of DESIGN §8, and adversarial cases written from
//! §8 (expected values decided from the text, not from output).

mod command;
mod file;
mod host;
// Claude Code's tools, from the catalog.
#[cfg(all(feature = "client", feature = "catalog"))]
mod ledger;
mod path;
mod selection;

use std::path::PathBuf;

use super::{Call, CallIdentity, CommandInput, Context, Decision, Policy, Verdict};

pub(super) const CWD: &str = "/nonexistent-toolmeta-policy-test/project";
pub(super) const HOME: &str = "/nonexistent-toolmeta-policy-test/home";

pub(super) fn policy(text: &str) -> Policy {
    match Policy::from_toml(text, "test.toml") {
        Ok(policy) => policy,
        Err(err) => panic!("the test policy does not load:\n{err}"),
    }
}

pub(super) fn context() -> Context {
    Context::new(Some(PathBuf::from(CWD)), PathBuf::from(HOME))
}

pub(super) fn identity(label: &str) -> CallIdentity {
    CallIdentity::labelled(label)
}

pub(super) fn run(line: &str) -> Call {
    Call {
        identities: vec![identity("Run Command").with_kind("execute")],
        earned: true,
        commands: vec![CommandInput::line(line)],
        ..Call::default()
    }
}

pub(super) fn with_paths(label: &str, paths: &[&str]) -> Call {
    Call {
        identities: vec![identity(label)],
        earned: true,
        paths: paths.iter().map(|p| p.to_string()).collect(),
        ..Call::default()
    }
}

pub(super) fn fetch(url: &str) -> Call {
    Call {
        identities: vec![identity("Web Fetch").with_kind("web_fetch")],
        earned: true,
        urls: vec![url.to_owned()],
        ..Call::default()
    }
}

pub(super) fn verdict(policy: &Policy, call: &Call) -> Verdict {
    policy.decide(call, &context())
}

pub(super) fn decision(policy: &Policy, call: &Call) -> Decision {
    verdict(policy, call).decision
}
