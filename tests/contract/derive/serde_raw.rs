//! Raw projection follows serde (DESIGN §3): every `alias` is a wire key, a
//! `#[serde(default)]` field may be absent, `deserialize_with`/`with` and flattened fields
//! are projected from the typed value only. Each case compares the raw projection with what
//! serde itself makes of the same JSON.
#![allow(dead_code)]

use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};
use toolmeta::{ToolEntry, ToolIdentity};

fn lenient_limit<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
    // Accepts `40` and `"40"`: the raw value needs this conversion.
    let value = Value::deserialize(deserializer)?;
    Ok(match value {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => s.parse().ok(),
        _ => None,
    })
}

#[derive(Deserialize)]
struct Window {
    start: Option<u32>,
}

fn window_start(window: &Window) -> Option<u32> {
    window.start
}

#[derive(Deserialize, ToolIdentity)]
#[serde(rename_all = "camelCase")]
#[tool(name = "view", namespace = "grok_build", kind = "read")]
struct View {
    #[serde(alias = "file", alias = "target_file")]
    #[tool(project = "path")]
    file_path: String,
    #[serde(default, deserialize_with = "lenient_limit")]
    #[tool(project)]
    limit: Option<u32>,
    #[serde(flatten)]
    #[tool(project = "offset", with = "window_start")]
    window: Window,
    #[serde(default)]
    #[tool(extra = "show_hidden")]
    show_hidden: bool,
}

/// The typed projection, and the raw one through the recorded wire keys alone.
fn both(raw: Value) -> (Option<Value>, Option<Value>) {
    let typed = View::deserialize(&raw).unwrap().tool_meta().input;
    let wire_keys = ToolEntry::new(View::IDENTITY, View::INPUT_FIELDS);
    (typed, wire_keys.project(&raw))
}

#[test]
fn recorded_wire_keys_follow_serde() {
    let fields = View::INPUT_FIELDS;
    assert_eq!(fields[0].key, "path");
    assert_eq!(fields[0].wire, "filePath");
    assert_eq!(fields[0].aliases, ["file", "target_file"]);
    let converted: Vec<(&str, bool, bool)> = fields
        .iter()
        .map(|field| (field.key, field.converted, field.optional))
        .collect();
    assert_eq!(
        converted,
        [
            ("path", false, false),
            ("offset", true, false),
            ("limit", true, true),
            ("show_hidden", false, true),
        ]
    );
}

#[test]
fn every_alias_is_a_wire_key() {
    for key in ["filePath", "file", "target_file"] {
        let (typed, raw) = both(json!({key: "a.rs", "showHidden": true}));
        assert_eq!(
            typed,
            Some(json!({"path": "a.rs", "show_hidden": true})),
            "{key}"
        );
        assert_eq!(raw, typed, "{key}");
    }
}

#[test]
fn a_defaulted_field_may_be_absent_from_raw_arguments() {
    let (typed, raw) = both(json!({"filePath": "a.rs"}));
    // serde gives the default `false`; the raw JSON has no value to project.
    assert_eq!(typed, Some(json!({"path": "a.rs", "show_hidden": false})));
    assert_eq!(raw, Some(json!({"path": "a.rs"})));
}

#[test]
fn converted_and_flattened_fields_project_through_the_typed_value_only() {
    let (typed, raw) = both(json!({"filePath": "a.rs", "limit": "40", "start": 0}));
    assert_eq!(
        typed,
        Some(json!({"path": "a.rs", "offset": 1, "limit": 40, "show_hidden": false}))
    );
    assert_eq!(raw, Some(json!({"path": "a.rs"})));
    assert_eq!(
        ToolEntry::deserialized::<View>().project(&json!({"filePath": "a.rs", "limit": 7})),
        Some(json!({"path": "a.rs", "limit": 7, "show_hidden": false}))
    );
    // Registered, a tool that converts keys is projected by deserializing: every key.
    assert_eq!(
        ToolEntry::of::<View>().project(&json!({"filePath": "a.rs", "limit": "40", "start": 0})),
        typed
    );
}

#[derive(Deserialize, ToolIdentity)]
#[serde(default)]
#[tool(name = "ls", namespace = "grok_build", kind = "list_dir")]
struct List {
    #[tool(project)]
    directory: String,
    #[tool(project, zero_based)]
    offset: u32,
    #[tool(project)]
    limit: u32,
}

impl Default for List {
    fn default() -> List {
        List {
            directory: ".".into(),
            offset: 0,
            limit: 100,
        }
    }
}

#[test]
fn a_struct_wide_default_makes_every_field_optional_in_raw_arguments() {
    assert!(List::INPUT_FIELDS.iter().all(|field| field.optional));
    let raw = json!({"offset": 4});
    assert_eq!(
        List::deserialize(&raw).unwrap().tool_meta().input,
        Some(json!({"directory": ".", "offset": 5, "limit": 100}))
    );
    // Without `directory` the List Files shape has no required key: no input.
    assert_eq!(ToolEntry::of::<List>().project(&raw), None);
    assert_eq!(
        ToolEntry::of::<List>().project(&json!({"directory": "src", "offset": 0})),
        Some(json!({"directory": "src", "offset": 1}))
    );
}

/// A tagged tool whose tag values and field keys are renamed the serde ways.
#[derive(Deserialize, ToolIdentity)]
#[serde(tag = "op", rename_all = "kebab-case", rename_all_fields = "camelCase")]
enum FileOp {
    #[tool(name = "file_op", namespace = "grok_build", kind = "read")]
    ReadLines {
        #[tool(project = "path")]
        file_path: String,
        #[tool(project)]
        offset: Option<u32>,
    },
    #[serde(rename = "rm", alias = "delete")]
    #[tool(name = "file_op", namespace = "grok_build", kind = "delete")]
    Remove {
        #[serde(rename = "target")]
        #[tool(project)]
        path: String,
    },
}

#[test]
fn tagged_tools_read_serde_renamed_tags_and_keys() {
    use toolmeta::{TaggedTool, ToolKind};
    let tags: Vec<(&str, &[&str])> = FileOp::VARIANTS
        .iter()
        .map(|variant| (variant.tag, variant.aliases))
        .collect();
    assert_eq!(tags, [("read-lines", &[][..]), ("rm", &["delete"][..])]);
    let entry = ToolEntry::tagged::<FileOp>();
    for raw in [
        json!({"op": "read-lines", "filePath": "a.rs", "offset": 0}),
        json!({"op": "rm", "target": "a.rs"}),
        json!({"op": "delete", "target": "a.rs"}),
    ] {
        let typed = FileOp::deserialize(&raw).unwrap();
        let meta = toolmeta::ToolDispatch::envelope(&typed)
            .unwrap()
            .to_tool_meta();
        assert_eq!(entry.identity_for(&raw).kind, meta.kind, "{raw}");
        assert_eq!(entry.project(&raw), meta.input, "{raw}");
    }
    assert_eq!(
        entry
            .identity_for(&json!({"op": "delete", "target": "a.rs"}))
            .kind,
        ToolKind::Delete
    );
    // An unknown tag selects no variant: no input, and the entry's own identity.
    assert_eq!(
        entry.project(&json!({"op": "chmod", "target": "a.rs"})),
        None
    );
}

const TOOLS: toolmeta::StaticToolset =
    toolmeta::StaticToolset::new(&[ToolEntry::tagged::<FileOp>(), ToolEntry::of::<View>()]);

#[test]
fn a_toolset_stamps_a_tagged_tool_with_the_variant_its_arguments_select() {
    let raw = json!({"op": "rm", "target": "old.rs"});
    let file_op = TOOLS.get("file_op").unwrap();
    let meta = file_op.tool_meta(Some(&raw));
    assert_eq!(
        (meta.kind, meta.label.as_ref()),
        (toolmeta::ToolKind::Delete, "Delete")
    );
    assert_eq!(meta.input, Some(json!({"path": "old.rs"})));
    let stamped = file_op.stamp(Some(&raw), None);
    assert_eq!(stamped["x.ai/tool"]["kind"], "delete");
    // Before the arguments are known: the first variant that is not read-only.
    let early = file_op.tool_meta(None);
    assert_eq!(
        (early.kind, early.read_only),
        (toolmeta::ToolKind::Delete, false)
    );
}

/// Raw projection beyond the typed field (issue 16): the raw path takes only a value the
/// field's Rust type deserializes from. Each case asks serde what the typed struct makes of
/// the same JSON: where serde refuses a value, the raw projection treats it as absent (an
/// optional field's key is omitted, a required field's absence leaves no input).
mod beyond_the_typed_field {
    use std::ffi::OsString;

    use serde::Deserialize;
    use serde_json::{Value, json};
    use toolmeta::{ToolEntry, ToolIdentity};

    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "read", namespace = "grok_build", kind = "read")]
    struct SmallRead {
        #[tool(project)]
        path: String,
        #[tool(project)]
        offset: Option<u16>,
        #[tool(project)]
        limit: Option<u8>,
    }

    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "grep", namespace = "grok_build", kind = "search")]
    struct Grep {
        #[tool(project)]
        pattern: String,
        #[tool(extra = "case_insensitive")]
        case_insensitive: Option<bool>,
        #[tool(extra = "context_lines")]
        context_lines: Option<u32>,
        #[tool(extra = "glob")]
        glob: Option<String>,
    }

    fn raw<T: ToolIdentity>(arguments: &Value) -> Option<Value> {
        ToolEntry::new(T::IDENTITY, T::INPUT_FIELDS).project(arguments)
    }

    fn typed_refuses<'de, T: Deserialize<'de>>(arguments: &'de Value) -> bool {
        T::deserialize(arguments).is_err()
    }

    #[test]
    fn an_option_u8_limit_does_not_project_minus_5_or_1000() {
        for limit in [json!(-5), json!(1000), json!(256)] {
            let arguments = json!({"path": "a.rs", "limit": limit});
            assert!(typed_refuses::<SmallRead>(&arguments), "{arguments}");
            assert_eq!(
                raw::<SmallRead>(&arguments),
                Some(json!({"path": "a.rs"})),
                "{arguments}"
            );
        }
        // Its ends are values a u8 holds, projected as on the typed path.
        for limit in [0, 255] {
            let arguments = json!({"path": "a.rs", "limit": limit});
            let typed = SmallRead::deserialize(&arguments)
                .unwrap()
                .tool_meta()
                .input;
            assert_eq!(typed, Some(json!({"path": "a.rs", "limit": limit})));
            assert_eq!(raw::<SmallRead>(&arguments), typed);
        }
    }

    #[test]
    fn an_option_u16_offset_out_of_range_is_not_normalized_into_one() {
        for offset in [json!(70000), json!(-1), json!(1.5)] {
            let arguments = json!({"path": "a.rs", "offset": offset});
            assert!(typed_refuses::<SmallRead>(&arguments), "{arguments}");
            assert_eq!(
                raw::<SmallRead>(&arguments),
                Some(json!({"path": "a.rs"})),
                "{arguments}"
            );
        }
        let arguments = json!({"path": "a.rs", "offset": 0});
        assert_eq!(
            raw::<SmallRead>(&arguments),
            Some(json!({"path": "a.rs", "offset": 1}))
        );
    }

    #[test]
    fn a_bool_extra_does_not_copy_a_nested_array() {
        for flag in [
            json!([1, 2]),
            json!({"nested": [1, 2]}),
            json!("true"),
            json!(1),
        ] {
            let arguments = json!({"pattern": "x", "case_insensitive": flag});
            assert!(typed_refuses::<Grep>(&arguments), "{arguments}");
            assert_eq!(
                raw::<Grep>(&arguments),
                Some(json!({"pattern": "x"})),
                "{arguments}"
            );
        }
        let arguments = json!({"pattern": "x", "case_insensitive": true});
        assert_eq!(
            raw::<Grep>(&arguments),
            Some(json!({"pattern": "x", "case_insensitive": true}))
        );
    }

    #[test]
    fn a_u32_extra_does_not_copy_an_object_or_an_integer_out_of_range() {
        for lines in [
            json!({"nested": [1, 2]}),
            json!([3]),
            json!(-1),
            json!(4294967296u64),
            json!("3"),
        ] {
            let arguments = json!({"pattern": "x", "context_lines": lines});
            assert!(typed_refuses::<Grep>(&arguments), "{arguments}");
            assert_eq!(
                raw::<Grep>(&arguments),
                Some(json!({"pattern": "x"})),
                "{arguments}"
            );
        }
        let arguments = json!({"pattern": "x", "context_lines": 4294967295u32, "glob": "*.rs"});
        let typed = Grep::deserialize(&arguments).unwrap().tool_meta().input;
        assert_eq!(raw::<Grep>(&arguments), typed);
        assert_eq!(typed.unwrap()["context_lines"], json!(4294967295u32));
    }

    #[test]
    fn a_string_extra_does_not_copy_a_number() {
        let arguments = json!({"pattern": "x", "glob": 7});
        assert!(typed_refuses::<Grep>(&arguments));
        assert_eq!(raw::<Grep>(&arguments), Some(json!({"pattern": "x"})));
    }

    /// An alias hides the primitive from the derive's reading of the type: the key's trait
    /// gives the range instead, through the type system.
    type Lines = u8;

    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "list", namespace = "grok_build", kind = "list_dir")]
    struct List {
        #[tool(project)]
        directory: std::borrow::Cow<'static, str>,
        #[tool(project)]
        limit: Option<Lines>,
    }

    #[test]
    fn an_aliased_integer_type_keeps_its_range() {
        let arguments = json!({"directory": "src", "limit": 300});
        assert!(typed_refuses::<List>(&arguments));
        assert_eq!(raw::<List>(&arguments), Some(json!({"directory": "src"})));
        let arguments = json!({"directory": "src", "limit": 200});
        assert_eq!(
            raw::<List>(&arguments),
            Some(json!({"directory": "src", "limit": 200}))
        );
    }

    /// serde reads an `OsString` from its platform enum, never from a JSON string.
    #[derive(Deserialize, ToolIdentity)]
    #[tool(name = "cd", namespace = "grok_build", kind = "execute")]
    struct Cd {
        #[tool(project)]
        command: String,
        #[tool(project)]
        cwd: Option<OsString>,
    }

    #[test]
    fn an_os_string_cwd_is_not_projected_from_a_json_string() {
        let arguments = json!({"command": "ls", "cwd": "/tmp"});
        assert!(typed_refuses::<Cd>(&arguments));
        assert_eq!(raw::<Cd>(&arguments), Some(json!({"command": "ls"})));
    }

    /// A required field whose value the type refuses: the arguments would not have parsed,
    /// so there is no input at all, as for a missing one.
    #[test]
    fn a_required_field_the_type_refuses_leaves_no_input() {
        let arguments = json!({"path": 7, "limit": 3});
        assert!(typed_refuses::<SmallRead>(&arguments));
        assert_eq!(raw::<SmallRead>(&arguments), None);
    }
}
