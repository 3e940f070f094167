use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "ls", namespace = "grok_build", kind = "list_dir", project, no_input)]
struct Ls {
    directory: String,
}

fn main() {}
