//! What a live client needs (issue 17): events with stable handles, times, content,
//! permissions and sessions, over the real recordings of both directions and over the
//! edge cases the issue names.

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};
use toolmeta::catalog::Harness;
use toolmeta::client::{
    CallId, Change, Content, Ledger, LineOutcome, PermissionDecision, PermissionOutcome, Status,
};

fn corpus(harness: &str, file: &str) -> String {
    let path = format!(
        "{}/tests/data/real/{harness}/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn at(ms: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_millis(ms)
}

/// Feeds a recording of both directions, each message at its recorded time, calling
/// `each` after every message.
fn replay(harness: &str, mut each: impl FnMut(&Ledger)) -> Ledger {
    let mut ledger = Ledger::new();
    for line in corpus(harness, "interleaved.jsonl").lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        ledger.feed_at(&record["msg"], at(record["t"].as_u64().unwrap()));
        each(&ledger);
    }
    ledger
}

/// A live view kept from the events alone — no snapshot, no diffing — ends where the
/// ledger ends, on every recording.
#[test]
fn a_view_kept_from_events_alone_matches_the_ledger() {
    for harness in ["claude_code", "codex", "gemini_cli", "opencode"] {
        #[derive(Default)]
        struct Row {
            created: usize,
            statuses: Vec<String>,
            finished: usize,
            answered: usize,
            label: String,
        }
        let mut view: HashMap<CallId, Row> = HashMap::new();
        let ledger = replay(harness, |ledger| {
            for event in ledger.events() {
                let call = ledger
                    .call(event.call)
                    .expect("an event's call is readable");
                let row = view.entry(event.call).or_default();
                match event.change {
                    Change::Created => row.created += 1,
                    Change::StatusChanged => row.statuses.push(call.status().to_string()),
                    Change::Finished => row.finished += 1,
                    Change::PermissionAnswered => row.answered += 1,
                    Change::Identified => row.label = call.label().to_owned(),
                    _ => {}
                }
            }
        });
        assert_eq!(view.len(), ledger.len(), "{harness}: one row per call");
        for call in &ledger {
            let row = &view[&call.id()];
            let id = call.tool_call_id();
            assert_eq!(row.created, 1, "{harness} {id}: created once");
            assert_eq!(
                row.finished,
                usize::from(call.is_finished()),
                "{harness} {id}"
            );
            assert_eq!(
                row.statuses.last().map(String::as_str).unwrap_or("pending"),
                call.status().as_str(),
                "{harness} {id}"
            );
            assert_eq!(
                row.answered,
                usize::from(call.permission().and_then(|p| p.outcome()).is_some()),
                "{harness} {id}"
            );
            if call.label() != "Tool" {
                assert_eq!(row.label, call.label(), "{harness} {id}");
            }
            // A permission request may put a running call back to `pending` (it waits on
            // the user), never a finished one (DESIGN §6): once finished, a call is never
            // `pending` again.
            let finished = row
                .statuses
                .iter()
                .position(|s| s == "completed" || s == "failed");
            if let Some(finished) = finished {
                assert!(
                    row.statuses[finished..].iter().all(|s| s != "pending"),
                    "{harness} {id}: {:?}",
                    row.statuses
                );
            }
        }
    }
}

#[test]
fn every_permission_request_and_answer_of_the_recordings_is_kept() {
    // (harness, requests, allowed, rejected): counted by reading each recording's
    // `session/request_permission` requests and the client's answers (the capture client
    // picks the first allow_once option, or reject_once for `sa-reject` commands).
    for (harness, requests, allowed, rejected) in [
        ("claude_code", 11, 10, 1),
        ("codex", 7, 6, 1),
        ("gemini_cli", 14, 13, 1),
        ("opencode", 10, 9, 1),
    ] {
        let ledger = replay(harness, |_| {});
        let decisions: Vec<PermissionDecision> = ledger
            .calls()
            .filter_map(|call| call.permission())
            .map(|permission| permission.decision())
            .collect();
        assert_eq!(decisions.len(), requests, "{harness}");
        let count = |d| decisions.iter().filter(|&&x| x == d).count();
        assert_eq!(count(PermissionDecision::Allowed), allowed, "{harness}");
        assert_eq!(count(PermissionDecision::Rejected), rejected, "{harness}");
        assert_eq!(
            ledger.counts().permission_answers,
            requests as u64,
            "{harness}"
        );
        // The refused call is finished, and not by a status the agent sent (Gemini CLI
        // and codex-acp send nothing more for it).
        let refused = ledger.calls().find(|call| call.is_rejected()).unwrap();
        assert!(refused.is_finished(), "{harness}");
        assert!(refused.finished_at().is_some(), "{harness}");
        assert_eq!(ledger.summary().rejected, 1, "{harness}");
        assert_eq!(
            ledger.summary().unfinished,
            0,
            "{harness}: every call ended"
        );
    }
    // Claude Code's refused Bash: the options it offered (no always-allow) and the pick.
    let ledger = replay("claude_code", |_| {});
    let bash = ledger.get("toolu_d5a47d50889440948f0bfe8f").unwrap();
    let permission = bash.permission().unwrap();
    let options: Vec<(&str, &str)> = permission
        .options()
        .iter()
        .map(|o| (o.id(), o.kind()))
        .collect();
    assert_eq!(
        options,
        [("allow-once", "allow_once"), ("reject", "reject_once")]
    );
    assert_eq!(
        permission.outcome(),
        Some(&PermissionOutcome::Selected("reject".to_owned()))
    );
    assert_eq!(permission.selected().unwrap().name(), "No");
    assert_eq!(bash.status(), Status::Failed);
}

#[test]
fn a_permission_request_neither_replaces_arguments_nor_moves_a_finished_status_back() {
    let ledger = replay("opencode", |_| {});
    // OpenCode's edit: the permission request's rawInput is `{filepath, diff}`; the tool's
    // own arguments stay.
    let edit = ledger.get("call_9ead2115b82d4916").unwrap();
    let raw: Value = serde_json::from_str(edit.raw_input().unwrap().get()).unwrap();
    assert!(raw.get("oldString").is_some(), "{raw}");
    // The call was in progress when the request (status `pending`) arrived.
    assert_eq!(edit.status(), Status::Completed);
    // OpenCode's external-directory read: the request says kind `other`; the call's own
    // `read` stays.
    let read = ledger.get("call_19b83f665f81485a").unwrap();
    assert_eq!(read.acp_kind(), Some("read"));
    assert_eq!(read.label(), "Read");
    // Claude Code's ExitPlanMode keeps its `plan`.
    let ledger = replay("claude_code", |_| {});
    let exit = ledger.get("toolu_a34c596146d347ea87fc7c53").unwrap();
    let raw: Value = serde_json::from_str(exit.raw_input().unwrap().get()).unwrap();
    assert!(raw.get("plan").is_some(), "{raw}");
}

#[test]
fn times_come_from_the_recording() {
    // Claude Code's `ls -la src`: its tool_call at t=1911 ms, its completion at t=1999 ms.
    let ledger = replay("claude_code", |_| {});
    let ls = ledger.get("toolu_dea3cb2a58f7452fae5416e8").unwrap();
    assert_eq!(ls.first_seen(), Some(at(1911)));
    assert_eq!(ls.finished_at(), Some(at(1999)));
    assert_eq!(ls.duration(), Some(Duration::from_millis(88)));
    // Gemini CLI's gated shell command: announced by its permission request at t=2523,
    // completed at t=2833.
    let ledger = replay("gemini_cli", |_| {});
    let shell = ledger
        .get("run_shell_command__run_shell_command_1796316480793_0")
        .unwrap();
    assert_eq!(shell.duration(), Some(Duration::from_millis(310)));
    let permission = shell.permission().unwrap();
    assert_eq!(permission.requested_at(), Some(at(2523)));
    assert!(permission.answered_at().unwrap() > at(2523));
    // The session spans its first and last tool-call messages.
    let summary = ledger.sessions()[0].summary();
    assert_eq!(summary.calls, 28);
    assert!(summary.first_seen.unwrap() < summary.last_seen.unwrap());
    // The agent's stdout alone carries no times.
    let mut stdout = Ledger::new();
    stdout
        .read_lines(corpus("gemini_cli", "session.jsonl").as_bytes())
        .unwrap();
    assert!(stdout.calls().all(|call| call.first_seen().is_none()));
}

#[test]
fn content_output_and_subagent_links_are_kept() {
    let ledger = replay("claude_code", |_| {});
    // Edit: the diff of the change (the latest content sent).
    let edit = ledger.get("toolu_b91cd012dd9b4fa99fc5a9b2").unwrap();
    let diffs: Vec<String> = edit
        .content()
        .filter_map(|block| match block {
            Content::Diff { path, new_text, .. } => {
                assert!(new_text.contains("raise ValueError"));
                Some(path.into_owned())
            }
            _ => None,
        })
        .collect();
    assert_eq!(diffs, ["/home/dev/work/claude/src/utils.py"]);
    assert_eq!(
        edit.locations()[0].path(),
        "/home/dev/work/claude/src/utils.py"
    );
    assert_eq!(edit.locations()[0].line(), Some(2));
    // Read: the text shown, and `rawOutput`, a string.
    let read = ledger.get("toolu_dc8c8d47601042f3a93d6eb0").unwrap();
    assert!(
        read.content()
            .any(|block| block.text().is_some_and(|t| t.contains("```")))
    );
    assert!(read.raw_output().unwrap().get().starts_with('"'));
    // The subagent's read names the Agent call.
    let sub = ledger.get("toolu_cc35d61db39f4ae1bd01af2a").unwrap();
    assert_eq!(
        sub.parent_tool_call_id(),
        Some("toolu_365ee6af3a424aa7be501b83")
    );
    // codex-acp's rawOutput: the ExecCommandEnd event.
    let ledger = replay("codex", |_| {});
    let cat = ledger.get("call_b813747ee0a445b4").unwrap();
    let output: Value = serde_json::from_str(cat.raw_output().unwrap().get()).unwrap();
    assert_eq!(output["exit_code"], 0);
}

#[test]
fn a_session_id_that_arrives_late_keeps_the_handle() {
    let mut ledger = Ledger::new();
    ledger.feed(
        r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read","title":"Read a.rs"}"#,
    );
    let id = ledger.events()[0].call;
    assert_eq!(ledger.sessions()[0].id(), None);
    ledger.feed(
        &json!({"sessionId": "s1", "update": {"sessionUpdate": "tool_call_update",
        "toolCallId": "c1", "status": "in_progress"}})
        .to_string(),
    );
    let changes: Vec<(CallId, Change)> =
        ledger.events().iter().map(|e| (e.call, e.change)).collect();
    assert_eq!(
        changes,
        [(id, Change::StatusChanged)],
        "not created a second time"
    );
    assert_eq!(
        ledger.session("s1").unwrap().calls().next().unwrap().id(),
        id
    );
    assert_eq!(ledger.sessions().len(), 1);
    assert_eq!(ledger.get_in_session("s1", "c1").unwrap().id(), id);
}

#[test]
fn an_evicted_call_is_readable_until_the_next_message() {
    let mut ledger = Ledger::builder().max_finished(1).build();
    let line = |id: &str| {
        json!({"sessionUpdate": "tool_call", "toolCallId": id, "kind": "read", "status": "completed"}).to_string()
    };
    ledger.feed(&line("a"));
    let a = ledger.events()[0].call;
    ledger.feed(&line("b"));
    assert!(
        ledger
            .events()
            .iter()
            .any(|e| e.call == a && e.change == Change::Evicted)
    );
    assert_eq!(ledger.call(a).unwrap().tool_call_id(), "a");
    assert!(ledger.get("a").is_none(), "no longer retained");
    ledger.feed("");
    assert!(ledger.call(a).is_none());
    // A limit of 0 keeps the call a message just updated.
    let mut ledger = Ledger::builder().max_pending(0).build();
    for id in ["x", "y"] {
        ledger.feed(&json!({"sessionUpdate": "tool_call", "toolCallId": id}).to_string());
    }
    let ids: Vec<&str> = ledger.calls().map(|call| call.tool_call_id()).collect();
    assert_eq!(ids, ["y"]);
}

#[test]
fn feed_line_and_feed_bytes_apply_the_line_limit() {
    let mut ledger = Ledger::builder().max_line_bytes(64).build();
    let long = json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "x".repeat(64)})
        .to_string();
    assert_eq!(ledger.feed(&long), LineOutcome::TooLong);
    assert_eq!(ledger.feed(long.as_bytes()), LineOutcome::TooLong);
    assert_eq!(
        ledger.feed(r#"{"sessionUpdate":"tool_call","toolCallId":"c1"}"#),
        LineOutcome::ToolCall
    );
    assert_eq!(ledger.counts().too_long, 2);
    assert_eq!(ledger.len(), 1);
}

#[test]
fn content_counts_against_the_byte_budget() {
    let mut ledger = Ledger::builder().max_retained_bytes(1 << 20).build();
    let text = "y".repeat(400_000);
    for id in 0..5 {
        ledger.feed(&json!({"sessionUpdate": "tool_call", "toolCallId": format!("c{id}"), "status": "completed",
            "content": [{"type": "content", "content": {"type": "text", "text": text}}]}).to_string());
        assert!(ledger.retained_bytes() <= 1 << 20);
    }
    assert_eq!(ledger.len(), 2);
    assert_eq!(ledger.counts().evicted_for_bytes, 3);
}

#[test]
fn the_harness_is_named_by_the_traffic_or_by_the_caller() {
    for (harness, expected) in [
        ("claude_code", Harness::ClaudeCode),
        ("codex", Harness::Codex),
        ("gemini_cli", Harness::GeminiCli),
        ("opencode", Harness::OpenCode),
    ] {
        let ledger = replay(harness, |_| {});
        assert_eq!(
            ledger.harness(),
            Some(expected),
            "{harness}: from agentInfo"
        );
        assert_eq!(harness.parse::<Harness>(), Ok(expected));
    }
    assert_eq!(
        Ledger::builder().harness(Harness::Codex).build().harness(),
        Some(Harness::Codex)
    );
}

#[test]
fn a_forgotten_session_drops_its_late_updates() {
    let mut ledger = replay("claude_code", |_| {});
    let session = ledger.sessions()[0].id().unwrap().to_owned();
    assert!(ledger.session(&session).unwrap().is_finished());
    assert_eq!(ledger.forget_session(&session), 25);
    assert!(ledger.is_empty());
    let late = json!({"sessionId": session, "update": {"sessionUpdate": "tool_call_update",
        "toolCallId": "toolu_dea3cb2a58f7452fae5416e8", "status": "completed"}});
    assert_eq!(ledger.feed(&late), LineOutcome::ToolCall);
    assert!(ledger.is_empty());
    assert_eq!(ledger.counts().late_updates, 1);
}

/// The SDK's typed messages take the time they are given, like lines do.
#[test]
fn typed_messages_fed_at_a_time_keep_it() {
    use toolmeta::acp::schema::v1::{
        PermissionOption, PermissionOptionKind, RequestPermissionOutcome, RequestPermissionRequest,
        RequestPermissionResponse, SessionNotification, SessionUpdate, ToolCall, ToolCallStatus,
        ToolCallUpdate, ToolCallUpdateFields, ToolKind,
    };
    let mut ledger = Ledger::new();
    let call = ToolCall::new("call_1", "Run `rm -rf build`")
        .kind(ToolKind::Execute)
        .status(ToolCallStatus::InProgress);
    ledger.feed_at(
        &SessionNotification::new("s1", SessionUpdate::ToolCall(call)),
        at(1_000),
    );
    let request = RequestPermissionRequest::new(
        "s1",
        ToolCallUpdate::new(
            "call_1",
            ToolCallUpdateFields::new().status(ToolCallStatus::Pending),
        ),
        vec![PermissionOption::new(
            "no",
            "Reject",
            PermissionOptionKind::RejectOnce,
        )],
    );
    ledger.feed_at(&request, at(1_500));
    // The running call waits on the user again (DESIGN §6).
    assert!(
        ledger
            .events()
            .iter()
            .any(|event| event.change == Change::StatusChanged)
    );
    let response = RequestPermissionResponse::new(RequestPermissionOutcome::Cancelled);
    assert_eq!(
        ledger.feed_at((&request, &response), at(2_250)),
        LineOutcome::PermissionAnswer
    );
    let call = ledger.get_in_session("s1", "call_1").unwrap();
    assert_eq!(call.status(), Status::Pending);
    assert_eq!(
        call.permission().unwrap().decision(),
        PermissionDecision::Cancelled
    );
    assert_eq!(
        (call.first_seen(), call.finished_at()),
        (Some(at(1_000)), Some(at(2_250)))
    );
    assert_eq!(call.permission().unwrap().requested_at(), Some(at(1_500)));
}
