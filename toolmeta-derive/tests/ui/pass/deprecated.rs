//! A deprecated tool struct, or field, derives without a warning (as serde's derives do):
//! the build below denies warnings.
#![deny(warnings)]

use toolmeta::ToolIdentity;

#[deprecated(note = "use ReadFile2")]
#[derive(serde::Deserialize, ToolIdentity)]
#[tool(name = "read_file", namespace = "_my_harness", kind = "read")]
struct ReadFile {
    #[tool(project)]
    path: String,
    #[deprecated]
    #[tool(project)]
    offset: Option<u32>,
}

#[allow(deprecated)]
fn main() {
    let read = ReadFile { path: "a.rs".into(), offset: None };
    assert_eq!(read.tool_meta().input, Some(serde_json::json!({"path": "a.rs"})));
}
