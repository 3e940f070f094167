use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "gemini_cli", kind = "read")]
struct ReadFile {
    #[tool(project = "path")]
    file_path: String,
    #[tool(project = "offset", last_line)]
    start_line: Option<i64>,
    end_line: Option<i64>,
}

fn main() {}
