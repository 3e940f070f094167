use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "bash", namespace = "grok_build", kind = "execute")]
struct Bash {
    #[tool(project)]
    command: Option<String>,
}

fn main() {}
