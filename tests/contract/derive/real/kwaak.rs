//! kwaak (bosun-ai/kwaak): tools written as functions under swiftide's `#[tool(...)]`
//! attribute, which generates each tool's arguments struct, `<Fn>Args`, from the function's
//! parameters: kwaak never writes those structs. Each is given its identity and projection
//! by a definition that mirrors it (`#[tool(remote = "ReadFileArgs", ...)]`), under kwaak's
//! own extension namespace, `_kwaak`.
//!
//! Provenance: bosun-ai/kwaak, src/agent/tools/mod.rs @ 2f397309c217b1c425cec81152e2be86e3f255c7
//! (the functions and their `param(...)`s); the generated structs are what swiftide's macro
//! expands them to — bosun-ai/swiftide,
//! swiftide-macros/src/tool/snapshots/swiftide_macros__tool__tests__snapshot_multiple_args.snap
//! @ a76ff4e57e21ca0fda48b6778e21bf0c021450d4: `pub struct <Fn>Args { pub <param>: String, .. }`
//! deriving `Serialize, Deserialize, JsonSchema, Debug` — generated here by `swiftide_args!`,
//! which expands the same way, so no struct below is written by hand.

use serde_json::json;
use toolmeta::ToolIdentity;
use toolmeta::ToolKind::*;

use super::check::{Tool, remote_case};

/// What swiftide's `#[tool(param(name = "..."), ..)]` generates for a tool function: its
/// arguments struct, one `String` per `&str` parameter.
macro_rules! swiftide_args {
    ($($args:ident { $($param:ident),* })*) => {$(
        #[derive(serde::Serialize, serde::Deserialize, Debug)]
        pub struct $args {
            $(pub $param: String,)*
        }
    )*};
}

swiftide_args! {
    ShellCommandArgs { cmd }
    ReadFileArgs { file_name }
    ReadFileWithLineNumbersArgs { file_name }
    WriteFileArgs { file_name, content }
    SearchFileArgs { file_name }
    GitArgs { command }
    SearchCodeArgs { query }
    ResetFileArgs { file_name }
}

#[derive(ToolIdentity)]
#[tool(
    remote = "ShellCommandArgs",
    name = "shell_command",
    namespace = "_kwaak",
    kind = "execute"
)]
pub struct ShellCommand {
    #[tool(project = "command")]
    pub cmd: String,
}

#[derive(ToolIdentity)]
#[tool(
    remote = "ReadFileArgs",
    name = "read_file",
    namespace = "_kwaak",
    kind = "read"
)]
pub struct ReadFile {
    #[tool(project = "path")]
    pub file_name: String,
}

#[derive(ToolIdentity)]
#[tool(
    remote = "ReadFileWithLineNumbersArgs",
    name = "read_file_with_line_numbers",
    namespace = "_kwaak",
    kind = "read"
)]
pub struct ReadFileWithLineNumbers {
    #[tool(project = "path")]
    pub file_name: String,
}

#[derive(ToolIdentity)]
#[tool(
    remote = "WriteFileArgs",
    name = "write_file",
    namespace = "_kwaak",
    kind = "write"
)]
pub struct WriteFile {
    #[tool(project = "path")]
    pub file_name: String,
    #[tool(payload)]
    pub content: String,
}

/// "Searches for a file inside the current project": the file name is the pattern.
#[derive(ToolIdentity)]
#[tool(
    remote = "SearchFileArgs",
    name = "search_file",
    namespace = "_kwaak",
    kind = "search"
)]
pub struct SearchFile {
    #[tool(project = "pattern")]
    pub file_name: String,
}

/// kwaak runs `git {command}`: the command line is that.
#[derive(ToolIdentity)]
#[tool(
    remote = "GitArgs",
    name = "git",
    namespace = "_kwaak",
    kind = "execute"
)]
pub struct Git {
    #[tool(project, with = "git_command_line")]
    pub command: String,
}

fn git_command_line(command: &str) -> String {
    format!("git {command}")
}

#[derive(ToolIdentity)]
#[tool(
    remote = "SearchCodeArgs",
    name = "search_code",
    namespace = "_kwaak",
    kind = "search"
)]
pub struct SearchCode {
    #[tool(project = "pattern")]
    pub query: String,
}

/// `git checkout {start_ref} -- {file_name}`: an edit of that file.
#[derive(ToolIdentity)]
#[tool(
    remote = "ResetFileArgs",
    name = "reset_file",
    namespace = "_kwaak",
    kind = "edit"
)]
pub struct ResetFile {
    #[tool(project = "path")]
    pub file_name: String,
}

pub fn tools() -> Vec<Tool> {
    vec![
        remote_case::<ShellCommand, ShellCommandArgs>(
            ("shell_command", Execute, "Run Command"),
            json!({"cmd": "cargo check"}),
            Some(json!({"command": "cargo check"})),
            Some(json!({"command": "cargo check"})),
        ),
        remote_case::<ReadFile, ReadFileArgs>(
            ("read_file", Read, "Read"),
            json!({"file_name": "src/main.rs"}),
            Some(json!({"path": "src/main.rs"})),
            Some(json!({"path": "src/main.rs"})),
        ),
        remote_case::<ReadFileWithLineNumbers, ReadFileWithLineNumbersArgs>(
            ("read_file_with_line_numbers", Read, "Read"),
            json!({"file_name": "src/lib.rs"}),
            Some(json!({"path": "src/lib.rs"})),
            Some(json!({"path": "src/lib.rs"})),
        ),
        remote_case::<WriteFile, WriteFileArgs>(
            ("write_file", Write, "Write"),
            json!({"file_name": "src/new.rs", "content": "pub fn new() {}"}),
            Some(json!({"path": "src/new.rs"})),
            Some(json!({"path": "src/new.rs"})),
        ),
        remote_case::<SearchFile, SearchFileArgs>(
            ("search_file", Search, "Search"),
            json!({"file_name": "Cargo.toml"}),
            Some(json!({"pattern": "Cargo.toml"})),
            Some(json!({"pattern": "Cargo.toml"})),
        ),
        // The raw JSON says `status`; the command kwaak runs is `git status`, which only
        // the typed projection (and so every registration) gives.
        remote_case::<Git, GitArgs>(
            ("git", Execute, "Run Command"),
            json!({"command": "status"}),
            Some(json!({"command": "git status"})),
            None,
        ),
        remote_case::<SearchCode, SearchCodeArgs>(
            ("search_code", Search, "Search"),
            json!({"query": "fn main"}),
            Some(json!({"pattern": "fn main"})),
            Some(json!({"pattern": "fn main"})),
        ),
        remote_case::<ResetFile, ResetFileArgs>(
            ("reset_file", Edit, "Edit"),
            json!({"file_name": "src/lib.rs"}),
            Some(json!({"path": "src/lib.rs"})),
            Some(json!({"path": "src/lib.rs"})),
        ),
    ]
}
