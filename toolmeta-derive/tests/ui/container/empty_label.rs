use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "tag", namespace = "mcp", kind = "other", label = " ")]
struct Tag {
    #[tool(extra = "tag")]
    tag: String,
}

fn main() {}
