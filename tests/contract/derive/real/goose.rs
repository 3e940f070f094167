//! goose (block/goose, the developer extension `crates/goose-mcp/src/developer`):
//! parameter structs copied as the harness declares them (field names, types and serde
//! attributes exactly; doc comments and `JsonSchema`/`schemars` attributes dropped),
//! annotated for toolmeta. Provenance on each struct: repository, path, and the commit of
//! the stored copy it was read from.

use serde::{Deserialize, Serialize};
use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, case, tagged_case};

// block/goose  crates/goose-mcp/src/developer/read.rs
// @ cc96ae08520438b40b1b86d95b85c40db4a376c5
/// goose documents `offset` as "0-indexed line offset for text files. offset=0 starts at
/// line 1": `zero_based`.
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "read", namespace = "goose", kind = "read")]
pub struct ReadParams {
    #[tool(project)]
    pub path: String,
    #[serde(default)]
    #[tool(project, zero_based)]
    pub offset: Option<usize>,
    #[serde(default)]
    #[tool(project)]
    pub limit: Option<usize>,
}

// block/goose  crates/goose-mcp/src/developer/edit.rs
// @ cc96ae08520438b40b1b86d95b85c40db4a376c5
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "write", namespace = "goose", kind = "write")]
pub struct FileWriteParams {
    #[tool(project)]
    pub path: String,
    #[tool(payload)]
    pub content: String,
}

// block/goose  crates/goose-mcp/src/developer/edit.rs (as above)
#[derive(Debug, Deserialize, ToolIdentity)]
#[tool(name = "edit", namespace = "goose", kind = "edit")]
pub struct FileEditParams {
    #[tool(project)]
    pub path: String,
    #[tool(payload)]
    pub before: String,
    #[tool(payload)]
    pub after: String,
}

// block/goose  crates/goose-mcp/src/developer/rmcp_developer.rs
// @ 00a4a7bd919ef4140dfb71bfa159b12d5c5878df
/// As declared, `command` is a plain string, so the struct has one kind: `edit`. The tagged
/// declaration below reads the same JSON with a kind per command.
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "text_editor", namespace = "goose", kind = "edit")]
pub struct TextEditorParams {
    #[tool(project)]
    pub path: String,

    pub command: String,

    pub view_range: Option<Vec<i64>>,

    #[tool(payload)]
    pub file_text: Option<String>,

    #[tool(payload)]
    pub old_str: Option<String>,

    #[tool(payload)]
    pub new_str: Option<String>,

    pub insert_line: Option<i64>,
}

/// The first line of `view_range` (`[start, end]`, 1-based).
fn view_start(range: &Option<Vec<i64>>) -> Option<i64> {
    range.as_ref()?.first().copied()
}

/// The lines `view_range` covers; `-1` as the end reads to the end of the file: no limit.
fn view_lines(editor: &TextEditor) -> Option<i64> {
    match editor {
        TextEditor::View {
            view_range: Some(range),
            ..
        } => match range.as_slice() {
            [start, end] if *end >= *start => Some(end - start + 1),
            _ => None,
        },
        _ => None,
    }
}

/// The arguments of `TextEditorParams`, declared as serde reads them with `command` as an
/// internal tag: viewing is a Read, writing a Write, the edits Edits.
#[derive(Debug, Deserialize, ToolIdentity)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum TextEditor {
    #[tool(
        name = "text_editor",
        namespace = "goose",
        kind = "read",
        compute(limit = "view_lines")
    )]
    View {
        #[tool(project)]
        path: String,
        #[tool(project = "offset", with = "view_start")]
        view_range: Option<Vec<i64>>,
    },
    #[tool(name = "text_editor", namespace = "goose", kind = "write")]
    Write {
        #[tool(project)]
        path: String,
        #[tool(payload)]
        file_text: String,
    },
    #[tool(name = "text_editor", namespace = "goose", kind = "edit")]
    StrReplace {
        #[tool(project)]
        path: String,
        #[tool(payload)]
        old_str: String,
        #[tool(payload)]
        new_str: String,
    },
    #[tool(name = "text_editor", namespace = "goose", kind = "edit")]
    Insert {
        #[tool(project)]
        path: String,
        insert_line: i64,
        #[tool(payload)]
        new_str: String,
    },
    #[tool(name = "text_editor", namespace = "goose", kind = "edit")]
    UndoEdit {
        #[tool(project)]
        path: String,
    },
}

// block/goose  crates/goose-mcp/src/developer/rmcp_developer.rs (as above)
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "shell", namespace = "goose", kind = "execute")]
pub struct ShellParams {
    #[tool(project)]
    pub command: String,
}

// block/goose  crates/goose-mcp/src/developer/rmcp_developer.rs (as above)
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(name = "image_processor", namespace = "goose", kind = "read")]
pub struct ImageProcessorParams {
    #[tool(project)]
    pub path: String,
}

// block/goose  crates/goose-mcp/src/developer/rmcp_developer.rs (as above)
#[derive(Debug, Serialize, Deserialize, ToolIdentity)]
#[tool(
    name = "screen_capture",
    namespace = "goose",
    kind = "other",
    label = "Screen Capture",
    read_only
)]
pub struct ScreenCaptureParams {
    #[serde(default)]
    #[tool(extra = "display")]
    pub display: Option<u64>,

    #[tool(extra = "window_title")]
    pub window_title: Option<String>,
}

/// Every goose tool above, each checked on real calls.
pub fn tools() -> Vec<Tool> {
    let mut tools = Vec::new();
    let read = ("read", Read, "Read");
    // 0 and 1 are different lines: 0-based 0 is line 1, 0-based 1 is line 2.
    tools.push(case::<ReadParams>(
        read,
        json!({"path": "src/main.rs", "offset": 0, "limit": 50}),
        Some(json!({"path": "src/main.rs", "offset": 1, "limit": 50})),
        Some(json!({"path": "src/main.rs", "offset": 1, "limit": 50})),
    ));
    case::<ReadParams>(
        read,
        json!({"path": "src/main.rs", "offset": 1}),
        Some(json!({"path": "src/main.rs", "offset": 2})),
        Some(json!({"path": "src/main.rs", "offset": 2})),
    );
    tools.push(case::<FileWriteParams>(
        ("write", Write, "Write"),
        json!({"path": "notes/todo.md", "content": "# Todo\n- ship it\n"}),
        Some(json!({"path": "notes/todo.md"})),
        Some(json!({"path": "notes/todo.md"})),
    ));
    tools.push(case::<FileEditParams>(
        ("edit", Edit, "Edit"),
        json!({"path": "src/lib.rs", "before": "println!(\"hello\");", "after": "println!(\"world\");"}),
        Some(json!({"path": "src/lib.rs"})),
        Some(json!({"path": "src/lib.rs"})),
    ));
    tools.push(case::<TextEditorParams>(
        ("text_editor", Edit, "Edit"),
        json!({"path": "/repo/app.py", "command": "str_replace", "old_str": "a = 1", "new_str": "a = 2"}),
        Some(json!({"path": "/repo/app.py"})),
        Some(json!({"path": "/repo/app.py"})),
    ));
    let editor = ("text_editor", Read, "Read");
    tools.push(tagged_case::<TextEditor>(
        editor,
        json!({"command": "view", "path": "/repo/app.py", "view_range": [10, 29]}),
        Some(json!({"path": "/repo/app.py", "offset": 10, "limit": 20})),
        Some(json!({"path": "/repo/app.py"})),
    ));
    tools.push(tagged_case::<TextEditor>(
        editor,
        json!({"command": "view", "path": "/repo/app.py", "view_range": [10, -1]}),
        Some(json!({"path": "/repo/app.py", "offset": 10})),
        Some(json!({"path": "/repo/app.py"})),
    ));
    tools.push(tagged_case::<TextEditor>(
        ("text_editor", Write, "Write"),
        json!({"command": "write", "path": "/repo/new.py", "file_text": "print('hi')\n"}),
        Some(json!({"path": "/repo/new.py"})),
        Some(json!({"path": "/repo/new.py"})),
    ));
    tools.push(tagged_case::<TextEditor>(
        ("text_editor", Edit, "Edit"),
        json!({"command": "str_replace", "path": "/repo/app.py", "old_str": "a = 1", "new_str": "a = 2"}),
        Some(json!({"path": "/repo/app.py"})),
        Some(json!({"path": "/repo/app.py"})),
    ));
    tools.push(tagged_case::<TextEditor>(
        ("text_editor", Edit, "Edit"),
        json!({"command": "insert", "path": "/repo/app.py", "insert_line": 0, "new_str": "import os\n"}),
        Some(json!({"path": "/repo/app.py"})),
        Some(json!({"path": "/repo/app.py"})),
    ));
    tools.push(tagged_case::<TextEditor>(
        ("text_editor", Edit, "Edit"),
        json!({"command": "undo_edit", "path": "/repo/app.py"}),
        Some(json!({"path": "/repo/app.py"})),
        Some(json!({"path": "/repo/app.py"})),
    ));
    tools.push(case::<ShellParams>(
        ("shell", Execute, "Run Command"),
        json!({"command": "rg --files | rg example.py"}),
        Some(json!({"command": "rg --files | rg example.py"})),
        Some(json!({"command": "rg --files | rg example.py"})),
    ));
    tools.push(case::<ImageProcessorParams>(
        ("image_processor", Read, "Read"),
        json!({"path": "/tmp/diagram.png"}),
        Some(json!({"path": "/tmp/diagram.png"})),
        Some(json!({"path": "/tmp/diagram.png"})),
    ));
    tools.push(case::<ScreenCaptureParams>(
        ("screen_capture", Other, "Screen Capture"),
        json!({"display": 0}),
        Some(json!({"display": 0})),
        Some(json!({"display": 0})),
    ));
    // Nothing given: no `input` at all (never `{}`).
    case::<ScreenCaptureParams>(
        ("screen_capture", Other, "Screen Capture"),
        json!({}),
        None,
        None,
    );
    tools
}
