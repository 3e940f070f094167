use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "list", namespace = "grok_build", kind = "ListDir")]
struct ListDir {
    #[tool(project)]
    directory: String,
}

fn main() {}
