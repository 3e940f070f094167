use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "shell", namespace = "codex", kind = "execute")]
struct Shell {
    #[tool(project)]
    command: Vec<String>,
}

fn main() {}
