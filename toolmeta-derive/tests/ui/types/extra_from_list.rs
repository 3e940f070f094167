use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "tag", namespace = "mcp", kind = "other")]
struct Tag {
    #[tool(extra = "tags")]
    tags: Vec<String>,
}

fn main() {}
