//! Selectors, what is judged, earned evidence, the decision order and the client methods
//! (DESIGN §8, "Selectors", "What is judged", "Decision", "Earned identity").

use serde_json::json;

use super::super::ClientMethodError;
use super::*;
use crate::Namespace;
use Decision::{Allow, Ask, Deny};

const POLICY: &str = r#"
version = 1
default = "ask"

[[rule]]
name = "read-src"
decision = "allow"
label = "Read"
path = "/src/**"

[[rule]]
name = "acme-read"
decision = "allow"
agent = "acme-coder"
label = "Read"
path = "/docs/**"
evidence = "any"

[[rule]]
name = "no-bash-tool"
decision = "deny"
tool = "Bash"
namespace = "claude_code"

[[rule]]
name = "no-rm"
decision = "deny"
label = "Run Command"
command = "rm"

[[rule]]
name = "no-env"
decision = "deny"
path = "**/.env"
"#;

fn read(path: &str) -> Call {
    with_paths("Read", &[path])
}

#[test]
fn an_allow_needs_an_earned_identity_unless_the_rule_says_evidence_any() {
    let policy = policy(POLICY);
    let mut call = read("src/a.rs");
    assert_eq!(decision(&policy, &call), Allow);
    call.earned = false;
    let got = verdict(&policy, &call);
    assert_eq!((got.decision, got.rule.as_str()), (Ask, "default"));
    // `evidence = "any"`: the way to allow an agent without a catalog.
    let acme = context().with_agent("Acme-Coder");
    let mut docs = read("docs/guide.md");
    docs.earned = false;
    assert_eq!(policy.decide(&docs, &acme).decision, Allow);
    assert_eq!(
        policy
            .decide(&docs, &context().with_agent("other"))
            .decision,
        Ask
    );
}

#[test]
fn when_not_earned_deny_also_judges_the_reading_acps_kind_alone_gives() {
    let policy = policy(POLICY);
    // A catalog misreading says Read; the agent sent ACP `execute` with a command.
    let call = Call {
        identities: vec![identity("Read")],
        earned: false,
        acp_kind_reading: Some(identity("Run Command").with_kind("execute")),
        commands: vec![CommandInput::line("rm -rf ~")],
        ..Call::default()
    };
    assert_eq!(verdict(&policy, &call).rule, "no-rm");
    // Earned, the reading is the identity: the ACP kind is not consulted.
    let earned = Call {
        earned: true,
        ..call
    };
    assert_eq!(decision(&policy, &earned), Ask);
}

#[test]
fn every_identity_the_call_has_had_is_judged() {
    let policy = policy(POLICY);
    // Renamed from Run Command to Read after sending a command: the deny still sees it.
    let call = Call {
        identities: vec![identity("Run Command"), identity("Read")],
        earned: true,
        commands: vec![CommandInput::line("rm x")],
        paths: vec!["src/a.rs".into()],
        ..Call::default()
    };
    assert_eq!(decision(&policy, &call), Deny);
    // An allow needs every identity allowed: Read is, Edit is not.
    let call = Call {
        identities: vec![identity("Read"), identity("Edit")],
        earned: true,
        paths: vec!["src/a.rs".into()],
        ..Call::default()
    };
    assert_eq!(decision(&policy, &call), Ask);
    // What was sent early cannot be hidden by a later one: every path is judged.
    let call = with_paths("Read", &["src/a.rs", "src/.env"]);
    assert_eq!(decision(&policy, &call), Deny);
}

#[test]
fn a_call_with_no_identity_is_never_allowed_but_still_denied() {
    let policy = policy(POLICY);
    let call = Call {
        earned: true,
        paths: vec!["src/a.rs".into()],
        ..Call::default()
    };
    assert_eq!(decision(&policy, &call), Ask);
    let call = Call {
        earned: true,
        paths: vec![".env".into()],
        ..Call::default()
    };
    assert_eq!(decision(&policy, &call), Deny);
}

#[test]
fn tool_is_compared_exactly_and_namespace_through_its_aliases() {
    let policy = policy(POLICY);
    let call = |tool: &str, namespace: &str| Call {
        identities: vec![
            identity("Run Command")
                .with_tool(tool)
                .with_namespace(namespace),
        ],
        earned: true,
        commands: vec![CommandInput::line("ls")],
        ..Call::default()
    };
    assert_eq!(decision(&policy, &call("Bash", "claude_code")), Deny);
    assert_eq!(decision(&policy, &call("bash", "claude_code")), Ask);
    assert_eq!(decision(&policy, &call("Bash", "opencode")), Ask);
    let aliased = policy_with_namespace("OpenCode");
    assert_eq!(decision(&aliased, &call("bash", "open_code")), Deny);
}

fn policy_with_namespace(namespace: &str) -> Policy {
    super::policy(&format!(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nnamespace = \"{namespace}\"\n"
    ))
}

#[test]
fn agent_is_case_insensitive_and_names_a_catalog_harness_by_its_namespace() {
    let policy = super::policy(
        "version = 1\n[[rule]]\ndecision = \"deny\"\nagent = [\"ACME-coder\", \"claude_code\"]\nlabel = \"Delete\"\n",
    );
    let call = with_paths("Delete", &["x"]);
    assert_eq!(
        policy
            .decide(&call, &context().with_agent("acme-CODER"))
            .decision,
        Deny
    );
    assert_eq!(
        policy.decide(&call, &context().with_agent("acme")).decision,
        Ask
    );
    let mut claude = context().with_agent("claude-code-acp");
    assert_eq!(policy.decide(&call, &claude).decision, Ask);
    claude.agent_namespace = Some(Namespace::ClaudeCode);
    assert_eq!(policy.decide(&call, &claude).decision, Deny);
    // No agent known: an agent selector does not hold.
    assert_eq!(policy.decide(&call, &context()).decision, Ask);
}

#[test]
fn deny_beats_ask_beats_allow_whatever_their_order() {
    let rules = [
        "[[rule]]\nname = \"a\"\ndecision = \"allow\"\nlabel = \"Read\"\n",
        "[[rule]]\nname = \"q\"\ndecision = \"ask\"\nlabel = \"Read\"\n",
        "[[rule]]\nname = \"d\"\ndecision = \"deny\"\nlabel = \"Read\"\n",
    ];
    for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2], [1, 2, 0]] {
        let text = format!("version = 1\n{}", order.map(|i| rules[i]).join("\n"));
        let got = verdict(&super::policy(&text), &read("x"));
        assert_eq!((got.decision, got.rule.as_str()), (Deny, "d"));
    }
    let text = format!("version = 1\n{}\n{}", rules[1], rules[0]);
    assert_eq!(verdict(&super::policy(&text), &read("x")).rule, "q");
}

#[test]
fn the_deciding_rule_is_the_first_of_the_winning_decision_and_unnamed_rules_are_file_n() {
    let text = "version = 1\n[[rule]]\ndecision = \"deny\"\nlabel = \"Read\"\n[[rule]]\ndecision = \"deny\"\nlabel = \"Read\"\n";
    let got = verdict(&super::policy(text), &read("x"));
    assert_eq!(got.rule, "test.toml:1");
    assert_eq!(got.rules, ["test.toml:1"]);
    let got = verdict(&super::policy(text), &with_paths("Edit", &["x"]));
    assert_eq!((got.rule.as_str(), got.rules.len()), ("default", 0));
}

#[test]
fn several_files_add_up_and_the_stricter_default_wins() {
    let mut first = Policy::from_toml(
        "version = 1\ndefault = \"ask\"\n[[rule]]\ndecision = \"allow\"\nlabel = \"Read\"\n",
        "a.toml",
    )
    .unwrap();
    let second = Policy::from_toml("version = 1\ndefault = \"deny\"\n[[rule]]\ndecision = \"deny\"\nlabel = \"Read\"\npath = \"*.key\"\n", "b.toml").unwrap();
    first.add(second);
    assert_eq!(first.default_decision(), Deny);
    assert_eq!(first.rule_count(), 2);
    assert_eq!(verdict(&first, &read("x.key")).rule, "b.toml:1");
    assert_eq!(verdict(&first, &read("x.rs")).rule, "a.toml:1");
    assert_eq!(verdict(&first, &with_paths("Edit", &["x"])).decision, Deny);
}

#[test]
fn rules_of_an_added_file_are_selected_and_matched_like_the_first_files() {
    // The second file's command prefixes and labels are found by the same lookups as the
    // first's, under their own names and positions.
    let mut first = Policy::from_toml(
        "version = 1\n[[rule]]\ndecision = \"allow\"\nlabel = \"Run Command\"\ncommand = \"git\"\n",
        "a.toml",
    )
    .unwrap();
    let second = Policy::from_toml(
        "version = 1\n[[rule]]\ndecision = \"ask\"\nlabel = \"Read\"\n[[rule]]\ndecision = \"deny\"\nlabel = \"Run Command\"\ncommand = \"git push\"\n",
        "b.toml",
    )
    .unwrap();
    first.add(second);
    let got = verdict(&first, &run("git log && /usr/bin/git push origin"));
    assert_eq!((got.decision, got.rule.as_str()), (Deny, "b.toml:2"));
    let got = verdict(&first, &run("git log"));
    assert_eq!((got.decision, got.rule.as_str()), (Allow, "a.toml:1"));
    let got = verdict(&first, &read("x"));
    assert_eq!((got.decision, got.rule.as_str()), (Ask, "b.toml:1"));
}

#[test]
fn a_missing_key_is_never_less_strict_than_the_default_nor_lets_an_allow_through_a_deny() {
    let text = r#"
version = 1
default = "ask"
[[rule]]
name = "all-commands"
decision = "allow"
label = "Run Command"
[[rule]]
name = "no-rm"
decision = "deny"
label = "Run Command"
command = "rm"
"#;
    let policy = super::policy(text);
    // Gemini CLI and Kimi CLI send no arguments with some requests.
    let bare = Call {
        identities: vec![identity("Run Command")],
        earned: true,
        ..Call::default()
    };
    let got = verdict(&policy, &bare);
    assert_eq!((got.decision, got.rule.as_str()), (Ask, "no-rm"));
    assert_eq!(decision(&policy, &run("ls")), Allow);
    assert_eq!(decision(&policy, &run("rm x")), Deny);
}

#[test]
fn client_methods_are_identified_by_their_method_which_is_earned() {
    let policy = policy(POLICY);
    let call = Call::from_client_method(
        "fs/read_text_file",
        &json!({"sessionId": "s", "path": format!("{CWD}/src/a.rs")}),
    )
    .unwrap();
    assert!(call.earned);
    assert_eq!(call.identities[0].label, "Read");
    assert_eq!(decision(&policy, &call), Allow);
    let call = Call::from_client_method(
        "fs/write_text_file",
        &json!({"path": "/x/.env", "content": "A=1"}),
    )
    .unwrap();
    assert_eq!(call.identities[0].label, "Write");
    assert_eq!(decision(&policy, &call), Deny);
    let call = Call::from_client_method(
        "terminal/create",
        &json!({"command": "rm", "args": ["x"], "cwd": CWD}),
    )
    .unwrap();
    assert_eq!(call.identities[0].label, "Run Command");
    assert_eq!(decision(&policy, &call), Deny);
}

#[test]
fn a_client_request_that_cannot_be_read_says_so() {
    assert_eq!(
        Call::from_client_method("fs/read_text_file", &json!({"path": 7})),
        Err(ClientMethodError::Unreadable("path"))
    );
    assert_eq!(
        Call::from_client_method("fs/read_text_file", &json!({})),
        Err(ClientMethodError::Unreadable("path"))
    );
    assert_eq!(
        Call::from_client_method(
            "terminal/create",
            &json!({"command": "ls", "args": ["-l", 3]})
        ),
        Err(ClientMethodError::Unreadable("args"))
    );
    assert_eq!(
        Call::from_client_method("terminal/output", &json!({})),
        Err(ClientMethodError::NotChecked)
    );
}
