use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
