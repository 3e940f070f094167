use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = read_file, namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
}

fn main() {}
