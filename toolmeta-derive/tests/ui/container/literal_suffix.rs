use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read"xyz)]
struct ReadFile {
    #[tool(project = "path"abc)]
    file: String,
}

fn main() {}
