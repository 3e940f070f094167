use toolmeta::ToolIdentity;

// An Edit carries `path` only; a window belongs to a Read.
#[derive(ToolIdentity)]
#[tool(name = "edit", namespace = "goose", kind = "edit")]
struct Edit {
    #[tool(project)]
    path: String,
    #[tool(project)]
    offset: Option<u32>,
}

fn main() {}
