//! `toolmeta inspect --otlp` on the real wire: the program posts to an OTLP receiver in the
//! test, which decodes the official protobuf messages (and their JSON form). Expected
//! values come from DESIGN §8, the recordings of `tests/data/real/` (read here line by
//! line) and their hand-written `expected.jsonl`, and the published catalog data.
#![cfg(feature = "otel")]

mod otlp_receiver;
// `toolmeta proxy --otlp`: live export in front of a replayed agent, a collector down.
mod proxy;

use std::process::{Command, Output};
use std::time::{Duration, Instant};

use opentelemetry_proto::tonic::trace::v1::Span;
use opentelemetry_proto::tonic::trace::v1::status::StatusCode;
use otlp_receiver::recording::{
    Times, attr, check_recording, expected, millis_as_nanos, read_recording,
};
use otlp_receiver::{Receiver, attribute};
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
        checked += check_recording(harness, log, &spans, Times::Exact);
    }
    assert_eq!(checked, spans.len(), "spans of no recording");
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

/// A collector address that does not take connections: a listener whose queue of
/// connections waiting to be accepted is full (filled here and never accepted), so the
/// kernel drops every new connection's SYN, as a host that is down or firewalled does.
/// Returns the listener and the connections that fill it, to be held.
fn unanswering_address() -> (std::net::TcpListener, Vec<std::net::TcpStream>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let mut held = Vec::new();
    for _ in 0..20_000 {
        match std::net::TcpStream::connect_timeout(&address, Duration::from_millis(300)) {
            Ok(stream) => held.push(stream),
            Err(_) => return (listener, held),
        }
    }
    panic!("the listener's queue never filled: connections to it cannot be made to hang");
}

#[test]
fn a_collector_that_does_not_take_the_connection_exits_4_after_the_connect_timeout() {
    // DESIGN §8: `inspect --otlp` exits 4 when the export failed, saying why. A collector
    // that is down without refusing (its SYNs unanswered) fails the first request once
    // connecting has taken CONNECT_TIMEOUT (2 s), not the request's 10 s, and `inspect`
    // exports nothing more after a failure.
    let (listener, _held) = unanswering_address();
    let endpoint = format!("http://{}", listener.local_addr().unwrap());
    let log = format!("{ROOT}/tests/data/real/claude_code/interleaved.jsonl");
    let started = Instant::now();
    let out = toolmeta(&["inspect", "--otlp", &endpoint, &log], &[]);
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{stderr}");
    assert!(stderr.contains("spans dropped"), "{stderr}");
    assert!(stderr.contains("timeout: connect"), "{stderr}");
    assert!(
        took >= Duration::from_secs(2) && took < Duration::from_secs(8),
        "{took:?}"
    );
}

#[test]
fn a_collector_that_is_slow_to_answer_still_gets_every_span() {
    // Connected at once, answered after 2.5 s: longer than the connect timeout, within the
    // request's 10 s. Every call of the recording arrives, and the run succeeds.
    let receiver = Receiver::answering_after(Duration::from_millis(2_500));
    let log = format!("{ROOT}/tests/data/real/claude_code/interleaved.jsonl");
    let out = toolmeta(&["inspect", "--otlp", &receiver.endpoint(), &log], &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let calls = read_recording(&log).calls.len();
    let tool_spans = receiver
        .spans()
        .iter()
        .filter(|(_, span)| span.name.starts_with("execute_tool "))
        .count();
    assert!(calls > 0);
    assert_eq!(tool_spans, calls);
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
