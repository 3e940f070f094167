use toolmeta::ToolIdentity;

fn bytes(path: &String) -> Vec<u8> {
    path.clone().into_bytes()
}

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project, with = "bytes")]
    path: String,
}

fn main() {}
