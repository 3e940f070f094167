//! The `acp` feature: stamping `agent-client-protocol-schema` values directly, and the
//! mapping of envelope kinds onto ACP kinds.
#![cfg(feature = "acp")]

use serde_json::{Map, Value, json};
use toolmeta::acp::AcpToolEvent;
use toolmeta::acp::schema::v1::{
    PermissionOption, PermissionOptionKind, RequestPermissionRequest, ToolCall, ToolCallUpdate,
    ToolCallUpdateFields, ToolKind as AcpToolKind,
};
use toolmeta::keys::{OFFSET, PATH};
use toolmeta::{
    Identity, InputField, Namespace, RawType, StaticToolset, TOOL_META_KEY, ToolEntry, ToolKind,
};

const READ_FILE: ToolEntry = ToolEntry::new(
    Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild),
    &[
        InputField {
            key: PATH,
            wire: "target_file",
            aliases: &[],
            extra: false,
            optional: false,
            converted: false,
            zero_based: false,
            last_line: false,
            raw: RawType::OfKey,
        },
        InputField {
            key: OFFSET,
            wire: "offset",
            aliases: &[],
            extra: false,
            optional: true,
            converted: false,
            zero_based: false,
            last_line: false,
            raw: RawType::OfKey,
        },
    ],
);
const TOOLS: StaticToolset = StaticToolset::new(&[READ_FILE]);

fn obj(value: Value) -> Map<String, Value> {
    value.as_object().expect("an object").clone()
}

#[test]
fn stamping_a_tool_call_keeps_other_meta_keys() {
    let mut call = ToolCall::new("call_1", "read_file")
        .meta(obj(json!({"backend": true, "x.ai/tool": {"stale": 1}})));
    call.stamp_from(&TOOLS.get("read_file").unwrap(), None);
    let meta = call.meta.as_ref().unwrap();
    assert_eq!(meta["backend"], json!(true));
    assert_eq!(
        meta[TOOL_META_KEY],
        json!({"version": 1, "name": "read_file", "kind": "read", "namespace": "grok_build",
               "label": "Read", "read_only": true})
    );
}

#[test]
fn stamping_a_tool_call_update_with_raw_input_projects_it() {
    let raw = json!({"target_file": "src/config.rs", "offset": 0});
    let mut update =
        ToolCallUpdate::new("call_1", ToolCallUpdateFields::new().raw_input(raw.clone()))
            .meta(obj(json!({"eventId": "s1-25"})));
    update.stamp_from(&TOOLS.get("read_file").unwrap(), Some(&raw));
    update.set_tool_kind(ToolKind::Read);
    let wire = serde_json::to_value(&update).unwrap();
    assert_eq!(wire["toolCallId"], "call_1");
    assert_eq!(wire["kind"], "read");
    assert_eq!(wire["_meta"]["eventId"], "s1-25");
    assert_eq!(
        wire["_meta"][TOOL_META_KEY]["input"],
        json!({"path": "src/config.rs", "offset": 1})
    );
}

#[test]
fn stamping_creates_meta_when_the_event_has_none() {
    let mut call = ToolCall::new("call_9", "read_file");
    assert_eq!(call.meta, None);
    call.stamp(&TOOLS.get("read_file").unwrap().identity().envelope());
    let meta = call.meta.unwrap();
    assert_eq!(meta.len(), 1);
    assert_eq!(meta[TOOL_META_KEY]["name"], "read_file");
    assert_eq!(TOOLS.get("cursor_edit").map(|tool| tool.name()), None);
}

#[test]
fn a_permission_request_carries_the_envelope_on_its_tool_call() {
    let identity = Identity::new("search_replace", ToolKind::Edit, Namespace::GrokBuild);
    let mut tool_call = ToolCallUpdate::new(
        "call_sr3",
        ToolCallUpdateFields::new().title("Edit `src/config.rs`".to_owned()),
    );
    tool_call.stamp(&identity.envelope());
    tool_call.set_tool_kind(identity.kind);
    let request = RequestPermissionRequest::new(
        "s1",
        tool_call,
        vec![PermissionOption::new(
            "allow",
            "Allow",
            PermissionOptionKind::AllowOnce,
        )],
    );
    let wire = serde_json::to_value(&request).unwrap();
    assert_eq!(wire["toolCall"]["kind"], "edit");
    assert_eq!(wire["toolCall"]["_meta"][TOOL_META_KEY]["label"], "Edit");
}

#[test]
fn set_tool_kind_writes_the_mapped_acp_kind() {
    let mut call = ToolCall::new("c", "t");
    call.set_tool_kind(ToolKind::EnterPlan);
    assert_eq!(call.kind, AcpToolKind::SwitchMode);
    let mut update = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
    update.set_tool_kind(ToolKind::WebFetch);
    assert_eq!(update.fields.kind, Some(AcpToolKind::Fetch));
}

// Each kind's ACP kind is a row of the kind table, checked against ACP's own names when the
// crate compiles and by a unit test (`acp::kind`); these tests check the mapping as a whole.

#[test]
fn every_acp_kind_is_reached_by_some_envelope_kind() {
    let reached: Vec<AcpToolKind> = ToolKind::ALL.iter().map(|kind| kind.to_acp()).collect();
    for acp in [
        AcpToolKind::Read,
        AcpToolKind::Edit,
        AcpToolKind::Delete,
        AcpToolKind::Move,
        AcpToolKind::Search,
        AcpToolKind::Execute,
        AcpToolKind::Think,
        AcpToolKind::Fetch,
        AcpToolKind::SwitchMode,
        AcpToolKind::Other,
    ] {
        assert!(reached.contains(&acp), "{acp:?} is never produced");
    }
}

#[test]
fn read_only_kinds_never_map_to_mutating_acp_kinds() {
    for kind in ToolKind::ALL {
        if kind.is_read_only() {
            assert!(
                !matches!(
                    kind.to_acp(),
                    AcpToolKind::Edit
                        | AcpToolKind::Delete
                        | AcpToolKind::Move
                        | AcpToolKind::Execute
                ),
                "{kind} is read-only but maps to {:?}",
                kind.to_acp()
            );
        }
    }
}

/// The ledger reads the SDK's typed messages as it reads their JSON-RPC lines.
#[test]
fn the_ledger_reads_typed_messages_as_it_reads_their_lines() {
    use toolmeta::acp::schema::v1::{SessionNotification, SessionUpdate};
    use toolmeta::client::Ledger;

    let mut call = ToolCall::new("call_1", "read_file");
    let read_file = TOOLS.get("read_file").unwrap();
    call.stamp_from(&read_file, None);
    let update = {
        let mut update = ToolCallUpdate::new("call_1", ToolCallUpdateFields::new());
        update.stamp_from(
            &read_file,
            Some(&json!({"target_file": "a.rs", "offset": 0})),
        );
        update
    };
    let permission = RequestPermissionRequest::new(
        "s1",
        ToolCallUpdate::new("call_1", ToolCallUpdateFields::new().title("Read `a.rs`")),
        vec![PermissionOption::new(
            "allow",
            "Allow",
            PermissionOptionKind::AllowOnce,
        )],
    );
    let notifications = [
        SessionNotification::new("s1", SessionUpdate::ToolCall(call)),
        SessionNotification::new("s1", SessionUpdate::ToolCallUpdate(update)),
    ];

    let mut typed = Ledger::new();
    let mut lines = Ledger::new();
    for notification in &notifications {
        typed.feed_notification(notification);
        let line = json!({"jsonrpc": "2.0", "method": "session/update", "params": notification});
        lines.feed_line(&line.to_string());
    }
    typed.feed_permission_request(&permission);
    let line = json!({"jsonrpc": "2.0", "id": 7, "method": "session/request_permission",
                      "params": permission});
    lines.feed_line(&line.to_string());

    for ledger in [&typed, &lines] {
        let call = ledger.get_in_session("s1", "call_1").unwrap();
        assert_eq!(call.name(), Some("read_file"));
        assert_eq!(call.label(), "Read");
        assert_eq!(call.title(), Some("Read `a.rs`"));
        assert_eq!(
            call.input_map().map(Value::Object),
            Some(json!({"path": "a.rs", "offset": 1}))
        );
    }
    assert_eq!(typed.counts().tool_call_updates, 3);
    assert_eq!(lines.counts().tool_call_updates, 3);
}
