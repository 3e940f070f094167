use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "write", namespace = "grok_build", kind = "write", payload)]
struct Write {
    #[tool(project)]
    path: String,
}

fn main() {}
