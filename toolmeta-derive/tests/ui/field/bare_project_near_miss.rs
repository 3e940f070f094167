use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "grep", namespace = "grok_build", kind = "search")]
struct Grep {
    #[tool(project)]
    patern: String,
}

fn main() {}
