use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project = "path")]
    target_file: String,
    #[tool(project = "path")]
    fallback_file: String,
}

fn main() {}
