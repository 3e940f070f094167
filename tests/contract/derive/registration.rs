//! Every key reaches the envelope whichever way a tool is registered (issue 23): a key
//! computed or converted in Rust, a tool serde reads through another type (`from`,
//! `try_from`) or as its one field (`transparent`), and the arguments of an adjacently
//! tagged enum (`content`). `toolset!` registers every kind of tool by its type, and takes
//! entry expressions too.

use serde::Deserialize;
use serde_json::{Value, json};
use toolmeta::{
    IntoToolEntry, StaticToolset, TaggedTool, ToolEntry, ToolIdentity, ToolKind, toolset,
};

/// forge's `FSRead` (antinomyhq/forge, crates/forge_domain/src/tools/catalog.rs): a window
/// given as first and last line, so `limit` is computed from the whole tool.
#[derive(Deserialize, ToolIdentity)]
#[tool(
    name = "read",
    namespace = "_forge",
    kind = "read",
    compute(limit = "line_count")
)]
struct FsRead {
    #[serde(alias = "path")]
    #[tool(project = "path")]
    file_path: String,
    #[tool(project = "offset")]
    start_line: Option<i32>,
    end_line: Option<i32>,
}

fn line_count(read: &FsRead) -> Option<i64> {
    let (start, end) = (read.start_line?, read.end_line?);
    (end >= start).then(|| i64::from(end - start) + 1)
}

const TOOLS: StaticToolset = toolset![FsRead];

#[test]
fn a_computed_key_reaches_the_envelope_through_every_registration() {
    let raw = json!({"file_path": "src/lib.rs", "start_line": 120, "end_line": 180});
    let expected = Some(json!({"path": "src/lib.rs", "offset": 120, "limit": 61}));
    let typed: FsRead = serde_json::from_value(raw.clone()).unwrap();
    assert_eq!(typed.tool_meta().input, expected);
    assert_eq!(ToolEntry::of::<FsRead>().project(&raw), expected);
    assert_eq!(ToolEntry::deserialized::<FsRead>().project(&raw), expected);
    assert_eq!(
        TOOLS.get("read").unwrap().tool_meta(Some(&raw)).input,
        expected
    );
    // Through an alias serde reads, too.
    let aliased = json!({"path": "src/lib.rs", "start_line": 120, "end_line": 180});
    assert_eq!(
        TOOLS.get("read").unwrap().entry().project(&aliased),
        expected
    );
    // Arguments that do not deserialize fall back to the wire keys (here: no input, since
    // the required `path` is missing).
    assert_eq!(
        ToolEntry::of::<FsRead>().project(&json!({"start_line": 1})),
        None
    );
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "bash", namespace = "_my_harness", kind = "execute")]
struct Bash {
    #[tool(project)]
    command: String,
}

#[derive(Deserialize, ToolIdentity)]
#[tool(name = "shell", namespace = "_my_harness", kind = "execute")]
struct Shell {
    #[tool(project, with = "toolmeta::convert::command_line")]
    command: Vec<String>,
}

#[test]
fn toolset_takes_types_renamed_types_and_entry_expressions() {
    const MIXED: StaticToolset = toolset![
        Bash,
        Bash as "run",
        ToolEntry::deserialized::<Shell>(),
        ToolEntry::of::<Shell>().renamed("sh"),
        FsRead,
    ];
    assert_eq!(MIXED.len(), 5);
    let argv = json!({"command": ["cargo", "test"]});
    for name in ["shell", "sh"] {
        assert_eq!(
            MIXED.get(name).unwrap().entry().project(&argv),
            Some(json!({"command": "cargo test"})),
            "{name}"
        );
    }
    assert_eq!(MIXED.get("run").unwrap().identity().kind, ToolKind::Execute);
    // A trailing comma is fine; so is one tool.
    assert_eq!(toolset![Bash,].len(), 1);
}

/// goose's `text_editor`-like tagged tool, registered by its type.
#[derive(Deserialize, ToolIdentity)]
#[serde(tag = "command", rename_all = "snake_case")]
enum Editor {
    #[tool(name = "editor", namespace = "_my_harness", kind = "read")]
    View {
        #[tool(project)]
        path: String,
    },
    #[tool(name = "editor", namespace = "_my_harness", kind = "write")]
    Write {
        #[tool(project)]
        path: String,
        #[tool(payload)]
        #[allow(dead_code)]
        file_text: String,
    },
}

#[test]
fn a_tagged_tool_registers_by_its_type() {
    const EDITOR: StaticToolset = toolset![Editor];
    let tool = EDITOR.get("editor").unwrap();
    let raw = json!({"command": "view", "path": "a.rs"});
    assert_eq!(tool.tool_meta(Some(&raw)).kind, ToolKind::Read);
    assert_eq!(tool.entry().project(&raw), Some(json!({"path": "a.rs"})));
    assert_eq!(
        <Editor as IntoToolEntry>::TOOL_ENTRY.identity().kind,
        ToolKind::Write
    );
}

/// forge's `ToolCatalog`: adjacently tagged, each variant a tool type, the arguments under
/// `content`.
#[derive(Deserialize, ToolIdentity)]
#[serde(tag = "name", content = "arguments", rename_all = "snake_case")]
enum Catalog {
    #[serde(alias = "Read")]
    Read(FsRead),
    Shell(Bash),
}

#[test]
fn an_adjacently_tagged_enum_follows_content() {
    assert_eq!(Catalog::TAG, "name");
    assert_eq!(Catalog::CONTENT, Some("arguments"));
    let call =
        json!({"name": "read", "arguments": {"file_path": "a.rs", "start_line": 3, "end_line": 4}});
    let entry = ToolEntry::tagged::<Catalog>();
    assert_eq!(entry.identity_for(&call).kind, ToolKind::Read);
    let expected = Some(json!({"path": "a.rs", "offset": 3, "limit": 2}));
    assert_eq!(entry.project(&call), expected);
    // The typed call gives the same.
    let typed: Catalog = serde_json::from_value(call.clone()).unwrap();
    assert_eq!(
        toolmeta::ToolDispatch::envelope(&typed)
            .unwrap()
            .input_value(),
        expected
    );
    let shell = json!({"name": "Read", "arguments": {"file_path": "b.rs"}});
    assert_eq!(entry.project(&shell), Some(json!({"path": "b.rs"})));
    let shell = json!({"name": "shell", "arguments": {"command": "ls"}});
    assert_eq!(entry.project(&shell), Some(json!({"command": "ls"})));
    // Arguments beside the tag are not the variant's.
    assert_eq!(
        entry.project(&json!({"name": "shell", "command": "ls"})),
        None
    );
}

/// What the model sends for `ReadFrom`: serde reads `Wire`, then converts.
#[derive(Deserialize)]
struct Wire {
    file: String,
    first: Option<u32>,
}

impl From<Wire> for ReadFrom {
    fn from(wire: Wire) -> ReadFrom {
        ReadFrom {
            path: wire.file,
            offset: wire.first,
        }
    }
}

#[derive(Deserialize, ToolIdentity)]
#[serde(from = "Wire")]
#[tool(name = "read", namespace = "_my_harness", kind = "read")]
struct ReadFrom {
    #[tool(project)]
    path: String,
    #[tool(project)]
    offset: Option<u32>,
}

impl TryFrom<Wire> for ReadTryFrom {
    type Error = String;
    fn try_from(wire: Wire) -> Result<ReadTryFrom, String> {
        match wire.file.is_empty() {
            true => Err("no file".into()),
            false => Ok(ReadTryFrom { path: wire.file }),
        }
    }
}

#[derive(Deserialize, ToolIdentity)]
#[serde(try_from = "Wire")]
#[tool(name = "read", namespace = "_my_harness", kind = "read")]
struct ReadTryFrom {
    #[tool(project)]
    path: String,
}

/// A tool whose arguments are a bare string: serde reads the one field's own JSON.
#[derive(Deserialize, ToolIdentity)]
#[serde(transparent)]
#[tool(name = "run", namespace = "_my_harness", kind = "execute")]
struct Run {
    #[tool(project)]
    command: String,
}

/// `into` changes what serde writes, not what it reads: the wire keys stand.
#[derive(Clone, serde::Serialize, Deserialize, ToolIdentity)]
#[serde(into = "Value")]
#[tool(name = "grep", namespace = "_my_harness", kind = "search")]
struct Grep {
    #[tool(project)]
    pattern: String,
}

impl From<Grep> for Value {
    fn from(grep: Grep) -> Value {
        json!({ "pattern": grep.pattern })
    }
}

/// The registered entry of `T` and its typed projection, for `raw`.
fn registered_and_typed<T: ToolIdentity + serde::de::DeserializeOwned>(
    raw: &Value,
) -> (Option<Value>, Option<Value>) {
    let typed = serde_json::from_value::<T>(raw.clone())
        .ok()
        .and_then(|tool| tool.tool_meta().input);
    (ToolEntry::of::<T>().project(raw), typed)
}

#[test]
fn serde_container_attributes_that_change_the_wire_shape_are_followed() {
    let raw = json!({"file": "a.rs", "first": 0});
    let (registered, typed) = registered_and_typed::<ReadFrom>(&raw);
    assert_eq!(typed, Some(json!({"path": "a.rs", "offset": 1})));
    assert_eq!(registered, typed);
    // The wire keys of `ReadFrom`'s fields are not the JSON's: none is read raw.
    assert!(ReadFrom::INPUT_FIELDS.iter().all(|field| field.converted));
    assert_eq!(
        ToolEntry::new(ReadFrom::IDENTITY, ReadFrom::INPUT_FIELDS).project(&raw),
        None
    );

    let (registered, typed) = registered_and_typed::<ReadTryFrom>(&json!({"file": "b.rs"}));
    assert_eq!(
        (registered, typed),
        (Some(json!({"path": "b.rs"})), Some(json!({"path": "b.rs"})))
    );
    let (registered, typed) = registered_and_typed::<ReadTryFrom>(&json!({"file": ""}));
    assert_eq!((registered, typed), (None, None));

    let (registered, typed) = registered_and_typed::<Run>(&json!("cargo test"));
    assert_eq!(typed, Some(json!({"command": "cargo test"})));
    assert_eq!(registered, typed);

    let raw = json!({"pattern": "fn main"});
    let (registered, typed) = registered_and_typed::<Grep>(&raw);
    assert_eq!(typed, Some(json!({"pattern": "fn main"})));
    assert_eq!(registered, typed);
    assert_eq!(<Grep as ToolIdentity>::TYPED_PROJECTION.map(|_| ()), None);
}

/// A required `offset` read but normalized away (negative, it counts from the end) drops the
/// key and keeps the input, on the raw path as on the typed one: the arguments did parse.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "read_lines", namespace = "_my_harness", kind = "read")]
struct ReadLines {
    #[tool(project)]
    path: String,
    #[tool(project)]
    offset: i64,
}

#[test]
fn a_required_offset_normalized_away_keeps_the_input() {
    let raw = json!({"path": "a.rs", "offset": -3});
    let typed: ReadLines = serde_json::from_value(raw.clone()).unwrap();
    assert_eq!(typed.tool_meta().input, Some(json!({"path": "a.rs"})));
    assert_eq!(
        ToolEntry::of::<ReadLines>().project(&raw),
        Some(json!({"path": "a.rs"}))
    );
    // An offset of the wrong type is no value the field could hold: no input.
    assert_eq!(
        ToolEntry::of::<ReadLines>().project(&json!({"path": "a.rs", "offset": "3"})),
        None
    );
}

mod container_attributes_raw_matches_typed {
    //! The raw-vs-typed property (DESIGN §3) over the serde container attributes that change
    //! the wire shape: whatever the arguments, a registered tool's projection is the typed
    //! one (none when they do not deserialize, for `from`/`try_from`, whose raw keys are not
    //! the fields').

    use proptest::prelude::*;
    use serde_json::{Value, json};

    use super::{ReadFrom, ReadTryFrom, Run, registered_and_typed};

    fn value() -> impl Strategy<Value = Value> {
        prop_oneof![
            "[a-z./]{0,8}".prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            (0u32..100).prop_map(Value::from),
            Just(Value::Null),
            Just(json!(true)),
        ]
    }

    proptest! {
        #![proptest_config(crate::common::proptest_config())]

        #[test]
        fn from_and_try_from(file in value(), first in value(), other in value()) {
            let raw = json!({"file": file, "first": first, "path": other});
            let (registered, typed) = registered_and_typed::<ReadFrom>(&raw);
            prop_assert_eq!(registered, typed, "from: {}", raw);
            let (registered, typed) = registered_and_typed::<ReadTryFrom>(&raw);
            prop_assert_eq!(registered, typed, "try_from: {}", raw);
        }

        #[test]
        fn transparent(command in value()) {
            let (registered, typed) = registered_and_typed::<Run>(&command);
            prop_assert_eq!(registered, typed, "transparent: {}", command);
        }
    }
}
