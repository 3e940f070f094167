//! The decision (DESIGN §8, "Decision"): among the rules that match a call, deny beats ask
//! beats allow, whatever their order; none → the default. A constraint on a key the call does
//! not carry never lets an allow through and turns a matching deny or ask into ask (deny when
//! the default is deny).

use super::call::{Call, CallIdentity, Context};
use super::command::ReadCommand;
use super::command_index::CommandIndex;
use super::host::UrlHost;
use super::label_index::LabelIndex;
use super::path::{Bases, ReadPath};
use super::path_index::PathIndex;
use super::rule::Rule;
use super::verdict::{Decision, Verdict};

/// A call's inputs, read once for all the rules.
pub(crate) struct ReadCall<'a> {
    pub(crate) commands: Vec<ReadCommand>,
    pub(crate) bases: Bases<'a>,
    pub(crate) paths: Vec<ReadPath>,
    pub(crate) hosts: Vec<UrlHost>,
    /// By rule: whether its deny or ask `path` matches any path of the call.
    pub(crate) path_denied: Vec<bool>,
    /// By rule: whether its deny or ask `command` matches anything any command of the call
    /// runs.
    pub(crate) command_denied: Vec<bool>,
    /// By rule: whether its allow `path` matches every path of the call (filled only once
    /// no deny or ask matched).
    pub(crate) path_allowed: Vec<bool>,
}

impl<'a> ReadCall<'a> {
    pub(crate) fn read(
        call: &Call,
        context: &'a Context,
        index: &PathIndex,
        command_index: &CommandIndex,
        rules: usize,
    ) -> ReadCall<'a> {
        let bases = Bases::new(context);
        if !call.paths.is_empty() {
            // Every path is judged beneath these: resolved first, a missing one spares the
            // lookups of everything beneath it.
            bases.real_cwd();
            bases.real_home();
        }
        let paths: Vec<ReadPath> = call
            .paths
            .iter()
            .map(|path| ReadPath::read(path, &bases))
            .collect();
        let commands: Vec<ReadCommand> = call
            .commands
            .iter()
            .map(|command| ReadCommand::read(command, context, &bases))
            .collect();
        ReadCall {
            command_denied: if commands.is_empty() {
                Vec::new()
            } else {
                command_index.denied(&commands, rules)
            },
            commands,
            path_denied: if paths.is_empty() {
                Vec::new()
            } else {
                index.denied(&paths, &bases, rules)
            },
            path_allowed: Vec::new(),
            hosts: call.urls.iter().map(|url| UrlHost::read(url)).collect(),
            paths,
            bases,
        }
    }
}

/// How a deny or ask rule's constraints stand on a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every constraint it names holds.
    Holds,
    /// None fails, but the call lacks a key one of them constrains.
    Missing(&'static str),
    /// One of them fails.
    Fails,
}

/// A deny or ask rule's constraints on `call`: any command, path or host of the call.
pub(crate) fn deny_outcome(i: usize, rule: &Rule, call: &ReadCall) -> Outcome {
    let mut missing = None;
    if rule.command.is_some() {
        if call.commands.is_empty() {
            missing = Some("command");
        } else if !call.command_denied[i] {
            return Outcome::Fails;
        }
    }
    if rule.path.is_some() {
        if call.paths.is_empty() {
            missing = missing.or(Some("path"));
        } else if !call.path_denied[i] {
            return Outcome::Fails;
        }
    }
    if let Some(host) = &rule.host
        && !call.hosts.iter().any(|read| host.matches(read))
    {
        if call.hosts.is_empty() || call.hosts.contains(&UrlHost::Missing) {
            missing = missing.or(Some("url"));
        } else {
            return Outcome::Fails;
        }
    }
    match missing {
        Some(key) => Outcome::Missing(key),
        None => Outcome::Holds,
    }
}

/// Whether an allow rule's `path` and `host` hold for every path and url of the call (its
/// `command` is judged per simple command).
fn allow_inputs_hold(rule: &Rule, i: usize, call: &ReadCall) -> bool {
    if rule.command.is_some() && call.commands.is_empty() {
        return false;
    }
    if rule.path.is_some() && !call.path_allowed[i] {
        return false;
    }
    if let Some(host) = &rule.host
        && (call.hosts.is_empty() || !call.hosts.iter().all(|read| host.matches(read)))
    {
        return false;
    }
    true
}

/// What must be allowed for a call to be: each simple command of each plain command, a
/// command that is not plain, or the call as a whole when it runs none.
enum Unit<'a> {
    Simple {
        words: &'a [String],
        cwd_inside: bool,
    },
    NotPlain,
    Whole,
}

fn units<'a>(call: &'a ReadCall<'_>) -> Vec<Unit<'a>> {
    if call.commands.is_empty() {
        return vec![Unit::Whole];
    }
    let mut units = Vec::new();
    for read in &call.commands {
        match &read.plain {
            Some(commands) => units.extend(commands.iter().map(|words| Unit::Simple {
                words,
                cwd_inside: read.cwd_inside,
            })),
            None => units.push(Unit::NotPlain),
        }
    }
    units
}

fn allows_unit(rule: &Rule, unit: &Unit<'_>) -> bool {
    match (&rule.command, unit) {
        (None, _) => true,
        (Some(command), Unit::Simple { words, cwd_inside }) => *cwd_inside && command.allows(words),
        (Some(_), Unit::NotPlain | Unit::Whole) => false,
    }
}

/// The allow rules (indices into `rules`, in the order of the units, each once) that allow
/// every unit of `call` under `identity`, or `None`.
fn allowed_by(
    rules: &[Rule],
    labels: &LabelIndex,
    identity: &CallIdentity,
    call: &Call,
    read: &ReadCall,
    context: &Context,
    out: &mut Vec<usize>,
) -> bool {
    let mut candidates = Vec::new();
    labels.allow_candidates(&identity.label, &mut candidates);
    candidates.retain(|&i| {
        let rule = &rules[i];
        (call.earned || rule.evidence_any)
            && rule.selectors.session_holds(context)
            && rule.selectors.identity_holds(identity)
            && allow_inputs_hold(rule, i, read)
    });
    for unit in units(read) {
        match candidates.iter().find(|&&i| allows_unit(&rules[i], &unit)) {
            Some(&i) => {
                if !out.contains(&i) {
                    out.push(i);
                }
            }
            None => return false,
        }
    }
    true
}

/// Decides `call` in `context` by `rules` (in order) and `default`.
pub(crate) fn decide(
    rules: &[Rule],
    labels: &LabelIndex,
    index: &PathIndex,
    command_index: &CommandIndex,
    default: Decision,
    call: &Call,
    context: &Context,
) -> Verdict {
    let mut read = ReadCall::read(call, context, index, command_index, rules.len());
    // Deny and ask see every identity, and the reading ACP's kind alone gives when the
    // identity is not earned, so that a misreading cannot slip past them.
    let mut identities: Vec<&CallIdentity> = call.identities.iter().collect();
    if !call.earned {
        identities.extend(call.acp_kind_reading.iter());
    }
    let mut strictest: Option<(Decision, usize, Option<&str>)> = None;
    // Only the rules that can select one of the call's labels, in order.
    let mut candidates = Vec::new();
    labels.deny_candidates(
        identities.iter().map(|identity| identity.label.as_str()),
        &mut candidates,
    );
    for i in candidates {
        let rule = &rules[i];
        let selected = rule.selectors.session_holds(context)
            && (no_identity_selectors(rule)
                || identities
                    .iter()
                    .any(|identity| rule.selectors.identity_holds(identity)));
        if !selected {
            continue;
        }
        let (decision, missing) = match deny_outcome(i, rule, &read) {
            Outcome::Fails => continue,
            Outcome::Holds => (rule.decision, None),
            Outcome::Missing(key) => {
                let decision = if default == Decision::Deny {
                    Decision::Deny
                } else {
                    Decision::Ask
                };
                (decision, Some(key))
            }
        };
        // The first rule of the strictest decision decides.
        if strictest
            .as_ref()
            .is_none_or(|(best, _, _)| decision > *best)
        {
            strictest = Some((decision, i, missing));
        }
    }
    if let Some((decision, i, missing)) = strictest {
        let rule = &rules[i];
        // Said only of the deciding rule: a sentence per matching rule would cost more than
        // the decision.
        let reason = match missing {
            None => format!("{} rule `{}` matches", rule.decision, rule.name),
            Some(key) => format!(
                "the call carries no {key}, which {} rule `{}` constrains: {decision} rather than let it through",
                rule.decision, rule.name
            ),
        };
        return Verdict {
            decision,
            rule: rule.name.clone(),
            rules: vec![rule.name.clone()],
            reason,
        };
    }
    // An allow needs every identity the call has had allowed.
    let mut allowing = Vec::new();
    read.path_allowed = if read.paths.is_empty() {
        vec![false; rules.len()]
    } else {
        index.allowed(&read.paths, &read.bases, rules.len())
    };
    let allowed = !call.identities.is_empty()
        && !call.incomplete
        && call.identities.iter().all(|identity| {
            allowed_by(rules, labels, identity, call, &read, context, &mut allowing)
        });
    if allowed && !allowing.is_empty() {
        let first = *allowing.iter().min().unwrap_or(&allowing[0]);
        return Verdict {
            decision: Decision::Allow,
            rule: rules[first].name.clone(),
            rules: allowing.iter().map(|&i| rules[i].name.clone()).collect(),
            reason: if allowing.len() == 1 {
                format!("allow rule `{}` matches", rules[first].name)
            } else {
                format!(
                    "allow rules {} match",
                    allowing
                        .iter()
                        .map(|&i| format!("`{}`", rules[i].name))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            },
        };
    }
    Verdict {
        decision: default,
        rule: "default".into(),
        rules: Vec::new(),
        reason: if call.identities.is_empty() {
            "the call has no identity: the default decides".into()
        } else if !call.earned {
            "no rule matched (the identity is not earned, so only `evidence = \"any\"` allows): the default decides".into()
        } else {
            "no rule matched: the default decides".into()
        },
    }
}

/// Whether a rule names no selector about the identity (only, perhaps, `agent`).
fn no_identity_selectors(rule: &Rule) -> bool {
    let s = &rule.selectors;
    s.label.is_none() && s.kind.is_none() && s.tool.is_none() && s.namespace.is_none()
}
