use toolmeta::ToolIdentity;

mod generated {
    pub struct ReadArgs {
        pub path: String,
        pub start: Option<String>,
    }
}

fn line(start: &str) -> Option<u32> {
    start.parse().ok()
}

// serde's `remote` implements no `Deserialize` for the definition, so a key converted in
// Rust could never reach the envelope from raw arguments.
#[derive(serde::Deserialize, ToolIdentity)]
#[serde(remote = "generated::ReadArgs")]
#[tool(name = "read", namespace = "_generated", kind = "read")]
struct ReadArgsDef {
    #[tool(project)]
    path: String,
    #[tool(project = "offset", with = "line")]
    start: Option<String>,
}

fn main() {}
