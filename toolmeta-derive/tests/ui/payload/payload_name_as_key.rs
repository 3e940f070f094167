use toolmeta::ToolIdentity;

// The field is short, but the key says payload: readers would take it for one.
#[derive(ToolIdentity)]
#[tool(name = "apply", namespace = "codex", kind = "other", label = "Apply")]
struct Apply {
    #[tool(extra = "patch")]
    patch_id: String,
    #[tool(project = "diff")]
    revision: String,
}

fn main() {}
