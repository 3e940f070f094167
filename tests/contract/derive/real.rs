//! Real harness structs: tool-argument structs copied from public Rust coding agents and
//! tool servers, annotated the natural way, each with the envelope it must give, typed, raw
//! and through its toolset registration (`real/`). The first wave: Codex, Zed's agent,
//! goose, the Amazon Q Developer CLI, under their first-party namespaces. The second (issue
//! 23): forge, rust-mcp-filesystem, stakpak, kwaak and swiftide, rig, newer Codex tools and
//! the rmcp example servers — each harness without a first-party namespace under its own
//! extension namespace (`_forge`, `_stakpak`, ...), tools over argument structs the harness
//! does not write (swiftide-generated, shared by two tools) declared with `remote`, and
//! wire names from the harness's own constants. Expected values are decided
//! from the contract (DESIGN.md §2, §3): the label shapes, the `offset` rules, payloads
//! never projected, raw projection following serde.
// The copied structs keep every field the harness declares, read or not.
#![allow(dead_code)]

mod amazon_q;
mod check;
mod codex;
mod codex_newer;
mod forge;
mod goose;
mod kwaak;
mod rig;
mod rmcp_examples;
mod rust_mcp_filesystem;
mod stakpak;
mod swiftide;
mod zed;

// Each `tools()` checks every call listed in its file and returns them for the property
// test below; the tests here also count the types those calls cover, so none is left out.

/// The distinct Rust types `tools` checked, by their last path segment.
fn types(tools: &[check::Tool]) -> Vec<&'static str> {
    let mut names: Vec<&str> = tools
        .iter()
        .map(|tool| tool.type_name.rsplit("::").next().unwrap())
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

#[test]
fn codex_tools_give_their_envelopes() {
    assert_eq!(
        types(&codex::tools()),
        [
            "ExecCommandArgs",
            "GrepFilesArgs",
            "ListDirArgs",
            "ListResourcesArgs",
            "ReadFileArgs",
            "ReadResourceArgs",
            "ShellToolCallParams",
            "ViewImageArgs",
            "WriteStdinArgs",
        ]
    );
}

#[test]
fn zed_tools_give_their_envelopes() {
    assert_eq!(
        types(&zed::tools()),
        [
            "DeletePathToolInput",
            "EditFileByMode",
            "EditFileToolInput",
            "FetchToolInput",
            "FindPathToolInput",
            "GrepToolInput",
            "ListDirectoryToolInput",
            "MovePathToolInput",
            "ReadFileToolInput",
            "SandboxedTerminalToolInput",
            "TerminalToolInput",
            "WebSearchToolInput",
        ]
    );
}

#[test]
fn goose_tools_give_their_envelopes() {
    assert_eq!(
        types(&goose::tools()),
        [
            "FileEditParams",
            "FileWriteParams",
            "ImageProcessorParams",
            "ReadParams",
            "ScreenCaptureParams",
            "ShellParams",
            "TextEditor",
            "TextEditorParams",
        ]
    );
}

#[test]
fn amazon_q_tools_give_their_envelopes() {
    // The `knowledge` command structs are checked through the `Knowledge` enum.
    assert_eq!(
        types(&amazon_q::tools()),
        [
            "Delegate",
            "ExecuteCommand",
            "FsDirectory",
            "FsImage",
            "FsLine",
            "FsRead",
            "FsReadOperation",
            "FsSearch",
            "FsWrite",
            "GhIssue",
            "Introspect",
            "Knowledge",
            "KnowledgeAdd",
            "KnowledgeSearch",
            "Thinking",
            "TodoList",
            "UseAws",
        ]
    );
}

#[test]
fn forge_tools_give_their_envelopes() {
    assert_eq!(
        types(&forge::tools()),
        [
            "FSFileInfoInput",
            "FSListInput",
            "FSMultiPatch",
            "FSPatch",
            "FSRead",
            "FSRemove",
            "FSSearch",
            "FSUndo",
            "FSWrite",
            "Followup",
            "NetFetch",
            "PlanCreate",
            "SemanticSearch",
            "Shell",
            "SkillFetch",
            "TaskInput",
            "TodoRead",
            "TodoWrite",
        ]
    );
}

#[test]
fn rust_mcp_filesystem_tools_give_their_envelopes() {
    assert_eq!(
        types(&rust_mcp_filesystem::tools()),
        [
            "CreateDirectory",
            "DirectoryTree",
            "EditFile",
            "GetFileInfo",
            "HeadFile",
            "ListDirectory",
            "MoveFile",
            "ReadFileLines",
            "ReadTextFile",
            "SearchFiles",
            "SearchFilesContent",
            "TailFile",
            "WriteFile",
        ]
    );
}

#[test]
fn stakpak_tools_give_their_envelopes() {
    assert_eq!(
        types(&stakpak::tools()),
        [
            "AwaitTasksRequest",
            "CreateRequest",
            "GeneratePasswordRequest",
            "GetAllTasksRequest",
            "GetTaskDetailsRequest",
            "RemoveRequest",
            "RunCommandRequest",
            "RunCommandTask",
            "RunRemoteCommandRequest",
            "StrReplaceRequest",
            "TaskStatusRequest",
            "ViewRequest",
            "ViewWebPageRequest",
        ]
    );
}

#[test]
fn kwaak_tools_over_swiftide_generated_arguments_give_their_envelopes() {
    assert_eq!(
        types(&kwaak::tools()),
        [
            "Git",
            "ReadFile",
            "ReadFileWithLineNumbers",
            "ResetFile",
            "SearchCode",
            "SearchFile",
            "ShellCommand",
            "WriteFile",
        ]
    );
}

#[test]
fn swiftide_tools_give_their_envelopes() {
    assert_eq!(
        types(&swiftide::tools()),
        ["AgentFailedArgsSpec", "DefaultStopWithArgsSpec", "Stop"]
    );
}

#[test]
fn rig_tools_named_by_their_constants_give_their_envelopes() {
    assert_eq!(
        types(&rig::tools()),
        [
            "DeleteFileArgs",
            "GetHistoryArgs",
            "SearchArgs",
            "SendEmailArgs"
        ]
    );
}

#[test]
fn newer_codex_tools_give_their_envelopes() {
    assert_eq!(
        types(&codex_newer::tools()),
        ["Copy", "ExportForToolArgs", "GlobArgs", "SourceTargetArgs"]
    );
}

#[test]
fn rmcp_example_tools_give_their_envelopes() {
    assert_eq!(
        types(&rmcp_examples::tools()),
        [
            "EchoArguments",
            "SubRequest",
            "SumRequest",
            "WeatherRequest"
        ]
    );
}

/// Every harness of the second wave is under its own extension namespace (or, for the
/// rmcp examples and Codex, the first-party one they have).
#[test]
fn each_second_wave_harness_has_its_own_namespace() {
    for (tools, namespace) in [
        (forge::tools(), "_forge"),
        (rust_mcp_filesystem::tools(), "_rust_mcp_filesystem"),
        (stakpak::tools(), "_stakpak"),
        (kwaak::tools(), "_kwaak"),
        (swiftide::tools(), "_swiftide"),
        (rig::tools(), "_rig"),
        (codex_newer::tools(), "codex"),
        (rmcp_examples::tools(), "mcp"),
    ] {
        for tool in tools {
            assert_eq!(
                tool.identity.namespace.as_str(),
                namespace,
                "{}",
                tool.type_name
            );
        }
    }
}

mod raw_matches_typed {
    //! DESIGN §3: the raw and the typed projection of the same arguments agree wherever the
    //! raw JSON carries the projected field. Each real tool's example call is varied — every
    //! projected value replaced by another of its JSON type, optional fields dropped, a
    //! value moved to a serde alias — and the raw projection must equal the typed one less
    //! the keys the raw JSON cannot give (a field it lacks, which serde defaults, or one
    //! that needs a Rust conversion), and no input where that leaves a required key of the
    //! label's shape missing or nothing at all.

    use proptest::collection::vec;
    use proptest::prelude::*;
    use serde_json::{Map, Value};
    use toolmeta::LabelShape;

    use super::check::Tool;

    fn every_tool() -> Vec<Tool> {
        let mut tools = super::codex::tools();
        tools.extend(super::zed::tools());
        tools.extend(super::goose::tools());
        tools.extend(super::amazon_q::tools());
        tools.extend(super::forge::tools());
        tools.extend(super::rust_mcp_filesystem::tools());
        tools.extend(super::stakpak::tools());
        tools.extend(super::kwaak::tools());
        tools.extend(super::swiftide::tools());
        tools.extend(super::rig::tools());
        tools.extend(super::codex_newer::tools());
        tools.extend(super::rmcp_examples::tools());
        tools
    }

    /// Draws from the generated values in turn.
    struct Draws {
        texts: Vec<String>,
        numbers: Vec<u32>,
        choices: Vec<u8>,
        next: usize,
    }

    impl Draws {
        fn take(&mut self) -> (String, u32, u8) {
            let i = self.next % self.texts.len();
            self.next += 1;
            (self.texts[i].clone(), self.numbers[i], self.choices[i])
        }
    }

    /// The example's arguments with every projected, unconverted value varied; also the
    /// keys of the fields the result lacks.
    fn vary(tool: &Tool, draws: &mut Draws) -> (Map<String, Value>, Vec<&'static str>) {
        let mut raw = tool
            .example
            .as_object()
            .expect("arguments are an object")
            .clone();
        let mut absent = Vec::new();
        for field in tool.fields.iter().filter(|field| !field.converted) {
            let (text, number, choice) = draws.take();
            let Some(value) = raw.remove(field.wire) else {
                absent.push(field.key);
                continue;
            };
            if field.optional && choice == 0 {
                absent.push(field.key);
                continue;
            }
            let varied = match value {
                Value::String(_) => Value::from(text),
                Value::Number(_) => Value::from(number),
                Value::Bool(_) => Value::Bool(choice % 2 == 0),
                other => other,
            };
            let wire = match field.aliases.first() {
                Some(alias) if choice == 1 => alias,
                _ => field.wire,
            };
            raw.insert(wire.to_owned(), varied);
        }
        (raw, absent)
    }

    fn expected_raw(tool: &Tool, typed: Option<Value>, absent: &[&str]) -> Option<Value> {
        let mut input = typed?.as_object()?.clone();
        for field in tool.fields {
            if field.converted || absent.contains(&field.key) {
                input.remove(field.key);
            }
        }
        let shape = LabelShape::of(tool.identity.label);
        let complete = shape.required.iter().all(|key| input.contains_key(*key));
        (complete && !input.is_empty()).then_some(Value::Object(input))
    }

    proptest! {
        #![proptest_config(crate::common::proptest_config())]

        #[test]
        fn for_every_real_tool(
            texts in vec("[a-z/._ -]{0,12}", 16),
            numbers in vec(0u32..5000, 16),
            choices in vec(0u8..4, 16),
        ) {
            let mut draws = Draws { texts, numbers, choices, next: 0 };
            for tool in every_tool() {
                let (raw, absent) = vary(&tool, &mut draws);
                let raw = Value::Object(raw);
                let typed = (tool.typed)(&raw);
                prop_assert!(typed.is_some(), "{}: {raw} does not deserialize", tool.identity.name);
                let expected = expected_raw(&tool, typed.flatten(), &absent);
                prop_assert_eq!((tool.raw)(&raw), expected, "{} for {}", tool.identity.name, raw);
            }
        }
    }

    /// Values of every JSON type, and integers at and beyond the ends of each primitive
    /// integer type's range.
    fn hostile_values() -> Vec<Value> {
        use serde_json::json;
        vec![
            json!(-5),
            json!(-1),
            json!(0),
            json!(1),
            json!(255),
            json!(256),
            json!(1000),
            json!(65536),
            json!(4294967296u64),
            json!(i64::MIN),
            json!(u64::MAX),
            json!(1.5),
            json!("40"),
            json!(""),
            json!(true),
            json!([1, 2]),
            json!({"nested": [1, 2]}),
            Value::Null,
        ]
    }

    proptest! {
        #![proptest_config(crate::common::proptest_config())]

        /// Raw projection beyond the typed field (issue 16): one projected value replaced by
        /// any JSON value. serde decides: where the tool's struct deserializes, raw equals
        /// typed; where serde refuses the value, the raw projection is the one without it
        /// (an optional field is omitted; a required one leaves no input).
        #[test]
        fn a_value_the_field_cannot_hold_is_treated_as_absent(
            picks in vec(0usize..64, 16),
        ) {
            let values = hostile_values();
            let mut next = 0;
            for tool in every_tool() {
                let example = tool.example.as_object().expect("arguments are an object");
                for field in tool.fields.iter().filter(|field| !field.converted) {
                    let value = values[picks[next % picks.len()] % values.len()].clone();
                    next += 1;
                    let mut without = example.clone();
                    without.remove(field.wire);
                    for alias in field.aliases {
                        without.remove(*alias);
                    }
                    let mut with = without.clone();
                    with.insert(field.wire.to_owned(), value.clone());
                    let with = Value::Object(with);
                    let absent: Vec<&str> = tool
                        .fields
                        .iter()
                        .filter(|other| other.key != field.key)
                        .filter(|other| !example.contains_key(other.wire) && other.aliases.iter().all(|alias| !example.contains_key(*alias)))
                        .map(|other| other.key)
                        .collect();
                    let expected = match (tool.typed)(&with) {
                        Some(typed) => {
                            let mut absent = absent.clone();
                            if value.is_null() {
                                absent.push(field.key);
                            }
                            expected_raw(&tool, typed, &absent)
                        }
                        None if field.optional => {
                            let without = Value::Object(without);
                            let typed = (tool.typed)(&without);
                            prop_assert!(typed.is_some(), "{}: {without} does not deserialize", tool.identity.name);
                            let mut absent = absent.clone();
                            absent.push(field.key);
                            expected_raw(&tool, typed.flatten(), &absent)
                        }
                        None => None,
                    };
                    prop_assert_eq!((tool.raw)(&with), expected, "{} with `{}` = {}", tool.identity.name, field.wire, value);
                }
            }
        }
    }
}
