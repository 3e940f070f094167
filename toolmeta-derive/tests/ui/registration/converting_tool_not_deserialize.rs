use toolmeta::ToolIdentity;

// `with` cannot run on raw JSON arguments, so a toolset projects them by deserializing the
// tool: it must implement `Deserialize`.
#[derive(ToolIdentity)]
#[tool(name = "shell", namespace = "codex", kind = "execute")]
struct Shell {
    #[tool(project, with = "toolmeta::convert::command_line")]
    command: Vec<String>,
}

#[derive(ToolIdentity)]
#[tool(name = "read", namespace = "_forge", kind = "read", compute(limit = "line_count"))]
struct FsRead {
    #[tool(project)]
    path: String,
    start_line: Option<i32>,
    end_line: Option<i32>,
}

fn line_count(read: &FsRead) -> Option<i64> {
    Some(i64::from(read.end_line? - read.start_line?) + 1)
}

fn main() {}
