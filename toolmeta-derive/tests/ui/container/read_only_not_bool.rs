use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read", read_only = "yes")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
