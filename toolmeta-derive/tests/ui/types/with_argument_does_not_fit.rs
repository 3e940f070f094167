use toolmeta::ToolIdentity;

// A `with` function must take a reference to the field's type.
fn lossy(bytes: &Vec<u8>) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "grok_build", kind = "read")]
struct ReadFile {
    #[tool(project, with = "lossy")]
    path: String,
}

fn main() {}
