//! `toolmeta inspect --otlp` on the real wire: the program posts to an OTLP receiver in the
//! test, which decodes the official protobuf messages (and their JSON form). Expected
//! values come from DESIGN §8, the recordings of `tests/data/real/` (read here line by
//! line) and their hand-written `expected.jsonl`, and the published catalog data.
#![cfg(feature = "otel")]

mod otlp_receiver;

use std::collections::{BTreeMap, HashMap};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::trace::v1::Span;
use opentelemetry_proto::tonic::trace::v1::span::SpanKind;
use opentelemetry_proto::tonic::trace::v1::status::StatusCode;
use otlp_receiver::{Receiver, attribute, keys};
use serde_json::Value;

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// Runs `toolmeta ARGS` with the OTEL variables of the caller's environment removed and
/// `vars` set.
fn toolmeta(args: &[&str], vars: &[(&str, &str)]) -> Output {
    let mut command = Command::new(TOOLMETA);
    command.args(args);
    for (key, _) in std::env::vars() {
        if key.starts_with("OTEL_") {
            command.env_remove(key);
        }
    }
    command.envs(vars.iter().copied());
    command.output().unwrap()
}

fn millis_as_nanos(t: u64) -> u64 {
    t * 1_000_000
}

/// What a recording says, read from its lines as DESIGN §8 defines the spans.
#[derive(Debug, Default)]
struct Recording {
    agent_name: Option<String>,
    /// Prompts in order: (request id, session, start t, answer t, stopReason).
    prompts: Vec<Prompt>,
    calls: BTreeMap<String, RecordedCall>,
    last_t: u64,
}

#[derive(Debug, Clone)]
struct Prompt {
    id: Value,
    session: String,
    start: u64,
    end: Option<u64>,
    stop_reason: Option<String>,
}

#[derive(Debug, Default, Clone)]
struct RecordedCall {
    session: String,
    first: u64,
    end: Option<u64>,
    failed: bool,
    /// `allowed`, `rejected` or `cancelled`.
    decision: Option<&'static str>,
    /// The index in `prompts` of the turn open in its session when first seen.
    turn: Option<usize>,
    raw_input: Option<Value>,
    /// It carried ACP's `name`.
    acp_name: bool,
    /// It carried `_meta.claudeCode.toolName`.
    claude_tool_name: bool,
    /// The call that started its subagent: a legacy `_meta` hint (DESIGN §6, Subagents).
    parent_call: Option<String>,
}

fn read_recording(path: &str) -> Recording {
    let text = std::fs::read_to_string(path).unwrap();
    let mut recording = Recording::default();
    // Permission requests: id → (toolCallId, optionId → kind).
    let mut permissions: HashMap<String, (String, HashMap<String, String>)> = HashMap::new();
    for line in text.lines() {
        let record: Value = serde_json::from_str(line).unwrap();
        let t = record["t"].as_u64().unwrap();
        recording.last_t = recording.last_t.max(t);
        let from_client = record["dir"] == "client->agent";
        let msg = &record["msg"];
        let method = msg["method"].as_str();
        if let Some(name) = msg["result"]["agentInfo"]["name"].as_str() {
            recording.agent_name = Some(name.to_owned());
        }
        match method {
            Some("session/prompt") if from_client => recording.prompts.push(Prompt {
                id: msg["id"].clone(),
                session: msg["params"]["sessionId"].as_str().unwrap().to_owned(),
                start: t,
                end: None,
                stop_reason: None,
            }),
            None if !from_client => {
                if let Some(prompt) = recording
                    .prompts
                    .iter_mut()
                    .find(|prompt| prompt.id == msg["id"] && prompt.end.is_none())
                {
                    prompt.end = Some(t);
                    prompt.stop_reason = msg["result"]["stopReason"].as_str().map(str::to_owned);
                }
            }
            None if from_client && msg["result"]["outcome"].is_object() => {
                let Some((call, options)) = permissions.get(&msg["id"].to_string()) else {
                    continue;
                };
                let outcome = &msg["result"]["outcome"];
                let decision = if outcome["outcome"] == "cancelled" {
                    "cancelled"
                } else {
                    let option = outcome["optionId"].as_str().unwrap();
                    if options[option].starts_with("allow") {
                        "allowed"
                    } else {
                        "rejected"
                    }
                };
                let call = recording.calls.get_mut(call).unwrap();
                call.decision = Some(decision);
                if decision != "allowed" && call.end.is_none() {
                    call.end = Some(t);
                }
            }
            Some("session/update" | "session/request_permission") if !from_client => {
                let (update, request) = if method == Some("session/update") {
                    (&msg["params"]["update"], false)
                } else {
                    (&msg["params"]["toolCall"], true)
                };
                let Some(id) = update["toolCallId"].as_str() else {
                    continue;
                };
                let session = msg["params"]["sessionId"].as_str().unwrap().to_owned();
                let turn = recording
                    .prompts
                    .iter()
                    .rposition(|prompt| prompt.session == session && prompt.end.is_none());
                let call = recording
                    .calls
                    .entry(id.to_owned())
                    .or_insert_with(|| RecordedCall {
                        session,
                        first: t,
                        turn,
                        ..RecordedCall::default()
                    });
                if request {
                    let options = msg["params"]["options"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|option| {
                            (
                                option["optionId"].as_str().unwrap().to_owned(),
                                option["kind"].as_str().unwrap().to_owned(),
                            )
                        })
                        .collect();
                    permissions.insert(msg["id"].to_string(), (id.to_owned(), options));
                    if call.raw_input.is_none() && !update["rawInput"].is_null() {
                        call.raw_input = Some(update["rawInput"].clone());
                    }
                    continue;
                }
                if !update["rawInput"].is_null() {
                    call.raw_input = Some(update["rawInput"].clone());
                }
                if update["name"].is_string() {
                    call.acp_name = true;
                }
                if update["_meta"]["claudeCode"]["toolName"].is_string() {
                    call.claude_tool_name = true;
                }
                for hint in [
                    &update["_meta"]["claudeCode"]["parentToolUseId"],
                    &update["_meta"]["parentToolCallId"],
                ] {
                    if let Some(parent) = hint.as_str() {
                        call.parent_call = Some(parent.to_owned());
                    }
                }
                match update["status"].as_str() {
                    Some("completed") if call.end.is_none() => call.end = Some(t),
                    Some("failed") if call.end.is_none() => {
                        call.end = Some(t);
                        call.failed = true;
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    recording
}

/// `expected.jsonl`: toolCallId → the record.
fn expected(path: &str) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The published catalog: (namespace, tool) → read_only, and kind → its default.
fn read_only_table() -> (HashMap<(String, String), bool>, HashMap<String, bool>) {
    let catalog: Value = serde_json::from_str(
        &std::fs::read_to_string(format!("{ROOT}/toolmeta/catalog/catalog.json")).unwrap(),
    )
    .unwrap();
    let mut tools = HashMap::new();
    for harness in catalog["harnesses"].as_array().unwrap() {
        for tool in harness["tools"].as_array().unwrap() {
            tools.insert(
                (
                    harness["namespace"].as_str().unwrap().to_owned(),
                    tool["name"].as_str().unwrap().to_owned(),
                ),
                tool["effects"]["read_only"].as_bool().unwrap(),
            );
        }
    }
    let kinds = catalog["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|kind| {
            (
                kind["kind"].as_str().unwrap().to_owned(),
                kind["read_only"].as_bool().unwrap(),
            )
        })
        .collect();
    (tools, kinds)
}

fn attr(span: &Span, key: &str) -> Option<String> {
    attribute(&span.attributes, key)
}

/// Exports the recordings of `harnesses` in one run (each file a stream of its own) and
/// checks every span of each against what its recording says.
fn check_recordings(harnesses: &[&str], protocol: &str) {
    let logs: Vec<String> = harnesses
        .iter()
        .map(|harness| format!("{ROOT}/tests/data/real/{harness}/interleaved.jsonl"))
        .collect();
    let receiver = Receiver::start();
    let mut args = vec!["inspect", "--otlp", receiver.endpoint().leak()];
    args.extend(logs.iter().map(String::as_str));
    let out = toolmeta(&args, &[("OTEL_EXPORTER_OTLP_PROTOCOL", protocol)]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let content_type = if protocol == "http/json" {
        "application/json"
    } else {
        "application/x-protobuf"
    };
    for request in receiver.requests() {
        assert_eq!(request.headers["content-type"], content_type);
    }
    let spans: Vec<Span> = receiver.spans().into_iter().map(|(_, span)| span).collect();
    let mut checked = 0;
    for (harness, log) in harnesses.iter().zip(&logs) {
        checked += check_recording(harness, log, &spans);
    }
    assert_eq!(checked, spans.len(), "spans of no recording");
}

/// Checks the spans of one recording (those of its sessions) against what the recording
/// says; returns how many spans it checked.
fn check_recording(harness: &str, log: &str, all_spans: &[Span]) -> usize {
    let recording = read_recording(log);
    let expected = expected(&format!("{ROOT}/tests/data/real/{harness}/expected.jsonl"));
    let (catalog_read_only, kind_read_only) = read_only_table();
    let sessions: Vec<&str> = recording
        .prompts
        .iter()
        .map(|prompt| prompt.session.as_str())
        .chain(recording.calls.values().map(|call| call.session.as_str()))
        .collect();
    let spans: Vec<&Span> = all_spans
        .iter()
        .filter(|span| {
            attr(span, "gen_ai.conversation.id").is_some_and(|id| sessions.contains(&id.as_str()))
        })
        .collect();
    let turns: Vec<&Span> = spans
        .iter()
        .copied()
        .filter(|s| s.name == "invoke_agent")
        .collect();
    let calls: Vec<&Span> = spans
        .iter()
        .copied()
        .filter(|s| s.name.starts_with("execute_tool "))
        .collect();
    assert_eq!(
        spans.len(),
        turns.len() + calls.len(),
        "{harness}: other spans"
    );
    let agent = recording
        .agent_name
        .clone()
        .expect("the recording names its agent");

    // One invoke_agent per prompt, from the prompt to its answer.
    assert_eq!(turns.len(), recording.prompts.len(), "{harness}: turns");
    let mut turn_spans = Vec::new();
    for prompt in &recording.prompts {
        let span = turns
            .iter()
            .find(|span| {
                span.start_time_unix_nano == millis_as_nanos(prompt.start)
                    && attr(span, "gen_ai.conversation.id").as_deref() == Some(&prompt.session)
                    && !turn_spans.contains(&span.span_id)
            })
            .unwrap_or_else(|| panic!("{harness}: no turn for prompt {}", prompt.id));
        turn_spans.push(span.span_id.clone());
        let end = prompt.end.unwrap_or(recording.last_t);
        assert_eq!(span.end_time_unix_nano, millis_as_nanos(end), "{harness}");
        assert_eq!(span.kind, SpanKind::Client as i32);
        assert!(
            span.parent_span_id.is_empty(),
            "a turn without traceparent is a root"
        );
        assert_eq!(
            attr(span, "gen_ai.operation.name").as_deref(),
            Some("invoke_agent")
        );
        assert_eq!(
            attr(span, "gen_ai.agent.name").as_deref(),
            Some(agent.as_str())
        );
        assert_eq!(attr(span, "toolmeta.stop_reason"), prompt.stop_reason);
        assert_eq!(
            attr(span, "toolmeta.unfinished").as_deref(),
            prompt.end.is_none().then_some("true")
        );
    }

    // One execute_tool per call, every attribute of §8.
    assert_eq!(calls.len(), expected.len(), "{harness}: calls");
    for record in &expected {
        let id = record["tool_call_id"].as_str().unwrap();
        let recorded = &recording.calls[id];
        let span = calls
            .iter()
            .find(|span| attr(span, "gen_ai.tool.call.id").as_deref() == Some(id))
            .unwrap_or_else(|| panic!("{harness}: no span for {id}"));
        let label = record["label"].as_str().unwrap();
        let name = record["name"].as_str().unwrap_or(label);
        let context = format!("{harness} {id}");
        assert_eq!(span.name, format!("execute_tool {name}"), "{context}");
        assert_eq!(span.kind, SpanKind::Internal as i32, "{context}");
        let expect = |key: &str, value: Option<&str>| {
            assert_eq!(attr(span, key).as_deref(), value, "{context}: {key}");
        };
        expect("gen_ai.operation.name", Some("execute_tool"));
        expect("gen_ai.tool.name", Some(name));
        let mcp = record["namespace"] == "mcp" || name.starts_with("mcp__");
        expect(
            "gen_ai.tool.type",
            Some(if mcp { "extension" } else { "function" }),
        );
        expect("gen_ai.agent.name", Some(&agent));
        expect("gen_ai.conversation.id", Some(&recorded.session));
        expect("toolmeta.label", Some(label));
        expect("toolmeta.kind", record["kind"].as_str());
        expect("toolmeta.namespace", record["namespace"].as_str());
        let kind = record["kind"].as_str().unwrap();
        let read_only = record["namespace"]
            .as_str()
            .and_then(|namespace| catalog_read_only.get(&(namespace.to_owned(), name.to_owned())))
            .or_else(|| kind_read_only.get(kind))
            .copied();
        expect(
            "toolmeta.read_only",
            read_only.map(|flag| flag.to_string()).as_deref(),
        );
        // The evidence value: earned by §8's rule.
        let evidence = attr(span, "toolmeta.evidence").unwrap();
        let earned = matches!(
            evidence.as_str(),
            "envelope" | "acp_name" | "meta" | "call_id" | "title" | "arguments"
        );
        expect("toolmeta.earned", Some(&earned.to_string()));
        // The evidence order of DESIGN §6: ACP's name, then a `_meta` tool-name key.
        if recorded.acp_name {
            assert_eq!(evidence, "acp_name", "{context}");
            expect("toolmeta.evidence_key", None);
        } else if recorded.claude_tool_name {
            assert_eq!(evidence, "meta", "{context}");
            expect("toolmeta.evidence_key", Some("claudeCode.toolName"));
        }
        if record["name"].is_null() {
            assert!(
                matches!(evidence.as_str(), "acp_kind" | "none"),
                "{context}: {evidence}"
            );
        }
        // Permission and outcome.
        expect("toolmeta.permission.decision", recorded.decision);
        expect("toolmeta.permission.by", recorded.decision.map(|_| "user"));
        expect("toolmeta.permission.rule", None);
        let error = if recorded.failed {
            Some("failed")
        } else {
            recorded.decision.filter(|decision| *decision != "allowed")
        };
        expect("error.type", error);
        let status = span.status.clone().unwrap_or_default();
        let code = match (error, recorded.end) {
            (Some(_), _) => StatusCode::Error,
            (None, Some(_)) => StatusCode::Ok,
            (None, None) => StatusCode::Unset,
        };
        assert_eq!(status.code, code as i32, "{context}");
        expect(
            "toolmeta.unfinished",
            recorded.end.is_none().then_some("true"),
        );
        expect("toolmeta.replayed", None);
        expect("toolmeta.timed", None);
        expect("gen_ai.tool.call.arguments", None);
        expect("toolmeta.input", None);
        // Times: first seen to finished, else to the end of the stream.
        assert_eq!(
            span.start_time_unix_nano,
            millis_as_nanos(recorded.first),
            "{context}"
        );
        assert_eq!(
            span.end_time_unix_nano,
            millis_as_nanos(recorded.end.unwrap_or(recording.last_t)),
            "{context}"
        );
        // Parent: the call that started its subagent, else the turn open in its session
        // when the call was first seen.
        let turn_of = |call: &RecordedCall| {
            let mut call = call;
            while let Some(parent) = &call.parent_call {
                call = &recording.calls[parent];
            }
            call.turn
        };
        if let Some(parent) = &recorded.parent_call {
            let parent_span = calls
                .iter()
                .find(|span| attr(span, "gen_ai.tool.call.id").as_deref() == Some(parent))
                .unwrap();
            assert_eq!(
                span.parent_span_id, parent_span.span_id,
                "{context}: parent call"
            );
            assert_eq!(span.trace_id, parent_span.trace_id, "{context}: trace");
            let turn = turn_of(recorded).expect("a subagent within a turn");
            let turn_span = turns
                .iter()
                .find(|t| t.span_id == turn_spans[turn])
                .unwrap();
            assert_eq!(span.trace_id, turn_span.trace_id, "{context}: turn's trace");
        } else {
            match recorded.turn {
                Some(turn) => {
                    assert_eq!(span.parent_span_id, turn_spans[turn], "{context}: parent");
                    let turn_span = turns
                        .iter()
                        .find(|t| t.span_id == turn_spans[turn])
                        .unwrap();
                    assert_eq!(span.trace_id, turn_span.trace_id, "{context}: trace");
                }
                None => assert!(span.parent_span_id.is_empty(), "{context}"),
            }
        }
        // Nothing but the names of §8.
        for key in keys(&span.attributes) {
            assert!(
                key.starts_with("gen_ai.") || key.starts_with("toolmeta.") || key == "error.type",
                "{context}: {key}"
            );
        }
    }
    spans.len()
}

#[test]
fn claude_code_session_over_protobuf() {
    // The recording has both answers the user can give: the check covers both.
    let recording = read_recording(&format!(
        "{ROOT}/tests/data/real/claude_code/interleaved.jsonl"
    ));
    for decision in ["allowed", "rejected"] {
        assert!(
            recording
                .calls
                .values()
                .any(|call| call.decision == Some(decision)),
            "{decision}"
        );
    }
    assert!(
        recording
            .calls
            .values()
            .any(|call| call.parent_call.is_some())
    );
    check_recordings(&["claude_code"], "http/protobuf");
}

#[test]
fn codex_session_over_json() {
    check_recordings(&["codex"], "http/json");
}

#[test]
fn gemini_cli_session_over_protobuf() {
    check_recordings(&["gemini_cli"], "http/protobuf");
}

#[test]
fn opencode_session_over_json() {
    check_recordings(&["opencode"], "http/json");
}

#[test]
fn kimi_cli_session_over_protobuf() {
    check_recordings(&["kimi_cli"], "http/protobuf");
}

#[test]
fn qwen_code_session_over_json() {
    check_recordings(&["qwen_code"], "http/json");
}

#[test]
fn every_recording_in_one_run_each_file_its_own_stream() {
    check_recordings(
        &[
            "claude_code",
            "codex",
            "gemini_cli",
            "opencode",
            "qwen_code",
            "kimi_cli",
        ],
        "http/json",
    );
}

#[test]
fn arguments_and_input_only_with_otlp_input() {
    let log = format!("{ROOT}/tests/data/real/claude_code/interleaved.jsonl");
    let recording = read_recording(&log);
    let expected = expected(&format!(
        "{ROOT}/tests/data/real/claude_code/expected.jsonl"
    ));
    let receiver = Receiver::start();
    let out = toolmeta(
        &[
            "inspect",
            "--otlp",
            &receiver.endpoint(),
            "--otlp-input",
            &log,
        ],
        &[],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let spans = receiver.spans();
    for record in expected {
        let id = record["tool_call_id"].as_str().unwrap();
        let (_, span) = spans
            .iter()
            .find(|(_, span)| attr(span, "gen_ai.tool.call.id").as_deref() == Some(id))
            .unwrap();
        let raw: Option<Value> = attr(span, "gen_ai.tool.call.arguments")
            .map(|text| serde_json::from_str(&text).unwrap());
        assert_eq!(raw, recording.calls[id].raw_input, "{id}");
        let input: Option<Value> =
            attr(span, "toolmeta.input").map(|text| serde_json::from_str(&text).unwrap());
        let expected_input = Some(record["input"].clone()).filter(|input| !input.is_null());
        assert_eq!(input, expected_input, "{id}");
    }
}

#[test]
fn resource_and_headers_follow_the_standard_variables() {
    let log = format!("{ROOT}/tests/data/real/codex/interleaved.jsonl");
    let receiver = Receiver::start();
    let endpoint = receiver.endpoint();
    // The variables alone switch the export on; the traces endpoint is used as it is.
    let out = toolmeta(
        &["inspect", &log],
        &[
            (
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
                &format!("{endpoint}/v1/traces"),
            ),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/json"),
            ("OTEL_EXPORTER_OTLP_HEADERS", "x-team-key=secret%20one"),
            ("OTEL_SERVICE_NAME", "agents"),
            (
                "OTEL_RESOURCE_ATTRIBUTES",
                "deployment.environment=ci,team=tools",
            ),
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let requests = receiver.requests();
    assert!(!requests.is_empty());
    for request in &requests {
        assert_eq!(request.headers["x-team-key"], "secret one");
    }
    let (resource, _) = &receiver.spans()[0];
    assert_eq!(
        attribute(resource, "service.name").as_deref(),
        Some("agents")
    );
    assert_eq!(attribute(resource, "team").as_deref(), Some("tools"));
    assert_eq!(
        attribute(resource, "deployment.environment").as_deref(),
        Some("ci")
    );

    // Without a service named, the service is toolmeta; OTEL_SDK_DISABLED turns it all off.
    let receiver = Receiver::start();
    let out = toolmeta(&["inspect", "--otlp", &receiver.endpoint(), &log], &[]);
    assert_eq!(out.status.code(), Some(0));
    let (resource, _) = &receiver.spans()[0];
    assert_eq!(
        attribute(resource, "service.name").as_deref(),
        Some("toolmeta")
    );
    let receiver = Receiver::start();
    let out = toolmeta(
        &["inspect", "--otlp", &receiver.endpoint(), &log],
        &[("OTEL_SDK_DISABLED", "true")],
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(receiver.requests().is_empty());
}

#[test]
fn a_collector_that_is_down_exits_4_quickly_saying_why() {
    // A port nothing listens on.
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let log = format!("{ROOT}/tests/data/real/claude_code/interleaved.jsonl");
    let started = Instant::now();
    let out = toolmeta(
        &[
            "inspect",
            "--otlp",
            &format!("http://127.0.0.1:{port}"),
            &log,
        ],
        &[],
    );
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(4));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("http://127.0.0.1:{port}/v1/traces")) && stderr.contains("failed"),
        "{stderr}"
    );
    assert!(stderr.contains("spans dropped"), "{stderr}");
    // Why: the transport's own words, not only the exporter's "network error".
    assert!(stderr.to_lowercase().contains("refused"), "{stderr}");
    // The table is still written.
    assert!(String::from_utf8_lossy(&out.stdout).contains("Run Command"));
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[test]
fn usage_errors_exit_2_and_say_what_to_write() {
    let log = format!("{ROOT}/tests/data/real/codex/interleaved.jsonl");
    let out = toolmeta(&["inspect", "--otlp", "collector:4318", &log], &[]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("http://"));
    let out = toolmeta(
        &["inspect", "--otlp", "http://127.0.0.1:9", &log],
        &[("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc")],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("http/protobuf"));
}

/// A log of lines without times (a bare ACP stream).
fn write_temp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("toolmeta-otlp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn spans_of(log: &str) -> Vec<Span> {
    let receiver = Receiver::start();
    let out = toolmeta(&["inspect", "--otlp", &receiver.endpoint(), log], &[]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    receiver.spans().into_iter().map(|(_, span)| span).collect()
}

fn by_call<'a>(spans: &'a [Span], id: &str) -> &'a Span {
    spans
        .iter()
        .find(|span| attr(span, "gen_ai.tool.call.id").as_deref() == Some(id))
        .unwrap_or_else(|| panic!("no span for {id}"))
}

#[test]
fn a_log_without_times_exports_at_export_time_untimed_and_ends_open_calls() {
    let log = write_temp(
        "untimed.jsonl",
        concat!(
            r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"done","kind":"read","title":"Read","status":"completed","rawInput":{"path":"/a"}}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"open","kind":"execute","title":"Run","status":"in_progress"}}}"#,
            "\n"
        ),
    );
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let spans = spans_of(&log);
    assert_eq!(spans.len(), 2);
    for span in &spans {
        assert_eq!(attr(span, "toolmeta.timed").as_deref(), Some("false"));
        assert_eq!(span.start_time_unix_nano, span.end_time_unix_nano);
        assert!(span.start_time_unix_nano >= before);
        // No prompt: the session's calls share one trace, as roots.
        assert!(span.parent_span_id.is_empty());
        assert_eq!(span.trace_id, spans[0].trace_id);
    }
    let open = by_call(&spans, "open");
    assert_eq!(attr(open, "toolmeta.unfinished").as_deref(), Some("true"));
    assert_eq!(
        open.status.clone().unwrap_or_default().code,
        StatusCode::Unset as i32
    );
    assert_eq!(attr(by_call(&spans, "done"), "toolmeta.unfinished"), None);
}

#[test]
fn a_prompts_traceparent_parents_its_turn() {
    let log = write_temp(
        "traceparent.jsonl",
        concat!(
            r#"{"dir":"client->agent","t":1000,"msg":{"jsonrpc":"2.0","id":7,"method":"session/prompt","params":{"sessionId":"s1","prompt":[],"_meta":{"traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":1100,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read","title":"Read","status":"completed"}}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":1200,"msg":{"jsonrpc":"2.0","id":7,"result":{"stopReason":"end_turn"}}}"#,
            "\n"
        ),
    );
    let spans = spans_of(&log);
    let turn = spans
        .iter()
        .find(|span| span.name == "invoke_agent")
        .unwrap();
    assert_eq!(hex(&turn.trace_id), "0af7651916cd43dd8448eb211c80319c");
    assert_eq!(hex(&turn.parent_span_id), "b7ad6b7169203331");
    assert_eq!(
        (turn.start_time_unix_nano, turn.end_time_unix_nano),
        (millis_as_nanos(1000), millis_as_nanos(1200))
    );
    let call = by_call(&spans, "c1");
    assert_eq!(call.trace_id, turn.trace_id);
    assert_eq!(call.parent_span_id, turn.span_id);
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

#[test]
fn subagent_calls_nest_under_the_call_that_started_them() {
    // ACP's subagent session: the parent call's `session` content links the child session.
    let log = write_temp(
        "subagent.jsonl",
        concat!(
            r#"{"dir":"client->agent","t":10,"msg":{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"sessionId":"main","prompt":[]}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":20,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"main","update":{"sessionUpdate":"tool_call","toolCallId":"task-1","title":"Explore","kind":"other","status":"in_progress","content":[{"type":"session","sessionId":"child-1"}]}}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":30,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"child-1","update":{"sessionUpdate":"tool_call","toolCallId":"r1","kind":"read","title":"Read","status":"completed","locations":[{"path":"/r/a.rs"}]}}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":40,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"main","update":{"sessionUpdate":"tool_call_update","toolCallId":"task-1","status":"completed"}}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":50,"msg":{"jsonrpc":"2.0","id":1,"result":{"stopReason":"end_turn"}}}"#,
            "\n"
        ),
    );
    let spans = spans_of(&log);
    let turn = spans
        .iter()
        .find(|span| span.name == "invoke_agent")
        .unwrap();
    let task = by_call(&spans, "task-1");
    let read = by_call(&spans, "r1");
    assert_eq!(task.parent_span_id, turn.span_id);
    assert_eq!(read.parent_span_id, task.span_id);
    assert_eq!(read.trace_id, turn.trace_id);
    assert_eq!(
        attr(read, "gen_ai.conversation.id").as_deref(),
        Some("child-1")
    );
}

#[test]
fn calls_replayed_by_session_load_are_marked() {
    let log = write_temp(
        "load.jsonl",
        concat!(
            r#"{"dir":"client->agent","t":1,"msg":{"jsonrpc":"2.0","id":1,"method":"session/load","params":{"sessionId":"s1","cwd":"/w","mcpServers":[]}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":2,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"old","kind":"read","title":"Read","status":"completed"}}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":3,"msg":{"jsonrpc":"2.0","id":1,"result":{}}}"#,
            "\n",
            r#"{"dir":"client->agent","t":4,"msg":{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"s1","prompt":[]}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":5,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"new","kind":"read","title":"Read","status":"completed"}}}}"#,
            "\n",
            r#"{"dir":"agent->client","t":6,"msg":{"jsonrpc":"2.0","id":2,"result":{"stopReason":"end_turn"}}}"#,
            "\n"
        ),
    );
    let spans = spans_of(&log);
    assert_eq!(
        attr(by_call(&spans, "old"), "toolmeta.replayed").as_deref(),
        Some("true")
    );
    assert_eq!(attr(by_call(&spans, "new"), "toolmeta.replayed"), None);
}
