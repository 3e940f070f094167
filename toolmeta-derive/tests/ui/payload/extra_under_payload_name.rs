use toolmeta::ToolIdentity;

// A file's contents under an extra key: the envelope would carry the whole file.
#[derive(ToolIdentity)]
#[tool(name = "write", namespace = "goose", kind = "other", label = "Write File")]
struct WriteFile {
    #[tool(project)]
    path: String,
    #[tool(extra = "content")]
    content: String,
}

fn main() {}
