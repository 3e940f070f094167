//! Loading a policy file: TOML (`version = 1`, `default`, `[[rule]]`), every mistake refused
//! with its line and what to write instead (DESIGN §8).

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::Namespace;
use crate::contract::shared::spelling::closest;

use super::command::CommandConstraint;
use super::error::{LoadError, Problem, line_of};
use super::host::HostConstraint;
use super::path::PathConstraint;
use super::rule::{Example, Rule};
use super::selectors::{Selectors, known_kinds, known_labels};
use super::verdict::Decision;

/// Values of a string-or-list key, each with its span in the file.
type SpannedValues = Vec<(String, Range<usize>)>;

const TOP_KEYS: &[&str] = &["version", "default", "rule"];
const RULE_KEYS: &[&str] = &[
    "name",
    "decision",
    "label",
    "kind",
    "tool",
    "namespace",
    "agent",
    "command",
    "path",
    "host",
    "evidence",
    "match",
    "not_match",
];

/// A policy file read, before its examples are checked.
pub(crate) struct Parsed {
    pub(crate) default: Decision,
    pub(crate) rules: Vec<Rule>,
}

struct Reader<'t> {
    text: &'t str,
    problems: Vec<Problem>,
}

impl Reader<'_> {
    fn problem(&mut self, span: Range<usize>, message: String) {
        self.problems.push(Problem {
            line: Some(line_of(self.text, span.start)),
            message,
        });
    }

    fn unknown_key(
        &mut self,
        key: &Spanned<std::borrow::Cow<'_, str>>,
        known: &[&str],
        what: &str,
    ) {
        let name = key.get_ref().as_ref();
        let hint = match closest(name, known.iter().copied()) {
            Some(near) => format!("did you mean `{near}`?"),
            None => format!("write one of {}", list(known)),
        };
        self.problem(
            key.span(),
            format!("unknown key `{name}` in {what}: {hint}"),
        );
    }

    fn string(&mut self, key: &str, value: &Spanned<DeValue<'_>>) -> Option<String> {
        match value.get_ref() {
            DeValue::String(s) => Some(s.to_string()),
            other => {
                self.problem(
                    value.span(),
                    format!(
                        "`{key}` is a {}, not a string: write `{key} = \"…\"`",
                        other.type_str()
                    ),
                );
                None
            }
        }
    }

    /// A string or a non-empty list of strings, each with its span.
    fn strings(
        &mut self,
        key: &str,
        value: &Spanned<DeValue<'_>>,
    ) -> Option<Vec<(String, Range<usize>)>> {
        match value.get_ref() {
            DeValue::String(s) => Some(vec![(s.to_string(), value.span())]),
            DeValue::Array(items) => {
                let mut out = Vec::new();
                for item in items.iter() {
                    match item.get_ref() {
                        DeValue::String(s) => out.push((s.to_string(), item.span())),
                        other => {
                            self.problem(
                                item.span(),
                                format!(
                                    "`{key}` holds a {}: write strings only (`{key} = [\"a\", \"b\"]`)",
                                    other.type_str()
                                ),
                            );
                            return None;
                        }
                    }
                }
                if out.is_empty() {
                    self.problem(
                        value.span(),
                        format!("`{key} = []` names nothing: remove the key, or name a value"),
                    );
                    return None;
                }
                Some(out)
            }
            other => {
                self.problem(
                    value.span(),
                    format!(
                        "`{key}` is a {}: write a string or a list of strings (`{key} = \"…\"` or `{key} = [\"…\"]`)",
                        other.type_str()
                    ),
                );
                None
            }
        }
    }

    fn decision(&mut self, key: &str, value: &Spanned<DeValue<'_>>) -> Option<Decision> {
        let text = self.string(key, value)?;
        match text.as_str() {
            "allow" => Some(Decision::Allow),
            "ask" => Some(Decision::Ask),
            "deny" => Some(Decision::Deny),
            other => {
                let hint = closest(other, ["allow", "ask", "deny"])
                    .map(|near| format!("did you mean `{near}`?"))
                    .unwrap_or_else(|| "write `allow`, `ask` or `deny`".into());
                self.problem(
                    value.span(),
                    format!("`{key} = \"{other}\"` is not a decision: {hint}"),
                );
                None
            }
        }
    }
}

fn list(items: &[&str]) -> String {
    items
        .iter()
        .map(|item| format!("`{item}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads a policy file's text; `file` names it in errors and in `FILE:N` rule names.
pub(crate) fn parse(text: &str, file: &str) -> Result<Parsed, LoadError> {
    let refuse = |problems: Vec<Problem>| LoadError {
        file: file.to_owned(),
        problems,
    };
    let table = match DeTable::parse(text) {
        Ok(table) => table,
        Err(err) => {
            let line = err.span().map(|span| line_of(text, span.start));
            return Err(refuse(vec![Problem {
                line,
                message: format!("not valid TOML: {}", err.message().trim_end()),
            }]));
        }
    };
    let mut reader = Reader {
        text,
        problems: Vec::new(),
    };
    let mut version_seen = false;
    let mut default = Decision::Ask;
    let mut rules = Vec::new();
    for (key, value) in table.get_ref().iter() {
        match key.get_ref().as_ref() {
            "version" => {
                version_seen = true;
                match value.get_ref() {
                    DeValue::Integer(n) if n.as_str() == "1" && n.radix() == 10 => {}
                    _ => reader.problem(
                        value.span(),
                        "this reader knows policy `version = 1` only: write `version = 1`".into(),
                    ),
                }
            }
            "default" => {
                if let Some(decision) = reader.decision("default", value) {
                    if decision == Decision::Allow {
                        reader.problem(
                            value.span(),
                            "an allow default is refused (whatever no rule names would go \
                             ahead unasked): write `default = \"ask\"` and allow rules for \
                             what may go ahead"
                                .into(),
                        );
                    } else {
                        default = decision;
                    }
                }
            }
            "rule" => match value.get_ref() {
                DeValue::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        match item.get_ref() {
                            DeValue::Table(table) => {
                                if let Some(rule) = read_rule(&mut reader, file, i + 1, item.span(), table) {
                                    rules.push(rule);
                                }
                            }
                            other => reader.problem(
                                item.span(),
                                format!("a rule is a table, not a {}: write each rule as `[[rule]]` followed by its keys", other.type_str()),
                            ),
                        }
                    }
                }
                _ => reader.problem(
                    value.span(),
                    "`rule` is a list of tables: write each rule under its own `[[rule]]` header (two brackets)".into(),
                ),
            },
            _ => reader.unknown_key(key, TOP_KEYS, "the policy"),
        }
    }
    if !version_seen {
        reader.problems.push(Problem {
            line: Some(1),
            message: "the policy has no `version`: write `version = 1` as its first line".into(),
        });
    }
    if reader.problems.is_empty() {
        Ok(Parsed { default, rules })
    } else {
        reader.problems.sort_by_key(|problem| problem.line);
        Err(refuse(reader.problems))
    }
}

fn read_rule(
    reader: &mut Reader<'_>,
    file: &str,
    position: usize,
    span: Range<usize>,
    table: &DeTable<'_>,
) -> Option<Rule> {
    let before = reader.problems.len();
    let mut name = None;
    let mut decision = None;
    let mut selectors = Selectors::default();
    let mut command = None;
    let mut path = None;
    let mut host = None;
    let mut evidence_any = false;
    let mut examples: Vec<(bool, SpannedValues)> = Vec::new();
    let mut example_span = None;
    let mut decision_span = span.clone();
    // The constraints are compiled once the decision is known (an allow's globs differ).
    let mut constraints: Vec<(&str, SpannedValues)> = Vec::new();
    for (key, value) in table.iter() {
        let key_name = key.get_ref().as_ref();
        match key_name {
            "name" => {
                if let Some(text) = reader.string("name", value) {
                    if text.trim().is_empty() || text == "default" {
                        reader.problem(
                            value.span(),
                            format!("a rule cannot be named `{text}`: write a name that says what the rule is for"),
                        );
                    } else {
                        name = Some(text);
                    }
                }
            }
            "decision" => {
                decision_span = value.span();
                decision = reader.decision("decision", value);
            }
            "label" => {
                selectors.label = reader.strings("label", value).and_then(|labels| {
                    checked(reader, "label", labels, &known_labels().collect::<Vec<_>>())
                });
            }
            "kind" => {
                selectors.kind = reader.strings("kind", value).and_then(|kinds| {
                    checked(reader, "kind", kinds, &known_kinds().collect::<Vec<_>>())
                });
            }
            "tool" => selectors.tool = reader.strings("tool", value).map(values),
            "agent" => selectors.agent = reader.strings("agent", value).map(values),
            "namespace" => {
                if let Some(items) = reader.strings("namespace", value) {
                    let mut namespaces = Vec::new();
                    for (text, span) in items {
                        match text.parse::<Namespace>() {
                            Ok(namespace) => namespaces.push(namespace),
                            Err(err) => reader.problem(span, format!("namespace `{text}`: {err}")),
                        }
                    }
                    selectors.namespace = Some(namespaces);
                }
            }
            "command" | "path" | "host" => {
                if let Some(items) = reader.strings(key_name, value) {
                    constraints.push((
                        if key_name == "command" {
                            "command"
                        } else if key_name == "path" {
                            "path"
                        } else {
                            "host"
                        },
                        items,
                    ));
                }
            }
            "evidence" => {
                if let Some(text) = reader.string("evidence", value) {
                    if text == "any" {
                        evidence_any = true;
                    } else {
                        reader.problem(
                            value.span(),
                            format!("`evidence = \"{text}\"` is not understood: write `evidence = \"any\"` to let an allow match a call whose identity is not earned, or leave the key out"),
                        );
                    }
                }
            }
            "match" | "not_match" => {
                example_span.get_or_insert(key.span());
                if let Some(items) = reader.strings(key_name, value) {
                    examples.push((key_name == "match", items));
                }
            }
            _ => reader.unknown_key(key, RULE_KEYS, "a rule"),
        }
    }
    let Some(decision) = decision else {
        if reader.problems.len() == before {
            reader.problem(
                span,
                "the rule has no `decision`: write `decision = \"allow\"`, `\"ask\"` or `\"deny\"`"
                    .into(),
            );
        }
        return None;
    };
    for (key, items) in constraints {
        let texts: Vec<String> = items.iter().map(|(text, _)| text.clone()).collect();
        let result = match key {
            "command" => CommandConstraint::compile(&texts).map(|c| command = Some(c)),
            "path" => {
                PathConstraint::compile(&texts, decision == Decision::Allow).map(|c| path = Some(c))
            }
            _ => HostConstraint::compile(&texts).map(|c| host = Some(c)),
        };
        if let Err((i, why)) = result {
            reader.problem(items[i].1.clone(), why);
        }
    }
    if decision == Decision::Allow
        && selectors.is_empty()
        && command.is_none()
        && path.is_none()
        && host.is_none()
        && reader.problems.len() == before
    {
        reader.problem(
            decision_span,
            "an allow rule with no selector and no constraint allows every call, which is an \
             allow default: name what it allows (`label`, `tool`, `command`, `path`, `host`, …)"
                .into(),
        );
    }
    let mut rule = Rule {
        name: name.unwrap_or_else(|| format!("{file}:{position}")),
        decision,
        selectors,
        command,
        path,
        host,
        evidence_any,
        examples: Vec::new(),
    };
    if !examples.is_empty() && rule.input_key().is_none() && reader.problems.len() == before {
        reader.problem(
            example_span.unwrap_or(span),
            "`match` and `not_match` are values of the rule's one input key, and this rule \
             constrains none or several: give it exactly one of `command`, `path` or `host`, \
             or remove the examples"
                .into(),
        );
    }
    for (should_match, items) in examples {
        for (value, span) in items {
            rule.examples.push(Example {
                value,
                should_match,
                line: line_of(reader.text, span.start),
            });
        }
    }
    (reader.problems.len() == before).then_some(rule)
}

fn values(items: Vec<(String, Range<usize>)>) -> Vec<String> {
    items.into_iter().map(|(text, _)| text).collect()
}

/// The values of a `label` or `kind` selector, each known (case-sensitive, as the contract
/// spells them).
fn checked(
    reader: &mut Reader<'_>,
    key: &str,
    items: Vec<(String, Range<usize>)>,
    known: &[&str],
) -> Option<Vec<String>> {
    let mut ok = true;
    for (text, span) in &items {
        if !known.contains(&text.as_str()) {
            ok = false;
            let hint = match closest(text, known.iter().copied()) {
                Some(near) => format!("did you mean `{near}`?"),
                None => format!("write one of {}", list(known)),
            };
            reader.problem(span.clone(), format!("unknown {key} `{text}`: {hint}"));
        }
    }
    ok.then(|| values(items))
}
