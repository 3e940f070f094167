use toolmeta::ToolIdentity;

// A `read` tool is read-only by default: it cannot be destructive.
#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read", destructive)]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
