use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read", namespace = "goose", kind = "read")]
struct Read {
    #[tool(project)]
    path: String,
    #[tool(zero_based)]
    offset: Option<u64>,
}

fn main() {}
