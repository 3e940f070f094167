use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "fetch", namespace = "mcp", kind = "other")]
struct Fetch {
    #[tool(extra = "url")]
    url: String,
}

fn main() {}
