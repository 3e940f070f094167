//! Both ends on the official ACP SDK: the `agent` example runs as a child process, the SDK's
//! client side drives it over stdio, and what the client receives goes into the ledger
//! through its typed entry points. The same stream, recorded as the agent wrote it, read as
//! JSON lines gives the same records.
//!
//! The agent is the example binary, which `cargo test` builds beside the tests.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use agent_client_protocol::schema::ProtocolVersion;
use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    CancelNotification, ContentBlock, InitializeRequest, NewSessionRequest, PermissionOptionKind,
    PromptRequest, RequestPermissionOutcome, RequestPermissionRequest, RequestPermissionResponse,
    SelectedPermissionOutcome, SessionNotification, SessionUpdate, StopReason, TextContent,
};
use agent_client_protocol::{AcpAgent, AcpAgentConfig, Agent, Client, LineDirection};
use serde_json::{Value, json};
use toolmeta::TOOL_META_KEY;
use toolmeta::client::{Ledger, Source};

use crate::common;

/// Everything the client saw of one session.
#[derive(Default)]
struct Received {
    /// What the SDK delivered, typed, in arrival order.
    messages: Vec<Message>,
    /// The agent's stdout, line by line, as it went over the pipe.
    agent_lines: Vec<String>,
    agent_name: Option<String>,
    stop_reason: Option<StopReason>,
}

enum Message {
    Notification(SessionNotification),
    Permission(RequestPermissionRequest),
}

/// A fresh working directory for one session.
fn workdir(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolmeta-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("create the session directory");
    for (path, text) in files {
        fs::write(dir.join(path), text).expect("write a session file");
    }
    dir
}

/// Runs one prompt against the agent in `cwd`; permission requests for a path containing
/// `reject` are rejected, for one containing `cancel` the turn is cancelled, every other one
/// is allowed once.
fn run_session(cwd: &Path, prompt: &str) -> Received {
    let received = Arc::new(Mutex::new(Received::default()));
    let lines = Arc::clone(&received);
    let agent_binary = common::example_binary("agent");
    let agent =
        AcpAgent::new(AcpAgentConfig::new(agent_binary)).with_debug(move |line, direction| {
            if direction == LineDirection::Stdout {
                lines.lock().unwrap().agent_lines.push(line.to_owned());
            }
        });
    let (on_notification, on_permission, on_turn) = (
        Arc::clone(&received),
        Arc::clone(&received),
        Arc::clone(&received),
    );
    let (cwd, prompt) = (cwd.to_owned(), prompt.to_owned());
    let client = Client
        .v1()
        .on_receive_notification(
            async move |notification: SessionNotification, _connection| {
                let mut received = on_notification.lock().unwrap();
                received.messages.push(Message::Notification(notification));
                Ok(())
            },
            agent_client_protocol::on_receive_notification!(),
        )
        .on_receive_request(
            async move |request: RequestPermissionRequest,
                        responder,
                        connection: ConnectionTo<Agent>| {
                let path = request.tool_call.meta.as_ref().and_then(|meta| {
                    meta[TOOL_META_KEY]["input"]["path"]
                        .as_str()
                        .map(str::to_owned)
                });
                let path = path.unwrap_or_default();
                let outcome = if path.contains("cancel") {
                    // The user stops the turn while the agent waits: ACP has the client
                    // cancel the session and answer pending requests `cancelled`.
                    connection
                        .send_notification(CancelNotification::new(request.session_id.clone()))?;
                    RequestPermissionOutcome::Cancelled
                } else {
                    let wanted = if path.contains("reject") {
                        PermissionOptionKind::RejectOnce
                    } else {
                        PermissionOptionKind::AllowOnce
                    };
                    let option = request
                        .options
                        .iter()
                        .find(|option| option.kind == wanted)
                        .map(|option| option.option_id.clone())
                        .expect("the agent offers allow and reject");
                    RequestPermissionOutcome::Selected(SelectedPermissionOutcome::new(option))
                };
                on_permission
                    .lock()
                    .unwrap()
                    .messages
                    .push(Message::Permission(request));
                responder.respond(RequestPermissionResponse::new(outcome))
            },
            agent_client_protocol::on_receive_request!(),
        )
        .connect_with(agent, async move |connection: ConnectionTo<Agent>| {
            let initialized = connection
                .send_request(InitializeRequest::new(ProtocolVersion::V1))
                .block_task()
                .await?;
            let session = connection
                .send_request(NewSessionRequest::new(cwd))
                .block_task()
                .await?;
            let response = connection
                .send_request(PromptRequest::new(
                    session.session_id,
                    vec![ContentBlock::Text(TextContent::new(prompt))],
                ))
                .block_task()
                .await?;
            let mut received = on_turn.lock().unwrap();
            received.agent_name = initialized.agent_info.map(|info| info.name);
            received.stop_reason = Some(response.stop_reason);
            Ok(())
        });

    // A hung agent fails the test instead of stalling the suite.
    let (done, finished) = mpsc::channel();
    thread::spawn(move || done.send(futures::executor::block_on(client)));
    finished
        .recv_timeout(Duration::from_secs(60))
        .expect("the session finished within a minute")
        .expect("the ACP session ran without a protocol error");
    Arc::try_unwrap(received)
        .ok()
        .expect("the connection is closed")
        .into_inner()
        .unwrap()
}

/// The ledger fed the typed messages, in arrival order.
fn typed_ledger(received: &Received) -> Ledger {
    let mut ledger = Ledger::new();
    for message in &received.messages {
        match message {
            Message::Notification(notification) => ledger.feed(notification),
            Message::Permission(request) => ledger.feed(request),
        };
    }
    ledger
}

/// The envelope on an event's `_meta`, if any.
fn envelope(meta: Option<&serde_json::Map<String, Value>>) -> Option<&Value> {
    meta?.get(TOOL_META_KEY)
}

const PROMPT: &str = "\
ls .
read notes.txt 2 1
grep needle
run echo hi
edit kept.txt old => new
edit rejected.txt old => new
";

#[test]
fn every_call_is_identified_from_its_envelope_with_its_input_and_final_status() {
    let cwd = workdir(
        "roundtrip",
        &[
            ("notes.txt", "first\nsecond needle\nthird\n"),
            ("kept.txt", "old\n"),
            ("rejected.txt", "old\n"),
        ],
    );
    let received = run_session(&cwd, PROMPT);
    assert_eq!(received.agent_name.as_deref(), Some("toolmeta-agent"));
    assert_eq!(received.stop_reason, Some(StopReason::EndTurn));

    let ledger = typed_ledger(&received);
    // (name, label, kind, input, final status): decided from the contract's label shapes and
    // the agent's tools (read_file's `offset` is already 1-based, so 2 stays 2).
    let expected = [
        (
            "list_dir",
            "List Files",
            "list_dir",
            json!({"directory": "."}),
            "completed",
        ),
        (
            "read_file",
            "Read",
            "read",
            json!({"path": "notes.txt", "offset": 2, "limit": 1}),
            "completed",
        ),
        (
            "grep",
            "Search",
            "search",
            json!({"pattern": "needle"}),
            "completed",
        ),
        (
            "run_terminal_command",
            "Run Command",
            "execute",
            json!({"command": "echo hi"}),
            "completed",
        ),
        (
            "search_replace",
            "Edit",
            "edit",
            json!({"path": "kept.txt"}),
            "completed",
        ),
        (
            "search_replace",
            "Edit",
            "edit",
            json!({"path": "rejected.txt"}),
            "failed",
        ),
    ];
    assert_eq!(ledger.len(), expected.len());
    for (call, (name, label, kind, input, status)) in ledger.calls().zip(expected) {
        let id = call.tool_call_id();
        assert_eq!(call.source(), Source::Envelope, "{id}");
        assert_eq!(call.name(), Some(name), "{id}");
        assert_eq!(call.label(), label, "{id}");
        assert_eq!(call.kind().as_str(), kind, "{id}");
        assert_eq!(call.namespace(), Some("grok_build"), "{id}");
        assert_eq!(call.input_map().map(Value::Object), Some(input), "{id}");
        assert_eq!(call.status().as_str(), status, "{id}");
        assert_eq!(call.session_id(), Some("session-1"), "{id}");
    }

    // The tools really ran, and the permission answers were honoured.
    assert_eq!(fs::read_to_string(cwd.join("kept.txt")).unwrap(), "new\n");
    assert_eq!(
        fs::read_to_string(cwd.join("rejected.txt")).unwrap(),
        "old\n"
    );
    let outputs: Vec<String> = received
        .messages
        .iter()
        .filter_map(|message| match message {
            Message::Notification(SessionNotification {
                update: SessionUpdate::ToolCallUpdate(update),
                ..
            }) => update.fields.content.as_ref(),
            _ => None,
        })
        .map(|content| serde_json::to_string(content).unwrap())
        .collect();
    assert!(
        outputs
            .iter()
            .any(|output| output.contains("second needle"))
    );
    assert!(
        outputs
            .iter()
            .any(|output| output.contains("notes.txt:2:second needle"))
    );
    assert!(outputs.iter().any(|output| output.contains("hi\\n")));
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn the_stream_follows_the_envelope_lifecycle_of_the_contract() {
    let cwd = workdir("lifecycle", &[("kept.txt", "old\n")]);
    let received = run_session(&cwd, "read kept.txt\nedit kept.txt old => new\n");

    // Per call, in order: what each event carried (`None`: no envelope; `Some(false)`:
    // identity only; `Some(true)`: the full envelope with `input`).
    let mut events: Vec<(String, &'static str, Option<bool>)> = Vec::new();
    for message in &received.messages {
        let (id, what, meta) = match message {
            Message::Notification(notification) => match &notification.update {
                SessionUpdate::ToolCall(call) => (
                    call.tool_call_id.to_string(),
                    "tool_call",
                    call.meta.as_ref(),
                ),
                SessionUpdate::ToolCallUpdate(update) => {
                    let what = match update.fields.status {
                        Some(_) => "status",
                        None => "arguments",
                    };
                    (update.tool_call_id.to_string(), what, update.meta.as_ref())
                }
                _ => continue,
            },
            Message::Permission(request) => (
                request.tool_call.tool_call_id.to_string(),
                "permission",
                request.tool_call.meta.as_ref(),
            ),
        };
        let carried = envelope(meta).map(|envelope| envelope.get("input").is_some());
        events.push((id, what, carried));
    }
    let expected = |id: &str, events: &[(&'static str, Option<bool>)]| {
        events
            .iter()
            .map(|(what, carried)| (id.to_owned(), *what, *carried))
            .collect::<Vec<_>>()
    };
    let mut want = expected(
        "call_1",
        &[
            ("tool_call", Some(false)),
            ("arguments", Some(true)),
            ("status", None),
            ("status", None),
        ],
    );
    want.extend(expected(
        "call_2",
        &[
            ("tool_call", Some(false)),
            ("arguments", Some(true)),
            ("permission", Some(true)),
            ("status", None),
            ("status", None),
        ],
    ));
    assert_eq!(events, want);

    // The first event's ACP kind agrees with the envelope (Read -> read, Edit -> edit).
    let kinds: Vec<Value> = received
        .messages
        .iter()
        .filter_map(|message| match message {
            Message::Notification(SessionNotification {
                update: SessionUpdate::ToolCall(call),
                ..
            }) => Some(serde_json::to_value(call.kind).unwrap()),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, [json!("read"), json!("edit")]);
    let _ = fs::remove_dir_all(&cwd);
}

#[test]
fn the_recorded_lines_give_the_same_records_as_the_typed_messages() {
    let cwd = workdir("replay", &[("README.md", "# toolmeta\nTODO: more\n")]);
    // The default turn: list, read the README, search, run a command, create a file.
    let received = run_session(&cwd, "TODO");
    assert_eq!(
        fs::read_to_string(cwd.join("toolmeta-agent.txt")).unwrap(),
        "Written by the toolmeta example agent for: TODO\n"
    );

    let typed = typed_ledger(&received);
    let mut replayed = Ledger::new();
    replayed
        .read_lines(received.agent_lines.join("\n").as_bytes())
        .unwrap();
    assert_eq!(typed.len(), 5);
    assert!(typed.calls().all(|call| call.source() == Source::Envelope));

    let records =
        |ledger: &Ledger| -> Vec<Value> { ledger.calls().map(common::call_record).collect() };
    assert_eq!(records(&replayed), records(&typed));
    // The replay also saw the agent's responses, which are not updates.
    assert!(replayed.counts().not_update >= 3);
    let _ = fs::remove_dir_all(&cwd);
}

/// A harness on the SDK stamps the SDK's own event types: they are the very types of the
/// schema crate toolmeta's `acp` feature is built against, not look-alikes.
#[test]
fn the_sdks_own_tool_call_types_are_stamped() {
    use agent_client_protocol::v1::schema::{ToolCall, ToolCallUpdate, ToolCallUpdateFields};
    use toolmeta::acp::AcpToolEvent;
    use toolmeta::{Identity, Namespace, ToolKind};

    const READ: Identity = Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild);
    let mut call = ToolCall::new("call_1", "read_file");
    call.stamp(&READ.envelope());
    call.set_tool_kind(READ.kind);
    let mut update = ToolCallUpdate::new("call_1", ToolCallUpdateFields::new());
    update.stamp(&READ.envelope());
    let call = serde_json::to_value(&call).unwrap();
    assert_eq!(call["kind"], "read");
    assert_eq!(call["_meta"][TOOL_META_KEY]["label"], "Read");
    assert_eq!(update.meta.unwrap()[TOOL_META_KEY]["name"], "read_file");
}

#[test]
fn a_cancelled_turn_stops_and_the_waiting_edit_is_not_written() {
    let cwd = workdir("cancel", &[("cancel.txt", "old\n")]);
    let received = run_session(&cwd, "edit cancel.txt old => new\nls .\n");
    assert_eq!(received.stop_reason, Some(StopReason::Cancelled));
    assert_eq!(fs::read_to_string(cwd.join("cancel.txt")).unwrap(), "old\n");

    // The edit that was waiting fails; the listing after it never starts.
    let ledger = typed_ledger(&received);
    assert_eq!(ledger.len(), 1);
    let call = ledger.get("call_1").unwrap();
    assert_eq!(
        (call.name(), call.label()),
        (Some("search_replace"), "Edit")
    );
    assert_eq!(call.status(), toolmeta::client::Status::Failed);
    let _ = fs::remove_dir_all(&cwd);
}
