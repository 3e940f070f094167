use toolmeta::ToolIdentity;

// `read_only` said explicitly: a second call cannot change anything either.
#[derive(ToolIdentity)]
#[tool(
    name = "preview_edit",
    namespace = "grok_build",
    kind = "edit",
    read_only,
    idempotent = false
)]
struct PreviewEdit {
    #[tool(project)]
    path: String,
}

fn main() {}
