use toolmeta::ToolIdentity;

// The first word of a first-party name is a near miss of it, not a harness of its own: the
// did-you-mean wins over the advice to write `_grok`.
#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
