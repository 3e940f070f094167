//! `toolmeta proxy --otlp` on the real wire: the proxy in front of the `replay_agent`
//! example (which plays a recorded session of `tests/data/real/`), a client here playing
//! the recorded client messages, and the test's OTLP receiver decoding what the proxy
//! sends. Every span is checked as DESIGN §8 says against the recording and its
//! hand-written `expected.jsonl` (names, attributes, parents); times against the proxy's
//! own `--log`, which records when the proxy read each line. And a collector that is down
//! or never answers changes nothing the client receives, and the proxy's exit no more
//! than the end's ~100 ms.
#![cfg(feature = "otel")]

use crate::common;

use std::fs;
use std::io::{BufRead, BufReader, Read as _, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use super::otlp_receiver::Receiver;
use super::otlp_receiver::recording::{Times, attr, check_recording};
use opentelemetry_proto::tonic::trace::v1::Span;
use toolmeta_cli::log::{Direction, Message, read_record};

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

fn replay_agent() -> PathBuf {
    common::example(
        "replay_agent",
        "cargo build -p toolmeta-cli --features otel --example replay_agent",
    )
}

fn recording(harness: &str) -> String {
    format!("{ROOT}/tests/data/real/{harness}/interleaved.jsonl")
}

/// One run of the proxy in front of the replayed agent.
struct Run {
    /// Every byte the client received.
    received: Vec<u8>,
    code: Option<i32>,
    stderr: String,
    /// From the client's end of input to the proxy's exit.
    exit_took: Duration,
}

/// Replays `harness`'s recording through `toolmeta proxy ARGS -- replay_agent RECORDING`,
/// with the OTEL variables of the caller's environment removed and `vars` set: the client
/// sends each recorded client message once the agent's messages before it have arrived, as
/// the recorded client did.
fn run_proxy(harness: &str, args: &[&str], vars: &[(&str, &str)]) -> Run {
    let recording = recording(harness);
    let mut command = Command::new(TOOLMETA);
    command.arg("proxy").args(args).arg("--");
    command.arg(replay_agent()).arg(&recording);
    for (key, _) in std::env::vars() {
        if key.starts_with("OTEL_") {
            command.env_remove(key);
        }
    }
    command.envs(vars.iter().copied());
    let mut proxy = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the proxy");
    let mut stderr = proxy.stderr.take().unwrap();
    let stderr = thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stderr, &mut text).unwrap();
        text
    });
    let mut to_proxy = proxy.stdin.take().unwrap();
    let mut from_proxy = BufReader::new(proxy.stdout.take().unwrap());
    let mut received = Vec::new();
    for line in fs::read_to_string(&recording).unwrap().lines() {
        let record = read_record(line.as_bytes()).expect("a record");
        let Message::Json(message) = record.message else {
            continue;
        };
        match record.dir {
            Direction::ClientToAgent => {
                writeln!(to_proxy, "{message}").unwrap();
                to_proxy.flush().unwrap();
            }
            Direction::ProxyToAgent => {}
            Direction::AgentToClient => {
                let before = received.len();
                from_proxy.read_until(b'\n', &mut received).unwrap();
                assert!(
                    received.len() > before && received.ends_with(b"\n"),
                    "{harness}: the proxy ended early, before {message}"
                );
            }
        }
    }
    let ended = Instant::now();
    drop(to_proxy);
    from_proxy.read_to_end(&mut received).unwrap();
    let status = proxy.wait().unwrap();
    let exit_took = ended.elapsed();
    Run {
        received,
        code: status.code(),
        stderr: stderr.join().unwrap(),
        exit_took,
    }
}

/// The proxy exports `harness`'s replayed session over `protocol`; every span is checked
/// against the recording, times against the proxy's log.
fn check_proxy_export(harness: &str, protocol: &str) {
    // The proxy waits at most about 100 ms at exit for the last spans (DESIGN §8): on a
    // loaded machine a run may leave some unsent and say so. The check needs a run that
    // delivered everything; it is tried a few times for one.
    for attempt in 1..=3 {
        let receiver = Receiver::start();
        let log = std::env::temp_dir().join(format!(
            "toolmeta-otlp-proxy-{harness}-{}.jsonl",
            std::process::id()
        ));
        let _ = fs::remove_file(&log);
        let endpoint = receiver.endpoint();
        let run = run_proxy(
            harness,
            &["--log", log.to_str().unwrap(), "--otlp", &endpoint],
            &[("OTEL_EXPORTER_OTLP_PROTOCOL", protocol)],
        );
        assert_eq!(run.code, Some(0), "{harness}: {}", run.stderr);
        if !run.stderr.is_empty() && attempt < 3 {
            // Only the end's wait may be said: anything else fails at once.
            assert!(
                run.stderr.contains("not sent within"),
                "{harness}: {}",
                run.stderr
            );
            continue;
        }
        // Everything was delivered: nothing is said.
        assert_eq!(run.stderr, "", "{harness}");
        let spans: Vec<Span> = receiver.spans().into_iter().map(|(_, span)| span).collect();
        let checked = check_recording(
            harness,
            log.to_str().unwrap(),
            &spans,
            Times::SameMillisecond,
        );
        assert_eq!(checked, spans.len(), "{harness}: spans of no session");
        let _ = fs::remove_file(&log);
        return;
    }
}

#[test]
fn claude_code_through_the_proxy_over_protobuf() {
    check_proxy_export("claude_code", "http/protobuf");
}

#[test]
fn codex_through_the_proxy_over_json() {
    check_proxy_export("codex", "http/json");
}

#[test]
fn gemini_cli_through_the_proxy_over_protobuf() {
    check_proxy_export("gemini_cli", "http/protobuf");
}

#[test]
fn opencode_through_the_proxy_over_json() {
    check_proxy_export("opencode", "http/json");
}

#[test]
fn kimi_cli_through_the_proxy_over_protobuf() {
    check_proxy_export("kimi_cli", "http/protobuf");
}

#[test]
fn qwen_code_through_the_proxy_over_json() {
    check_proxy_export("qwen_code", "http/json");
}

/// A port nothing listens on.
fn dead_endpoint() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}")
}

/// A collector that takes connections and never answers.
fn silent_endpoint() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming() {
            held.push(stream);
        }
    });
    format!("http://127.0.0.1:{port}")
}

#[test]
fn a_collector_down_or_silent_changes_nothing_the_client_receives_nor_the_exit() {
    let harness = "claude_code";
    // The machine may be loaded: the fastest of a few runs of each, alternated.
    let mut without = Vec::new();
    let mut down = Vec::new();
    let mut silent = Vec::new();
    for _ in 0..3 {
        without.push(run_proxy(harness, &[], &[]));
        down.push(run_proxy(harness, &["--otlp", &dead_endpoint()], &[]));
        silent.push(run_proxy(
            harness,
            &[],
            &[("OTEL_EXPORTER_OTLP_ENDPOINT", &silent_endpoint())],
        ));
    }
    let reference = &without[0];
    assert_eq!(reference.code, Some(0), "{}", reference.stderr);
    assert!(!reference.received.is_empty());
    for (what, runs) in [("down", &down), ("silent", &silent)] {
        for run in runs.iter() {
            assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
            assert!(
                run.received == reference.received,
                "{what}: the client received other bytes than without export"
            );
            // What was not delivered is said: spans dropped, or (a collector that takes the
            // request and never answers) the last ones not sent within the wait.
            assert!(
                run.stderr.contains("spans dropped") || run.stderr.contains("not sent within"),
                "{what}: {}",
                run.stderr
            );
        }
        let fastest = |runs: &[Run]| runs.iter().map(|run| run.exit_took).min().unwrap();
        let added = fastest(runs).saturating_sub(fastest(&without));
        assert!(
            added < Duration::from_millis(400),
            "{what}: the exit took {added:?} longer than without export"
        );
    }
    assert!(
        down[0].stderr.to_lowercase().contains("refused"),
        "{}",
        down[0].stderr
    );
}

#[test]
fn the_agent_gets_the_otel_variables_unchanged() {
    let receiver = Receiver::start();
    let endpoint = receiver.endpoint();
    let mut command = Command::new(TOOLMETA);
    command.args([
        "proxy",
        "--",
        "sh",
        "-c",
        r#"printf '%s|%s\n' "$OTEL_EXPORTER_OTLP_ENDPOINT" "$OTEL_SERVICE_NAME""#,
    ]);
    for (key, _) in std::env::vars() {
        if key.starts_with("OTEL_") {
            command.env_remove(key);
        }
    }
    let out = command
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint)
        .env("OTEL_SERVICE_NAME", "team-agent")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("{endpoint}|team-agent\n")
    );
}

#[test]
fn proxy_usage_errors_exit_2_before_the_agent_starts() {
    let out = Command::new(TOOLMETA)
        .args([
            "proxy",
            "--otlp",
            "collector:4318",
            "--",
            "sh",
            "-c",
            "echo started",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("http://"));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
}

/// A proxy log where the policy answered: its `{"dir":"policy",…}` record (DESIGN §8), then
/// the proxy's answer to the agent.
#[test]
fn a_proxy_logs_policy_decisions_name_the_policy_and_its_rule() {
    let log = [
        r#"{"dir":"client->agent","t":1000,"msg":{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"sessionId":"s1","prompt":[]}}}"#,
        r#"{"dir":"agent->client","t":1001,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"denied","title":"cat .env","kind":"read","status":"pending","rawInput":{"file_path":"/w/.env"},"_meta":{"claudeCode":{"toolName":"Read"}}}}}}"#,
        r#"{"dir":"agent->client","t":1002,"msg":{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"denied"},"options":[{"optionId":"yes","name":"Allow","kind":"allow_once"},{"optionId":"no","name":"Reject","kind":"reject_once"}]}}}"#,
        r#"{"dir":"policy","t":1002,"session_id":"s1","id":7,"tool_call_id":"denied","decision":"deny","option_id":"no","rule":"secrets","evidence":"meta","earned":true}"#,
        r#"{"dir":"proxy->agent","t":1002,"msg":{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"selected","optionId":"no"}}}}"#,
        r#"{"dir":"agent->client","t":1003,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call","toolCallId":"asked","title":"ls","kind":"execute","status":"pending","rawInput":{"command":"ls"},"_meta":{"claudeCode":{"toolName":"Bash"}}}}}}"#,
        r#"{"dir":"agent->client","t":1004,"msg":{"jsonrpc":"2.0","id":8,"method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"asked"},"options":[{"optionId":"yes","name":"Allow","kind":"allow_once"},{"optionId":"no","name":"Reject","kind":"reject_once"}]}}}"#,
        r#"{"dir":"policy","t":1004,"session_id":"s1","id":8,"tool_call_id":"asked","decision":"ask","option_id":null,"rule":"default","evidence":"meta","earned":true}"#,
        r#"{"dir":"client->agent","t":1005,"msg":{"jsonrpc":"2.0","id":8,"result":{"outcome":{"outcome":"selected","optionId":"yes"}}}}"#,
        r#"{"dir":"agent->client","t":1006,"msg":{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"tool_call_update","toolCallId":"asked","status":"completed"}}}}"#,
        r#"{"dir":"agent->client","t":1007,"msg":{"jsonrpc":"2.0","id":1,"result":{"stopReason":"end_turn"}}}"#,
    ]
    .join("\n");
    let path =
        std::env::temp_dir().join(format!("toolmeta-otlp-policy-{}.jsonl", std::process::id()));
    fs::write(&path, log + "\n").unwrap();
    let receiver = Receiver::start();
    let out = Command::new(TOOLMETA)
        .args([
            "inspect",
            "--otlp",
            &receiver.endpoint(),
            path.to_str().unwrap(),
        ])
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .output()
        .unwrap();
    let _ = fs::remove_file(&path);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let spans: Vec<Span> = receiver.spans().into_iter().map(|(_, span)| span).collect();
    let call = |id: &str| {
        spans
            .iter()
            .find(|span| attr(span, "gen_ai.tool.call.id").as_deref() == Some(id))
            .unwrap_or_else(|| panic!("no span for {id}"))
    };
    // Denied by the policy's rule `secrets`.
    let denied = call("denied");
    assert_eq!(
        attr(denied, "toolmeta.permission.decision").as_deref(),
        Some("rejected")
    );
    assert_eq!(
        attr(denied, "toolmeta.permission.by").as_deref(),
        Some("policy")
    );
    assert_eq!(
        attr(denied, "toolmeta.permission.rule").as_deref(),
        Some("secrets")
    );
    assert_eq!(attr(denied, "error.type").as_deref(), Some("rejected"));
    // The policy said ask: the user answered.
    let asked = call("asked");
    assert_eq!(
        attr(asked, "toolmeta.permission.decision").as_deref(),
        Some("allowed")
    );
    assert_eq!(
        attr(asked, "toolmeta.permission.by").as_deref(),
        Some("user")
    );
    assert_eq!(attr(asked, "toolmeta.permission.rule"), None);
}

/// `proxy --policy` with `--otlp`: a call the policy denies is exported live as rejected by
/// the policy, under the rule that denied it (DESIGN §8: `toolmeta.permission.by`,
/// `toolmeta.permission.rule`), not as the user's decision.
#[test]
fn a_policy_decision_reaches_the_calls_span_live() {
    let dir = std::env::temp_dir().join(format!("toolmeta-otlp-policy-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let policy = dir.join("policy.toml");
    fs::write(
        &policy,
        "version = 1\n\n[[rule]]\nname = \"no-rm\"\ndecision = \"deny\"\nlabel = \"Run Command\"\ncommand = [\"rm\"]\n",
    )
    .unwrap();
    // Claude Code's Bash, named by its `_meta` key, asking to run `rm -rf /`.
    let request = r#"{"jsonrpc":"2.0","id":"p1","method":"session/request_permission","params":{"sessionId":"s1","toolCall":{"toolCallId":"c1","title":"rm -rf /","kind":"execute","_meta":{"claudeCode":{"toolName":"Bash"}},"rawInput":{"command":"rm -rf /"}},"options":[{"optionId":"once","name":"once","kind":"allow_once"},{"optionId":"no","name":"no","kind":"reject_once"}]}}"#;
    // The proxy waits at most about 100 ms at exit: a run that could not deliver is tried
    // again (see `check_proxy_export`).
    for attempt in 1..=3 {
        let receiver = Receiver::start();
        let mut proxy = Command::new(TOOLMETA)
            .args(["proxy", "--policy"])
            .arg(&policy)
            .args(["--otlp", &receiver.endpoint(), "--"])
            // The agent asks, then reads the proxy's answer and exits.
            .args([
                "sh",
                "-c",
                "printf '%s\\n' \"$1\"; head -n 1 > /dev/null",
                "sh",
                request,
            ])
            .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
            .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
            .env_remove("OTEL_SDK_DISABLED")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the proxy");
        let stdin = proxy.stdin.take();
        let started = Instant::now();
        while proxy.try_wait().unwrap().is_none() && started.elapsed() < Duration::from_secs(60) {
            thread::sleep(Duration::from_millis(20));
        }
        drop(stdin);
        let output = proxy.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        // The denied request never reached the client.
        assert_eq!(String::from_utf8_lossy(&output.stdout), "");
        if stderr.contains("not sent within") && attempt < 3 {
            continue;
        }
        let spans: Vec<Span> = receiver.spans().into_iter().map(|(_, span)| span).collect();
        let call = spans
            .iter()
            .find(|span| attr(span, "gen_ai.tool.call.id").as_deref() == Some("c1"))
            .unwrap_or_else(|| panic!("no span of the call c1: {stderr}"));
        assert_eq!(call.name, "execute_tool Bash");
        assert_eq!(attr(call, "toolmeta.label").as_deref(), Some("Run Command"));
        assert_eq!(
            attr(call, "toolmeta.permission.decision").as_deref(),
            Some("rejected")
        );
        assert_eq!(
            attr(call, "toolmeta.permission.by").as_deref(),
            Some("policy")
        );
        assert_eq!(
            attr(call, "toolmeta.permission.rule").as_deref(),
            Some("no-rm")
        );
        assert_eq!(attr(call, "error.type").as_deref(), Some("rejected"));
        let _ = fs::remove_dir_all(&dir);
        return;
    }
}
