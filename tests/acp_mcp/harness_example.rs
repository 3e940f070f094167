//! The stream of `examples/harness.rs`: valid ACP JSON-RPC, and the envelope lifecycle of
//! the wire contract on every call.

#[path = "../../examples/harness.rs"]
#[allow(dead_code, reason = "the example's `main` is not called here")]
mod harness;

use std::collections::BTreeMap;

use serde_json::Value;
use toolmeta::acp::schema::v1::{RequestPermissionRequest, SessionNotification};
use toolmeta::{ToolKind, ToolMeta};

fn stream() -> Vec<Value> {
    let mut out = Vec::new();
    harness::run(&mut out).expect("writing to a Vec cannot fail");
    let text = String::from_utf8(out).unwrap();
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// The envelope on an event, decoded strictly; `None` when absent.
fn envelope(event: &Value) -> Option<ToolMeta> {
    let meta = event.get("_meta")?.as_object()?;
    Some(ToolMeta::from_meta(meta)?.expect("every envelope decodes strictly"))
}

#[test]
fn every_line_is_an_acp_json_rpc_message() {
    let lines = stream();
    assert!(lines.len() > 20);
    for line in &lines {
        assert_eq!(line["jsonrpc"], "2.0");
        match line["method"].as_str() {
            Some("session/update") => {
                serde_json::from_value::<SessionNotification>(line["params"].clone()).unwrap();
            }
            Some("session/request_permission") => {
                assert!(line["id"].is_i64());
                serde_json::from_value::<RequestPermissionRequest>(line["params"].clone()).unwrap();
            }
            other => panic!("unexpected method {other:?}"),
        }
    }
}

#[test]
fn each_call_follows_the_envelope_lifecycle() {
    // Per call, in stream order: (event type, event).
    let mut calls: BTreeMap<String, Vec<(&'static str, Value)>> = BTreeMap::new();
    for line in stream() {
        let (kind, event) = match line["method"].as_str() {
            Some("session/request_permission") => {
                ("permission", line["params"]["toolCall"].clone())
            }
            _ => match line["params"]["update"]["sessionUpdate"].as_str() {
                Some("tool_call") => ("tool_call", line["params"]["update"].clone()),
                Some("tool_call_update") => ("update", line["params"]["update"].clone()),
                _ => continue,
            },
        };
        let id = event["toolCallId"].as_str().unwrap().to_owned();
        calls.entry(id).or_default().push((kind, event));
    }
    assert_eq!(calls.len(), 7);

    let mut permissions = 0;
    for (id, events) in &calls {
        let (first_kind, first) = &events[0];
        assert_eq!(
            *first_kind, "tool_call",
            "{id}: the call opens with tool_call"
        );
        let name = first["name"].as_str().unwrap();
        let Some(identity) = envelope(first) else {
            // A tool the harness's toolset does not know: never stamped.
            assert_eq!(name, "linear.create_issue");
            assert!(
                events.iter().all(|(_, event)| event.get("_meta").is_none()),
                "{id}"
            );
            continue;
        };
        assert_eq!(
            identity.name, name,
            "{id}: the envelope carries the wire name"
        );
        assert_eq!(
            identity.input, None,
            "{id}: the first event is identity only"
        );
        assert_eq!(
            serde_json::to_value(identity.kind.to_acp()).unwrap(),
            first["kind"]
                .as_str()
                .map_or(Value::from("other"), Value::from),
            "{id}: the ACP kind agrees with the envelope"
        );

        let refined = events.iter().find(|(kind, _)| *kind == "update").unwrap();
        let full = envelope(&refined.1).expect("the refinement carries the envelope");
        assert_eq!(
            (full.name.as_str(), full.kind),
            (name, identity.kind),
            "{id}"
        );
        if identity.kind != ToolKind::Plan {
            assert!(full.input.is_some(), "{id}: the refinement carries input");
        }
        if let Some((_, request)) = events.iter().find(|(kind, _)| *kind == "permission") {
            permissions += 1;
            assert_eq!(
                envelope(request),
                Some(full.clone()),
                "{id}: permission carries it too"
            );
        }
        for (_, event) in events
            .iter()
            .filter(|(_, event)| event.get("status").is_some())
        {
            assert!(
                event.get("_meta").is_none(),
                "{id}: progress and completion carry none"
            );
        }
        assert_eq!(events.last().unwrap().1["status"], "completed", "{id}");
    }
    assert_eq!(permissions, 1);
}

#[test]
fn every_envelope_in_the_stream_validates_against_the_reference_schema() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/reference/grok_tool_meta.schema.json"
    );
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let reference = jsonschema::draft7::new(&schema).unwrap();
    let text = {
        let mut out = Vec::new();
        harness::run(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    let mut envelopes = 0;
    for line in text.lines() {
        let line: Value = serde_json::from_str(line).unwrap();
        let event = match line["method"].as_str() {
            Some("session/request_permission") => &line["params"]["toolCall"],
            _ => &line["params"]["update"],
        };
        if let Some(envelope) = event.pointer("/_meta/x.ai~1tool") {
            let errors: Vec<String> = reference
                .iter_errors(envelope)
                .map(|e| e.to_string())
                .collect();
            assert!(errors.is_empty(), "{envelope}: {errors:?}");
            envelopes += 1;
        }
    }
    assert_eq!(
        envelopes,
        6 * 2 + 1,
        "six stamped calls, twice each, and one permission request"
    );
}
