use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "bash", namespace = "grok_build", kind = "execute", open_world = "no")]
struct Bash {
    #[tool(project)]
    command: String,
}

fn main() {}
