use toolmeta::ToolIdentity;

#[derive(ToolIdentity)]
#[tool(name = "write", namespace = "grok_build", kind = "write", project)]
struct Write {
    path: String,
    contents: String,
}

fn main() {}
