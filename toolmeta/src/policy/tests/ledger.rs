//! From the ledger to the policy (DESIGN §8, "What is judged", "Earned identity"): every
//! identity and every input a call's updates and its permission request carried.

use std::path::PathBuf;

use crate::client::Ledger;
use crate::policy::{CallHistory, Context, Decision, MAX_PER_CALL, Policy};

use super::{CWD, HOME, policy};

const POLICY: &str = r#"
version = 1
default = "ask"

[[rule]]
name = "listing"
decision = "allow"
label = "Run Command"
command = ["ls"]

[[rule]]
name = "reading"
decision = "allow"
label = "Read"
path = "/src/**"

[[rule]]
name = "no-cat"
decision = "deny"
label = "Run Command"
command = ["cat"]

[[rule]]
name = "secrets"
decision = "deny"
label = ["Read", "Edit", "Write"]
path = "**/.env"
"#;

/// Feeds `lines` to a ledger and a history; the verdict on call `c1`.
fn judge(policy: &Policy, lines: &[&str]) -> (Decision, String) {
    let mut ledger = Ledger::new();
    let mut history = CallHistory::new();
    for line in lines {
        ledger.feed(*line);
        history.note(&ledger);
        // A permission request's own `toolCall`, as the proxy and `policy check` note it.
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        if let Some(tool_call) = value.pointer("/params/toolCall")
            && let Some(call) = ledger.get("c1")
        {
            history.note_request(&ledger, call.id(), tool_call);
        }
    }
    let call = history.judged(ledger.get("c1").expect("the call is in the ledger"));
    let context = Context::new(Some(PathBuf::from(CWD)), PathBuf::from(HOME));
    let verdict = policy.decide(&call, &context);
    (verdict.decision, verdict.rule)
}

fn bash(command: &str, update: &str) -> String {
    format!(
        r#"{{"sessionUpdate":"{update}","toolCallId":"c1","kind":"execute","_meta":{{"claudeCode":{{"toolName":"Bash"}}}},"rawInput":{{"command":"{command}"}}}}"#
    )
}

#[test]
fn a_command_an_earlier_update_sent_is_still_judged() {
    let policy = policy(POLICY);
    assert_eq!(
        judge(&policy, &[&bash("ls", "tool_call")]),
        (Decision::Allow, "listing".into())
    );
    // The ledger keeps only `ls`; `cat` was sent first and is denied.
    assert_eq!(
        judge(
            &policy,
            &[&bash("cat x", "tool_call"), &bash("ls", "tool_call_update")]
        ),
        (Decision::Deny, "no-cat".into())
    );
}

#[test]
fn a_path_a_permission_request_carried_is_judged() {
    let policy = policy(POLICY);
    let read = r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read","_meta":{"claudeCode":{"toolName":"Read"}},"rawInput":{"file_path":"src/lib.rs"}}"#;
    assert_eq!(judge(&policy, &[read]), (Decision::Allow, "reading".into()));
    let request = r#"{"jsonrpc":"2.0","id":1,"method":"session/request_permission","params":{"toolCall":{"toolCallId":"c1","rawInput":{"file_path":"config/.env"}},"options":[]}}"#;
    assert_eq!(
        judge(&policy, &[read, request]),
        (Decision::Deny, "secrets".into())
    );
}

#[test]
fn every_identity_the_call_has_had_must_be_allowed() {
    let policy = policy(POLICY);
    let read = r#"{"sessionUpdate":"tool_call","toolCallId":"c1","_meta":{"claudeCode":{"toolName":"Read"}},"rawInput":{"file_path":"src/lib.rs"}}"#;
    assert_eq!(judge(&policy, &[read]), (Decision::Allow, "reading".into()));
    // Named Write first, then renamed Read: the Write it was is not allowed.
    let write = r#"{"sessionUpdate":"tool_call","toolCallId":"c1","_meta":{"claudeCode":{"toolName":"Write"}},"rawInput":{"file_path":"src/lib.rs","content":"x"}}"#;
    let renamed = read.replace("\"tool_call\"", "\"tool_call_update\"");
    assert_eq!(
        judge(&policy, &[write, &renamed]),
        (Decision::Ask, "default".into())
    );
}

#[test]
fn a_reading_from_acps_kind_alone_is_not_earned() {
    // No tool name anywhere: the label comes from ACP's `kind`.
    let line = r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"execute","title":"ls","rawInput":{"command":"ls"}}"#;
    assert_eq!(
        judge(&policy(POLICY), &[line]),
        (Decision::Ask, "default".into())
    );
    let any = POLICY.replace(
        "command = [\"ls\"]\n",
        "command = [\"ls\"]\nevidence = \"any\"\n",
    );
    assert_eq!(
        judge(&policy(&any), &[line]),
        (Decision::Allow, "listing".into())
    );
    // Deny still judges it.
    let cat = line.replace("\"ls\"}", "\"cat x\"}");
    assert_eq!(
        judge(&policy(&any), &[&cat]),
        (Decision::Deny, "no-cat".into())
    );
}

#[test]
fn a_call_that_sent_more_than_is_kept_is_never_allowed_but_still_denied() {
    let policy = policy(POLICY);
    let mut lines: Vec<String> = vec![bash("ls", "tool_call")];
    for i in 0..=MAX_PER_CALL {
        lines.push(bash(&format!("ls {i}"), "tool_call_update"));
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_eq!(judge(&policy, &lines).0, Decision::Ask);
    let mut with_cat = lines.clone();
    let cat = bash("cat x", "tool_call_update");
    with_cat.push(&cat);
    // `cat` came after the history was full: the call's latest state is still judged.
    assert_eq!(judge(&policy, &with_cat), (Decision::Deny, "no-cat".into()));
}

#[test]
fn an_evicted_call_is_forgotten() {
    let mut ledger = Ledger::builder().max_finished(1).build();
    let mut history = CallHistory::new();
    for id in ["a", "b", "c"] {
        ledger.feed(
            format!(
                r#"{{"sessionUpdate":"tool_call","toolCallId":"{id}","kind":"read","status":"completed"}}"#
            )
            .as_str(),
        );
        history.note(&ledger);
    }
    assert!(history.len() <= 2, "{}", history.len());
}
