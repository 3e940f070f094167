//! The ledger's throughput against merely parsing each line into `serde_json::Value`, side
//! by side over one generated stream of ACP lines (at least 100k), in the mix of a real
//! session: message chunks, identity-only `tool_call`s, refinements with `input`, permission
//! requests with diffs, completions with file contents, persisted lines, and Claude Code
//! calls without envelopes.
//!
//! `cargo bench -p toolmeta-benches --bench ledger` — the ratio is parse-to-Value time / ledger time (≥ 1.0:
//! the ledger is at least as fast as parsing alone).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group};
use serde_json::{Value, json};
use toolmeta::client::Ledger;

const MIN_LINES: usize = 100_000;

/// A deterministic stream of JSON lines in a realistic mix.
fn stream() -> Vec<String> {
    let mut lines = Vec::new();
    let mut call = 0usize;
    while lines.len() < MIN_LINES {
        call += 1;
        let session = format!("sess-{}", call % 3);
        let id = format!("call_{call:06}");
        let persisted = call.is_multiple_of(4);
        let wrap = |update: Value| -> String {
            if persisted {
                json!({"timestamp": 1_791_130_584 + call, "method": "session/update",
                       "params": {"sessionId": session, "update": update,
                                  "_meta": {"eventId": format!("{session}-{call}"), "promptId": "p1"}}})
            } else {
                json!({"jsonrpc": "2.0", "method": "session/update",
                       "params": {"sessionId": session, "update": update}})
            }
            .to_string()
        };
        lines.push(wrap(json!({"sessionUpdate": "agent_message_chunk",
            "content": {"type": "text", "text": "Let me look at the configuration and the retry logic before changing anything. ".repeat(2)}})));
        match call % 10 {
            // Claude Code through an adapter: no envelope, marked in `_meta.claudeCode`.
            0 => {
                let cc = json!({"claudeCode": {"toolName": "Read"}});
                lines.push(wrap(json!({"_meta": cc, "toolCallId": id, "sessionUpdate": "tool_call",
                    "rawInput": {}, "status": "pending", "title": "Read File", "kind": "read", "content": [], "locations": []})));
                lines.push(wrap(json!({"_meta": cc, "toolCallId": id, "sessionUpdate": "tool_call_update",
                    "rawInput": {"file_path": format!("/home/dev/proj/src/m{call}.rs"), "offset": 1, "limit": 80},
                    "title": "Read /home/dev/proj/src/m.rs", "kind": "read",
                    "locations": [{"path": "/home/dev/proj/src/m.rs", "line": 1}]})));
                lines.push(wrap(json!({"_meta": cc, "toolCallId": id, "sessionUpdate": "tool_call_update", "status": "completed",
                    "content": [{"type": "content", "content": {"type": "text", "text": "fn main() {}\n".repeat(60)}}]})));
            }
            // An edit: identity, refinement with a diff, a permission request, completion.
            1 | 2 => {
                let meta = |input: Option<Value>| {
                    let mut envelope = json!({"version": 1, "name": "search_replace", "kind": "edit",
                        "namespace": "grok_build", "label": "Edit", "read_only": false});
                    if let Some(input) = input {
                        envelope["input"] = input;
                    }
                    json!({"x.ai/tool": envelope})
                };
                let raw = json!({"variant": "SearchReplace", "file_path": "src/config.rs",
                    "old_string": "RETRIES: u32 = 3;\n".repeat(8), "new_string": "RETRIES: u32 = 5;\n".repeat(8), "replace_all": false});
                lines.push(wrap(json!({"sessionUpdate": "tool_call", "toolCallId": id, "title": "search_replace",
                    "rawInput": {"file_path": "src/config.rs"}, "_meta": meta(None)})));
                lines.push(json!({"jsonrpc": "2.0", "method": "session/request_permission", "id": call,
                    "params": {"sessionId": session, "toolCall": {"toolCallId": id, "kind": "edit",
                        "title": "Edit `src/config.rs`", "rawInput": raw, "_meta": meta(Some(json!({"path": "src/config.rs"})))},
                        "options": [{"optionId": "allow", "name": "Allow", "kind": "allow_once"},
                                    {"optionId": "reject", "name": "Reject", "kind": "reject_once"}]}}).to_string());
                lines.push(json!({"jsonrpc": "2.0", "id": call, "result": {"outcome": {"outcome": "selected", "optionId": "allow"}}}).to_string());
                lines.push(wrap(json!({"sessionUpdate": "tool_call_update", "toolCallId": id, "kind": "edit",
                    "title": "Edit `src/config.rs`",
                    "content": [{"type": "diff", "path": "/home/dev/proj/src/config.rs",
                                 "oldText": "RETRIES: u32 = 3;\n".repeat(8), "newText": "RETRIES: u32 = 5;\n".repeat(8)}],
                    "locations": [{"path": "src/config.rs"}], "rawInput": raw,
                    "_meta": meta(Some(json!({"path": "src/config.rs"})))})));
                lines.push(wrap(json!({"sessionUpdate": "tool_call_update", "toolCallId": id, "status": "completed"})));
            }
            // Reads, searches and commands: identity first, then the refinement, then the
            // completion (a read's carries the file's text).
            n => {
                let (name, kind, label, read_only, raw, input) = match n % 3 {
                    0 => (
                        "read_file",
                        "read",
                        "Read",
                        true,
                        json!({"variant": "ReadFile", "target_file": "src/config.rs", "offset": 0, "limit": 40}),
                        json!({"path": "src/config.rs", "offset": 1, "limit": 40}),
                    ),
                    1 => (
                        "grep",
                        "search",
                        "Search",
                        true,
                        json!({"variant": "Grep", "pattern": "RETRIES", "path": "src", "glob": "*.rs", "-i": false, "type": null, "multiline": false}),
                        json!({"pattern": "RETRIES", "path": "src"}),
                    ),
                    _ => (
                        "run_terminal_command",
                        "execute",
                        "Run Command",
                        false,
                        json!({"variant": "Bash", "command": "cargo test -p config", "description": "Run the config tests", "is_background": false}),
                        json!({"command": "cargo test -p config", "description": "Run the config tests"}),
                    ),
                };
                let identity = json!({"version": 1, "name": name, "kind": kind, "namespace": "grok_build",
                    "label": label, "read_only": read_only});
                let mut full = identity.clone();
                full["input"] = input;
                lines.push(wrap(
                    json!({"sessionUpdate": "tool_call", "toolCallId": id, "title": name,
                    "rawInput": raw, "_meta": {"x.ai/tool": identity}}),
                ));
                lines.push(wrap(json!({"sessionUpdate": "tool_call_update", "toolCallId": id, "kind": kind,
                    "title": format!("{label} `src/config.rs`"), "locations": [{"path": "src/config.rs", "line": 1}],
                    "rawInput": raw, "_meta": {"x.ai/tool": full}})));
                let output = if kind == "read" {
                    "pub const RETRIES: u32 = 3;\n".repeat(40)
                } else {
                    "ok\n".repeat(10)
                };
                lines.push(wrap(json!({"sessionUpdate": "tool_call_update", "toolCallId": id, "status": "completed",
                    "content": [{"type": "content", "content": {"type": "text", "text": output}}]})));
            }
        }
    }
    lines
}

fn ledger_vs_parse(c: &mut Criterion) {
    let lines = stream();
    let bytes: usize = lines.iter().map(|line| line.len() + 1).sum();
    // The stream must be what the ledger is meant for: every line read, none skipped.
    let mut check = Ledger::new();
    for line in &lines {
        check.feed_line(line);
    }
    assert_eq!(check.counts().lines as usize, lines.len());
    assert_eq!(check.counts().not_json, 0);
    eprintln!(
        "stream: {} lines, {:.1} MiB, {} calls, {} skipped (JSON-RPC responses)",
        lines.len(),
        bytes as f64 / (1 << 20) as f64,
        check.counts().evicted_finished as usize + check.len(),
        check.counts().skipped()
    );

    let mut group = c.benchmark_group("ledger_vs_parse");
    group.throughput(Throughput::Elements(lines.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("parse_to_value", |b| b.iter(|| parse_pass(&lines)));
    group.bench_function("ledger", |b| b.iter(|| ledger_pass(&lines)));
    group.finish();
}

criterion_group!(benches, ledger_vs_parse);

/// One pass of merely parsing every line into a `Value`.
#[inline(never)]
fn parse_pass(lines: &[String]) {
    for line in lines {
        black_box(serde_json::from_str::<Value>(black_box(line)).ok());
    }
}

/// One pass of the ledger over every line.
#[inline(never)]
fn ledger_pass(lines: &[String]) -> usize {
    let mut ledger = Ledger::new();
    for line in lines {
        black_box(ledger.feed_line(black_box(line)));
    }
    ledger.len()
}

/// `LEDGER_BENCH_ONCE=1` runs one pass of each over the stream and exits, for instruction
/// counts that machine noise does not move:
///
/// ```text
/// LEDGER_BENCH_ONCE=1 valgrind --tool=callgrind --collect-atstart=no \
///     --toggle-collect='ledger::parse_pass' target/release/deps/ledger-<hash> --bench
/// ```
/// and the same with `--toggle-collect='ledger::ledger_pass'`.
fn main() {
    if std::env::var_os("LEDGER_BENCH_ONCE").is_some() {
        let lines = stream();
        parse_pass(&lines);
        black_box(ledger_pass(&lines));
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
