//! Issue 26's findings against the reader and the ledger, one test each: a crafted or
//! unlucky log cannot make a report omit or relabel a path that a call's envelope, kind,
//! diff or location names, nor hide that it is incomplete.

use serde_json::{Value, json};
use toolmeta::client::{Change, Ledger, LooseMeta, Outcome, PathFrom, PermissionDecision, Summary};

fn update(update: Value) -> String {
    json!({"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": "s1", "update": update}})
        .to_string()
}

fn paths(ledger: &Ledger, id: &str) -> Vec<(String, PathFrom)> {
    ledger
        .get(id)
        .unwrap()
        .paths()
        .into_iter()
        .map(|path| (path.path.into_owned(), path.from))
        .collect()
}

/// `{"kind":"edit","label":"Read"}` with a diff of `authorized_keys`: the label a known kind
/// fixes is the kind's; the label sent is kept aside; the diff is a touched path.
#[test]
fn a_free_label_never_disguises_a_known_kind() {
    let envelope = json!({"kind": "edit", "label": "Read", "input": {"path": "README.md"}});
    let meta = LooseMeta::from_value(&envelope).unwrap();
    assert_eq!(meta.label.as_deref(), Some("Edit"));
    assert_eq!(meta.contradicted_label.as_deref(), Some("Read"));
    let mut ledger = Ledger::new();
    ledger.feed(&*update(json!({
        "sessionUpdate": "tool_call", "toolCallId": "c1", "status": "completed",
        "content": [{"type": "diff", "path": "/home/u/.ssh/authorized_keys", "oldText": "a", "newText": "b"}],
        "_meta": {"x.ai/tool": envelope},
    })));
    let call = ledger.get("c1").unwrap();
    assert_eq!(call.label(), "Edit");
    assert_eq!(
        call.envelope().unwrap().contradicted_label.as_deref(),
        Some("Read")
    );
    assert_eq!(
        paths(&ledger, "c1"),
        [
            ("README.md".to_owned(), PathFrom::Input),
            ("/home/u/.ssh/authorized_keys".to_owned(), PathFrom::Diff),
        ]
    );
    // A later envelope's label cannot change it either.
    ledger.feed(&*update(json!({
        "sessionUpdate": "tool_call_update", "toolCallId": "c1",
        "_meta": {"x.ai/tool": {"label": "Read"}},
    })));
    assert_eq!(ledger.get("c1").unwrap().label(), "Edit");
}

/// ACP kind `edit` with a diff and a location, but an envelope saying `read`: the diff and
/// the location are still the call's paths; so is a diff in a call of kind `other` or a
/// Run Command.
#[test]
fn every_diff_and_location_is_a_touched_path_whatever_the_label() {
    let mut ledger = Ledger::new();
    for (id, kind, envelope) in [
        (
            "read",
            "edit",
            json!({"kind": "read", "input": {"path": "README.md"}}),
        ),
        (
            "other",
            "other",
            json!({"kind": "other", "name": "mystery"}),
        ),
        (
            "run",
            "execute",
            json!({"kind": "execute", "input": {"command": "sh x"}}),
        ),
    ] {
        ledger.feed(&*update(json!({
            "sessionUpdate": "tool_call", "toolCallId": id, "kind": kind, "status": "completed",
            "locations": [{"path": format!("/r/{id}.loc")}],
            "content": [{"type": "diff", "path": format!("/r/{id}.diff"), "newText": "x"}],
            "_meta": {"x.ai/tool": envelope},
        })));
    }
    assert_eq!(
        paths(&ledger, "read"),
        [
            ("README.md".to_owned(), PathFrom::Input),
            ("/r/read.loc".to_owned(), PathFrom::Location),
            ("/r/read.diff".to_owned(), PathFrom::NewFile),
        ]
    );
    for id in ["other", "run"] {
        let found = paths(&ledger, id);
        assert!(
            found.contains(&(format!("/r/{id}.diff"), PathFrom::NewFile)),
            "{id}: {found:?}"
        );
        assert!(
            found.contains(&(format!("/r/{id}.loc"), PathFrom::Location)),
            "{id}: {found:?}"
        );
    }
    // A later update that replaces the diff and the location does not erase them.
    ledger.feed(&*update(json!({
        "sessionUpdate": "tool_call_update", "toolCallId": "other",
        "locations": [{"path": "/r/elsewhere"}],
        "content": [{"type": "content", "content": {"type": "text", "text": "nothing to see"}}],
    })));
    let found = paths(&ledger, "other");
    for kept in ["/r/other.loc", "/r/other.diff", "/r/elsewhere"] {
        assert!(
            found.iter().any(|(path, _)| path == kept),
            "{kept}: {found:?}"
        );
    }
}

/// A later `tool_call_update` re-identifies a completed `.bashrc` edit as `read_file`: the
/// call keeps the identity and the input it finished with, and says so.
#[test]
fn a_finished_calls_identity_is_not_rewritten_silently() {
    let mut ledger = Ledger::new();
    ledger.feed(&*update(json!({
        "sessionUpdate": "tool_call", "toolCallId": "c1", "kind": "edit", "status": "completed",
        "locations": [{"path": "/home/u/.bashrc"}],
        "_meta": {"x.ai/tool": {"name": "edit_file", "kind": "edit", "input": {"path": "/home/u/.bashrc"}}},
    })));
    ledger.feed(&*update(json!({
        "sessionUpdate": "tool_call_update", "toolCallId": "c1", "kind": "read",
        "locations": [{"path": "README.md"}],
        "_meta": {"x.ai/tool": {"name": "read_file", "kind": "read", "input": {"path": "README.md"}}},
    })));
    let changes: Vec<Change> = ledger.events().iter().map(|event| event.change).collect();
    assert!(changes.contains(&Change::IdentityConflict), "{changes:?}");
    assert!(!changes.contains(&Change::Identified), "{changes:?}");
    let call = ledger.get("c1").unwrap();
    assert_eq!(
        (call.name(), call.label(), call.acp_kind()),
        (Some("edit_file"), "Edit", Some("edit"))
    );
    assert_eq!(call.input().unwrap().get(), r#"{"path":"/home/u/.bashrc"}"#);
    let fields: Vec<&str> = call.conflicts().iter().map(|c| c.field()).collect();
    assert_eq!(
        fields,
        [
            "envelope.name",
            "envelope.kind",
            "envelope.label",
            "envelope.input",
            "kind"
        ]
    );
    assert!(paths(&ledger, "c1").contains(&("/home/u/.bashrc".to_owned(), PathFrom::Input)));
}

/// Permission rejected, then the agent reports `completed`: distinguishable from a call
/// that was refused and did not run.
#[test]
fn rejected_but_completed_is_its_own_outcome() {
    let mut ledger = Ledger::new();
    for id in ["ran", "refused"] {
        ledger.feed(&*json!({"jsonrpc": "2.0", "id": id, "method": "session/request_permission",
            "params": {"sessionId": "s1", "toolCall": {"toolCallId": id, "kind": "execute", "rawInput": {"command": "rm -rf /"}},
                       "options": [{"optionId": "no", "name": "Reject", "kind": "reject_once"}]}}).to_string());
        ledger.feed(
            &*json!({"jsonrpc": "2.0", "id": id, "result": {"outcome": {"outcome": "selected", "optionId": "no"}}})
                .to_string(),
        );
    }
    ledger.feed(&*update(
        json!({"sessionUpdate": "tool_call_update", "toolCallId": "ran", "status": "completed"}),
    ));
    ledger.feed(&*update(
        json!({"sessionUpdate": "tool_call_update", "toolCallId": "refused", "status": "failed"}),
    ));
    let ran = ledger.get("ran").unwrap();
    assert_eq!(
        ran.permission().unwrap().decision(),
        PermissionDecision::Rejected
    );
    assert_eq!(ran.outcome(), Outcome::RejectedButCompleted);
    assert_eq!(ledger.get("refused").unwrap().outcome(), Outcome::Rejected);
    let summary: Summary = ledger.summary();
    assert_eq!((summary.rejected, summary.rejected_but_completed), (2, 1));
}

/// An edit evicted after later calls, or a line over the limit: the counts say the ledger
/// no longer holds every call the stream showed.
#[test]
fn evicted_calls_and_skipped_lines_make_the_ledger_incomplete() {
    let mut ledger = Ledger::builder()
        .max_finished(2)
        .max_line_bytes(200)
        .build();
    let call = |id: usize| {
        update(
            json!({"sessionUpdate": "tool_call", "toolCallId": format!("c{id}"), "kind": "edit", "status": "completed"}),
        )
    };
    ledger.feed(&*call(0));
    ledger.feed(&*call(1));
    assert!(ledger.counts().is_complete());
    ledger.feed(&*call(2));
    let counts = ledger.counts();
    assert_eq!((counts.evicted(), counts.is_complete()), (1, false));
    let mut ledger = Ledger::builder().max_line_bytes(200).build();
    ledger.feed(&*update(json!({
        "sessionUpdate": "tool_call", "toolCallId": "big", "kind": "edit",
        "rawInput": {"path": "x".repeat(300)},
    })));
    let counts = ledger.counts();
    assert_eq!((counts.too_long, counts.is_complete()), (1, false));
    assert!(ledger.is_empty());
}
