use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "bash", namespace = "goose", kind = "execute")]
struct Bash {
    #[tool(project, not_payload)]
    command: String,
    #[tool(not_payload)]
    timeout: Option<u64>,
}

fn main() {}
