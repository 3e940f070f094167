use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "grep", namespace = "grok_build", kind = "search", title = Search)]
struct Grep {
    #[tool(project)]
    pattern: String,
}

fn main() {}
