//! Identity by the evidence order of DESIGN §6 as revised for issue 27: ACP's `name` first
//! after the envelope, then each harness's own `_meta` keys, the first title, the
//! `toolCallId`, fixed title formats and argument names; the harness from `initialize`'s
//! `agentInfo`; the extension namespace of an agent without a catalog; identity that may
//! change until the call finishes and is frozen after; permission requests and running
//! calls; subagents through ACP's sessions and the legacy hints.

use serde_json::{Value, json};
use toolmeta::catalog::Harness;
use toolmeta::client::{Change, Evidence, Ledger, LineOutcome, Source, Status};

fn feed(ledger: &mut Ledger, lines: &[Value]) {
    for line in lines {
        let outcome = ledger.feed(line);
        assert_ne!(outcome, LineOutcome::NotJson, "{line}");
    }
}

fn update(session: &str, update: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": session, "update": update}})
}

fn initialize(name: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": 1, "agentInfo": {"name": name, "version": "1.0.0"}}})
}

#[test]
fn acp_name_is_the_strongest_evidence_after_the_envelope() {
    let mut ledger = Ledger::builder().harness(Harness::ClaudeCode).build();
    feed(
        &mut ledger,
        &[update(
            "s1",
            json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "name": "Grep", "title": "Read",
                   "kind": "search", "rawInput": {"pattern": "x"},
                   "_meta": {"claudeCode": {"toolName": "Read"}}}),
        )],
    );
    let call = ledger.get("c1").unwrap();
    assert_eq!(call.name(), Some("Grep"));
    assert_eq!(call.named_by(), Some(Evidence::AcpName));
    assert_eq!((call.source(), call.label()), (Source::Catalog, "Search"));
    // An envelope beats ACP's `name`.
    feed(
        &mut ledger,
        &[update(
            "s1",
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
                   "_meta": {"x.ai/tool": {"name": "grep", "kind": "search", "namespace": "grok_build"}}}),
        )],
    );
    let call = ledger.get("c1").unwrap();
    assert_eq!(
        (call.name(), call.named_by(), call.source()),
        (Some("grep"), Some(Evidence::Envelope), Source::Envelope)
    );
}

#[test]
fn each_harness_meta_key_names_the_tool_above_the_title_and_the_id() {
    for (meta, key, name) in [
        (
            json!({"claudeCode": {"toolName": "mcp__x__y"}}),
            "claudeCode.toolName",
            "mcp__x__y",
        ),
        (
            json!({"goose": {"toolCall": {"toolName": "developer__shell"}}}),
            "goose.toolCall.toolName",
            "developer__shell",
        ),
        (json!({"toolName": "web_fetch"}), "toolName", "web_fetch"),
        (json!({"tool_name": "bash"}), "tool_name", "bash"),
    ] {
        let mut ledger = Ledger::new();
        // The first title is a tool name too: the `_meta` key is stronger.
        feed(
            &mut ledger,
            &[update(
                "s1",
                json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "glob", "_meta": meta}),
            )],
        );
        let call = ledger.calls().next().unwrap();
        assert_eq!(call.name(), Some(name), "{key}");
        assert_eq!(call.named_by(), Some(Evidence::MetaKey(key)), "{key}");
    }
}

#[test]
fn the_first_title_then_the_id_then_an_adapters_title_format() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[
            update(
                "s1",
                json!({"sessionUpdate": "tool_call", "toolCallId": "read_file__read_file_1796316480558_0", "title": "glob"}),
            ),
            update(
                "s1",
                json!({"sessionUpdate": "tool_call", "toolCallId": "read_file__read_file_1796316480558_1", "title": "Read notes.txt"}),
            ),
        ],
    );
    let [by_title, by_id] = [0, 1].map(|i| ledger.calls().nth(i).unwrap());
    assert_eq!(
        (by_title.named_by(), by_title.name()),
        (Some(Evidence::FirstTitle), Some("glob"))
    );
    assert_eq!(
        (by_id.named_by(), by_id.name()),
        (Some(Evidence::ToolCallId), Some("read_file"))
    );
    // codex-acp's `View Image {path}` names `view_image` in codex-acp's traffic only.
    let view_image = update(
        "s1",
        json!({"sessionUpdate": "tool_call", "toolCallId": "v1", "title": "View Image /r/a.png",
               "kind": "read", "status": "completed", "locations": [{"path": "/r/a.png"}]}),
    );
    let mut codex = Ledger::new();
    feed(&mut codex, &[initialize("codex-acp"), view_image.clone()]);
    let call = codex.get("v1").unwrap();
    assert_eq!(
        (call.name(), call.named_by(), call.namespace()),
        (
            Some("view_image"),
            Some(Evidence::TitleFormat),
            Some("codex")
        )
    );
    assert_eq!(call.input().unwrap().get(), r#"{"path":"/r/a.png"}"#);
    let mut other = Ledger::new();
    feed(&mut other, &[initialize("some-agent"), view_image]);
    assert_eq!(other.get("v1").unwrap().name(), None);
}

#[test]
fn agents_without_a_catalog_get_the_extension_namespace_of_their_name() {
    for (agent, namespace) in [
        ("mistral-vibe", "_mistral_vibe"),
        ("Poolside Agent", "_poolside_agent"),
        ("goose", "goose"),
    ] {
        let mut ledger = Ledger::new();
        feed(
            &mut ledger,
            &[
                initialize(agent),
                update(
                    "s1",
                    json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "read",
                           "rawInput": {"path": "a.rs", "offset": 0}, "_meta": {"toolName": "read_file"}}),
                ),
                // A call nothing names gets no namespace.
                update(
                    "s1",
                    json!({"sessionUpdate": "tool_call", "toolCallId": "c2", "title": "Thinking…", "kind": "think"}),
                ),
            ],
        );
        let named = ledger.get("c1").unwrap();
        assert_eq!(
            (named.source(), named.name(), named.namespace()),
            (Source::Fallback, Some("read_file"), Some(namespace)),
            "{agent}"
        );
        assert_eq!((named.kind().as_str(), named.label()), ("read", "Read"));
        assert_eq!(
            named.input().unwrap().get(),
            r#"{"path":"a.rs","offset":1}"#
        );
        assert_eq!(ledger.get("c2").unwrap().namespace(), None, "{agent}");
    }
}

/// Qwen Code's `tool_call` wrapper renames a running call: among claims of one kind the
/// latest wins until the call finishes; after that, identity is frozen.
#[test]
fn identity_follows_the_latest_claim_until_the_call_finishes() {
    let mut ledger = Ledger::new();
    let step = |tool: &str, kind: &str, status: &str| {
        update(
            "s1",
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1", "kind": kind, "status": status,
                   "_meta": {"toolName": tool}}),
        )
    };
    feed(
        &mut ledger,
        &[
            initialize("qwen-code"),
            step("tool_call", "other", "pending"),
        ],
    );
    assert_eq!(ledger.get("c1").unwrap().name(), Some("tool_call"));
    feed(&mut ledger, &[step("web_fetch", "fetch", "in_progress")]);
    let call = ledger.get("c1").unwrap();
    assert!(
        ledger
            .events()
            .iter()
            .any(|event| event.change == Change::Identified)
    );
    assert_eq!(
        (call.name(), call.label()),
        (Some("web_fetch"), "Web Fetch")
    );
    feed(&mut ledger, &[step("web_fetch", "fetch", "completed")]);
    feed(&mut ledger, &[step("shell", "execute", "completed")]);
    let call = ledger.get("c1").unwrap();
    assert_eq!(
        (call.name(), call.label()),
        (Some("web_fetch"), "Web Fetch")
    );
    let conflicts: Vec<(&str, &str)> = call
        .conflicts()
        .iter()
        .map(|conflict| (conflict.field(), conflict.value()))
        .collect();
    assert_eq!(conflicts, [("toolName", "shell"), ("kind", "execute")]);
}

/// A permission request that arrives after a call's `in_progress` (codex, a rejected patch)
/// puts it back to `pending`: it waits on the user. A finished call stays finished.
#[test]
fn a_permission_request_puts_a_running_call_back_to_pending_never_a_finished_one() {
    let request = |id: u64, call: &str| {
        json!({"jsonrpc": "2.0", "id": id, "method": "session/request_permission",
               "params": {"sessionId": "s1", "toolCall": {"toolCallId": call, "kind": "edit", "status": "in_progress"},
                          "options": [{"optionId": "no", "name": "Reject", "kind": "reject_once"}]}})
    };
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[
            update(
                "s1",
                json!({"sessionUpdate": "tool_call", "toolCallId": "running", "kind": "edit", "status": "in_progress"}),
            ),
            request(1, "running"),
        ],
    );
    assert_eq!(ledger.get("running").unwrap().status(), Status::Pending);
    assert!(
        ledger
            .events()
            .iter()
            .any(|event| event.change == Change::StatusChanged)
    );
    feed(
        &mut ledger,
        &[
            update(
                "s1",
                json!({"sessionUpdate": "tool_call", "toolCallId": "done", "kind": "edit", "status": "completed"}),
            ),
            request(2, "done"),
        ],
    );
    let done = ledger.get("done").unwrap();
    assert_eq!(done.status(), Status::Completed);
    assert!(
        done.permission().is_none(),
        "a finished call keeps its permission (none)"
    );
    assert!(done.is_finished());
}

#[test]
fn subagents_are_linked_through_acp_sessions_and_the_legacy_hints() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[
            // ACP's subagent sessions: the parent announces the child...
            update(
                "main",
                json!({"sessionUpdate": "subagent_update", "sessionId": "child-a", "title": "Explore", "state": {"state": "running"}}),
            ),
            update(
                "child-a",
                json!({"sessionUpdate": "tool_call", "toolCallId": "a1", "kind": "read"}),
            ),
            // ...and a tool call links a child session in its content.
            update(
                "main",
                json!({"sessionUpdate": "tool_call", "toolCallId": "task-1", "kind": "other",
                       "content": [{"type": "session", "sessionId": "child-b"}]}),
            ),
            update(
                "child-b",
                json!({"sessionUpdate": "tool_call", "toolCallId": "b1", "kind": "read"}),
            ),
            // Legacy hints: Claude Code's and Qwen Code's `_meta`.
            update(
                "main",
                json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "_meta": {"claudeCode": {"parentToolUseId": "task-0"}}}),
            ),
            update(
                "main",
                json!({"sessionUpdate": "tool_call", "toolCallId": "q1", "_meta": {"parentToolCallId": "task-2"}}),
            ),
        ],
    );
    let parent = |session: &str, id: &str| {
        let call = ledger.get_in_session(session, id).unwrap();
        ledger
            .parent(call)
            .map(|parent| (parent.session_id, parent.tool_call_id))
    };
    assert_eq!(parent("child-a", "a1"), Some((Some("main"), None)));
    assert_eq!(
        parent("child-b", "b1"),
        Some((Some("main"), Some("task-1")))
    );
    assert_eq!(parent("main", "c1"), Some((Some("main"), Some("task-0"))));
    assert_eq!(parent("main", "q1"), Some((Some("main"), Some("task-2"))));
    assert_eq!(parent("main", "task-1"), None);
    assert_eq!(
        ledger.get("task-1").unwrap().subagent_session(),
        Some("child-b")
    );
}

/// Where several catalog tools fit the same argument names, the reader says so rather than
/// picking one; the call's ACP kind, and a tool whose arguments include every other's (the
/// general tool beside its narrower variant), settle it where they can.
#[test]
fn an_ambiguous_fit_is_reported_not_picked() {
    let mut ledger = Ledger::builder().harness(Harness::ClaudeCode).build();
    feed(
        &mut ledger,
        &[
            // `query` alone: Claude Code's ToolSearch and WebSearch both take it.
            update(
                "s1",
                json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "other", "rawInput": {"query": "rust"}}),
            ),
            // `{command, description}`: Bash and PowerShell both take them; Bash takes
            // every argument PowerShell takes.
            update(
                "s1",
                json!({"sessionUpdate": "tool_call", "toolCallId": "c2", "kind": "execute",
                       "rawInput": {"command": "ls", "description": "list"}}),
            ),
        ],
    );
    let call = ledger.get("c1").unwrap();
    assert_eq!((call.source(), call.name()), (Source::Fallback, None));
    let mut tools = call.ambiguous_tools().to_vec();
    tools.sort_unstable();
    assert_eq!(tools, ["ToolSearch", "WebSearch"]);
    let call = ledger.get("c2").unwrap();
    assert_eq!(
        (call.source(), call.name(), call.named_by()),
        (Source::Catalog, Some("Bash"), Some(Evidence::Arguments))
    );
    assert!(call.ambiguous_tools().is_empty());
}

/// The recordings of Qwen Code and Kimi CLI, the two harnesses first seen without a catalog:
/// every call is named as its record says — by `_meta.toolName` for Qwen Code (its wrapper's
/// last claim wins), by the first title for Kimi CLI (`ReadFile`, then `ReadFile: …` as the
/// arguments stream) — under the namespace of their catalog harness, which `initialize`'s
/// `agentInfo.name` names (`qwen-code`, `Kimi Code CLI`).
#[test]
fn qwen_code_and_kimi_cli_calls_are_named_as_their_records_say() {
    for (harness, by, namespace) in [
        ("qwen_code", Evidence::MetaKey("toolName"), "qwen_code"),
        ("kimi_cli", Evidence::FirstTitle, "kimi_cli"),
    ] {
        let path = format!("{}/tests/data/real/{harness}", env!("CARGO_MANIFEST_DIR"));
        let mut ledger = Ledger::new();
        let session = std::fs::read(format!("{path}/session.jsonl")).unwrap();
        ledger.read_lines(session.as_slice()).unwrap();
        let expected: Vec<Value> = std::fs::read_to_string(format!("{path}/expected.jsonl"))
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        let ids: Vec<&str> = ledger.calls().map(|call| call.tool_call_id()).collect();
        let expected_ids: Vec<&str> = expected
            .iter()
            .map(|record| record["tool_call_id"].as_str().unwrap())
            .collect();
        assert_eq!(ids, expected_ids, "{harness}");
        for (call, record) in ledger.calls().zip(&expected) {
            let id = call.tool_call_id();
            assert_eq!(call.name(), record["name"].as_str(), "{harness} {id}");
            assert_eq!(call.named_by(), Some(by), "{harness} {id}");
            assert_eq!(call.namespace(), Some(namespace), "{harness} {id}");
        }
    }
}
