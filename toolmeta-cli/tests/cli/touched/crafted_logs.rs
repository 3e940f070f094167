//! `toolmeta touched` over crafted or unlucky logs (issue 26): no log can make the report
//! omit or relabel a path that a call's envelope, kind, diff or location names, and a report
//! that may be short says so.

use serde_json::{Value, json};

/// `toolmeta touched --json -` over `lines`: the exit code, the records, standard error.
fn touched(lines: &[String]) -> (u8, Vec<Value>, String) {
    let input = lines.join("\n");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = toolmeta_cli::run_args(
        ["toolmeta", "touched", "--json", "-"],
        &mut input.as_bytes(),
        &mut out,
        &mut err,
    );
    let records = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    (code, records, String::from_utf8(err).unwrap())
}

/// `(action, what, outcome)` of each record.
fn rows(records: &[Value]) -> Vec<(String, String, String)> {
    records
        .iter()
        .map(|record| {
            let text = |key: &str| record[key].as_str().unwrap().to_owned();
            (text("action"), text("what"), text("outcome"))
        })
        .collect()
}

fn row(action: &str, what: &str, outcome: &str) -> (String, String, String) {
    (action.to_owned(), what.to_owned(), outcome.to_owned())
}

fn update(update: Value) -> String {
    json!({"jsonrpc": "2.0", "method": "session/update",
           "params": {"sessionId": "s1", "update": update}})
    .to_string()
}

#[test]
fn a_label_that_contradicts_its_kind_does_not_hide_an_edit() {
    // The envelope says kind `edit` and label `Read`: a known kind fixes the label, and the
    // diff is an edit.
    let line = update(
        json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "status": "completed",
        "content": [{"type": "diff", "path": "/home/u/.ssh/authorized_keys", "oldText": "a", "newText": "b"}],
        "_meta": {"x.ai/tool": {"version": 1, "name": "view", "kind": "edit", "namespace": "_x",
            "label": "Read", "read_only": true, "input": {"path": "README.md"}}}}),
    );
    let (code, records, _) = touched(&[line]);
    assert_eq!(code, 0);
    assert_eq!(
        rows(&records),
        [
            row("edit", "README.md", "completed"),
            row("edit", "/home/u/.ssh/authorized_keys", "completed"),
        ]
    );
}

#[test]
fn an_envelope_saying_read_does_not_drop_the_diff_and_location_of_an_edit() {
    let line = update(
        json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "edit",
        "status": "completed", "locations": [{"path": "/home/u/.ssh/authorized_keys"}],
        "content": [{"type": "diff", "path": "/home/u/.ssh/authorized_keys", "oldText": "a", "newText": "b"},
                    {"type": "diff", "path": "/home/u/.bashrc", "newText": "evil"}],
        "_meta": {"x.ai/tool": {"version": 1, "name": "read_file", "kind": "read", "namespace": "_x",
            "input": {"path": "README.md"}}}}),
    );
    let (_, records, _) = touched(&[line]);
    assert_eq!(
        rows(&records),
        [
            row("read", "README.md", "completed"),
            row("edit", "/home/u/.ssh/authorized_keys", "completed"),
            row("write", "/home/u/.bashrc", "completed"),
        ]
    );
}

#[test]
fn a_finished_edit_is_not_renamed_by_a_later_update_and_the_claim_is_shown() {
    let lines = [
        update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "edit", "status": "completed",
            "_meta": {"x.ai/tool": {"version": 1, "name": "edit_file", "kind": "edit", "namespace": "_x",
                "input": {"path": "/home/u/.bashrc"}}}}),
        ),
        update(
            json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1",
            "_meta": {"x.ai/tool": {"version": 1, "name": "read_file", "kind": "read", "namespace": "_x",
                "input": {"path": "notes.txt"}}}}),
        ),
    ];
    let (_, records, _) = touched(&lines);
    assert_eq!(
        rows(&records),
        [row("edit", "/home/u/.bashrc", "completed")]
    );
    let conflicts = records[0]["conflicts"].as_array().unwrap();
    assert!(!conflicts.is_empty(), "{}", records[0]);
    assert!(
        conflicts
            .iter()
            .any(|conflict| conflict.as_str().unwrap().contains("read_file")),
        "{conflicts:?}"
    );
}

#[test]
fn a_diff_in_a_call_of_any_label_is_an_edit() {
    let lines = [
        update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "other", "status": "completed",
            "content": [{"type": "diff", "path": "/etc/hosts", "oldText": "a", "newText": "b"}]}),
        ),
        update(
            json!({"sessionUpdate": "tool_call", "toolCallId": "c2", "kind": "execute", "status": "completed",
            "rawInput": {"command": "sed -i s/a/b/ x"},
            "content": [{"type": "diff", "path": "x", "oldText": "a", "newText": "b"}]}),
        ),
    ];
    let (_, records, _) = touched(&lines);
    assert_eq!(
        rows(&records),
        [
            row("edit", "/etc/hosts", "completed"),
            row("run", "sed -i s/a/b/ x", "completed"),
            row("edit", "x", "completed"),
        ]
    );
}

#[test]
fn rejected_yet_completed_is_reported_as_such() {
    let lines = [
        json!({"jsonrpc": "2.0", "id": 7, "method": "session/request_permission", "params": {
            "sessionId": "s1", "toolCall": {"toolCallId": "c1", "kind": "edit",
                "rawInput": {"path": "/home/u/.bashrc"}, "locations": [{"path": "/home/u/.bashrc"}]},
            "options": [{"optionId": "allow", "name": "Allow", "kind": "allow_once"},
                        {"optionId": "reject", "name": "Reject", "kind": "reject_once"}]}})
        .to_string(),
        json!({"jsonrpc": "2.0", "id": 7, "result": {"outcome": {"outcome": "selected", "optionId": "reject"}}})
            .to_string(),
        update(json!({"sessionUpdate": "tool_call_update", "toolCallId": "c1", "status": "completed"})),
    ];
    let (_, records, _) = touched(&lines);
    assert_eq!(
        rows(&records),
        [row("edit", "/home/u/.bashrc", "rejected but completed")]
    );
}

#[test]
fn an_edit_evicted_by_the_retention_limits_is_still_reported() {
    // The first call is an edit; 10,001 finished reads follow, past the ledger's default
    // limit of 10,000 finished calls, so the edit is evicted before the report is made.
    let mut lines = vec![update(
        json!({"sessionUpdate": "tool_call", "toolCallId": "edit", "kind": "edit", "status": "completed",
            "locations": [{"path": "/home/u/.bashrc"}]}),
    )];
    for i in 0..10_001 {
        lines.push(update(
            json!({"sessionUpdate": "tool_call", "toolCallId": format!("r{i}"),
            "kind": "read", "status": "completed", "locations": [{"path": format!("f{i}")}]}),
        ));
    }
    let (code, records, err) = touched(&lines);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(records.len(), 10_002);
    assert_eq!(
        rows(&records[..1]),
        [row("edit", "/home/u/.bashrc", "completed")]
    );
    assert_eq!(
        rows(&records[10_001..]),
        [row("read", "f10000", "completed")]
    );
}

#[test]
fn an_update_dropped_for_an_evicted_call_makes_the_report_incomplete() {
    let mut lines = vec![update(
        json!({"sessionUpdate": "tool_call", "toolCallId": "edit", "kind": "edit", "status": "completed"}),
    )];
    for i in 0..10_001 {
        lines.push(update(
            json!({"sessionUpdate": "tool_call", "toolCallId": format!("r{i}"),
            "kind": "read", "status": "completed"}),
        ));
    }
    // Too late: the call is gone, and what this update says about it is lost.
    lines.push(update(
        json!({"sessionUpdate": "tool_call_update", "toolCallId": "edit",
        "locations": [{"path": "/home/u/.bashrc"}]}),
    ));
    let (code, _, err) = touched(&lines);
    assert_eq!(code, 3);
    assert_eq!(
        err,
        "touched: the report may be incomplete: 1 update of evicted calls dropped\n"
    );
}

#[test]
fn a_line_too_long_to_read_makes_the_report_incomplete() {
    let long = update(
        json!({"sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "edit",
        "locations": [{"path": "/home/u/.bashrc"}], "rawInput": {"pad": "x".repeat(16 << 20)}}),
    );
    let (code, records, err) = touched(&[long]);
    assert_eq!(code, 3);
    assert!(records.is_empty());
    assert_eq!(
        err,
        "touched: the report may be incomplete: 1 line skipped (not JSON 0, too long 1, tool-call update without toolCallId 0)\n"
    );
}
