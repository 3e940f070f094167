use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "gemini_cli", kind = "read")]
struct ReadFile {
    #[tool(project = "path")]
    file_path: String,
    start_line: Option<i64>,
    #[tool(project = "limit", last_line)]
    end_line: Option<i64>,
}

fn main() {}
