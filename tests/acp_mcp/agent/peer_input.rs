//! The `agent` example against a client that sends what it should not: a failed or
//! malformed permission answer, a line that is not UTF-8, a line, prompt or session count
//! past the limits. Each gets an answer that says what was wrong, and the agent keeps
//! serving every session.

use std::fs;

use serde_json::{Value, json};

use super::driver::{RawAgent, scratch};

/// Runs `edit kept.txt old => new` then `run touch after`, answers the permission request
/// with `answer`, and checks that the edit counted as not allowed, the turn went on, and the
/// agent still serves a new prompt on the same session.
fn permission_answered_with(name: &str, answer: impl FnOnce(&mut RawAgent, &Value)) {
    let cwd = scratch(name);
    fs::write(cwd.join("kept.txt"), "old\n").unwrap();
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let prompt = agent.prompt(&session, "edit kept.txt old => new\nrun touch after\n");
    let request = agent.next_permission_request();
    answer(&mut agent, &request);

    assert_eq!(agent.stop_reason(prompt), "end_turn");
    assert_eq!(fs::read_to_string(cwd.join("kept.txt")).unwrap(), "old\n");
    let calls = agent.calls(&session);
    assert_eq!(calls["call_1"].status, "failed");
    assert!(
        calls["call_1"].output.contains("nothing was written"),
        "{:?}",
        calls["call_1"]
    );
    assert!(
        cwd.join("after").exists(),
        "the turn went on after the edit"
    );

    let again = agent.prompt(&session, "ls .\n");
    assert_eq!(agent.stop_reason(again), "end_turn");
    assert!(agent.is_running());
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_permission_answered_with_a_json_rpc_error_counts_as_not_allowed() {
    permission_answered_with("permission-error", |agent, request| {
        agent.answer_error(request, -32603, "the client's dialog crashed");
    });
}

#[test]
fn a_malformed_permission_answer_counts_as_not_allowed() {
    permission_answered_with("permission-malformed", |agent, request| {
        agent.answer(request, json!({"outcome": "allow"}));
    });
}

#[test]
fn a_permission_answer_naming_an_option_never_offered_counts_as_not_allowed() {
    permission_answered_with("permission-unknown-option", |agent, request| {
        agent.answer(
            request,
            json!({"outcome": {"outcome": "selected", "optionId": "allow_always"}}),
        );
    });
}

/// The JSON-RPC error an uncorrelated parse failure gets.
fn is_parse_error(message: &Value) -> bool {
    message["id"].is_null() && message["error"]["code"] == -32700
}

#[test]
fn a_line_that_is_not_utf8_gets_a_parse_error_and_the_agent_keeps_serving() {
    let cwd = scratch("not-utf8");
    let (mut agent, session) = RawAgent::with_session(&[], &cwd);
    let mut line =
        br#"{"jsonrpc":"2.0","id":90,"method":"session/prompt","params":{"sessionId":""#.to_vec();
    line.extend_from_slice(session.as_bytes());
    line.extend_from_slice(
        b"\",\"prompt\":[{\"type\":\"text\",\"text\":\"run touch \xff\xfe\"}]}}\n",
    );
    agent.send_bytes(&line);

    let error = agent.wait_for("a parse error", is_parse_error);
    let said = error["error"]["data"]["line"].as_str().unwrap_or_default();
    assert!(said.contains("not UTF-8"), "{error}");
    // Nothing of the line was acted on, and the agent still answers.
    assert!(agent.calls(&session).is_empty());
    let prompt = agent.prompt(&session, "ls .\n");
    assert_eq!(agent.stop_reason(prompt), "end_turn");
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn an_oversized_line_gets_a_short_parse_error_and_the_agent_keeps_serving() {
    let cwd = scratch("oversized-line");
    let (mut agent, session) = RawAgent::with_session(&["--max-line-bytes", "4096"], &cwd);
    let huge = "x".repeat(64 * 1024);
    let line = format!("{{\"jsonrpc\":\"2.0\",\"id\":91,\"bad\":\"{huge}\n");
    agent.send_bytes(line.as_bytes());

    let error = agent.wait_for("a parse error", is_parse_error);
    let size = error.to_string().len();
    assert!(size < 512, "the error echoes {size} bytes");
    let said = error["error"]["data"]["line"].as_str().unwrap_or_default();
    let length = format!("{} bytes", line.len() - 1);
    assert!(said.contains(&length) && said.contains("4096"), "{error}");
    let prompt = agent.prompt(&session, "ls .\n");
    assert_eq!(agent.stop_reason(prompt), "end_turn");
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_prompt_over_the_limit_is_refused_with_its_id_and_the_session_keeps_serving() {
    let cwd = scratch("prompt-limit");
    let (mut agent, session) = RawAgent::with_session(&["--max-prompt-bytes", "1024"], &cwd);
    let long = format!("run touch too-long\n{}", "# padding\n".repeat(400));
    let refused = agent.prompt(&session, &long);
    let response = agent.response(refused);
    assert_eq!(response["error"]["code"], -32602, "{response}");
    assert!(
        response["error"]["data"]
            .to_string()
            .contains("over the 1024-byte limit"),
        "{response}"
    );
    assert!(!cwd.join("too-long").exists());
    let prompt = agent.prompt(&session, "run touch short\n");
    assert_eq!(agent.stop_reason(prompt), "end_turn");
    assert!(cwd.join("short").exists());
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn sessions_past_the_limit_evict_the_least_recently_used_idle_one() {
    let cwd = scratch("session-limit");
    let (mut agent, first) = RawAgent::with_session(&["--max-sessions", "2"], &cwd);
    let second = agent.new_session(&cwd);
    let used = agent.prompt(&first, "ls .\n"); // the first is now the most recently used
    assert_eq!(agent.stop_reason(used), "end_turn");
    let third = agent.new_session(&cwd);
    assert_ne!(third, first);
    assert_ne!(third, second);

    let evicted = agent.prompt(&second, "ls .\n");
    let response = agent.response(evicted);
    assert_eq!(response["error"]["code"], -32002, "{response}");
    for kept in [&first, &third] {
        let prompt = agent.prompt(kept, "ls .\n");
        assert_eq!(agent.stop_reason(prompt), "end_turn", "{kept}");
    }
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn a_new_session_is_refused_while_every_session_runs_a_turn() {
    let cwd = scratch("session-limit-busy");
    let (mut agent, busy) = RawAgent::with_session(&["--max-sessions", "1"], &cwd);
    let prompt = agent.prompt(&busy, "run sleep 3\n");
    agent.wait_running(&busy, "call_1");

    let refused = agent.request("session/new", json!({"cwd": cwd, "mcpServers": []}));
    let response = agent.response(refused);
    assert!(response["error"]["code"].is_i64(), "{response}");
    assert!(
        response["error"]["data"].to_string().contains("1 session"),
        "{response}"
    );
    // Once the turn is over, the idle session makes room.
    assert_eq!(agent.stop_reason(prompt), "end_turn");
    agent.new_session(&cwd);
    let _ = fs::remove_dir_all(&cwd);
}
