//! Effects (DESIGN §2): each kind's defaults of MCP's four hints, the derive's overrides, a
//! toolset entry's effects, and a client asking a call for its effects.

use serde::Deserialize;
use serde_json::json;
use toolmeta::client::Ledger;
use toolmeta::{Effects, StaticToolset, ToolEntry, ToolIdentity, ToolKind, toolset};

use crate::common::TextEditor;

#[test]
fn a_read_only_kind_is_never_destructive_and_always_idempotent() {
    for &kind in ToolKind::ALL {
        let effects = kind.effects();
        assert_eq!(effects.read_only, kind.is_read_only(), "{kind}");
        if effects.read_only {
            assert!(!effects.destructive && effects.idempotent, "{kind}");
        }
        assert_eq!(effects.contradiction(), None, "{kind}");
    }
}

#[test]
fn the_kinds_a_harness_uses_most_have_the_contracts_defaults() {
    // (read-only, destructive, idempotent, open-world), as the contract's table argues them.
    let expected = [
        (ToolKind::Read, (true, false, true, false)),
        (ToolKind::Search, (true, false, true, false)),
        (ToolKind::WebFetch, (true, false, true, true)),
        (ToolKind::Edit, (false, true, false, false)),
        (ToolKind::Write, (false, true, true, false)),
        (ToolKind::Delete, (false, true, true, false)),
        (ToolKind::Execute, (false, true, false, true)),
        (ToolKind::Plan, (false, false, true, false)),
        (ToolKind::Other, (false, true, false, true)),
    ];
    for (kind, (read_only, destructive, idempotent, open_world)) in expected {
        let effects = Effects::of(kind);
        assert_eq!(
            (
                effects.read_only,
                effects.destructive,
                effects.idempotent,
                effects.open_world
            ),
            (read_only, destructive, idempotent, open_world),
            "{kind}"
        );
    }
    assert_eq!(Effects::of(ToolKind::Other), Effects::MCP_DEFAULTS);
}

#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "apply_patch",
    namespace = "codex",
    kind = "edit",
    no_input,
    idempotent,
    title = "Apply Patch"
)]
struct ApplyPatch {
    #[allow(dead_code)]
    patch: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "fetch",
    namespace = "opencode",
    kind = "web_fetch",
    open_world = false
)]
struct LocalFetch {
    #[tool(project)]
    url: String,
}

#[test]
fn the_derive_overrides_only_what_the_declaration_says() {
    let patch = ApplyPatch::IDENTITY;
    assert_eq!(
        patch.effects(),
        Effects::from_hints(false, true, true, false)
    );
    assert_eq!(patch.title, Some("Apply Patch"));
    // Overrides never reach the envelope, which stays v1.
    let envelope = serde_json::to_value(patch.envelope()).unwrap();
    assert_eq!(
        envelope,
        json!({"version": 1, "name": "apply_patch", "kind": "edit", "namespace": "codex",
               "label": "Edit", "read_only": false})
    );
    let fetch = LocalFetch {
        url: "http://localhost:8080".into(),
    };
    assert_eq!(fetch.url, "http://localhost:8080");
    assert_eq!(
        LocalFetch::IDENTITY.effects(),
        Effects::from_hints(true, false, true, false)
    );
}

const TOOLS: StaticToolset = toolset![ApplyPatch, LocalFetch];

#[test]
fn toolset_entries_carry_the_declared_effects() {
    assert_eq!(
        TOOLS.get("apply_patch").unwrap().effects(),
        ApplyPatch::IDENTITY.effects()
    );
    assert_eq!(
        ToolEntry::of::<LocalFetch>().effects(),
        LocalFetch::IDENTITY.effects()
    );
}

#[test]
fn a_tagged_tool_has_the_effects_any_of_its_variants_may_have() {
    let editor = ToolEntry::tagged::<TextEditor>();
    // `view` reads, `str_replace` edits in place (destructive, not idempotent), `write`
    // overwrites (idempotent): the tool as a whole may do what an edit does.
    assert_eq!(editor.effects(), Effects::of(ToolKind::Edit));
    // The call's own identity is the variant's, with its own effects.
    let view = editor.identity_for(&json!({"command": "view", "path": "a.rs"}));
    assert_eq!(view.effects(), Effects::of(ToolKind::Read));
}

#[test]
fn a_client_asks_a_call_for_its_effects() {
    let mut ledger = Ledger::new();
    let line = |id: &str, envelope: serde_json::Value| {
        json!({"jsonrpc": "2.0", "method": "session/update", "params": {"sessionId": "s1",
               "update": {"sessionUpdate": "tool_call", "toolCallId": id, "title": "t",
                          "_meta": {"x.ai/tool": envelope}}}})
        .to_string()
    };
    ledger.feed(&line(
        "c1",
        json!({"version": 1, "name": "read_file", "kind": "read", "namespace": "grok_build",
               "label": "Read", "read_only": true}),
    ));
    // A `read` that says it is not read-only keeps the kind's other defaults.
    ledger.feed(&line(
        "c2",
        json!({"version": 1, "name": "read_once", "kind": "read", "namespace": "grok_build",
               "label": "Read", "read_only": false}),
    ));
    // An edit envelope that claims to be read-only: read-only wins, so never destructive.
    ledger.feed(&line(
        "c3",
        json!({"version": 1, "name": "preview", "kind": "edit", "namespace": "grok_build",
               "label": "Edit", "read_only": true}),
    ));
    let effects = |id| ledger.get_in_session("s1", id).unwrap().effects();
    assert_eq!(effects("c1"), Some(Effects::of(ToolKind::Read)));
    assert_eq!(
        effects("c2"),
        Some(Effects::from_hints(false, false, true, false))
    );
    assert_eq!(
        effects("c3"),
        Some(Effects::from_hints(true, false, true, false))
    );
}
