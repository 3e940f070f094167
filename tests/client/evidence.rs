//! Identity from the strongest evidence a call carries (DESIGN §6), the fallback that keeps
//! the canonical keys, permission requests, and the line shapes seen in other harnesses'
//! traffic (goose, the ACP v2 draft, Grok's persisted notifications). Shapes here are small
//! hand-made lines in the harnesses' real forms (see `tests/data/real/` for whole sessions).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Value, json};
use toolmeta::catalog::{self, Harness};
use toolmeta::client::{Change, Evidence, Ledger, LineOutcome, Outcome, Source, Status};

fn feed(ledger: &mut Ledger, lines: &[Value]) {
    for line in lines {
        assert_eq!(
            ledger.feed(&line.to_string()),
            LineOutcome::ToolCall,
            "{line}"
        );
    }
}

fn update(update: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": "s", "update": update}})
}

fn permission(tool_call: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": 7, "method": "session/request_permission",
           "params": {"sessionId": "s", "toolCall": tool_call, "options": []}})
}

fn input(ledger: &Ledger, id: &str) -> Value {
    ledger
        .get(id)
        .unwrap()
        .input_map()
        .map(Value::Object)
        .unwrap_or(Value::Null)
}

#[test]
fn a_later_human_title_never_replaces_the_tool_name_in_the_first_title() {
    let mut ledger = Ledger::builder().harness(Harness::OpenCode).build();
    feed(
        &mut ledger,
        &[
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "bash",
                          "kind": "execute", "rawInput": {}}),
            ),
            update(
                json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
                          "title": "echo hi", "rawInput": {"command": "echo hi", "cwd": "/r"}}),
            ),
            update(
                json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
                          "status": "completed", "title": "echo"}),
            ),
        ],
    );
    let call = ledger.get("c1").unwrap();
    assert_eq!((call.name(), call.title()), (Some("bash"), Some("echo")));
    assert_eq!(call.source(), Source::Catalog);
    assert_eq!(
        input(&ledger, "c1"),
        json!({"command": "echo hi", "cwd": "/r"})
    );
}

#[test]
fn the_agent_named_in_initialize_selects_the_catalog() {
    let mut ledger = Ledger::new();
    let init = json!({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": 1,
                      "agentInfo": {"name": "OpenCode", "version": "1.18.33"}}});
    assert_eq!(ledger.feed(&init.to_string()), LineOutcome::NotUpdate);
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "read",
                         "kind": "read", "rawInput": {"filePath": "/r/a.rs", "offset": 3}}),
        )],
    );
    let call = ledger.get("c1").unwrap();
    assert_eq!(
        (call.source(), call.namespace()),
        (Source::Catalog, Some("opencode"))
    );
    assert_eq!(
        input(&ledger, "c1"),
        json!({"path": "/r/a.rs", "offset": 3})
    );
}

#[test]
fn a_one_word_title_the_harness_does_not_have_gives_way_to_the_id() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[update(json!({"sessionUpdate": "tool_call",
                         "toolCallId": "list_directory__list_directory_1796316480638_0",
                         "title": "src", "kind": "search", "status": "in_progress"}))],
    );
    let call = ledger
        .get("list_directory__list_directory_1796316480638_0")
        .unwrap();
    assert_eq!(call.name(), Some("list_directory"));
    assert_eq!(call.label(), "List Files");
    assert_eq!(call.namespace(), Some("gemini_cli"));
}

#[test]
fn a_call_with_no_raw_input_takes_its_path_and_line_from_its_location() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[update(json!({"sessionUpdate": "tool_call",
                         "toolCallId": "read_file__read_file_1796316480613_0", "title": "notes.txt",
                         "kind": "read", "locations": [{"path": "/r/notes.txt", "line": 10}]}))],
    );
    assert_eq!(
        input(&ledger, "read_file__read_file_1796316480613_0"),
        json!({"path": "/r/notes.txt", "offset": 10})
    );
}

/// The catalog is asked about a call's arguments once while they stay the same: an update
/// that brings other evidence (ACP `kind`, a title) gets the same answer without asking;
/// new arguments are asked about again.
#[test]
fn the_catalog_is_asked_again_only_about_new_arguments() {
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&asked);
    let mut ledger = Ledger::builder()
        .harness(Harness::Codex)
        .synthesizer(move |harness, name, raw_input| {
            counter.fetch_add(1, Ordering::Relaxed);
            catalog::synthesize(harness, name, raw_input)
        })
        .build();
    let asked = || asked.load(Ordering::Relaxed);
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "name": "shell",
                   "rawInput": {"command": ["ls"]}}),
        )],
    );
    assert_eq!(asked(), 1);
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1", "kind": "execute",
                   "title": "List files", "rawInput": {"command": ["ls"]}}),
        )],
    );
    assert_eq!(asked(), 1, "the same arguments: the answer is kept");
    let call = ledger.get("c1").unwrap();
    assert_eq!(
        (call.source(), call.name(), call.named_by()),
        (Source::Catalog, Some("shell"), Some(Evidence::AcpName))
    );
    assert_eq!(input(&ledger, "c1"), json!({"command": "ls"}));
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
                   "rawInput": {"command": ["ls", "-la"]}}),
        )],
    );
    assert_eq!(asked(), 2, "new arguments are asked about");
    assert_eq!(input(&ledger, "c1"), json!({"command": "ls -la"}));
}

#[test]
fn codex_acp_calls_are_named_by_their_arguments() {
    let mut ledger = Ledger::builder().harness(Harness::Codex).build();
    let event = json!({"call_id": "c1", "process_id": "1", "turn_id": "t",
        "command": ["/bin/bash", "-lc", "cat README.md"], "cwd": "/r",
        "parsed_cmd": [{"type": "read", "cmd": "cat README.md", "name": "README.md", "path": "README.md"}],
        "source": "unified_exec_startup"});
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "c1",
                         "title": "Read README.md", "kind": "read", "rawInput": event}),
        )],
    );
    let call = ledger.get("c1").unwrap();
    assert_eq!(
        (call.name(), call.label()),
        (Some("exec_command"), "Run Command")
    );
    assert_eq!(
        input(&ledger, "c1"),
        json!({"command": "cat README.md", "cwd": "/r"})
    );
}

#[test]
fn a_permission_request_before_any_tool_call_starts_the_call() {
    let mut ledger = Ledger::builder().harness(Harness::Codex).build();
    feed(
        &mut ledger,
        &[permission(
            json!({"toolCallId": "c9", "kind": "execute", "status": "pending",
            "title": "rm -rf build", "rawInput": {"call_id": "c9", "command": ["/bin/bash", "-lc", "rm -rf build"],
            "cwd": "/r", "reason": "cleanup", "parsed_cmd": [{"type": "unknown", "cmd": "rm -rf build"}]}}),
        )],
    );
    let call = ledger.get("c9").unwrap();
    assert_eq!(
        (call.name(), call.status()),
        (Some("exec_command"), toolmeta::client::Status::Pending)
    );
    assert_eq!(
        input(&ledger, "c9"),
        json!({"command": "rm -rf build", "cwd": "/r"})
    );
}

#[test]
fn a_permission_request_never_replaces_the_calls_own_arguments_or_kind() {
    let mut ledger = Ledger::builder().harness(Harness::OpenCode).build();
    feed(
        &mut ledger,
        &[
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "read",
                          "kind": "read", "rawInput": {}}),
            ),
            update(
                json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
                          "rawInput": {"filePath": "/etc/hostname"}}),
            ),
            permission(json!({"toolCallId": "c1", "kind": "other", "title": "/etc",
                              "rawInput": {"filepath": "/etc/hostname", "parentDir": "/etc"}})),
        ],
    );
    let call = ledger.get("c1").unwrap();
    assert_eq!(
        (call.acp_kind(), call.title()),
        (Some("read"), Some("/etc"))
    );
    assert_eq!(input(&ledger, "c1"), json!({"path": "/etc/hostname"}));
    // An empty `{}` from the call (Claude Code's first tool_call) is not its arguments yet:
    // the permission request's fill in.
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "t1", "name": "Edit",
                          "kind": "edit", "rawInput": {}, "_meta": {"claudeCode": {"toolName": "Edit"}}}),
            ),
            permission(json!({"toolCallId": "t1", "name": "Edit",
                              "rawInput": {"file_path": "/r/a.py", "old_string": "a", "new_string": "b"}})),
        ],
    );
    assert_eq!(input(&ledger, "t1"), json!({"path": "/r/a.py"}));
}

/// The shape of OpenCode 1.18.33's `bash` call refused by a policy, from
/// tests/data/policy/opencode/proxy_log.jsonl (call `call_a3b741ef50894537`, its lines 73 and
/// 75-78, the `msg` of each, the session id shortened): the call's first event carries only
/// `{cwd}`, the permission request `{command}`, the proxy rejects, and OpenCode then sends the
/// full arguments in `in_progress` and `failed` updates.
const OPENCODE_REFUSED_BASH: [&str; 5] = [
    r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"ses_1","update":{"sessionUpdate":"tool_call","toolCallId":"call_a3b741ef50894537","title":"bash","kind":"execute","status":"pending","locations":[{"path":"/home/dev/work/opencode_policy"}],"rawInput":{"cwd":"/home/dev/work/opencode_policy"}}}}"#,
    r#"{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{"sessionId":"ses_1","toolCall":{"toolCallId":"call_a3b741ef50894537","title":"echo \"cleaned: $(rm -rf build)\"","kind":"execute","status":"pending","locations":[],"rawInput":{"command":"echo \"cleaned: $(rm -rf build)\""}},"options":[{"optionId":"once","kind":"allow_once","name":"Allow once"},{"optionId":"always","kind":"allow_always","name":"Always allow"},{"optionId":"reject","kind":"reject_once","name":"Reject"}]}}"#,
    r#"{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"selected","optionId":"reject"}}}"#,
    r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"ses_1","update":{"sessionUpdate":"tool_call_update","toolCallId":"call_a3b741ef50894537","status":"in_progress","kind":"execute","title":"echo \"cleaned: $(rm -rf build)\"","locations":[{"path":"/home/dev/work/opencode_policy"}],"rawInput":{"command":"echo \"cleaned: $(rm -rf build)\"","description":"Remove the build directory","cwd":"/home/dev/work/opencode_policy"}}}}"#,
    r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"ses_1","update":{"sessionUpdate":"tool_call_update","toolCallId":"call_a3b741ef50894537","status":"failed","kind":"execute","title":"echo \"cleaned: $(rm -rf build)\"","locations":[{"path":"/home/dev/work/opencode_policy"}],"rawInput":{"command":"echo \"cleaned: $(rm -rf build)\"","description":"Remove the build directory","cwd":"/home/dev/work/opencode_policy"},"content":[{"type":"content","content":{"type":"text","text":"The user rejected permission to use this specific tool call."}}],"rawOutput":{"error":"The user rejected permission to use this specific tool call."}}}}"#,
];

#[test]
fn a_permission_request_fills_in_the_arguments_the_call_lacks() {
    // DESIGN §8: a call's input is everything the call and the request have named; the
    // request never replaces what the call sent (§6), so its keys are added to `{cwd}`.
    let mut ledger = Ledger::builder().harness(Harness::OpenCode).build();
    for line in &OPENCODE_REFUSED_BASH[..2] {
        ledger.feed(*line);
    }
    let id = "call_a3b741ef50894537";
    let command = r#"echo "cleaned: $(rm -rf build)""#;
    let asked = json!({"command": command, "cwd": "/home/dev/work/opencode_policy"});
    assert_eq!(input(&ledger, id), asked);
    let call = ledger.get(id).unwrap();
    assert_eq!((call.name(), call.label()), (Some("bash"), "Run Command"));
    let raw: Value = serde_json::from_str(call.raw_input().unwrap().get()).unwrap();
    assert_eq!(
        raw, asked,
        "the call's own `cwd` stays beside the request's `command`"
    );
    // Refused: finished, with the arguments it was refused with.
    ledger.feed(OPENCODE_REFUSED_BASH[2]);
    let call = ledger.get(id).unwrap();
    assert!(call.is_finished() && call.is_rejected());
    assert_eq!(input(&ledger, id), asked);
    // OpenCode then sends the same arguments and a `description`: they only add to what the
    // call finished with, so they are its late input (§6), not a conflict; its status is
    // what the agent says last.
    for line in &OPENCODE_REFUSED_BASH[3..] {
        ledger.feed(*line);
    }
    let call = ledger.get(id).unwrap();
    assert_eq!(call.conflicts(), []);
    let raw: Value = serde_json::from_str(call.raw_input().unwrap().get()).unwrap();
    assert_eq!(raw["description"], "Remove the build directory");
    assert_eq!(input(&ledger, id), asked);
    assert_eq!((call.name(), call.label()), (Some("bash"), "Run Command"));
    assert_eq!(call.outcome(), Outcome::Rejected);
    assert_eq!(call.status(), Status::Failed);
}

#[test]
fn a_requests_keys_are_not_taken_when_they_would_change_the_identity() {
    // OpenCode's `read` as in tests/data/real/opencode/session.jsonl (call
    // `call_19b83f665f81485a`), its tool-name title left out: only the argument names say
    // `read`. The request's `{filepath, parentDir}` describe the permission; taken, they
    // would leave no catalog tool fitting the arguments (§6: a reading must be earned).
    let mut ledger = Ledger::builder().harness(Harness::OpenCode).build();
    feed(
        &mut ledger,
        &[
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "read",
                          "status": "pending", "rawInput": {}}),
            ),
            update(
                json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
                          "status": "in_progress", "kind": "read",
                          "rawInput": {"filePath": "/etc/hostname"}}),
            ),
            permission(json!({"toolCallId": "c1", "title": "/etc", "kind": "other",
                              "rawInput": {"filepath": "/etc/hostname", "parentDir": "/etc"}})),
        ],
    );
    let call = ledger.get("c1").unwrap();
    assert_eq!((call.name(), call.label()), (Some("read"), "Read"));
    assert_eq!(call.named_by(), Some(Evidence::Arguments));
    assert_eq!(
        call.raw_input().unwrap().get(),
        r#"{"filePath":"/etc/hostname"}"#
    );
    assert_eq!(input(&ledger, "c1"), json!({"path": "/etc/hostname"}));
}

#[test]
fn a_refused_calls_arguments_are_not_rewritten_by_a_later_update() {
    // §8: what was sent early cannot be hidden by a later update. A later `rawInput` that
    // names another command is recorded as a conflict; the refused command stays.
    let mut ledger = Ledger::builder().harness(Harness::OpenCode).build();
    for line in &OPENCODE_REFUSED_BASH[..3] {
        ledger.feed(*line);
    }
    let id = "call_a3b741ef50894537";
    let late = OPENCODE_REFUSED_BASH[3].replace(r#"echo \"cleaned: $(rm -rf build)\""#, "ls");
    assert_ne!(late, OPENCODE_REFUSED_BASH[3]);
    ledger.feed(&late);
    assert_eq!(
        ledger.events().last().map(|event| event.change),
        Some(Change::IdentityConflict)
    );
    let call = ledger.get(id).unwrap();
    assert_eq!(
        input(&ledger, id)["command"],
        r#"echo "cleaned: $(rm -rf build)""#
    );
    let conflicts: Vec<&str> = call.conflicts().iter().map(|c| c.field()).collect();
    assert_eq!(conflicts, ["rawInput"]);
    // A late `rawInput` that only adds arguments but would make the call another tool is a
    // conflict too: a finished call keeps its identity (§6). `{}` leaves ACP's `read` alone
    // to name the call; arguments that name OpenCode's `read` would make it a catalog call.
    let mut ledger = Ledger::builder().harness(Harness::OpenCode).build();
    for line in [
        r#"{"sessionUpdate":"tool_call","toolCallId":"c2","kind":"read","status":"completed","rawInput":{}}"#,
        r#"{"sessionUpdate":"tool_call_update","toolCallId":"c2","rawInput":{"filePath":"/etc/shadow","offset":3}}"#,
    ] {
        ledger.feed(line);
    }
    let call = ledger.get("c2").unwrap();
    assert_eq!(call.raw_input().unwrap().get(), "{}");
    let conflicts: Vec<&str> = call.conflicts().iter().map(|c| c.field()).collect();
    assert_eq!(conflicts, ["rawInput"]);
}

#[test]
fn streamed_partial_arguments_end_as_the_final_ones() {
    let mut ledger = Ledger::new();
    let meta = json!({"claudeCode": {"toolName": "WebFetch"}});
    feed(
        &mut ledger,
        &[
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "t1", "name": "WebFetch",
                          "kind": "fetch", "rawInput": {}, "_meta": meta}),
            ),
            update(
                json!({"sessionUpdate": "tool_call_update", "toolCallId": "t1",
                          "rawInput": {"url": "https://a.example"}, "_meta": meta}),
            ),
        ],
    );
    assert_eq!(input(&ledger, "t1"), json!({"url": "https://a.example"}));
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "t1",
                         "rawInput": {"url": "https://b.example", "prompt": "p"}, "_meta": meta}),
        )],
    );
    assert_eq!(input(&ledger, "t1"), json!({"url": "https://b.example"}));
}

#[test]
fn claude_agent_acp_file_tools_reach_the_catalog() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "t1", "kind": "read",
            "rawInput": {"file_path": "/r/a.rs", "offset": 5},
            "_meta": {"claudeCode": {"toolName": "mcp__acp__Read"}}}),
        )],
    );
    let call = ledger.get("t1").unwrap();
    assert_eq!(
        (call.name(), call.label()),
        (Some("mcp__acp__Read"), "Read")
    );
    assert_eq!(
        input(&ledger, "t1"),
        json!({"path": "/r/a.rs", "offset": 5})
    );
}

#[test]
fn without_a_catalog_match_the_canonical_keys_of_the_acp_kind_are_kept() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "a", "title": "Run it",
                          "kind": "execute", "rawInput": {"command": "make", "cwd": "/r", "env": {}}}),
            ),
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "b", "title": "Look up",
                          "kind": "fetch", "rawInput": {"url": "https://x.example", "depth": 2}}),
            ),
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "c", "title": "Open",
                          "kind": "read", "rawInput": {"file": "a.rs"}}),
            ),
        ],
    );
    assert_eq!(input(&ledger, "a"), json!({"command": "make", "cwd": "/r"}));
    assert_eq!(input(&ledger, "b"), json!({"url": "https://x.example"}));
    assert_eq!(
        input(&ledger, "c"),
        Value::Null,
        "no canonical path: nothing guessed"
    );
    assert!(ledger.calls().all(|call| call.source() == Source::Fallback));
}

#[test]
fn a_grok_build_envelope_without_input_is_completed_from_raw_input() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "g1", "title": "read_file",
            "rawInput": {"target_file": "src/a.rs", "offset": 0, "limit": 40},
            "_meta": {"x.ai/tool": {"version": 1, "name": "read_file", "kind": "read",
                                    "namespace": "grok_build", "label": "Read", "read_only": true}}}),
        )],
    );
    let call = ledger.get("g1").unwrap();
    assert_eq!(call.source(), Source::Envelope);
    assert_eq!(
        input(&ledger, "g1"),
        json!({"path": "src/a.rs", "offset": 1, "limit": 40})
    );
    // An envelope naming only its tool is completed the same way.
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "g2",
            "rawInput": {"command": "cargo test"},
            "_meta": {"x.ai/tool": {"name": "run_terminal_command", "namespace": "grok_build"}}}),
        )],
    );
    assert_eq!(input(&ledger, "g2"), json!({"command": "cargo test"}));
}

#[test]
fn goose_names_its_tool_in_meta() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "x1", "title": "Running shell",
            "kind": "execute", "rawInput": {"command": "ls"},
            "_meta": {"goose": {"toolCall": {"toolName": "developer__shell"}}}}),
        )],
    );
    let call = ledger.get("x1").unwrap();
    let claims: Vec<(Evidence, &str)> = call.claims().collect();
    assert_eq!(
        claims,
        [(
            Evidence::MetaKey("goose.toolCall.toolName"),
            "developer__shell"
        )]
    );
    assert_eq!(
        (call.name(), call.label()),
        (Some("developer__shell"), "Run Command")
    );
    assert_eq!(input(&ledger, "x1"), json!({"command": "ls"}));
}

#[test]
fn the_acp_v2_draft_permission_shape_is_a_tool_call() {
    let mut ledger = Ledger::new();
    let request = json!({"jsonrpc": "2.0", "id": 3, "method": "session/request_permission",
        "params": {"sessionId": "s", "subject": {"type": "tool_call",
            "toolCall": {"toolCallId": "v2", "title": "Edit a.rs", "kind": "edit"}}, "options": []}});
    assert_eq!(ledger.feed(&request.to_string()), LineOutcome::ToolCall);
    assert_eq!(ledger.get("v2").unwrap().label(), "Edit");
}

#[test]
fn grok_session_notifications_are_updates() {
    let mut ledger = Ledger::new();
    let line = json!({"timestamp": 1, "method": "_x.ai/session_notification",
        "params": {"sessionId": "s", "update": {"sessionUpdate": "tool_call", "toolCallId": "n1",
                   "title": "grep", "kind": "search"}}});
    assert_eq!(ledger.feed(&line.to_string()), LineOutcome::ToolCall);
    assert_eq!(ledger.get("n1").unwrap().label(), "Search");
}

/// Identification is by rule: ids, titles and commands the corpus never had come out by the
/// same rules (a tool unknown to the catalog keeps the name its evidence gives).
#[test]
fn unseen_traffic_is_identified_by_the_same_rules() {
    let mut ledger = Ledger::new();
    feed(
        &mut ledger,
        &[
            update(
                json!({"sessionUpdate": "tool_call", "toolCallId": "glob__glob_1900000000000_7",
                          "title": "'*.rs'", "kind": "search"}),
            ),
            update(json!({"sessionUpdate": "tool_call",
                          "toolCallId": "save_memory__save_memory_1900000000001_0",
                          "title": "Remember the build command", "kind": "think"})),
            update(json!({"sessionUpdate": "tool_call",
                          "toolCallId": "write_file__write_file_1900000000002_3",
                          "title": "Writing to x.md", "kind": "edit",
                          "locations": [{"path": "/p/x.md", "line": 1}]})),
        ],
    );
    let glob = ledger.get("glob__glob_1900000000000_7").unwrap();
    assert_eq!(
        (glob.name(), glob.namespace()),
        (Some("glob"), Some("gemini_cli"))
    );
    let memory = ledger
        .get("save_memory__save_memory_1900000000001_0")
        .unwrap();
    assert_eq!(
        (memory.name(), memory.label(), memory.source()),
        (Some("save_memory"), "Think", Source::Fallback),
        "not in 0.61's catalog: the id's name, ACP's kind"
    );
    assert_eq!(
        input(&ledger, "write_file__write_file_1900000000002_3"),
        json!({"path": "/p/x.md"}),
        "Write has no offset"
    );
}
