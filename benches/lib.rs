//! What the workspace's criterion benches (`envelope.rs`, `ledger.rs`) and the whole-process
//! ledger measurement (`ledger_log.rs`) share: the generated ACP session log.
#![forbid(unsafe_code)]

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};

/// The least number of lines the generated log has.
pub const MIN_LINES: usize = 100_000;

/// A deterministic stream of JSON lines in a realistic mix.
pub fn stream() -> Vec<String> {
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

/// [`stream`] as an agent that sends no envelope: every `_meta["x.ai/tool"]` taken out of the
/// updates and permission requests (and a `_meta` left empty with it), so that every call is
/// identified from the rest of the traffic, as the calls of agents other than Grok Build
/// are: the Claude Code calls through the catalog, the others (no mark of their harness)
/// from ACP `kind` and `rawInput`.
pub fn stream_without_envelopes() -> Vec<String> {
    let strip = |update: Option<&mut Value>| {
        let Some(Value::Object(update)) = update else {
            return;
        };
        if let Some(Value::Object(meta)) = update.get_mut("_meta") {
            meta.remove("x.ai/tool");
            if meta.is_empty() {
                update.remove("_meta");
            }
        }
    };
    stream()
        .into_iter()
        .map(|line| {
            let mut message: Value = serde_json::from_str(&line).expect("generated JSON");
            if let Some(params) = message.get_mut("params") {
                strip(params.get_mut("update"));
                strip(params.get_mut("toolCall"));
            }
            message.to_string()
        })
        .collect()
}

/// The extraction bound: the fields the ledger reads from a line (`method`, `id`,
/// `timestamp`, `result`; `params.sessionId`, `options`, `toolCall`; the update's
/// `sessionUpdate`, `toolCallId`, `title`, `kind`, `status`, `name`, `rawInput`, `rawOutput`,
/// `content`, `locations`, `_meta`), read by serde's derive into borrowed `&str` and
/// `&RawValue`, keeping nothing. It does less than the ledger's reader (a string with escapes
/// or a field of an unexpected type fails the line, where the ledger reads on), so it is a
/// lower bound for any ledger that reads its fields through serde_json.
#[derive(Deserialize)]
pub struct BoundLine<'a> {
    #[serde(borrow)]
    method: Option<&'a str>,
    #[serde(borrow)]
    id: Option<&'a RawValue>,
    #[serde(borrow)]
    timestamp: Option<&'a RawValue>,
    #[serde(borrow)]
    params: Option<Params<'a>>,
    #[serde(borrow)]
    result: Option<&'a RawValue>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Params<'a> {
    #[serde(borrow)]
    session_id: Option<&'a str>,
    #[serde(borrow)]
    update: Option<Update<'a>>,
    #[serde(borrow)]
    tool_call: Option<Update<'a>>,
    #[serde(borrow)]
    options: Option<&'a RawValue>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Update<'a> {
    session_update: Option<&'a str>,
    tool_call_id: Option<&'a str>,
    title: Option<&'a str>,
    kind: Option<&'a str>,
    status: Option<&'a str>,
    name: Option<&'a str>,
    #[serde(borrow)]
    raw_input: Option<&'a RawValue>,
    #[serde(borrow)]
    raw_output: Option<&'a RawValue>,
    #[serde(borrow)]
    content: Option<&'a RawValue>,
    #[serde(borrow)]
    locations: Option<&'a RawValue>,
    #[serde(borrow, rename = "_meta")]
    meta: Option<&'a RawValue>,
}

impl BoundLine<'_> {
    /// Whether the line is a tool-call update; every field read goes into a
    /// `black_box`, so that none is optimized away.
    pub fn is_tool_call(&self) -> bool {
        let raw = |value: Option<&RawValue>| value.map_or(0, |raw| raw.get().len());
        let params = self.params.as_ref();
        std::hint::black_box((
            (
                self.method,
                raw(self.id),
                raw(self.timestamp),
                raw(self.result),
            ),
            params.map(|p| (p.session_id, raw(p.options), p.tool_call.is_some())),
        ));
        params
            .and_then(|p| p.update.as_ref())
            .is_some_and(|update| {
                std::hint::black_box((
                    [update.title, update.kind, update.status, update.name],
                    raw(update.raw_input) + raw(update.raw_output) + raw(update.content),
                    raw(update.locations) + raw(update.meta),
                ));
                update.tool_call_id.is_some()
                    && matches!(
                        update.session_update,
                        Some("tool_call" | "tool_call_update")
                    )
            })
    }
}

/// A permission policy of 200 rules (DESIGN §8): command allows and denies, path allows and
/// denies, hosts, label-only asks. The policy bench decides by it, and the proxy bench loads
/// it beside `examples/policy.toml`.
pub fn policy_200_rules() -> String {
    let mut text = String::from("version = 1\ndefault = \"ask\"\n");
    let mut rule = |body: String| {
        text.push_str("[[rule]]\n");
        text.push_str(&body);
        text.push('\n');
    };
    for i in 0..60 {
        rule(format!(
            "name = \"allow-cmd-{i}\"\ndecision = \"allow\"\nlabel = \"Run Command\"\ncommand = [\"tool{i} run\", \"tool{i} check --all\"]"
        ));
    }
    rule("name = \"cargo\"\ndecision = \"allow\"\nlabel = \"Run Command\"\ncommand = [\"cargo test\", \"git log\", \"head\"]".into());
    for i in 0..39 {
        rule(format!(
            "name = \"deny-cmd-{i}\"\ndecision = \"deny\"\nlabel = \"Run Command\"\ncommand = [\"danger{i}\", \"git push --force{i}\"]"
        ));
    }
    for i in 0..25 {
        rule(format!(
            "name = \"allow-path-{i}\"\ndecision = \"allow\"\nlabel = [\"Read\", \"Edit\"]\npath = [\"/module{i}/**\", \"docs{i}/*.md\"]"
        ));
    }
    for i in 0..25 {
        rule(format!(
            "name = \"deny-path-{i}\"\ndecision = \"deny\"\npath = [\"**/.secret{i}\", \"~/.cred{i}/**\", \"*.key{i}\"]"
        ));
    }
    for i in 0..30 {
        rule(format!(
            "name = \"host-{i}\"\ndecision = \"{}\"\nlabel = \"Web Fetch\"\nhost = [\"site{i}.example\", \"*.cdn{i}.example\"]",
            if i % 3 == 0 { "deny" } else { "allow" }
        ));
    }
    for i in 0..20 {
        rule(format!(
            "name = \"ask-{i}\"\ndecision = \"ask\"\ntool = \"special_tool_{i}\""
        ));
    }
    text
}
