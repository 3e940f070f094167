use toolmeta::ToolIdentity;

// One struct is one tool: a second identity says how to declare another.
#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "codex", kind = "read")]
#[tool(name = "list_dir", namespace = "codex", kind = "list_dir")]
struct PathArgs {
    #[tool(project)]
    path: String,
}

fn main() {}
