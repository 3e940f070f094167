//! The ledger: every line shape, merging per call, the fallback and the catalog, counters,
//! sessions, and bounded memory.

use serde_json::{Value, json};
use toolmeta::catalog::Harness;
use toolmeta::client::{
    Call, Evidence, KindFallback, Ledger, LedgerBuilder, LineOutcome, Source, Status,
};

use crate::common;
use toolmeta::{Identity, Namespace, ToolKind, ToolMeta};

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");

fn ledger_of(lines: &[Value]) -> Ledger {
    let mut ledger = Ledger::new();
    for line in lines {
        ledger.feed(&line.to_string());
    }
    ledger
}

fn notification(session: &str, update: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": session, "update": update}})
}

fn envelope(name: &str, kind: &str, input: Option<Value>) -> Value {
    let mut envelope = json!({"version": 1, "name": name, "kind": kind, "namespace": "grok_build",
        "label": ToolKind::parse(kind).label(), "read_only": ToolKind::parse(kind).is_read_only()});
    if let Some(input) = input {
        envelope["input"] = input;
    }
    json!({ "x.ai/tool": envelope })
}

fn ids(ledger: &Ledger) -> Vec<&str> {
    ledger.calls().map(Call::tool_call_id).collect()
}

#[test]
fn every_line_shape_is_an_update_of_the_same_call() {
    let update = |status: &str| json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1", "status": status});
    let shapes = [
        notification(
            "s1",
            json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "grep"}),
        ),
        json!({"timestamp": 1, "method": "session/update", "params": {"sessionId": "s1", "update": update("pending")}}),
        json!({"timestamp": 2, "method": "_x.ai/session/update", "params": {"sessionId": "s1", "update": update("in_progress")}}),
        json!({"sessionId": "s1", "update": update("in_progress")}),
        update("in_progress"),
        json!({"jsonrpc": "2.0", "id": 4, "method": "session/request_permission",
               "params": {"sessionId": "s1", "toolCall": {"toolCallId": "c1", "title": "grep -r x"},
                          "options": []}}),
        json!({"sessionId": "s1", "toolCall": {"toolCallId": "c1", "status": "completed"}}),
    ];
    let mut ledger = Ledger::new();
    for shape in &shapes {
        assert_eq!(
            ledger.feed(&shape.to_string()),
            LineOutcome::ToolCall,
            "{shape}"
        );
    }
    assert_eq!(ids(&ledger), ["c1"]);
    let call = ledger.get("c1").unwrap();
    assert_eq!(call.update_count(), 7);
    assert_eq!(call.title(), Some("grep -r x"));
    // The last two are permission requests (the second, a bare `params`): the call, still
    // running, waits on the user again (DESIGN §6), whatever status the request carries.
    assert_eq!(call.status(), Status::Pending);
    assert_eq!(call.session_id(), Some("s1"));
    assert_eq!(call.permission().map(|p| p.options().len()), Some(0));
    assert_eq!(ledger.counts().tool_call_updates, 7);
}

#[test]
fn fields_merge_last_write_wins_and_absent_fields_erase_nothing() {
    let ledger = ledger_of(&[
        notification(
            "s1",
            json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "read_file",
            "kind": "read", "status": "pending", "rawInput": {"target_file": "a.rs"},
            "_meta": envelope("read_file", "read", None)}),
        ),
        notification(
            "s1",
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
            "title": "Read `a.rs`", "rawInput": null,
            "_meta": envelope("view_file", "read", Some(json!({"path": "a.rs", "offset": 1})))}),
        ),
        notification(
            "s1",
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
            "status": "completed", "title": null, "kind": 3,
            "_meta": {"x.ai/tool": {"name": 5, "input": null}}}),
        ),
    ]);
    let call = ledger.get("c1").unwrap();
    assert_eq!(
        call.title(),
        Some("Read `a.rs`"),
        "a later title replaces, a null one erases nothing"
    );
    assert_eq!(call.status(), Status::Completed);
    assert_eq!(
        call.acp_kind(),
        Some("read"),
        "a wrong-typed kind is ignored"
    );
    assert_eq!(
        call.raw_input().unwrap().get(),
        r#"{"target_file":"a.rs"}"#,
        "null rawInput is absent"
    );
    // The raw input is kept in the order it was sent.
    assert_eq!(
        call.input().unwrap().get(),
        r#"{"path":"a.rs","offset":1}"#,
        "input arrives late and stays"
    );
    assert_eq!(
        (call.name(), call.kind(), call.label()),
        (Some("view_file"), ToolKind::Read, "Read"),
        "a later name replaces, a wrong-typed one erases nothing"
    );
    assert_eq!(call.namespace(), Some("grok_build"));
    assert_eq!(call.read_only(), Some(true));
    assert_eq!(call.source(), Source::Envelope);
}

#[test]
fn early_updates_are_kept_and_a_resent_tool_call_is_the_same_call_in_first_seen_order() {
    let ledger = ledger_of(&[
        json!({"sessionUpdate": "tool_call", "toolCallId": "a", "title": "first"}),
        json!({"sessionUpdate": "tool_call_update", "toolCallId": "b", "status": "in_progress"}),
        json!({"sessionUpdate": "tool_call", "toolCallId": "c", "title": "third"}),
        json!({"sessionUpdate": "tool_call", "toolCallId": "b", "title": "second", "kind": "execute"}),
        json!({"sessionUpdate": "tool_call", "toolCallId": "a", "title": "first again"}),
    ]);
    assert_eq!(ids(&ledger), ["a", "b", "c"]);
    let b = ledger.get("b").unwrap();
    assert_eq!(
        (b.status(), b.title(), b.label()),
        (Status::InProgress, Some("second"), "Run Command")
    );
    assert_eq!(ledger.get("a").unwrap().title(), Some("first again"));
    assert_eq!(
        ledger
            .calls()
            .rev()
            .map(Call::tool_call_id)
            .collect::<Vec<_>>(),
        ["c", "b", "a"]
    );
}

#[test]
fn the_fallback_name_is_acp_name_then_claude_code_tool_name_then_title() {
    let cc = json!({"claudeCode": {"toolName": "Grep"}});
    let ledger = Ledger::builder().synthesizer(|_, _, _| None).build();
    let mut ledger = ledger;
    for line in [
        json!({"sessionUpdate": "tool_call", "toolCallId": "all", "name": "grep", "title": "Search", "_meta": cc}),
        json!({"sessionUpdate": "tool_call", "toolCallId": "no_name", "title": "Search", "_meta": cc}),
        json!({"sessionUpdate": "tool_call", "toolCallId": "title_only", "title": "Search"}),
        json!({"sessionUpdate": "tool_call", "toolCallId": "nothing"}),
    ] {
        ledger.feed(&line.to_string());
    }
    let names: Vec<_> = ledger.calls().map(Call::name).collect();
    assert_eq!(names, [Some("grep"), Some("Grep"), Some("Search"), None]);
    assert!(ledger.calls().all(|call| call.source() == Source::Fallback));
}

#[test]
fn the_fallback_kind_and_label_follow_the_acp_kind_table() {
    let table = [
        ("read", ToolKind::Read, "Read", Some(true)),
        ("edit", ToolKind::Edit, "Edit", Some(false)),
        ("delete", ToolKind::Delete, "Delete", Some(false)),
        ("move", ToolKind::Move, "Move", Some(false)),
        ("search", ToolKind::Search, "Search", None),
        ("execute", ToolKind::Execute, "Run Command", Some(false)),
        ("fetch", ToolKind::WebFetch, "Web Fetch", Some(true)),
        ("think", ToolKind::Other, "Think", Some(false)),
        ("switch_mode", ToolKind::Other, "Switch Mode", Some(true)),
        ("other", ToolKind::Other, "Tool", None),
        ("Read", ToolKind::Other, "Tool", None),
        ("teleport", ToolKind::Other, "Tool", None),
    ];
    // Each row's read-only is what the contract kinds ACP calls by that kind agree on
    // (`think`: Plan, Subagent, Update Goal, none read-only; `search`: Search and Memory
    // Search read-only, Search Tools not); `other`, the unknown kind, claims nothing.
    for acp_kind in KindFallback::ACP_KINDS {
        let read_only: Vec<bool> = ToolKind::ALL
            .iter()
            .filter(|kind| **kind != ToolKind::Other && kind.acp_kind() == *acp_kind)
            .map(|kind| kind.is_read_only())
            .collect();
        let agreed = match read_only.split_first() {
            Some((first, rest)) if rest.iter().all(|r| r == first) => Some(*first),
            _ => None,
        };
        let fallback = KindFallback::from_acp_kind(acp_kind);
        assert_eq!(fallback.read_only, agreed, "{acp_kind}");
        if fallback.kind != ToolKind::Other {
            assert_eq!(fallback.label, fallback.kind.label(), "{acp_kind}");
            assert_eq!(fallback.kind.acp_kind(), *acp_kind);
        }
    }
    for (acp_kind, kind, label, read_only) in table {
        assert_eq!(
            KindFallback::from_acp_kind(acp_kind),
            KindFallback {
                kind,
                label,
                read_only
            }
        );
        let ledger = ledger_of(&[
            json!({"sessionUpdate": "tool_call", "toolCallId": "c", "kind": acp_kind}),
        ]);
        let call = ledger.get("c").unwrap();
        assert_eq!(
            (call.kind(), call.label(), call.read_only()),
            (kind, label, read_only),
            "{acp_kind}"
        );
    }
}

#[test]
fn an_envelope_that_is_not_an_object_or_names_nothing_falls_back() {
    for broken in [
        json!("read_file"),
        json!(null),
        json!([1]),
        json!({}),
        json!({"name": 1, "kind": false}),
    ] {
        let ledger = ledger_of(&[
            json!({"sessionUpdate": "tool_call", "toolCallId": "c", "title": "view",
            "kind": "read", "_meta": {"x.ai/tool": broken, "other": 1}}),
        ]);
        let call = ledger.get("c").unwrap();
        assert_eq!(call.source(), Source::Fallback, "{broken}");
        assert_eq!(
            (call.name(), call.label()),
            (Some("view"), "Read"),
            "{broken}"
        );
    }
    // `_meta` itself of the wrong type is ignored like any other field.
    let ledger = ledger_of(&[
        json!({"sessionUpdate": "tool_call", "toolCallId": "c", "kind": "edit", "_meta": "x"}),
    ]);
    assert_eq!(ledger.get("c").unwrap().label(), "Edit");
}

#[test]
fn a_partial_envelope_is_completed_from_acp_fields() {
    let ledger = ledger_of(&[
        json!({"sessionUpdate": "tool_call", "toolCallId": "c", "title": "view",
        "kind": "read", "_meta": {"x.ai/tool": {"namespace": "cursor", "name": 9}}}),
    ]);
    let call = ledger.get("c").unwrap();
    assert_eq!(call.source(), Source::Envelope);
    assert_eq!(call.namespace(), Some("cursor"));
    assert_eq!(
        (call.name(), call.label(), call.kind()),
        (Some("view"), "Read", ToolKind::Read)
    );
}

/// A stand-in catalog that tells which harness it was asked for through the namespace, and
/// projects `file_path` to `path`.
fn fake_catalog(harness: Harness, name: &str, raw_input: Option<&Value>) -> Option<ToolMeta> {
    let namespace = match harness {
        Harness::ClaudeCode => Namespace::ClaudeCode,
        Harness::Codex => Namespace::Codex,
        Harness::GeminiCli => Namespace::GeminiCli,
        _ => Namespace::OpenCode,
    };
    if name != "Read" && name != "read_file" {
        return None;
    }
    let path = raw_input.and_then(|raw| raw.get("file_path")).cloned();
    let mut meta = Identity::new("read", ToolKind::Read, namespace)
        .envelope()
        .with_name(name)
        .to_tool_meta();
    meta.input = path.map(|path| json!({ "path": path }));
    Some(meta)
}

#[test]
fn claude_code_calls_are_synthesized_from_the_catalog_whatever_harness_was_named() {
    let mut ledger = Ledger::builder()
        .harness(Harness::Codex)
        .synthesizer(fake_catalog)
        .build();
    for line in [
        json!({"sessionUpdate": "tool_call", "toolCallId": "t1", "title": "Read File", "kind": "read",
            "rawInput": {}, "_meta": {"claudeCode": {"toolName": "Read"}}}),
        json!({"sessionUpdate": "tool_call_update", "toolCallId": "t1", "rawInput": {"file_path": "/p/a.rs"},
            "_meta": {"claudeCode": {"toolName": "Read"}}}),
        json!({"sessionUpdate": "tool_call", "toolCallId": "t2", "title": "Bash", "kind": "execute",
            "_meta": {"claudeCode": {"toolName": "Bash"}}}),
    ] {
        ledger.feed(&line.to_string());
    }
    let read = ledger.get("t1").unwrap();
    assert_eq!(read.source(), Source::Catalog);
    assert_eq!(read.namespace(), Some("claude_code"));
    assert_eq!(
        read.input().unwrap().get(),
        r#"{"path":"/p/a.rs"}"#,
        "re-synthesized when rawInput arrives"
    );
    // Unknown to the catalog: the fallback.
    let bash = ledger.get("t2").unwrap();
    assert_eq!(
        (bash.source(), bash.name(), bash.label()),
        (Source::Fallback, Some("Bash"), "Run Command")
    );
}

#[test]
fn the_named_harness_is_used_for_calls_without_a_mark() {
    let line = json!({"sessionUpdate": "tool_call", "toolCallId": "c", "title": "read_file",
        "rawInput": {"file_path": "x"}})
    .to_string();
    let mut codex = Ledger::builder()
        .harness(Harness::Codex)
        .synthesizer(fake_catalog)
        .build();
    codex.feed(&line);
    assert_eq!(codex.get("c").unwrap().namespace(), Some("codex"));
    assert_eq!(codex.get("c").unwrap().source(), Source::Catalog);
    // No harness named and no mark: the catalog is not asked.
    let mut unnamed = Ledger::builder().synthesizer(fake_catalog).build();
    unnamed.feed(&line);
    assert_eq!(unnamed.get("c").unwrap().source(), Source::Fallback);
}

#[test]
fn an_envelope_wins_over_the_catalog() {
    let mut ledger = Ledger::builder().synthesizer(fake_catalog).build();
    ledger.feed(
        &json!({"sessionUpdate": "tool_call", "toolCallId": "c", "rawInput": {"file_path": "x"},
        "_meta": {"claudeCode": {"toolName": "Read"}}})
        .to_string(),
    );
    assert_eq!(ledger.get("c").unwrap().source(), Source::Catalog);
    ledger.feed(
        &json!({"sessionUpdate": "tool_call_update", "toolCallId": "c",
        "_meta": envelope("read_file", "read", Some(json!({"path": "y"})))})
        .to_string(),
    );
    let call = ledger.get("c").unwrap();
    assert_eq!(
        (call.source(), call.namespace()),
        (Source::Envelope, Some("grok_build"))
    );
    assert_eq!(call.input().unwrap().get(), r#"{"path":"y"}"#);
}

#[test]
fn the_default_catalog_agrees_with_the_source_it_reports() {
    // Whatever the built-in catalog knows, a call it synthesized says so consistently.
    let mut ledger = Ledger::new();
    ledger
        .read_lines(
            std::fs::read(format!("{DATA}/claude_code_session.jsonl"))
                .unwrap()
                .as_slice(),
        )
        .unwrap();
    assert_eq!(ledger.len(), 6);
    for call in &ledger {
        match call.source() {
            Source::Catalog => {
                assert_eq!(call.namespace(), Some("claude_code"));
                let by = Evidence::MetaKey("claudeCode.toolName");
                assert_eq!(call.named_by(), Some(by));
                let claimed = call.claims().find(|(evidence, _)| *evidence == by);
                assert_eq!(call.name(), claimed.map(|(_, name)| name));
            }
            // A tool the catalog does not know keeps its harness's namespace (DESIGN §2).
            Source::Fallback => assert_eq!(call.namespace(), Some("claude_code")),
            Source::Envelope => panic!("the Claude Code log has no envelope"),
        }
    }
}

#[test]
fn calls_are_keyed_by_session_and_id() {
    let ledger = ledger_of(&[
        notification(
            "s1",
            json!({"sessionUpdate": "tool_call", "toolCallId": "call_1", "title": "in s1"}),
        ),
        notification(
            "s2",
            json!({"sessionUpdate": "tool_call", "toolCallId": "call_1", "title": "in s2"}),
        ),
        notification(
            "s1",
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "call_1", "status": "completed"}),
        ),
        // A bare update names no session: it belongs to the latest call with the id.
        json!({"sessionUpdate": "tool_call_update", "toolCallId": "call_1", "status": "failed"}),
    ]);
    assert_eq!(ledger.len(), 2);
    let s1 = ledger.get_in_session("s1", "call_1").unwrap();
    let s2 = ledger.get_in_session("s2", "call_1").unwrap();
    assert_eq!(
        (s1.title(), s1.status()),
        (Some("in s1"), Status::Completed)
    );
    assert_eq!((s2.title(), s2.status()), (Some("in s2"), Status::Failed));
    assert_eq!(ledger.get("call_1").unwrap().title(), Some("in s2"));
    assert!(ledger.get_in_session("s3", "call_1").is_none());
}

#[test]
fn a_call_first_seen_without_a_session_adopts_the_first_one_named() {
    let mut ledger = ledger_of(&[
        json!({"sessionUpdate": "tool_call", "toolCallId": "c", "title": "bare"}),
        notification(
            "s9",
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c", "status": "in_progress"}),
        ),
        // Another session with the same id has a call of its own.
        notification(
            "s2",
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c", "status": "pending"}),
        ),
    ]);
    assert_eq!(ledger.len(), 2);
    let s9 = ledger.get_in_session("s9", "c").unwrap();
    assert_eq!(
        (s9.session_id(), s9.title(), s9.status()),
        (Some("s9"), Some("bare"), Status::InProgress)
    );
    // A bare update belongs to the latest call with the id; the index followed the join.
    ledger
        .feed(&json!({"sessionUpdate": "tool_call_update", "toolCallId": "c", "status": "failed"}));
    let status = |session| ledger.get_in_session(session, "c").map(Call::status);
    assert_eq!(status("s2"), Some(Status::Failed));
    assert_eq!(status("s9"), Some(Status::InProgress));
}

#[test]
fn every_line_is_counted_once_and_skipped_lines_are_classified() {
    let mut ledger = Ledger::new();
    ledger
        .read_lines(
            std::fs::File::open(format!("{DATA}/mixed_bad_lines.jsonl"))
                .map(std::io::BufReader::new)
                .unwrap(),
        )
        .unwrap();
    let counts = ledger.counts();
    assert_eq!(counts.lines, 24);
    assert_eq!(counts.tool_call_updates, 10);
    assert_eq!(counts.other_updates, 1);
    assert_eq!(counts.blank, 1);
    assert_eq!(counts.not_json, 2);
    assert_eq!(counts.not_update, 8);
    assert_eq!(counts.missing_tool_call_id, 2);
    assert_eq!(counts.skipped(), 12);
    assert_eq!(
        counts.lines,
        counts.tool_call_updates
            + counts.permission_answers
            + counts.other_updates
            + counts.blank
            + counts.skipped()
    );
    assert_eq!(
        ids(&ledger),
        [
            "m_late",
            "m_string_envelope",
            "m_wrong_types",
            "m_empty_envelope",
            "m_escaped",
            "m_no_session"
        ]
    );
    assert_eq!(
        ledger.get("m_escaped").unwrap().status(),
        Status::Completed,
        "escaped ids merge with plain ones"
    );
}

#[test]
fn read_lines_handles_crlf_invalid_utf8_and_overlong_lines_without_holding_them() {
    let mut stream = Vec::new();
    stream.extend_from_slice(
        b"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"a\",\"kind\":\"read\"}\r\n",
    );
    stream.extend_from_slice(b"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"\xff\"}\n");
    stream.extend_from_slice(
        format!(
            "{{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"b\",\"title\":\"{}\"}}\n",
            "x".repeat(500)
        )
        .as_bytes(),
    );
    stream.extend_from_slice(&vec![b'y'; 10_000]);
    stream.extend_from_slice(b"\n{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c\"}");
    let mut ledger = Ledger::builder().max_line_bytes(100).build();
    ledger.read_lines(stream.as_slice()).unwrap();
    assert_eq!(ids(&ledger), ["a", "c"]);
    let counts = ledger.counts();
    assert_eq!((counts.lines, counts.not_json, counts.too_long), (5, 1, 2));
}

#[test]
fn feeding_parsed_values_gives_the_same_calls_as_feeding_lines() {
    for log in [
        "acp_session",
        "persisted_session",
        "claude_code_session",
        "mixed_bad_lines",
    ] {
        let text = std::fs::read_to_string(format!("{DATA}/{log}.jsonl")).unwrap();
        let mut from_lines = Ledger::new();
        let mut from_values = Ledger::new();
        for line in text.lines() {
            let outcome = from_lines.feed(line);
            if let Ok(value) = serde_json::from_str::<Value>(line) {
                assert_eq!(from_values.feed(&value), outcome, "{log}: {line}");
            }
        }
        let records = |ledger: &Ledger| -> Vec<String> {
            ledger
                .calls()
                .map(|call| common::call_record(call).to_string())
                .collect()
        };
        // Byte for byte: a parsed `Value` keeps the key order of its line.
        assert_eq!(records(&from_lines), records(&from_values), "{log}");
    }
}

#[test]
fn a_million_calls_stay_within_the_retention_limits() {
    const CALLS: u64 = 1_000_000;
    let (max_finished, max_pending) = (1_000, 100);
    let mut ledger = Ledger::builder()
        .max_finished(max_finished)
        .max_pending(max_pending)
        .build();
    let mut peak = 0;
    let mut line = String::new();
    for i in 0..CALLS {
        use std::fmt::Write;
        line.clear();
        // Short lines keep this quick in a debug build; every hundredth carries an envelope
        // so retained calls hold strings of their own.
        let meta = if i % 100 == 0 {
            r#","_meta":{"x.ai/tool":{"name":"read_file","kind":"read","input":{"path":"a.rs"}}}"#
        } else {
            ""
        };
        // One call in ten never completes: the pending limit must hold those too.
        let status = if i % 10 == 0 {
            "in_progress"
        } else {
            "completed"
        };
        write!(
            line,
            r#"{{"sessionUpdate":"tool_call","toolCallId":"c{i}","status":"{status}"{meta}}}"#
        )
        .unwrap();
        assert_eq!(ledger.feed(&line), LineOutcome::ToolCall);
        peak = peak.max(ledger.len());
    }
    assert!(peak <= max_finished + max_pending, "peak {peak}");
    assert_eq!(ledger.len(), max_finished + max_pending);
    let counts = ledger.counts();
    assert_eq!(
        counts.evicted_finished,
        CALLS * 9 / 10 - max_finished as u64
    );
    assert_eq!(counts.evicted_pending, CALLS / 10 - max_pending as u64);
    // What is retained is the most recent calls, still in first-seen order.
    let retained: Vec<u64> = ledger
        .calls()
        .map(|call| call.tool_call_id()[1..].parse().unwrap())
        .collect();
    assert!(retained.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(ledger.get("c999999").is_some());
    assert!(ledger.get("c999990").unwrap().status() == Status::InProgress);
    assert!(ledger.get("c1").is_none());
}

#[test]
fn a_call_that_completes_later_is_held_by_the_pending_limit_meanwhile() {
    let mut ledger = Ledger::builder().max_finished(10).max_pending(2).build();
    for id in ["p1", "p2", "x"] {
        ledger.feed(&json!({"sessionUpdate": "tool_call", "toolCallId": id}).to_string());
    }
    // Three unfinished calls against a limit of two: the oldest went.
    assert_eq!(ids(&ledger), ["p2", "x"]);
    assert_eq!(ledger.counts().evicted_pending, 1);
    ledger.feed(
        &json!({"sessionUpdate": "tool_call_update", "toolCallId": "x", "status": "completed"})
            .to_string(),
    );
    assert_eq!(ids(&ledger), ["p2", "x"]);
    assert!(ledger.get("x").unwrap().is_finished());
}

#[test]
fn an_update_for_an_evicted_call_is_dropped_and_a_new_tool_call_starts_a_new_entry() {
    let mut ledger = Ledger::builder().max_finished(1).build();
    for id in ["a", "b"] {
        ledger.feed(&json!({"sessionUpdate": "tool_call", "toolCallId": id, "kind": "read", "status": "completed"}).to_string());
    }
    assert_eq!(ids(&ledger), ["b"]);
    // Merged, a late update would start an identity-less call that never finishes.
    assert_eq!(
        ledger.feed(
            &json!({"sessionUpdate": "tool_call_update", "toolCallId": "a", "title": "late"})
                .to_string(),
        ),
        LineOutcome::ToolCall
    );
    assert_eq!(ids(&ledger), ["b"]);
    assert_eq!(ledger.counts().late_updates, 1);
    assert!(ledger.events().is_empty());
    // A new `tool_call` with the id is a new call.
    ledger.feed(&json!({"sessionUpdate": "tool_call", "toolCallId": "a"}).to_string());
    assert_eq!(ids(&ledger), ["b", "a"]);
    // Nothing of the first entry survives; with no `kind` sent, ACP's default `other` applies.
    let late = ledger.get("a").unwrap();
    assert_eq!(
        (late.kind(), late.label(), late.read_only(), late.title()),
        (ToolKind::Other, "Tool", None, None)
    );
}

#[test]
fn deeply_nested_lines_neither_overflow_the_stack_nor_panic() {
    let deep = |depth: usize| format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let mut ledger = Ledger::new();
    for line in [
        deep(100_000),
        format!(
            r#"{{"sessionUpdate":"tool_call","toolCallId":"raw","rawInput":{}}}"#,
            deep(100_000)
        ),
        format!(
            r#"{{"sessionUpdate":"tool_call","toolCallId":"meta","_meta":{{"x.ai/tool":{{"input":{{"a":{}}}}}}}}}"#,
            deep(100_000)
        ),
        format!(
            r#"{{"sessionUpdate":"tool_call","toolCallId":"ok","content":{}}}"#,
            deep(100)
        ),
    ] {
        ledger.feed(&line);
    }
    // Skipped and raw values are scanned without recursion, so depth alone rejects nothing;
    // the nesting the ledger itself reads is a handful of fixed levels.
    let counts = ledger.counts();
    assert_eq!(
        (counts.lines, counts.not_update, counts.tool_call_updates),
        (4, 1, 3)
    );
    assert_eq!(ids(&ledger), ["raw", "meta", "ok"]);
    assert!(ledger.get("meta").unwrap().input().unwrap().get().len() > 200_000);
}

/// Issue 16: a JSON-RPC batch (an array of messages) was skipped whole as "not an update",
/// losing every call in it.
#[test]
fn a_json_rpc_batch_is_read_message_by_message_not_skipped_whole() {
    let batch = json!([
        notification("s1", json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "read", "title": "Read a.rs"})),
        {"jsonrpc": "2.0", "id": 3, "result": null},
        notification("s1", json!({"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "hi"}})),
        notification("s1", json!({"sessionUpdate": "tool_call", "toolCallId": "c2", "kind": "execute"})),
        "not a message",
        [notification("s1", json!({"sessionUpdate": "tool_call", "toolCallId": "nested"}))],
        notification("s1", json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1", "status": "completed"})),
    ]);
    let mut ledger = Ledger::new();
    assert_eq!(ledger.feed(&batch.to_string()), LineOutcome::ToolCall);
    assert_eq!(ids(&ledger), ["c1", "c2"]);
    let c1 = ledger.get_in_session("s1", "c1").unwrap();
    assert_eq!(
        (c1.title(), c1.status()),
        (Some("Read a.rs"), Status::Completed)
    );
    assert_eq!(ledger.get("c2").unwrap().label(), "Run Command");
    // One line, counted once, under its most telling message.
    let counts = ledger.counts();
    assert_eq!(
        (counts.lines, counts.tool_call_updates, counts.skipped()),
        (1, 1, 0)
    );

    // The same batch already parsed reads the same way.
    let mut parsed = Ledger::new();
    assert_eq!(parsed.feed(&batch), LineOutcome::ToolCall);
    assert_eq!(ids(&parsed), ["c1", "c2"]);

    // A batch with no tool call takes the outcome of its most telling message.
    let chunks = json!([{"jsonrpc": "2.0", "id": 1, "result": {}},
        notification("s1", json!({"sessionUpdate": "plan", "entries": []}))]);
    assert_eq!(ledger.feed(&chunks), LineOutcome::OtherUpdate);
    let missing = json!([notification("s1", json!({"sessionUpdate": "tool_call"}))]);
    assert_eq!(ledger.feed(&missing), LineOutcome::MissingToolCallId);
    assert_eq!(ledger.feed("[]"), LineOutcome::NotUpdate);
    assert_eq!(ledger.feed("[1, 2]"), LineOutcome::NotUpdate);
}

/// Issue 16: memory was bounded by the number of calls only; 60 pending calls with 10 MB
/// `rawInput`s reached 627 MB (the worst case with the default limits: 20,000 × 16 MiB).
#[test]
fn sixty_pending_calls_with_10_mb_raw_inputs_stay_within_the_byte_budget() {
    const MB: usize = 1_000_000;
    let budget = LedgerBuilder::DEFAULT_MAX_RETAINED_BYTES;
    let content = "x".repeat(10 * MB);
    let mut ledger = Ledger::new();
    for i in 0..60 {
        let line = format!(
            r#"{{"sessionUpdate":"tool_call","toolCallId":"c{i}","kind":"edit","status":"pending","rawInput":{{"path":"a{i}.rs","content":"{content}"}}}}"#
        );
        assert_eq!(ledger.feed(&line), LineOutcome::ToolCall);
        assert!(
            ledger.retained_bytes() <= budget,
            "{} after {i}",
            ledger.retained_bytes()
        );
    }
    // The count is honest: at least the raw inputs the retained calls hold.
    let raw: usize = ledger
        .calls()
        .map(|call| call.raw_input().map_or(0, |raw| raw.get().len()))
        .sum();
    assert!(raw >= ledger.len() * 10 * MB);
    assert!(ledger.retained_bytes() >= raw);
    // Only what had to go went (a call holds its raw input and at most one copy of it),
    // oldest first, counted like the other evictions.
    assert!(ledger.retained_bytes() + 2 * 11 * MB > budget);
    let counts = ledger.counts();
    assert_eq!(ledger.len() as u64 + counts.evicted_for_bytes, 60);
    assert_eq!((counts.evicted_pending, counts.evicted_finished), (0, 0));
    assert!(ledger.get("c0").is_none());
    assert!(ledger.get("c59").is_some());
}
