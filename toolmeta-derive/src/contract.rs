//! The derive's copy of the wire contract: kinds, namespaces, canonical keys, label shapes.
//!
//! A proc-macro crate cannot depend on the runtime crate, so the tables live here too;
//! `tests/contract_sync.rs` includes this file and fails when it drifts from `toolmeta`.
//! Keep it plain data: no dependency beyond `core`.

/// One row of the kind table.
pub struct Kind {
    /// The snake_case wire name.
    pub wire: &'static str,
    /// The `toolmeta::ToolKind` variant.
    pub variant: &'static str,
    /// The cross-harness label.
    pub label: &'static str,
    /// The read-only default.
    pub read_only: bool,
}

macro_rules! kinds {
    ($($variant:ident = $wire:literal, $label:literal, $read_only:literal;)*) => {
        /// Every kind, in the order of the wire contract.
        pub const KINDS: &[Kind] = &[
            $(Kind { wire: $wire, variant: stringify!($variant), label: $label, read_only: $read_only },)*
        ];
    };
}

kinds! {
    Read = "read", "Read", true;
    Edit = "edit", "Edit", false;
    Delete = "delete", "Delete", false;
    ListDir = "list_dir", "List Files", true;
    Write = "write", "Write", false;
    Move = "move", "Move", false;
    Search = "search", "Search", true;
    Lsp = "lsp", "Code Intelligence", true;
    Execute = "execute", "Run Command", false;
    Plan = "plan", "Plan", false;
    WebSearch = "web_search", "Web Search", true;
    WebFetch = "web_fetch", "Web Fetch", true;
    BackgroundTaskAction = "background_task_action", "Background Task", false;
    WaitTasksAction = "wait_tasks_action", "Wait for Tasks", false;
    KillTaskAction = "kill_task_action", "Kill Task", false;
    List = "list", "List Files", true;
    Skill = "skill", "Skill", false;
    MemorySearch = "memory_search", "Memory Search", true;
    MemoryGet = "memory_get", "Memory Read", true;
    Task = "task", "Subagent", false;
    ActiveAgentMessage = "active_agent_message", "Send Subagent Message", false;
    EnterPlan = "enter_plan", "Enter Plan Mode", true;
    ExitPlan = "exit_plan", "Exit Plan Mode", true;
    AskUser = "ask_user", "Ask User", true;
    ImageGen = "image_gen", "Generate Image", false;
    VideoGen = "video_gen", "Generate Video", false;
    ImageToVideo = "image_to_video", "Generate Video", false;
    ReferenceToVideo = "reference_to_video", "Generate Video", false;
    DeployApp = "deploy_app", "Deploy App", false;
    InitOrUpdateApp = "init_or_update_app", "Init or Update App", false;
    SearchTool = "search_tool", "Search Tools", false;
    UseTool = "use_tool", "Use Tool", false;
    Monitor = "monitor", "Monitor", false;
    GoalUpdate = "goal_update", "Update Goal", false;
    Workflow = "workflow", "Workflow", false;
    Feedback = "feedback", "Feedback", false;
    SessionsList = "sessions_list", "Sessions", true;
    SessionsSend = "sessions_send", "Send Session Message", false;
    Other = "other", "Tool", false;
}

/// The kind whose label is free (any label may be given).
pub const OTHER_KIND: &str = "other";

/// One row of the namespace table.
pub struct Namespace {
    /// The snake_case wire name.
    pub wire: &'static str,
    /// The `toolmeta::Namespace` variant.
    pub variant: &'static str,
    /// Spellings accepted when reading (not in the attribute).
    pub aliases: &'static [&'static str],
}

/// Every namespace.
pub const NAMESPACES: &[Namespace] = &[
    Namespace {
        wire: "grok_build",
        variant: "GrokBuild",
        aliases: &["GrokBuild"],
    },
    Namespace {
        wire: "grok_build_concise",
        variant: "GrokBuildConcise",
        aliases: &["GrokBuildConcise"],
    },
    Namespace {
        wire: "grok_build_hashline",
        variant: "GrokBuildHashline",
        aliases: &["GrokBuildHashline"],
    },
    Namespace {
        wire: "codex",
        variant: "Codex",
        aliases: &["Codex"],
    },
    Namespace {
        wire: "opencode",
        variant: "OpenCode",
        aliases: &["OpenCode", "open_code"],
    },
    Namespace {
        wire: "mcp",
        variant: "Mcp",
        aliases: &["MCP"],
    },
    Namespace {
        wire: "claude_code",
        variant: "ClaudeCode",
        aliases: &["ClaudeCode"],
    },
    Namespace {
        wire: "gemini_cli",
        variant: "GeminiCli",
        aliases: &["GeminiCli"],
    },
    Namespace {
        wire: "zed",
        variant: "Zed",
        aliases: &["Zed"],
    },
    Namespace {
        wire: "goose",
        variant: "Goose",
        aliases: &["Goose"],
    },
    Namespace {
        wire: "amazon_q",
        variant: "AmazonQ",
        aliases: &["AmazonQ"],
    },
    Namespace {
        wire: "qwen_code",
        variant: "QwenCode",
        aliases: &["QwenCode", "_qwen_code"],
    },
    Namespace {
        wire: "kimi_cli",
        variant: "KimiCli",
        aliases: &["KimiCli", "_kimi_code_cli"],
    },
];

/// What values a canonical key carries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeyType {
    /// A string naming a path.
    Path,
    /// A string.
    Text,
    /// An integer.
    Integer,
}

/// One row of the key table: a key, what it carries, and how the generated code projects
/// it. Adding a canonical key is a row here and its row in the runtime crate's key table
/// (`toolmeta/src/contract/keys.rs`, which also declares its trait); `tests/contract_sync.rs`
/// compares the two.
pub struct Key {
    /// The key in the canonical input.
    pub name: &'static str,
    /// What it carries; `None` for the row of the extra keys ([`EXTRA`]).
    pub ty: Option<KeyType>,
    /// The `__private` trait a field type implements to carry the key (it converts the
    /// value; its `on_unimplemented` message says which types fit).
    pub project_trait: &'static str,
    /// The `__private` traits that check and convert a `with` function's output: for a key
    /// the label's shape requires (the function returns the value) and for any other (it
    /// returns an `Option`).
    pub with_traits: [&'static str; 2],
    /// The `Projector` method that writes it.
    pub write: Write,
}

/// How the generated `project` writes a key, as a `Projector` method.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Write {
    /// `.method("key", value)`.
    Keyed(&'static str),
    /// `.method(value)`: the method knows its key and normalizes the value; `zero_based` is
    /// the method for a source that counts from 0 (`#[tool(zero_based)]`).
    Normalized {
        method: &'static str,
        zero_based: &'static str,
    },
}

const WITH_PATH: [&str; 2] = ["WithPathValue", "WithPathOption"];
const WITH_TEXT: [&str; 2] = ["WithTextValue", "WithTextOption"];
const WITH_INTEGER: [&str; 2] = ["WithIntegerValue", "WithIntegerOption"];

macro_rules! keys {
    ($($name:literal: $ty:ident => $trait:literal, $with:ident, $write:expr;)*) => {
        /// Every canonical key, in the order of the wire contract (which is also the order
        /// of the projection).
        pub const KEYS: &[Key] = &[
            $(Key { name: $name, ty: Some(KeyType::$ty), project_trait: $trait, with_traits: $with, write: $write },)*
        ];
    };
}

keys! {
    "path": Path => "ProjectPath", WITH_PATH, Write::Keyed("lossy");
    "offset": Integer => "ProjectOffset", WITH_INTEGER, Write::Normalized { method: "offset", zero_based: "offset_from_zero" };
    "limit": Integer => "ProjectLimit", WITH_INTEGER, Write::Keyed("integer");
    "command": Text => "ProjectCommand", WITH_TEXT, Write::Keyed("text");
    "description": Text => "ProjectDescription", WITH_TEXT, Write::Keyed("text");
    "cwd": Path => "ProjectCwd", WITH_PATH, Write::Keyed("lossy");
    "directory": Path => "ProjectDirectory", WITH_PATH, Write::Keyed("lossy");
    "pattern": Text => "ProjectPattern", WITH_TEXT, Write::Keyed("text");
    "url": Text => "ProjectUrl", WITH_TEXT, Write::Keyed("text");
    "query": Text => "ProjectQuery", WITH_TEXT, Write::Keyed("text");
}

impl Key {
    /// Whether the runtime normalizes the value (`offset`, a 1-based start line): it may
    /// drop it (a negative offset), and `zero_based` applies.
    pub fn normalized(&self) -> bool {
        matches!(self.write, Write::Normalized { .. })
    }
}

/// The row of every harness-specific extra key (`#[tool(extra = "...")]`).
pub const EXTRA: Key = Key {
    name: "",
    ty: None,
    project_trait: "ProjectExtra",
    with_traits: ["WithExtraValue", "WithExtraOption"],
    write: Write::Keyed("extra"),
};

/// Names of bulky payloads (file contents, edits, patches, todo lists): a field so named, in
/// Rust or on the wire, is never projected unless its attribute says it is short. Matched
/// up to case, `_` and `-`, so the camelCase forms (`fileText`, `oldString`, ...) count too.
pub const PAYLOAD_NAMES: &[&str] = &[
    "content",
    "contents",
    "file_text",
    "old_string",
    "new_string",
    "old_str",
    "new_str",
    "new_source",
    "patch",
    "patch_text",
    "diff",
    "edits",
    "todos",
];

/// The payload name `name` is spelled after, if any.
pub fn payload_name(name: &str) -> Option<&'static str> {
    // Compared letter by letter, skipping `_` and `-`, without building strings: this runs
    // for every projected field's names.
    let letters = |word: &'static str| word.bytes().filter(|b| *b != b'_');
    let spelled = |payload: &'static str| {
        let mut name = name
            .bytes()
            .filter(|b| *b != b'_' && *b != b'-')
            .map(|b| b.to_ascii_lowercase());
        letters(payload).all(|b| name.next() == Some(b)) && name.next().is_none()
    };
    PAYLOAD_NAMES
        .iter()
        .copied()
        .find(|payload| spelled(payload))
}

/// One label shape: the keys a projecting tool of that label must and may carry.
pub struct Shape {
    /// The label.
    pub label: &'static str,
    /// Keys that must be projected, from non-optional fields.
    pub required: &'static [&'static str],
    /// Keys that may be projected besides.
    pub optional: &'static [&'static str],
}

/// The labels that have a shape; every other label accepts any canonical key.
pub const SHAPES: &[Shape] = &[
    Shape {
        label: "Read",
        required: &["path"],
        optional: &["offset", "limit"],
    },
    Shape {
        label: "Edit",
        required: &["path"],
        optional: &[],
    },
    Shape {
        label: "Write",
        required: &["path"],
        optional: &[],
    },
    Shape {
        label: "Delete",
        required: &["path"],
        optional: &[],
    },
    Shape {
        label: "List Files",
        required: &["directory"],
        optional: &["offset", "limit"],
    },
    Shape {
        label: "Search",
        required: &["pattern"],
        optional: &["path", "limit"],
    },
    Shape {
        label: "Run Command",
        required: &["command"],
        optional: &["description", "cwd"],
    },
    Shape {
        label: "Web Fetch",
        required: &["url"],
        optional: &[],
    },
    Shape {
        label: "Web Search",
        required: &["query"],
        optional: &[],
    },
];

/// The kind spelled exactly `wire`.
pub fn kind(wire: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|kind| kind.wire == wire)
}

/// The namespace spelled exactly `wire` (aliases excluded).
pub fn namespace(wire: &str) -> Option<&'static Namespace> {
    NAMESPACES.iter().find(|namespace| namespace.wire == wire)
}

/// The namespace of which `alias` is a read-side alias.
pub fn namespace_by_alias(alias: &str) -> Option<&'static Namespace> {
    NAMESPACES
        .iter()
        .find(|namespace| namespace.aliases.contains(&alias))
}

/// The canonical key `key`; `None` when it is not canonical.
pub fn key(key: &str) -> Option<&'static Key> {
    KEYS.iter().find(|row| row.name == key)
}

/// The names of the canonical keys, in contract order.
pub fn key_names() -> impl Iterator<Item = &'static str> + Clone {
    KEYS.iter().map(|row| row.name)
}

/// The shape of `label`; `None` for an open label.
pub fn shape(label: &str) -> Option<&'static Shape> {
    SHAPES.iter().find(|shape| shape.label == label)
}
