use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
#[tool(name = "view_file")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
