//! Issue 38's three readings that were not earned, as the programs show them (DESIGN §6, "A
//! reading must be earned"): codex-acp's network permission request is never stamped an
//! Edit, a subagent sent as ACP `think` is not read-only, and a path with invisible format
//! characters is printed visibly escaped. The Rust ledger and the Node.js reader are checked
//! on the same traffic in `tests/reference_reader.rs`.

use serde_json::{Value, json};

/// codex-acp's `initialize` answer (the Rust adapter, as recorded in tests/data/real/codex).
const CODEX: &str = r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":1,"agentInfo":{"name":"codex-acp","title":"Codex","version":"0.16.0"}}}"#;

/// A network permission request as codex-acp sends it: `request_permissions` in its
/// src/thread.rs makes a pending tool call titled with the reason, whose `rawInput` is
/// Codex's `RequestPermissionsEvent` as current codex-rs serializes it (`call_id`,
/// `turn_id`, `environmentId`, `started_at_ms`, `reason`, `permissions`, `cwd`), and no kind.
const NETWORK_REQUEST: &str = r#"{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"call_q7Vn2","status":"pending","title":"Fetch the crate index from crates.io","rawInput":{"call_id":"call_q7Vn2","turn_id":"019b3c2e","environmentId":"local","started_at_ms":1781000000000,"reason":"Fetch the crate index from crates.io","permissions":{"network":{"enabled":true}},"cwd":"/home/dev/work/codex"},"content":[{"type":"content","content":{"type":"text","text":"Fetch the crate index from crates.io\nNetwork Access: true"}}]},"options":[{"optionId":"approved-for-session","name":"Yes, for session","kind":"allow_always"},{"optionId":"approved","name":"Yes","kind":"allow_once"},{"optionId":"abort","name":"No","kind":"reject_once"}]}}"#;

/// Mistral Vibe's `initialize` answer.
const VIBE: &str = r#"{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":1,"agentInfo":{"name":"Mistral Vibe","version":"2.1.0"}}}"#;

/// Vibe's subagent tool, named in `_meta.tool_name` and sent with ACP kind `think`.
const SPAWN: &str = r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"spawn_1","title":"agents.spawn","kind":"think","status":"pending","rawInput":{"description":"Refactor the parser","prompt":"Rewrite src/parse.rs and run the tests"},"_meta":{"tool_name":"agents.spawn"}}}}"#;

fn stamp_all(lines: &[&str]) -> Vec<Option<String>> {
    crate::common::stamp_all(None, false, lines)
}

/// The proxy's envelope in a stamped line, if any.
fn envelope(line: &str) -> Option<Value> {
    let message: Value = serde_json::from_str(line).unwrap();
    let event = message["params"]
        .get("toolCall")
        .or(message["params"].get("update"))?;
    event["_meta"].get("x.ai/tool").cloned()
}

#[test]
fn the_proxy_never_stamps_an_edit_on_codex_s_network_request() {
    let out = stamp_all(&[CODEX, NETWORK_REQUEST]);
    // Nothing names the tool (its event fields tell no Codex tool apart, and no kind is
    // sent): the request passes as the agent wrote it, with no envelope — no Edit.
    assert_eq!(
        out[1],
        None,
        "stamped: {:?}",
        out[1].as_deref().map(envelope)
    );
}

#[test]
fn the_proxy_stamps_a_subagent_sent_as_think_not_read_only() {
    let out = stamp_all(&[VIBE, SPAWN]);
    let line = out[1].as_deref().expect("a named tool is stamped");
    let envelope = envelope(line).unwrap();
    assert_eq!(envelope["name"], "agents.spawn");
    assert_eq!(envelope["namespace"], "_mistral_vibe");
    assert_eq!(envelope["label"], "Think");
    assert_eq!(envelope["read_only"], false);
}

/// A Claude Code write to `.env` followed by a zero-width space and a byte-order mark, left
/// waiting on its permission.
fn invisible_path_session() -> String {
    let path = "/w/.env\u{200b}\u{feff}";
    [
        json!({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": 1,
            "agentInfo": {"name": "@agentclientprotocol/claude-agent-acp"}}}),
        json!({"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": "s1",
            "update": {"sessionUpdate": "tool_call", "toolCallId": "toolu_01", "kind": "edit",
                "status": "pending", "title": format!("Write {path}"),
                "locations": [{"path": path}],
                "rawInput": {"file_path": path, "content": "KEY=1\n"},
                "_meta": {"claudeCode": {"toolName": "Write"}}}}}),
    ]
    .iter()
    .map(Value::to_string)
    .collect::<Vec<_>>()
    .join("\n")
}

#[test]
fn touched_and_inspect_print_an_invisible_path_escaped() {
    let session = invisible_path_session();
    for args in [&["touched", "-"][..], &["inspect", "-"][..]] {
        let (_, out, _) = crate::common::toolmeta(args, &session);
        assert!(
            !out.contains('\u{200b}') && !out.contains('\u{feff}'),
            "{args:?}: {out}"
        );
        assert!(out.contains(r"/w/.env\u{200b}\u{feff}"), "{args:?}: {out}");
    }
    // JSON keeps JSON's own escaping: the path reads back exactly.
    let (_, out, _) = crate::common::toolmeta(&["touched", "--json", "-"], &session);
    let paths: Vec<String> = out
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap()["what"].to_string())
        .collect();
    assert!(
        paths
            .iter()
            .any(|what| what == &json!("/w/.env\u{200b}\u{feff}").to_string()),
        "{out}"
    );
}
