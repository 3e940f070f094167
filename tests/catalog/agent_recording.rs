//! The `agent` example as a client the project did not write saw it: every call of the
//! recorded turns is identified from its envelope (provenance in
//! `tests/data/agent_driven_by_ts_sdk.md`).

use serde_json::{Value, json};
use toolmeta::client::{Ledger, Source};

#[test]
fn every_call_the_ts_sdk_client_saw_is_identified_from_its_envelope() {
    let mut ledger = Ledger::new();
    ledger
        .read_lines(&include_bytes!("../data/agent_driven_by_ts_sdk.jsonl")[..])
        .unwrap();
    // Decided from the two prompts (see the provenance note) and the contract's shapes: the
    // first turn is the default one (list, read the README's first 40 lines, search the
    // prompt's first word, run `ls -a`, create toolmeta-agent.txt); in the second, the
    // edit of sa-reject.txt is rejected by the client, so it fails.
    let expected = [
        (
            "list_dir",
            "List Files",
            json!({"directory": "."}),
            "completed",
        ),
        (
            "read_file",
            "Read",
            json!({"path": "README.md", "offset": 1, "limit": 40}),
            "completed",
        ),
        ("grep", "Search", json!({"pattern": "TODO"}), "completed"),
        (
            "run_terminal_command",
            "Run Command",
            json!({"command": "ls -a"}),
            "completed",
        ),
        (
            "search_replace",
            "Edit",
            json!({"path": "toolmeta-agent.txt"}),
            "completed",
        ),
        (
            "read_file",
            "Read",
            json!({"path": "notes.txt", "offset": 2, "limit": 1}),
            "completed",
        ),
        (
            "list_dir",
            "List Files",
            json!({"directory": "."}),
            "completed",
        ),
        ("grep", "Search", json!({"pattern": "TODO"}), "completed"),
        (
            "run_terminal_command",
            "Run Command",
            json!({"command": "wc -l notes.txt"}),
            "completed",
        ),
        (
            "search_replace",
            "Edit",
            json!({"path": "notes.txt"}),
            "completed",
        ),
        (
            "search_replace",
            "Edit",
            json!({"path": "sa-reject.txt"}),
            "failed",
        ),
    ];
    assert_eq!(ledger.len(), expected.len());
    for (call, (name, label, input, status)) in ledger.calls().zip(expected) {
        let id = call.tool_call_id();
        assert_eq!(call.source(), Source::Envelope, "{id}");
        assert_eq!((call.name(), call.label()), (Some(name), label), "{id}");
        assert_eq!(call.namespace(), Some("grok_build"), "{id}");
        assert_eq!(call.input_map().map(Value::Object), Some(input), "{id}");
        assert_eq!(call.status().as_str(), status, "{id}");
    }
    // Only the agent's four responses (initialize, session/new, two prompts) are skipped.
    assert_eq!(ledger.counts().not_update, 4);
    assert_eq!(ledger.counts().not_json, 0);
    assert_eq!(ledger.counts().missing_tool_call_id, 0);
}
