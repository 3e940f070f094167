//! What a recording says, read from its lines as DESIGN §8 defines the spans, and the check
//! of every span exported for it (names, attributes, parents, times): shared by the export
//! of `inspect` (the recording's own times) and of the proxy (the times its log records).

use std::collections::{BTreeMap, HashMap};

use opentelemetry_proto::tonic::trace::v1::Span;
use opentelemetry_proto::tonic::trace::v1::span::SpanKind;
use opentelemetry_proto::tonic::trace::v1::status::StatusCode;
use serde_json::Value;

use super::{attribute, keys};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// How a span's times are compared with a log's `t` (milliseconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Times {
    /// The span's time is the log's `t` exactly (`inspect` of a log).
    Exact,
    /// The span's time is the one the proxy read the line at, which its log records cut to
    /// the millisecond: the same millisecond.
    SameMillisecond,
}

impl Times {
    /// Whether a span's time (nanoseconds) is a log's `t` (milliseconds).
    pub fn same(self, nanos: u64, t: u64) -> bool {
        match self {
            Times::Exact => nanos == millis_as_nanos(t),
            Times::SameMillisecond => nanos / 1_000_000 == t,
        }
    }

    fn check(self, nanos: u64, t: u64, context: &str) {
        assert!(
            self.same(nanos, t),
            "{context}: span time {nanos} ns is not the log's t = {t} ms"
        );
    }
}

pub fn millis_as_nanos(t: u64) -> u64 {
    t * 1_000_000
}

/// What a recording says, read from its lines as DESIGN §8 defines the spans.
#[derive(Debug, Default)]
pub struct Recording {
    pub agent_name: Option<String>,
    /// Prompts in order: (request id, session, start t, answer t, stopReason).
    pub prompts: Vec<Prompt>,
    pub calls: BTreeMap<String, RecordedCall>,
    pub last_t: u64,
}

#[derive(Debug, Clone)]
pub struct Prompt {
    pub id: Value,
    pub session: String,
    pub start: u64,
    pub end: Option<u64>,
    pub stop_reason: Option<String>,
}

#[derive(Debug, Default, Clone)]
pub struct RecordedCall {
    pub session: String,
    pub first: u64,
    pub end: Option<u64>,
    pub failed: bool,
    /// `allowed`, `rejected` or `cancelled`.
    pub decision: Option<&'static str>,
    /// The index in `prompts` of the turn open in its session when first seen.
    pub turn: Option<usize>,
    pub raw_input: Option<Value>,
    /// It carried ACP's `name`.
    pub acp_name: bool,
    /// It carried `_meta.claudeCode.toolName`.
    pub claude_tool_name: bool,
    /// The call that started its subagent: a legacy `_meta` hint (DESIGN §6, Subagents).
    pub parent_call: Option<String>,
}

pub fn read_recording(path: &str) -> Recording {
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
pub fn expected(path: &str) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The published catalog: (namespace, tool) → read_only, and kind → its default.
pub fn read_only_table() -> (HashMap<(String, String), bool>, HashMap<String, bool>) {
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

pub fn attr(span: &Span, key: &str) -> Option<String> {
    attribute(&span.attributes, key)
}

/// Checks the spans of one recording (those of its sessions) against what the recording
/// says; returns how many spans it checked.
pub fn check_recording(harness: &str, log: &str, all_spans: &[Span], times: Times) -> usize {
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
                times.same(span.start_time_unix_nano, prompt.start)
                    && attr(span, "gen_ai.conversation.id").as_deref() == Some(&prompt.session)
                    && !turn_spans.contains(&span.span_id)
            })
            .unwrap_or_else(|| panic!("{harness}: no turn for prompt {}", prompt.id));
        turn_spans.push(span.span_id.clone());
        let end = prompt.end.unwrap_or(recording.last_t);
        times.check(span.end_time_unix_nano, end, harness);
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
        times.check(span.start_time_unix_nano, recorded.first, &context);
        times.check(
            span.end_time_unix_nano,
            recorded.end.unwrap_or(recording.last_t),
            &context,
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
