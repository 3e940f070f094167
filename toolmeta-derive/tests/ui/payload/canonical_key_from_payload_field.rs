use serde::Deserialize;
use toolmeta::ToolIdentity;

// A payload under a canonical key, by Rust name and by serde wire name.
#[derive(Deserialize, ToolIdentity)]
#[tool(name = "edit", namespace = "zed", kind = "other", label = "Edit Text")]
struct EditText {
    #[tool(project = "description")]
    new_string: String,
    #[serde(rename = "oldText")]
    #[tool(project = "query")]
    before: String,
    #[serde(alias = "file_text")]
    #[tool(extra = "body")]
    body: Option<String>,
}

fn main() {}
