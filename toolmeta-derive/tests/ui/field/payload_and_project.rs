use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "write", namespace = "grok_build", kind = "write")]
struct Write {
    #[tool(project)]
    path: String,
    #[tool(project = "description", payload)]
    content: String,
}

fn main() {}
