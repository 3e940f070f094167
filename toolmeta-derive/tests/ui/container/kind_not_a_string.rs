use toolmeta::ToolIdentity;

// A value of the wrong type is one mistake: reported once, not also as a missing `kind`.
#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = 1)]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
