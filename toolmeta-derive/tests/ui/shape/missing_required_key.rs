use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    target_file: String,
    #[tool(project)]
    offset: Option<i64>,
}

fn main() {}
