//! The `acp` feature: stamping `agent-client-protocol-schema` values directly, and the
//! mapping of envelope kinds onto ACP kinds.

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
        typed.feed(notification);
        let line = json!({"jsonrpc": "2.0", "method": "session/update", "params": notification});
        lines.feed(&line.to_string());
    }
    typed.feed(&permission);
    let line = json!({"jsonrpc": "2.0", "id": 7, "method": "session/request_permission",
                      "params": permission});
    lines.feed(&line.to_string());

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

// ---- One call makes an event complete (DESIGN §5) ----------------------------------------

mod complete {
    use std::path::{Path, PathBuf};

    use serde::Deserialize;
    use serde_json::{Value, json};
    use toolmeta::acp::AcpToolEvent;
    use toolmeta::acp::schema::v1::{
        PermissionOption, PermissionOptionKind, RequestPermissionRequest, ToolCall,
        ToolCallLocation, ToolCallUpdate, ToolCallUpdateFields, ToolKind as AcpToolKind,
    };
    use toolmeta::{StaticToolset, TOOL_META_KEY, ToolEntry, ToolIdentity};

    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
    struct ReadFile {
        #[serde(rename = "target_file")]
        #[tool(project = "path")]
        path: String,
        #[tool(project)]
        offset: Option<i64>,
        #[tool(project)]
        limit: Option<u64>,
    }

    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "list_dir", namespace = "grok_build", kind = "list_dir")]
    struct ListDir {
        #[tool(project = "directory")]
        target_directory: String,
    }

    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "grep", namespace = "grok_build", kind = "search")]
    struct Grep {
        #[tool(project)]
        pattern: String,
        #[tool(project)]
        path: Option<String>,
    }

    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "search_replace", namespace = "grok_build", kind = "edit")]
    struct SearchReplace {
        #[tool(project = "path")]
        file_path: String,
    }

    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "skill", namespace = "grok_build", kind = "skill")]
    struct Skill {
        #[tool(project)]
        description: String,
    }

    /// goose's `text_editor`: the kind depends on `command`.
    #[derive(Deserialize, ToolIdentity)]
    #[serde(tag = "command", rename_all = "snake_case")]
    enum TextEditor {
        #[tool(name = "text_editor", namespace = "goose", kind = "read")]
        View {
            #[tool(project)]
            path: String,
        },
        #[tool(name = "text_editor", namespace = "goose", kind = "write")]
        Write {
            #[tool(project)]
            path: String,
        },
    }

    const TOOLS: StaticToolset = StaticToolset::new(&[
        ToolEntry::deserialized::<ReadFile>(),
        ToolEntry::tagged::<TextEditor>(),
    ]);

    const CWD: &str = "/work/repo";

    fn cwd() -> Option<&'static Path> {
        Some(Path::new(CWD))
    }

    fn read(raw: Value) -> ReadFile {
        serde_json::from_value(raw).unwrap()
    }

    #[test]
    fn the_first_tool_call_gets_the_identity_name_and_kind_and_no_locations() {
        let mut call = ToolCall::new("call_1", "Read `src/lib.rs`");
        call.complete(&ReadFile::IDENTITY.envelope(), cwd());
        let wire = serde_json::to_value(&call).unwrap();
        assert_eq!(
            wire,
            json!({
                "toolCallId": "call_1",
                "title": "Read `src/lib.rs`",
                "name": "read_file",
                "kind": "read",
                "_meta": {"x.ai/tool": {"version": 1, "name": "read_file", "kind": "read",
                    "namespace": "grok_build", "label": "Read", "read_only": true}}
            })
        );
    }

    #[test]
    fn the_update_with_arguments_gets_an_absolute_location_with_the_reads_line() {
        let tool = read(json!({"target_file": "src/lib.rs", "offset": 0, "limit": 20}));
        let mut update = ToolCallUpdate::new("call_1", ToolCallUpdateFields::new());
        update.complete(&tool.envelope(), cwd());
        assert_eq!(update.fields.name.as_deref(), Some("read_file"));
        assert_eq!(update.fields.kind, Some(AcpToolKind::Read));
        // Offset 0 is the contract's 1-based line 1.
        assert_eq!(
            update.fields.locations,
            Some(vec![
                ToolCallLocation::new(PathBuf::from("/work/repo/src/lib.rs")).line(1)
            ])
        );
        // The envelope keeps the path as the tool was given it.
        let envelope = &update.meta.as_ref().unwrap()[TOOL_META_KEY];
        assert_eq!(
            envelope["input"],
            json!({"path": "src/lib.rs", "offset": 1, "limit": 20})
        );
    }

    #[test]
    fn a_listing_is_located_at_its_target_directory_and_an_absolute_path_is_kept() {
        let list: ListDir = serde_json::from_value(json!({"target_directory": "."})).unwrap();
        let mut update = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
        update.complete(&list.envelope(), cwd());
        assert_eq!(
            update.fields.locations,
            Some(vec![ToolCallLocation::new(PathBuf::from(CWD))])
        );
        assert_eq!(update.fields.kind, Some(AcpToolKind::Read));

        let tool = read(json!({"target_file": "/etc/hosts", "offset": 3}));
        let mut call = ToolCall::new("c", "t");
        call.complete(&tool.envelope(), cwd());
        assert_eq!(
            call.locations,
            [ToolCallLocation::new(PathBuf::from("/etc/hosts")).line(3)]
        );
    }

    #[test]
    fn a_search_is_located_only_where_it_names_a_path_and_never_with_a_line() {
        let mut everywhere = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
        let grep = Grep {
            pattern: "fn main".into(),
            path: None,
        };
        everywhere.complete(&grep.envelope(), cwd());
        assert_eq!(everywhere.fields.locations, None);
        assert_eq!(everywhere.fields.kind, Some(AcpToolKind::Search));

        let mut scoped = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
        let grep = Grep {
            pattern: "fn main".into(),
            path: Some("src".into()),
        };
        scoped.complete(&grep.envelope(), cwd());
        assert_eq!(
            scoped.fields.locations,
            Some(vec![ToolCallLocation::new(PathBuf::from("/work/repo/src"))])
        );
    }

    #[test]
    fn without_a_working_directory_locations_are_left_alone() {
        let tool = read(json!({"target_file": "/etc/hosts"}));
        let mut update = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
        update.complete(&tool.envelope(), None);
        assert_eq!(update.fields.locations, None);
        assert_eq!(update.fields.name.as_deref(), Some("read_file"));
        assert_eq!(update.fields.kind, Some(AcpToolKind::Read));
        // A relative working directory cannot make an absolute path either.
        let mut update = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
        update.complete(
            &read(json!({"target_file": "a.rs"})).envelope(),
            Some(Path::new("repo")),
        );
        assert_eq!(update.fields.locations, None);
    }

    #[test]
    fn nothing_the_harness_set_is_overwritten() {
        let tool = read(json!({"target_file": "a.rs", "offset": 9}));
        let own = vec![ToolCallLocation::new("/elsewhere/a.rs")];
        let mut call = ToolCall::new("c", "t")
            .name("read".to_owned())
            .kind(AcpToolKind::Search)
            .locations(own.clone());
        call.complete(&tool.envelope(), cwd());
        assert_eq!(call.name.as_deref(), Some("read"));
        assert_eq!(call.kind, AcpToolKind::Search);
        assert_eq!(call.locations, own);

        let mut update = ToolCallUpdate::new(
            "c",
            ToolCallUpdateFields::new()
                .name("read".to_owned())
                .kind(AcpToolKind::Fetch)
                .locations(Vec::new()),
        );
        update.complete(&tool.envelope(), cwd());
        assert_eq!(update.fields.name.as_deref(), Some("read"));
        assert_eq!(update.fields.kind, Some(AcpToolKind::Fetch));
        // Sent empty, `locations` clears the client's: the harness's choice stands.
        assert_eq!(update.fields.locations, Some(Vec::new()));
    }

    #[test]
    fn an_other_kind_counts_as_unset_and_is_never_written() {
        let tool = read(json!({"target_file": "a.rs"}));
        let mut call = ToolCall::new("c", "t").kind(AcpToolKind::Other);
        call.complete(&tool.envelope(), cwd());
        assert_eq!(call.kind, AcpToolKind::Read);
        let mut update =
            ToolCallUpdate::new("c", ToolCallUpdateFields::new().kind(AcpToolKind::Other));
        update.complete(&tool.envelope(), cwd());
        assert_eq!(update.fields.kind, Some(AcpToolKind::Read));

        // A skill maps to ACP's `other`: an update gets no `kind` for it.
        let skill = Skill {
            description: "release notes".into(),
        };
        let mut update = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
        update.complete(&skill.envelope(), cwd());
        assert_eq!(update.fields.kind, None);
        assert_eq!(update.fields.name.as_deref(), Some("skill"));
        assert_eq!(update.fields.locations, None);
    }

    #[test]
    fn a_renamed_tool_is_named_by_its_runtime_wire_name() {
        let tool = read(json!({"target_file": "a.rs"}));
        let mut call = ToolCall::new("c", "t");
        call.complete(&tool.envelope().with_name("view"), cwd());
        assert_eq!(call.name.as_deref(), Some("view"));
        assert_eq!(call.meta.unwrap()[TOOL_META_KEY]["name"], "view");
    }

    #[test]
    fn a_permission_requests_tool_call_is_completed_like_an_update() {
        let edit: SearchReplace = serde_json::from_value(
            json!({"file_path": "notes/todo.md", "new_string": "- ship it\n"}),
        )
        .unwrap();
        let mut request = RequestPermissionRequest::new(
            "s1",
            ToolCallUpdate::new(
                "call_7",
                ToolCallUpdateFields::new().title("Edit".to_owned()),
            ),
            vec![PermissionOption::new(
                "allow",
                "Allow",
                PermissionOptionKind::AllowOnce,
            )],
        );
        request.tool_call.complete(&edit.envelope(), cwd());
        let wire = serde_json::to_value(&request).unwrap();
        let tool_call = &wire["toolCall"];
        assert_eq!(tool_call["name"], "search_replace");
        assert_eq!(tool_call["kind"], "edit");
        assert_eq!(
            tool_call["locations"],
            json!([{"path": "/work/repo/notes/todo.md"}])
        );
        assert_eq!(tool_call["_meta"][TOOL_META_KEY]["label"], "Edit");
        assert_eq!(
            tool_call["_meta"][TOOL_META_KEY]["input"],
            json!({"path": "notes/todo.md"})
        );
    }

    #[test]
    fn a_toolset_tool_is_completed_from_its_raw_arguments() {
        let read_file = TOOLS.get("read_file").unwrap();
        let mut call = ToolCall::new("c", "t");
        call.complete_from(&read_file, None, cwd());
        assert_eq!(
            (call.name.as_deref(), call.kind),
            (Some("read_file"), AcpToolKind::Read)
        );
        assert!(call.locations.is_empty());

        let raw = json!({"target_file": "src/main.rs", "offset": 12});
        let mut update = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
        update.complete_from(&read_file, Some(&raw), cwd());
        assert_eq!(
            update.fields.locations,
            Some(vec![
                ToolCallLocation::new(PathBuf::from("/work/repo/src/main.rs")).line(12)
            ])
        );
    }

    #[test]
    fn a_tagged_tools_call_gets_the_kind_its_arguments_select() {
        let editor = TOOLS.get("text_editor").unwrap();
        // Before the arguments: the variant that may write, so never announced as a read.
        let mut call = ToolCall::new("c", "t");
        call.complete_from(&editor, None, cwd());
        assert_eq!(call.kind, AcpToolKind::Edit);

        let view = json!({"command": "view", "path": "src/lib.rs"});
        let mut update = ToolCallUpdate::new("c", ToolCallUpdateFields::new());
        update.complete_from(&editor, Some(&view), cwd());
        assert_eq!(update.fields.kind, Some(AcpToolKind::Read));
        assert_eq!(update.fields.name.as_deref(), Some("text_editor"));
        // A Read's location; no offset, so no line.
        assert_eq!(
            update.fields.locations,
            Some(vec![ToolCallLocation::new(PathBuf::from(
                "/work/repo/src/lib.rs"
            ))])
        );
    }
}
