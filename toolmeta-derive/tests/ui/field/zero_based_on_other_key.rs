use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read", namespace = "goose", kind = "read")]
struct Read {
    #[tool(project)]
    path: String,
    #[tool(project, zero_based)]
    limit: Option<u64>,
}

fn main() {}
