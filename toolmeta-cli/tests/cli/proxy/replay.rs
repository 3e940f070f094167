//! Every recorded real session, replayed through `toolmeta proxy`: the `replay_agent`
//! example plays the recorded agent, a client here plays the recorded client messages (so
//! ids match), and everything the client receives is compared with the recording.
//!
//! - a line that is not a tool-call event reaches the client byte for byte;
//! - a tool-call event differs, if at all, by one insertion: the envelope under `_meta`,
//!   with the proxy's mark beside it (`toolmeta/evidence`, DESIGN §8);
//! - every call gets the right identity: read with the envelopes alone (a ledger whose
//!   catalog knows nothing), each call is the one in the folder's `expected.jsonl`,
//!   written by hand from the recordings; a call nothing names arrives unstamped;
//! - the proxy's `--log` reads back in `toolmeta inspect` as the recording itself does.

use crate::common;

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Map, Value};
use toolmeta::client::{EvidenceKind, Ledger, PROXY_EVIDENCE_KEY, Source};
use toolmeta_cli::log::{Direction, Message, read_record};

const TOOLMETA: &str = env!("CARGO_BIN_EXE_toolmeta");
const REAL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/real");

/// The `replay_agent` example, which `cargo test` builds beside the tests.
fn replay_agent() -> PathBuf {
    common::example(
        "replay_agent",
        "cargo build -p toolmeta-cli --example replay_agent",
    )
}

/// One agent→client line: as recorded, and as the client received it.
struct Received {
    recorded: String,
    received: String,
}

/// Replays `harness`'s recording through the proxy; returns the agent's lines and the
/// proxy's log.
fn replay(harness: &str) -> (Vec<Received>, PathBuf) {
    let recording = format!("{REAL}/{harness}/interleaved.jsonl");
    let log = std::env::temp_dir().join(format!(
        "toolmeta-proxy-replay-{harness}-{}.jsonl",
        std::process::id()
    ));
    let _ = fs::remove_file(&log);
    let mut proxy = Command::new(TOOLMETA)
        .arg("proxy")
        .arg("--log")
        .arg(&log)
        .arg("--")
        .arg(replay_agent())
        .arg(&recording)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start the proxy");
    let mut to_proxy = proxy.stdin.take().unwrap();
    let mut from_proxy = BufReader::new(proxy.stdout.take().unwrap());
    let mut lines = Vec::new();
    for line in fs::read_to_string(&recording).unwrap().lines() {
        let record = read_record(line.as_bytes()).expect("a record");
        let Message::Json(message) = record.message else {
            panic!("{harness}: a recorded line that is not JSON: {line}");
        };
        match record.dir {
            Direction::ClientToAgent => {
                writeln!(to_proxy, "{message}").unwrap();
                to_proxy.flush().unwrap();
            }
            // The proxy's own answer to the agent: nothing the client sends or receives.
            Direction::ProxyToAgent => {}
            Direction::AgentToClient => {
                let mut received = String::new();
                from_proxy.read_line(&mut received).unwrap();
                assert!(
                    received.ends_with('\n'),
                    "{harness}: the proxy ended early, before {message}"
                );
                received.pop();
                lines.push(Received {
                    recorded: message.to_owned(),
                    received,
                });
            }
        }
    }
    drop(to_proxy);
    let mut rest = String::new();
    from_proxy.read_line(&mut rest).unwrap();
    assert_eq!(rest, "", "{harness}: the proxy sent more than the agent");
    let status = proxy.wait().unwrap();
    // The replaying agent exits 0 only if every client line reached it byte for byte.
    assert_eq!(status.code(), Some(0), "{harness}: the proxy's exit");
    (lines, log)
}

/// The tool-call event object of a message, if it is one.
fn event_mut(message: &mut Value) -> Option<&mut Map<String, Value>> {
    let method = message.get("method")?.as_str()?.to_owned();
    let params = message.get_mut("params")?;
    let event = match method.as_str() {
        "session/update" => params.get_mut("update")?,
        "session/request_permission" => params.get_mut("toolCall")?,
        _ => return None,
    };
    let event = event.as_object_mut()?;
    let is_tool = method == "session/request_permission"
        || matches!(
            event.get("sessionUpdate").and_then(Value::as_str),
            Some("tool_call" | "tool_call_update")
        );
    is_tool.then_some(event)
}

/// Checks one line; returns whether the proxy stamped it.
fn check_line(harness: &str, line: &Received) -> bool {
    let Received { recorded, received } = line;
    let mut recorded_value: Value = serde_json::from_str(recorded).unwrap();
    let is_event = event_mut(&mut recorded_value).is_some();
    if recorded == received {
        return false;
    }
    assert!(
        is_event,
        "{harness}: a line that is not a tool-call event changed:\n{recorded}\n{received}"
    );
    // One contiguous insertion: cut at the first difference, the rest must follow.
    let (r, s) = (recorded.as_bytes(), received.as_bytes());
    assert!(
        s.len() > r.len(),
        "{harness}: not an insertion:\n{recorded}\n{received}"
    );
    let at = r.iter().zip(s).take_while(|(a, b)| a == b).count();
    let inserted = s.len() - r.len();
    assert_eq!(
        [&s[..at], &s[at + inserted..]].concat(),
        r,
        "{harness}: more than one insertion:\n{recorded}\n{received}"
    );
    // The insertion is the envelope under `_meta`, where the recording had none.
    let mut received_value: Value = serde_json::from_str(received).unwrap();
    let event = event_mut(&mut received_value).unwrap();
    let recorded_event = event_mut(&mut recorded_value).unwrap();
    let had_meta = recorded_event.contains_key("_meta");
    assert!(
        recorded_event
            .get("_meta")
            .and_then(|meta| meta.get(toolmeta::TOOL_META_KEY))
            .is_none(),
        "{harness}: an agent's own envelope was touched:\n{recorded}"
    );
    let meta = event.get_mut("_meta").unwrap().as_object_mut().unwrap();
    let envelope = meta.remove(toolmeta::TOOL_META_KEY).expect("the envelope");
    // A valid v1 envelope: strict decoding accepts it.
    serde_json::from_value::<toolmeta::ToolMeta>(envelope.clone())
        .unwrap_or_else(|error| panic!("{harness}: {error}: {envelope}"));
    // Beside it, the proxy's mark: what the identity rests on, and whether it is earned.
    let mark = meta.remove(PROXY_EVIDENCE_KEY).expect("the proxy's mark");
    let evidence = mark["evidence"].as_str().and_then(EvidenceKind::from_wire);
    assert!(
        evidence.is_some() && mark["earned"].is_boolean() && mark.as_object().unwrap().len() == 2,
        "{harness}: {mark}"
    );
    if meta.is_empty() && !had_meta {
        event.remove("_meta");
    }
    assert_eq!(received_value, recorded_value, "{harness}");
    true
}

/// The calls as the envelopes alone tell them: a ledger whose catalog knows nothing.
fn envelopes_only(lines: &[Received]) -> Ledger {
    let mut ledger = Ledger::builder().synthesizer(|_, _, _| None).build();
    for line in lines {
        ledger.feed(&line.received);
    }
    ledger
}

/// Replays `harness`, checks every line and every call; returns (calls stamped right,
/// calls), where a call nothing names counts as right when it arrived unstamped.
fn check(harness: &str) -> (usize, usize) {
    let (lines, log) = replay(harness);
    let stamped = lines
        .iter()
        .filter(|line| check_line(harness, line))
        .count();
    assert!(stamped > 0, "{harness}: nothing was stamped");

    let ledger = envelopes_only(&lines);
    let mut recorded = Ledger::new();
    for line in &lines {
        recorded.feed(&line.recorded);
    }
    let expected: Vec<Value> = fs::read_to_string(format!("{REAL}/{harness}/expected.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(ledger.len(), expected.len(), "{harness}: calls");
    let mut right = 0;
    for (call, expected) in ledger.calls().zip(&expected) {
        let id = call.tool_call_id();
        assert_eq!(id, expected["tool_call_id"], "{harness}: call order");
        let input = call
            .input()
            .map(|raw| serde_json::from_str::<Value>(raw.get()).unwrap())
            .unwrap_or(Value::Null);
        let got = (
            call.name(),
            call.label(),
            call.kind().as_str(),
            call.namespace(),
            &input,
        );
        let want = (
            expected["name"].as_str(),
            expected["label"].as_str().unwrap(),
            expected["kind"].as_str().unwrap(),
            expected["namespace"].as_str(),
            &expected["input"],
        );
        assert_eq!(got, want, "{harness}: {id}");
        // Named calls are identified by their envelope; the others arrived without one.
        let source = if expected["namespace"].is_null() {
            Source::Fallback
        } else {
            Source::Envelope
        };
        assert_eq!(call.source(), source, "{harness}: {id}");
        // The stamped envelope is trusted as far as its mark says: as earned as the call
        // the proxy read from the agent's own lines.
        if source == Source::Envelope {
            let evidence = call.evidence();
            let proxy_read = recorded.get(id).unwrap().evidence();
            assert_eq!(
                (evidence.evidence, evidence.earned),
                (EvidenceKind::ProxyEnvelope, proxy_read.earned),
                "{harness}: {id}"
            );
        }
        right += 1;
    }

    // The log reads back as the recording does (times aside: the log's are the replay's).
    let inspect = |path: &Path| {
        let out = Command::new(TOOLMETA)
            .args(["inspect", "--json"])
            .arg(path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|line| {
                let mut record: Map<String, Value> = serde_json::from_str(line).unwrap();
                for key in ["first_seen_ms", "finished_at_ms", "duration_ms"] {
                    record.remove(key);
                }
                record
            })
            .collect::<Vec<_>>()
    };
    let from_log = inspect(&log);
    assert_eq!(
        from_log.len(),
        expected.len(),
        "{harness}: calls in the log"
    );
    assert_eq!(
        from_log,
        inspect(Path::new(&format!("{REAL}/{harness}/interleaved.jsonl"))),
        "{harness}: the log"
    );
    let _ = fs::remove_file(&log);
    eprintln!(
        "{harness}: {} agent lines, {stamped} stamped; calls identified right: {right}/{}",
        lines.len(),
        expected.len()
    );
    (right, expected.len())
}

#[test]
fn claude_code() {
    check("claude_code");
}

#[test]
fn codex() {
    check("codex");
}

#[test]
fn gemini_cli() {
    check("gemini_cli");
}

#[test]
fn opencode() {
    check("opencode");
}

#[test]
fn qwen_code() {
    check("qwen_code");
}

#[test]
fn kimi_cli() {
    check("kimi_cli");
}
