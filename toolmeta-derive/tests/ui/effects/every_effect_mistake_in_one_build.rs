use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(
    name = "web_search",
    namespace = "codex",
    kind = "web_search",
    destructive = true,
    idempotent = false,
    title = " "
)]
struct WebSearch {
    #[tool(project)]
    query: String,
}

fn main() {}
