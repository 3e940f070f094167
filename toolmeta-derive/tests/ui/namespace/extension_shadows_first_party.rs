use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "shell", namespace = "_codex", kind = "execute")]
struct Shell {
    #[tool(project)]
    command: String,
}

#[derive(ToolIdentity)]
#[tool(name = "read", namespace = "_open_code", kind = "read")]
struct Read {
    #[tool(project)]
    path: String,
}

fn main() {}
