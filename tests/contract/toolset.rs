//! Toolsets: lookup by wire name, runtime renames, duplicate names, unknown names, and the
//! projection of raw JSON arguments through the recorded wire keys.
//!
//! The tools here implement the traits by hand, exactly as the derive does (their
//! `INPUT_FIELDS` are what it records from `#[serde(rename/rename_all)]`), so these tests
//! pin the toolset's behaviour independently of the derive; `tests/catalog/harnesses.rs` exercises
//! the same paths through derived types.

use serde::Deserialize;
use serde::ser::SerializeMap;
use serde_json::{Map, Value, json};
use toolmeta::keys::{COMMAND, DESCRIPTION, LIMIT, OFFSET, PATH, PATTERN};
use toolmeta::{
    Identity, InputField, Namespace, RawType, StaticToolset, ToolEntry, ToolIdentity, ToolKind,
    Toolset, toolset,
};

const fn field(key: &'static str, wire: &'static str, optional: bool) -> InputField {
    InputField {
        key,
        wire,
        aliases: &[],
        extra: false,
        optional,
        converted: false,
        zero_based: false,
        last_line: false,
        raw: RawType::OfKey,
    }
}

/// grok_build `read_file { target_file, offset, limit }`.
struct ReadFile;
impl ToolIdentity for ReadFile {
    const IDENTITY: Identity = Identity::new("read_file", ToolKind::Read, Namespace::GrokBuild);
    const INPUT_FIELDS: &'static [InputField] = &[
        field(PATH, "target_file", false),
        field(OFFSET, "offset", true),
        field(LIMIT, "limit", true),
    ];

    fn project<M: SerializeMap>(&self, _: &mut M) -> Result<(), M::Error> {
        Ok(())
    }
}

/// opencode `read { filePath, offset, limit }` (`rename_all = "camelCase"`).
struct OpenCodeRead;
impl ToolIdentity for OpenCodeRead {
    const IDENTITY: Identity = Identity::new("read", ToolKind::Read, Namespace::OpenCode);
    const INPUT_FIELDS: &'static [InputField] = &[
        field(PATH, "filePath", false),
        field(OFFSET, "offset", true),
        field(LIMIT, "limit", true),
    ];

    fn project<M: SerializeMap>(&self, _: &mut M) -> Result<(), M::Error> {
        Ok(())
    }
}

/// grok_build `grep { pattern, path, glob (extra) }`.
struct Grep;
impl ToolIdentity for Grep {
    const IDENTITY: Identity = Identity::new("grep", ToolKind::Search, Namespace::GrokBuild);
    const INPUT_FIELDS: &'static [InputField] = &[
        field(PATTERN, "pattern", false),
        field(PATH, "path", true),
        InputField {
            key: "glob",
            wire: "glob",
            aliases: &[],
            extra: true,
            optional: true,
            converted: false,
            zero_based: false,
            last_line: false,
            raw: RawType::OfKey,
        },
    ];

    fn project<M: SerializeMap>(&self, _: &mut M) -> Result<(), M::Error> {
        Ok(())
    }
}

/// codex `update_plan`: `no_input`.
struct UpdatePlan;
impl ToolIdentity for UpdatePlan {
    const IDENTITY: Identity = Identity::new("update_plan", ToolKind::Plan, Namespace::Codex);
    const INPUT_FIELDS: &'static [InputField] = &[];

    fn has_input(&self) -> bool {
        false
    }
    fn project<M: SerializeMap>(&self, _: &mut M) -> Result<(), M::Error> {
        Ok(())
    }
}

/// codex `shell { command: [argv], workdir, timeout_ms }`, its command joined by a `with`
/// function (`converted`), as the derive would project it.
#[derive(Deserialize)]
struct Shell {
    command: Vec<String>,
    workdir: Option<String>,
}
impl ToolIdentity for Shell {
    const IDENTITY: Identity = Identity::new("shell", ToolKind::Execute, Namespace::Codex);
    const INPUT_FIELDS: &'static [InputField] = &[
        InputField {
            key: COMMAND,
            wire: "command",
            aliases: &[],
            extra: false,
            optional: false,
            converted: true,
            zero_based: false,
            last_line: false,
            raw: RawType::OfKey,
        },
        field("cwd", "workdir", true),
    ];

    fn project<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error> {
        map.serialize_entry(COMMAND, &self.command.join(" "))?;
        if let Some(workdir) = &self.workdir {
            map.serialize_entry("cwd", workdir)?;
        }
        Ok(())
    }
}

/// grok_build `run_terminal_command { command, description }`.
struct RunTerminalCommand;
impl ToolIdentity for RunTerminalCommand {
    const IDENTITY: Identity = Identity::new(
        "run_terminal_command",
        ToolKind::Execute,
        Namespace::GrokBuild,
    );
    const INPUT_FIELDS: &'static [InputField] = &[
        field(COMMAND, "command", false),
        field(DESCRIPTION, "description", true),
    ];

    fn project<M: SerializeMap>(&self, _: &mut M) -> Result<(), M::Error> {
        Ok(())
    }
}

const TOOLS: StaticToolset = toolset![
    ReadFile,
    Grep,
    UpdatePlan,
    RunTerminalCommand as "bash",
];

fn obj(value: Value) -> Map<String, Value> {
    value.as_object().expect("an object").clone()
}

#[test]
fn looks_tools_up_by_wire_name() {
    assert_eq!(TOOLS.len(), 4);
    let read = TOOLS.get("read_file").expect("read_file is registered");
    assert_eq!(read.name(), "read_file");
    assert_eq!(read.identity().kind, ToolKind::Read);
    assert!(TOOLS.get("grep").is_some());
    assert!(TOOLS.get("Read_File").is_none(), "lookup is case-sensitive");
    let names: Vec<&str> = TOOLS.tools().map(|tool| tool.name()).collect();
    assert_eq!(names, ["read_file", "grep", "update_plan", "bash"]);
}

#[test]
fn a_renamed_tool_is_found_and_stamped_under_its_new_name_only() {
    assert!(TOOLS.get("run_terminal_command").is_none());
    let bash = TOOLS.get("bash").expect("renamed tool");
    assert_eq!(bash.identity().label, "Run Command");
    let meta = bash.tool_meta(Some(&json!({"command": "ls", "description": ""})));
    assert_eq!(
        serde_json::to_value(&meta).unwrap(),
        json!({"version": 1, "name": "bash", "kind": "execute", "namespace": "grok_build",
               "label": "Run Command", "read_only": false,
               "input": {"command": "ls", "description": ""}})
    );
}

#[test]
fn identity_stamp_for_the_first_tool_call_has_no_input_and_keeps_other_keys() {
    let existing = obj(json!({"bash_mode": true, "x.ai/tool": "stale"}));
    let meta = TOOLS.get("read_file").unwrap().stamp(None, Some(existing));
    assert_eq!(meta["bash_mode"], json!(true));
    assert_eq!(
        meta["x.ai/tool"],
        json!({"version": 1, "name": "read_file", "kind": "read", "namespace": "grok_build",
               "label": "Read", "read_only": true})
    );
    let created = TOOLS.get("grep").unwrap().stamp(None, None);
    assert_eq!(created.len(), 1);
}

#[test]
fn an_unknown_wire_name_finds_nothing_to_stamp() {
    assert!(TOOLS.get("cursor_edit").is_none());
    let mut tools = Toolset::from(TOOLS);
    assert!(tools.get("cursor_edit").is_none());
    tools
        .insert(ToolEntry::of::<Grep>().renamed("search"))
        .unwrap();
    assert!(tools.get("cursor_edit").is_none());
    assert_eq!(tools.get("search").unwrap().name(), "search");
}

#[test]
fn dynamic_toolset_rejects_duplicates_and_stays_unchanged() {
    let mut tools = Toolset::new();
    tools.insert(ToolEntry::of::<ReadFile>()).unwrap();
    tools
        .insert_as(String::from("view"), ToolEntry::of::<ReadFile>())
        .unwrap();
    let err = tools
        .insert(ToolEntry::of::<Grep>().renamed("view"))
        .unwrap_err();
    assert_eq!(err.name(), "view");
    assert_eq!(
        err.to_string(),
        "duplicate wire name `view`: each wire name in a toolset maps to exactly one tool"
    );
    assert_eq!(tools.len(), 2);
    assert_eq!(tools.get("view").unwrap().identity().kind, ToolKind::Read);
    assert_eq!(tools.get("view").unwrap().tool_meta(None).name, "view");
}

#[test]
fn a_static_toolset_extends_at_run_time_without_duplicates() {
    let mut tools = Toolset::from(TOOLS);
    assert_eq!(tools.len(), TOOLS.len());
    assert!(tools.insert(ToolEntry::of::<Grep>()).is_err());
    tools.insert(ToolEntry::of::<OpenCodeRead>()).unwrap();
    assert!(tools.get("read").is_some() && tools.get("bash").is_some());
}

#[test]
fn projects_raw_arguments_through_wire_keys_with_offset_rules() {
    let read_file = TOOLS.get("read_file").unwrap();
    let read = |raw: Value| read_file.tool_meta(Some(&raw)).input;
    assert_eq!(
        read(
            json!({"target_file": "src/config.rs", "offset": 0, "limit": 40, "variant": "ReadFile"})
        ),
        Some(json!({"path": "src/config.rs", "offset": 1, "limit": 40}))
    );
    assert_eq!(
        read(json!({"target_file": "a.rs", "offset": -5})),
        Some(json!({"path": "a.rs"})),
        "a negative offset is dropped"
    );
    assert_eq!(
        read(json!({"target_file": "a.rs", "offset": 12})),
        Some(json!({"path": "a.rs", "offset": 12}))
    );
    assert_eq!(
        read(json!({"target_file": "a.rs", "offset": null, "limit": null})),
        Some(json!({"path": "a.rs"})),
        "null optional fields are omitted"
    );
    assert_eq!(
        read(json!({"target_file": "", "offset": u64::MAX})),
        Some(json!({"path": "", "offset": u64::MAX})),
        "required values are emitted exactly as given"
    );
}

#[test]
fn camel_case_wire_keys_are_read_and_canonical_keys_are_not() {
    let tools = toolset![OpenCodeRead];
    assert_eq!(
        tools
            .get("read")
            .unwrap()
            .entry()
            .project(&json!({"filePath": "x.ts", "limit": 5})),
        Some(json!({"path": "x.ts", "limit": 5}))
    );
    assert_eq!(
        tools
            .get("read")
            .unwrap()
            .entry()
            .project(&json!({"path": "x.ts"})),
        None,
        "the canonical key is not the wire key"
    );
}

#[test]
fn wrong_json_types_are_not_projected() {
    let read = TOOLS.get("read_file").unwrap();
    assert_eq!(
        read.entry()
            .project(&json!({"target_file": "a.rs", "offset": "3", "limit": 2.5})),
        Some(json!({"path": "a.rs"})),
        "optional keys of the wrong type are dropped"
    );
    assert_eq!(
        read.entry()
            .project(&json!({"target_file": "a.rs", "limit": 10.0})),
        Some(json!({"path": "a.rs"})),
        "a float is not an integer"
    );
    assert_eq!(
        read.entry().project(&json!({"target_file": 42})),
        None,
        "a required field of the wrong type means the arguments would not parse"
    );
    assert_eq!(
        read.entry().project(&json!({"offset": 1})),
        None,
        "required field missing"
    );
    assert_eq!(
        read.entry().project(&json!("a.rs")),
        None,
        "arguments that are not an object"
    );
    assert_eq!(read.entry().project(&json!(null)), None);
}

#[test]
fn extra_keys_are_copied_after_canonical_ones() {
    let grep = TOOLS.get("grep").unwrap();
    assert_eq!(
        grep.entry()
            .project(&json!({"pattern": "RETRIES", "path": "src", "glob": "*.rs", "-i": false})),
        Some(json!({"pattern": "RETRIES", "path": "src", "glob": "*.rs"}))
    );
    assert_eq!(
        grep.entry().project(&json!({"pattern": "x", "glob": null})),
        Some(json!({"pattern": "x"}))
    );
}

#[test]
fn a_no_input_tool_has_no_input_whatever_the_arguments() {
    let meta = TOOLS
        .get("update_plan")
        .unwrap()
        .tool_meta(Some(&json!({"plan": [{"step": "a"}]})));
    assert_eq!(meta.input, None);
    assert_eq!(meta.label, "Plan");
}

#[test]
fn converted_fields_are_skipped_on_the_raw_path_and_applied_when_deserialized() {
    let raw = json!({"command": ["cargo", "test"], "workdir": "/repo", "timeout_ms": 1000});
    // Through the wire keys, the `with` conversion cannot run: `command` is missing, and a
    // Run Command input without `command` would break its label shape, so there is none.
    assert_eq!(ToolEntry::of::<Shell>().project(&raw), None);
    // Deserialized into the type, the derive's projection applies.
    let shell = ToolEntry::deserialized::<Shell>();
    assert_eq!(
        shell.project(&raw),
        Some(json!({"command": "cargo test", "cwd": "/repo"}))
    );
    // Arguments that do not deserialize fall back to the wire keys (and here give nothing).
    assert_eq!(shell.project(&json!({"command": "cargo test"})), None);
}

#[test]
fn raw_projection_never_breaks_a_label_shape() {
    // Every projection of a tool whose label has a shape carries the shape's required keys.
    let samples = [
        json!({}),
        json!({"target_file": "a"}),
        json!({"pattern": 1}),
        json!({"command": "ls"}),
        json!({"pattern": "p", "path": 3}),
        json!({"command": ["ls"]}),
    ];
    for tool in TOOLS.tools() {
        let shape = toolmeta::LabelShape::of(tool.identity().label);
        for raw in &samples {
            if let Some(input) = tool.entry().project(raw) {
                for key in shape.required {
                    assert!(
                        input.get(*key).is_some(),
                        "{} {raw}: {key} missing",
                        tool.name()
                    );
                }
                for key in input.as_object().unwrap().keys() {
                    assert!(
                        shape.allows(key) || toolmeta::keys::key_type(key).is_none(),
                        "{}: {key} outside the shape",
                        tool.name()
                    );
                }
            }
        }
    }
}

#[test]
fn a_json_array_is_not_read_positionally_as_arguments() {
    #[derive(serde::Deserialize, toolmeta::ToolIdentity)]
    #[tool(name = "read_file", namespace = "grok_build", kind = "read")]
    struct Read {
        #[tool(project)]
        path: String,
        #[tool(project)]
        offset: Option<i64>,
        #[tool(project)]
        limit: Option<u64>,
    }
    let positional = serde_json::json!(["/etc/passwd", 0, 10]);
    // serde itself would read it, by position...
    assert!(serde_json::from_value::<Read>(positional.clone()).is_ok());
    // ...but neither kind of entry projects it.
    assert_eq!(
        toolmeta::ToolEntry::deserialized::<Read>().project(&positional),
        None
    );
    assert_eq!(toolmeta::ToolEntry::of::<Read>().project(&positional), None);
}
