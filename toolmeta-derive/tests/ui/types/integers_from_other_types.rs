use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
    #[tool(project)]
    offset: Option<String>,
    #[tool(project)]
    limit: f64,
}

fn main() {}
