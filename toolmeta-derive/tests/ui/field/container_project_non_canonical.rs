use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read", project)]
struct ReadFile {
    path: String,
    offset: Option<u32>,
    encoding: Option<String>,
}

fn main() {}
