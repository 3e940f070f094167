use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "run", namespace = "mcp", kind = "other")]
struct Run {
    #[tool(extra = "comand")]
    command: String,
}

fn main() {}
