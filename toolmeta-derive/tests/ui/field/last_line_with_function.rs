use toolmeta::ToolIdentity;

fn lines(end: &Option<i64>) -> Option<u64> {
    end.and_then(|end| u64::try_from(end).ok())
}

fn first(start: &Option<i64>) -> Option<u64> {
    start.and_then(|start| u64::try_from(start).ok())
}

// `last_line` reads its own field as it is: not through `with`.
#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "gemini_cli", kind = "read")]
struct ReadFile {
    #[tool(project = "path")]
    file_path: String,
    #[tool(project = "offset")]
    start_line: Option<i64>,
    #[tool(project = "limit", last_line, with = "lines")]
    end_line: Option<i64>,
}

// Nor its first line, the `offset` field.
#[derive(ToolIdentity)]
#[tool(name = "read_range", namespace = "gemini_cli", kind = "read")]
struct ReadRange {
    #[tool(project = "path")]
    file_path: String,
    #[tool(project = "offset", with = "first")]
    start_line: Option<i64>,
    #[tool(project = "limit", last_line)]
    end_line: Option<i64>,
}

// And it belongs on a projected field.
#[derive(ToolIdentity)]
#[tool(name = "read_lines", namespace = "gemini_cli", kind = "read")]
struct ReadLines {
    #[tool(project = "path")]
    file_path: String,
    #[tool(last_line)]
    end_line: Option<i64>,
}

fn main() {}
