use toolmeta::ToolIdentity;

// A wrong field type is reported in the same build as the attribute mistakes.
#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read", label = "Reader")]
struct ReadFile {
    #[tool(project)]
    path: Vec<u8>,
    #[tool(project)]
    offset: Option<i64>,
}

fn main() {}
