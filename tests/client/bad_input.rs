//! The reader under bad input (issue 16): one value serde_json cannot represent loses that
//! value, not the line; a batch is read message by message; line limits do not depend on
//! the line terminator.

use serde_json::{Value, json};
use toolmeta::client::{Ledger, LedgerBuilder, LineOutcome, Source, Status};

/// A JSON-RPC `session/update` notification around `update`, as text.
fn notification(update: &str) -> String {
    format!(
        r#"{{"jsonrpc":"2.0","method":"session/update","params":{{"sessionId":"s1","update":{update}}}}}"#
    )
}

fn input(ledger: &Ledger, id: &str) -> Value {
    Value::Object(ledger.get(id).unwrap().input_map().unwrap())
}

#[test]
fn a_lone_surrogate_escape_in_a_title_does_not_lose_the_line() {
    let mut ledger = Ledger::new();
    let line = notification(
        r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Read \ud800.rs","kind":"read","status":"pending","rawInput":{"path":"a.rs"}}"#,
    );
    assert_eq!(ledger.feed(&line), LineOutcome::ToolCall);
    let call = ledger.get_in_session("s1", "c1").unwrap();
    // The unpaired code unit reads as U+FFFD, as lossy UTF-8 decoding would.
    assert_eq!(call.title(), Some("Read \u{fffd}.rs"));
    assert_eq!(
        (call.acp_kind(), call.status()),
        (Some("read"), Status::Pending)
    );
    assert_eq!(input(&ledger, "c1"), json!({"path": "a.rs"}));
    assert_eq!(ledger.counts().not_json, 0);
}

#[test]
fn an_out_of_range_number_in_title_kind_or_status_is_ignored_and_the_rest_kept() {
    for field in ["title", "kind", "status"] {
        let mut ledger = Ledger::new();
        let mut update = json!({"sessionUpdate": "tool_call", "toolCallId": "c1",
            "title": "ls", "kind": "execute", "status": "in_progress"});
        update[field] = json!("PLACEHOLDER");
        let line = notification(&update.to_string().replace(r#""PLACEHOLDER""#, "1e400"));
        assert!(line.contains("1e400"));
        assert_eq!(ledger.feed(&line), LineOutcome::ToolCall, "{field}");
        let call = ledger.get("c1").unwrap();
        let read = [
            ("title", call.title()),
            ("kind", call.acp_kind()),
            ("status", Some(call.status().as_str())),
        ];
        for (name, value) in read {
            let expected = match name {
                // An ignored status leaves ACP's default.
                "status" if name == field => Some("pending"),
                _ if name == field => None,
                "title" => Some("ls"),
                "kind" => Some("execute"),
                _ => Some("in_progress"),
            };
            assert_eq!(value, expected, "{name} with 1e400 in {field}");
        }
    }
}

#[test]
fn an_out_of_range_envelope_version_is_ignored_and_the_envelope_kept() {
    let mut ledger = Ledger::new();
    let line = notification(
        r#"{"sessionUpdate":"tool_call","toolCallId":"c1","_meta":{"x.ai/tool":{"version":1e400,"name":"grep","kind":"search","namespace":"grok_build","label":"Search","read_only":true,"input":{"pattern":"fn"}}}}"#,
    );
    assert_eq!(ledger.feed(&line), LineOutcome::ToolCall);
    let call = ledger.get("c1").unwrap();
    assert_eq!(call.source(), Source::Envelope);
    assert_eq!(call.envelope().unwrap().version, None);
    assert_eq!((call.name(), call.label()), (Some("grep"), "Search"));
    assert_eq!(input(&ledger, "c1"), json!({"pattern": "fn"}));
}

#[test]
fn a_byte_order_mark_on_the_first_line_does_not_lose_it() {
    let first = notification(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read"}"#);
    let log = format!("\u{feff}{first}\n");
    let mut ledger = Ledger::new();
    ledger.read_lines(log.as_bytes()).unwrap();
    assert_eq!(ledger.counts().tool_call_updates, 1);
    assert_eq!(ledger.counts().not_json, 0);
    assert_eq!(ledger.get("c1").unwrap().acp_kind(), Some("read"));
}

/// Claude Code's Read through the catalog, its `rawInput` carrying `extra` after the path.
fn claude_read(extra: &str) -> Ledger {
    let line = notification(&format!(
        r#"{{"sessionUpdate":"tool_call","toolCallId":"t1","kind":"read","_meta":{{"claudeCode":{{"toolName":"Read"}}}},"rawInput":{{"file_path":"/r/a.rs","offset":5,{extra}}}}}"#
    ));
    let mut ledger = Ledger::new();
    assert_eq!(ledger.feed(&line), LineOutcome::ToolCall);
    assert_eq!(ledger.get("t1").unwrap().source(), Source::Catalog);
    ledger
}

#[test]
fn an_out_of_range_number_in_raw_input_does_not_erase_the_catalog_input() {
    let ledger = claude_read(r#""limit":1e400"#);
    // `limit` cannot be represented; the rest is projected.
    assert_eq!(
        input(&ledger, "t1"),
        json!({"path": "/r/a.rs", "offset": 5})
    );
    // The raw input is kept as sent.
    assert!(
        ledger
            .get("t1")
            .unwrap()
            .raw_input()
            .unwrap()
            .get()
            .contains("1e400")
    );
}

#[test]
fn raw_input_nested_past_128_levels_does_not_erase_the_catalog_input() {
    let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let ledger = claude_read(&format!(r#""pages":{deep}"#));
    assert_eq!(
        input(&ledger, "t1"),
        json!({"path": "/r/a.rs", "offset": 5})
    );
}

#[test]
fn an_unrepresentable_raw_input_value_keeps_the_fallback_input() {
    // No catalog match: the fallback keeps the keys canonical for the ACP kind.
    let line = notification(
        r#"{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Run","kind":"execute","rawInput":{"command":"make","timeout":1e400}}"#,
    );
    let mut ledger = Ledger::new();
    ledger.feed(&line);
    let call = ledger.get("c1").unwrap();
    assert_eq!(call.source(), Source::Fallback);
    assert_eq!(input(&ledger, "c1")["command"], "make");
}

#[test]
fn a_line_of_exactly_max_line_bytes_reads_the_same_with_lf_and_crlf() {
    let line = notification(r#"{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read"}"#);
    for (limit, expected) in [(line.len(), 1), (line.len() - 1, 0)] {
        for ending in ["\n", "\r\n", ""] {
            let mut ledger = Ledger::builder().max_line_bytes(limit).build();
            // Without a terminator the last line ends at the end of the stream.
            let lines = if ending.is_empty() { 1 } else { 2 };
            let log = format!("{line}{ending}").repeat(lines as usize);
            ledger.read_lines(log.as_bytes()).unwrap();
            assert_eq!(
                (ledger.counts().tool_call_updates, ledger.counts().too_long),
                (expected * lines, (1 - expected) * lines),
                "limit {limit} with {ending:?}"
            );
            assert_eq!(ledger.counts().lines, lines);
        }
    }
    assert_eq!(LedgerBuilder::DEFAULT_MAX_LINE_BYTES, 16 << 20);
}
