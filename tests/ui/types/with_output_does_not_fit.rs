use toolmeta::ToolIdentity;

fn bytes(path: &String) -> Option<Vec<u8>> {
    Some(path.clone().into_bytes())
}

#[derive(ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project, with = "bytes")]
    path: String,
}

fn main() {}
