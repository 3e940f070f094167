use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "cat", namespace = "grok_build", kind = "read", read_only = true, destructive = true)]
struct Cat {
    #[tool(project)]
    path: String,
}

fn main() {}
