//! The named conversions (`toolmeta::convert::Conversion`): an argv as one command line
//! (`Argv`, `CommandLine` fields) and an inclusive last line as `limit` (`#[tool(last_line)]`),
//! on the typed path and the raw one alike, and recorded by name for the catalog's export.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use toolmeta::convert::{Argv, CommandLine, Conversion};
use toolmeta::{InputField, RawType, ToolDispatch, ToolEntry, ToolIdentity};

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "shell", namespace = "codex", kind = "execute")]
struct Shell {
    #[tool(project)]
    command: Argv,
    #[tool(project = "cwd")]
    workdir: Option<String>,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "exec", namespace = "codex", kind = "execute")]
struct Exec {
    #[serde(alias = "command")]
    #[tool(project = "command")]
    cmd: CommandLine,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "gemini_cli", kind = "read")]
struct ReadFile {
    #[tool(project = "path")]
    file_path: String,
    #[tool(project = "offset")]
    start_line: Option<i64>,
    #[tool(project = "limit", last_line)]
    end_line: Option<u32>,
}

/// A range counted from 0 (first line) to an inclusive 1-based last line.
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "view", namespace = "goose", kind = "read")]
struct View {
    #[tool(project)]
    path: String,
    #[tool(project = "offset", zero_based)]
    from: u32,
    #[tool(project = "limit", last_line)]
    through: i64,
}

#[derive(Debug, Deserialize, ToolIdentity)]
#[serde(tag = "command", rename_all = "snake_case")]
enum Editor {
    #[tool(name = "editor", namespace = "goose", kind = "read")]
    View {
        #[tool(project)]
        path: String,
        #[tool(project)]
        offset: Option<u64>,
        #[tool(project = "limit", last_line)]
        last: Option<u64>,
    },
    #[tool(name = "editor", namespace = "goose", kind = "write")]
    Write {
        #[tool(project)]
        path: String,
    },
}

/// The typed projection of `raw` and the raw one through the recorded fields.
fn typed_and_raw<T: ToolIdentity + DeserializeOwned>(raw: Value) -> (Option<Value>, Option<Value>) {
    let typed = T::deserialize(&raw)
        .unwrap_or_else(|e| panic!("{raw}: {e}"))
        .tool_meta()
        .input;
    (typed, ToolEntry::of::<T>().project(&raw))
}

#[track_caller]
fn both_give<T: ToolIdentity + DeserializeOwned>(raw: Value, expected: Option<Value>) {
    let (typed, projected) = typed_and_raw::<T>(raw.clone());
    assert_eq!(typed, expected, "typed {raw}");
    assert_eq!(projected, expected, "raw {raw}");
}

#[test]
fn an_argv_projects_as_one_command_line_on_both_paths() {
    both_give::<Shell>(
        json!({"command": ["bash", "-lc", "cargo test && ls"], "workdir": "/r"}),
        Some(json!({"command": "cargo test && ls", "cwd": "/r"})),
    );
    both_give::<Shell>(
        json!({"command": ["rg", "-n", "fn main", "src"]}),
        Some(json!({"command": "rg -n 'fn main' src"})),
    );
    both_give::<Shell>(json!({"command": []}), Some(json!({"command": ""})));
    // An argv field refuses a string, as the harness's own parser does: no input.
    assert!(Shell::deserialize(&json!({"command": "ls"})).is_err());
    assert_eq!(
        ToolEntry::of::<Shell>().project(&json!({"command": "ls"})),
        None
    );
    assert_eq!(
        ToolEntry::of::<Shell>().project(&json!({"command": ["ls", 3]})),
        None
    );
}

#[test]
fn a_command_line_takes_a_string_or_an_argv() {
    both_give::<Exec>(json!({"cmd": "ls -la"}), Some(json!({"command": "ls -la"})));
    both_give::<Exec>(
        json!({"command": ["/bin/zsh", "-lc", "git status"]}),
        Some(json!({"command": "git status"})),
    );
    assert_eq!(ToolEntry::of::<Exec>().project(&json!({"cmd": 5})), None);
}

#[test]
fn an_inclusive_last_line_gives_the_limit() {
    both_give::<ReadFile>(
        json!({"file_path": "a", "start_line": 10, "end_line": 14}),
        Some(json!({"path": "a", "offset": 10, "limit": 5})),
    );
    // From line 1 when there is no first line, or when it is negative (dropped).
    both_give::<ReadFile>(
        json!({"file_path": "a", "end_line": 3}),
        Some(json!({"path": "a", "limit": 3})),
    );
    both_give::<ReadFile>(
        json!({"file_path": "a", "start_line": -2, "end_line": 3}),
        Some(json!({"path": "a", "limit": 3})),
    );
    // `0` is line 1, as for any offset.
    both_give::<ReadFile>(
        json!({"file_path": "a", "start_line": 0, "end_line": 2}),
        Some(json!({"path": "a", "offset": 1, "limit": 2})),
    );
    // An inverted range has no limit.
    both_give::<ReadFile>(
        json!({"file_path": "a", "start_line": 9, "end_line": 3}),
        Some(json!({"path": "a", "offset": 9})),
    );
    // Nothing but the path, or not even that.
    both_give::<ReadFile>(json!({"file_path": "a"}), Some(json!({"path": "a"})));
    assert!(ReadFile::deserialize(&json!({"end_line": 3})).is_err());
    // A last line the field's type cannot hold (negative for a u32) is absent.
    assert_eq!(
        ToolEntry::of::<ReadFile>().project(&json!({"file_path": "a", "end_line": -1})),
        Some(json!({"path": "a"}))
    );
}

#[test]
fn a_range_from_a_zero_based_first_line_counts_from_the_shifted_line() {
    // Lines 1 through 5: the 0-based first line 0 is line 1.
    both_give::<View>(
        json!({"path": "a", "from": 0, "through": 5}),
        Some(json!({"path": "a", "offset": 1, "limit": 5})),
    );
    // Line 11 through line 10: empty, no limit (and a required field may still give none).
    both_give::<View>(
        json!({"path": "a", "from": 10, "through": 10}),
        Some(json!({"path": "a", "offset": 11})),
    );
}

#[test]
fn tagged_variants_count_their_range_too() {
    let raw = json!({"command": "view", "path": "a", "offset": 3, "last": 4});
    let editor = Editor::deserialize(&raw).unwrap();
    let typed = editor.envelope().unwrap().to_tool_meta().input;
    assert_eq!(typed, Some(json!({"path": "a", "offset": 3, "limit": 2})));
    assert_eq!(ToolEntry::tagged::<Editor>().project(&raw), typed);
}

#[test]
fn conversions_are_recorded_by_name() {
    let conversion = |fields: &[InputField], key: &str| {
        fields
            .iter()
            .find(|field| field.key == key)
            .unwrap()
            .conversion()
    };
    assert_eq!(
        conversion(Shell::INPUT_FIELDS, "command"),
        Some(Conversion::CommandLine)
    );
    assert_eq!(Shell::INPUT_FIELDS[0].raw, RawType::Argv);
    assert_eq!(conversion(Shell::INPUT_FIELDS, "cwd"), None);
    assert_eq!(
        conversion(Exec::INPUT_FIELDS, "command"),
        Some(Conversion::CommandLine)
    );
    assert_eq!(Exec::INPUT_FIELDS[0].raw, RawType::CommandLine);
    assert_eq!(
        conversion(ReadFile::INPUT_FIELDS, "limit"),
        Some(Conversion::LastLine)
    );
    assert_eq!(conversion(ReadFile::INPUT_FIELDS, "offset"), None);
    assert_eq!(
        conversion(View::INPUT_FIELDS, "offset"),
        Some(Conversion::ZeroBased)
    );
    assert_eq!(ReadFile::INPUT_FIELDS[2].wire, "end_line");
    for conversion in Conversion::ALL {
        assert_eq!(Conversion::from_name(conversion.name()), Some(*conversion));
        assert!(!conversion.description().is_empty());
    }
}
